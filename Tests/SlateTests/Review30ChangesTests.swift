import Foundation
import Slate
import SlateTestSupport
import Testing

/// Issue 30, §2: what `changes()` and `observe` report follows savepoints, and a change
/// stream serves every iterator.
@Suite struct Review30ChangesFollowSavepointsTests {
    struct Oops: Error {}

    private func pool(_ directory: TemporaryDirectory) throws -> SQLPool {
        let pool = try SQLPool(path: directory.path("savepoints.sqlite"))
        try pool.write { ctx in
            try ctx.exec(
                sql: """
                    CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                    CREATE TABLE pets (id INTEGER PRIMARY KEY, name TEXT);
                    CREATE TABLE tags (name TEXT PRIMARY KEY) WITHOUT ROWID;
                    """)
        }
        return pool
    }

    /// The issue's case: a nested `transaction` whose body threw. 4 rows were reported,
    /// 2 committed.
    @Test func aNestedTransactionThatThrewIsNotReported() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory)
        defer { pool.close() }
        var iterator = pool.changes().makeAsyncIterator()
        try await pool.write { ctx in
            try ctx.exec(sql: "INSERT INTO people (id, name) VALUES (1, 'Ada'), (2, 'Alan')")
            _ = try? ctx.transaction { () throws -> Void in
                try ctx.exec(sql: "INSERT INTO people (id, name) VALUES (3, 'Grace'), (4, 'Edsger')")
                throw Oops()
            }
        }
        let committed = try await pool.read { ctx in try ctx.query(sql: "SELECT id FROM people ORDER BY id") }
        #expect(committed == [[.integer(1)], [.integer(2)]])
        #expect(await iterator.next() == SQLChanges(tables: ["people"], rowIDs: ["people": [1, 2]]))
    }

    /// A table written only inside the rolled-back savepoint is not among the tables.
    @Test func aTableWrittenOnlyInARolledBackSavepointIsNotReported() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory)
        defer { pool.close() }
        var iterator = pool.changes().makeAsyncIterator()
        try await pool.write { ctx in
            try ctx.exec(sql: "INSERT INTO people (id, name) VALUES (1, 'Ada')")
            _ = try? ctx.transaction { () throws -> Void in
                try ctx.exec(sql: "INSERT INTO pets (id, name) VALUES (10, 'Tom')")
                try ctx.exec(sql: "INSERT INTO tags VALUES ('x')")
                try ctx.exec(sql: "DELETE FROM people")
                throw Oops()
            }
        }
        #expect(await iterator.next() == SQLChanges(tables: ["people"], rowIDs: ["people": [1]]))
    }

    /// A transaction whose only writes were rolled back to a savepoint is no change at all:
    /// the next change set is the next transaction's.
    @Test func aTransactionWhoseWritesWereAllRolledBackToASavepointIsNotReported() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory)
        defer { pool.close() }
        var iterator = pool.changes().makeAsyncIterator()
        try await pool.write { ctx in
            _ = try? ctx.transaction { () throws -> Void in
                try ctx.exec(sql: "INSERT INTO pets (id, name) VALUES (10, 'Tom')")
                throw Oops()
            }
        }
        try await pool.write { ctx in try ctx.exec(sql: "INSERT INTO people (id, name) VALUES (7, 'Barbara')") }
        #expect(await iterator.next() == SQLChanges(tables: ["people"], rowIDs: ["people": [7]]))
    }

    /// Savepoints run as SQL, nested, released and rolled back, names in any case: the
    /// tracker follows SQLite's savepoint stack, whoever started it.
    @Test func savepointsRunAsSQLAreFollowed() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory)
        defer { pool.close() }
        var iterator = pool.changes().makeAsyncIterator()
        try await pool.write { ctx in
            try ctx.exec(
                sql: """
                    INSERT INTO people (id, name) VALUES (1, 'kept');
                    SAVEPOINT Outer;
                    INSERT INTO people (id, name) VALUES (2, 'undone with outer');
                    SAVEPOINT inner;
                    INSERT INTO pets (id, name) VALUES (20, 'undone with outer');
                    RELEASE inner;
                    ROLLBACK TO outer;
                    INSERT INTO people (id, name) VALUES (3, 'kept, after the rollback');
                    SAVEPOINT "x";
                    INSERT INTO pets (id, name) VALUES (30, 'kept, x released');
                    SAVEPOINT x;
                    INSERT INTO pets (id, name) VALUES (31, 'undone: innermost x');
                    ROLLBACK TRANSACTION TO SAVEPOINT X;
                    RELEASE X;
                    RELEASE OUTER;
                    """)
        }
        let pets = try await pool.read { ctx in try ctx.query(sql: "SELECT id FROM pets") }
        #expect(pets == [[.integer(30)]])
        #expect(
            await iterator.next() == SQLChanges(tables: ["people", "pets"], rowIDs: ["people": [1, 3], "pets": [30]]))
    }

    /// A savepoint that starts the transaction (no BEGIN): rolled back to, then released,
    /// which commits.
    @Test func aSavepointThatStartsTheTransactionIsFollowed() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory)
        defer { pool.close() }
        var iterator = pool.changes().makeAsyncIterator()
        try await pool.writeWithoutTransaction { ctx in
            try ctx.exec(sql: "SAVEPOINT start")
            try ctx.exec(sql: "INSERT INTO people (id, name) VALUES (5, 'undone')")
            try ctx.exec(sql: "INSERT INTO tags VALUES ('undone')")
            try ctx.exec(sql: "ROLLBACK TO start")
            try ctx.exec(sql: "INSERT INTO people (id, name) VALUES (6, 'kept')")
            try ctx.exec(sql: "RELEASE start")
            // Autocommitted on its own, after.
            try ctx.exec(sql: "INSERT INTO pets (id, name) VALUES (60, 'Rex')")
        }
        #expect(await iterator.next() == SQLChanges(tables: ["people"], rowIDs: ["people": [6]]))
        #expect(await iterator.next() == SQLChanges(tables: ["pets"], rowIDs: ["pets": [60]]))
    }

    /// Savepoints nested three deep through `transaction`, the middle one thrown, and
    /// statements that fail to release or roll back (unknown names) change nothing.
    @Test func nestedTransactionsThreeDeep() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory)
        defer { pool.close() }
        var iterator = pool.changes().makeAsyncIterator()
        try await pool.write { ctx in
            try ctx.exec(sql: "INSERT INTO people (id, name) VALUES (1, 'a')")
            _ = try? ctx.transaction { () throws -> Void in
                try ctx.exec(sql: "INSERT INTO people (id, name) VALUES (2, 'b')")
                try ctx.transaction {
                    try ctx.exec(sql: "INSERT INTO pets (id, name) VALUES (3, 'c')")
                }
                throw Oops()
            }
            try ctx.transaction {
                try ctx.exec(sql: "INSERT INTO people (id, name) VALUES (4, 'd')")
                for sql in ["ROLLBACK TO nowhere", "RELEASE nowhere"] {
                    do {
                        try ctx.exec(sql: sql)
                        Issue.record("\(sql) did not throw")
                    } catch {}
                }
            }
        }
        #expect(await iterator.next() == SQLChanges(tables: ["people"], rowIDs: ["people": [1, 4]]))
    }

    /// An observation is not re-run for a commit whose writes to its tables were all
    /// rolled back to a savepoint: the query runs once at the start and once for the real
    /// change after.
    @Test func anObservationIsNotWokenByRolledBackWork() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory)
        defer { pool.close() }
        let runs = Locked(0)
        var values = pool.observe { ctx in
            runs.withValue { $0 += 1 }
            return try ctx.query(sql: "SELECT count(*) FROM pets")[0][0]
        }.makeAsyncIterator()
        #expect(try await values.next() == .integer(0))
        try await pool.write { ctx in
            try ctx.exec(sql: "INSERT INTO people (id, name) VALUES (1, 'Ada')")
            _ = try? ctx.transaction { () throws -> Void in
                try ctx.exec(sql: "INSERT INTO pets (id, name) VALUES (10, 'Tom')")
                throw Oops()
            }
        }
        try await pool.write { ctx in
            try ctx.exec(sql: "SAVEPOINT s; INSERT INTO pets (id, name) VALUES (11, 'Jerry'); ROLLBACK TO s; RELEASE s")
        }
        try await pool.write { ctx in try ctx.exec(sql: "INSERT INTO pets (id, name) VALUES (12, 'Rex')") }
        #expect(try await values.next() == .integer(1))
        #expect(runs.current == 2)
    }

    /// A script's statement is recorded as it is prepared, and the statement after it is
    /// prepared early to see whether the script goes on: what that one would write is not
    /// the first one's (nor reported when it never runs).
    @Test func aScriptsNextStatementIsNotCountedAsWrittenByTheOneBefore() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory)
        defer { pool.close() }
        var iterator = pool.changes().makeAsyncIterator()
        try await pool.write { ctx in
            try ctx.exec(sql: "INSERT INTO people (id, name) VALUES (1, 'Ada')")
            // The second statement cannot be prepared (one value for two columns).
            #expect(throws: SQLError.self) { try ctx.exec(sql: "SELECT 1; INSERT INTO pets (id, name) VALUES (1)") }
        }
        #expect(await iterator.next() == SQLChanges(tables: ["people"], rowIDs: ["people": [1]]))
    }

    /// An in-memory pool, whose reads run on the writer, follows savepoints too.
    @Test func anInMemoryPoolFollowsSavepoints() async throws {
        let pool = try SQLPool(path: nil)
        defer { pool.close() }
        try await pool.write { ctx in try ctx.exec(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY)") }
        var iterator = pool.changes().makeAsyncIterator()
        try await pool.write { ctx in
            try ctx.exec(sql: "INSERT INTO t VALUES (1)")
            _ = try? ctx.transaction { () throws -> Void in
                try ctx.exec(sql: "INSERT INTO t VALUES (2)")
                throw Oops()
            }
        }
        #expect(await iterator.next() == SQLChanges(tables: ["t"], rowIDs: ["t": [1]]))
    }
}

@Suite struct Review30ChangeStreamIteratorTests {
    private func pool(_ directory: TemporaryDirectory) throws -> SQLPool {
        let pool = try SQLPool(path: directory.path("stream.sqlite"))
        try pool.write { ctx in try ctx.exec(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY)") }
        return pool
    }

    /// Many tasks iterate one stream, each with its own iterator made before the writes:
    /// every one gets every change, in order, and every loop ends when the pool closes.
    @Test func everyIteratorGetsEveryChange() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory)
        let stream = pool.changes()
        let iterators = (0..<12).map { _ in stream.makeAsyncIterator() }
        let writes = 40
        let received = try await withThrowingTaskGroup(of: [Int64].self) { group in
            for iterator in iterators {
                group.addTask {
                    var iterator = iterator
                    var ids: [Int64] = []
                    while let change = await iterator.next() {
                        ids.append(contentsOf: change.rowIDs["t", default: []].sorted())
                    }
                    return ids
                }
            }
            for id in 1...writes {
                try await pool.write { ctx in try ctx.exec(sql: "INSERT INTO t VALUES (?)", id) }
            }
            await pool.close()
            var all: [[Int64]] = []
            for try await ids in group { all.append(ids) }
            return all
        }
        #expect(received.count == 12)
        for ids in received { #expect(ids == Array(1...Int64(writes))) }
    }

    /// The stream itself, iterated by two `for await` loops in two tasks: both see every
    /// change (the second iterator from when it was made, here before any write).
    @Test func twoLoopsOverOneStream() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory)
        let stream = pool.changes()
        let ready = Locked(0)
        let loops = (0..<2).map { _ in
            Task { () -> Int in
                var count = 0
                var iterator = stream.makeAsyncIterator()
                ready.withValue { $0 += 1 }
                while let change = await iterator.next() { count += change.transactionCount }
                return count
            }
        }
        while ready.current < 2 { try await Task.sleep(for: .milliseconds(5)) }
        for id in 1...10 {
            try await pool.write { ctx in try ctx.exec(sql: "INSERT INTO t VALUES (?)", id) }
        }
        await pool.close()
        #expect(await loops[0].value == 10)
        #expect(await loops[1].value == 10)
    }

    /// Copies of one iterator called from two tasks at once: one call waits and gets the
    /// change; the other either gets it or, if it came while the first waited, returns nil
    /// at once. Nothing waits forever, and no continuation leaks after `close()`.
    @Test func copiesOfOneIteratorNeverWaitForever() async throws {
        for _ in 0..<20 {
            let directory = TemporaryDirectory()
            let pool = try pool(directory)
            let iterator = pool.changes().makeAsyncIterator()
            let calls = (0..<2).map { _ in
                Task { () -> SQLChanges? in
                    var copy = iterator
                    return await copy.next()
                }
            }
            try await pool.write { ctx in try ctx.exec(sql: "INSERT INTO t VALUES (1)") }
            await pool.close()
            let results = [await calls[0].value, await calls[1].value]
            #expect(results.compactMap { $0 }.count == 1)
            #expect(results.compactMap { $0 }.first == SQLChanges(tables: ["t"], rowIDs: ["t": [1]]))
        }
    }

    /// An iterator made after the pool closed ends at once.
    @Test func anIteratorMadeAfterCloseEndsAtOnce() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory)
        let stream = pool.changes()
        var first = stream.makeAsyncIterator()
        await pool.close()
        var second = stream.makeAsyncIterator()
        #expect(await first.next() == nil)
        #expect(await second.next() == nil)
    }
}
