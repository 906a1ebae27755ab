import Foundation
import Slate
import SlateRecords
import SlateTestSupport
import Testing

/// Issue 31, review R1 (`review31r1.sql`): `save` returns the row as stored when its
/// upsert updates a stored row, as `insert` does for a new one: what an UPDATE trigger
/// wrote after the update (which `RETURNING` would miss), and the stored spelling of a key
/// compared without case.
@Suite struct Review31R1SaveTests {
    typealias R = Review31R1

    private func rows(_ db: R, _ sql: String) throws -> [[SQLValue]] {
        try db.pool.read { context in try context.query(sql: sql) }
    }

    @Test func aSaveThatUpdatesReturnsWhatTheUpdateTriggerWrote() throws {
        let db = try R.inMemory()
        defer { db.close() }
        let inserted = try db.save(R.Item(name: "a"))
        #expect(inserted == R.Item(id: 1, name: "a", version: 0))
        let renamed = try db.save(R.Item(id: 1, name: "b"))
        #expect(renamed == R.Item(id: 1, name: "b", version: 1))
        #expect(try db.items.find(1) == renamed)
        // In a transaction, the same.
        let again = try db.transaction { tx in try tx.save(R.Item(id: 1, name: "c")) }
        #expect(again.version == 2)
        #expect(try db.save(R.Item(id: 1, name: "d")) == R.Item(id: 1, name: "d", version: 3))
        // A save under a new key is an insert: the trigger does not fire.
        #expect(try db.save(R.Item(id: 7, name: "x")) == R.Item(id: 7, name: "x", version: 0))
        #expect(
            try rows(db, "SELECT id, name, version FROM item ORDER BY id") == [
                [.integer(1), .text("d"), .integer(3)], [.integer(7), .text("x"), .integer(0)],
            ])
    }

    @Test func anAsyncSaveThatUpdatesReturnsWhatTheUpdateTriggerWrote() async throws {
        let db = try R.inMemory()
        defer { db.close() }
        _ = try await db.save(R.Item(name: "a"))
        #expect(try await db.save(R.Item(id: 1, name: "b")) == R.Item(id: 1, name: "b", version: 1))
    }

    @Test func aSaveUnderAKeyInAnotherCaseReturnsTheStoredKey() throws {
        let db = try R.inMemory()
        defer { db.close() }
        #expect(try db.save(R.Preference(key: "theme", value: "dark")) == R.Preference(key: "theme", value: "dark"))
        let saved = try db.save(R.Preference(key: "THEME", value: "light"))
        #expect(saved == R.Preference(key: "theme", value: "light"))
        #expect(try db.preferences.find("Theme") == saved)
        #expect(try rows(db, "SELECT key, value FROM preference") == [[.text("theme"), .text("light")]])
        // The collation given in the key's table constraint counts too.
        _ = try db.save(R.LabelRecord(name: "Bug", color: "red"))
        #expect(try db.save(R.LabelRecord(name: "BUG", color: "blue")) == R.LabelRecord(name: "Bug", color: "blue"))
        #expect(try db.labels.fetchCount() == 1)
        #expect(try db.labels.delete("Bug"))
    }
}
