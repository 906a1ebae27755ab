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
/// commits. A migration that throws is rolled back completely and the error names it.
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
        let body: @Sendable (SQLContext) throws -> Void
    }

    /// The table that records applied migrations.
    public static let recordTable = "slate_migrations"

    /// The registered migrations, in the order they run.
    public private(set) var migrations: [Migration] = []

    /// A migrator with no migrations.
    public init() {}

    /// Registers a migration written in Swift; it runs on the connection being migrated,
    /// inside the migration's transaction.
    public mutating func register(_ name: String, _ body: @escaping @Sendable (SQLContext) throws -> Void) {
        migrations.append(Migration(name: name, body: body))
    }

    /// Registers a migration written in SQL: every statement of `sql`, in order.
    public mutating func register(_ name: String, sql: String) {
        let script = SQLScript(path: name, text: sql)
        register(name) { context in try script.run(in: context) }
    }

    /// Registers every `.sql` file in `directory` as a migration, in file-name order, each
    /// named after its file without the extension (`shop-001.sql` → `shop-001`).
    ///
    /// - Throws: ``ScriptError`` for a file that cannot be read.
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
        return try context.query(sql: "SELECT name FROM \(Self.recordTable) ORDER BY rowid").compactMap { $0[0].textValue }
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
        let applied = try appliedMigrations(in: context)
        let unknown = applied.filter { !seen.contains($0) }
        guard unknown.isEmpty else {
            throw MigrationError(
                .unknownMigrations,
                "the database has applied migrations this program does not know (\(unknown.joined(separator: ", "))); it was migrated by a newer version")
        }
        let done = Set(applied)
        for migration in plan where !done.contains(migration.name) {
            try run(migration, in: context)
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

    private func run(_ migration: Migration, in context: SQLContext) throws {
        try ForeignKeysOff.transaction(context, migration: migration.name) {
            try context.exec(sql: """
                CREATE TABLE IF NOT EXISTS \(Self.recordTable) (
                  name TEXT PRIMARY KEY NOT NULL,
                  applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%f', 'now'))
                )
                """)
            // Another process may have applied it since this one looked: inside the
            // migration's own (immediate) transaction, the answer cannot change.
            let applied = try context.query(sql: "SELECT 1 FROM \(Self.recordTable) WHERE name = ?", parameters: [.text(migration.name)])
            if !applied.isEmpty { return }
            do {
                try migration.body(context)
            } catch let error as MigrationError {
                throw MigrationError(error.code, error.message, migration: migration.name, underlying: error.underlying)
            } catch let error as SQLError {
                let statement = error.sql.map { " — in: \($0)" } ?? ""
                throw MigrationError(.migrationFailed, error.message + statement, migration: migration.name, underlying: error)
            } catch let error as ScriptError {
                let place = error.line.map { line in " (line \(line)" + (error.column.map { ", column \($0)" } ?? "") + ")" } ?? ""
                throw MigrationError(.migrationFailed, error.message + place, migration: migration.name)
            } catch {
                throw MigrationError(.migrationFailed, "\(error)", migration: migration.name)
            }
            try context.exec(sql: "INSERT INTO \(Self.recordTable) (name) VALUES (?)", parameters: [.text(migration.name)])
        }
    }
}

/// Foreign-key enforcement switched off around schema changes (SQLite cannot change it
/// inside a transaction), and the check that replaces it before commit.
enum ForeignKeysOff {
    /// Runs `body` in one `BEGIN IMMEDIATE` transaction with foreign keys off around it.
    /// It commits only when `body` returns and `PRAGMA foreign_key_check` finds nothing
    /// (else `.foreignKeyViolation`, naming `migration`); on any error it rolls back.
    static func transaction(_ context: SQLContext, migration: String?, _ body: () throws -> Void) throws {
        // SQLContext.transaction, so that a statement SQLite aborts the transaction on
        // cannot leave the rest of the migration running in autocommit mode.
        try context.withForeignKeysOff {
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
            "\(row[0].textValue ?? "?") rowid \(row[1].integerValue.map(String.init) ?? "?") → \(row[2].textValue ?? "?")"
        }
        throw MigrationError(
            .foreignKeyViolation,
            "\(violations.count) row\(violations.count == 1 ? "" : "s") would refer to nothing: \(described.joined(separator: ", "))",
            migration: migration)
    }
}
