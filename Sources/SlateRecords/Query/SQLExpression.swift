import Foundation

/// A value computed from `Record`'s columns: a column, or arithmetic of columns and
/// constants, compared with another column or expression in a predicate.
///
/// ```swift
/// try db.items.fetch(where: { $0.price > $0.cost * 2 })
/// try db.events.fetch(where: { $0.end >= $0.start + 3600 })       // dates: seconds
/// try db.events.fetch(where: { $0.end - $0.start > 3600 })         // Date − Date: seconds
/// try db.people.fetch(where: { $0.updated > $0.created })
/// ```
///
/// `Value` is the type without its optional: an expression of a `Double?` column is a
/// `Double` expression, NULL when the column is NULL (SQL: arithmetic with NULL is NULL,
/// and a comparison with NULL matches no row, nor does its `!`). Constants are bound,
/// never written into the SQL; the shape of the expression (its columns and operators)
/// is part of the statement's cache key.
///
/// Arithmetic is SQLite's: integers divide to an integer, as Swift's do; division by
/// zero is NULL where Swift would trap; an integer result past 64 bits becomes a real.
/// Dates in arithmetic count in seconds since 1970 (a date stored as text is converted
/// with SQLite's `julianday`, to the millisecond; milliseconds, Julian days and seconds
/// since 2001 by their factor and epoch), so dates stored differently compare.
public struct SQLExpression<Record, Value>: Sendable {
    @usableFromInline var shape: SQLPredicateShape
    @usableFromInline var values: SQLBoundValues
    /// For dates: how the expression holds its date (a column's storage, or seconds since
    /// 1970 after arithmetic). `.text` for anything else.
    @usableFromInline var dates: SQLDate.Storage
    /// For booleans: how the expression holds them (a column's storage). `.integer` for
    /// anything else.
    @usableFromInline var booleans: SQLBoolean.Storage

    @usableFromInline
    init(
        _ shape: SQLPredicateShape, _ values: SQLBoundValues, dates: SQLDate.Storage,
        booleans: SQLBoolean.Storage = .integer
    ) {
        self.shape = shape
        self.values = values
        self.dates = dates
        self.booleans = booleans
    }
}

/// Column types whose columns compare with other columns and take part in expressions:
/// numbers, text, dates, `Bool`, bytes, and their optionals.
public protocol SQLExpressionValue {
    /// The type without its optional: `Int` for `Int` and `Int?`.
    associatedtype Unwrapped
}

extension Int: SQLExpressionValue { public typealias Unwrapped = Int }
extension Int64: SQLExpressionValue { public typealias Unwrapped = Int64 }
extension Double: SQLExpressionValue { public typealias Unwrapped = Double }
extension String: SQLExpressionValue { public typealias Unwrapped = String }
extension Bool: SQLExpressionValue { public typealias Unwrapped = Bool }
extension Date: SQLExpressionValue { public typealias Unwrapped = Date }
extension Data: SQLExpressionValue { public typealias Unwrapped = Data }
extension Array: SQLExpressionValue where Element == UInt8 { public typealias Unwrapped = [UInt8] }
extension Optional: SQLExpressionValue where Wrapped: SQLExpressionValue {
    public typealias Unwrapped = Wrapped.Unwrapped
}

/// Numbers, for `+`, `-`, `*` and `/` in expressions.
public protocol SQLArithmeticValue: SQLBindable {}
extension Int: SQLArithmeticValue {}
extension Int64: SQLArithmeticValue {}
extension Double: SQLArithmeticValue {}

/// A column or an expression of `Record`'s columns: either side of a comparison of
/// columns, an operand of arithmetic.
public protocol SQLOperand: Sendable {
    /// The record type.
    associatedtype Record
    /// The type of the operand's values, without its optional.
    associatedtype Operand
    /// The operand as an expression.
    var sqlExpression: SQLExpression<Record, Operand> { get }
}

extension SQLColumn: SQLOperand where Value: SQLExpressionValue {
    public typealias Operand = Value.Unwrapped

    /// The column's value.
    @inlinable
    public var sqlExpression: SQLExpression<Record, Value.Unwrapped> {
        var shape = SQLPredicateShape()
        shape.appendColumn(.column, index)
        return SQLExpression(shape, .none, dates: dates, booleans: booleans)
    }
}

extension SQLExpression: SQLOperand {
    public typealias Operand = Value
    /// The expression itself.
    @inlinable public var sqlExpression: SQLExpression { self }
}

extension SQLExpression {
    /// `self op other`
    @inlinable
    func combined(_ op: SQLArithmetic, _ other: SQLExpression) -> SQLExpression {
        var result = self
        result.shape.append(contentsOf: other.shape)
        result.shape.append(SQLPredicateShape.token(.arithmetic, UInt16(op.rawValue)))
        result.values = values + other.values
        return result
    }

    /// A constant, bound; a date as `dates` says it was bound (seconds since 1970 unless
    /// it was bound as a column stores it).
    @inlinable
    static func constant(_ value: SQLValue, dates: SQLDate.Storage = .unixTime) -> SQLExpression {
        var shape = SQLPredicateShape()
        shape.append(SQLPredicateShape.token(.value))
        return SQLExpression(shape, .one(value), dates: dates)
    }

    /// The same date in seconds since 1970 (unchanged when it is in seconds already; whole
    /// seconds become seconds, which arithmetic may give fractions).
    @inlinable
    var inSeconds: SQLExpression {
        if dates == .unixTimeInteger {
            var result = self
            result.dates = .unixTime
            return result
        }
        guard dates != .unixTime else { return self }
        var result = self
        result.shape.append(SQLPredicateShape.token(.seconds, dates.secondsConversion))
        result.dates = .unixTime
        return result
    }

    /// The same expression as another type (a date difference is a number of seconds).
    @inlinable
    func retyped<Other>(_ type: Other.Type) -> SQLExpression<Record, Other> {
        SQLExpression<Record, Other>(shape, values, dates: dates, booleans: booleans)
    }

    /// The same boolean as 1 or 0 (unchanged when it is stored so): a column of text
    /// booleans compared with its text for true.
    @inlinable
    var asInteger: SQLExpression {
        guard case .text(let yes, _) = booleans else { return self }
        var result = self
        result.shape.append(SQLPredicateShape.token(.boolean))
        result.values = values + .one(.text(yes))
        result.booleans = .integer
        return result
    }

    /// `self op other`, two dates compared in the same storage: as stored when both
    /// store alike (so an index serves the comparison), else in seconds.
    @inlinable
    func compared(_ op: SQLComparison, _ other: SQLExpression) -> SQLPredicate<Record> {
        var left = self
        var right = other
        if Value.self == Date.self, left.dates.domain != right.dates.domain {
            left = left.inSeconds
            right = right.inSeconds
        }
        // Booleans stored two ways (1 and 0, 'TRUE' and 'FALSE') compare as 1 and 0.
        if Value.self == Bool.self, left.booleans != right.booleans {
            left = left.asInteger
            right = right.asInteger
        }
        left.shape.append(contentsOf: right.shape)
        left.shape.append(SQLPredicateShape.token(.compare, UInt16(op.rawValue)))
        return SQLPredicate(left.shape, left.values + right.values)
    }

    /// `self op value`, the value bound as the expression holds it (and labelled so: a
    /// constant labelled otherwise would be converted a second time).
    @inlinable
    func compared(_ op: SQLComparison, value: Value) -> SQLPredicate<Record> where Value: SQLBindable {
        var constant = SQLExpression.constant(
            SQLColumn<Record, Value>(0, dates: dates, booleans: booleans).sqlValue(value), dates: dates)
        constant.booleans = booleans
        return compared(op, constant)
    }
}

extension SQLDate.Storage {
    /// Storages whose values compare as they are: each storage with itself, and seconds
    /// since 1970 whole or not. Text of different forms does not compare as text (`T` sorts
    /// after a space), so each text storage is a domain of its own.
    @inlinable
    var domain: Int {
        switch self {
        case .text: return 0
        case .unixTime, .unixTimeInteger: return 1
        case .secondsSince2001: return 2
        case .textSeconds: return 3
        case .iso8601: return 4
        case .iso8601Seconds: return 5
        case .unixTimeMilliseconds: return 6
        case .julianDay: return 7
        }
    }

    /// The operand of the `.seconds` token that converts a value of this storage to
    /// seconds since 1970: 0 for text (the rendering reads numbers in it as SQLite's
    /// `'auto'` does), 1 for seconds since 2001, 2 for milliseconds, 3 for Julian days.
    @inlinable
    var secondsConversion: UInt16 {
        switch self {
        case .text, .textSeconds, .iso8601, .iso8601Seconds: return 0
        case .secondsSince2001: return 1
        case .unixTimeMilliseconds: return 2
        case .julianDay: return 3
        case .unixTime, .unixTimeInteger: return 4
        }
    }
}

// MARK: Comparisons of columns and expressions

// The operators below are generic and so are tried wherever `==`, `<`, `+`, … are used in
// a file that imports SlateRecords: they are `@_disfavoredOverload`, which lets the type
// checker settle plain arithmetic (`$0 % 2 == 0 ? 10_000 + $0 : …` in a `map`) without
// exploring them first. They have no other overload to lose to in a predicate.

extension SQLOperand where Operand: SQLExpressionValue {
    /// Equal: a column (or expression) and another. A NULL on either side matches no row,
    /// as in SQL (`nil == nil` is not true here; test `isNull` for that).
    @inlinable @_disfavoredOverload
    public static func == <Other: SQLOperand>(left: Self, right: Other) -> SQLPredicate<Record>
    where Other.Record == Record, Other.Operand == Operand {
        left.sqlExpression.compared(.equal, right.sqlExpression)
    }

    /// Not equal; a NULL on either side matches no row.
    @inlinable @_disfavoredOverload
    public static func != <Other: SQLOperand>(left: Self, right: Other) -> SQLPredicate<Record>
    where Other.Record == Record, Other.Operand == Operand {
        left.sqlExpression.compared(.notEqual, right.sqlExpression)
    }
}

extension SQLOperand where Operand: SQLOrderedValue {
    /// Less than: `$0.start < $0.end`; a NULL on either side matches no row.
    @inlinable @_disfavoredOverload
    public static func < <Other: SQLOperand>(left: Self, right: Other) -> SQLPredicate<Record>
    where Other.Record == Record, Other.Operand == Operand {
        left.sqlExpression.compared(.less, right.sqlExpression)
    }

    /// Less than or equal.
    @inlinable @_disfavoredOverload
    public static func <= <Other: SQLOperand>(left: Self, right: Other) -> SQLPredicate<Record>
    where Other.Record == Record, Other.Operand == Operand {
        left.sqlExpression.compared(.lessOrEqual, right.sqlExpression)
    }

    /// Greater than.
    @inlinable @_disfavoredOverload
    public static func > <Other: SQLOperand>(left: Self, right: Other) -> SQLPredicate<Record>
    where Other.Record == Record, Other.Operand == Operand {
        left.sqlExpression.compared(.greater, right.sqlExpression)
    }

    /// Greater than or equal.
    @inlinable @_disfavoredOverload
    public static func >= <Other: SQLOperand>(left: Self, right: Other) -> SQLPredicate<Record>
    where Other.Record == Record, Other.Operand == Operand {
        left.sqlExpression.compared(.greaterOrEqual, right.sqlExpression)
    }
}

extension SQLExpression where Value: SQLBindable {
    /// Equal to a constant. (A column compared with a constant is the column's `==`.)
    @inlinable @_disfavoredOverload
    public static func == (left: SQLExpression, right: Value) -> SQLPredicate<Record> {
        left.compared(.equal, value: right)
    }
    /// Not equal to a constant; NULL matches no row.
    @inlinable @_disfavoredOverload
    public static func != (left: SQLExpression, right: Value) -> SQLPredicate<Record> {
        left.compared(.notEqual, value: right)
    }
}

extension SQLExpression where Value: SQLBindable & SQLOrderedValue {
    /// Less than a constant.
    @inlinable @_disfavoredOverload
    public static func < (left: SQLExpression, right: Value) -> SQLPredicate<Record> {
        left.compared(.less, value: right)
    }
    /// Less than or equal to a constant.
    @inlinable @_disfavoredOverload
    public static func <= (left: SQLExpression, right: Value) -> SQLPredicate<Record> {
        left.compared(.lessOrEqual, value: right)
    }
    /// Greater than a constant.
    @inlinable @_disfavoredOverload
    public static func > (left: SQLExpression, right: Value) -> SQLPredicate<Record> {
        left.compared(.greater, value: right)
    }
    /// Greater than or equal to a constant.
    @inlinable @_disfavoredOverload
    public static func >= (left: SQLExpression, right: Value) -> SQLPredicate<Record> {
        left.compared(.greaterOrEqual, value: right)
    }
}

// MARK: Arithmetic

extension SQLOperand where Operand: SQLArithmeticValue {
    /// The sum of two columns or expressions.
    @inlinable @_disfavoredOverload
    public static func + <Other: SQLOperand>(left: Self, right: Other) -> SQLExpression<Record, Operand>
    where Other.Record == Record, Other.Operand == Operand {
        left.sqlExpression.combined(.add, right.sqlExpression)
    }

    /// The difference of two columns or expressions.
    @inlinable @_disfavoredOverload
    public static func - <Other: SQLOperand>(left: Self, right: Other) -> SQLExpression<Record, Operand>
    where Other.Record == Record, Other.Operand == Operand {
        left.sqlExpression.combined(.subtract, right.sqlExpression)
    }

    /// The product of two columns or expressions.
    @inlinable @_disfavoredOverload
    public static func * <Other: SQLOperand>(left: Self, right: Other) -> SQLExpression<Record, Operand>
    where Other.Record == Record, Other.Operand == Operand {
        left.sqlExpression.combined(.multiply, right.sqlExpression)
    }

    /// The quotient of two columns or expressions (NULL for a zero divisor).
    @inlinable @_disfavoredOverload
    public static func / <Other: SQLOperand>(left: Self, right: Other) -> SQLExpression<Record, Operand>
    where Other.Record == Record, Other.Operand == Operand {
        left.sqlExpression.combined(.divide, right.sqlExpression)
    }

    /// The operand plus a constant (bound).
    @inlinable @_disfavoredOverload
    public static func + (left: Self, right: Operand) -> SQLExpression<Record, Operand> {
        left.sqlExpression.combined(.add, .constant(right.sqlValue))
    }

    /// The operand minus a constant.
    @inlinable @_disfavoredOverload
    public static func - (left: Self, right: Operand) -> SQLExpression<Record, Operand> {
        left.sqlExpression.combined(.subtract, .constant(right.sqlValue))
    }

    /// The operand times a constant.
    @inlinable @_disfavoredOverload
    public static func * (left: Self, right: Operand) -> SQLExpression<Record, Operand> {
        left.sqlExpression.combined(.multiply, .constant(right.sqlValue))
    }

    /// The operand divided by a constant.
    @inlinable @_disfavoredOverload
    public static func / (left: Self, right: Operand) -> SQLExpression<Record, Operand> {
        left.sqlExpression.combined(.divide, .constant(right.sqlValue))
    }

    /// A constant plus the operand.
    @inlinable @_disfavoredOverload
    public static func + (left: Operand, right: Self) -> SQLExpression<Record, Operand> {
        SQLExpression.constant(left.sqlValue).combined(.add, right.sqlExpression)
    }

    /// A constant minus the operand.
    @inlinable @_disfavoredOverload
    public static func - (left: Operand, right: Self) -> SQLExpression<Record, Operand> {
        SQLExpression.constant(left.sqlValue).combined(.subtract, right.sqlExpression)
    }

    /// A constant times the operand.
    @inlinable @_disfavoredOverload
    public static func * (left: Operand, right: Self) -> SQLExpression<Record, Operand> {
        SQLExpression.constant(left.sqlValue).combined(.multiply, right.sqlExpression)
    }

    /// A constant divided by the operand.
    @inlinable @_disfavoredOverload
    public static func / (left: Operand, right: Self) -> SQLExpression<Record, Operand> {
        SQLExpression.constant(left.sqlValue).combined(.divide, right.sqlExpression)
    }
}

extension SQLOperand where Operand == Date {
    /// The date `seconds` later.
    @inlinable @_disfavoredOverload
    public static func + (left: Self, seconds: TimeInterval) -> SQLExpression<Record, Date> {
        left.sqlExpression.inSeconds.combined(.add, .constant(.float(seconds)))
    }

    /// The date `seconds` earlier.
    @inlinable @_disfavoredOverload
    public static func - (left: Self, seconds: TimeInterval) -> SQLExpression<Record, Date> {
        left.sqlExpression.inSeconds.combined(.subtract, .constant(.float(seconds)))
    }

    /// The seconds from `right` to `left`: `$0.end - $0.start > 3600`.
    @inlinable @_disfavoredOverload
    public static func - <Other: SQLOperand>(left: Self, right: Other) -> SQLExpression<Record, Double>
    where Other.Record == Record, Other.Operand == Date {
        left.sqlExpression.inSeconds.combined(.subtract, right.sqlExpression.inSeconds).retyped(Double.self)
    }
}
