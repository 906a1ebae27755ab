import Foundation
import Logging
import Slate
import SlateTestSupport
import Testing

/// swift-log integration: statements at trace level with their duration, slow ones at
/// warning, errors at error, bound values hidden unless the configuration shows them.
@Suite struct LoggingTests {
    @Test func statementsAreTracedWithTheirDurationAndValuesHidden() throws {
        let (logger, store) = RecordingLogHandler.logger(level: .trace)
        let context = try SQLContext(configuration: .init(logger: logger))
        defer { context.close() }
        try context.exec(sql: "CREATE TABLE t (secret TEXT)")
        try context.exec(sql: "INSERT INTO t VALUES (?)", parameters: [.text("hunter2")])
        let traced = store.entries.filter { $0.level == .trace }.map(\.message)
        // What the connection ran when it opened (its settings), then the caller's statements.
        #expect(traced.prefix(2) == ["PRAGMA schema_version", "PRAGMA foreign_keys = ON"])
        #expect(traced.suffix(2) == ["CREATE TABLE t (secret TEXT)", "INSERT INTO t VALUES (?)"])
        #expect(
            store.entries.allSatisfy {
                $0.metadata["sqlite.duration_ms"] != nil && $0.metadata["sqlite.database"] == ":memory:"
            })
        #expect(!store.entries.contains { $0.message.contains("hunter2") })
    }

    @Test func boundValuesShowOnlyWhenTheConfigurationSaysSo() throws {
        let (logger, store) = RecordingLogHandler.logger(level: .trace)
        let context = try SQLContext(configuration: .init(showsBoundValues: true, logger: logger))
        defer { context.close() }
        try context.exec(sql: "CREATE TABLE t (secret TEXT UNIQUE)")
        try context.exec(sql: "INSERT INTO t VALUES (?)", parameters: [.text("hunter2")])
        #expect(store.entries.map(\.message).contains("INSERT INTO t VALUES ('hunter2')"))
        #expect(throws: SQLError.self) {
            try context.exec(sql: "INSERT INTO t VALUES (?)", parameters: [.text("hunter2")])
        }
        // A constraint violation, which the caller is expected to handle: debug level.
        let error = try #require(store.entries.last { $0.level == .debug })
        #expect(error.message == "UNIQUE constraint failed: t.secret")
        #expect(error.metadata["sqlite.arguments"] == "'hunter2'")
    }

    @Test func slowStatementsAreWarningsAndErrorsAreErrors() throws {
        // At info level: no trace lines, but the slow statement and the error.
        let (logger, store) = RecordingLogHandler.logger(level: .info)
        let context = try SQLContext(configuration: .init(logger: logger, slowStatementThreshold: .zero))
        defer { context.close() }
        try context.exec(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY)")
        #expect(throws: SQLError.self) { try context.exec(sql: "INSERT INTO missing VALUES (1)") }
        #expect(!store.entries.contains { $0.level == .trace })
        let warnings = store.entries.filter { $0.level == .warning }.map(\.message)
        #expect(
            warnings.last.map {
                $0.hasPrefix("slow statement (") && $0.hasSuffix(" ms): CREATE TABLE t (id INTEGER PRIMARY KEY)")
            } == true, "\(warnings)")
        let errors = store.entries.filter { $0.level == .error }
        #expect(errors.map(\.message) == ["no such table: missing"])
        #expect(errors.first?.metadata["sqlite.sql"] == "INSERT INTO missing VALUES (1)")
    }

    @Test func aPoolsConnectionsLogThroughTheirConfiguration() async throws {
        let (logger, store) = RecordingLogHandler.logger(level: .trace)
        let directory = TemporaryDirectory()
        let pool = try SQLPool(
            path: directory.path("logged.sqlite"), configuration: .init(connection: .init(logger: logger)))
        defer { pool.close() }
        try await pool.write { try $0.exec(sql: "CREATE TABLE t (v)") }
        _ = try await pool.read { try $0.query(sql: "SELECT count(*) FROM t") }
        let messages = store.entries.map(\.message)
        #expect(messages.contains("CREATE TABLE t (v)"))
        #expect(messages.contains("SELECT count(*) FROM t"))
    }

    @Test func withoutALoggerNothingIsInstalled() throws {
        let context = try SQLContext()
        defer { context.close() }
        try context.exec(sql: "SELECT 1")
        #expect(context.configuration.logger == nil)
    }
}
