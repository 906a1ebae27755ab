import Dispatch

/// What one committed transaction changed, as ``SQLPool/changes(bufferLimit:)`` reports it.
///
/// A commit made by another connection to the file (another process, another pool) is
/// reported without its tables, which SQLite does not tell: ``isExternal`` is set, and
/// ``tables`` and ``rowIDs`` hold only what the pool's own transactions merged into the same
/// change set changed.
public struct SQLChanges: Hashable, Sendable {
    /// The tables the transaction inserted into, updated or deleted from (or dropped).
    public var tables: Set<String>
    /// The rowids of the changed rows, per table, as SQLite's update hook reported them.
    /// `WITHOUT ROWID` tables have no entry; rows deleted by a `REPLACE` conflict are not
    /// among them.
    public var rowIDs: [String: Set<Int64>]
    /// How many of the pool's own committed transactions this change set stands for: 1,
    /// unless the consumer fell behind and later transactions were merged into it; 0 for a
    /// change set that only tells of commits made elsewhere (``isExternal``).
    public var transactionCount: Int
    /// Whether another connection to the file committed — another process, another pool,
    /// a plain ``SQLContext`` — changing tables SQLite does not name: any table may have
    /// changed. Noticed with `PRAGMA data_version` every
    /// ``SQLPool/Configuration-swift.struct/externalChangePolling``; one such change set
    /// may stand for several commits.
    public var isExternal: Bool

    /// Creates a change set.
    public init(
        tables: Set<String> = [], rowIDs: [String: Set<Int64>] = [:], transactionCount: Int = 1,
        isExternal: Bool = false
    ) {
        self.tables = tables
        self.rowIDs = rowIDs
        self.transactionCount = transactionCount
        self.isExternal = isExternal
    }

    /// A change set that tells only of commits made elsewhere.
    public static var external: SQLChanges { SQLChanges(transactionCount: 0, isExternal: true) }

    /// Whether `table` may have changed: it is among ``tables``, or another connection
    /// committed (``isExternal``), which could have changed any table.
    public func mayHaveChanged(_ table: String) -> Bool {
        isExternal || tables.contains(table)
    }

    /// Adds what `other` changed to this change set.
    public mutating func merge(_ other: SQLChanges) {
        tables.formUnion(other.tables)
        for (table, ids) in other.rowIDs { rowIDs[table, default: []].formUnion(ids) }
        transactionCount += other.transactionCount
        isExternal = isExternal || other.isExternal
    }
}

/// The change sets of ``SQLPool/changes(bufferLimit:)``, in commit order. Ends when the
/// pool closes.
///
/// Every iterator gets every change: the first iterator made gets each transaction
/// committed since ``SQLPool/changes(bufferLimit:)`` returned, each later one each
/// transaction committed since it was made, so several tasks can each iterate the same
/// stream. One iterator belongs to one task: if a copy of it calls `next()` while another
/// call of it still waits, that second call returns nil at once instead of waiting (an
/// iterator cannot hand one change to two callers).
public struct SQLChangeStream: AsyncSequence, Sendable {
    public typealias Element = SQLChanges

    let source: Source

    init(buffer: Buffer, registry: ObserverRegistry) {
        source = Source(first: buffer, registry: registry)
    }

    /// Creates an iterator that gets every change from now on (the first one: since the
    /// stream was made).
    public func makeAsyncIterator() -> Iterator {
        Iterator(buffer: source.nextBuffer())
    }

    /// Steps through the change sets.
    public struct Iterator: AsyncIteratorProtocol, Sendable {
        let buffer: Buffer

        /// The next change set, or nil once the pool closed (or the task was cancelled, or
        /// a copy of this iterator is waiting already).
        public mutating func next() async -> SQLChanges? {
            await buffer.next()
        }

        /// The next change set, for a caller isolated to an actor.
        public mutating func next(isolation actor: isolated (any Actor)?) async -> SQLChanges? {
            await buffer.next()
        }
    }

    /// Hands the buffer made with the stream to its first iterator, and a buffer of its
    /// own, subscribed at once, to each later one.
    final class Source: Sendable {
        private let first: LockedBox<Buffer?>
        private let limit: Int
        private let registry: ObserverRegistry

        init(first: Buffer, registry: ObserverRegistry) {
            self.first = LockedBox(first)
            self.limit = first.limit
            self.registry = registry
        }

        func nextBuffer() -> Buffer {
            if let buffer = first.withLock({ first -> Buffer? in
                defer { first = nil }
                return first
            }) {
                return buffer
            }
            let buffer = Buffer(limit: limit)
            registry.addChangeSubscriber(buffer)
            return buffer
        }
    }

    /// The change sets waiting for the consumer, at most `limit` of them: beyond that,
    /// new ones merge into the last one waiting.
    final class Buffer: Sendable {
        /// What the buffer's lock guards.
        private struct State {
            var pending = FIFO<SQLChanges>()
            var waiting: CheckedContinuation<SQLChanges?, Never>?
            var finished = false
            var onEnd: (@Sendable () -> Void)?
        }

        private let state = LockedBox(State())
        let limit: Int
        /// Tells the registry the buffer ended (finished or released), so that polling
        /// for other connections' commits stops with the last subscriber. Set once, as
        /// the buffer subscribes.
        var onEnd: (@Sendable () -> Void)? {
            get { state.withLock { $0.onEnd } }
            set { state.withLock { $0.onEnd = newValue } }
        }

        init(limit: Int) {
            self.limit = Swift.max(1, limit)
        }

        var isFinished: Bool { state.withLock { $0.finished } }

        /// How many change sets the buffer's storage holds, read or not (for tests).
        var storedCount: Int { state.withLock { $0.pending.storedCount } }

        func yield(_ changes: SQLChanges) {
            let continuation: CheckedContinuation<SQLChanges?, Never>? = state.withLock { state in
                if state.finished { return nil }
                if let waiting = state.waiting {
                    state.waiting = nil
                    return waiting
                }
                if state.pending.count >= limit {
                    state.pending.updateLast { $0.merge(changes) }
                } else {
                    state.pending.append(changes)
                }
                return nil
            }
            continuation?.resume(returning: changes)
        }

        deinit {
            // Later, not here: the last reference may go while the registry's lock is held.
            if let onEnd = state.withLock({ $0.onEnd }) { DispatchQueue.global().async { onEnd() } }
        }

        func finish() {
            let (continuation, onEnd) = state.withLock { state in
                let wasFinished = state.finished
                state.finished = true
                defer { state.waiting = nil }
                return (state.waiting, wasFinished ? nil : state.onEnd)
            }
            continuation?.resume(returning: nil)
            onEnd?()
        }

        func next() async -> SQLChanges? {
            await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<SQLChanges?, Never>) in
                    let ready: SQLChanges?? = state.withLock { state in
                        if let changes = state.pending.popFirst() { return .some(changes) }
                        if state.finished { return .some(nil) }
                        // A copy of the iterator waits already: this call must not take
                        // its place (the other would wait forever), nor wait beside it.
                        if state.waiting != nil { return .some(nil) }
                        state.waiting = continuation
                        return .none
                    }
                    if let ready { continuation.resume(returning: ready) }
                }
            } onCancel: {
                finish()
            }
        }
    }
}

/// The registry's hold on a change buffer: weak, so that a consumer that stops iterating
/// and lets the stream go is forgotten.
struct WeakChangeBuffer {
    weak var buffer: SQLChangeStream.Buffer?
}
