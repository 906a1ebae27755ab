import Foundation

// The comparison operators of typed columns. Each makes an SQLPredicate with the value bound.

extension SQLColumn {
    @usableFromInline
    func compare(_ comparison: SQLComparison, _ value: Value) -> SQLPredicate<Record> {
        SQLPredicate(.compare(index, comparison), .one(sqlValue(value)))
    }

    /// `column IN (…)`: the column equals one of `values` (none: no row). A nil among
    /// them matches NULL, as `== nil` does: `$0.title.in([nil, "Dr"])` is
    /// `title IN ('Dr') OR title IS NULL`.
    @inlinable
    public func `in`<Values: Sequence>(_ values: Values) -> SQLPredicate<Record> where Values.Element == Value {
        var bound: [SQLValue] = []
        var matchesNull = false
        for value in values {
            let value = sqlValue(value)
            if case .null = value { matchesNull = true } else { bound.append(value) }
        }
        return SQLColumnText.isIn(index, bound, orNull: matchesNull)
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
    @inlinable public static func < (column: SQLColumn, value: Value) -> SQLPredicate<Record> {
        column.compare(.less, value)
    }
    /// Less than or equal.
    @inlinable public static func <= (column: SQLColumn, value: Value) -> SQLPredicate<Record> {
        column.compare(.lessOrEqual, value)
    }
    /// Greater than.
    @inlinable public static func > (column: SQLColumn, value: Value) -> SQLPredicate<Record> {
        column.compare(.greater, value)
    }
    /// Greater than or equal.
    @inlinable public static func >= (column: SQLColumn, value: Value) -> SQLPredicate<Record> {
        column.compare(.greaterOrEqual, value)
    }
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

    /// Starts with `prefix`, byte for byte: case-sensitive, `%`, `_`, `*` and NUL
    /// characters taken literally, the column's collation ignored. The empty prefix
    /// matches every value but NULL, as Swift's `hasPrefix("")` is true.
    ///
    /// Bytes, not characters: `"e\u{301}"` (e and a combining accent) starts with `"e"`
    /// here, where Swift's `hasPrefix` compares whole characters; the same bytes make the
    /// same answer as `==`, which SQLite compares by bytes too. A NULL column is neither
    /// matched nor matched by `!`.
    ///
    /// On a column of TEXT affinity it is a range of the column (`>=` the prefix and `<`
    /// the first text past every text it starts), which an index on the column serves.
    @inlinable
    public func hasPrefix(_ prefix: String) -> SQLPredicate<Record> {
        let bytes = Array(prefix.utf8)
        // UTF-8 has no 0xFF byte, so a prefix has a successor unless it is empty.
        guard let upper = SQLColumnText.successor(of: bytes) else { return SQLPredicate(.leaf(.hasBytes, index)) }
        return SQLPredicate(.leaf(.hasPrefix, index), .two(.blob(bytes), .blob(upper)))
    }

    /// Ends with `suffix`, byte for byte (see ``hasPrefix(_:)``). The empty suffix matches
    /// every value but NULL.
    @inlinable
    public func hasSuffix(_ suffix: String) -> SQLPredicate<Record> {
        let bytes = Array(suffix.utf8)
        if bytes.isEmpty { return SQLPredicate(.leaf(.hasBytes, index)) }
        return SQLPredicate(.leaf(.hasSuffix, index), .two(.integer(-Int64(bytes.count)), .blob(bytes)))
    }

    /// Contains `text`, byte for byte (see ``hasPrefix(_:)``). The empty string is in
    /// every value but NULL, as Swift's standard library says (Foundation's
    /// `contains("")` says false).
    @inlinable
    public func contains(_ text: String) -> SQLPredicate<Record> {
        let bytes = Array(text.utf8)
        if bytes.isEmpty { return SQLPredicate(.leaf(.hasBytes, index)) }
        return SQLPredicate(.leaf(.contains, index), .one(.blob(bytes)))
    }
}

extension SQLColumn where Value == [UInt8] {
    /// Equal to `data`'s bytes.
    @inlinable
    public static func == (column: SQLColumn, data: Data) -> SQLPredicate<Record> { column == [UInt8](data) }
    /// Not equal to `data`'s bytes.
    @inlinable
    public static func != (column: SQLColumn, data: Data) -> SQLPredicate<Record> { column != [UInt8](data) }
    /// `column IN (…)` of `values`' bytes.
    @inlinable
    public func `in`<Values: Sequence>(_ values: Values) -> SQLPredicate<Record> where Values.Element == Data {
        self.in(values.map { [UInt8]($0) })
    }
}

extension SQLColumn where Value == [UInt8]? {
    /// Equal to `data`'s bytes (`== nil` is `IS NULL`).
    @inlinable
    public static func == (column: SQLColumn, data: Data?) -> SQLPredicate<Record> {
        column == data.map { [UInt8]($0) }
    }
    /// Not equal to `data`'s bytes (`!= nil` is `IS NOT NULL`).
    @inlinable
    public static func != (column: SQLColumn, data: Data?) -> SQLPredicate<Record> {
        column != data.map { [UInt8]($0) }
    }
    /// `column IN (…)` of `values`' bytes; a nil matches NULL.
    @inlinable
    public func `in`<Values: Sequence>(_ values: Values) -> SQLPredicate<Record> where Values.Element == Data? {
        self.in(values.map { $0.map { [UInt8]($0) } })
    }
}

/// Helpers of the text predicates.
public enum SQLColumnText {
    /// `text` with `*`, `?` and `[` made literal (`[*]`, `[?]`, `[[]`), for a `GLOB`
    /// pattern written by hand. (GLOB stops at a NUL character; the typed text predicates
    /// compare bytes instead.)
    public static func globEscaped(_ text: String) -> String {
        guard
            text.utf8.contains(where: { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "[") })
        else { return text }
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

    /// The first byte string past every string that starts with `bytes` (the last byte
    /// below 0xFF raised by one, what follows it dropped); nil when there is none (no
    /// bytes, or all 0xFF).
    @usableFromInline
    static func successor(of bytes: [UInt8]) -> [UInt8]? {
        var upper = bytes
        while let last = upper.last {
            if last < 0xFF {
                upper[upper.count - 1] = last + 1
                return upper
            }
            upper.removeLast()
        }
        return nil
    }

    /// `column IN (bound)`, or `IS NULL` too when `orNull`.
    @usableFromInline
    static func isIn<Record>(_ column: Int32, _ bound: [SQLValue], orNull: Bool) -> SQLPredicate<Record> {
        let list = SQLPredicate<Record>(.isIn(column, count: bound.count), SQLBoundValues(bound))
        guard orNull else { return list }
        let null = SQLPredicate<Record>(.isNull(column))
        return bound.isEmpty ? null : list || null
    }
}
