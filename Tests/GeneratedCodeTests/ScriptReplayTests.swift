import Foundation
import SlateRecords
import SlateTestSupport
import Testing

/// A database whose scripts are hand-written here, to replay what other tools write.
struct ReplayNotebook: SQLDatabase, SQLRecordStore {
    let pool: SQLPool
    init(pool: SQLPool) { self.pool = pool }
    static let creationSQL = ""
    nonisolated(unsafe) static var scripts: [SQLSchemaScript] = []
    static var schemaScripts: [SQLSchemaScript] { scripts }
    static var schemaVersion: Int64 { Int64(scripts.count) }
}

/// The same, for a schema that relies on SQLite's legacy double-quoted strings.
struct LegacyNotebook: SQLDatabase, SQLRecordStore {
    let pool: SQLPool
    init(pool: SQLPool) { self.pool = pool }
    static let creationSQL = ""
    static let allowsDoubleQuotedStrings = true
    static let schemaScripts = [
        SQLSchemaScript(file: "legacy-001.sql", sql: #"CREATE TABLE t (x TEXT); INSERT INTO t VALUES ("a");"#),
        SQLSchemaScript(file: "legacy-002.sql", sql: #"CREATE TABLE u (y TEXT); INSERT INTO u VALUES ("b");"#),
    ]
    static var schemaVersion: Int64 { 2 }
}

/// One legacy script, edited after files were made from it: a trigger comparing with `""`
/// and a seed row in double quotes.
struct EditedLegacyNotebook: SQLDatabase, SQLRecordStore {
    static let firstText =
        #"CREATE TABLE f (name TEXT, flag TEXT); CREATE TRIGGER f_flag AFTER INSERT ON f WHEN NEW.flag = "" BEGIN UPDATE f SET flag = "none" WHERE rowid = NEW.rowid; END; INSERT INTO f (name, flag) VALUES ("seed", "");"#
    let pool: SQLPool
    init(pool: SQLPool) { self.pool = pool }
    static let creationSQL = ""
    static let allowsDoubleQuotedStrings = true
    nonisolated(unsafe) static var scripts: [SQLSchemaScript] = []
    static var schemaScripts: [SQLSchemaScript] { scripts }
    static var schemaVersion: Int64 { 1 }
}

/// `bootstrap(at:)` replays scripts as the generator does: a dump's `CREATE TABLE
/// sqlite_…` and a script's own `BEGIN`/`COMMIT` are left out (blanked, so errors keep
/// their line and column), a `ROLLBACK` is refused at its line, and a schema that relies on
/// double-quoted strings replays with them on every connection, the in-memory replay
/// included.
@Suite(.serialized) struct ScriptReplayTests {
    static let dump = SQLSchemaScript(
        file: "replay-001.sql",
        sql: """
            CREATE TABLE note (id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT NOT NULL);
            CREATE TABLE sqlite_sequence(name,seq);
            CREATE TABLE IF NOT EXISTS "sqlite_stat1"(tbl,idx,stat);
            INSERT INTO note (title) VALUES ('first');
            """)
    static let patch = SQLSchemaScript(
        file: "replay-002-tags.sql",
        sql: """
            PRAGMA foreign_keys = off;
            BEGIN IMMEDIATE TRANSACTION;
            CREATE TABLE tag (note_id INTEGER REFERENCES note(id), label TEXT);
            CREATE TRIGGER note_tagged AFTER INSERT ON note BEGIN INSERT INTO tag VALUES (NEW.id, 'new'); END;
            INSERT INTO note (title) VALUES ('second');
            END TRANSACTION;
            PRAGMA foreign_keys = on;
            """)

    @Test func aDumpAndAPatchWithItsOwnTransactionCreateAndUpgradeAFile() throws {
        defer { ReplayNotebook.scripts = [] }
        let directory = TemporaryDirectory()
        let new = directory.path("new.sqlite")
        ReplayNotebook.scripts = [Self.dump, Self.patch]
        do {
            let db = try ReplayNotebook.bootstrap(at: new)
            defer { db.close() }
            #expect(
                try db.pool.read { try $0.query(sql: "SELECT id, title FROM note") } == [[1, "first"], [2, "second"]])
            #expect(try db.pool.read { try $0.query(sql: "SELECT * FROM tag") } == [[2, "new"]])
            #expect(try db.pool.read { try $0.query(sql: "PRAGMA user_version") } == [[2]])
        }

        let old = directory.path("old.sqlite")
        ReplayNotebook.scripts = [Self.dump]
        try ReplayNotebook.bootstrap(at: old).close()
        ReplayNotebook.scripts = [Self.dump, Self.patch]
        let db = try ReplayNotebook.bootstrap(at: old)
        defer { db.close() }
        #expect(
            try db.pool.read { try $0.query(sql: "SELECT id, title FROM note") } == [[1, "first"], [2, "second"]])
        #expect(try db.pool.read { try $0.query(sql: "SELECT name, seq FROM sqlite_sequence") } == [["note", 2]])
        #expect(try db.pool.read { try $0.query(sql: "PRAGMA user_version") } == [[2]])
    }

    @Test func anErrorAfterALeftOutStatementKeepsItsLineAndColumn() throws {
        defer { ReplayNotebook.scripts = [] }
        let directory = TemporaryDirectory()
        ReplayNotebook.scripts = [
            SQLSchemaScript(
                file: "replay-001.sql", sql: "BEGIN TRANSACTION;\nCREATE TABLE a (x);\nCREATE TABEL b (y);\nCOMMIT;")
        ]
        expectSQLError(
            .error,
            "migration 1 of 1 (replay-001.sql), user_version 0 → 1, failed: replay-001.sql:3:8: near \"TABEL\": syntax error"
        ) {
            _ = try ReplayNotebook.bootstrap(at: directory.path("db.sqlite"))
        }
    }

    @Test func aScriptThatRollsItselfBackIsRefusedAtItsLine() throws {
        defer { ReplayNotebook.scripts = [] }
        let directory = TemporaryDirectory()
        let path = directory.path("db.sqlite")
        ReplayNotebook.scripts = [
            SQLSchemaScript(file: "replay-001.sql", sql: "BEGIN;\nCREATE TABLE a (x);\n  ROLLBACK TRANSACTION;")
        ]
        expectSQLError(
            .error,
            "migration 1 of 1 (replay-001.sql), user_version 0 → 1, failed: replay-001.sql:3:3: ROLLBACK would end the transaction the script runs in: a generated database runs each script in a transaction of its own, committed when the script succeeds and rolled back when it fails. Leave the ROLLBACK out (to undo part of a script, use SAVEPOINT name … ROLLBACK TO name)"
        ) {
            _ = try ReplayNotebook.bootstrap(at: path)
        }
        #expect(try SchemaEvolutionTests.version(path) == 0)

        // Savepoints nest inside the script's transaction and do what they do alone.
        ReplayNotebook.scripts = [
            SQLSchemaScript(
                file: "replay-001.sql",
                sql: """
                    SAVEPOINT trial;
                    CREATE TABLE a (x);
                    ROLLBACK TO SAVEPOINT trial;
                    RELEASE trial;
                    CREATE TABLE b (y);
                    """)
        ]
        let db = try ReplayNotebook.bootstrap(at: path)
        defer { db.close() }
        #expect(try db.pool.read { try $0.query(sql: "SELECT name FROM sqlite_schema") } == [["b"]])
        #expect(try db.pool.read { try $0.query(sql: "PRAGMA user_version") } == [[1]])
    }

    /// A file made before versions were recorded is recognised by replaying the scripts in
    /// memory: that replay uses the legacy rule too.
    @Test func aLegacySchemaReplaysWithDoubleQuotedStringsOnEveryConnection() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("legacy.sqlite")
        do {
            var configuration = SQLContext.Configuration()
            configuration.allowsDoubleQuotedStrings = true
            let context = try SQLContext(path: path, configuration: configuration)
            try context.exec(sql: LegacyNotebook.schemaScripts[0].sql)
            context.close()
        }
        #expect(try SchemaEvolutionTests.version(path) == 0)
        let db = try LegacyNotebook.bootstrap(at: path)
        defer { db.close() }
        #expect(try db.pool.read { try $0.query(sql: "PRAGMA user_version") } == [[2]])
        #expect(try db.pool.read { try $0.query(sql: "SELECT x FROM t UNION ALL SELECT y FROM u") } == [["a"], ["b"]])
        #expect(try db.pool.read { try $0.query(sql: #"SELECT "legacy" FROM t"#) } == [["legacy"]])
    }

    /// The single legacy script is edited (a column added, an index): the planner builds
    /// the desired schema, and its copy of the file's, with the legacy rule too, and the
    /// file follows.
    @Test func anEditedLegacyScriptIsFollowed() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("edited-legacy.sqlite")
        EditedLegacyNotebook.scripts = [SQLSchemaScript(file: "notes.sql", sql: EditedLegacyNotebook.firstText)]
        defer { EditedLegacyNotebook.scripts = [] }
        try EditedLegacyNotebook.bootstrap(at: path).close()
        EditedLegacyNotebook.scripts = [
            SQLSchemaScript(
                file: "notes.sql",
                sql: EditedLegacyNotebook.firstText.replacingOccurrences(
                    of: "flag TEXT)", with: "flag TEXT, note TEXT)") + " CREATE INDEX f_name ON f(name);")
        ]
        let db = try EditedLegacyNotebook.bootstrap(at: path)
        defer { db.close() }
        #expect(
            try db.pool.read { try $0.query(sql: "SELECT name FROM sqlite_schema WHERE name = 'f_name'") } == [
                ["f_name"]
            ])
        try db.pool.write { try $0.exec(sql: "INSERT INTO f (name, flag) VALUES ('new', '')") }
        #expect(
            try db.pool.read { try $0.query(sql: "SELECT name, flag, note FROM f ORDER BY rowid") } == [
                ["seed", "none", .null], ["new", "none", .null],
            ])
    }
}
