import Dispatch
import Foundation
import Logging
import SlateTestSupport
import Testing

@testable import Slate

/// Review of issue 31 §3: a logger per pool call under concurrency, nesting and
/// cancellation; the level of each kind of error, and the errors thrown unchanged.
@Suite struct Review31R2LoggingTests {
    private static func request(_ id: String) -> (Logger, RecordingLogHandler.Store) {
        var (logger, store) = RecordingLogHandler.logger(level: .trace)
        logger[metadataKey: "request.id"] = .string(id)
        return (logger, store)
    }

    private func pool(_ directory: TemporaryDirectory, readers: Int = 2, logger: Logger? = nil) throws -> SQLPool {
        var configuration = SQLPool.Configuration(maximumReaderCount: readers)
        configuration.connection.logger = logger
        // Many calls queue for two readers: on a loaded machine a wait passed the default
        // 10 s once. The tests here are about logging, not the wait limit.
        configuration.maximumWait = .seconds(300)
        let pool = try SQLPool(path: directory.path("r2-logging.sqlite"), configuration: configuration)
        try pool.write { try $0.exec(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT UNIQUE)") }
        return pool
    }

    /// The statements a store got, without the transaction's own.
    private static func statements(_ store: RecordingLogHandler.Store) -> [String] {
        store.entries.map(\.message).filter {
            !$0.hasPrefix("BEGIN") && !$0.hasPrefix("COMMIT") && !$0.hasPrefix("SELECT 1 FROM sqlite_schema")
        }
    }

    /// Many concurrent reads on two readers, each with a logger of its own: each logger
    /// gets exactly its own call's lines, with its own metadata.
    @Test func concurrentCallsWithTheirOwnLoggersKeepTheirLinesApart() async throws {
        let directory = TemporaryDirectory()
        let (own, ownStore) = RecordingLogHandler.logger(level: .trace)
        let pool = try pool(directory, logger: own)
        defer { pool.close() }
        let ownBefore = ownStore.entries.count
        let requests = (0..<16).map { Self.request("r-\($0)") }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, (logger, _)) in requests.enumerated() {
                group.addTask {
                    for call in 0..<5 {
                        _ = try await pool.read(logger: logger) { try $0.query(sql: "SELECT \(index * 100 + call)") }
                    }
                    try await pool.write(logger: logger) {
                        try $0.exec(sql: "INSERT INTO t (name) VALUES ('\(index)')")
                    }
                }
            }
            try await group.waitForAll()
        }
        for (index, (_, store)) in requests.enumerated() {
            #expect(
                Self.statements(store) == (0..<5).map { "SELECT \(index * 100 + $0)" } + [
                    "INSERT INTO t (name) VALUES ('\(index)')"
                ])
            #expect(store.entries.allSatisfy { $0.metadata["request.id"] == .string("r-\(index)") })
        }
        // Only the set-up of the readers opened for the calls, which is the connections' own.
        #expect(ownStore.entries.dropFirst(ownBefore).allSatisfy { $0.message.hasPrefix("PRAGMA ") })
    }

    /// A task started inside a write with one logger reads with another: each line goes to
    /// the logger of the call that ran it, and both connections get their own back.
    @Test func aNestedCallWithAnotherLoggerLogsToItsOwn() async throws {
        let directory = TemporaryDirectory()
        let (own, ownStore) = RecordingLogHandler.logger(level: .trace)
        let pool = try pool(directory, logger: own)
        defer { pool.close() }
        let (outer, outerStore) = Self.request("outer")
        let (inner, innerStore) = Self.request("inner")
        let innerCount = try await pool.write(logger: outer) { ctx in
            try ctx.exec(sql: "INSERT INTO t (name) VALUES ('outer')")
            let done = DispatchSemaphore(value: 0)
            let result = Locked<Int64?>(nil)
            Task {
                let count = try? await pool.read(logger: inner) {
                    try $0.query(sql: "SELECT count(*) FROM t")[0][0].integerValue
                }
                result.withValue { $0 = count ?? nil }
                done.signal()
            }
            done.wait()
            try ctx.exec(sql: "INSERT INTO t (name) VALUES ('outer 2')")
            return result.current
        }
        #expect(innerCount == 0)
        #expect(
            Self.statements(outerStore) == [
                "INSERT INTO t (name) VALUES ('outer')", "INSERT INTO t (name) VALUES ('outer 2')",
            ])
        #expect(Self.statements(innerStore) == ["SELECT count(*) FROM t"])
        let ownBefore = ownStore.entries.count
        try await pool.write { try $0.exec(sql: "INSERT INTO t (name) VALUES ('own')") }
        _ = try await pool.read { try $0.query(sql: "SELECT name FROM t") }
        _ = try await pool.read { try $0.query(sql: "SELECT id FROM t") }
        let ownLines = ownStore.entries.dropFirst(ownBefore).map(\.message)
        #expect(ownLines.contains("INSERT INTO t (name) VALUES ('own')"))
        #expect(ownLines.contains("SELECT name FROM t") && ownLines.contains("SELECT id FROM t"))
        #expect(outerStore.entries.count == 4 && innerStore.entries.count == 4)
    }

    /// An async read with a logger whose task is cancelled while it waits for the only
    /// reader: it throws `CancellationError`, its logger gets nothing, and the reader keeps
    /// its own logger.
    @Test func aCallCancelledBeforeItsConnectionLogsNothing() async throws {
        let directory = TemporaryDirectory()
        let (own, ownStore) = RecordingLogHandler.logger(level: .trace)
        let pool = try pool(directory, readers: 1, logger: own)
        defer { pool.close() }
        let (request, requestStore) = Self.request("cancelled")
        let release = DispatchSemaphore(value: 0)
        let started = Locked(false)
        let holder = Task {
            try await pool.read { ctx in
                started.withValue { $0 = true }
                release.wait()
                return try ctx.query(sql: "SELECT 'held'")
            }
        }
        for _ in 0..<20_000 where !started.current { try await Task.sleep(for: .milliseconds(1)) }
        let queued = Task { try await pool.read(logger: request) { try $0.query(sql: "SELECT 'queued'") } }
        for _ in 0..<20_000 where pool.queuedCounts.reader == 0 { try await Task.sleep(for: .milliseconds(1)) }
        #expect(pool.queuedCounts.reader == 1)
        queued.cancel()
        await #expect(throws: CancellationError.self) { try await queued.value }
        release.signal()
        #expect(try await holder.value == [["held"]])
        let ownBefore = ownStore.entries.count
        _ = try await pool.read { try $0.query(sql: "SELECT 'after'") }
        #expect(requestStore.entries.isEmpty)
        #expect(ownStore.entries.dropFirst(ownBefore).map(\.message).contains("SELECT 'after'"))
    }

    /// Each kind of constraint — a trigger's `RAISE(ABORT)`, `RAISE(FAIL)`,
    /// `RAISE(ROLLBACK)` included — is logged at the constraint level; a busy database and
    /// a read-only write at the error level; and each error is thrown as it is without a
    /// logger.
    @Test func theLevelOfEachErrorAndTheErrorUnchanged() throws {
        let statements = [
            "INSERT INTO t (id, name, n) VALUES (1, 'x', 1)",
            "INSERT INTO t (name, n) VALUES ('ada', 1)",
            "INSERT INTO t (name, n) VALUES (NULL, 1)",
            "INSERT INTO t (name, n) VALUES ('c', 0)",
            "INSERT INTO t (name, n, parent) VALUES ('d', 1, 99)",
            "INSERT INTO t (name, n) VALUES ('abort', 1)",
            "INSERT INTO t (name, n) VALUES ('fail', 1)",
            "INSERT INTO t (name, n) VALUES ('rollback', 1)",
            "INSERT INTO missing VALUES (1)",
        ]
        let schema = """
            CREATE TABLE parent (id INTEGER PRIMARY KEY);
            CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, n INTEGER CHECK (n > 0),
                            parent INTEGER REFERENCES parent(id));
            CREATE TRIGGER raise_abort BEFORE INSERT ON t WHEN new.name = 'abort' BEGIN SELECT RAISE(ABORT, 'aborted'); END;
            CREATE TRIGGER raise_fail BEFORE INSERT ON t WHEN new.name = 'fail' BEGIN SELECT RAISE(FAIL, 'failed'); END;
            CREATE TRIGGER raise_rollback BEFORE INSERT ON t WHEN new.name = 'rollback' BEGIN SELECT RAISE(ROLLBACK, 'rolled back'); END;
            INSERT INTO t (id, name, n) VALUES (1, 'ada', 1);
            """
        func errors(logger: Logger?) throws -> [SQLError] {
            let context = try SQLContext(configuration: .init(logger: logger))
            defer { context.close() }
            try context.exec(sql: schema)
            return statements.compactMap { sql in
                do {
                    try context.exec(sql: sql)
                    return nil
                } catch {
                    return error as? SQLError
                }
            }
        }
        let (logger, store) = RecordingLogHandler.logger(level: .debug)
        let logged = try errors(logger: logger)
        let plain = try errors(logger: nil)
        #expect(logged.count == statements.count)
        #expect(logged.map(\.code) == plain.map(\.code))
        #expect(logged.map(\.message) == plain.map(\.message))
        #expect(logged.map(\.sql) == plain.map(\.sql))
        let lines = store.entries.filter { $0.level != .trace }
        #expect(lines.map(\.level) == Array(repeating: .debug, count: 8) + [.error])
        #expect(lines.map(\.message) == plain.map(\.message))
    }

    /// `SQLITE_BUSY` (another connection holds the write lock) is an operational error:
    /// logged at error, with the request's metadata, and thrown as `.busy`.
    @Test func busyIsAnErrorWithTheCallsMetadata() throws {
        let directory = TemporaryDirectory()
        var configuration = SQLPool.Configuration()
        configuration.connection.busyTimeout = .milliseconds(1)
        let pool = try SQLPool(path: directory.path("busy.sqlite"), configuration: configuration)
        defer { pool.close() }
        try pool.write { try $0.exec(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY)") }
        let other = try SQLContext(path: directory.path("busy.sqlite"))
        defer { other.close() }
        try other.exec(sql: "BEGIN IMMEDIATE")
        let (request, store) = Self.request("busy")
        var thrown: SQLError?
        do {
            try pool.write(logger: request) { try $0.exec(sql: "INSERT INTO t DEFAULT VALUES") }
        } catch {
            thrown = error as? SQLError
        }
        try other.exec(sql: "ROLLBACK")
        #expect(thrown?.code.primary == .busy)
        let errors = store.entries.filter { $0.level == .error }
        #expect(errors.count == 1)
        #expect(errors.first?.metadata["request.id"] == "busy")
        #expect(errors.first?.metadata["sqlite.code"]?.description == thrown.map { "\($0.code.rawValue)" })
    }
}
