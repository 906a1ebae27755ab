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

/// A connection granted to a caller. `context` is nil for a reader the caller may open
/// itself (the pool has room for one more).
struct PoolLease: @unchecked Sendable {
    // Unchecked: the context passes to the one caller it was granted to, under the pool's
    // lock, and is used by that caller alone until it gives it back.
    let kind: PoolConnectionKind
    let context: SQLContext?
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

/// One caller waiting for a connection. Every property is guarded by the pool's lock.
final class PoolWaiter: @unchecked Sendable {
    let kind: PoolConnectionKind
    let call: PoolCall
    let since = ContinuousClock.now
    var lease: PoolLease?
    var failure: (any Error)?
    /// Set for an async caller once it is suspended.
    var continuation: CheckedContinuation<PoolLease, any Error>?
    var isCancelled = false
    /// The wait limit passed before the waiter was queued.
    var isTimedOut = false

    init(kind: PoolConnectionKind, call: PoolCall) {
        self.kind = kind
        self.call = call
    }
}

/// Waiters in arrival order.
typealias PoolQueue = FIFO<PoolWaiter>

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
    let pool: ObjectIdentifier
    /// The connection held.
    let connection: PoolConnectionKind
    let call: PoolCall
    /// Whether the closure still runs; guarded by the pool's lock.
    var isActive = true
    /// The holding of an enclosing closure, for a task started inside that one.
    let enclosing: PoolHolding?

    init(pool: ObjectIdentifier, connection: PoolConnectionKind, call: PoolCall, enclosing: PoolHolding?) {
        self.pool = pool
        self.connection = connection
        self.call = call
        self.enclosing = enclosing
    }
}

/// The pool connections the closures around the current task hold: set while a pool
/// closure runs, and inherited by the `Task`s it starts (not by `Task.detached`, nor by
/// Dispatch work).
enum PoolTaskMark {
    @TaskLocal static var holding: PoolHolding?
}

/// Async waiters to resume once the pool's lock is released.
struct PoolResumptions {
    private var granted: [(CheckedContinuation<PoolLease, any Error>, PoolLease)] = []
    private var failed: [(CheckedContinuation<PoolLease, any Error>, any Error)] = []

    mutating func grant(_ continuation: CheckedContinuation<PoolLease, any Error>, _ lease: PoolLease) {
        granted.append((continuation, lease))
    }

    mutating func fail(_ continuation: CheckedContinuation<PoolLease, any Error>, _ error: any Error) {
        failed.append((continuation, error))
    }

    func resumeAll() {
        for (continuation, lease) in granted { continuation.resume(returning: lease) }
        for (continuation, error) in failed { continuation.resume(throwing: error) }
    }
}

extension SQLPool {
    /// The kind of connection a caller really waits for: an in-memory pool reads on its
    /// writer.
    func connectionKind(for kind: PoolConnectionKind) -> PoolConnectionKind {
        path == nil ? .writer : kind
    }

    /// How many callers wait for the writer and for a reader now (for tests).
    var queuedCounts: (writer: Int, reader: Int) {
        state.withLock { (writerQueue.count, readerQueue.count) }
    }

    // MARK: Granting (with the lock held)

    /// A lease granted at once, or nil when the caller must queue. Throws when the pool is
    /// closed or read-only.
    private func immediateLease(_ kind: PoolConnectionKind) throws -> PoolLease? {
        if isShuttingDown { throw closedError() }
        switch kind {
        case .writer:
            guard let writer else {
                throw SQLError(code: .readOnly, message: "the pool on \(path ?? ":memory:") is read-only: it cannot write")
            }
            guard !writerIsBusy, writerQueue.isEmpty else { return nil }
            writerIsBusy = true
            workInFlight += 1
            return PoolLease(kind: .writer, context: writer)
        case .reader:
            guard readerQueue.isEmpty else { return nil }
            return nextReaderLease()
        }
    }

    /// An idle reader, or leave to open a new one, or nil when every reader is busy.
    private func nextReaderLease() -> PoolLease? {
        if let reader = idleReaders.popLast() {
            workInFlight += 1
            return PoolLease(kind: .reader, context: reader)
        }
        if openReaderCount < maximumReaderCount {
            openReaderCount += 1
            workInFlight += 1
            return PoolLease(kind: .reader, context: nil)
        }
        return nil
    }

    /// Hands `lease` to `waiter`: wakes a sync waiter, or notes an async one to resume.
    private func grant(_ lease: PoolLease, to waiter: PoolWaiter, _ resumptions: inout PoolResumptions) {
        waiter.lease = lease
        if let continuation = waiter.continuation {
            waiter.continuation = nil
            resumptions.grant(continuation, lease)
        }
    }

    /// Fails every queued waiter with `error` (the pool closes).
    func failAllWaiters(_ error: any Error) -> PoolResumptions {
        var resumptions = PoolResumptions()
        for waiter in writerQueue.removeAll() + readerQueue.removeAll() {
            waiter.failure = error
            if let continuation = waiter.continuation {
                waiter.continuation = nil
                resumptions.fail(continuation, error)
            }
        }
        return resumptions
    }

    /// Throws the misuse error when the calling thread already runs one of the pool's
    /// closures, or when the task calling was started inside a closure of this pool that
    /// still holds the writer it asks for.
    func refuseNesting(_ call: PoolCall) throws {
        if !holders.isEmpty {
            let me = pthread_self()
            if let holder = holders.first(where: { pthread_equal($0.thread, me) != 0 }) {
                let outer = holder.kind == .writer ? "write" : "read"
                let inner = call.requested == .writer ? "write" : "read"
                throw SQLError(
                    code: .misuse,
                    message: "a pool \(inner) was asked for inside a pool \(outer) closure on the same thread; nested pool calls can deadlock, so use the context the closure was given")
            }
        }
        guard connectionKind(for: call.requested) == .writer else { return }
        var holding = PoolTaskMark.holding
        let me = ObjectIdentifier(self)
        while let current = holding {
            if current.pool == me, current.connection == .writer, current.isActive {
                throw SQLError(
                    code: .misuse,
                    message: "a pool \(call) was asked for by a task started inside a pool \(current.call) closure that still holds the writer: it could only run once that closure returns, and waiting for it there deadlocks. Use the context the closure was given, or start the task after the \(current.call.name) returns")
            }
            holding = current.enclosing
        }
    }

    /// The error for a caller that waited longer than the wait limit: its call, and what
    /// holds the connection it waited for. With the lock held.
    func waitLimitError(_ call: PoolCall, kind: PoolConnectionKind, limit: Duration) -> SQLError {
        let now = ContinuousClock.now
        let held = holders.filter { $0.connection == kind }.sorted { $0.since < $1.since }
        let holding: String
        if held.isEmpty {
            holding = "no pool closure holds it now (it was just given back, or is being handed to an async call)"
        } else {
            holding = "held by " + held.map { "a \($0.call) running for \(milliseconds(now - $0.since)) ms" }.joined(separator: ", ")
        }
        let connection = kind == .writer ? "the writer" : "a reader (\(maximumReaderCount) at most)"
        return SQLError(
            code: .busy,
            message: "a pool \(call) waited longer than its limit of \(milliseconds(limit)) ms (SQLPool.Configuration.maximumWait) for \(connection), \(holding). A pool closure that waits, on another thread or task, for a pool call needing its own connection deadlocks; otherwise raise the limit")
    }

    // MARK: Acquiring

    /// Takes a connection for `call`, waiting on this thread in turn, at most
    /// `Configuration.maximumWait`; this thread is then marked as holding it (until
    /// ``release(_:_:)``, on this thread).
    func acquire(_ call: PoolCall) throws -> PoolLease {
        let kind = connectionKind(for: call.requested)
        state.lock()
        defer { state.unlock() }
        try refuseNesting(call)
        if let lease = try immediateLease(kind) {
            holders.append(holder(for: call))
            return lease
        }
        let waiter = PoolWaiter(kind: kind, call: call)
        if kind == .writer { writerQueue.append(waiter) } else { readerQueue.append(waiter) }
        let deadline = configuration.maximumWait.map { waiter.since + $0 }
        while true {
            if let lease = waiter.lease {
                holders.append(holder(for: call))
                return lease
            }
            if let failure = waiter.failure { throw failure }
            if let deadline {
                if ContinuousClock.now >= deadline {
                    _ = kind == .writer ? writerQueue.removeFirst { $0 === waiter } : readerQueue.removeFirst { $0 === waiter }
                    throw waitLimitError(call, kind: kind, limit: configuration.maximumWait!)
                }
                state.wait(until: deadline)
            } else {
                state.wait()
            }
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
        state.withLock { holders.append(holder(for: call)) }
    }

    /// The task's mark for a closure of `call` about to run with its connection.
    func holding(for call: PoolCall) -> PoolHolding {
        PoolHolding(
            pool: ObjectIdentifier(self), connection: connectionKind(for: call.requested), call: call,
            enclosing: PoolTaskMark.holding)
    }

    /// The closure marked by `holding` returned.
    func endHolding(_ holding: PoolHolding) {
        state.withLock { holding.isActive = false }
    }

    /// This thread holds no connection any more; with the lock held.
    private func unmarkHolder() {
        guard !holders.isEmpty else { return }
        let me = pthread_self()
        if let index = holders.lastIndex(where: { pthread_equal($0.thread, me) != 0 }) {
            holders.remove(at: index)
        }
    }

    /// Takes a connection of `kind` for an async caller: suspends the task (no thread is
    /// held) until its turn. Cancelling the task while it waits throws
    /// `CancellationError` at once (see ``cancel(_:)``).
    func acquire(_ waiter: PoolWaiter) async throws -> PoolLease {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<PoolLease, any Error>) in
            state.lock()
            let outcome: Result<PoolLease, any Error>?
            do {
                if waiter.isCancelled { throw CancellationError() }
                // A free connection is taken whatever the clock says: the limit bounds
                // waiting, and a timer that fired before this task got here (a tiny
                // limit, a busy machine) waited for nothing.
                if let lease = try immediateLease(waiter.kind) {
                    outcome = .success(lease)
                } else if waiter.isTimedOut, let limit = configuration.maximumWait {
                    throw waitLimitError(waiter.call, kind: waiter.kind, limit: limit)
                } else {
                    waiter.continuation = continuation
                    if waiter.kind == .writer { writerQueue.append(waiter) } else { readerQueue.append(waiter) }
                    outcome = nil
                }
            } catch {
                outcome = .failure(error)
            }
            state.unlock()
            if let outcome { continuation.resume(with: outcome) }
        }
    }

    /// The task behind `waiter` was cancelled: out of the queue, `CancellationError`.
    func cancel(_ waiter: PoolWaiter) {
        state.lock()
        waiter.isCancelled = true
        var continuation: CheckedContinuation<PoolLease, any Error>?
        let removed = waiter.kind == .writer
            ? writerQueue.removeFirst { $0 === waiter } : readerQueue.removeFirst { $0 === waiter }
        if removed {
            continuation = waiter.continuation
            waiter.continuation = nil
        }
        state.unlock()
        continuation?.resume(throwing: CancellationError())
    }

    /// The wait limit of the async caller behind `waiter` passed: out of the queue, the
    /// wait limit's error (unless it was granted its connection meanwhile).
    func timeOut(_ waiter: PoolWaiter) {
        guard let limit = configuration.maximumWait else { return }
        state.lock()
        var continuation: CheckedContinuation<PoolLease, any Error>?
        var error: SQLError?
        if waiter.lease == nil, waiter.failure == nil {
            waiter.isTimedOut = true
            let removed = waiter.kind == .writer
                ? writerQueue.removeFirst { $0 === waiter } : readerQueue.removeFirst { $0 === waiter }
            if removed {
                continuation = waiter.continuation
                waiter.continuation = nil
                error = waitLimitError(waiter.call, kind: waiter.kind, limit: limit)
            }
        }
        state.unlock()
        if let continuation, let error { continuation.resume(throwing: error) }
    }

    /// The connection of `lease`, opening the reader it leaves room for.
    func context(of lease: PoolLease) throws -> SQLContext {
        if let context = lease.context { return context }
        do {
            return try openReader()
        } catch {
            readerFailedToOpen()
            throw error
        }
    }

    // MARK: Giving back

    /// Gives the writer back: to the first waiter, or idle.
    func releaseWriter() {
        var resumptions = PoolResumptions()
        state.lock()
        unmarkHolder()
        workInFlight -= 1
        if let next = writerQueue.popFirst(), let writer {
            workInFlight += 1
            grant(PoolLease(kind: .writer, context: writer), to: next, &resumptions)
        } else {
            writerIsBusy = false
        }
        state.broadcast()
        state.unlock()
        resumptions.resumeAll()
    }

    /// Gives a reader back: to the first waiter, or idle.
    func releaseReader(_ reader: SQLContext) {
        if path == nil {
            releaseWriter()
            return
        }
        reader.rollbackIfActive()
        var resumptions = PoolResumptions()
        state.lock()
        unmarkHolder()
        workInFlight -= 1
        if let next = readerQueue.popFirst() {
            workInFlight += 1
            grant(PoolLease(kind: .reader, context: reader), to: next, &resumptions)
        } else {
            idleReaders.append(reader)
        }
        state.broadcast()
        state.unlock()
        resumptions.resumeAll()
    }

    /// A reader the lease left room for could not open: the room goes to the next waiter.
    private func readerFailedToOpen() {
        var resumptions = PoolResumptions()
        state.lock()
        unmarkHolder()
        openReaderCount -= 1
        workInFlight -= 1
        if let next = readerQueue.popFirst() {
            openReaderCount += 1
            workInFlight += 1
            grant(PoolLease(kind: .reader, context: nil), to: next, &resumptions)
        }
        state.broadcast()
        state.unlock()
        resumptions.resumeAll()
    }

    /// Gives back the connection of `lease`.
    func release(_ lease: PoolLease, _ context: SQLContext) {
        if lease.kind == .writer { releaseWriter() } else { releaseReader(context) }
    }
}

/// A duration in whole milliseconds, for messages.
func milliseconds(_ duration: Duration) -> Int64 {
    duration.clampedCount(unitsPerSecond: 1000)
}
