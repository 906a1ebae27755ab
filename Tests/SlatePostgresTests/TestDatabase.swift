#if Postgres
import Foundation
import PostgresNIO
import SlatePostgres
import SlateTestSupport
import Testing

/// Databases of the tests' own on the test server: each suite creates one with a random
/// name, so that suites running at once (and other runs on the same server) never see each
/// other's tables, and drops it at the end. The one place that creates, names and drops
/// them, and that turns the server's URL into postgres-nio's configuration for the tests
/// that drive a `PostgresClient` themselves.
enum TestDatabase {
    /// Creates a database called `prefix` and a random number; its name.
    static func create(prefix: String) async throws -> String {
        let name = "\(prefix)_\(UInt64.random(in: 0...UInt64.max))"
        try await maintenance { try await $0.exec(sql: "CREATE DATABASE \(name)") }
        return name
    }

    /// Drops the database `name`, closing whatever connections it still has.
    static func drop(_ name: String) async throws {
        try await maintenance { try await $0.exec(sql: "DROP DATABASE \(name) WITH (FORCE)") }
    }

    /// The test server's URL with `name` as its database.
    static func url(_ name: String) throws -> String {
        let server = try #require(PostgresTestServer.url)
        var parts = try #require(URLComponents(string: server))
        parts.path = "/" + name
        return try #require(parts.string)
    }

    /// postgres-nio's configuration of the database at `url` (parsed as
    /// `SQLPostgres.Server` parses it), without TLS.
    static func clientConfiguration(url: String) throws -> PostgresClient.Configuration {
        let server = try SQLPostgres.Server(url: url)
        return PostgresClient.Configuration(
            host: server.host, port: server.port, username: server.username, password: server.password,
            database: server.database, tls: .disable)
    }

    /// Runs `body` outside a transaction on the server's maintenance database.
    private static func maintenance(
        _ body: @escaping @Sendable (SQLPostgresContext) async throws -> Void
    )
        async throws
    {
        let admin = try SQLPostgres(url: try #require(PostgresTestServer.url))
        do {
            try await admin.writeWithoutTransaction(body)
        } catch {
            await admin.close()
            throw error
        }
        await admin.close()
    }
}
#endif
