import SlateCSQLite

extension SQLStatement {
    /// Where a result column comes from, when it reads a table column directly (through
    /// views and subqueries): SQLite's column metadata.
    public struct ColumnOrigin: Hashable, Sendable {
        /// The schema: `main`, `temp`, or an attached database.
        public var database: String
        /// The table.
        public var table: String
        /// The column of that table.
        public var column: String
    }

    /// The origin of result column `index`, or nil for an expression
    /// (`sqlite3_column_table_name` and friends).
    public func origin(ofColumn index: Int32) -> ColumnOrigin? {
        guard let handle,
            let table = sqlite3_column_table_name(handle, index),
            let column = sqlite3_column_origin_name(handle, index)
        else { return nil }
        let database = sqlite3_column_database_name(handle, index).map { String(cString: $0) } ?? "main"
        return ColumnOrigin(database: database, table: String(cString: table), column: String(cString: column))
    }
}

extension SQLContext {
    /// What SQLite knows of a table column (`sqlite3_table_column_metadata`).
    public struct ColumnMetadata: Hashable, Sendable {
        /// The declared type, or nil when none was written.
        public var declaredType: String?
        /// The collation.
        public var collation: String
        /// Whether the column is `NOT NULL`.
        public var isNotNull: Bool
        /// Whether it is part of the primary key.
        public var isPrimaryKey: Bool
        /// Whether it is `AUTOINCREMENT`.
        public var isAutoIncrement: Bool
    }

    /// The metadata of `column` in `table` of schema `database`.
    ///
    /// - Throws: when the table or column does not exist.
    public func columnMetadata(database: String? = "main", table: String, column: String) throws -> ColumnMetadata {
        let db = try openHandle()
        var type: UnsafePointer<CChar>?
        var collation: UnsafePointer<CChar>?
        var notNull: Int32 = 0
        var primaryKey: Int32 = 0
        var autoIncrement: Int32 = 0
        let code = sqlite3_table_column_metadata(
            db, database, table, column, &type, &collation, &notNull, &primaryKey, &autoIncrement)
        guard code == SQLITE_OK else {
            throw connection.error(code, sql: nil)
        }
        let declared = type.map { String(cString: $0) }
        return ColumnMetadata(
            declaredType: declared?.isEmpty == false ? declared : nil,
            collation: collation.map { String(cString: $0) } ?? "BINARY",
            isNotNull: notNull != 0, isPrimaryKey: primaryKey != 0, isAutoIncrement: autoIncrement != 0)
    }
}
