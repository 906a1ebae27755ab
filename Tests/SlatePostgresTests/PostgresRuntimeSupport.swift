#if Postgres
import SlatePostgres
import SlateTestSupport
import Testing

/// A database of the test's own on the test server (a random name), dropped at the end,
/// so that suites running at once never see each other's tables.
enum RuntimeTestDatabase {
    /// The test server as an `SQLPostgres` on its maintenance database.
    static func admin() throws -> SQLPostgres {
        try SQLPostgres(url: try #require(PostgresTestServer.url))
    }

    /// Runs `body` with a fresh database (and, with `replica`, its replica configured).
    static func with<T: Sendable>(
        replica: Bool = false, configure: (inout SQLPostgres.Configuration) -> Void = { _ in },
        _ body: (SQLPostgres) async throws -> T
    ) async throws -> T {
        let name = try await TestDatabase.create(prefix: "slate_r")
        var configuration = try SQLPostgres.Configuration(url: try #require(PostgresTestServer.url))
        configuration.primary.database = name
        if replica {
            var server = try SQLPostgres.Server(url: try #require(PostgresTestServer.replicaURL))
            // The database reaches the standby once replayed: wait for it there.
            let standby = SQLPostgres(configuration: .init(primary: server))
            var found = false
            for _ in 0..<2_000 where !found {
                found = try await standby.read {
                    try await $0.query(sql: "SELECT 1 FROM pg_database WHERE datname = $1", parameters: [.text(name)])
                        .count == 1
                }
                if !found { try await Task.sleep(nanoseconds: 25_000_000) }
            }
            await standby.close()
            try #require(found, "the new database never reached the replica")
            server.database = name
            configuration.replica = server
        }
        configure(&configuration)
        let database = SQLPostgres(configuration: configuration)
        do {
            let result = try await body(database)
            await database.close()
            try await TestDatabase.drop(name)
            return result
        } catch {
            await database.close()
            try? await TestDatabase.drop(name)
            throw error
        }
    }
}

/// Two (or more) tasks meeting: each `arrive` returns once `parties` have arrived.
actor Barrier {
    private let parties: Int
    private var arrived = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(parties: Int) { self.parties = parties }

    func arrive() async {
        arrived += 1
        if arrived == parties {
            for continuation in waiting { continuation.resume() }
            waiting.removeAll()
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }
}

/// An error kept by one task for another to look at.
actor ErrorBox {
    private(set) var error: SQLPostgresError?
    func set(_ error: SQLPostgresError) { self.error = error }
}

/// A counter shared by tasks.
actor Tally {
    private(set) var value = 0
    private(set) var maximumAttempt = 0
    func add(_ count: Int = 1) { value += count }
    func sawAttempt(_ attempt: Int) { maximumAttempt = max(maximumAttempt, attempt) }
}
#endif
