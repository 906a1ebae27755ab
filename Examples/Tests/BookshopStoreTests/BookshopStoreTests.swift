import BookshopStore
import Catalog
import Foundation
import Inventory
import SlateRecords
import Testing

/// The example program's store, against real database files.
@Suite struct BookshopStoreTests {
    private func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString).sqlite").path
    }

    private func remove(_ path: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    /// The app's own file across two schema versions: a file version 1 wrote is upgraded
    /// by bootstrap(at:), rows kept; opening it again changes nothing.
    @Test func aVersionOneFileIsUpgraded() throws {
        let path = temporaryPath("bookshop-v1")
        defer { remove(path) }
        do {
            let versionOne = try SQLContext(path: path)
            try versionOne.migrate(migrations: [{ try $0.exec(sql: Bookshop.schemaScripts[0].sql) }])
            try versionOne.exec(sql: "INSERT INTO author (author_id, name) VALUES (1, 'Italo Calvino')")
            versionOne.close()
        }
        #expect(throws: SQLError.self) { try Bookshop(path: path) }
        let shop = try Bookshop.bootstrap(at: path)
        #expect(Bookshop.schemaVersion == 2)
        #expect(try shop.pool.read { try $0.query(sql: "PRAGMA user_version") } == [[2]])
        #expect(try shop.authors.fetch().map(\.name) == ["Italo Calvino"])
        #expect(try shop.customers.fetchCount() == 0)
        shop.close()
        let again = try Bookshop(path: path)
        #expect(try again.authors.fetchCount() == 1)
        again.close()
    }

    @Test func ordersAreStoredWholeAndTotalled() throws {
        let path = temporaryPath("bookshop")
        defer { remove(path) }
        let shop = try Bookshop.bootstrap(at: path)
        defer { shop.close() }
        try shop.loadSampleData()
        #expect(try shop.books.fetchCount() == 3)

        let ada = try #require(try shop.customers.find(1))
        let order = try shop.placeOrder(
            for: ada, lines: [.init(bookID: 1, quantity: 2), .init(bookID: 3, quantity: 1)])
        #expect(try shop.total(of: order) == 2 * 899 + 1299)
        #expect(try shop.purchaseLines.fetch(for: order).map(\.quantity) == [2, 1])
        #expect(try shop.customers.find(for: order) == ada)

        // A line for a book that does not exist breaks the foreign key: nothing is stored.
        #expect(throws: SQLError.self) {
            try shop.placeOrder(for: ada, lines: [.init(bookID: 2, quantity: 1), .init(bookID: 99, quantity: 1)])
        }
        #expect(try shop.purchases.fetchCount() == 1)
        #expect(try shop.purchaseLines.fetchCount() == 2)
    }

    @Test func bestSellersComeFromTheView() throws {
        let shop = try Bookshop.inMemory()
        defer { shop.close() }
        try shop.loadSampleData()
        let grace = try #require(try shop.customers.find(2))
        try shop.placeOrder(for: grace, lines: [.init(bookID: 2, quantity: 3)])
        try shop.placeOrder(for: grace, lines: [.init(bookID: 1, quantity: 1)])
        #expect(try shop.bestSellers().map(\.title) == ["Persuasion", "Emma", "On the Origin of Species"])
        #expect(try shop.bestSellers().map(\.copiesSold) == [3, 1, 0])

        try shop.emptyShelves()
        #expect(try shop.books.fetchCount() == 0)
        #expect(try shop.bestSellers().isEmpty)
    }

    @Test func deletingAnAuthorCascadesToTheirBooks() throws {
        let shop = try Bookshop.inMemory()
        defer { shop.close() }
        try shop.loadSampleData()
        let austen = try #require(try shop.authors.find(1))
        #expect(try shop.books.fetch(for: austen).map(\.title) == ["Emma", "Persuasion"])
        try shop.delete(austen)
        #expect(try shop.books.fetch().map(\.title) == ["On the Origin of Species"])
    }

    @Test func theBundledCatalogOpensReadOnly() throws {
        #expect(try Genres.names() == ["Fiction", "History", "Poetry", "Science"])
        let catalog = try Catalog.module
        defer { catalog.close() }
        #expect(throws: SQLError.self) { try catalog.insert(Genre(name: "Drama")) }
    }

    @Test func inventoryFromTheCommandPlugin() throws {
        let inventory = try Inventory.inMemory()
        defer { inventory.close() }
        #expect(try inventory.receive(5, ofBook: 1).onHand == 5)
        #expect(try inventory.receive(2, ofBook: 1).onHand == 7)
        #expect(try inventory.stocks.fetch() == [Stock(bookId: 1, onHand: 7, location: nil)])
    }
}
