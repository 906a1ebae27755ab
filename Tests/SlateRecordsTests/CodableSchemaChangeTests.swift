import Foundation
import SlateRecords
import SlateTestSupport
import Testing

/// Codable records read their columns by position in SQL that names every column, so a
/// schema change under their cached statements (SQLite prepares them again) changes nothing
/// they read: no column cache of theirs can go stale.
@Suite struct CodableSchemaChangeTests {
    @Test func cachedRecordStatementsReadRightAfterTheTableChanges() throws {
        let db = try SQLContext()
        defer { db.close() }
        try db.exec(
            sql:
                "CREATE TABLE device (serial TEXT PRIMARY KEY, name TEXT NOT NULL, pinned INTEGER NOT NULL) WITHOUT ROWID"
        )
        let first = Device(
            serial: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, name: "phone", pinned: true)
        let second = Device(
            serial: UUID(uuidString: "00000000-0000-0000-0000-000000000002")!, name: "tablet", pinned: false)
        try db.save(first)
        try db.save(second)
        // The statements are prepared and cached by these.
        #expect(try db.load(Device.self, key: first.serial) == first)
        #expect(try db.fetch(Device.self, orderBy: { $0.name.ascending }) == [first, second])

        // A column added at the end.
        try db.exec(sql: "ALTER TABLE device ADD COLUMN note TEXT DEFAULT 'x'")
        #expect(try db.load(Device.self, key: first.serial) == first)
        #expect(try db.fetch(Device.self, orderBy: { $0.name.ascending }) == [first, second])

        // The table made again with its columns in another order, and one more.
        try db.exec(
            sql: """
                CREATE TABLE device2 (pinned INTEGER NOT NULL, extra BLOB, name TEXT NOT NULL, serial TEXT PRIMARY KEY) WITHOUT ROWID;
                INSERT INTO device2 (pinned, extra, name, serial) SELECT pinned, x'00', name, serial FROM device;
                DROP TABLE device;
                ALTER TABLE device2 RENAME TO device;
                """)
        #expect(try db.load(Device.self, key: second.serial) == second)
        #expect(try db.fetch(Device.self, orderBy: { $0.name.ascending }) == [first, second])
        var renamed = second
        renamed.name = "slate"
        try db.save(renamed)
        #expect(try db.fetch(Device.self, where: { $0.pinned == false }) == [renamed])
    }
}
