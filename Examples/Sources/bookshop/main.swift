import BookshopStore
import Catalog
import Foundation
import SlateRecords

// A day at the bookshop: load the shelves, take two orders, print what sold.
// `bookshop --postgres postgres://user@host:port/database` spends the same day on a
// PostgreSQL server (built with `--traits Postgres`; BookshopOnPostgres.swift) and prints
// the same lines.
let usage = "usage: bookshop [--postgres postgres://user@host:port/database]\n"
let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch arguments.first {
    case nil: try runOnSQLite()
    case "--postgres" where arguments.count == 2: try await runOnPostgres(serverURL: arguments[1])
    default:
        FileHandle.standardError.write(Data(usage.utf8))
        exit(2)
    }
} catch {
    FileHandle.standardError.write(Data("bookshop: \(error)\n".utf8))
    exit(1)
}

func runOnSQLite() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("bookshop-\(getpid()).sqlite").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let shop = try Bookshop.bootstrap(at: path)
    defer { shop.close() }
    try shop.loadSampleData()

    let ada = try shop.customers.fetch().first { $0.name == "Ada" }!
    let grace = try shop.customers.fetch().first { $0.name == "Grace" }!
    let order = try shop.placeOrder(for: ada, lines: [.init(bookID: 1, quantity: 2), .init(bookID: 3, quantity: 1)])
    try shop.placeOrder(for: grace, lines: [.init(bookID: 1, quantity: 1)])

    print("Genres: \(try Genres.names().joined(separator: ", "))")
    print("Ada's order: \(try shop.total(of: order)) cents")
    for sale in try shop.bestSellers() {
        print("\(sale.copiesSold) × \(sale.title)")
    }

    // An upgrade: a file that version 1 of the app wrote (the catalogue only, with an author
    // in it) opened by this version, whose schema has a second script. `bootstrap(at:)` applies
    // bookshop-002.sql to it and keeps the author.
    let oldPath = FileManager.default.temporaryDirectory.appendingPathComponent("bookshop-v1-\(getpid()).sqlite").path
    defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: oldPath + suffix) } }
    do {
        let versionOne = try SQLContext(path: oldPath)
        try versionOne.migrate(migrations: [{ try $0.exec(sql: Bookshop.schemaScripts[0].sql) }])
        try versionOne.exec(sql: "INSERT INTO author (name) VALUES ('Italo Calvino')")
        versionOne.close()
    }
    let upgraded = try Bookshop.bootstrap(at: oldPath)
    print(
        "Upgraded a version-1 database to version \(Bookshop.schemaVersion): \(try upgraded.authors.fetch().map(\.name).joined(separator: ", ")), \(try upgraded.customers.fetchCount()) customers"
    )
    upgraded.close()
}
