import Foundation
import SlateCSQLite
import Testing

/// Reproductions from the review of issue 29 in raw mode (`Tests/Fixtures/Schemas/review29.sql`,
/// `Configurations/review29-raw.json`): the same cases as `Review29Tests` through the raw
/// functions. A failing expectation is a finding.
@Suite struct Review29RawTests {
    typealias R = Review29Raw

    final class Scratch {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "slate-r29-\(UUID().uuidString).sqlite"
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

    private let uuid = UUID(uuidString: "00112233-4455-6677-8899-AABBCCDDEEFF")!
    private let blob = "X'00112233445566778899AABBCCDDEEFF'"

    @Test func aRowidKeyBetweenGeneratedColumns() throws {
        let scratch = Scratch()
        let db = try r29_create_review29_raw(scratch.path)
        defer { sqlite3_close_v2(db) }
        var assigned = R.GenMid(a: "ab", b: "x", c: 1.5)
        try r29_gen_mid_insert(db, &assigned)
        var given = R.GenMid(a: "abc", id: 10, b: "y", c: 2.5)
        try r29_gen_mid_insert(db, &given)
        #expect(
            rows(db, "SELECT a, g1, id, g2, b, c FROM gen_mid ORDER BY id") == [
                ["ab", "2", "1", "AB", "x", "1.5"], ["abc", "3", "10", "ABC", "y", "2.5"],
            ])
        given.b = "z"
        #expect(try r29_gen_mid_update(db, given))
        #expect(try r29_gen_mid_find(db, 10)?.b == "z")
        #expect(try r29_gen_mid_delete(db, assigned))
    }

    /// As `Review29Tests.aDateKeyWrittenInAnotherTextFormIdentifiesItsRow`.
    @Test func aDateKeyWrittenInAnotherTextFormIdentifiesItsRow() throws {
        withKnownIssue(
            "a date key binds as its storage writes, not as another application wrote it (closing note: left open)"
        ) {
            let scratch = Scratch()
            let db = try r29_create_review29_raw(scratch.path)
            defer { sqlite3_close_v2(db) }
            exec(db, "INSERT INTO stamp_key (x, u, d) VALUES ('a', \(blob), '2024-01-01')")
            let row = try #require(try r29_stamp_keys_fetch(db).first)
            #expect(try r29_stamp_key_find(db, d: row.d, u: row.u) == row)
            var changed = row
            changed.x = "b"
            #expect(try r29_stamp_key_update(db, changed))
            #expect(try r29_stamp_key_delete(db, changed))
        }
    }

    @Test func aColumnNamedRowidBesideTheRowidKey() throws {
        let scratch = Scratch()
        let db = try r29_create_review29_raw(scratch.path)
        defer { sqlite3_close_v2(db) }
        // The other row's `rowid` column holds the rowid the next insert is given.
        exec(db, "INSERT INTO shadow (name, rowid, id) VALUES ('other', 51, 50)")
        var mine = R.Shadow(name: "mine", rowid: 99)
        try r29_shadow_insert(db, &mine)
        #expect(mine.name == "mine")
        #expect(mine.rowid == 99)
        #expect(mine.id == 51)
    }

    @Test func anUpdateKeepsEveryUnchangedDatesBytes() throws {
        let scratch = Scratch()
        let db = try r29_create_review29_raw(scratch.path)
        defer { sqlite3_close_v2(db) }
        exec(
            db,
            """
            INSERT INTO stamps (id, note, t, ts, iso, isos, ux, uxi, ms, s01, jd) VALUES
              (1, 'a', '2024-01-01', '2024-01-01T10:00:00+02:00', '2024-01-01 08:00', 1704067200, 1704067200,
               '2024-01-01 00:00:00', '2024-01-01T00:00:00.000Z', 725760000, 2460310.5);
            """)
        let everyColumn =
            "SELECT quote(t), quote(ts), quote(iso), quote(isos), quote(ux), quote(uxi), quote(ms), quote(s01), quote(jd) FROM stamps"
        let before = rows(db, everyColumn)
        var row = try #require(try r29_stamp_find(db, 1))
        row.note = "b"
        #expect(try r29_stamp_update(db, row))
        #expect(rows(db, everyColumn) == before)
    }

    @Test func offsetsReadAsSQLiteReadsThem() throws {
        withKnownIssue("a zone offset without a colon reads; SQLite 3.40 refuses it (closing note: left open)") {
            let scratch = Scratch()
            let db = try r29_create_review29_raw(scratch.path)
            defer { sqlite3_close_v2(db) }
            exec(
                db,
                "INSERT INTO stamps (id, iso) VALUES (1, '2024-01-01T12:00:00+0200'), (2, '2024-01-01' || char(9) || '12:00')"
            )
            #expect(
                rows(db, "SELECT quote(strftime('%Y-%m-%d %H:%M:%f', iso)) FROM stamps ORDER BY id") == [
                    ["NULL"], ["'2024-01-01 12:00:00.000'"],
                ])
            #expect(throws: R.SQLError.self) { try r29_stamp_find(db, 1) }
            #expect(try r29_stamp_find(db, 2)?.iso == Date(timeIntervalSince1970: 1_704_110_400))
        }
    }

    @Test func numbersHeldAsTextReadAsSQLiteReadsThem() throws {
        let scratch = Scratch()
        let db = try r29_create_review29_raw(scratch.path)
        defer { sqlite3_close_v2(db) }
        exec(
            db,
            "INSERT INTO numtext VALUES (1, strftime('%s', '2024-01-01'), julianday('2024-01-01'), julianday('2024-01-01 12:00'))"
        )
        let row = try r29_numtext_find(db, 1)
        #expect(row?.created == Date(timeIntervalSince1970: 1_704_067_200))
        #expect(row?.jd == Date(timeIntervalSince1970: 1_704_067_200))
        #expect(row?.at == Date(timeIntervalSince1970: 1_704_110_400))
    }

    @Test func textBooleansWithDefaults() throws {
        let scratch = Scratch()
        let db = try r29_create_review29_raw(scratch.path)
        defer { sqlite3_close_v2(db) }
        exec(db, "INSERT INTO flags (id) VALUES (1)")
        #expect(try r29_flag_find(db, 1) == R.Flag(id: 1, a: true, b: nil, c: false))
        var flag = R.Flag()
        try r29_flag_insert(db, &flag)
        #expect(
            rows(db, "SELECT quote(a), quote(b), quote(c) FROM flags WHERE id = 2") == [["'TRUE'", "NULL", "'FALSE'"]])
        exec(db, "INSERT INTO flags VALUES (3, 'true', NULL, 'FALSE')")
        #expect(throws: R.SQLError.self) { try r29_flag_find(db, 3) }
    }
}
