import Foundation
import Slate
import SlateSchema
import SlateTestSupport
import Testing

@testable import SlateGenerator

/// Reproductions from the review of issue 29 at the generator: a failing expectation is a
/// finding.
@Suite struct Review29GeneratorTests {
    private let schema = "CREATE TABLE book (id INTEGER PRIMARY KEY, title TEXT NOT NULL);\n"

    /// A query file whose only header misses the exact shape by a little — a trailing
    /// comment, a forgotten kind — was an error at its line before the change. Now it is a
    /// schema script: no function, the query replayed as schema, `schemaVersion` bumped, and
    /// an `:exec` insert run as a migration on every user's database.
    @Test(arguments: [
        "-- name: allBooks :many -- every book\nSELECT id, title FROM book;\n",
        "-- name: allBooks\nSELECT id, title FROM book;\n",
        "-- name: addPlaceholder :exec -- the book shown when there is none\nINSERT INTO book (title) VALUES ('untitled');\n",
    ])
    func aNearMissQueryHeaderIsAnErrorNotASchemaScript(queries: String) throws {
        let directory = TemporaryDirectory()
        let schemaPath = directory.path("shop.sql")
        let queriesPath = directory.path("shop-queries.sql")
        try schema.write(toFile: schemaPath, atomically: true, encoding: .utf8)
        try queries.write(toFile: queriesPath, atomically: true, encoding: .utf8)
        let file = try? SlateGenerator.generate(inputs: [schemaPath, queriesPath])
        #expect(file == nil, "generated without an error")
        #expect(file?.contents.contains("schemaVersion: Int64 = 1") ?? true, "the query file became schema version 2")
    }

    /// A view whose name a rule's `table` pattern matches takes the rule, even for the
    /// columns an earlier, more specific rule typed in the table the view shows: the same
    /// `SELECT` read as a Date in view `recent` is a Double in view `Adobe_recent`, and
    /// Lightroom's capture-time text in it throws when read.
    @Test func aViewNamedLikeATablePatternReadsItsColumnsAsTheTableDoes() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("catalog.sql")
        try """
        CREATE TABLE Adobe_images (id_local INTEGER PRIMARY KEY, captureTime, touchTime NOT NULL DEFAULT 0, rating);
        CREATE VIEW Adobe_recent AS SELECT id_local, captureTime, touchTime, rating FROM Adobe_images;
        CREATE VIEW recent AS SELECT id_local, captureTime, touchTime, rating FROM Adobe_images;
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let configuration = try GeneratorConfiguration.parse(
            Data(
                """
                { "types": { "rules": [
                  { "table": "Adobe_images", "column": "captureTime", "type": "Date" },
                  { "table": "Adobe_images", "column": "*Time", "dates": "secondsSince2001" },
                  { "table": "Adobe_*", "declaredType": "", "type": "Double" }
                ] } }
                """.utf8))
        let contents = try SlateGenerator.generate(inputs: [path], configuration: configuration).contents
        #expect(contents.contains("public var captureTime: SQLColumn<Recent, Date?> { SQLColumn(1) }"))
        #expect(contents.contains("public var captureTime: SQLColumn<AdobeRecent, Date?> { SQLColumn(1) }"))
        #expect(
            contents.contains(
                "public var touchTime: SQLColumn<AdobeRecent, Date> { SQLColumn(2, dates: .secondsSince2001) }"))
    }

    /// Naming: `lenses` is the plural of `lens`; a table already named in the plural keeps
    /// its plural accessor even when a singular table comes first.
    @Test func pluralTablesKeepTheirPlural() throws {
        withKnownIssue("lenses and a plural table beside its singular (closing note: left open)") {
            let directory = TemporaryDirectory()
            let path = directory.path("names.sql")
            try """
            CREATE TABLE status (id INTEGER PRIMARY KEY);
            CREATE TABLE statuses (id INTEGER PRIMARY KEY);
            CREATE TABLE lenses (id INTEGER PRIMARY KEY);
            """.write(toFile: path, atomically: true, encoding: .utf8)
            let contents = try SlateGenerator.generate(inputs: [path]).contents
            #expect(contents.contains("public struct Lens:"))
            #expect(contents.contains("public var statuses: SQLTable<Statuses, Self>"))
        }
    }
}
