import Foundation
import SlateRecords
import SlateTestSupport
import Testing

/// A hand-written record with an assigned rowid key.
struct Note: SQLCodableRecord, Equatable {
    static let tableName = "notes"
    enum Status: String, Codable, CaseIterable, SQLBindable, SQLColumnDecodable { case open, done }

    var id: Int?
    var title: String
    var body: String?
    var status: Status = .open
    var created: Date = Date(timeIntervalSince1970: 1_700_000_000)
    var tags: [String] = []
    var stars: Double = 0
    /// Computed: no column.
    var shout: String { title.uppercased() }
}

/// A hand-written record keyed by a UUID, with its key under another name.
struct Device: SQLCodableRecord, Equatable {
    static let tableName = "device"
    static let primaryKey = "serial"
    var serial: UUID
    var name: String
    var pinned: Bool
}

/// Records for hand-written Codable types: save, load, delete, predicates, projections.
@Suite struct CodableRecordTests {
    private func context() throws -> SQLContext {
        let context = try SQLContext()
        try context.exec(
            sql: """
                CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT NOT NULL, body TEXT, status TEXT NOT NULL,
                                    created TEXT NOT NULL, tags TEXT NOT NULL, stars REAL NOT NULL,
                                    edited TEXT DEFAULT CURRENT_TIMESTAMP);
                CREATE TABLE device (serial TEXT PRIMARY KEY, name TEXT NOT NULL, pinned INTEGER NOT NULL) WITHOUT ROWID;
                """)
        return context
    }

    @Test func saveInsertsOrUpdatesByKeyAndLoadReadsItBack() throws {
        let db = try context()
        var note = try db.save(Note(title: "Groceries", body: nil, tags: ["home", "food"]))
        #expect(note.id == 1)
        #expect(try db.load(Note.self, key: 1) == note)
        // The same key again is an update, not a second row; nil is written as NULL.
        note.body = "milk"
        note.status = .done
        try db.save(note)
        note.body = nil
        try db.save(note)
        #expect(try db.load(Note.self, key: 1) == note)
        #expect(try db.fetchCount(Note.self) == 1)
        // A key that is not there yet is an insert with that key.
        let chosen = try db.save(Note(id: 10, title: "Ten"))
        #expect(chosen.id == 10)
        let stored = try db.query(sql: "SELECT id, status, tags, created FROM notes ORDER BY id").map {
            $0.map(\.description)
        }
        #expect(
            stored == [
                ["1", "'done'", "'[\"home\",\"food\"]'", "'2023-11-14 22:13:20.000'"],
                ["10", "'open'", "'[]'", "'2023-11-14 22:13:20.000'"],
            ])
        #expect(try db.load(Note.self, key: 2) == nil)
        #expect(try db.delete(note))
        #expect(try !db.delete(note))
        #expect(try db.delete(Note.self, key: 10))
        #expect(try db.fetchCount(Note.self) == 0)
    }

    @Test func anAssignedKeySlateCannotSetIsReadBack() throws {
        struct Small: SQLCodableRecord, Equatable {
            static let tableName = "small"
            var id: Int32?
            var label: String
        }
        let db = try context()
        try db.exec(sql: "CREATE TABLE small (id INTEGER PRIMARY KEY, label TEXT NOT NULL)")
        #expect(try db.save(Small(label: "a")) == Small(id: 1, label: "a"))
        #expect(try db.save(Small(label: "b")) == Small(id: 2, label: "b"))
        #expect(try db.save(Note(title: "x")).id == 1)
    }

    @Test func keysOtherThanIdAndTablesWithoutRowID() throws {
        let db = try context()
        let serial = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        try db.save(Device(serial: serial, name: "Phone", pinned: true))
        try db.save(Device(serial: serial, name: "Phone 2", pinned: false))
        #expect(try db.load(Device.self, key: serial) == Device(serial: serial, name: "Phone 2", pinned: false))
        #expect(
            try db.query(sql: "SELECT serial FROM device").first?.first?.textValue
                == "e621e1f8-c36c-495a-93fc-0c247a3e6e5f")
        #expect(try db.fetch(Device.self, where: { $0.pinned == false }).map(\.name) == ["Phone 2"])
        #expect(try db.delete(Device(serial: serial, name: "", pinned: false)))
    }

    @Test func predicatesOrdersAndProjectionsNameColumnsByKeyPath() throws {
        let db = try context()
        for (title, body, stars) in [
            ("Jo'anne", "100% _sure_", 4.5), ("Ada", nil, 5), ("Grace", "Navy", 3), ("jason", nil, 1),
        ] {
            try db.save(Note(title: title, body: body, stars: stars))
        }
        #expect(try db.fetch(Note.self, where: { $0.body == nil }).map(\.title) == ["Ada", "jason"])
        #expect(try db.fetch(Note.self, where: { $0.body.contains("% _") }).map(\.title) == ["Jo'anne"])
        #expect(try db.fetch(Note.self, where: { $0.title == "Jo'anne" && $0.stars > 4 }).map(\.id) == [1])
        #expect(
            try db.fetch(
                Note.self, where: { $0.status == .open && $0.stars >= 3 }, orderBy: { $0.stars.descending }, limit: 2
            )
            .map(\.title) == ["Ada", "Jo'anne"])
        #expect(
            try db.fetch(Note.self, orderBy: { $0.title.ascending }, limit: 2, offset: 1).map(\.title) == [
                "Grace", "Jo'anne",
            ])
        #expect(try db.fetchOne(Note.self, where: { $0.title.hasPrefix("G") })?.body == "Navy")
        #expect(try db.fetchCount(Note.self, where: { $0.id.in([1, 2, 99]) }) == 2)
        let listing = try db.select(
            from: Note.self, \.id, \.title, \.status, where: { $0.stars < 5 }, orderBy: { $0.title.descending })
        #expect(listing.map(\.0) == [4, 1, 3] && listing.map(\.1) == ["jason", "Jo'anne", "Grace"])
        #expect(listing.map(\.2) == [.open, .open, .open])
        #expect(try db.delete(Note.self, where: { $0.stars <= 3 }) == 2)
        #expect(try db.fetch(Note.self).map(\.title) == ["Jo'anne", "Ada"])
    }

    @Test func mismatchesNameThePropertyAndTheTable() throws {
        struct Stray: SQLCodableRecord {
            static let tableName = "notes"
            var id: Int?
            var title: String
            var nickname: String
        }
        struct Missing: SQLCodableRecord {
            static let tableName = "nowhere"
            var id: Int
        }
        struct TooFew: SQLCodableRecord {
            static let tableName = "notes"
            var id: Int?
            var title: String
        }
        struct WrongType: SQLCodableRecord {
            static let tableName = "notes"
            var id: Int?
            var title: Int
        }
        let db = try context()
        #expect(throws: SQLError(code: .mismatch, message: "Stray.nickname has no column in table \"notes\"")) {
            try db.fetch(Stray.self)
        }
        #expect(throws: SQLError(code: .error, message: "table \"nowhere\" of Missing does not exist")) {
            try db.load(Missing.self, key: 1)
        }
        #expect(
            throws: SQLError(
                code: .mismatch,
                message:
                    "column \"status\" of table \"notes\" is NOT NULL without a default, and TooFew has no property for it"
            )
        ) { try db.save(TooFew(title: "x")) }
        // Reading needs no more than the columns the type has.
        #expect(try db.fetch(TooFew.self).isEmpty)
        try db.save(Note(title: "text"))
        #expect(
            throws: SQLError(
                code: .mismatch,
                message: "WrongType.title (Int) cannot read column \"title\" of table \"notes\": it holds TEXT 'text'")
        ) {
            try db.fetch(WrongType.self)
        }
        // Text that is not a date: the property, the column and the table are named.
        struct TitleAsDate: SQLCodableRecord {
            static let tableName = "notes"
            var id: Int?
            var title: Date
        }
        #expect(
            throws: SQLError(
                code: .mismatch,
                message:
                    "TitleAsDate.title (Date) cannot read column \"title\" of table \"notes\": it holds TEXT 'text'")
        ) {
            try db.fetch(TitleAsDate.self)
        }
        // A key path that is not a stored property with a column of its own.
        #expect(
            throws: SQLError(
                code: .misuse,
                message: "a key path to a computed property of Note (String) has no column in table \"notes\"")
        ) {
            try db.fetch(Note.self, where: { $0.shout == "TEXT" })
        }
    }
}

/// Codable records on a pool, sync and async.
@Suite struct CodableRecordPoolTests {
    /// The synchronous calls (in an async function Swift would pick the async overloads).
    private func createAndSave(_ pool: SQLPool) throws -> [Int?] {
        try pool.write { context in
            try context.exec(
                sql: """
                    CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT NOT NULL, body TEXT, status TEXT NOT NULL,
                                        created TEXT NOT NULL, tags TEXT NOT NULL, stars REAL NOT NULL)
                    """)
        }
        try pool.save(Note(title: "sync", body: "100%", stars: 3))
        return try pool.fetch(Note.self).map(\.id)
    }

    @Test func poolsSaveAndFetchOffTheCallersTask() async throws {
        let directory = TemporaryDirectory()
        let pool = try SQLPool(path: directory.path("notes.sqlite"))
        defer { pool.close() }
        #expect(try createAndSave(pool) == [1])
        let second = try await pool.save(Note(title: "async", stars: 2))
        #expect(second.id == 2)
        #expect(try await pool.load(Note.self, key: 2)?.title == "async")
        let minimum = 2.5
        #expect(try await pool.fetch(Note.self, where: { $0.stars > minimum }).map(\.title) == ["sync"])
        #expect(try await pool.fetchCount(Note.self, where: { $0.body.like("100\\%") }) == 1)
        #expect(try await pool.delete(second))
        #expect(try await pool.fetch(Note.self).map(\.id) == [1])
    }
}
