import BenchGenerated
import BenchRaw
import CBaseline
import Foundation
import GRDB
import Slate
import SlateCSQLite
import SlateRecords

/// The schema every implementation works on.
let schemaSQL = Bench.creationSQL

/// Builds the database the read scenarios share: the items and the orders.
func makeReadDatabase(_ dataset: Dataset, at path: String) throws {
    let context = try SQLContext(path: path, configuration: .init(journalMode: .wal))
    defer { context.close() }
    try context.exec(sql: schemaSQL)
    try context.transaction {
        let insert = try context.prepare(sql: "INSERT INTO item (i, d, t) VALUES (?, ?, ?)")
        defer { insert.close() }
        for row in 0..<dataset.rowCount {
            try insert.bind(dataset.i[row], at: 1)
            try insert.bind(dataset.d[row], at: 2)
            try insert.bind(dataset.t[row], at: 3)
            try insert.update()
        }
        let orders = try context.prepare(
            sql: """
                INSERT INTO orders VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        defer { orders.close() }
        for row in dataset.orderRows() {
            let values: [SQLValue] = row.map { value in
                switch value {
                case let integer as Int64: return .integer(integer)
                case let double as Double: return .float(double)
                case let text as String: return .text(text)
                default: return .null
                }
            }
            try orders.update(parameters: values)
        }
    }
}

/// A new, empty database with the schema, for the write scenarios.
func makeEmptyDatabase(at path: String) throws {
    let context = try SQLContext(path: path, configuration: .init(journalMode: .wal))
    defer { context.close() }
    try context.exec(sql: schemaSQL)
}

/// Configuration shared by Slate's connections: WAL is set on the file; synchronous NORMAL.
func slateContext(_ path: String) throws -> SQLContext {
    let context = try SQLContext(path: path)
    try context.exec(sql: "PRAGMA synchronous = NORMAL")
    return context
}

func slateDatabase(_ path: String) throws -> Bench {
    Bench(pool: try SQLPool(path: path, configuration: .init(synchronous: .normal)))
}

func rawHandle(_ path: String) throws -> OpaquePointer {
    let db = try raw_open_bench_raw(path)
    sqlite3_exec(db, "PRAGMA synchronous = NORMAL", nil, nil, nil)
    return db
}

func grdbPool(_ path: String) throws -> DatabasePool {
    var configuration = Configuration()
    configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
    return try DatabasePool(path: path, configuration: configuration)
}

/// A record for GRDB written by hand, reading columns by index.
struct GRDBItem: FetchableRecord, PersistableRecord {
    static let databaseTableName = "item"
    var id: Int64?
    var i: Int64
    var d: Double
    var t: String

    init(id: Int64? = nil, i: Int64, d: Double, t: String) {
        self.id = id
        self.i = i
        self.d = d
        self.t = t
    }

    init(row: GRDB.Row) throws {
        id = row[0]
        i = row[1]
        d = row[2]
        t = row[3]
    }

    func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id
        container["i"] = i
        container["d"] = d
        container["t"] = t
    }
}

/// A Slate record for a hand-written `Codable` type.
struct SlateCodableItem: SQLCodableRecord {
    static let tableName = "item"
    var id: Int64?
    var i: Int64
    var d: Double
    var t: String
}

/// An order as a Slate record for a hand-written `Codable` type.
struct SlateCodableOrder: SQLCodableRecord {
    static let tableName = "orders"
    static let primaryKey = "OrderID"
    // swiftlint:disable identifier_name
    var OrderID: Int64
    var CustomerID: String
    var EmployeeID: Int64
    var OrderDate: Date
    var RequiredDate: Date
    var ShippedDate: Date?
    var ShipVia: Int64
    var Freight: Double
    var ShipName: String
    var ShipAddress: String
    var ShipCity: String
    var ShipRegion: String?
    var ShipPostalCode: String?
    var ShipCountry: String
    // swiftlint:enable identifier_name
}

/// A GRDB record by `Codable`.
struct GRDBCodableItem: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "item"
    var id: Int64?
    var i: Int64
    var d: Double
    var t: String
}

/// An order for GRDB, by hand, reading by index.
struct GRDBOrder: FetchableRecord, TableRecord {
    static let databaseTableName = "orders"
    var orderID: Int64
    var customerID: String
    var employeeID: Int64
    var orderDate: Date
    var requiredDate: Date
    var shippedDate: Date?
    var shipVia: Int64
    var freight: Double
    var shipName: String
    var shipAddress: String
    var shipCity: String
    var shipRegion: String?
    var shipPostalCode: String?
    var shipCountry: String

    init(row: GRDB.Row) throws {
        orderID = row[0]
        customerID = row[1]
        employeeID = row[2]
        orderDate = row[3]
        requiredDate = row[4]
        shippedDate = row[5]
        shipVia = row[6]
        freight = row[7]
        shipName = row[8]
        shipAddress = row[9]
        shipCity = row[10]
        shipRegion = row[11]
        shipPostalCode = row[12]
        shipCountry = row[13]
    }
}

/// An order for GRDB by `Codable`.
struct GRDBCodableOrder: Codable, FetchableRecord, TableRecord {
    static let databaseTableName = "orders"
    // swiftlint:disable identifier_name
    var OrderID: Int64
    var CustomerID: String
    var EmployeeID: Int64
    var OrderDate: Date
    var RequiredDate: Date
    var ShippedDate: Date?
    var ShipVia: Int64
    var Freight: Double
    var ShipName: String
    var ShipAddress: String
    var ShipCity: String
    var ShipRegion: String?
    var ShipPostalCode: String?
    var ShipCountry: String
}

/// An order for Slate's core API.
struct CoreOrder {
    var orderID: Int
    var customerID: String
    var employeeID: Int
    var orderDate: Date
    var requiredDate: Date
    var shippedDate: Date?
    var shipVia: Int
    var freight: Double
    var shipName: String
    var shipAddress: String
    var shipCity: String
    var shipRegion: String?
    var shipPostalCode: String?
    var shipCountry: String
}

/// An item for Slate's core API.
struct CoreItem {
    var id: Int64
    var i: Int64
    var d: Double
    var t: String
}

/// A checksum of orders all implementations agree on.
func orderChecksum(count: Int, employees: Int, lastDay: Double) -> Int64 {
    Int64(count) * 1_000_003 + Int64(employees) + Int64(lastDay / 86_400)
}
