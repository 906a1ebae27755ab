import Foundation
import SlateCSQLite
import SlateRecords
import SlateTestSupport
import Testing

/// Scripts other tools wrote — a `.schema` dump holding SQLite's own tables, patches and
/// schemas inside their own `BEGIN TRANSACTION; … COMMIT;`, seed rows and planner
/// statistics — generate (`Uptime`, `UptimeRaw`), and what generates also creates and
/// upgrades a file, the same file in every mode.
@Suite struct ScriptsFromOtherToolsTests {
    /// Every row of `sqlite_schema`, in its order.
    static func schemaRows(_ context: SQLContext) throws -> [[SQLValue]] {
        try context.query(sql: "SELECT type, name, tbl_name, rootpage, sql FROM sqlite_schema ORDER BY rowid")
    }

    /// Every row of every table (SQLite's own included), table by table in name order.
    static func tableRows(_ context: SQLContext) throws -> [String: [[SQLValue]]] {
        var rows: [String: [[SQLValue]]] = [:]
        for table in try context.query(sql: "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
            .compactMap({ $0.first?.textValue })
        {
            let quoted = "\"" + table.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            rows[table] = try context.query(sql: "SELECT * FROM \(quoted) ORDER BY rowid")
        }
        return rows
    }

    static func contents(
        of path: String
    ) throws -> (schema: [[SQLValue]], rows: [String: [[SQLValue]]], version: [[SQLValue]]) {
        let context = try SQLContext(path: path, flags: [.readOnly])
        defer { context.close() }
        return (try schemaRows(context), try tableRows(context), try context.query(sql: "PRAGMA user_version"))
    }

    @Test func aNewFileHasEveryScriptsObjectsAndRows() throws {
        let directory = TemporaryDirectory()
        let db = try Uptime.bootstrap(at: directory.path("uptime.sqlite"))
        defer { db.close() }
        #expect(try db.pool.read { try $0.query(sql: "PRAGMA user_version") } == [[3]])
        #expect(try db.settings.fetch() == [Uptime.Setting(key: "schema", value: "2")])
        // The trigger (whose body ends in END, after a CASE … END) trimmed the seed row.
        #expect(try db.tags.fetch().map(\.name) == ["production", "staging"])
        #expect(try db.metadata.fetch().map(\.name) == ["format", "minzoom", "maxzoom"])
        #expect(try db.pool.read { try $0.query(sql: "SELECT name, seq FROM sqlite_sequence") } == [["tag", 2]])
        #expect(
            try db.pool.read { try $0.query(sql: "SELECT tbl, idx, stat FROM sqlite_stat1") } == [
                ["map", "map_index", "1000 250 10 1"]
            ])
        // AUTOINCREMENT goes on from what the scripts inserted.
        let tag = try db.insert(Uptime.TagRecord(name: " qa "))
        #expect(tag.id == 3)
        #expect(try db.tags.find(3)?.name == "qa")
    }

    /// Version 1 of the schema alone: the file an older build of the app made.
    struct UptimeVersionOne: SQLDatabase, SQLRecordStore {
        let pool: SQLPool
        init(pool: SQLPool) { self.pool = pool }
        static let creationSQL = ""
        static var schemaScripts: [SQLSchemaScript] { [Uptime.schemaScripts[0]] }
        static var schemaVersion: Int64 { 1 }
    }

    @Test func anOlderFileIsUpgradedByScriptsThatOpenTheirOwnTransactions() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("uptime.sqlite")
        do {
            let old = try UptimeVersionOne.bootstrap(at: path)
            defer { old.close() }
            try old.pool.write { try $0.exec(sql: "INSERT INTO monitor (name) VALUES ('home'), ('shop')") }
        }
        #expect(try SchemaEvolutionTests.version(path) == 1)
        let db = try Uptime.bootstrap(at: path)
        defer { db.close() }
        #expect(try db.pool.read { try $0.query(sql: "PRAGMA user_version") } == [[3]])
        #expect(try db.monitors.fetch().map(\.name) == ["home", "shop"])
        #expect(try db.settings.find("schema")?.value == "2")
        let link = try db.insert(Uptime.MonitorTag(monitorId: 2, tagId: 1, value: "eu"))
        #expect(link.id == 1)
        #expect(
            try db.pool.read { try $0.query(sql: "SELECT name, seq FROM sqlite_sequence ORDER BY name") }
                == [["monitor", 2], ["monitor_tag", 1], ["tag", 2]])
    }

    /// One set of scripts, three ways to make a file: the API's `bootstrap(at:)` (script by
    /// script), the API file's raw create function (`creationSQL`), and raw mode's. The
    /// files are the same: every `sqlite_schema` row, every row of every table (seed rows,
    /// `sqlite_sequence`, `sqlite_stat1`), and the version.
    @Test func aFileMadeFromTheSameScriptsIsTheSameInEveryMode() throws {
        let directory = TemporaryDirectory()
        let api = directory.path("api.sqlite")
        try Uptime.bootstrap(at: api).close()
        let apiRaw = directory.path("api-raw.sqlite")
        sqlite3_close_v2(try sqlite3_create_uptime(apiRaw))
        let raw = directory.path("raw.sqlite")
        sqlite3_close_v2(try uptime_create_uptime_raw(raw))

        #expect(Uptime.creationSQL == UptimeRaw.creationSQL)
        let expected = try Self.contents(of: api)
        #expect(expected.version == [[3]])
        #expect(
            expected.schema.map { $0[1].textValue ?? "" } == [
                "monitor", "sqlite_sequence", "setting", "sqlite_autoindex_setting_1", "monitor_by_name",
                "tag", "monitor_tag", "monitor_tag_by_monitor", "tag_trimmed",
                "map", "images", "sqlite_autoindex_images_1", "metadata", "sqlite_autoindex_metadata_1", "map_index",
                "tiles", "sqlite_stat1",
            ])
        #expect(expected.rows["setting"] == [["schema", "2"]])
        #expect(expected.rows["tag"] == [[1, "production", "#d00000"], [2, "staging", "#00a000"]])
        #expect(expected.rows["metadata"] == [["format", "png"], ["minzoom", "0"], ["maxzoom", "4"]])
        #expect(expected.rows["sqlite_sequence"] == [["tag", 2]])
        #expect(expected.rows["sqlite_stat1"] == [["map", "map_index", "1000 250 10 1"]])
        for path in [apiRaw, raw] {
            let made = try Self.contents(of: path)
            #expect(made.schema == expected.schema)
            #expect(made.rows == expected.rows)
            #expect(made.version == expected.version)
        }
        // And each opens through the API as current.
        for path in [apiRaw, raw] {
            let db = try Uptime(path: path)
            #expect(try db.tags.fetchCount() == 2)
            db.close()
        }
    }
}

/// A schema written for SQLite's legacy double-quoted strings (`LegacyStrings`, generated with
/// `"doubleQuotedStrings": true`): a seed row `INSERT INTO tags VALUES ("canine")`, a
/// trigger `WHEN NEW.version = ""`, a view with `"file" AS kind`. Every connection the
/// generated database opens uses the legacy rule, so the insert that fires the trigger
/// works, where Slate's default rule fails it with `no such column: `.
@Suite struct DoubleQuotedStringsTests {
    @Test func theGeneratedDatabaseOpensEveryConnectionWithTheLegacyRule() throws {
        #expect(LegacyStrings.allowsDoubleQuotedStrings)
        #expect(!Bookshop.allowsDoubleQuotedStrings)
        let directory = TemporaryDirectory()
        let path = directory.path("legacy.sqlite")
        do {
            let db = try LegacyStrings.bootstrap(at: path)
            defer { db.close() }
            #expect(try db.tags.fetch().map(\.tag) == ["canine", "feline"])
            let file = try db.insert(LegacyStrings.File(name: "a.txt"))
            #expect(file.version == "v1")
            #expect(try db.namedFiles.fetch() == [LegacyStrings.NamedFile(id: 1, name: "a.txt", kind: .text("file"))])
            // Readers too: the view compiles on them.
            #expect(try db.pool.read { try $0.query(sql: "SELECT kind FROM named_files") } == [["file"]])
        }
        do {
            let db = try LegacyStrings(path: path)
            defer { db.close() }
            #expect(try db.insert(LegacyStrings.File(name: "b.txt")).version == "v2")
        }
        let memory = try LegacyStrings.inMemory()
        defer { memory.close() }
        #expect(try memory.tags.fetchCount() == 2)
        #expect(try memory.insert(LegacyStrings.File(name: "c.txt")).version == "v1")

        // A connection with Slate's default rule: the trigger's "" is a missing column.
        let strict = try SQLContext(path: path)
        defer { strict.close() }
        expectSQLError(.error, "no such column: ") { try strict.exec(sql: "INSERT INTO files (name) VALUES ('d.txt')") }
    }

    @Test func theAPIFilesRawFunctionsUseTheLegacyRuleToo() throws {
        let directory = TemporaryDirectory()
        let handle = try sqlite3_create_legacy_strings(directory.path("legacy.sqlite"))
        defer { sqlite3_close_v2(handle) }
        var file = LegacyStrings.File(name: "a.txt")
        try file.insert(into: handle)
        #expect(file.version == "v1")
        #expect(try LegacyStrings.TagRecord.fetch(in: handle).map(\.tag) == ["canine", "feline"])
    }
}
