extension SQLContext {
    /// Brings the database up to date with `migrations`, numbered by `PRAGMA user_version`
    /// (SkipSQL's recipe): migration `i` (from 0) takes version `i` to `i + 1`.
    ///
    /// ```swift
    /// try ctx.migrate(migrations: [
    ///     { ctx in try ctx.exec(sql: "CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT)") },
    ///     { ctx in try ctx.exec(sql: "ALTER TABLE note ADD COLUMN done BOOLEAN NOT NULL DEFAULT 0") },
    /// ])
    /// ```
    ///
    /// - Each pending migration runs in its own `BEGIN IMMEDIATE` transaction, which also
    ///   sets `user_version` to its number and checks foreign keys (`PRAGMA
    ///   foreign_key_check`) before it commits. Foreign keys are switched off around the
    ///   migrations, so that rebuilding a table never cascades into others; the check
    ///   stands in for them. A migration that throws rolls back alone: the database stays
    ///   at the last version that succeeded. For a migration that should run with foreign
    ///   keys on, failing at the statement that breaks one, pass ``SQLMigration`` values
    ///   to ``migrate(migrations:)-([SQLMigration])``.
    /// - Running it again does nothing; appending a migration later runs only the new one.
    /// - The version is read again inside each transaction, so two processes migrating one
    ///   file at once each apply a migration at most once between them.
    /// - A database at a version above `migrations.count` (migrated by a newer program), or
    ///   at a negative version (which another tool wrote), is refused, untouched.
    ///
    /// - Returns: the database's version afterwards.
    /// - Throws: ``SQLError`` with code ``SQLError/Code/misuse`` inside a transaction, and
    ///   for a database newer than the migrations; the error of a failing migration, its
    ///   message prefixed with the migration's number.
    @discardableResult
    public func migrate(migrations: [(SQLContext) throws -> Void]) throws -> Int64 {
        try migrate(migrations: migrations, names: nil)
    }

    /// ``migrate(migrations:)-4xfm7`` with a name for each migration (a script's file), for
    /// messages, and each one's foreign-key checks (all deferred when nil).
    package func migrate(
        migrations: [(SQLContext) throws -> Void], names: [String]?,
        foreignKeyChecks: [SQLMigration.ForeignKeyChecks]? = nil
    ) throws -> Int64 {
        guard !isInTransaction else {
            throw SQLError(
                code: .misuse,
                message:
                    "migrate(migrations:) runs each migration in a transaction of its own: call it outside a transaction"
            )
        }
        let known = Int64(migrations.count)
        var version = try readUserVersion()
        try refuseNewer(version, known)
        guard version < known else { return version }
        // Foreign keys off around the migrations: a table rebuild's DROP TABLE must not
        // cascade into other tables. The check before each commit replaces the enforcement.
        let from = version
        return try loggingUpgrade(from: "\(from)", to: "\(known)") {
            try withForeignKeysOff { () -> Int64 in
                while version < known {
                    // The migration expected next decides, before its transaction: SQLite cannot
                    // switch foreign keys inside one.
                    if let foreignKeyChecks, foreignKeyChecks.indices.contains(Int(version)) {
                        try setForeignKeys(enforced: foreignKeyChecks[Int(version)] == .immediate)
                    }
                    version = try transaction(.immediate) { () -> Int64 in
                        let current = try readUserVersion()
                        try refuseNewer(current, known)
                        guard current == version else { return current } // another connection migrated
                        let name =
                            "migration \(current + 1) of \(known)" + (names.map { " (\($0[Int(current)]))" } ?? "")
                        do {
                            try migrations[Int(current)](self)
                        } catch var error as SQLError {
                            error.message =
                                "\(name), user_version \(current) → \(current + 1), failed: \(error.message)"
                            throw error
                        }
                        let violations = try query(sql: "PRAGMA foreign_key_check")
                        if !violations.isEmpty {
                            let tables = Set(violations.compactMap { $0.first?.textValue }).sorted().map(
                                SQLText.displayName)
                            throw SQLError(
                                code: .constraintForeignKey,
                                message:
                                    "\(name) left \(violations.count) row\(violations.count == 1 ? "" : "s") referring to nothing (in \(tables.joined(separator: ", "))); it was rolled back"
                            )
                        }
                        try exec(sql: "PRAGMA user_version = \(current + 1)")
                        return current + 1
                    }
                }
                return version
            }
        }
    }

    /// `PRAGMA user_version`, or the error reading it (the ``userVersion`` property reads 0
    /// on an error, which no migration may take for a version).
    package func readUserVersion() throws -> Int64 {
        try query(sql: "PRAGMA user_version").first?.first?.integerValue ?? 0
    }

    /// Runs `body` with `PRAGMA foreign_keys` off, restoring it afterwards: around schema
    /// changes, which SQLite cannot switch it for inside a transaction. Whoever calls this
    /// checks `PRAGMA foreign_key_check` before committing instead.
    package func withForeignKeysOff<T>(_ body: () throws -> T) throws -> T {
        try withForeignKeys(enforced: false, body)
    }

    /// Runs `body` with `PRAGMA foreign_keys` on or off, and sets it back afterwards to what
    /// it was before, whatever `body` switched it to (outside a transaction: SQLite ignores
    /// the pragma inside one).
    package func withForeignKeys<T>(enforced: Bool, _ body: () throws -> T) throws -> T {
        let wasOn = try query(sql: "PRAGMA foreign_keys").first?.first?.integerValue == 1
        if wasOn != enforced { try setForeignKeys(enforced: enforced) }
        defer { try? setForeignKeys(enforced: wasOn) }
        return try body()
    }

    private func setForeignKeys(enforced: Bool) throws {
        try exec(sql: "PRAGMA foreign_keys = \(enforced ? "ON" : "OFF")")
    }

    private func refuseNewer(_ version: Int64, _ known: Int64) throws {
        if version < 0 {
            // Any 32-bit value is a legal user_version, and other tools write negative ones;
            // no count of migrations is negative.
            throw SQLError(
                code: .misuse,
                message:
                    "the database is at user_version \(version), which no count of migrations gives (another tool set it): which of the \(known) migration\(known == 1 ? "" : "s") it has is unknown; it was left untouched"
            )
        }
        guard version > known else { return }
        throw SQLError(
            code: .misuse,
            message:
                "the database is at user_version \(version), newer than the \(known) migration\(known == 1 ? "" : "s") this program knows; it was left untouched"
        )
    }
}

extension SQLPool {
    /// ``SQLContext/migrate(migrations:)-4xfm7`` on the pool's writer.
    @discardableResult
    public func migrate(migrations: [(SQLContext) throws -> Void]) throws -> Int64 {
        try writeWithoutTransaction { context in try context.migrate(migrations: migrations) }
    }

    /// ``SQLContext/migrate(migrations:)-4xfm7`` on the pool's writer, for async code.
    @discardableResult
    public func migrate(migrations: [@Sendable (SQLContext) throws -> Void]) async throws -> Int64 {
        try await writeWithoutTransaction { context in
            // Each closure wrapped, not the array converted: converting an array of
            // @Sendable closures to plain ones fails at run time (a Swift runtime cast).
            try context.migrate(migrations: migrations.map { migration in { try migration($0) } })
        }
    }
}
