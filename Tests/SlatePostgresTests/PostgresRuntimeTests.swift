#if Postgres
import Foundation
import PostgresNIO
import Slate
import SlatePostgres
import SlateTestSupport
import Testing

struct CustomFailure: Error, Equatable {}

@Suite(.enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipReason))
struct PostgresRuntimeTests {
    @Test func everySessionRunsInUTCFromItsFirstStatement() async throws {
        try await RuntimeTestDatabase.with { database in
            let zones = try await database.read { context in
                try await context.query(sql: "SHOW TimeZone").map { try $0.get(0, as: String.self) }
            }
            #expect(zones == ["UTC"])
            let text = try await database.write { context in
                try await context.query(sql: "SELECT '2024-03-01 12:00:00'::timestamptz::text")[0].get(
                    0, as: String.self)
            }
            #expect(text == "2024-03-01 12:00:00+00")
            let date = try await database.read { context in
                try await context.query(sql: "SELECT '2001-01-01 00:00:01.5+00'::timestamptz")[0].get(0, as: Date.self)
            }
            #expect(date == Date(timeIntervalSince1970: 978_307_201.5))
        }
    }

    @Test func valuesRoundTripThroughOddNamesByIndexAndByName() async throws {
        try await RuntimeTestDatabase.with { database in
            try await database.write { context in
                try await context.exec(
                    sql:
                        #"CREATE TABLE "user" ("order" BIGINT, "select" DOUBLE PRECISION, "we""ird" TEXT, b BYTEA, n TEXT)"#
                )
                let inserted = try await context.exec(
                    sql: #"INSERT INTO "user" VALUES ($1, $2, $3, $4, $5), ($6, $7, $8, $9, $10)"#,
                    parameters: [
                        .integer(.max), .float(-0.5), .text("it's \"é\""), .blob([0, 255, 1]), .null,
                        .integer(.min), .float(.infinity), .text(""), .blob([]), .text("x"),
                    ])
                #expect(inserted == 2)
            }
            let rows = try await database.read { context in
                try await context.query(sql: #"SELECT "order", "select", "we""ird", b, n FROM "user" ORDER BY "order""#)
            }
            #expect(rows.count == 2)
            #expect(try rows[0].get(0, as: Int64.self) == .min)
            #expect(try rows[0].get("select", as: Double.self) == .infinity)
            #expect(try rows[0].get(#"we"ird"#, as: String.self) == "")
            #expect(try rows[0].get("b", as: [UInt8].self) == [])
            #expect(try rows[1].get("order", as: Int.self) == .max)
            #expect(try rows[1].get(1, as: Double.self) == -0.5)
            #expect(try rows[1].get(2, as: String.self) == "it's \"é\"")
            #expect(try rows[1].get(3, as: [UInt8].self) == [0, 255, 1])
            #expect(try rows[1].get(4, as: String?.self) == nil)
            #expect(
                try rows[1].values() == [.integer(.max), .float(-0.5), .text("it's \"é\""), .blob([0, 255, 1]), .null])
            #expect(rows[1].columnName(at: 2) == #"we"ird"#)
            #expect(throws: SQLPostgresError.self) { try rows[1].get(5, as: Int.self) }
            #expect(throws: SQLPostgresError.self) { try rows[1].get("missing", as: Int.self) }
        }
    }

    @Test func typedGettersReadBoolUUIDNumericAndNative() async throws {
        try await RuntimeTestDatabase.with { database in
            let uuid = UUID(uuidString: "6BA7B810-9DAD-11D1-80B4-00C04FD430C8")!
            let row = try await database.read { context in
                try await context.query(
                    "SELECT true, \(uuid), 3::numeric, -12000.0::numeric, 0.25::numeric, 7::int2, 8::int4, 'z'::varchar, \(Int64(41)) + 1"
                )[0]
            }
            #expect(try row.get(0, as: Bool.self) == true)
            #expect(try row.get(1, as: UUID.self) == uuid)
            #expect(try row.get(2, as: Int.self) == 3)
            #expect(try row.get(3, as: Int64.self) == -12000)
            #expect(try row.get(4, as: Double.self) == 0.25)
            #expect(try row.get(5, as: Int.self) == 7)
            #expect(try row.get(6, as: Double.self) == 8)
            #expect(try row.get(7, as: String.self) == "z")
            #expect(try row.get(8, as: Int.self) == 42)
            #expect(
                try row.values() == [
                    .integer(1), .text("6ba7b810-9dad-11d1-80b4-00c04fd430c8"), .integer(3), .integer(-12000),
                    .float(0.25),
                    .integer(7), .integer(8), .text("z"), .integer(42),
                ])
        }
    }

    @Test func aValueThatDoesNotFitThrowsNamingColumnTypeAndTable() async throws {
        try await RuntimeTestDatabase.with { database in
            try await database.write { context in
                try await context.exec(
                    sql: #"CREATE TABLE "order" (price NUMERIC, big NUMERIC, name TEXT, d DOUBLE PRECISION)"#)
                try await context.exec(sql: #"INSERT INTO "order" VALUES (2.5, 9223372036854775808, NULL, 1.5)"#)
            }
            let error = await #expect(throws: SQLPostgresError.self) {
                try await database.read { context in
                    try await context.query(sql: #"SELECT price FROM "order""#)[0].get(0, as: Int.self)
                }
            }
            #expect(error?.kind == .mismatch)
            #expect(error?.column == "price")
            #expect(error?.table == "order")
            #expect(error?.dataType == "NUMERIC")
            #expect(error?.message.contains("2.5") == true)
            let row = try await database.read {
                try await $0.query(sql: #"SELECT price, big, name, d FROM "order""#)[0]
            }
            for attempt in [
                { _ = try row.get(1, as: Int64.self) }, { _ = try row.get(2, as: String.self) },
                { _ = try row.get(3, as: Int.self) }, { _ = try row.get(0, as: String.self) },
                { _ = try row.get(3, as: Bool.self) }, { _ = try row.get(0, as: [UInt8].self) },
            ] as [() throws -> Void] {
                let error = #expect(throws: SQLPostgresError.self) { try attempt() }
                #expect(error?.kind == .mismatch)
            }
            #expect(try row.get(2, as: Int?.self) == nil)
            #expect(try row.get(1, as: Double.self) == 9_223_372_036_854_775_808)
            #expect(try row.get(1, as: SQLValue.self) == .float(9_223_372_036_854_775_808))
        }
    }

    @Test func parametersPostgreSQLCannotStoreExactlyAreRefusedBeforeSending() async throws {
        try await RuntimeTestDatabase.with { database in
            try await database.write { try await $0.exec(sql: "CREATE TABLE t (a TEXT, b DOUBLE PRECISION)") }
            let nul = await #expect(throws: SQLPostgresError.self) {
                try await database.write { context in
                    try await context.exec(sql: "INSERT INTO t VALUES ($1, $2)", parameters: ["ok", .null])
                    try await context.exec(
                        sql: "INSERT INTO t VALUES ($1, $2)", parameters: [.null, .text("a\u{0}secret")])
                }
            }
            #expect(nul?.kind == .invalidParameter)
            #expect(nul?.message.contains("$2") == true)
            #expect(nul?.description.contains("secret") == false)
            #expect(nul?.sql == "INSERT INTO t VALUES ($1, $2)")
            let nan = await #expect(throws: SQLPostgresError.self) {
                try await database.write {
                    try await $0.exec(sql: "INSERT INTO t VALUES ($1, $2)", parameters: [.null, .float(.nan)])
                }
            }
            #expect(nan?.kind == .invalidParameter)
            #expect(nan?.message.contains("$2") == true)
            let count = try await database.read {
                try await $0.query(sql: "SELECT count(*) FROM t")[0].get(0, as: Int.self)
            }
            #expect(count == 0)
        }
    }

    @Test func serverErrorsCarrySQLStateFieldsAndStatementButNoValues() async throws {
        try await RuntimeTestDatabase.with { database in
            try await database.write {
                try await $0.exec(sql: #"CREATE TABLE "select" (email TEXT CONSTRAINT email_unique UNIQUE)"#)
                try await $0.exec(sql: #"INSERT INTO "select" VALUES ($1)"#, parameters: ["hidden@example.com"])
            }
            let error = await #expect(throws: SQLPostgresError.self) {
                try await database.write {
                    try await $0.exec(sql: #"INSERT INTO "select" VALUES ($1)"#, parameters: ["hidden@example.com"])
                }
            }
            #expect(error?.kind == .server)
            #expect(error?.sqlState == "23505")
            #expect(error?.table == "select")
            #expect(error?.constraint == "email_unique")
            #expect(error?.sql == #"INSERT INTO "select" VALUES ($1)"#)
            #expect(error?.detail?.contains("hidden@example.com") == true)
            #expect(error?.description.contains("hidden@example.com") == false)
        }
    }

    @Test func anErrorThatArrivesWhileRowsStreamIsThrownByTheQuery() async throws {
        try await RuntimeTestDatabase.with { database in
            let error = await #expect(throws: SQLPostgresError.self) {
                try await database.read { context in
                    try await context.query(sql: "SELECT 10 / (x - 3000) FROM generate_series(1, 5000) AS x")
                }
            }
            #expect(error?.sqlState == "22012")
            #expect(error?.sql == "SELECT 10 / (x - 3000) FROM generate_series(1, 5000) AS x")
            let alsoExec = await #expect(throws: SQLPostgresError.self) {
                try await database.write {
                    try await $0.exec(sql: "SELECT 10 / (x - 3000) FROM generate_series(1, 5000) AS x")
                }
            }
            #expect(alsoExec?.sqlState == "22012")
        }
    }

    @Test func aThrowInsideWriteRollsBackAndIsRethrownAsIs() async throws {
        try await RuntimeTestDatabase.with { database in
            try await database.write { try await $0.exec(sql: "CREATE TABLE t (a BIGINT)") }
            let runs = Tally()
            await #expect(throws: CustomFailure()) {
                try await database.write(isolation: .serializable) { context in
                    await runs.add()
                    try await context.exec(sql: "INSERT INTO t VALUES (1)")
                    throw CustomFailure()
                }
            }
            #expect(await runs.value == 1)
            #expect(try await database.read { try await $0.query(sql: "SELECT * FROM t").count } == 0)
        }
    }

    @Test func aFailedStatementAbortsTheTransactionClearlyUnlessInANestedWrite() async throws {
        try await RuntimeTestDatabase.with { database in
            try await database.write { try await $0.exec(sql: "CREATE TABLE t (a BIGINT PRIMARY KEY)") }
            let inner = ErrorBox()
            // Caught, then another statement: refused, naming the first failure; and the
            // commit refuses too, rather than PostgreSQL's silent ROLLBACK.
            let error = await #expect(throws: SQLPostgresError.self) {
                try await database.write { context in
                    try await context.exec(sql: "INSERT INTO t VALUES (1)")
                    do { try await context.exec(sql: "INSERT INTO t VALUES (1)") } catch {}
                    do {
                        try await context.exec(sql: "INSERT INTO t VALUES (2)")
                    } catch let error as SQLPostgresError {
                        await inner.set(error)
                    }
                }
            }
            let next = await inner.error
            #expect(next?.kind == .transactionAborted)
            #expect(next?.sqlState == "23505")
            #expect(next?.sql == "INSERT INTO t VALUES (2)")
            #expect(error?.kind == .transactionAborted)
            #expect(error?.sqlState == "23505")
            #expect(try await database.read { try await $0.query(sql: "SELECT * FROM t").count } == 0)
            // In a nested write (a savepoint), the failure is rolled back to and the
            // transaction goes on.
            try await database.write { context in
                try await context.exec(sql: "INSERT INTO t VALUES (1)")
                await #expect(throws: SQLPostgresError.self) {
                    try await database.write { inner in
                        try await inner.exec(sql: "INSERT INTO t VALUES (5)")
                        try await inner.exec(sql: "INSERT INTO t VALUES (1)")
                    }
                }
                try await database.write { inner in try await inner.exec(sql: "INSERT INTO t VALUES (2)") }
                await #expect(throws: CustomFailure()) {
                    try await database.write { inner in
                        try await inner.exec(sql: "INSERT INTO t VALUES (3)")
                        throw CustomFailure()
                    }
                }
                // A read inside the write runs in it, and sees its rows.
                let seen = try await database.read { try await $0.query(sql: "SELECT a FROM t ORDER BY a") }
                #expect(try seen.map { try $0.get(0, as: Int.self) } == [1, 2])
            }
            let values = try await database.read { try await $0.query(sql: "SELECT a FROM t ORDER BY a") }
            #expect(try values.map { try $0.get(0, as: Int.self) } == [1, 2])
        }
    }

    @Test func misuseIsAnErrorNotADeadlock() async throws {
        try await RuntimeTestDatabase.with(configure: { $0.maximumConnections = 1 }) { database in
            let inRead = await #expect(throws: SQLPostgresError.self) {
                try await database.read { _ in try await database.write { _ in } }
            }
            #expect(inRead?.kind == .misuse)
            let stricter = await #expect(throws: SQLPostgresError.self) {
                try await database.write { _ in try await database.write(isolation: .serializable) { _ in } }
            }
            #expect(stricter?.kind == .misuse)
            let kept = try await database.write { context in context }
            let late = await #expect(throws: SQLPostgresError.self) { try await kept.exec(sql: "SELECT 1") }
            #expect(late?.kind == .misuse)
            let readOnly = await #expect(throws: SQLPostgresError.self) {
                try await database.read { try await $0.exec(sql: "CREATE TABLE t (a BIGINT)") }
            }
            #expect(readOnly?.sqlState == "25006")
        }
    }

    @Test func closeIsIdempotentAndLaterCallsThrow() async throws {
        let database = try RuntimeTestDatabase.admin()
        #expect(try await database.read { try await $0.query(sql: "SELECT 1")[0].get(0, as: Int.self) } == 1)
        await database.close()
        await database.close()
        let error = await #expect(throws: SQLPostgresError.self) { try await database.read { _ in 1 } }
        #expect(error?.kind == .misuse)
    }

    @Test func cancellingAWriteRollsBackAndLeavesTheConnectionHealthy() async throws {
        try await RuntimeTestDatabase.with(configure: { $0.maximumConnections = 1 }) { database in
            try await database.write { try await $0.exec(sql: "CREATE TABLE t (a BIGINT)") }
            let started = Barrier(parties: 2)
            let task = Task {
                try await database.write { context in
                    try await context.exec(sql: "INSERT INTO t VALUES (1)")
                    await started.arrive()
                    try? await Task.sleep(nanoseconds: 60_000_000_000)
                    try await context.exec(sql: "INSERT INTO t VALUES (2)")
                }
            }
            await started.arrive()
            task.cancel()
            await #expect(throws: CancellationError.self) { try await task.value }
            let count = try await database.read {
                try await $0.query(sql: "SELECT count(*) FROM t")[0].get(0, as: Int.self)
            }
            #expect(count == 0)
            let state = try await database.read {
                try await $0.query(
                    sql:
                        "SELECT count(*) FROM pg_stat_activity WHERE state = 'idle in transaction' AND datname = current_database()"
                )[0]
                .get(0, as: Int.self)
            }
            #expect(state == 0)
        }
    }
}
#endif
