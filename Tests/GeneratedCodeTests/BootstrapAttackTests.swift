import Foundation
import SlateRecords
import SlateTestSupport
import Testing

/// A database for the review's bootstrap attacks, with its own scripts (Notebook's are
/// shared with FailingScriptTests).
struct AttackedNotebook: SQLDatabase {
    let pool: SQLPool
    init(pool: SQLPool) { self.pool = pool }
    static let creationSQL = ""
    nonisolated(unsafe) static var scripts: [SQLSchemaScript] = []
    static var schemaScripts: [SQLSchemaScript] { scripts }
    static var schemaVersion: Int64 { Int64(scripts.count) }
}

extension AttackedNotebook: SQLRecordStore {}

/// Review of issue 28 §1 through `bootstrap(at:)`. Each test states what should hold; a
/// failure reproduces a finding.
@Suite(.serialized) struct BootstrapAttackTests {
    static let firstText = "CREATE TABLE note (id INTEGER PRIMARY KEY, title TEXT);"
    static let editedText = """
        CREATE TABLE note (id INTEGER PRIMARY KEY, title TEXT, body TEXT);
        CREATE INDEX note_title ON note(title);
        """

    static func objects(_ path: String) throws -> [[SQLValue]] {
        let context = try SQLContext(path: path)
        defer { context.close() }
        return try context.query(
            sql: "SELECT name, sql FROM sqlite_schema WHERE name NOT LIKE 'slate\\_%' ESCAPE '\\' ORDER BY name")
    }

    /// An app and its widget (or two server instances mid-rollout) on one file, the
    /// widget built from the single script's earlier text: once the app has followed the
    /// edit, the widget must not plan from the edited schema back to its own text (which
    /// would drop the new index and the still-empty column, every start of either undoing
    /// the other): the file's schema history says its text is the older, and it refuses.
    @Test func anOlderBuildNeverUndoesANewerBuildsEdit() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("shared.sqlite")
        defer { AttackedNotebook.scripts = [] }
        AttackedNotebook.scripts = [SQLSchemaScript(file: "notebook.sql", sql: Self.firstText)]
        try AttackedNotebook.bootstrap(at: path).close()
        // The app, updated: follows the edit.
        AttackedNotebook.scripts = [SQLSchemaScript(file: "notebook.sql", sql: Self.editedText)]
        try AttackedNotebook.bootstrap(at: path).close()
        let edited = try Self.objects(path)
        #expect(edited.count == 2)
        // The widget, not updated yet.
        AttackedNotebook.scripts = [SQLSchemaScript(file: "notebook.sql", sql: Self.firstText)]
        do {
            try AttackedNotebook.bootstrap(at: path).close()
        } catch {
            // Refusing is fine: the file must stay as the newer build left it.
        }
        #expect(try Self.objects(path) == edited, "the older build's bootstrap undid the newer build's schema")
    }

    /// The edited script adds `UNIQUE ON CONFLICT REPLACE`: the rebuild's copy must never
    /// delete the duplicate rows (it copies `OR ABORT`), so bootstrap(at:) refuses.
    @Test func anEditWithAConflictClauseNeverDeletesRows() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("people.sqlite")
        defer { AttackedNotebook.scripts = [] }
        AttackedNotebook.scripts = [
            SQLSchemaScript(file: "people.sql", sql: "CREATE TABLE person (id INTEGER PRIMARY KEY, email TEXT);")
        ]
        let db = try AttackedNotebook.bootstrap(at: path)
        try db.pool.write { try $0.exec(sql: "INSERT INTO person (email) VALUES ('a@x'), ('a@x'), ('b@x')") }
        db.close()
        AttackedNotebook.scripts = [
            SQLSchemaScript(
                file: "people.sql",
                sql: "CREATE TABLE person (id INTEGER PRIMARY KEY, email TEXT UNIQUE ON CONFLICT REPLACE);")
        ]
        do {
            try AttackedNotebook.bootstrap(at: path).close()
        } catch {
            // Refusing is fine.
        }
        let context = try SQLContext(path: path)
        defer { context.close() }
        #expect(try context.query(sql: "SELECT count(*) FROM person") == [[3]], "bootstrap deleted rows without leave")
    }

    /// A refusal must leave the file's bytes as they were, with
    /// `allowingDestructiveChanges: true` too: the read-only pre-check plans either way,
    /// so a plan refused for its rows (`.rowsRefused`) is refused before the pool opens
    /// the file and switches it to WAL.
    @Test func aRefusalWithLeaveLeavesTheBytes() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("checked.sqlite")
        defer { AttackedNotebook.scripts = [] }
        try SlateTestDatabase.create(
            at: path,
            sql: """
                CREATE TABLE item (id INTEGER PRIMARY KEY, qty INTEGER);
                INSERT INTO item (qty) VALUES (1), (-1);
                PRAGMA user_version = 1;
                """)
        AttackedNotebook.scripts = [
            SQLSchemaScript(
                file: "items.sql", sql: "CREATE TABLE item (id INTEGER PRIMARY KEY, qty INTEGER CHECK (qty >= 0));")
        ]
        let before = FileManager.default.contents(atPath: path)
        for allowing in [false, true] {
            do {
                try AttackedNotebook.bootstrap(at: path, allowingDestructiveChanges: allowing).close()
                Issue.record("rows that break the new CHECK went in")
            } catch let error as SQLError {
                #expect(error.message.contains("do not fit the new definition"), "\(error.message)")
            }
            #expect(
                FileManager.default.contents(atPath: path) == before,
                "allowingDestructiveChanges: \(allowing): the refused file changed")
            let context = try SQLContext(path: path, flags: [.readOnly])
            #expect(
                try context.query(sql: "PRAGMA journal_mode") == [["delete"]], "allowingDestructiveChanges: \(allowing)"
            )
            context.close()
        }
    }

    /// A process with fewer scripts (an older build) and a legacy file (no version)
    /// whose schema the newer build's versions 2 and 3 share: the older build records 2,
    /// the newer then runs script 3 exactly once.
    @Test func anOlderBuildRecordsTheVersionItKnows() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("legacy.sqlite")
        defer { AttackedNotebook.scripts = [] }
        let scripts = [
            SQLSchemaScript(file: "n-001.sql", sql: "CREATE TABLE note (id INTEGER PRIMARY KEY, title TEXT);"),
            SQLSchemaScript(file: "n-002.sql", sql: "ALTER TABLE note ADD COLUMN body TEXT;"),
            SQLSchemaScript(file: "n-003.sql", sql: "INSERT INTO note (title) VALUES ('Welcome');"),
        ]
        try SlateTestDatabase.create(
            at: path, sql: scripts[0].sql + scripts[1].sql + "INSERT INTO note (title) VALUES ('mine');")
        let before = FileManager.default.contents(atPath: path)
        AttackedNotebook.scripts = scripts
        #expect(throws: SQLError.self) { try AttackedNotebook.bootstrap(at: path).close() }
        #expect(FileManager.default.contents(atPath: path) == before)
        AttackedNotebook.scripts = Array(scripts.prefix(2))
        try AttackedNotebook.bootstrap(at: path).close()
        AttackedNotebook.scripts = scripts
        let db = try AttackedNotebook.bootstrap(at: path)
        defer { db.close() }
        #expect(
            try db.pool.read { try $0.query(sql: "SELECT title FROM note ORDER BY id") } == [["mine"], ["Welcome"]])
    }

    /// A file in rollback-journal (DELETE) mode whose last writer crashed mid-transaction
    /// (a file from before Slate, or written by another tool) has a hot journal: only a
    /// read-write connection may roll it back. bootstrap(at:)'s read-only pre-check
    /// cannot ("attempt to write a readonly database"): it lets a read-write connection
    /// recover the file, then checks it.
    @Test func aHotJournalFromACrashedWriterIsRecovered() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("crashed.sqlite")
        let copy = directory.path("hot.sqlite")
        defer { AttackedNotebook.scripts = [] }
        let script = "CREATE TABLE note (id INTEGER PRIMARY KEY, body BLOB);"
        try SlateTestDatabase.create(
            at: path,
            sql: script + """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000) INSERT INTO note (body) SELECT randomblob(500) FROM n;
                PRAGMA user_version = 1;
                """)
        // A writer mid-transaction, its changed pages spilled into the file: a copy of the
        // file and its journal is what a crash leaves.
        let writer = try SQLContext(path: path)
        try writer.exec(sql: "PRAGMA cache_size = 2; BEGIN; UPDATE note SET body = randomblob(600)")
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        try FileManager.default.copyItem(atPath: path + "-journal", toPath: copy + "-journal")
        try writer.exec(sql: "ROLLBACK")
        writer.close()
        AttackedNotebook.scripts = [SQLSchemaScript(file: "notebook.sql", sql: script)]
        do {
            let db = try AttackedNotebook.bootstrap(at: copy)
            defer { db.close() }
            #expect(
                try db.pool.read { try $0.query(sql: "SELECT count(*), sum(length(body)) FROM note") } == [
                    [2000, 1_000_000]
                ])
        } catch {
            Issue.record("a recoverable file was refused: \(error)")
        }
    }

    /// A numbered script that leaves a dangling foreign key in a table with a line break
    /// in its name: SQLContext.migrate's message lists the table names escaped, never raw.
    @Test func aDanglingForeignKeyMessageNamesNoTableRaw() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("fk.sqlite")
        defer { AttackedNotebook.scripts = [] }
        AttackedNotebook.scripts = [
            SQLSchemaScript(file: "n-001.sql", sql: "CREATE TABLE p (id INTEGER PRIMARY KEY);"),
            SQLSchemaScript(
                file: "n-002.sql",
                sql:
                    "CREATE TABLE \"c\nDROP TABLE p; --\" (id INTEGER PRIMARY KEY, p INTEGER REFERENCES p(id)); INSERT INTO \"c\nDROP TABLE p; --\" VALUES (1, 42);"
            ),
        ]
        do {
            try AttackedNotebook.bootstrap(at: path).close()
            Issue.record("a dangling foreign key was committed")
        } catch let error as SQLError {
            #expect(!error.message.contains("\n"), "\(error.message)")
        }
    }
}
