import SlateCSQLite

extension SQLContext {
    // MARK: The linked SQLite

    /// The version of the SQLite library in use, e.g. `"3.40.1"`.
    public static var sqliteVersion: String { String(cString: sqlite3_libversion()) }

    /// The version of the SQLite library as a number, e.g. `3040001`; compare it to know
    /// whether a feature is there (`RETURNING` needs 3035000, `STRICT` 3037000).
    public static var sqliteVersionNumber: Int32 { sqlite3_libversion_number() }

    /// The options the SQLite library was compiled with, without the `SQLITE_` prefix
    /// (`ENABLE_FTS5`, `THREADSAFE=1`, …).
    public static var compileOptions: [String] {
        var options: [String] = []
        var index: Int32 = 0
        while let option = sqlite3_compileoption_get(index) {
            options.append(String(cString: option))
            index += 1
        }
        return options
    }

    /// Whether the SQLite library was compiled with `option` (with or without `SQLITE_`).
    public static func hasCompileOption(_ option: String) -> Bool {
        sqlite3_compileoption_used(option) != 0
    }

    // MARK: Connection state

    /// The rowid of the last row inserted on this connection (0 when closed).
    public var lastInsertRowID: Int64 {
        connection.db.map { sqlite3_last_insert_rowid($0) } ?? 0
    }

    /// Rows changed by the last `INSERT`, `UPDATE` or `DELETE` (0 when closed).
    public var changes: Int64 {
        connection.db.map { sqlite3_changes64($0) } ?? 0
    }

    /// Rows changed since the connection opened, triggers included (0 when closed).
    public var totalChanges: Int64 {
        connection.db.map { sqlite3_total_changes64($0) } ?? 0
    }

    /// Whether the main database is read-only on this connection.
    public var isReadOnly: Bool {
        guard let db = connection.db else { return true }
        return sqlite3_db_readonly(db, "main") == 1
    }

    /// Makes the statement running on this connection stop with `SQLITE_INTERRUPT` at its
    /// next opportunity.
    public func interrupt() {
        connection.interrupt()
    }

    /// `PRAGMA user_version`: a number the application keeps in the database header,
    /// commonly the schema version.
    ///
    /// ```swift
    /// if ctx.userVersion < 2 {
    ///     try ctx.transaction {
    ///         try ctx.exec(sql: "ALTER TABLE DATA_ITEM ADD COLUMN DESCRIPTION TEXT")
    ///         ctx.userVersion = 2
    ///     }
    /// }
    /// ```
    ///
    /// A property cannot throw: reading it on a closed context gives 0, and a failed set is
    /// thrown by the next throwing call on the context. Inside ``transaction(_:_:)`` that
    /// is the commit, which then rolls back instead.
    public var userVersion: Int64 {
        get {
            (try? query(sql: "PRAGMA user_version"))?.first?.first?.integerValue ?? 0
        }
        set {
            do {
                try exec(sql: "PRAGMA user_version = \(newValue)")
            } catch let error as SQLError {
                pendingError = error
            } catch {
                pendingError = SQLError(code: .error, message: String(describing: error))
            }
        }
    }
}
