import Slate
import SlateSchema

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Versioned migrations: an ordered list of uniquely named steps, written as Swift closures
/// or SQL scripts, each run once per database.
///
/// Which migrations ran is recorded in the database (table `slate_migrations`). Each pending
/// migration runs in its own `BEGIN IMMEDIATE` transaction with foreign keys switched off
/// (so a table can be rebuilt), and `PRAGMA foreign_key_check` must find nothing before it
/// commits; a migration registered with `foreignKeyChecks: .immediate` runs with foreign
/// keys on instead, so that the statement that breaks one fails. A migration that throws is
/// rolled back completely and the error names it.
///
/// ```swift
/// var migrator = SQLMigrator()
/// migrator.register("create-people") { db in
///     try db.exec(sql: "CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
/// }
/// migrator.register("add-title", sql: "ALTER TABLE person ADD COLUMN title TEXT")
/// try migrator.migrate(context)
/// ```
public struct SQLMigrator: Sendable {
    /// One registered migration.
    public struct Migration: Sendable {
        /// Its unique name, as recorded in the database.
        public let name: String
        /// How foreign keys are checked while it runs.
        public let foreignKeyChecks: SQLMigration.ForeignKeyChecks
        let body: @Sendable (SQLContext) throws -> Void
    }

    /// The table that records applied migrations.
    public static let recordTable = "slate_migrations"

    /// The table in which a generated database of one script records the schemas its file
    /// was brought to as the script was edited (`bootstrap(at:)`).
    package static let schemaHistoryTable = "slate_schema_history"

    /// Slate's own tables, lower-cased: plans and schema comparisons leave them out.
    package static let ownTables: Set<String> = [recordTable, schemaHistoryTable]

    /// The registered migrations, in the order they run.
    public private(set) var migrations: [Migration] = []

    #if DEBUG
    /// Whether ``migrate(_:upTo:)-(SQLContext,_)`` erases the database and migrates it from
    /// scratch when the registered migrations no longer make it (GRDB's
    /// `eraseDatabaseOnSchemaChange`): for development, while migrations are still being
    /// written. Off by default.
    ///
    /// - Warning: This destroys the database's data. It exists only in debug builds (the
    ///   `DEBUG` compilation condition, which SwiftPM sets when it builds Slate for debug):
    ///   code that sets it does not compile in a release build, so wrap it in `#if DEBUG`.
    ///
    /// ```swift
    /// var migrator = SQLMigrator()
    /// #if DEBUG
    /// migrator.erasesDatabaseOnSchemaChange = true
    /// #endif
    /// ```
    ///
    /// The database is erased when it has applied a migration that is no longer registered
    /// (removed or renamed), or when its schema — its tables, indexes, views and triggers,
    /// as `sqlite_schema` records their SQL — is not the one the registered migrations make
    /// on an empty in-memory database, run up to the last one it applied (a migration
    /// edited since it ran). A database that has applied none is never erased.
    ///
    /// Before anything is erased, the migrations to run are tried on that in-memory
    /// database (opened with the connection's configuration, but none of the functions
    /// registered on it): one that fails there leaves the file untouched and throws,
    /// naming it. Erasing drops every table, view, index and trigger and resets
    /// `user_version` in one transaction, so it happens whole or not at all, and the
    /// connections of a pool on the file see either the old database or the erased one.
    /// Then the migrations run as usual, each in its own transaction: one that still fails
    /// on the file (it did not on the in-memory database) leaves it erased and migrated up
    /// to the migration before it, as a new file would be.
    public var erasesDatabaseOnSchemaChange = false
    #endif

    /// A migrator with no migrations.
    public init() {}

    /// Registers a migration written in Swift; it runs on the connection being migrated,
    /// inside the migration's transaction.
    ///
    /// - Parameters:
    ///   - name: the migration's unique name, recorded in the database when it has run.
    ///   - foreignKeyChecks: `.deferred` (the default): foreign keys are off while it runs
    ///     and checked before it commits, which a table rebuild needs; `.immediate`: they
    ///     are on while it runs, so that the statement that leaves a row referring to
    ///     nothing fails at once, and checked before it commits too. Either way the check
    ///     runs whatever the connection's `foreignKeys` setting, which is restored
    ///     afterwards. See `SQLMigration.ForeignKeyChecks`.
    ///   - body: the migration's work.
    public mutating func register(
        _ name: String, foreignKeyChecks: SQLMigration.ForeignKeyChecks = .deferred,
        _ body: @escaping @Sendable (SQLContext) throws -> Void
    ) {
        migrations.append(Migration(name: name, foreignKeyChecks: foreignKeyChecks, body: body))
    }

    /// Registers a migration written in SQL: every statement of `sql`, in order.
    ///
    /// `foreignKeyChecks` is as for ``register(_:foreignKeyChecks:_:)``.
    public mutating func register(
        _ name: String, foreignKeyChecks: SQLMigration.ForeignKeyChecks = .deferred, sql: String
    ) {
        let script = SQLScript(path: name, text: sql)
        register(name, foreignKeyChecks: foreignKeyChecks) { context in try script.run(in: context) }
    }

    /// Registers every `.sql` file in `directory` as a migration, in file-name order, each
    /// named after its file without the extension (`shop-001.sql` → `shop-001`).
    ///
    /// - Throws: ``/SlateSchema/ScriptError`` for a file that cannot be read.
    public mutating func registerScripts(in directory: String) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
            .filter { $0.lowercased().hasSuffix(".sql") }
            .sorted()
        for file in names {
            let script = try SQLScript(contentsOf: directory + "/" + file)
            let name = String(file.dropLast(4))
            register(name) { context in try script.run(in: context) }
        }
    }

    // MARK: Introspection

    /// The names of the migrations the database has applied, in the order they ran.
    public func appliedMigrations(in context: SQLContext) throws -> [String] {
        let exists = try context.query(
            sql: "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?", parameters: [.text(Self.recordTable)])
        guard !exists.isEmpty else { return [] }
        return try context.query(sql: "SELECT name FROM \(Self.recordTable) ORDER BY rowid").compactMap {
            $0[0].textValue
        }
    }

    /// The names of the registered migrations the database has not applied, in order.
    public func pendingMigrations(in context: SQLContext) throws -> [String] {
        let applied = Set(try appliedMigrations(in: context))
        return migrations.map(\.name).filter { !applied.contains($0) }
    }

    /// Whether every registered migration has been applied.
    public func hasCompletedMigrations(in context: SQLContext) throws -> Bool {
        try pendingMigrations(in: context).isEmpty
    }

    // MARK: Migrating

    /// Runs the pending migrations, in order, up to and including `target` (all of them
    /// when nil).
    ///
    /// - Throws: ``MigrationError``: `.duplicateName`, `.unknownTarget`, `.unknownMigrations`
    ///   (the database was migrated by a program that knows migrations this one does not),
    ///   `.inTransaction`, `.migrationFailed` or `.foreignKeyViolation` naming the
    ///   migration. Migrations that committed before a failing one stay applied.
    public func migrate(_ context: SQLContext, upTo target: String? = nil) throws {
        var seen: Set<String> = []
        for migration in migrations where !seen.insert(migration.name).inserted {
            throw MigrationError(.duplicateName, "two migrations are named '\(migration.name)'; names must be unique")
        }
        var plan = migrations
        if let target {
            guard let index = migrations.firstIndex(where: { $0.name == target }) else {
                throw MigrationError(.unknownTarget, "no migration is named '\(target)'")
            }
            plan = Array(migrations[...index])
        }
        guard !context.isInTransaction else {
            throw MigrationError(.inTransaction, "migrations run outside a transaction: each runs in one of its own")
        }
        #if DEBUG
        if erasesDatabaseOnSchemaChange { try eraseIfSchemaChanged(context, upTo: plan.count) }
        #endif
        let applied = try appliedMigrations(in: context)
        let unknown = applied.filter { !seen.contains($0) }
        guard unknown.isEmpty else {
            throw MigrationError(
                .unknownMigrations,
                "the database has applied migrations this program does not know (\(unknown.joined(separator: ", "))); it was migrated by a newer version"
            )
        }
        let done = Set(applied)
        let pending = plan.filter { !done.contains($0.name) }
        guard let last = pending.last else { return }
        // Versions are the migrations' names: the last applied, and the last to apply.
        try context.loggingUpgrade(from: applied.last ?? "none (no migration applied)", to: last.name) {
            for migration in pending { try run(migration, in: context) }
        }
    }

    /// Runs the pending migrations on the pool's writer. See ``migrate(_:upTo:)-(SQLContext,_)``.
    public func migrate(_ pool: SQLPool, upTo target: String? = nil) throws {
        try pool.writeWithoutTransaction { context in try migrate(context, upTo: target) }
    }

    /// ``migrate(_:upTo:)-(SQLPool,_)`` for async code.
    public func migrate(_ pool: SQLPool, upTo target: String? = nil) async throws {
        try await pool.writeWithoutTransaction { context in try migrate(context, upTo: target) }
    }

    func run(_ migration: Migration, in context: SQLContext) throws {
        try ForeignKeysOff.transaction(context, migration: migration.name, foreignKeyChecks: migration.foreignKeyChecks)
        {
            try context.exec(
                sql: """
                    CREATE TABLE IF NOT EXISTS \(Self.recordTable) (
                      name TEXT PRIMARY KEY NOT NULL,
                      applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%f', 'now'))
                    )
                    """)
            // Another process may have applied it since this one looked: inside the
            // migration's own (immediate) transaction, the answer cannot change.
            let applied = try context.query(
                sql: "SELECT 1 FROM \(Self.recordTable) WHERE name = ?", parameters: [.text(migration.name)])
            if !applied.isEmpty { return }
            do {
                try migration.body(context)
            } catch let error as MigrationError {
                throw MigrationError(error.code, error.message, migration: migration.name, underlying: error.underlying)
            } catch let error as SQLError {
                let statement = error.sql.map { " — in: \($0)" } ?? ""
                throw MigrationError(
                    .migrationFailed, error.message + statement, migration: migration.name, underlying: error)
            } catch let error as ScriptError {
                let place =
                    error.line.map { line in " (line \(line)" + (error.column.map { ", column \($0)" } ?? "") + ")" }
                    ?? ""
                throw MigrationError(.migrationFailed, error.message + place, migration: migration.name)
            } catch {
                throw MigrationError(.migrationFailed, "\(error)", migration: migration.name)
            }
            try context.exec(
                sql: "INSERT INTO \(Self.recordTable) (name) VALUES (?)", parameters: [.text(migration.name)])
        }
    }
}

/// Foreign-key enforcement switched off around schema changes (SQLite cannot change it
/// inside a transaction), and the check that replaces it before commit.
enum ForeignKeysOff {
    /// Runs `body` in one `BEGIN IMMEDIATE` transaction with foreign keys off around it
    /// (on, for `.immediate` checks), set back afterwards to what they were. It commits only
    /// when `body` returns and `PRAGMA foreign_key_check` finds nothing (else
    /// `.foreignKeyViolation`, naming `migration`); on any error it rolls back.
    static func transaction(
        _ context: SQLContext, migration: String?, foreignKeyChecks: SQLMigration.ForeignKeyChecks = .deferred,
        _ body: () throws -> Void
    ) throws {
        // SQLContext.transaction, so that a statement SQLite aborts the transaction on
        // cannot leave the rest of the migration running in autocommit mode.
        try context.withForeignKeys(enforced: foreignKeyChecks == .immediate) {
            try context.transaction(.immediate) {
                try body()
                try check(context, migration: migration)
            }
        }
    }

    /// Throws `.foreignKeyViolation` when `PRAGMA foreign_key_check` finds rows.
    static func check(_ context: SQLContext, migration: String?) throws {
        let violations = try context.query(sql: "PRAGMA foreign_key_check")
        guard !violations.isEmpty else { return }
        let described = violations.prefix(5).map { row in
            "\(SQLText.displayName(row[0].textValue ?? "?")) rowid \(row[1].integerValue.map(String.init) ?? "?") → \(SQLText.displayName(row[2].textValue ?? "?"))"
        }
        throw MigrationError(
            .foreignKeyViolation,
            "\(violations.count) row\(violations.count == 1 ? "" : "s") would refer to nothing: \(described.joined(separator: ", "))",
            migration: migration)
    }
}
