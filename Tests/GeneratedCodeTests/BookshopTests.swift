import Foundation
import SlateRecords
import SlateTestSupport
import Testing

/// A realistic schema of 12 tables over three files, with nested record types.
@Suite struct BookshopTests {
    typealias B = Bookshop

    @Test func aShopDay() throws {
        let directory = TemporaryDirectory()
        let db = try Bookshop.bootstrap(at: directory.path("shop.sqlite"))
        defer { db.close() }
        #expect(Bookshop.schemaVersion == 3)

        let (book, other, customer, home, office) = try db.transaction { tx in
            let publisher = try tx.insert(B.Publisher(name: "Penguin"))
            #expect(publisher.country == "GB")
            let author = try tx.insert(
                B.Author(name: "Ada Lovelace", born: Date(timeIntervalSince1970: -4_906_137_600)))
            let book = try tx.insert(
                B.Book(isbn: "978-0", title: "Notes", publisherId: publisher.publisherId, price: 12.5, pages: 120))
            let other = try tx.insert(
                B.Book(isbn: "978-1", title: "Sketch", publisherId: publisher.publisherId, price: 8, inPrint: false))
            try tx.insert(B.BookAuthor(bookId: book.bookId, authorId: author.authorId))
            let science = try tx.insert(B.Category(name: "Science"))
            let computing = try tx.insert(B.Category(name: "Computing", parentId: science.categoryId))
            try tx.insert(B.BookCategory(bookId: book.bookId, categoryId: computing.categoryId))
            try tx.insert(B.Stock(bookId: book.bookId, onHand: 10))
            let customer = try tx.insert(B.Customer(email: "Grace@Example.com", name: "Grace"))
            let home = try tx.insert(
                B.Address(customerId: customer.customerId, line1: "1 Main St", city: "Arlington", postcode: "22201"))
            let office = try tx.insert(
                B.Address(customerId: customer.customerId, line1: "Pentagon", city: "Arlington", postcode: "22202"))
            return (book, other, customer, home, office)
        }

        // Relationships, both ways, with labels where two keys lead to one table.
        #expect(try db.bookAuthors.fetch(for: book).map(\.authorId) == [1])
        #expect(try db.books.find(for: db.bookAuthors.fetch()[0]) == book)
        #expect(try db.addresses.fetch(for: customer) == [home, office])
        let computing = try #require(try db.categories.fetch().last)
        #expect(try db.categories.find(for: computing)?.name == "Science")
        #expect(try db.bookCategories.find(.init(bookId: book.bookId, categoryId: computing.categoryId)) != nil)

        let order = try db.transaction { tx -> B.Order in
            let order = try tx.insert(
                B.Order(
                    customerId: customer.customerId, shippingAddressId: home.addressId,
                    billingAddressId: office.addressId))
            try tx.insert(B.OrderItem(orderId: order.orderId, bookId: book.bookId, quantity: 3, unitPrice: 12.5))
            try tx.insert(B.OrderItem(orderId: order.orderId, bookId: other.bookId, quantity: 1, unitPrice: 8))
            return order
        }
        #expect(order.state == "open")
        #expect(try db.orders.fetch(forShippingAddress: home) == [order])
        #expect(try db.orders.fetch(forBillingAddress: home) == [])
        #expect(try db.addresses.find(forBillingAddress: order) == office)
        #expect(try db.orderItems.fetch(for: order).map(\.quantity) == [3, 1])
        // The trigger reserved stock.
        #expect(try db.stocks.find(book.bookId)?.reserved == 3)

        // The email is UNIQUE COLLATE NOCASE.
        expectSQLError(.constraintUnique, "UNIQUE constraint failed: customers.email") {
            try db.insert(B.Customer(email: "grace@example.com", name: "Other Grace"))
        }

        try db.insert(
            B.Review(bookId: book.bookId, customerId: customer.customerId, stars: 5, body: "Ahead of its time"))
        try db.insert(B.Review(bookId: book.bookId, stars: 4))

        // Views: aggregates typed, outer joins optional.
        #expect(
            try db.bestsellers.fetch() == [
                B.Bestseller(bookId: book.bookId, title: "Notes", copiesSold: 3, revenue: 37.5),
                B.Bestseller(bookId: other.bookId, title: "Sketch", copiesSold: 1, revenue: 8),
            ])
        #expect(
            try db.bookRatings.fetch() == [
                B.BookRating(bookId: book.bookId, title: "Notes", reviews: 2, averageStars: 4.5),
                B.BookRating(bookId: other.bookId, title: "Sketch", reviews: 0, averageStars: nil),
            ])
        let newcomer = try db.insert(B.Customer(email: "new@example.com", name: "New"))
        let rows = try db.customerOrders.fetch()
        #expect(rows.count == 2)
        #expect(
            rows.contains(
                B.CustomerOrder(customerId: newcomer.customerId, name: "New", orderId: nil, placed: nil, status: nil)))

        // CHECK constraints hold.
        expectSQLError(.constraintCheck, "CHECK constraint failed: stars BETWEEN 1 AND 5") {
            try db.insert(B.Review(bookId: book.bookId, stars: 6))
        }
        // RESTRICT: a publisher with books cannot go.
        expectSQLError(.constraintTrigger, "FOREIGN KEY constraint failed") {
            try db.delete(try #require(try db.publishers.find(1)))
        }
    }
}
