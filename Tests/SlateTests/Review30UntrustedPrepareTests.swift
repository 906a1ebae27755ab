import Foundation
import SlateTestSupport
import Testing

@testable import Slate

/// Issue 30, §2: an untrusted file cannot make preparing a statement take more than the
/// statement budget's time or memory. SQLite 3.40 expands views while it prepares, and
/// calls no progress handler there.
@Suite struct Review30UntrustedPrepareTests {
    /// The issue's file: 9 one-row tables under `levels` levels of views, each reading the
    /// one below twice (`UNION ALL`, or a self-join), and a trigger that reads the top one.
    static func makeViewBomb(at path: String, levels: Int = 15, join: Bool = false) throws {
        var sql = "BEGIN;\n"
        for table in 1...9 { sql += "CREATE TABLE t\(table) (x); INSERT INTO t\(table) VALUES (\(table));\n" }
        sql += "CREATE VIEW v1 AS SELECT t1.x FROM t1, t2, t3, t4, t5, t6, t7, t8, t9;\n"
        for level in 2...levels {
            sql +=
                join
                ? "CREATE VIEW v\(level) AS SELECT a.x FROM v\(level - 1) a, v\(level - 1) b;\n"
                : "CREATE VIEW v\(level) AS SELECT x FROM v\(level - 1) UNION ALL SELECT x FROM v\(level - 1);\n"
        }
        sql += "CREATE TABLE inbox (message TEXT);\n"
        sql += "CREATE TRIGGER explode AFTER INSERT ON inbox BEGIN SELECT count(*) FROM v\(levels); END;\n"
        sql += "COMMIT;\n"
        try SlateTestDatabase.create(at: path, sql: sql)
    }

    /// `untrusted` with the issue's 2 s statement duration.
    static var untrusted: SQLContext.Configuration {
        var configuration = SQLContext.Configuration.untrusted
        configuration.maximumStatementDuration = .seconds(2)
        return configuration
    }

    /// Checks that `body` throws the preparation budget's error (which of the bounds, time
    /// or memory, came first is not asserted unless `limit` names it).
    private func expectBudgetError(
        _ limit: String? = nil, orSQLitesJoinLimit: Bool = false, sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () throws -> Void
    ) {
        do {
            try body()
            Issue.record("the statement was prepared", sourceLocation: sourceLocation)
        } catch let error as SQLError
            where orSQLitesJoinLimit && error.message == "too many FROM clause terms, max: 200"
        {
            // SQLite's own bound on a join's tables, which the self-joined views reach
            // about when they reach the budget: either stops the prepare.
        } catch let error as SQLError {
            #expect(error.code == .interrupt, "\(error)", sourceLocation: sourceLocation)
            #expect(
                error.message.hasPrefix("preparing the statement "), "\(error.message)", sourceLocation: sourceLocation)
            #expect(
                error.message.hasSuffix("and was stopped; the views or triggers it reads expand too far"),
                "\(error.message)", sourceLocation: sourceLocation)
            #expect(
                error.message.contains(limit ?? "SQLContext.Configuration.maximum"), "\(error.message)",
                sourceLocation: sourceLocation)
        } catch {
            Issue.record("expected the budget's SQLError, got \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test func slateWrapsSQLitesAllocator() {
        #expect(PreparationBudget.isInstalled)
    }

    @Test(arguments: [false, true])
    func theViewBombFailsWithTheBudgetErrorAndTheConnectionStaysUsable(join: Bool) throws {
        try #require(PreparationBudget.isInstalled, "without the budget the bomb runs unbounded")
        let directory = TemporaryDirectory()
        let path = directory.path("bomb.sqlite")
        try Self.makeViewBomb(at: path, join: join)
        let context = try SQLContext(path: path, flags: [.readOnly], configuration: Self.untrusted)
        defer { context.close() }
        expectBudgetError(orSQLitesJoinLimit: join) { _ = try context.query(sql: "SELECT * FROM v15") }
        // Again (a cached statement was not made), through a cursor and a prepared
        // statement: the same error.
        expectBudgetError(orSQLitesJoinLimit: join) { _ = try context.cursor(sql: "SELECT count(*) FROM v15") }
        expectBudgetError(orSQLitesJoinLimit: join) { _ = try context.prepare(sql: "SELECT * FROM v15") }
        // One level less fits the memory, and SQLite's own limits stop it: the program
        // is too long (which SQLite reports as out of memory: the message says which
        // limit it may be), or too many tables are joined.
        do {
            _ = try context.query(sql: "SELECT x FROM v14 LIMIT 1")
            Issue.record("v14 was prepared")
        } catch let error as SQLError {
            if join {
                #expect(error.message == "too many FROM clause terms, max: 200")
            } else {
                #expect(error.code == .noMemory)
                #expect(
                    error.message
                        == "preparing the statement ran out of memory, or made a program longer than the limit of 25000 virtual-machine instructions (SQLContext.Limit.vdbeOperations)"
                )
            }
        }
        // The connection is fine, and small views still work.
        #expect(try context.query(sql: "SELECT count(*) FROM t1") == [[.integer(1)]])
        #expect(try context.query(sql: "SELECT count(*) FROM v2") == [[.integer(join ? 1 : 2)]])
    }

    @Test func theMemoryBoundAloneStopsIt() throws {
        try #require(PreparationBudget.isInstalled, "without the budget the bomb runs unbounded")
        let directory = TemporaryDirectory()
        let path = directory.path("bomb.sqlite")
        try Self.makeViewBomb(at: path)
        var configuration = SQLContext.Configuration()
        configuration.maximumPreparationMemory = 4 << 20
        let context = try SQLContext(path: path, flags: [.readOnly], configuration: configuration)
        defer { context.close() }
        expectBudgetError(
            "allocated more than its limit of 4194304 bytes (SQLContext.Configuration.maximumPreparationMemory)"
        ) {
            _ = try context.query(sql: "SELECT * FROM v15")
        }
        #expect(try context.query(sql: "SELECT count(*) FROM v3") == [[.integer(4)]])
    }

    @Test func theDurationAloneStopsIt() throws {
        try #require(PreparationBudget.isInstalled, "without the budget the bomb runs unbounded")
        let directory = TemporaryDirectory()
        let path = directory.path("bomb.sqlite")
        try Self.makeViewBomb(at: path)
        var configuration = SQLContext.Configuration()
        configuration.maximumStatementDuration = .milliseconds(300)
        let context = try SQLContext(path: path, flags: [.readOnly], configuration: configuration)
        defer { context.close() }
        expectBudgetError(
            "took longer than its limit of 0.3 seconds (SQLContext.Configuration.maximumStatementDuration)"
        ) {
            _ = try context.query(sql: "SELECT * FROM v15")
        }
    }

    /// A trigger in the file compiles with the statement that fires it.
    @Test func aTriggerThatReadsTheBombIsStoppedToo() throws {
        try #require(PreparationBudget.isInstalled, "without the budget the bomb runs unbounded")
        let directory = TemporaryDirectory()
        let path = directory.path("bomb.sqlite")
        try Self.makeViewBomb(at: path)
        var configuration = Self.untrusted
        configuration.maximumPreparationMemory = 8 << 20
        let context = try SQLContext(path: path, configuration: configuration)
        defer { context.close() }
        expectBudgetError { try context.exec(sql: "INSERT INTO inbox VALUES ('hello')") }
        #expect(try context.query(sql: "SELECT count(*) FROM inbox") == [[.integer(0)]])
    }

    /// A script whose second statement is the bomb: each statement is prepared within the
    /// budget, also when the first is prepared and the rest looked at.
    @Test func aScriptIsBoundedStatementByStatement() throws {
        try #require(PreparationBudget.isInstalled, "without the budget the bomb runs unbounded")
        let directory = TemporaryDirectory()
        let path = directory.path("bomb.sqlite")
        try Self.makeViewBomb(at: path)
        var configuration = Self.untrusted
        configuration.maximumPreparationMemory = 8 << 20
        let context = try SQLContext(path: path, configuration: configuration)
        defer { context.close() }
        expectBudgetError { try context.exec(sql: "SELECT 1; SELECT * FROM v15") }
        expectBudgetError { try context.exec(sql: "SELECT 1; SELECT 2; SELECT * FROM v15; SELECT 3") }
    }

    /// The same expansion written as a chain of CTEs in the query itself.
    @Test func aChainOfCTEsIsBoundedToo() throws {
        try #require(PreparationBudget.isInstalled, "without the budget the bomb runs unbounded")
        var configuration = SQLContext.Configuration.untrusted
        configuration.maximumPreparationMemory = 8 << 20
        configuration.limits[.sqlLength] = 100_000
        let context = try SQLContext(path: nil, configuration: configuration)
        defer { context.close() }
        var sql = "WITH c1 AS (SELECT 1 AS x)"
        for level in 2...18 {
            sql += ", c\(level) AS (SELECT x FROM c\(level - 1) UNION ALL SELECT x FROM c\(level - 1))"
        }
        sql += " SELECT count(*) FROM c18"
        expectBudgetError { _ = try context.query(sql: sql) }
    }

    /// A pool whose connections are untrusted: the read throws the budget error, and the
    /// pool goes on serving.
    @Test func aPoolOnTheFileIsBoundedToo() async throws {
        try #require(PreparationBudget.isInstalled, "without the budget the bomb runs unbounded")
        let directory = TemporaryDirectory()
        let path = directory.path("bomb.sqlite")
        try Self.makeViewBomb(at: path)
        var connection = Self.untrusted
        connection.maximumPreparationMemory = 8 << 20
        let pool = try SQLPool(
            path: path, configuration: SQLPool.Configuration(connection: connection, isReadOnly: true))
        defer { pool.close() }
        do {
            _ = try await pool.read { ctx in try ctx.query(sql: "SELECT * FROM v15") }
            Issue.record("the statement was prepared")
        } catch let error as SQLError {
            #expect(error.code == .interrupt)
            #expect(error.message.contains("maximumPreparationMemory"), "\(error.message)")
        }
        #expect(try await pool.read { ctx in try ctx.query(sql: "SELECT count(*) FROM v2") } == [[.integer(2)]])
    }

    /// Bounds of zero or less are refused.
    @Test func aNonPositiveMemoryBoundIsRefused() {
        for bad in [0, -1] {
            var configuration = SQLContext.Configuration()
            configuration.maximumPreparationMemory = bad
            expectSQLError(
                .misuse, "cannot open database :memory:: maximumPreparationMemory must be positive or nil, not \(bad)"
            ) {
                _ = try SQLContext(path: nil, configuration: configuration)
            }
        }
    }

    /// An ordinary schema and statement are far inside the untrusted bounds, the schema
    /// read at the first statement included.
    @Test func ordinaryStatementsFitTheBudget() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("ordinary.sqlite")
        var sql = "BEGIN;\n"
        for table in 1...300 {
            sql +=
                "CREATE TABLE t\(table) (id INTEGER PRIMARY KEY, name TEXT NOT NULL, value REAL, CHECK (length(name) < 100));\n"
            sql += "CREATE INDEX t\(table)_name ON t\(table)(name);\n"
            sql += "CREATE VIEW v\(table) AS SELECT a.name, b.value FROM t\(table) a JOIN t\(table) b ON a.id = b.id;\n"
        }
        try SlateTestDatabase.create(at: path, sql: sql + "COMMIT;")
        let context = try SQLContext(path: path, configuration: .untrusted)
        defer { context.close() }
        #expect(try context.query(sql: "SELECT count(*) FROM v300 JOIN v299 USING (name)") == [[.integer(0)]])
        #expect(try context.query(sql: "SELECT count(*) FROM sqlite_schema") == [[.integer(900)]])
    }
}
