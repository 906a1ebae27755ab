import SlateCSQLite

/// The count of a buffer's elements that are in use, and how many it has room for.
@usableFromInline
struct SQLAppendHeader {
    /// Elements claimed by some holder, and written: only ever read and set atomically.
    @usableFromInline var count: Int
    @usableFromInline let capacity: Int

    @usableFromInline
    init(capacity: Int) {
        count = 0
        self.capacity = capacity
    }
}

/// Elements that are only ever appended, shared by the values that hold a prefix of them:
/// where a long predicate keeps its tokens and its bound values.
///
/// A holder owns the first `count` elements of the buffer. Appending to a holder whose
/// count is the buffer's (no one has appended after it) claims the next slots with an
/// atomic compare-and-swap and writes them in place; any other holder (another copy of
/// the same predicate that someone extended already, or a buffer that is full) copies its
/// prefix into a new buffer. So `a || b || c || …`, `reduce(.none, ||)` and a loop of
/// `p = p || term` all grow one buffer, in amortized constant time per term, while a
/// predicate kept aside (a statement cache key, a shared base) never sees what is
/// appended after it: elements below a holder's count are never written again.
///
/// Concurrent appends to copies of one predicate race only for the claim; the loser
/// copies. Readers read below their own count, which no writer touches.
@usableFromInline
struct SQLAppendBuffer<Element>: @unchecked Sendable {
    @usableFromInline let storage: SQLAppendStorage<Element>

    @inlinable
    init(_ storage: SQLAppendStorage<Element>) {
        self.storage = storage
    }

    /// Whether both are the same buffer.
    @inlinable
    static func === (left: SQLAppendBuffer, right: SQLAppendBuffer) -> Bool { left.storage === right.storage }

    /// The elements up to `count`, for reading.
    @inlinable
    func withElements<Result>(_ count: Int, _ body: (UnsafeBufferPointer<Element>) throws -> Result) rethrows -> Result
    {
        try storage.withUnsafeMutablePointerToElements { try body(UnsafeBufferPointer(start: $0, count: count)) }
    }

    /// Appends `added` elements after the first `count`, written by `write` into the
    /// uninitialized slots it is given: in this buffer when its holder is the last to
    /// have appended and there is room, else into a new buffer holding a copy of the
    /// first `count`. Returns the buffer that now holds `count + added` elements.
    @usableFromInline
    func appending(after count: Int, _ added: Int, _ write: (UnsafeMutablePointer<Element>) -> Void) -> SQLAppendBuffer
    {
        let claimed = storage.withUnsafeMutablePointerToHeader { header in
            count + added <= header.pointee.capacity
                && slate_atomic_claim(header.pointer(to: \.count)!, count, count + added) != 0
        }
        if claimed {
            storage.withUnsafeMutablePointerToElements { write($0 + count) }
            return self
        }
        return .of(count + added, capacity: Swift.max(2 * count, count + added, 16)) { elements in
            withElements(count) { elements.initialize(from: $0.baseAddress!, count: count) }
            write(elements + count)
        }
    }

    /// A new buffer of `count` elements, written by `write`, with room for `capacity`.
    @usableFromInline
    static func of(_ count: Int, capacity: Int, _ write: (UnsafeMutablePointer<Element>) -> Void) -> SQLAppendBuffer {
        let capacity = Swift.max(capacity, count)
        let storage = SQLAppendStorage<Element>.create(minimumCapacity: capacity) { _ in
            SQLAppendHeader(capacity: capacity)
        }
        storage.withUnsafeMutablePointers { header, elements in
            write(elements)
            header.pointee.count = count
        }
        return SQLAppendBuffer(unsafeDowncast(storage, to: SQLAppendStorage<Element>.self))
    }
}

/// The memory of an ``SQLAppendBuffer``: its header, then its elements.
@usableFromInline
final class SQLAppendStorage<Element>: ManagedBuffer<SQLAppendHeader, Element> {
    deinit {
        _ = withUnsafeMutablePointers { header, elements in
            elements.deinitialize(count: slate_atomic_load(header.pointer(to: \.count)!))
        }
    }
}
