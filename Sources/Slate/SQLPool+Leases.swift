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

/// One caller waiting for a connection. Every property is guarded by the pool's lock.
final class PoolWaiter: @unchecked Sendable {
    let kind: PoolConnectionKind
    var lease: PoolLease?
    var failure: (any Error)?
    /// Set for an async caller once it is suspended.
    var continuation: CheckedContinuation<PoolLease, any Error>?
    var isCancelled = false

    init(kind: PoolConnectionKind) {
        self.kind = kind
    }
}

/// Waiters in arrival order.
typealias PoolQueue = FIFO<PoolWaiter>

/// A thread running one of the pool's closures, and the call it made (a read of an
/// in-memory pool holds the writer, but is named a read in messages).
struct PoolHolder {
    let thread: pthread_t
    let kind: PoolConnectionKind
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
    /// closures.
    private func refuseNesting(_ kind: PoolConnectionKind) throws {
        guard !holders.isEmpty else { return }
        let me = pthread_self()
        guard let holder = holders.first(where: { pthread_equal($0.thread, me) != 0 }) else { return }
        let outer = holder.kind == .writer ? "write" : "read"
        let inner = kind == .writer ? "write" : "read"
        throw SQLError(
            code: .misuse,
            message: "a pool \(inner) was asked for inside a pool \(outer) closure on the same thread; nested pool calls can deadlock, so use the context the closure was given")
    }

    // MARK: Acquiring

    /// Takes a connection of `kind`, waiting on this thread in turn; this thread is then
    /// marked as holding it (until ``release(_:_:)``, on this thread).
    func acquire(_ requested: PoolConnectionKind) throws -> PoolLease {
        let kind = connectionKind(for: requested)
        state.lock()
        defer { state.unlock() }
        try refuseNesting(requested)
        if let lease = try immediateLease(kind) {
            holders.append(PoolHolder(thread: pthread_self(), kind: requested))
            return lease
        }
        let waiter = PoolWaiter(kind: kind)
        if kind == .writer { writerQueue.append(waiter) } else { readerQueue.append(waiter) }
        while true {
            if let lease = waiter.lease {
                holders.append(PoolHolder(thread: pthread_self(), kind: requested))
                return lease
            }
            if let failure = waiter.failure { throw failure }
            state.wait()
        }
    }

    /// Marks this thread as holding the connection an async call of kind `requested` was
    /// granted (its closure runs on a worker thread).
    func markHolder(_ requested: PoolConnectionKind) {
        state.withLock { holders.append(PoolHolder(thread: pthread_self(), kind: requested)) }
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
                if let lease = try immediateLease(waiter.kind) {
                    outcome = .success(lease)
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
