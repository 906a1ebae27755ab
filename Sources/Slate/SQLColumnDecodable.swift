import SlateCSQLite

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

    /// The column as an exact 64-bit integer: an integer, or a real with an integral value
    /// in range. Anything else (text, a blob, NULL, 2.5) throws, naming the column and
    /// what it holds: never SQLite's conversion to 0.
    ///
    /// The column's value is taken once (`sqlite3_column_value`) and read with plain
    /// `sqlite3_value_*` calls, as generated decoders read: each `sqlite3_column_*` call
    /// enters and leaves the connection's API guard. SQLite calls such a value unprotected,
    /// safe on the thread that steps the statement, the only one that uses it.
    @inlinable
    func exactInt64<Value>(_ index: Int32, _ type: Value.Type) throws -> Int64 {
        let value = sqlite3_column_value(handle, index)
        if sqlite3_value_type(value) == SQLITE_INTEGER { return sqlite3_value_int64(value) }
        return try inexactInt64(value, index, type)
    }

    /// The rest of ``exactInt64(_:_:)``: a real with an integral value, or an error.
    @usableFromInline
    func inexactInt64(_ value: OpaquePointer?, _ index: Int32, _ type: Any.Type) throws -> Int64 {
        switch sqlite3_value_type(value) {
        case SQLITE_FLOAT:
            if let exact = Int64(exactly: sqlite3_value_double(value)) { return exact }
        case SQLITE_NULL: throw unexpectedNullError(column: index, expected: type)
        default: break
        }
        throw mismatchError(column: index, expected: type)
    }

    /// The column as an exact double: a real, or an integer a double holds exactly.
    @inlinable
    func exactDouble(_ index: Int32) throws -> Double {
        let value = sqlite3_column_value(handle, index)
        if sqlite3_value_type(value) == SQLITE_FLOAT { return sqlite3_value_double(value) }
        return try inexactDouble(value, index)
    }

    /// The rest of ``exactDouble(_:)``: an integer a double holds exactly, or an error.
    @usableFromInline
    func inexactDouble(_ value: OpaquePointer?, _ index: Int32) throws -> Double {
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER:
            if let exact = Double(exactly: sqlite3_value_int64(value)) { return exact }
        case SQLITE_NULL: throw unexpectedNullError(column: index, expected: Double.self)
        default: break
        }
        throw mismatchError(column: index, expected: Double.self)
    }
}

extension Int64: SQLColumnDecodable {
    /// Reads an integer, or a real with an integral value; throws on anything else.
    @inlinable public static func decode(from statement: SQLStatement, at index: Int32) throws -> Int64 {
        try statement.exactInt64(index, Int64.self)
    }
}

extension Int: SQLColumnDecodable {
    /// Reads an integer, or a real with an integral value; throws on anything else.
    @inlinable public static func decode(from statement: SQLStatement, at index: Int32) throws -> Int {
        Int(try statement.exactInt64(index, Int.self))
    }
}

extension Int32: SQLColumnDecodable {
    /// Reads an integer that fits in 32 bits; throws on anything else.
    public static func decode(from statement: SQLStatement, at index: Int32) throws -> Int32 {
        let value = try statement.exactInt64(index, Int32.self)
        guard let narrow = Int32(exactly: value) else {
            throw SQLError(
                code: .mismatch,
                message:
                    "column \(index) (\"\(statement.columnName(at: index))\") holds \(value), which does not fit in Int32",
                sql: statement.sql)
        }
        return narrow
    }
}

extension Double: SQLColumnDecodable {
    /// Reads a real, or an integer a double holds exactly; throws on anything else.
    @inlinable public static func decode(from statement: SQLStatement, at index: Int32) throws -> Double {
        try statement.exactDouble(index)
    }
}

extension Bool: SQLColumnDecodable {
    /// Reads an integer (non-zero is `true`), or a real 0 or 1; throws on anything else.
    @inlinable public static func decode(from statement: SQLStatement, at index: Int32) throws -> Bool {
        switch sqlite3_column_type(statement.handle, index) {
        case SQLITE_INTEGER: return sqlite3_column_int64(statement.handle, index) != 0
        case SQLITE_FLOAT:
            let value = sqlite3_column_double(statement.handle, index)
            if value == 0 || value == 1 { return value == 1 }
        case SQLITE_NULL: throw statement.unexpectedNullError(column: index, expected: Bool.self)
        default: break
        }
        throw statement.mismatchError(column: index, expected: Bool.self)
    }
}

extension String: SQLColumnDecodable {
    /// Reads validated UTF-8 text, or a number's text; throws on NULL, a blob and invalid
    /// UTF-8.
    @inlinable public static func decode(from statement: SQLStatement, at index: Int32) throws -> String {
        switch sqlite3_column_type(statement.handle, index) {
        case SQLITE_NULL: throw statement.unexpectedNullError(column: index, expected: String.self)
        case SQLITE_BLOB: throw statement.mismatchError(column: index, expected: String.self)
        default: return try statement.string(at: index)
        }
    }
}

extension Array: SQLColumnDecodable where Element == UInt8 {
    /// Reads the bytes of a blob (or of text); throws on NULL and numbers.
    @inlinable public static func decode(from statement: SQLStatement, at index: Int32) throws -> [UInt8] {
        switch sqlite3_column_type(statement.handle, index) {
        case SQLITE_BLOB, SQLITE_TEXT: return statement.bytes(at: index)
        case SQLITE_NULL: throw statement.unexpectedNullError(column: index, expected: [UInt8].self)
        default: throw statement.mismatchError(column: index, expected: [UInt8].self)
        }
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
                code: .mismatch, message: "column \(index) holds \(raw), which is not a case of \(Self.self)",
                sql: statement.sql)
        }
        return value
    }
}
