import Foundation
import SlateTestSupport
import Testing

@testable import SlateGenerator

/// Query files and views read and bind a date as the table column it comes from stores it,
/// through aggregates, views and compound selects (found by a review of the change that
/// added value origins).
@Suite struct QueryDateStorageTests {
    private func generate(
        _ schema: String, _ queries: String, _ configure: (inout GeneratorConfiguration) -> Void
    ) throws -> String {
        let directory = TemporaryDirectory()
        let schemaPath = directory.path("shop.sql")
        let queryPath = directory.path("queries.sql")
        try schema.write(toFile: schemaPath, atomically: true, encoding: .utf8)
        try queries.write(toFile: queryPath, atomically: true, encoding: .utf8)
        var configuration = GeneratorConfiguration()
        configure(&configuration)
        return try SlateGenerator.generate(inputs: [schemaPath, queryPath], configuration: configuration).contents
    }

    private func expectContains(_ text: String, _ fragment: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(text.contains(fragment), "missing: \(fragment)", sourceLocation: sourceLocation)
    }

    private func expectLacks(_ text: String, _ fragment: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!text.contains(fragment), "unexpected: \(fragment)", sourceLocation: sourceLocation)
    }

    static let schema = """
        CREATE TABLE event (id INTEGER PRIMARY KEY, stamp REAL, posted INTEGER, ts TIMESTAMP);
        CREATE VIEW v AS SELECT id, ts AS t FROM event;
        """

    /// The origin column's `types.dateColumns` entry outranks `types.dateDeclaredTypes` of
    /// the view's or query's column: `max(ts)`, a view's `t` and a parameter compared with
    /// it all read and bind as a plain `ts` does.
    @Test func originsDateColumnsOutranksDateDeclaredTypes() throws {
        let code = try generate(
            Self.schema,
            """
            -- name: maxTs :one
            SELECT max(ts) AS m, ts AS plain FROM event;

            -- name: viaView :many
            SELECT t FROM v WHERE t > :since;
            """
        ) {
            $0.types.dateDeclaredTypes["TIMESTAMP"] = .secondsSince2001
            $0.types.dateColumns["event.ts"] = .unixTime
        }
        expectContains(
            code, #"self.plain = try SQLRecordCoding.dateOrNil(statement, offset + 1, "maxTs.plain", .unixTime)"#)
        expectContains(code, #"self.m = try SQLRecordCoding.dateOrNil(statement, offset, "maxTs.m", .unixTime)"#)
        expectContains(code, #"self.t = try SQLRecordCoding.dateOrNil(statement, offset, "viaView.t", .unixTime)"#)
        // The row reads t as unix seconds; the parameter must be bound the same way.
        expectContains(code, #"try SQLRecordCoding.bind(since, handle, 1, .unixTime, "viaView :since")"#)
    }

    /// A negated column's values are not the column's: `-posted` is no date.
    @Test func negationHasNoValueOrigin() throws {
        let code = try generate(
            Self.schema,
            """
            -- name: neg :many
            SELECT -posted AS neg, max(-posted) AS mneg FROM event;
            """
        ) { $0.types.dateColumns["event.posted"] = .unixTimeInteger }
        expectLacks(code, "public var neg: Date?")
        expectLacks(code, "public var mneg: Date?")
    }

    /// The parts of a compound select nested in FROM must agree on the column their values
    /// come from, as at the top level.
    @Test func nestedCompoundSelectCoresMustAgree() throws {
        let code = try generate(
            Self.schema,
            """
            -- name: unionSub :one
            SELECT max(s) AS m FROM (SELECT stamp AS s FROM event UNION ALL SELECT posted FROM event);
            """
        ) {
            $0.types.dateColumns["event.stamp"] = .secondsSince2001
            $0.types.dateColumns["event.posted"] = .unixTimeInteger
        }
        expectLacks(code, #""unionSub.m", .secondsSince2001)"#)
    }

    /// A view's record and a query over the view agree on an aggregate column's type.
    @Test func viewRecordAndQueryAgreeOnAnAggregateColumn() throws {
        let code = try generate(
            Self.schema + "\nCREATE VIEW latest AS SELECT max(posted) AS newest FROM event;",
            """
            -- name: viewAgg :one
            SELECT newest FROM latest;
            """
        ) { $0.types.dateColumns["event.posted"] = .unixTimeInteger }
        expectContains(code, "public var newest: Date?") // the query row
        expectLacks(code, "public var newest: Int?") // the view record
    }
}
