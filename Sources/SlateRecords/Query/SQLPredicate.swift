/// A condition on the rows of `Record`, built from its columns and compiled to a `WHERE`
/// clause whose values are all bound parameters.
///
/// ```swift
/// try db.people.fetch(where: { $0.title == nil && $0.name.hasPrefix("A") })
/// ```
///
/// A predicate has a shape (its operators and columns) and values. Statements are cached
/// by shape: the same shape with other values reuses its prepared statement, and its SQL
/// is rendered only the first time.
public struct SQLPredicate<Record>: Sendable {
    @usableFromInline var shape: SQLPredicateShape
    @usableFromInline var values: SQLBoundValues

    @usableFromInline
    init(_ shape: SQLPredicateShape, _ values: SQLBoundValues = .none) {
        self.shape = shape
        self.values = values
    }

    /// Every row.
    public static var all: SQLPredicate { SQLPredicate(.constant(true)) }
    /// No row.
    public static var none: SQLPredicate { SQLPredicate(.constant(false)) }

    /// Both conditions.
    @inlinable
    public static func && (left: SQLPredicate, right: SQLPredicate) -> SQLPredicate {
        SQLPredicate(.and(left.shape, right.shape), left.values + right.values)
    }

    /// Either condition.
    @inlinable
    public static func || (left: SQLPredicate, right: SQLPredicate) -> SQLPredicate {
        SQLPredicate(.or(left.shape, right.shape), left.values + right.values)
    }

    /// The opposite condition. (`NOT` of a comparison with NULL is still not true, as in SQL;
    /// `!($0.title == nil)` is `NOT (title IS NULL)`, which is exact.)
    @inlinable
    public static prefix func ! (predicate: SQLPredicate) -> SQLPredicate {
        SQLPredicate(.not(predicate.shape), predicate.values)
    }
}

/// The operators and columns of a predicate, without its values: the key its statement is
/// cached by.
///
/// Held as 16-bit tokens in prefix order (`AND`, its left side, its right side), eight of
/// them in two machine words: a predicate is built, compared with the cached one and
/// dropped on every call, and a tree of boxes would cost an allocation per `&&` and
/// reference counting on every copy. Longer predicates keep their tokens in an array.
@usableFromInline
struct SQLPredicateShape: Hashable, Sendable {
    /// What a token says, in its top four bits; the other twelve hold a column index or
    /// a constant (4095 means the column index is the next token: indexes up to 65,535,
    /// where SQLite allows at most 32,767 columns a table, and a join two tables).
    @usableFromInline
    enum Operator: UInt16, Sendable {
        // The comparisons, in the order of ``SQLComparison``.
        case equal, notEqual, less, lessOrEqual, greater, greaterOrEqual
        case isNull, isNotNull, isIn, like, glob, between
        case and, or, not, constant
    }

    @usableFromInline var low: UInt64 = 0
    @usableFromInline var high: UInt64 = 0
    @usableFromInline var count: Int = 0
    /// Every token, when there are more than eight.
    @usableFromInline var overflow: SQLShapeTokens?

    @inlinable init() {}

    /// `column op ?`
    @inlinable
    static func compare(_ column: Int32, _ comparison: SQLComparison) -> SQLPredicateShape {
        leaf(Operator(rawValue: UInt16(comparison.rawValue))!, column)
    }

    /// `column IS NULL`
    @inlinable static func isNull(_ column: Int32) -> SQLPredicateShape { leaf(.isNull, column) }
    /// `column IS NOT NULL`
    @inlinable static func isNotNull(_ column: Int32) -> SQLPredicateShape { leaf(.isNotNull, column) }
    /// `column LIKE ? ESCAPE '\'`
    @inlinable static func like(_ column: Int32) -> SQLPredicateShape { leaf(.like, column) }
    /// `column GLOB ?` (case-sensitive prefix, suffix and substring tests)
    @inlinable static func glob(_ column: Int32) -> SQLPredicateShape { leaf(.glob, column) }
    /// `column BETWEEN ? AND ?`
    @inlinable static func between(_ column: Int32) -> SQLPredicateShape { leaf(.between, column) }

    /// `column IN (?, …)` with `count` values (none is false); the count follows as two
    /// tokens.
    @inlinable
    static func isIn(_ column: Int32, count: Int) -> SQLPredicateShape {
        var shape = leaf(.isIn, column)
        shape.append(UInt16(truncatingIfNeeded: count >> 16))
        shape.append(UInt16(truncatingIfNeeded: count))
        return shape
    }

    /// `1` or `0`
    @inlinable
    static func constant(_ value: Bool) -> SQLPredicateShape {
        var shape = SQLPredicateShape()
        shape.append(Operator.constant.rawValue << 12 | (value ? 1 : 0))
        return shape
    }

    @inlinable static func and(_ left: SQLPredicateShape, _ right: SQLPredicateShape) -> SQLPredicateShape { node(.and, left, right) }
    @inlinable static func or(_ left: SQLPredicateShape, _ right: SQLPredicateShape) -> SQLPredicateShape { node(.or, left, right) }

    @inlinable
    static func not(_ inner: SQLPredicateShape) -> SQLPredicateShape {
        var shape = SQLPredicateShape()
        shape.append(Operator.not.rawValue << 12)
        shape.append(contentsOf: inner)
        return shape
    }

    @inlinable
    static func leaf(_ op: Operator, _ column: Int32) -> SQLPredicateShape {
        var shape = SQLPredicateShape()
        if column >= 0 && column < 4095 {
            shape.append(op.rawValue << 12 | UInt16(column))
        } else {
            shape.append(op.rawValue << 12 | 4095)
            shape.append(UInt16(truncatingIfNeeded: column))
        }
        return shape
    }

    @inlinable
    static func node(_ op: Operator, _ left: SQLPredicateShape, _ right: SQLPredicateShape) -> SQLPredicateShape {
        var shape = SQLPredicateShape()
        shape.append(op.rawValue << 12)
        shape.append(contentsOf: left)
        shape.append(contentsOf: right)
        return shape
    }

    /// The token at `index`.
    @inlinable
    func token(_ index: Int) -> UInt16 {
        if let overflow { return overflow.tokens[index] }
        return index < 4 ? UInt16(truncatingIfNeeded: low >> (16 * UInt64(index))) : UInt16(truncatingIfNeeded: high >> (16 * UInt64(index - 4)))
    }

    @inlinable
    mutating func append(_ token: UInt16) {
        if count < 4 {
            low |= UInt64(token) << (16 * UInt64(count))
        } else if count < 8 {
            high |= UInt64(token) << (16 * UInt64(count - 4))
        } else {
            var tokens = overflow?.tokens ?? (0..<8).map { self.token($0) }
            tokens.append(token)
            overflow = SQLShapeTokens(tokens)
            low = 0
            high = 0
        }
        count += 1
    }

    @inlinable
    mutating func append(contentsOf other: SQLPredicateShape) {
        guard count + other.count > 8 else {
            for index in 0..<other.count { append(other.token(index)) }
            return
        }
        // Past eight tokens, the array is built once (appending one token at a time would
        // copy it for each).
        var tokens = (0..<count).map { token($0) }
        tokens.reserveCapacity(count + other.count)
        for index in 0..<other.count { tokens.append(other.token(index)) }
        overflow = SQLShapeTokens(tokens)
        low = 0
        high = 0
        count = tokens.count
    }
}

/// The tokens of a predicate with more than eight.
@usableFromInline
final class SQLShapeTokens: Hashable, Sendable {
    @usableFromInline let tokens: [UInt16]

    @usableFromInline
    init(_ tokens: [UInt16]) {
        self.tokens = tokens
    }

    @usableFromInline
    static func == (left: SQLShapeTokens, right: SQLShapeTokens) -> Bool { left === right || left.tokens == right.tokens }

    @usableFromInline
    func hash(into hasher: inout Hasher) { hasher.combine(tokens) }
}

/// A comparison operator.
@usableFromInline
enum SQLComparison: UInt8, Hashable, Sendable {
    case equal, notEqual, less, lessOrEqual, greater, greaterOrEqual

    var sql: String {
        switch self {
        case .equal: return "="
        case .notEqual: return "<>"
        case .less: return "<"
        case .lessOrEqual: return "<="
        case .greater: return ">"
        case .greaterOrEqual: return ">="
        }
    }
}

extension SQLPredicateShape {
    /// The SQL of the shape, with `names` the quoted column names.
    func sql(_ names: [String]) -> String {
        var position = 0
        return sql(names, &position)
    }

    private func sql(_ names: [String], _ position: inout Int) -> String {
        let token = self.token(position)
        position += 1
        let op = Operator(rawValue: token >> 12)!
        var operand = Int(token & 4095)
        func column() -> String {
            if operand == 4095 {
                operand = Int(self.token(position))
                position += 1
            }
            return names[operand]
        }
        switch op {
        case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual:
            return "\(column()) \(SQLComparison(rawValue: UInt8(op.rawValue))!.sql) ?"
        case .isNull: return "\(column()) IS NULL"
        case .isNotNull: return "\(column()) IS NOT NULL"
        case .isIn:
            let name = column()
            let count = Int(self.token(position)) << 16 | Int(self.token(position + 1))
            position += 2
            return count == 0 ? "0" : "\(name) IN (" + Array(repeating: "?", count: count).joined(separator: ", ") + ")"
        case .like: return "\(column()) LIKE ? ESCAPE '\\'"
        case .glob: return "\(column()) GLOB ?"
        case .between: return "\(column()) BETWEEN ? AND ?"
        case .and, .or:
            let left = sql(names, &position)
            let right = sql(names, &position)
            return "(\(left) \(op == .and ? "AND" : "OR") \(right))"
        case .not: return "NOT (\(sql(names, &position)))"
        case .constant: return operand == 1 ? "1" : "0"
        }
    }
}
