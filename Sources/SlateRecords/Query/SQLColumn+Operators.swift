import Foundation

// The comparison operators of typed columns. Each makes an SQLPredicate with the value bound.

extension SQLColumn {
    @usableFromInline
    func compare(_ comparison: SQLComparison, _ value: Value) -> SQLPredicate<Record> {
        SQLPredicate(.compare(index, comparison), .one(sqlValue(value)))
    }

    /// `column IN (…)`: the column equals one of `values` (none: no row).
    @inlinable
    public func `in`<Values: Sequence>(_ values: Values) -> SQLPredicate<Record> where Values.Element == Value {
        let bound = values.map(sqlValue)
        return SQLPredicate(.isIn(index, count: bound.count), SQLBoundValues(bound))
    }

    /// `column BETWEEN lower AND upper`, both ends included.
    @inlinable
    public func between(_ lower: Value, and upper: Value) -> SQLPredicate<Record> {
        SQLPredicate(.between(index), .two(sqlValue(lower), sqlValue(upper)))
    }

    /// `column BETWEEN` the range's bounds.
    @inlinable
    public func between(_ range: ClosedRange<Value>) -> SQLPredicate<Record> where Value: Comparable {
        between(range.lowerBound, and: range.upperBound)
    }

    /// Equal (for an optional column, `== nil` is `IS NULL`).
    @inlinable
    public static func == (column: SQLColumn, value: Value) -> SQLPredicate<Record> {
        let bound = column.sqlValue(value)
        if case .null = bound { return SQLPredicate(.isNull(column.index)) }
        return SQLPredicate(.compare(column.index, .equal), .one(bound))
    }

    /// Not equal (for an optional column, `!= nil` is `IS NOT NULL`; SQL's `<>` is never
    /// true for a NULL column).
    @inlinable
    public static func != (column: SQLColumn, value: Value) -> SQLPredicate<Record> {
        let bound = column.sqlValue(value)
        if case .null = bound { return SQLPredicate(.isNotNull(column.index)) }
        return SQLPredicate(.compare(column.index, .notEqual), .one(bound))
    }
}

extension SQLColumn where Value: SQLOptionalValue {
    /// `column IS NULL`
    @inlinable public var isNull: SQLPredicate<Record> { SQLPredicate(.isNull(index)) }
    /// `column IS NOT NULL`
    @inlinable public var isNotNull: SQLPredicate<Record> { SQLPredicate(.isNotNull(index)) }
}

/// `Optional`, for the members only optional columns have.
public protocol SQLOptionalValue {}
extension Optional: SQLOptionalValue {}

/// Values SQL orders the way Swift does: numbers, text (by bytes, SQLite's BINARY
/// collation), dates.
public protocol SQLOrderedValue {}
extension Int: SQLOrderedValue {}
extension Int64: SQLOrderedValue {}
extension Double: SQLOrderedValue {}
extension String: SQLOrderedValue {}
extension Date: SQLOrderedValue {}
extension Optional: SQLOrderedValue where Wrapped: SQLOrderedValue {}

extension SQLColumn where Value: SQLOrderedValue {
    /// Less than; a NULL column is never less (SQL semantics).
    @inlinable public static func < (column: SQLColumn, value: Value) -> SQLPredicate<Record> { column.compare(.less, value) }
    /// Less than or equal.
    @inlinable public static func <= (column: SQLColumn, value: Value) -> SQLPredicate<Record> { column.compare(.lessOrEqual, value) }
    /// Greater than.
    @inlinable public static func > (column: SQLColumn, value: Value) -> SQLPredicate<Record> { column.compare(.greater, value) }
    /// Greater than or equal.
    @inlinable public static func >= (column: SQLColumn, value: Value) -> SQLPredicate<Record> { column.compare(.greaterOrEqual, value) }
}

/// Text values, for `like`, `hasPrefix`, `hasSuffix` and `contains`.
public protocol SQLTextValue {}
extension String: SQLTextValue {}
extension Optional: SQLTextValue where Wrapped == String {}

extension SQLColumn where Value: SQLTextValue {
    /// SQL `LIKE` with `pattern` as written (`%` any run, `_` one character; ASCII
    /// letters match either case). `\` escapes a wildcard.
    @inlinable
    public func like(_ pattern: String) -> SQLPredicate<Record> {
        SQLPredicate(.like(index), [.text(pattern)])
    }

    /// Starts with `prefix`, case-sensitively, wildcards taken literally.
    @inlinable
    public func hasPrefix(_ prefix: String) -> SQLPredicate<Record> {
        SQLPredicate(.glob(index), [.text(SQLColumnText.globEscaped(prefix) + "*")])
    }

    /// Ends with `suffix`, case-sensitively, wildcards taken literally.
    @inlinable
    public func hasSuffix(_ suffix: String) -> SQLPredicate<Record> {
        SQLPredicate(.glob(index), [.text("*" + SQLColumnText.globEscaped(suffix))])
    }

    /// Contains `text`, case-sensitively, wildcards taken literally.
    @inlinable
    public func contains(_ text: String) -> SQLPredicate<Record> {
        SQLPredicate(.glob(index), [.text("*" + SQLColumnText.globEscaped(text) + "*")])
    }
}

/// Escaping for `GLOB` patterns.
public enum SQLColumnText {
    /// `text` with `*`, `?` and `[` made literal (`[*]`, `[?]`, `[[]`).
    public static func globEscaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "[") }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 4)
        for character in text.unicodeScalars {
            switch character {
            case "*": result += "[*]"
            case "?": result += "[?]"
            case "[": result += "[[]"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }
}
