import SlateCSQLite

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension SQLContext {
    /// What to do after a row handed to a per-row callback.
    public enum RowAction: Sendable {
        /// Go on to the next row.
        case next
        /// Stop: no more rows, and no more statements of the script.
        case stop
    }

    // MARK: exec

    /// Runs SQL that returns no rows you need.
    ///
    /// - Without parameters, `sql` may be a script: every statement in it runs, in order.
    ///   A statement in it that takes parameters is an error (they would silently be NULL).
    /// - With parameters, `sql` must be exactly one statement, and `parameters` must match
    ///   its parameter count.
    ///
    /// Single statements go through the statement cache.
    ///
    /// - Throws: ``SQLError`` for SQL that is empty or only comments, a syntax error, a
    ///   parameter count that does not match, more than one statement with parameters,
    ///   a constraint failure, a closed context.
    public func exec(sql: String, parameters: [SQLValue] = []) throws {
        if parameters.isEmpty {
            try runScript(sql) { _ in .next }
        } else {
            let statement = try cachedStatement(sql: sql)
            defer { release(statement) }
            try statement.bind(parameters: parameters)
            while try statement.next() {}
        }
    }

    /// Runs exactly one statement with its parameters given by name (`:name`, `@name` or
    /// `$name` in the SQL; the keys may leave out the prefix).
    ///
    /// ```swift
    /// try ctx.exec(sql: "INSERT INTO planets (name, moons) VALUES (:name, :moons)",
    ///              parameters: ["name": "Mars", "moons": 2])
    /// ```
    ///
    /// Every key must name a parameter of the statement, and every parameter must be given
    /// (positional `?` ones cannot be): nothing is bound or run otherwise. To run a script
    /// whose statements take values, use `statements(sql:parameters:)`.
    ///
    /// - Throws: ``SQLError`` for text that is not exactly one statement, a key that names
    ///   no parameter, a parameter left without a value, a value SQLite cannot store (NaN),
    ///   and what running the statement throws.
    public func exec(sql: String, parameters: [String: SQLValue]) throws {
        let statement = try cachedStatement(sql: sql)
        defer { release(statement) }
        try statement.bind(parameters: parameters)
        while try statement.next() {}
    }

    /// Runs one statement with its parameters given in line, Skull style:
    ///
    /// ```swift
    /// try ctx.exec(sql: "INSERT INTO planets VALUES (?, ?, ?)", 0, 0.4, "Mercury")
    /// ```
    public func exec(sql: String, _ parameter: any SQLBindable, _ more: any SQLBindable...) throws {
        try exec(sql: sql, parameters: try Self.parameterValues(parameter, more))
    }

    /// Runs every statement of `sql` and hands each row of each statement to `onRow`,
    /// which can stop early by returning ``RowAction/stop``.
    ///
    /// ```swift
    /// try ctx.exec(sql: "SELECT name FROM planets; SELECT name FROM moons") { row in
    ///     print(try row.string(at: 0))
    ///     return .next
    /// }
    /// ```
    public func exec(sql: String, onRow: (SQLRow) throws -> RowAction) throws {
        try runScript(sql, onRow: onRow)
    }

    // MARK: query

    /// Runs one statement and returns every row as dynamic values.
    ///
    /// ```swift
    /// let rows = try ctx.query(sql: "SELECT 1, 1.1 + 2.2, 'AB' || 'C'")
    /// // [[.integer(1), .float(3.3000000000000003), .text("ABC")]]
    /// ```
    ///
    /// For large results, iterate a ``cursor(sql:parameters:)-(String,[SQLValue])`` instead.
    public func query(sql: String, parameters: [SQLValue] = []) throws -> [[SQLValue]] {
        try query(sql: sql) { try $0.bind(parameters: parameters) }
    }

    /// Runs one statement with its parameters given by name and returns every row.
    ///
    /// ```swift
    /// let rows = try ctx.query(sql: "SELECT name FROM planets WHERE moons > :moons",
    ///                          parameters: ["moons": 1])
    /// ```
    ///
    /// The keys follow named `exec(sql:parameters:)`'s rules.
    public func query(sql: String, parameters: [String: SQLValue]) throws -> [[SQLValue]] {
        try query(sql: sql) { try $0.bind(parameters: parameters) }
    }

    /// Every row of `sql`'s cached statement, bound by `bind`.
    private func query(sql: String, bind: (SQLStatement) throws -> Void) throws -> [[SQLValue]] {
        let statement = try cachedStatement(sql: sql)
        defer { release(statement) }
        try bind(statement)
        var rows: [[SQLValue]] = []
        while try statement.next() {
            rows.append(try statement.values())
        }
        return rows
    }

    /// Runs one statement with its parameters given in line and returns every row.
    public func query(sql: String, _ parameter: any SQLBindable, _ more: any SQLBindable...) throws -> [[SQLValue]] {
        try query(sql: sql, parameters: try Self.parameterValues(parameter, more))
    }

    /// A cursor over the rows of one statement: rows are read one at a time, never all
    /// held in memory, and you can stop whenever you like.
    ///
    /// The cursor has its statement to itself until it is done: running the same SQL
    /// meanwhile, in another cursor or a query, uses a statement of its own.
    public func cursor(sql: String, parameters: [SQLValue] = []) throws -> SQLCursor {
        try cursor(sql: sql) { try $0.bind(parameters: parameters) }
    }

    /// A cursor over the rows of one statement whose parameters are given by name; see
    /// the positional `cursor(sql:parameters:)` and, for the keys,
    /// named `exec(sql:parameters:)`.
    public func cursor(sql: String, parameters: [String: SQLValue]) throws -> SQLCursor {
        try cursor(sql: sql) { try $0.bind(parameters: parameters) }
    }

    /// A cursor over `sql`'s cached statement, bound by `bind`; a refused bind gives the
    /// statement back.
    private func cursor(sql: String, bind: (SQLStatement) throws -> Void) throws -> SQLCursor {
        let statement = try cachedStatement(sql: sql)
        let cursor = SQLCursor(statement: statement)
        do {
            try bind(statement)
        } catch {
            cursor.close()
            throw error
        }
        return cursor
    }

    // MARK: prepare

    /// Prepares exactly one statement, for you to bind, step and reuse.
    ///
    /// The statement is yours: it is not cached, and it finalizes when you call
    /// ``SQLStatement/close()`` or let it go.
    ///
    /// - Throws: for empty SQL, SQL that is only whitespace or comments, a syntax error,
    ///   or text that holds more than one statement.
    public func prepare(sql: String) throws -> SQLStatement {
        let db = try openHandle(sql: sql)
        return try prepareSingle(sql, db: db, cached: false)
    }

    // MARK: Internals

    /// Gives a statement back after one use: reset, with its bindings cleared so that the
    /// values it ran with (a password, say) are not kept in memory, if the cache owns it;
    /// finalized otherwise.
    func release(_ statement: SQLStatement) {
        if statement.isCached {
            statement.reset()
            statement.clearBindings()
        } else {
            statement.close()
        }
    }

    /// Prepares `sql`, which must hold exactly one statement.
    func prepareSingle(_ sql: String, db: OpaquePointer, cached: Bool) throws -> SQLStatement {
        var text = sql
        return try text.withUTF8 { bytes in
            let (handle, tail) = try prepareNext(in: bytes, from: 0, sql: sql, db: db, persistent: cached)
            guard let handle else {
                throw SQLError(
                    code: .misuse,
                    message: "no SQL statement to run: the text is empty or only whitespace and comments",
                    sql: sql)
            }
            let statement = SQLStatement(handle: handle, connection: connection, isCached: cached)
            if try !isBlank(bytes, from: tail, sql: sql, db: db) {
                statement.close()
                throw SQLError(
                    code: .misuse,
                    message:
                        "the text holds more than one statement; this call runs exactly one (run scripts with exec(sql:) and no parameters)",
                    sql: sql, offset: tail)
            }
            return statement
        }
    }

    /// Runs every statement in `sql`, statement by statement, so that each is prepared
    /// after the previous one ran (a script may create a table and then fill it).
    func runScript(_ sql: String, onRow: (SQLRow) throws -> RowAction) throws {
        let db = try openHandle(sql: sql)
        // A single statement run before: straight from the cache.
        if let statement = statementCache.statement(for: sql), !statement.isInUse {
            defer { release(statement) }
            statement.clearBindings()
            _ = try step(statement, at: 0, onRow: onRow)
            return
        }
        var text = sql
        try text.withUTF8 { bytes in
            var offset = 0
            var ranAny = false
            while true {
                let (handle, tail) = try prepareNext(in: bytes, from: offset, sql: sql, db: db, persistent: false)
                guard let handle else { break }
                // Where the statement itself starts, past the whitespace and comments
                // before it, for errors that point at a statement.
                let start = statementStart(bytes, from: offset, before: tail)
                let scriptStart = offset
                offset = tail
                ranAny = true
                // A script of one statement is worth caching for the next run.
                let cacheIt =
                    try scriptStart == 0 && statementCache.capacity > 0 && isBlank(bytes, from: tail, sql: sql, db: db)
                let statement = SQLStatement(handle: handle, connection: connection, isCached: cacheIt)
                if cacheIt { statementCache.insert(statement, for: sql) }
                defer { release(statement) }
                if try step(statement, at: start, onRow: onRow) == .stop { return }
                if cacheIt { return }
            }
            if !ranAny {
                throw SQLError(
                    code: .misuse,
                    message: "no SQL statement to run: the text is empty or only whitespace and comments",
                    sql: sql)
            }
        }
    }

    /// Steps one statement of a script through all its rows.
    private func step(
        _ statement: SQLStatement, at offset: Int, onRow: (SQLRow) throws -> RowAction
    ) throws -> RowAction {
        if statement.parameterCount > 0 {
            throw SQLError(
                code: .range,
                message:
                    "the statement takes \(statement.parameterCount) parameter\(statement.parameterCount == 1 ? "" : "s") but no values were given; pass parameters (one statement only) or they would be NULL",
                sql: statement.sql, offset: offset)
        }
        do {
            while try statement.next() {
                if try onRow(SQLRow(statement: statement)) == .stop { return .stop }
            }
        } catch var error as SQLError {
            if error.offset == nil, offset > 0 { error.offset = offset }
            throw error
        }
        return .next
    }

    /// Prepares the statement that starts at byte `offset` of `bytes`. Returns nil (and the
    /// end) when only whitespace and comments are left.
    func prepareNext(
        in bytes: UnsafeBufferPointer<UInt8>, from offset: Int, sql: String, db: OpaquePointer, persistent: Bool
    ) throws -> (OpaquePointer?, Int) {
        guard let base = bytes.baseAddress, offset < bytes.count else { return (nil, bytes.count) }
        let remaining = bytes.count - offset
        guard remaining <= Int(Int32.max) else {
            throw SQLError(code: .tooBig, message: "the SQL text is too long (\(remaining) bytes)")
        }
        let start = UnsafeRawPointer(base + offset).assumingMemoryBound(to: CChar.self)
        var handle: OpaquePointer?
        var tail: UnsafePointer<CChar>?
        let flags = persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
        if connection.tracksAccess { connection.preparingAccess = StatementAccess() }
        if connection.hasStatementLimits { connection.statementLimits?.beginPreparing() }
        let (code, budgetError) = connection.preparingWithinBudget(sql) {
            sqlite3_prepare_v3(db, start, Int32(remaining), flags, &handle, &tail)
        }
        if handle == nil { connection.preparingAccess = nil }
        if let budgetError {
            if let handle { sqlite3_finalize(handle) }
            throw budgetError
        }
        let tailOffset = tail.map { offset + (UnsafeRawPointer($0) - UnsafeRawPointer(start)) } ?? bytes.count
        guard code == SQLITE_OK else {
            // Where SQLite says the error is, else where the statement starts.
            let reported = Int(sqlite3_error_offset(db))
            let errorOffset =
                reported >= 0 ? offset + reported : statementStart(bytes, from: offset, before: bytes.count)
            var error = connection.error(code, sql: statementText(bytes, from: offset, through: errorOffset))
            error.offset = errorOffset
            throw error
        }
        return (handle, tailOffset)
    }

    /// Where the statement that follows byte `offset` starts: past whitespace and comments
    /// (`-- …` to the end of the line, `/* … */`), and at most at `end`.
    func statementStart(_ bytes: UnsafeBufferPointer<UInt8>, from offset: Int, before end: Int) -> Int {
        var index = offset
        while index < end {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0C:
                index += 1
            case UInt8(ascii: "-") where index + 1 < end && bytes[index + 1] == UInt8(ascii: "-"):
                while index < end, bytes[index] != 0x0A { index += 1 }
            case UInt8(ascii: "/") where index + 1 < end && bytes[index + 1] == UInt8(ascii: "*"):
                index += 2
                while index + 1 < end, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) {
                    index += 1
                }
                index = min(index + 2, end)
            default:
                return index
            }
        }
        return end
    }

    /// Whether the text from `offset` on holds no statement (whitespace, comments and
    /// semicolons only).
    func isBlank(_ bytes: UnsafeBufferPointer<UInt8>, from offset: Int, sql: String, db: OpaquePointer) throws -> Bool {
        var index = offset
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0C: index += 1
            default:
                // Comments or more SQL: let SQLite decide.
                guard let base = bytes.baseAddress else { return true }
                let start = UnsafeRawPointer(base + index).assumingMemoryBound(to: CChar.self)
                var handle: OpaquePointer?
                // What the authorizer sees here belongs to no statement: the access being
                // recorded is the statement before's, which has not taken it yet.
                let recorded = connection.preparingAccess
                connection.preparingAccess = nil
                defer { connection.preparingAccess = recorded }
                let (code, budgetError) = connection.preparingWithinBudget(sql) {
                    sqlite3_prepare_v3(db, start, Int32(bytes.count - index), 0, &handle, nil)
                }
                if let handle { sqlite3_finalize(handle) }
                if let budgetError { throw budgetError }
                return code == SQLITE_OK && handle == nil
            }
        }
        return true
    }

    /// The text of the statement that starts at `offset` and failed at `errorOffset`, for
    /// messages: up to the first semicolon after the error, trimmed.
    private func statementText(
        _ bytes: UnsafeBufferPointer<UInt8>, from offset: Int, through errorOffset: Int
    ) -> String {
        let searchFrom = min(max(errorOffset, offset), bytes.count)
        let end = bytes[searchFrom...].firstIndex(of: UInt8(ascii: ";")).map { $0 + 1 } ?? bytes.count
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
        return text.trimmingWhitespace()
    }
}

extension String {
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}

extension SQLContext {
    /// The values of variadic parameters; a date text cannot hold throws, naming its
    /// parameter, rather than being written as text that never reads back.
    static func parameterValues(_ first: any SQLBindable, _ more: [any SQLBindable]) throws -> [SQLValue] {
        var values: [SQLValue] = []
        values.reserveCapacity(more.count + 1)
        for (offset, parameter) in ([first] + more).enumerated() {
            if let date = parameter as? Date {
                values.append(try SQLDate.storedValue(date, as: .text, column: "parameter \(offset + 1)"))
            } else {
                values.append(parameter.sqlValue)
            }
        }
        return values
    }
}
