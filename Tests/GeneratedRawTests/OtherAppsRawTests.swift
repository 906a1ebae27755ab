import Foundation
import SlateCSQLite
import Testing

/// The other applications' schema (`Tests/Fixtures/Schemas/other-apps.sql`) in raw mode:
/// the same readings, refusals and stored bytes as through the API
/// (`OtherAppsDateTests`), from the file's own copy of the helpers.
@Suite struct OtherAppsRawTests {
    final class Scratch {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "slate-other-apps-\(UUID().uuidString).sqlite"
        ).path
        deinit {
            for suffix in ["", "-journal", "-wal", "-shm"] {
                try? FileManager.default.removeItem(atPath: path + suffix)
            }
        }
    }

    private func exec(_ db: OpaquePointer, _ sql: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK, "\(String(cString: sqlite3_errmsg(db)))",
            sourceLocation: sourceLocation)
    }

    /// Every row of `sql`, each column as SQLite's text of it (NULL as "NULL").
    private func rows(_ db: OpaquePointer, _ sql: String) -> [[String]] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else {
            return [["error: \(String(cString: sqlite3_errmsg(db)))"]]
        }
        defer { sqlite3_finalize(statement) }
        var result: [[String]] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            result.append(
                (0..<sqlite3_column_count(statement)).map { index in
                    sqlite3_column_text(statement, index).map { String(cString: $0) } ?? "NULL"
                })
        }
        return result
    }

    private func expectError(
        _ message: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
    ) {
        do {
            try body()
            Issue.record("expected \(message), but nothing was thrown", sourceLocation: sourceLocation)
        } catch let error as OtherApps.SQLError {
            #expect(error.code == SQLITE_MISMATCH, sourceLocation: sourceLocation)
            #expect(error.message == message, sourceLocation: sourceLocation)
        } catch {
            Issue.record("unexpected \(error)", sourceLocation: sourceLocation)
        }
    }

    private let julyFirst = Date(timeIntervalSince1970: 1_688_191_200)
    private let julySecond = Date(timeIntervalSince1970: 1_688_301_296.789)
    private let prismaTime = Date(timeIntervalSince1970: 1_696_625_465.526)

    @Test func fossilsJulianDaysReadAndAreWrittenAsJuliandayWritesThem() throws {
        let scratch = Scratch()
        let db = try other_create_other_apps(scratch.path)
        defer { sqlite3_close_v2(db) }
        exec(
            db,
            """
            INSERT INTO event (type, mtime, objid, omtime) VALUES
              ('ci', julianday('2023-07-01 06:00:00'), 1, julianday('2023-07-01 06:00:00')),
              ('w', julianday('2023-07-02 12:34:56.789'), 2, '2023-07-02 12:34:56.789');
            """)
        let events = try other_events_fetch(db)
        #expect(events.map(\.mtime) == [julyFirst, julySecond])
        #expect(events.map(\.omtime) == [julyFirst, julySecond])

        var event = OtherApps.Event(type: "ci", mtime: julySecond, objid: 3, omtime: julySecond)
        try other_event_insert(db, &event)
        #expect(
            rows(
                db,
                "SELECT quote(mtime) = quote(julianday('2023-07-02 12:34:56.789')), typeof(mtime), quote(omtime) FROM event WHERE objid = 3"
            )
                == [["1", "real", "'2023-07-02 12:34:56.789'"]])
        #expect(try other_event_find(db, 3) == event)

        exec(db, "UPDATE event SET mtime = 1688191200 WHERE objid = 1")
        expectError(
            "column event.mtime holds INTEGER 1688191200, which as a Julian day (julianDay) is after the year 9999: no julianDay date can be stored as it; as seconds since 1970 (unixTime) it is 2023-07-01 06:00:00.000"
        ) { _ = try other_event_find(db, 1) }
        exec(db, "UPDATE event SET mtime = NULL, omtime = 1696625465526 WHERE objid = 1")
        expectError(
            "column event.omtime holds INTEGER 1696625465526, which as a Julian day up to 5373484.5, else seconds since 1970 (SQLite's 'auto') (text) is after the year 9999: no text date can be stored as it; as milliseconds since 1970 (unixTimeMilliseconds) it is 2023-10-06 20:51:05.526"
        ) { _ = try other_event_find(db, 1) }
        var far = OtherApps.Event(mtime: Date(timeIntervalSince1970: 253_402_300_800), objid: 9)
        expectError(
            "cannot store a date in column event.mtime: 253402300800.0 seconds since 1970 is outside the years 0000 to 9999 that a date column holds"
        ) {
            try other_event_insert(db, &far)
        }
    }

    @Test func prismasMillisecondsBesideCurrentTimestampText() throws {
        let scratch = Scratch()
        let db = try other_create_other_apps(scratch.path)
        defer { sqlite3_close_v2(db) }
        exec(
            db,
            """
            INSERT INTO "Post" ("id", "title", "createdAt", "updatedAt") VALUES
              (1, 'by Prisma', 1696625465526, 1696625465526), (2, 'by default', '2023-10-06 20:51:05', 1696625465526);
            """)
        let posts = try other_posts_fetch(db)
        #expect(posts.map(\.createdAt) == [prismaTime, Date(timeIntervalSince1970: 1_696_625_465)])

        var post = OtherApps.Post(title: "by Slate", createdAt: prismaTime, updatedAt: prismaTime)
        try other_post_insert(db, &post)
        #expect(
            rows(db, #"SELECT quote("createdAt"), typeof("updatedAt") FROM "Post" WHERE id = 3"#) == [
                ["1696625465526", "integer"]
            ])

        var edited = posts[1]
        edited.title = "edited"
        edited.updatedAt = Date(timeIntervalSince1970: 1_700_000_000.25)
        #expect(try other_post_update(db, edited))
        #expect(
            rows(db, #"SELECT quote("createdAt"), quote("updatedAt"), "title" FROM "Post" WHERE id = 2"#) == [
                ["'2023-10-06 20:51:05'", "1700000000250", "edited"]
            ])
    }

    @Test func geoPackageAndWholeSecondTextAreWrittenAsTheirApplicationsWriteThem() throws {
        let scratch = Scratch()
        let db = try other_create_other_apps(scratch.path)
        defer { sqlite3_close_v2(db) }
        var contents = OtherApps.GpkgContent(
            tableName: "rivers", dataType: "features", lastChange: Date(timeIntervalSince1970: 1_706_689_974.123))
        try other_gpkg_content_insert(db, &contents)
        #expect(
            rows(
                db,
                "SELECT last_change = strftime('%Y-%m-%dT%H:%M:%fZ', '2024-01-31 08:32:54.123'), quote(last_change) FROM gpkg_contents"
            )
                == [["1", "'2024-01-31T08:32:54.123Z'"]])
        #expect(try other_gpkg_content_find(db, "rivers") == contents)

        var log = OtherApps.SyncLog(
            id: 1, loggedAt: Date(timeIntervalSince1970: 1_706_689_974.9),
            syncedAt: Date(timeIntervalSince1970: 1_706_689_974.9))
        try other_sync_log_insert(db, &log)
        #expect(log.loggedAt == Date(timeIntervalSince1970: 1_706_689_974))
        #expect(
            rows(
                db,
                "SELECT logged_at = datetime(1706689974.9, 'unixepoch'), quote(logged_at), quote(synced_at) FROM sync_log"
            )
                == [["1", "'2024-01-31 08:32:54'", "'2024-01-31T08:32:54Z'"]])
        #expect(try other_sync_log_find(db, 1) == log)
    }

    @Test func lightroomsCaptureTimeKeepsItsBytesWhenOnlyTheRatingChanges() throws {
        let scratch = Scratch()
        let db = try other_create_other_apps(scratch.path)
        defer { sqlite3_close_v2(db) }
        exec(
            db,
            """
            INSERT INTO Adobe_images (id_local, id_global, captureTime, fileFormat, pick, rating, touchTime) VALUES
              (1, 'A1B2', '2019-06-01T12:34:56.78', 'RAW', 0, NULL, 581085296.78);
            """)
        let everyColumn =
            "SELECT quote(id_local), quote(id_global), quote(captureTime), quote(fileFormat), quote(pick), quote(rating), quote(touchTime) FROM Adobe_images"
        let before = rows(db, everyColumn)
        var image = try #require(try other_adobe_image_find(db, 1))
        #expect(try other_adobe_image_update(db, image))
        #expect(rows(db, everyColumn) == before)
        image.rating = 5
        #expect(try other_adobe_image_update(db, image))
        var expected = before
        expected[0][5] = "5"
        #expect(rows(db, everyColumn) == expected)
        image.captureTime = Date(timeIntervalSince1970: 1_559_392_497)
        #expect(try image.update(in: db))
        #expect(
            rows(db, "SELECT quote(captureTime), quote(touchTime) FROM Adobe_images") == [
                ["'2019-06-01 12:34:57.000'", before[0][6]]
            ])
    }
}
