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
    @usableFromInline var values: [SQLValue]

    @usableFromInline
    init(_ shape: SQLPredicateShape, _ values: [SQLValue] = []) {
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
@usableFromInline
enum SQLPredicateShape: Hashable, Sendable {
    /// `column op ?`
    case compare(Int32, SQLComparison)
    /// `column IS NULL`
    case isNull(Int32)
    /// `column IS NOT NULL`
    case isNotNull(Int32)
    /// `column IN (?, …)` with `count` values (none is false)
    case isIn(Int32, count: Int)
    /// `column LIKE ? ESCAPE '\'`
    case like(Int32)
    /// `column GLOB ?` (case-sensitive prefix, suffix and substring tests)
    case glob(Int32)
    /// `column BETWEEN ? AND ?`
    case between(Int32)
    indirect case and(SQLPredicateShape, SQLPredicateShape)
    indirect case or(SQLPredicateShape, SQLPredicateShape)
    indirect case not(SQLPredicateShape)
    /// `1` or `0`
    case constant(Bool)
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
        switch self {
        case .compare(let column, let comparison): return "\(names[Int(column)]) \(comparison.sql) ?"
        case .isNull(let column): return "\(names[Int(column)]) IS NULL"
        case .isNotNull(let column): return "\(names[Int(column)]) IS NOT NULL"
        case .isIn(let column, let count):
            return count == 0 ? "0" : "\(names[Int(column)]) IN (" + Array(repeating: "?", count: count).joined(separator: ", ") + ")"
        case .like(let column): return "\(names[Int(column)]) LIKE ? ESCAPE '\\'"
        case .glob(let column): return "\(names[Int(column)]) GLOB ?"
        case .between(let column): return "\(names[Int(column)]) BETWEEN ? AND ?"
        case .and(let left, let right): return "(\(left.sql(names)) AND \(right.sql(names)))"
        case .or(let left, let right): return "(\(left.sql(names)) OR \(right.sql(names)))"
        case .not(let inner): return "NOT (\(inner.sql(names)))"
        case .constant(let value): return value ? "1" : "0"
        }
    }
}
