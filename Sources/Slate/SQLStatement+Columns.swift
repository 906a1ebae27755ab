import SlateCSQLite

/// SQLite's five storage classes, as `sqlite3_column_type` reports them.
public enum SQLStorageClass: Int32, Sendable {
    /// `SQLITE_INTEGER`
    case integer = 1
    /// `SQLITE_FLOAT`
    case float = 2
    /// `SQLITE_TEXT`
    case text = 3
    /// `SQLITE_BLOB`
    case blob = 4
    /// `SQLITE_NULL`
    case null = 5
}

extension SQLStatement {
    // MARK: Typed getters, straight from sqlite3_column_*

    /// The column at `index` (zero-based) of the current row as a 64-bit integer, with
    /// SQLite's conversions: NULL reads as 0, text as its leading number.
    @inlinable
    public func int64(at index: Int32) -> Int64 {
        sqlite3_column_int64(handle, index)
    }

    /// The column at `index` as an `Int` (read as 64 bits), with SQLite's conversions.
    @inlinable
    public func int(at index: Int32) -> Int {
        Int(truncatingIfNeeded: sqlite3_column_int64(handle, index))
    }

    /// The column at `index` as a double, with SQLite's conversions (NULL reads as 0.0).
    @inlinable
    public func double(at index: Int32) -> Double {
        sqlite3_column_double(handle, index)
    }

    /// The column at `index` as a `Bool`: any non-zero integer is `true`.
    @inlinable
    public func bool(at index: Int32) -> Bool {
        sqlite3_column_int64(handle, index) != 0
    }

    /// The column at `index` as text: every byte SQLite holds (NUL characters included),
    /// checked to be UTF-8. NULL reads as "".
    ///
    /// - Throws: ``SQLError`` with code ``SQLError/Code/mismatch`` when the bytes are not
    ///   valid UTF-8. They are never silently replaced.
    @inlinable
    public func string(at index: Int32) throws -> String {
        guard let text = sqlite3_column_text(handle, index) else { return "" }
        if let string = SQLText.string(sqliteText: text, count: Int(sqlite3_column_bytes(handle, index))) {
            return string
        }
        throw invalidUTF8Error(column: index)
    }

    /// The column at `index` as bytes: a blob's bytes, or text's UTF-8 bytes. NULL and an
    /// empty blob both read as `[]`; use ``isNull(at:)`` to tell them apart.
    @inlinable
    public func bytes(at index: Int32) -> [UInt8] {
        guard let bytes = sqlite3_column_blob(handle, index) else { return [] }
        let count = Int(sqlite3_column_bytes(handle, index))
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }

    /// Whether the column at `index` is NULL.
    @inlinable
    public func isNull(at index: Int32) -> Bool {
        sqlite3_column_type(handle, index) == SQLITE_NULL
    }

    /// The storage class of the column at `index` in the current row.
    @inlinable
    public func storageClass(at index: Int32) -> SQLStorageClass {
        SQLStorageClass(rawValue: sqlite3_column_type(handle, index)) ?? .null
    }

    /// The column at `index` as a dynamic value, in its own storage class.
    ///
    /// - Throws: when the column holds text that is not valid UTF-8.
    public func value(at index: Int32) throws -> SQLValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT: return .float(sqlite3_column_double(handle, index))
        case SQLITE_TEXT: return .text(try string(at: index))
        case SQLITE_BLOB: return .blob(bytes(at: index))
        default: return .null
        }
    }

    /// Every column of the current row as dynamic values.
    public func values() throws -> [SQLValue] {
        var row: [SQLValue] = []
        row.reserveCapacity(Int(columnCount))
        for index in 0..<columnCount {
            row.append(try value(at: index))
        }
        return row
    }

    // MARK: Generic getters

    /// The column at `index` decoded as `Value`; an optional type reads NULL as nil, and
    /// a non-optional one throws on NULL.
    ///
    /// ```swift
    /// let title: String? = try statement.get(2)
    /// let id = try statement.get(0, as: Int64.self)
    /// ```
    @inlinable
    public func get<Value: SQLColumnDecodable>(_ index: Int32, as type: Value.Type = Value.self) throws -> Value {
        try Value.decode(from: self, at: index)
    }

    /// The column called `name` decoded as `Value` (see ``get(_:as:)-(Int32,_)``).
    ///
    /// - Throws: when there is no such column, or on NULL for a non-optional type.
    @inlinable
    public func get<Value: SQLColumnDecodable>(_ name: String, as type: Value.Type = Value.self) throws -> Value {
        try Value.decode(from: self, at: requireColumnIndex(named: name))
    }

    /// The index of the column called `name`, or an error that lists the columns there are.
    public func requireColumnIndex(named name: String) throws -> Int32 {
        if let index = columnIndex(named: name) { return index }
        throw SQLError(
            code: .range,
            message: "no column named \"\(name)\" in the result; its columns are "
                + columnNames.map { "\"\($0)\"" }.joined(separator: ", "),
            sql: sql)
    }

    // MARK: Errors

    @usableFromInline
    func invalidUTF8Error(column index: Int32) -> SQLError {
        SQLError(
            code: .mismatch,
            message:
                "column \(index) (\"\(columnName(at: index))\") holds text that is not valid UTF-8; read it as bytes instead",
            sql: sql)
    }

    @usableFromInline
    func unexpectedNullError(column index: Int32, expected type: Any.Type) -> SQLError {
        SQLError(
            code: .mismatch,
            message: "column \(index) (\"\(columnName(at: index))\") is NULL but \(type) is not optional",
            sql: sql)
    }
}
