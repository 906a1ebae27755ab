// Loads the Northwind script into a database file, then reads every table and view
// through the generated API and prints what it found.
import Foundation
import SlateRecords

let arguments = CommandLine.arguments
let script = try String(contentsOfFile: arguments[1], encoding: .utf8)
let path = arguments[2]
do {
    let loader = try SQLContext(path: path)
    try loader.exec(sql: script)
    loader.close()
}

let db = try Northwind(path: path, readOnly: true)
defer { db.close() }
var report: [String] = []
@MainActor func check<Record>(_ name: String, _ rows: [Record]) {
    report.append("\(name): \(rows.count)")
}
check("categories", try db.categories.fetch())
check("customerCustomerDemos", try db.customerCustomerDemos.fetch())
check("customerDemographics", try db.customerDemographics.fetch())
check("customers", try db.customers.fetch())
check("employees", try db.employees.fetch())
check("employeeTerritories", try db.employeeTerritories.fetch())
check("orderDetails", try db.orderDetails.fetch())
check("orders", try db.orders.fetch())
check("products", try db.products.fetch())
check("regions", try db.regions.fetch())
check("shippers", try db.shippers.fetch())
check("suppliers", try db.suppliers.fetch())
check("territories", try db.territories.fetch())
check("alphabeticalListOfProducts", try db.alphabeticalListOfProducts.fetch())
check("currentProductLists", try db.currentProductLists.fetch())
check("customerAndSuppliersByCities", try db.customerAndSuppliersByCities.fetch())
check("invoices", try db.invoices.fetch(limit: 1000))
check("ordersQries", try db.ordersQries.fetch())
check("orderSubtotals", try db.orderSubtotals.fetch())
check("productsAboveAveragePrices", try db.productsAboveAveragePrices.fetch())
check("productsByCategories", try db.productsByCategories.fetch())
check("quarterlyOrders", try db.quarterlyOrders.fetch())
check("salesTotalsByAmounts", try db.salesTotalsByAmounts.fetch())
check("summaryOfSalesByQuarters", try db.summaryOfSalesByQuarters.fetch())
check("summaryOfSalesByYears", try db.summaryOfSalesByYears.fetch())
check("orderDetailsExtendeds", try db.orderDetailsExtendeds.fetch(limit: 1000))
check("salesByCategories", try db.salesByCategories.fetch())

// Keys, compound keys and relationships.
let order = try db.orders.fetch(limit: 1)[0]
let details = try db.orderDetails.fetch(for: order)
let customer = try db.customers.find(for: order)
let product = try db.products.find(for: details[0])
report.append("order \(order.orderID) of \(customer?.companyName ?? "?"), \(details.count) lines, first \(product?.productName ?? "?")")
report.append("order date \(order.orderDate.map { SQLDate.text(from: $0) } ?? "none")")
print(report.joined(separator: "\n"))
