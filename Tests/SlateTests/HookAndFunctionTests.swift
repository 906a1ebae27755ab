import Foundation
import Slate
import SlateTestSupport
import Testing

@Suite struct HookTests {
    /// By default a trace shows the SQL as written, so that it can be logged without the
    /// data bound to it: the same rule as for errors.
    @Test func traceShowsTheSQLWithoutBoundValuesByDefault() throws {
        let ctx = try SQLContext()
        defer { ctx.close() }
        var traced: [String] = []
        ctx.trace { traced.append($0) }
        try ctx.exec(sql: "CREATE TABLE t (a, b); CREATE TRIGGER t_log AFTER INSERT ON t BEGIN SELECT new.b; END")
        try ctx.exec(sql: "INSERT INTO t VALUES (?, ?)", 1, "secret")
        _ = try ctx.query(sql: "SELECT a FROM t WHERE b = :b", parameters: ["secret"])
        let statement = try ctx.prepare(sql: "SELECT a FROM t WHERE b = ?1 OR a = ?1")
        defer { statement.close() }
        try statement.bind(parameters: ["secret"])
        while try statement.next() {}
        let cursor = try ctx.cursor(sql: "SELECT b FROM t WHERE b = $b", parameters: ["secret"])
        while try cursor.next() != nil {}
        ctx.trace(nil)
        try ctx.exec(sql: "DELETE FROM t")
        #expect(
            traced == [
                "CREATE TABLE t (a, b);",
                " CREATE TRIGGER t_log AFTER INSERT ON t BEGIN SELECT new.b; END",
                "INSERT INTO t VALUES (?, ?)",
                "-- TRIGGER t_log",
                "-- SELECT new.b",
                "SELECT a FROM t WHERE b = :b",
                "SELECT a FROM t WHERE b = ?1 OR a = ?1",
                "SELECT b FROM t WHERE b = $b",
            ])
        #expect(!traced.joined().contains("secret"))
    }

    @Test func traceShowsBoundValuesWhenTheConfigurationSaysSo() throws {
        var configuration = SQLContext.Configuration()
        configuration.showsBoundValues = true
        let ctx = try SQLContext(configuration: configuration)
        defer { ctx.close() }
        var traced: [String] = []
        ctx.trace { traced.append($0) }
        try ctx.exec(sql: "CREATE TABLE t (a, b); CREATE TRIGGER t_log AFTER INSERT ON t BEGIN SELECT new.b; END")
        try ctx.exec(sql: "INSERT INTO t VALUES (?, ?)", 1, "x")
        _ = try ctx.query(sql: "SELECT a FROM t WHERE b = :b", parameters: ["x"])
        ctx.trace(nil)
        try ctx.exec(sql: "DELETE FROM t")
        #expect(
            traced == [
                "CREATE TABLE t (a, b);",
                " CREATE TRIGGER t_log AFTER INSERT ON t BEGIN SELECT new.b; END",
                "INSERT INTO t VALUES (1, 'x')",
                "-- TRIGGER t_log",
                "-- SELECT new.b",
                "SELECT a FROM t WHERE b = 'x'",
            ])
    }

    /// Each connection of a pool traces by its configuration.
    @Test func poolConnectionsTraceByTheirConfiguration() throws {
        let directory = TemporaryDirectory()
        for shows in [false, true] {
            var configuration = SQLPool.Configuration()
            configuration.connection.showsBoundValues = shows
            let pool = try SQLPool(path: directory.path("trace-\(shows).sqlite"), configuration: configuration)
            defer { pool.close() }
            try pool.write { try $0.exec(sql: "CREATE TABLE t (a)") }
            let traced = TracedLines()
            try pool.writeWithoutTransaction { ctx in ctx.trace { traced.append($0) } }
            try pool.write { try $0.exec(sql: "INSERT INTO t VALUES (?)", "pin 1234") }
            try pool.writeWithoutTransaction { ctx in ctx.trace(nil) }
            #expect(
                traced.lines == [
                    "BEGIN IMMEDIATE TRANSACTION",
                    shows ? "INSERT INTO t VALUES ('pin 1234')" : "INSERT INTO t VALUES (?)", "COMMIT TRANSACTION",
                ])
        }
    }

    @Test func updateHookReportsTableActionAndRowID() throws {
        let ctx = try SQLContext()
        defer { ctx.close() }
        try ctx.exec(sql: "CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT)")
        var updates: [SQLUpdate] = []
        ctx.onUpdate { updates.append($0) }
        try ctx.exec(sql: "INSERT INTO people VALUES (7, 'a')")
        try ctx.exec(sql: "UPDATE people SET name = 'b' WHERE id = 7")
        try ctx.exec(sql: "DELETE FROM people WHERE id = 7")
        ctx.onUpdate(nil)
        try ctx.exec(sql: "INSERT INTO people VALUES (8, 'c')")
        #expect(
            updates == [
                SQLUpdate(action: .insert, database: "main", table: "people", rowID: 7),
                SQLUpdate(action: .update, database: "main", table: "people", rowID: 7),
                SQLUpdate(action: .delete, database: "main", table: "people", rowID: 7),
            ])
    }

    @Test func commitAndRollbackHooks() throws {
        struct Oops: Error {}
        let ctx = try SQLContext()
        defer { ctx.close() }
        try ctx.exec(sql: "CREATE TABLE t (a)")
        var events: [String] = []
        ctx.onCommit {
            events.append("commit")
            return true
        }
        ctx.onRollback { events.append("rollback") }
        try ctx.transaction { try ctx.exec(sql: "INSERT INTO t VALUES (1)") }
        try? ctx.transaction {
            try ctx.exec(sql: "INSERT INTO t VALUES (2)")
            throw Oops()
        }
        try ctx.exec(sql: "INSERT INTO t VALUES (3)")
        #expect(events == ["commit", "rollback", "commit"])
    }
}

@Suite struct FunctionTests {
    @Test func scalarFunctionInSwift() throws {
        let ctx = try SQLContext()
        defer { ctx.close() }
        try ctx.createFunction("reverse", argumentCount: 1, isDeterministic: true) { arguments in
            guard case .text(let text) = arguments[0] else { return .null }
            return .text(String(text.reversed()))
        }
        try ctx.createFunction("describe") { arguments in
            .text(arguments.map(\.sqlLiteral).joined(separator: "|"))
        }
        #expect(try ctx.query(sql: "SELECT reverse('Slate'), reverse(NULL)") == [["etalS", nil]])
        #expect(try ctx.query(sql: "SELECT describe(1, 2.5, 'a', X'01', NULL)") == [["1|2.5|'a'|X'01'|NULL"]])
        try ctx.exec(sql: "CREATE TABLE t (s TEXT, CHECK (reverse(s) <> 'x'))")
        try ctx.removeFunction("describe")
        expectSQLError(.error, "no such function: describe") { _ = try ctx.query(sql: "SELECT describe(1)") }
    }

    @Test func thrownErrorFailsTheStatement() throws {
        struct Refused: Error, CustomStringConvertible { var description: String { "refused by Swift" } }
        let ctx = try SQLContext()
        defer { ctx.close() }
        try ctx.createFunction("refuse", argumentCount: 0) { _ in throw Refused() }
        expectSQLError(.error, "refused by Swift") { _ = try ctx.query(sql: "SELECT refuse()") }
    }

    @Test func collationInSwift() throws {
        let ctx = try SQLContext()
        defer { ctx.close() }
        try ctx.createCollation("bylength") { lhs, rhs in
            lhs.count != rhs.count ? lhs.count - rhs.count : (lhs < rhs ? -1 : (lhs == rhs ? 0 : 1))
        }
        try ctx.exec(sql: "CREATE TABLE words (w TEXT); INSERT INTO words VALUES ('ccc'), ('a'), ('bb'), ('aa')")
        #expect(
            try ctx.query(sql: "SELECT w FROM words ORDER BY w COLLATE bylength") == [["a"], ["aa"], ["bb"], ["ccc"]])
    }
}

@Suite struct BackupAndInfoTests {
    @Test func onlineBackupToAContextAndToAFile() throws {
        let directory = TemporaryDirectory()
        let source = try SQLContext()
        defer { source.close() }
        try source.exec(sql: "CREATE TABLE t (v); INSERT INTO t VALUES (1), (2), (3)")

        let target = try SQLContext()
        defer { target.close() }
        var steps: [Int32] = []
        try source.backup(to: target, pagesPerStep: 1) { remaining, _ in steps.append(remaining) }
        #expect(try target.query(sql: "SELECT sum(v) FROM t") == [[6]])
        #expect(steps.last == 0)
        #expect(steps.count >= 2)

        let path = directory.path("backup.sqlite")
        try source.backup(toFile: path)
        let copy = try SQLContext(path: path, flags: [.readOnly])
        defer { copy.close() }
        #expect(try copy.query(sql: "SELECT v FROM t ORDER BY v") == [[1], [2], [3]])
    }

    @Test func versionAndCompileOptions() throws {
        #expect(SQLContext.sqliteVersionNumber >= 3_035_000)
        let parts = SQLContext.sqliteVersion.split(separator: ".").compactMap { Int32($0) }
        #expect(parts.count == 3)
        #expect(parts[0] * 1_000_000 + parts[1] * 1_000 + parts[2] == SQLContext.sqliteVersionNumber)
        let ctx = try SQLContext()
        defer { ctx.close() }
        #expect(try ctx.query(sql: "SELECT sqlite_version()") == [[.text(SQLContext.sqliteVersion)]])
        let options = SQLContext.compileOptions
        let expected = try ctx.query(sql: "PRAGMA compile_options").compactMap { $0.first?.textValue }
        #expect(options == expected)
        #expect(SQLContext.hasCompileOption("THREADSAFE=1") == options.contains("THREADSAFE=1"))
    }

    @Test func busyTimeoutUserVersionAndInterrupt() throws {
        let ctx = try SQLContext(configuration: .init(busyTimeout: .milliseconds(250)))
        defer { ctx.close() }
        #expect(ctx.busyTimeout == .milliseconds(250))
        ctx.busyTimeout = .seconds(2)
        #expect(ctx.busyTimeout == .seconds(2))
        #expect(ctx.userVersion == 0)
        ctx.userVersion = 42
        #expect(ctx.userVersion == 42)
        #expect(try ctx.query(sql: "PRAGMA user_version") == [[42]])
        #expect(try ctx.query(sql: "PRAGMA foreign_keys") == [[1]])

        // An interrupt from the function running inside a statement stops that statement.
        try ctx.createFunction("stop", argumentCount: 0) { [unowned ctx] _ in
            ctx.interrupt()
            return .null
        }
        expectSQLError(.interrupt, "interrupted") {
            _ = try ctx.query(
                sql: "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT stop(), i FROM n")
        }
        #expect(try ctx.query(sql: "SELECT 1") == [[1]])
    }

    @Test func foreignKeysAreEnforcedByDefaultAndCanBeTurnedOff() throws {
        let schema = """
            CREATE TABLE parent (id INTEGER PRIMARY KEY);
            CREATE TABLE child (parent_id INTEGER REFERENCES parent(id));
            """
        let strict = try SQLContext()
        defer { strict.close() }
        try strict.exec(sql: schema)
        expectSQLError(.constraintForeignKey, "FOREIGN KEY constraint failed") {
            try strict.exec(sql: "INSERT INTO child VALUES (1)")
        }
        let lax = try SQLContext(configuration: .init(foreignKeys: false))
        defer { lax.close() }
        try lax.exec(sql: schema)
        try lax.exec(sql: "INSERT INTO child VALUES (1)")
        #expect(try lax.query(sql: "SELECT count(*) FROM child") == [[1]])
    }

    @Test func walJournalModeOnAFile() throws {
        let directory = TemporaryDirectory()
        let ctx = try SQLContext(path: directory.path("wal.sqlite"), configuration: .init(journalMode: .wal))
        defer { ctx.close() }
        #expect(try ctx.query(sql: "PRAGMA journal_mode") == [["wal"]])
        expectSQLError(
            .error, "cannot open database :memory:: journal mode WAL could not be set; the database uses MEMORY"
        ) {
            let memory = try SQLContext(configuration: .init(journalMode: .wal))
            memory.close()
        }
    }
}

/// Trace lines collected from a pool's connection.
final class TracedLines: @unchecked Sendable {
    private(set) var lines: [String] = []
    func append(_ line: String) { lines.append(line) }
}
