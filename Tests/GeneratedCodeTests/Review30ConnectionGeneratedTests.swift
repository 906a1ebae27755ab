import Foundation
import SlateCSQLite
import SlateRecords
import SlateTestSupport
import Testing

/// Issue 30, section 1, through generated code: NaN refused by column on every way a
/// generated record binds (insert, update, typed predicates, `update(set:)`, type-attached
/// calls on a raw handle, dynamic `SQLValue` columns), and a record cursor whose step
/// failed keeps throwing.
@Suite struct Review30ConnectionGeneratedTests {
    @Test func aGeneratedRecordWithNaNIsRefusedNamingTheColumn() throws {
        let db = try Apps.inMemory()
        defer { db.close() }
        expectSQLError(.mismatch, "cannot store NaN in column Adobe_images.rating: SQLite would store it as NULL") {
            _ = try db.insert(Apps.AdobeImage(idGlobal: "G", rating: .nan))
        }
        expectSQLError(.mismatch, "cannot store NaN in column Adobe_images.pick: SQLite would store it as NULL") {
            _ = try db.insert(Apps.AdobeImage(idGlobal: "G", pick: -.nan))
        }
        #expect(try db.adobeImages.fetchCount() == 0)
        // An update refused leaves the row as it was.
        var image = try db.insert(Apps.AdobeImage(idGlobal: "G", rating: 2.5))
        image.fileWidth = .nan
        expectSQLError(.mismatch, "cannot store NaN in column Adobe_images.fileWidth: SQLite would store it as NULL") {
            _ = try db.update(image)
        }
        let stored = try #require(try db.adobeImages.find(image.idLocal))
        #expect(stored.fileWidth == nil && stored.rating == 2.5)
        // Infinity is a value SQLite keeps.
        image.fileWidth = .infinity
        _ = try db.update(image)
        #expect(try db.adobeImages.find(image.idLocal)?.fileWidth == .infinity)
    }

    @Test func aDynamicColumnRefusesNaNByName() throws {
        let db = try Ported.inMemory()
        defer { db.close() }
        expectSQLError(.mismatch, "cannot store NaN in column place.address: SQLite would store it as NULL") {
            _ = try db.insert(Place(name: "x", address: .float(.nan)))
        }
        expectSQLError(.mismatch, "cannot store NaN in column place.area: SQLite would store it as NULL") {
            _ = try db.insert(Place(name: "x", area: .nan))
        }
        #expect(try db.places.fetchCount() == 0)
    }

    @Test func typedPredicatesRefuseNaNNamingTheColumnTheyCompare() throws {
        let db = try Apps.inMemory()
        defer { db.close() }
        _ = try db.insert(Apps.AdobeImage(idGlobal: "G", rating: 1))
        let rating =
            "cannot bind NaN to parameter 1 (column \"Adobe_images\".\"rating\"): SQLite would store it as NULL"
        expectSQLError(.mismatch, rating) { _ = try db.adobeImages.fetch(where: { $0.rating == .nan }) }
        expectSQLError(.mismatch, rating) { _ = try db.adobeImages.fetchCount(where: { $0.rating < .nan }) }
        expectSQLError(
            .mismatch,
            "cannot bind NaN to parameter 3 (column \"Adobe_images\".\"pick\"): SQLite would store it as NULL"
        ) {
            _ = try db.adobeImages.fetch(where: { $0.idGlobal == "G" && $0.pick.between(0, and: .nan) })
        }
        expectSQLError(
            .mismatch,
            "cannot bind NaN to parameter 2 (column \"Adobe_images\".\"touchCount\"): SQLite would store it as NULL"
        ) {
            _ = try db.adobeImages.fetch(where: { $0.touchCount.in([1, .nan, 3]) })
        }
        // update(set:to:) names the column it sets.
        expectSQLError(
            .mismatch,
            "cannot bind NaN to parameter 1 (column \"Adobe_images\".\"rating\"): SQLite would store it as NULL"
        ) {
            _ = try db.adobeImages.update(set: \.rating, to: .nan)
        }
        #expect(try db.adobeImages.fetch().map(\.rating) == [1])
    }

    @Test func typeAttachedCallsOnARawHandleRefuseNaNByColumn() throws {
        let directory = TemporaryDirectory()
        let handle = try apps_create_apps(directory.path("apps.sqlite"))
        defer { sqlite3_close_v2(handle) }
        var image = Apps.AdobeImage(idGlobal: "G", rating: .nan)
        expectSQLError(.mismatch, "cannot store NaN in column Adobe_images.rating: SQLite would store it as NULL") {
            try apps_adobe_image_insert(handle, &image)
        }
        expectSQLError(
            .mismatch, "cannot store NaN in column \"Adobe_images\".\"rating\": SQLite would store it as NULL"
        ) {
            _ = try Apps.AdobeImage.fetchCount(in: handle, where: { $0.rating > .nan })
        }
    }

    @Test func aRecordCursorWhoseStepFailedKeepsThrowing() throws {
        let db = try Apps.inMemory()
        defer { db.close() }
        for index in 1...4 { _ = try db.insert(Apps.AdobeImage(idLocal: index, idGlobal: "G\(index)")) }
        let failing: SQLPredicate<Apps.AdobeImage> =
            "CASE WHEN id_local = 3 THEN abs(-9223372036854775807 - 1) ELSE 1 END = 1"
        let (seen, errors) = try db.adobeImages.withCursor(where: { _ in failing }, orderBy: { $0.idLocal.ascending }) {
            cursor in
            var seen: [Int] = []
            var errors: [String] = []
            for _ in 0..<6 {
                do {
                    guard let image = try cursor.next() else { break }
                    seen.append(image.idLocal)
                } catch let error as SQLError {
                    errors.append(error.message)
                }
            }
            return (seen, errors)
        }
        #expect(seen == [1, 2])
        #expect(errors == Array(repeating: "integer overflow", count: 4))
    }
}
