import SlateCSQLite

extension SQLContext {
    /// Adds `slate_same_value(a, b)` to this connection: 1 when `a` and `b` have the same
    /// storage class and the same bytes — integers by value, reals by their bits (so -0.0
    /// is not 0.0), text and blobs byte for byte, whatever collation or affinity — else 0.
    ///
    /// The schema planner proves with it that a rebuild keeps every stored value. Adding it
    /// again is harmless; SQLite refuses to replace a function while a statement uses it
    /// (`SQLITE_BUSY`), and the one there already is the same.
    package func addSameValueFunction() throws {
        let db = try openHandle()
        let code = sqlite3_create_function_v2(
            db, "slate_same_value", 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, nil,
            { context, _, arguments in
                guard let context, let arguments, let first = arguments[0], let second = arguments[1] else { return }
                sqlite3_result_int(context, sameStoredValue(first, second) ? 1 : 0)
            },
            nil, nil, nil)
        if code != SQLITE_OK, code != SQLITE_BUSY {
            throw connection.error(code, sql: nil)
        }
    }
}

/// Whether two SQLite values have the same storage class and bytes.
private func sameStoredValue(_ first: OpaquePointer, _ second: OpaquePointer) -> Bool {
    let type = sqlite3_value_type(first)
    guard type == sqlite3_value_type(second) else { return false }
    switch type {
    case SQLITE_NULL:
        return true
    case SQLITE_INTEGER:
        return sqlite3_value_int64(first) == sqlite3_value_int64(second)
    case SQLITE_FLOAT:
        return sqlite3_value_double(first).bitPattern == sqlite3_value_double(second).bitPattern
    default:
        // Text and blobs: the bytes as stored (the pointer first, then the count, as
        // SQLite asks).
        let firstBytes = sqlite3_value_blob(first)
        let firstCount = Int(sqlite3_value_bytes(first))
        let secondBytes = sqlite3_value_blob(second)
        let secondCount = Int(sqlite3_value_bytes(second))
        guard firstCount == secondCount else { return false }
        guard firstCount > 0 else { return true }
        guard let firstBytes, let secondBytes else { return false }
        return UnsafeRawBufferPointer(start: firstBytes, count: firstCount).elementsEqual(
            UnsafeRawBufferPointer(start: secondBytes, count: secondCount))
    }
}
