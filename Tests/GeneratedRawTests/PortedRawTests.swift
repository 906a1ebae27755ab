import Foundation
import SlateCSQLite
import Testing

/// The ported schema (`Tests/Fixtures/Schemas/ported.sql`) in raw mode: the same exact
/// reads, date storages, refused dates and read-back inserts as through the API.
@Suite struct PortedRawTests {
    final class Scratch {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "slate-ported-\(UUID().uuidString).sqlite"
        ).path
        deinit {
            for suffix in ["", "-journal", "-wal", "-shm"] {
                try? FileManager.default.removeItem(atPath: path + suffix)
            }
        }
    }

    private func expectError(
        _ message: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
    ) {
        do {
            try body()
            Issue.record("expected \(message), but nothing was thrown", sourceLocation: sourceLocation)
        } catch let error as Ported.SQLError {
            #expect(error.code == SQLITE_MISMATCH, sourceLocation: sourceLocation)
            #expect(error.message == message, sourceLocation: sourceLocation)
        } catch {
            Issue.record("unexpected \(error)", sourceLocation: sourceLocation)
        }
    }

    private func exec(_ db: OpaquePointer, _ sql: String) {
        #expect(sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK, "\(String(cString: sqlite3_errmsg(db)))")
    }

    @Test func typesAndWrongStorageClasses() throws {
        let scratch = Scratch()
        let db = try ported_create_ported(scratch.path)
        defer { sqlite3_close_v2(db) }
        exec(
            db,
            "INSERT INTO place (id, name, address, payload, population) VALUES (1, 'Googleplex', '1600 Amphitheatre Pkwy', X'CAFE', 7)"
        )
        let place = try #require(try ported_place_find(db, 1))
        #expect(
            place.address == .text("1600 Amphitheatre Pkwy") && place.payload == [0xCA, 0xFE] && place.population == 7)

        exec(db, "UPDATE place SET population = 'many'")
        expectError("column place.population holds TEXT 'many', which Int cannot hold exactly") {
            _ = try ported_places_fetch(db)
        }
        exec(db, "UPDATE place SET population = NULL, is_open = 'yes'")
        expectError("column place.is_open holds TEXT 'yes', which Bool cannot hold exactly") {
            _ = try Ported.Place.fetch(in: db)
        }
        exec(db, "UPDATE place SET is_open = 0, area = X'00'")
        expectError("column place.area holds a BLOB of 1 byte, which Double cannot hold exactly") {
            _ = try ported_place_find(db, 1)
        }
    }

    @Test func datesStoredTheirOwnWayAndRefusedWhenTheyCannotBe() throws {
        let scratch = Scratch()
        let db = try ported_create_ported(scratch.path)
        defer { sqlite3_close_v2(db) }
        let newYear = Date(timeIntervalSince1970: 1_672_531_200)
        exec(db, "INSERT INTO ZEVENT (Z_PK, ZCREATIONDATE) VALUES (1, 694224000.0)")
        #expect(try ported_zevent_find(db, 1)?.zcreationdate == newYear)

        exec(db, "INSERT INTO legacy_post (id, title) VALUES (1, 'zero date')")
        #expect(try ported_legacy_post_find(db, 1)?.publishedAt == nil)

        var far = Ported.LegacyPost(title: "far", publishedAt: Date(timeIntervalSince1970: 253_402_300_800))
        expectError(
            "cannot store a date in column legacy_post.published_at: 253402300800.0 seconds since 1970 is outside the years 0000 to 9999 that date text holds"
        ) {
            try ported_legacy_post_insert(db, &far)
        }
        var nan = Ported.Zevent(zcreationdate: Date(timeIntervalSince1970: .nan))
        expectError("cannot store a date in column ZEVENT.ZCREATIONDATE: a date of nan seconds cannot be stored") {
            try nan.insert(into: db)
        }
        #expect(try ported_legacy_posts_fetch(db).count == 1)
        #expect(try ported_zevents_fetch(db).count == 1)
    }

    @Test func insertsReturnTheRowAsStored() throws {
        let scratch = Scratch()
        let db = try ported_create_ported(scratch.path)
        defer { sqlite3_close_v2(db) }
        var film = Ported.Film(title: "Alien", lastUpdate: Date(timeIntervalSince1970: 0))
        try ported_film_insert(db, &film)
        #expect(film.lastUpdate == Date(timeIntervalSince1970: 981_173_106))
        #expect(try ported_film_find(db, film.filmId) == film)

        var box = Ported.Box(minX: 1.1, maxX: 2.2, minY: 0, maxY: 1)
        try box.insert(into: db)
        #expect(box.id == 1 && box.minX == Double(Float(1.1).nextDown))
        #expect(try ported_box_find(db, 1) == box)

        var note = Ported.NoteSearch(title: .text("raw"), body: .null)
        try ported_note_search_insert(db, &note)
        #expect(try ported_note_searches_fetch(db) == [note])
    }
}

@Suite struct UnsavedRawRecordTests {
    @Test func rawUpdateAndDeleteRefuseARecordNeverInserted() throws {
        let scratch = PortedRawTests.Scratch()
        let db = try ported_create_ported(scratch.path)
        defer { sqlite3_close_v2(db) }
        let film = Ported.Film(title: "never inserted", lastUpdate: Date())
        for (operation, body) in [
            ("update", { _ = try ported_film_update(db, film) }), ("delete", { _ = try ported_film_delete(db, film) }),
        ] as [(String, () throws -> Void)] {
            do {
                try body()
                Issue.record("\(operation) did not throw")
            } catch let error as Ported.SQLError {
                #expect(error.code == SQLITE_MISUSE)
                #expect(
                    error.message
                        == "cannot \(operation) a film record that was never inserted: its rowid key is Int.min, the default of a record SQLite has not assigned one to; keep the record insert returns"
                )
            }
        }
    }
}

@Suite struct PositionalRawBindingTests {
    @Test func aRawRecordBindsToAHandWrittenStatement() throws {
        let scratch = PortedRawTests.Scratch()
        let db = try ported_create_ported(scratch.path)
        defer { sqlite3_close_v2(db) }
        var statement: OpaquePointer?
        #expect(
            sqlite3_prepare_v2(
                db, "INSERT INTO ZEVENT (ZTITLE, ZCREATIONDATE) VALUES (?2, ?1) RETURNING Z_PK, ZCREATIONDATE", -1,
                &statement, nil) == SQLITE_OK)
        defer { sqlite3_finalize(statement) }
        let event = Ported.Zevent(zcreationdate: Date(timeIntervalSince1970: 978_307_200 + 10), ztitle: "bound")
        try event.bind(to: statement!, indices: .init(zcreationdate: 1, ztitle: 2))
        #expect(sqlite3_step(statement) == SQLITE_ROW)
        #expect(sqlite3_column_int64(statement, 0) == 1)
        // Stored as Core Data stores it: seconds since 2001.
        #expect(sqlite3_column_double(statement, 1) == 10)
    }
}
