import Foundation
import SlateRecords
import SlateTestSupport
import Testing

/// A generated database follows its numbered scripts: `bootstrap(at:)` creates a new file
/// at the latest version, upgrades an older one script by script with its rows kept,
/// leaves a current one alone, and refuses a newer one untouched.
@Suite struct SchemaEvolutionTests {
    static func version(_ path: String) throws -> Int64 {
        let context = try SQLContext(path: path)
        defer { context.close() }
        return try context.query(sql: "PRAGMA user_version").first?.first?.integerValue ?? -1
    }

    /// A file at version 1 of the bookshop, with rows, as an older build of the app left it.
    static func versionOneFile(at path: String) throws {
        let context = try SQLContext(path: path)
        defer { context.close() }
        try context.migrate(migrations: [{ try $0.exec(sql: Bookshop.schemaScripts[0].sql) }])
        try context.exec(sql: "INSERT INTO authors (author_id, name) VALUES (1, 'Ursula'), (2, 'Italo')")
    }

    @Test func aNewFileGetsTheLatestVersion() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("new.sqlite")
        let db = try Bookshop.bootstrap(at: path)
        #expect(try db.pool.read { try $0.query(sql: "PRAGMA user_version") } == [[3]])
        #expect(
            try db.pool.read { try $0.query(sql: "SELECT count(*) FROM sqlite_schema WHERE name = 'customer_orders'") }
                == [[1]])
        db.close()
        // Bootstrapping again changes nothing.
        let before = FileManager.default.contents(atPath: path)
        let again = try Bookshop.bootstrap(at: path)
        again.close()
        #expect(FileManager.default.contents(atPath: path) == before)
    }

    @Test func anOlderFileIsUpgradedWithItsRows() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("old.sqlite")
        try Self.versionOneFile(at: path)
        #expect(try Self.version(path) == 1)
        // Opening it without migrating says what to do.
        #expect(throws: SQLError.self) { try Bookshop(path: path) }
        do {
            _ = try Bookshop(path: path)
        } catch let error as SQLError {
            #expect(
                error.message
                    == "\(path) is at schema version 1, and Bookshop is at version 3: open it with Bookshop.bootstrap(at:), which creates the schema and applies the missing scripts"
            )
        }
        let db = try Bookshop.bootstrap(at: path)
        defer { db.close() }
        #expect(try db.pool.read { try $0.query(sql: "PRAGMA user_version") } == [[3]])
        #expect(try db.authors.fetch().map(\.name) == ["Ursula", "Italo"])
        #expect(try db.customers.fetchCount() == 0)
        // And now the plain initializer opens it.
        let reopened = try Bookshop(path: path)
        reopened.close()
    }

    @Test func aNewerFileIsRefusedUntouched() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("newer.sqlite")
        try Bookshop.bootstrap(at: path).close()
        do {
            let context = try SQLContext(path: path)
            try context.exec(sql: "PRAGMA user_version = 4")
            context.close()
        }
        let before = FileManager.default.contents(atPath: path)
        do {
            _ = try Bookshop.bootstrap(at: path)
            Issue.record("a newer file was opened")
        } catch let error as SQLError {
            #expect(
                error.message
                    == "\(path) is at schema version 4, newer than Bookshop's 3: a newer version of the app wrote it; it was left untouched"
            )
        }
        #expect(FileManager.default.contents(atPath: path) == before)
        #expect(throws: SQLError.self) { try Bookshop(path: path) }
    }

    /// A file made before versions were recorded: user_version 0, the schema of some
    /// version. It is recognised, and upgraded from there.
    @Test func aFileFromBeforeVersionsIsRecognised() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("unversioned.sqlite")
        do {
            let context = try SQLContext(path: path)
            try context.exec(sql: Bookshop.schemaScripts[0].sql)
            try context.exec(sql: Bookshop.schemaScripts[1].sql)
            try context.exec(sql: "INSERT INTO authors (author_id, name) VALUES (7, 'Kept')")
            context.close()
        }
        #expect(try Self.version(path) == 0)
        let db = try Bookshop.bootstrap(at: path)
        defer { db.close() }
        #expect(try db.pool.read { try $0.query(sql: "PRAGMA user_version") } == [[3]])
        #expect(try db.authors.fetch().map(\.name) == ["Kept"])
    }

    @Test func aFileWithAnUnknownSchemaIsRefusedUntouched() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("foreign.sqlite")
        try SlateTestDatabase.create(at: path, sql: "CREATE TABLE notes (x)")
        let before = FileManager.default.contents(atPath: path)
        do {
            _ = try Bookshop.bootstrap(at: path)
            Issue.record("a foreign file was opened")
        } catch let error as SQLError {
            #expect(
                error.message
                    == "\(path) has a schema but no version, and its schema is none of Bookshop's 3 versions: it was not made by this app, or was changed by hand; it was left untouched"
            )
        }
        #expect(FileManager.default.contents(atPath: path) == before)
    }
}

/// A database whose scripts are hand-written here, to make scripts fail.
struct Notebook: SQLDatabase {
    let pool: SQLPool
    init(pool: SQLPool) { self.pool = pool }
    static let creationSQL = ""
    nonisolated(unsafe) static var scripts: [SQLSchemaScript] = []
    static var schemaScripts: [SQLSchemaScript] { scripts }
    static var schemaVersion: Int64 { Int64(scripts.count) }
}

extension Notebook: SQLRecordStore {}

@Suite(.serialized) struct FailingScriptTests {
    static let first = SQLSchemaScript(
        file: "notebook-001.sql",
        sql: """
            CREATE TABLE note (id INTEGER PRIMARY KEY, title TEXT NOT NULL);
            CREATE TABLE tag (note_id INTEGER REFERENCES note(id), label TEXT);
            """)

    func prepared(_ directory: TemporaryDirectory) throws -> String {
        let path = directory.path("notebook.sqlite")
        Notebook.scripts = [Self.first]
        let db = try Notebook.bootstrap(at: path)
        try db.pool.write {
            try $0.exec(sql: "INSERT INTO note VALUES (1, 'same'), (2, 'same'); INSERT INTO tag VALUES (1, 'a')")
        }
        db.close()
        return path
    }

    static let failing: [(SQLSchemaScript, String)] = [
        (
            SQLSchemaScript(
                file: "notebook-002-unique.sql",
                sql: "ALTER TABLE note ADD COLUMN body TEXT;\nCREATE UNIQUE INDEX note_title ON note(title);"),
            "migration 2 of 2 (notebook-002-unique.sql), user_version 1 → 2, failed: notebook-002-unique.sql:2:1: UNIQUE constraint failed: note.title"
        ),
        (
            SQLSchemaScript(
                file: "notebook-002-syntax.sql", sql: "ALTER TABLE note ADD COLUMN body TEXT;\n\nCREATE TABEL oops (x);"
            ),
            "migration 2 of 2 (notebook-002-syntax.sql), user_version 1 → 2, failed: notebook-002-syntax.sql:3:8: near \"TABEL\": syntax error"
        ),
        (
            SQLSchemaScript(file: "notebook-002-dangling.sql", sql: "DELETE FROM note WHERE id = 1;"),
            "migration 2 of 2 (notebook-002-dangling.sql) left 1 row referring to nothing (in tag); it was rolled back"
        ),
    ]

    @Test(arguments: failing)
    func aFailingScriptRollsBackAndNamesItsFileAndLine(_ script: SQLSchemaScript, _ message: String) throws {
        let directory = TemporaryDirectory()
        let path = try prepared(directory)
        Notebook.scripts = [Self.first, script]
        defer { Notebook.scripts = [] }
        do {
            _ = try Notebook.bootstrap(at: path)
            Issue.record("\(script.file) did not fail")
        } catch let error as SQLError {
            #expect(error.message == message)
        }
        #expect(try SchemaEvolutionTests.version(path) == 1)
        let context = try SQLContext(path: path)
        defer { context.close() }
        #expect(try context.query(sql: "SELECT count(*) FROM note") == [[2]])
        #expect(try context.query(sql: "SELECT count(*) FROM pragma_table_info('note')") == [[2]])
    }

    /// One unnumbered script edited after the file was made: the file follows it with the
    /// declarative planner, changes that keep every value at once.
    @Test func anEditedSingleScriptIsFollowed() throws {
        let directory = TemporaryDirectory()
        let path = try prepared(directory)
        Notebook.scripts = [
            SQLSchemaScript(
                file: "notebook.sql",
                sql: Self.first.sql + "\nCREATE TABLE extra (x);\nCREATE INDEX note_title ON note(title);")
        ]
        defer { Notebook.scripts = [] }
        let db = try Notebook.bootstrap(at: path)
        defer { db.close() }
        #expect(
            try db.pool.read {
                try $0.query(sql: "SELECT name FROM sqlite_schema WHERE name IN ('extra', 'note_title') ORDER BY name")
            } == [["extra"], ["note_title"]])
        #expect(try db.pool.read { try $0.query(sql: "SELECT count(*) FROM note") } == [[2]])
        #expect(try db.pool.read { try $0.query(sql: "PRAGMA user_version") } == [[1]])
    }

    /// A destructive edit (a dropped column holding data) is refused, the file untouched,
    /// unless the app opts in.
    @Test func aDestructiveEditNeedsTheAppToOptIn() throws {
        let directory = TemporaryDirectory()
        let path = try prepared(directory)
        Notebook.scripts = [
            SQLSchemaScript(
                file: "notebook.sql",
                sql: """
                    CREATE TABLE note (id INTEGER PRIMARY KEY);
                    CREATE TABLE tag (note_id INTEGER REFERENCES note(id), label TEXT);
                    """)
        ]
        defer { Notebook.scripts = [] }
        let before = FileManager.default.contents(atPath: path)
        do {
            _ = try Notebook.bootstrap(at: path)
            Issue.record("a destructive edit went ahead")
        } catch let error as SQLError {
            #expect(
                error.message
                    == "\(path) has the schema of an earlier notebook.sql, and bringing it to the current one would rebuild table note (2 rows) to drop column title holding 2 values: bootstrap(at:allowingDestructiveChanges: true) goes ahead; or keep the earlier script as notebook-001.sql and add the change as notebook-002.sql. The file was left untouched"
            )
        }
        #expect(FileManager.default.contents(atPath: path) == before)
        let db = try Notebook.bootstrap(at: path, allowingDestructiveChanges: true)
        defer { db.close() }
        #expect(try db.pool.read { try $0.query(sql: "SELECT id FROM note ORDER BY id") } == [[1], [2]])
        #expect(try db.pool.read { try $0.query(sql: "SELECT count(*) FROM tag") } == [[1]])
    }

    /// Script 2 only inserts rows, so versions 1 and 2 have one schema: a file from before
    /// versions with that schema cannot say whether script 2 ran. It is refused, untouched,
    /// naming both versions; once its version is recorded by hand, it opens.
    @Test func aSchemaSeveralVersionsShareIsRefused() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("ambiguous.sqlite")
        try SlateTestDatabase.create(at: path, sql: Self.first.sql + "INSERT INTO note VALUES (1, 'mine');")
        Notebook.scripts = [
            Self.first,
            SQLSchemaScript(file: "notebook-002-seed.sql", sql: "INSERT INTO note (title) VALUES ('Welcome');"),
        ]
        defer { Notebook.scripts = [] }
        let before = FileManager.default.contents(atPath: path)
        do {
            _ = try Notebook.bootstrap(at: path)
            Issue.record("a file whose version cannot be known was opened")
        } catch let error as SQLError {
            #expect(
                error.message
                    == "\(path) has a schema but no version, and its schema is that of Notebook's versions 1 (notebook-001.sql), 2 (notebook-002-seed.sql): the schema cannot tell which of those scripts already ran. Record the version it is at, the number of the last script applied to it, with PRAGMA user_version = N (1 or 2), then open it again; it was left untouched"
            )
        }
        #expect(FileManager.default.contents(atPath: path) == before)
        let context = try SQLContext(path: path)
        try context.exec(sql: "PRAGMA user_version = 1")
        context.close()
        let db = try Notebook.bootstrap(at: path)
        defer { db.close() }
        #expect(
            try db.pool.read { try $0.query(sql: "SELECT title FROM note ORDER BY id") } == [["mine"], ["Welcome"]])
        #expect(try db.pool.read { try $0.query(sql: "PRAGMA user_version") } == [[2]])
    }

    /// Any 32-bit user_version is legal, and other tools write negative ones: refused with
    /// a clear error, untouched, by bootstrap(at:), ctx.migrate and pool.migrate (sync and
    /// async), never a crash.
    @Test func aNegativeUserVersionIsRefusedUntouched() async throws {
        let directory = TemporaryDirectory()
        let path = try prepared(directory)
        for version in [-1, -3, Int64(Int32.min)] {
            let context = try SQLContext(path: path)
            try context.exec(sql: "PRAGMA user_version = \(version)")
            context.close()
            let before = FileManager.default.contents(atPath: path)
            Notebook.scripts = [Self.first]
            defer { Notebook.scripts = [] }
            do {
                _ = try Notebook.bootstrap(at: path)
                Issue.record("user_version \(version) was opened")
            } catch let error as SQLError {
                #expect(
                    error.message
                        == "\(path) has user_version \(version), which no version of Notebook writes (its versions are 1 to 1): another tool set it, and the schema's version cannot be known from it; it was left untouched"
                )
            }
            #expect(FileManager.default.contents(atPath: path) == before)
            let message =
                "the database is at user_version \(version), which no count of migrations gives (another tool set it): which of the 2 migrations it has is unknown; it was left untouched"
            let migrations: [@Sendable (SQLContext) throws -> Void] = [
                { try $0.exec(sql: "CREATE TABLE x (a)") }, { try $0.exec(sql: "CREATE TABLE y (a)") },
            ]
            let direct = try SQLContext(path: path)
            #expect { try direct.migrate(migrations: migrations.map { m in { try m($0) } }) } throws: {
                ($0 as? SQLError)?.message == message
            }
            direct.close()
            let pool = try SQLPool(path: path)
            #expect { try pool.migrate(migrations: migrations.map { m in { try m($0) } }) } throws: {
                ($0 as? SQLError)?.message == message
            }
            await #expect { try await pool.migrate(migrations: migrations) } throws: {
                ($0 as? SQLError)?.message == message
            }
            #expect(
                try await pool.read { try $0.query(sql: "SELECT count(*) FROM sqlite_schema WHERE name IN ('x', 'y')") }
                    == [[0]])
            #expect(try await pool.read { try $0.query(sql: "PRAGMA user_version") } == [[.integer(version)]])
            await pool.close()
        }
    }

    /// The single script drops STRICT from a table whose ANY column holds text that looks
    /// numeric: without STRICT, ANY is NUMERIC affinity and the copy would store 7 for
    /// '007'. Refused, the file untouched; allowed, it goes ahead.
    @Test func droppingStrictFromTheScriptIsRefusedWhenItWouldRewriteValues() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("strict.sqlite")
        Notebook.scripts = [
            SQLSchemaScript(file: "notebook.sql", sql: "CREATE TABLE s (id INTEGER PRIMARY KEY, x ANY) STRICT;")
        ]
        defer { Notebook.scripts = [] }
        let db = try Notebook.bootstrap(at: path)
        try db.pool.write { try $0.exec(sql: "INSERT INTO s (x) VALUES ('007'), ('1.0'), (' 12'), ('1e3')") }
        db.close()
        Notebook.scripts = [
            SQLSchemaScript(file: "notebook.sql", sql: "CREATE TABLE s (id INTEGER PRIMARY KEY, x ANY);")
        ]
        let before = FileManager.default.contents(atPath: path)
        do {
            _ = try Notebook.bootstrap(at: path)
            Issue.record("a rewrite of stored values went ahead")
        } catch let error as SQLError {
            #expect(
                error.message
                    == "\(path) has the schema of an earlier notebook.sql, and bringing it to the current one would rebuild table s (4 rows) to make it no longer STRICT, give column x NUMERIC affinity instead of no conversion (ANY in a STRICT table), which rewrites stored values ('007' → 7 in s.x): bootstrap(at:allowingDestructiveChanges: true) goes ahead; or keep the earlier script as notebook-001.sql and add the change as notebook-002.sql. The file was left untouched"
            )
        }
        #expect(FileManager.default.contents(atPath: path) == before)
        let context = try SQLContext(path: path)
        #expect(
            try context.query(sql: "SELECT x, typeof(x) FROM s ORDER BY id") == [
                ["007", "text"], ["1.0", "text"], [" 12", "text"], ["1e3", "text"],
            ])
        context.close()
    }

    /// A file from before versions, made from an earlier text of the single script.
    @Test func aFileFromBeforeVersionsOfAnEditedScriptIsFollowed() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("old.sqlite")
        try SlateTestDatabase.create(at: path, sql: Self.first.sql + "INSERT INTO note VALUES (1, 'kept');")
        Notebook.scripts = [SQLSchemaScript(file: "notebook.sql", sql: Self.first.sql + "\nCREATE TABLE extra (x);")]
        defer { Notebook.scripts = [] }
        let db = try Notebook.bootstrap(at: path)
        defer { db.close() }
        #expect(try db.pool.read { try $0.query(sql: "SELECT title FROM note") } == [["kept"]])
        #expect(
            try db.pool.read { try $0.query(sql: "SELECT count(*) FROM sqlite_schema WHERE name = 'extra'") } == [[1]])
        #expect(try db.pool.read { try $0.query(sql: "PRAGMA user_version") } == [[1]])
    }
}
