import Foundation
import SlateTestSupport
import Testing

@testable import Slate

/// Found by review: an observed query whose view is redefined, and a change stream whose
/// consumer is always a little behind.
@Suite struct ObservationReviewTests {
    /// The observed statement is cached on the reader; redefining the view it reads makes
    /// SQLite prepare it again, over another table. The region must follow.
    @Test func aRedefinedViewMovesTheRegion() async throws {
        let directory = TemporaryDirectory()
        let pool = try SQLPool(path: directory.path("view.sqlite"), configuration: .init(maximumReaderCount: 1))
        defer { pool.close() }
        try await pool.write {
            try $0.exec(
                sql:
                    "CREATE TABLE a (n INTEGER); CREATE TABLE b (n INTEGER); INSERT INTO a VALUES (0); INSERT INTO b VALUES (100); CREATE VIEW v AS SELECT sum(n) AS n FROM a"
            )
        }
        let values = pool.observe { ctx in try ctx.query(sql: "SELECT n FROM v")[0][0] }
        var iterator = values.makeAsyncIterator()
        #expect(try await iterator.next() == 0)
        try await pool.write { try $0.exec(sql: "INSERT INTO a VALUES (1)") }
        #expect(try await iterator.next() == 1)
        try await pool.write { try $0.exec(sql: "DROP VIEW v; CREATE VIEW v AS SELECT sum(n) AS n FROM b") }
        #expect(try await iterator.next() == 100)
        try await pool.write { try $0.exec(sql: "INSERT INTO b VALUES (1)") }
        try await pool.write { try $0.exec(sql: "INSERT INTO b VALUES (1)") }
        let final = try await first(of: values) { $0 == 102 }
        #expect(final == 102)
    }

    @Test func aConsumerAlwaysBehindDoesNotGrowTheBuffer() async {
        let buffer = SQLChangeStream.Buffer(limit: 4)
        buffer.yield(SQLChanges(tables: ["t"]))
        for k in 0..<10_000 {
            buffer.yield(SQLChanges(tables: ["t"], rowIDs: ["t": [Int64(k)]]))
            _ = await buffer.next()
        }
        #expect(buffer.storedCount < 70)
    }
}
