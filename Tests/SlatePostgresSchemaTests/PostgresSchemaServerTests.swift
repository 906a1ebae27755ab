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

    static let fixtures: [[String]] = [
        ["Tests/Fixtures/Schemas/bookshop-001-catalog.sql", "Tests/Fixtures/Schemas/bookshop-002-sales.sql"],
        [
            "Examples/Server/Sources/IssueTracker/issues-001.sql",
            "Examples/Server/Sources/IssueTracker/issues-002.sql",
            "Examples/Server/Sources/IssueTracker/issues-003.sql",
        ],
        [
            "Tests/Fixtures/Postgres/evolve-001.sql", "Tests/Fixtures/Postgres/evolve-002.sql",
            "Tests/Fixtures/Postgres/evolve-003.sql",
        ],
        ["Tests/Fixtures/Schemas/keys.sql"], ["Tests/Fixtures/Schemas/contacts.sql"],
        ["Tests/Fixtures/Schemas/every-identifier.sql"], ["Tests/Fixtures/Schemas/rich.sql"],
        ["Tests/Fixtures/Schemas/edge.sql"], ["Tests/Fixtures/Schemas/stamps.sql"],
    ]

    /// Runs `sql` with psql on database `database`; the output, or the error psql printed.
    static func psql(_ sql: String, database: String) throws -> String {
        let base = PostgresTestServer.url!
        let url = base[..<(base.lastIndex(of: "/") ?? base.endIndex)] + "/" + database
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["psql", String(url), "-X", "-q", "-tA", "-v", "ON_ERROR_STOP=1", "-f", "-"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        input.fileHandleForWriting.write(Data(sql.utf8))
        try input.fileHandleForWriting.close()
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

    @Test(arguments: fixtures) func fixtureAppliesStepByStepAsWhole(_ paths: [String]) throws {
        let scripts = try paths.map { try SQLScript(contentsOf: Self.root.appendingPathComponent($0).path) }
        let rendering = try PostgresSchemaRenderer.render(scripts: scripts)
        if paths[0].contains("Postgres/") { #expect(rendering.errors == []) }
        if !rendering.errors.isEmpty {
            // Every error names its file and line.
            for error in rendering.errors { #expect(error.line != nil, "\(error)") }
            return
        }
        let name = "slate_d_\(UInt32.random(in: 0...UInt32.max))"
        _ = try Self.psql("CREATE DATABASE \(name) TEMPLATE template0 ENCODING 'UTF8';", database: "postgres")
        _ = try Self.psql("CREATE DATABASE \(name)_whole TEMPLATE template0 ENCODING 'UTF8';", database: "postgres")
        defer {
            _ = try? Self.psql("DROP DATABASE \(name); DROP DATABASE \(name)_whole;", database: "postgres")
        }
        for script in rendering.scripts {
            _ = try Self.psql("BEGIN;\n\(script.sql)COMMIT;\n", database: name)
        }
        let whole = PostgresSchemaRenderer.render(schema: try SchemaReader.read(scripts: scripts), file: paths[0])
        #expect(whole.errors.isEmpty)
        _ = try Self.psql(whole.scripts[0].sql, database: "\(name)_whole")
        #expect(try Self.psql(Self.catalog, database: name) == Self.psql(Self.catalog, database: "\(name)_whole"))
    }
}
