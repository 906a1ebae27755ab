import Dispatch

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// How the pool hands out its connections.
//
// - The writer and the readers each have a queue, served first come, first served, sync
//   and async callers alike. A connection given back goes straight to the first waiter, so
//   a newcomer never overtakes the queue.
// - Reads wait only for readers, never behind queued writes (except in an in-memory pool,
//   whose one connection serves both).
// - A sync caller waits on its own thread. An async caller waits as a suspended task: no
//   thread is parked for it; its closure runs on a worker thread only once it holds its
//   connection. Cancelling a waiting task takes it out of the queue at once.
// - A thread running one of the pool's closures cannot ask the pool for another
//   connection: such nesting can deadlock (readers all held by closures that wait for a
//   reader; a writer waiting for a reader held by a closure that waits for the writer), so
//   it throws a misuse error at once.
// - A pool closure marks the task it runs in (a task-local value) as holding its
//   connection, and a `Task` started inside inherits the mark: from such a task, a call
//   for the writer its ancestor still holds can only run once that closure returns, and
//   deadlocks if the closure waits for the task, so it throws a misuse error at once.
// - What cannot be seen (a Dispatch queue, a thread, `Task.detached`) is bounded by the
//   wait limit, `Configuration.maximumWait`: a caller that waited that long throws an error
//   that names its call and what holds the connection.

/// Which connection a caller waits for.
enum PoolConnectionKind: Sendable {
    case writer
    case reader
}

/// A public call on the pool, for error messages: `write`, `read`, … and whether it was
/// the async one.
struct PoolCall: Sendable, CustomStringConvertible {
    /// The connection it asks for (a read of an in-memory pool takes the writer, but is
    /// still a read here).
    let requested: PoolConnectionKind
    let name: String
    let isAsync: Bool
    /// Whether `Configuration.maximumWait` bounds its wait: not for an observation's runs,
    /// which hold no connection while they wait, so cannot be part of a deadlock, and
    /// would end the observation for a pool merely busy.
    var waitIsBounded = true

    static func write(async isAsync: Bool) -> PoolCall { PoolCall(requested: .writer, name: "write", isAsync: isAsync) }
    static func read(async isAsync: Bool) -> PoolCall { PoolCall(requested: .reader, name: "read", isAsync: isAsync) }

    var description: String { isAsync ? "async \(name)" : name }
}

/// A caller waiting for a connection, as the pool's ``PoolState`` queues it: a thread
/// parked on a semaphore of its own, or a suspended task. Only the waiter granted (or
/// failed) is woken.
enum PoolWaiter {
    case thread(PoolThreadWaiter)
    case task(CheckedContinuation<PoolLease, any Error>)
    /// A closer that holds one of the pool's connections (it closes the pool from inside a
    /// pool closure), so cannot wait for the work in flight: whoever gives the last
    /// connection back closes them for it.
    case closingHolder
}

/// A thread waiting for a connection, or for the pool's connections to close: woken by its
/// own semaphore once its outcome is set.
final class PoolThreadWaiter: Sendable {
    let semaphore = DispatchSemaphore(value: 0)
    let outcome = LockedBox<PoolWaitOutcome?>(nil)
}

/// What a waiting thread is woken with.
enum PoolWaitOutcome {
    case granted(PoolLease)
    case failed(any Error)
    /// The pool closed and nothing is in flight: these connections are the waiter's to close.
    case close([SQLContext])
}

/// What the pool's lock guards: the leasing state machine, the threads running closures,
/// and counts for tests.
struct PoolBook {
    var leasing: PoolState<SQLContext, PoolWaiter>
    /// The threads running one of the pool's closures now, to refuse nested calls.
    var holders: [PoolHolder] = []
    /// How many times a thread waiting for a connection woke up (for tests: one per grant,
    /// failure or wait limit, never one per release).
    var threadWakeUps = 0
}

/// A thread running one of the pool's closures, and the call it made (a read of an
/// in-memory pool holds the writer, but is named a read in messages).
struct PoolHolder {
    let thread: pthread_t
    let kind: PoolConnectionKind
    /// The connection it holds: `kind`, except that an in-memory pool's reads hold the
    /// writer.
    let connection: PoolConnectionKind
    let call: PoolCall
    let since: ContinuousClock.Instant
}

/// The mark a pool closure leaves on the task it runs in (see ``PoolTaskMark``): this pool's
/// connection is held by that closure, until it returns.
final class PoolHolding: @unchecked Sendable {
    // Unchecked: `active` is read and written only by the methods below, whose `inout
    // PoolBook` can only come from inside the pool's lock.
    let pool: ObjectIdentifier
    /// The connection held.
    let connection: PoolConnectionKind
    let call: PoolCall
    /// The holding of an enclosing closure, for a task started inside that one.
    let enclosing: PoolHolding?
    private var active = true

    init(pool: ObjectIdentifier, connection: PoolConnectionKind, call: PoolCall, enclosing: PoolHolding?) {
        self.pool = pool
        self.connection = connection
        self.call = call
        self.enclosing = enclosing
    }

    /// Whether the closure still runs.
    func isActive(_ book: inout PoolBook) -> Bool { active }

    /// The closure returned.
    func end(_ book: inout PoolBook) { active = false }
}

/// The pool connections the closures around the current task hold: set while a pool
/// closure runs, and inherited by the `Task`s it starts (not by `Task.detached`, nor by
/// Dispatch work).
enum PoolTaskMark {
    @TaskLocal static var holding: PoolHolding?
}

extension SQLPool {
    /// The kind of connection a caller really waits for: an in-memory pool reads on its
    /// writer.
    func connectionKind(for kind: PoolConnectionKind) -> PoolConnectionKind {
        path == nil ? .writer : kind
    }

    /// How many callers wait for the writer and for a reader now (for tests).
    var queuedCounts: (writer: Int, reader: Int) {
        book.withLock { $0.leasing.queuedCounts }
    }

    /// How many async callers registered and did not request yet (for tests).
    var registeredCount: Int {
        book.withLock { $0.leasing.registeredCount }
    }

    /// How many times a thread waiting for a connection woke up (for tests).
    var threadWakeUps: Int {
        book.withLock { $0.threadWakeUps }
    }

    // MARK: With the lock held

    /// Throws the misuse error when the calling thread already runs one of the pool's
    /// closures, or when the task calling was started inside a closure of this pool that
    /// still holds the writer it asks for.
    func refuseNesting(_ call: PoolCall, _ book: inout PoolBook) throws {
        if !book.holders.isEmpty {
            let me = pthread_self()
            if let holder = book.holders.first(where: { pthread_equal($0.thread, me) != 0 }) {
                let outer = holder.kind == .writer ? "write" : "read"
                let inner = call.requested == .writer ? "write" : "read"
                throw SQLError(
                    code: .misuse,
                    message:
                        "a pool \(inner) was asked for inside a pool \(outer) closure on the same thread; nested pool calls can deadlock, so use the context the closure was given"
                )
            }
        }
        guard connectionKind(for: call.requested) == .writer else { return }
        var holding = PoolTaskMark.holding
        let me = ObjectIdentifier(self)
        while let current = holding {
            if current.pool == me, current.connection == .writer, current.isActive(&book) {
                throw SQLError(
                    code: .misuse,
                    message:
                        "a pool \(call) was asked for by a task started inside a pool \(current.call) closure that still holds the writer: it could only run once that closure returns, and waiting for it there deadlocks. Use the context the closure was given, or start the task after the \(current.call.name) returns"
                )
            }
            holding = current.enclosing
        }
    }

    /// The error for a caller that waited longer than the wait limit: its call, and what
    /// holds the connection it waited for.
    func waitLimitError(_ call: PoolCall, kind: PoolConnectionKind, limit: Duration, _ book: inout PoolBook) -> SQLError
    {
        let now = ContinuousClock.now
        let held = book.holders.filter { $0.connection == kind }.sorted { $0.since < $1.since }
        let holding: String
        if held.isEmpty {
            holding = "no pool closure holds it now (it was just given back, or is being handed to an async call)"
        } else {
            holding =
                "held by "
                + held.map { "a \($0.call) running for \(milliseconds(now - $0.since)) ms" }.joined(separator: ", ")
        }
        let connection = kind == .writer ? "the writer" : "a reader (\(maximumReaderCount) at most)"
        return SQLError(
            code: .busy,
            message:
                "a pool \(call) waited longer than its limit of \(milliseconds(limit)) ms (SQLPool.Configuration.maximumWait) for \(connection), \(holding). A pool closure that waits, on another thread or task, for a pool call needing its own connection deadlocks; otherwise raise the limit"
        )
    }

    /// The error for a failure of `call` (its wait limit's needs the book: what holds the
    /// connection).
    func error(
        _ failure: PoolState<SQLContext, PoolWaiter>.Failure, _ call: PoolCall?, _ book: inout PoolBook
    ) -> any Error {
        switch failure {
        case .closed: return closedError()
        case .cancelled: return CancellationError()
        case .readOnly:
            return SQLError(code: .readOnly, message: "the pool on \(path ?? ":memory:") is read-only: it cannot write")
        case .timedOut:
            guard let call, let limit = configuration.maximumWait else { return closedError() }
            return waitLimitError(call, kind: connectionKind(for: call.requested), limit: limit, &book)
        }
    }

    // MARK: Acquiring

    /// Takes a connection for `call`, waiting on this thread in turn, at most
    /// `Configuration.maximumWait`; this thread is then marked as holding it (until
    /// ``release(_:_:)``, on this thread).
    func acquire(_ call: PoolCall) throws -> PoolLease {
        let kind = connectionKind(for: call.requested)
        var waiter: PoolThreadWaiter?
        let since = ContinuousClock.now
        let outcome: PoolState<SQLContext, PoolWaiter>.RequestOutcome = try book.withLock { book in
            try refuseNesting(call, &book)
            let outcome = book.leasing.request(kind) {
                let made = PoolThreadWaiter()
                waiter = made
                return .thread(made)
            }
            switch outcome {
            case .granted: book.holders.append(holder(for: call))
            case .queued: break
            case .failed(let failure): throw error(failure, call, &book)
            }
            return outcome
        }
        guard case .queued(let id) = outcome, let waiter else {
            guard case .granted(let lease) = outcome else { preconditionFailure("a queued request has a waiter") }
            return PoolLease(lease)
        }
        // Only this thread's own grant, failure or wait limit wakes it.
        if let limit = configuration.maximumWait {
            let remaining = limit - (ContinuousClock.now - since)
            if waiter.semaphore.wait(timeout: .now() + remaining.dispatchInterval) == .timedOut {
                let timedOut: (any Error)? = book.withLock { book in
                    book.threadWakeUps += 1
                    guard book.leasing.timeOut(id) != nil else { return nil }
                    return waitLimitError(call, kind: kind, limit: limit, &book)
                }
                if let timedOut { throw timedOut }
                // Granted or failed as the limit passed: its wake-up is on its way.
                waiter.semaphore.wait()
            }
        } else {
            waiter.semaphore.wait()
        }
        switch waiter.outcome.withLock({ $0 }) {
        case .granted(let lease):
            book.withLock { book in
                book.threadWakeUps += 1
                book.holders.append(holder(for: call))
            }
            return lease
        case .failed(let error):
            book.withLock { $0.threadWakeUps += 1 }
            throw error
        case .close, nil:
            preconditionFailure("a connection's waiter is woken with a lease or an error")
        }
    }

    /// This thread, holding a connection for `call` from now on.
    private func holder(for call: PoolCall) -> PoolHolder {
        PoolHolder(
            thread: pthread_self(), kind: call.requested, connection: connectionKind(for: call.requested), call: call,
            since: .now)
    }

    /// Marks this thread as holding the connection an async `call` was granted (its
    /// closure runs on a worker thread).
    func markHolder(_ call: PoolCall) {
        book.withLock { $0.holders.append(holder(for: call)) }
    }

    /// The task's mark for a closure of `call` about to run with its connection.
    func holding(for call: PoolCall) -> PoolHolding {
        PoolHolding(
            pool: ObjectIdentifier(self), connection: connectionKind(for: call.requested), call: call,
            enclosing: PoolTaskMark.holding)
    }

    /// The closure marked by `holding` returned.
    func endHolding(_ holding: PoolHolding) {
        book.withLock { holding.end(&$0) }
    }

    /// This thread holds no connection any more.
    private static func unmarkHolder(_ book: inout PoolBook) {
        guard !book.holders.isEmpty else { return }
        let me = pthread_self()
        if let index = book.holders.lastIndex(where: { pthread_equal($0.thread, me) != 0 }) {
            book.holders.remove(at: index)
        }
    }

    /// Checks `call` for nesting and registers it as an async waiter (so that its
    /// cancellation or wait limit counts even before it queues).
    func registerAsync(_ call: PoolCall) throws -> PoolState<SQLContext, PoolWaiter>.WaiterID {
        try book.withLock { book in
            try refuseNesting(call, &book)
            return book.leasing.register()
        }
    }

    /// Takes a connection for the async caller `id` (see ``registerAsync(_:)``): suspends
    /// the task (no thread is held) until its turn. Cancelling the task while it waits
    /// throws `CancellationError` at once (see ``cancel(_:)``).
    func acquire(_ id: PoolState<SQLContext, PoolWaiter>.WaiterID, _ call: PoolCall) async throws -> PoolLease {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<PoolLease, any Error>) in
            let outcome: Result<PoolLease, any Error>? = book.withLock { book in
                switch book.leasing.request(
                    connectionKind(for: call.requested), id: id, waiter: { .task(continuation) })
                {
                case .granted(let lease): return .success(PoolLease(lease))
                case .queued: return nil
                case .failed(let failure): return .failure(error(failure, call, &book))
                }
            }
            if let outcome { continuation.resume(with: outcome) }
        }
    }

    /// The task behind async caller `id` was cancelled: out of the queue, `CancellationError`.
    func cancel(_ id: PoolState<SQLContext, PoolWaiter>.WaiterID) {
        let action = book.withLock { $0.leasing.cancel(id) }
        if let action { perform([action], failing: CancellationError()) }
    }

    /// The wait limit of the async caller `id` passed: out of the queue, the wait limit's
    /// error (unless it was granted its connection meanwhile).
    func timeOut(_ id: PoolState<SQLContext, PoolWaiter>.WaiterID, _ call: PoolCall) {
        guard let limit = configuration.maximumWait else { return }
        let failed: (PoolState<SQLContext, PoolWaiter>.Action, SQLError)? = book.withLock { book in
            guard let action = book.leasing.timeOut(id) else { return nil }
            return (action, waitLimitError(call, kind: connectionKind(for: call.requested), limit: limit, &book))
        }
        if let (action, error) = failed { perform([action], failing: error) }
    }

    /// The connection of `lease`, opening the reader it leaves room for.
    func context(of lease: PoolLease) throws -> SQLContext {
        if let context = lease.context { return context }
        do {
            return try openReader()
        } catch {
            let actions = book.withLock { book in
                Self.unmarkHolder(&book)
                return book.leasing.readerFailedToOpen()
            }
            perform(actions)
            throw error
        }
    }

    // MARK: Giving back

    /// Gives back the connection of `lease`: to the first waiter of its kind (it alone is
    /// woken), or idle.
    func release(_ lease: PoolLease, _ context: SQLContext) {
        if lease.kind == .reader { context.rollbackIfActive() }
        let actions = book.withLock { book in
            Self.unmarkHolder(&book)
            return book.leasing.release(lease.kind, context)
        }
        if !actions.isEmpty { perform(actions) }
    }

    /// Wakes the waiters `actions` name, with the lock released. A failure other than the
    /// pool's closing is `failing`.
    func perform(_ actions: [PoolState<SQLContext, PoolWaiter>.Action], failing: (any Error)? = nil) {
        for action in actions {
            switch action {
            case .grant(let waiter, let lease):
                wake(waiter, .success(PoolLease(lease)))
            case .fail(let waiter, let failure):
                wake(waiter, .failure(failure == .closed ? closedError() : failing ?? closedError()))
            case .finishClose(.thread(let thread), let connections):
                thread.outcome.withLock { $0 = .close(connections) }
                thread.semaphore.signal()
            case .finishClose(.closingHolder, let connections):
                closeConnections(connections)
            case .finishClose(.task, _):
                continue
            }
        }
    }

    private func wake(_ waiter: PoolWaiter, _ result: Result<PoolLease, any Error>) {
        switch waiter {
        case .closingHolder:
            return // Never queued for a connection.
        case .task(let continuation):
            continuation.resume(with: result)
        case .thread(let thread):
            thread.outcome.withLock { outcome in
                switch result {
                case .success(let lease): outcome = .granted(lease)
                case .failure(let error): outcome = .failed(error)
                }
            }
            thread.semaphore.signal()
        }
    }
}

/// A connection granted to a caller. `context` is nil for a reader the caller may open
/// itself (the pool has room for one more).
struct PoolLease: @unchecked Sendable {
    // Unchecked: the context passes to the one caller it was granted to, through the
    // pool's lock or a waiter's wake-up, and is used by that caller alone until it gives it
    // back.
    let kind: PoolConnectionKind
    let context: SQLContext?

    init(kind: PoolConnectionKind, context: SQLContext?) {
        self.kind = kind
        self.context = context
    }

    init(_ lease: PoolState<SQLContext, PoolWaiter>.Lease) {
        kind = lease.kind
        context = lease.connection
    }
}

/// A duration in whole milliseconds, for messages.
func milliseconds(_ duration: Duration) -> Int64 {
    duration.clampedCount(unitsPerSecond: 1000)
}
