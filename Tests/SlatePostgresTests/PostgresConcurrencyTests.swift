#if Postgres
import Slate
import SlatePostgres
import SlateTestSupport
import Testing

@Suite(.enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipReason))
struct PostgresConcurrencyTests {
    /// Two doctors on call; each transaction takes one off call if the other is still on.
    /// Both read "2 on call" before either writes (a barrier on the first run), so under
    /// SERIALIZABLE one fails with 40001 and is run again, and sees 1.
    @Test func writeSkewUnderSerializableIsRetriedToACorrectResult() async throws {
        try await RuntimeTestDatabase.with { database in
            try await database.write { context in
                try await context.exec(sql: "CREATE TABLE doctor (id BIGINT PRIMARY KEY, on_call BOOLEAN NOT NULL)")
                try await context.exec(sql: "INSERT INTO doctor VALUES (1, true), (2, true)")
            }
            let barrier = Barrier(parties: 2)
            let tally = Tally()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for id in [1, 2] {
                    group.addTask {
                        try await database.write(isolation: .serializable, retries: 5) { context in
                            await tally.sawAttempt(context.attempt)
                            let onCall = try await context.query(sql: "SELECT count(*) FROM doctor WHERE on_call")[0]
                                .get(0, as: Int.self)
                            if context.attempt == 0 { await barrier.arrive() }
                            if onCall >= 2 {
                                try await context.exec(
                                    sql: "UPDATE doctor SET on_call = false WHERE id = $1",
                                    parameters: [.integer(Int64(id))])
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
            let onCall = try await database.read {
                try await $0.query(sql: "SELECT count(*) FROM doctor WHERE on_call")[0].get(0, as: Int.self)
            }
            #expect(onCall == 1)
            #expect(await tally.maximumAttempt >= 1)
        }
    }

    @Test func withoutRetriesTheSerializationFailureIsThrown() async throws {
        try await RuntimeTestDatabase.with { database in
            try await database.write { context in
                try await context.exec(sql: "CREATE TABLE doctor (id BIGINT PRIMARY KEY, on_call BOOLEAN NOT NULL)")
                try await context.exec(sql: "INSERT INTO doctor VALUES (1, true), (2, true)")
            }
            let barrier = Barrier(parties: 2)
            let failures = Tally()
            await withTaskGroup(of: Void.self) { group in
                for id in [1, 2] {
                    group.addTask {
                        do {
                            try await database.write(isolation: .serializable, retries: 0) { context in
                                _ = try await context.query(sql: "SELECT count(*) FROM doctor WHERE on_call")
                                await barrier.arrive()
                                try await context.exec(
                                    sql: "UPDATE doctor SET on_call = false WHERE id = $1",
                                    parameters: [.integer(Int64(id))])
                            }
                        } catch let error as SQLPostgresError where error.sqlState == "40001" && error.isRetryable {
                            await failures.add()
                        } catch {}
                    }
                }
            }
            #expect(await failures.value == 1)
        }
    }

    @Test func manyTasksIncrementingOneCounterCountExactly() async throws {
        try await RuntimeTestDatabase.with { database in
            try await database.write { context in
                try await context.exec(sql: "CREATE TABLE counter (n BIGINT NOT NULL)")
                try await context.exec(sql: "INSERT INTO counter VALUES (0)")
            }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<16 {
                    group.addTask {
                        for _ in 0..<5 {
                            try await database.write { try await $0.exec(sql: "UPDATE counter SET n = n + 1") }
                        }
                    }
                }
                // Read-then-write under SERIALIZABLE: lost updates become retries.
                for _ in 0..<4 {
                    group.addTask {
                        for _ in 0..<3 {
                            try await database.write(isolation: .serializable, retries: 100) { context in
                                let n = try await context.query(sql: "SELECT n FROM counter")[0].get(0, as: Int64.self)
                                try await context.exec(sql: "UPDATE counter SET n = $1", parameters: [.integer(n + 1)])
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
            let n = try await database.read { try await $0.query(sql: "SELECT n FROM counter")[0].get(0, as: Int.self) }
            #expect(n == 16 * 5 + 4 * 3)
        }
    }

    /// Each task locks one row, meets the other, then locks the other's row: PostgreSQL
    /// breaks the deadlock (40P01) and the victim runs again.
    @Test func aDeadlockIsRetried() async throws {
        try await RuntimeTestDatabase.with { database in
            try await database.write { context in
                try await context.exec(sql: "CREATE TABLE account (id BIGINT PRIMARY KEY, n BIGINT NOT NULL)")
                try await context.exec(sql: "INSERT INTO account VALUES (1, 0), (2, 0)")
                try await context.exec(
                    sql:
                        "ALTER DATABASE \(try await context.query(sql: "SELECT current_database()")[0].get(0, as: String.self)) SET deadlock_timeout = '100ms'"
                )
            }
            let barrier = Barrier(parties: 2)
            let tally = Tally()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (first, second) in [(1, 2), (2, 1)] {
                    group.addTask {
                        try await database.write(retries: 3) { context in
                            await tally.sawAttempt(context.attempt)
                            try await context.exec(
                                sql: "UPDATE account SET n = n + 1 WHERE id = $1", parameters: [.integer(Int64(first))])
                            if context.attempt == 0 { await barrier.arrive() }
                            try await context.exec(
                                sql: "UPDATE account SET n = n + 1 WHERE id = $1", parameters: [.integer(Int64(second))]
                            )
                        }
                    }
                }
                try await group.waitForAll()
            }
            let values = try await database.read { try await $0.query(sql: "SELECT n FROM account ORDER BY id") }
            #expect(try values.map { try $0.get(0, as: Int.self) } == [2, 2])
            #expect(await tally.maximumAttempt == 1)
        }
    }

    /// The connection is terminated from another one after the first insert: the next
    /// statement fails with the connection-lost kind, nothing is retried or committed, and
    /// the database works again (one connection at most, so the dead one was replaced).
    @Test func aConnectionTerminatedMidTransactionLeavesNothingHalfDone() async throws {
        try await RuntimeTestDatabase.with(configure: { $0.maximumConnections = 1 }) { database in
            try await database.write { try await $0.exec(sql: "CREATE TABLE t (a BIGINT)") }
            let killer = try RuntimeTestDatabase.admin()
            let runs = Tally()
            let error = await #expect(throws: SQLPostgresError.self) {
                try await database.write(isolation: .serializable) { context in
                    await runs.add()
                    try await context.exec(sql: "INSERT INTO t VALUES (1)")
                    let pid = try await context.query(sql: "SELECT pg_backend_pid()")[0].get(0, as: Int64.self)
                    let killed = try await killer.write {
                        try await $0.query(sql: "SELECT pg_terminate_backend($1::int)", parameters: [.integer(pid)])[0]
                            .get(0, as: Bool.self)
                    }
                    #expect(killed)
                    try await context.exec(sql: "INSERT INTO t VALUES (2)")
                }
            }
            await killer.close()
            #expect(error?.kind == .connectionLost)
            #expect(await runs.value == 1)
            let count = try await database.read {
                try await $0.query(sql: "SELECT count(*) FROM t")[0].get(0, as: Int.self)
            }
            #expect(count == 0)
            try await database.write { try await $0.exec(sql: "INSERT INTO t VALUES (3)") }
            #expect(try await database.read { try await $0.query(sql: "SELECT a FROM t")[0].get(0, as: Int.self) } == 3)
        }
    }

    /// A deferred trigger ends the session during COMMIT: Slate cannot know whether the
    /// transaction committed, and says so.
    @Test func aConnectionEndingDuringCommitIsAnUnknownOutcome() async throws {
        try await RuntimeTestDatabase.with(configure: { $0.maximumConnections = 1 }) { database in
            try await database.write { context in
                try await context.exec(sql: "CREATE TABLE doomed (a BIGINT)")
                try await context.exec(
                    sql:
                        "CREATE FUNCTION die() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_terminate_backend(pg_backend_pid()); RETURN NULL; END $$"
                )
                try await context.exec(
                    sql:
                        "CREATE CONSTRAINT TRIGGER die AFTER INSERT ON doomed DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION die()"
                )
            }
            let runs = Tally()
            let error = await #expect(throws: SQLPostgresError.self) {
                try await database.write { context in
                    await runs.add()
                    try await context.exec(sql: "INSERT INTO doomed VALUES (1)")
                }
            }
            #expect(error?.kind == .commitOutcomeUnknown)
            #expect(error?.sql == "COMMIT")
            #expect(await runs.value == 1)
            #expect(
                try await database.read {
                    try await $0.query(sql: "SELECT count(*) FROM doomed")[0].get(0, as: Int.self)
                } == 0)
        }
    }
}
#endif
