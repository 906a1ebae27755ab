#if Postgres
import Foundation
import Logging
import PostgresNIO
import SlatePostgres
import SlateRecords
import SlateTestSupport
import Testing

/// A database of the test's own on the test server, and what the evolution tests ask of it.
struct EvolutionDatabase {
    /// The database's URL (`postgres://user@host:port/name`).
    let url: String
    /// Its name.
    let name: String
    /// A running client of it.
    let client: PostgresClient

    static let logger = Logger(label: "slate.postgres.evolution.tests")

    /// Runs `body` with a fresh database (a random name), dropped afterwards.
    static func with(_ body: (EvolutionDatabase) async throws -> Void) async throws {
        let name = try await TestDatabase.create(prefix: "slate_evolution")
        let url = try TestDatabase.url(name)
        do {
            try await withClient(url) { client in
                try await body(EvolutionDatabase(url: url, name: name, client: client))
            }
        } catch {
            try? await TestDatabase.drop(name)
            throw error
        }
        try await TestDatabase.drop(name)
    }

    /// Runs `body` with a running client of the database at `url`.
    @discardableResult
    static func withClient<Result: Sendable>(
        _ url: String, _ body: (PostgresClient) async throws -> Result
    )
        async throws -> Result
    {
        let client = PostgresClient(configuration: try configuration(url))
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            return try await body(client)
        }
    }

    static func configuration(_ url: String) throws -> PostgresClient.Configuration {
        try TestDatabase.clientConfiguration(url: url)
    }

    /// Brings the database to `scripts`' latest version.
    @discardableResult
    func apply(_ scripts: [SQLSchemaScript]) async throws -> SQLPostgresSchemaEvolution.Outcome {
        try await SQLPostgresSchemaEvolution(scripts: scripts, schemaName: "Tests").apply(
            on: client, logger: Self.logger)
    }

    /// The failure bootstrapping with `scripts` throws (recorded as an issue when none).
    func failure(
        _ scripts: [SQLSchemaScript], sourceLocation: SourceLocation = #_sourceLocation
    ) async
        -> SQLPostgresSchemaEvolution.Failure?
    {
        do {
            let outcome = try await apply(scripts)
            Issue.record("bootstrap succeeded (\(outcome)) where it should fail", sourceLocation: sourceLocation)
        } catch let failure as SQLPostgresSchemaEvolution.Failure {
            return failure
        } catch {
            Issue.record("bootstrap threw \(String(reflecting: error)), not a Failure", sourceLocation: sourceLocation)
        }
        return nil
    }

    /// The first column of each row of `sql`, as text (NULL as "NULL").
    func strings(_ sql: String) async throws -> [String] {
        var result: [String] = []
        for try await value in try await client.query(PostgresQuery(unsafeSQL: sql)).decode(String?.self) {
            result.append(value ?? "NULL")
        }
        return result
    }

    /// Runs a statement.
    func exec(_ sql: String) async throws {
        for try await _ in try await client.query(PostgresQuery(unsafeSQL: sql)) {}
    }

    /// The recorded versions and files, `N file` each, in order; empty when there is no
    /// `slate_schema_version`.
    func versions() async throws -> [String] {
        guard try await exists("slate_schema_version") else { return [] }
        return try await strings("SELECT version || ' ' || file FROM slate_schema_version ORDER BY version")
    }

    /// Whether the table (or view) exists.
    func exists(_ table: String) async throws -> Bool {
        try await strings("SELECT (to_regclass('\(table)') IS NOT NULL)::text") == ["true"]
    }

    /// The first column of `sql`'s rows once there are some, polling every 50 ms for up to
    /// 30 s (empty when there never were).
    func waitFor(_ sql: String) async throws -> [String] {
        for _ in 0..<600 {
            let rows = try await strings(sql)
            if !rows.isEmpty { return rows }
            try await Task.sleep(for: .milliseconds(50))
        }
        return []
    }
}
#endif
