import Foundation
import SlateRecords
import SlateTestSupport
import Testing

/// Columns named like every local, parameter and helper of the generated functions
/// (`statement`, `assigned`, `first`, `stored`, `rowID`, `indices`, `db` as the rowid key,
/// `record`, `value`, `handle`, `key0`, …): the file compiles (this target builds it) and
/// every value reaches its own column, through every way the API file writes and reads.
@Suite struct LocalNameTests {
    typealias L = Locals

    /// A record whose every property holds a value of its own.
    static let local = L.Local(
        statement: "statement", offset: 1, assigned: "assigned", first: "first",
        stored: Date(timeIntervalSince1970: 1_700_000_000.2504), rowID: 2, indices: "indices", index: 3, db: 40,
        value: "value",
        values: "values", record: "record", context: "context", handle: "handle", sql: "sql", limit: 4,
        filter: "filter", body: "body",
        key0: "key0", tx: "tx", path: "path", flags: 5, readOnly: true, at: 6, to: "to", pool: "pool",
        insertAssignsRowIDColumn: 7,
        storedAfterInsert: "storedAfterInsert", selfColumn: "self", type: "type")

    /// Its row as SQLite stores it: the date as text rounded to the millisecond.
    static let row: [SQLValue] = [
        "statement", 1, "assigned", "first", "2023-11-14 22:13:20.250", 2, "indices", 3, 40, "value", "values",
        "record", "context",
        "handle", "sql", 4, "filter", "body", "key0", "tx", "path", 5, 1, 6, "to", "pool", 7, "storedAfterInsert",
        "self", "type",
    ]

    /// Every row of `table` as SQLite stores it, by plain SQL. (In `locals`, `rowid` is the
    /// column called `rowID`: the key is `db`.)
    private func rows(_ db: Locals, _ table: String, orderBy: String) throws -> [[SQLValue]] {
        try db.pool.read { context in try context.query(sql: "SELECT * FROM \"\(table)\" ORDER BY \(orderBy)") }
    }

    @Test func everyColumnReachesItsOwnColumn() throws {
        let db = try Locals.inMemory()
        defer { db.close() }
        let inserted = try db.insert(Self.local)
        // As stored: the date rounded as its text holds it, the rest as given.
        var expected = Self.local
        expected.stored = Date(timeIntervalSince1970: 1_700_000_000.25)
        #expect(inserted == expected)
        #expect(try rows(db, "locals", orderBy: "db") == [Self.row])
        #expect(try db.locals.find(40) == expected)

        // Without the key (`db`), SQLite assigns it and `storedAfterInsert` sets it.
        let assigned = try db.insert(
            L.Local(statement: "s", assigned: "a", first: "f", stored: Date(timeIntervalSince1970: 0.0004)))
        #expect(assigned.db == 41)
        #expect(assigned.stored == Date(timeIntervalSince1970: 0))
        #expect(
            try rows(db, "locals", orderBy: "db")[1].prefix(9) == [
                "s", 0, "a", "f", "1970-01-01 00:00:00.000", nil, nil, nil, 41,
            ])

        var updated = expected
        updated.statement = nil
        updated.first = "changed"
        updated.stored = Date(timeIntervalSince1970: 86_400)
        updated.readOnly = false
        #expect(try db.update(updated))
        var row = Self.row
        row[0] = nil
        row[3] = "changed"
        row[4] = "1970-01-02 00:00:00.000"
        row[22] = 0
        #expect(try rows(db, "locals", orderBy: "db")[0] == row)
        #expect(try db.delete(updated))
        #expect(try db.locals.find(40) == nil)
        #expect(try rows(db, "locals", orderBy: "db").map { $0[8] } == [41])
    }

    @Test func aCompoundKeyOfIndexAndDbAndTheRelationships() throws {
        let db = try Locals.inMemory()
        defer { db.close() }
        let local = try db.insert(Self.local)
        let pair = try db.insert(
            L.LocalPair(statement: "st", db: "d", id2: "i", index: 1, stored: Date(timeIntervalSince1970: 60)))
        #expect(
            try rows(db, "local_pair", orderBy: "\"index\", db") == [["st", "d", "i", 1, "1970-01-01 00:01:00.000"]])
        #expect(try db.localPairs.find(L.LocalPair.ID(index: 1, db: "d")) == pair)
        var changed = pair
        changed.statement = "ts"
        changed.id2 = nil
        #expect(try db.update(changed))
        #expect(
            try rows(db, "local_pair", orderBy: "\"index\", db") == [["ts", "d", nil, 1, "1970-01-01 00:01:00.000"]])

        let child = try db.insert(L.LocalChild(key0: local.db, handle: "h", statement: 1, value: "d"))
        #expect(try rows(db, "local_child", orderBy: "id") == [[40, "h", 1, "d", 1]])
        #expect(try db.localChildren.fetch(for: local) == [child])
        #expect(try db.localChildren.fetch(for: changed) == [child])
        #expect(try db.locals.find(for: child)?.db == 40)
        #expect(try db.localPairs.find(for: child) == changed)
        #expect(try db.delete(child))
        #expect(try db.delete(changed))
        #expect(try rows(db, "local_pair", orderBy: "\"index\", db") == [])
    }

    /// The type-attached and raw functions, whose handle is called `db` like the key.
    @Test func attachedAndRawFunctionsTellTheKeyFromTheHandle() throws {
        let db = try Locals.inMemory()
        defer { db.close() }
        try db.pool.write { context in
            let handle = try #require(context.handle)
            var local = Self.local
            try local.insert(into: handle)
            #expect(try L.Local.find(40, in: handle) == local)
            #expect(try locals_local_find(handle, 40) == local)
            local.value = "other"
            #expect(try local.update(in: handle))
            var pair = L.LocalPair(db: "d", index: 2)
            try locals_local_pair_insert(handle, &pair)
            #expect(try L.LocalPair.find(index: 2, db: "d", in: handle) == pair)
            #expect(try locals_local_pair_find(handle, index: 2, db: "d") == pair)
            var child = L.LocalChild(key0: 40, statement: 2, value: "d")
            try child.insert(into: handle)
            #expect(try locals_local_children_fetch(handle, for: local) == [child])
            #expect(try locals_local_find(handle, for: child) == local)
            #expect(try locals_local_pair_find(handle, for: child) == pair)
            #expect(try child.delete(in: handle))
            #expect(try locals_local_pair_delete(handle, pair))
            #expect(try L.Local.find(40, in: handle)?.value == "other")
        }
        var row = Self.row
        row[9] = "other"
        #expect(try rows(db, "locals", orderBy: "db") == [row])
    }
}
