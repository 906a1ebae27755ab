import Foundation
import SlateRecords
import SlateTestSupport
import Testing

/// The functions generated from `Fixtures/Queries/bookshop-queries.sql`, run against a
/// real database: every kind, list parameters, optional parameters, record reuse.
@Suite struct QueryFunctionTests {
    typealias B = Bookshop

    struct Shop {
        var db: Bookshop
        var books: [B.Book]
        var grace: B.Customer
        var alan: B.Customer
        var orders: [B.Order]
    }

    static let day = 86_400.0

    /// Three books, two authors, two customers, three orders, three reviews.
    func openShop(_ directory: TemporaryDirectory) throws -> Shop {
        let db = try Bookshop.bootstrap(at: directory.path("shop.sqlite"))
        let seeded = try db.transaction { tx in
            let publisher = try tx.insert(B.Publisher(name: "Penguin"))
            let ada = try tx.insert(B.Author(name: "Ada Lovelace", born: Date(timeIntervalSince1970: -4_906_137_600)))
            let alanAuthor = try tx.insert(B.Author(name: "Alan Turing"))
            let books = [
                try tx.insert(
                    B.Book(isbn: "978-0", title: "Notes", publisherId: publisher.publisherId, price: 12.5, pages: 120)),
                try tx.insert(
                    B.Book(
                        isbn: "978-1", title: "Sketch", publisherId: publisher.publisherId, price: 8, pages: 40,
                        inPrint: false)),
                try tx.insert(
                    B.Book(
                        isbn: "978-2", title: "Computing Machinery", publisherId: publisher.publisherId, price: 20,
                        pages: 300)),
            ]
            try tx.insert(B.BookAuthor(bookId: books[0].bookId, authorId: ada.authorId))
            try tx.insert(B.BookAuthor(bookId: books[2].bookId, authorId: alanAuthor.authorId))
            for book in books { try tx.insert(B.Stock(bookId: book.bookId, onHand: 10)) }
            let grace = try tx.insert(B.Customer(email: "grace@example.com", name: "Grace"))
            let alan = try tx.insert(B.Customer(email: "alan@example.com", name: "Alan"))
            let orders = [
                try tx.insert(
                    B.Order(customerId: grace.customerId, placed: Date(timeIntervalSince1970: 10 * Self.day))),
                try tx.insert(
                    B.Order(customerId: grace.customerId, placed: Date(timeIntervalSince1970: 20 * Self.day))),
                try tx.insert(B.Order(customerId: alan.customerId, placed: Date(timeIntervalSince1970: 15 * Self.day))),
            ]
            try tx.insert(
                B.OrderItem(orderId: orders[0].orderId, bookId: books[0].bookId, quantity: 2, unitPrice: 12.5))
            try tx.insert(B.OrderItem(orderId: orders[1].orderId, bookId: books[2].bookId, quantity: 1, unitPrice: 20))
            try tx.insert(
                B.OrderItem(orderId: orders[1].orderId, bookId: books[0].bookId, quantity: 1, unitPrice: 12.5))
            try tx.insert(
                B.Review(bookId: books[0].bookId, customerId: grace.customerId, stars: 5, body: "Ahead of its time"))
            try tx.insert(B.Review(bookId: books[0].bookId, stars: 4, body: "Anonymous"))
            try tx.insert(B.Review(bookId: books[2].bookId, customerId: grace.customerId, stars: 3, body: "Dense"))
            return (books, grace, alan, orders)
        }
        return Shop(db: db, books: seeded.0, grace: seeded.1, alan: seeded.2, orders: seeded.3)
    }

    @Test func selectsTypedFromTheirColumns() throws {
        let directory = TemporaryDirectory()
        let shop = try openShop(directory)
        let db = shop.db
        defer { db.close() }

        // :many with two parameters, in order of first appearance.
        let orders = try db.ordersForCustomer(
            customerId: shop.grace.customerId, since: Date(timeIntervalSince1970: 12 * Self.day))
        #expect(
            orders == [
                B.OrdersForCustomerRow(
                    orderId: shop.orders[1].orderId, placed: Date(timeIntervalSince1970: 20 * Self.day), status: "open",
                    shipped: nil)
            ])
        #expect(
            try db.ordersForCustomer(customerId: shop.grace.customerId, since: Date(timeIntervalSince1970: 0)).map(
                \.orderId)
                == [shop.orders[1].orderId, shop.orders[0].orderId])

        // :one returning an existing record type.
        let notes: B.Book? = try db.bookByISBN(isbn: "978-0")
        #expect(notes == shop.books[0])
        #expect(try db.bookByISBN(isbn: "nope") == nil)

        // LEFT JOIN: the optional side is optional.
        #expect(
            try db.booksWithAuthors() == [
                B.BooksWithAuthorsRow(title: "Computing Machinery", author: "Alan Turing", born: nil),
                B.BooksWithAuthorsRow(
                    title: "Notes", author: "Ada Lovelace", born: Date(timeIntervalSince1970: -4_906_137_600)),
                B.BooksWithAuthorsRow(title: "Sketch", author: nil, born: nil),
            ])

        // Aggregates: count is Int, sum Int?, avg Double?, max of a date Date?, coalesce non-optional.
        #expect(
            try db.customerTotals(minimumOrders: 0) == [
                B.CustomerTotalsRow(
                    customerId: shop.grace.customerId, name: "Grace", orders: 3, copies: 4,
                    averagePrice: (12.5 + 20 + 12.5) / 3,
                    lastOrder: Date(timeIntervalSince1970: 20 * Self.day), spent: 25 + 20 + 12.5),
                B.CustomerTotalsRow(
                    customerId: shop.alan.customerId, name: "Alan", orders: 1, copies: nil, averagePrice: nil,
                    lastOrder: Date(timeIntervalSince1970: 15 * Self.day), spent: 0),
            ])
        #expect(try db.customerTotals(minimumOrders: 2).map(\.name) == ["Grace"])

        // CTE and window function.
        #expect(
            try db.rankedBooks() == [
                B.RankedBooksRow(title: "Notes", copies: 3, position: 1),
                B.RankedBooksRow(title: "Computing Machinery", copies: 1, position: 2),
                B.RankedBooksRow(title: "Sketch", copies: 0, position: 3),
            ])

        // A subquery and BETWEEN.
        #expect(
            try db.booksPricedAbove(fewest: 100, most: 400) == [
                B.BooksPricedAboveRow(title: "Computing Machinery", price: 20)
            ])
        #expect(try db.booksPricedAbove(fewest: 1, most: 99) == [])

        // LIKE: the pattern is bound, `%` and `_` keep their meaning, quotes are data.
        #expect(try db.countBooks(pattern: "%o%")?.total == 2)
        #expect(try db.countBooks(pattern: "N_tes")?.total == 1)
        #expect(try db.countBooks(pattern: "'; DROP TABLE books; --")?.total == 0)
        #expect(try db.books.fetchCount() == 3)

        // Arguments named like the function's own values.
        #expect(
            try db.booksNamed(context: "Notes", handle: "Sketch", sql: "nope", body: "nope") == [
                B.BooksNamedRow(bookId: shop.books[0].bookId), B.BooksNamedRow(bookId: shop.books[1].bookId),
            ])

        // :each hands rows over one at a time.
        var titles: [String] = []
        try db.eachTitle { row in titles.append(row.title) }
        #expect(titles == ["Notes", "Sketch", "Computing Machinery"])
    }

    @Test func listAndOptionalParameters() throws {
        let directory = TemporaryDirectory()
        let shop = try openShop(directory)
        let db = shop.db
        defer { db.close() }
        let ids = shop.books.map(\.bookId)

        // IN (:ids) expands per call; the other parameter binds before the list.
        #expect(
            try db.booksByIDs(ids: ids, inPrint: true) == [
                B.BooksByIDsRow(bookId: ids[0], title: "Notes", cents: 1250),
                B.BooksByIDsRow(bookId: ids[2], title: "Computing Machinery", cents: 2000),
            ])
        #expect(try db.booksByIDs(ids: [ids[1]], inPrint: false).map(\.title) == ["Sketch"])
        #expect(try db.booksByIDs(ids: [], inPrint: true) == [])
        #expect(try db.booksByIDs(ids: ids + ids + [999], inPrint: true).count == 2)

        // IS :customerId finds NULL when given nil; LIMIT and OFFSET are Int.
        #expect(try db.reviewsBy(customerId: nil, limit: 10, offset: 0).map(\.text) == ["Anonymous"])
        #expect(try db.reviewsBy(customerId: shop.grace.customerId, limit: 10, offset: 0).map(\.stars) == [5, 3])
        #expect(try db.reviewsBy(customerId: shop.grace.customerId, limit: 1, offset: 1).map(\.text) == ["Dense"])
    }

    @Test func writesReturnWhatTheirKindSays() throws {
        let directory = TemporaryDirectory()
        let shop = try openShop(directory)
        let db = shop.db
        defer { db.close() }

        // :lastid
        let id = try db.addCustomer(email: "o'brien@example.com", name: "O'Brien", marketing: true)
        let added = try #require(try db.customers.find(id))
        #expect(added.name == "O'Brien" && added.email == "o'brien@example.com" && added.marketing)

        // :execrows
        #expect(try db.renameCustomer(name: "Flann", customerId: id) == 1)
        #expect(try db.renameCustomer(name: "Nobody", customerId: 9_999) == 0)
        #expect(try db.customers.find(id)?.name == "Flann")

        // :one with RETURNING, in a transaction: tx has the same functions.
        let shipped = Date(timeIntervalSince1970: 30 * Self.day)
        let row = try db.transaction { tx in try tx.shipOrder(shipped: shipped, orderId: shop.orders[0].orderId) }
        #expect(row == B.ShipOrderRow(orderId: shop.orders[0].orderId, status: "shipped", shipped: shipped))
        #expect(try db.orders.find(shop.orders[0].orderId)?.shipped == shipped)

        // :exec
        try db.deleteReviews(bookId: shop.books[0].bookId)
        #expect(try db.reviews.fetchCount() == 1)

        // A throw inside a transaction undoes the function's write.
        struct Abort: Error {}
        #expect(throws: Abort.self) {
            try db.transaction { tx in
                try tx.deleteReviews(bookId: shop.books[2].bookId)
                throw Abort()
            }
        }
        #expect(try db.reviews.fetchCount() == 1)

        // On a connection you hold, through the Queries namespace.
        let count = try db.pool.read { context in try Bookshop.Queries.countBooks(context, pattern: "%")?.total }
        #expect(count == 3)
    }

    @Test func asyncVariantsShareTheNames() async throws {
        let directory = TemporaryDirectory()
        let shop = try openShop(directory)
        let db = shop.db
        defer { db.close() }
        let ids = shop.books.map(\.bookId)

        let orders = try await db.ordersForCustomer(
            customerId: shop.alan.customerId, since: Date(timeIntervalSince1970: 0))
        #expect(orders.map(\.orderId) == [shop.orders[2].orderId])
        #expect(try await db.bookByISBN(isbn: "978-2") == shop.books[2])
        #expect(try await db.booksByIDs(ids: [ids[0], ids[1]], inPrint: true).map(\.title) == ["Notes"])
        let id = try await db.addCustomer(email: "async@example.com", name: "Async", marketing: false)
        #expect(try await db.renameCustomer(name: "Awaited", customerId: id) == 1)
        let counter = Counter()
        try await db.eachTitle { _ in counter.increment() }
        #expect(counter.value == 3)
        try await db.deleteReviews(bookId: shop.books[0].bookId)
        #expect(try await db.reviewsBy(customerId: nil, limit: 5, offset: 0) == [])
    }
}

/// A count that closures running on a pool's thread can add to.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
