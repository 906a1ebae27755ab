import Foundation
import SlateCSQLite
import Testing

/// Issue 32 §2: raw mode's date code is Slate's own (copied from SQLDate.swift and
/// SQLRecordCoding.swift by Scripts/generate-raw-template.sh), so it reads what
/// SlateRecords reads. These are the cases where the retyped copy had drifted.
@Suite struct OneSourceRawTests {
    final class Scratch {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "slate-onesource-\(UUID().uuidString).sqlite"
        ).path
        deinit {
            for suffix in ["", "-journal", "-wal", "-shm"] {
                try? FileManager.default.removeItem(atPath: path + suffix)
            }
        }
    }

    private func exec(_ db: OpaquePointer, _ sql: String) {
        #expect(sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK, "\(String(cString: sqlite3_errmsg(db)))")
    }

    private func message(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch let error as Ported.SQLError {
            #expect(error.code == SQLITE_MISMATCH)
            return error.message
        } catch {
            Issue.record("unexpected \(error)")
            return nil
        }
    }

    /// With `types.invalidDates` "nil", text that is no date reads as nil; text holding a
    /// number reads as the storage reads the number (a NUMERIC column converts most such
    /// text to a number as it stores it).
    @Test func invalidDateTextReadsAsNilWhateverItHolds() throws {
        let scratch = Scratch()
        let db = try ported_create_ported(scratch.path)
        defer { sqlite3_close_v2(db) }
        for (id, text) in [(1, "0000-00-00 00:00:00"), (2, "2024-13-01"), (3, "1e5x"), (4, "")] {
            exec(db, "INSERT INTO legacy_post (id, title, published_at) VALUES (\(id), 'x', '\(text)')")
            #expect(try ported_legacy_post_find(db, id)?.publishedAt == nil, "\(text)")
        }
        // Text holding a Julian day still reads as a date, and a date text as itself.
        exec(
            db,
            "INSERT INTO legacy_post (id, title, published_at) VALUES (5, 'x', '2460310.5'), (6, 'x', '2024-01-01T00:00:00Z')"
        )
        #expect(try ported_legacy_post_find(db, 5)?.publishedAt == Date(timeIntervalSince1970: 1_704_067_200))
        #expect(try ported_legacy_post_find(db, 6)?.publishedAt == Date(timeIntervalSince1970: 1_704_067_200))
    }

    /// An infinite REAL in a date column is no date, as SlateRecords says (the copy called it
    /// a date after the year 9999); a finite one out of range still names the storage (1e15 is
    /// stored as an INTEGER: the column's NUMERIC affinity).
    @Test func anInfiniteNumberIsNoDate() throws {
        let scratch = Scratch()
        let db = try ported_create_ported(scratch.path)
        defer { sqlite3_close_v2(db) }
        exec(db, "INSERT INTO ZEVENT (Z_PK, ZCREATIONDATE) VALUES (1, 9e999)")
        #expect(
            message { _ = try ported_zevent_find(db, 1) }
                == "column ZEVENT.ZCREATIONDATE holds REAL inf, which is no date")
        exec(db, "UPDATE ZEVENT SET ZCREATIONDATE = -9e999")
        #expect(
            message { _ = try ported_zevent_find(db, 1) }
                == "column ZEVENT.ZCREATIONDATE holds REAL -inf, which is no date")
        exec(db, "UPDATE ZEVENT SET ZCREATIONDATE = 1e15")
        #expect(
            message { _ = try ported_zevent_find(db, 1) }
                == "column ZEVENT.ZCREATIONDATE holds INTEGER 1000000000000000, which as seconds since 2001 (secondsSince2001) is after the year 9999: no secondsSince2001 date can be stored as it"
        )
    }
}
