import Logging

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
    ///
    /// A consumer slower than the writes never makes memory grow without bound, and never
    /// misses a change: once `bufferLimit` change sets wait for it, each further
    /// transaction is merged into the last one waiting (tables and rowids united,
    /// ``SQLChanges/transactionCount`` added up). It then sees every table and row that
    /// changed, in fewer, larger change sets.
    ///
    /// Changes follow savepoints: what a nested `transaction` (or a `SAVEPOINT` run in SQL)
    /// rolled back with `ROLLBACK TO` is not reported, rows nor tables, even though the
    /// transaction around it commits. Nor is what a statement that failed part way changed
    /// before SQLite rolled it back (an `OR FAIL` statement's rows, which SQLite keeps, are
    /// reported).
    ///
    /// Each iterator of the stream gets every change (see ``SQLChangeStream``).
    ///
    /// Commits made by other connections to the file (another process, another pool) are
    /// noticed too, within ``Configuration-swift.struct/externalChangePolling`` (250 ms by
    /// default): SQLite does not say what they changed, so each is one ``SQLChanges`` with
    /// ``SQLChanges/isExternal`` set and no tables; take it as "anything may have changed".
    /// The pool's own commits are never reported that way.
    public func changes(bufferLimit: Int = 1024) -> SQLChangeStream {
        let buffer = SQLChangeStream.Buffer(limit: bufferLimit)
        observers.addChangeSubscriber(buffer)
        return SQLChangeStream(buffer: buffer, registry: observers)
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
    ///
    /// Commits made by other connections to the file (another process, another pool) re-run
    /// it too, within ``Configuration-swift.struct/externalChangePolling`` (250 ms by
    /// default): SQLite does not say which tables they changed, so every observation runs
    /// again, and yields only if its result differs.
    ///
    /// With a generated database, `db.observe { tx in … }` offers the typed API in the
    /// closure, as a transaction does.
    public func observe<Value: Sendable & Equatable>(
        _ fetch: @escaping @Sendable (SQLContext) throws -> Value
    ) -> AsyncThrowingStream<Value, any Error> {
        observe(logging: nil, fetch)
    }

    /// ``observe(_:)``, each run of `fetch` logging to `logger` (see
    /// `write(logger:_:)`): a request's metadata is on the lines of the queries run
    /// for its observation.
    public func observe<Value: Sendable & Equatable>(
        logger: Logger, _ fetch: @escaping @Sendable (SQLContext) throws -> Value
    ) -> AsyncThrowingStream<Value, any Error> {
        observe(logging: logger, fetch)
    }

    private func observe<Value: Sendable & Equatable>(
        logging logger: Logger?, _ fetch: @escaping @Sendable (SQLContext) throws -> Value
    ) -> AsyncThrowingStream<Value, any Error> {
        AsyncThrowingStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
            let observer = QueryObserver(pool: self, fetch: fetch, logger: logger, continuation: continuation)
            if observers.addQueryObserver(observer) {
                continuation.onTermination = { [weak observer] _ in observer?.stop() }
                observer.refresh()
            } else if isClosed {
                continuation.finish(throwing: closedError())
            } else {
                continuation.finish() // endObservations() was called: no error, no value
            }
        }
    }

    /// Runs `fetch` in a read transaction on a reader, waiting for it as a suspended
    /// task, and returns the tables it read with its result.
    func readRecordingRegion<T: Sendable>(
        _ fetch: @escaping @Sendable (SQLContext) throws -> T, logger: Logger?
    ) async throws -> (T, Set<String>) {
        try await runAsync(
            PoolCall(requested: .reader, name: "read (for observe)", isAsync: true, waitIsBounded: false),
            logger: logger
        ) { context, _ in
            let recorder = ReadRecorder(forwardingTo: context.connection.observer)
            context.connection.observer = recorder
            defer { context.connection.observer = recorder.previous }
            let value = try self.readTransaction(context, fetch)
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
final class ObserverRegistry: Sendable {
    /// What the registry's lock guards.
    private struct State {
        var nextID: UInt64 = 0
        var changeSubscribers: [ObjectIdentifier: WeakChangeBuffer] = [:]
        var queryObservers: [UInt64: any QueryObserving] = [:]
        var isFinished = false
        /// The tracker installed on the writer, touched only by the writer's holder.
        var tracker: ChangeTracker?

        /// The change subscribers still iterating; forgets those that went away.
        mutating func liveChangeSubscribers() -> [SQLChangeStream.Buffer] {
            var live: [SQLChangeStream.Buffer] = []
            for (id, entry) in changeSubscribers {
                if let buffer = entry.buffer, !buffer.isFinished {
                    live.append(buffer)
                } else {
                    changeSubscribers[id] = nil
                }
            }
            return live
        }
    }

    private let state = LockedBox(State())
    /// Notices other connections' commits while someone observes; nil for an in-memory
    /// pool or with `externalChangePolling` nil.
    let watcher: ExternalCommitWatcher?

    init(watcher: ExternalCommitWatcher? = nil) {
        self.watcher = watcher
        watcher?.onExternalCommit = { [weak self] in self?.externalCommit() }
    }

    func addChangeSubscriber(_ buffer: SQLChangeStream.Buffer) {
        let finished = state.withLock { state in
            if !state.isFinished {
                state.changeSubscribers[ObjectIdentifier(buffer)] = WeakChangeBuffer(buffer: buffer)
                buffer.onEnd = { [weak self] in self?.subscribersChanged() }
                updatePolling(&state)
            }
            return state.isFinished
        }
        if finished { buffer.finish() }
    }

    /// Polls for other connections' commits while someone observes, and only then. With
    /// the lock held, so that the last change of who observes decides.
    private func updatePolling(_ state: inout State) {
        guard let watcher, !state.isFinished else { return }
        watcher.setActive(!state.liveChangeSubscribers().isEmpty || !state.queryObservers.isEmpty)
    }

    /// A change stream ended, or an observation: polling may stop.
    func subscribersChanged() {
        state.withLock { updatePolling(&$0) }
    }

    /// Whether the pool polls for other connections' commits now (for tests).
    var isPollingExternalChanges: Bool { watcher?.isPolling ?? false }

    /// Another connection committed: every change stream gets a change set that says so,
    /// every observation runs again.
    func externalCommit() {
        let (subscribers, observers) = state.withLock { ($0.liveChangeSubscribers(), Array($0.queryObservers.values)) }
        for subscriber in subscribers { subscriber.yield(.external) }
        for observer in observers { observer.tablesChanged(nil) }
    }

    /// Registers `observer`; false when the pool is closed already.
    func addQueryObserver(_ observer: any QueryObserving) -> Bool {
        state.withLock { state in
            if state.isFinished { return false }
            state.nextID += 1
            observer.id = state.nextID
            state.queryObservers[state.nextID] = observer
            updatePolling(&state)
            return true
        }
    }

    func removeQueryObserver(_ id: UInt64) {
        state.withLock { state in
            state.queryObservers.removeValue(forKey: id)
            updatePolling(&state)
        }
    }

    /// Called with the writer held, before the write: installs the change tracker when
    /// someone observes, removes it when nobody does.
    func prepareTracking(on context: SQLContext) -> ChangeTracker? {
        // The hooks are set outside the lock; only the writer's holder gets here, one at a
        // time, so nobody else changes the tracker meanwhile.
        let (active, current) = state.withLock {
            (!$0.liveChangeSubscribers().isEmpty || !$0.queryObservers.isEmpty, $0.tracker)
        }
        if active, current == nil {
            let tracker = ChangeTracker()
            tracker.install(on: context)
            state.withLock { $0.tracker = tracker }
            return tracker
        } else if !active, let current {
            current.uninstall(from: context)
            state.withLock { $0.tracker = nil }
            return nil
        }
        return current
    }

    /// Called with the writer held, after the write: hands each confirmed transaction to
    /// the subscribers, in commit order.
    func publish(from tracker: ChangeTracker?) {
        guard let tracker else {
            // Observers that arrived during an untracked write must not miss it.
            let observers = state.withLock { Array($0.queryObservers.values) }
            for observer in observers { observer.tablesChanged(nil) }
            return
        }
        let commits = tracker.takeConfirmed()
        guard !commits.isEmpty else { return }
        let (subscribers, observers) = state.withLock { ($0.liveChangeSubscribers(), Array($0.queryObservers.values)) }
        for subscriber in subscribers {
            for commit in commits { subscriber.yield(commit) }
        }
        let tables = commits.reduce(into: Set<String>()) { $0.formUnion($1.tables) }
        for observer in observers { observer.tablesChanged(tables) }
    }

    /// How many change-stream iterators and query observations are live now.
    var liveCount: Int {
        state.withLock { $0.liveChangeSubscribers().count + $0.queryObservers.count }
    }

    /// The pool closed, or observation ended (``SQLPool/endObservations()``): every stream
    /// ends, and streams made later end at once.
    func finishAll() {
        watcher?.close()
        let (subscribers, observers) = state.withLock { state in
            state.isFinished = true
            defer {
                state.changeSubscribers.removeAll()
                state.queryObservers.removeAll()
            }
            return (state.changeSubscribers.values.compactMap(\.buffer), Array(state.queryObservers.values))
        }
        for subscriber in subscribers { subscriber.finish() }
        for observer in observers { observer.poolDidClose() }
    }
}

/// Runs one observed query again whenever a commit touches its region, one run at a time,
/// and yields each new distinct result.
final class QueryObserver<Value: Sendable & Equatable>: QueryObserving, Sendable {
    /// What the observer's lock guards.
    private struct State {
        /// The registry's id of the observation.
        var id: UInt64 = 0
        weak var pool: SQLPool?
        /// The tables the last finished run read; nil before the first run ends (matches
        /// everything).
        var region: Set<String>?
        /// Tables changed by commits while a run was under way (nil: unknown tables). The
        /// run under way may read tables the last one did not, so these are checked against
        /// the region of that run once it ends.
        var changedDuringRun: Set<String>? = []
        var isDirty = false
        var isRunning = false
        var isStopped = false
        var last: Value?

        /// Whether another run is due. Commits made during the last run count when they
        /// touched what that run read.
        mutating func takeDirty() -> Bool {
            if let changed = changedDuringRun {
                if let region, !region.isDisjoint(with: changed) { isDirty = true }
                if region == nil, !changed.isEmpty { isDirty = true }
            } else {
                isDirty = true
            }
            changedDuringRun = []
            defer { isDirty = false }
            return isDirty
        }
    }

    private let state: LockedBox<State>
    private let fetch: @Sendable (SQLContext) throws -> Value
    private let logger: Logger?
    private let continuation: AsyncThrowingStream<Value, any Error>.Continuation

    init(
        pool: SQLPool, fetch: @escaping @Sendable (SQLContext) throws -> Value, logger: Logger?,
        continuation: AsyncThrowingStream<Value, any Error>.Continuation
    ) {
        var state = State()
        state.pool = pool
        self.state = LockedBox(state)
        self.fetch = fetch
        self.logger = logger
        self.continuation = continuation
    }

    var id: UInt64 {
        get { state.withLock { $0.id } }
        set { state.withLock { $0.id = newValue } }
    }

    func tablesChanged(_ tables: Set<String>?) {
        let matches = state.withLock { state in
            if state.isRunning {
                if let tables { state.changedDuringRun?.formUnion(tables) } else { state.changedDuringRun = nil }
                return false
            }
            guard let tables, let region = state.region else { return true }
            return !region.isDisjoint(with: tables)
        }
        if matches { refresh() }
    }

    /// Marks the result stale and starts a run unless one is under way (which will then
    /// run once more).
    func refresh() {
        let start = state.withLock { state in
            if state.isStopped { return false }
            state.isDirty = true
            if state.isRunning { return false }
            state.isRunning = true
            return true
        }
        if start {
            // The runs are the pool's own, not a task of the closure that may be starting
            // them (a write that commits, an `observe` inside a closure): without that
            // closure's mark, so that an in-memory pool, whose reader is its writer, waits
            // for the closure to end instead of refusing the run as a nested call.
            Task { await PoolTaskMark.$holding.withValue(nil) { await self.run() } }
        }
    }

    private func run() async {
        while true {
            let pool: SQLPool? = state.withLock { state in
                if state.isStopped || !state.takeDirty() {
                    state.isRunning = false
                    return nil
                }
                return state.pool
            }
            guard let pool else { return }
            do {
                let (value, tables) = try await pool.readRecordingRegion(fetch, logger: logger)
                let changed = state.withLock { state in
                    state.region = tables
                    if state.last == value { return false }
                    state.last = value
                    return !state.isStopped
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
        let (id, pool) = state.withLock { state in
            state.isStopped = true
            return (state.id, state.pool)
        }
        pool?.observers.removeQueryObserver(id)
    }

    func poolDidClose() {
        state.withLock { $0.isStopped = true }
        continuation.finish()
    }
}
