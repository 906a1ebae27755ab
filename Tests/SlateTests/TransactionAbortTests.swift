import Foundation
import Slate
import SlateCSQLite
import SlateTestSupport
import Testing

/// When SQLite ends a transaction by itself and the closure catches the error and goes on,
/// nothing of the closure's work may reach the database: every later statement fails with
/// "the transaction was aborted", and the transaction throws it.
@Suite struct TransactionAbortTests {
    static let schema = """
        CREATE TABLE t (id INTEGER PRIMARY KEY, note TEXT);
        CREATE TRIGGER no_bad BEFORE INSERT ON t WHEN new.note = 'bad' BEGIN SELECT RAISE(ROLLBACK, 'bad note'); END;
        """

    /// The ways SQLite rolls a transaction back on its own, as a statement to run.
    static let aborting: [(String, String)] = [
        ("RAISE(ROLLBACK) in a trigger", "INSERT INTO t VALUES (2, 'bad')"),
        ("INSERT OR ROLLBACK", "INSERT OR ROLLBACK INTO t VALUES (1, 'duplicate key')"),
        ("UPDATE OR ROLLBACK", "UPDATE OR ROLLBACK t SET id = 1 WHERE id = 3"),
        ("an explicit ROLLBACK in the body", "ROLLBACK"),
        ("an explicit COMMIT in the body", "COMMIT"),
    ]

    static func count(_ ctx: SQLContext) throws -> Int64 {
        try ctx.query(sql: "SELECT count(*) FROM t")[0][0].integerValue ?? -1
    }

    /// The body: one insert, the aborting statement caught and skipped, then more work.
    static func body(_ ctx: SQLContext, aborting sql: String) throws -> [SQLError.Code] {
        var later: [SQLError.Code] = []
        try ctx.exec(sql: "INSERT INTO t VALUES (1, 'first')")
        try? ctx.exec(sql: "INSERT INTO t VALUES (3, 'second')")
        do { try ctx.exec(sql: sql) } catch {}
        for statement in [
            "INSERT INTO t VALUES (4, 'third')", "SELECT count(*) FROM t", "CREATE TABLE sneaky (x)", "BEGIN",
        ] {
            do {
                try ctx.exec(sql: statement)
                later.append(.ok)
            } catch let error as SQLError {
                later.append(error.code)
            }
        }
        return later
    }

    @Test(arguments: aborting)
    func aContextTransactionThrowsAndCommitsNothing(_ what: String, _ sql: String) throws {
        let directory = TemporaryDirectory()
        let ctx = try SQLContext(path: directory.path("t.sqlite"))
        defer { ctx.close() }
        try ctx.exec(sql: Self.schema)
        var later: [SQLError.Code] = []
        do {
            try ctx.transaction {
                later = try Self.body(ctx, aborting: sql)
            }
            Issue.record("\(what): the transaction did not throw")
        } catch let error as SQLError {
            #expect(error.code == .abortRollback, "\(what): \(error)")
            #expect(
                error.message.hasPrefix("the transaction was aborted: SQLite rolled it back"),
                "\(what): \(error.message)")
        }
        #expect(later == [.abortRollback, .abortRollback, .abortRollback, .abortRollback], "\(what)")
        #expect(try Self.count(ctx) == 0, "\(what)")
        #expect(try ctx.query(sql: "SELECT count(*) FROM sqlite_schema WHERE name = 'sneaky'") == [[0]])
        // The context is usable again afterwards.
        #expect(!ctx.isInTransaction)
        try ctx.transaction { try ctx.exec(sql: "INSERT INTO t VALUES (9, 'after')") }
        #expect(try Self.count(ctx) == 1)
    }

    @Test func theAbortNamesTheStatementThatCausedIt() throws {
        let ctx = try SQLContext()
        try ctx.exec(sql: Self.schema)
        let error = expectSQLError(
            .abortRollback,
            "the transaction was aborted: SQLite rolled it back: bad note — in: INSERT INTO t VALUES (2, 'bad'). Nothing of it was committed, and no statement can run on this connection until its transaction closure ends"
        ) {
            try ctx.transaction {
                try? ctx.exec(sql: "INSERT INTO t VALUES (2, 'bad')")
                try ctx.exec(sql: "INSERT INTO t VALUES (3, 'good')")
            }
        }
        #expect(error?.sql == "INSERT INTO t VALUES (3, 'good')")
    }

    @Test func aBodyThatDoesNotCatchGetsTheOriginalError() throws {
        let ctx = try SQLContext()
        try ctx.exec(sql: Self.schema)
        expectSQLError(.constraintTrigger, "bad note") {
            try ctx.transaction {
                try ctx.exec(sql: "INSERT INTO t VALUES (1, 'first')")
                try ctx.exec(sql: "INSERT INTO t VALUES (2, 'bad')")
            }
        }
        #expect(try Self.count(ctx) == 0)
    }

    @Test func aStatementErrorThatKeepsTheTransactionLetsTheBodyGoOn() throws {
        let ctx = try SQLContext()
        try ctx.exec(sql: Self.schema)
        try ctx.transaction {
            try ctx.exec(sql: "INSERT INTO t VALUES (1, 'first')")
            // A plain constraint failure aborts the statement, not the transaction.
            #expect(throws: SQLError.self) { try ctx.exec(sql: "INSERT INTO t VALUES (1, 'again')") }
            try ctx.exec(sql: "INSERT INTO t VALUES (2, 'second')")
        }
        #expect(try Self.count(ctx) == 2)
    }

    @Test(arguments: aborting)
    func aPoolWriteThrowsAndCommitsNothingNorTellsObservers(_ what: String, _ sql: String) async throws {
        let directory = TemporaryDirectory()
        let pool = try SQLPool(path: directory.path("t.sqlite"))
        defer { pool.close() }
        try await pool.write { try $0.exec(sql: Self.schema) }
        var changes = pool.changes().makeAsyncIterator()
        do {
            _ = try syncWrite(pool) { ctx in try Self.body(ctx, aborting: sql) }
            Issue.record("\(what): the write did not throw")
        } catch let error as SQLError {
            #expect(error.code == .abortRollback, "\(what): \(error)")
        }
        do {
            _ = try await pool.write { ctx in try Self.body(ctx, aborting: sql) }
            Issue.record("\(what): the async write did not throw")
        } catch let error as SQLError {
            #expect(error.code == .abortRollback, "\(what): \(error)")
        }
        #expect(try await pool.read(Self.count) == 0)
        // The first change observers see is the next successful write.
        try await pool.write { try $0.exec(sql: "INSERT INTO t VALUES (7, 'seen')") }
        #expect(await changes.next() == SQLChanges(tables: ["t"], rowIDs: ["t": [7]]))
    }

    /// A savepoint whose failure the outer body catches: SQLite rolled back the whole
    /// transaction, so the outer body cannot go on either.
    @Test func anAbortInsideASavepointEndsTheOuterTransaction() throws {
        let directory = TemporaryDirectory()
        let pool = try SQLPool(path: directory.path("t.sqlite"))
        defer { pool.close() }
        try pool.write { try $0.exec(sql: Self.schema) }
        var thirdError: SQLError?
        #expect(throws: SQLError.self) {
            try pool.write { ctx in
                try ctx.exec(sql: "INSERT INTO t VALUES (1, 'first')")
                do {
                    try ctx.transaction {
                        try ctx.exec(sql: "INSERT INTO t VALUES (5, 'inner')")
                        try ctx.exec(sql: "INSERT INTO t VALUES (2, 'bad')")
                    }
                } catch {}
                do {
                    try ctx.exec(sql: "INSERT INTO t VALUES (3, 'third')")
                } catch let error as SQLError {
                    thirdError = error
                }
            }
        }
        #expect(thirdError?.code == .abortRollback)
        #expect(try pool.read(Self.count) == 0)
    }

    /// A savepoint that fails in the ordinary way still rolls back only its own work.
    @Test func anOrdinarySavepointFailureKeepsTheOuterWork() throws {
        struct Oops: Error {}
        let ctx = try SQLContext()
        try ctx.exec(sql: Self.schema)
        try ctx.transaction {
            try ctx.exec(sql: "INSERT INTO t VALUES (1, 'outer')")
            try? ctx.transaction {
                try ctx.exec(sql: "INSERT INTO t VALUES (2, 'inner')")
                throw Oops()
            }
            try ctx.exec(sql: "INSERT INTO t VALUES (3, 'outer again')")
        }
        #expect(try ctx.query(sql: "SELECT id FROM t ORDER BY id") == [[1], [3]])
    }

    /// A statement stepped on the raw handle after the abort cannot commit on its own
    /// either: the commit hook refuses it.
    @Test func theRawHandleCannotCommitAfterAnAbort() throws {
        let ctx = try SQLContext()
        try ctx.exec(sql: Self.schema)
        var rawCode: Int32 = -1
        #expect(throws: SQLError.self) {
            try ctx.transaction {
                try? ctx.exec(sql: "INSERT INTO t VALUES (2, 'bad')")
                rawCode = rawExec(ctx.handle!, "INSERT INTO t VALUES (3, 'raw')")
            }
        }
        #expect(rawCode == 531) // SQLITE_CONSTRAINT_COMMITHOOK: the commit hook turned it into a rollback
        #expect(try Self.count(ctx) == 0)
    }

    /// Cancelled async writes whose bodies log and skip failing statements leave nothing
    /// behind: each either commits whole or not at all.
    @Test func cancelledWritesThatSkipFailuresLeaveNoPartialWork() async throws {
        let directory = TemporaryDirectory()
        let pool = try SQLPool(path: directory.path("t.sqlite"))
        defer { pool.close() }
        try await pool.write { try $0.exec(sql: "CREATE TABLE rows (batch INTEGER, k INTEGER)") }
        let batches = 30
        let perBatch = 2_000
        let completed = Locked<Set<Int>>([])
        for batch in 0..<batches {
            let task = Task {
                try await pool.write { ctx in
                    for k in 0..<perBatch {
                        do {
                            try ctx.exec(
                                sql: "INSERT INTO rows VALUES (?, ?)",
                                parameters: [.integer(Int64(batch)), .integer(Int64(k))])
                        } catch {
                            // log and skip
                        }
                    }
                }
                completed.withValue { _ = $0.insert(batch) }
            }
            // Cancel some at once, some later.
            if batch % 3 == 0 {
                task.cancel()
            } else if batch % 3 == 1 {
                try await Task.sleep(for: .milliseconds(1))
                task.cancel()
            }
            _ = await task.result
        }
        let rows = try await pool.read {
            try $0.query(sql: "SELECT batch, count(*) FROM rows GROUP BY batch ORDER BY batch")
        }
        for row in rows {
            #expect(row[1] == .integer(Int64(perBatch)), "batch \(row[0]) is partial: \(row[1]) rows")
        }
        let stored = Set(rows.map { Int($0[0].integerValue!) })
        #expect(stored == completed.current)
        #expect(stored.isSuperset(of: Set((0..<batches).filter { $0 % 3 == 2 })))
    }
}

/// The synchronous `write`, from async code.
private func syncWrite<T: Sendable>(_ pool: SQLPool, _ body: (SQLContext) throws -> T) throws -> T {
    try pool.write(body)
}

/// `sqlite3_exec` on a raw handle, as C code would run it: returns the result code.
private func rawExec(_ db: OpaquePointer, _ sql: String) -> Int32 {
    sqlite3_exec(db, sql, nil, nil, nil)
}
