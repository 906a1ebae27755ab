import Foundation
import SlateRecords
import SlateTestSupport
import Testing

/// Every type mapping and key kind of the rich schema, through the generated API.
@Suite struct RichTests {
    private func database() throws -> Rich { try Rich.inMemory() }

    @Test func defaultsFromTheSchema() throws {
        let db = try database()
        defer { db.close() }
        let before = Date()
        let item = try db.insert(Item())
        #expect(item.id == 1)
        #expect(item.name == "untitled")
        #expect(item.quantity == 0)
        #expect(item.price == 9.99)
        #expect(item.ratio == -0.5)
        #expect(item.isActive == true)
        #expect(item.isArchived == false)
        #expect(abs(item.created.timeIntervalSince(before)) < 5)
        #expect(item.touched == Date(timeIntervalSince1970: 1_709_209_800)) // 2024-02-29 12:30:00 UTC
        #expect(item.photo == [0xCA, 0xFE])
        #expect(item.hexValue == 16)
        #expect(item.anything == .null)
        #expect(item.weight == nil && item.token == nil && item.homepage == nil && item.note == nil)
    }

    @Test func everyTypeRoundTrips() throws {
        let db = try database()
        defer { db.close() }
        let created = Date(timeIntervalSince1970: 1_700_000_000.123)
        let token = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        let item = Item(
            name: "Zoë 😀 \u{0}", quantity: .max, price: -1.5, weight: 0.25, cost: 12.34, amount: 3,
            isActive: false, isArchived: true, created: created, due: Date(timeIntervalSince1970: 86_400),
            token: token, homepage: URL(string: "https://example.com/a?b=c")!, photo: [0, 255, 0],
            note: String(repeating: "long ", count: 1000), code: "ABC", anything: .blob([1, 2]), hexValue: nil)
        let stored = try db.insert(item)
        var expected = item
        expected.id = stored.id
        #expect(stored == expected)
        #expect(try db.items.find(stored.id) == expected)

        // How the values are stored: dates as UTC text with milliseconds, UUIDs as
        // lower-case text, booleans as 0/1.
        let raw = try db.pool.read { ctx in
            try ctx.query(sql: "SELECT created, typeof(created), token, is_active, due, typeof(anything) FROM item")
        }
        #expect(
            raw == [
                [
                    "2023-11-14 22:13:20.123", "text", "e621e1f8-c36c-495a-93fc-0c247a3e6e5f", 0,
                    "1970-01-02 00:00:00.000", "blob",
                ]
            ])
    }

    @Test func datesAreReadInEveryStoredFormAndUUIDsInTheirColumnsOnly() throws {
        let db = try database()
        defer { db.close() }
        try db.pool.write { ctx in
            try ctx.exec(
                sql: """
                    INSERT INTO item (id, name, created, due, touched, token) VALUES
                      (1, 'a', '2024-02-29T12:30:00Z', 1700000000, 1700000000.5, 'e621e1f8-c36c-495a-93fc-0c247a3e6e5f'),
                      (2, 'b', '2024-02-29 14:30+02:00', '1970-01-02', '12:00', NULL),
                      (3, 'c', '2024-02-29 12:30', 2460126.75, NULL, NULL);
                    """)
        }
        let items = try db.items.fetch()
        let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        #expect(items.map(\.created) == Array(repeating: Date(timeIntervalSince1970: 1_709_209_800), count: 3))
        // A bare number in a text column reads as SQLite's datetime(x, 'auto') reads it:
        // unix seconds past 5373484.5, a Julian day below (2023-07-01 06:00 UTC).
        #expect(
            items.map(\.due) == [
                Date(timeIntervalSince1970: 1_700_000_000), Date(timeIntervalSince1970: 86_400),
                Date(timeIntervalSince1970: 1_688_191_200),
            ])
        #expect(
            items.map(\.touched) == [
                Date(timeIntervalSince1970: 1_700_000_000.5), Date(timeIntervalSince1970: 946_728_000), nil,
            ])
        #expect(items.map(\.token) == [uuid, nil, nil])
        // The column stores lower-case text: a UUID in another form would read, and then
        // bind back as text that is not the row's value, so that `== token` and a key
        // lookup miss the row. It throws instead, naming the column and its storage.
        for other in ["X'E621E1F8C36C495A93FC0C247A3E6E5F'", "'E621E1F8-C36C-495A-93FC-0C247A3E6E5F'"] {
            try db.pool.write { ctx in try ctx.exec(sql: "UPDATE item SET token = \(other) WHERE id = 2") }
            let held = other.hasPrefix("X") ? "a BLOB of 16 bytes" : "TEXT 'E621E1F8-C36C-495A-93FC-0C247A3E6E5F'"
            expectSQLError(
                .mismatch,
                "column item.token holds \(held), which is not a UUID as the column stores them (lower-case 8-4-4-4-12 text)"
            ) {
                _ = try db.items.fetch()
            }
            expectSQLError(
                .mismatch,
                "column 0 (\"token\") holds \(other), which is not a UUID as the column stores them (lower-case 8-4-4-4-12 text)"
            ) {
                _ = try db.items.select(\.token, where: { $0.id == 2 })
            }
        }
        #expect(try db.items.fetch(where: { $0.token == uuid }).map(\.id) == [1])
    }

    @Test func badStoredValuesThrowNamingTheColumn() throws {
        let db = try database()
        defer { db.close() }
        try db.pool.write { ctx in try ctx.exec(sql: "INSERT INTO item (id, created) VALUES (1, 'last tuesday')") }
        expectSQLError(.mismatch, "column item.created holds TEXT 'last tuesday', which is not a date") {
            _ = try db.items.fetch()
        }
        try db.pool.write { ctx in
            try ctx.exec(sql: "UPDATE item SET created = '2020-01-01', name = CAST(X'FF' AS TEXT)")
        }
        expectSQLError(.mismatch, "column item.name holds text that is not valid UTF-8") {
            _ = try db.items.find(1)
        }
        try db.pool.write { ctx in try ctx.exec(sql: "UPDATE item SET name = 'ok', token = 'not-a-uuid'") }
        expectSQLError(
            .mismatch,
            "column item.token holds TEXT 'not-a-uuid', which is not a UUID as the column stores them (lower-case 8-4-4-4-12 text)"
        ) {
            _ = try db.items.fetch()
        }
    }

    @Test func keysOfEveryKind() throws {
        let db = try database()
        defer { db.close() }
        // UUID key with a default.
        let device = try db.insert(Device(label: "phone"))
        #expect(try db.devices.find(device.uuid) == device)
        #expect(device.id == device.uuid)
        // TEXT key.
        let country = try db.insert(Country(code: "FR", name: "France"))
        #expect(try db.countries.find("FR") == country)
        // INT PRIMARY KEY: not a rowid alias, passed explicitly.
        let legacy = try db.insert(Legacy(number: 42, label: "answer"))
        #expect(legacy.number == 42)
        #expect(try db.legacies.find(42) == legacy)
        // Compound key, WITHOUT ROWID.
        let item = try db.insert(Item(name: "book"))
        let edition = try db.insert(
            Edition(countryCode: "FR", itemId: item.id, released: Date(timeIntervalSince1970: 0)))
        #expect(edition.id == Edition.ID(countryCode: "FR", itemId: item.id))
        #expect(try db.editions.find(.init(countryCode: "FR", itemId: item.id)) == edition)
        var updated = edition
        updated.released = Date(timeIntervalSince1970: 3600)
        #expect(try db.update(updated))
        #expect(try db.editions.find(edition.id)?.released == Date(timeIntervalSince1970: 3600))
        #expect(try db.delete(updated))
        #expect(try db.editions.fetchCount() == 0)
    }

    @Test func foreignKeyToACompoundKeyAndSeveralKeysToOneTable() throws {
        let db = try database()
        defer { db.close() }
        try db.insert(Country(code: "DE", name: "Germany"))
        let item = try db.insert(Item(name: "atlas"))
        let edition = try db.insert(
            Edition(countryCode: "DE", itemId: item.id, released: Date(timeIntervalSince1970: 0)))
        let note = try db.insert(EditionNote(countryCode: "DE", itemId: item.id, body: "first print"))
        #expect(try db.editionNotes.fetch(for: edition) == [note])
        #expect(try db.editions.find(for: note) == edition)
        #expect(try db.editions.fetch(for: item) == [edition])
        #expect(try db.countries.find(for: edition)?.name == "Germany")

        let boss = try db.insert(Employee(name: "Boss"))
        let mentor = try db.insert(Employee(name: "Mentor", managerId: boss.id))
        let junior = try db.insert(Employee(name: "Junior", managerId: boss.id, mentorId: mentor.id))
        #expect(try db.employees.fetch(forManager: boss) == [mentor, junior])
        #expect(try db.employees.fetch(forMentor: mentor) == [junior])
        #expect(try db.employees.find(forManager: junior) == boss)
        #expect(try db.employees.find(forMentor: junior) == mentor)
        #expect(try db.employees.find(forMentor: boss) == nil)
    }

    @Test func generatedColumnsAreComputedNeverWritten() throws {
        let db = try database()
        defer { db.close() }
        let shape = try db.insert(MeasurementRecord(width: 2, height: 3, payload: .text("x")))
        #expect(shape.area == 6)
        #expect(shape.label == "w2.0")
        var wider = shape
        wider.width = 4
        try db.update(wider)
        let found = try #require(try db.measurements.find(shape.id))
        #expect(found.area == 12)
        #expect(found.payload == .text("x"))
    }

    @Test func tablesWithoutKeysAndSingleColumns() throws {
        let db = try database()
        defer { db.close() }
        try db.insert(LogLine(message: "started"))
        try db.insert(LogLine(message: "stopped", at: Date(timeIntervalSince1970: 60)))
        #expect(try db.logLines.fetch().map(\.message) == ["started", "stopped"])
        try db.insert(TagRecord(label: "red"))
        try db.insert(TagRecord())
        #expect(try db.tags.fetch() == [TagRecord(label: "red"), TagRecord(label: nil)])
        #expect(try db.tagLabels.fetch() == [TagLabel(label: "red"), TagLabel(label: nil)])
    }

    @Test func viewsOverAggregatesAndJoinsAreTyped() throws {
        let db = try database()
        defer { db.close() }
        #expect(
            try db.itemStats.fetch() == [
                ItemStat(items: 0, units: nil, averagePrice: nil, newest: nil, lightest: nil, priceTotal: 0)
            ])
        try db.insert(Item(name: "a", quantity: 2, price: 1, weight: 5, created: Date(timeIntervalSince1970: 10)))
        try db.insert(Item(name: "b", quantity: 3, price: 2, created: Date(timeIntervalSince1970: 20)))
        #expect(
            try db.itemStats.fetch() == [
                ItemStat(
                    items: 2, units: 5, averagePrice: 1.5, newest: Date(timeIntervalSince1970: 20), lightest: 5,
                    priceTotal: 3)
            ])

        try db.insert(Device(label: "orphan"))
        try db.insert(Device(label: "owned", owner: 1))
        #expect(
            Set(try db.deviceOwners.fetch()) == [
                DeviceOwner(label: "orphan", ownerName: nil, isActive: nil),
                DeviceOwner(label: "owned", ownerName: "a", isActive: true),
            ])
    }

    @Test func triggersRun() throws {
        let db = try database()
        defer { db.close() }
        let item = try db.insert(Item(name: "before", touched: nil))
        var renamed = item
        renamed.name = "after"
        try db.update(renamed)
        #expect(try db.items.find(item.id)?.touched != nil)
    }

    @Test func theGeneratedSchemaMatchesTheScript() throws {
        let db = try database()
        defer { db.close() }
        #expect(Rich.schemaVersion == 3)
        #expect(try db.pool.read { try $0.query(sql: "PRAGMA user_version") } == [[3]])
        let objects = try db.pool.read { ctx in
            try ctx.query(sql: "SELECT type || ':' || name FROM sqlite_schema ORDER BY type, name").compactMap {
                $0[0].textValue
            }
        }
        #expect(
            objects == [
                "index:item_by_name", "index:sqlite_autoindex_country_1", "index:sqlite_autoindex_device_1",
                "index:sqlite_autoindex_legacy_1", "table:country", "table:device", "table:edition",
                "table:edition_note",
                "table:employee", "table:item", "table:legacy", "table:log_line", "table:measurement", "table:tag",
                "trigger:item_touch", "view:device_owner", "view:item_stats", "view:tag_label",
            ])
    }
}
