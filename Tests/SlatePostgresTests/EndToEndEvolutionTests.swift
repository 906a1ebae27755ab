#if Postgres
import Foundation
import SlatePostgres
import SlatePostgresSchema
import SlateRecords
import SlateSchema
import SlateTestSupport
import Testing

/// One schema's SQLite scripts, rendered by SlatePostgresSchema, bootstrapped by
/// `SQLPostgres.bootstrap(scripts:)` and upgraded with rows in the tables, against the same
/// scripts run on SQLite with the same rows: both engines end with the same values.
@Suite(.enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipReason))
struct EndToEndEvolutionTests {
    /// Tests/Fixtures/Postgres/evolve-00N.sql: a rebuild with a type change and an UPDATE
    /// before it, renames of a table and a column, a dropped column, seed rows with keys.
    static func sqliteScripts() throws -> [SQLScript] {
        let directory = PostgresTestServer.repositoryRoot.appendingPathComponent("Tests/Fixtures/Postgres")
        return try (1...3).map { number in
            let path = directory.appendingPathComponent("evolve-00\(number).sql").path
            return SQLScript(path: path, text: try String(contentsOfFile: path, encoding: .utf8))
        }
    }

    static func postgresScripts() throws -> [SQLSchemaScript] {
        let rendering = try PostgresSchemaRenderer.render(scripts: try sqliteScripts())
        #expect(rendering.errors.map(\.description) == [])
        return rendering.scripts.map { SQLSchemaScript(file: $0.file, sql: $0.sql) }
    }

    /// The rows version 1 gets before the upgrade: a NULL note (version 2 makes the column
    /// NOT NULL after an UPDATE), quantities as text (version 2 makes them integers).
    static let rowsAtVersion1 = #"INSERT INTO "order" (user_id, note, qty) VALUES (1, NULL, '3'), (2, 'b', '4')"#
    static let purchases = #"SELECT id, user_id, note, qty, total FROM purchase ORDER BY id"#

    @Test func anUpgradeWithRowsEndsWithTheValuesSQLiteHas() async throws {
        // SQLite: the scripts as they are, the rows between versions 1 and 2.
        let directory = TemporaryDirectory()
        let sqlite = try SQLContext(path: directory.path("evolve.sqlite"))
        let scripts = try Self.sqliteScripts()
        try sqlite.exec(sql: scripts[0].text)
        try sqlite.exec(sql: Self.rowsAtVersion1)
        for script in scripts.dropFirst() { try sqlite.exec(sql: script.text) }
        let expected = try sqlite.query(sql: Self.purchases)
        #expect(
            expected == [
                [.integer(1), .integer(1), .text(""), .integer(3), .float(0)],
                [.integer(2), .integer(2), .text("b"), .integer(4), .float(0)],
                [.integer(10), .integer(1), .text("x"), .integer(2), .float(2.5)],
            ])

        // PostgreSQL: the rendered scripts through bootstrap, the same rows between.
        let rendered = try Self.postgresScripts()
        #expect(rendered.count == 3)
        try await RuntimeTestDatabase.with { database in
            let first = try await database.bootstrap(scripts: Array(rendered.prefix(1)), schemaName: "Evolve")
            #expect(first.foundVersion == 0 && first.version == 1)
            try await database.write { try await $0.exec(sql: Self.rowsAtVersion1) }
            let upgrade = try await database.bootstrap(scripts: rendered, schemaName: "Evolve")
            #expect(upgrade.foundVersion == 1 && upgrade.version == 3)
            #expect(upgrade.appliedFiles.count == 2)
            let rows = try await database.read { context in
                try await context.query(sql: Self.purchases).map { try $0.values() }
            }
            #expect(rows == expected)
            // The identity went past the key version 3 inserted, as SQLite's rowid does.
            let next = try await database.write { context in
                try await context.query(sql: #"INSERT INTO purchase (user_id) VALUES (2) RETURNING id"#)[0]
                    .get(0, as: Int.self)
            }
            let sqliteNext = try sqlite.query(sql: #"INSERT INTO purchase (user_id) VALUES (2) RETURNING id"#)
            #expect(sqliteNext == [[.integer(Int64(next))]])
            #expect(next == 11)
            // The renamed column kept its values; the dropped one is gone on both.
            let users = try await database.read { context in
                try await context.query(sql: #"SELECT id, "Name", choice FROM "user" ORDER BY id"#).map {
                    try $0.values()
                }
            }
            #expect(users == (try sqlite.query(sql: #"SELECT id, "Name", choice FROM "user" ORDER BY id"#)))
            // Running it again applies nothing.
            let again = try await database.bootstrap(scripts: rendered, schemaName: "Evolve")
            #expect(again.appliedFiles == [] && again.version == 3)
        }
    }

    /// Bootstrap after close is a misuse error, not a hang or a crash.
    @Test func bootstrapAfterCloseIsRefused() async throws {
        let rendered = try Self.postgresScripts()
        let database = try RuntimeTestDatabase.admin()
        await database.close()
        await #expect(throws: SQLPostgresError.self) {
            try await database.bootstrap(scripts: rendered)
        }
    }
}
#endif
