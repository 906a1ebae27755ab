import Foundation
import SlateCSQLite
import Testing

/// The raw-mode file for the rich schema, compiled in a target that depends on nothing but
/// the SQLite C module, and run against real databases.
@Suite struct RawModeTests {
    /// A database file of its own, removed afterwards.
    final class Scratch {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "slate-raw-\(UUID().uuidString).sqlite"
        ).path
        deinit {
            for suffix in ["", "-journal", "-wal", "-shm"] {
                try? FileManager.default.removeItem(atPath: path + suffix)
            }
        }
    }

    @Test func createInsertFindFetchUpdateDelete() throws {
        let scratch = Scratch()
        let db = try raw_create_rich_raw(scratch.path)
        defer { sqlite3_close_v2(db) }

        var item = RichRaw.Item(
            name: "lamp", quantity: 2, created: Date(timeIntervalSince1970: 1_700_000_000.5),
            token: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        try raw_item_insert(db, &item)
        #expect(item.id == 1)
        #expect(item.price == 9.99 && item.isActive && item.photo == [0xCA, 0xFE] && item.anything == .null)
        var other = RichRaw.Item(name: "desk", anything: .integer(7))
        try other.insert(into: db)
        #expect(other.id == 2)

        #expect(try raw_item_find(db, 1) == item)
        #expect(try raw_item_find(db, 2)?.anything == .integer(7))
        #expect(try RichRaw.Item.find(2, in: db) == other)
        #expect(try raw_items_fetch(db).map(\.name) == ["lamp", "desk"])
        #expect(try raw_items_fetch(db, limit: 1, filter: { $0.quantity == 0 }).map(\.name) == ["desk"])

        item.quantity = 5
        #expect(try raw_item_update(db, item))
        #expect(try raw_item_find(db, 1)?.quantity == 5)
        #expect(try raw_item_delete(db, other))
        #expect(try !other.delete(in: db))
        #expect(try RichRaw.Item.fetch(in: db).count == 1)
    }

    @Test func walksReadOneRowAtATimeAndStopOnAThrow() throws {
        struct Stop: Error {}
        let scratch = Scratch()
        let db = try raw_create_rich_raw(scratch.path)
        defer { sqlite3_close_v2(db) }
        for index in 1...30 {
            var item = RichRaw.Item(name: "item \(index)", quantity: index)
            try raw_item_insert(db, &item)
        }
        var quantities = 0
        try raw_items_forEach(db) { quantities += $0.quantity }
        #expect(quantities == 465)
        var names: [String] = []
        try RichRaw.Item.forEach(in: db) { names.append($0.name) }
        #expect(names == (1...30).map { "item \($0)" })
        var seen = 0
        #expect(throws: Stop.self) {
            try raw_items_forEach(db) { item in
                seen += 1
                if item.id == 4 { throw Stop() }
            }
        }
        #expect(seen == 4)
        // The walk's statement was finalized: the handle closes cleanly (deferred above) and
        // reads on.
        #expect(try raw_items_fetch(db).count == 30)
        #expect(throws: Stop.self) { try RichRaw.Item.forEach(in: db) { _ in throw Stop() } }
        #expect(try RichRaw.Item.fetch(in: db, limit: 2).map(\.id) == [1, 2])
    }

    @Test func queryFunctionsOnAHandle() throws {
        let scratch = Scratch()
        let db = try raw_create_rich_raw(scratch.path)
        defer { sqlite3_close_v2(db) }
        var lamp = RichRaw.Item(
            name: "lamp", quantity: 2, created: Date(timeIntervalSince1970: 1_700_000_000),
            token: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        var desk = RichRaw.Item(name: "desk", quantity: 0, created: Date(timeIntervalSince1970: 1_700_000_100))
        try raw_item_insert(db, &lamp)
        try raw_item_insert(db, &desk)

        #expect(
            try raw_items_named(db, pattern: "%a%") == [
                RichRaw.ItemsNamedRow(id: lamp.id, name: "lamp", created: lamp.created, token: lamp.token)
            ])
        #expect(try raw_item_by_name(db, name: "desk") == desk)
        #expect(try raw_item_by_name(db, name: "chair") == nil)
        #expect(try raw_items_with_ids(db, ids: [lamp.id, desk.id, 99], minimum: 0).map(\.name) == ["lamp", "desk"])
        #expect(try raw_items_with_ids(db, ids: [lamp.id, desk.id], minimum: 1).map(\.name) == ["lamp"])
        #expect(try raw_items_with_ids(db, ids: [], minimum: 0) == [])
        // Arguments named like the function's own values.
        #expect(try raw_items_between(db, index: 0, statement: "lamp", db: 99, value: 0, let: nil).map(\.id) == [])
        #expect(
            try raw_items_between(db, index: 0, statement: "none", db: 99, value: 0, let: "x").map(\.id) == [
                lamp.id, desk.id,
            ])
        #expect(try raw_items_between(db, index: lamp.id, statement: "none", db: 0, value: 0, let: "x").map(\.id) == [])

        #expect(try raw_rename_item(db, name: "bulb", id: lamp.id) == 1)
        #expect(try raw_rename_item(db, name: "none", id: 99) == 0)
        #expect(try raw_add_tag(db, label: "new") == 1)
        #expect(try raw_add_tag(db, label: nil) == 2)
        try raw_clear_tags(db)
        #expect(try RichRaw.TagRecord.fetch(in: db) == [])

        var boss = RichRaw.Employee(name: "Boss")
        try raw_employee_insert(db, &boss)
        var worker = RichRaw.Employee(name: "Worker", managerId: boss.id)
        try raw_employee_insert(db, &worker)
        var rows: [RichRaw.EachEmployeeRow] = []
        try raw_each_employee(db) { rows.append($0) }
        #expect(
            rows == [
                RichRaw.EachEmployeeRow(name: "Boss", manager: nil),
                RichRaw.EachEmployeeRow(name: "Worker", manager: "Boss"),
            ])
    }

    @Test func keysRelationshipsAndViews() throws {
        let scratch = Scratch()
        let db = try raw_create_rich_raw(scratch.path)
        defer { sqlite3_close_v2(db) }
        var country = RichRaw.Country(code: "IT", name: "Italy")
        try raw_country_insert(db, &country)
        var item = RichRaw.Item(name: "map")
        try raw_item_insert(db, &item)
        var edition = RichRaw.Edition(countryCode: "IT", itemId: item.id, released: Date(timeIntervalSince1970: 0))
        try raw_edition_insert(db, &edition)
        #expect(try raw_edition_find(db, countryCode: "IT", itemId: item.id) == edition)
        #expect(try raw_editions_fetch(db, for: country) == [edition])
        #expect(try raw_country_find(db, for: edition) == country)
        var device = RichRaw.Device(label: "tablet", owner: item.id)
        try raw_device_insert(db, &device)
        #expect(try raw_device_find(db, device.uuid) == device)
        #expect(try raw_item_find(db, for: device) == item)
        #expect(
            try raw_item_stats_fetch(db) == [
                RichRaw.ItemStat(
                    items: 1, units: 0, averagePrice: 9.99, newest: item.created, lightest: nil, priceTotal: 9.99)
            ])

        var shape = RichRaw.MeasurementRecord(width: 3, height: 4)
        try shape.insert(into: db)
        #expect(shape.area == 12 && shape.label == "w3.0" && shape.payload == .null)
    }

    @Test func datesAreWrittenAndReadLikeSlateRecords() throws {
        let scratch = Scratch()
        let db = try raw_create_rich_raw(scratch.path)
        defer { sqlite3_close_v2(db) }
        var item = RichRaw.Item(
            name: "clock", created: Date(timeIntervalSince1970: -86_400.25),
            touched: Date(timeIntervalSince1970: 1_709_209_800))
        try raw_item_insert(db, &item)
        var statement: OpaquePointer?
        #expect(sqlite3_prepare_v2(db, "SELECT created, touched FROM item", -1, &statement, nil) == SQLITE_OK)
        defer { sqlite3_finalize(statement) }
        #expect(sqlite3_step(statement) == SQLITE_ROW)
        #expect(String(cString: sqlite3_column_text(statement, 0)) == "1969-12-30 23:59:59.750")
        #expect(String(cString: sqlite3_column_text(statement, 1)) == "2024-02-29 12:30:00.000")
        sqlite3_reset(statement)
        #expect(
            sqlite3_exec(db, "UPDATE item SET touched = '2024-02-29T14:30:00+02:00', due = 1700000000", nil, nil, nil)
                == SQLITE_OK)
        let read = try #require(try raw_item_find(db, item.id))
        #expect(read.created == Date(timeIntervalSince1970: -86_400.25))
        #expect(read.touched == Date(timeIntervalSince1970: 1_709_209_800))
        #expect(read.due == Date(timeIntervalSince1970: 1_700_000_000))
        // A Julian day in the same text column: SQLite's datetime(x, 'auto').
        #expect(sqlite3_exec(db, "UPDATE item SET due = 2460126.75", nil, nil, nil) == SQLITE_OK)
        #expect(try raw_item_find(db, item.id)?.due == Date(timeIntervalSince1970: 1_688_191_200))
    }

    @Test func errorsCarryCodeMessageAndSQL() throws {
        let scratch = Scratch()
        let db = try raw_create_rich_raw(scratch.path)
        defer { sqlite3_close_v2(db) }
        #expect(
            sqlite3_exec(db, "INSERT INTO item (id, name, created) VALUES (1, CAST(X'FF' AS TEXT), 0)", nil, nil, nil)
                == SQLITE_OK)
        do {
            _ = try raw_item_find(db, 1)
            Issue.record("invalid UTF-8 was read without an error")
        } catch let error as RichRaw.SQLError {
            #expect(error.code == SQLITE_MISMATCH)
            #expect(error.message == "column item.name holds text that is not valid UTF-8")
        }
        do {
            var duplicate = RichRaw.Country(code: "X", name: "x")
            try raw_country_insert(db, &duplicate)
            try raw_country_insert(db, &duplicate)
            Issue.record("a duplicate key was inserted")
        } catch let error as RichRaw.SQLError {
            #expect(error.code == 1555)
            #expect(error.message == "UNIQUE constraint failed: country.code")
        }
        #expect(throws: RichRaw.SQLError.self) { _ = try raw_open_rich_raw(scratch.path + ".missing", readOnly: true) }
    }

    /// Raw handles turn off what Slate's contexts do: a double-quoted name that names no
    /// column is an error, not a string; no legacy ALTER TABLE; no extension loading.
    @Test func rawHandlesRefuseDoubleQuotedStrings() throws {
        let scratch = Scratch()
        let created = try raw_create_rich_raw(scratch.path)
        sqlite3_close_v2(created)
        for readOnly in [false, true] {
            let db = try raw_open_rich_raw(scratch.path, readOnly: readOnly)
            defer { sqlite3_close_v2(db) }
            var statement: OpaquePointer?
            #expect(sqlite3_prepare_v2(db, "SELECT \"priority\" FROM item", -1, &statement, nil) == SQLITE_ERROR)
            #expect(statement == nil)
            #expect(String(cString: sqlite3_errmsg(db)) == "no such column: priority")
            for setting in [
                SQLITE_DBCONFIG_DQS_DML, SQLITE_DBCONFIG_DQS_DDL, SQLITE_DBCONFIG_LEGACY_ALTER_TABLE,
                SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION,
            ] {
                var current: Int32 = -1
                #expect(slate_db_config_int(db, setting, -1, &current) == SQLITE_OK)
                #expect(current == 0, "setting \(setting)")
            }
        }
    }

    /// Lighter's documented raw calls compile and work as written: the handle through an
    /// inout, SQLite's result code back.
    @Test func lightersCShapedOpenAndCreate() throws {
        let scratch = Scratch()
        var db: OpaquePointer!
        #expect(raw_create_rich_raw(scratch.path, &db) == SQLITE_OK)
        #expect(db != nil)
        sqlite3_close_v2(db)
        db = nil
        #expect(raw_open_rich_raw(scratch.path, &db) == SQLITE_OK)
        defer { sqlite3_close_v2(db) }
        var item = RichRaw.Item(name: "lamp")
        try raw_item_insert(db, &item)
        #expect(try raw_items_fetch(db).map(\.name) == ["lamp"])

        var missing: OpaquePointer?
        #expect(raw_open_rich_raw(scratch.path + ".missing/x.db", &missing) == SQLITE_CANTOPEN)
        #expect(missing == nil)
    }

    /// Raw mode enforces foreign keys, as the API mode does: the same insert fails in both.
    @Test func foreignKeysAreEnforced() throws {
        let scratch = Scratch()
        let db = try raw_create_rich_raw(scratch.path)
        defer { sqlite3_close_v2(db) }
        var orphan = RichRaw.Device(label: "phone", owner: 42)
        #expect(throws: RichRaw.SQLError.self) { try raw_device_insert(db, &orphan) }
        let reopened = try raw_open_rich_raw(scratch.path)
        defer { sqlite3_close_v2(reopened) }
        var other = RichRaw.Device(label: "tablet", owner: 7)
        #expect(throws: RichRaw.SQLError.self) { try raw_device_insert(reopened, &other) }
        #expect(try raw_devices_fetch(reopened).isEmpty)
    }

    /// The raw functions of a schema made of the generated code's own names.
    @Test func collisionsInRawMode() throws {
        let scratch = Scratch()
        let db = try raw_create_collisions_raw(scratch.path)
        defer { sqlite3_close_v2(db) }
        var handle = CollisionsRaw.Handle(label: "h")
        try raw_handle_insert(db, &handle)
        var dbRecord = CollisionsRaw.Db(name: "d")
        try raw_db_insert(db, &dbRecord)
        var store = CollisionsRaw.StoreRecord(name: "s")
        try raw_store_record_insert(db, &store)
        var gadget = CollisionsRaw.Gadget(handleId: handle.handleId, dbId: dbRecord.dbId, storeId: store.storeId)
        try raw_gadget_insert(db, &gadget)
        #expect(try raw_gadgets_fetch(db, for: handle) == [gadget])
        #expect(try raw_gadgets_fetch(db, for: dbRecord) == [gadget])
        #expect(try raw_handle_find(db, for: gadget) == handle)
        #expect(try raw_db_find(db, for: gadget) == dbRecord)
        var chain = CollisionsRaw.Chain(id2: 1, chainIndex: 2, storeId: store.storeId)
        try raw_chain_insert(db, &chain)
        #expect(try raw_chain_find(db, id2: 1, chainIndex: 2) == chain)
        #expect(try raw_chains_fetch(db, for: store) == [chain])
    }
}
