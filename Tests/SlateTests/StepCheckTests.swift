import Foundation
import Slate
import SlateTestSupport
import Testing

/// `SQLStatement.next()` tests one byte for what makes a step more than `sqlite3_step`:
/// statement limits, an aborted transaction, an observer, a closed connection. These
/// tests turn those on and off in combination, on statements prepared before the change,
/// and check that each still holds and that each clears on its own.
@Suite struct StepCheckTests {
    static let schema = """
        CREATE TABLE t (id INTEGER PRIMARY KEY, note TEXT);
        CREATE TRIGGER no_bad BEFORE INSERT ON t WHEN new.note = 'bad' BEGIN SELECT RAISE(ROLLBACK, 'bad note'); END;
        INSERT INTO t VALUES (1, 'one'), (2, 'two'), (3, 'three');
        """

    static let limitExceeded =
        "the statement ran past its limit of 1000000 virtual-machine instructions (SQLContext.Configuration.maximumStatementInstructions) and was stopped"

    static let endless = "WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r) SELECT count(*) FROM r"

    /// The ids of `t`, stepped with `next()` on `statement`.
    static func ids(_ statement: SQLStatement) throws -> [Int64] {
        defer { statement.reset() }
        var ids: [Int64] = []
        while try statement.next() { ids.append(statement.int64(at: 0)) }
        return ids
    }

    @Test func anAbortStopsAStatementPreparedBeforeItAndClearsWithItsTransaction() throws {
        var configuration = SQLContext.Configuration()
        configuration.maximumStatementInstructions = 1_000_000
        let ctx = try SQLContext(configuration: configuration)
        defer { ctx.close() }
        try ctx.exec(sql: Self.schema)
        let select = try ctx.prepare(sql: "SELECT id FROM t ORDER BY id")
        #expect(try Self.ids(select) == [1, 2, 3])
        var inside: SQLError.Code?
        #expect(throws: SQLError.self) {
            try ctx.transaction {
                try ctx.exec(sql: "INSERT INTO t VALUES (4, 'four')")
                try? ctx.exec(sql: "INSERT INTO t VALUES (5, 'bad')")
                do { _ = try Self.ids(select) } catch let error as SQLError { inside = error.code }
            }
        }
        #expect(inside == .abortRollback)
        // The abort is over with its transaction; the limits are still there.
        #expect(try Self.ids(select) == [1, 2, 3])
        expectSQLError(.interrupt, Self.limitExceeded) { _ = try ctx.query(sql: Self.endless) }
        #expect(try Self.ids(select) == [1, 2, 3])
    }

    @Test func limitsHoldWhileAndAfterAnObserverWatchesTheWriter() async throws {
        let directory = TemporaryDirectory()
        var configuration = SQLPool.Configuration()
        configuration.connection.maximumStatementInstructions = 1_000_000
        let pool = try SQLPool(path: directory.path("steps.sqlite"), configuration: configuration)
        defer { pool.close() }
        try await pool.write { try $0.exec(sql: Self.schema) }
        var changes = pool.changes().makeAsyncIterator()

        // With the writer observed: an endless statement is stopped, an abort stops a
        // statement prepared before it, and nothing of that transaction is reported.
        let inside = try await pool.writeWithoutTransaction { ctx -> [SQLError.Code] in
            var codes: [SQLError.Code] = []
            let select = try ctx.cachedStatement(sql: "SELECT id FROM t ORDER BY id")
            do { _ = try ctx.query(sql: Self.endless) } catch let error as SQLError { codes.append(error.code) }
            do {
                try ctx.transaction {
                    try ctx.exec(sql: "INSERT INTO t VALUES (4, 'four')")
                    try? ctx.exec(sql: "INSERT INTO t VALUES (5, 'bad')")
                    do { _ = try Self.ids(select) } catch let error as SQLError { codes.append(error.code) }
                }
            } catch let error as SQLError {
                codes.append(error.code)
            }
            codes.append(try Self.ids(select) == [1, 2, 3] ? .ok : .error)
            try ctx.exec(sql: "INSERT INTO t VALUES (6, 'six')")
            return codes
        }
        #expect(inside == [.interrupt, .abortRollback, .abortRollback, .ok])
        let change = await changes.next()
        #expect(change?.rowIDs == ["t": [6]])

        // Readers, never observed by the change stream, and the writer after it: the
        // limits still hold, and the rows step as before.
        expectSQLError(.interrupt, Self.limitExceeded) { _ = try pool.read { try $0.query(sql: Self.endless) } }
        let ids = try await pool.read { try Self.ids(try $0.cachedStatement(sql: "SELECT id FROM t ORDER BY id")) }
        #expect(ids == [1, 2, 3, 6])
        expectSQLError(.interrupt, Self.limitExceeded) { _ = try pool.write { try $0.query(sql: Self.endless) } }
    }

    @Test func aStatementOfAClosedContextThrowsInsteadOfStepping() throws {
        let ctx = try SQLContext()
        try ctx.exec(sql: Self.schema)
        let select = try ctx.prepare(sql: "SELECT id FROM t ORDER BY id")
        #expect(try Self.ids(select) == [1, 2, 3])
        ctx.close()
        expectSQLError(.misuse, "the database connection to :memory: is closed") { _ = try select.next() }
    }
}
