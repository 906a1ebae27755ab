import Foundation
import SlateTestSupport
import Testing

@testable import SlateGenerator

/// The PostgreSQL part of generated code (`engines` with `postgres`): records'
/// conformances and `<Database>.Postgres`, inside one guard so that a target without
/// Slate's `Postgres` trait compiles. Run against a server by
/// SlatePostgresTests/GeneratedPostgresConformanceTests (golden Generated/Market.swift).
@Suite struct PostgresCodeEmissionTests {
    static let schema = """
        CREATE TABLE "user" (id INTEGER PRIMARY KEY, "a""b" TEXT NOT NULL, joined DATETIME, token UUID);
        CREATE TABLE "order" (id INTEGER PRIMARY KEY, user_id INTEGER REFERENCES "user" (id), paid BOOLEAN NOT NULL);
        CREATE TABLE "select" (code TEXT PRIMARY KEY NOT NULL, weight REAL NOT NULL);
        CREATE TABLE pair (a INTEGER NOT NULL, b TEXT NOT NULL, PRIMARY KEY (a, b));
        CREATE TABLE anything (id INTEGER PRIMARY KEY, v MONEY, link URL);
        CREATE VIEW paid_orders AS SELECT id, user_id FROM "order" WHERE paid;

        """

    func generate(_ json: String, sql: String = schema) throws -> String {
        let directory = TemporaryDirectory()
        let path = directory.path("shop-001.sql")
        try sql.write(toFile: path, atomically: true, encoding: .utf8)
        let configuration = try GeneratorConfiguration.parse(Data(json.utf8))
        return try SlateGenerator.generate(inputs: [path], configuration: configuration).contents
    }

    static let both = #"{"engines": ["sqlite", "postgres"], "naming": {"nestRecordTypes": true}}"#

    @Test func thePartIsGuardedAndOnlyThere() throws {
        let file = try generate(Self.both)
        let lines = file.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let guardLine = try #require(
            lines.firstIndex(of: "#if canImport(SlatePostgresEnabled) && canImport(PostgresNIO)"))
        #expect(lines[guardLine + 1] == "@_spi(Generated) import SlatePostgres")
        #expect(lines[guardLine - 1] == "// MARK: - PostgreSQL")
        #expect(lines.last(where: { !$0.isEmpty }) == "#endif")
        // Nothing of SlatePostgres outside the guard.
        let outside = lines[..<guardLine].joined(separator: "\n")
        #expect(!outside.contains("SQLPostgres"))
        #expect(!outside.contains("import SlatePostgres"))
        // SQLite alone: no part at all.
        let sqlite = try generate(#"{"naming": {"nestRecordTypes": true}}"#)
        #expect(!sqlite.contains("SlatePostgres"))
        #expect(!sqlite.contains("SQLPostgres"))
        #expect(!sqlite.contains("#if canImport(SlatePostgresEnabled)"))
    }

    /// What the SQLite API has and the PostgreSQL one does not (named queries, records
    /// with a URL or SQLValue column) is said in `<Database>.Postgres`'s documentation,
    /// never left out silently.
    @Test func whatHasNoPostgresFormIsSaid() throws {
        let directory = TemporaryDirectory()
        let schema = directory.path("shop-001.sql")
        let queries = directory.path("shop-queries.sql")
        try Self.schema.write(toFile: schema, atomically: true, encoding: .utf8)
        try """
        -- name: paidCount :one
        SELECT count(*) AS n FROM "order" WHERE paid;

        -- name: ordersOf :many
        SELECT id FROM "order" WHERE user_id = :user;

        """.write(toFile: queries, atomically: true, encoding: .utf8)
        let configuration = try GeneratorConfiguration.parse(Data(Self.both.utf8))
        let file = try SlateGenerator.generate(inputs: [schema, queries], configuration: configuration).contents
        #expect(
            file.contains(
                """
                    /// Not here: the named queries `paidCount`, `ordersOf`, whose SQL is SQLite's and is
                    /// not translated; run their PostgreSQL form with `database` (`SQLPostgres`).
                """), "\(file)")
        #expect(file.contains("    /// Not here, having no PostgreSQL form: `anything` (a URL or SQLValue column)."))
    }

    @Test func theEmissionIsDeterministic() throws {
        let first = try generate(Self.both)
        let again = try generate(Self.both)
        let reordered = try generate(
            #"{"engines": ["postgres", "sqlite"], "naming": {"nestRecordTypes": true}}"#)
        #expect(first == again)
        #expect(first == reordered)
    }

    @Test func hostileNamesAreQuotedByTheRuntimeFromPlainLiterals() throws {
        let file = try generate(Self.both)
        // Names are given unquoted, as Swift literals; the layout quotes them.
        #expect(
            file.contains(
                #"SQLPostgresLayout(name: "user", columns: ["id", "a\"b", "joined", "token"], types: [.integer, .text, .timestamp, .uuid], key: [0], identity: true, notNull: [true, true, false, false])"#
            ))
        #expect(
            file.contains(
                #"SQLPostgresLayout(name: "order", columns: ["id", "user_id", "paid"], types: [.integer, .integer, .boolean], key: [0], identity: true, notNull: [true, false, true])"#
            ))
        #expect(
            file.contains(
                #"SQLPostgresLayout(name: "select", columns: ["code", "weight"], types: [.text, .double], key: [0], identity: false, notNull: [true, true])"#
            ))
        // The accessors have the SQLite database's names.
        for accessor in ["users", "orders", "selects", "pairs", "paidOrders"] {
            #expect(file.contains("    public var \(accessor): SQLTable<"), "\(accessor) on SQLite")
            #expect(file.contains("    public var \(accessor): SQLPostgresTable<"), "\(accessor) on PostgreSQL")
        }
    }

    @Test func keysViewsAndLeftOutRecords() throws {
        let file = try generate(Self.both)
        // A compound key binds each of the ID's columns in key order.
        #expect(
            file.contains(
                """
                    @_spi(Generated) public static func bindPostgresKey(_ id: ID, into bindings: inout SQLPostgresBindings) throws {
                        bindings.append(id.a, column: 0)
                        try bindings.append(id.b, column: 1)
                    }
                """))
        // A view reads only.
        #expect(file.contains("extension Shop.PaidOrder: SQLPostgresRecord {"))
        #expect(
            file.contains(
                #"SQLPostgresLayout(name: "paid_orders", columns: ["id", "user_id"], types: [.integer, .integer], key: [], identity: false, notNull: [true, false])"#
            ))
        // A dynamic value has no PostgreSQL type: the record is left out of the part.
        #expect(file.contains("extension Shop.Anything: SQLKeyedRecord"))
        #expect(!file.contains("extension Shop.Anything: SQLPostgres"))
        #expect(!file.contains("SQLPostgresTable<Shop.Anything>"))
        // The identity is left to the server at Int.min; text keys are always set.
        #expect(file.contains("        self.id != Int.min\n"))
        // Relationships, as typed predicates.
        #expect(file.contains("    public func fetch(for user: Shop.User) async throws -> [Shop.Order] {"))
        #expect(file.contains("        guard let key0 = order.userId else { return nil }"))
    }

    @Test func aRecordNamedPostgresMovesTheDatabaseType() throws {
        let file = try generate(
            #"{"engines": ["postgres"], "naming": {"nestRecordTypes": true, "singularizeRecordTypes": false}}"#,
            sql: "CREATE TABLE postgres (id INTEGER PRIMARY KEY, name TEXT);\n")
        #expect(file.contains("    public struct PostgresDatabase: Shop.PostgresDatabase.Tables {"))
        #expect(file.contains("extension Shop.Postgres: SQLPostgresKeyedRecord {"))
    }

    @Test func internalAccessHasNoSPIOnWitnesses() throws {
        let file = try generate(
            #"{"engines": ["sqlite", "postgres"], "accessLevel": "internal", "naming": {"nestRecordTypes": true}}"#)
        #expect(!file.contains("@_spi(Generated) public"))
        #expect(file.contains("    static let postgresLayout = SQLPostgresLayout("))
        #expect(file.contains("    struct Postgres: Shop.Postgres.Tables {"))
    }
}
