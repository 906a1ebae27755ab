import Dispatch
import Foundation
import SlateTestSupport
import Testing

@testable import Slate

/// Issue 30, §2, attacked from outside: changes that a failed statement rolled back,
/// savepoints by odd names, the wait limit at its edges, the task mark on every call.
@Suite struct Review30PoolAdversaryChangesTests {
    private func pool(_ directory: TemporaryDirectory) throws -> SQLPool {
        let pool = try SQLPool(path: directory.path("adversary.sqlite"))
        try pool.write { ctx in
            try ctx.exec(
                sql: """
                    CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
                    CREATE TABLE log (id INTEGER PRIMARY KEY, note TEXT);
                    CREATE TABLE source (id INTEGER PRIMARY KEY, name TEXT);
                    INSERT INTO source VALUES (10, 'a'), (11, 'b'), (12, 'dup'), (13, 'c');
                    INSERT INTO people VALUES (1, 'dup');
                    """)
        }
        return pool
    }

    private func ids(_ pool: SQLPool, _ table: String) async throws -> Set<Int64> {
        let rows = try await pool.read { ctx in try ctx.query(sql: "SELECT id FROM \(table)") }
        return Set(
            rows.map { row -> Int64 in
                if case .integer(let id) = row[0] { return id }
                return -1
            })
    }

    /// A statement that fails part way (the third row breaks a UNIQUE constraint) is rolled
    /// back by SQLite, the two rows it inserted first with it; the body catches the error
    /// and the transaction commits. Those two rows were never committed: not reported.
    @Test func rowsOfAStatementThatFailedPartWayAreNotReported() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory)
        defer { pool.close() }
        var iterator = pool.changes().makeAsyncIterator()
        try await pool.write { ctx in
            try ctx.exec(sql: "INSERT INTO log (id, note) VALUES (1, 'kept')")
            #expect(throws: SQLError.self) {
                try ctx.exec(sql: "INSERT INTO people (id, name) SELECT id, name FROM source ORDER BY id")
            }
        }
        #expect(try await ids(pool, "people") == [1])
        #expect(await iterator.next() == SQLChanges(tables: ["log"], rowIDs: ["log": [1]]))
    }

    /// The same through a trigger: the trigger's rows are rolled back with the statement
    /// (`RAISE(ABORT)` on the third row), and an `UPDATE` that fails on a later row.
    @Test func triggerRowsAndUpdatesOfAFailedStatementAreNotReported() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory)
        defer { pool.close() }
        try await pool.write { ctx in
            try ctx.exec(
                sql: """
                    CREATE TRIGGER audit AFTER INSERT ON source BEGIN
                        INSERT INTO log (note) VALUES ('added ' || new.id);
                        SELECT RAISE(ABORT, 'no 22') WHERE new.id = 22;
                    END;
                    INSERT INTO people (id, name) VALUES (2, 'two'), (3, 'three');
                    """)
        }
        var iterator = pool.changes().makeAsyncIterator()
        try await pool.write { ctx in
            #expect(throws: SQLError.self) {
                try ctx.exec(sql: "INSERT INTO source (id, name) VALUES (20, 'x'), (21, 'y'), (22, 'z')")
            }
            // Row 2 is updated, then row 3 breaks the UNIQUE name: both are rolled back.
            #expect(throws: SQLError.self) {
                try ctx.exec(
                    sql: "UPDATE people SET name = CASE id WHEN 2 THEN 'new' ELSE 'dup' END WHERE id IN (2, 3)")
            }
            try ctx.exec(sql: "INSERT INTO log (id, note) VALUES (100, 'kept')")
        }
        #expect(try await ids(pool, "source") == [10, 11, 12, 13])
        #expect(try await ids(pool, "log") == [100])
        #expect(try await ids(pool, "people") == [1, 2, 3])
        #expect(
            try await pool.read { ctx in try ctx.query(sql: "SELECT name FROM people WHERE id = 2") } == [
                [.text("two")]
            ])
        #expect(await iterator.next() == SQLChanges(tables: ["log"], rowIDs: ["log": [100]]))
    }

    /// `OR FAIL` keeps the rows inserted before the failing one: they are committed, and
    /// reported. (What a fix of the case above must not lose.)
    @Test func rowsAnOrFailStatementKeptAreReported() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory)
        defer { pool.close() }
        var iterator = pool.changes().makeAsyncIterator()
        _ = try await pool.write { ctx in
            #expect(throws: SQLError.self) {
                try ctx.exec(sql: "INSERT OR FAIL INTO people (id, name) SELECT id, name FROM source ORDER BY id")
            }
        }
        #expect(try await ids(pool, "people") == [1, 10, 11])
        #expect(await iterator.next() == SQLChanges(tables: ["people"], rowIDs: ["people": [10, 11]]))
    }

    /// `INSERT OR ROLLBACK` and a trigger's `RAISE(ROLLBACK)` roll the whole transaction
    /// back: nothing of it is reported, and the next write's changes come alone.
    @Test func aStatementThatRollsBackTheTransactionReportsNothing() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory)
        defer { pool.close() }
        try await pool.write { ctx in
            try ctx.exec(
                sql:
                    "CREATE TRIGGER veto BEFORE INSERT ON log WHEN new.note = 'veto' BEGIN SELECT RAISE(ROLLBACK, 'vetoed'); END"
            )
        }
        var iterator = pool.changes().makeAsyncIterator()
        for sql in [
            "INSERT OR ROLLBACK INTO people (id, name) SELECT id, name FROM source ORDER BY id",
            "INSERT INTO log (note) VALUES ('veto')",
        ] {
            await #expect(throws: (any Error).self) {
                try await pool.write { ctx in
                    try ctx.exec(sql: "INSERT INTO log (id, note) VALUES (7, 'undone')")
                    try ctx.exec(sql: sql)
                }
            }
        }
        try await pool.write { ctx in try ctx.exec(sql: "INSERT INTO log (id, note) VALUES (8, 'kept')") }
        #expect(try await ids(pool, "log") == [8])
        #expect(await iterator.next() == SQLChanges(tables: ["log"], rowIDs: ["log": [8]]))
    }

    /// Savepoint names with spaces and quotes, matched without regard to ASCII case;
    /// `ROLLBACK TO` an outer savepoint undoes the inner ones; `RELEASE` of an outer one
    /// keeps the inner ones' work.
    @Test func oddSavepointNamesAndOuterRollbacksAndReleases() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory)
        defer { pool.close() }
        var iterator = pool.changes().makeAsyncIterator()
        try await pool.write { ctx in
            try ctx.exec(
                sql: """
                    SAVEPOINT "a b";
                    INSERT INTO log (id) VALUES (1);
                    SAVEPOINT [c"d];
                    INSERT INTO log (id) VALUES (2);
                    SAVEPOINT `E`;
                    INSERT INTO log (id) VALUES (3);
                    ROLLBACK TO "A B";
                    INSERT INTO log (id) VALUES (4);
                    SAVEPOINT inner1;
                    INSERT INTO log (id) VALUES (5);
                    SAVEPOINT inner2;
                    INSERT INTO log (id) VALUES (6);
                    RELEASE "a B";
                    SAVEPOINT z;
                    INSERT INTO log (id) VALUES (7);
                    ROLLBACK TO z;
                    RELEASE z;
                    """)
        }
        #expect(try await ids(pool, "log") == [4, 5, 6])
        #expect(await iterator.next() == SQLChanges(tables: ["log"], rowIDs: ["log": [4, 5, 6]]))
    }

    /// A `RELEASE` that fails (a deferred foreign key still broken when the savepoint that
    /// began the transaction is released) changes nothing: the rows stay with the open
    /// transaction, and a `ROLLBACK TO` after it undoes them.
    @Test func aFailedReleaseChangesNothing() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory)
        defer { pool.close() }
        try await pool.writeWithoutTransaction { ctx in
            try ctx.exec(
                sql: """
                    PRAGMA foreign_keys = ON;
                    CREATE TABLE child (id INTEGER PRIMARY KEY, parent INTEGER REFERENCES people(id) DEFERRABLE INITIALLY DEFERRED);
                    """)
        }
        var iterator = pool.changes().makeAsyncIterator()
        try await pool.writeWithoutTransaction { ctx in
            try ctx.exec(sql: "SAVEPOINT s; INSERT INTO child VALUES (1, 99)")
            #expect(throws: SQLError.self) { try ctx.exec(sql: "RELEASE s") }
            try ctx.exec(sql: "ROLLBACK TO s; INSERT INTO child VALUES (2, 1); RELEASE s")
        }
        let rows = try await pool.read { ctx in try ctx.query(sql: "SELECT id FROM child") }
        #expect(rows == [[.integer(2)]])
        #expect(await iterator.next() == SQLChanges(tables: ["child"], rowIDs: ["child": [2]]))
    }
}

@Suite struct Review30PoolAdversaryWaitTests {
    /// A wait limit of 1 ns bounds waiting, not taking an idle connection: an async call on
    /// an idle pool is served, as a sync one is.
    @Test func aTinyLimitStillServesAnIdlePool() async throws {
        let directory = TemporaryDirectory()
        let pool = try SQLPool(
            path: directory.path("tiny.sqlite"), configuration: SQLPool.Configuration(maximumWait: .nanoseconds(1)))
        defer { pool.close() }
        try await pool.write { ctx in try ctx.exec(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY)") }
        for id in 1...200 {
            try await pool.write { ctx in try ctx.exec(sql: "INSERT INTO t VALUES (?)", id) }
            _ = try await pool.read { ctx in try ctx.query(sql: "SELECT 1") }
            _ = try await pool.readWithoutTransaction { ctx in try ctx.query(sql: "SELECT 1") }
        }
        #expect(try await pool.read { ctx in try ctx.query(sql: "SELECT count(*) FROM t") } == [[.integer(200)]])
    }

    /// An in-memory pool's `readWithoutTransaction` holds its only connection, the writer:
    /// a task started inside it that asks for the pool is refused at once, as inside `read`.
    @Test func inMemoryATaskInsideAReadWithoutTransactionIsRefused() async throws {
        let pool = try SQLPool(path: nil, configuration: SQLPool.Configuration(maximumWait: .seconds(2)))
        defer { pool.close() }
        for sync in [false, true] {
            let failure = Locked<SQLError?>(nil)
            let body: @Sendable (SQLContext) throws -> Int = { _ in
                let finished = DispatchSemaphore(value: 0)
                Task {
                    do { try await pool.write { _ in } } catch let error as SQLError {
                        failure.withValue { $0 = error }
                    } catch {}
                    finished.signal()
                }
                finished.wait()
                return 0
            }
            if sync {
                _ = try syncReadWithoutTransaction(pool, body)
            } else {
                _ = try await pool.readWithoutTransaction { ctx in try body(ctx) }
            }
            let error = try #require(failure.current)
            #expect(error.code == .misuse, "\(error)")
            #expect(error.message.contains("still holds the writer"), "\(error.message)")
        }
    }

    /// Waiters timing out while the holder gives the connection back, over and over: every
    /// call either runs or throws the wait limit, nothing stays queued, the pool still works.
    @Test func timeoutsRacingGrants() async throws {
        let directory = TemporaryDirectory()
        let pool = try SQLPool(
            path: directory.path("race.sqlite"),
            configuration: SQLPool.Configuration(maximumReaderCount: 1, maximumWait: .milliseconds(2)))
        defer { pool.close() }
        try await pool.write { ctx in try ctx.exec(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY)") }
        let ran = Locked(0)
        let limited = Locked(0)
        _ = await withTaskGroup(of: Void.self) { group in
            for index in 0..<300 {
                group.addTask {
                    do {
                        if index % 2 == 0 {
                            try await pool.write { _ in _ = usleep(1500) }
                        } else {
                            try await pool.read { _ in _ = usleep(1500) }
                        }
                        ran.withValue { $0 += 1 }
                    } catch let error as SQLError where error.code == .busy {
                        limited.withValue { $0 += 1 }
                    } catch {
                        Issue.record("unexpected \(error)")
                    }
                }
            }
        }
        #expect(ran.current + limited.current == 300)
        #expect(pool.queuedCounts == (0, 0))
        try await pool.write { ctx in try ctx.exec(sql: "INSERT INTO t VALUES (1)") }
        #expect(try await pool.read { ctx in try ctx.query(sql: "SELECT count(*) FROM t") } == [[.integer(1)]])
    }
}

/// The sync call, out of async code (where the async overload would be chosen).
private func syncReadWithoutTransaction(_ pool: SQLPool, _ body: (SQLContext) throws -> Int) throws -> Int {
    try pool.readWithoutTransaction(body)
}

@Suite struct Review30PoolAdversaryBudgetTests {
    /// A large schema with no view nor trigger (3,000 tables of 20 checked columns, an
    /// index each): under `.untrusted`, reading it at the first statement passed 64 MB of
    /// allocations, because the budget counts every allocation of a prepare, not what it
    /// holds. The schema is now read as the file opens, before the budget applies.
    @Test func aLargeSchemaWithoutViewsFitsTheUntrustedBudget() throws {
        try #require(PreparationBudget.isInstalled)
        let directory = TemporaryDirectory()
        let path = directory.path("big.sqlite")
        var sql = "BEGIN;\n"
        for table in 1...3000 {
            sql +=
                "CREATE TABLE t\(table) (id INTEGER PRIMARY KEY, "
                + (1...20).map { "c\($0) TEXT NOT NULL DEFAULT 'x' CHECK (length(c\($0)) < 100)" }.joined(
                    separator: ", ") + ");\n"
            sql += "CREATE INDEX t\(table)_c1 ON t\(table)(c1, c2);\n"
        }
        try SlateTestDatabase.create(at: path, sql: sql + "COMMIT;")
        let context = try SQLContext(path: path, configuration: .untrusted)
        defer { context.close() }
        // The schema is read as the file opens, outside the budget.
        #expect(try context.query(sql: "SELECT count(*) FROM t1") == [[.integer(0)]])
        #expect(try context.query(sql: "SELECT count(*) FROM t3000") == [[.integer(0)]])
        // Without the bound, it reads.
        let plain = try SQLContext(path: path)
        defer { plain.close() }
        #expect(try plain.query(sql: "SELECT count(*) FROM t3000") == [[.integer(0)]])
    }
}
