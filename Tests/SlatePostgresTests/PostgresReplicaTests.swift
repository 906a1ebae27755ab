#if Postgres
import SlatePostgres
import SlateTestSupport
import Testing

@Suite(.enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipReason))
struct PostgresReplicaTests {
    private static func inRecovery(_ context: SQLPostgresContext) async throws -> Bool {
        try await context.query(sql: "SELECT pg_is_in_recovery()")[0].get(0, as: Bool.self)
    }

    @Test(
        .enabled(
            if: PostgresTestServer.replicaURL != nil,
            "no replica: set SLATE_POSTGRES_REPLICA_URL (Scripts/test-postgres.sh starts one)"))
    func readsGoToTheReplicaAndSeeCommittedRowsOnceReplayed() async throws {
        try await RuntimeTestDatabase.with(replica: true) { database in
            #expect(try await database.write { try await Self.inRecovery($0) } == false)
            #expect(try await database.read { try await Self.inRecovery($0) } == true)
            #expect(try await database.read(readYourWrites: true) { try await Self.inRecovery($0) } == false)
            try await database.write { context in
                try await context.exec(sql: "CREATE TABLE t (a TEXT)")
                try await context.exec(sql: "INSERT INTO t VALUES ($1)", parameters: ["replicated"])
            }
            // The primary has it at once; the replica once it has replayed the commit.
            let direct = try await database.read(readYourWrites: true) {
                try await $0.query(sql: "SELECT a FROM t").map { try $0.get(0, as: String.self) }
            }
            #expect(direct == ["replicated"])
            var seen: [String] = []
            for _ in 0..<2_000 where seen.isEmpty {
                seen = try await database.read { context in
                    let exists = try await context.query(sql: "SELECT to_regclass('t') IS NOT NULL")[0].get(
                        0, as: Bool.self)
                    return exists
                        ? try await context.query(sql: "SELECT a FROM t").map { try $0.get(0, as: String.self) } : []
                }
                if seen.isEmpty { try await Task.sleep(nanoseconds: 25_000_000) }
            }
            #expect(seen == ["replicated"])
            // Inside a write, a read runs in the write's transaction, on the primary.
            #expect(
                try await database.write { _ in try await database.read { try await Self.inRecovery($0) } } == false)
        }
    }

    @Test(
        .enabled(
            if: PostgresTestServer.replicaURL != nil,
            "no replica: set SLATE_POSTGRES_REPLICA_URL (Scripts/test-postgres.sh starts one)"))
    func readYourWritesInTheConfigurationReadsThePrimary() async throws {
        try await RuntimeTestDatabase.with(replica: true, configure: { $0.readYourWrites = true }) { database in
            let onStandby = try await database.read { try await Self.inRecovery($0) }
            #expect(onStandby == false)
        }
    }

    @Test func withoutAReplicaReadsUseThePrimary() async throws {
        try await RuntimeTestDatabase.with { database in
            #expect(database.configuration.replica == nil)
            let onStandby = try await database.read { try await Self.inRecovery($0) }
            #expect(onStandby == false)
        }
    }
}
#endif
