import Foundation
import SlateTestSupport
import Testing

@testable import Slate

/// Review of issue 31 §2: an in-memory pool, whose only connection is both writer and
/// reader, re-runs its observations after its own writes without refusing them as nested.
@Suite struct Review31R2MemoryObservationTests {
    @Test func anInMemoryObservationSurvivesManyWrites() async throws {
        let pool = try SQLPool(path: nil)
        defer { pool.close() }
        try await pool.write { try $0.exec(sql: "CREATE TABLE items (id INTEGER PRIMARY KEY)") }
        let observed = pool.observe { try $0.query(sql: "SELECT count(*) FROM items")[0][0].integerValue ?? -1 }
        var iterator = observed.makeAsyncIterator()
        #expect(try await iterator.next() == 0)
        for round in 1...300 {
            try await pool.write { try $0.exec(sql: "INSERT INTO items DEFAULT VALUES") }
            var value: Int64? = -1
            while let next = try await iterator.next() {
                value = next
                if next == Int64(round) { break }
            }
            #expect(value == Int64(round))
            if value != Int64(round) { break }
        }
    }

    /// An observation started inside a write closure of an in-memory pool runs once the
    /// write is over: its runs are the pool's, not a task of the closure's asking for the
    /// connection the closure holds.
    @Test func anObservationStartedInsideAnInMemoryWriteRunsAfterIt() async throws {
        let pool = try SQLPool(path: nil)
        defer { pool.close() }
        let stream = try Self.observeInsideWrite(pool)
        var iterator = stream.makeAsyncIterator()
        #expect(try await iterator.next() == 1)
        try await pool.write { try $0.exec(sql: "INSERT INTO items DEFAULT VALUES") }
        #expect(try await iterator.next() == 2)
    }

    private static func observeInsideWrite(_ pool: SQLPool) throws -> AsyncThrowingStream<Int64, any Error> {
        try pool.write { ctx in
            try ctx.exec(sql: "CREATE TABLE items (id INTEGER PRIMARY KEY)")
            try ctx.exec(sql: "INSERT INTO items DEFAULT VALUES")
            let stream = pool.observe { try $0.query(sql: "SELECT count(*) FROM items")[0][0].integerValue ?? -1 }
            // Long enough for the observation's first run to ask for the connection.
            Thread.sleep(forTimeInterval: 0.2)
            return stream
        }
    }
}
