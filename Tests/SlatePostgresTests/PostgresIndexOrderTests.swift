import Foundation
import SlateRecords
import SlateTestSupport
import Testing

#if Postgres
import PostgresNIO
@_spi(Generated) @testable import SlatePostgres

/// The typed layer orders NULLs first (`NULLS FIRST`, `DESC NULLS LAST`) and compares text
/// byte by byte (`COLLATE "C"`), as SQLite does. Rendered indexes and text columns take the
/// same order and collation, so that those queries walk an index instead of sorting the
/// table: each plan below, with sequential scans priced out, is an index scan with no Sort.
@Suite(.enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipReason))
struct PostgresIndexOrderTests {
    typealias User = Market.User

    @Test func typedOrdersAndTextComparisonsWalkTheRenderedIndexes() async throws {
        let name = try await TestDatabase.create(prefix: "slate_index_order")
        do {
            let market = try await Market.Postgres.bootstrap(url: TestDatabase.url(name))
            let day = Date(timeIntervalSince1970: 1_700_000_000)
            _ = try await market.insert(
                contentsOf: (0..<300).map {
                    User(
                        name: "user \($0)", eMail: "u\($0)@x", active: true,
                        score: $0 % 3 == 0 ? nil : Double($0), joined: day)
                })
            await market.close()
            let database = try SQLPostgres(url: TestDatabase.url(name))
            let columns = User.Columns()
            let table = User.postgresLayout.dialect
            let queries: [(String, SQLDialectQuery<User>)] = [
                ("score ascending", .select(orderBy: columns.score.ascending, limit: 5)),
                ("score descending", .select(orderBy: columns.score.descending, limit: 5)),
                ("name ascending", .select(orderBy: columns.name.ascending, limit: 5)),
                ("name range", .select(where: columns.name > "user 5", orderBy: columns.name.ascending, limit: 5)),
                ("e-mail equal", .select(where: columns.eMail == "u7@x")),
            ]
            let plans = try await database.write { context in
                _ = try await context.exec(sql: "ANALYZE \"user\"")
                _ = try await context.exec(sql: "SET LOCAL enable_seqscan = off")
                var plans: [String] = []
                for (_, query) in queries {
                    let statement = query.render(table, joined: nil, dialect: .postgres)
                    let rows = try await context.query(
                        PostgresQuery(
                            unsafeSQL: "EXPLAIN " + statement.sql,
                            binds: try SQLPostgresOperations.bindings(query, statement)))
                    plans.append(try rows.map { try $0.get(0, as: String.self) }.joined(separator: "\n"))
                }
                return plans
            }
            await database.close()
            for ((label, _), plan) in zip(queries, plans) {
                #expect(plan.contains("Index"), "\(label):\n\(plan)")
                #expect(!plan.contains("Sort"), "\(label):\n\(plan)")
            }
        } catch {
            try await TestDatabase.drop(name)
            throw error
        }
        try await TestDatabase.drop(name)
    }
}
#endif
