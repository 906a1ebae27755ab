#if Postgres
import BookshopStore
import Foundation
import SlatePostgres
import SlateRecords
import Testing

/// The server the PostgreSQL tests run against: `SLATE_POSTGRES_URL`
/// (`postgres://user@host:port/database`), which `.ci/run` exports. Without it the tests
/// are skipped with a message that says how to run them.
enum BookshopTestServer {
    static var url: String? {
        ProcessInfo.processInfo.environment["SLATE_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    static var isAvailable: Bool { url != nil }

    static let skipReason = Comment(
        rawValue: "no PostgreSQL server: set SLATE_POSTGRES_URL=postgres://user@host:port/database "
            + "(`Scripts/postgres.sh start DIR PORT` in Slate's checkout starts one and prints its URL)")

    /// Creates a database of the test's own, runs `body` with a fresh `SQLPostgres` on it
    /// (closed afterwards), and drops the database whatever happened.
    static func withDatabase(_ body: (SQLPostgres.Configuration) async throws -> Void) async throws {
        let server = try #require(url)
        let name = "bookshop_test_\(UInt64.random(in: 0...UInt64.max))"
        try await maintenance(server) { try await $0.exec(sql: "CREATE DATABASE \(name)") }
        var configuration = try SQLPostgres.Configuration(url: server)
        configuration.primary.database = name
        var failure: (any Error)?
        do { try await body(configuration) } catch { failure = error }
        try await maintenance(server) { try await $0.exec(sql: "DROP DATABASE \(name) WITH (FORCE)") }
        if let failure { throw failure }
    }

    /// A bootstrapped bookshop in a database of the test's own, closed and dropped after.
    static func withShop(_ body: (Bookshop.Postgres) async throws -> Void) async throws {
        try await withDatabase { configuration in
            let shop = try await Bookshop.Postgres.bootstrap(database: SQLPostgres(configuration: configuration))
            var failure: (any Error)?
            do { try await body(shop) } catch { failure = error }
            await shop.close()
            if let failure { throw failure }
        }
    }

    private static func maintenance(
        _ server: String, _ body: @escaping @Sendable (SQLPostgresContext) async throws -> Void
    ) async throws {
        let admin = try SQLPostgres(url: server)
        var failure: (any Error)?
        do { try await admin.writeWithoutTransaction(body) } catch { failure = error }
        await admin.close()
        if let failure { throw failure }
    }
}

/// The bookshop's day on SQLite and on PostgreSQL from the same generated code and the same
/// bundled scripts: the same rows, totals, view and named queries' answers on both, and
/// what a careless or concurrent caller would try on the server.
@Suite(.enabled(if: BookshopTestServer.isAvailable, BookshopTestServer.skipReason))
struct BookshopPostgresTests {
    /// A fixed time with microseconds SQLite keeps too (whole milliseconds).
    private let noon = Date(timeIntervalSince1970: 1_700_000_000.25)

    @Test func theSameDayGivesTheSameAnswersOnBothEngines() async throws {
        let lite = try Bookshop.inMemory()
        defer { lite.close() }
        try await BookshopTestServer.withShop { shop in
            try lite.loadSampleData()
            try await shop.loadSampleData()

            // The sample rows, dates included, read back the same.
            #expect(try await shop.authors.fetch(orderBy: { $0.authorId.ascending }) == lite.authors.fetch())
            let books = try await shop.books.fetch(orderBy: { $0.bookId.ascending })
            #expect(books == (try await lite.books.fetch()))
            #expect(
                books.map(\.published) == [
                    Date(timeIntervalSince1970: -4_860_604_800), Date(timeIntervalSince1970: -4_797_705_600),
                    Date(timeIntervalSince1970: -3_474_576_000),
                ])
            #expect(try await shop.customers.fetch(orderBy: { $0.customerId.ascending }) == lite.customers.fetch())

            // A limit reads the same on both, as SQL's LIMIT: 0 is no row, a negative one none.
            for (limit, count) in [(0, 0), (2, 2), (-1, 3)] {
                #expect(try await shop.books.fetch(limit: limit).count == count)
                #expect(try await lite.books.fetch(limit: limit).count == count)
                #expect(try lite.bestSellers(limit: limit).count == count)
                #expect(try await shop.bestSellers(limit: limit).count == count)
            }

            // Keys left to the database continue after the script's keys on both (the
            // identity was moved past them): a new customer and two books with titles whose
            // order differs between bytes and a dictionary ("Zebra" < "apple" < "Émile").
            let newcomer = Customer(name: "Barbara", email: "barbara@example.com")
            #expect(try await shop.insert(newcomer).customerId == 3)
            #expect(try await lite.insert(newcomer).customerId == 3)
            for title in ["apple", "Zebra", "Émile"] {
                let book = Book(title: title, authorId: 2, priceCents: 100)
                #expect(try await shop.insert(book) == (try lite.insert(book)))
            }

            let ada = try #require(try await shop.customers.find(1))
            let grace = try #require(try await shop.customers.find(2))
            let orders: [(Customer, [Bookshop.OrderLine])] = [
                (ada, [.init(bookID: 1, quantity: 2), .init(bookID: 3, quantity: 1)]),
                (grace, [.init(bookID: 1, quantity: 1)]),
                (grace, [.init(bookID: 2, quantity: 3), .init(bookID: 6, quantity: 1)]),
            ]
            for (customer, lines) in orders {
                let onServer = try await shop.placeOrder(for: customer, lines: lines, at: noon)
                let inFile = try lite.placeOrder(for: customer, lines: lines, at: noon)
                #expect(onServer == inFile)
                #expect(try await shop.total(of: onServer) == (try lite.total(of: inFile)))
            }
            #expect(try await shop.total(of: try #require(try await shop.purchases.find(1))) == 2 * 899 + 1299)
            #expect(
                try await shop.purchases.fetch(orderBy: { $0.purchaseId.ascending }).map(\.placedAt) == [
                    noon, noon, noon,
                ])
            let lines = try await shop.purchaseLines.fetch(orderBy: {
                $0.purchaseId.ascending.then($0.bookId.ascending)
            })
            #expect(
                lines
                    == (try await lite.purchaseLines.fetch(orderBy: {
                        $0.purchaseId.ascending.then($0.bookId.ascending)
                    })))

            // An order without lines is a purchase that costs nothing, on both.
            let empty = try await shop.placeOrder(for: grace, lines: [], at: noon)
            #expect(empty == (try lite.placeOrder(for: grace, lines: [], at: noon)))
            #expect(try await shop.total(of: empty) == 0)
            #expect(try await shop.purchaseLines.fetch(for: empty).isEmpty)

            // The view's sum (NUMERIC on PostgreSQL) and the named query topSellers.
            let sales = try await shop.bookSales.fetch(orderBy: { $0.bookId.ascending })
            #expect(sales == (try await lite.bookSales.fetch(orderBy: { $0.bookId.ascending })))
            #expect(sales.map(\.copiesSold) == [3, 3, 1, 0, 0, 1])
            let expected = [
                TopSellersRow(bookId: 1, title: "Emma", copiesSold: 3),
                TopSellersRow(bookId: 2, title: "Persuasion", copiesSold: 3),
                TopSellersRow(bookId: 3, title: "On the Origin of Species", copiesSold: 1),
                TopSellersRow(bookId: 6, title: "Émile", copiesSold: 1),
                TopSellersRow(bookId: 5, title: "Zebra", copiesSold: 0),
                TopSellersRow(bookId: 4, title: "apple", copiesSold: 0),
            ]
            for limit in [0, 1, 3, 6, 100] {
                #expect(try await shop.bestSellers(limit: limit) == Array(expected.prefix(limit)))
                #expect(try lite.bestSellers(limit: limit) == Array(expected.prefix(limit)))
            }

            // An order past Int32 (the sum of products is NUMERIC on the server): exact.
            let large = try await shop.placeOrder(
                for: ada, lines: [.init(bookID: 3, quantity: 3_000_000_000)], at: noon)
            let largeInFile = try lite.placeOrder(
                for: ada, lines: [.init(bookID: 3, quantity: 3_000_000_000)], at: noon)
            #expect(try await shop.total(of: large) == 3_897_000_000_000)
            #expect(try lite.total(of: largeInFile) == 3_897_000_000_000)

            // Emptied, both have no sales and no total.
            try await shop.emptyShelves()
            try lite.emptyShelves()
            #expect(try await shop.bestSellers().isEmpty)
            #expect(try lite.bestSellers().isEmpty)
            #expect(try await shop.total(of: large) == 0)
            #expect(try lite.total(of: largeInFile) == 0)
            #expect(try await shop.books.fetchCount() == 0)
        }
    }

    /// A line for a missing book, or a quantity the CHECK refuses, fails the whole order on
    /// the server: no purchase and no line of it remain, and the shop goes on working.
    @Test func anOrderThatFailsLeavesNothing() async throws {
        try await BookshopTestServer.withShop { shop in
            try await shop.loadSampleData()
            let ada = try #require(try await shop.customers.find(1))
            try await shop.placeOrder(for: ada, lines: [.init(bookID: 1, quantity: 1)], at: noon)

            let missingBook = await #expect(throws: SQLPostgresError.self) {
                try await shop.placeOrder(
                    for: ada, lines: [.init(bookID: 2, quantity: 1), .init(bookID: 99, quantity: 1)], at: noon)
            }
            #expect(missingBook?.sqlState == "23503")
            #expect(missingBook?.table == "purchase_line")
            let badQuantity = await #expect(throws: SQLPostgresError.self) {
                try await shop.placeOrder(for: ada, lines: [.init(bookID: 2, quantity: 0)], at: noon)
            }
            #expect(badQuantity?.sqlState == "23514")
            let nobody = Customer(customerId: 42, name: "Nobody", email: "nobody@example.com")
            let missingCustomer = await #expect(throws: SQLPostgresError.self) {
                try await shop.placeOrder(for: nobody, lines: [.init(bookID: 1, quantity: 1)], at: noon)
            }
            #expect(missingCustomer?.sqlState == "23503")

            #expect(try await shop.purchases.fetchCount() == 1)
            #expect(try await shop.purchaseLines.fetch() == [PurchaseLine(purchaseId: 1, bookId: 1, quantity: 1)])
            // The failed orders used up identity values (sequences are not rolled back on
            // PostgreSQL, unlike SQLite's rowid): the next key is larger, never reused.
            let next = try await shop.placeOrder(for: ada, lines: [.init(bookID: 3, quantity: 2)], at: noon)
            #expect(next.purchaseId > 1)
            #expect(try await shop.total(of: next) == 2 * 1299)
            #expect(try await shop.bestSellers(limit: 2).map(\.title) == ["On the Origin of Species", "Emma"])
        }
    }

    /// Loading the sample data twice fails on the first repeated key and leaves the first
    /// load as it was, on both engines.
    @Test func loadingTheSampleDataTwiceChangesNothing() async throws {
        let lite = try Bookshop.inMemory()
        defer { lite.close() }
        try await BookshopTestServer.withShop { shop in
            try await shop.loadSampleData()
            try lite.loadSampleData()
            let error = await #expect(throws: SQLPostgresError.self) { try await shop.loadSampleData() }
            #expect(error?.sqlState == "23505")
            #expect(throws: SQLError.self) { try lite.loadSampleData() }
            #expect(try await shop.authors.fetchCount() == 2)
            #expect(try await shop.books.fetchCount() == 3)
            #expect(try await shop.customers.fetchCount() == 2)
            #expect(try await lite.books.fetchCount() == 3)
        }
    }

    /// Four app instances starting together on one empty database, each bootstrapping as
    /// `Bookshop.Postgres.bootstrap(database:)` does: every one succeeds, the scripts are
    /// applied once between them (the others find the database current), and the schema
    /// is whole.
    @Test func bootstrapsAtOnceApplyEachScriptOnce() async throws {
        try await BookshopTestServer.withDatabase { configuration in
            let outcomes = try await withThrowingTaskGroup(of: ([String], Int).self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        let database = SQLPostgres(configuration: configuration)
                        do {
                            let outcome = try await database.bootstrap(
                                scripts: Bookshop.postgresSchemaScripts, schemaName: "Bookshop")
                            let count = try await Bookshop.Postgres(database: database).books.fetchCount()
                            await database.close()
                            return (outcome.appliedFiles, count)
                        } catch {
                            await database.close()
                            throw error
                        }
                    }
                }
                var outcomes: [([String], Int)] = []
                for try await outcome in group { outcomes.append(outcome) }
                return outcomes
            }
            #expect(outcomes.flatMap(\.0).sorted() == ["bookshop-001.sql", "bookshop-002.sql"])
            #expect(outcomes.map(\.1) == [0, 0, 0, 0])
            // The generated bootstrap on the database they made finds it current.
            let shop = try await Bookshop.Postgres.bootstrap(database: SQLPostgres(configuration: configuration))
            let versions = try await shop.read { context in
                try await context.query(sql: "SELECT version, file FROM slate_schema_version ORDER BY version")
                    .map { "\(try $0.get(0, as: Int.self)) \(try $0.get(1, as: String.self))" }
            }
            await shop.close()
            #expect(versions == ["1 bookshop-001.sql", "2 bookshop-002.sql"])
        }
    }

    /// A database a newer version of the app upgraded (a third script) is refused by this
    /// version, and left as it was.
    @Test func aNewerDatabaseIsRefused() async throws {
        try await BookshopTestServer.withDatabase { configuration in
            let newer = SQLPostgres(configuration: configuration)
            let third = SQLSchemaScript(
                file: "bookshop-003.sql", sql: "CREATE TABLE gift_card (code TEXT PRIMARY KEY);\n")
            try await newer.bootstrap(scripts: Bookshop.postgresSchemaScripts + [third], schemaName: "Bookshop")
            await newer.close()

            let database = SQLPostgres(configuration: configuration)
            let failure = await #expect(throws: SQLPostgresSchemaEvolution.Failure.self) {
                _ = try await Bookshop.Postgres.bootstrap(database: database)
            }
            #expect(failure?.kind == .newerDatabase)
            #expect(failure?.version == 3)
            #expect(failure?.description.contains("bookshop-003.sql") == true)
            let tables = try await database.read { context in
                try await context.query(
                    sql: "SELECT count(*) FROM slate_schema_version UNION ALL SELECT count(*) FROM gift_card"
                )
                .map { try $0.get(0, as: Int.self) }
            }
            #expect(tables == [3, 0])
            await database.close()
        }
    }

    /// A database version 1 of the app made (bookshop-001.sql's script only) is upgraded
    /// by this version's bootstrap, its rows kept; a second bootstrap changes nothing.
    @Test func aVersionOneDatabaseIsUpgraded() async throws {
        try await BookshopTestServer.withDatabase { configuration in
            let database = SQLPostgres(configuration: configuration)
            try await database.bootstrap(scripts: [Bookshop.postgresSchemaScripts[0]], schemaName: "Bookshop")
            _ = try await database.write {
                try await $0.exec(sql: "INSERT INTO author (name) VALUES ('Italo Calvino')")
            }
            let shop = try await Bookshop.Postgres.bootstrap(database: database)
            #expect(try await shop.authors.fetch().map(\.name) == ["Italo Calvino"])
            #expect(try await shop.customers.fetchCount() == 0)
            let again = try await database.bootstrap(scripts: Bookshop.postgresSchemaScripts, schemaName: "Bookshop")
            #expect(again == .init(foundVersion: 2, version: 2, appliedFiles: []))
            await shop.close()
        }
    }
}
#endif
