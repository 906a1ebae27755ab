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
/// - **Observation**: ``changes()`` streams what each transaction changed, and
///   ``observe(_:)`` re-runs a query after each commit that touched the tables it reads.
///
/// `SQLPool(path: nil)` is an in-memory database served by one connection, so tests and
/// examples use the same API.
///
/// Don't call the pool from inside one of its own closures on the same thread: a nested
/// `write` (or, in memory, any nested call) throws instead of waiting forever.
public final class SQLPool: @unchecked Sendable {
    /// The database file's path, or nil for an in-memory pool.
    public let path: String?
    /// The settings the pool was opened with.
    public let configuration: Configuration

    /// Guards every variable below.
    let state = ConditionLock()
    /// The writer; also the only connection of an in-memory pool; nil for a read-only pool.
    private let writer: SQLContext?
    private var writerIsBusy = false
    private var writerOwner: pthread_t?
    private var idleReaders: [SQLContext] = []
    private var openReaderCount = 0
    private var workInFlight = 0
    private var isShuttingDown = false
    private var connectionsAreClosed = false
    private let maximumReaderCount: Int
    let observers = ObserverRegistry()

    /// Opens a pool on the database file at `path` (created if missing), or an in-memory
    /// pool when `path` is nil.
    ///
    /// The writer connection opens at once and switches the file to WAL mode; readers
    /// open as they are first needed.
    ///
    /// - Throws: ``SQLError`` when the file cannot be opened or is not a database.
    public init(path: String?, configuration: Configuration = .default) throws {
        self.path = path
        self.configuration = configuration
        if path == nil {
            maximumReaderCount = 0
            let context = try SQLContext(path: nil, configuration: configuration.connection)
            try Self.prepare(context, configuration)
            writer = context
        } else if configuration.isReadOnly {
            maximumReaderCount = max(1, configuration.maximumReaderCount)
            writer = nil
            // Open one reader now, so that a missing or broken file fails here.
            let reader = try Self.openReader(path: path!, configuration)
            idleReaders.append(reader)
            openReaderCount = 1
        } else {
            maximumReaderCount = max(1, configuration.maximumReaderCount)
            var connection = configuration.connection
            connection.journalMode = .wal
            let context = try SQLContext(path: path, flags: [.create, .readWrite], configuration: connection)
            do {
                try context.exec(sql: "PRAGMA synchronous = \(configuration.synchronous.rawValue)")
                try Self.prepare(context, configuration)
            } catch {
                context.close()
                throw error
            }
            writer = context
        }
    }

    deinit {
        close()
    }

    /// Closes the pool: new work is refused from now on with ``SQLError/Code/misuse``,
    /// work in flight is waited for, then every connection closes. Idempotent.
    ///
    /// Don't call it from inside one of the pool's own closures: it would wait for itself.
    public func close() {
        state.lock()
        if connectionsAreClosed {
            state.unlock()
            return
        }
        isShuttingDown = true
        state.broadcast()
        while workInFlight > 0 { state.wait() }
        if connectionsAreClosed {
            state.unlock()
            return
        }
        connectionsAreClosed = true
        let readers = idleReaders
        idleReaders.removeAll()
        state.unlock()
        // Readers first, so that the writer, last to close, checkpoints the WAL.
        for reader in readers { reader.close() }
        writer?.close()
        observers.finishAll()
    }

    /// Whether the pool has been closed.
    public var isClosed: Bool { state.withLock { isShuttingDown } }

    // MARK: Connections

    static func prepare(_ context: SQLContext, _ configuration: Configuration) throws {
        context.connection.enableAccessTracking()
        try configuration.prepareConnection?(context)
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

    /// Takes the writer, waiting while someone else has it.
    func acquireWriter(for job: PoolJob?) throws -> SQLContext {
        state.lock()
        defer { state.unlock() }
        guard let writer else {
            throw SQLError(code: .readOnly, message: "the pool on \(path ?? ":memory:") is read-only: it cannot write")
        }
        let me = pthread_self()
        while true {
            if isShuttingDown { throw closedError() }
            if job?.isCancelled == true { throw CancellationError() }
            if !writerIsBusy { break }
            if let owner = writerOwner, pthread_equal(owner, me) != 0 {
                throw SQLError(
                    code: .misuse,
                    message: path == nil
                        ? "the in-memory pool is already in use by this thread: inside a pool closure, use the context it was given"
                        : "a write is already running on this thread: inside a write closure, use the context it was given")
            }
            state.wait()
        }
        writerIsBusy = true
        writerOwner = me
        workInFlight += 1
        return writer
    }

    func releaseWriter() {
        state.withLock {
            writerIsBusy = false
            writerOwner = nil
            workInFlight -= 1
            state.broadcast()
        }
    }

    /// Takes an idle reader, opening one if the pool may have more, or waits. An
    /// in-memory pool reads on its only connection.
    func acquireReader(for job: PoolJob?) throws -> SQLContext {
        if path == nil { return try acquireWriter(for: job) }
        state.lock()
        while true {
            if isShuttingDown {
                state.unlock()
                throw closedError()
            }
            if job?.isCancelled == true {
                state.unlock()
                throw CancellationError()
            }
            if let reader = idleReaders.popLast() {
                workInFlight += 1
                state.unlock()
                return reader
            }
            if openReaderCount < maximumReaderCount {
                openReaderCount += 1
                workInFlight += 1
                state.unlock()
                do {
                    return try Self.openReader(path: path!, configuration)
                } catch {
                    state.withLock {
                        openReaderCount -= 1
                        workInFlight -= 1
                        state.broadcast()
                    }
                    throw error
                }
            }
            state.wait()
        }
    }

    func releaseReader(_ reader: SQLContext) {
        if path == nil {
            releaseWriter()
            return
        }
        reader.rollbackIfActive()
        state.withLock {
            idleReaders.append(reader)
            workInFlight -= 1
            state.broadcast()
        }
    }

    /// Wakes threads waiting for a connection, so they see a cancellation.
    func wakeWaiters() {
        state.withLock { state.broadcast() }
    }
}
