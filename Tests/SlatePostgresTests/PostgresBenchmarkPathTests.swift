import Foundation
import SlateRecords
import SlateTestSupport
import Testing

#if Postgres
import PostgresNIO
@testable import SlatePostgres

/// The generated paths the PostgreSQL benchmark times (`insert(contentsOf:)`, `insert`,
/// `find`, `fetch`), after their rows became decoded as they arrive and the layout a
/// shared reference: the same answers as SQLite's generated code, edges included — an
/// empty batch, a batch of one, a batch failing half-way, explicit keys moving the
/// identity, a row that does not decode in the middle of a result.
@Suite(.enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipReason))
struct PostgresBenchmarkPathTests {
    static let day = Date(timeIntervalSince1970: 1_700_000_000)

    static func user(_ name: String, id: Int = Int.min, mail: String? = nil, days: Int = 0) -> Market.User {
        Market.User(
            id: id, name: name, eMail: mail, active: days % 2 == 0, score: days == 0 ? nil : Double(days) / 4,
            joined: day.addingTimeInterval(Double(days) * 86_400),
            token: UUID(uuidString: "00000000-0000-0000-0000-0000000000\(10 + days % 90)"),
            avatar: days % 3 == 0 ? [0, UInt8(days % 256), 255] : nil)
    }

    func withBoth(_ body: (Market, Market.Postgres) async throws -> Void) async throws {
        try await withBothMarkets(prefix: "slate_bench_path", body)
    }

    @Test func anEmptyBatchInsertsNothingAndReturnsNothing() async throws {
        try await withBoth { (sqlite, postgres) async throws in
            #expect(try await sqlite.insert(contentsOf: [Market.User]()) == [])
            #expect(try await postgres.insert(contentsOf: [Market.User]()) == [])
            #expect(try await postgres.users.fetchCount() == 0)
            // The identity was not touched: the next insert gets key 1, as on SQLite.
            #expect(try await postgres.insert(Self.user("Ann")).id == 1)
            #expect(try await sqlite.insert(Self.user("Ann")).id == 1)
        }
    }

    @Test func aBatchOfOneReturnsTheRowAsStored() async throws {
        try await withBoth { (sqlite, postgres) async throws in
            let one = [Self.user("Ann", mail: "ann@x", days: 3)]
            let stored = try await postgres.insert(contentsOf: one)
            #expect(stored == (try await sqlite.insert(contentsOf: one)))
            #expect(stored.count == 1)
            #expect(stored[0].id == 1)
            #expect(stored[0].name == "Ann" && stored[0].eMail == "ann@x" && stored[0].score == 0.75)
            #expect(stored[0].avatar == [0, 3, 255])
            #expect(try await postgres.users.find(1) == stored[0])
            #expect(try await postgres.users.fetch() == stored)
        }
    }

    @Test func aBatchReturnsEveryRowInOrderWithTheKeysAssigned() async throws {
        try await withBoth { (sqlite, postgres) async throws in
            let users = (0..<250).map { Self.user("user \($0)", mail: $0 % 5 == 0 ? "m\($0)@x" : nil, days: $0) }
            let stored = try await postgres.insert(contentsOf: users)
            #expect(stored == (try await sqlite.insert(contentsOf: users)))
            #expect(stored.map(\.id) == Array(1...250))
            #expect(stored.map(\.name) == users.map(\.name))
            #expect(try await postgres.users.fetch(orderBy: { $0.id.ascending }) == stored)
        }
    }

    @Test func aBatchFailingHalfWayLeavesNothing() async throws {
        try await withBoth { (sqlite, postgres) async throws in
            // The third row repeats the first's unique e"mail: the server refuses it.
            let users = [
                Self.user("Ann", mail: "same@x", days: 1), Self.user("Bo", days: 2),
                Self.user("Cy", mail: "same@x", days: 3), Self.user("Di", days: 4),
            ]
            let error = await #expect(throws: SQLPostgresError.self) { try await postgres.insert(contentsOf: users) }
            #expect(error?.kind == .server)
            #expect(error?.sqlState == "23505")
            #expect(error?.table == "user")
            let sql = error?.sql ?? ""
            #expect(sql.hasPrefix(#"INSERT INTO "user" ("name", "e""mail""#))
            #expect(try await postgres.users.fetchCount() == 0)
            await #expect(throws: (any Error).self) { try await sqlite.insert(contentsOf: users) }
            #expect(try await sqlite.users.fetchCount() == 0)
        }
    }

    @Test func aBatchWithAValueRefusedBeforeSendingLeavesNothing() async throws {
        try await withBoth { (_, postgres) async throws in
            let users = [Self.user("Ann"), Self.user("B\u{0}o"), Self.user("Cy")]
            let error = await #expect(throws: SQLPostgresError.self) { try await postgres.insert(contentsOf: users) }
            #expect(error?.kind == .invalidParameter)
            #expect(error?.table == "user")
            #expect(error?.column == "name")
            let description = error.map { String(describing: $0) } ?? ""
            #expect(!description.isEmpty && !description.contains("B\u{0}o"))
            #expect(try await postgres.users.fetchCount() == 0)
        }
    }

    @Test func aFailingBatchInsideATransactionUndoesTheWholeTransaction() async throws {
        try await withBoth { (_, postgres) async throws in
            let error = await #expect(throws: SQLPostgresError.self) {
                try await postgres.transaction { tx in
                    _ = try await tx.insert(contentsOf: [Self.user("Ann", mail: "a@x"), Self.user("Bo")])
                    _ = try await tx.insert(contentsOf: [Self.user("Cy"), Self.user("Di", mail: "a@x")])
                }
            }
            #expect(error?.sqlState == "23505")
            #expect(try await postgres.users.fetchCount() == 0)
            // The database is usable after it: the next batch is stored.
            let stored = try await postgres.insert(contentsOf: [Self.user("Ed"), Self.user("Fay")])
            #expect(stored.map(\.name) == ["Ed", "Fay"])
            #expect(try await postgres.users.fetch(orderBy: { $0.id.ascending }) == stored)
        }
    }

    @Test func explicitKeysInABatchMoveTheIdentityAsOnSQLite() async throws {
        try await withBoth { (sqlite, postgres) async throws in
            let users = [
                Self.user("Ann", id: 10), Self.user("Bo"), Self.user("Cy", id: 5), Self.user("Di"),
                Self.user("Ed", id: 100),
            ]
            let stored = try await postgres.insert(contentsOf: users)
            #expect(stored.map(\.id) == [10, 11, 5, 12, 100])
            #expect(stored == (try await sqlite.insert(contentsOf: users)))
            // After the batch, the server assigns past the largest key, as SQLite does.
            #expect(try await postgres.insert(Self.user("Fay")).id == 101)
            #expect(try await sqlite.insert(Self.user("Fay")).id == 101)
            // A key taken is refused, and moves nothing.
            let error = await #expect(throws: SQLPostgresError.self) {
                try await postgres.insert(contentsOf: [Self.user("Gil", id: 5)])
            }
            #expect(error?.sqlState == "23505")
            #expect(try await postgres.insert(Self.user("Hal")).id == 102)
            #expect(try await postgres.users.fetchCount() == 7)
        }
    }

    @Test func concurrentBatchesShareTheLayoutAndLoseNothing() async throws {
        try await withBoth { (_, postgres) async throws in
            let stored = try await withThrowingTaskGroup(of: [Market.User].self) { group in
                for task in 0..<8 {
                    group.addTask {
                        try await postgres.insert(contentsOf: (0..<50).map { Self.user("t\(task) u\($0)", days: $0) })
                    }
                }
                var all: [Market.User] = []
                for try await batch in group {
                    // Each batch in its order, its keys rising (the batches interleave:
                    // the identity is shared by every transaction).
                    #expect(batch.map(\.name) == (0..<50).map { "\(batch[0].name.split(separator: " ")[0]) u\($0)" })
                    #expect(zip(batch, batch.dropFirst()).allSatisfy { $0.id < $1.id })
                    all += batch
                }
                return all
            }
            #expect(Set(stored.map(\.id)) == Set(1...400))
            #expect(try await postgres.users.fetchCount() == 400)
            #expect(Set(try await postgres.users.fetch()) == Set(stored))
        }
    }

    @Test func aRowThatDoesNotDecodeThrowsNamingTableAndColumnAndTheTransactionGoesOn() async throws {
        try await withBoth { (_, postgres) async throws in
            // 2,000 rows; the 3rd holds a timestamp no Date holds.
            try await postgres.database.writeWithoutTransaction { context in
                try await context.exec(
                    sql: """
                        INSERT INTO "user" (name, active, joined) SELECT 'u' || g, true, \
                        CASE WHEN g = 3 THEN 'infinity'::timestamptz ELSE '2024-01-01'::timestamptz END \
                        FROM generate_series(1, 2000) AS g
                        """)
            }
            let error = await #expect(throws: SQLPostgresError.self) {
                try await postgres.users.fetch(orderBy: { $0.id.ascending })
            }
            #expect(error?.kind == .mismatch)
            #expect(error?.table == "user")
            #expect(error?.column == "joined")
            #expect(error?.message == "an infinite timestamp does not fit Date")
            await #expect(throws: SQLPostgresError.self) { try await postgres.users.find(3) }
            #expect(try await postgres.users.find(4)?.name == "u4")
            #expect(try await postgres.users.find(2001) == nil)
            // In a transaction: the failure is the client's, not the server's, so the
            // transaction goes on, and its next statements read from a drained connection.
            let (count, fourth) = try await postgres.transaction { tx in
                do {
                    _ = try await tx.users.fetch()
                    Issue.record("fetch decoded an infinite timestamp")
                } catch let error as SQLPostgresError {
                    #expect(error.column == "joined")
                }
                let count = try await tx.users.fetchCount()
                let fourth = try await tx.users.fetch(where: { $0.id >= 4 }, orderBy: { $0.id.ascending }, limit: 2)
                try await tx.users.update(set: \.name, to: "changed", where: { $0.id == 4 })
                return (count, fourth.map(\.name))
            }
            #expect(count == 2000)
            #expect(fourth == ["u4", "u5"])
            #expect(try await postgres.users.find(4)?.name == "changed")
        }
    }

    @Test func aServerErrorWhileRowsStreamIsThrownWithItsStatementAndAbortsTheTransaction() async throws {
        try await withBoth { (_, postgres) async throws in
            let sql = "SELECT 10 / (3 - g) FROM generate_series(1, 5) AS g"
            do {
                try await postgres.write { context in
                    do {
                        _ = try await context.query(sql: sql)
                        Issue.record("the division by zero was not thrown")
                    } catch let error as SQLPostgresError {
                        #expect(error.sqlState == "22012")
                        #expect(error.sql == sql)
                    }
                    // PostgreSQL aborted the transaction: the next statement is refused.
                    let next = await #expect(throws: SQLPostgresError.self) {
                        try await context.query(sql: "SELECT 1")
                    }
                    #expect(next?.kind == .transactionAborted)
                }
                Issue.record("the aborted transaction committed")
            } catch let error as SQLPostgresError {
                #expect(error.kind == .transactionAborted)
                #expect(error.sqlState == "22012")
            }
            let rows = try await postgres.write {
                try await $0.query(sql: "SELECT 10 / (3 - g) FROM generate_series(1, 2) AS g")
            }
            #expect(try rows.map { try $0.get(0, as: Int.self) } == [5, 10])
        }
    }

    /// The rows decoded as they arrive are still all read: when decoding fails on the
    /// first row and the server fails on the last, 50 MB later (long after the first
    /// rows were handed over), the server's error is thrown and aborts the transaction
    /// (left unread, it would surface only at the next statement).
    @Test func aServerErrorAfterADecodingFailureIsTheOneThrown() async throws {
        try await withBoth { (_, postgres) async throws in
            struct Undecodable: Error {}
            let sql = "SELECT repeat('x', 1000), 10 / (50000 - g) FROM generate_series(1, 50000) AS g"
            do {
                try await postgres.write { context in
                    do {
                        _ = try await context.query(PostgresQuery(unsafeSQL: sql)) { _ -> Int in throw Undecodable() }
                        Issue.record("nothing was thrown")
                    } catch let error as SQLPostgresError {
                        #expect(error.sqlState == "22012")
                        #expect(error.sql == sql)
                    }
                    let next = await #expect(throws: SQLPostgresError.self) { try await context.exec(sql: "SELECT 1") }
                    #expect(next?.kind == .transactionAborted)
                }
                Issue.record("the aborted transaction committed")
            } catch let error as SQLPostgresError {
                #expect(error.kind == .transactionAborted)
            }
            // Without a server error, the first decoding failure is thrown once the rows
            // are read, and the transaction goes on.
            let values = try await postgres.write { context -> [Int] in
                await #expect(throws: Undecodable.self) {
                    try await context.query(PostgresQuery(unsafeSQL: "SELECT g FROM generate_series(1, 500) AS g")) {
                        row -> Int in
                        let value = try row.get(0, as: Int.self)
                        if value == 2 || value == 400 { throw Undecodable() }
                        return value
                    }
                }
                return try await context.query(PostgresQuery(unsafeSQL: "SELECT g FROM generate_series(1, 3) AS g")) {
                    try $0.get(0, as: Int.self)
                }
            }
            #expect(values == [1, 2, 3])
        }
    }
}
#endif
