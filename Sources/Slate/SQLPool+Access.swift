import Dispatch
import Logging

extension SQLPool {
    // MARK: Synchronous

    /// Runs `body` with the writer in one `BEGIN IMMEDIATE` transaction: it commits when
    /// `body` returns and rolls back, rethrowing, when it throws. Waits on this thread,
    /// in turn, while other writes run or wait.
    ///
    /// The result must be `Sendable`: the context, and statements and cursors made from it,
    /// belong to the pool and cannot leave the closure.
    public func write<T: Sendable>(_ body: (SQLContext) throws -> T) throws -> T {
        try withConnection(.write(async: false), job: nil) { context in
            try context.transaction(.immediate) { try body(context) }
        }
    }

    /// Runs `body` with the writer and no transaction around it, for what cannot run in
    /// one (`VACUUM`, `PRAGMA foreign_keys`, migrations that manage their own). Each
    /// statement commits on its own unless `body` opens a transaction; one still open
    /// when `body` ends is rolled back.
    public func writeWithoutTransaction<T: Sendable>(_ body: (SQLContext) throws -> T) throws -> T {
        try withConnection(
            PoolCall(requested: .writer, name: "writeWithoutTransaction", isAsync: false), job: nil, body)
    }

    /// Runs `body` with a reader in one read transaction: every query in it sees the same
    /// snapshot of the database. Reads run beside each other and beside the writer, and
    /// never wait for it, nor for queued writes. Writing in `body` fails
    /// (`SQLITE_READONLY`).
    public func read<T: Sendable>(_ body: (SQLContext) throws -> T) throws -> T {
        try withConnection(.read(async: false), job: nil) { context in try readTransaction(context, body) }
    }

    /// Runs `body` with a reader and no transaction around it: each statement sees its own
    /// snapshot. Right for a closure that runs one statement (it saves the `BEGIN` and
    /// `COMMIT`); use `read(_:)` for anything that reads more than once.
    ///
    /// Inlinable, so that a closure walking many rows (a typed `forEach`) compiles into
    /// the caller with its loop: only taking and giving back the reader are calls.
    @inlinable
    public func readWithoutTransaction<T: Sendable>(_ body: (SQLContext) throws -> T) throws -> T {
        let context = try takeReaderAlone()
        defer { giveBackReaderAlone(context) }
        if path == nil { return try markingTheWriter(context, body) }
        return try body(context)
    }

    // MARK: Asynchronous

    /// ``write(_:)-(_)`` for async code. While it waits for the writer, the task is
    /// suspended (no thread is held); then `body` runs on a worker thread. Writes are
    /// served in the order they were asked for. Cancelling the task while it waits
    /// takes it out of the queue; while `body` runs, interrupts the running statement and
    /// rolls back. Either way it throws `CancellationError`.
    public func write<T: Sendable>(_ body: @escaping @Sendable (SQLContext) throws -> T) async throws -> T {
        try await runAsync(.write(async: true)) { context, job in
            try context.transaction(.immediate) {
                let result = try body(context)
                if job.isCancelled { throw CancellationError() }
                return result
            }
        }
    }

    /// ``writeWithoutTransaction(_:)-(_)`` for async code.
    public func writeWithoutTransaction<T: Sendable>(
        _ body: @escaping @Sendable (SQLContext) throws -> T
    ) async throws -> T {
        try await runAsync(PoolCall(requested: .writer, name: "writeWithoutTransaction", isAsync: true)) { context, _ in
            try body(context)
        }
    }

    /// ``read(_:)-(_)`` for async code: waits for a reader as a suspended task, then runs
    /// `body` on a worker thread. Cancelling the task takes it out of the queue, or
    /// interrupts the running statement, and throws `CancellationError`.
    public func read<T: Sendable>(_ body: @escaping @Sendable (SQLContext) throws -> T) async throws -> T {
        try await runAsync(.read(async: true)) { context, _ in try self.readTransaction(context, body) }
    }

    /// ``readWithoutTransaction(_:)-(_)`` for async code.
    public func readWithoutTransaction<T: Sendable>(
        _ body: @escaping @Sendable (SQLContext) throws -> T
    ) async throws -> T {
        try await runAsync(PoolCall(requested: .reader, name: "readWithoutTransaction", isAsync: true)) { context, _ in
            try self.readAlone(context, body)
        }
    }

    /// Closes the pool from async code, waiting for work in flight off the caller's task.
    public func close() async {
        // The task's mark goes along: from a task started inside a pool closure, the close
        // cannot wait for that closure (see `close()`).
        let holding = PoolTaskMark.holding
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            SQLPool.workerQueue().async {
                PoolTaskMark.$holding.withValue(holding) { self.close() }
                continuation.resume()
            }
        }
    }

    // MARK: With a logger of the call's own

    /// `write(_:)`, logging to `logger` while it runs: every statement of `body`
    /// (and the `BEGIN` and `COMMIT` around it) logs to `logger`, at the levels of
    /// ``SQLContext/Configuration/logLevels``, instead of the connection's logger, so that
    /// the metadata of `logger` (a request id) is on Slate's lines. The connection's own
    /// logger is back when the call ends, whether `body` returns, throws or is cancelled.
    public func write<T: Sendable>(logger: Logger, _ body: (SQLContext) throws -> T) throws -> T {
        try withConnection(.write(async: false), job: nil, logger: logger) { context in
            try context.transaction(.immediate) { try body(context) }
        }
    }

    /// `read(_:)`, logging to `logger` while it runs (see `write(logger:_:)`).
    public func read<T: Sendable>(logger: Logger, _ body: (SQLContext) throws -> T) throws -> T {
        try withConnection(.read(async: false), job: nil, logger: logger) { context in
            try readTransaction(context, body)
        }
    }

    /// `write(_:)` for async code, logging to `logger` while it runs (see
    /// `write(logger:_:)`).
    public func write<T: Sendable>(
        logger: Logger, _ body: @escaping @Sendable (SQLContext) throws -> T
    ) async throws -> T {
        try await runAsync(.write(async: true), logger: logger) { context, job in
            try context.transaction(.immediate) {
                let result = try body(context)
                if job.isCancelled { throw CancellationError() }
                return result
            }
        }
    }

    /// `read(_:)` for async code, logging to `logger` while it runs (see
    /// `write(logger:_:)`).
    public func read<T: Sendable>(
        logger: Logger, _ body: @escaping @Sendable (SQLContext) throws -> T
    ) async throws -> T {
        try await runAsync(.read(async: true), logger: logger) { context, _ in try self.readTransaction(context, body) }
    }

    /// `writeWithoutTransaction(_:)` for async code, logging to `logger` while it runs
    /// (see `write(logger:_:)`).
    public func writeWithoutTransaction<T: Sendable>(
        logger: Logger, _ body: @escaping @Sendable (SQLContext) throws -> T
    ) async throws -> T {
        try await runAsync(PoolCall(requested: .writer, name: "writeWithoutTransaction", isAsync: true), logger: logger)
        { context, _ in
            try body(context)
        }
    }

    /// `readWithoutTransaction(_:)` for async code, logging to `logger` while it runs
    /// (see `write(logger:_:)`).
    public func readWithoutTransaction<T: Sendable>(
        logger: Logger, _ body: @escaping @Sendable (SQLContext) throws -> T
    ) async throws -> T {
        try await runAsync(PoolCall(requested: .reader, name: "readWithoutTransaction", isAsync: true), logger: logger)
        { context, _ in
            try self.readAlone(context, body)
        }
    }

    // MARK: Internals

    /// Takes a connection for `call` on this thread, runs `body` with it, gives it back.
    func withConnection<T>(
        _ call: PoolCall, job: PoolJob?, logger: Logger? = nil, _ body: (SQLContext) throws -> T
    ) throws -> T {
        let lease = try acquire(call)
        return try use(lease, for: call, job: job, logger: logger, body)
    }

    /// Runs `body` with the connection of `lease` on this thread (marked as holding it, and
    /// the task too: see ``PoolTaskMark``), then gives it back. With a `logger`, the
    /// connection logs to it until the lease ends, however it ends.
    func use<T>(
        _ lease: PoolLease, for call: PoolCall, job: PoolJob?, logger: Logger? = nil, _ body: (SQLContext) throws -> T
    ) throws -> T {
        let context: SQLContext
        do {
            context = try self.context(of: lease)
        } catch {
            throw job?.translate(error) ?? error
        }
        defer { release(lease, context) }
        // One swap per lease, none without a logger; given back before the connection is.
        let ownLogger = logger == nil ? nil : context.swapLogger(logger)
        defer { if logger != nil { _ = context.swapLogger(ownLogger) } }
        let holding = holding(for: call)
        defer { endHolding(holding) }
        return try PoolTaskMark.$holding.withValue(holding) {
            lease.kind == .writer ? try useWriter(context, job: job, body) : try useReader(context, job: job, body)
        }
    }

    private func useWriter<T>(_ context: SQLContext, job: PoolJob?, _ body: (SQLContext) throws -> T) throws -> T {
        let tracker = observers.prepareTracking(on: context)
        let watcher = observers.watcher
        let watch = watcher?.writeWillBegin(context)
        do {
            try job?.attach(context.connection)
            defer { job?.detach() }
            let result = try body(context)
            context.rollbackIfActive()
            observers.publish(from: tracker)
            if let watch { watcher?.writeDidEnd(context, watch) }
            return result
        } catch {
            context.rollbackIfActive()
            observers.publish(from: tracker)
            if let watch { watcher?.writeDidEnd(context, watch) }
            throw job?.translate(error) ?? error
        }
    }

    private func useReader<T>(_ context: SQLContext, job: PoolJob?, _ body: (SQLContext) throws -> T) throws -> T {
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
        try readAlone(context) { context in
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
    }

    /// Takes a reader on this thread for ``readWithoutTransaction(_:)-(_)``, as
    /// ``withConnection(_:job:_:)`` and ``readAlone(_:_:)`` do for the other calls: the
    /// thread is marked as holding it, and an in-memory pool's only connection is guarded
    /// with `query_only`. Give it back with ``giveBackReaderAlone(_:)``.
    @usableFromInline
    func takeReaderAlone() throws -> SQLContext {
        let lease = try acquire(PoolCall(requested: .reader, name: "readWithoutTransaction", isAsync: false))
        let context = try self.context(of: lease)
        do {
            try guardAgainstWrites(context)
        } catch {
            release(lease, context)
            throw error
        }
        return context
    }

    /// `body` with the task marked as holding the writer (see ``PoolTaskMark``): an
    /// in-memory pool's `readWithoutTransaction` holds its only connection, so a `Task`
    /// started inside that asks for the pool is refused at once, as inside `read`.
    @usableFromInline
    func markingTheWriter<T>(_ context: SQLContext, _ body: (SQLContext) throws -> T) throws -> T {
        let holding = holding(for: PoolCall(requested: .reader, name: "readWithoutTransaction", isAsync: false))
        defer { endHolding(holding) }
        return try PoolTaskMark.$holding.withValue(holding) { try body(context) }
    }

    /// Gives back a reader taken by ``takeReaderAlone()``.
    @usableFromInline
    func giveBackReaderAlone(_ context: SQLContext) {
        if path == nil {
            // The writer, lent for a read: a transaction the body left open ends here, as
            // after a write (a reader's ends in `releaseReader`).
            context.rollbackIfActive()
        }
        stopGuardingAgainstWrites(context)
        release(PoolLease(kind: connectionKind(for: .reader), context: context), context)
    }

    /// `body` on a reader without a transaction; an in-memory pool guards its only
    /// connection with `query_only`.
    func readAlone<T>(_ context: SQLContext, _ body: (SQLContext) throws -> T) throws -> T {
        try guardAgainstWrites(context)
        defer { stopGuardingAgainstWrites(context) }
        return try body(context)
    }

    /// An in-memory pool's only connection, lent for a read, refuses writes
    /// (`query_only`); a reader of a file refuses them already (it is opened read-only).
    private func guardAgainstWrites(_ context: SQLContext) throws {
        guard path == nil else { return }
        try context.exec(sql: "PRAGMA query_only = 1")
    }

    /// Ends ``guardAgainstWrites(_:)``.
    private func stopGuardingAgainstWrites(_ context: SQLContext) {
        guard path == nil else { return }
        try? context.exec(sql: "PRAGMA query_only = 0")
    }

    /// A queue to run one closure that holds a connection (or closes the pool).
    ///
    /// A serial queue of its own, which Dispatch serves from its overcommitting thread
    /// pool: a thread at once, even while other such closures block their threads in
    /// SQLite. `DispatchQueue.global()` would not do: on Linux its width is the number of
    /// cores, and threads blocked there leave later work waiting for up to seconds. The
    /// number of these closures running at once is bounded by the pool's connections.
    static func workerQueue() -> DispatchQueue {
        DispatchQueue(label: "Slate.SQLPool.connection")
    }

    /// Waits for a connection of `kind` as a suspended task, then runs `work` with it on a
    /// worker thread. The task's cancellation takes it out of the queue or interrupts
    /// `work`.
    func runAsync<T: Sendable>(
        _ call: PoolCall, logger: Logger? = nil, _ work: @escaping @Sendable (SQLContext, PoolJob) throws -> T
    ) async throws -> T {
        try Task.checkCancellation()
        let id = try registerAsync(call)
        let job = PoolJob()
        return try await withTaskCancellationHandler {
            // The wait limit: a timer that takes the waiter out of the queue.
            let timer = configuration.maximumWait.flatMap { limit -> DispatchWorkItem? in
                guard call.waitIsBounded else { return nil }
                let item = DispatchWorkItem { [weak self] in self?.timeOut(id, call) }
                DispatchQueue.global().asyncAfter(deadline: .now() + limit.dispatchInterval, execute: item)
                return item
            }
            let lease: PoolLease
            do {
                lease = try await acquire(id, call)
                timer?.cancel()
            } catch {
                timer?.cancel()
                throw error
            }
            return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                SQLPool.workerQueue().async {
                    self.markHolder(call)
                    continuation.resume(
                        with: Result {
                            try self.use(lease, for: call, job: job, logger: logger) { context in try work(context, job)
                            }
                        })
                }
            }
        } onCancel: {
            job.cancel()
            self.cancel(id)
        }
    }
}

/// One async call on the pool: knows whether its task was cancelled and which connection
/// to interrupt.
final class PoolJob: Sendable {
    /// Whether the task was cancelled, and the connection the job runs on.
    private let state = LockedBox<(cancelled: Bool, connection: SQLConnection?)>((false, nil))

    var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// The task was cancelled: interrupt the statement running for it.
    func cancel() {
        state.withLock { state in
            state.cancelled = true
            state.connection?.interrupt()
        }
    }

    /// The job now runs on `connection`; throws if it was cancelled already.
    func attach(_ connection: SQLConnection) throws {
        try state.withLock { state in
            if state.cancelled { throw CancellationError() }
            state.connection = connection
        }
    }

    func detach() {
        state.withLock { $0.connection = nil }
    }

    /// An interrupt caused by cancellation surfaces as `CancellationError`.
    func translate(_ error: any Error) -> any Error {
        if isCancelled,
            error is CancellationError || SQLError.Code.interrupt ~= error || SQLError.Code.abortRollback ~= error
        {
            return CancellationError()
        }
        return error
    }
}

extension Duration {
    /// The duration for Dispatch, to the nanosecond.
    var dispatchInterval: DispatchTimeInterval {
        .nanoseconds(Int(clamping: clampedCount(unitsPerSecond: 1_000_000_000)))
    }
}
