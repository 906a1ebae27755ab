/// One migration for ``SQLContext/migrate(migrations:)-([SQLMigration])``: its work, and how
/// foreign keys are checked while it runs.
///
/// ```swift
/// try ctx.migrate(migrations: [
///     SQLMigration { ctx in try ctx.exec(sql: "CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT)") },
///     SQLMigration { ctx in
///         try ctx.exec(sql: "CREATE TABLE tag (note_id INTEGER REFERENCES note(id), label TEXT)")
///     },
///     SQLMigration(foreignKeyChecks: .immediate) { ctx in  // runs with foreign keys on
///         try ctx.exec(sql: "INSERT INTO tag SELECT id, 'inbox' FROM note")
///     },
/// ])
/// ```
public struct SQLMigration: Sendable {
    /// How a migration is held to the database's foreign keys.
    ///
    /// Either way, `PRAGMA foreign_key_check` must find no row referring to nothing before
    /// the migration commits, whatever the connection's ``SQLContext/Configuration/foreignKeys``
    /// setting: a migration checks the same on every connection. The connection's setting
    /// is restored when the migrations end.
    public enum ForeignKeyChecks: Sendable, Hashable {
        /// Foreign keys are off while the migration runs (SQLite cannot switch them inside
        /// a transaction, so they are off around it), and checked once, before it commits.
        /// What a table rebuild needs: dropping a parent table neither cascades into its
        /// children nor fails, and a row may refer to nothing for a while. The default.
        case deferred
        /// Foreign keys are on while the migration runs: a statement that would leave a row
        /// referring to nothing fails at once, with SQLite's `FOREIGN KEY constraint failed`
        /// (one declared `DEFERRABLE INITIALLY DEFERRED` is checked at the end, as SQLite
        /// defers it). Not for migrations that drop or rebuild a table other tables refer
        /// to: with foreign keys on, dropping a parent deletes its rows first, which fails,
        /// or cascades into the children.
        case immediate
    }

    /// How foreign keys are checked while the migration runs.
    public var foreignKeyChecks: ForeignKeyChecks
    let body: @Sendable (SQLContext) throws -> Void

    /// A migration: `body` runs on the connection being migrated, inside the migration's
    /// transaction.
    ///
    /// - Parameters:
    ///   - foreignKeyChecks: ``ForeignKeyChecks/deferred`` (the default) or
    ///     ``ForeignKeyChecks/immediate``.
    ///   - body: the migration's work.
    public init(foreignKeyChecks: ForeignKeyChecks = .deferred, _ body: @escaping @Sendable (SQLContext) throws -> Void)
    {
        self.foreignKeyChecks = foreignKeyChecks
        self.body = body
    }
}

extension SQLContext {
    /// ``migrate(migrations:)-4xfm7`` with each migration's own foreign-key checks: a
    /// migration with ``SQLMigration/ForeignKeyChecks/immediate`` runs with foreign keys on,
    /// so that a statement leaving a row referring to nothing fails at once; the others run
    /// with them off, as there. Every migration still passes `PRAGMA foreign_key_check`
    /// before it commits.
    ///
    /// - Returns: the database's version afterwards.
    /// - Throws: as ``migrate(migrations:)-4xfm7``; a statement an immediate check refuses
    ///   fails its migration with ``SQLError/Code/constraintForeignKey`` (`migration 2 of 2,
    ///   user_version 1 → 2, failed: FOREIGN KEY constraint failed`), and the database
    ///   stays at the version before it.
    @discardableResult
    public func migrate(migrations: [SQLMigration]) throws -> Int64 {
        try migrate(
            migrations: migrations.map { migration in { try migration.body($0) } }, names: nil,
            foreignKeyChecks: migrations.map(\.foreignKeyChecks))
    }
}

extension SQLPool {
    /// ``SQLContext/migrate(migrations:)-([SQLMigration])`` on the pool's writer.
    @discardableResult
    public func migrate(migrations: [SQLMigration]) throws -> Int64 {
        try writeWithoutTransaction { context in try context.migrate(migrations: migrations) }
    }

    /// ``SQLContext/migrate(migrations:)-([SQLMigration])`` on the pool's writer, for async
    /// code.
    @discardableResult
    public func migrate(migrations: [SQLMigration]) async throws -> Int64 {
        try await writeWithoutTransaction { context in try context.migrate(migrations: migrations) }
    }
}
