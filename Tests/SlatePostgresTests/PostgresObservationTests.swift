#if Postgres
import Foundation
import SlatePostgres
import SlateTestSupport
import Testing

/// What one observation delivered, collected by a task of its own.
final class ObservedValues<Value: Sendable>: Sendable {
    private struct State {
        var values: [Value] = []
        var ended = false
        var error: (any Error)?
    }

    private let state = ObservationLock(State())
    private let task: ObservationTask

    init(_ stream: AsyncThrowingStream<Value, any Error>) {
        let state = self.state
        task = ObservationTask(
            Task {
                do {
                    for try await value in stream { state.withLock { $0.values.append(value) } }
                    state.withLock { $0.ended = true }
                } catch {
                    state.withLock {
                        $0.ended = true
                        $0.error = error
                    }
                }
            })
    }

    var values: [Value] { state.withLock { $0.values } }
    var ended: Bool { state.withLock { $0.ended } }
    var error: (any Error)? { state.withLock { $0.error } }

    /// Stops iterating (cancels the consuming task) and waits for it to end.
    func cancel() async {
        task.task.cancel()
        await task.task.value
    }

    /// The values once `condition` holds of them, waiting 30 s at most.
    @discardableResult
    func wait(
        _ what: String, sourceLocation: SourceLocation = #_sourceLocation, until condition: ([Value]) -> Bool
    ) async throws -> [Value] {
        for _ in 0..<3_000 {
            let (values, ended) = state.withLock { ($0.values, $0.ended) }
            if condition(values) { return values }
            if ended { break }
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        let (values, error) = state.withLock { ($0.values, $0.error) }
        Issue.record("never \(what): \(values), error \(String(describing: error))", sourceLocation: sourceLocation)
        throw CancellationError()
    }

    /// The error the stream ended with, waiting 30 s at most.
    func waitForEnd(sourceLocation: SourceLocation = #_sourceLocation) async throws -> (any Error)? {
        for _ in 0..<3_000 {
            if ended { return error }
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        Issue.record("the observation never ended: \(values)", sourceLocation: sourceLocation)
        throw CancellationError()
    }
}

/// A task in a Sendable box.
struct ObservationTask: Sendable {
    let task: Task<Void, Never>
    init(_ task: Task<Void, Never>) { self.task = task }
}

/// A lock around a value, for the collector (Slate's own lock is package API).
final class ObservationLock<State>: @unchecked Sendable {
    private let lock = NSLock()
    private var state: State
    init(_ state: State) { self.state = state }
    func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}

/// One run's result: a count, and the moment it was read, so that every run yields a
/// value of its own (none is skipped as equal to the last) and runs can be counted.
struct ObservedRun: Equatable, Sendable, CustomStringConvertible {
    var count: Int64
    var stamp: String
    var description: String { "\(count)" }
}

/// Observation on PostgreSQL: change triggers, LISTEN/NOTIFY, re-runs, reconnects.
@Suite(.enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipReason))
struct PostgresObservationTests {
    /// The count of `table`'s rows, with the run's clock.
    static func runs(_ database: SQLPostgres, table: String = "item") -> ObservedValues<ObservedRun> {
        ObservedValues(
            database.observe(tables: [table]) { context in
                let row = try await context.query(
                    sql: "SELECT count(*), clock_timestamp()::text FROM \(quoted(table))")[0]
                return ObservedRun(count: try row.get(0), stamp: try row.get(1))
            })
    }

    static func quoted(_ name: String) -> String { "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

    static func insert(_ database: SQLPostgres, table: String = "item", count: Int = 1) async throws {
        try await database.write { context in
            for _ in 0..<count { try await context.exec(sql: "INSERT INTO \(quoted(table)) DEFAULT VALUES") }
        }
    }

    /// A fresh database with `tables` (an identity column each), notifying.
    static func with(
        tables: [String] = ["item"], configure: (inout SQLPostgres.Configuration) -> Void = { _ in },
        _ body: (SQLPostgres) async throws -> Void
    ) async throws {
        try await RuntimeTestDatabase.with(configure: configure) { database in
            try await database.write { context in
                for table in tables {
                    try await context.exec(
                        sql: "CREATE TABLE \(quoted(table)) (id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY)")
                }
            }
            #expect(try await database.installChangeNotifications(tables: tables) == tables.sorted())
            try await body(database)
        }
    }

    /// The backends of the current database that last ran a LISTEN: the listening
    /// connections.
    static func listeners(_ database: SQLPostgres) async throws -> [Int64] {
        try await database.read(readYourWrites: true) { context in
            try await context.query(
                sql: """
                    SELECT pid::bigint FROM pg_stat_activity
                    WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()
                    ORDER BY pid
                    """
            ).map { try $0.get(0, as: Int64.self) }
        }
    }

    static func waitForListeners(
        _ database: SQLPostgres, sourceLocation: SourceLocation = #_sourceLocation,
        until condition: ([Int64]) -> Bool
    ) async throws -> [Int64] {
        var last: [Int64] = []
        for _ in 0..<3_000 {
            last = try await listeners(database)
            if condition(last) { return last }
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        Issue.record("the listening connections never matched: \(last)", sourceLocation: sourceLocation)
        throw CancellationError()
    }

    @Test func theFirstValueComesAtOnceAndEachCommitGivesTheNext() async throws {
        try await Self.with { database in
            try await Self.insert(database, count: 2)
            let observed = Self.runs(database)
            try await observed.wait("the first value") { $0.count == 1 }
            #expect(observed.values.map(\.count) == [2])
            try await Self.insert(database)
            try await observed.wait("the commit") { $0.last?.count == 3 }
            try await Self.insert(database, count: 3)
            let values = try await observed.wait("the second commit") { $0.last?.count == 6 }
            #expect(values.map(\.count) == [2, 3, 6])
            await observed.cancel()
        }
    }

    @Test func equalResultsAreSkipped() async throws {
        try await Self.with(tables: ["item", "other"]) { database in
            let observed = ObservedValues(
                database.observe(tables: ["item", "other"]) { context in
                    try await context.query(sql: "SELECT count(*) FROM item")[0].get(0, as: Int64.self)
                })
            try await observed.wait("the first value") { $0 == [0] }
            try await Self.insert(database, table: "other", count: 2) // runs again: same count
            try await Self.insert(database)
            let values = try await observed.wait("the commit") { $0.last == 1 }
            #expect(values == [0, 1])
            await observed.cancel()
        }
    }

    @Test func aCommitByAnotherConnectionAndAnotherProcessIsSeen() async throws {
        let child = try #require(
            Executables.url("slate-postgres-test-child"), "slate-postgres-test-child was not built")
        try await Self.with { database in
            let observed = Self.runs(database)
            try await observed.wait("the first value") { $0.count == 1 }
            // Another SQLPostgres: connections of its own.
            let other = SQLPostgres(configuration: database.configuration)
            try await Self.insert(other)
            await other.close()
            try await observed.wait("the other connection's commit") { $0.last?.count == 1 }
            // Another process.
            let url = try TestDatabase.url(try #require(database.configuration.primary.database))
            let result = try Executables.run(
                child, ["--exec", url, "INSERT INTO item DEFAULT VALUES", "INSERT INTO item DEFAULT VALUES"])
            #expect(result.status == 0, "\(result.output) \(result.errors)")
            #expect(result.output.contains("committed"))
            let values = try await observed.wait("the other process's commit") { $0.last?.count == 3 }
            #expect(values.map(\.count) == [0, 1, 3])
            await observed.cancel()
        }
    }

    @Test func aRolledBackTransactionIsNotSeen() async throws {
        try await Self.with { database in
            let observed = Self.runs(database)
            try await observed.wait("the first value") { $0.count == 1 }
            struct Abandon: Error {}
            await #expect(throws: Abandon.self) {
                try await database.write { context in
                    for _ in 0..<5 { try await context.exec(sql: "INSERT INTO item DEFAULT VALUES") }
                    throw Abandon()
                }
            }
            // A transaction that fails at a statement rolls back as well.
            await #expect(throws: SQLPostgresError.self) {
                try await database.write { context in
                    try await context.exec(sql: "INSERT INTO item DEFAULT VALUES")
                    try await context.exec(sql: "INSERT INTO item (id) VALUES (1)")
                }
            }
            try await Self.insert(database, count: 2)
            let values = try await observed.wait("the later commit") { $0.last?.count == 2 }
            // No run between them: the rollbacks sent nothing.
            #expect(values.map(\.count) == [0, 2])
            await observed.cancel()
        }
    }

    @Test func aBurstOfFiftyCommitsEndsWithTheFinalStateInFewerValues() async throws {
        try await Self.with { database in
            let observed = Self.runs(database)
            try await observed.wait("the first value") { $0.count == 1 }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<5 {
                    group.addTask { for _ in 0..<10 { try await Self.insert(database) } }
                }
                try await group.waitForAll()
            }
            let values = try await observed.wait("the final state") { $0.last?.count == 50 }
            // One value per run at most (every run's stamp differs): 1 + 50 runs at most;
            // in snapshot order, so the counts never go down, and never repeat (a run
            // happens only after a commit that the previous one had not seen).
            #expect(values.count >= 2 && values.count <= 51, "\(values.count) values")
            #expect(values.map(\.count) == values.map(\.count).sorted())
            #expect(Set(values.map(\.stamp)).count == values.count)
            #expect(values.first?.count == 0)
            await observed.cancel()
        }
    }

    @Test func twoObservationsOfDifferentTablesEachSeeTheirsAndShareOneConnection() async throws {
        try await Self.with(tables: ["a", "b"]) { database in
            let a = Self.runs(database, table: "a")
            let b = Self.runs(database, table: "b")
            try await a.wait("a's first value") { $0.count == 1 }
            try await b.wait("b's first value") { $0.count == 1 }
            #expect(try await Self.listeners(database).count == 1)
            try await Self.insert(database, table: "b")
            try await b.wait("b's commit") { $0.last?.count == 1 }
            try await Self.insert(database, table: "a")
            try await a.wait("a's commit") { $0.last?.count == 1 }
            try await Self.insert(database, table: "b", count: 2)
            try await b.wait("b's second commit") { $0.last?.count == 3 }
            try await Self.insert(database, table: "a", count: 3)
            #expect(try await a.wait("a's second commit") { $0.last?.count == 4 }.map(\.count) == [0, 1, 4])
            #expect(b.values.map(\.count) == [0, 1, 3])
            await a.cancel()
            await b.cancel()
        }
    }

    @Test func aTerminatedListeningConnectionIsMadeAgainAndACommitMeanwhileIsSeen() async throws {
        try await Self.with { database in
            let observed = Self.runs(database)
            try await observed.wait("the first value") { $0.count == 1 }
            let before = try await Self.waitForListeners(database) { $0.count == 1 }
            for round in 1...3 {
                let killed = try await Self.listeners(database)
                try await database.writeWithoutTransaction { context in
                    _ = try await context.query(
                        sql: "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid = $1",
                        parameters: [.integer(killed[0])])
                }
                // Committed while the listener is gone or coming back: seen either way,
                // by the run that follows a reconnect.
                try await Self.insert(database)
                try await observed.wait("round \(round)'s commit") { $0.last?.count == Int64(round) }
                let after = try await Self.waitForListeners(database) { $0.count == 1 && $0 != killed }
                #expect(after != before)
            }
            // After the reconnects, notifications reach it again.
            try await Self.insert(database, count: 2)
            try await observed.wait("a commit after the reconnects") { $0.last?.count == 5 }
            await observed.cancel()
        }
    }

    @Test func aTableMadeAgainWithoutItsTriggerEndsTheObservationAtTheReconnect() async throws {
        try await Self.with { database in
            let observed = Self.runs(database)
            try await observed.wait("the first value") { $0.count == 1 }
            let killed = try await Self.waitForListeners(database) { $0.count == 1 }
            // No notification for DDL: only the check after the reconnect can tell.
            try await database.write { context in
                try await context.exec(sql: "DROP TABLE item")
                try await context.exec(sql: "CREATE TABLE item (id BIGINT)")
            }
            try await database.writeWithoutTransaction { context in
                _ = try await context.query(
                    sql: "SELECT pg_terminate_backend($1::integer)", parameters: [.integer(killed[0])])
            }
            let error = try #require(try await observed.waitForEnd() as? SQLPostgresError)
            #expect(error.kind == .misuse)
            #expect(error.table == "item")
            #expect(error.message.hasPrefix("observe: table \"public\".\"item\" does not notify its changes"))
            #expect(observed.values.map(\.count) == [0])
        }
    }

    @Test func aServerThatStaysAwayEndsTheObservationWithAnError() async throws {
        // Port 1 on the loopback: nothing listens there, every connection is refused.
        var configuration = try SQLPostgres.Configuration(url: "postgres://postgres@127.0.0.1:1/nowhere")
        configuration.observationReconnectTimeout = .milliseconds(500)
        let database = SQLPostgres(configuration: configuration)
        let observed = Self.runs(database)
        let error = try await observed.waitForEnd()
        let failure = try #require(error as? SQLPostgresError, "\(String(describing: error))")
        #expect(failure.kind == .connection)
        #expect(failure.message.hasPrefix("observe: could not listen for changes on the server for 0.5 seconds"))
        #expect(observed.values.isEmpty)
        await database.close()
    }

    @Test func aServerRestartIsSurvivedAndAServerGoneTooLongEndsTheObservation() async throws {
        // A cluster of the test's own, stopped and started again.
        let script = PostgresTestServer.repositoryRoot.appendingPathComponent("Scripts/postgres.sh").path
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("slate-observe-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        let port = PostgresTestServer.freePort()
        let started = PostgresTestServer.run("/bin/bash", [script, "start", directory, String(port)])
        defer {
            _ = PostgresTestServer.run("/bin/bash", [script, "stop", directory])
            _ = PostgresTestServer.run("/bin/rm", ["-rf", directory])
        }
        try #require(started.status == 0, "\(started.output)")
        var configuration = try SQLPostgres.Configuration(url: "postgres://postgres@127.0.0.1:\(port)/postgres")
        configuration.observationReconnectTimeout = .seconds(120)
        let patient = SQLPostgres(configuration: configuration)
        configuration.observationReconnectTimeout = .seconds(1)
        let impatient = SQLPostgres(configuration: configuration)
        try await patient.write { try await $0.exec(sql: "CREATE TABLE item (id BIGINT)") }
        try await patient.installChangeNotifications()
        let survivor = Self.runs(patient)
        let quitter = Self.runs(impatient)
        try await survivor.wait("the first value") { $0.count == 1 }
        try await quitter.wait("the first value") { $0.count == 1 }

        // The cluster runs with synchronous_commit off and stops with `-m immediate`:
        // a checkpoint first, so that the trigger is still there after the restart.
        try await patient.writeWithoutTransaction { try await $0.exec(sql: "CHECKPOINT") }
        let stopped = PostgresTestServer.run("/bin/bash", [script, "stop", directory])
        #expect(stopped.status == 0, "\(stopped.output)")
        let error = try #require(try await quitter.waitForEnd() as? SQLPostgresError)
        #expect(error.kind == .connection)
        #expect(
            error.message.hasPrefix(
                "observe: could not listen for changes on the server for 1.0 seconds (the last attempt: "))
        #expect(!survivor.ended)

        let resumed = PostgresTestServer.run("/bin/bash", [script, "resume", directory, String(port)])
        try #require(resumed.status == 0, "\(resumed.output)")
        // Perhaps before the listener is back: seen by the run after the reconnect.
        try await patient.write { try await $0.exec(sql: "INSERT INTO item VALUES (1)") }
        try await survivor.wait("the commit after the restart") { $0.last?.count == 1 }
        try await patient.write { try await $0.exec(sql: "INSERT INTO item VALUES (2)") }
        try await survivor.wait("a later commit") { $0.last?.count == 2 }
        #expect(survivor.values.map(\.count).first == 0)
        await survivor.cancel()
        await patient.close()
        await impatient.close()
    }

    @Test func cancellingEndsTheObservationAndTheLastOneClosesTheConnection() async throws {
        try await Self.with { database in
            let first = Self.runs(database)
            let second = Self.runs(database)
            let third = Self.runs(database)
            for observed in [first, second, third] { try await observed.wait("the first value") { $0.count == 1 } }
            #expect(try await Self.listeners(database).count == 1)
            await first.cancel()
            await second.cancel()
            #expect(first.ended && second.ended)
            try await Self.insert(database)
            try await third.wait("the commit") { $0.last?.count == 1 }
            #expect(first.values.map(\.count) == [0])
            #expect(try await Self.listeners(database).count == 1)
            await third.cancel()
            _ = try await Self.waitForListeners(database) { $0.isEmpty }
            // A new observation opens a connection again.
            let fourth = Self.runs(database)
            try await fourth.wait("the first value") { $0.map(\.count) == [1] }
            #expect(try await Self.waitForListeners(database) { $0.count == 1 }.count == 1)
            await fourth.cancel()
            _ = try await Self.waitForListeners(database) { $0.isEmpty }
        }
    }

    @Test func closeEndsEveryObservationWithoutAnErrorAndLaterOnesFail() async throws {
        let name = try await TestDatabase.create(prefix: "slate_obs")
        let database = try SQLPostgres(url: try TestDatabase.url(name))
        try await database.write { try await $0.exec(sql: "CREATE TABLE item (id BIGINT)") }
        try await database.installChangeNotifications()
        let first = Self.runs(database)
        let second = Self.runs(database)
        try await first.wait("the first value") { $0.count == 1 }
        try await second.wait("the first value") { $0.count == 1 }
        await database.close()
        #expect(try await first.waitForEnd() == nil)
        #expect(try await second.waitForEnd() == nil)
        let late = Self.runs(database)
        let error = try #require(try await late.waitForEnd() as? SQLPostgresError)
        #expect(error.kind == .misuse)
        // The listening connection is closed (its backend leaves pg_stat_activity soon
        // after the socket closes).
        let admin = try RuntimeTestDatabase.admin()
        var listening: Int64 = -1
        for _ in 0..<3_000 where listening != 0 {
            listening = try await admin.read {
                try await $0.query(
                    sql: "SELECT count(*) FROM pg_stat_activity WHERE datname = $1 AND query LIKE 'LISTEN%'",
                    parameters: [.text(name)])[0].get(0, as: Int64.self)
            }
            if listening != 0 { try await Task.sleep(nanoseconds: 10_000_000) }
        }
        #expect(listening == 0)
        await admin.close()
        try await TestDatabase.drop(name)
    }

    @Test func tablesWithHostileNamesAreObserved() async throws {
        let names = ["order", "select", "it\"s", "a.b", "Mixed Case"]
        try await Self.with(tables: names) { database in
            let observations = names.map { Self.runs(database, table: $0) }
            for observed in observations { try await observed.wait("the first value") { $0.count == 1 } }
            for (index, name) in names.enumerated() {
                try await Self.insert(database, table: name, count: index + 1)
            }
            for (index, observed) in observations.enumerated() {
                let values = try await observed.wait("\(names[index])'s commit") { $0.last?.count == Int64(index + 1) }
                #expect(values.map(\.count) == [0, Int64(index + 1)], "\(names[index])")
            }
            for observed in observations { await observed.cancel() }
        }
    }

    @Test func badTablesAreErrorsNamingThem() async throws {
        try await Self.with { database in
            try await database.write { context in
                try await context.exec(sql: "CREATE TABLE plain (x BIGINT)")
                try await context.exec(sql: "CREATE VIEW seen AS SELECT * FROM item")
            }
            let missing = await #expect(throws: SQLPostgresError.self) {
                try await database.installChangeNotifications(tables: ["plain", "nothere"])
            }
            #expect(missing?.kind == .misuse)
            #expect(missing?.table == "nothere")
            #expect(
                missing?.message == "installChangeNotifications: there is no table \"nothere\" in schema \"public\"")
            let view = await #expect(throws: SQLPostgresError.self) {
                try await database.installChangeNotifications(tables: ["seen"])
            }
            #expect(view?.table == "seen")
            #expect(view?.message.hasPrefix("installChangeNotifications: \"public\".\"seen\" is not a table") == true)
            // Nothing was installed on `plain` by the call that failed.
            let withoutTrigger = ObservedValues(database.observe(tables: ["item", "plain"]) { _ in 1 })
            let error = try #require(try await withoutTrigger.waitForEnd() as? SQLPostgresError)
            #expect(error.kind == .misuse)
            #expect(error.table == "plain")
            #expect(
                error.message
                    == "observe: table \"public\".\"plain\" does not notify its changes: call installChangeNotifications(tables:) for it first"
            )
            #expect(withoutTrigger.values.isEmpty)
            let unknown = ObservedValues(database.observe(tables: ["Item"]) { _ in 1 })
            let unknownError = try #require(try await unknown.waitForEnd() as? SQLPostgresError)
            #expect(unknownError.message == "observe: there is no table \"Item\" in schema \"public\"")
            let none = ObservedValues(database.observe(tables: []) { _ in 1 })
            let noneError = try #require(try await none.waitForEnd() as? SQLPostgresError)
            #expect(noneError.kind == .misuse)
        }
    }

    @Test func aFailingQueryEndsTheObservationWithItsError() async throws {
        try await Self.with { database in
            let observed = ObservedValues(
                database.observe(tables: ["item"]) { context in
                    try await context.query(sql: "SELECT 1 / (1 - count(*)) FROM item")[0].get(0, as: Int64.self)
                })
            try await observed.wait("the first value") { $0 == [1] }
            try await Self.insert(database)
            let error = try #require(try await observed.waitForEnd() as? SQLPostgresError)
            #expect(error.sqlState == "22012")
            #expect(error.sql == "SELECT 1 / (1 - count(*)) FROM item")
            #expect(observed.values == [1])
            // The listening connection is closed with its last observation.
            _ = try await Self.waitForListeners(database) { $0.isEmpty }
        }
    }

    @Test func anObservationStartedInsideAWriteRunsOutsideItsTransaction() async throws {
        try await Self.with { database in
            let observed = ObservationLock<ObservedValues<ObservedRun>?>(nil)
            try await database.write { context in
                try await context.exec(sql: "INSERT INTO item DEFAULT VALUES")
                let started = Self.runs(database)
                observed.withLock { $0 = started }
                // Its own snapshot: the write's row is not committed yet.
                try await started.wait("the first value") { $0.count == 1 }
                #expect(started.values.map(\.count) == [0])
            }
            let started = try #require(observed.withLock { $0 })
            try await started.wait("the write's commit") { $0.last?.count == 1 }
            await started.cancel()
        }
    }

    @Test func installingFromSeveralDatabasesAtOnceLeavesOneTriggerPerTable() async throws {
        try await Self.with(tables: ["item", "order"]) { database in
            try await withThrowingTaskGroup(of: [String].self) { group in
                for _ in 0..<6 {
                    group.addTask {
                        let other = SQLPostgres(configuration: database.configuration)
                        do {
                            let names = try await other.installChangeNotifications()
                            await other.close()
                            return names
                        } catch {
                            await other.close()
                            throw error
                        }
                    }
                }
                for try await names in group { #expect(names == ["item", "order"]) }
            }
            let triggers = try await database.read {
                try await $0.query(
                    sql: """
                        SELECT c.relname, count(*) FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
                        WHERE t.tgname = 'slate_notify_change' GROUP BY c.relname ORDER BY c.relname
                        """
                ).map { "\(try $0.get(0, as: String.self)) \(try $0.get(1, as: Int64.self))" }
            }
            #expect(triggers == ["item 1", "order 1"])
            // A table created later notifies once installed again.
            try await database.write { try await $0.exec(sql: "CREATE TABLE later (x BIGINT)") }
            #expect(try await database.installChangeNotifications() == ["item", "later", "order"])
            let observed = ObservedValues(
                database.observe(tables: ["later"]) { context in
                    try await context.query(sql: "SELECT count(*) FROM later")[0].get(0, as: Int64.self)
                })
            try await observed.wait("the first value") { $0 == [0] }
            try await database.write { try await $0.exec(sql: "INSERT INTO later VALUES (1)") }
            try await observed.wait("the commit") { $0 == [0, 1] }
            // TRUNCATE notifies as well.
            try await database.write { try await $0.exec(sql: "TRUNCATE later") }
            try await observed.wait("the truncate") { $0 == [0, 1, 0] }
            await observed.cancel()
        }
    }
}
#endif
