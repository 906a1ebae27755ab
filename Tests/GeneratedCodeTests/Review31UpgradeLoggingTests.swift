import Foundation
import Logging
import SlateMigration
import SlateRecords
import SlateTestSupport
import Testing

/// Issue 31 §3: what an operator needs from a schema upgrade — the file, the versions, the
/// time it took, the error — from a generated database's scripts and from SQLMigrator;
/// and Slate's own schema reads are never slow statements.
@Suite struct Review31UpgradeLoggingTests {
    struct Scripts: SQLDatabase {
        let pool: SQLPool
        init(pool: SQLPool) { self.pool = pool }
        static let schemaScripts = [
            SQLSchemaScript(file: "app-001.sql", sql: "CREATE TABLE a (id INTEGER PRIMARY KEY, v TEXT NOT NULL);"),
            SQLSchemaScript(file: "app-002.sql", sql: "CREATE TABLE b (id INTEGER PRIMARY KEY);"),
            SQLSchemaScript(file: "app-003.sql", sql: "ALTER TABLE a ADD COLUMN w INTEGER NOT NULL DEFAULT 7;"),
        ]
        static var schemaVersion: Int64 { 3 }
    }

    struct Edited: SQLDatabase {
        static let firstText = "CREATE TABLE note (id INTEGER PRIMARY KEY, title TEXT NOT NULL);"
        let pool: SQLPool
        init(pool: SQLPool) { self.pool = pool }
        static let schemaScripts = [
            SQLSchemaScript(
                file: "notes.sql",
                sql: "CREATE TABLE note (id INTEGER PRIMARY KEY, title TEXT NOT NULL COLLATE NOCASE);")
        ]
        static var schemaVersion: Int64 { 1 }
    }

    struct Note: SQLCodableRecord, Equatable {
        static let tableName = "note"
        static let primaryKey = "id"
        var id: Int?
        var title: String
    }

    private func configuration(_ logger: Logger, slow: Duration = .milliseconds(100)) -> SQLPool.Configuration {
        var configuration = SQLPool.Configuration()
        configuration.connection.logger = logger
        configuration.connection.slowStatementThreshold = slow
        return configuration
    }

    private func expectUpgrade(
        _ entries: ArraySlice<RecordingLogHandler.Entry>, _ path: String, from: String, to: String
    ) {
        #expect(entries.map(\.level) == [.info, .info])
        #expect(entries.first?.message == "upgrading \(path) from version \(from) to \(to)")
        let done = entries.last?.message ?? ""
        #expect(
            done.hasPrefix("upgraded \(path) from version \(from) to \(to) in ") && done.hasSuffix(" ms"), "\(done)")
        #expect(entries.last?.metadata["slate.schema.from"] == .string(from))
        #expect(entries.last?.metadata["slate.schema.to"] == .string(to))
        #expect(entries.last?.metadata["sqlite.database"] == .string(path))
    }

    @Test func bootstrappingAGeneratedDatabaseLogsItsUpgrade() throws {
        let (logger, store) = RecordingLogHandler.logger(level: .info)
        let directory = TemporaryDirectory()
        let path = directory.path("app.sqlite")
        // A file at version 1, as an older build left it.
        let old = try SQLContext(path: path)
        try old.exec(sql: Scripts.schemaScripts[0].sql + "PRAGMA user_version = 1;")
        old.close()
        let db = try Scripts.bootstrap(at: path, configuration: configuration(logger))
        expectUpgrade(store.entries[...], path, from: "1", to: "3")
        db.close()
        // Up to date: nothing at info.
        let again = try Scripts.bootstrap(at: path, configuration: configuration(logger))
        again.close()
        #expect(store.entries.count == 2)
    }

    @Test func followingAnEditedScriptIsLoggedAsAnUpgrade() throws {
        let (logger, store) = RecordingLogHandler.logger(level: .info)
        let directory = TemporaryDirectory()
        let path = directory.path("notes.sqlite")
        let old = try SQLContext(path: path)
        try old.exec(sql: Edited.firstText + "INSERT INTO note (title) VALUES ('x'); PRAGMA user_version = 1;")
        old.close()
        let db = try Edited.bootstrap(at: path, configuration: configuration(logger))
        defer { db.close() }
        expectUpgrade(store.entries[...], path, from: "1 (an earlier notes.sql)", to: "1 (notes.sql as it is now)")
    }

    @Test func aFailingUpgradeLogsTheErrorWithTheVersions() throws {
        struct Broken: SQLDatabase {
            let pool: SQLPool
            init(pool: SQLPool) { self.pool = pool }
            static let schemaScripts = [
                SQLSchemaScript(file: "b-001.sql", sql: "CREATE TABLE a (id INTEGER PRIMARY KEY);"),
                SQLSchemaScript(file: "b-002.sql", sql: "CREATE TABLE a (id INTEGER PRIMARY KEY);"),
            ]
            static var schemaVersion: Int64 { 2 }
        }
        let (logger, store) = RecordingLogHandler.logger(level: .info)
        let directory = TemporaryDirectory()
        let path = directory.path("broken.sqlite")
        #expect(throws: SQLError.self) { try Broken.bootstrap(at: path, configuration: configuration(logger)) }
        let entries = store.entries
        #expect(entries.first?.message == "upgrading \(path) from version 0 to 2")
        let failure = try #require(entries.last)
        #expect(failure.level == .error)
        #expect(failure.message.hasPrefix("upgrading \(path) from version 0 to 2 failed: "))
        #expect(failure.message.contains("migration 2 of 2 (b-002.sql), user_version 1 → 2, failed: "))
        #expect(failure.metadata["slate.schema.from"] == "0" && failure.metadata["slate.schema.to"] == "2")
    }

    @Test func aMigratorLogsFromTheLastAppliedMigrationToTheLastPending() throws {
        let (logger, store) = RecordingLogHandler.logger(level: .info)
        let directory = TemporaryDirectory()
        let path = directory.path("migrated.sqlite")
        let pool = try SQLPool(path: path, configuration: configuration(logger))
        defer { pool.close() }
        var migrator = SQLMigrator()
        migrator.register("001-settings", sql: "CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT)")
        migrator.register("002-defaults", sql: "INSERT INTO settings VALUES ('theme', 'dark')")
        try migrator.migrate(pool)
        expectUpgrade(store.entries[...], path, from: "none (no migration applied)", to: "002-defaults")
        try migrator.migrate(pool)
        #expect(store.entries.count == 2)
        migrator.register("003-note", sql: "ALTER TABLE settings ADD COLUMN note TEXT")
        try migrator.migrate(pool)
        expectUpgrade(store.entries[2...], path, from: "002-defaults", to: "003-note")
        migrator.register("004-broken", sql: "ALTER TABLE nowhere ADD COLUMN x")
        #expect(throws: MigrationError.self) { try migrator.migrate(pool) }
        let failure = try #require(store.entries.last)
        #expect(failure.level == .error)
        #expect(failure.message.hasPrefix("upgrading \(path) from version 003-note to 004-broken failed: "))
        #expect(failure.message.contains("no such table: nowhere"))
    }

    @Test func readingACodableTablesColumnsIsNeverASlowStatement() throws {
        let (logger, store) = RecordingLogHandler.logger(level: .trace)
        let directory = TemporaryDirectory()
        let db = try Edited.bootstrap(
            at: directory.path("codable.sqlite"), configuration: configuration(logger, slow: .zero))
        defer { db.close() }
        _ = try db.insert(Note(title: "a"))
        #expect(try db.fetch(Note.self) == [Note(id: 1, title: "a")])
        let lines = store.entries.filter { $0.message.contains("pragma_table_xinfo") }
        #expect(!lines.isEmpty)
        #expect(lines.allSatisfy { $0.level == .trace })
        #expect(store.entries.contains { $0.level == .warning && $0.message.hasPrefix("slow statement (") })
    }
}

/// Opening a generated database reads its file's state (version, schema) as set-up: never
/// a slow statement, even with a threshold of zero; the caller's own statements are.
@Suite struct Review31BootstrapNoiseTests {
    @Test func bootstrapAndOpeningAnUpToDateFileLogNoSlowStatement() throws {
        let (logger, store) = RecordingLogHandler.logger(level: .debug)
        var configuration = SQLPool.Configuration()
        configuration.connection.logger = logger
        configuration.connection.slowStatementThreshold = .zero
        let directory = TemporaryDirectory()
        let path = directory.path("quiet.sqlite")
        let created = try Review31UpgradeLoggingTests.Scripts.bootstrap(at: path, configuration: configuration)
        created.close()
        let before = store.entries.count
        let reopened = try Review31UpgradeLoggingTests.Scripts.bootstrap(at: path, configuration: configuration)
        reopened.close()
        let opened = try Review31UpgradeLoggingTests.Scripts(path: path, configuration: configuration)
        #expect(store.entries.dropFirst(before).isEmpty, "\(store.entries.dropFirst(before).map(\.message))")
        _ = try opened.pool.read { try $0.query(sql: "SELECT count(*) FROM a") }
        #expect(store.entries.dropFirst(before).map(\.level) == [.warning, .warning, .warning, .warning])
        #expect(
            store.entries.last.map {
                $0.message.hasPrefix("slow statement (") && $0.message.hasSuffix("COMMIT TRANSACTION")
            } == true)
        opened.close()
    }
}
