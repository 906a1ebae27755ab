#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A database shared across threads and tasks: one writer and several readers on a WAL
/// database file, handed out one owner at a time.
///
/// ```swift
/// let pool = try SQLPool(path: "app.sqlite")
///
/// try pool.write { ctx in                       // one IMMEDIATE transaction
///     try ctx.exec(sql: "INSERT INTO notes (text) VALUES (?)", "hello")
/// }
/// let count = try pool.read { ctx in            // one read transaction, one snapshot
///     try ctx.query(sql: "SELECT count(*) FROM notes")[0][0]
/// }
/// let notes = try await pool.read { ctx in try ctx.query(sql: "SELECT text FROM notes") }
/// ```
///
/// - **Writes** run one at a time, each in a `BEGIN IMMEDIATE` transaction that commits
///   when the closure returns and rolls back when it throws. Immediate, because a
///   read-then-write in a deferred transaction fails with `SQLITE_BUSY` under concurrency
///   without ever waiting on the busy handler.
/// - **Reads** run on reader connections, concurrently with each other and with the
///   writer; each sees one consistent snapshot for its whole closure and never waits for
///   the writer.
/// - **Async**: the same names with `await` run the closure off the caller's task on a
///   worker thread. Cancelling the task interrupts the running statement and throws
///   `CancellationError`.
/// - **Observation**: ``changes(bufferLimit:)`` streams what each transaction changed, and
///   ``observe(_:)`` re-runs a query after each commit that touched the tables it reads.
///
/// `SQLPool(path: nil)` is an in-memory database served by one connection, so tests and
/// examples use the same API.
///
/// Don't call the pool from inside one of its own closures: a call nested on the same
/// thread throws at once, and so does a call for the writer from a `Task` started inside a
/// closure that holds the writer. A closure that waits for a pool call made elsewhere (a
/// Dispatch queue, another thread, `Task.detached`) that needs the connection the closure
/// holds would wait forever: every wait for a connection is bounded by
/// ``Configuration-swift.struct/maximumWait`` (10 seconds by default), after which the call
/// throws an error naming itself and what holds the connection.
public final class SQLPool: @unchecked Sendable {
    /// The database file's path, or nil for an in-memory pool.
    public let path: String?
    /// The settings the pool was opened with.
    public let configuration: Configuration

    /// The leasing state machine and the threads running closures: reachable only with
    /// the pool's lock held.
    let book: LockedBox<PoolBook>
    /// The writer; also the only connection of an in-memory pool; nil for a read-only pool.
    let writer: SQLContext?
    let maximumReaderCount: Int
    let observers: ObserverRegistry

    /// Opens a pool on the database file at `path` (created if missing), or an in-memory
    /// pool when `path` is nil.
    ///
    /// The writer connection opens at once and switches the file to WAL mode; readers
    /// open as they are first needed.
    ///
    /// - Throws: ``SQLError`` when the file cannot be opened or is not a database.
    public init(path: String?, configuration: Configuration = .default) throws {
        if let limit = configuration.maximumWait, limit <= .zero {
            throw SQLError(
                code: .misuse, message: "SQLPool.Configuration.maximumWait must be positive or nil, not \(limit)")
        }
        if let interval = configuration.externalChangePolling, interval <= .zero {
            throw SQLError(
                code: .misuse,
                message: "SQLPool.Configuration.externalChangePolling must be positive or nil, not \(interval)")
        }
        self.path = path
        self.configuration = configuration
        // Polls for other connections' commits once someone observes.
        observers = ObserverRegistry(
            watcher: path.flatMap { path in
                configuration.externalChangePolling.map { interval in
                    ExternalCommitWatcher(path: path, vfs: configuration.connection.vfs, interval: interval)
                }
            })
        if path == nil {
            maximumReaderCount = 0
            let context = try SQLContext(path: nil, configuration: configuration.connection)
            try Self.prepare(context, configuration)
            writer = context
            book = LockedBox(PoolBook(leasing: PoolState(writer: context, maximumReaderCount: 0)))
        } else if configuration.isReadOnly {
            maximumReaderCount = max(1, configuration.maximumReaderCount)
            writer = nil
            // Open one reader now, so that a missing or broken file fails here.
            let reader = try Self.openReader(path: path!, configuration)
            book = LockedBox(
                PoolBook(
                    leasing: PoolState(
                        writer: nil, maximumReaderCount: maximumReaderCount, openReaders: [reader])))
        } else {
            maximumReaderCount = max(1, configuration.maximumReaderCount)
            var connection = configuration.connection
            connection.journalMode = .wal
            let context = try SQLContext(path: path, flags: [.create, .readWrite], configuration: connection)
            do {
                try context.settingUp {
                    try context.exec(sql: "PRAGMA synchronous = \(configuration.synchronous.rawValue)")
                }
                try Self.prepare(context, configuration)
            } catch {
                context.close()
                throw error
            }
            writer = context
            book = LockedBox(PoolBook(leasing: PoolState(writer: context, maximumReaderCount: maximumReaderCount)))
        }
    }

    deinit {
        close()
    }

    /// Closes the pool: new work is refused from now on with ``SQLError/Code/misuse``,
    /// callers still waiting for a connection get that error too, work in flight is waited
    /// for, then every connection closes. Idempotent: a call made while another closes
    /// returns once the connections are closed.
    ///
    /// Called from inside one of the pool's own closures (or from a task started in one),
    /// it cannot wait for itself: it refuses new work at once and returns, and the
    /// connections close as the last closure returns.
    public func close() {
        let closer = PoolThreadWaiter()
        let (actions, waits, holds) = book.withLock { book in
            let holds = closerHoldsAConnection(&book)
            let (actions, waits) = book.leasing.close(by: holds ? .closingHolder : .thread(closer))
            return (actions, waits, holds)
        }
        perform(actions)
        // Work in flight is waited for: the last connection given back wakes this closer.
        if waits, !holds { closer.semaphore.wait() }
        guard case .close(let connections)? = closer.outcome.withLock({ $0 }) else { return }
        closeConnections(connections)
    }

    /// Whether the thread or task closing runs inside one of the pool's closures: with the
    /// lock held.
    private func closerHoldsAConnection(_ book: inout PoolBook) -> Bool {
        let me = pthread_self()
        if book.holders.contains(where: { pthread_equal($0.thread, me) != 0 }) { return true }
        var holding = PoolTaskMark.holding
        while let current = holding {
            if current.pool == ObjectIdentifier(self), current.isActive(&book) { return true }
            holding = current.enclosing
        }
        return false
    }

    /// Closes `connections`, handed to this closer, and wakes the other closers.
    func closeConnections(_ connections: [SQLContext]) {
        guard !connections.isEmpty else { return }
        // Polling first, then readers, so that the writer, last to close, checkpoints the WAL.
        observers.watcher?.close()
        for connection in connections { connection.close() }
        observers.finishAll()
        perform(book.withLock { $0.leasing.connectionsDidClose() })
    }

    /// Whether the pool has been closed.
    public var isClosed: Bool { book.withLock { $0.leasing.isShuttingDown } }

    // MARK: Connections

    static func prepare(_ context: SQLContext, _ configuration: Configuration) throws {
        context.connection.deletesRowByRow = true
        context.connection.enableAccessTracking()
        try context.settingUp { try configuration.prepareConnection?(context) }
    }

    /// Opens a reader connection (read-only, the file's journal mode).
    func openReader() throws -> SQLContext {
        try Self.openReader(path: path!, configuration)
    }

    private static func openReader(path: String, _ configuration: Configuration) throws -> SQLContext {
        var connection = configuration.connection
        connection.journalMode = nil
        let context = try SQLContext(path: path, flags: [.readOnly], configuration: connection)
        do {
            try prepare(context, configuration)
        } catch {
            context.close()
            throw error
        }
        return context
    }

    func closedError() -> SQLError {
        SQLError(code: .misuse, message: "the pool on \(path ?? ":memory:") is closed")
    }
}
