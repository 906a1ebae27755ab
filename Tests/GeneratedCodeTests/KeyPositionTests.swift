import Foundation
import SlateRecords
import SlateTestSupport
import Testing

/// Keys wherever their tables put them (last as Room does, third as Fossil's `event`,
/// first, after a generated column, compound keys declared in another order than their
/// columns, `WITHOUT ROWID`, a key without a declared type): each record is inserted with
/// and without its key, found, updated, upserted and deleted through the generated code,
/// and every stored value is read back with plain SQL, its storage class included.
@Suite struct KeyPositionTests {
    typealias K = Keys

    /// Every row of `table` as SQLite stores it, by plain SQL.
    private func rows(_ db: Keys, _ table: String, orderBy: String = "rowid") throws -> [[SQLValue]] {
        try db.pool.read { context in try context.query(sql: "SELECT * FROM \"\(table)\" ORDER BY \(orderBy)") }
    }

    /// Inserts `given` with its key, updates it to `updated` and deletes it, checking after
    /// each step the table's one row by plain SQL, and what `find` returns. `stored` is the
    /// record an insert returns when SQLite computes some of it (generated columns).
    private func cycle<Record: SQLKeyedRecord & Equatable>(
        _ db: Keys, _ table: String, given: Record, stored: Record? = nil, row: [SQLValue],
        updated: Record, updatedRow: [SQLValue], orderBy: String = "rowid",
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let records = SQLTable<Record, Keys>(db)
        let inserted = try db.insert(given)
        #expect(inserted == (stored ?? given), sourceLocation: sourceLocation)
        #expect(try rows(db, table, orderBy: orderBy) == [row], sourceLocation: sourceLocation)
        #expect(try records.find(given.id) == inserted, sourceLocation: sourceLocation)

        #expect(try db.update(updated), sourceLocation: sourceLocation)
        #expect(try rows(db, table, orderBy: orderBy) == [updatedRow], sourceLocation: sourceLocation)
        #expect(try records.find(given.id).map { [$0] } == (try records.fetch()), sourceLocation: sourceLocation)

        #expect(try db.delete(updated), sourceLocation: sourceLocation)
        #expect(try rows(db, table, orderBy: orderBy) == [], sourceLocation: sourceLocation)
        #expect(try records.find(given.id) == nil, sourceLocation: sourceLocation)
        #expect(try !db.delete(updated), sourceLocation: sourceLocation)
        #expect(try !db.update(updated), sourceLocation: sourceLocation)
    }

    /// Runs a hand-written statement with `bind` binding a record to it.
    private func run(_ db: Keys, _ sql: String, bind: @escaping @Sendable (OpaquePointer) throws -> Void) throws {
        try db.pool.write { context in
            let statement = try context.prepare(sql: sql)
            defer { statement.close() }
            try bind(try statement.liveHandle())
            while try statement.next() {}
        }
    }

    /// The case: Room's `search_history`, its `AUTOINCREMENT` key last.
    @Test func aRowidKeyLastIsStoredInItsOwnColumn() throws {
        let db = try Keys.inMemory()
        defer { db.close() }
        let given = K.SearchHistory(creationDate: 1_700_000_000_789, serviceId: 3, id: 43)
        #expect(try db.insert(given) == given)
        #expect(try rows(db, "search_history") == [[1_700_000_000_789, 3, nil, 43]])
        #expect(try db.searchHistory.find(43) == given)

        // Without the key, SQLite assigns the next one; the others stay in their columns.
        let assigned = try db.insert(K.SearchHistory(creationDate: nil, serviceId: 4, search: "swift"))
        #expect(assigned == K.SearchHistory(creationDate: nil, serviceId: 4, search: "swift", id: 44))
        #expect(try rows(db, "search_history") == [[1_700_000_000_789, 3, nil, 43], [nil, 4, "swift", 44]])
        #expect(try db.searchHistory.find(44) == assigned)
        #expect(
            try db.pool.read { try $0.query(sql: "SELECT seq FROM sqlite_sequence WHERE name = 'search_history'") } == [
                [44]
            ])
        #expect(try db.delete(given) && db.delete(assigned))

        try cycle(
            db, "search_history", given: K.SearchHistory(creationDate: 1, serviceId: 2, search: "s", id: 7),
            row: [1, 2, "s", 7],
            updated: K.SearchHistory(creationDate: 10, serviceId: 20, search: nil, id: 7), updatedRow: [10, 20, nil, 7])
    }

    /// Fossil's `event`: the rowid key third, text before it (which SQLite refused in the
    /// key's slot with "datatype mismatch").
    @Test func aRowidKeyInTheMiddleIsStoredInItsOwnColumn() throws {
        let db = try Keys.inMemory()
        defer { db.close() }
        try cycle(
            db, "event",
            given: K.Event(type: "ci", mtime: 2_460_000.5, objid: 7, tagid: 11, user: "drh", comment: "check-in"),
            row: ["ci", 2_460_000.5, 7, 11, "drh", "check-in"],
            updated: K.Event(type: "w", mtime: 2_460_001.25, objid: 7, tagid: nil, user: "jan", comment: "wiki"),
            updatedRow: ["w", 2_460_001.25, 7, nil, "jan", "wiki"])

        let first = try db.insert(K.Event(type: "t", mtime: 1.5, tagid: 2, user: "u", comment: "c"))
        let second = try db.insert(K.Event(type: "g", objid: 100, user: "v"))
        let third = try db.insert(K.Event(type: "e"))
        #expect(first.objid == 1 && second.objid == 100 && third.objid == 101)
        #expect(
            try rows(db, "event") == [
                ["t", 1.5, 1, 2, "u", "c"], ["g", nil, 100, nil, "v", nil], ["e", nil, 101, nil, nil, nil],
            ])
        #expect(try db.events.fetch() == [first, second, third])
    }

    /// Given and assigned keys in turn, in one transaction and through the async API: the
    /// connection keeps both inserts' statements, and each record binds to the one its key
    /// chooses.
    @Test func givenAndAssignedKeysInTurnOnOneConnection() async throws {
        let db = try Keys.inMemory()
        defer { db.close() }
        let events = [
            K.Event(type: "a", objid: 10, tagid: 1), K.Event(type: "b", mtime: 0.5, tagid: 2),
            K.Event(type: "c", objid: 5, user: "u"),
            K.Event(type: "d", comment: "x"),
        ]
        // In one transaction on the writer (`tx.insert`, the statement kept between them).
        let stored = try await db.transaction { tx in try events.map { try tx.insert($0) } }
        #expect(stored.map(\.objid) == [10, 11, 5, 12])
        #expect(
            try rows(db, "event") == [
                ["c", nil, 5, nil, "u", nil], ["a", nil, 10, 1, nil, nil], ["b", 0.5, 11, 2, nil, nil],
                ["d", nil, 12, nil, nil, "x"],
            ])
        let histories = try await db.insert(contentsOf: [
            K.SearchHistory(creationDate: 1, serviceId: 1), K.SearchHistory(creationDate: 2, serviceId: 2, id: 20),
            K.SearchHistory(creationDate: 3, serviceId: 3),
        ])
        #expect(histories.map(\.id) == [1, 20, 21])
        #expect(try rows(db, "search_history") == [[1, 1, nil, 1], [2, 2, nil, 20], [3, 3, nil, 21]])
        let updated = try await db.update(K.SearchHistory(creationDate: 9, serviceId: 8, search: "u", id: 20))
        #expect(updated)
        #expect(
            try await db.searchHistory.find(20) == K.SearchHistory(creationDate: 9, serviceId: 8, search: "u", id: 20))
    }

    @Test func aRowidKeyFirstIsStoredInItsOwnColumn() throws {
        let db = try Keys.inMemory()
        defer { db.close() }
        try cycle(
            db, "key_first", given: K.KeyFirst(id: 5, label: "five", amount: 5.5), row: [5, "five", 5.5],
            updated: K.KeyFirst(id: 5, label: "V", amount: nil), updatedRow: [5, "V", nil])
        let assigned = try db.insert(K.KeyFirst(label: "one", amount: 1))
        #expect(assigned.id == 1)
        #expect(try rows(db, "key_first") == [[1, "one", 1.0]])
    }

    /// A rowid key declared by `PRIMARY KEY (id)`, last, after a generated column, which the
    /// insert leaves out and `RETURNING` reads back.
    @Test func aRowidKeyAfterAGeneratedColumn() throws {
        let db = try Keys.inMemory()
        defer { db.close() }
        var stored = K.Computed(a: 21, note: "n", id: 9)
        stored.doubled = 42
        var updated = stored
        updated.a = 5
        updated.note = nil
        try cycle(
            db, "computed", given: K.Computed(a: 21, note: "n", id: 9), stored: stored, row: [21, 42, "n", 9],
            updated: updated, updatedRow: [5, 10, nil, 9])
        let assigned = try db.insert(K.Computed(a: 1, note: "x"))
        #expect(assigned.id == 1 && assigned.doubled == 2)
        #expect(try rows(db, "computed") == [[1, 2, "x", 1]])
    }

    /// A text key in the middle of a rowid table: the key is not the rowid.
    @Test func aTextKeyInTheMiddle() throws {
        let db = try Keys.inMemory()
        defer { db.close() }
        try cycle(
            db, "tag", given: K.TagRecord(label: "L", code: "c1", weight: 3), row: ["L", "c1", 3],
            updated: K.TagRecord(label: "M", code: "c1", weight: 4), updatedRow: ["M", "c1", 4])
    }

    /// `PRIMARY KEY (c, a)` over columns `a, b, c, d`: the key binds in key order, the
    /// columns in table order.
    @Test func aCompoundKeyInAnotherOrderThanItsColumns() throws {
        let db = try Keys.inMemory()
        defer { db.close() }
        try cycle(
            db, "placement", given: K.Placement(a: "a1", b: 2, c: 3, d: "d4"), row: ["a1", 2, 3, "d4"],
            updated: K.Placement(a: "a1", b: 20, c: 3, d: nil), updatedRow: ["a1", 20, 3, nil])
        let other = try db.insert(K.Placement(a: "a2", c: 3))
        #expect(try db.placements.find(K.Placement.ID(c: 3, a: "a2")) == other)
        #expect(try db.placements.find(K.Placement.ID(c: 2, a: "a3")) == nil)
    }

    @Test func withoutRowidTablesWithCompoundAndSingleKeys() throws {
        let db = try Keys.inMemory()
        defer { db.close() }
        try cycle(
            db, "reading", given: K.Reading(x: "x1", y: 2, z: "z3", w: 4.5), row: ["x1", 2, "z3", 4.5],
            updated: K.Reading(x: nil, y: 2, z: "z3", w: 0.25), updatedRow: [nil, 2, "z3", 0.25], orderBy: "z, y")
        try cycle(
            db, "slug", given: K.Slug(note: "n", slug: "s", rank: 1), row: ["n", "s", 1],
            updated: K.Slug(note: "m", slug: "s", rank: 2), updatedRow: ["m", "s", 2], orderBy: "slug")
        // Every column in the key: an update finds the row and changes nothing.
        try cycle(
            db, "pair", given: K.Pair(leftId: 1, rightId: "r"), row: [1, "r"],
            updated: K.Pair(leftId: 1, rightId: "r"), updatedRow: [1, "r"])
    }

    /// Lightroom's key without a declared type, last: stored as given (no affinity).
    @Test func anUntypedKeyLast() throws {
        let db = try Keys.inMemory()
        defer { db.close() }
        try cycle(
            db, "collection_item", given: K.CollectionItem(name: "n", position: 1.5, collection: "c-1"),
            row: ["n", 1.5, "c-1"],
            updated: K.CollectionItem(name: "m", position: nil, collection: "c-1"), updatedRow: ["m", nil, "c-1"])
        try cycle(
            db, "collection_item", given: K.CollectionItem(name: "i", collection: 12), row: ["i", nil, 12],
            updated: K.CollectionItem(name: nil, position: 2, collection: 12), updatedRow: [nil, 2.0, 12])
    }

    /// The type-attached and raw functions of the API file share the binders.
    @Test func attachedAndRawFunctionsWriteTheSameColumns() throws {
        let db = try Keys.inMemory()
        defer { db.close() }
        try db.pool.write { context in
            let handle = try #require(context.handle)
            var event = K.Event(type: "ci", mtime: 1.5, objid: 7, user: "drh")
            try event.insert(into: handle)
            var history = K.SearchHistory(creationDate: 5, serviceId: 6)
            try keys_search_history_insert(handle, &history)
            #expect(history.id == 1)
            var placement = K.Placement(a: "a", b: 1, c: 2, d: "d")
            try keys_placement_insert(handle, &placement)
            #expect(try K.Event.find(7, in: handle) == event)
            #expect(try keys_placement_find(handle, c: 2, a: "a") == placement)
            event.user = "jan"
            #expect(try event.update(in: handle))
            placement.b = 9
            #expect(try keys_placement_update(handle, placement))
        }
        #expect(try rows(db, "event") == [["ci", 1.5, 7, nil, "jan", nil]])
        #expect(try rows(db, "search_history") == [[5, 6, nil, 1]])
        #expect(try rows(db, "placement") == [["a", 9, 2, "d"]])
    }

    /// Upserts are hand-written over `bind(to:indices:)`; the record binds each property
    /// where the statement says, whatever the key's place.
    @Test func upsertsBindEveryColumnWhereTheStatementSays() throws {
        let db = try Keys.inMemory()
        defer { db.close() }
        let upsertHistory = """
            INSERT INTO search_history (creation_date, service_id, search, id) VALUES (?1, ?2, ?3, ?4)
            ON CONFLICT (id) DO UPDATE SET creation_date = excluded.creation_date, service_id = excluded.service_id, search = excluded.search
            """
        for history in [
            K.SearchHistory(creationDate: 1, serviceId: 2, search: "a", id: 9),
            K.SearchHistory(creationDate: 3, serviceId: 4, id: 9),
        ] {
            try run(db, upsertHistory) {
                try history.bind(to: $0, indices: .init(creationDate: 1, serviceId: 2, search: 3, id: 4))
            }
        }
        #expect(try rows(db, "search_history") == [[3, 4, nil, 9]])

        let upsertEvent = """
            INSERT INTO event (type, mtime, objid, tagid, user, comment) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (objid) DO UPDATE SET type = excluded.type, mtime = excluded.mtime, tagid = excluded.tagid, user = excluded.user, comment = excluded.comment
            """
        for event in [
            K.Event(type: "ci", objid: 3, user: "a"), K.Event(type: "w", mtime: 0.5, objid: 3, tagid: 1, comment: "c"),
        ] {
            try run(db, upsertEvent) {
                try event.bind(to: $0, indices: .init(type: 1, mtime: 2, objid: 3, tagid: 4, user: 5, comment: 6))
            }
        }
        #expect(try rows(db, "event") == [["w", 0.5, 3, 1, nil, "c"]])

        let upsertReading = """
            INSERT INTO reading (x, y, z, w) VALUES (?, ?, ?, ?) ON CONFLICT (z, y) DO UPDATE SET x = excluded.x, w = excluded.w
            """
        for reading in [
            K.Reading(x: "a", y: 1, z: "z", w: 1), K.Reading(x: "b", y: 1, z: "z", w: nil), K.Reading(y: 2, z: "z"),
        ] {
            try run(db, upsertReading) { try reading.bind(to: $0, indices: .init(x: 1, y: 2, z: 3, w: 4)) }
        }
        #expect(try rows(db, "reading", orderBy: "z, y") == [["b", 1, "z", nil], [nil, 2, "z", nil]])
        #expect(try db.readings.find(K.Reading.ID(z: "z", y: 1)) == K.Reading(x: "b", y: 1, z: "z", w: nil))
    }
}
