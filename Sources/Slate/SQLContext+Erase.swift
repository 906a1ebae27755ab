extension SQLContext {
    /// The main database's tables, indexes, views and triggers as rows of type, name, table
    /// and SQL, in a stable order; SQLite's own objects (`sqlite_…`) are left out, and so are
    /// the tables named in `excluding` with their indexes and triggers.
    package func schemaObjects(excluding tables: Set<String> = []) throws -> [[SQLValue]] {
        let rows = try query(
            sql: """
                SELECT type, name, tbl_name, sql FROM sqlite_schema
                WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY type, name
                """)
        guard !tables.isEmpty else { return rows }
        return rows.filter { row in
            !tables.contains(row[1].textValue ?? "") && !tables.contains(row[2].textValue ?? "")
        }
    }

    /// Drops every table, view, index and trigger of the main database, and SQLite's
    /// statistics (`sqlite_stat1`, `sqlite_stat4`), empties `sqlite_sequence` and sets
    /// `user_version` to 0: the schema of a new file, its `application_id` and page size
    /// kept.
    ///
    /// It runs inside the caller's transaction, so that it happens whole or not at all, and
    /// other connections to the file (a pool's readers) see either the old database or the
    /// erased one; the caller switches foreign keys off around that transaction, so that
    /// dropping a table other tables refer to neither fails nor cascades. The file is not
    /// deleted or truncated under open connections.
    ///
    /// - Throws: ``SQLError/Code/misuse`` outside a transaction; SQLite's error for a table
    ///   it cannot drop (a virtual table whose module is not registered on this connection).
    package func dropAllSchemaObjects() throws {
        guard isInTransaction else {
            throw SQLError(
                code: .misuse,
                message: "erasing a database runs inside a transaction, so that it happens whole or not at all")
        }
        func names(_ condition: String) throws -> [(type: String, name: String)] {
            try query(sql: "SELECT type, name FROM sqlite_schema WHERE \(condition) ORDER BY name").map { row in
                (row[0].textValue ?? "", row[1].textValue ?? "")
            }
        }
        // Views and triggers first: a view over a dropped table, or a trigger that fires on
        // one, is no obstacle, but there is nothing to gain in keeping them longer.
        for object in try names("type IN ('view', 'trigger')") {
            try exec(
                sql:
                    "DROP \(object.type == "view" ? "VIEW" : "TRIGGER") IF EXISTS \(SQLText.quotedIdentifier(object.name))"
            )
        }
        // Virtual tables before the others: dropping one drops its shadow tables, which a
        // defensive connection may not drop on their own.
        for object in try names("type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'") {
            try exec(sql: "DROP TABLE IF EXISTS \(SQLText.quotedIdentifier(object.name))")
        }
        for object in try names("type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'") {
            try exec(sql: "DROP TABLE IF EXISTS \(SQLText.quotedIdentifier(object.name))")
        }
        for object in try names("type = 'table' AND name LIKE 'sqlite\\_stat%' ESCAPE '\\'") {
            try exec(sql: "DROP TABLE IF EXISTS \(SQLText.quotedIdentifier(object.name))")
        }
        if try !names("type = 'table' AND name = 'sqlite_sequence'").isEmpty {
            try exec(sql: "DELETE FROM main.sqlite_sequence")
        }
        try exec(sql: "PRAGMA user_version = 0")
    }
}
