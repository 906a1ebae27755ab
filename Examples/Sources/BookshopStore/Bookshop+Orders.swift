import Foundation
import SlateRecords

/// The shop's operations, written against the generated `Bookshop` API.
extension Bookshop {
    /// One line of an order: a book and how many copies.
    public struct OrderLine: Sendable {
        public var bookID: Int
        public var quantity: Int

        public init(bookID: Int, quantity: Int) {
            self.bookID = bookID
            self.quantity = quantity
        }
    }

    /// Places an order for `customer`: the purchase and its lines are stored together or
    /// not at all (a missing book or a bad quantity rolls the whole order back).
    @discardableResult
    public func placeOrder(for customer: Customer, lines: [OrderLine], at date: Date = Date()) throws -> Purchase {
        try transaction { tx in
            let purchase = try tx.insert(Purchase(customerId: customer.customerId, placedAt: date))
            for line in lines {
                try tx.insert(
                    PurchaseLine(purchaseId: purchase.purchaseId, bookId: line.bookID, quantity: line.quantity))
            }
            return purchase
        }
    }

    /// What an order costs, in cents: `orderTotal` from `bookshop-queries.sql`.
    public func total(of purchase: Purchase) throws -> Int {
        try orderTotal(purchaseId: purchase.purchaseId)?.cents ?? 0
    }

    /// Titles by copies sold, best first, then by title: `topSellers` from
    /// `bookshop-queries.sql`.
    public func bestSellers(limit: Int = 3) throws -> [TopSellersRow] {
        try topSellers(limit: limit)
    }
}

extension Bookshop {
    /// Loads two authors, three books and two customers from the bundled `sample-data.sql`.
    public func loadSampleData() throws {
        try runBundledScript("sample-data")
    }

    /// Deletes every author, book, customer and order (the bundled `empty-shelf.sql`).
    public func emptyShelves() throws {
        try runBundledScript("empty-shelf")
    }

    private func runBundledScript(_ name: String) throws {
        guard let url = Bundle.module.url(forResource: name, withExtension: "sql") else {
            throw SQLError(code: .cantOpen, message: "\(name).sql is not in the module's bundle")
        }
        let script = try String(contentsOf: url, encoding: .utf8)
        try pool.write { context in try context.transaction { try context.exec(sql: script) } }
    }
}
