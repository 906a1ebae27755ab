import SlateCSQLite

/// One connection to an SQLite database, in a file or in memory.
///
/// ```swift
/// let ctx = try SQLContext(path: "planets.sqlite", flags: [.create, .readWrite])
/// defer { ctx.close() }
///
/// try ctx.exec(sql: "CREATE TABLE IF NOT EXISTS planets (id INTEGER PRIMARY KEY, name TEXT, radius REAL)")
/// try ctx.exec(sql: "INSERT INTO planets (name, radius) VALUES (?, ?)", "Mercury", 2439.7)
/// let rows = try ctx.query(sql: "SELECT name, radius FROM planets")   // [[SQLValue]]
/// ```
///
/// ## One owner at a time
/// A context is one SQLite connection opened in no-mutex mode (`SQLITE_OPEN_NOMUTEX`):
/// SQLite does no locking of its own for it, which makes every call cheaper. Use a
/// context from one thread or task at a time; it is deliberately not `Sendable`. To share
/// a database across threads and tasks, use ``SQLPool``, which hands out contexts one
/// owner at a time.
///
/// ## Topics
/// ### Opening and closing
/// - ``init(path:flags:configuration:)-(String?,_,_)``
/// - ``close()``
/// ### Running SQL
/// - ``exec(sql:parameters:)-(String,[SQLValue])``
/// - ``exec(sql:parameters:)-(String,[String:SQLValue])``
/// - ``query(sql:parameters:)-(String,[SQLValue])``
/// - ``query(sql:parameters:)-(String,[String:SQLValue])``
/// - ``cursor(sql:parameters:)-(String,[SQLValue])``
/// - ``cursor(sql:parameters:)-(String,[String:SQLValue])``
/// - ``statements(sql:)``
/// - ``statements(sql:parameters:)-(String,[SQLValue])``
/// - ``statements(sql:parameters:)-(String,[String:SQLValue])``
/// - ``prepare(sql:)``
/// ### Transactions
/// - ``transaction(_:_:)``
public final class SQLContext {
    @usableFromInline let connection: SQLConnection
    /// The settings the context was opened with.
    public let configuration: Configuration
    let statementCache: StatementCache
    let hooks: Hooks
    var storedBusyTimeout: Duration = .zero
    /// An error from a non-throwing property setter, thrown by the next throwing call.
    var pendingError: SQLError? {
        didSet { hasPendingError = pendingError != nil }
    }
    /// `pendingError != nil`, as one byte for the statement fast paths to test.
    @exclusivity(unchecked) @usableFromInline var hasPendingError = false
    /// Statements by ``SQLStatementSlot`` index.
    @exclusivity(unchecked) @usableFromInline var slotStatements: [SQLStatement?] = []
    /// Storage by ``SQLStatementSlot`` index (``slotStorage(_:make:)``).
    @exclusivity(unchecked) @usableFromInline var slotStorages: [SQLSlotStorage?] = []

    /// Opens a database file, or an in-memory database when `path` is nil.
    ///
    /// - Parameters:
    ///   - path: the file's path; nil (or `":memory:"`) for a private in-memory database.
    ///   - flags: how to open it; `[.create, .readWrite]` by default. `.noMutex` is always
    ///     added unless you ask for `.fullMutex`.
    ///   - configuration: busy timeout, foreign keys, statement cache size and more.
    /// - Throws: ``SQLError`` when the file cannot be opened, is not a database, or a
    ///   setting cannot be applied. The message names the file.
    public init(
        path: String? = nil, flags: OpenFlags = [.create, .readWrite], configuration: Configuration = .default
    ) throws {
        let location = path ?? ":memory:"
        var openFlags = flags
        if !openFlags.contains(.fullMutex) { openFlags.insert(.noMutex) }
        if path == nil { openFlags.insert(.memory) }

        // Wrap SQLite's allocator for the preparation budget before SQLite initializes.
        _ = PreparationBudget.isInstalled
        var db: OpaquePointer?
        let code = sqlite3_open_v2(location, &db, openFlags.rawValue, configuration.vfs)
        guard code == SQLITE_OK, let db else {
            let detail = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            if let db { sqlite3_close_v2(db) }
            throw SQLError(code: SQLError.Code(rawValue: code), message: "cannot open database \(location): \(detail)")
        }
        sqlite3_extended_result_codes(db, 1)

        self.connection = SQLConnection(
            db: db, location: location, showsBoundValues: configuration.showsBoundValues,
            logger: configuration.logger, logLevels: configuration.logLevels,
            slowStatementThreshold: configuration.slowStatementThreshold)
        self.configuration = configuration
        self.statementCache = StatementCache(capacity: configuration.statementCacheCapacity)
        self.hooks = Hooks(connection: connection, showsBoundValues: configuration.showsBoundValues)
        installHooks()
        do {
            try settingUp { try applyConfiguration(configuration) }
        } catch var error as SQLError {
            connection.close()
            error.message = "cannot open database \(location): \(error.message)"
            throw error
        }
    }

    deinit {
        close()
    }

    /// Closes the connection: finalizes the cached statements and any statement still
    /// alive, then closes the file. Idempotent; never throws. Every later call on the
    /// context or its statements throws ``SQLError/Code/misuse``.
    public func close() {
        guard connection.isOpen else { return }
        flushStatementCache()
        hooks.removeAll()
        connection.close()
    }

    /// Whether ``close()`` has been called.
    public var isClosed: Bool { !connection.isOpen }

    /// The `sqlite3` connection pointer, for calls into the C API; nil once closed.
    ///
    /// The context stays the owner: don't close the handle yourself.
    public var handle: OpaquePointer? { connection.db }

    /// The database file's path, or nil for an in-memory or temporary database.
    public var path: String? {
        guard let db = connection.db, let name = sqlite3_db_filename(db, "main") else { return nil }
        let path = String(cString: name)
        return path.isEmpty ? nil : path
    }

    /// The open connection, or the error a call on a closed context throws. Also throws
    /// (once) an error left by a non-throwing property setter such as ``userVersion``.
    func openHandle(sql: String? = nil) throws -> OpaquePointer {
        guard let db = connection.db else { throw connection.closedError(sql: sql) }
        if let error = pendingError {
            pendingError = nil
            throw error
        }
        return db
    }
}

@available(*, unavailable, message: "An SQLContext has one owner at a time; share a database with SQLPool.")
extension SQLContext: Sendable {}
