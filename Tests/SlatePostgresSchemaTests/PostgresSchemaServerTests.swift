import Foundation
import SlateSchema
import SlateTestSupport
import Testing

@testable import SlatePostgresSchema

/// Every multi-version fixture schema, rendered and applied on a real server with psql:
/// either every error is reported at its file and line, or the scripts apply, and applying
/// versions 1…N one by one gives the same catalog as the whole schema at version N at once.
@Suite(.enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipReason))
struct PostgresSchemaServerTests {
    static let root = PostgresTestServer.repositoryRoot

    /// A fixture schema, and what rendering it must give: `errors` empty means it renders
    /// and reaches the server; otherwise exactly those errors (`file:line:column`), and the
    /// rest reaches the server only when `appliesWithoutTheFailures` says so.
    struct Fixture: CustomTestStringConvertible, Sendable {
        var paths: [String]
        var errors: [String] = []
        /// The rendering, less what failed, still applies (errors only in views).
        var appliesWithoutTheFailures = false
        /// Checks run on the server after the scripts, with their exact output.
        var checks: [(sql: String, output: String)] = []

        var testDescription: String { paths.map { $0.split(separator: "/").last ?? "" }.joined(separator: " ") }
    }

    static let fixtures: [Fixture] = [
        Fixture(
            paths: [
                "Tests/Fixtures/Schemas/bookshop-001-catalog.sql", "Tests/Fixtures/Schemas/bookshop-002-sales.sql",
            ],
            errors: ["bookshop-002-sales.sql:2:1", "bookshop-002-sales.sql:4:3"]),
        Fixture(
            paths: [
                "Examples/Server/Sources/IssueTracker/issues-001.sql",
                "Examples/Server/Sources/IssueTracker/issues-002.sql",
                "Examples/Server/Sources/IssueTracker/issues-003.sql",
            ], errors: ["issues-003.sql:12:31", "issues-003.sql:13:31"]),
        Fixture(
            paths: [
                "Tests/Fixtures/Postgres/evolve-001.sql", "Tests/Fixtures/Postgres/evolve-002.sql",
                "Tests/Fixtures/Postgres/evolve-003.sql",
            ],
            checks: [
                (
                    #"SELECT id, "Name", coalesce(choice, '-') FROM "user" ORDER BY 1; SELECT id, note, qty, total FROM purchase ORDER BY 1;"#,
                    "1|Ann|-\n2|Bo|-\n10|x|2|2.5\n"
                )
            ]),
        Fixture(paths: ["Tests/Fixtures/Schemas/keys.sql"], errors: ["keys.sql:28:3", "keys.sql:48:57"]),
        Fixture(paths: ["Tests/Fixtures/Schemas/contacts.sql"]),
        Fixture(paths: ["Tests/Fixtures/Schemas/every-identifier.sql"]),
        Fixture(
            paths: ["Tests/Fixtures/Schemas/rich.sql"],
            errors: [
                "rich.sql:23:3", "rich.sql:67:3", "rich.sql:68:3", "rich.sql:69:3", "rich.sql:87:1", "rich.sql:98:1",
            ]),
        Fixture(paths: ["Tests/Fixtures/Schemas/edge.sql"]),
        Fixture(paths: ["Tests/Fixtures/Schemas/stamps.sql"], errors: ["stamps.sql:23:3", "stamps.sql:53:1"]),
        Fixture(paths: ["Tests/Fixtures/Schemas/collisions.sql"]),
        Fixture(paths: ["Tests/Fixtures/Schemas/locals.sql"]),
        Fixture(paths: ["Tests/Fixtures/Schemas/widgets.sql"]),
        Fixture(
            paths: [
                "Tests/Fixtures/Schemas/uptime-001.sql", "Tests/Fixtures/Schemas/uptime-002-tags.sql",
                "Tests/Fixtures/Schemas/uptime-003-tiles.sql",
            ], errors: ["uptime-002-tags.sql:23:1"]),
        // Northwind: 13 tables of rows (pictures as blobs, NULL keys to assign, employees
        // reporting to employees inserted later), 16 views: four use DATETIME(), one adds
        // TEXT columns with + (SQLite's numbers, PostgreSQL's error), one reads one of those
        // four; `Discontinued = 0` on a TEXT column is compared as SQLite compares it ('0').
        // The rest reaches the server, rows included.
        Fixture(
            paths: ["Tests/Fixtures/Northwind/create.sql"],
            errors: [
                "create.sql:6041:1", "create.sql:6121:1", "create.sql:6162:1", "create.sql:6176:1",
                "create.sql:6214:1", "create.sql:6240:1",
            ],
            appliesWithoutTheFailures: true,
            checks: [
                (
                    #"SELECT count(*) FROM "Orders"; SELECT count(*) FROM "Order Details"; SELECT count(*) FROM "Categories" WHERE length("Picture") > 0; SELECT count(*) FROM information_schema.views WHERE table_schema = 'public';"#,
                    "830\n2155\n8\n10\n"
                ),
                // The views that compare the TEXT column Discontinued with 0 and 1 keep the
                // 69 of 77 products SQLite's views keep.
                (
                    #"SELECT count(*) FROM "Current Product List"; SELECT count(*) FROM "Alphabetical list of products"; SELECT count(*) FROM "Products by Category"; SELECT count(*) FROM "Products";"#,
                    "69\n69\n69\n77\n"
                ),
            ]),
    ]

    /// Runs `sql` with psql on database `database`; the output, or the error psql printed.
    static func psql(_ sql: String, database: String) throws -> String {
        let base = PostgresTestServer.url!
        let url = base[..<(base.lastIndex(of: "/") ?? base.endIndex)] + "/" + database
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // The SQL from a file, not a pipe: psql stopping at an error must not leave a
        // write to a closed pipe (SIGPIPE) behind.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("slate-psql-\(UUID().uuidString).sql")
        try Data(sql.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        process.arguments = ["psql", String(url), "-X", "-q", "-tA", "-v", "ON_ERROR_STOP=1", "-f", file.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        if process.terminationStatus != 0 { throw PsqlError(message: text) }
        return text
    }

    struct PsqlError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    static let catalog = """
        SELECT table_name, column_name, data_type, is_nullable, coalesce(column_default, ''), is_identity
          FROM information_schema.columns WHERE table_schema = 'public' ORDER BY 1, 2;
        SELECT conrelid::regclass::text, conname, pg_get_constraintdef(oid) FROM pg_constraint
          WHERE connamespace = 'public'::regnamespace ORDER BY 1, 2, 3;
        SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1, 2;
        SELECT table_name, view_definition FROM information_schema.views WHERE table_schema = 'public' ORDER BY 1;
        """

    @Test(arguments: fixtures) func fixtureAppliesStepByStepAsWhole(_ fixture: Fixture) throws {
        let paths = fixture.paths
        let scripts = try paths.map { try SQLScript(contentsOf: Self.root.appendingPathComponent($0).path) }
        let rendering = try PostgresSchemaRenderer.render(scripts: scripts)
        // Exactly the errors expected, each at its file, line and column: a fixture that
        // stops rendering, or starts to, fails here rather than passing unseen.
        #expect(
            rendering.errors.map { error in
                "\(error.path.split(separator: "/").last ?? ""):\(error.line.map(String.init) ?? "?"):\(error.column.map(String.init) ?? "?")"
            } == fixture.errors, "\(rendering.errors)")
        guard rendering.errors.isEmpty || fixture.appliesWithoutTheFailures else { return }
        let name = "slate_d_\(UInt32.random(in: 0...UInt32.max))"
        _ = try Self.psql("CREATE DATABASE \(name) TEMPLATE template0 ENCODING 'UTF8';", database: "postgres")
        _ = try Self.psql("CREATE DATABASE \(name)_whole TEMPLATE template0 ENCODING 'UTF8';", database: "postgres")
        defer {
            _ = try? Self.psql("DROP DATABASE \(name); DROP DATABASE \(name)_whole;", database: "postgres")
        }
        #expect(rendering.scripts.count == scripts.count)
        for script in rendering.scripts {
            _ = try Self.psql("BEGIN;\n\(script.sql)COMMIT;\n", database: name)
        }
        let whole = PostgresSchemaRenderer.render(schema: try SchemaReader.read(scripts: scripts), file: paths[0])
        #expect(whole.errors.count == fixture.errors.count)
        _ = try Self.psql(whole.scripts[0].sql, database: "\(name)_whole")
        #expect(try Self.psql(Self.catalog, database: name) == Self.psql(Self.catalog, database: "\(name)_whole"))
        for check in fixture.checks {
            #expect(try Self.psql(check.sql, database: name) == check.output)
        }
    }
}
