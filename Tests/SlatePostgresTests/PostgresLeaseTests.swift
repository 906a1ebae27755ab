#if Postgres
import Slate
import SlatePostgres
import SlateRecords
import SlateTestSupport
import Testing

/// How long a call waits for a connection (`SQLPostgres.Configuration.maximumWait`): with
/// no server, with every connection held, with the limit off, cancelled while waiting, and
/// many calls at once through the timed path without a connection lost or a write missed.
@Suite(.enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipReason), .timeLimit(.minutes(2)))
struct PostgresLeaseTests {
    /// Runs `body` while a write (doing `writing` first) holds a connection of `database`,
    /// then lets the write commit and waits for it.
    static func whileAWriteHoldsTheConnection(
        of database: SQLPostgres, writing: @escaping @Sendable (SQLPostgresContext) async throws -> Void = { _ in },
        _ body: () async throws -> Void
    ) async throws {
        let (held, holding) = AsyncStream.makeStream(of: Void.self)
        let (release, releasing) = AsyncStream.makeStream(of: Void.self)
        let holder = Task {
            try await database.write { context in
                try await writing(context)
                holding.yield()
                for await _ in release { break }
            }
        }
        for await _ in held { break }
        do {
            try await body()
        } catch {
            releasing.yield()
            _ = try? await holder.value
            throw error
        }
        releasing.yield()
        try await holder.value
    }

    /// Nothing listens on port 1 of the loopback: every kind of call fails within the
    /// limit with Slate's `connection` error saying why (postgres-nio's own pool would wait
    /// about a minute, until its circuit breaker opens, and say only that).
    @Test func noServerFailsEveryKindOfCallAfterTheWaitLimit() async throws {
        var configuration = try SQLPostgres.Configuration(url: "postgres://nobody@127.0.0.1:1/none")
        configuration.maximumWait = .milliseconds(300)
        configuration.retries = 0
        let database = SQLPostgres(configuration: configuration)
        let calls: [(String, @Sendable () async throws -> Void)] = [
            ("write", { try await database.write { _ in } }),
            ("read", { try await database.read { _ in } }),
            ("writeWithoutTransaction", { try await database.writeWithoutTransaction { _ in } }),
            ("bootstrap", { try await database.bootstrap(scripts: []) }),
        ]
        for (name, call) in calls {
            let error = await #expect(throws: SQLPostgresError.self, "\(name)") { try await call() }
            #expect(error?.kind == .connection, "\(name)")
            #expect(error?.message.hasPrefix("could not connect to the primary: ") == true, "\(name)")
            #expect(error?.message.contains("Connection refused") == true, "\(name): \(error?.message ?? "")")
        }
        await database.close()
    }

    /// A database that does not exist: the server's own answer (SQLSTATE 3D000, naming
    /// the database), which postgres-nio's pool keeps to itself.
    @Test func aMissingDatabaseIsNamedWithTheServersAnswer() async throws {
        var configuration = try SQLPostgres.Configuration(url: try TestDatabase.url("slate_no_such_database"))
        configuration.maximumWait = .milliseconds(500)
        let database = SQLPostgres(configuration: configuration)
        let error = await #expect(throws: SQLPostgresError.self) { try await database.read { _ in 1 } }
        #expect(error?.kind == .connection)
        #expect(error?.sqlState == "3D000")
        #expect(
            error?.message
                == #"could not connect to the primary: database "slate_no_such_database" does not exist (SQLSTATE 3D000)"#
        )
        await database.close()
    }

    /// One connection, held by a write that waits: a second call gives up after the limit
    /// with `busy`, naming the pool's size; the held write then commits, and the next call
    /// gets the connection.
    @Test func aFullPoolIsBusyAfterTheWaitLimitAndServesAgainOnceFree() async throws {
        try await RuntimeTestDatabase.with(configure: {
            $0.maximumConnections = 1
            // Long enough for a first connection on a loaded machine.
            $0.maximumWait = .seconds(3)
        }) { database in
            try await database.write { try await $0.exec(sql: "CREATE TABLE t (n BIGINT)") }
            try await Self.whileAWriteHoldsTheConnection(
                of: database, writing: { try await $0.exec(sql: "INSERT INTO t VALUES (1)") }
            ) {
                let error = await #expect(throws: SQLPostgresError.self) {
                    try await database.read { try await $0.query(sql: "SELECT n FROM t").count }
                }
                #expect(error?.kind == .busy)
                #expect(
                    error?.message
                        == "no connection to the primary became free: the call waited longer than its limit of 3.0 seconds (SQLPostgres.Configuration.maximumWait), while other calls held all 1 of its connections (SQLPostgres.Configuration.maximumConnections 1)"
                )
            }
            let count = try await database.read { try await $0.query(sql: "SELECT n FROM t").count }
            #expect(count == 1)
        }
    }

    /// `maximumWait = nil`: a call waits for the held connection as long as it takes.
    @Test func withoutALimitACallWaitsForTheHeldConnection() async throws {
        try await RuntimeTestDatabase.with(configure: {
            $0.maximumConnections = 1
            $0.maximumWait = nil
        }) { database in
            try await database.write { try await $0.exec(sql: "CREATE TABLE t (n BIGINT)") }
            let (held, holding) = AsyncStream.makeStream(of: Void.self)
            let holder = Task {
                try await database.write { context in
                    holding.yield()
                    // Longer than the default limit would allow a waiting call: no limit here.
                    try await context.exec(sql: "SELECT pg_sleep(0.5)")
                    try await context.exec(sql: "INSERT INTO t VALUES (1)")
                }
            }
            for await _ in held { break }
            let count = try await database.read { try await $0.query(sql: "SELECT n FROM t").count }
            try await holder.value
            // The read ran once the write had committed, on the one connection.
            #expect(count == 1)
        }
    }

    /// A limit of zero or less is a configuration error, not a call that fails at once.
    @Test func aLimitThatIsNotPositiveIsAConfigurationError() async throws {
        try await RuntimeTestDatabase.with(configure: { $0.maximumWait = .zero }) { database in
            let error = await #expect(throws: SQLPostgresError.self) { try await database.read { _ in 1 } }
            #expect(error?.kind == .configuration)
            #expect(
                error?.message == "SQLPostgres.Configuration.maximumWait must be positive or nil, not 0.0 seconds")
        }
    }

    /// A call cancelled while it waits for a held connection throws `CancellationError`,
    /// never `busy`, and takes no connection.
    @Test func aCallCancelledWhileWaitingThrowsCancellation() async throws {
        try await RuntimeTestDatabase.with(configure: {
            $0.maximumConnections = 1
            $0.maximumWait = .seconds(30)
        }) { database in
            try await Self.whileAWriteHoldsTheConnection(of: database) {
                let waiter = Task { try await database.read { _ in 1 } }
                waiter.cancel()
                await #expect(throws: CancellationError.self) { try await waiter.value }
            }
            #expect(try await database.read { _ in 2 } == 2)
        }
    }

    /// Cancelled while it waits on the timed path (the pool full): `CancellationError`,
    /// never the limit's error, and nothing of postgres-nio's.
    @Test func aCallCancelledDuringItsTimedWaitThrowsCancellation() async throws {
        try await RuntimeTestDatabase.with(configure: {
            $0.maximumConnections = 1
            $0.maximumWait = .seconds(30)
        }) { database in
            try await Self.whileAWriteHoldsTheConnection(of: database) {
                for _ in 0..<5 {
                    let waiter = Task { try await database.read { _ in 1 } }
                    // Into its wait (if not yet, it is cancelled before: the same answer).
                    try await Task.sleep(for: .milliseconds(100))
                    waiter.cancel()
                    await #expect(throws: CancellationError.self) { try await waiter.value }
                }
            }
            #expect(try await database.read { _ in 2 } == 2)
        }
    }

    /// A `write` inside `writeWithoutTransaction` joins its connection and throws
    /// `misuse` (there is no transaction to nest in), instead of waiting for a second
    /// connection of a pool of one.
    @Test func aWriteInsideWriteWithoutTransactionIsMisuseNotAWait() async throws {
        try await RuntimeTestDatabase.with(configure: {
            $0.maximumConnections = 1
            $0.maximumWait = .seconds(30)
        }) { database in
            let error = await #expect(throws: SQLPostgresError.self) {
                try await database.writeWithoutTransaction { _ in
                    try await database.write { try await $0.exec(sql: "SELECT 1") }
                }
            }
            #expect(error?.kind == .misuse)
            #expect(error?.message == "write inside writeWithoutTransaction: there is no transaction to nest in")
            // A read inside it runs on the same connection.
            let one = try await database.writeWithoutTransaction { _ in
                try await database.read { try await $0.query(sql: "SELECT 1")[0].get(0, as: Int.self) }
            }
            #expect(one == 1)
        }
    }

    /// 40 tasks × 10 increments through 2 connections: most calls find the pool full and
    /// take the timed path. Every increment lands once, none fails, and no more than two
    /// connections were ever open.
    @Test func manyCallsThroughAFullPoolAllLandOnce() async throws {
        try await RuntimeTestDatabase.with(configure: {
            $0.maximumConnections = 2
            $0.maximumWait = .seconds(60)
        }) { database in
            try await database.write {
                try await $0.exec(sql: "CREATE TABLE counter (n BIGINT NOT NULL)")
                try await $0.exec(sql: "INSERT INTO counter VALUES (0)")
            }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for task in 0..<40 {
                    group.addTask {
                        for step in 0..<10 {
                            if (task + step) % 2 == 0 {
                                try await database.write { try await $0.exec(sql: "UPDATE counter SET n = n + 1") }
                            } else {
                                try await database.writeWithoutTransaction {
                                    try await $0.exec(sql: "UPDATE counter SET n = n + 1")
                                }
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
            let (count, connections) = try await database.read { context in
                let count = try await context.query(sql: "SELECT n FROM counter")[0].get(0, as: Int.self)
                let connections = try await context.query(
                    sql: "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()")[0].get(
                        0, as: Int.self)
                return (count, connections)
            }
            #expect(count == 400)
            #expect(connections <= 2)
        }
    }
}
#endif
