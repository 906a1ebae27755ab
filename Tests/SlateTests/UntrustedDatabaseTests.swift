import Foundation
import Slate
import SlateTestSupport
import Testing

/// Opening a database that may have been made to attack the program reading it.
@Suite struct UntrustedDatabaseTests {
    /// A file whose schema calls the application's function `app_send` from a view and a
    /// trigger, passing it a secret.
    static func makeHostileDatabase(at path: String) throws {
        let context = try SQLContext(path: path)
        defer { context.close() }
        try context.createFunction("app_send", argumentCount: 1) { _ in .null }
        try context.exec(
            sql: """
                CREATE TABLE secret (token TEXT);
                INSERT INTO secret VALUES ('hunter2');
                CREATE TABLE inbox (message TEXT);
                CREATE VIEW summary AS SELECT app_send(token) AS sent FROM secret;
                CREATE TRIGGER leak AFTER INSERT ON inbox BEGIN SELECT app_send(token) FROM secret; END;
                """)
    }

    /// A context on `path` with `app_send` registered, recording what it is sent.
    final class App: @unchecked Sendable {
        var sent: [String] = []
        let context: SQLContext
        init(path: String, configuration: SQLContext.Configuration) throws {
            context = try SQLContext(path: path, configuration: configuration)
            try context.createFunction("app_send", argumentCount: 1) { [unowned self] arguments in
                self.sent.append(arguments[0].textValue ?? "")
                return .integer(1)
            }
        }
    }

    @Test func aTrustingConnectionRunsTheSchemasCallsAndADefensiveOneRefuses() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("hostile.sqlite")
        try Self.makeHostileDatabase(at: path)

        // The danger: an ordinary connection lets the file's view and trigger call the app.
        let trusting = try App(path: path, configuration: .default)
        _ = try trusting.context.query(sql: "SELECT * FROM summary")
        try trusting.context.exec(sql: "INSERT INTO inbox VALUES ('hi')")
        #expect(trusting.sent == ["hunter2", "hunter2"])
        trusting.context.close()

        let defensive = try App(path: path, configuration: .untrusted)
        defer { defensive.context.close() }
        expectSQLError(.error, "unsafe use of app_send()") {
            _ = try defensive.context.query(sql: "SELECT * FROM summary")
        }
        expectSQLError(.error, "unsafe use of app_send()") {
            try defensive.context.exec(sql: "INSERT INTO inbox VALUES ('hi')")
        }
        #expect(defensive.sent == [])
        // The application itself may still call its function, and read the data.
        #expect(try defensive.context.query(sql: "SELECT app_send('direct')") == [[.integer(1)]])
        #expect(defensive.sent == ["direct"])
        #expect(try defensive.context.query(sql: "SELECT token FROM secret") == [[.text("hunter2")]])
        #expect(try defensive.context.query(sql: "PRAGMA cell_size_check") == [[.integer(1)]])
        #expect(try defensive.context.query(sql: "PRAGMA trusted_schema") == [[.integer(0)]])
    }

    @Test func innocuousFunctionsStillWorkFromTheSchema() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("db.sqlite")
        do {
            let context = try SQLContext(path: path)
            try context.createFunction("twice", argumentCount: 1, isDeterministic: true, isInnocuous: true) {
                .integer(($0[0].integerValue ?? 0) * 2)
            }
            try context.exec(
                sql:
                    "CREATE TABLE n (x INTEGER); INSERT INTO n VALUES (21); CREATE VIEW doubled AS SELECT twice(x) AS y FROM n"
            )
            context.close()
        }
        let context = try SQLContext(path: path, configuration: .untrusted)
        defer { context.close() }
        try context.createFunction("twice", argumentCount: 1, isDeterministic: true, isInnocuous: true) {
            .integer(($0[0].integerValue ?? 0) * 2)
        }
        #expect(try context.query(sql: "SELECT y FROM doubled") == [[.integer(42)]])
    }

    @Test func theSchemaCannotBeRewrittenAndLimitsAreLow() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("db.sqlite")
        try Self.makeHostileDatabase(at: path)
        let context = try SQLContext(path: path, configuration: .untrusted)
        defer { context.close() }

        try context.exec(sql: "PRAGMA writable_schema = ON")
        expectSQLError(.error, "table sqlite_master may not be modified") {
            try context.exec(
                sql: "UPDATE sqlite_schema SET sql = 'CREATE TABLE secret (token TEXT, x)' WHERE name = 'secret'")
        }
        #expect(context.limit(.attached) == 0)
        #expect(context.limit(.length) == 1_000_000)
        expectSQLError(.tooBig, "string or blob too big") {
            _ = try context.query(sql: "SELECT randomblob(1000001)")
        }
        expectSQLError(.error, "too many attached databases - max 0") {
            try context.exec(sql: "ATTACH DATABASE ':memory:' AS other")
        }
        // An ordinary connection keeps SQLite's limits.
        let ordinary = try SQLContext()
        defer { ordinary.close() }
        #expect(ordinary.limit(.attached) == 10)
        ordinary.setLimit(.column, to: 2)
        expectSQLError(.error, "too many columns in result set") {
            _ = try ordinary.query(sql: "SELECT 1, 2, 3")
        }
    }
}
