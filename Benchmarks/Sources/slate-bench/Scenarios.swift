import BenchGenerated
import BenchRaw
import CBaseline
import Foundation
import GRDB
import Slate
import SlateCSQLite
import SlateGenerator
import SlateRecords

/// Sizes for a run.
struct Sizes {
    var inserts: Int
    var rows: Int
    var lookups: Int
    var singleInserts: Int
    var orders: Int
    var tables: Int
    /// Scenario q: idle reads measured, and how long each slow write holds the writer.
    var idleReads = 200
    var writeHold = 0.05
    /// Scenario p: the database sizes, in tables, planning is measured against.
    var planTables = [100, 400]
    /// The peak memory of walks is measured over tables of these numbers of rows.
    var walkMemoryRows = [1_000, 1_000_000]

    static let full = Sizes(
        inserts: 1_000_000, rows: 1_000_000, lookups: 100_000, singleInserts: 10_000, orders: 16_000, tables: 400)
    static let quick = Sizes(
        inserts: 100_000, rows: 100_000, lookups: 20_000, singleInserts: 2_000, orders: 16_000, tables: 400,
        idleReads: 100, writeHold: 0.02)
    static let smoke = Sizes(
        inserts: 500, rows: 500, lookups: 100, singleInserts: 20, orders: 100, tables: 10, idleReads: 5,
        writeHold: 0.002, planTables: [5, 20],
        walkMemoryRows: [100, 10_000])
}

/// Builds the scenarios over one dataset and one read database.
struct Scenarios {
    let sizes: Sizes
    let dataset: Dataset
    let insertData: Dataset
    let scratch: ScratchDirectory
    let readDatabase: String

    init(sizes: Sizes, scratch: ScratchDirectory) throws {
        self.sizes = sizes
        self.scratch = scratch
        dataset = Dataset(rows: sizes.rows, lookups: sizes.lookups, orders: sizes.orders)
        insertData = Dataset(rows: max(sizes.inserts, sizes.singleInserts), lookups: 0, orders: 0)
        readDatabase = scratch.newDatabasePath("read")
        try makeReadDatabase(dataset, at: readDatabase)
    }

    func all() -> [Scenario] {
        [insertMany(), fetchAll(), sumAll(), lookups(), insertEach(), orders(), generate(), ranges()]
    }

    // MARK: (a) insert in one transaction

    func insertMany() -> Scenario {
        let count = sizes.inserts
        let data = insertData
        func fresh() throws -> String {
            let path = scratch.newDatabasePath("insert")
            try makeEmptyDatabase(at: path)
            return path
        }
        return Scenario(
            letter: "a", title: "insert \(count.formatted()) rows in one transaction",
            implementations: [
                Implementation(name: "c") {
                    let path = try fresh()
                    let db = try cOpen(path)
                    return Measurement(
                        run: {
                            let code = data.withColumnPointers { cb_insert_items(db, Int64(count), $0, $1, $2, $3) }
                            guard code == 0 else { throw BenchmarkError("C insert failed") }
                            return Int64(count)
                        },
                        tearDown: {
                            cb_close(db); ScratchDirectory.remove(path)
                        })
                },
                Implementation(name: "slate-core") {
                    let path = try fresh()
                    let context = try slateContext(path)
                    return Measurement(
                        run: {
                            try context.transaction(.immediate) {
                                let insert = try context.prepare(sql: "INSERT INTO item (i, d, t) VALUES (?, ?, ?)")
                                defer { insert.close() }
                                for row in 0..<count {
                                    try insert.bind(data.i[row], at: 1)
                                    try insert.bind(data.d[row], at: 2)
                                    try insert.bind(data.t[row], at: 3)
                                    _ = try insert.next()
                                    insert.reset()
                                }
                            }
                            return Int64(count)
                        },
                        tearDown: {
                            context.close(); ScratchDirectory.remove(path)
                        })
                },
                Implementation(name: "slate-generated") {
                    let path = try fresh()
                    let db = try slateDatabase(path)
                    let items = (0..<count).map { Item(i: Int(data.i[$0]), d: data.d[$0], t: data.t[$0]) }
                    return Measurement(
                        run: {
                            try db.transaction { tx in
                                for item in items { try tx.insert(item) }
                            }
                            return Int64(count)
                        },
                        tearDown: {
                            db.close(); ScratchDirectory.remove(path)
                        })
                },
                Implementation(name: "slate-codable") {
                    let path = try fresh()
                    let pool = try SQLPool(path: path, configuration: .init(synchronous: .normal))
                    let items = (0..<count).map { SlateCodableItem(i: data.i[$0], d: data.d[$0], t: data.t[$0]) }
                    return Measurement(
                        run: {
                            try pool.write { context in
                                for item in items { try context.save(item) }
                            }
                            return Int64(count)
                        },
                        tearDown: {
                            pool.close(); ScratchDirectory.remove(path)
                        })
                },
                Implementation(name: "slate-raw") {
                    let path = try fresh()
                    let db = try rawHandle(path)
                    let items = (0..<count).map { BenchRaw.Item(i: Int(data.i[$0]), d: data.d[$0], t: data.t[$0]) }
                    return Measurement(
                        run: {
                            sqlite3_exec(db, "BEGIN IMMEDIATE", nil, nil, nil)
                            for var item in items { try raw_item_insert(db, &item) }
                            sqlite3_exec(db, "COMMIT", nil, nil, nil)
                            return Int64(count)
                        },
                        tearDown: {
                            sqlite3_close_v2(db); ScratchDirectory.remove(path)
                        })
                },
                Implementation(name: "grdb-record") {
                    let path = try fresh()
                    let pool = try grdbPool(path)
                    let items = (0..<count).map { GRDBItem(i: data.i[$0], d: data.d[$0], t: data.t[$0]) }
                    return Measurement(
                        run: {
                            try pool.write { db in
                                for item in items { try item.insert(db) }
                            }
                            return Int64(count)
                        },
                        tearDown: {
                            try? pool.close(); ScratchDirectory.remove(path)
                        })
                },
                Implementation(name: "grdb-codable") {
                    let path = try fresh()
                    let pool = try grdbPool(path)
                    let items = (0..<count).map { GRDBCodableItem(i: data.i[$0], d: data.d[$0], t: data.t[$0]) }
                    return Measurement(
                        run: {
                            try pool.write { db in
                                for item in items { try item.insert(db) }
                            }
                            return Int64(count)
                        },
                        tearDown: {
                            try? pool.close(); ScratchDirectory.remove(path)
                        })
                },
            ])
    }

    // MARK: (b) fetch every row into structs

    func fetchAll() -> Scenario {
        let path = readDatabase
        func checksum(_ count: Int, _ sum: Int64) -> Int64 { Int64(count) &* 1_000_003 &+ sum }
        return Scenario(
            letter: "b", title: "fetch \(sizes.rows.formatted()) rows into structs",
            implementations: [
                Implementation(name: "c") {
                    let db = try cOpen(path)
                    return Measurement(
                        run: {
                            var items: UnsafeMutablePointer<cb_item>?
                            let count = cb_fetch_items(db, &items)
                            defer { cb_free_items(items, count) }
                            var sum: Int64 = 0
                            for index in 0..<Int(count) { sum &+= items![index].i }
                            return checksum(Int(count), sum)
                        }, tearDown: { cb_close(db) })
                },
                Implementation(name: "slate-core") {
                    let context = try slateContext(path)
                    return Measurement(
                        run: {
                            let items = try context.transaction {
                                let statement = try context.cachedStatement(sql: "SELECT id, i, d, t FROM item")
                                var items: [CoreItem] = []
                                while try statement.next() {
                                    items.append(
                                        CoreItem(
                                            id: statement.int64(at: 0), i: statement.int64(at: 1),
                                            d: statement.double(at: 2),
                                            t: try statement.string(at: 3)))
                                }
                                return items
                            }
                            return checksum(items.count, items.reduce(0) { $0 &+ $1.i })
                        }, tearDown: { context.close() })
                },
                Implementation(name: "slate-generated") {
                    let db = try slateDatabase(path)
                    return Measurement(
                        run: {
                            let items = try db.readTransaction { tx in try tx.items.fetch() }
                            return checksum(items.count, items.reduce(0) { $0 &+ Int64($1.i) })
                        }, tearDown: { db.close() })
                },
                Implementation(name: "slate-codable") {
                    let pool = try SQLPool(path: path)
                    return Measurement(
                        run: {
                            let items = try pool.read { context in try context.fetch(SlateCodableItem.self) }
                            return checksum(items.count, items.reduce(0) { $0 &+ $1.i })
                        }, tearDown: { pool.close() })
                },
                Implementation(name: "slate-raw") {
                    let db = try rawHandle(path)
                    return Measurement(
                        run: {
                            sqlite3_exec(db, "BEGIN", nil, nil, nil)
                            defer { sqlite3_exec(db, "COMMIT", nil, nil, nil) }
                            let items = try raw_items_fetch(db)
                            return checksum(items.count, items.reduce(0) { $0 &+ Int64($1.i) })
                        }, tearDown: { sqlite3_close_v2(db) })
                },
                Implementation(name: "grdb-record") {
                    let pool = try grdbPool(path)
                    return Measurement(
                        run: {
                            let items = try pool.read { db in
                                try GRDBItem.fetchAll(db, sql: "SELECT id, i, d, t FROM item")
                            }
                            return checksum(items.count, items.reduce(0) { $0 &+ $1.i })
                        }, tearDown: { try? pool.close() })
                },
                Implementation(name: "grdb-codable") {
                    let pool = try grdbPool(path)
                    return Measurement(
                        run: {
                            let items = try pool.read { db in
                                try GRDBCodableItem.fetchAll(db, sql: "SELECT id, i, d, t FROM item")
                            }
                            return checksum(items.count, items.reduce(0) { $0 &+ $1.i })
                        }, tearDown: { try? pool.close() })
                },
                Implementation(name: "grdb-query") {
                    let pool = try grdbPool(path)
                    return Measurement(
                        run: {
                            let items = try pool.read { db in try GRDBItem.fetchAll(db) }
                            return checksum(items.count, items.reduce(0) { $0 &+ $1.i })
                        }, tearDown: { try? pool.close() })
                },
            ])
    }

    // MARK: (c) iterate, summing one column

    func sumAll() -> Scenario {
        let path = readDatabase
        return Scenario(
            letter: "c", title: "iterate \(sizes.rows.formatted()) rows summing a column",
            implementations: [
                Implementation(name: "c") {
                    let db = try cOpen(path)
                    return Measurement(run: { cb_sum_items(db) }, tearDown: { cb_close(db) })
                },
                // C reading every column of each row into a struct, as a walk over records does.
                Implementation(name: "c-rows") {
                    let db = try cOpen(path)
                    return Measurement(run: { cb_walk_items(db) }, tearDown: { cb_close(db) })
                },
                Implementation(name: "slate-core") {
                    let context = try slateContext(path)
                    return Measurement(
                        run: {
                            try context.transaction {
                                let statement = try context.cachedStatement(sql: "SELECT i FROM item")
                                var sum: Int64 = 0
                                while try statement.next() { sum &+= statement.int64(at: 0) }
                                return sum
                            }
                        }, tearDown: { context.close() })
                },
                Implementation(name: "slate-generated") {
                    let db = try slateDatabase(path)
                    return Measurement(
                        run: {
                            try db.readTransaction { tx in
                                var sum: Int64 = 0
                                try tx.items.forEach { sum &+= Int64($0.i) }
                                return sum
                            }
                        }, tearDown: { db.close() })
                },
                Implementation(name: "slate-stream") {
                    let db = try slateDatabase(path)
                    return Measurement(
                        run: {
                            var sum: Int64 = 0
                            try db.items.forEach { item in sum &+= Int64(item.i) }
                            return sum
                        }, tearDown: { db.close() })
                },
                Implementation(name: "slate-query") {
                    let db = try slateDatabase(path)
                    return Measurement(
                        run: {
                            try db.readTransaction { tx in
                                let values: [Int] = try tx.items.select(\.i)
                                return values.reduce(0) { $0 &+ Int64($1) }
                            }
                        }, tearDown: { db.close() })
                },
                Implementation(name: "slate-stream-select") {
                    let db = try slateDatabase(path)
                    return Measurement(
                        run: {
                            var sum: Int64 = 0
                            try db.items.forEach(selecting: \.i) { i in sum &+= Int64(i) }
                            return sum
                        }, tearDown: { db.close() })
                },
                Implementation(name: "slate-stream-select-tx") {
                    let db = try slateDatabase(path)
                    return Measurement(
                        run: {
                            try db.readTransaction { tx in
                                var sum: Int64 = 0
                                try tx.items.forEach(selecting: \.i) { i in sum &+= Int64(i) }
                                return sum
                            }
                        }, tearDown: { db.close() })
                },
                Implementation(name: "slate-codable-stream") {
                    let pool = try SQLPool(path: path)
                    return Measurement(
                        run: {
                            var sum: Int64 = 0
                            try pool.forEach(SlateCodableItem.self) { item in sum &+= item.i }
                            return sum
                        }, tearDown: { pool.close() })
                },
                Implementation(name: "slate-raw") {
                    let db = try rawHandle(path)
                    return Measurement(
                        run: {
                            sqlite3_exec(db, "BEGIN", nil, nil, nil)
                            defer { sqlite3_exec(db, "COMMIT", nil, nil, nil) }
                            var sum: Int64 = 0
                            _ = try raw_items_fetch(
                                db,
                                filter: { item in
                                    sum &+= Int64(item.i)
                                    return false
                                })
                            return sum
                        }, tearDown: { sqlite3_close_v2(db) })
                },
                Implementation(name: "grdb-record") {
                    let pool = try grdbPool(path)
                    return Measurement(
                        run: {
                            try pool.read { db in
                                var sum: Int64 = 0
                                let cursor = try GRDBItem.fetchCursor(db, sql: "SELECT id, i, d, t FROM item")
                                while let item = try cursor.next() { sum &+= item.i }
                                return sum
                            }
                        }, tearDown: { try? pool.close() })
                },
                Implementation(name: "grdb-codable") {
                    let pool = try grdbPool(path)
                    return Measurement(
                        run: {
                            try pool.read { db in
                                var sum: Int64 = 0
                                let cursor = try GRDBCodableItem.fetchCursor(db, sql: "SELECT id, i, d, t FROM item")
                                while let item = try cursor.next() { sum &+= item.i }
                                return sum
                            }
                        }, tearDown: { try? pool.close() })
                },
                Implementation(name: "grdb-query") {
                    let pool = try grdbPool(path)
                    return Measurement(
                        run: {
                            try pool.read { db in
                                var sum: Int64 = 0
                                let cursor = try GRDBItem.select(Column("i"), as: Int64.self).fetchCursor(db)
                                while let value = try cursor.next() { sum &+= value }
                                return sum
                            }
                        }, tearDown: { try? pool.close() })
                },
            ])
    }

    // MARK: (d) lookups by primary key

    func lookups() -> Scenario {
        let path = readDatabase
        let ids = dataset.lookupIDs
        return Scenario(
            letter: "d", title: "\(ids.count.formatted()) lookups by primary key",
            implementations: [
                Implementation(name: "c") {
                    let db = try cOpen(path)
                    return Measurement(
                        run: {
                            ids.withUnsafeBufferPointer { cb_lookup_items(db, Int64($0.count), $0.baseAddress) }
                        }, tearDown: { cb_close(db) })
                },
                Implementation(name: "slate-core") {
                    let context = try slateContext(path)
                    return Measurement(
                        run: {
                            try context.transaction {
                                let statement = try context.cachedStatement(
                                    sql: "SELECT id, i, d, t FROM item WHERE id = ?")
                                var sum: Int64 = 0
                                for id in ids {
                                    try statement.bind(id, at: 1)
                                    if try statement.next() {
                                        let item = CoreItem(
                                            id: statement.int64(at: 0), i: statement.int64(at: 1),
                                            d: statement.double(at: 2),
                                            t: try statement.string(at: 3))
                                        sum &+= item.i
                                    }
                                    statement.reset()
                                }
                                return sum
                            }
                        }, tearDown: { context.close() })
                },
                Implementation(name: "slate-generated") {
                    let db = try slateDatabase(path)
                    return Measurement(
                        run: {
                            try db.readTransaction { tx in
                                var sum: Int64 = 0
                                for id in ids {
                                    if let item = try tx.items.find(Int(id)) { sum &+= Int64(item.i) }
                                }
                                return sum
                            }
                        }, tearDown: { db.close() })
                },
                Implementation(name: "slate-query") {
                    let db = try slateDatabase(path)
                    return Measurement(
                        run: {
                            try db.readTransaction { tx in
                                var sum: Int64 = 0
                                for id in ids {
                                    if let item = try tx.items.fetchOne(where: { $0.id == Int(id) }) {
                                        sum &+= Int64(item.i)
                                    }
                                }
                                return sum
                            }
                        }, tearDown: { db.close() })
                },
                Implementation(name: "slate-codable") {
                    let pool = try SQLPool(path: path)
                    return Measurement(
                        run: {
                            try pool.read { context in
                                var sum: Int64 = 0
                                for id in ids {
                                    if let item = try context.load(SlateCodableItem.self, key: id) { sum &+= item.i }
                                }
                                return sum
                            }
                        }, tearDown: { pool.close() })
                },
                Implementation(name: "slate-raw") {
                    let db = try rawHandle(path)
                    return Measurement(
                        run: {
                            sqlite3_exec(db, "BEGIN", nil, nil, nil)
                            defer { sqlite3_exec(db, "COMMIT", nil, nil, nil) }
                            var sum: Int64 = 0
                            for id in ids {
                                if let item = try raw_item_find(db, Int(id)) { sum &+= Int64(item.i) }
                            }
                            return sum
                        }, tearDown: { sqlite3_close_v2(db) })
                },
                Implementation(name: "grdb-record") {
                    let pool = try grdbPool(path)
                    return Measurement(
                        run: {
                            try pool.read { db in
                                // GRDB's advice for SQL run over and over: a cached statement.
                                let statement = try db.cachedStatement(sql: "SELECT id, i, d, t FROM item WHERE id = ?")
                                var sum: Int64 = 0
                                for id in ids {
                                    if let item = try GRDBItem.fetchOne(statement, arguments: [id]) {
                                        sum &+= item.i
                                    }
                                }
                                return sum
                            }
                        }, tearDown: { try? pool.close() })
                },
                Implementation(name: "grdb-codable") {
                    let pool = try grdbPool(path)
                    return Measurement(
                        run: {
                            try pool.read { db in
                                // GRDB's advice for SQL run over and over: a cached statement.
                                let statement = try db.cachedStatement(sql: "SELECT id, i, d, t FROM item WHERE id = ?")
                                var sum: Int64 = 0
                                for id in ids {
                                    if let item = try GRDBCodableItem.fetchOne(statement, arguments: [id]) {
                                        sum &+= item.i
                                    }
                                }
                                return sum
                            }
                        }, tearDown: { try? pool.close() })
                },
                Implementation(name: "grdb-query") {
                    let pool = try grdbPool(path)
                    return Measurement(
                        run: {
                            try pool.read { db in
                                var sum: Int64 = 0
                                for id in ids {
                                    if let item = try GRDBItem.fetchOne(db, key: id) { sum &+= item.i }
                                }
                                return sum
                            }
                        }, tearDown: { try? pool.close() })
                },
            ])
    }

    // MARK: (h) fetches with a predicate

    /// Rows per range query.
    static let rangeWidth: Int64 = 10

    func ranges() -> Scenario {
        let path = readDatabase
        let starts = dataset.lookupIDs
        let width = Self.rangeWidth
        return Scenario(
            letter: "h", title: "\(starts.count.formatted()) fetches of \(width) rows by a predicate",
            implementations: [
                Implementation(name: "c") {
                    let db = try cOpen(path)
                    return Measurement(
                        run: {
                            starts.withUnsafeBufferPointer {
                                cb_range_items(db, Int64($0.count), $0.baseAddress, width)
                            }
                        }, tearDown: { cb_close(db) })
                },
                Implementation(name: "slate-core") {
                    let context = try slateContext(path)
                    return Measurement(
                        run: {
                            try context.transaction {
                                let statement = try context.cachedStatement(
                                    sql: "SELECT id, i, d, t FROM item WHERE id >= ? AND id < ?")
                                var sum: Int64 = 0
                                for start in starts {
                                    try statement.bind(start, at: 1)
                                    try statement.bind(start + width, at: 2)
                                    var items: [CoreItem] = []
                                    while try statement.next() {
                                        items.append(
                                            CoreItem(
                                                id: statement.int64(at: 0), i: statement.int64(at: 1),
                                                d: statement.double(at: 2),
                                                t: try statement.string(at: 3)))
                                    }
                                    statement.reset()
                                    for item in items { sum &+= item.i }
                                }
                                return sum
                            }
                        }, tearDown: { context.close() })
                },
                Implementation(name: "slate-query") {
                    let db = try slateDatabase(path)
                    return Measurement(
                        run: {
                            try db.readTransaction { tx in
                                var sum: Int64 = 0
                                for start in starts {
                                    let low = Int(start)
                                    let high = Int(start + width)
                                    for item in try tx.items.fetch(where: { $0.id >= low && $0.id < high }) {
                                        sum &+= Int64(item.i)
                                    }
                                }
                                return sum
                            }
                        }, tearDown: { db.close() })
                },
                Implementation(name: "slate-codable") {
                    let pool = try SQLPool(path: path)
                    return Measurement(
                        run: {
                            try pool.read { context in
                                var sum: Int64 = 0
                                for start in starts {
                                    let high = start + width
                                    for item in try context.fetch(
                                        SlateCodableItem.self, where: { $0.id >= start && $0.id < high })
                                    { sum &+= item.i }
                                }
                                return sum
                            }
                        }, tearDown: { pool.close() })
                },
                Implementation(name: "grdb-record") {
                    let pool = try grdbPool(path)
                    return Measurement(
                        run: {
                            try pool.read { db in
                                // GRDB's advice for SQL run over and over: a cached statement.
                                let statement = try db.cachedStatement(
                                    sql: "SELECT id, i, d, t FROM item WHERE id >= ? AND id < ?")
                                var sum: Int64 = 0
                                for start in starts {
                                    for item in try GRDBItem.fetchAll(statement, arguments: [start, start + width]) {
                                        sum &+= item.i
                                    }
                                }
                                return sum
                            }
                        }, tearDown: { try? pool.close() })
                },
                grdbRequests("grdb-codable", GRDBCodableItem.self) { $0.i },
                grdbRequests("grdb-query", GRDBItem.self) { $0.i },
            ])

        /// GRDB's query interface over `Record`: a request per range.
        func grdbRequests<Record: FetchableRecord & TableRecord>(
            _ name: String, _ type: Record.Type, _ i: @escaping (Record) -> Int64
        ) -> Implementation {
            Implementation(name: name) {
                let pool = try grdbPool(path)
                return Measurement(
                    run: {
                        try pool.read { db in
                            var sum: Int64 = 0
                            for start in starts {
                                let request = Record.filter(Column("id") >= start && Column("id") < start + width)
                                for item in try request.fetchAll(db) { sum &+= i(item) }
                            }
                            return sum
                        }
                    }, tearDown: { try? pool.close() })
            }
        }
    }

    // MARK: (e) single-row inserts, each its own transaction

    func insertEach() -> Scenario {
        let count = sizes.singleInserts
        let data = insertData
        func fresh() throws -> String {
            let path = scratch.newDatabasePath("single")
            try makeEmptyDatabase(at: path)
            return path
        }
        return Scenario(
            letter: "e", title: "\(count.formatted()) single-row inserts, each its own transaction",
            implementations: [
                Implementation(name: "c") {
                    let path = try fresh()
                    let db = try cOpen(path)
                    return Measurement(
                        run: {
                            let code = data.withColumnPointers {
                                cb_insert_items_each(db, Int64(count), $0, $1, $2, $3)
                            }
                            guard code == 0 else { throw BenchmarkError("C insert failed") }
                            return Int64(count)
                        },
                        tearDown: {
                            cb_close(db); ScratchDirectory.remove(path)
                        })
                },
                Implementation(name: "slate-core") {
                    let path = try fresh()
                    let context = try slateContext(path)
                    return Measurement(
                        run: {
                            for row in 0..<count {
                                let insert = try context.cachedStatement(
                                    sql: "INSERT INTO item (i, d, t) VALUES (?, ?, ?)")
                                try insert.bind(data.i[row], at: 1)
                                try insert.bind(data.d[row], at: 2)
                                try insert.bind(data.t[row], at: 3)
                                _ = try insert.next()
                                insert.reset()
                            }
                            return Int64(count)
                        },
                        tearDown: {
                            context.close(); ScratchDirectory.remove(path)
                        })
                },
                Implementation(name: "slate-generated") {
                    let path = try fresh()
                    let db = try slateDatabase(path)
                    let items = (0..<count).map { Item(i: Int(data.i[$0]), d: data.d[$0], t: data.t[$0]) }
                    return Measurement(
                        run: {
                            for item in items { try db.insert(item) }
                            return Int64(count)
                        },
                        tearDown: {
                            db.close(); ScratchDirectory.remove(path)
                        })
                },
                Implementation(name: "slate-codable") {
                    let path = try fresh()
                    let pool = try SQLPool(path: path, configuration: .init(synchronous: .normal))
                    let items = (0..<count).map { SlateCodableItem(i: data.i[$0], d: data.d[$0], t: data.t[$0]) }
                    return Measurement(
                        run: {
                            for item in items { try pool.save(item) }
                            return Int64(count)
                        },
                        tearDown: {
                            pool.close(); ScratchDirectory.remove(path)
                        })
                },
                Implementation(name: "slate-raw") {
                    let path = try fresh()
                    let db = try rawHandle(path)
                    let items = (0..<count).map { BenchRaw.Item(i: Int(data.i[$0]), d: data.d[$0], t: data.t[$0]) }
                    return Measurement(
                        run: {
                            for var item in items { try raw_item_insert(db, &item) }
                            return Int64(count)
                        },
                        tearDown: {
                            sqlite3_close_v2(db); ScratchDirectory.remove(path)
                        })
                },
                Implementation(name: "grdb-record") {
                    let path = try fresh()
                    let pool = try grdbPool(path)
                    let items = (0..<count).map { GRDBItem(i: data.i[$0], d: data.d[$0], t: data.t[$0]) }
                    return Measurement(
                        run: {
                            for item in items { try pool.write { db in try item.insert(db) } }
                            return Int64(count)
                        },
                        tearDown: {
                            try? pool.close(); ScratchDirectory.remove(path)
                        })
                },
                Implementation(name: "grdb-codable") {
                    let path = try fresh()
                    let pool = try grdbPool(path)
                    let items = (0..<count).map { GRDBCodableItem(i: data.i[$0], d: data.d[$0], t: data.t[$0]) }
                    return Measurement(
                        run: {
                            for item in items { try pool.write { db in try item.insert(db) } }
                            return Int64(count)
                        },
                        tearDown: {
                            try? pool.close(); ScratchDirectory.remove(path)
                        })
                },
            ])
    }

    // MARK: (f) Northwind-shaped orders with dates

    func orders() -> Scenario {
        let path = readDatabase
        return Scenario(
            letter: "f", title: "\(sizes.orders.formatted()) orders with three dates into records",
            implementations: [
                Implementation(name: "c") {
                    let db = try cOpen(path)
                    return Measurement(
                        run: {
                            var orders: UnsafeMutablePointer<cb_order>?
                            let count = cb_fetch_orders(db, &orders)
                            defer { cb_free_orders(orders, count) }
                            var employees = 0
                            for index in 0..<Int(count) { employees += Int(orders![index].employee_id) }
                            return orderChecksum(
                                count: Int(count), employees: employees,
                                lastDay: count > 0 ? orders![Int(count) - 1].required_date : 0)
                        }, tearDown: { cb_close(db) })
                },
                Implementation(name: "slate-core") {
                    let context = try slateContext(path)
                    return Measurement(
                        run: {
                            let orders = try context.transaction {
                                let statement = try context.cachedStatement(sql: Order.sqlSelect)
                                var orders: [CoreOrder] = []
                                while try statement.next() {
                                    orders.append(
                                        CoreOrder(
                                            orderID: statement.int(at: 0), customerID: try statement.string(at: 1),
                                            employeeID: statement.int(at: 2),
                                            orderDate: try statement.date(at: 3),
                                            requiredDate: try statement.date(at: 4),
                                            shippedDate: statement.isNull(at: 5) ? nil : try statement.date(at: 5),
                                            shipVia: statement.int(at: 6),
                                            freight: statement.double(at: 7), shipName: try statement.string(at: 8),
                                            shipAddress: try statement.string(at: 9),
                                            shipCity: try statement.string(at: 10), shipRegion: try statement.get(11),
                                            shipPostalCode: try statement.get(12),
                                            shipCountry: try statement.string(at: 13)))
                                }
                                return orders
                            }
                            return orderChecksum(
                                count: orders.count, employees: orders.reduce(0) { $0 + $1.employeeID },
                                lastDay: orders.last?.requiredDate.timeIntervalSince1970 ?? 0)
                        }, tearDown: { context.close() })
                },
                Implementation(name: "slate-generated") {
                    let db = try slateDatabase(path)
                    return Measurement(
                        run: {
                            let orders = try db.readTransaction { tx in try tx.orders.fetch() }
                            return orderChecksum(
                                count: orders.count, employees: orders.reduce(0) { $0 + $1.employeeID },
                                lastDay: orders.last?.requiredDate.timeIntervalSince1970 ?? 0)
                        }, tearDown: { db.close() })
                },
                Implementation(name: "slate-codable") {
                    let pool = try SQLPool(path: path)
                    return Measurement(
                        run: {
                            let orders = try pool.read { context in try context.fetch(SlateCodableOrder.self) }
                            return orderChecksum(
                                count: orders.count, employees: orders.reduce(0) { $0 + Int($1.EmployeeID) },
                                lastDay: orders.last?.RequiredDate.timeIntervalSince1970 ?? 0)
                        }, tearDown: { pool.close() })
                },
                Implementation(name: "slate-raw") {
                    let db = try rawHandle(path)
                    return Measurement(
                        run: {
                            sqlite3_exec(db, "BEGIN", nil, nil, nil)
                            defer { sqlite3_exec(db, "COMMIT", nil, nil, nil) }
                            let orders = try raw_orders_fetch(db)
                            return orderChecksum(
                                count: orders.count, employees: orders.reduce(0) { $0 + $1.employeeID },
                                lastDay: orders.last?.requiredDate.timeIntervalSince1970 ?? 0)
                        }, tearDown: { sqlite3_close_v2(db) })
                },
                Implementation(name: "grdb-record") {
                    let pool = try grdbPool(path)
                    return Measurement(
                        run: {
                            let orders = try pool.read { db in try GRDBOrder.fetchAll(db, sql: Order.sqlSelect) }
                            return orderChecksum(
                                count: orders.count, employees: orders.reduce(0) { $0 + Int($1.employeeID) },
                                lastDay: orders.last?.requiredDate.timeIntervalSince1970 ?? 0)
                        }, tearDown: { try? pool.close() })
                },
                Implementation(name: "grdb-codable") {
                    let pool = try grdbPool(path)
                    return Measurement(
                        run: {
                            let orders = try pool.read { db in try GRDBCodableOrder.fetchAll(db, sql: Order.sqlSelect) }
                            return orderChecksum(
                                count: orders.count, employees: orders.reduce(0) { $0 + Int($1.EmployeeID) },
                                lastDay: orders.last?.RequiredDate.timeIntervalSince1970 ?? 0)
                        }, tearDown: { try? pool.close() })
                },
                Implementation(name: "grdb-query") {
                    let pool = try grdbPool(path)
                    return Measurement(
                        run: {
                            let orders = try pool.read { db in try GRDBOrder.fetchAll(db) }
                            return orderChecksum(
                                count: orders.count, employees: orders.reduce(0) { $0 + Int($1.employeeID) },
                                lastDay: orders.last?.requiredDate.timeIntervalSince1970 ?? 0)
                        }, tearDown: { try? pool.close() })
                },
            ])
    }

    // MARK: (g) code generation

    func generate() -> Scenario {
        let tables = sizes.tables
        let script = scratch.url.appendingPathComponent("tables.sql").path
        return Scenario(
            letter: "g", title: "slate generate on \(tables) tables",
            implementations: [
                Implementation(name: "slate-generate") {
                    if !FileManager.default.fileExists(atPath: script) {
                        try Data(Self.tablesScript(tables).utf8).write(to: URL(fileURLWithPath: script))
                    }
                    return Measurement(run: {
                        let file = try SlateGenerator.generate(inputs: [script])
                        return Int64(file.contents.utf8.count > 0 ? tables : 0)
                    })
                }
            ])
    }

    /// `count` tables of 13 columns of every type, each referencing the one before.
    static func tablesScript(_ count: Int) -> String {
        let types = ["TEXT", "INTEGER", "REAL", "BLOB", "DATETIME", "BOOLEAN"]
        return (0..<count).map { table in
            var columns = ["id INTEGER PRIMARY KEY"]
            for column in 0..<12 {
                columns.append(
                    "c\(column) \(types[(table + column) % types.count])\(column % 3 == 0 ? " NOT NULL" : "")")
            }
            if table > 0 { columns.append("parent_id INTEGER REFERENCES t\(table - 1)(id)") }
            return "CREATE TABLE t\(table) (\(columns.joined(separator: ", ")));"
        }.joined(separator: "\n")
    }
}

func cOpen(_ path: String) throws -> OpaquePointer {
    guard let db = cb_open(path) else { throw BenchmarkError("cannot open \(path)") }
    return db
}
