#if Postgres
import Foundation
import SlatePostgres
import SlateRecords

/// The shop's operations on PostgreSQL (the `Postgres` trait): the same names, records
/// and answers as `Bookshop+Orders.swift`, over the generated `Bookshop.Postgres`.
///
/// They are written a second time because the engines share records and typed queries but
/// not a protocol: SQLite's transaction body is synchronous and PostgreSQL's is `async`
/// (it may run again after a serialization failure), and the table accessors are
/// `SQLTable` on one and `SQLPostgresTable` on the other. The named queries of
/// `bookshop-queries.sql` are generated for SQLite only, so their PostgreSQL forms are here.
extension Bookshop.Postgres {
    /// Places an order for `customer`: the purchase and its lines are stored together or
    /// not at all (a missing book or a bad quantity rolls the whole order back).
    @discardableResult
    public func placeOrder(
        for customer: Customer, lines: [Bookshop.OrderLine], at date: Date = Date()
    ) async throws -> Purchase {
        try await transaction { tx in
            let purchase = try await tx.insert(Purchase(customerId: customer.customerId, placedAt: date))
            _ = try await tx.insert(
                contentsOf: lines.map {
                    PurchaseLine(purchaseId: purchase.purchaseId, bookId: $0.bookID, quantity: $0.quantity)
                })
            return purchase
        }
    }

    /// What an order costs, in cents: `orderTotal` from `bookshop-queries.sql`, written
    /// with PostgreSQL's placeholder. Its sum is NUMERIC there; it is read as an `Int`
    /// (an error, not a rounded number, if it did not fit).
    public func total(of purchase: Purchase) async throws -> Int {
        let id = purchase.purchaseId
        let rows = try await read { context in
            try await context.query(sql: Self.orderTotalSQL, parameters: [.integer(Int64(id))])
        }
        return try rows.first?.get(0, as: Int.self) ?? 0
    }

    /// `orderTotal` of `bookshop-queries.sql`, `:purchaseId` as `$1`.
    static let orderTotalSQL = """
        SELECT coalesce(sum(line.quantity * book.price_cents), 0) AS cents
        FROM purchase_line line JOIN book ON book.book_id = line.book_id
        WHERE line.purchase_id = $1
        """

    /// Titles by copies sold, best first, then by title: `topSellers` from
    /// `bookshop-queries.sql` as a typed query over the `book_sales` view, in the same
    /// row type. (Titles order by their bytes, as SQLite's BINARY collation does.)
    public func bestSellers(limit: Int = 3) async throws -> [TopSellersRow] {
        try await bookSales.fetch(orderBy: { $0.copiesSold.descending.then($0.title.ascending) }, limit: limit)
            .map { TopSellersRow(bookId: $0.bookId, title: $0.title, copiesSold: $0.copiesSold) }
    }
}

extension Bookshop.Postgres {
    /// Loads two authors, three books and two customers from the bundled `sample-data.sql`,
    /// the script the SQLite store runs.
    ///
    /// The script gives its rows' keys, which PostgreSQL's identity columns do not see:
    /// each is moved past its table's largest key afterwards, so that the next row whose key
    /// is left to the server does not collide (SQLite's rowid moves by itself).
    public func loadSampleData() async throws {
        try await runBundledScript("sample-data")
        try await write { context in
            for (table, key) in [("author", "author_id"), ("book", "book_id"), ("customer", "customer_id")] {
                try await context.exec(
                    sql: "SELECT setval(pg_get_serial_sequence('\(table)', '\(key)'), max(\(key))) FROM \(table)")
            }
        }
    }

    /// Deletes every author, book, customer and order (the bundled `empty-shelf.sql`).
    public func emptyShelves() async throws {
        try await runBundledScript("empty-shelf")
    }

    /// Runs a bundled script's statements in one transaction. A statement sent to the
    /// server is one statement, so the script is split at its semicolons: these scripts
    /// have `--` comments on lines of their own and no semicolon inside a literal.
    private func runBundledScript(_ name: String) async throws {
        guard let url = Bundle.module.url(forResource: name, withExtension: "sql") else {
            throw SQLError(code: .cantOpen, message: "\(name).sql is not in the module's bundle")
        }
        let script = try String(contentsOf: url, encoding: .utf8)
        let statements = Self.statements(of: script)
        try await write { context in
            for statement in statements { try await context.exec(sql: statement) }
        }
    }

    /// The statements of a script without comment lines, split at `;`.
    static func statements(of script: String) -> [String] {
        let code = script.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("--") }
            .joined(separator: "\n")
        return code.split(separator: ";").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }
    }
}
#endif
