import SlateCSQLite

/// A prepared statement: SQL compiled once, then bound, stepped and reset as often as
/// needed.
///
/// ```swift
/// let insert = try ctx.prepare(sql: "INSERT INTO planets (name, mass) VALUES (?, ?)")
/// defer { insert.close() }
/// for (name, mass) in planets {
///     try insert.update(parameters: [.text(name), .float(mass)])
/// }
///
/// let select = try ctx.prepare(sql: "SELECT id, name FROM planets WHERE mass > :mass")
/// try select.bind(1.0, named: "mass")
/// while try select.next() {
///     let id = select.int64(at: 0)
///     let name = try select.string(at: 1)
/// }
/// ```
///
/// The typed getters (``int64(at:)``, ``double(at:)``, ``string(at:)``, …) read straight
/// from `sqlite3_column_*`; nothing is boxed on the way. A statement belongs to the
/// context that prepared it and, like it, is used by one owner at a time.
///
/// Statements you ``SQLContext/prepare(sql:)`` are yours: ``close()`` them, or let them go.
/// Statements from ``SQLContext/cachedStatement(sql:)`` belong to the context's cache.
public final class SQLStatement {
    /// The `sqlite3_stmt` pointer, for calls into the C API; nil once closed.
    ///
    /// Read through this accessor, which is compiled in this module: Swift honours
    /// `@exclusivity(unchecked)` only in the module that declares the property, so a
    /// direct read of the stored property from another module pays a dynamic
    /// exclusivity check (a thread-local lookup) every time.
    @inlinable public var handle: OpaquePointer? { storedHandle }
    @exclusivity(unchecked) @usableFromInline var storedHandle: OpaquePointer?
    /// The SQL text of this one statement.
    public let sql: String
    /// How many columns each row has.
    public let columnCount: Int32
    /// How many parameters the statement takes (the largest parameter index).
    public let parameterCount: Int32

    @usableFromInline let connection: SQLConnection
    /// Whether the context's statement cache owns this statement.
    let isCached: Bool
    /// The tables the statement reads and writes, when its connection tracks access.
    let access: StatementAccess
    private var cachedColumnNames: [String]?
    private var cachedColumnIndexes: [String: Int32]?
    /// The values last bound through ``bind(parameters:)``, kept only for error messages
    /// and only when the context includes bound values in errors.
    @usableFromInline var boundValuesForErrors: [SQLValue]?

    init(handle: OpaquePointer, connection: SQLConnection, isCached: Bool) {
        self.storedHandle = handle
        self.connection = connection
        self.isCached = isCached
        self.sql = sqlite3_sql(handle).map { String(cString: $0) } ?? ""
        self.columnCount = sqlite3_column_count(handle)
        self.parameterCount = sqlite3_bind_parameter_count(handle)
        self.access = connection.preparingAccess ?? StatementAccess()
        connection.preparingAccess = nil
        connection.register(self)
    }

    deinit {
        if let handle {
            sqlite3_finalize(handle)
            connection.unregister(self)
        }
    }

    /// Finalizes the statement. Idempotent; does not throw. Any later use throws
    /// (`SQLITE_MISUSE`), and column getters return NULL-like values.
    public func close() {
        guard let handle else { return }
        sqlite3_finalize(handle)
        self.storedHandle = nil
        connection.unregister(self)
    }

    /// Whether ``close()`` was called, or the context was closed.
    public var isClosed: Bool { handle == nil }

    /// Called by the connection as it closes: finalize without unregistering.
    func finalizeBecauseConnectionCloses() {
        guard let handle else { return }
        sqlite3_finalize(handle)
        self.storedHandle = nil
    }

    // MARK: Stepping

    /// Steps to the next row: `true` when a row is ready to read, `false` when done.
    ///
    /// After `false`, the statement can be stepped again from the start (SQLite resets it).
    @inlinable
    public func next() throws -> Bool {
        guard let handle, connection.isOpen, !connection.transactionWasAborted else { throw closedError() }
        if let observer = connection.observer { return try observedNext(handle, observer) }
        let code = sqlite3_step(handle)
        if code == SQLITE_ROW { return true }
        if code == SQLITE_DONE { return false }
        throw stepError(code)
    }

    /// ``next()`` with the connection's observer told what runs.
    @usableFromInline
    func observedNext(_ handle: OpaquePointer, _ observer: ConnectionObserver) throws -> Bool {
        if sqlite3_stmt_busy(handle) == 0 { observer.statementWillStart(self) }
        let code = sqlite3_step(handle)
        observer.stepDidFinish(succeeded: code == SQLITE_ROW || code == SQLITE_DONE)
        if code == SQLITE_ROW { return true }
        if code == SQLITE_DONE { return false }
        throw stepError(code)
    }

    /// Runs the statement to completion, SkipSQL style: binds `parameters` when any are
    /// given (their count must match), steps through every row, then resets the statement
    /// and clears its bindings, ready for the next call.
    public func update(parameters: [SQLValue] = []) throws {
        if !parameters.isEmpty {
            try bind(parameters: parameters)
        }
        defer {
            if let handle {
                sqlite3_reset(handle)
                sqlite3_clear_bindings(handle)
            }
        }
        while try next() {}
    }

    /// Resets the statement to run again from the start. Bindings are kept.
    public func reset() {
        if let handle { sqlite3_reset(handle) }
    }

    /// Sets every parameter back to NULL.
    public func clearBindings() {
        if let handle { sqlite3_clear_bindings(handle) }
        boundValuesForErrors = nil
    }

    /// Whether the statement has been stepped and not yet run to completion or reset.
    @inlinable
    public var isBusy: Bool {
        guard let handle else { return false }
        return sqlite3_stmt_busy(handle) != 0
    }

    /// Whether the statement leaves the database unchanged (`sqlite3_stmt_readonly`).
    public var isReadOnly: Bool {
        guard let handle else { return true }
        return sqlite3_stmt_readonly(handle) != 0
    }

    /// The SQL with the bound values written in (`sqlite3_expanded_sql`), for logs.
    public var expandedSQL: String? {
        guard let handle, let text = sqlite3_expanded_sql(handle) else { return nil }
        defer { sqlite3_free(text) }
        return String(cString: text)
    }

    // MARK: Columns

    /// The names of the result columns, in order.
    public var columnNames: [String] {
        if let cachedColumnNames { return cachedColumnNames }
        let names = (0..<columnCount).map(columnName(at:))
        cachedColumnNames = names
        return names
    }

    /// The name of the result column at `index` (zero-based).
    public func columnName(at index: Int32) -> String {
        guard let handle, let name = sqlite3_column_name(handle, index) else { return "" }
        return String(cString: name)
    }

    /// The index of the first result column named `name`, compared exactly, then
    /// ignoring ASCII case as SQL does; nil when there is none.
    public func columnIndex(named name: String) -> Int32? {
        if cachedColumnIndexes == nil {
            var indexes: [String: Int32] = [:]
            for (index, column) in columnNames.enumerated() where indexes[column] == nil {
                indexes[column] = Int32(index)
            }
            for (index, column) in columnNames.enumerated() where indexes[column.lowercased()] == nil {
                indexes[column.lowercased()] = Int32(index)
            }
            cachedColumnIndexes = indexes
        }
        return cachedColumnIndexes![name] ?? cachedColumnIndexes![name.lowercased()]
    }

    /// The declared type of each result column (`sqlite3_column_decltype`): the type
    /// written in `CREATE TABLE` for columns read straight from a table, nil for
    /// expressions.
    public var declaredTypes: [String?] {
        guard let handle else { return [] }
        return (0..<columnCount).map { index in
            sqlite3_column_decltype(handle, index).map { String(cString: $0) }
        }
    }

    /// The name of parameter `index` (one-based) with its prefix (`:id`), or nil for `?`.
    public func parameterName(at index: Int32) -> String? {
        guard let handle, let name = sqlite3_bind_parameter_name(handle, index) else { return nil }
        return String(cString: name)
    }

    // MARK: Errors

    @usableFromInline
    func closedError() -> SQLError {
        if connection.isOpen, connection.transactionWasAborted {
            return connection.abortedTransactionError(sql: sql)
        }
        if handle == nil, connection.isOpen {
            return SQLError(code: .misuse, message: "the statement is closed", sql: sql)
        }
        return connection.closedError(sql: sql)
    }

    @usableFromInline
    func stepError(_ code: Int32) -> SQLError {
        let error = connection.error(code, sql: sql, arguments: boundValuesForErrors)
        // A failed step leaves the statement holding locks until reset; release them now.
        if let handle { sqlite3_reset(handle) }
        return connection.noteStepError(error)
    }
}

@available(*, unavailable, message: "A statement belongs to one owner at a time, like its SQLContext.")
extension SQLStatement: Sendable {}
