import Foundation
import SlateTestSupport
import Testing

@testable import SlateRecords

/// A record whose doubles sit inside values stored as JSON text.
private struct Sample: SQLCodableRecord, Equatable {
    static let tableName = "sample"
    struct Point: Codable, Equatable {
        var x: Double
        var y: Double
    }
    var id: Int?
    var point = Point(x: 0, y: 0)
    var series: [Double] = []
}

/// Issue 30, section 1, attacked for Codable records: NaN nested inside a value stored as
/// JSON is refused as an `SQLError` naming the column, like NaN stored directly.
@Suite struct Review30ConnectionAdversaryRecordsTests {
    private func context() throws -> SQLContext {
        let context = try SQLContext()
        try context.exec(sql: "CREATE TABLE sample (id INTEGER PRIMARY KEY, point TEXT NOT NULL, series TEXT NOT NULL)")
        return context
    }

    @Test func nanInsideAJSONColumnIsRefusedNamingTheColumn() throws {
        let db = try context()
        defer { db.close() }
        expectSQLError(
            .mismatch,
            "cannot store column \"point\" of table \"sample\" as JSON: Unable to encode Double.nan directly in JSON. (at y)"
        ) {
            _ = try db.save(Sample(point: .init(x: 1, y: .nan)))
        }
        expectSQLError(
            .mismatch,
            "cannot store column \"series\" of table \"sample\" as JSON: Unable to encode Double.-nan directly in JSON. (at Index 1)"
        ) {
            _ = try db.insert(Sample(series: [1, -.nan]))
        }
        // Infinity cannot be written as JSON either: refused the same way, not stored.
        expectSQLError(
            .mismatch,
            "cannot store column \"series\" of table \"sample\" as JSON: Unable to encode Double.inf directly in JSON. (at Index 0)"
        ) {
            _ = try db.insert(Sample(series: [.infinity]))
        }
        #expect(try db.fetch(Sample.self).isEmpty)
        // Finite values round-trip.
        let saved = try db.save(Sample(point: .init(x: 1.5, y: -2), series: [0.1, 1e300]))
        #expect(try db.fetch(Sample.self) == [saved])
    }
}
