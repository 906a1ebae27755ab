import BookshopStore
import Catalog
import Foundation

#if Postgres
import SlatePostgres

/// The day of `runOnSQLite()` on a PostgreSQL server: the same calls, awaited, on
/// `Bookshop.Postgres`, printing the same lines. It works in two databases of its own on
/// the server at `serverURL` (as the SQLite run works in temporary files), created here
/// and dropped at the end, so that runs never meet each other's rows.
func runOnPostgres(serverURL: String) async throws {
    try await withScratchDatabase(serverURL: serverURL, prefix: "bookshop") { database in
        let shop = try await Bookshop.Postgres.bootstrap(database: database)
        try await shop.loadSampleData()

        let customers = try await shop.customers.fetch()
        let ada = customers.first { $0.name == "Ada" }!
        let grace = customers.first { $0.name == "Grace" }!
        let order = try await shop.placeOrder(
            for: ada, lines: [.init(bookID: 1, quantity: 2), .init(bookID: 3, quantity: 1)])
        try await shop.placeOrder(for: grace, lines: [.init(bookID: 1, quantity: 1)])

        print("Genres: \(try Genres.names().joined(separator: ", "))")
        print("Ada's order: \(try await shop.total(of: order)) cents")
        for sale in try await shop.bestSellers() {
            print("\(sale.copiesSold) × \(sale.title)")
        }
    }

    // An upgrade: a database that version 1 of the app made (bookshop-001.sql's script
    // only, with an author in it) opened by this version: `bootstrap` applies
    // bookshop-002.sql's and keeps the author.
    try await withScratchDatabase(serverURL: serverURL, prefix: "bookshop_v1") { database in
        try await database.bootstrap(scripts: [Bookshop.postgresSchemaScripts[0]], schemaName: "Bookshop")
        _ = try await database.write { try await $0.exec(sql: "INSERT INTO author (name) VALUES ('Italo Calvino')") }
        let upgraded = try await Bookshop.Postgres.bootstrap(database: database)
        let authors = try await upgraded.authors.fetch().map(\.name).joined(separator: ", ")
        print(
            "Upgraded a version-1 database to version \(Bookshop.schemaVersion): \(authors), \(try await upgraded.customers.fetchCount()) customers"
        )
    }
}

/// Creates a database named `prefix`, this process's id and a random number on the server
/// at `serverURL`, runs `body` with it open, then closes it and drops the database,
/// whatever happened.
private func withScratchDatabase(
    serverURL: String, prefix: String, _ body: (SQLPostgres) async throws -> Void
) async throws {
    let name = "\(prefix)_\(getpid())_\(UInt32.random(in: 0...UInt32.max))"
    try await maintenance(serverURL) { try await $0.exec(sql: "CREATE DATABASE \(name)") }
    var configuration = try SQLPostgres.Configuration(url: serverURL)
    configuration.primary.database = name
    let database = SQLPostgres(configuration: configuration)
    var failure: (any Error)?
    do { try await body(database) } catch { failure = error }
    await database.close()
    try await maintenance(serverURL) { try await $0.exec(sql: "DROP DATABASE \(name) WITH (FORCE)") }
    if let failure { throw failure }
}

/// Runs `body` outside a transaction on the database `serverURL` names.
private func maintenance(
    _ serverURL: String, _ body: @escaping @Sendable (SQLPostgresContext) async throws -> Void
) async throws {
    let server = try SQLPostgres(url: serverURL)
    var failure: (any Error)?
    do { try await server.writeWithoutTransaction(body) } catch { failure = error }
    await server.close()
    if let failure { throw failure }
}
#else
/// Without the `Postgres` trait there is no PostgreSQL code to run: says how to build it.
func runOnPostgres(serverURL: String) async throws {
    FileHandle.standardError.write(
        Data("bookshop was built without PostgreSQL: swift run --traits Postgres bookshop --postgres URL\n".utf8))
    exit(2)
}
#endif
