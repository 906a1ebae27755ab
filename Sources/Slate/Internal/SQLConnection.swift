import SlateCSQLite

/// The state a context shares with the statements it prepared: the `sqlite3` handle
/// (nil once closed), the error settings, and the statements still alive, so that closing
/// the context finalizes them and really closes the file.
///
/// Statements hold this object, not the context, so that the context's statement cache
/// does not form a reference cycle.
@usableFromInline
final class SQLConnection {
    /// The connection, or nil after close.
    ///
    /// Unchecked exclusivity (here and on the other per-step properties): every access is a
    /// plain load or store, never held across a call, so the runtime's check would only
    /// cost time on each step.
    @exclusivity(unchecked) @usableFromInline var db: OpaquePointer?
    /// Where the database is, for messages: a path or `:memory:`.
    let location: String
    /// Whether errors and traces show the values bound to the statement.
    let showsBoundValues: Bool
    /// Guards `db` between `close()` and `interrupt()` from another thread.
    let interruptLock = ConditionLock()
    /// Whether an authorizer records the tables each statement reads and writes.
    var tracksAccess = false
    /// The tables the statement being prepared reads and writes (while tracking).
    var preparingAccess: StatementAccess?
    /// Told when statements start and steps finish (the pool's change tracking and
    /// query observation); nil costs one check per step.
    @exclusivity(unchecked) @usableFromInline var observer: ConnectionObserver?
    /// Whether statements have a bound on their work (`statementLimits` is set): the one
    /// byte ``SQLStatement/next()`` tests before each step.
    @exclusivity(unchecked) @usableFromInline var hasStatementLimits = false
    /// The bounds on each statement's work, and the budget being spent.
    var statementLimits: StatementLimits?
    /// Statements prepared on this connection and not finalized yet.
    private var liveStatements: [ObjectIdentifier: Unmanaged<SQLStatement>] = [:]

    init(db: OpaquePointer, location: String, showsBoundValues: Bool) {
        self.db = db
        self.location = location
        self.showsBoundValues = showsBoundValues
    }

    @usableFromInline var isOpen: Bool { db != nil }

    func register(_ statement: SQLStatement) {
        liveStatements[ObjectIdentifier(statement)] = Unmanaged.passUnretained(statement)
    }

    func unregister(_ statement: SQLStatement) {
        liveStatements.removeValue(forKey: ObjectIdentifier(statement))
    }

    /// Finalizes every statement still alive and closes the connection. Idempotent.
    func close() {
        guard let handle = db else { return }
        let statements = liveStatements.values
        liveStatements.removeAll()
        for statement in statements {
            statement.takeUnretainedValue().finalizeBecauseConnectionCloses()
        }
        interruptLock.withLock { db = nil }
        // Every statement is finalized, so the file is closed now, not left as a zombie.
        sqlite3_close_v2(handle)
    }

    /// `sqlite3_interrupt`, safe against a concurrent close.
    func interrupt() {
        interruptLock.withLock {
            if let db { sqlite3_interrupt(db) }
        }
    }

    // MARK: Errors

    /// The error for result code `code` from the last call on this connection.
    @usableFromInline
    func error(_ code: Int32, sql: String?, arguments: [SQLValue]? = nil) -> SQLError {
        var message: String
        if let db, code != SQLITE_MISUSE || sqlite3_errcode(db) == SQLITE_MISUSE {
            message = String(cString: sqlite3_errmsg(db))
        } else {
            message = String(cString: sqlite3_errstr(code))
        }
        if message == "not an error" { message = String(cString: sqlite3_errstr(code)) }
        if code & 0xFF == SQLITE_INTERRUPT, let exceeded = statementLimits?.takeExceeded() { message = exceeded }
        return SQLError(
            code: SQLError.Code(rawValue: code), message: message, sql: sql,
            arguments: showsBoundValues ? arguments : nil)
    }

    /// The error for a call on a closed connection.
    @usableFromInline
    func closedError(sql: String?) -> SQLError {
        SQLError(code: .misuse, message: "the database connection to \(location) is closed", sql: sql)
    }
}
