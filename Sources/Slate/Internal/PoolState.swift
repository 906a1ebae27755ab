/// The pool's leasing as a state machine: who holds which connection, who waits for one, in
/// what order, and what closing still has to do. No threads, no locks, no clocks: each
/// input (a request, a release, a cancellation, a wait limit passed, a close) changes the
/// state and returns the actions that follow (grant this connection to that waiter, fail
/// that one, close these connections), which ``SQLPool`` performs after its lock is
/// released. Tested without threads by enumerating interleavings (`PoolStateTests`).
///
/// - One writer, handed to one holder at a time; readers up to `maximumReaderCount`, an
///   idle one reused before a new one is opened (a grant with no connection: the holder
///   opens it, and reports a failure to with ``readerFailedToOpen()``).
/// - Each kind has a queue, first come first served: a connection given back goes to the
///   first waiter of its kind, never idle while someone waits, and a newcomer never
///   overtakes the queue. Only the waiter granted is woken.
/// - Closing fails every waiter and every later request, waits for the connections in
///   flight, then hands every connection to one closer, once. Every other closer waits
///   until that one says they are closed (``connectionsDidClose()``).
struct PoolState<Connection, Waiter> {
    /// Names a queued waiter, for its cancellation or its wait limit.
    typealias WaiterID = UInt64

    /// A connection granted: `connection` is nil for a reader the holder opens itself (the
    /// pool had room for one more).
    struct Lease {
        let kind: PoolConnectionKind
        let connection: Connection?
    }

    /// Why a waiter or a request failed.
    enum Failure: Equatable, Sendable {
        case closed
        case cancelled
        /// Its wait limit passed.
        case timedOut
        /// It asked for the writer of a pool without one.
        case readOnly
    }

    /// What a request got at once.
    enum RequestOutcome {
        case granted(Lease)
        /// Queued: it will be the waiter of exactly one `grant` or `fail` action later.
        case queued(WaiterID)
        case failed(Failure)
    }

    /// What the pool must do once its lock is released. Each waiter queued gets exactly one
    /// `grant` or `fail`; each closer that waited gets exactly one `finishClose`.
    enum Action {
        /// Hand `lease` to the waiter and wake it (it alone).
        case grant(Waiter, Lease)
        /// Wake the waiter with its failure.
        case fail(Waiter, Failure)
        /// The pool is closed and nothing is in flight: the first closer closes
        /// `connections` (readers first, the writer last), then calls
        /// ``connectionsDidClose()``, which wakes every other closer with none.
        case finishClose(Waiter, [Connection])
    }

    /// A registered async caller's fate before its request arrives.
    private enum Registration {
        case pending
        case cancelled
        case timedOut
    }

    private struct Queued {
        let id: WaiterID
        let waiter: Waiter
    }

    let maximumReaderCount: Int
    private let writer: Connection?
    private var writerIsBusy = false
    private var idleReaders: [Connection] = []
    private var openReaderCount = 0
    private var writerQueue = FIFO<Queued>()
    private var readerQueue = FIFO<Queued>()
    /// Connections granted and not yet given back.
    private(set) var workInFlight = 0
    private(set) var isShuttingDown = false
    /// Whether the connections were handed to a closer.
    private(set) var connectionsAreClosed = false
    /// Whether that closer closed them (``connectionsDidClose()``).
    private(set) var closeIsFinished = false
    /// Closers waiting for the connections (the first gets them) or for them to be closed.
    private var closers: [Waiter] = []
    private var registrations: [WaiterID: Registration] = [:]
    private var nextID: WaiterID = 0

    /// A pool of `writer` (nil: read-only) and at most `maximumReaderCount` readers, of
    /// which `openReaders` are open and idle now.
    init(writer: Connection?, maximumReaderCount: Int, openReaders: [Connection] = []) {
        self.writer = writer
        self.maximumReaderCount = maximumReaderCount
        idleReaders = openReaders
        openReaderCount = openReaders.count
    }

    /// How many async callers registered and did not request yet (for tests: none is left
    /// behind).
    var registeredCount: Int { registrations.count }

    /// How many wait for the writer and for a reader.
    var queuedCounts: (writer: Int, reader: Int) { (writerQueue.count, readerQueue.count) }

    // MARK: Inputs

    /// An id for a caller that may be cancelled or time out before its ``request(_:id:waiter:)``
    /// arrives (an async caller): what happens to the id meanwhile decides the request.
    mutating func register() -> WaiterID {
        let id = makeID()
        registrations[id] = .pending
        return id
    }

    /// A caller asks for a connection of `kind`: granted at once when one is free and no
    /// one of its kind waits, else queued (`waiter` is asked for only then). `id` is the
    /// caller's ``register()`` id, if it has one.
    mutating func request(_ kind: PoolConnectionKind, id: WaiterID? = nil, waiter: () -> Waiter) -> RequestOutcome {
        var registration = Registration.pending
        if let id, let fate = registrations.removeValue(forKey: id) { registration = fate }
        if registration == .cancelled { return .failed(.cancelled) }
        if isShuttingDown { return .failed(.closed) }
        switch kind {
        case .writer:
            guard let writer else { return .failed(.readOnly) }
            if !writerIsBusy, writerQueue.isEmpty {
                writerIsBusy = true
                workInFlight += 1
                return .granted(Lease(kind: .writer, connection: writer))
            }
        case .reader:
            if readerQueue.isEmpty, let lease = nextReaderLease() { return .granted(lease) }
        }
        // A free connection is taken whatever the clock said; a limit that passed before the
        // request means it waited long enough already.
        if registration == .timedOut { return .failed(.timedOut) }
        let queued = Queued(id: id ?? makeID(), waiter: waiter())
        if kind == .writer { writerQueue.append(queued) } else { readerQueue.append(queued) }
        return .queued(queued.id)
    }

    /// The holder of a `kind` connection gives it back (`connection`: the reader; ignored
    /// for the writer).
    mutating func release(_ kind: PoolConnectionKind, _ connection: Connection) -> [Action] {
        workInFlight -= 1
        var actions: [Action] = []
        switch kind {
        case .writer:
            if let next = writerQueue.popFirst() {
                workInFlight += 1
                actions.append(.grant(next.waiter, Lease(kind: .writer, connection: writer)))
            } else {
                writerIsBusy = false
            }
        case .reader:
            if let next = readerQueue.popFirst() {
                workInFlight += 1
                actions.append(.grant(next.waiter, Lease(kind: .reader, connection: connection)))
            } else {
                idleReaders.append(connection)
            }
        }
        finishClosingIfDone(&actions)
        return actions
    }

    /// A reader granted with no connection could not be opened: its room goes to the next
    /// reader waiter.
    mutating func readerFailedToOpen() -> [Action] {
        workInFlight -= 1
        openReaderCount -= 1
        var actions: [Action] = []
        if let next = readerQueue.popFirst() {
            openReaderCount += 1
            workInFlight += 1
            actions.append(.grant(next.waiter, Lease(kind: .reader, connection: nil)))
        }
        finishClosingIfDone(&actions)
        return actions
    }

    /// The caller `id` gave up (its task was cancelled): failed if it still waits; nothing
    /// if it was granted or failed already.
    mutating func cancel(_ id: WaiterID) -> Action? {
        giveUp(id, .cancelled)
    }

    /// The wait limit of caller `id` passed: failed if it still waits; nothing if it was
    /// granted or failed already.
    mutating func timeOut(_ id: WaiterID) -> Action? {
        giveUp(id, .timedOut)
    }

    /// Closes: every waiter fails, later requests fail. When nothing is in flight, the
    /// closer gets the connections at once (a `finishClose` in the actions); otherwise it
    /// waits for its `finishClose` (`closerWaits`): with the connections, or, when another
    /// closer got them, with none once that one closed them. A closer that comes once they
    /// are closed neither waits nor gets any.
    mutating func close(by closer: Waiter) -> (actions: [Action], closerWaits: Bool) {
        if closeIsFinished { return ([], false) }
        let handedBefore = connectionsAreClosed
        isShuttingDown = true
        var actions: [Action] = []
        for queued in writerQueue.removeAll() + readerQueue.removeAll() {
            actions.append(.fail(queued.waiter, .closed))
        }
        closers.append(closer)
        finishClosingIfDone(&actions)
        // Handed the connections now: the finishClose in `actions` is this closer's.
        return (actions, handedBefore || !connectionsAreClosed)
    }

    /// The closer handed the connections closed them: every other closer is woken (with
    /// none). Once only, by that closer.
    mutating func connectionsDidClose() -> [Action] {
        guard connectionsAreClosed, !closeIsFinished else { return [] }
        closeIsFinished = true
        defer { closers.removeAll() }
        return closers.map { .finishClose($0, []) }
    }

    // MARK: Helpers

    private mutating func makeID() -> WaiterID {
        nextID += 1
        return nextID
    }

    /// An idle reader, or room to open one, or nil when every reader is busy.
    private mutating func nextReaderLease() -> Lease? {
        if let reader = idleReaders.popLast() {
            workInFlight += 1
            return Lease(kind: .reader, connection: reader)
        }
        if openReaderCount < maximumReaderCount {
            openReaderCount += 1
            workInFlight += 1
            return Lease(kind: .reader, connection: nil)
        }
        return nil
    }

    private mutating func giveUp(_ id: WaiterID, _ failure: Failure) -> Action? {
        if let registration = registrations[id] {
            // Not requested yet: the request fails when it comes (a cancellation wins over
            // a wait limit).
            if registration == .pending || failure == .cancelled {
                registrations[id] = failure == .cancelled ? .cancelled : .timedOut
            }
            return nil
        }
        var found: Waiter?
        let match = { (queued: Queued) -> Bool in
            guard queued.id == id else { return false }
            found = queued.waiter
            return true
        }
        if writerQueue.removeFirst(where: match) || readerQueue.removeFirst(where: match), let found {
            return .fail(found, failure)
        }
        return nil
    }

    /// Once closing and nothing is in flight: every connection to the first closer; the
    /// others wait for ``connectionsDidClose()``.
    private mutating func finishClosingIfDone(_ actions: inout [Action]) {
        guard isShuttingDown, workInFlight == 0, !connectionsAreClosed, !closers.isEmpty else { return }
        connectionsAreClosed = true
        var connections = idleReaders
        idleReaders.removeAll()
        if let writer { connections.append(writer) }
        actions.append(.finishClose(closers.removeFirst(), connections))
    }
}
