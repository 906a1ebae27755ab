import Foundation
import Slate
import SlateAnalysis
import SlateMigration
import SlateSchema
import SlateTestSupport
import Testing

/// Versioned migrations on real database files.
@Suite struct MigratorTests {
    static func migrator() -> SQLMigrator {
        var migrator = SQLMigrator()
        migrator.register("001-people") { db in
            try db.exec(sql: "CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
        }
        migrator.register("002-title", sql: "ALTER TABLE person ADD COLUMN title TEXT")
        migrator.register(
            "003-address",
            sql: """
                CREATE TABLE address (id INTEGER PRIMARY KEY, person_id INTEGER NOT NULL REFERENCES person(id), city TEXT);
                INSERT INTO person (name) VALUES ('Ada');
                INSERT INTO address (person_id, city) VALUES (1, 'London');
                """)
        return migrator
    }

    @Test func runsPendingMigrationsOnceAndInOrder() throws {
        let directory = TemporaryDirectory()
        let context = try SQLContext(path: directory.path("db.sqlite"))
        defer { context.close() }
        let migrator = Self.migrator()
        #expect(try migrator.pendingMigrations(in: context) == ["001-people", "002-title", "003-address"])

        try migrator.migrate(context, upTo: "002-title")
        #expect(try migrator.appliedMigrations(in: context) == ["001-people", "002-title"])
        #expect(try migrator.pendingMigrations(in: context) == ["003-address"])
        #expect(try !migrator.hasCompletedMigrations(in: context))

        try migrator.migrate(context)
        try migrator.migrate(context)
        #expect(try migrator.appliedMigrations(in: context) == ["001-people", "002-title", "003-address"])
        #expect(
            try context.query(sql: "SELECT name, city FROM person JOIN address ON person_id = person.id") == [
                [.text("Ada"), .text("London")]
            ])
        #expect(try context.query(sql: "PRAGMA foreign_keys") == [[.integer(1)]])
        #expect(throws: MigrationError(.unknownTarget, "no migration is named '004'")) {
            try migrator.migrate(context, upTo: "004")
        }
    }

    @Test func aFailingMigrationRollsBackCompletelyAndIsNamed() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("db.sqlite")
        var migrator = Self.migrator()
        do {
            let context = try SQLContext(path: path)
            try migrator.migrate(context)
            context.close()
        }
        let before = FileManager.default.contents(atPath: path)
        migrator.register(
            "004-broken",
            sql: """
                CREATE TABLE tag (label TEXT);
                INSERT INTO tag VALUES ('kept?');
                UPDATE person SET nme = 'x';
                """)
        let context = try SQLContext(path: path)
        do {
            try migrator.migrate(context)
            Issue.record("the migration should have failed")
        } catch let error as MigrationError {
            #expect(error.code == .migrationFailed)
            #expect(error.migration == "004-broken")
            #expect("\(error)" == "migration '004-broken' failed: no such column: nme (line 3, column 1)")
        }
        #expect(try migrator.appliedMigrations(in: context) == ["001-people", "002-title", "003-address"])
        #expect(try context.query(sql: "SELECT count(*) FROM sqlite_schema WHERE name = 'tag'") == [[.integer(0)]])
        context.close()
        #expect(FileManager.default.contents(atPath: path) == before)
    }

    @Test func aMigrationThatBreaksForeignKeysIsRolledBack() throws {
        let directory = TemporaryDirectory()
        let context = try SQLContext(path: directory.path("db.sqlite"))
        defer { context.close() }
        var migrator = Self.migrator()
        migrator.register("004-orphan", sql: "DELETE FROM person")
        do {
            try migrator.migrate(context)
            Issue.record("the migration should have failed")
        } catch let error as MigrationError {
            #expect(error.code == .foreignKeyViolation)
            #expect(
                error.description
                    == "migration '004-orphan' failed: 1 row would refer to nothing: address rowid 1 → person")
        }
        #expect(try context.query(sql: "SELECT count(*) FROM person") == [[.integer(1)]])
    }

    @Test func aDatabaseWithUnknownMigrationsIsRefused() throws {
        let directory = TemporaryDirectory()
        let context = try SQLContext(path: directory.path("db.sqlite"))
        defer { context.close() }
        var newer = Self.migrator()
        newer.register("004-newer", sql: "CREATE TABLE newer (x)")
        try newer.migrate(context)
        #expect(
            throws: MigrationError(
                .unknownMigrations,
                "the database has applied migrations this program does not know (004-newer); it was migrated by a newer version"
            )
        ) {
            try Self.migrator().migrate(context)
        }
        var duplicated = Self.migrator()
        duplicated.register("002-title", sql: "SELECT 1")
        #expect(throws: MigrationError(.duplicateName, "two migrations are named '002-title'; names must be unique")) {
            try duplicated.migrate(context)
        }
        try context.exec(sql: "BEGIN")
        #expect(
            throws: MigrationError(.inTransaction, "migrations run outside a transaction: each runs in one of its own")
        ) {
            try newer.migrate(context)
        }
        try context.exec(sql: "ROLLBACK")
    }

    @Test func sqlFilesAreMigrationsInNameOrder() throws {
        let directory = TemporaryDirectory()
        let scripts = directory.url.appendingPathComponent("migrations")
        try FileManager.default.createDirectory(at: scripts, withIntermediateDirectories: true)
        try "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT);".write(
            to: scripts.appendingPathComponent("shop-001.sql"), atomically: true, encoding: .utf8)
        try "ALTER TABLE item ADD COLUMN price REAL NOT NULL DEFAULT 0;\nINSERT INTO item (name) VALUES ('lamp');"
            .write(to: scripts.appendingPathComponent("shop-002.sql"), atomically: true, encoding: .utf8)
        try "not sql".write(to: scripts.appendingPathComponent("README.txt"), atomically: true, encoding: .utf8)
        var migrator = SQLMigrator()
        try migrator.registerScripts(in: scripts.path)
        #expect(migrator.migrations.map(\.name) == ["shop-001", "shop-002"])
        let pool = try SQLPool(path: directory.path("db.sqlite"))
        defer { pool.close() }
        try migrator.migrate(pool)
        #expect(try pool.read { try $0.query(sql: "SELECT name, price FROM item") } == [[.text("lamp"), .float(0)]])
    }

    @Test func asyncMigrationOnAPool() async throws {
        let directory = TemporaryDirectory()
        let pool = try SQLPool(path: directory.path("db.sqlite"))
        defer { pool.close() }
        try await Self.migrator().migrate(pool)
        let applied = try await pool.read { context in try Self.migrator().appliedMigrations(in: context) }
        #expect(applied == ["001-people", "002-title", "003-address"])
    }

    /// SkipSQL's `DB_SCHEMA_VERSION` recipe (tested as SkipSQL documents it in
    /// SkipSQLExampleTests) keeps working beside the migrator: it owns `user_version`, the
    /// migrator its own table, and neither touches the other's.
    @Test func skipSQLsUserVersionRecipeLivesBesideTheMigrator() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("db.sqlite")
        func openWithRecipe() throws -> SQLContext {
            let ctx = try SQLContext(path: path, flags: [.create, .readWrite])
            if ctx.userVersion < 1 {
                try ctx.transaction {
                    try ctx.exec(sql: "CREATE TABLE DATA_ITEM (ID INTEGER PRIMARY KEY AUTOINCREMENT)")
                    ctx.userVersion = 1
                }
            }
            return ctx
        }
        let context = try openWithRecipe()
        try Self.migrator().migrate(context)
        #expect(context.userVersion == 1)
        context.close()
        let again = try openWithRecipe()
        defer { again.close() }
        #expect(again.userVersion == 1)
        #expect(try Self.migrator().pendingMigrations(in: again) == [])
        #expect(
            try again.query(
                sql: "SELECT count(*) FROM sqlite_schema WHERE name IN ('DATA_ITEM', 'person', 'slate_migrations')")
                == [[.integer(3)]])
    }
}

/// Migrations through a pool do what they say: a `DROP` drops (the pool's authorizer once
/// turned it into a no-op recorded as applied), and a migration whose statement SQLite
/// aborts the transaction on leaves nothing behind even when the migration catches it.
@Suite struct MigratorThroughPoolTests {
    @Test func aDropMigrationDropsThroughThePool() throws {
        let directory = TemporaryDirectory()
        let pool = try SQLPool(path: directory.path("db.sqlite"))
        defer { pool.close() }
        try pool.write { try $0.exec(sql: "CREATE TABLE legacy (x); CREATE VIEW v AS SELECT x FROM legacy") }
        var migrator = SQLMigrator()
        migrator.register("001-drop-view", sql: "DROP VIEW v")
        migrator.register("002-drop", sql: "DROP TABLE legacy")
        migrator.register("003-recreate", sql: "CREATE TABLE legacy (x, y)")
        try migrator.migrate(pool)
        #expect(
            try pool.read {
                try $0.query(
                    sql:
                        "SELECT name FROM sqlite_schema WHERE type IN ('table', 'view') AND name <> 'slate_migrations' ORDER BY name"
                )
            } == [["legacy"]])
        #expect(try pool.read { try $0.query(sql: "SELECT count(*) FROM pragma_table_info('legacy')") } == [[2]])
    }

    @Test func aMigrationThatCatchesAnAbortIsNotRecorded() throws {
        let directory = TemporaryDirectory()
        let pool = try SQLPool(path: directory.path("db.sqlite"))
        defer { pool.close() }
        var migrator = SQLMigrator()
        migrator.register("001-table", sql: "CREATE TABLE t (id INTEGER PRIMARY KEY)")
        migrator.register("002-fill") { ctx in
            try ctx.exec(sql: "INSERT INTO t VALUES (1)")
            try? ctx.exec(sql: "INSERT OR ROLLBACK INTO t VALUES (1)")
            try ctx.exec(sql: "INSERT INTO t VALUES (2)")
        }
        #expect(throws: MigrationError.self) { try migrator.migrate(pool) }
        #expect(try pool.read { try migrator.appliedMigrations(in: $0) } == ["001-table"])
        #expect(try pool.read { try $0.query(sql: "SELECT count(*) FROM t") } == [[0]])
    }
}

/// Several processes running the same migrator on one new file at once: each sees what the
/// others applied, inside its own transaction, and skips it.
@Suite struct MigratorProcessTests {
    @Test func processesRunningOneMigratorEachApplyItOnceBetweenThem() throws {
        let child = try #require(Executables.url("slate-test-child"), "slate-test-child is not built beside the tests")
        let directory = TemporaryDirectory()
        for round in 0..<6 {
            let path = directory.path("settings-\(round).sqlite")
            for result in try Executables.runTogether(child, Array(repeating: ["migrator", path], count: 3)) {
                #expect(result.output == "ok\n", "round \(round): \(result.output)")
            }
            let context = try SQLContext(path: path)
            defer { context.close() }
            #expect(
                try context.query(sql: "SELECT name FROM slate_migrations ORDER BY rowid") == [
                    ["001-settings"], ["002-defaults"], ["003-note"],
                ])
            #expect(
                try context.query(sql: "SELECT key, value, note FROM settings ORDER BY key") == [
                    ["font", "serif", .null], ["theme", "dark", .null],
                ])
        }
    }
}
