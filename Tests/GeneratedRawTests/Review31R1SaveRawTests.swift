import Foundation
import SlateCSQLite
import Testing

/// Issue 31, review R1, in raw mode (`review31r1.sql`): the raw and type-attached `save`
/// return what an UPDATE trigger wrote and the stored spelling of a case-blind key.
@Suite struct Review31R1SaveRawTests {
    typealias R = Review31R1Raw

    @Test func rawSaveReadsBackTriggersAndStoredKeys() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "slate-r31r1-\(UUID().uuidString).sqlite"
        ).path
        defer {
            for suffix in ["", "-journal", "-wal", "-shm"] {
                try? FileManager.default.removeItem(atPath: path + suffix)
            }
        }
        let db = try r31r1_create_review31_r1_raw(path)
        defer { sqlite3_close_v2(db) }
        var item = R.Item(name: "a")
        try item.save(into: db)
        #expect(item == R.Item(id: 1, name: "a", version: 0))
        var renamed = R.Item(id: 1, name: "b")
        try renamed.save(into: db)
        #expect(renamed == R.Item(id: 1, name: "b", version: 1))
        var functional = R.Item(id: 1, name: "c")
        try r31r1_item_save(db, &functional)
        #expect(functional.version == 2)
        var preference = R.Preference(key: "theme", value: "dark")
        try preference.save(into: db)
        var shouted = R.Preference(key: "THEME", value: "light")
        try shouted.save(into: db)
        #expect(shouted == R.Preference(key: "theme", value: "light"))
    }
}
