import Slate
import SlateTestSupport
import Testing

/// A cached statement lent to a cursor is the cursor's alone until the cursor is done:
/// nothing else rebinds, steps, resets or finalizes it, whatever runs the same SQL meanwhile.
@Suite struct StatementLendingTests {
    private static let sql = "SELECT x FROM n WHERE x >= ? ORDER BY x"

    /// A database with `n` holding 1 through 10.
    private func numbers(cacheCapacity: Int = 64) throws -> SQLContext {
        let ctx = try SQLContext(configuration: .init(statementCacheCapacity: cacheCapacity))
        try ctx.exec(
            sql: """
                CREATE TABLE n (x INTEGER PRIMARY KEY);
                WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r WHERE i < 10) INSERT INTO n SELECT i FROM r;
                """)
        return ctx
    }

    private func rest(of cursor: SQLCursor) throws -> [Int] {
        var values: [Int] = []
        while let row = try cursor.next() { values.append(row.int(at: 0)) }
        return values
    }

    @Test func twoCursorsOnTheSameSQLKeepTheirOwnParameters() throws {
        let ctx = try numbers()
        defer { ctx.close() }
        let all = try ctx.cursor(sql: Self.sql, parameters: [1])
        let high = try ctx.cursor(sql: Self.sql, parameters: [8])
        #expect(all.statement !== high.statement)
        #expect(try rest(of: all) == Array(1...10))
        #expect(try rest(of: high) == [8, 9, 10])
    }

    @Test func cursorsOnTheSameSQLStepInTurnWithoutMixingRows() throws {
        let ctx = try numbers()
        defer { ctx.close() }
        let cursors = try [1, 5, 9].map { try ctx.cursor(sql: Self.sql, parameters: [.integer($0)]) }
        var seen: [[Int]] = [[], [], []]
        var anyRow = true
        while anyRow {
            anyRow = false
            for (index, cursor) in cursors.enumerated() {
                if let row = try cursor.next() {
                    seen[index].append(row.int(at: 0))
                    anyRow = true
                }
            }
        }
        #expect(seen == [Array(1...10), Array(5...10), [9, 10]])
    }

    @Test func aQueryOfTheSameSQLLeavesAnUnsteppedCursorAlone() throws {
        let ctx = try numbers()
        defer { ctx.close() }
        let cursor = try ctx.cursor(sql: Self.sql, parameters: [1])
        #expect(try ctx.query(sql: Self.sql, parameters: [8]) == [[8], [9], [10]])
        #expect(try ctx.query(sql: Self.sql, parameters: [10]) == [[10]])
        #expect(try rest(of: cursor) == Array(1...10))
    }

    @Test func aQueryOfTheSameSQLBetweenRowsLeavesTheCursorAlone() throws {
        let ctx = try numbers()
        defer { ctx.close() }
        let cursor = try ctx.cursor(sql: Self.sql, parameters: [3])
        #expect(try cursor.next()?.int(at: 0) == 3)
        #expect(try ctx.query(sql: Self.sql, parameters: [9]) == [[9], [10]])
        #expect(try rest(of: cursor) == Array(4...10))
    }

    @Test func execWithParametersOfTheSameSQLLeavesTheCursorAlone() throws {
        let ctx = try numbers()
        defer { ctx.close() }
        let cursor = try ctx.cursor(sql: Self.sql, parameters: [2])
        try ctx.exec(sql: Self.sql, parameters: [10])
        try ctx.exec(sql: Self.sql, 7)
        #expect(try rest(of: cursor) == Array(2...10))
    }

    /// A script run from the cache (`exec` without parameters) whose callback steps a cursor
    /// on the same SQL: two independent runs, not one statement stepped from two places.
    @Test func aScriptFromTheCacheDoesNotTakeTheCursorsStatement() throws {
        let ctx = try numbers()
        defer { ctx.close() }
        let sql = "SELECT x FROM n ORDER BY x"
        _ = try ctx.query(sql: sql)
        let cursor = try ctx.cursor(sql: sql)
        var fromScript: [Int] = []
        var fromCursor: [Int] = []
        try ctx.exec(sql: sql) { row in
            fromScript.append(row.int(at: 0))
            if let other = try cursor.next() { fromCursor.append(other.int(at: 0)) }
            return .next
        }
        #expect(fromScript == Array(1...10))
        #expect(fromCursor == Array(1...10))
    }

    @Test func cachedStatementAndCanReuseSkipALentStatement() throws {
        let ctx = try numbers()
        defer { ctx.close() }
        let cursor = try ctx.cursor(sql: Self.sql, parameters: [4])
        let lent = cursor.statement
        #expect(!lent.isBusy)
        #expect(!ctx.canReuse(lent))
        let other = try ctx.cachedStatement(sql: Self.sql)
        #expect(other !== lent)
        try other.bind(parameters: [6])
        #expect(try other.next())
        #expect(other.int(at: 0) == 6)
        other.reset()
        #expect(try rest(of: cursor) == Array(4...10))
        // Done: the cache has it back, reset and with its bindings cleared.
        #expect(ctx.canReuse(lent))
        #expect(!lent.isClosed)
        #expect(try ctx.cachedStatement(sql: Self.sql) === lent)
        #expect(try ctx.query(sql: Self.sql, parameters: [9]) == [[9], [10]])
    }

    @Test func everyWayACursorEndsGivesTheStatementBack() throws {
        let ctx = try numbers()
        defer { ctx.close() }
        // Exhausted.
        let exhausted = try ctx.cursor(sql: Self.sql, parameters: [10])
        #expect(try rest(of: exhausted) == [10])
        #expect(try ctx.cachedStatement(sql: Self.sql) === exhausted.statement)
        // Closed before its first step.
        let closed = try ctx.cursor(sql: Self.sql, parameters: [1])
        closed.close()
        #expect(try ctx.cachedStatement(sql: Self.sql) === closed.statement)
        // Released.
        var released: SQLCursor? = try ctx.cursor(sql: Self.sql, parameters: [1])
        let statement = try #require(released?.statement)
        #expect(try released?.next()?.int(at: 0) == 1)
        released = nil
        #expect(try ctx.cachedStatement(sql: Self.sql) === statement)
        #expect(!statement.isBusy)
        // Failed to bind.
        expectSQLError(.range, "the statement takes 1 parameter but 2 values were given") {
            _ = try ctx.cursor(sql: Self.sql, parameters: [1, 2])
        }
        #expect(try ctx.cachedStatement(sql: Self.sql) === statement)
    }

    @Test func aCursorThatFailsGivesItsStatementBack() throws {
        let ctx = try numbers()
        defer { ctx.close() }
        let sql = "SELECT x, CASE WHEN x = ? THEN abs(-9223372036854775807 - 1) END FROM n ORDER BY x"
        let cursor = try ctx.cursor(sql: sql, parameters: [3])
        #expect(try cursor.next()?.int(at: 0) == 1)
        #expect(try cursor.next()?.int(at: 0) == 2)
        expectSQLError(.error, "integer overflow") { _ = try cursor.next() }
        // A failed cursor stays failed.
        expectSQLError(.error, "integer overflow") { _ = try cursor.next() }
        #expect(try ctx.cachedStatement(sql: sql) === cursor.statement)
        #expect(try ctx.query(sql: sql, parameters: [99]).count == 10)
    }

    /// A slot's statement being stepped is not handed out again: a nested use gets its own.
    private static let slot = SQLStatementSlot()

    @Test func aSlotStatementInUseIsNotHandedOutAgain() throws {
        let ctx = try numbers()
        defer { ctx.close() }
        let first = try ctx.cachedStatement(slot: Self.slot, sql: Self.sql)
        try first.bind(parameters: [9])
        #expect(try first.next())
        let nested = try ctx.cachedStatement(slot: Self.slot, sql: Self.sql)
        #expect(nested !== first)
        try nested.bind(parameters: [1])
        #expect(try nested.next())
        #expect(nested.int(at: 0) == 1)
        #expect(try first.next())
        #expect(first.int(at: 0) == 10)
        first.reset()
        #expect(try ctx.cachedStatement(slot: Self.slot, sql: Self.sql) === first)
    }

    @Test func evictionLeavesALentStatementToItsCursorWhichFinalizesIt() throws {
        let ctx = try numbers(cacheCapacity: 1)
        defer { ctx.close() }
        let unstepped = try ctx.cursor(sql: Self.sql, parameters: [5])
        // Another SQL takes the only place in the cache.
        #expect(try ctx.query(sql: "SELECT count(*) FROM n") == [[10]])
        #expect(!unstepped.statement.isClosed)
        #expect(try rest(of: unstepped) == Array(5...10))
        // No longer cached: its cursor finalized it.
        #expect(unstepped.statement.isClosed)

        let stepped = try ctx.cursor(sql: Self.sql, parameters: [2])
        #expect(try stepped.next()?.int(at: 0) == 2)
        #expect(try ctx.query(sql: "SELECT max(x) FROM n") == [[10]])
        #expect(try rest(of: stepped) == Array(3...10))
        #expect(stepped.statement.isClosed)
        // The cache works on.
        #expect(try ctx.query(sql: Self.sql, parameters: [10]) == [[10]])
    }

    @Test func flushingTheCacheLeavesOpenCursorsReading() throws {
        let ctx = try numbers()
        defer { ctx.close() }
        let unstepped = try ctx.cursor(sql: Self.sql, parameters: [7])
        let stepped = try ctx.cursor(sql: "SELECT x FROM n ORDER BY x DESC")
        #expect(try stepped.next()?.int(at: 0) == 10)
        ctx.flushStatementCache()
        #expect(!unstepped.statement.isClosed)
        #expect(try rest(of: unstepped) == [7, 8, 9, 10])
        #expect(try rest(of: stepped) == Array((1...9).reversed()))
        #expect(unstepped.statement.isClosed)
        #expect(stepped.statement.isClosed)
        let fresh = try ctx.cachedStatement(sql: Self.sql)
        #expect(fresh !== unstepped.statement)
    }

    @Test func closingTheContextUnderAnOpenCursorThrowsNotCrashes() throws {
        let ctx = try numbers()
        let cursor = try ctx.cursor(sql: Self.sql, parameters: [1])
        ctx.close()
        expectSQLError(.misuse, "the database connection to :memory: is closed") { _ = try cursor.next() }
        cursor.close()
    }
}
