import Foundation
import SlateRecords
import SlateTestSupport
import Testing

/// Reproductions from the review of issue 29 (`Tests/Fixtures/Schemas/review29.sql`, typed by
/// `Configurations/review29.json`). Each test states what the change claims; a failing
/// expectation is a finding.
@Suite struct Review29Tests {
    typealias R = Review29

    private func exec(_ db: Review29, _ sql: String) throws {
        try db.pool.write { context in try context.exec(sql: sql) }
    }

    private func query(_ db: Review29, _ sql: String) throws -> [[SQLValue]] {
        try db.pool.read { context in try context.query(sql: sql) }
    }

    private let uuid = UUID(uuidString: "00112233-4455-6677-8899-AABBCCDDEEFF")!
    private let blob = "X'00112233445566778899AABBCCDDEEFF'"

    // MARK: Keys

    @Test func aRowidKeyBetweenGeneratedColumns() throws {
        let db = try Review29.inMemory()
        defer { db.close() }
        let assigned = try db.insert(R.GenMid(a: "ab", b: "x", c: 1.5))
        let given = try db.insert(R.GenMid(a: "abc", id: 10, b: "y", c: 2.5))
        #expect(assigned.g1 == 2 && assigned.g2 == "AB")
        #expect(
            try query(db, "SELECT a, g1, id, g2, b, c FROM gen_mid ORDER BY id")
                == [["ab", 2, 1, "AB", "x", 1.5], ["abc", 3, 10, "ABC", "y", 2.5]])
        var changed = given
        changed.b = "z"
        #expect(try db.update(changed))
        #expect(try db.genMids.find(10)?.b == "z")
        #expect(try db.delete(assigned))
        #expect(try db.genMids.fetchCount() == 1)
    }

    /// A compound key holding a date that another application wrote in one of SQLite's other
    /// text forms (`'2024-01-01'`, `CURRENT_TIMESTAMP`'s whole seconds): the record reads it,
    /// but `find`, `update` and `delete` bind the key as the column's storage writes it
    /// (`'2024-01-01 00:00:00.000'`), which is not the row's value.
    @Test func aDateKeyWrittenInAnotherTextFormIdentifiesItsRow() throws {
        withKnownIssue(
            "a date key binds as its storage writes, not as another application wrote it (closing note: left open)"
        ) {
            let db = try Review29.inMemory()
            defer { db.close() }
            try exec(
                db,
                """
                INSERT INTO stamp_key (x, u, d, seen) VALUES ('a', \(blob), '2024-01-01', '2024-01-01');
                INSERT INTO stamp_key (x, u, d, seen) VALUES ('b', \(blob), '2024-01-02 10:00:00', NULL);
                """)
            let rows = try db.stampKeys.fetch(orderBy: { $0.x.ascending })
            #expect(rows.count == 2)
            for row in rows {
                #expect(try db.stampKeys.find(row.id) == row, "find(\(row.x ?? ""))")
                var changed = row
                changed.x = (row.x ?? "") + "!"
                #expect(try db.update(changed), "update(\(row.x ?? ""))")
                #expect(try db.delete(changed), "delete(\(row.x ?? ""))")
            }
            // The same key written by Slate round-trips.
            let written = try db.insert(R.StampKey(x: "c", u: uuid, d: Date(timeIntervalSince1970: 1_704_067_200)))
            #expect(try db.stampKeys.find(written.id) == written)
        }
    }

    @Test func strictWithoutRowidWithTheKeyInTheMiddle() throws {
        let db = try Review29.inMemory()
        defer { db.close() }
        var row = try db.insert(R.StrictWr(x: "a", id: 7, y: .integer(3), at: "t"))
        row.y = .text("three")
        row.x = nil
        #expect(try db.update(row))
        #expect(try query(db, "SELECT x, id, y, at FROM strict_wr") == [[nil, 7, "three", "t"]])
        #expect(try db.strictWrs.find(7) == row)
        #expect(try db.delete(row))
    }

    @Test func columnsNamedLikeSwiftAndTheGeneratedCode() throws {
        let db = try Review29.inMemory()
        defer { db.close() }
        let date = Date(timeIntervalSince1970: 1_704_067_200.25)
        var odd = try db.insert(
            R.Oddly(
                selfColumn: "s", index: 1, current: "c", keeping: "k", statement: "st", first: 2, value: "v", d: date))
        #expect(
            try query(db, #"SELECT "self", "index", current, keeping, id, statement, first, value, d FROM oddly"#)
                == [["s", 1, "c", "k", 1, "st", 2, "v", "2024-01-01 00:00:00.250"]])
        odd.keeping = "k2"
        #expect(try db.update(odd))
        #expect(try db.oddlies.find(odd.id) == odd)

        var kept = try db.insert(R.Kept(keeping: date, current: "key", statement: date, index: 4))
        kept.index = 5
        kept.statement = date.addingTimeInterval(1)
        #expect(try db.update(kept))
        #expect(
            try query(db, #"SELECT keeping, current, statement, "index" FROM kept"#)
                == [["2024-01-01 00:00:00.250", "key", "2024-01-01 00:00:01.250", 5]])
        #expect(try db.delete(kept))
    }

    /// A column named `rowid` shadows the rowid: an insert read back `WHERE rowid = ?` (a
    /// table with an insert trigger) reads the user column, not the row inserted: here the
    /// insert throws "the inserted row could not be read back" after the row was written...
    @Test func aColumnNamedRowidBesideTheRowidKey() throws {
        let db = try Review29.inMemory()
        defer { db.close() }
        try exec(db, "INSERT INTO shadow (name, rowid, id) VALUES ('other', 1, 50)")
        let inserted = try db.insert(R.Shadow(name: "mine", rowid: 99))
        #expect(inserted.name == "mine")
        #expect(inserted.rowid == 99)
        #expect(inserted.touched == 1)
        #expect(inserted.id == 51)
    }

    /// ...and here it returns another row as the one inserted.
    @Test func aColumnNamedRowidReadsBackAnotherRow() throws {
        let db = try Review29.inMemory()
        defer { db.close() }
        try exec(db, "INSERT INTO shadow (name, rowid, id) VALUES ('other', 51, 50)")
        let inserted = try db.insert(R.Shadow(name: "mine", rowid: 99))
        #expect(inserted.name == "mine")
        #expect(inserted.rowid == 99)
        #expect(inserted.id == 51)
    }

    // MARK: Dates

    /// Every storage, each written by SQL in another form than it writes: an update that
    /// changes only `note` keeps every date's bytes.
    @Test func anUpdateKeepsEveryUnchangedDatesBytes() throws {
        let db = try Review29.inMemory()
        defer { db.close() }
        try exec(
            db,
            """
            INSERT INTO stamps (id, note, t, ts, iso, isos, ux, uxi, ms, s01, jd) VALUES
              (1, 'a', '2024-01-01', '2024-01-01T10:00:00+02:00', '2024-01-01 08:00', 1704067200, 1704067200,
               '2024-01-01 00:00:00', '2024-01-01T00:00:00.000Z', 725760000, 2460310.5);
            """)
        let everyColumn =
            "SELECT quote(t), quote(ts), quote(iso), quote(isos), quote(ux), quote(uxi), quote(ms), quote(s01), quote(jd) FROM stamps"
        let before = try query(db, everyColumn)
        var row = try #require(try db.stamps.find(1))
        row.note = "b"
        #expect(try db.update(row))
        #expect(try query(db, everyColumn) == before)
        #expect(try query(db, "SELECT note FROM stamps") == [["b"]])
    }

    /// An update whose row was deleted after the record was read changes nothing, and a row
    /// changed meanwhile by another connection is written over with the record's values.
    @Test func anUpdateOfADeletedOrChangedRow() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("r29.sqlite")
        let db = try Review29.bootstrap(at: path)
        defer { db.close() }
        let other = try Review29(path: path)
        defer { other.close() }
        var row = try db.insert(R.Stamp(note: "a", t: Date(timeIntervalSince1970: 0)))
        try other.pool.write { context in try context.exec(sql: "UPDATE stamps SET t = '2000-01-01' WHERE id = 1") }
        row.note = "b"
        #expect(try db.update(row))
        #expect(try query(db, "SELECT note, t FROM stamps") == [["b", "1970-01-01 00:00:00.000"]])
        try other.pool.write { context in try context.exec(sql: "DELETE FROM stamps") }
        #expect(try !db.update(row))
        #expect(try db.stamps.fetchCount() == 0)
    }

    /// Boundaries of SQLite's `'auto'`, which a text storage follows for bare numbers.
    @Test func bareNumbersInATextColumnReadAsSQLitesAuto() throws {
        let db = try Review29.inMemory()
        defer { db.close() }
        let numbers: [Double] = [
            5_373_484.5, 5_373_484.499, 5_373_484, -1, 1_700_000_000, 2_460_310.5, 253_402_300_799,
        ]
        for (index, number) in numbers.enumerated() {
            try exec(db, "INSERT INTO stamps (id, t) VALUES (\(index + 1), \(number))")
        }
        let sqlite = try query(
            db, "SELECT id, datetime(t, 'auto'), strftime('%Y-%m-%d %H:%M:%f', t, 'auto') FROM stamps ORDER BY id")
        for row in sqlite {
            guard case .integer(let id) = row[0] else { continue }
            let text: String? = if case .text(let text) = row[2] { text } else { nil }
            let expected = text.flatMap { SQLDate.date(fromText: $0) }
            let read = Result { try db.stamps.find(Int(id))?.t }
            switch read {
            case .success(let date): #expect(date == expected, "\(numbers[Int(id) - 1]): SQLite \(row[2])")
            case .failure(let error):
                #expect(
                    expected == nil || !SQLDate.isReadable(expected!),
                    "\(numbers[Int(id) - 1]): SQLite \(row[2]), Slate \(error)")
            }
        }
    }

    /// The last millisecond of 9999 and the first before 1970, in every storage.
    @Test func datesAtTheEdgesRoundTripInEveryStorage() throws {
        let db = try Review29.inMemory()
        defer { db.close() }
        for (index, date) in [
            Date(timeIntervalSince1970: 253_402_300_799.999), Date(timeIntervalSince1970: -0.001),
            Date(timeIntervalSince1970: -62_167_219_200),
        ].enumerated() {
            let row = try db.insert(
                R.Stamp(
                    id: index + 1, t: date, ts: date, iso: date, isos: date, ux: date, uxi: date, ms: date, s01: date,
                    jd: date))
            #expect(try db.stamps.find(index + 1) == row, "\(date.timeIntervalSince1970)")
            #expect(
                row.t == date && row.ms == date && row.jd == date && row.iso == date, "\(date.timeIntervalSince1970)")
        }
        // 23:59:59.9995 rounds to the year 10000 in the millisecond storages: refused.
        let past = Date(timeIntervalSince1970: 253_402_300_799.9995)
        #expect(throws: SQLError.self) { try db.insert(R.Stamp(id: 10, t: past)) }
        #expect(throws: SQLError.self) { try db.insert(R.Stamp(id: 11, jd: past)) }
        #expect(throws: SQLError.self) { try db.insert(R.Stamp(id: 12, ms: past)) }
        // Whole seconds drop it: stored as 23:59:59.
        #expect(try db.insert(R.Stamp(id: 13, ts: past)).ts == Date(timeIntervalSince1970: 253_402_300_799))
    }

    /// Text with an offset reads as SQLite reads it; and SQLite's own forms it does not read
    /// are refused (SQLite's parseTimezone requires `HH:MM` with its colon).
    @Test func offsetsReadAsSQLiteReadsThem() throws {
        withKnownIssue("a zone offset without a colon reads; SQLite 3.40 refuses it (closing note: left open)") {
            let db = try Review29.inMemory()
            defer { db.close() }
            let texts = [
                "2024-01-01T12:00:00+02:00", "2024-01-01T12:00:00.5-01:30", "2024-01-01 12:00 z",
                "2024-01-01T12:00:00+0200", "2024-01-01\t12:00",
            ]
            for (index, text) in texts.enumerated() {
                try exec(db, "INSERT INTO stamps (id, iso) VALUES (\(index + 1), '\(text)')")
            }
            let sqlite = try query(db, "SELECT id, strftime('%Y-%m-%d %H:%M:%f', iso) FROM stamps ORDER BY id")
            for row in sqlite {
                guard case .integer(let id) = row[0] else { continue }
                let expected: Date? = if case .text(let text) = row[1] { SQLDate.date(fromText: text) } else { nil }
                let read = Result { try db.stamps.find(Int(id))?.iso }
                switch read {
                case .success(let date):
                    #expect(
                        date == expected, "\(texts[Int(id) - 1]): SQLite \(row[1]), Slate \(String(describing: date))")
                case .failure(let error):
                    #expect(expected == nil, "\(texts[Int(id) - 1]): SQLite \(row[1]), Slate \(error)")
                }
            }
        }
    }

    /// `stamp >= date` for a date 0.4 ms after the row's: no row before `date` matches, in
    /// every storage that keeps milliseconds (the documentation claims it for the numeric
    /// storages).
    @Test func subMillisecondComparisonsInEveryStorage() throws {
        withKnownIssue("Julian-day and text comparisons round to the millisecond (closing note: left open)") {
            let db = try Review29.inMemory()
            defer { db.close() }
            let stored = Date(timeIntervalSince1970: 1_704_067_200.123)
            _ = try db.insert(R.Stamp(id: 1, t: stored, iso: stored, ux: stored, ms: stored, s01: stored, jd: stored))
            let later = stored.addingTimeInterval(0.0004)
            #expect(try db.stamps.fetchCount(where: { $0.ms >= later }) == 0, "unixTimeMilliseconds")
            #expect(try db.stamps.fetchCount(where: { $0.ux >= later }) == 0, "unixTime")
            #expect(try db.stamps.fetchCount(where: { $0.s01 >= later }) == 0, "secondsSince2001")
            #expect(try db.stamps.fetchCount(where: { $0.jd >= later }) == 0, "julianDay")
            #expect(try db.stamps.fetchCount(where: { $0.jd < later }) == 1, "julianDay")
            #expect(try db.stamps.fetchCount(where: { $0.t >= later }) == 0, "text")
            #expect(try db.stamps.fetchCount(where: { $0.iso >= later }) == 0, "iso8601")
            #expect(
                try db.stamps.fetchCount(where: {
                    $0.ms == stored && $0.jd == stored && $0.t == stored && $0.iso == stored
                }) == 1)
        }
    }

    /// SQLite's date functions read a number held as text (`datetime('2460310.5')`,
    /// `datetime('1704067200', 'unixepoch')`): a TEXT column keeps `strftime('%s', …)`'s text
    /// and stores `julianday()`'s REAL as text. The documentation says every storage reads
    /// "text in every form SQLite's date functions accept".
    @Test func numbersHeldAsTextReadAsSQLiteReadsThem() throws {
        let db = try Review29.inMemory()
        defer { db.close() }
        try exec(
            db,
            "INSERT INTO numtext VALUES (1, strftime('%s', '2024-01-01'), julianday('2024-01-01'), julianday('2024-01-01 12:00'))"
        )
        #expect(
            try query(
                db,
                "SELECT typeof(created), typeof(jd), typeof(at), datetime(created, 'unixepoch'), datetime(jd), datetime(at) FROM numtext"
            )
                == [["text", "text", "text", "2024-01-01 00:00:00", "2024-01-01 00:00:00", "2024-01-01 12:00:00"]])
        let row = try db.numtexts.find(1)
        #expect(row?.created == Date(timeIntervalSince1970: 1_704_067_200))
        #expect(row?.jd == Date(timeIntervalSince1970: 1_704_067_200))
        #expect(row?.at == Date(timeIntervalSince1970: 1_704_110_400))
    }

    /// `SQLDate` reads "text in every form SQLite's date functions accept": each text SQLite
    /// reads is a date of the same millisecond, and each it refuses is refused.
    @Test(arguments: [
        "2024-01-01T", "2024-01-01TT12:00", " 2024-01-01", "\t2024-01-01 12:00", "2024-01-01\n",
        "2024-01-01 12:00:00 Z",
        "2024-01-01 12:00:00.123456", "2024-01-01 12:00:00.9999", "2024-01-01T12:00+02", "2024-01-01T12:00+0200",
        "2024-01-01T12:00+14:59", "2024-01-01T12:00+15:00", "12:00", "12:00:00.5Z", "2024-02-30", "2024-01-01 24:00",
        "now",
        "2460310.5", "1704067200", " 2460310.5 ", "-0001-01-01",
    ])
    func textReadsAsSQLiteReadsIt(text: String) throws {
        let db = try Review29.inMemory()
        defer { db.close() }
        let sqlite = try db.pool.read { context in
            try context.query(sql: "SELECT strftime('%Y-%m-%d %H:%M:%f', ?)", parameters: [.text(text)])
        }
        let expected: Date? =
            if case .text(let reading) = sqlite.first?.first { SQLDate.date(fromText: reading) } else { nil }
        let read = SQLDate.date(fromText: text).map {
            Date(timeIntervalSince1970: ($0.timeIntervalSince1970 * 1000).rounded() / 1000)
        }
        // Forms where Slate's hand-written reader and SQLite 3.40 still disagree (closing
        // note: left open): a `T` with nothing after it, a doubled `T`, a leading space, an
        // offset without its colon, `'now'`.
        if [
            "2024-01-01T", "2024-01-01TT12:00", " 2024-01-01", "2024-01-01T12:00+0200", "now", "2024-01-01\n",
            "\t2024-01-01 12:00",
        ].contains(text) {
            withKnownIssue("SQLite 3.40 and Slate read this text differently", isIntermittent: true) {
                #expect(
                    read == expected,
                    "SQLite reads \(String(reflecting: text)) as \(sqlite), Slate as \(String(describing: read))")
            }
        } else {
            #expect(
                read == expected,
                "SQLite reads \(String(reflecting: text)) as \(sqlite), Slate as \(String(describing: read))")
        }
    }

    /// A query parameter compared with a date column means what the typed predicate means:
    /// the generator binds `unixTimeInteger` comparisons exactly (as `unixTime`), but binds
    /// milliseconds, Julian days and whole-second text in their stored (rounded) form, so a
    /// row before `since` matches `col >= :since` while `$0.col >= since` leaves it out.
    @Test func queryParametersCompareAsTypedPredicatesDo() throws {
        withKnownIssue(
            "query parameters compared with a date column bind its stored, rounded form (closing note: left open)"
        ) {
            let db = try Review29.inMemory()
            defer { db.close() }
            let stored = Date(timeIntervalSince1970: 1_704_067_200)
            _ = try db.insert(R.Stamp(id: 1, ts: stored, uxi: stored, ms: stored, jd: stored))
            let since = stored.addingTimeInterval(0.4) // 0.4 s after every stored date
            let sinceSub = stored.addingTimeInterval(0.0004) // 0.4 ms after
            // Typed predicates: no row is at or after `since`.
            #expect(try db.stamps.fetchCount(where: { $0.ts >= since }) == 0)
            #expect(try db.stamps.fetchCount(where: { $0.uxi >= since }) == 0)
            #expect(try db.stamps.fetchCount(where: { $0.ms >= sinceSub }) == 0)
            // Query parameters, one storage at a time.
            let never = Date(timeIntervalSince1970: 253_402_300_799)
            #expect(
                try db.stampsAfter(since: never, sinceJulian: never, sinceWhole: never, sinceSeconds: since).isEmpty,
                "unixTimeInteger")
            #expect(
                try db.stampsAfter(since: never, sinceJulian: never, sinceWhole: since, sinceSeconds: never).isEmpty,
                "textSeconds")
            #expect(
                try db.stampsAfter(since: sinceSub, sinceJulian: never, sinceWhole: never, sinceSeconds: never).isEmpty,
                "unixTimeMilliseconds")
            #expect(
                try db.stampsAfter(since: never, sinceJulian: sinceSub, sinceWhole: never, sinceSeconds: never).isEmpty,
                "julianDay")
        }
    }

    /// A query column that reads either of two date columns of different storages is typed
    /// `Date` in the default text storage (`coalesce`) or in the first column's (`UNION ALL`):
    /// milliseconds read through it are refused as dates after the year 9999.
    @Test func queryColumnsOverTwoDateStorages() throws {
        withKnownIssue("a query column over two date storages takes one storage (closing note: left open)") {
            let db = try Review29.inMemory()
            defer { db.close() }
            let date = Date(timeIntervalSince1970: 1_704_067_200)
            _ = try db.insert(R.Stamp(id: 1, jd: date))
            _ = try db.insert(R.Stamp(id: 2, ms: date))
            #expect(throws: Never.self) { try db.eitherDate() }
            #expect(throws: Never.self) { try db.bothDates() }
        }
    }

    // MARK: UUIDs

    @Test func guidBlobsOfAnotherLengthAreRefusedNamingTheColumn() throws {
        let db = try Review29.inMemory()
        defer { db.close() }
        try exec(db, "INSERT INTO dev VALUES (X'00112233445566778899AABBCCDDEE', 'fifteen')")
        #expect { try db.devs.fetch() } throws: { error in
            "\(error)".contains("dev.id") && "\(error)".contains("15 bytes")
        }
        try exec(db, "DELETE FROM dev; INSERT INTO dev VALUES (X'00112233445566778899AABBCCDDEEFF00', 'seventeen')")
        #expect(throws: SQLError.self) { try db.devs.fetch() }
        #expect(throws: SQLError.self) { try db.devs.select(\.id) }
    }

    @Test func guidKeysInListsJoinsAndRelationships() throws {
        let db = try Review29.inMemory()
        defer { db.close() }
        let dev = try db.insert(R.Dev(id: uuid, name: "a"))
        let second = try db.insert(R.Dev(name: "b"))
        _ = try db.insert(R.DevLog(dev: uuid, msg: "m"))
        #expect(
            try query(db, "SELECT quote(id) FROM dev WHERE name = 'a'") == [["X'33221100554477668899AABBCCDDEEFF'"]])
        #expect(try db.devs.fetchCount(where: { $0.id.in([uuid, second.id]) }) == 2)
        #expect(try db.devs.fetchCount(where: { $0.id.in([uuid, nil as UUID?].compactMap { $0 }) }) == 1)
        #expect(try db.devLogs.fetch(for: dev).count == 1)
        #expect(try db.devs.find(for: try #require(try db.devLogs.fetch().first)) == dev)
        #expect(try db.devLogs.join(\.devRecord).count == 1)
        #expect(try db.devLogs.fetchCount(where: { $0.dev.in([uuid]) }) == 1)
    }

    /// A foreign key between UUID columns of two storages (`dev_note.dev` is `UUID`, text;
    /// `dev.id` is `GUID`, guidBlob): generation accepts it, but no row can be both written
    /// by the API and read back. The generator could refuse it.
    @Test func aForeignKeyBetweenTwoUUIDStorages() throws {
        withKnownIssue("a foreign key between two UUID storages is not refused at generation (closing note: left open)")
        {
            let db = try Review29.inMemory()
            defer { db.close() }
            let dev = try db.insert(R.Dev(id: uuid, name: "a"))
            // Through the API: the child's text does not match the parent's bytes.
            #expect(throws: Never.self) { try db.insert(R.DevNote(dev: uuid, note: "n")) }
            // As SQLite's foreign key requires it: the parent's bytes, which the child cannot read.
            try exec(db, "INSERT INTO dev_note (dev, note) SELECT id, 'm' FROM dev")
            #expect(throws: Never.self) { try db.devNotes.fetch(for: dev) }
        }
    }

    // MARK: Booleans

    @Test func textBooleansWithDefaultsAndOtherCases() throws {
        let db = try Review29.inMemory()
        defer { db.close() }
        try exec(db, "INSERT INTO flags (id) VALUES (1); INSERT INTO flags VALUES (2, NULL, NULL, 'TRUE');")
        let rows = try db.flags.fetch(orderBy: { $0.id.ascending })
        #expect(rows.map(\.a) == [true, nil])
        #expect(rows.map(\.c) == [false, true])
        #expect(try db.insert(R.Flag()) == R.Flag(id: 3, a: true, b: nil, c: false))
        #expect(
            try query(db, "SELECT quote(a), quote(b), quote(c) FROM flags WHERE id = 3") == [
                ["'TRUE'", "NULL", "'FALSE'"]
            ])
        #expect(try db.flags.fetchCount(where: { $0.a == true }) == 2)
        #expect(try db.flags.fetchCount(where: { $0.a == nil }) == 1)
        #expect(try db.flags.fetchCount(where: { $0.a == $0.c }) == 0)
        #expect(try db.flags.select(\.c, orderBy: { $0.id.ascending }) == [false, true, false])
        try exec(db, "INSERT INTO flags VALUES (4, 'true', NULL, 'FALSE')")
        #expect(throws: SQLError.self) { try db.flags.find(4) }
        #expect(throws: SQLError.self) { try db.flags.select(\.a) }
    }
}
