import Foundation
import SlateCSQLite
import Testing

/// Issue 30, section 1, in raw mode: the generated code binds doubles itself
/// (`sqlite3_bind_double`), and refuses NaN naming table and column, as it refuses a date
/// its storage cannot hold; nothing is written.
@Suite struct Review30ConnectionRawTests {
    final class Scratch {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "slate-r30-\(UUID().uuidString).sqlite"
        ).path
        deinit {
            for suffix in ["", "-journal", "-wal", "-shm"] {
                try? FileManager.default.removeItem(atPath: path + suffix)
            }
        }
    }

    private func count(_ db: OpaquePointer, _ table: String) -> Int {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, "SELECT count(*) FROM \(table)", -1, &statement, nil) == SQLITE_OK else {
            return -1
        }
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW else { return -1 }
        return Int(sqlite3_column_int64(statement, 0))
    }

    private func expectNaN(
        _ column: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
    ) {
        do {
            try body()
            Issue.record("NaN in \(column) was stored", sourceLocation: sourceLocation)
        } catch let error as Apps.SQLError {
            #expect(error.code == SQLITE_MISMATCH, sourceLocation: sourceLocation)
            #expect(
                error.message == "cannot store NaN in column \(column): SQLite would store it as NULL",
                sourceLocation: sourceLocation)
        } catch let error as Ported.SQLError {
            #expect(error.code == SQLITE_MISMATCH, sourceLocation: sourceLocation)
            #expect(
                error.message == "cannot store NaN in column \(column): SQLite would store it as NULL",
                sourceLocation: sourceLocation)
        } catch {
            Issue.record("unexpected \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test func rawInsertsAndUpdatesRefuseNaNByTableAndColumn() throws {
        let scratch = Scratch()
        let db = try apps_create_apps(scratch.path)
        defer { sqlite3_close_v2(db) }
        var image = Apps.AdobeImage(idGlobal: "G", rating: .nan)
        expectNaN("Adobe_images.rating") { try apps_adobe_image_insert(db, &image) }
        image = Apps.AdobeImage(idGlobal: "G", touchCount: -.nan)
        expectNaN("Adobe_images.touchCount") { try apps_adobe_image_insert(db, &image) }
        #expect(count(db, "Adobe_images") == 0)
        image = Apps.AdobeImage(idGlobal: "G", rating: 4)
        try apps_adobe_image_insert(db, &image)
        image.fileHeight = .nan
        expectNaN("Adobe_images.fileHeight") { _ = try apps_adobe_image_update(db, image) }
        let stored = try #require(try apps_adobe_image_find(db, image.idLocal))
        #expect(stored.fileHeight == nil && stored.rating == 4)
    }

    @Test func aRawDynamicColumnRefusesNaN() throws {
        let scratch = Scratch()
        let db = try ported_create_ported(scratch.path)
        defer { sqlite3_close_v2(db) }
        var place = Ported.Place(name: "x", address: .float(.nan))
        expectNaN("place.address") { try ported_place_insert(db, &place) }
        #expect(count(db, "place") == 0)
    }
}
