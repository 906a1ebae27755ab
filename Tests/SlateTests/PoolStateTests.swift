import Testing

@testable import Slate

/// The pool's leasing state machine, without threads: every order of a few callers'
/// events is explored (a depth-first search over interleavings), and after every event the
/// properties a pool must keep are checked — first come first served, no lost wake-up, no
/// connection held twice, every waiter woken exactly once, closing fails every waiter and
/// closes each connection once.
@Suite struct PoolStateTests {
    typealias State = PoolState<Int, Int>

    /// What a caller asks for and how it may give up while it waits.
    struct Caller {
        enum GiveUp { case never, cancel, timeOut }
        let kind: PoolConnectionKind
        /// An async caller registers first, so it can be cancelled or time out even before
        /// its request arrives.
        var isAsync = false
        var giveUp = GiveUp.never
    }

    /// One pool and its callers, explored in every order.
    struct Scenario {
        var callers: [Caller]
        var maximumReaderCount = 1
        /// A file pool has a writer and readers; nil writer: read-only.
        var hasWriter = true
        /// Whether a reader the caller opens itself may fail to open (explored both ways).
        var openMayFail = false
        var closes = false
    }

    enum Phase: Equatable {
        case idle
        case registered(State.WaiterID)
        case waiting(State.WaiterID, PoolConnectionKind)
        /// Holding `connection` (nil: room to open a reader, not opened yet).
        case holding(PoolConnectionKind, Int?)
        case released
        case failed(State.Failure)
    }

    /// The explorer's copy of the world: the machine and what each caller saw.
    struct World {
        var state: State
        var phases: [Phase]
        /// Queued callers of each kind in request order (for first come first served).
        var writerOrder: [Int] = []
        var readerOrder: [Int] = []
        var closeCalled = false
        var closerWaiting = false
        var closedConnections: [Int]?
        /// Every connection that exists: the writer (0) and each reader opened.
        var connections: [Int]
        var nextReader = 1
        /// Callers that gave up before their request (once is enough).
        var gaveUp: Set<Int> = []
        var trace: [String] = []
    }

    static let closer = -1

    /// Explores every interleaving of `scenario`; returns how many complete ones it checked.
    func explore(_ scenario: Scenario) -> Int {
        let writer: Int? = scenario.hasWriter ? 0 : nil
        let world = World(
            state: State(writer: writer, maximumReaderCount: scenario.maximumReaderCount),
            phases: Array(repeating: .idle, count: scenario.callers.count),
            connections: writer.map { [$0] } ?? [])
        var count = 0
        dfs(world, scenario, &count)
        return count
    }

    private func dfs(_ world: World, _ scenario: Scenario, _ count: inout Int) {
        var moved = false
        for (index, caller) in scenario.callers.enumerated() {
            switch world.phases[index] {
            case .idle:
                if caller.isAsync {
                    var next = world
                    next.phases[index] = .registered(next.state.register())
                    next.trace.append("register \(index)")
                    step(next, scenario, &count, &moved)
                }
                var next = world
                request(&next, index, caller, id: nil, scenario)
                step(next, scenario, &count, &moved)
            case .registered(let id):
                var next = world
                request(&next, index, caller, id: id, scenario)
                step(next, scenario, &count, &moved)
                if caller.giveUp != .never, !world.gaveUp.contains(index) {
                    var next = world
                    next.gaveUp.insert(index)
                    let action = caller.giveUp == .cancel ? next.state.cancel(id) : next.state.timeOut(id)
                    #expect(action == nil, "a registered caller is failed only when it requests: \(world.trace)")
                    next.trace.append("\(caller.giveUp) \(index) before its request")
                    step(next, scenario, &count, &moved)
                }
            case .waiting(let id, _):
                if caller.giveUp != .never {
                    var next = world
                    let action = caller.giveUp == .cancel ? next.state.cancel(id) : next.state.timeOut(id)
                    next.trace.append("\(caller.giveUp) \(index)")
                    guard let action else {
                        Issue.record("a waiting caller that gives up is failed: \(next.trace)")
                        continue
                    }
                    apply([action], &next, scenario)
                    step(next, scenario, &count, &moved)
                }
            case .holding(let kind, let connection):
                if kind == .reader, connection == nil {
                    // Opens its reader, then gives it back.
                    var next = world
                    let reader = next.nextReader
                    next.nextReader += 1
                    next.connections.append(reader)
                    next.phases[index] = .released
                    next.trace.append("open reader \(reader) and release it \(index)")
                    apply(next.state.release(.reader, reader), &next, scenario)
                    step(next, scenario, &count, &moved)
                    if scenario.openMayFail {
                        var next = world
                        next.phases[index] = .released
                        next.trace.append("reader fails to open \(index)")
                        apply(next.state.readerFailedToOpen(), &next, scenario)
                        step(next, scenario, &count, &moved)
                    }
                } else {
                    var next = world
                    next.phases[index] = .released
                    next.trace.append("release \(kind) \(connection!) \(index)")
                    apply(next.state.release(kind, connection!), &next, scenario)
                    step(next, scenario, &count, &moved)
                }
            case .released, .failed:
                break
            }
        }
        if scenario.closes, !world.closeCalled {
            var next = world
            next.closeCalled = true
            next.trace.append("close")
            let (actions, waits) = next.state.close(by: Self.closer)
            next.closerWaiting = waits
            // Every waiter fails at once.
            let failed = actions.compactMap { action -> Int? in
                if case .fail(let waiter, .closed) = action { return waiter }
                return nil
            }
            let waiting = next.phases.indices.filter { if case .waiting = next.phases[$0] { true } else { false } }
            #expect(failed.sorted() == waiting, "close fails every waiter: \(next.trace)")
            apply(actions, &next, scenario)
            #expect(
                waits == (next.closedConnections == nil),
                "the closer waits exactly when it got no connections: \(next.trace)")
            step(next, scenario, &count, &moved)
        }
        if !moved { finish(world, scenario, &count) }
    }

    private func step(_ world: World, _ scenario: Scenario, _ count: inout Int, _ moved: inout Bool) {
        moved = true
        check(world, scenario)
        dfs(world, scenario, &count)
    }

    private func request(
        _ world: inout World, _ index: Int, _ caller: Caller, id: State.WaiterID?, _ scenario: Scenario
    ) {
        world.trace.append("request \(caller.kind) \(index)")
        var asked = false
        let freeBefore = isFree(caller.kind, world, scenario)
        let queuedBefore = caller.kind == .writer ? world.state.queuedCounts.writer : world.state.queuedCounts.reader
        switch world.state.request(
            caller.kind, id: id,
            waiter: {
                asked = true; return index
            })
        {
        case .granted(let lease):
            #expect(!asked, "a waiter is made only for a queued request")
            #expect(!world.state.isShuttingDown)
            #expect(freeBefore && queuedBefore == 0, "granted at once only when free and no one waits: \(world.trace)")
            world.phases[index] = .holding(lease.kind, lease.connection)
        case .queued(let queuedID):
            #expect(asked)
            #expect(!(freeBefore && queuedBefore == 0), "a request is queued only when it must wait: \(world.trace)")
            if let id { #expect(queuedID == id) }
            world.phases[index] = .waiting(queuedID, caller.kind)
            if caller.kind == .writer { world.writerOrder.append(index) } else { world.readerOrder.append(index) }
        case .failed(let failure):
            world.phases[index] = .failed(failure)
            if case .registered = world.phases[index] {}
            switch failure {
            case .closed: #expect(world.closeCalled, "fails as closed only once closing: \(world.trace)")
            case .readOnly: #expect(!scenario.hasWriter && caller.kind == .writer)
            case .cancelled, .timedOut:
                #expect(id != nil, "only a registered caller fails at its request for giving up")
            }
        }
    }

    /// Whether a connection of `kind` is free now, as the callers see it.
    private func isFree(_ kind: PoolConnectionKind, _ world: World, _ scenario: Scenario) -> Bool {
        if world.state.isShuttingDown { return false }
        let held = world.phases.filter { if case .holding(kind, _) = $0 { true } else { false } }.count
        switch kind {
        case .writer: return scenario.hasWriter && held == 0
        case .reader: return held < scenario.maximumReaderCount
        }
    }

    private func apply(_ actions: [State.Action], _ world: inout World, _ scenario: Scenario) {
        for action in actions {
            switch action {
            case .grant(let waiter, let lease):
                guard case .waiting(_, let kind) = world.phases[waiter] else {
                    Issue.record("granted to \(waiter), which does not wait: \(world.trace)")
                    continue
                }
                #expect(kind == lease.kind)
                // First come first served: the first of its kind still waiting.
                var order = kind == .writer ? world.writerOrder : world.readerOrder
                order.removeAll { if case .waiting = world.phases[$0] { false } else { true } }
                #expect(order.first == waiter, "granted out of turn: \(world.trace)")
                world.phases[waiter] = .holding(lease.kind, lease.connection)
                world.trace.append("→ grant \(lease.kind) \(lease.connection.map(String.init) ?? "new") to \(waiter)")
            case .fail(let waiter, let failure):
                guard case .waiting = world.phases[waiter] else {
                    Issue.record("failed \(waiter), which does not wait: \(world.trace)")
                    continue
                }
                world.phases[waiter] = .failed(failure)
                world.trace.append("→ fail \(waiter) \(failure)")
            case .finishClose(let closer, let connections):
                #expect(closer == Self.closer)
                #expect(world.closedConnections == nil, "the connections are handed to a closer once: \(world.trace)")
                world.closedConnections = connections
                world.closerWaiting = false
                world.trace.append("→ close \(connections)")
            }
        }
    }

    /// The properties that hold after every event.
    private func check(_ world: World, _ scenario: Scenario) {
        var held: [Int] = []
        var readersHeld = 0
        var writerHeld = 0
        for phase in world.phases {
            guard case .holding(let kind, let connection) = phase else { continue }
            if let connection { held.append(connection) }
            if kind == .reader { readersHeld += 1 } else { writerHeld += 1 }
        }
        #expect(Set(held).count == held.count, "a connection held twice: \(world.trace)")
        #expect(writerHeld <= 1 && readersHeld <= scenario.maximumReaderCount, "too many holders: \(world.trace)")
        #expect(world.state.workInFlight == writerHeld + readersHeld, "work in flight miscounted: \(world.trace)")
        // No lost wake-up: nobody waits for a kind of connection that is free.
        let waits = world.phases.compactMap { phase -> PoolConnectionKind? in
            if case .waiting(_, let kind) = phase { return kind }
            return nil
        }
        if waits.contains(.writer) {
            #expect(writerHeld == 1, "a writer waiter waits for a free writer: \(world.trace)")
        }
        if waits.contains(.reader) {
            #expect(
                readersHeld == scenario.maximumReaderCount, "a reader waiter waits for a free reader: \(world.trace)")
        }
        #expect(world.state.queuedCounts.writer == waits.filter { $0 == .writer }.count)
        #expect(world.state.queuedCounts.reader == waits.filter { $0 == .reader }.count)
        if world.state.isShuttingDown { #expect(waits.isEmpty, "a waiter left after close: \(world.trace)") }
    }

    /// A complete interleaving: nobody can move. Everyone ended once; a close closed every
    /// connection once.
    private func finish(_ world: World, _ scenario: Scenario, _ count: inout Int) {
        count += 1
        for (index, phase) in world.phases.enumerated() {
            switch phase {
            case .released, .failed: break
            default: Issue.record("caller \(index) ended \(phase): \(world.trace)")
            }
        }
        #expect(world.state.workInFlight == 0)
        if world.closeCalled {
            #expect(!world.closerWaiting, "the closer is woken: \(world.trace)")
            #expect(
                world.closedConnections?.sorted() == world.connections.sorted(),
                "each connection closes once: \(world.trace)")
        }
    }

    // MARK: Scenarios

    @Test func threeWritersOneCancelsWithAClose() {
        let count = explore(
            Scenario(
                callers: [
                    Caller(kind: .writer), Caller(kind: .writer, isAsync: true, giveUp: .cancel), Caller(kind: .writer),
                ],
                closes: true))
        print("PoolStateTests: three writers, one cancels, a close: \(count) interleavings")
        #expect(count > 1000)
    }

    @Test func writersAndReadersOneTimesOutWithAClose() {
        let count = explore(
            Scenario(
                callers: [
                    Caller(kind: .writer), Caller(kind: .reader, isAsync: true, giveUp: .timeOut),
                    Caller(kind: .reader), Caller(kind: .writer),
                ],
                maximumReaderCount: 1, openMayFail: true, closes: true))
        print(
            "PoolStateTests: two writers and two readers, one times out, openings fail, a close: \(count) interleavings"
        )
        #expect(count > 10_000)
    }

    @Test func threeReadersTwoSlotsOpeningsMayFail() {
        let count = explore(
            Scenario(
                callers: [
                    Caller(kind: .reader), Caller(kind: .reader, isAsync: true, giveUp: .cancel), Caller(kind: .reader),
                ],
                maximumReaderCount: 2, openMayFail: true, closes: true))
        print("PoolStateTests: three readers on two slots, one cancels, openings fail, a close: \(count) interleavings")
        #expect(count > 1000)
    }

    @Test func fourCallersWithoutAClose() {
        let count = explore(
            Scenario(
                callers: [
                    Caller(kind: .writer, isAsync: true, giveUp: .timeOut), Caller(kind: .writer),
                    Caller(kind: .reader), Caller(kind: .reader, isAsync: true, giveUp: .cancel),
                ],
                maximumReaderCount: 1))
        print("PoolStateTests: four callers, one times out and one cancels, no close: \(count) interleavings")
        #expect(count > 10_000)
    }

    @Test func aReadOnlyPoolRefusesWritesAndServesReaders() {
        let count = explore(
            Scenario(
                callers: [
                    Caller(kind: .writer), Caller(kind: .reader), Caller(kind: .reader, isAsync: true, giveUp: .cancel),
                ],
                maximumReaderCount: 1, hasWriter: false, closes: true))
        #expect(count > 100)
    }

    // MARK: Single orders, exact actions

    @Test func aReleaseWakesOnlyTheFirstWaiter() {
        var state = State(writer: 0, maximumReaderCount: 1)
        guard case .granted = state.request(.writer, waiter: { 9 }) else { Issue.record("not granted"); return }
        for waiter in 1...3 {
            guard case .queued = state.request(.writer, waiter: { waiter }) else { Issue.record("not queued"); return }
        }
        let actions = state.release(.writer, 0)
        #expect(actions.count == 1)
        guard case .grant(1, let lease) = actions.first else { Issue.record("\(actions)"); return }
        #expect(lease.connection == 0)
        #expect(state.queuedCounts.writer == 2)
    }

    @Test func aCancellationBeforeTheRequestFailsIt() {
        var state = State(writer: 0, maximumReaderCount: 1)
        let id = state.register()
        #expect(state.cancel(id) == nil)
        guard case .failed(.cancelled) = state.request(.writer, id: id, waiter: { 1 }) else {
            Issue.record("not failed"); return
        }
        // A wait limit that passed before the request: a free connection is still taken.
        let late = state.register()
        #expect(state.timeOut(late) == nil)
        guard case .granted = state.request(.writer, id: late, waiter: { 2 }) else {
            Issue.record("not granted"); return
        }
        let later = state.register()
        #expect(state.timeOut(later) == nil)
        guard case .failed(.timedOut) = state.request(.writer, id: later, waiter: { 3 }) else {
            Issue.record("not failed"); return
        }
    }

    @Test func aCancellationAfterTheGrantDoesNothing() {
        var state = State(writer: 0, maximumReaderCount: 1)
        _ = state.request(.writer, waiter: { 0 })
        guard case .queued(let id) = state.request(.writer, waiter: { 1 }) else { Issue.record("not queued"); return }
        #expect(state.release(.writer, 0).count == 1)
        #expect(state.cancel(id) == nil)
        #expect(state.timeOut(id) == nil)
    }

    @Test func aSecondCloserAfterTheFirstFinishedNeitherWaitsNorCloses() {
        var state = State(writer: 0, maximumReaderCount: 1, openReaders: [1])
        let first = state.close(by: -1)
        #expect(!first.closerWaits)
        guard case .finishClose(-1, let connections) = first.actions.last else {
            Issue.record("\(first.actions)"); return
        }
        #expect(connections == [1, 0])
        // A closer while the first closes waits until it closed them; one after, neither.
        let second = state.close(by: -2)
        #expect(second.actions.isEmpty && second.closerWaits)
        #expect(state.connectionsDidClose() == [.finishClose(-2, [])])
        #expect(state.connectionsDidClose().isEmpty)
        let third = state.close(by: -3)
        #expect(third.actions.isEmpty && !third.closerWaits)
    }

    @Test func closersWaitingForWorkInFlightGetTheConnectionsOnceThenWakeWhenClosed() {
        var state = State(writer: 0, maximumReaderCount: 1)
        guard case .granted = state.request(.writer, waiter: { 0 }) else { Issue.record("not granted"); return }
        #expect(state.close(by: -1) == ([], true))
        #expect(state.close(by: -2) == ([], true))
        #expect(state.release(.writer, 0) == [.finishClose(-1, [0])])
        #expect(state.close(by: -3) == ([], true))
        #expect(state.connectionsDidClose() == [.finishClose(-2, []), .finishClose(-3, [])])
        #expect(state.close(by: -4) == ([], false))
        #expect(state.registeredCount == 0)
    }
}

extension PoolState.Action: CustomStringConvertible {
    public var description: String {
        switch self {
        case .grant(let waiter, let lease): "grant(\(waiter), \(lease.kind) \(String(describing: lease.connection)))"
        case .fail(let waiter, let failure): "fail(\(waiter), \(failure))"
        case .finishClose(let waiter, let connections): "finishClose(\(waiter), \(connections))"
        }
    }
}

extension PoolState.Action: Equatable where Waiter: Equatable, Connection: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.description == rhs.description }
}
