/// What one committed transaction changed, as ``SQLPool/changes(bufferLimit:)`` reports it.
public struct SQLChanges: Hashable, Sendable {
    /// The tables the transaction inserted into, updated or deleted from (or dropped).
    public var tables: Set<String>
    /// The rowids of the changed rows, per table, as SQLite's update hook reported them.
    /// `WITHOUT ROWID` tables have no entry; rows deleted by a `REPLACE` conflict are not
    /// among them.
    public var rowIDs: [String: Set<Int64>]
    /// How many committed transactions this change set stands for: 1, unless the
    /// consumer fell behind and later transactions were merged into it.
    public var transactionCount: Int

    /// Creates a change set.
    public init(tables: Set<String> = [], rowIDs: [String: Set<Int64>] = [:], transactionCount: Int = 1) {
        self.tables = tables
        self.rowIDs = rowIDs
        self.transactionCount = transactionCount
    }

    /// Adds what `other` changed to this change set.
    public mutating func merge(_ other: SQLChanges) {
        tables.formUnion(other.tables)
        for (table, ids) in other.rowIDs { rowIDs[table, default: []].formUnion(ids) }
        transactionCount += other.transactionCount
    }
}

/// The change sets of ``SQLPool/changes(bufferLimit:)``, in commit order. Ends when the
/// pool closes; iterate it from one task.
public struct SQLChangeStream: AsyncSequence, Sendable {
    public typealias Element = SQLChanges

    let buffer: Buffer

    /// Creates the iterator; the stream is meant to be iterated once.
    public func makeAsyncIterator() -> Iterator {
        Iterator(buffer: buffer)
    }

    /// Steps through the change sets.
    public struct Iterator: AsyncIteratorProtocol {
        let buffer: Buffer

        /// The next change set, or nil once the pool closed (or the task was cancelled).
        public mutating func next() async -> SQLChanges? {
            await buffer.next()
        }

        /// The next change set, for a caller isolated to an actor.
        public mutating func next(isolation actor: isolated (any Actor)?) async -> SQLChanges? {
            await buffer.next()
        }
    }

    /// The change sets waiting for the consumer, at most `limit` of them: beyond that,
    /// new ones merge into the last one waiting.
    final class Buffer: @unchecked Sendable {
        private let lock = ConditionLock()
        private let limit: Int
        private var pending = FIFO<SQLChanges>()
        private var waiting: CheckedContinuation<SQLChanges?, Never>?
        private var finished = false

        init(limit: Int) {
            self.limit = Swift.max(1, limit)
        }

        var isFinished: Bool { lock.withLock { finished } }

        /// How many change sets the buffer's storage holds, read or not (for tests).
        var storedCount: Int { lock.withLock { pending.storedCount } }

        func yield(_ changes: SQLChanges) {
            let continuation: CheckedContinuation<SQLChanges?, Never>? = lock.withLock {
                if finished { return nil }
                if let waiting {
                    self.waiting = nil
                    return waiting
                }
                if pending.count >= limit {
                    pending.updateLast { $0.merge(changes) }
                } else {
                    pending.append(changes)
                }
                return nil
            }
            continuation?.resume(returning: changes)
        }

        func finish() {
            let continuation = lock.withLock {
                finished = true
                defer { waiting = nil }
                return waiting
            }
            continuation?.resume(returning: nil)
        }

        func next() async -> SQLChanges? {
            await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<SQLChanges?, Never>) in
                    let ready: SQLChanges?? = lock.withLock {
                        if let changes = pending.popFirst() { return .some(changes) }
                        if finished { return .some(nil) }
                        waiting = continuation
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
