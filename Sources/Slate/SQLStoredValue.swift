import SlateCSQLite

/// What a column of the current row holds, described for errors: `TEXT '12 years'`,
/// `REAL 2.5`, `a BLOB of 3 bytes`, `NULL`. Shared by every reading path, so that a value
/// that does not fit its Swift type is reported the same way wherever it is read.
package enum SQLStoredValue {
    /// The value of column `index` of `statement`'s current row, described.
    package static func describe(_ statement: OpaquePointer, _ index: Int32) -> String {
        describe(value: sqlite3_column_value(statement, index))
    }

    /// An `sqlite3_value`, described.
    package static func describe(value: OpaquePointer?) -> String {
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER: return "INTEGER \(sqlite3_value_int64(value))"
        case SQLITE_FLOAT: return "REAL \(sqlite3_value_double(value))"
        case SQLITE_TEXT:
            let count = Int(sqlite3_value_bytes(value))
            guard let text = sqlite3_value_text(value) else { return "TEXT ''" }
            let bytes = UnsafeBufferPointer(start: text, count: min(count, 40))
            var shown = String(decoding: bytes, as: UTF8.self)
            if count > 40 { shown += "…" }
            return "TEXT " + SQLValue.text(shown).sqlLiteral
        case SQLITE_BLOB:
            let count = Int(sqlite3_value_bytes(value))
            return "a BLOB of \(count) byte\(count == 1 ? "" : "s")"
        default: return "NULL"
        }
    }
}

extension SQLStatement {
    /// The error for a column whose value `type` cannot hold exactly: it names the column,
    /// its table when SQLite knows it, and what the column holds.
    @usableFromInline
    func mismatchError(column index: Int32, expected type: Any.Type) -> SQLError {
        guard let handle else { return SQLError(code: .misuse, message: "the statement is closed", sql: sql) }
        var name = "\"\(columnName(at: index))\""
        if let table = sqlite3_column_table_name(handle, index), let column = sqlite3_column_origin_name(handle, index)
        {
            name = "\"\(String(cString: table))\".\"\(String(cString: column))\""
        }
        return SQLError(
            code: .mismatch,
            message:
                "column \(index) (\(name)) holds \(SQLStoredValue.describe(handle, index)), which \(type) cannot hold exactly",
            sql: sql)
    }
}
