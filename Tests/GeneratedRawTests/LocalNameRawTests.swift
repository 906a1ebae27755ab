import Foundation
import SlateCSQLite
import Testing

/// Raw mode's side of `LocalNameTests`: columns named like every local, parameter and
/// helper of the generated functions compile (this target builds the file) and reach their
/// own columns through the global and type-attached functions.
@Suite struct LocalNameRawTests {
    typealias L = LocalsRaw

    static let local = L.Local(
        statement: "statement", offset: 1, assigned: "assigned", first: "first",
        stored: Date(timeIntervalSince1970: 1_700_000_000.2504), rowID: 2, indices: "indices", index: 3, db: 40,
        value: "value",
        values: "values", record: "record", context: "context", handle: "handle", sql: "sql", limit: 4,
        filter: "filter", body: "body",
        key0: "key0", tx: "tx", path: "path", flags: 5, readOnly: true, at: 6, to: "to", pool: "pool",
        insertAssignsRowIDColumn: 7,
        storedAfterInsert: "storedAfterInsert", selfColumn: "self", type: "type")

    static let row: [KeysRaw.Value] = [
        "statement", 1, "assigned", "first", "2023-11-14 22:13:20.250", 2, "indices", 3, 40, "value", "values",
        "record", "context",
        "handle", "sql", 4, "filter", "body", "key0", "tx", "path", 5, 1, 6, "to", "pool", 7, "storedAfterInsert",
        "self", "type",
    ]

    @Test func everyColumnReachesItsOwnColumn() throws {
        let scratch = RawModeTests.Scratch()
        let db = try localsraw_create_locals_raw(scratch.path)
        defer { sqlite3_close_v2(db) }
        var local = Self.local
        try localsraw_local_insert(db, &local)
        var expected = Self.local
        expected.stored = Date(timeIntervalSince1970: 1_700_000_000.25)
        #expect(local == expected)
        #expect(storedRows(db, "SELECT * FROM locals") == [Self.row])
        #expect(try localsraw_local_find(db, 40) == expected)
        #expect(try L.Local.find(40, in: db) == expected)

        var assigned = L.Local(statement: "s", assigned: "a", first: "f", stored: Date(timeIntervalSince1970: 0.0004))
        try assigned.insert(into: db)
        #expect(assigned.db == 41 && assigned.stored == Date(timeIntervalSince1970: 0))
        #expect(
            storedRows(db, "SELECT * FROM locals WHERE db = 41").first?.prefix(9) == [
                "s", 0, "a", "f", "1970-01-01 00:00:00.000", nil, nil, nil, 41,
            ])

        local.first = "changed"
        local.readOnly = false
        #expect(try localsraw_local_update(db, local))
        var row = Self.row
        row[3] = "changed"
        row[22] = 0
        #expect(storedRows(db, "SELECT * FROM locals WHERE db = 40") == [row])
        local.statement = nil
        #expect(try local.update(in: db))
        row[0] = nil
        #expect(storedRows(db, "SELECT * FROM locals WHERE db = 40") == [row])
        #expect(try local.delete(in: db))
        #expect(try localsraw_local_delete(db, assigned))
        #expect(storedRows(db, "SELECT * FROM locals") == [])
    }

    @Test func aCompoundKeyOfIndexAndDbAndTheRelationships() throws {
        let scratch = RawModeTests.Scratch()
        let db = try localsraw_create_locals_raw(scratch.path)
        defer { sqlite3_close_v2(db) }
        var local = Self.local
        try local.insert(into: db)
        var pair = L.LocalPair(statement: "st", db: "d", id2: "i", index: 1, stored: Date(timeIntervalSince1970: 60))
        try localsraw_local_pair_insert(db, &pair)
        #expect(storedRows(db, "SELECT * FROM local_pair") == [["st", "d", "i", 1, "1970-01-01 00:01:00.000"]])
        #expect(try localsraw_local_pair_find(db, index: 1, db: "d") == pair)
        #expect(try L.LocalPair.find(index: 1, db: "d", in: db) == pair)
        pair.statement = "ts"
        #expect(try pair.update(in: db))
        #expect(storedRows(db, "SELECT * FROM local_pair") == [["ts", "d", "i", 1, "1970-01-01 00:01:00.000"]])

        var child = L.LocalChild(key0: 40, handle: "h", statement: 1, value: "d")
        try localsraw_local_child_insert(db, &child)
        #expect(storedRows(db, "SELECT * FROM local_child") == [[40, "h", 1, "d", 1]])
        #expect(try localsraw_local_children_fetch(db, for: local) == [child])
        #expect(try localsraw_local_children_fetch(db, for: pair) == [child])
        #expect(try localsraw_local_find(db, for: child) == local)
        #expect(try localsraw_local_pair_find(db, for: child) == pair)
        #expect(try L.LocalChild.find(child.id, in: db) == child)
        #expect(try localsraw_local_child_delete(db, child))
        #expect(try localsraw_local_pair_delete(db, pair))
        #expect(storedRows(db, "SELECT count(*) FROM local_pair") == [[0]])
    }
}
