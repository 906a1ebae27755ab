import Foundation
import Slate
import SlateTestSupport
import Testing

/// Bounds on one run of a statement: virtual-machine instructions and time, so that a file
/// whose view never ends cannot hang the program that reads it.
@Suite struct StatementLimitsTests {
    static let instructionsExceeded =
        "the statement ran past its limit of 100000000 virtual-machine instructions (SQLContext.Configuration.maximumStatementInstructions) and was stopped"

    static let timeExceeded =
        "the statement ran longer than its limit of 10.0 seconds (SQLContext.Configuration.maximumStatementDuration) and was stopped"

    /// A file made to hang its reader: a table that is a view over a recursive query that
    /// never ends, one that never even returns a row, and a trigger that runs one.
    static func makeHostileDatabase(at path: String) throws {
        try SlateTestDatabase.create(
            at: path,
            sql: """
                CREATE TABLE inbox (message TEXT);
                CREATE TABLE log (n INTEGER);
                CREATE VIEW messages AS
                    WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r) SELECT i AS message FROM r;
                CREATE VIEW silent AS
                    WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r) SELECT i FROM r WHERE i < 0;
                CREATE TRIGGER spin AFTER INSERT ON inbox BEGIN INSERT INTO log SELECT count(*) FROM silent; END;
                """)
    }

    private func context(instructions: Int? = nil, duration: Duration? = nil) throws -> SQLContext {
        var configuration = SQLContext.Configuration()
        configuration.maximumStatementInstructions = instructions
        configuration.maximumStatementDuration = duration
        return try SQLContext(configuration: configuration)
    }

    private static let endless =
        "WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r) SELECT count(*) FROM r"

    private static func count(_ rows: Int) -> String {
        "WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r WHERE i < \(rows)) SELECT count(*) FROM r"
    }

    @Test func untrustedStopsAHostileFilesEndlessView() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("hostile.sqlite")
        try Self.makeHostileDatabase(at: path)
        let ctx = try SQLContext(path: path, configuration: .untrusted)
        defer { ctx.close() }
        #expect(SQLContext.Configuration.untrusted.maximumStatementInstructions == 100_000_000)
        #expect(SQLContext.Configuration.untrusted.maximumStatementDuration == .seconds(10))
        // Whichever limit comes first ends it: instructions on a normal build, the time on
        // a slow one (a sanitizer's), never a hang.
        do {
            _ = try ctx.query(sql: "SELECT count(*) FROM messages")
            Issue.record("the endless view returned")
        } catch let error as SQLError {
            #expect(error.code == .interrupt)
            #expect([Self.instructionsExceeded, Self.timeExceeded].contains(error.message), "\(error.message)")
        }
        #expect(try ctx.query(sql: "SELECT message FROM messages LIMIT 3") == [[1], [2], [3]])
    }

    /// Untrusted, with fewer instructions than its 100 million, to keep the tests short.
    private static var shortUntrusted: SQLContext.Configuration {
        var untrusted = SQLContext.Configuration.untrusted
        untrusted.maximumStatementInstructions = 5_000_000
        return untrusted
    }

    private static let shortExceeded = instructionsExceeded.replacingOccurrences(of: "100000000", with: "5000000")

    @Test func endlessCursorsTriggersAndWritesStopAndTheConnectionWorksOn() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("hostile.sqlite")
        try Self.makeHostileDatabase(at: path)
        let ctx = try SQLContext(path: path, configuration: Self.shortUntrusted)
        defer { ctx.close() }
        // A view that never returns a row: the very first step would never come back.
        let cursor = try ctx.cursor(sql: "SELECT * FROM silent")
        expectSQLError(.interrupt, Self.shortExceeded) { _ = try cursor.next() }
        // A failed cursor stays failed.
        expectSQLError(.interrupt, Self.shortExceeded) { _ = try cursor.next() }
        // Sorting an endless view: the rows go to the sorter, the instructions still count.
        expectSQLError(.interrupt, Self.shortExceeded) {
            _ = try ctx.query(sql: "SELECT message FROM messages ORDER BY message DESC LIMIT 1")
        }
        // A trigger that runs one, inside a write: stopped, and the write undone.
        expectSQLError(.interrupt, Self.shortExceeded) { try ctx.exec(sql: "INSERT INTO inbox VALUES ('hi')") }
        #expect(try ctx.query(sql: "SELECT (SELECT count(*) FROM inbox), (SELECT count(*) FROM log)") == [[0, 0]])
        // In an explicit transaction too; the connection works on afterwards.
        expectSQLError(.interrupt, Self.shortExceeded) {
            try ctx.transaction {
                try ctx.exec(sql: "INSERT INTO log VALUES (7)")
                try ctx.exec(sql: "INSERT INTO inbox VALUES ('hi')")
            }
        }
        #expect(!ctx.isInTransaction)
        #expect(try ctx.query(sql: "SELECT (SELECT count(*) FROM inbox), (SELECT count(*) FROM log)") == [[0, 0]])
        try ctx.exec(sql: "INSERT INTO log VALUES (1)")
        #expect(try ctx.query(sql: "SELECT n FROM log") == [[1]])
    }

    @Test func anUntrustedPoolStopsEndlessStatementsOnReadersAndTheWriter() async throws {
        let directory = TemporaryDirectory()
        let path = directory.path("hostile.sqlite")
        try Self.makeHostileDatabase(at: path)
        let pool = try SQLPool(path: path, configuration: .init(connection: Self.shortUntrusted))
        defer { pool.close() }
        let instructionsExceeded = Self.shortExceeded
        expectSQLError(.interrupt, instructionsExceeded) {
            _ = try pool.read { try $0.query(sql: "SELECT max(message) FROM messages") }
        }
        expectSQLError(.interrupt, instructionsExceeded) {
            try pool.write { try $0.exec(sql: "INSERT INTO inbox VALUES ('hi')") }
        }
        do {
            _ = try await pool.read { try $0.query(sql: "SELECT * FROM silent") }
            Issue.record("an endless read came back")
        } catch let error as SQLError {
            #expect(error.code == .interrupt)
            #expect(error.message == instructionsExceeded)
        }
        #expect(
            try await pool.read { try $0.query(sql: "SELECT (SELECT count(*) FROM inbox), (SELECT count(*) FROM log)") }
                == [[0, 0]])
        try await pool.write { try $0.exec(sql: "INSERT INTO log VALUES (1)") }
        #expect(try await pool.read { try $0.query(sql: "SELECT n FROM log") } == [[1]])
    }

    @Test func aLargeButFiniteQueryFitsAGenerousBudget() throws {
        let ctx = try context(instructions: 50_000_000)
        defer { ctx.close() }
        #expect(try ctx.query(sql: Self.count(1_000_000)) == [[1_000_000]])
        let untrusted = try SQLContext(configuration: .untrusted)
        defer { untrusted.close() }
        #expect(try untrusted.query(sql: Self.count(1_000_000)) == [[1_000_000]])
    }

    @Test func theBudgetIsPerRunNotPerConnection() throws {
        // Each run takes about 3,500 instructions; 500 runs are 1.7 million, far past it.
        let ctx = try context(instructions: 100_000)
        defer { ctx.close() }
        for _ in 0..<500 {
            #expect(try ctx.query(sql: Self.count(200)) == [[200]])
        }
        let prepared = try ctx.prepare(
            sql: "WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r WHERE i < ?) SELECT count(*) FROM r")
        defer { prepared.close() }
        for _ in 0..<200 {
            try prepared.bind(parameters: [200])
            #expect(try prepared.next())
            #expect(prepared.int(at: 0) == 200)
            // Reset or run to its end: either way the next run starts afresh.
            if Bool.random() { prepared.reset() } else { #expect(try !prepared.next()) }
        }
        // The budget of a run does not grow with the run's steps: a cursor stepped one row
        // at a time is stopped once the whole run is past it.
        let cursor = try ctx.cursor(
            sql: "WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r WHERE i < 100000) SELECT i FROM r")
        var rows = 0
        let error = expectSQLError(
            .interrupt,
            "the statement ran past its limit of 100000 virtual-machine instructions (SQLContext.Configuration.maximumStatementInstructions) and was stopped"
        ) {
            while try cursor.next() != nil { rows += 1 }
        }
        #expect(error?.sql == cursor.statement.sql)
        #expect(rows > 1000 && rows < 20_000, "\(rows) rows")
    }

    /// A cursor keeps its own budget while other statements run between its rows: they
    /// neither spend it nor start it over.
    @Test func statementsRunBetweenACursorsRowsHaveBudgetsOfTheirOwn() throws {
        let ctx = try context(instructions: 100_000)
        defer { ctx.close() }
        // About 70,000 instructions for the whole run.
        let cursor = try ctx.cursor(
            sql: "WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r WHERE i < 4000) SELECT i FROM r")
        var sum = 0
        while let row = try cursor.next() {
            sum += row.int(at: 0)
            if row.int(at: 0) % 500 == 0 {
                // About 60,000 each.
                #expect(try ctx.query(sql: Self.count(3_500)) == [[3_500]])
            }
        }
        #expect(sum == 4000 * 4001 / 2)

        // About 150,000 instructions: stopped, however many fresh statements ran meanwhile.
        let long = try ctx.cursor(
            sql: "WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r WHERE i < 9000) SELECT i FROM r")
        var last = 0
        expectSQLError(
            .interrupt,
            "the statement ran past its limit of 100000 virtual-machine instructions (SQLContext.Configuration.maximumStatementInstructions) and was stopped"
        ) {
            while let row = try long.next() {
                last = row.int(at: 0)
                if last % 100 == 0 { #expect(try ctx.query(sql: Self.count(10)) == [[10]]) }
            }
        }
        #expect(last > 1000 && last < 9000, "\(last)")
    }

    @Test func aTimeLimitStopsWorkThatIsSlowInFewInstructions() throws {
        let ctx = try context(duration: .milliseconds(200))
        defer { ctx.close() }
        let started = ContinuousClock.now
        expectSQLError(
            .interrupt,
            "the statement ran longer than its limit of 0.2 seconds (SQLContext.Configuration.maximumStatementDuration) and was stopped"
        ) {
            _ = try ctx.query(sql: Self.endless)
        }
        let elapsed = ContinuousClock.now - started
        #expect(elapsed >= .milliseconds(200) && elapsed < .seconds(5), "\(elapsed)")
        #expect(try ctx.query(sql: Self.count(1000)) == [[1000]])
    }

    /// The time limit counts time inside SQLite, not the caller's between rows: each row
    /// here takes tens of thousands of instructions (the handler looks at the clock many
    /// times a step), and the caller waits 80 ms after each, past the 100 ms limit in all.
    @Test func theTimeBetweenACursorsRowsDoesNotCount() throws {
        let ctx = try context(duration: .milliseconds(100))
        defer { ctx.close() }
        let cursor = try ctx.cursor(
            sql: """
                WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r WHERE i < 4)
                SELECT i, (WITH RECURSIVE s(j) AS (SELECT r.i UNION ALL SELECT j + 1 FROM s WHERE j < r.i + 2000) SELECT count(*) FROM s) FROM r
                """)
        var values: [[Int]] = []
        while let row = try cursor.next() {
            values.append([row.int(at: 0), row.int(at: 1)])
            Thread.sleep(forTimeInterval: 0.08)
        }
        #expect(values == [[1, 2001], [2, 2001], [3, 2001], [4, 2001]])
    }

    @Test func bothLimitsTogetherTheFirstReachedStops() throws {
        let ctx = try context(instructions: 1_000_000, duration: .seconds(30))
        defer { ctx.close() }
        expectSQLError(
            .interrupt,
            "the statement ran past its limit of 1000000 virtual-machine instructions (SQLContext.Configuration.maximumStatementInstructions) and was stopped"
        ) {
            _ = try ctx.query(sql: Self.endless)
        }
        // A limit below the handler's period still stops the statement at its first check.
        let tiny = try context(instructions: 10)
        defer { tiny.close() }
        expectSQLError(
            .interrupt,
            "the statement ran past its limit of 10 virtual-machine instructions (SQLContext.Configuration.maximumStatementInstructions) and was stopped"
        ) {
            _ = try tiny.query(sql: Self.count(100))
        }
    }

    @Test func limitsMustBePositive() throws {
        expectSQLError(
            .misuse, "cannot open database :memory:: maximumStatementInstructions must be positive or nil, not 0"
        ) {
            _ = try context(instructions: 0)
        }
        expectSQLError(
            .misuse, "cannot open database :memory:: maximumStatementDuration must be positive or nil, not 0.0 seconds"
        ) {
            _ = try context(duration: .zero)
        }
    }

    /// An interrupt that is not a limit's (`sqlite3_interrupt` from elsewhere) keeps
    /// SQLite's own message, even on a connection with limits.
    @Test func otherInterruptsKeepTheirMessage() throws {
        let ctx = try context(instructions: 1_000_000_000)
        defer { ctx.close() }
        try ctx.createFunction("stop_now", argumentCount: 0) { [unowned ctx] _ in
            ctx.interrupt()
            return .null
        }
        expectSQLError(.interrupt, "interrupted") {
            _ = try ctx.query(sql: "SELECT stop_now() FROM (\(Self.count(10)))")
        }
        #expect(try ctx.query(sql: Self.count(10)) == [[10]])
    }
}
