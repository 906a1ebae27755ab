#if Postgres
import Slate
import SlatePostgres
import SlateRecords
import SlateTestSupport
import Testing

/// What a review of the PostgreSQL runtime found: each test failed before its fix.
@Suite(.enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipReason))
struct Review33Tests {
    /// PostgreSQL writes a bound value into the primary message of a data exception
    /// (`invalid input syntax for type bigint: "…"`, `value "…" is out of range`): the
    /// message, and so the description, must not carry it.
    @Test func aBoundValueQuotedInTheServersMessageIsHidden() async throws {
        try await RuntimeTestDatabase.with { database in
            try await database.write { try await $0.exec(sql: "CREATE TABLE t (n BIGINT, i INTEGER, d DATE)") }
            let cases: [(String, SQLValue, String)] = [
                ("INSERT INTO t(n) VALUES ($1::text::bigint)", .text("secret-ssn-123"), "22P02"),
                ("INSERT INTO t(i) VALUES ($1::text::integer)", .text("99999999999"), "22003"),
                ("INSERT INTO t(d) VALUES ($1::text::date)", .text("2024-13-45"), "22008"),
            ]
            for (sql, value, state) in cases {
                let error = await #expect(throws: SQLPostgresError.self) {
                    try await database.write { try await $0.exec(sql: sql, parameters: [value]) }
                }
                guard case .text(let text) = value else { continue }
                #expect(error?.sqlState == state)
                #expect(error?.message.contains(text) == false, "\(error?.message ?? "")")
                #expect(error?.description.contains(text) == false, "\(error?.description ?? "")")
                #expect(error.map { String(reflecting: $0) }?.contains(text) == false)
            }
        }
    }

    /// A failing schema script's error is for logs: the server's detail carries row
    /// values (`Key (email)=(…) already exists`), which the runtime's errors leave out too.
    @Test func aFailingScriptsErrorDoesNotCarryRowValues() async throws {
        try await RuntimeTestDatabase.with { database in
            let scripts = [
                SQLSchemaScript(
                    file: "people-001.sql",
                    sql: "CREATE TABLE people (email TEXT);\nINSERT INTO people VALUES ('private@example.com');"),
                SQLSchemaScript(
                    file: "people-002.sql",
                    sql: "INSERT INTO people VALUES ('private@example.com');\nCREATE UNIQUE INDEX ON people(email);"
                ),
            ]
            let error = await #expect(throws: SQLPostgresSchemaEvolution.Failure.self) {
                try await database.bootstrap(scripts: scripts)
            }
            #expect(error?.sqlState == "23505")
            #expect(error?.file == "people-002.sql")
            #expect(error?.line == 2)
            #expect(error?.description.contains("private@example.com") == false, "\(error?.description ?? "")")
        }
    }

    /// Two nested writes from concurrent child tasks share one connection: the first to
    /// fail rolls back to its savepoint, which PostgreSQL takes as undoing every savepoint
    /// made after it, the other's included, although the other already returned. The
    /// second must be refused instead of its work vanishing from a committed transaction.
    @Test func concurrentNestedWritesNeverLoseAReturnedOnesWork() async throws {
        try await RuntimeTestDatabase.with { database in
            try await database.write { try await $0.exec(sql: "CREATE TABLE t (n BIGINT PRIMARY KEY)") }
            for round in 0..<3 {
                let first = Barrier(parties: 2)
                let second = Barrier(parties: 2)
                let outcome = try await database.write { _ -> [String] in
                    async let failing: String = {
                        do {
                            return try await database.write { context in
                                await first.arrive() // its savepoint is made
                                await second.arrive() // the other write has returned
                                try await context.exec(sql: "INSERT INTO t VALUES (NULL)")
                                return "inserted"
                            }
                        } catch { return "failed" }
                    }()
                    async let succeeding: String = {
                        await first.arrive()
                        do {
                            return try await database.write { context in
                                try await context.exec(
                                    sql: "INSERT INTO t VALUES ($1)", parameters: [.integer(Int64(round))])
                                return "inserted"
                            }
                        } catch let error as SQLPostgresError where error.kind == .misuse {
                            return "refused"
                        } catch { return "\(error)" }
                    }()
                    let done = await succeeding
                    await second.arrive()
                    return [await failing, done]
                }
                let count = try await database.read {
                    try await $0.query(
                        sql: "SELECT count(*) FROM t WHERE n = $1", parameters: [.integer(Int64(round))])[
                            0
                        ].get(0, as: Int.self)
                }
                #expect(outcome[0] == "failed")
                // Either the second write was refused, or its row is there.
                #expect(
                    outcome[1] == "refused" || (outcome[1] == "inserted" && count == 1), "\(outcome), \(count) rows")
            }
        }
    }
    /// Tasks started inside a write run statements on its connection beside each other:
    /// postgres-nio queues them on the connection, one after the other, so every statement
    /// runs once, in the transaction; no data race. (Nested writes beside each other, or a
    /// statement beside a nested write, are refused, above.)
    @Test func statementsFromChildTasksOfAWriteRunInTurnOnItsConnection() async throws {
        try await RuntimeTestDatabase.with { database in
            try await database.write { try await $0.exec(sql: "CREATE TABLE t (task BIGINT, n BIGINT)") }
            try await database.write { context in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for task in 0..<8 {
                        group.addTask {
                            for n in 0..<25 {
                                try await context.exec(
                                    sql: "INSERT INTO t VALUES ($1, $2)",
                                    parameters: [.integer(Int64(task)), .integer(Int64(n))])
                            }
                        }
                    }
                    try await group.waitForAll()
                }
            }
            let rows = try await database.read {
                try await $0.query(sql: "SELECT count(*), count(DISTINCT (task, n)), sum(n) FROM t")[0].values()
            }
            #expect(
                rows == [.integer(200), .integer(200), .float(2400)]
                    || rows == [.integer(200), .integer(200), .integer(2400)])
        }
    }

    /// Closing while a write runs neither hangs nor half-commits: the write either
    /// commits whole or throws and leaves nothing.
    @Test func closeWhileAWriteRunsNeitherHangsNorHalfCommits() async throws {
        let name = try await TestDatabase.create(prefix: "slate_r")
        var configuration = try SQLPostgres.Configuration(url: try #require(PostgresTestServer.url))
        configuration.primary.database = name
        let database = SQLPostgres(configuration: configuration)
        try await database.write { try await $0.exec(sql: "CREATE TABLE t (a BIGINT)") }
        let started = Barrier(parties: 2)
        let task = Task {
            try await database.write { context in
                try await context.exec(sql: "INSERT INTO t VALUES (1)")
                await started.arrive()
                try await Task.sleep(nanoseconds: 300_000_000)
                try await context.exec(sql: "INSERT INTO t VALUES (2)")
            }
        }
        await started.arrive()
        await database.close()
        let outcome = await task.result
        let reopened = SQLPostgres(configuration: configuration)
        let count = try await reopened.read {
            try await $0.query(sql: "SELECT count(*) FROM t")[0].get(0, as: Int.self)
        }
        await reopened.close()
        switch outcome {
        case .success: #expect(count == 2)
        case .failure: #expect(count == 0)
        }
        await #expect(throws: SQLPostgresError.self) { try await database.read { _ in } }
        try await TestDatabase.drop(name)
    }

    /// A write waiting for a connection (all leased) and cancelled throws
    /// `CancellationError` at once, as documented, not a connection error, and not once the
    /// connection frees.
    @Test func cancellingAWriteWaitingForAConnectionThrowsCancellationAtOnce() async throws {
        try await RuntimeTestDatabase.with(configure: { $0.maximumConnections = 1 }) { database in
            try await database.write { try await $0.exec(sql: "CREATE TABLE t (a BIGINT)") }
            let holding = Barrier(parties: 2)
            let release = Barrier(parties: 2)
            let holder = Task {
                try await database.write { context in
                    try await context.exec(sql: "INSERT INTO t VALUES (1)")
                    await holding.arrive()
                    await release.arrive()
                }
            }
            await holding.arrive()
            let clock = ContinuousClock()
            let waiter = Task {
                try await database.write { try await $0.exec(sql: "INSERT INTO t VALUES (2)") }
            }
            try await Task.sleep(nanoseconds: 200_000_000)
            let start = clock.now
            waiter.cancel()
            let outcome = await waiter.result
            let elapsed = clock.now - start
            await release.arrive()
            try await holder.value
            #expect(elapsed < .seconds(2))
            switch outcome {
            case .success: Issue.record("the cancelled write ran")
            case .failure(let error): #expect(error is CancellationError, "\(error)")
            }
            let count = try await database.read {
                try await $0.query(sql: "SELECT count(*) FROM t")[0].get(0, as: Int.self)
            }
            #expect(count == 1)
        }
    }
    /// What psql accepts and a bootstrap cannot run — `COPY … FROM stdin` with its data
    /// lines, a meta-command — fails on its file and line, without hanging; a script of
    /// comments only is an empty version.
    @Test func psqlOnlyScriptsFailOnTheirLineAndCommentOnlyScriptsApply() async throws {
        try await RuntimeTestDatabase.with { database in
            let base = SQLSchemaScript(file: "c-001.sql", sql: "CREATE TABLE t (a BIGINT);")
            let comments = SQLSchemaScript(file: "c-002.sql", sql: "-- nothing yet\n/* still /* nothing */ */\n")
            #expect(try await database.bootstrap(scripts: [base, comments]).version == 2)
            let meta = SQLSchemaScript(file: "c-003.sql", sql: "SELECT 1;\n\\set ON_ERROR_STOP on\nSELECT 2;\n")
            let metaFailure = await #expect(throws: SQLPostgresSchemaEvolution.Failure.self) {
                try await database.bootstrap(scripts: [base, comments, meta])
            }
            #expect(metaFailure?.file == "c-003.sql")
            #expect(metaFailure?.line == 2)
            let count = try await database.read {
                try await $0.query(sql: "SELECT count(*) FROM slate_schema_version")[0].get(0, as: Int.self)
            }
            #expect(count == 2)
        }
    }
    /// `COPY … FROM stdin` (psql's form, with its data lines) makes the server wait for
    /// data postgres-nio never sends: the bootstrap must fail on its line, not hang.
    @Test(.timeLimit(.minutes(1))) func copyFromStdinFailsOnItsLine() async throws {
        try await RuntimeTestDatabase.with { database in
            let base = SQLSchemaScript(file: "c-001.sql", sql: "CREATE TABLE t (a BIGINT);")
            let copy = SQLSchemaScript(file: "c-002.sql", sql: "SELECT 1;\nCOPY t (a) FROM stdin;\n1\n2\n\\.\n")
            let failure = await #expect(throws: SQLPostgresSchemaEvolution.Failure.self) {
                try await database.bootstrap(scripts: [base, copy])
            }
            #expect(failure?.file == "c-002.sql")
            #expect(failure?.line == 2)
        }
    }
    /// The same through `exec` and `query`: refused before sending, not a hang.
    @Test(.timeLimit(.minutes(1))) func copyThroughTheClientIsRefusedByTheContext() async throws {
        try await RuntimeTestDatabase.with { database in
            try await database.write { try await $0.exec(sql: "CREATE TABLE t (a BIGINT)") }
            for sql in ["COPY t FROM STDIN", "  copy t (a) to stdout", "COPY (SELECT 1) TO STDOUT WITH (FORMAT csv)"] {
                let error = await #expect(throws: SQLPostgresError.self) {
                    try await database.write { try await $0.exec(sql: sql) }
                }
                #expect(error?.kind == .misuse)
                #expect(error?.sql == sql)
            }
            let count = try await database.read {
                try await $0.query(sql: "SELECT count(*) FROM t")[0].get(0, as: Int.self)
            }
            #expect(count == 0)
        }
    }
    /// No server: writeWithoutTransaction throws Slate's error of kind `connection`, never
    /// postgres-nio's own types (`writeWithoutTransaction` let them through).
    @Test func noServerIsAConnectionErrorFromWriteWithoutTransaction() async throws {
        var configuration = try SQLPostgres.Configuration(url: "postgres://nobody@127.0.0.1:1/none")
        configuration.retries = 0
        configuration.maximumWait = .milliseconds(300)
        let database = SQLPostgres(configuration: configuration)
        // (write and read were right already; PostgresLeaseTests tries every kind of call.)
        let error = await #expect(throws: SQLPostgresError.self) {
            try await database.writeWithoutTransaction { _ in }
        }
        #expect(error?.kind == .connection)
        await database.close()
    }
}
#endif
