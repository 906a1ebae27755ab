/// Records collected row by row into memory of its own, then moved into an array once.
///
/// Appending to an `Array` in code that is generic over its element and not specialized
/// (the Codable path runs on types it never sees at compile time) asks the runtime for
/// the array's type metadata on every append, a hash lookup that cost more than decoding
/// a column. Initializing memory through the element's own value witnesses does not.
struct SQLRecordBuffer<Element>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 1)
        base = UnsafeMutablePointer<Element>.allocate(capacity: self.capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    @inline(__always)
    mutating func append(_ element: consuming Element) {
        if count == capacity {
            let grown = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
            grown.moveInitialize(from: base, count: count)
            base.deallocate()
            base = grown
            capacity *= 2
        }
        (base + count).initialize(to: element)
        count += 1
    }

    /// The records as an array; the buffer is empty after.
    mutating func moveToArray() -> [Element] {
        let moved = count
        count = 0
        return Array(unsafeUninitializedCapacity: moved) { buffer, initialized in
            if moved > 0 { buffer.baseAddress!.moveInitialize(from: base, count: moved) }
            initialized = moved
        }
    }
}
