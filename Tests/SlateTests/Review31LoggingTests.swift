import Foundation
import Logging
import SlateCSQLite
import SlateTestSupport
import Testing

@testable import Slate

/// Issue 31 §3: log levels the caller chooses by kind, a logger carried by a pool call (its
/// metadata on Slate's lines), no slow-statement lines for set-up, schema upgrades logged.
@Suite struct Review31LoggingTests {
    private func context(
        _ store: inout RecordingLogHandler.Store?, levels: SQLContext.LogLevels = .init(), level: Logger.Level = .trace
    ) throws -> SQLContext {
        let (logger, recording) = RecordingLogHandler.logger(level: level)
        store = recording
        let context = try SQLContext(configuration: .init(logger: logger, logLevels: levels))
        try context.exec(
            sql: """
                CREATE TABLE parent (id INTEGER PRIMARY KEY);
                CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, n INTEGER CHECK (n > 0),
                                parent INTEGER REFERENCES parent(id));
                CREATE TRIGGER no_bob BEFORE INSERT ON t WHEN new.name = 'bob' BEGIN SELECT RAISE(ABORT, 'no bob'); END;
                INSERT INTO t (id, name, n) VALUES (1, 'ada', 1);
                """)
        return context
    }

    /// The statements that fail on a constraint, and their messages.
    static let violations: [(String, String)] = [
        ("INSERT INTO t (name, n) VALUES ('ada', 1)", "UNIQUE constraint failed: t.name"),
        ("INSERT INTO t (id, name, n) VALUES (1, 'x', 1)", "UNIQUE constraint failed: t.id"),
        ("INSERT INTO t (name, n) VALUES (NULL, 1)", "NOT NULL constraint failed: t.name"),
        ("INSERT INTO t (name, n) VALUES ('c', 0)", "CHECK constraint failed: n > 0"),
        ("INSERT INTO t (name, n, parent) VALUES ('d', 1, 99)", "FOREIGN KEY constraint failed"),
        ("INSERT INTO t (name, n) VALUES ('bob', 1)", "no bob"),
    ]

    @Test func constraintViolationsAreDebugAndOtherErrorsAreErrors() throws {
        var store: RecordingLogHandler.Store?
        let context = try context(&store)
        defer { context.close() }
        for (sql, _) in Self.violations {
            #expect(throws: SQLError.self) { try context.exec(sql: sql) }
        }
        #expect(throws: SQLError.self) { try context.exec(sql: "INSERT INTO missing VALUES (1)") }
        #expect(throws: SQLError.self) { try context.exec(sql: "SELEC 1") }
        let lines = store!.entries.filter { $0.level != .trace }
        #expect(lines.map(\.level) == Array(repeating: .debug, count: Self.violations.count) + [.error, .error])
        #expect(
            lines.map(\.message) == Self.violations.map(\.1) + [
                "no such table: missing", #"near "SELEC": syntax error"#,
            ])
        #expect(lines[0].metadata["sqlite.sql"] == "INSERT INTO t (name, n) VALUES ('ada', 1)")
        #expect(lines[0].metadata["sqlite.code"]?.description == "2067")
        #expect(lines.allSatisfy { $0.metadata["sqlite.database"] == ":memory:" })
    }

    @Test func theLevelsAreTheCallersToChoose() throws {
        var store: RecordingLogHandler.Store?
        let levels = SQLContext.LogLevels(statement: .debug, constraintViolation: .notice, failedStatement: .critical)
        let context = try context(&store, levels: levels, level: .debug)
        defer { context.close() }
        #expect(throws: SQLError.self) { try context.exec(sql: Self.violations[0].0) }
        #expect(throws: SQLError.self) { try context.exec(sql: "INSERT INTO missing VALUES (1)") }
        try context.exec(sql: "SELECT 1")
        let lines = store!.entries.filter { $0.level != .debug }
        #expect(lines.map(\.level) == [.notice, .critical])
        #expect(store!.entries.last?.message == "SELECT 1")
        #expect(store!.entries.last?.level == .debug)
    }

    @Test func aLoggerAboveTheLevelGetsNoLineAtAll() throws {
        var store: RecordingLogHandler.Store?
        let context = try context(&store, level: .info)
        defer { context.close() }
        for (sql, _) in Self.violations {
            #expect(throws: SQLError.self) { try context.exec(sql: sql) }
        }
        #expect(store!.entries.isEmpty)
        #expect(throws: SQLError.self) { try context.exec(sql: "INSERT INTO missing VALUES (1)") }
        #expect(store!.entries.map(\.message) == ["no such table: missing"])
    }

    @Test func aCancelledStatementIsDebugAndAStatementLimitAnError() throws {
        let (logger, store) = RecordingLogHandler.logger(level: .debug)
        let context = try SQLContext(configuration: .init(maximumStatementInstructions: 1_000_000, logger: logger))
        defer { context.close() }
        // A function that interrupts its own connection, as a cancelled task's pool call does.
        let handle = try #require(context.handle)
        let address = Int(bitPattern: handle)
        try context.createFunction("stop", argumentCount: 0) { _ in
            sqlite3_interrupt(OpaquePointer(bitPattern: address))
            return .integer(0)
        }
        let endless = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT "
        #expect(throws: SQLError.self) { try context.query(sql: endless + "stop() + x FROM c") }
        #expect(throws: SQLError.self) { try context.query(sql: endless + "max(x) FROM c") }
        let lines = store.entries
        #expect(lines.map(\.level) == [.debug, .error])
        #expect(lines.first?.message == "interrupted")
        #expect(lines.last.map { $0.message.contains("maximumStatementInstructions") } == true)
    }

    // MARK: A logger per call

    private func pool(_ directory: TemporaryDirectory, logger: Logger?) throws -> SQLPool {
        var configuration = SQLPool.Configuration()
        configuration.connection.logger = logger
        let pool = try SQLPool(path: directory.path("logged.sqlite"), configuration: configuration)
        try pool.write { try $0.exec(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT UNIQUE)") }
        _ = try pool.read { try $0.query(sql: "SELECT 1") }
        return pool
    }

    private static func request(_ id: String) -> (Logger, RecordingLogHandler.Store) {
        var (logger, store) = RecordingLogHandler.logger(level: .trace)
        logger[metadataKey: "request.id"] = .string(id)
        return (logger, store)
    }

    @Test func aCallsLoggerGetsItsStatementsAndTheConnectionsOwnIsBackAfterward() throws {
        let (own, ownStore) = RecordingLogHandler.logger(level: .trace)
        let directory = TemporaryDirectory()
        let pool = try pool(directory, logger: own)
        defer { pool.close() }
        let (request, requestStore) = Self.request("r-1")
        let ownBefore = ownStore.entries.count

        try pool.write(logger: request) { try $0.exec(sql: "INSERT INTO t (name) VALUES ('a')") }
        _ = try pool.read(logger: request) { try $0.query(sql: "SELECT count(*) FROM t") }
        struct Oops: Error {}
        #expect(throws: Oops.self) {
            try pool.write(logger: request) { ctx in
                try ctx.exec(sql: "INSERT INTO t (name) VALUES ('b')")
                throw Oops()
            }
        }
        #expect(throws: SQLError.self) {
            try pool.write(logger: request) { try $0.exec(sql: "INSERT INTO t (name) VALUES ('a')") }
        }
        #expect(ownStore.entries.count == ownBefore)
        let messages = requestStore.entries.map(\.message)
        #expect(
            messages == [
                "BEGIN IMMEDIATE TRANSACTION", "INSERT INTO t (name) VALUES ('a')", "COMMIT TRANSACTION",
                "BEGIN DEFERRED TRANSACTION", "SELECT 1 FROM sqlite_schema LIMIT 1", "SELECT count(*) FROM t",
                "COMMIT TRANSACTION",
                "BEGIN IMMEDIATE TRANSACTION", "INSERT INTO t (name) VALUES ('b')", "ROLLBACK TRANSACTION",
                "BEGIN IMMEDIATE TRANSACTION", "INSERT INTO t (name) VALUES ('a')", "UNIQUE constraint failed: t.name",
                "ROLLBACK TRANSACTION",
            ])
        #expect(
            requestStore.entries.allSatisfy {
                $0.metadata["request.id"] == "r-1" && $0.metadata["sqlite.database"] != nil
            })
        #expect(requestStore.entries.first { $0.level == .debug }?.message == "UNIQUE constraint failed: t.name")

        // The connections log to their own logger again.
        try pool.write { try $0.exec(sql: "INSERT INTO t (name) VALUES ('c')") }
        _ = try pool.read { try $0.query(sql: "SELECT name FROM t") }
        #expect(requestStore.entries.count == messages.count)
        #expect(ownStore.entries.dropFirst(ownBefore).map(\.message).contains("INSERT INTO t (name) VALUES ('c')"))
        #expect(ownStore.entries.dropFirst(ownBefore).map(\.message).contains("SELECT name FROM t"))
    }

    @Test func aCallsLoggerOnAPoolWithoutOneLogsOnlyDuringTheCall() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory, logger: nil)
        defer { pool.close() }
        let (request, store) = Self.request("r-2")
        try await pool.write(logger: request) { try $0.exec(sql: "INSERT INTO t (name) VALUES ('a')") }
        #expect(try await pool.read(logger: request) { try $0.query(sql: "SELECT name FROM t") } == [["a"]])
        try await pool.writeWithoutTransaction(logger: request) {
            try $0.exec(sql: "INSERT INTO t (name) VALUES ('b')")
        }
        #expect(
            try await pool.readWithoutTransaction(logger: request) { try $0.query(sql: "SELECT count(*) FROM t") } == [
                [2]
            ])
        let count = store.entries.count
        #expect(
            store.entries.map(\.message).filter {
                !$0.hasPrefix("BEGIN") && !$0.hasPrefix("COMMIT") && !$0.hasPrefix("SELECT 1 ")
            } == [
                "INSERT INTO t (name) VALUES ('a')", "SELECT name FROM t", "INSERT INTO t (name) VALUES ('b')",
                "SELECT count(*) FROM t",
            ])
        // After the calls, no logger and no trace callback: nothing more is logged.
        try await pool.write { try $0.exec(sql: "INSERT INTO t (name) VALUES ('c')") }
        _ = try await pool.read { try $0.query(sql: "SELECT name FROM t") }
        #expect(store.entries.count == count)
        try await pool.write { ctx in #expect(ctx.logger == nil) }
    }

    @Test func aCancelledCallGivesTheConnectionItsOwnLoggerBack() async throws {
        let (own, ownStore) = RecordingLogHandler.logger(level: .trace)
        let directory = TemporaryDirectory()
        let pool = try pool(directory, logger: own)
        defer { pool.close() }
        let (request, requestStore) = Self.request("r-3")
        let started = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let task = Task {
            try await pool.write(logger: request) { ctx in
                started.signal()
                proceed.wait()
                try ctx.exec(sql: "INSERT INTO t (name) VALUES ('cancelled')")
            }
        }
        started.wait()
        task.cancel()
        proceed.signal()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(requestStore.entries.map(\.message).last == "ROLLBACK TRANSACTION")
        let requestCount = requestStore.entries.count
        let ownBefore = ownStore.entries.count
        try await pool.write { ctx in
            #expect(ctx.logger?.label == own.label)
            #expect(ctx.logger?[metadataKey: "request.id"] == nil)
            try ctx.exec(sql: "INSERT INTO t (name) VALUES ('after')")
        }
        #expect(requestStore.entries.count == requestCount)
        #expect(ownStore.entries.dropFirst(ownBefore).map(\.message).contains("INSERT INTO t (name) VALUES ('after')"))
        #expect(try await pool.read { try $0.query(sql: "SELECT name FROM t ORDER BY id") } == [["after"]])
    }

    @Test func anObservationLogsToItsLogger() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory, logger: nil)
        defer { pool.close() }
        let (request, store) = Self.request("r-4")
        let observed = pool.observe(logger: request) { ctx in try ctx.query(sql: "SELECT count(*) FROM t")[0][0] }
        #expect(try await first(of: observed) { _ in true } == 0)
        try await pool.write { try $0.exec(sql: "INSERT INTO t (name) VALUES ('x')") }
        #expect(try await first(of: observed) { $0 == 1 } == 1)
        let runs = store.entries.filter { $0.message == "SELECT count(*) FROM t" }
        #expect(runs.count >= 2)
        #expect(store.entries.allSatisfy { $0.metadata["request.id"] == "r-4" })
        #expect(!store.entries.contains { $0.message.hasPrefix("INSERT") })
    }

    // MARK: Set-up

    @Test func settingUpAConnectionIsNeverASlowStatement() throws {
        let (logger, store) = RecordingLogHandler.logger(level: .trace)
        var configuration = SQLPool.Configuration()
        configuration.connection.logger = logger
        configuration.connection.slowStatementThreshold = .zero
        configuration.prepareConnection = { ctx in try ctx.exec(sql: "PRAGMA cache_size = -4000") }
        let directory = TemporaryDirectory()
        let pool = try SQLPool(path: directory.path("setup.sqlite"), configuration: configuration)
        defer { pool.close() }
        _ = try pool.read { try $0.query(sql: "SELECT 1") }
        let setUp = store.entries.filter { !$0.message.contains("SELECT 1") && !$0.message.contains("TRANSACTION") }
        #expect(
            setUp.map(\.message) == [
                "PRAGMA schema_version", "PRAGMA foreign_keys = ON", "PRAGMA journal_mode = WAL",
                "PRAGMA synchronous = NORMAL", "PRAGMA cache_size = -4000",
                "PRAGMA schema_version", "PRAGMA foreign_keys = ON", "PRAGMA cache_size = -4000",
            ])
        #expect(setUp.allSatisfy { $0.level == .trace })
        // The caller's statements are slow past the threshold (zero here).
        let slow = store.entries.filter { $0.level == .warning }.map(\.message)
        #expect(slow.contains { $0.hasPrefix("slow statement (") && $0.hasSuffix(" ms): SELECT 1") })
        #expect(!slow.contains { $0.contains("PRAGMA") })
    }

    // MARK: Schema upgrades

    @Test func anUpgradeByUserVersionIsLoggedWithItsVersionsAndTime() throws {
        let (logger, store) = RecordingLogHandler.logger(level: .info)
        let directory = TemporaryDirectory()
        let path = directory.path("upgrade.sqlite")
        var configuration = SQLPool.Configuration()
        configuration.connection.logger = logger
        let pool = try SQLPool(path: path, configuration: configuration)
        defer { pool.close() }
        try pool.migrate(migrations: [
            { try $0.exec(sql: "CREATE TABLE a (id INTEGER PRIMARY KEY)") },
            { try $0.exec(sql: "CREATE TABLE b (id INTEGER PRIMARY KEY)") },
        ])
        #expect(store.entries.count == 2)
        #expect(store.entries.map(\.level) == [.info, .info])
        #expect(store.entries[0].message == "upgrading \(path) from version 0 to 2")
        let done = store.entries[1].message
        #expect(done.hasPrefix("upgraded \(path) from version 0 to 2 in ") && done.hasSuffix(" ms"), "\(done)")
        #expect(store.entries[1].metadata["slate.schema.from"] == "0")
        #expect(store.entries[1].metadata["slate.schema.to"] == "2")
        #expect(store.entries[1].metadata["sqlite.duration_ms"] != nil)

        // Nothing to do: nothing logged.
        try pool.migrate(migrations: [
            { try $0.exec(sql: "CREATE TABLE a (id INTEGER PRIMARY KEY)") },
            { try $0.exec(sql: "CREATE TABLE b (id INTEGER PRIMARY KEY)") },
        ])
        #expect(store.entries.count == 2)

        // A failing upgrade: the error, with the versions.
        #expect(throws: SQLError.self) {
            try pool.migrate(migrations: [
                { try $0.exec(sql: "CREATE TABLE a (id INTEGER PRIMARY KEY)") },
                { try $0.exec(sql: "CREATE TABLE b (id INTEGER PRIMARY KEY)") },
                { try $0.exec(sql: "CREATE TABLE a (id INTEGER PRIMARY KEY)") },
            ])
        }
        let failure = store.entries.dropFirst(2)
        #expect(failure.map(\.level) == [.info, .error, .error])
        #expect(failure.first?.message == "upgrading \(path) from version 2 to 3")
        #expect(failure.dropFirst().first?.message == "table a already exists")
        let last = try #require(failure.last)
        #expect(last.message.hasPrefix("upgrading \(path) from version 2 to 3 failed: "))
        #expect(last.message.contains("migration 3 of 3, user_version 2 → 3, failed: table a already exists"))
        #expect(last.metadata["slate.schema.from"] == "2" && last.metadata["slate.schema.to"] == "3")
    }
}

/// Issue 31 §2, in one process: a read-only pool sees another pool's commits, and a change
/// set merged past the buffer keeps the mark of commits made elsewhere.
@Suite struct Review31ExternalChangeSetTests {
    @Test func anExternalChangeMergesIntoOwnChanges() {
        var own = SQLChanges(tables: ["t"], rowIDs: ["t": [1]])
        own.merge(.external)
        #expect(own == SQLChanges(tables: ["t"], rowIDs: ["t": [1]], transactionCount: 1, isExternal: true))
        #expect(own.mayHaveChanged("other"))
        var external = SQLChanges.external
        external.merge(SQLChanges(tables: ["u"]))
        #expect(external == SQLChanges(tables: ["u"], transactionCount: 1, isExternal: true))
        #expect(!SQLChanges(tables: ["t"]).mayHaveChanged("u"))
        #expect(SQLChanges(tables: ["t"]).mayHaveChanged("t"))
    }

    @Test func aSlowConsumerGetsOwnAndExternalChangesMerged() async throws {
        let directory = TemporaryDirectory()
        let path = directory.path("merged.sqlite")
        let pool = try SQLPool(path: path, configuration: .init(externalChangePolling: .milliseconds(5)))
        defer { pool.close() }
        let other = try SQLPool(path: path)
        defer { other.close() }
        try await pool.write { try $0.exec(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY)") }
        let changes = pool.changes(bufferLimit: 1)
        var iterator = changes.makeAsyncIterator()
        try await pool.write { try $0.exec(sql: "INSERT INTO t VALUES (1)") }
        try await other.write { try $0.exec(sql: "INSERT INTO t VALUES (2)") }
        // The pool's next write notices the other pool's commit as it starts, at the latest.
        try await pool.write { try $0.exec(sql: "INSERT INTO t VALUES (3)") }
        let merged = await iterator.next()
        #expect(merged == SQLChanges(tables: ["t"], rowIDs: ["t": [1, 3]], transactionCount: 2, isExternal: true))
    }

    @Test func aReadOnlyPoolSeesAnotherPoolsCommits() async throws {
        let directory = TemporaryDirectory()
        let path = directory.path("readonly.sqlite")
        let writer = try SQLPool(path: path)
        defer { writer.close() }
        try await writer.write { try $0.exec(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY)") }
        let reader = try SQLPool(
            path: path, configuration: .init(isReadOnly: true, externalChangePolling: .milliseconds(10)))
        defer { reader.close() }
        let observed = reader.observe { try $0.query(sql: "SELECT count(*) FROM t")[0][0] }
        #expect(try await first(of: observed) { _ in true } == 0)
        for id in 1...7 {
            try await writer.write { try $0.exec(sql: "INSERT INTO t VALUES (?)", parameters: [.integer(Int64(id))]) }
        }
        #expect(try await first(of: observed) { $0 == 7 } == 7)
    }

    @Test func manyObservationsStartingAndEndingAtOnceLeaveNoPolling() async throws {
        let directory = TemporaryDirectory()
        let pool = try SQLPool(
            path: directory.path("churn.sqlite"),
            // 40 tasks at once on a loaded machine once waited past the default 10 s; the
            // test is about polling, not the wait limit.
            configuration: .init(maximumWait: .seconds(300), externalChangePolling: .milliseconds(1)))
        defer { pool.close() }
        try await pool.write { try $0.exec(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY)") }
        let seen = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                group.addTask {
                    if index.isMultiple(of: 2) {
                        let stream = pool.observe { try $0.query(sql: "SELECT count(*) FROM t")[0][0] }
                        var iterator = stream.makeAsyncIterator()
                        if (try? await iterator.next()) != nil { seen.withValue { $0 += 1 } }
                    } else {
                        var iterator = pool.changes().makeAsyncIterator()
                        try? await pool.write { try $0.exec(sql: "INSERT INTO t DEFAULT VALUES") }
                        if await iterator.next() != nil { seen.withValue { $0 += 1 } }
                    }
                }
            }
        }
        #expect(seen.current == 40)
        // Each observation ended as its loop broke; each stream as its iterator went.
        let deadline = ContinuousClock.now + .seconds(20)
        while pool.observers.isPollingExternalChanges, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(2))
        }
        #expect(!pool.observers.isPollingExternalChanges)
        #expect(try await pool.read { try $0.query(sql: "SELECT count(*) FROM t") } == [[20]])
    }
}
