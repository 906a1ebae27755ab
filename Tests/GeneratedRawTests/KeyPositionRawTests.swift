import Foundation
import SlateCSQLite
import Testing

/// A stored value as the tests write it: `7`, `1.5`, `"text"`, `nil`.
extension KeysRaw.Value: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
    ExpressibleByNilLiteral
{
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .float(value) }
    public init(stringLiteral value: String) { self = .text(value) }
    public init(nilLiteral: ()) { self = .null }
}

/// Every row `sql` returns, each value as SQLite stores it (its storage class included),
/// read with the C API alone.
func storedRows(
    _ db: OpaquePointer, _ sql: String, sourceLocation: SourceLocation = #_sourceLocation
) -> [[KeysRaw.Value]] {
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
        Issue.record("cannot prepare \(sql): \(String(cString: sqlite3_errmsg(db)))", sourceLocation: sourceLocation)
        return []
    }
    defer { sqlite3_finalize(statement) }
    var rows: [[KeysRaw.Value]] = []
    while sqlite3_step(statement) == SQLITE_ROW {
        rows.append(
            (0..<sqlite3_column_count(statement)).map { column in
                switch sqlite3_column_type(statement, column) {
                case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, column))
                case SQLITE_FLOAT: return .float(sqlite3_column_double(statement, column))
                case SQLITE_TEXT: return .text(String(cString: sqlite3_column_text(statement, column)))
                case SQLITE_BLOB:
                    let count = Int(sqlite3_column_bytes(statement, column))
                    let bytes = sqlite3_column_blob(statement, column)
                    return .blob(count == 0 ? [] : Array(UnsafeRawBufferPointer(start: bytes, count: count)))
                default: return .null
                }
            })
    }
    return rows
}

/// Runs a hand-written statement with `bind` binding a record to it.
func runStatement(
    _ db: OpaquePointer, _ sql: String, bind: (OpaquePointer) throws -> Void,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    var statement: OpaquePointer?
    #expect(sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, sourceLocation: sourceLocation)
    defer { sqlite3_finalize(statement) }
    try bind(try #require(statement))
    #expect(
        sqlite3_step(statement) == SQLITE_DONE, "\(String(cString: sqlite3_errmsg(db)))", sourceLocation: sourceLocation
    )
}

/// Raw mode's side of `KeyPositionTests`: the same tables, through the global
/// `keysraw_…` functions and the type-attached ones, every stored value read back with
/// plain SQL.
@Suite struct KeyPositionRawTests {
    typealias K = KeysRaw

    /// Inserts `given`, updates it to `updated` and deletes it through `functions`, checking
    /// the table's one row after each step by plain SQL.
    private func cycle<Record: Equatable>(
        _ db: OpaquePointer, _ table: String, given: Record, stored: Record? = nil, row: [K.Value], updated: Record,
        updatedRow: [K.Value],
        insert: (inout Record) throws -> Void, find: (Record) throws -> Record?, update: (Record) throws -> Bool,
        delete: (Record) throws -> Bool, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        var inserted = given
        try insert(&inserted)
        #expect(inserted == (stored ?? given), sourceLocation: sourceLocation)
        #expect(storedRows(db, "SELECT * FROM \"\(table)\"") == [row], sourceLocation: sourceLocation)
        #expect(try find(given) == inserted, sourceLocation: sourceLocation)
        #expect(try update(updated), sourceLocation: sourceLocation)
        #expect(storedRows(db, "SELECT * FROM \"\(table)\"") == [updatedRow], sourceLocation: sourceLocation)
        #expect(try delete(updated), sourceLocation: sourceLocation)
        #expect(storedRows(db, "SELECT * FROM \"\(table)\"") == [], sourceLocation: sourceLocation)
        #expect(try find(given) == nil, sourceLocation: sourceLocation)
        #expect(try !update(updated), sourceLocation: sourceLocation)
    }

    @Test func rowidKeysLastInTheMiddleFirstAndAfterAGeneratedColumn() throws {
        let scratch = RawModeTests.Scratch()
        let db = try keysraw_create_keys_raw(scratch.path)
        defer { sqlite3_close_v2(db) }

        var history = K.SearchHistory(creationDate: 1_700_000_000_789, serviceId: 3, id: 43)
        try keysraw_search_history_insert(db, &history)
        #expect(storedRows(db, "SELECT * FROM search_history") == [[1_700_000_000_789, 3, nil, 43]])
        #expect(try keysraw_search_history_find(db, 43) == history)
        var assigned = K.SearchHistory(serviceId: 4, search: "swift")
        try assigned.insert(into: db)
        #expect(assigned.id == 44)
        #expect(
            storedRows(db, "SELECT * FROM search_history ORDER BY id") == [
                [1_700_000_000_789, 3, nil, 43], [nil, 4, "swift", 44],
            ])
        #expect(try keysraw_search_history_delete(db, history) && keysraw_search_history_delete(db, assigned))
        try cycle(
            db, "search_history", given: K.SearchHistory(creationDate: 1, serviceId: 2, search: "s", id: 7),
            row: [1, 2, "s", 7],
            updated: K.SearchHistory(creationDate: 10, serviceId: 20, id: 7), updatedRow: [10, 20, nil, 7],
            insert: { try keysraw_search_history_insert(db, &$0) },
            find: { try keysraw_search_history_find(db, $0.id) },
            update: { try keysraw_search_history_update(db, $0) }, delete: { try keysraw_search_history_delete(db, $0) }
        )

        try cycle(
            db, "event",
            given: K.Event(type: "ci", mtime: 2_460_000.5, objid: 7, tagid: 11, user: "drh", comment: "check-in"),
            row: ["ci", 2_460_000.5, 7, 11, "drh", "check-in"],
            updated: K.Event(type: "w", mtime: 2_460_001.25, objid: 7, user: "jan", comment: "wiki"),
            updatedRow: ["w", 2_460_001.25, 7, nil, "jan", "wiki"],
            insert: { try $0.insert(into: db) }, find: { try K.Event.find($0.objid, in: db) },
            update: { try $0.update(in: db) }, delete: { try $0.delete(in: db) })
        var event = K.Event(type: "t", mtime: 1.5, tagid: 2, user: "u", comment: "c")
        try keysraw_event_insert(db, &event)
        #expect(event.objid == 1)
        #expect(storedRows(db, "SELECT * FROM event") == [["t", 1.5, 1, 2, "u", "c"]])

        try cycle(
            db, "key_first", given: K.KeyFirst(id: 5, label: "five", amount: 5.5), row: [5, "five", 5.5],
            updated: K.KeyFirst(id: 5, label: "V"), updatedRow: [5, "V", nil],
            insert: { try keysraw_key_first_insert(db, &$0) }, find: { try keysraw_key_first_find(db, $0.id) },
            update: { try keysraw_key_first_update(db, $0) }, delete: { try keysraw_key_first_delete(db, $0) })

        var computed = K.Computed(a: 21, note: "n", id: 9)
        computed.doubled = 42
        var changed = computed
        changed.a = 5
        changed.note = nil
        try cycle(
            db, "computed", given: K.Computed(a: 21, note: "n", id: 9), stored: computed, row: [21, 42, "n", 9],
            updated: changed, updatedRow: [5, 10, nil, 9],
            insert: { try keysraw_computed_insert(db, &$0) }, find: { try keysraw_computed_find(db, $0.id) },
            update: { try keysraw_computed_update(db, $0) }, delete: { try keysraw_computed_delete(db, $0) })
    }

    @Test func textCompoundWithoutRowidAndUntypedKeys() throws {
        let scratch = RawModeTests.Scratch()
        let db = try keysraw_create_keys_raw(scratch.path)
        defer { sqlite3_close_v2(db) }
        try cycle(
            db, "tag", given: K.TagRecord(label: "L", code: "c1", weight: 3), row: ["L", "c1", 3],
            updated: K.TagRecord(label: "M", code: "c1", weight: 4), updatedRow: ["M", "c1", 4],
            insert: { try keysraw_tag_record_insert(db, &$0) }, find: { try keysraw_tag_record_find(db, $0.code) },
            update: { try keysraw_tag_record_update(db, $0) }, delete: { try keysraw_tag_record_delete(db, $0) })
        try cycle(
            db, "placement", given: K.Placement(a: "a1", b: 2, c: 3, d: "d4"), row: ["a1", 2, 3, "d4"],
            updated: K.Placement(a: "a1", b: 20, c: 3), updatedRow: ["a1", 20, 3, nil],
            insert: { try keysraw_placement_insert(db, &$0) },
            find: { try keysraw_placement_find(db, c: $0.c, a: $0.a) },
            update: { try keysraw_placement_update(db, $0) }, delete: { try keysraw_placement_delete(db, $0) })
        try cycle(
            db, "reading", given: K.Reading(x: "x1", y: 2, z: "z3", w: 4.5), row: ["x1", 2, "z3", 4.5],
            updated: K.Reading(y: 2, z: "z3", w: 0.25), updatedRow: [nil, 2, "z3", 0.25],
            insert: { try $0.insert(into: db) }, find: { try K.Reading.find(z: $0.z, y: $0.y, in: db) },
            update: { try $0.update(in: db) }, delete: { try $0.delete(in: db) })
        try cycle(
            db, "slug", given: K.Slug(note: "n", slug: "s", rank: 1), row: ["n", "s", 1],
            updated: K.Slug(note: "m", slug: "s", rank: 2), updatedRow: ["m", "s", 2],
            insert: { try keysraw_slug_insert(db, &$0) }, find: { try keysraw_slug_find(db, $0.slug) },
            update: { try keysraw_slug_update(db, $0) }, delete: { try keysraw_slug_delete(db, $0) })
        try cycle(
            db, "pair", given: K.Pair(leftId: 1, rightId: "r"), row: [1, "r"], updated: K.Pair(leftId: 1, rightId: "r"),
            updatedRow: [1, "r"],
            insert: { try keysraw_pair_insert(db, &$0) },
            find: { try keysraw_pair_find(db, rightId: $0.rightId, leftId: $0.leftId) },
            update: { try keysraw_pair_update(db, $0) }, delete: { try keysraw_pair_delete(db, $0) })
        // The key without a declared type is raw mode's own dynamic value (the issue's
        // `cannot find type 'SQLValue' in scope`).
        try cycle(
            db, "collection_item", given: K.CollectionItem(name: "n", position: 1.5, collection: "c-1"),
            row: ["n", 1.5, "c-1"],
            updated: K.CollectionItem(name: "m", collection: "c-1"), updatedRow: ["m", nil, "c-1"],
            insert: { try keysraw_collection_item_insert(db, &$0) },
            find: { try keysraw_collection_item_find(db, $0.collection) },
            update: { try keysraw_collection_item_update(db, $0) },
            delete: { try keysraw_collection_item_delete(db, $0) })
        var item = K.CollectionItem(name: "i", collection: 12)
        try item.insert(into: db)
        #expect(try K.CollectionItem.find(12, in: db) == item)
        #expect(try K.CollectionItem.find("12", in: db) == nil)
        #expect(storedRows(db, "SELECT * FROM collection_item") == [["i", nil, 12]])
    }

    @Test func upsertsBindEveryColumnWhereTheStatementSays() throws {
        let scratch = RawModeTests.Scratch()
        let db = try keysraw_create_keys_raw(scratch.path)
        defer { sqlite3_close_v2(db) }
        let upsertEvent = """
            INSERT INTO event (type, mtime, objid, tagid, user, comment) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (objid) DO UPDATE SET type = excluded.type, mtime = excluded.mtime, tagid = excluded.tagid, user = excluded.user, comment = excluded.comment
            """
        for event in [
            K.Event(type: "ci", objid: 3, user: "a"), K.Event(type: "w", mtime: 0.5, objid: 3, tagid: 1, comment: "c"),
        ] {
            try runStatement(db, upsertEvent) {
                try event.bind(to: $0, indices: .init(type: 1, mtime: 2, objid: 3, tagid: 4, user: 5, comment: 6))
            }
        }
        #expect(storedRows(db, "SELECT * FROM event") == [["w", 0.5, 3, 1, nil, "c"]])
        let upsertPlacement = """
            INSERT INTO placement (a, b, c, d) VALUES (?, ?, ?, ?) ON CONFLICT (c, a) DO UPDATE SET b = excluded.b, d = excluded.d
            """
        for placement in [
            K.Placement(a: "a", b: 1, c: 2, d: "d"), K.Placement(a: "a", c: 2, d: "e"), K.Placement(a: "b", c: 2),
        ] {
            try runStatement(db, upsertPlacement) { try placement.bind(to: $0, indices: .init(a: 1, b: 2, c: 3, d: 4)) }
        }
        #expect(storedRows(db, "SELECT * FROM placement ORDER BY a") == [["a", nil, 2, "e"], ["b", nil, 2, nil]])
    }
}
