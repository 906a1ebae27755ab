import Slate

/// The values a predicate binds, in parameter order, held without an allocation when
/// there are one or two: a lookup by key builds its predicate on every call, and a heap
/// array for its one value would cost more than the rest of the call.
///
/// More values sit in an ``SQLAppendBuffer``, the first `count` of it, so that a chain of
/// `||` appends each term's values in place instead of copying the chain's.
@usableFromInline
enum SQLBoundValues: Sendable, ExpressibleByArrayLiteral {
    case none
    case one(SQLValue)
    case two(SQLValue, SQLValue)
    case many(SQLAppendBuffer<SQLValue>, Int)

    @inlinable
    init(_ values: [SQLValue]) {
        switch values.count {
        case 0: self = .none
        case 1: self = .one(values[0])
        case 2: self = .two(values[0], values[1])
        default: self = Self.buffer(values)
        }
    }

    @usableFromInline
    static func buffer(_ values: [SQLValue]) -> SQLBoundValues {
        .many(
            SQLAppendBuffer.of(values.count, capacity: values.count) { target in
                values.withUnsafeBufferPointer { target.initialize(from: $0.baseAddress!, count: values.count) }
            }, values.count)
    }

    @inlinable
    init(arrayLiteral values: SQLValue...) {
        self.init(values)
    }

    @inlinable
    var count: Int {
        switch self {
        case .none: return 0
        case .one: return 1
        case .two: return 2
        case .many(_, let count): return count
        }
    }

    @inlinable
    var array: [SQLValue] {
        switch self {
        case .none: return []
        case .one(let value): return [value]
        case .two(let first, let second): return [first, second]
        case .many(let buffer, let count): return buffer.withElements(count) { Array($0) }
        }
    }

    /// Both lists, left first: past two values, the left's buffer grown in place where it
    /// can be.
    @inlinable
    static func + (left: SQLBoundValues, right: SQLBoundValues) -> SQLBoundValues {
        switch (left, right) {
        case (.none, _): return right
        case (_, .none): return left
        case (.one(let first), .one(let second)): return .two(first, second)
        default: return left.appendingSpilled(right)
        }
    }

    @inlinable
    mutating func append(_ value: SQLValue) {
        self = self + .one(value)
    }

    /// Appends past two values: into the buffer, in place where it can.
    @usableFromInline
    func appendingSpilled(_ other: SQLBoundValues) -> SQLBoundValues {
        let added = other.count
        let write: (UnsafeMutablePointer<SQLValue>) -> Void = { target in
            switch other {
            case .none: break
            case .one(let value): target.initialize(to: value)
            case .two(let first, let second):
                target.initialize(to: first)
                (target + 1).initialize(to: second)
            case .many(let source, let count):
                source.withElements(count) { target.initialize(from: $0.baseAddress!, count: count) }
            }
        }
        if case .many(let buffer, let count) = self {
            return .many(buffer.appending(after: count, added, write), count + added)
        }
        let head = array
        return .many(
            SQLAppendBuffer.of(head.count + added, capacity: Swift.max(16, 2 * (head.count + added))) { target in
                head.withUnsafeBufferPointer { target.initialize(from: $0.baseAddress!, count: head.count) }
                write(target + head.count)
            }, head.count + added)
    }

    /// Binds the values to `statement`'s parameters from `first` on; returns the next
    /// parameter's index.
    @inlinable @discardableResult
    func bind(to statement: SQLStatement, from first: Int32) throws -> Int32 {
        switch self {
        case .none: return first
        case .one(let value):
            try statement.bind(value, at: first)
            return first + 1
        case .two(let value, let other):
            try statement.bind(value, at: first)
            try statement.bind(other, at: first + 1)
            return first + 2
        case .many(let buffer, let count):
            return try buffer.withElements(count) { values in
                var index = first
                for value in values {
                    try statement.bind(value, at: index)
                    index += 1
                }
                return index
            }
        }
    }
}
