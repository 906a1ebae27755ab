import Foundation
import Slate
import SlateMigration
import SlateTestSupport
import Testing

/// Each migration chooses how foreign keys hold it: deferred (off while it runs, checked
/// before it commits: what a table rebuild needs) or immediate (on while it runs, so the
/// statement that breaks one fails), as GRDB's migrator offers.
@Suite struct MigratorForeignKeyTests {
    static func migrator() -> SQLMigrator {
        var migrator = SQLMigrator()
        migrator.register(
            "001-tables",
            sql: """
                CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE book (id INTEGER PRIMARY KEY, author_id INTEGER NOT NULL REFERENCES author(id), title TEXT NOT NULL);
                INSERT INTO author VALUES (1, 'Ursula');
                INSERT INTO book VALUES (1, 1, 'The Dispossessed');
                """)
        return migrator
    }

    /// A row that refers to nothing for a while, gone before the end.
    static let danglingForAWhile = """
        INSERT INTO book VALUES (2, 99, 'orphan for a while');
        DELETE FROM book WHERE id = 2;
        """

    @Test func aRowDanglingForAWhilePassesDeferredChecks() throws {
        let directory = TemporaryDirectory()
        let context = try SQLContext(path: directory.path("db.sqlite"))
        defer { context.close() }
        var migrator = Self.migrator()
        migrator.register("002-dangling", sql: Self.danglingForAWhile)
        #expect(migrator.migrations.map(\.foreignKeyChecks) == [.deferred, .deferred])
        try migrator.migrate(context)
        #expect(try migrator.appliedMigrations(in: context) == ["001-tables", "002-dangling"])
        #expect(try context.query(sql: "SELECT id FROM book") == [[1]])
        #expect(try context.query(sql: "PRAGMA foreign_keys") == [[1]])
    }

    @Test func aRowDanglingForAWhileFailsImmediateChecksAndLeavesTheFileAsItWas() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("db.sqlite")
        var migrator = Self.migrator()
        do {
            let context = try SQLContext(path: path)
            try migrator.migrate(context)
            context.close()
        }
        let before = FileManager.default.contents(atPath: path)
        migrator.register("002-dangling", foreignKeyChecks: .immediate, sql: Self.danglingForAWhile)
        let context = try SQLContext(path: path)
        do {
            try migrator.migrate(context)
            Issue.record("the migration should have failed")
        } catch let error as MigrationError {
            #expect(error.code == .migrationFailed)
            #expect(error.migration == "002-dangling")
            #expect("\(error)" == "migration '002-dangling' failed: FOREIGN KEY constraint failed")
        }
        #expect(try migrator.appliedMigrations(in: context) == ["001-tables"])
        #expect(try context.query(sql: "SELECT id FROM book") == [[1]])
        #expect(try context.query(sql: "PRAGMA foreign_keys") == [[1]])
        context.close()
        #expect(FileManager.default.contents(atPath: path) == before)
    }

    /// A Swift migration's error carries SQLite's, with its foreign-key code.
    @Test func aSwiftMigrationRefusedByImmediateChecksCarriesSQLitesError() throws {
        let context = try SQLContext()
        defer { context.close() }
        var migrator = Self.migrator()
        migrator.register("002-orphan", foreignKeyChecks: .immediate) { db in
            try db.exec(sql: "INSERT INTO book VALUES (2, 99, 'orphan')")
        }
        do {
            try migrator.migrate(context)
            Issue.record("the migration should have failed")
        } catch let error as MigrationError {
            #expect(error.migration == "002-orphan")
            #expect(error.underlying?.code == .constraintForeignKey)
            #expect(
                "\(error)"
                    == "migration '002-orphan' failed: FOREIGN KEY constraint failed — in: INSERT INTO book VALUES (2, 99, 'orphan')"
            )
        }
        #expect(try context.query(sql: "SELECT count(*) FROM book") == [[1]])
    }

    /// SQLite's twelve steps, rebuilding the table others refer to: it needs deferred
    /// checks. With immediate ones, dropping the parent deletes its rows first, which the
    /// children's foreign key refuses.
    static let rebuildAuthor = """
        CREATE TABLE author_new (id INTEGER PRIMARY KEY, name TEXT NOT NULL, born INTEGER);
        INSERT INTO author_new (id, name) SELECT id, name FROM author;
        DROP TABLE author;
        ALTER TABLE author_new RENAME TO author;
        """

    @Test func rebuildingAParentTableWorksWithDeferredChecks() throws {
        let directory = TemporaryDirectory()
        let context = try SQLContext(path: directory.path("db.sqlite"))
        defer { context.close() }
        var migrator = Self.migrator()
        migrator.register("002-rebuild-author", sql: Self.rebuildAuthor)
        try migrator.migrate(context)
        #expect(
            try context.query(sql: "SELECT name FROM pragma_table_info('author') ORDER BY cid") == [
                ["id"], ["name"], ["born"],
            ])
        #expect(
            try context.query(sql: "SELECT title, name FROM book JOIN author ON author.id = author_id") == [
                ["The Dispossessed", "Ursula"]
            ])
        #expect(try context.query(sql: "PRAGMA foreign_key_check") == [])
        // The rebuilt parent is enforced again afterwards.
        #expect(throws: SQLError.self) { try context.exec(sql: "DELETE FROM author") }
    }

    @Test func rebuildingAParentTableFailsWithImmediateChecks() throws {
        let directory = TemporaryDirectory()
        let context = try SQLContext(path: directory.path("db.sqlite"))
        defer { context.close() }
        var migrator = Self.migrator()
        migrator.register("002-rebuild-author", foreignKeyChecks: .immediate, sql: Self.rebuildAuthor)
        do {
            try migrator.migrate(context)
            Issue.record("the migration should have failed")
        } catch let error as MigrationError {
            #expect(
                "\(error)" == "migration '002-rebuild-author' failed: FOREIGN KEY constraint failed (line 3, column 1)")
        }
        #expect(try migrator.appliedMigrations(in: context) == ["001-tables"])
        #expect(
            try context.query(sql: "SELECT name FROM sqlite_schema WHERE type = 'table' AND name LIKE 'author%'") == [
                ["author"]
            ])
    }

    /// On a connection configured without foreign keys, an immediate migration still runs
    /// with them on, and the connection gets its setting back, failed or not.
    @Test func immediateChecksHoldOnAConnectionWithoutForeignKeysAndItsSettingIsRestored() throws {
        let directory = TemporaryDirectory()
        let context = try SQLContext(path: directory.path("db.sqlite"), configuration: .init(foreignKeys: false))
        defer { context.close() }
        #expect(try context.query(sql: "PRAGMA foreign_keys") == [[0]])
        var migrator = Self.migrator()
        migrator.register(
            "002-valid", foreignKeyChecks: .immediate, sql: "INSERT INTO book VALUES (2, 1, 'The Lathe of Heaven')")
        try migrator.migrate(context)
        #expect(try context.query(sql: "PRAGMA foreign_keys") == [[0]])
        migrator.register("003-dangling", foreignKeyChecks: .immediate, sql: Self.danglingForAWhile)
        #expect(throws: MigrationError.self) { try migrator.migrate(context) }
        #expect(try context.query(sql: "PRAGMA foreign_keys") == [[0]])
        #expect(try migrator.appliedMigrations(in: context) == ["001-tables", "002-valid"])
        // Deferred checks hold there too: the check before commit runs whatever the setting.
        var deferred = Self.migrator()
        deferred.register("002-valid", sql: "SELECT 1")
        deferred.register("003-orphan", sql: "INSERT INTO book VALUES (3, 99, 'orphan')")
        #expect(
            throws: MigrationError(
                .foreignKeyViolation, "1 row would refer to nothing: book rowid 3 → author", migration: "003-orphan")
        ) {
            try deferred.migrate(context)
        }
        #expect(try context.query(sql: "PRAGMA foreign_keys") == [[0]])
    }

    /// Deferred and immediate migrations in one run, through a pool: each gets its own
    /// setting, and the writer ends with foreign keys on, as it was configured.
    @Test func deferredAndImmediateMigrationsMixThroughAPool() async throws {
        let directory = TemporaryDirectory()
        let pool = try SQLPool(path: directory.path("db.sqlite"))
        defer { pool.close() }
        var migrator = Self.migrator()
        migrator.register("002-rebuild-author", sql: Self.rebuildAuthor)
        migrator.register(
            "003-more", foreignKeyChecks: .immediate, sql: "INSERT INTO book VALUES (3, 1, 'Always Coming Home')")
        migrator.register("004-dangling", sql: Self.danglingForAWhile)
        try await migrator.migrate(pool)
        let migrated = migrator
        let applied = try await pool.read { try migrated.appliedMigrations(in: $0) }
        #expect(applied == ["001-tables", "002-rebuild-author", "003-more", "004-dangling"])
        #expect(try await pool.write { try $0.query(sql: "PRAGMA foreign_keys") } == [[1]])
        #expect(try await pool.read { try $0.query(sql: "SELECT count(*) FROM book") } == [[2]])
    }
}
