import Logging
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
    @exclusivity(unchecked) @usableFromInline var db: OpaquePointer? {
        didSet { setStepCheck(.closed, db == nil) }
    }
    /// Whether a step is more than `sqlite3_step`: the connection is closed, SQLite ended
    /// the transaction, statements have limits, or an observer is told. One byte (zero
    /// when none is so) for ``SQLStatement/next()`` to test before each step, where four
    /// tests cost a few per cent of a one-column walk.
    @exclusivity(unchecked) @usableFromInline private(set) var stepChecks: UInt8 = 0
    /// Where the database is, for messages: a path or `:memory:`.
    let location: String
    /// Whether errors and traces show the values bound to the statement.
    let showsBoundValues: Bool
    /// `db` for `interrupt()` from another thread: a copy kept under a lock (the steps read
    /// `db` itself, unlocked), cleared by `close()` before the handle closes.
    let interruptible: LockedBox<OpaquePointer?>
    /// Whether an authorizer records the tables each statement reads and writes.
    var tracksAccess = false
    /// The tables the statement being prepared reads and writes (while tracking).
    var preparingAccess: StatementAccess?
    /// The action the authorizer was last asked about (while tracking).
    var lastAuthorizedAction: Int32 = 0
    /// Whether the authorizer makes `DELETE` without `WHERE` delete row by row (the pool's
    /// connections, whose update hook must see every row).
    var deletesRowByRow = false
    /// The tables read by the walks running on this connection, as the schema spells
    /// them: one set per walk, nested walks stacked. A statement that writes one of them is refused (see
    /// `WalkGuard.swift`).
    var walkedTables: [Set<String>] = [] {
        didSet { setStepCheck(.walking, !walkedTables.isEmpty) }
    }
    /// While the access of a statement already prepared is recorded again: the authorizer
    /// only records, and refuses nothing.
    var isRecordingOnly = false
    /// Why the authorizer refused the statement being prepared, for its error.
    var walkRefusal: String?
    /// Told when statements start and steps finish (the pool's change tracking and
    /// query observation); nil costs one check per step.
    @exclusivity(unchecked) @usableFromInline var observer: ConnectionObserver? {
        didSet { setStepCheck(.observed, observer != nil) }
    }
    /// How many transaction closures (``SQLContext/transaction(_:_:)``, savepoints
    /// included) are running on this connection.
    var transactionBodyDepth = 0
    /// Whether SQLite ended the transaction while a transaction closure runs (the rollback
    /// hook saw it): from then on every statement fails until the outermost closure ends.
    @exclusivity(unchecked) @usableFromInline var transactionWasAborted = false {
        didSet { setStepCheck(.aborted, transactionWasAborted) }
    }
    /// The error of the statement whose failure ended the transaction, when known.
    var transactionAbortCause: SQLError?
    /// Whether the commit hook refused a commit because a transaction closure runs.
    var commitWasRefused = false
    /// Whether statements have a bound on their work (`statementLimits` is set).
    @exclusivity(unchecked) @usableFromInline var hasStatementLimits = false {
        didSet { setStepCheck(.limits, hasStatementLimits) }
    }
    /// The bounds on each statement's work, and the budget being spent.
    var statementLimits: StatementLimits?
    /// Where statements, slow statements and errors are logged, if anywhere: the
    /// configuration's logger, or, while a pool call that brought one holds the connection,
    /// that call's (see `SQLContext.swapLogger(_:)`).
    var logger: Logger?
    /// The level of each kind of line (``SQLContext/Configuration/logLevels``).
    let logLevels: SQLContext.LogLevels
    /// Above zero while Slate runs the statements that open and configure the connection
    /// (and schema reads): those are never logged as slow statements.
    var setUpDepth = 0
    /// While Slate runs a statement of its own that is never logged (the pool's
    /// `PRAGMA data_version` between write leases).
    var isQuiet = false
    /// The duration, in nanoseconds, past which a statement is logged at warning level.
    let slowStatementNanoseconds: Int64
    /// Statements prepared on this connection and not finalized yet.
    private var liveStatements: [ObjectIdentifier: Unmanaged<SQLStatement>] = [:]

    init(
        db: OpaquePointer, location: String, showsBoundValues: Bool, logger: Logger? = nil,
        logLevels: SQLContext.LogLevels = .init(), slowStatementThreshold: Duration = .milliseconds(100)
    ) {
        self.db = db
        interruptible = LockedBox(db)
        self.location = location
        self.showsBoundValues = showsBoundValues
        self.logger = logger
        self.logLevels = logLevels
        self.slowStatementNanoseconds = slowStatementThreshold.clampedCount(unitsPerSecond: 1_000_000_000)
        Self.register(self, for: db)
    }

    @usableFromInline var isOpen: Bool { db != nil }

    /// The bits of ``stepChecks``.
    enum StepCheck: UInt8 {
        case closed = 1
        case aborted = 2
        case limits = 4
        case observed = 8
        case walking = 16
    }

    private func setStepCheck(_ check: StepCheck, _ isSet: Bool) {
        stepChecks = isSet ? stepChecks | check.rawValue : stepChecks & ~check.rawValue
    }

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
        interruptible.withLock { $0 = nil }
        db = nil
        Self.unregister(handle)
        // Every statement is finalized, so the file is closed now, not left as a zombie.
        sqlite3_close_v2(handle)
    }

    /// `sqlite3_interrupt`, safe against a concurrent close.
    func interrupt() {
        interruptible.withLock { db in
            if let db { sqlite3_interrupt(db) }
        }
    }

    // MARK: Transactions that SQLite ended

    /// The rollback hook: SQLite rolled the transaction back. Inside a transaction closure
    /// that was not the closure's own doing, so the closure's later statements must not
    /// run in autocommit mode.
    func transactionDidRollBack() {
        if transactionBodyDepth > 0 { transactionWasAborted = true }
    }

    /// The commit hook: whether a commit may go ahead. Inside a transaction closure no
    /// statement may commit (an explicit `COMMIT`, or a statement run in autocommit mode
    /// on the raw handle after SQLite ended the transaction): only the closure's end does.
    func mayCommit() -> Bool {
        guard transactionBodyDepth > 0 else { return true }
        commitWasRefused = true
        return false
    }

    /// Notes the error of a failed step: the cause of the abort, when it ended the
    /// transaction. Returns the error to throw.
    @usableFromInline
    func noteStepError(_ error: SQLError) -> SQLError {
        guard transactionWasAborted else { return error }
        if commitWasRefused {
            commitWasRefused = false
            var refused = error
            refused.message =
                "a statement inside a transaction closure tried to commit (\(error.message)); only the end of the closure commits, so the transaction was rolled back"
            if transactionAbortCause == nil { transactionAbortCause = refused }
            return refused
        }
        if transactionAbortCause == nil { transactionAbortCause = error }
        return error
    }

    /// The error for a statement run after SQLite ended the transaction, and for the
    /// transaction itself.
    @usableFromInline
    func abortedTransactionError(sql: String?) -> SQLError {
        let cause =
            transactionAbortCause.map { cause in
                ": " + cause.message + (cause.sql.map { " — in: \($0)" } ?? "")
            } ?? ""
        return SQLError(
            code: .abortRollback,
            message:
                "the transaction was aborted: SQLite rolled it back\(cause). Nothing of it was committed, and no statement can run on this connection until its transaction closure ends",
            sql: sql)
    }

    /// A transaction closure starts.
    func enterTransactionBody() {
        transactionBodyDepth += 1
    }

    /// A transaction closure ends; returns the abort error if SQLite ended the transaction
    /// during it. The outermost closure's end clears the abort.
    func leaveTransactionBody() -> SQLError? {
        transactionBodyDepth -= 1
        guard transactionWasAborted else { return nil }
        let error = abortedTransactionError(sql: nil)
        if transactionBodyDepth == 0 {
            transactionWasAborted = false
            transactionAbortCause = nil
            commitWasRefused = false
        }
        return error
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
        var code = code
        if code & 0xFF == SQLITE_AUTH, let refusal = walkRefusal {
            message = refusal
            code = SQLITE_MISUSE
            walkRefusal = nil
        }
        if code & 0xFF == SQLITE_INTERRUPT, let exceeded = statementLimits?.takeExceeded() { message = exceeded }
        let error = SQLError(
            code: SQLError.Code(rawValue: code), message: message, sql: sql,
            arguments: showsBoundValues ? arguments : nil)
        if let logger { logError(error, to: logger) }
        return error
    }

    /// Logs `error` at the level ``SQLContext/LogLevels`` gives its kind, with the database,
    /// the code and the SQL (its bound values only when the configuration shows them, as
    /// the error does).
    private func logError(_ error: SQLError, to logger: Logger) {
        let level = logLevels.level(for: error)
        guard logger.logLevel <= level else { return }
        var metadata: Logger.Metadata = [
            "sqlite.database": .string(location), "sqlite.code": .stringConvertible(error.code.rawValue),
        ]
        if let sql = error.sql { metadata["sqlite.sql"] = .string(sql) }
        if let arguments = error.arguments {
            metadata["sqlite.arguments"] = .string(arguments.map(\.sqlLiteral).joined(separator: ", "))
        }
        logger.log(level: level, "\(error.message)", metadata: metadata)
    }

    /// The error for a call on a closed connection.
    @usableFromInline
    func closedError(sql: String?) -> SQLError {
        SQLError(code: .misuse, message: "the database connection to \(location) is closed", sql: sql)
    }
}
