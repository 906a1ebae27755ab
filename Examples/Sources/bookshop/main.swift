import BookshopStore
import Catalog
import Foundation

// A day at the bookshop: load the shelves, take two orders, print what sold.
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
