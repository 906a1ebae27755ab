#if Postgres
import Foundation
import PostgresNIO
import SlatePostgres
import SlateRecords
import SlateTestSupport
import Testing

/// Several processes and tasks bootstrapping one database at once, and a process killed
/// while its script runs.
@Suite(.enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipReason))
struct SchemaEvolutionConcurrencyTests {
    /// Each script logs itself in `log`, so a script applied twice shows; the first creates
    /// `log` without IF NOT EXISTS, so it would fail when run twice. Script 2 sleeps as long
    /// as the database's `slate.test_sleep` says (not at all unless set).
    static let scripts = [
        SQLSchemaScript(
            file: "log-001.sql", sql: "CREATE TABLE log (script TEXT NOT NULL);\nINSERT INTO log VALUES ('1');"),
        SQLSchemaScript(
            file: "log-002.sql",
            sql: """
                INSERT INTO log VALUES ('2');
                CREATE TABLE two (x BIGINT);
                SELECT pg_sleep(coalesce(current_setting('slate.test_sleep', true), '0')::float8);
                INSERT INTO two VALUES (2);
                """),
        SQLSchemaScript(file: "log-003.sql", sql: "INSERT INTO log VALUES ('3');\nSELECT pg_sleep(0.1);"),
    ]

    /// The scripts as files, for the child processes.
    static func scriptFiles(in directory: TemporaryDirectory) throws -> [String] {
        try scripts.map { script in
            let path = directory.path(script.file)
            try script.sql.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
    }

    static var child: URL? { Executables.url("slate-postgres-test-child") }

    @Test func sixProcessesAtOnceApplyEachScriptOnce() async throws {
        let child = try #require(Self.child, "slate-postgres-test-child was not built")
        let directory = TemporaryDirectory()
        let files = try Self.scriptFiles(in: directory)
        try await EvolutionDatabase.with { database in
            let results = try Executables.runTogether(child, Array(repeating: [database.url] + files, count: 6))
            // Each child's last line (its log lines come before it, on standard error):
            // `found F version V applied A,B,…`.
            let summaries = results.map { result in
                result.output.split(separator: "\n").last(where: { $0.hasPrefix("found ") }).map(String.init) ?? ""
            }
            for (result, summary) in zip(results, summaries) {
                #expect(result.status == 0, "\(result.output)")
                #expect(summary.contains(" version 3 applied"), "\(result.output)")
            }
            #expect(try await database.strings("SELECT script FROM log ORDER BY script") == ["1", "2", "3"])
            #expect(try await database.versions() == ["1 log-001.sql", "2 log-002.sql", "3 log-003.sql"])
            // Between them, the processes applied each script once.
            let applied = summaries.flatMap { summary in
                (summary.components(separatedBy: " applied").last ?? "").split(separator: ",").map {
                    $0.trimmingCharacters(in: .whitespaces)
                }.filter { !$0.isEmpty }
            }
            #expect(applied.sorted() == ["log-001.sql", "log-002.sql", "log-003.sql"])
        }
    }

    @Test func manyTasksOfOneProcessAtOnceApplyEachScriptOnce() async throws {
        try await EvolutionDatabase.with { database in
            let outcomes = try await withThrowingTaskGroup(of: SQLPostgresSchemaEvolution.Outcome.self) { group in
                for _ in 0..<8 {
                    group.addTask { try await database.apply(Self.scripts) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(outcomes.count == 8)
            #expect(outcomes.allSatisfy { $0.version == 3 })
            #expect(outcomes.flatMap(\.appliedFiles).sorted() == ["log-001.sql", "log-002.sql", "log-003.sql"])
            #expect(try await database.strings("SELECT script FROM log ORDER BY script") == ["1", "2", "3"])
        }
    }

    @Test func aProcessKilledMidScriptLeavesThePreviousVersionAndTheNextBootstrapFinishes() async throws {
        let child = try #require(Self.child, "slate-postgres-test-child was not built")
        let directory = TemporaryDirectory()
        let files = try Self.scriptFiles(in: directory)
        try await EvolutionDatabase.with { database in
            // The server notices a vanished client while a statement runs (PostgreSQL 14+),
            // as a production server should be configured to; script 2 sleeps a minute.
            try await database.exec("ALTER DATABASE \(database.name) SET client_connection_check_interval = '50ms'")
            try await database.exec("ALTER DATABASE \(database.name) SET slate.test_sleep = '60'")
            let process = Process()
            process.executableURL = child
            process.arguments = [database.url] + files
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            // Killed once its script is seen sleeping on the server, never after a guessed time.
            var sleeper: [String] = []
            for _ in 0..<600 where sleeper.isEmpty {
                sleeper = try await database.strings(
                    "SELECT pid::text FROM pg_stat_activity WHERE datname = '\(database.name)' AND wait_event = 'PgSleep'"
                )
                if sleeper.isEmpty { try await Task.sleep(for: .milliseconds(50)) }
            }
            #expect(sleeper.count == 1, "the child's script 2 was never seen sleeping")
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal)
            // The server ends the orphaned session and rolls its transaction back.
            let pid = try #require(sleeper.first)
            var gone = false
            for _ in 0..<400 where !gone {
                gone =
                    try await database.strings("SELECT count(*)::text FROM pg_stat_activity WHERE pid = \(pid)") == [
                        "0"
                    ]
                if !gone { try await Task.sleep(for: .milliseconds(50)) }
            }
            #expect(gone, "the killed child's session still runs")
            #expect(try await database.versions() == ["1 log-001.sql"])
            #expect(try await database.strings("SELECT script FROM log ORDER BY script") == ["1"])
            #expect(try await !database.exists("two"))

            try await database.exec("ALTER DATABASE \(database.name) RESET slate.test_sleep")
            let outcome = try await EvolutionDatabase.withClient(database.url) { client in
                try await SQLPostgresSchemaEvolution(scripts: Self.scripts).apply(
                    on: client, logger: EvolutionDatabase.logger)
            }
            #expect(outcome == .init(foundVersion: 1, version: 3, appliedFiles: ["log-002.sql", "log-003.sql"]))
            #expect(try await database.strings("SELECT script FROM log ORDER BY script") == ["1", "2", "3"])
            #expect(try await database.strings("SELECT x::text FROM two") == ["2"])
        }
    }

    /// A bootstrap waiting for the lock that a killed process held goes on once the server
    /// ends that process's session: the lock dies with it, and the waiter applies what the
    /// killed one had not.
    @Test func aBootstrapWaitingOnAKilledProcesssLockFinishesTheWork() async throws {
        let child = try #require(Self.child, "slate-postgres-test-child was not built")
        let directory = TemporaryDirectory()
        let files = try Self.scriptFiles(in: directory)
        try await EvolutionDatabase.with { database in
            try await database.exec("ALTER DATABASE \(database.name) SET client_connection_check_interval = '50ms'")
            try await database.exec("ALTER DATABASE \(database.name) SET slate.test_sleep = '60'")
            let holder = Process()
            holder.executableURL = child
            holder.arguments = [database.url] + files
            holder.standardOutput = FileHandle.nullDevice
            holder.standardError = FileHandle.nullDevice
            try holder.run()
            let sleeping = try await database.waitFor(
                "SELECT pid::text FROM pg_stat_activity WHERE datname = '\(database.name)' AND wait_event = 'PgSleep'")
            #expect(sleeping.count == 1, "the first child's script 2 was never seen sleeping")
            // The waiter's sessions do not sleep in script 2.
            try await database.exec("ALTER DATABASE \(database.name) RESET slate.test_sleep")
            let waiter = Process()
            waiter.executableURL = child
            waiter.arguments = [database.url] + files
            let output = Pipe()
            waiter.standardOutput = output
            waiter.standardError = output
            try waiter.run()
            let waiting = try await database.waitFor(
                """
                SELECT pid::text FROM pg_stat_activity
                WHERE datname = '\(database.name)' AND wait_event_type = 'Lock' AND wait_event = 'advisory'
                """)
            #expect(waiting.count == 1, "the second child was never seen waiting for the lock")
            kill(holder.processIdentifier, SIGKILL)
            holder.waitUntilExit()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            waiter.waitUntilExit()
            let text = String(decoding: data, as: UTF8.self)
            #expect(waiter.terminationStatus == 0, "\(text)")
            #expect(
                text.split(separator: "\n").last == "found 1 version 3 applied log-002.sql,log-003.sql", "\(text)")
            #expect(try await database.strings("SELECT script FROM log ORDER BY script") == ["1", "2", "3"])
            #expect(try await database.versions() == ["1 log-001.sql", "2 log-002.sql", "3 log-003.sql"])
        }
    }

    /// A bootstrap waits as long as another session holds the lock; the session's
    /// `lock_timeout` bounds the wait, and the bootstrap then fails having written nothing.
    @Test func aHeldLockIsWaitedForUpToTheLockTimeout() async throws {
        try await EvolutionDatabase.with { database in
            try await database.exec("ALTER DATABASE \(database.name) SET lock_timeout = '300ms'")
            try await database.client.withConnection { holder in
                let logger = EvolutionDatabase.logger
                for sql in ["BEGIN", "SELECT pg_advisory_xact_lock(\(SQLPostgresSchemaEvolution.lockKey))"] {
                    for try await _ in try await holder.query(PostgresQuery(unsafeSQL: sql), logger: logger) {}
                }
                let failure = try await EvolutionDatabase.withClient(database.url) { client -> String? in
                    do {
                        _ = try await SQLPostgresSchemaEvolution(scripts: Self.scripts, schemaName: "Tests").apply(
                            on: client, logger: logger)
                        return nil
                    } catch {
                        return "\(error)"
                    }
                }
                #expect(
                    failure
                        == "error: keeping Tests's versions in slate_schema_version failed: canceling statement due to lock timeout (SQLSTATE 55P03)"
                )
                for try await _ in try await holder.query("ROLLBACK", logger: logger) {}
            }
            #expect(try await !database.exists("slate_schema_version"))
            #expect(try await !database.exists("log"))
        }
    }
}
#endif
