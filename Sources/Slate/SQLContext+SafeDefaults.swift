import SlateCSQLite

extension SQLContext {
    /// The `sqlite3_db_config` switches every context sets as it opens, before it runs any
    /// SQL, whatever the library's compile-time defaults: each turns off a legacy behaviour
    /// that silently does something other than what the SQL says.
    ///
    /// - `SQLITE_DBCONFIG_DQS_DML` and `SQLITE_DBCONFIG_DQS_DDL` off (unless
    ///   ``Configuration/allowsDoubleQuotedStrings``): a double-quoted name that names no
    ///   column is an error, not the string literal SQLite's legacy rule makes of it
    ///   (`SELECT "priority" FROM todo` on a table without it would return the text
    ///   `priority` on every row).
    /// - `SQLITE_DBCONFIG_LEGACY_ALTER_TABLE` off: renaming a table or column also rewrites
    ///   the views and triggers that use it.
    /// - `SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION` off: neither the C API nor SQL's
    ///   `load_extension()` can load a shared library into the process.
    /// - `SQLITE_DBCONFIG_ENABLE_FTS3_TOKENIZER` off: the two-argument `fts3_tokenizer()`,
    ///   which takes a C function pointer from SQL, is refused.
    static func safeDefaults(_ configuration: Configuration) -> [(op: Int32, value: Int32, since: Int32, name: String)]
    {
        let doubleQuotedStrings: Int32 = configuration.allowsDoubleQuotedStrings ? 1 : 0
        return [
            (SQLITE_DBCONFIG_DQS_DML, doubleQuotedStrings, 3_029_000, "SQLITE_DBCONFIG_DQS_DML"),
            (SQLITE_DBCONFIG_DQS_DDL, doubleQuotedStrings, 3_029_000, "SQLITE_DBCONFIG_DQS_DDL"),
            (SQLITE_DBCONFIG_LEGACY_ALTER_TABLE, 0, 3_026_000, "SQLITE_DBCONFIG_LEGACY_ALTER_TABLE"),
            (SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, 3_013_000, "SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION"),
            (SQLITE_DBCONFIG_ENABLE_FTS3_TOKENIZER, 0, 3_012_000, "SQLITE_DBCONFIG_ENABLE_FTS3_TOKENIZER"),
        ]
    }

    /// Sets the ``safeDefaults(_:)`` and checks that SQLite took each one.
    func applySafeDefaults(_ configuration: Configuration) throws {
        guard let db = connection.db else { return }
        try Self.applySafeDefaults(to: db, allowsDoubleQuotedStrings: configuration.allowsDoubleQuotedStrings)
    }

    /// Sets the ``safeDefaults(_:)`` on a connection Slate opens without a context (the
    /// raw functions of generated code), and checks that SQLite took each one. A switch
    /// newer than the linked library is skipped: that library has no such switch.
    package static func applySafeDefaults(to db: OpaquePointer, allowsDoubleQuotedStrings: Bool = false) throws {
        var configuration = Configuration()
        configuration.allowsDoubleQuotedStrings = allowsDoubleQuotedStrings
        let version = sqlite3_libversion_number()
        for setting in safeDefaults(configuration) where version >= setting.since {
            var current: Int32 = -1
            let code = slate_db_config_int(db, setting.op, setting.value, &current)
            guard code == SQLITE_OK, current == setting.value else {
                throw SQLError(
                    code: .error,
                    message:
                        "\(setting.name) could not be set to \(setting.value) (sqlite3_db_config returned \(code), the setting is \(current))"
                )
            }
        }
    }

    /// Turns on SQLite's legacy rule that reads a double-quoted word naming no column as a
    /// string, on this open connection (statements prepared before keep their reading):
    /// for replaying the scripts of a schema that relies on it, whatever connection
    /// replays them.
    package func allowDoubleQuotedStrings() throws {
        try Self.applySafeDefaults(to: openHandle(), allowsDoubleQuotedStrings: true)
    }

    /// Whether this connection reads double-quoted words that name nothing as strings
    /// (SQLite's legacy rule, `SQLITE_DBCONFIG_DQS_DML`): so that a scratch database
    /// standing in for it (the schema planner's) can follow the same rule.
    package var allowsDoubleQuotedStrings: Bool {
        guard let db = connection.db, sqlite3_libversion_number() >= 3_029_000 else { return false }
        var current: Int32 = 0
        return slate_db_config_int(db, SQLITE_DBCONFIG_DQS_DML, -1, &current) == SQLITE_OK && current == 1
    }
}
