import Foundation
import Slate
import SlateTestSupport
import Testing

/// Concurrency with fixed operation counts (never timed). Run these under Thread
/// Sanitizer with `swift test --sanitize=thread --filter "Pool|Observation"`.
@Suite struct PoolStressTests {
    @Test func fourReadersAndAWriter() async throws {
        let directory = TemporaryDirectory()
        let pool = try SQLPool(path: directory.path("stress.sqlite"), configuration: .init(maximumReaderCount: 4))
        defer { pool.close() }
        try await pool.write { ctx in
            try ctx.exec(sql: "CREATE TABLE rows (id INTEGER PRIMARY KEY, seq INTEGER NOT NULL, payload TEXT)")
        }
        let observed = pool.observe { ctx in try ctx.query(sql: "SELECT count(*) FROM rows")[0][0] }

        let transactions = 400
        let readsPerReader = 150
        let committed = Locked(0)
        let errors = Locked<[String]>([])

        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                struct RolledBack: Error {}
                for k in 1...transactions {
                    let rollsBack = k % 4 == 0
                    do {
                        try await pool.write { ctx in
                            let next = try ctx.query(sql: "SELECT count(*) + 1 FROM rows")[0][0]
                            if rollsBack {
                                try ctx.exec(sql: "INSERT INTO rows (seq, payload) VALUES (-1, 'rolled back')")
                                throw RolledBack()
                            }
                            try ctx.exec(
                                sql: "INSERT INTO rows (seq, payload) VALUES (?, ?)",
                                parameters: [next, .text("row \(k)")])
                        }
                        committed.withValue { $0 += 1 }
                    } catch is RolledBack {
                    } catch {
                        errors.withValue { $0.append("write \(k): \(error)") }
                    }
                }
            }
            for reader in 0..<4 {
                group.addTask {
                    for r in 0..<readsPerReader {
                        let floor = committed.current
                        do {
                            let (first, second) = try await pool.read { ctx -> ([SQLValue], [SQLValue]) in
                                let sql = "SELECT count(*), coalesce(max(seq), 0), coalesce(min(seq), 1) FROM rows"
                                return (try ctx.query(sql: sql)[0], try ctx.query(sql: sql)[0])
                            }
                            let count = Int(first[0].integerValue ?? -1)
                            if first != second {
                                errors.withValue {
                                    $0.append("reader \(reader) read \(r): snapshot moved \(first) → \(second)")
                                }
                            }
                            if count < floor {
                                errors.withValue {
                                    $0.append("reader \(reader) read \(r): \(count) rows, \(floor) committed before")
                                }
                            }
                            if first[1] != first[0] {
                                errors.withValue {
                                    $0.append("reader \(reader) read \(r): seq not contiguous \(first)")
                                }
                            }
                            if (first[2].integerValue ?? 1) < 1 {
                                errors.withValue { $0.append("reader \(reader) read \(r): saw a rolled-back row") }
                            }
                        } catch {
                            errors.withValue { $0.append("reader \(reader) read \(r): \(error)") }
                        }
                    }
                }
            }
            try await group.waitForAll()
        }

        let expected = transactions - transactions / 4
        #expect(errors.current == [])
        #expect(committed.current == expected)
        #expect(
            try await pool.read { try $0.query(sql: "SELECT count(*), max(seq), min(seq) FROM rows") }
                == [[.integer(Int64(expected)), .integer(Int64(expected)), 1]])
        let final = try await first(of: observed) { $0 == .integer(Int64(expected)) }
        #expect(final == .integer(Int64(expected)))
    }

    /// Two pools on one file stand for two processes. Read-then-write increments in
    /// IMMEDIATE transactions wait on the busy handler instead of failing with SQLITE_BUSY.
    @Test func twoPoolsIncrementOneCounterWithoutBusyErrors() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("counter.sqlite")
        let pools = try (0..<2).map { _ in try SQLPool(path: path) }
        defer { pools.forEach { $0.close() } }
        try pools[0].write { ctx in
            try ctx.exec(sql: "CREATE TABLE IF NOT EXISTS counter (id INTEGER PRIMARY KEY, value INTEGER NOT NULL)")
            try ctx.exec(sql: "INSERT INTO counter VALUES (1, 0)")
        }
        let errors = Locked<[String]>([])
        let increments = 150
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            let pool = pools[worker % 2]
            for _ in 0..<increments {
                do {
                    try pool.write { ctx in
                        let value = try ctx.query(sql: "SELECT value FROM counter WHERE id = 1")[0][0].integerValue ?? 0
                        try ctx.exec(sql: "UPDATE counter SET value = ? WHERE id = 1", value + 1)
                    }
                } catch {
                    errors.withValue { $0.append("\(error)") }
                }
            }
        }
        #expect(errors.current == [])
        #expect(
            try pools[1].read { try $0.query(sql: "SELECT value FROM counter") } == [[.integer(Int64(4 * increments))]])
    }
}
