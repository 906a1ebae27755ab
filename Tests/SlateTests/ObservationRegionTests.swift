import Foundation
import Slate
import SlateTestSupport
import Testing

/// Observation never misses a commit: not when the run under way reads a table the last
/// run did not, not when the consumer is slower than the writes.
@Suite struct ObservationRegionTests {
    /// A query that reads `b` only when `a.flag = 1`. Its second run reads `a` (now 1),
    /// then, before it reads `b`, a commit changes `b`: that commit touches a table outside
    /// the region of the last finished run, yet the run under way reads it, from a snapshot
    /// taken before the commit. The observation must run again and deliver the final value.
    @Test func aCommitDuringARunThatWidensTheRegionIsNotMissed() async throws {
        let directory = TemporaryDirectory()
        let pool = try SQLPool(path: directory.path("region.sqlite"))
        defer { pool.close() }
        try await pool.write {
            try $0.exec(
                sql:
                    "CREATE TABLE a (flag INTEGER); CREATE TABLE b (v INTEGER); INSERT INTO a VALUES (0); INSERT INTO b VALUES (0)"
            )
        }

        let secondRunReadA = DispatchSemaphore(value: 0)
        let commitToBDone = DispatchSemaphore(value: 0)
        let runs = Locked(0)
        let values = pool.observe { ctx -> Int64 in
            let run = runs.withValue {
                $0 += 1; return $0
            }
            let flag = try ctx.query(sql: "SELECT flag FROM a")[0][0].integerValue ?? -1
            guard flag == 1 else { return -1 }
            if run == 2 {
                secondRunReadA.signal()
                commitToBDone.wait()
            }
            return try ctx.query(sql: "SELECT v FROM b")[0][0].integerValue ?? -2
        }
        var iterator = values.makeAsyncIterator()
        #expect(try await iterator.next() == -1)
        try await pool.write { try $0.exec(sql: "UPDATE a SET flag = 1") }
        await Thread.detachNewThreadAndWait { secondRunReadA.wait() }
        try await pool.write { try $0.exec(sql: "UPDATE b SET v = 42") }
        commitToBDone.signal()
        // The second run read b's old value (0) from its snapshot; the third delivers 42.
        #expect(try await iterator.next() == 0)
        #expect(try await iterator.next() == 42)
        #expect(runs.current == 3)
    }

    /// Many commits to tables a run is about to start reading, while it runs: the last
    /// value delivered is always the final state.
    @Test func theFinalStateIsDeliveredWhateverTheQueryReads() async throws {
        let directory = TemporaryDirectory()
        let pool = try SQLPool(path: directory.path("final.sqlite"))
        defer { pool.close() }
        try await pool.write {
            try $0.exec(
                sql:
                    "CREATE TABLE a (flag INTEGER); CREATE TABLE b (v INTEGER); CREATE TABLE c (v INTEGER); INSERT INTO a VALUES (0); INSERT INTO b VALUES (0); INSERT INTO c VALUES (0)"
            )
        }
        let values = pool.observe { ctx -> Int64 in
            let flag = try ctx.query(sql: "SELECT flag FROM a")[0][0].integerValue ?? 0
            let table = flag % 2 == 0 ? "b" : "c"
            return flag * 1_000_000 + (try ctx.query(sql: "SELECT v FROM \(table)")[0][0].integerValue ?? 0)
        }
        let writes = 300
        for k in 1...writes {
            let sql =
                k % 7 == 0
                ? "UPDATE a SET flag = flag + 1" : (k % 2 == 0 ? "UPDATE b SET v = v + 1" : "UPDATE c SET v = v + 1")
            try await pool.write { try $0.exec(sql: sql) }
        }
        let final = try await pool.read { ctx -> Int64 in
            let flag = try ctx.query(sql: "SELECT flag FROM a")[0][0].integerValue ?? 0
            let table = flag % 2 == 0 ? "b" : "c"
            return flag * 1_000_000 + (try ctx.query(sql: "SELECT v FROM \(table)")[0][0].integerValue ?? 0)
        }
        let delivered = try await first(of: values) { $0 == final }
        #expect(delivered == final)
    }

    /// A consumer that does not keep up: the buffer stays at its limit, and the change sets
    /// beyond it are merged, so every table, row and transaction is still accounted for.
    @Test func aSlowChangeConsumerGetsMergedChangesNotAnUnboundedBuffer() async throws {
        let directory = TemporaryDirectory()
        let pool = try SQLPool(path: directory.path("slow.sqlite"))
        defer { pool.close() }
        try await pool.write {
            try $0.exec(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY); CREATE TABLE u (id INTEGER PRIMARY KEY)")
        }
        var changes = pool.changes(bufferLimit: 3).makeAsyncIterator()
        for k in 1...10 {
            try await pool.write {
                try $0.exec(
                    sql: "INSERT INTO \(k % 2 == 0 ? "t" : "u") (id) VALUES (?)", parameters: [.integer(Int64(k))])
            }
        }
        #expect(await changes.next() == SQLChanges(tables: ["u"], rowIDs: ["u": [1]]))
        #expect(await changes.next() == SQLChanges(tables: ["t"], rowIDs: ["t": [2]]))
        #expect(
            await changes.next()
                == SQLChanges(
                    tables: ["t", "u"], rowIDs: ["u": [3, 5, 7, 9], "t": [4, 6, 8, 10]], transactionCount: 8))
        try await pool.write { try $0.exec(sql: "INSERT INTO t (id) VALUES (11)") }
        #expect(await changes.next() == SQLChanges(tables: ["t"], rowIDs: ["t": [11]]))
    }

    /// A change stream whose consumer went away is forgotten: the writer stops tracking.
    @Test func anAbandonedChangeStreamIsForgotten() async throws {
        let directory = TemporaryDirectory()
        let pool = try SQLPool(path: directory.path("gone.sqlite"))
        defer { pool.close() }
        try await pool.write { try $0.exec(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY)") }
        do {
            var changes = pool.changes().makeAsyncIterator()
            try await pool.write { try $0.exec(sql: "INSERT INTO t VALUES (1)") }
            #expect(await changes.next()?.tables == ["t"])
        }
        // The next writes run without hooks; a new stream sees only what comes after it.
        try await pool.write { try $0.exec(sql: "INSERT INTO t VALUES (2)") }
        var fresh = pool.changes().makeAsyncIterator()
        try await pool.write { try $0.exec(sql: "INSERT INTO t VALUES (3)") }
        #expect(await fresh.next() == SQLChanges(tables: ["t"], rowIDs: ["t": [3]]))
    }

    /// Cancelling the consuming task ends its iteration.
    @Test func cancellingTheConsumerEndsTheStream() async throws {
        let directory = TemporaryDirectory()
        let pool = try SQLPool(path: directory.path("cancel.sqlite"))
        defer { pool.close() }
        let stream = pool.changes()
        let consumer = Task { () -> Int in
            var count = 0
            for await _ in stream { count += 1 }
            return count
        }
        consumer.cancel()
        #expect(await consumer.value == 0)
    }
}
