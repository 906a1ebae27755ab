import Slate

/// The values a predicate binds, in parameter order, held without an allocation when
/// there are one or two: a lookup by key builds its predicate on every call, and a heap
/// array for its one value would cost more than the rest of the call.
@usableFromInline
enum SQLBoundValues: Sendable, ExpressibleByArrayLiteral {
    case none
    case one(SQLValue)
    case two(SQLValue, SQLValue)
    case many([SQLValue])

    @inlinable
    init(_ values: [SQLValue]) {
        switch values.count {
        case 0: self = .none
        case 1: self = .one(values[0])
        case 2: self = .two(values[0], values[1])
        default: self = .many(values)
        }
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
        case .many(let values): return values.count
        }
    }

    @inlinable
    var array: [SQLValue] {
        switch self {
        case .none: return []
        case .one(let value): return [value]
        case .two(let first, let second): return [first, second]
        case .many(let values): return values
        }
    }

    /// Both lists, left first.
    @inlinable
    static func + (left: SQLBoundValues, right: SQLBoundValues) -> SQLBoundValues {
        switch (left, right) {
        case (.none, _): return right
        case (_, .none): return left
        case (.one(let first), .one(let second)): return .two(first, second)
        default: return .many(left.array + right.array)
        }
    }

    @inlinable
    mutating func append(_ value: SQLValue) {
        self = self + .one(value)
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
        case .many(let values):
            var index = first
            for value in values {
                try statement.bind(value, at: index)
                index += 1
            }
            return index
        }
    }
}
