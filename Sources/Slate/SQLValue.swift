/// A value SQLite stores in one column of one row: one of its five storage classes.
///
/// `SQLValue` is for dynamic code: ad-hoc queries, scripts, tools. Typed code reads
/// columns with ``SQLStatement``'s typed getters and binds Swift values directly,
/// without boxing them into `SQLValue`.
///
/// Literals build values, so a parameter list reads naturally:
///
/// ```swift
/// let values: [SQLValue] = [1, "a", nil, 2.5]   // .integer, .text, .null, .float
/// ```
///
/// Blobs are `[UInt8]` everywhere in Slate.
public enum SQLValue: Hashable, Sendable {
    /// A 64-bit signed integer (`INTEGER` storage class).
    case integer(Int64)
    /// An IEEE 754 double (`REAL` storage class).
    case float(Double)
    /// UTF-8 text (`TEXT` storage class). It may hold NUL characters.
    case text(String)
    /// Bytes (`BLOB` storage class). An empty blob is not NULL.
    case blob([UInt8])
    /// SQL `NULL`.
    case null
}

extension SQLValue {
    /// The integer, when this is an `.integer`; otherwise `nil`.
    @inlinable public var integerValue: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// The double, when this is a `.float`; otherwise `nil`.
    @inlinable public var floatValue: Double? {
        if case .float(let value) = self { return value }
        return nil
    }

    /// The string, when this is a `.text`; otherwise `nil`.
    @inlinable public var textValue: String? {
        if case .text(let value) = self { return value }
        return nil
    }

    /// The bytes, when this is a `.blob`; otherwise `nil`.
    @inlinable public var blobValue: [UInt8]? {
        if case .blob(let value) = self { return value }
        return nil
    }

    /// Whether this is SQL `NULL`.
    @inlinable public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The value written as an SQL literal: `42`, `2.5`, `'it''s'`, `X'00FF'`, `NULL`.
    ///
    /// Meant for printing SQL (dry runs, logs). Statements should bind values instead.
    public var sqlLiteral: String {
        switch self {
        case .integer(let value):
            return String(value)
        case .float(let value):
            if value.isNaN { return "NULL" }
            if value.isInfinite { return value < 0 ? "-9e999" : "9e999" }
            return "\(value)"
        case .text(let value):
            return SQLText.quotedLiteral(value)
        case .blob(let bytes):
            return "X'" + SQLText.hex(bytes) + "'"
        case .null:
            return "NULL"
        }
    }
}

extension SQLValue: CustomStringConvertible {
    /// The value as an SQL literal (see ``sqlLiteral``).
    public var description: String { sqlLiteral }
}

extension SQLValue: ExpressibleByIntegerLiteral {
    /// An `.integer` from an integer literal.
    @inlinable public init(integerLiteral value: Int64) { self = .integer(value) }
}

extension SQLValue: ExpressibleByFloatLiteral {
    /// A `.float` from a floating-point literal.
    @inlinable public init(floatLiteral value: Double) { self = .float(value) }
}

extension SQLValue: ExpressibleByStringLiteral {
    /// A `.text` from a string literal.
    @inlinable public init(stringLiteral value: String) { self = .text(value) }
}

extension SQLValue: ExpressibleByNilLiteral {
    /// `.null` from `nil`.
    @inlinable public init(nilLiteral: ()) { self = .null }
}

extension SQLValue: ExpressibleByBooleanLiteral {
    /// `.integer(1)` for `true`, `.integer(0)` for `false`, as SQLite stores booleans.
    @inlinable public init(booleanLiteral value: Bool) { self = .integer(value ? 1 : 0) }
}

extension SQLValue: Codable {
    /// Decodes a JSON-like single value: an integer, a number, a string, an array of
    /// bytes, or null.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let integer = try? container.decode(Int64.self) {
            self = .integer(integer)
        } else if let double = try? container.decode(Double.self) {
            self = .float(double)
        } else if let text = try? container.decode(String.self) {
            self = .text(text)
        } else {
            self = .blob(try container.decode([UInt8].self))
        }
    }

    /// Encodes as a single value: integer, number, string, array of bytes, or null.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .integer(let value): try container.encode(value)
        case .float(let value): try container.encode(value)
        case .text(let value): try container.encode(value)
        case .blob(let value): try container.encode(value)
        case .null: try container.encodeNil()
        }
    }
}
