/// A Swift type that can be read from a result column, for the generic getters
/// ``SQLStatement/get(_:as:)-(Int32,_)`` and ``SQLRow/get(_:as:)-(Int32,_)``.
///
/// Non-optional conformances throw when the column is NULL; `Optional` reads NULL as nil.
public protocol SQLColumnDecodable: Sendable {
    /// Reads the column at `index` (zero-based) of `statement`'s current row.
    static func decode(from statement: SQLStatement, at index: Int32) throws -> Self
}

extension SQLStatement {
    @inlinable @inline(__always)
    func requireNonNull<Value>(_ index: Int32, _ type: Value.Type) throws {
        if isNull(at: index) { throw unexpectedNullError(column: index, expected: type) }
    }
}

extension Int64: SQLColumnDecodable {
    /// Reads with `sqlite3_column_int64`; throws on NULL.
    @inlinable public static func decode(from statement: SQLStatement, at index: Int32) throws -> Int64 {
        try statement.requireNonNull(index, Int64.self)
        return statement.int64(at: index)
    }
}

extension Int: SQLColumnDecodable {
    /// Reads with `sqlite3_column_int64`; throws on NULL.
    @inlinable public static func decode(from statement: SQLStatement, at index: Int32) throws -> Int {
        try statement.requireNonNull(index, Int.self)
        return statement.int(at: index)
    }
}

extension Int32: SQLColumnDecodable {
    /// Reads a 64-bit integer; throws on NULL and when it does not fit in 32 bits.
    public static func decode(from statement: SQLStatement, at index: Int32) throws -> Int32 {
        try statement.requireNonNull(index, Int32.self)
        let value = statement.int64(at: index)
        guard let narrow = Int32(exactly: value) else {
            throw SQLError(
                code: .mismatch,
                message: "column \(index) (\"\(statement.columnName(at: index))\") holds \(value), which does not fit in Int32",
                sql: statement.sql)
        }
        return narrow
    }
}

extension Double: SQLColumnDecodable {
    /// Reads with `sqlite3_column_double`; throws on NULL.
    @inlinable public static func decode(from statement: SQLStatement, at index: Int32) throws -> Double {
        try statement.requireNonNull(index, Double.self)
        return statement.double(at: index)
    }
}

extension Bool: SQLColumnDecodable {
    /// Reads a non-zero integer as `true`; throws on NULL.
    @inlinable public static func decode(from statement: SQLStatement, at index: Int32) throws -> Bool {
        try statement.requireNonNull(index, Bool.self)
        return statement.bool(at: index)
    }
}

extension String: SQLColumnDecodable {
    /// Reads validated UTF-8 text; throws on NULL and on invalid UTF-8.
    @inlinable public static func decode(from statement: SQLStatement, at index: Int32) throws -> String {
        try statement.requireNonNull(index, String.self)
        return try statement.string(at: index)
    }
}

extension Array: SQLColumnDecodable where Element == UInt8 {
    /// Reads the bytes of a blob (or of text); throws on NULL.
    @inlinable public static func decode(from statement: SQLStatement, at index: Int32) throws -> [UInt8] {
        try statement.requireNonNull(index, [UInt8].self)
        return statement.bytes(at: index)
    }
}

extension SQLValue: SQLColumnDecodable {
    /// Reads the value in its own storage class; NULL is `.null`.
    public static func decode(from statement: SQLStatement, at index: Int32) throws -> SQLValue {
        try statement.value(at: index)
    }
}

extension Optional: SQLColumnDecodable where Wrapped: SQLColumnDecodable {
    /// nil for NULL, else the wrapped type's reading.
    @inlinable public static func decode(from statement: SQLStatement, at index: Int32) throws -> Wrapped? {
        if statement.isNull(at: index) { return nil }
        return try Wrapped.decode(from: statement, at: index)
    }
}

extension SQLColumnDecodable where Self: RawRepresentable, RawValue: SQLColumnDecodable {
    /// Reads the raw value and makes the value from it: declare `SQLColumnDecodable` on an
    /// enum with raw values and it reads from its raw value. Throws for a raw value that
    /// names no case.
    public static func decode(from statement: SQLStatement, at index: Int32) throws -> Self {
        let raw = try RawValue.decode(from: statement, at: index)
        guard let value = Self(rawValue: raw) else {
            throw SQLError(
                code: .mismatch, message: "column \(index) holds \(raw), which is not a case of \(Self.self)", sql: statement.sql)
        }
        return value
    }
}
