#if DEBUG
import Foundation
import SlateRecords
import SlateTestSupport
import Testing

/// A database whose scripts are edited here, as a developer edits them.
struct Sketchbook: SQLDatabase {
    let pool: SQLPool
    init(pool: SQLPool) { self.pool = pool }
    static let creationSQL = ""
    nonisolated(unsafe) static var scripts: [SQLSchemaScript] = []
    static var schemaScripts: [SQLSchemaScript] { scripts }
    static var schemaVersion: Int64 { Int64(scripts.count) }
}

/// `bootstrap(at:erasingDatabaseOnSchemaChange: true)`, the development mode GRDB calls
/// `eraseDatabaseOnSchemaChange`: a file that is not what the scripts make at its version is
/// erased and created again; with the mode off, bootstrap does what it always did.
@Suite(.serialized) struct EraseOnSchemaChangeTests {
    static let first = SQLSchemaScript(
        file: "sketchbook-001.sql",
        sql: """
            CREATE TABLE sketch (id INTEGER PRIMARY KEY, title TEXT NOT NULL);
            CREATE TABLE stroke (sketch_id INTEGER NOT NULL REFERENCES sketch(id), width REAL);
            """)
    static let second = SQLSchemaScript(
        file: "sketchbook-002-colour.sql", sql: "ALTER TABLE stroke ADD COLUMN colour TEXT;")
    static let secondEdited = SQLSchemaScript(
        file: "sketchbook-002-colour.sql", sql: "ALTER TABLE stroke ADD COLUMN colour TEXT NOT NULL DEFAULT 'black';")

    /// A file bootstrapped from `scripts`, with rows.
    static func file(_ directory: TemporaryDirectory, _ scripts: [SQLSchemaScript]) throws -> String {
        let path = directory.path("sketchbook.sqlite")
        Sketchbook.scripts = scripts
        let db = try Sketchbook.bootstrap(at: path)
        try db.pool.write {
            try $0.exec(
                sql: "INSERT INTO sketch VALUES (1, 'kept?'); INSERT INTO stroke (sketch_id, width) VALUES (1, 2.5)")
        }
        db.close()
        return path
    }

    static func read(_ db: Sketchbook, _ sql: String) throws -> [[SQLValue]] {
        try db.pool.read { try $0.query(sql: sql) }
    }

    static let strokeColumns = "SELECT name, dflt_value FROM pragma_table_info('stroke') WHERE name = 'colour'"

    @Test func anEditedNumberedScriptErasesAndRecreatesTheFile() throws {
        let directory = TemporaryDirectory()
        let path = try Self.file(directory, [Self.first, Self.second])
        Sketchbook.scripts = [Self.first, Self.secondEdited]
        defer { Sketchbook.scripts = [] }
        let db = try Sketchbook.bootstrap(at: path, erasingDatabaseOnSchemaChange: true)
        defer { db.close() }
        #expect(try Self.read(db, "SELECT count(*) FROM sketch") == [[0]])
        #expect(try Self.read(db, "SELECT count(*) FROM stroke") == [[0]])
        #expect(try Self.read(db, Self.strokeColumns) == [["colour", "'black'"]])
        #expect(try Self.read(db, "PRAGMA user_version") == [[2]])
        // The file is now what the scripts make: bootstrapping again keeps its rows.
        try db.pool.write { try $0.exec(sql: "INSERT INTO sketch VALUES (2, 'new')") }
        db.close()
        let again = try Sketchbook.bootstrap(at: path, erasingDatabaseOnSchemaChange: true)
        defer { again.close() }
        #expect(try Self.read(again, "SELECT title FROM sketch") == [["new"]])
    }

    /// With the mode off, as before: a file at the latest version of numbered scripts is
    /// taken as it is.
    @Test func withTheModeOffAnEditedNumberedScriptChangesNothing() throws {
        let directory = TemporaryDirectory()
        let path = try Self.file(directory, [Self.first, Self.second])
        Sketchbook.scripts = [Self.first, Self.secondEdited]
        defer { Sketchbook.scripts = [] }
        let db = try Sketchbook.bootstrap(at: path, erasingDatabaseOnSchemaChange: false)
        defer { db.close() }
        #expect(try Self.read(db, "SELECT title FROM sketch") == [["kept?"]])
        #expect(try Self.read(db, Self.strokeColumns) == [["colour", .null]])
    }

    /// One unnumbered script, edited destructively: with the mode off it is refused (the
    /// planner would drop a column holding data); on, the file is erased instead of planned.
    @Test func anEditedSingleScriptErasesInsteadOfBeingPlanned() throws {
        let directory = TemporaryDirectory()
        let single = SQLSchemaScript(file: "sketchbook.sql", sql: Self.first.sql)
        let path = try Self.file(directory, [single])
        Sketchbook.scripts = [
            SQLSchemaScript(
                file: "sketchbook.sql",
                sql: """
                    CREATE TABLE sketch (id INTEGER PRIMARY KEY);
                    CREATE TABLE stroke (sketch_id INTEGER NOT NULL REFERENCES sketch(id), width REAL);
                    """)
        ]
        defer { Sketchbook.scripts = [] }
        let before = FileManager.default.contents(atPath: path)
        do {
            _ = try Sketchbook.bootstrap(at: path, erasingDatabaseOnSchemaChange: false)
            Issue.record("a destructive edit went ahead")
        } catch let error as SQLError {
            #expect(
                error.message
                    == "\(path) has the schema of an earlier sketchbook.sql, and bringing it to the current one would rebuild table sketch (1 row) to drop column title holding 1 value: bootstrap(at:allowingDestructiveChanges: true) goes ahead; or keep the earlier script as sketchbook-001.sql and add the change as sketchbook-002.sql. The file was left untouched"
            )
        }
        #expect(FileManager.default.contents(atPath: path) == before)
        let db = try Sketchbook.bootstrap(at: path, erasingDatabaseOnSchemaChange: true)
        defer { db.close() }
        #expect(try Self.read(db, "SELECT name FROM pragma_table_info('sketch')") == [["id"]])
        #expect(try Self.read(db, "SELECT count(*) FROM sketch") == [[0]])
        #expect(try Self.read(db, "PRAGMA user_version") == [[1]])
    }

    /// A file at an older version, with that version's schema, has not changed: the mode
    /// upgrades it as usual, its rows kept.
    @Test func aFileAtAnOlderVersionIsUpgradedNotErased() throws {
        let directory = TemporaryDirectory()
        let path = try Self.file(directory, [Self.first])
        Sketchbook.scripts = [Self.first, Self.secondEdited]
        defer { Sketchbook.scripts = [] }
        let db = try Sketchbook.bootstrap(at: path, erasingDatabaseOnSchemaChange: true)
        defer { db.close() }
        #expect(
            try Self.read(db, "SELECT title, colour FROM sketch JOIN stroke ON sketch_id = id") == [["kept?", "black"]])
        #expect(try Self.read(db, "PRAGMA user_version") == [[2]])
    }

    /// A script removed: the file's version is above the scripts'. Refused with the mode
    /// off, erased with it on.
    @Test func aRemovedScriptErasesWithTheModeOnAndIsRefusedWithItOff() throws {
        let directory = TemporaryDirectory()
        let path = try Self.file(directory, [Self.first, Self.second])
        Sketchbook.scripts = [Self.first]
        defer { Sketchbook.scripts = [] }
        do {
            _ = try Sketchbook.bootstrap(at: path, erasingDatabaseOnSchemaChange: false)
            Issue.record("a newer file was opened")
        } catch let error as SQLError {
            #expect(
                error.message
                    == "\(path) is at schema version 2, newer than Sketchbook's 1: a newer version of the app wrote it; it was left untouched"
            )
        }
        let db = try Sketchbook.bootstrap(at: path, erasingDatabaseOnSchemaChange: true)
        defer { db.close() }
        #expect(try Self.read(db, "SELECT count(*) FROM pragma_table_info('stroke')") == [[2]])
        #expect(try Self.read(db, "SELECT count(*) FROM sketch") == [[0]])
        #expect(try Self.read(db, "PRAGMA user_version") == [[1]])
    }

    /// Recreating fails — a script that cannot run (found when the scripts are replayed in
    /// memory, before the file is touched), or seeds a row referring to nothing (found by
    /// the foreign-key check before the recreation commits): the file keeps its schema,
    /// rows and version, and the error names the script and line, or what was left.
    @Test func aRecreationThatFailsLeavesTheFileAsItWas() throws {
        let directory = TemporaryDirectory()
        let path = try Self.file(directory, [Self.first, Self.second])
        defer { Sketchbook.scripts = [] }
        let cases: [(SQLSchemaScript, String)] = [
            (
                SQLSchemaScript(
                    file: "sketchbook-002-colour.sql",
                    sql: "ALTER TABLE stroke ADD COLUMN colour TEXT;\nCREATE TABEL oops (x);"),
                "sketchbook-002-colour.sql:2:8: near \"TABEL\": syntax error"
            ),
            (
                SQLSchemaScript(
                    file: "sketchbook-002-colour.sql",
                    sql:
                        "ALTER TABLE stroke ADD COLUMN colour TEXT NOT NULL DEFAULT 'red';\nINSERT INTO stroke (sketch_id) VALUES (42);"
                ),
                "\(path): creating Sketchbook's schema again left 1 row referring to nothing (in stroke); the file was left as it was"
            ),
        ]
        for (script, message) in cases {
            Sketchbook.scripts = [Self.first, script]
            do {
                _ = try Sketchbook.bootstrap(at: path, erasingDatabaseOnSchemaChange: true)
                Issue.record("\(script.sql) did not fail")
            } catch let error as SQLError {
                #expect(error.message == message)
            }
            let context = try SQLContext(path: path)
            defer { context.close() }
            #expect(try context.query(sql: "SELECT title FROM sketch") == [["kept?"]])
            #expect(
                try context.query(sql: "SELECT name, dflt_value FROM pragma_table_info('stroke') WHERE name = 'colour'")
                    == [["colour", .null]])
            #expect(try context.query(sql: "PRAGMA user_version") == [[2]])
        }
    }

    /// Another pool has the file open, its readers included, while a second bootstrap
    /// erases it: the file is erased in place, in one transaction, and the first pool's
    /// connections see the new schema.
    @Test func erasingWhileAnotherPoolHasTheFileOpen() throws {
        let directory = TemporaryDirectory()
        let path = try Self.file(directory, [Self.first, Self.second])
        let open = try Sketchbook.bootstrap(at: path)
        defer { open.close() }
        #expect(try Self.read(open, "SELECT title FROM sketch") == [["kept?"]])
        Sketchbook.scripts = [Self.first, Self.secondEdited]
        defer { Sketchbook.scripts = [] }
        let db = try Sketchbook.bootstrap(at: path, erasingDatabaseOnSchemaChange: true)
        defer { db.close() }
        #expect(try Self.read(open, "SELECT count(*) FROM sketch") == [[0]])
        #expect(try Self.read(open, Self.strokeColumns) == [["colour", "'black'"]])
        try open.pool.write { try $0.exec(sql: "INSERT INTO sketch VALUES (3, 'through the other pool')") }
        #expect(try Self.read(db, "SELECT title FROM sketch") == [["through the other pool"]])
        #expect(try Self.read(db, "PRAGMA integrity_check") == [["ok"]])
    }

    /// A database generated from a database file (no scripts): the file is compared with
    /// what `creationSQL` makes, its version with `schemaVersion`.
    @Test func aDatabaseWithoutScriptsIsComparedWithItsCreationSQL() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("rich.sqlite")
        try SlateTestDatabase.create(
            at: path, sql: "CREATE TABLE notes (x); INSERT INTO notes VALUES (1); PRAGMA user_version = 3;")
        do {
            let db = try Rich.bootstrap(at: path, erasingDatabaseOnSchemaChange: false)
            defer { db.close() }
            #expect(try db.pool.read { try $0.query(sql: "SELECT name FROM sqlite_schema") } == [["notes"]])
        }
        let db = try Rich.bootstrap(at: path, erasingDatabaseOnSchemaChange: true)
        defer { db.close() }
        #expect(
            try db.pool.read {
                try $0.query(sql: "SELECT count(*) FROM sqlite_schema WHERE name IN ('notes', 'item', 'device')")
            } == [[2]])
        #expect(try db.pool.read { try $0.query(sql: "PRAGMA user_version") } == [[3]])
        try db.pool.write { try $0.exec(sql: "INSERT INTO item (name) VALUES ('kept')") }
        db.close()
        let again = try Rich.bootstrap(at: path, erasingDatabaseOnSchemaChange: true)
        defer { again.close() }
        #expect(try again.pool.read { try $0.query(sql: "SELECT name FROM item") } == [["kept"]])
    }
}
#endif
