#if DEBUG
import Foundation
import Slate
import SlateMigration
import SlateTestSupport
import Testing

/// `erasesDatabaseOnSchemaChange`, the development mode GRDB calls
/// `eraseDatabaseOnSchemaChange`: a database the registered migrations no longer make is
/// erased and migrated from scratch; with the mode off, nothing of that happens.
@Suite struct MigratorEraseTests {
    static func migrator(
        people: String = "CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT NOT NULL)", erasing: Bool
    ) -> SQLMigrator {
        var migrator = SQLMigrator()
        migrator.erasesDatabaseOnSchemaChange = erasing
        migrator.register("001-people", sql: people)
        migrator.register("002-seed", sql: "INSERT INTO person (name) VALUES ('seeded')")
        return migrator
    }

    static let editedPeople = "CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT)"

    /// A file migrated by the first migrator, with rows the app wrote and a version of its own.
    static func migratedFile(_ directory: TemporaryDirectory) throws -> String {
        let path = directory.path("db.sqlite")
        let context = try SQLContext(path: path)
        defer { context.close() }
        try migrator(erasing: false).migrate(context)
        try context.exec(
            sql:
                "INSERT INTO person (name) VALUES ('written by the app'); CREATE INDEX person_name ON person(name); PRAGMA user_version = 7"
        )
        return path
    }

    static func names(_ context: SQLContext) throws -> [[SQLValue]] {
        try context.query(sql: "SELECT name FROM person ORDER BY id")
    }

    @Test func anEditedMigrationErasesTheDatabaseAndMigratesFromScratch() throws {
        let directory = TemporaryDirectory()
        let context = try SQLContext(path: Self.migratedFile(directory))
        defer { context.close() }
        let migrator = Self.migrator(people: Self.editedPeople, erasing: true)
        try migrator.migrate(context)
        #expect(try Self.names(context) == [["seeded"]])
        #expect(
            try context.query(sql: "SELECT name FROM pragma_table_info('person') ORDER BY cid") == [
                ["id"], ["name"], ["email"],
            ])
        #expect(
            try context.query(sql: "SELECT name FROM sqlite_schema WHERE name NOT LIKE 'sqlite%' ORDER BY name") == [
                ["person"], ["slate_migrations"],
            ])
        #expect(try migrator.appliedMigrations(in: context) == ["001-people", "002-seed"])
        #expect(try context.query(sql: "PRAGMA user_version") == [[0]])
        #expect(try context.query(sql: "PRAGMA foreign_keys") == [[1]])
        // Now the database is what the migrations make: migrating again keeps it.
        try context.exec(sql: "INSERT INTO person (name, email) VALUES ('kept', 'k@example.com')")
        try migrator.migrate(context)
        #expect(try Self.names(context) == [["seeded"], ["kept"]])
    }

    @Test func withTheModeOffAnEditedMigrationChangesNothing() throws {
        let directory = TemporaryDirectory()
        let path = try Self.migratedFile(directory)
        let before = FileManager.default.contents(atPath: path)
        let context = try SQLContext(path: path)
        try Self.migrator(people: Self.editedPeople, erasing: false).migrate(context)
        #expect(try Self.names(context) == [["seeded"], ["written by the app"]])
        context.close()
        #expect(FileManager.default.contents(atPath: path) == before)
    }

    /// Without any change, the mode keeps everything: a pending migration is applied over
    /// the rows.
    @Test func anUnchangedDatabaseIsMigratedAsUsual() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("db.sqlite")
        let context = try SQLContext(path: path)
        defer { context.close() }
        try Self.migrator(erasing: true).migrate(context)
        try context.exec(sql: "INSERT INTO person (name) VALUES ('written by the app')")
        var longer = Self.migrator(erasing: true)
        longer.register("003-title", sql: "ALTER TABLE person ADD COLUMN title TEXT")
        try longer.migrate(context)
        #expect(try Self.names(context) == [["seeded"], ["written by the app"]])
        #expect(try longer.appliedMigrations(in: context) == ["001-people", "002-seed", "003-title"])
        try longer.migrate(context)
        #expect(try Self.names(context) == [["seeded"], ["written by the app"]])
    }

    /// A database that applied no migration is not the migrator's: never erased.
    @Test func aDatabaseWithoutAppliedMigrationsIsNotErased() throws {
        let directory = TemporaryDirectory()
        let context = try SQLContext(path: directory.path("db.sqlite"))
        defer { context.close() }
        try context.exec(
            sql:
                "CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT); INSERT INTO settings VALUES ('theme', 'dark')"
        )
        try Self.migrator(erasing: true).migrate(context)
        #expect(try context.query(sql: "SELECT value FROM settings") == [["dark"]])
        #expect(try Self.names(context) == [["seeded"]])
    }

    /// A migration removed (or renamed) since the database applied it: refused with the
    /// mode off, erased with it on.
    @Test func aRemovedMigrationErasesWithTheModeOnAndIsRefusedWithItOff() throws {
        let directory = TemporaryDirectory()
        let path = try Self.migratedFile(directory)
        let context = try SQLContext(path: path)
        defer { context.close() }
        var without = SQLMigrator()
        without.register("001-people", sql: "CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
        #expect(
            throws: MigrationError(
                .unknownMigrations,
                "the database has applied migrations this program does not know (002-seed); it was migrated by a newer version"
            )
        ) {
            try without.migrate(context)
        }
        #expect(try Self.names(context) == [["seeded"], ["written by the app"]])
        without.erasesDatabaseOnSchemaChange = true
        try without.migrate(context)
        #expect(try context.query(sql: "SELECT count(*) FROM person") == [[0]])
        #expect(try without.appliedMigrations(in: context) == ["001-people"])
    }

    /// An edited migration that now fails is found on the in-memory database, before
    /// anything is erased: the file is left as it was, and the error names the migration.
    @Test func aMigrationThatNowFailsLeavesTheFileUntouched() throws {
        let directory = TemporaryDirectory()
        let path = try Self.migratedFile(directory)
        let before = FileManager.default.contents(atPath: path)
        var editedAndBroken = Self.migrator(people: Self.editedPeople, erasing: true)
        editedAndBroken.register(
            "003-broken", sql: "ALTER TABLE person ADD COLUMN title TEXT;\nUPDATE person SET nme = 'x';")
        let context = try SQLContext(path: path)
        do {
            try editedAndBroken.migrate(context)
            Issue.record("the migration should have failed")
        } catch let error as MigrationError {
            #expect(error.migration == "003-broken")
            #expect(
                "\(error)"
                    == "migration '003-broken' failed: no such column: nme (line 2, column 1) (on an empty in-memory database, where the migrations are tried before a database whose schema changed is erased; the database was left untouched)"
            )
        }
        #expect(try Self.names(context) == [["seeded"], ["written by the app"]])
        context.close()
        #expect(FileManager.default.contents(atPath: path) == before)
    }

    /// Through a pool in WAL mode, with a reader that has read the old schema: the file is
    /// erased in place, in one transaction, and every connection sees the new schema.
    @Test func erasingThroughAPoolKeepsItsConnectionsWorking() async throws {
        let directory = TemporaryDirectory()
        let path = try Self.migratedFile(directory)
        let pool = try SQLPool(path: path)
        defer { pool.close() }
        let other = try SQLContext(path: path)
        defer { other.close() }
        #expect(try await pool.read { try $0.query(sql: "SELECT count(*) FROM person") } == [[2]])
        #expect(try other.query(sql: "SELECT count(*) FROM person") == [[2]])
        try await Self.migrator(people: Self.editedPeople, erasing: true).migrate(pool)
        #expect(try await pool.read { try $0.query(sql: "SELECT name, email FROM person") } == [["seeded", .null]])
        #expect(try other.query(sql: "SELECT name, email FROM person") == [["seeded", .null]])
        #expect(try other.query(sql: "PRAGMA journal_mode") == [["wal"]])
        #expect(try other.query(sql: "PRAGMA integrity_check") == [["ok"]])
    }

    /// Erasing takes everything: views, triggers, AUTOINCREMENT counters, virtual tables
    /// with their shadow tables, statistics; the file ends with the schema of a new one.
    @Test func erasingLeavesNothingOfTheOldSchema() throws {
        let directory = TemporaryDirectory()
        let context = try SQLContext(path: directory.path("db.sqlite"))
        defer { context.close() }
        var first = SQLMigrator()
        first.register(
            "001-everything",
            sql: """
                CREATE TABLE parent (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT);
                CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES parent(id) ON DELETE CASCADE);
                CREATE INDEX child_parent ON child(parent_id);
                CREATE VIEW named AS SELECT name FROM parent;
                CREATE TRIGGER touch AFTER INSERT ON parent BEGIN UPDATE parent SET name = upper(new.name) WHERE id = new.id; END;
                CREATE VIRTUAL TABLE search USING fts5(body);
                INSERT INTO parent (name) VALUES ('a'), ('b');
                INSERT INTO child VALUES (1, 1);
                INSERT INTO search VALUES ('some text');
                ANALYZE;
                """)
        try first.migrate(context)
        #expect(
            try context.query(
                sql: "SELECT count(*) FROM sqlite_schema WHERE name IN ('sqlite_sequence', 'sqlite_stat1')") == [[2]])
        var second = SQLMigrator()
        second.erasesDatabaseOnSchemaChange = true
        second.register(
            "001-everything", sql: "CREATE TABLE parent (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL)")
        try second.migrate(context)
        #expect(
            try context.query(
                sql:
                    "SELECT type, name FROM sqlite_schema WHERE name NOT LIKE 'sqlite\\_autoindex%' ESCAPE '\\' ORDER BY name"
            ) == [
                ["table", "parent"], ["table", "slate_migrations"], ["table", "sqlite_sequence"],
            ])
        try context.exec(sql: "INSERT INTO parent (name) VALUES ('new')")
        #expect(try context.query(sql: "SELECT id FROM parent") == [[1]])
    }
}
#endif
