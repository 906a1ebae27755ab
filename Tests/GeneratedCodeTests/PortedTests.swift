import Foundation
import SlateCSQLite
import SlateRecords
import SlateTestSupport
import Testing

/// Values other people's applications wrote (`Tests/Fixtures/Schemas/ported.sql`, with
/// `Configurations/ported.json`): each reads exactly or throws an error naming its table
/// and column, on every path; nothing is written that cannot be read back.
@Suite struct PortedTests {
    private func database() throws -> Ported { try Ported.inMemory() }

    private func exec(_ db: Ported, _ sql: String) throws {
        try db.pool.write { context in try context.exec(sql: sql) }
    }

    // MARK: Declared types

    @Test func declaredTypesWithNumericAffinityAreNotNumbers() throws {
        let db = try database()
        defer { db.close() }
        try exec(
            db,
            """
            INSERT INTO place (id, name, address, payload, digest, meta, shape, opens, rating) VALUES
              (1, 'Googleplex', '1600 Amphitheatre Pkwy', X'CAFE', X'00FF', '{"a": 1}', X'0101', '09:30', 4.5),
              (2, '007', '1600', 'text', 'ab', '[1]', 'POINT(1 2)', '10:00', '4.5');
            """)
        let places = try db.places.fetch(orderBy: { $0.id.ascending })
        // STRING keeps its text; SQLite's NUMERIC affinity turns '007' into 7, and the
        // String reads that number's text: exact, not silently 0.
        #expect(places.map(\.name) == ["Googleplex", "7"])
        // An unknown type holds whatever it was given, in its own storage class.
        #expect(places.map(\.address) == [.text("1600 Amphitheatre Pkwy"), .integer(1600)])
        #expect(places.map(\.shape) == [.blob([1, 1]), .text("POINT(1 2)")])
        // BYTEA and BINARY are bytes (text reads as its UTF-8 bytes); JSON and TIME are text.
        #expect(places.map(\.payload) == [[0xCA, 0xFE], Array("text".utf8)])
        #expect(places.map(\.digest) == [[0x00, 0xFF], Array("ab".utf8)])
        #expect(places.map(\.meta) == [#"{"a": 1}"#, "[1]"])
        #expect(places.map(\.opens) == ["09:30", "10:00"])
        #expect(places.map(\.rating) == [4.5, 4.5])

        // And what is inserted through the API comes back as stored.
        let inserted = try db.insert(Place(name: "x", address: .text("12"), shape: .text("s")))
        #expect(inserted.address == .integer(12))
        #expect(try db.places.find(inserted.id) == inserted)
    }

    // MARK: Values that do not fit

    @Test func wrongStorageClassesThrowNamingTableAndColumn() throws {
        let db = try database()
        defer { db.close() }
        try exec(db, "INSERT INTO place (id, name, population) VALUES (1, 'a', 'many')")
        expectSQLError(.mismatch, "column place.population holds TEXT 'many', which Int cannot hold exactly") {
            _ = try db.places.fetch()
        }
        try exec(db, "UPDATE place SET population = 2.5")
        expectSQLError(.mismatch, "column place.population holds REAL 2.5, which Int cannot hold exactly") {
            _ = try db.places.find(1)
        }
        // A real with an integral value is that integer.
        try exec(db, "UPDATE place SET population = CAST(3 AS REAL)")
        try exec(db, "UPDATE place SET area = 'wide', population = NULL")
        expectSQLError(.mismatch, "column place.area holds TEXT 'wide', which Double cannot hold exactly") {
            _ = try db.places.fetch()
        }
        try exec(db, "UPDATE place SET area = 10, is_open = X'01'")
        expectSQLError(.mismatch, "column place.is_open holds a BLOB of 1 byte, which Bool cannot hold exactly") {
            _ = try db.places.fetch()
        }
        try exec(db, "UPDATE place SET is_open = 'yes'")
        expectSQLError(.mismatch, "column place.is_open holds TEXT 'yes', which Bool cannot hold exactly") {
            _ = try db.places.fetch(where: { $0.id == 1 })
        }
        try exec(db, "UPDATE place SET is_open = 1, payload = 12")
        expectSQLError(.mismatch, "column place.payload holds INTEGER 12, which [UInt8] cannot hold exactly") {
            _ = try db.places.fetch()
        }
        try exec(db, "UPDATE place SET payload = NULL")
        let place = try #require(try db.places.find(1))
        #expect(place.area == 10 && place.isOpen == true && place.population == nil)
    }

    @Test func theAttachedStyleAndCodableRecordsThrowTheSame() throws {
        let scratch = TemporaryDirectory()
        let path = scratch.path("ported.sqlite")
        let db = try Ported.bootstrap(at: path)
        try exec(db, "INSERT INTO place (id, name, population) VALUES (1, 'a', 'many')")
        db.close()

        // The type-attached functions, on a raw handle.
        var handle: OpaquePointer?
        #expect(sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY, nil) == SQLITE_OK)
        defer { sqlite3_close_v2(handle) }
        expectSQLError(.mismatch, "column place.population holds TEXT 'many', which Int cannot hold exactly") {
            _ = try Place.fetch(in: handle!)
        }

        // A hand-written Codable record over the same table.
        struct PlaceRow: SQLCodableRecord {
            static let tableName = "place"
            var id: Int?
            var name: String
            var population: Int?
        }
        let context = try SQLContext(path: path)
        defer { context.close() }
        expectSQLError(
            .mismatch,
            #"PlaceRow.population (Int) cannot read column "population" of table "place": it holds TEXT 'many'"#
        ) {
            _ = try context.fetch(PlaceRow.self)
        }
        expectSQLError(
            .mismatch,
            #"PlaceRow.population (Int) cannot read column "population" of table "place": it holds TEXT 'many'"#
        ) {
            _ = try context.load(PlaceRow.self, key: 1)
        }
        // And the connection layer's typed getters.
        let statement = try context.prepare(sql: "SELECT population, name FROM place")
        defer { statement.close() }
        #expect(try statement.next())
        expectSQLError(.mismatch, #"column 0 ("place"."population") holds TEXT 'many', which Int cannot hold exactly"#)
        {
            _ = try statement.get(0, as: Int.self)
        }
        expectSQLError(
            .mismatch, #"column 0 ("place"."population") holds TEXT 'many', which Double cannot hold exactly"#
        ) {
            _ = try statement.get(0, as: Double?.self)
        }
        #expect(try statement.get(1, as: String.self) == "a")
    }

    @Test func nullForAPropertyThatIsNotOptionalThrows() throws {
        let db = try database()
        defer { db.close() }
        // A row whose title is NULL, decoded as a film (as a view whose analysis was wrong
        // would be): an error, not "".
        try db.pool.read { context in
            let statement = try context.prepare(sql: "SELECT 1, NULL, '2020-01-01'")
            defer { statement.close() }
            #expect(try statement.next())
            expectSQLError(.mismatch, "column film.title holds NULL, and its property (String) is not optional") {
                _ = try Film(sqliteStatement: statement.liveHandle(), offset: 0)
            }
        }
    }

    // MARK: Dates

    @Test func coreDataTimestampsAreSecondsSince2001() throws {
        let db = try database()
        defer { db.close() }
        try exec(
            db,
            "INSERT INTO ZEVENT (Z_PK, ZCREATIONDATE, ZTITLE) VALUES (1, 694224000.0, 'new year'), (2, '2023-01-01 00:00:00', 'text')"
        )
        let newYear = Date(timeIntervalSince1970: 1_672_531_200) // 2023-01-01 00:00:00 UTC
        #expect(try db.zevents.fetch(orderBy: { $0.id.ascending }).map(\.zcreationdate) == [newYear, newYear])

        // Written as Core Data writes them, and compared the same way in predicates.
        try exec(db, "DELETE FROM ZEVENT WHERE Z_PK = 2")
        let event = try db.insert(Zevent(zPk: 3, zcreationdate: newYear.addingTimeInterval(0.5), ztitle: "later"))
        #expect(
            try db.pool.read { try $0.query(sql: "SELECT ZCREATIONDATE FROM ZEVENT WHERE Z_PK = 3") } == [
                [.float(694_224_000.5)]
            ])
        #expect(try db.zevents.fetch(where: { $0.zcreationdate > newYear }) == [event])
        // Projections and aggregates read the column's epoch too.
        let selected = try db.zevents.select(\.zcreationdate, \.zPk, orderBy: { $0.id.ascending })
        #expect(selected.map(\.0) == [newYear, event.zcreationdate])
        #expect(try db.zevents.max(\.zcreationdate) == event.zcreationdate)
        #expect(try db.zevents.min(\.zcreationdate) == newYear)
    }

    /// Three Core Data events: two dates, stored as seconds since 2001, and a NULL.
    private func coreDataEvents() throws -> (Ported, expected: [Date?]) {
        let db = try database()
        let newYear = Date(timeIntervalSince1970: 1_672_531_200) // 2023-01-01 00:00:00 UTC
        try exec(
            db,
            "INSERT INTO ZEVENT (Z_PK, ZCREATIONDATE, ZTITLE) VALUES (1, 694224000.0, 'a'), (2, 694224000.5, 'b'), (3, NULL, 'c')"
        )
        return (db, [newYear, newYear.addingTimeInterval(0.5), nil])
    }

    @Test func walksReadCoreDataTimestampsFromTheirEpoch() throws {
        let (db, expected) = try coreDataEvents()
        defer { db.close() }

        // One column, on the database and in a transaction.
        var one: [Date?] = []
        try db.zevents.forEach(selecting: \.zcreationdate, orderBy: { $0.id.ascending }) { one.append($0) }
        #expect(one == expected)
        let inTransaction = try db.readTransaction { tx in
            var dates: [Date?] = []
            try tx.zevents.forEach(selecting: \.zcreationdate, orderBy: { $0.id.ascending }) { dates.append($0) }
            return dates
        }
        #expect(inTransaction == expected)

        // Several columns: only the date column reads from 2001, the others as themselves.
        var pairs: [String] = []
        try db.zevents.forEach(selecting: \.zPk, \.zcreationdate, \.ztitle, orderBy: { $0.id.ascending }) {
            id, date, title in
            pairs.append("\(id) \(date?.timeIntervalSince1970.description ?? "nil") \(title ?? "nil")")
        }
        #expect(pairs == ["1 1672531200.0 a", "2 1672531200.5 b", "3 nil c"])

    }

    @Test func asyncWalksReadCoreDataTimestampsFromTheirEpoch() async throws {
        let (db, expected) = try coreDataEvents()
        defer { db.close() }
        let gathered = Locked<[Date?]>([])
        try await db.zevents.forEach(selecting: \.zcreationdate, orderBy: { $0.id.ascending }) { date in
            gathered.withValue { $0.append(date) }
        }
        #expect(gathered.current == expected)
        let gatheredPairs = Locked<[Date?]>([])
        try await db.zevents.forEach(selecting: \.zcreationdate, \.ztitle, orderBy: { $0.id.ascending }) { date, _ in
            gatheredPairs.withValue { $0.append(date) }
        }
        #expect(gatheredPairs.current == expected)
    }

    /// Query files follow `dateColumns` through aggregates and views: `max(stamp)` is a
    /// `Date` of whole unix seconds, and a date compared with a view's column is bound as
    /// the table column it shows stores it.
    @Test func queryFilesReadAndBindDatesAsTheirColumnsStoreThem() throws {
        let db = try database()
        defer { db.close() }
        #expect(try db.latestStamp() == LatestStampRow(newest: nil, oldest: nil))
        try exec(
            db,
            "INSERT INTO legacy_post (id, title, stamp) VALUES (1, 'a', 1700000000), (2, 'b', 1700000100), (3, 'c', NULL)"
        )
        let row = try #require(try db.latestStamp())
        #expect(row.newest == Date(timeIntervalSince1970: 1_700_000_100))
        #expect(row.oldest == Date(timeIntervalSince1970: 1_700_000_000))
        let after = try db.stampedSince(since: Date(timeIntervalSince1970: 1_700_000_050))
        #expect(after.map(\.id) == [2])
        #expect(after.map(\.stamped) == [Date(timeIntervalSince1970: 1_700_000_100)])
        #expect(try db.stampedSince(since: Date(timeIntervalSince1970: 1_700_000_000)).map(\.id) == [1, 2])
        // Compared, never stored, a date keeps its fraction: as the typed predicate does,
        // `stamped >= since` leaves out the row that reads as before it.
        let fractional = Date(timeIntervalSince1970: 1_700_000_000.5)
        #expect(try db.stampedSince(since: fractional).map(\.id) == [2])
        #expect(try db.legacyPosts.fetch(where: { $0.stamp >= fractional }).map(\.id) == [2])
        // The view's record reads the same storage.
        #expect(
            try db.stampedPosts.fetch(orderBy: { $0.id.ascending }).map(\.stamped) == [
                Date(timeIntervalSince1970: 1_700_000_000), Date(timeIntervalSince1970: 1_700_000_100), nil,
            ])
    }

    @Test func aDateColumnChosenByNameStoresItsOwnWay() throws {
        let db = try database()
        defer { db.close() }
        let post = try db.insert(LegacyPost(title: "a", stamp: Date(timeIntervalSince1970: 1_700_000_000.9)))
        #expect(post.stamp == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(
            try db.pool.read { try $0.query(sql: "SELECT typeof(stamp), stamp FROM legacy_post") } == [
                [.text("integer"), .integer(1_700_000_000)]
            ])
        #expect(try db.legacyPosts.find(post.id) == post)
    }

    @Test func zeroDatesReadAsNilWhenConfigured() throws {
        let db = try database()
        defer { db.close() }
        // The MySQL-style default, as a port leaves it.
        try exec(db, "INSERT INTO legacy_post (id, title) VALUES (1, 'a')")
        try exec(db, "INSERT INTO legacy_post (id, title, published_at) VALUES (2, 'b', '2020-05-06 07:08:09')")
        #expect(
            try db.legacyPosts.fetch(orderBy: { $0.id.ascending }).map(\.publishedAt) == [
                nil, Date(timeIntervalSince1970: 1_588_748_889),
            ])
        // A blob is not text that failed to parse: it still throws.
        try exec(db, "UPDATE legacy_post SET published_at = X'00' WHERE id = 1")
        expectSQLError(
            .mismatch, "column legacy_post.published_at holds a BLOB of 1 byte, which Date cannot hold exactly"
        ) {
            _ = try db.legacyPosts.fetch()
        }
        // A column that cannot be nil still throws on text that is not a date.
        try exec(db, "INSERT INTO film (film_id, title) VALUES (1, 'a')")
        try exec(db, "UPDATE film SET last_update = '0000-00-00 00:00:00'")
        expectSQLError(.mismatch, "column film.last_update holds TEXT '0000-00-00 00:00:00', which is not a date") {
            _ = try db.films.fetch()
        }
    }

    @Test func datesNoStorageCanHoldAreRefusedOnEveryWritePath() throws {
        let db = try database()
        defer { db.close() }
        let year10000 = Date(timeIntervalSince1970: 253_402_300_800) // 10000-01-01
        expectSQLError(
            .mismatch,
            "cannot store a date in column legacy_post.published_at: 253402300800.0 seconds since 1970 is outside the years 0000 to 9999 that date text holds"
        ) {
            _ = try db.insert(LegacyPost(title: "far", publishedAt: year10000))
        }
        expectSQLError(
            .mismatch,
            "cannot store a date in column legacy_post.published_at: -62167219201.0 seconds since 1970 is outside the years 0000 to 9999 that date text holds"
        ) {
            _ = try db.insert(LegacyPost(title: "far", publishedAt: Date(timeIntervalSince1970: -62_167_219_201)))
        }
        expectSQLError(
            .mismatch, "cannot store a date in column legacy_post.stamp: a date of nan seconds cannot be stored"
        ) {
            _ = try db.insert(LegacyPost(title: "nan", stamp: Date(timeIntervalSince1970: .nan)))
        }
        expectSQLError(
            .mismatch, "cannot store a date in column ZEVENT.ZCREATIONDATE: a date of inf seconds cannot be stored"
        ) {
            _ = try db.insert(Zevent(zcreationdate: Date(timeIntervalSince1970: .infinity)))
        }
        var post = try db.insert(LegacyPost(title: "ok", publishedAt: Date(timeIntervalSince1970: 0)))
        post.publishedAt = year10000
        expectSQLError(
            .mismatch,
            "cannot store a date in column legacy_post.published_at: 253402300800.0 seconds since 1970 is outside the years 0000 to 9999 that date text holds"
        ) {
            _ = try db.update(post)
        }
        expectSQLError(
            .mismatch,
            #"cannot store a date in column legacy_post."published_at": 253402300800.0 seconds since 1970 is outside the years 0000 to 9999 that date text holds"#
        ) {
            _ = try db.legacyPosts.update(set: \.publishedAt, to: year10000)
        }
        // A Codable record and a statement's own binding refuse it too.
        struct PostRow: SQLCodableRecord {
            static let tableName = "legacy_post"
            var id: Int?
            var title: String
            var published_at: Date?
        }
        try db.pool.write { context in
            expectSQLError(
                .mismatch,
                #"cannot store a date in column "published_at" of table "legacy_post": 253402300800.0 seconds since 1970 is outside the years 0000 to 9999 that date text holds"#
            ) {
                try context.save(PostRow(title: "far", published_at: year10000))
            }
            expectSQLError(
                .mismatch,
                "cannot store a date in parameter 1: 253402300800.0 seconds since 1970 is outside the years 0000 to 9999 that date text holds"
            ) {
                try context.exec(sql: "UPDATE legacy_post SET published_at = ?", year10000)
            }
        }
        // Nothing was written; every row still reads.
        #expect(try db.legacyPosts.fetch() == [post.with { $0.publishedAt = Date(timeIntervalSince1970: 0) }])
        // The edges of the range are kept.
        let first = try db.insert(LegacyPost(title: "first", publishedAt: Date(timeIntervalSince1970: -62_167_219_200)))
        let last = try db.insert(
            LegacyPost(title: "last", publishedAt: Date(timeIntervalSince1970: 253_402_300_799.999)))
        #expect(try db.legacyPosts.find(first.id) == first)
        #expect(try db.legacyPosts.find(last.id) == last)
    }

    // MARK: Inserts return the row as stored

    @Test func anAfterInsertTriggersRewriteIsWhatInsertReturns() throws {
        let db = try database()
        defer { db.close() }
        let film = try db.insert(Film(title: "Alien", lastUpdate: Date(timeIntervalSince1970: 0)))
        #expect(film.lastUpdate == Date(timeIntervalSince1970: 981_173_106)) // 2001-02-03 04:05:06
        #expect(try db.films.find(film.id) == film)
        // The same in a transaction, and with the key given.
        let second = try db.transaction { tx in try tx.insert(Film(filmId: 10, title: "Heat", lastUpdate: Date())) }
        #expect(second.filmId == 10 && second.lastUpdate == film.lastUpdate)
    }

    @Test func anRTreeIsKeyedByItsIdAndReturnsItsRoundedCoordinates() throws {
        let db = try database()
        defer { db.close() }
        let box = try db.insert(Box(minX: 1.1, maxX: 2.2, minY: -1, maxY: 1))
        #expect(box.id == 1)
        // 32-bit coordinates, rounded outwards: what a fetch returns, not what was given.
        #expect(box.minX == Double(Float(1.1).nextDown) && box.maxX == Double(Float(2.2)))
        #expect(try db.boxes.find(1) == box)
        var moved = box
        moved.maxY = 5
        #expect(try db.update(moved))
        #expect(try db.boxes.find(1)?.maxY == 5)
        #expect(try db.boxes.fetch(where: { $0.minX < 2 }).map(\.id) == [1])
        #expect(try db.delete(moved))
        #expect(try db.boxes.fetchCount() == 0)
    }

    @Test func aFullTextTableReturnsTheRowAsStored() throws {
        let db = try database()
        defer { db.close() }
        let note = try db.insert(NoteSearch(title: .text("Slate"), body: .integer(42)))
        #expect(note == NoteSearch(title: .text("Slate"), body: .integer(42)))
        #expect(try db.noteSearches.fetch() == [note])
    }
    // MARK: From the review

    @Test func anInsertThatStoresNothingThrowsInsteadOfReturningAnotherRow() throws {
        let db = try database()
        defer { db.close() }
        let good = try db.insert(Guarded(name: "good"))
        expectSQLError(.constraint, "the row was not inserted: a conflict clause or a trigger ignored it") {
            _ = try db.insert(Guarded(name: "spam"))
        }
        _ = try db.insert(Keyword(label: "a"))
        _ = try db.insert(Keyword(label: "b"))
        // The insert is INSERT OR ABORT: the column's ON CONFLICT IGNORE cannot skip it.
        expectSQLError(.constraintUnique, "UNIQUE constraint failed: keyword.label") {
            _ = try db.insert(Keyword(label: "a"))
        }
        #expect(try db.guarded.fetch() == [good])
        #expect(try db.keywords.fetchCount() == 2)
    }

    @Test func textThatNumericAffinityTurnsIntoANumberIsReturnedAsStored() throws {
        let db = try database()
        defer { db.close() }
        let place = try db.insert(Place(name: "02134", address: .null, shape: .null))
        #expect(place.name == "2134")
        #expect(try db.places.find(place.id) == place)
    }

    @Test func predicatesWithDatesNoStorageHoldsDoNotTrap() throws {
        let db = try database()
        defer { db.close() }
        _ = try db.insert(LegacyPost(title: "a", stamp: Date(timeIntervalSince1970: 10)))
        #expect(try db.legacyPosts.fetch(where: { $0.stamp < Date(timeIntervalSince1970: .infinity) }).count == 1)
        #expect(try db.legacyPosts.fetch(where: { $0.stamp > Date(timeIntervalSince1970: -1e19) }).count == 1)
    }

}

extension LegacyPost {
    fileprivate func with(_ change: (inout LegacyPost) -> Void) -> LegacyPost {
        var copy = self
        change(&copy)
        return copy
    }
}
