import Foundation
import SlateRecords
import SlateTestSupport
import Testing

// Dates as other applications write them (Tests/Fixtures/Schemas/other-apps.sql, storages in
// Configurations/other-apps.json): each test writes rows with plain SQL the way the
// application does, reads them through the generated API and compares exactly, then
// writes through the API and compares the stored bytes with what the application's SQL
// stores (`quote(col)`).

@Suite struct OtherAppsDateTests {
    private func exec(_ db: OtherApps, _ sql: String) throws {
        try db.pool.write { context in try context.exec(sql: sql) }
    }

    private func query(_ db: OtherApps, _ sql: String) throws -> [[SQLValue]] {
        try db.pool.read { context in try context.query(sql: sql) }
    }

    /// 2023-07-01 06:00:00 UTC, Julian day 2460126.75.
    private let julyFirst = Date(timeIntervalSince1970: 1_688_191_200)
    /// 2023-07-02 12:34:56.789 UTC.
    private let julySecond = Date(timeIntervalSince1970: 1_688_301_296.789)
    /// 2023-10-06 20:51:05.526 UTC: 1696625465526 milliseconds since 1970.
    private let prismaTime = Date(timeIntervalSince1970: 1_696_625_465.526)
    /// 2024-01-31 08:32:54.123 UTC.
    private let geoTime = Date(timeIntervalSince1970: 1_706_689_974.123)

    // MARK: Fossil: Julian days

    // Fossil writes julianday() into DATETIME columns: mtime is configured as "julianDay",
    // omtime keeps the text storage, which reads a bare number as datetime(x, 'auto').
    @Test func fossilsJulianDaysReadAsSQLitesDateFunctionsReadThem() throws {
        let db = try OtherApps.inMemory()
        defer { db.close() }
        try exec(
            db,
            """
            INSERT INTO event (type, mtime, objid, user, comment, omtime) VALUES
              ('ci', julianday('2023-07-01 06:00:00'), 1, 'drh', 'first check-in', julianday('2023-07-01 06:00:00')),
              ('w', julianday('2023-07-02 12:34:56.789'), 2, 'drh', 'wiki edit', julianday('2023-07-02 12:34:56.789')),
              ('e', julianday('2023-07-02 12:34:56.789'), 3, 'drh', 'event', '2023-07-02 12:34:56.789');
            """)
        let events = try db.events.fetch(orderBy: { $0.objid.ascending })
        #expect(events.map(\.mtime) == [julyFirst, julySecond, julySecond])
        #expect(events.map(\.omtime) == [julyFirst, julySecond, julySecond])
        // SQLite's own reading of the same values agrees.
        #expect(
            try query(db, "SELECT datetime(mtime), datetime(omtime, 'auto') FROM event WHERE objid = 1") == [
                ["2023-07-01 06:00:00", "2023-07-01 06:00:00"]
            ])

        // Written by Slate: the same REAL, bit for bit, as julianday() of the date's text.
        try db.insert(Event(type: "ci", mtime: julySecond, objid: 4, user: "slate", omtime: julySecond))
        #expect(
            try query(
                db,
                """
                SELECT quote(mtime) = quote(julianday('2023-07-02 12:34:56.789')), typeof(mtime), quote(omtime)
                FROM event WHERE objid = 4
                """) == [[1, "real", "'2023-07-02 12:34:56.789'"]])
        #expect(try db.events.find(4)?.mtime == julySecond)

        // Predicates bind a Julian day: equality is exact with what julianday() wrote.
        #expect(
            try db.events.fetch(where: { $0.mtime == julySecond }, orderBy: { $0.objid.ascending }).map(\.objid) == [
                2, 3, 4,
            ])
        #expect(try db.events.fetch(where: { $0.mtime < julySecond }).map(\.objid) == [1])
        #expect(try db.events.fetchCount(where: { $0.mtime.between(julyFirst, and: julySecond) }) == 4)
        // Columns of two storages compare in seconds: Julian days and the text column's
        // numbers and text.
        #expect(
            try db.events.fetch(where: { $0.mtime == $0.omtime }, orderBy: { $0.objid.ascending }).map(\.objid) == [
                1, 2, 3, 4,
            ])
        #expect(try db.events.fetchCount(where: { $0.mtime + 1 > $0.omtime }) == 4)
        // Projections and aggregates read the column's storage.
        #expect(
            try db.events.select(\.objid, \.mtime, orderBy: { $0.objid.ascending }).map(\.1)
                == [Date?](arrayLiteral: julyFirst, julySecond, julySecond, julySecond))
        #expect(try db.events.max(\.mtime) == julySecond)
        #expect(try db.events.min(\.mtime) == julyFirst)

        // A bulk update writes a Julian day too.
        #expect(try db.events.update(set: \.mtime, to: julyFirst, where: { $0.objid == 3 }) == 1)
        #expect(
            try query(db, "SELECT mtime IS julianday('2023-07-01 06:00:00'), typeof(mtime) FROM event WHERE objid = 3")
                == [[1, "real"]])
    }

    // A number a storage cannot have written is refused, naming the column, the value and
    // the storage that would read it as a date; never the year 55733.
    @Test func numbersNoStorageWritesAreRefusedNamingTheColumn() throws {
        let db = try OtherApps.inMemory()
        defer { db.close() }
        try exec(
            db,
            "INSERT INTO event (objid, mtime, omtime) VALUES (1, 1688191200, NULL), (2, NULL, 1696625465526), (3, NULL, 0)"
        )
        expectSQLError(
            .mismatch,
            "column event.mtime holds INTEGER 1688191200, which as a Julian day (julianDay) is after the year 9999: no julianDay date can be stored as it; as seconds since 1970 (unixTime) it is 2023-07-01 06:00:00.000"
        ) { _ = try db.events.find(1) }
        expectSQLError(
            .mismatch,
            "column event.omtime holds INTEGER 1696625465526, which as a Julian day up to 5373484.5, else seconds since 1970 (SQLite's 'auto') (text) is after the year 9999: no text date can be stored as it; as milliseconds since 1970 (unixTimeMilliseconds) it is 2023-10-06 20:51:05.526"
        ) { _ = try db.events.find(2) }
        // 0 in a text column is the Julian day 0, in 4714 BC: no date of 0000 to 9999.
        expectSQLError(
            .mismatch,
            "column event.omtime holds INTEGER 0, which as a Julian day up to 5373484.5, else seconds since 1970 (SQLite's 'auto') (text) is before the year 0000: no text date can be stored as it; as seconds since 1970 (unixTime) it is 1970-01-01 00:00:00.000"
        ) { _ = try db.events.find(3) }
        // Projections refuse it the same way.
        #expect(throws: SQLError.self) { _ = try db.events.select(\.omtime, where: { $0.objid == 2 }) }
        // Dates outside 0000 to 9999 are refused when written, in every storage.
        let year10000 = Date(timeIntervalSince1970: 253_402_300_800)
        expectSQLError(
            .mismatch,
            "cannot store a date in column event.mtime: 253402300800.0 seconds since 1970 is outside the years 0000 to 9999 that a date column holds"
        ) {
            _ = try db.insert(Event(mtime: year10000, objid: 9))
        }
        expectSQLError(
            .mismatch,
            "cannot store a date in column Post.createdAt: 253402300800.0 seconds since 1970 is outside the years 0000 to 9999 that a date column holds"
        ) {
            _ = try db.insert(Post(title: "far", createdAt: year10000, updatedAt: prismaTime))
        }
        expectSQLError(
            .mismatch,
            "cannot store a date in column gpkg_contents.last_change: 253402300800.0 seconds since 1970 is outside the years 0000 to 9999 that date text holds"
        ) {
            _ = try db.insert(GpkgContent(tableName: "far", dataType: "features", lastChange: year10000))
        }
        #expect(try query(db, "SELECT count(*) FROM event") == [[3]])
    }

    // MARK: Prisma: milliseconds, and CURRENT_TIMESTAMP text in the same column

    @Test func prismasMillisecondsAndCurrentTimestampTextReadFromOneColumn() throws {
        let db = try OtherApps.inMemory()
        defer { db.close() }
        // Prisma's own insert, and a row that took the column's CURRENT_TIMESTAMP default
        // (its text written out, for an exact date) and one that really took it.
        try exec(
            db,
            """
            INSERT INTO "Post" ("id", "title", "createdAt", "updatedAt", "publishedAt") VALUES (1, 'by Prisma', 1696625465526, 1696625465526, NULL);
            INSERT INTO "Post" ("id", "title", "createdAt", "updatedAt") VALUES (2, 'by default', '2023-10-06 20:51:05', 1696625465526);
            INSERT INTO "Post" ("id", "title", "updatedAt") VALUES (3, 'by default now', 1696625465526);
            """)
        let posts = try db.posts.fetch(orderBy: { $0.id.ascending })
        #expect(posts[0].createdAt == prismaTime)
        #expect(posts[1].createdAt == Date(timeIntervalSince1970: 1_696_625_465))
        let now = try query(db, #"SELECT "createdAt", typeof("createdAt") FROM "Post" WHERE id = 3"#)
        guard case .text(let text) = now.first?.first else { Issue.record("CURRENT_TIMESTAMP wrote \(now)"); return }
        #expect(now.first?.last == "text")
        #expect(posts[2].createdAt == SQLDate.date(fromText: text))
        #expect(posts.map(\.updatedAt) == [prismaTime, prismaTime, prismaTime])

        // Written by Slate as Prisma writes: integer milliseconds.
        let inserted = try db.insert(
            Post(title: "by Slate", createdAt: prismaTime, updatedAt: Date(timeIntervalSince1970: 1_696_625_465.5264)))
        #expect(inserted.updatedAt == prismaTime)
        #expect(try db.posts.find(inserted.id) == inserted)
        #expect(
            try query(
                db,
                #"SELECT quote("createdAt"), quote("updatedAt"), typeof("createdAt") FROM "Post" WHERE id = \#(inserted.id)"#
            )
                == [["1696625465526", "1696625465526", "integer"]])

        // Predicates bind milliseconds; a date with a finer fraction keeps it.
        #expect(try db.posts.fetch(where: { $0.createdAt == prismaTime }).map(\.id) == [1, inserted.id])
        #expect(
            try db.posts.fetchCount(where: { $0.updatedAt >= Date(timeIntervalSince1970: 1_696_625_465.5261) }) == 0)
        #expect(try db.posts.fetchCount(where: { $0.updatedAt < Date(timeIntervalSince1970: 1_696_625_465.5261) }) == 4)
        #expect(try db.posts.max(\.updatedAt) == prismaTime)

        // Updating the title leaves the CURRENT_TIMESTAMP text as it was; a changed date is
        // written as milliseconds.
        var post = posts[1]
        post.title = "edited"
        post.updatedAt = Date(timeIntervalSince1970: 1_700_000_000.25)
        #expect(try db.update(post))
        #expect(
            try query(db, #"SELECT quote("createdAt"), quote("updatedAt") FROM "Post" WHERE id = 2"#)
                == [["'2023-10-06 20:51:05'", "1700000000250"]])
        // A bulk update writes milliseconds.
        #expect(try db.posts.update(set: \.publishedAt, to: prismaTime, where: { $0.id == 1 }) == 1)
        #expect(try query(db, #"SELECT quote("publishedAt") FROM "Post" WHERE id = 1"#) == [["1696625465526"]])
    }

    // MARK: GeoPackage: ISO 8601 text ending in Z

    @Test func geoPackageTextIsWrittenAsItsDefaultWritesIt() throws {
        let db = try OtherApps.inMemory()
        defer { db.close() }
        try exec(
            db,
            """
            INSERT INTO gpkg_contents (table_name, data_type, last_change) VALUES
              ('roads', 'features', strftime('%Y-%m-%dT%H:%M:%fZ', '2024-01-31 08:32:54.123'));
            INSERT INTO gpkg_contents (table_name, data_type) VALUES ('now', 'tiles');
            """)
        #expect(try db.gpkgContents.find("roads")?.lastChange == geoTime)
        let now = try #require(try db.gpkgContents.find("now"))
        #expect(
            try query(db, "SELECT last_change FROM gpkg_contents WHERE table_name = 'now'") == [
                [.text(SQLDate.text(from: now.lastChange, as: .iso8601))]
            ])

        try db.insert(GpkgContent(tableName: "rivers", dataType: "features", lastChange: geoTime))
        #expect(
            try query(
                db,
                """
                SELECT last_change = strftime('%Y-%m-%dT%H:%M:%fZ', '2024-01-31 08:32:54.123'), quote(last_change)
                FROM gpkg_contents WHERE table_name = 'rivers'
                """) == [[1, "'2024-01-31T08:32:54.123Z'"]])
        // Predicates bind the same text.
        #expect(
            try db.gpkgContents.fetch(where: { $0.lastChange == geoTime }, orderBy: { $0.tableName.ascending }).map(
                \.tableName) == ["rivers", "roads"])
        let justAfter = geoTime.addingTimeInterval(0.001)
        let justBefore = geoTime.addingTimeInterval(-0.001)
        #expect(try db.gpkgContents.fetchCount(where: { $0.lastChange < justAfter && $0.lastChange > justBefore }) == 2)
        let secondLater = geoTime.addingTimeInterval(1)
        #expect(try db.gpkgContents.update(set: \.lastChange, to: secondLater, where: { $0.tableName == "now" }) == 1)
        #expect(
            try query(db, "SELECT quote(last_change) FROM gpkg_contents WHERE table_name = 'now'") == [
                ["'2024-01-31T08:32:55.123Z'"]
            ])
    }

    // MARK: Lightroom: what an update leaves untouched keeps its bytes

    @Test func lightroomsCaptureTimeKeepsItsBytesWhenOnlyTheRatingChanges() throws {
        let db = try OtherApps.inMemory()
        defer { db.close() }
        try exec(
            db,
            """
            INSERT INTO Adobe_images (id_local, id_global, captureTime, fileFormat, pick, rating, touchTime) VALUES
              (1, 'A1B2', '2019-06-01T12:34:56.78', 'RAW', 0, NULL, 581085296.78),
              (2, 'C3D4', '2019-06-01T12:34:56', 'JPG', 1, 3, 0);
            """)
        let everyColumn =
            "SELECT quote(id_local), quote(id_global), quote(captureTime), quote(fileFormat), quote(pick), quote(rating), quote(touchTime) FROM Adobe_images ORDER BY id_local"
        let before = try query(db, everyColumn)
        var images = try db.adobeImages.fetch(orderBy: { $0.idLocal.ascending })
        #expect(images[0].captureTime == SQLDate.date(fromText: "2019-06-01 12:34:56.78"))
        #expect(SQLDate.text(from: try #require(images[0].captureTime)) == "2019-06-01 12:34:56.780")
        #expect(images[0].touchTime == Date(timeIntervalSince1970: 581_085_296.78 + 978_307_200))
        #expect(images[1].touchTime == Date(timeIntervalSince1970: 978_307_200))

        // Written back unchanged: every column's bytes as they were.
        #expect(try db.update(images[0]))
        #expect(try db.update(images[1]))
        #expect(try query(db, everyColumn) == before)

        // Only the rating changes.
        images[0].rating = 5
        #expect(try db.update(images[0]))
        var expected = before
        expected[0][5] = "5"
        #expect(try query(db, everyColumn) == expected)

        // A changed capture time is written in the column's storage.
        images[0].captureTime = Date(timeIntervalSince1970: 1_559_392_497)
        #expect(try db.update(images[0]))
        #expect(
            try query(db, "SELECT quote(captureTime), quote(touchTime) FROM Adobe_images WHERE id_local = 1") == [
                ["'2019-06-01 12:34:57.000'", before[0][6]]
            ])

        // Through the type-attached functions on a raw handle, too.
        images[1].pick = 0
        try db.pool.write { context in
            let handle = try #require(context.handle)
            #expect(try images[1].update(in: handle))
        }
        #expect(try query(db, everyColumn)[1] == ["2", "'C3D4'", "'2019-06-01T12:34:56'", "'JPG'", "0", "3", "0"])
    }

    // MARK: CURRENT_TIMESTAMP's whole seconds, and ISO 8601 in whole seconds

    @Test func wholeSecondTextIsWrittenAsSQLiteAndJSONEncoderWriteIt() throws {
        let db = try OtherApps.inMemory()
        defer { db.close() }
        let moment = Date(timeIntervalSince1970: 1_706_689_974.9)
        let second = Date(timeIntervalSince1970: 1_706_689_974)
        let log = try db.insert(SyncLog(id: 1, loggedAt: moment, syncedAt: moment))
        #expect(log.loggedAt == second && log.syncedAt == second)
        #expect(try db.syncLogs.find(1) == log)
        #expect(
            try query(
                db,
                """
                SELECT logged_at = datetime(1706689974.9, 'unixepoch'), quote(logged_at),
                       synced_at = strftime('%Y-%m-%dT%H:%M:%SZ', 1706689974.9, 'unixepoch'), quote(synced_at)
                FROM sync_log
                """) == [[1, "'2024-01-31 08:32:54'", 1, "'2024-01-31T08:32:54Z'"]])
        // Comparisons with a date inside that second are exact: the row is before it.
        #expect(try db.syncLogs.fetchCount(where: { $0.loggedAt == second && $0.syncedAt == second }) == 1)
        #expect(try db.syncLogs.fetchCount(where: { $0.loggedAt == moment }) == 0)
        #expect(try db.syncLogs.fetchCount(where: { $0.syncedAt == moment }) == 0)
        #expect(try db.syncLogs.fetchCount(where: { $0.loggedAt < moment && $0.syncedAt < moment }) == 1)
        #expect(try db.syncLogs.fetchCount(where: { $0.loggedAt >= moment }) == 0)
        #expect(try db.syncLogs.fetchCount(where: { $0.syncedAt >= moment }) == 0)
        #expect(try db.syncLogs.fetchCount(where: { $0.syncedAt > second - 1 && $0.syncedAt <= second }) == 1)
        // The two text forms compare with each other as dates.
        #expect(try db.syncLogs.fetchCount(where: { $0.loggedAt == $0.syncedAt }) == 1)
    }
}
