import Foundation
import SlateTestSupport
import Testing

@testable import SlateRecords

/// A record whose every number property is a floating-point one, for NaN.
private struct Reading: SQLCodableRecord, Equatable {
    static let tableName = "reading"
    /// A single-value wrapper, stored as its double.
    struct Celsius: Codable, Equatable {
        var degrees: Double
        init(_ degrees: Double) { self.degrees = degrees }
        init(from decoder: any Decoder) throws { degrees = try decoder.singleValueContainer().decode(Double.self) }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(degrees)
        }
    }
    var id: Int?
    var value: Double = 0
    var optional: Double?
    var single: Float = 0
    var temperature: Celsius = Celsius(0)
}

/// Issue 30, section 1, for Codable records: NaN is refused naming the column on every
/// way a record is written or compared, and the table stays readable.
@Suite struct Review30ConnectionRecordsTests {
    private func context() throws -> SQLContext {
        let context = try SQLContext()
        try context.exec(
            sql:
                "CREATE TABLE reading (id INTEGER PRIMARY KEY, value REAL NOT NULL, optional REAL, single REAL NOT NULL, temperature REAL NOT NULL)"
        )
        return context
    }

    @Test func aCodableRecordWithNaNIsRefusedNamingItsColumn() throws {
        let db = try context()
        defer { db.close() }
        expectSQLError(
            .mismatch,
            "cannot store NaN in column \"value\" of table \"reading\" (Reading.value): SQLite would store it as NULL"
        ) {
            _ = try db.save(Reading(value: .nan))
        }
        expectSQLError(
            .mismatch,
            "cannot store NaN in column \"optional\" of table \"reading\" (Reading.optional): SQLite would store it as NULL"
        ) {
            _ = try db.insert(Reading(optional: -.nan))
        }
        expectSQLError(
            .mismatch,
            "cannot store NaN in column \"single\" of table \"reading\" (Reading.single): SQLite would store it as NULL"
        ) {
            _ = try db.save(Reading(single: .nan))
        }
        expectSQLError(
            .mismatch, "cannot store NaN in column \"temperature\" of table \"reading\": SQLite would store it as NULL"
        ) {
            _ = try db.save(Reading(temperature: .init(.nan)))
        }
        // Nothing was written, and every later fetch works.
        #expect(try db.fetch(Reading.self).isEmpty)
        // An update refused leaves the row as it was.
        var saved = try db.save(Reading(value: 1, optional: 2))
        saved.optional = .nan
        #expect(throws: SQLError.self) { _ = try db.save(saved) }
        #expect(try db.fetch(Reading.self) == [Reading(id: saved.id, value: 1, optional: 2)])
    }

    @Test func codablePredicatesRefuseNaNNamingTheColumn() throws {
        let db = try context()
        defer { db.close() }
        _ = try db.save(Reading(value: 1))
        expectSQLError(
            .mismatch, "cannot bind NaN to parameter 1 (column \"reading\".\"value\"): SQLite would store it as NULL"
        ) {
            _ = try db.fetch(Reading.self, where: { $0.value == .nan })
        }
        expectSQLError(
            .mismatch, "cannot bind NaN to parameter 1 (column \"reading\".\"optional\"): SQLite would store it as NULL"
        ) {
            _ = try db.fetchCount(Reading.self, where: { $0.optional != .nan })
        }
        #expect(try db.fetchCount(Reading.self, where: { $0.value == .infinity }) == 0)
        #expect(try db.fetch(Reading.self).count == 1)
    }
}
