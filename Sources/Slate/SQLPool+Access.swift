import Dispatch

extension SQLPool {
    // MARK: Synchronous

    /// Runs `body` with the writer in one `BEGIN IMMEDIATE` transaction: it commits when
    /// `body` returns and rolls back, rethrowing, when it throws. Waits while another
    /// write runs.
    public func write<T>(_ body: (SQLContext) throws -> T) throws -> T {
        try withWriter(job: nil) { context in
            try context.transaction(.immediate) { try body(context) }
        }
    }

    /// Runs `body` with the writer and no transaction around it, for what cannot run in
    /// one (`VACUUM`, `PRAGMA foreign_keys`, migrations that manage their own). Each
    /// statement commits on its own unless `body` opens a transaction; one still open
    /// when `body` ends is rolled back.
    public func writeWithoutTransaction<T>(_ body: (SQLContext) throws -> T) throws -> T {
        try withWriter(job: nil, body)
    }

    /// Runs `body` with a reader in one read transaction: every query in it sees the same
    /// snapshot of the database. Reads run beside each other and beside the writer, and
    /// never wait for it. Writing in `body` fails (`SQLITE_READONLY`).
    public func read<T>(_ body: (SQLContext) throws -> T) throws -> T {
        try withReader(job: nil) { context in try readTransaction(context, body) }
    }

    /// Runs `body` with a reader and no transaction around it: each statement sees its own
    /// snapshot. Right for a closure that runs one statement (it saves the `BEGIN` and
    /// `COMMIT`); use ``read(_:)-(_)`` for anything that reads more than once.
    public func readWithoutTransaction<T>(_ body: (SQLContext) throws -> T) throws -> T {
        try readWithoutTransaction(job: nil, body)
    }

    func readWithoutTransaction<T>(job: PoolJob?, _ body: (SQLContext) throws -> T) throws -> T {
        try withReader(job: job) { context in
            if path == nil {
                try context.exec(sql: "PRAGMA query_only = 1")
                defer { try? context.exec(sql: "PRAGMA query_only = 0") }
                return try body(context)
            }
            return try body(context)
        }
    }

    // MARK: Asynchronous

    /// ``write(_:)-(_)`` for async code: `body` runs on a worker thread, not on the
    /// caller's task. Cancelling the task interrupts the running statement, rolls back,
    /// and throws `CancellationError`.
    public func write<T: Sendable>(_ body: @escaping @Sendable (SQLContext) throws -> T) async throws -> T {
        try await runAsync { job in
            try self.withWriter(job: job) { context in
                try context.transaction(.immediate) {
                    let result = try body(context)
                    if job.isCancelled { throw CancellationError() }
                    return result
                }
            }
        }
    }

    /// ``writeWithoutTransaction(_:)-(_)`` for async code.
    public func writeWithoutTransaction<T: Sendable>(_ body: @escaping @Sendable (SQLContext) throws -> T) async throws -> T {
        try await runAsync { job in try self.withWriter(job: job, body) }
    }

    /// ``read(_:)-(_)`` for async code: `body` runs on a worker thread. Cancelling the task
    /// interrupts the running statement and throws `CancellationError`.
    public func read<T: Sendable>(_ body: @escaping @Sendable (SQLContext) throws -> T) async throws -> T {
        try await runAsync { job in
            try self.withReader(job: job) { context in try self.readTransaction(context, body) }
        }
    }

    /// ``readWithoutTransaction(_:)-(_)`` for async code.
    public func readWithoutTransaction<T: Sendable>(_ body: @escaping @Sendable (SQLContext) throws -> T) async throws -> T {
        try await runAsync { job in try self.readWithoutTransaction(job: job, body) }
    }

    /// Closes the pool from async code, waiting for work in flight off the caller's task.
    public func close() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                self.close()
                continuation.resume()
            }
        }
    }

    // MARK: Internals

    func withWriter<T>(job: PoolJob?, _ body: (SQLContext) throws -> T) throws -> T {
        let context = try acquireWriter(for: job)
        defer { releaseWriter() }
        let tracker = observers.prepareTracking(on: context)
        do {
            try job?.attach(context.connection)
            defer { job?.detach() }
            let result = try body(context)
            context.rollbackIfActive()
            observers.publish(from: tracker)
            return result
        } catch {
            context.rollbackIfActive()
            observers.publish(from: tracker)
            throw job?.translate(error) ?? error
        }
    }

    func withReader<T>(job: PoolJob?, _ body: (SQLContext) throws -> T) throws -> T {
        let context = try acquireReader(for: job)
        defer { releaseReader(context) }
        do {
            try job?.attach(context.connection)
            defer { job?.detach() }
            return try body(context)
        } catch {
            throw job?.translate(error) ?? error
        }
    }

    /// One read transaction around `body`. The snapshot starts at once, not at the first
    /// query of `body`. An in-memory pool guards its only connection with `query_only`.
    func readTransaction<T>(_ context: SQLContext, _ body: (SQLContext) throws -> T) throws -> T {
        let guardsWrites = path == nil
        if guardsWrites { try context.exec(sql: "PRAGMA query_only = 1") }
        defer { if guardsWrites { try? context.exec(sql: "PRAGMA query_only = 0") } }
        try context.exec(sql: "BEGIN DEFERRED TRANSACTION")
        do {
            try context.exec(sql: "SELECT 1 FROM sqlite_schema LIMIT 1")
            let result = try body(context)
            try context.exec(sql: "COMMIT TRANSACTION")
            return result
        } catch {
            context.rollbackIfActive()
            throw error
        }
    }

    /// Runs `work` on a worker thread and awaits it; the task's cancellation reaches the
    /// job.
    func runAsync<T: Sendable>(_ work: @escaping @Sendable (PoolJob) throws -> T) async throws -> T {
        try Task.checkCancellation()
        let job = PoolJob(pool: self)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                DispatchQueue.global().async {
                    continuation.resume(with: Result { try work(job) })
                }
            }
        } onCancel: {
            job.cancel()
        }
    }
}

/// One async call on the pool: knows whether its task was cancelled and which connection
/// to interrupt.
final class PoolJob: @unchecked Sendable {
    private let lock = ConditionLock()
    private var cancelled = false
    private var connection: SQLConnection?
    private weak var pool: SQLPool?

    init(pool: SQLPool) {
        self.pool = pool
    }

    var isCancelled: Bool { lock.withLock { cancelled } }

    /// The task was cancelled: interrupt the statement running for it, and wake it if it
    /// waits for a connection.
    func cancel() {
        lock.withLock {
            cancelled = true
            connection?.interrupt()
        }
        pool?.wakeWaiters()
    }

    /// The job now runs on `connection`; throws if it was cancelled already.
    func attach(_ connection: SQLConnection) throws {
        try lock.withLock {
            if cancelled { throw CancellationError() }
            self.connection = connection
        }
    }

    func detach() {
        lock.withLock { connection = nil }
    }

    /// An interrupt caused by cancellation surfaces as `CancellationError`.
    func translate(_ error: any Error) -> any Error {
        if isCancelled, error is CancellationError || SQLError.Code.interrupt ~= error {
            return CancellationError()
        }
        return error
    }
}
