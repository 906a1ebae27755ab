import Dispatch

extension SQLPool {
    /// What each committed write transaction changed, in commit order, from now until the
    /// pool closes or you stop iterating.
    ///
    /// ```swift
    /// for await change in pool.changes() {
    ///     if change.tables.contains("notes") { reload() }
    /// }
    /// ```
    ///
    /// The changes come from SQLite's update, commit and rollback hooks on the writer, and
    /// from its authorizer: nothing from a transaction that rolled back (or whose commit
    /// failed) ever appears. While nobody observes, the writer runs without hooks.
    public func changes() -> AsyncStream<SQLChanges> {
        AsyncStream(bufferingPolicy: .unbounded) { continuation in
            let id = observers.addChangeSubscriber(continuation)
            continuation.onTermination = { [weak registry = observers] _ in
                registry?.removeChangeSubscriber(id)
            }
        }
    }

    /// The result of `fetch`, now and again after each commit that changed a table it
    /// reads, skipping results equal to the last one.
    ///
    /// ```swift
    /// for try await count in pool.observe({ ctx in try ctx.query(sql: "SELECT count(*) FROM notes") }) {
    ///     label.text = "\(count[0][0])"
    /// }
    /// ```
    ///
    /// The tables `fetch` reads are found by SQLite's authorizer as it runs (views and all),
    /// not by parsing SQL, and found anew at each run. `fetch` runs in a read transaction on
    /// a reader, off the caller's task. After the last commit, the final state is always
    /// delivered; in between, quick successive commits may be coalesced. The stream ends
    /// when the pool closes, and fails with the error `fetch` throws.
    public func observe<Value: Sendable & Equatable>(
        _ fetch: @escaping @Sendable (SQLContext) throws -> Value
    ) -> AsyncThrowingStream<Value, any Error> {
        AsyncThrowingStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
            let observer = QueryObserver(pool: self, fetch: fetch, continuation: continuation)
            if observers.addQueryObserver(observer) {
                continuation.onTermination = { [weak observer] _ in observer?.stop() }
                observer.refresh()
            } else {
                continuation.finish(throwing: closedError())
            }
        }
    }

    /// Runs `fetch` in a read transaction and returns the tables it read with its result.
    func readRecordingRegion<T>(_ fetch: (SQLContext) throws -> T) throws -> (T, Set<String>) {
        try withReader(job: nil) { context in
            let recorder = ReadRecorder(forwardingTo: context.connection.observer)
            context.connection.observer = recorder
            defer { context.connection.observer = recorder.previous }
            let value = try readTransaction(context, fetch)
            return (value, recorder.tables)
        }
    }
}

/// A query observation: what the pool tells after a commit.
protocol QueryObserving: AnyObject, Sendable {
    var id: UInt64 { get set }
    /// Tables changed by a commit; nil when which tables is unknown.
    func tablesChanged(_ tables: Set<String>?)
    /// The pool closes.
    func poolDidClose()
}

/// The pool's subscribers: change streams and query observations.
final class ObserverRegistry: @unchecked Sendable {
    private let lock = ConditionLock()
    private var nextID: UInt64 = 0
    private var changeSubscribers: [UInt64: AsyncStream<SQLChanges>.Continuation] = [:]
    private var queryObservers: [UInt64: any QueryObserving] = [:]
    private var isFinished = false
    /// The tracker installed on the writer, touched only by the writer's holder.
    private var tracker: ChangeTracker?

    private var isActive: Bool {
        lock.withLock { !changeSubscribers.isEmpty || !queryObservers.isEmpty }
    }

    func addChangeSubscriber(_ continuation: AsyncStream<SQLChanges>.Continuation) -> UInt64 {
        lock.withLock {
            nextID += 1
            if isFinished {
                continuation.finish()
            } else {
                changeSubscribers[nextID] = continuation
            }
            return nextID
        }
    }

    func removeChangeSubscriber(_ id: UInt64) {
        _ = lock.withLock { changeSubscribers.removeValue(forKey: id) }
    }

    /// Registers `observer`; false when the pool is closed already.
    func addQueryObserver(_ observer: any QueryObserving) -> Bool {
        lock.withLock {
            if isFinished { return false }
            nextID += 1
            observer.id = nextID
            queryObservers[nextID] = observer
            return true
        }
    }

    func removeQueryObserver(_ id: UInt64) {
        _ = lock.withLock { queryObservers.removeValue(forKey: id) }
    }

    /// Called with the writer held, before the write: installs the change tracker when
    /// someone observes, removes it when nobody does.
    func prepareTracking(on context: SQLContext) -> ChangeTracker? {
        let active = isActive
        if active, tracker == nil {
            let tracker = ChangeTracker()
            tracker.install(on: context)
            self.tracker = tracker
        } else if !active, let tracker {
            tracker.uninstall(from: context)
            self.tracker = nil
        }
        return tracker
    }

    /// Called with the writer held, after the write: hands each confirmed transaction to
    /// the subscribers, in commit order.
    func publish(from tracker: ChangeTracker?) {
        guard let tracker else {
            // Observers that arrived during an untracked write must not miss it.
            let observers = lock.withLock { Array(queryObservers.values) }
            for observer in observers { observer.tablesChanged(nil) }
            return
        }
        let commits = tracker.takeConfirmed()
        guard !commits.isEmpty else { return }
        let (subscribers, observers) = lock.withLock { (Array(changeSubscribers.values), Array(queryObservers.values)) }
        for commit in commits {
            for subscriber in subscribers { subscriber.yield(commit) }
        }
        let tables = commits.reduce(into: Set<String>()) { $0.formUnion($1.tables) }
        for observer in observers { observer.tablesChanged(tables) }
    }

    /// The pool closed: every stream ends.
    func finishAll() {
        let (subscribers, observers) = lock.withLock {
            isFinished = true
            defer {
                changeSubscribers.removeAll()
                queryObservers.removeAll()
            }
            return (Array(changeSubscribers.values), Array(queryObservers.values))
        }
        for subscriber in subscribers { subscriber.finish() }
        for observer in observers { observer.poolDidClose() }
    }
}

/// Runs one observed query again whenever a commit touches its region, one run at a time,
/// and yields each new distinct result.
final class QueryObserver<Value: Sendable & Equatable>: QueryObserving, @unchecked Sendable {
    var id: UInt64 = 0
    private let lock = ConditionLock()
    private weak var pool: SQLPool?
    private let fetch: @Sendable (SQLContext) throws -> Value
    private let continuation: AsyncThrowingStream<Value, any Error>.Continuation
    /// The tables the last run read; nil before the first run ends (matches everything).
    private var region: Set<String>?
    private var isDirty = false
    private var isRunning = false
    private var isStopped = false
    private var last: Value?

    init(pool: SQLPool, fetch: @escaping @Sendable (SQLContext) throws -> Value,
         continuation: AsyncThrowingStream<Value, any Error>.Continuation) {
        self.pool = pool
        self.fetch = fetch
        self.continuation = continuation
    }

    func tablesChanged(_ tables: Set<String>?) {
        let matches = lock.withLock {
            guard let tables, let region else { return true }
            return !region.isDisjoint(with: tables)
        }
        if matches { refresh() }
    }

    /// Marks the result stale and starts a run unless one is under way (which will then
    /// run once more).
    func refresh() {
        let start = lock.withLock {
            if isStopped { return false }
            isDirty = true
            if isRunning { return false }
            isRunning = true
            return true
        }
        if start {
            DispatchQueue.global().async { self.run() }
        }
    }

    private func run() {
        while true {
            let proceed = lock.withLock {
                if isStopped || !isDirty {
                    isRunning = false
                    return false
                }
                isDirty = false
                return true
            }
            guard proceed, let pool else { return }
            do {
                let (value, tables) = try pool.readRecordingRegion(fetch)
                let changed = lock.withLock {
                    region = tables
                    if last == value { return false }
                    last = value
                    return !isStopped
                }
                if changed { continuation.yield(value) }
            } catch {
                stop()
                if pool.isClosed {
                    continuation.finish()
                } else {
                    continuation.finish(throwing: error)
                }
                return
            }
        }
    }

    /// The consumer went away, or the run failed: no more runs.
    func stop() {
        let id = lock.withLock {
            isStopped = true
            return self.id
        }
        pool?.observers.removeQueryObserver(id)
    }

    func poolDidClose() {
        lock.withLock { isStopped = true }
        continuation.finish()
    }
}
