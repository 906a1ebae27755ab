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
    ///
    /// Read from SQLite each time, not kept: when the schema changes, SQLite prepares the
    /// statement again at its next step, and `SELECT *` may then have more or fewer columns.
    @inlinable public var columnCount: Int32 { sqlite3_column_count(handle) }
    /// How many parameters the statement takes (the largest parameter index).
    public let parameterCount: Int32

    @usableFromInline let connection: SQLConnection
    /// Whether the context's statement cache owns this statement. Turned off when the
    /// cache lets go of a statement still in use, so that its user finalizes it.
    var isCached: Bool
    /// Whether the statement is lent to a ``SQLCursor``: from the cursor's creation (before
    /// its first step, when ``isBusy`` is still false) until it is closed, exhausted,
    /// released or fails. A lent statement is never handed out by the caches.
    @exclusivity(unchecked) @usableFromInline var isLent = false
    /// The work done by the current run of the statement, when the connection has
    /// statement limits (``SQLContext/Configuration/maximumStatementInstructions``).
    var budget: StatementBudget?
    /// The tables the statement reads and writes, when its connection tracks access.
    private(set) var access: StatementAccess
    /// Whether ``access`` was recorded (the connection tracked access when the statement
    /// was prepared, or it was recorded again since).
    private(set) var accessIsRecorded: Bool
    private var cachedColumnNames: [String]?
    private var cachedColumnIndexes: [String: Int32]?
    /// How many times SQLite had prepared the statement again when the names above were
    /// read (`SQLITE_STMTSTATUS_REPREPARE`): they are read again once it has changed.
    private var columnNamesPreparation: Int32 = 0
    /// The values last bound through ``bind(parameters:)``, kept only for error messages
    /// and only when the context includes bound values in errors.
    @usableFromInline var boundValuesForErrors: [SQLValue]?
    /// Which parameters (by index less one) have been given a value since the statement
    /// was prepared or its bindings cleared, and how many have not: ``update(parameters:)``
    /// refuses to run while one has none, where SQLite would read it as NULL.
    @exclusivity(unchecked) @usableFromInline var boundParameters: [Bool]
    @exclusivity(unchecked) @usableFromInline var unboundParameterCount: Int32
    /// What each parameter stands for (`column "people"."score"`), when the code that made
    /// the statement knows: errors about a parameter's value (NaN) then name it.
    package var parameterLabels: [String?]?

    init(handle: OpaquePointer, connection: SQLConnection, isCached: Bool) {
        self.storedHandle = handle
        self.connection = connection
        self.isCached = isCached
        self.sql = sqlite3_sql(handle).map { String(cString: $0) } ?? ""
        self.parameterCount = sqlite3_bind_parameter_count(handle)
        self.boundParameters = Array(repeating: false, count: Int(max(parameterCount, 0)))
        self.unboundParameterCount = max(parameterCount, 0)
        self.access = connection.preparingAccess ?? StatementAccess()
        self.accessIsRecorded = connection.preparingAccess != nil
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
        guard let handle else { throw closedError() }
        // One test on the common path; the rest only when the connection needs more.
        if connection.stepChecks != 0 { return try checkedNext(handle) }
        let code = sqlite3_step(handle)
        if code == SQLITE_ROW { return true }
        if code == SQLITE_DONE { return false }
        throw stepError(code)
    }

    /// ``next()`` on a connection that is closed, whose transaction SQLite ended, whose
    /// statements have limits, or that has an observer.
    @usableFromInline
    func checkedNext(_ handle: OpaquePointer) throws -> Bool {
        guard connection.isOpen, !connection.transactionWasAborted else { throw closedError() }
        if !connection.walkedTables.isEmpty, sqlite3_stmt_busy(handle) == 0, sqlite3_stmt_readonly(handle) == 0 {
            try refuseWriteToWalkedTables()
        }
        if connection.hasStatementLimits { connection.statementWillStep(self, handle) }
        if let observer = connection.observer { return try observedNext(handle, observer) }
        let code = sqlite3_step(handle)
        if code == SQLITE_ROW { return true }
        if code == SQLITE_DONE { return false }
        throw stepError(code)
    }

    /// ``next()`` with the connection's observer told what runs.
    @usableFromInline
    func observedNext(_ handle: OpaquePointer, _ observer: ConnectionObserver) throws -> Bool {
        let starting = sqlite3_stmt_busy(handle) == 0
        let prepared = starting ? currentPreparation : 0
        if starting { observer.statementWillStart(self) }
        let code = sqlite3_step(handle)
        // SQLite prepared the statement again (the schema changed): what it reads and
        // writes may have changed with it (a view redefined), so tell the observer again.
        if starting, currentPreparation != prepared {
            refreshAccess()
            observer.statementWillStart(self)
        }
        observer.stepDidFinish(succeeded: code == SQLITE_ROW || code == SQLITE_DONE)
        if code == SQLITE_ROW { return true }
        if code == SQLITE_DONE { return false }
        throw stepError(code)
    }

    /// Runs the statement to completion, from its start: binds `parameters` when any are
    /// given (their count must match ``parameterCount``), steps through every row, then
    /// resets the statement, ready for the next call. A statement stepped part way by
    /// ``next()`` runs again from the start rather than finishing that run.
    ///
    /// The bound values stay: `update()` with no parameters runs the statement again with
    /// the values it ran with last, whether they were given here or bound one by one
    /// (`bind(_:at:)`, `bind(_:named:)`, `bind(parameters:)`). A statement one of whose
    /// parameters has no value (never bound, or bound before ``clearBindings()``) is
    /// refused rather than run with NULL there: bind NULL with ``bindNull(at:)`` when you
    /// mean it.
    ///
    /// ```swift
    /// let insert = try ctx.prepare(sql: "INSERT INTO t VALUES (?)")
    /// try insert.update(parameters: ["Foo"])
    /// try insert.update()                    // inserts 'Foo' again
    /// ```
    ///
    /// - Throws: ``SQLError`` with ``SQLError/Code/range`` for a count that does not match
    ///   or a parameter with no value (named in the message); what stepping throws.
    public func update(parameters: [SQLValue] = []) throws {
        if !parameters.isEmpty {
            try bind(parameters: parameters)
        } else if unboundParameterCount > 0 {
            throw unboundError()
        } else {
            // From the start, even after rows were stepped by hand: a run, not the rest of one.
            reset()
        }
        defer { reset() }
        while try next() {}
    }

    /// Binds `parameters` by name (see ``bind(parameters:)-([String:SQLValue])``), then runs
    /// the statement to completion as ``update(parameters:)-([SQLValue])`` does; the values
    /// stay bound for a later `update()`.
    public func update(parameters: [String: SQLValue]) throws {
        try bind(parameters: parameters)
        defer { reset() }
        while try next() {}
    }

    /// Resets the statement to run again from the start. Bindings are kept.
    public func reset() {
        if let handle { sqlite3_reset(handle) }
    }

    /// Sets every parameter back to NULL, and forgets that they were bound: ``update(parameters:)-([SQLValue])``
    /// without parameters then refuses to run until each has a value again.
    public func clearBindings() {
        if let handle { sqlite3_clear_bindings(handle) }
        boundValuesForErrors = nil
        if unboundParameterCount != parameterCount {
            for index in boundParameters.indices { boundParameters[index] = false }
            unboundParameterCount = max(parameterCount, 0)
        }
    }

    /// Notes that parameter `index` (one-based) has a value.
    @inlinable @inline(__always)
    func noteBound(_ index: Int32) {
        // A value bound on its own: the list kept for errors no longer says what is bound
        // (``bind(parameters:)-([SQLValue])`` sets it again once its loop is done).
        if boundValuesForErrors != nil { boundValuesForErrors = nil }
        let position = Int(index) - 1
        if position >= 0, position < boundParameters.count, !boundParameters[position] {
            boundParameters[position] = true
            unboundParameterCount -= 1
        }
    }

    /// The error for running a statement some of whose parameters have no value.
    func unboundError() -> SQLError {
        let missing = boundParameters.indices.filter { !boundParameters[$0] }.map { index -> String in
            parameterName(at: Int32(index + 1)) ?? "?\(index + 1)"
        }
        return SQLError(
            code: .range,
            message:
                "parameter\(missing.count == 1 ? "" : "s") \(missing.joined(separator: ", ")) \(missing.count == 1 ? "has" : "have") no value: bind \(missing.count == 1 ? "it" : "them") (bindNull(at:) for NULL) or pass parameters to update(parameters:); a statement is never run with unbound parameters read as NULL",
            sql: sql)
    }

    /// Whether the statement has been stepped and not yet run to completion or reset.
    @inlinable
    public var isBusy: Bool {
        guard let handle else { return false }
        return sqlite3_stmt_busy(handle) != 0
    }

    /// Whether someone is using the statement: it is being stepped, or it is lent to a
    /// cursor that has not stepped it yet. The caches hand out only statements not in use.
    @inlinable
    var isInUse: Bool { isLent || isBusy }

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
    ///
    /// Kept after the first read, and read again after SQLite has prepared the statement
    /// again for a schema change (a column added, renamed or dropped).
    public var columnNames: [String] {
        let preparation = currentPreparation
        if let cachedColumnNames, preparation == columnNamesPreparation { return cachedColumnNames }
        let names = (0..<columnCount).map(columnName(at:))
        cachedColumnNames = names
        cachedColumnIndexes = nil
        columnNamesPreparation = preparation
        return names
    }

    /// How many times SQLite has prepared the statement again since it was first prepared.
    private var currentPreparation: Int32 {
        guard let handle else { return columnNamesPreparation }
        return sqlite3_stmt_status(handle, SQLITE_STMTSTATUS_REPREPARE, 0)
    }

    /// The name of the result column at `index` (zero-based).
    public func columnName(at index: Int32) -> String {
        guard let handle, let name = sqlite3_column_name(handle, index) else { return "" }
        return String(cString: name)
    }

    /// The index of the first result column named `name`, compared exactly, then
    /// ignoring ASCII case as SQL does; nil when there is none.
    public func columnIndex(named name: String) -> Int32? {
        // Reading the names first drops indexes made for an earlier preparation.
        let names = columnNames
        let indexes: [String: Int32]
        if let cachedColumnIndexes {
            indexes = cachedColumnIndexes
        } else {
            var made: [String: Int32] = [:]
            for (index, column) in names.enumerated() where made[column] == nil {
                made[column] = Int32(index)
            }
            for (index, column) in names.enumerated() where made[column.lowercased()] == nil {
                made[column.lowercased()] = Int32(index)
            }
            cachedColumnIndexes = made
            indexes = made
        }
        return indexes[name] ?? indexes[name.lowercased()]
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

extension SQLStatement {
    /// Records again, by preparing the same SQL once more, the tables the statement reads
    /// and writes: after SQLite re-prepared it for a schema change.
    func refreshAccess() {
        guard connection.tracksAccess, let db = connection.db else { return }
        connection.preparingAccess = StatementAccess()
        connection.isRecordingOnly = true
        defer {
            connection.preparingAccess = nil
            connection.isRecordingOnly = false
        }
        var fresh: OpaquePointer?
        let (code, _) = connection.preparingWithinBudget(sql) { sqlite3_prepare_v3(db, sql, -1, 0, &fresh, nil) }
        guard code == SQLITE_OK, let fresh else { return }
        sqlite3_finalize(fresh)
        if let recorded = connection.preparingAccess {
            access = recorded
            accessIsRecorded = true
        }
    }
}
