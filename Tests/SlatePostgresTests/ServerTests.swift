import Foundation
import SlateTestSupport
import Testing

#if Postgres
import PostgresNIO
import Logging

@Suite(.enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipReason))
struct ServerTests {
    @Test func theServerAnswers() async throws {
        let client = PostgresClient(
            configuration: try TestDatabase.clientConfiguration(url: try #require(PostgresTestServer.url)))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            let rows = try await client.query("SELECT 40 + 2 AS answer")
            var answers: [Int] = []
            for try await answer in rows.decode(Int.self) { answers.append(answer) }
            #expect(answers == [42])
            group.cancelAll()
        }
    }
}
#else
/// Without the Postgres trait there is nothing of SlatePostgres to test: said, not silent.
@Test(.disabled("SlatePostgres's tests need the Postgres trait and a server: run Scripts/test-postgres.sh"))
func postgresTestsNeedThePostgresTrait() {}
#endif
