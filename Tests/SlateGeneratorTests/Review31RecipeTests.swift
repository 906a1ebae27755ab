import Foundation
import Slate
import SlateTestSupport
import Testing

@testable import SlateGenerator

/// The recipes' SQL, read from the articles themselves (SlateRecords.docc/RecipeFullTextSearch.md
/// and RecipeJSONColumns.md): the schemas and query files generate the API the recipes
/// call, and the SQL does what they say on a real database.
@Suite struct Review31RecipeTests {
    static let articles = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/SlateRecords/SlateRecords.docc")

    /// The article's ```sql blocks, in order.
    static func sqlBlocks(_ article: String) throws -> [String] {
        let text = try String(contentsOf: articles.appendingPathComponent(article), encoding: .utf8)
        var blocks: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```sql" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!.joined(separator: "\n") + "\n")
                current = nil
            } else if current != nil {
                current!.append(line)
            }
        }
        return blocks
    }

    /// Generates from `schema` and `queries` written as `stem-001.sql` and `stem-queries.sql`.
    static func generate(stem: String, schema: String, queries: String) throws -> String {
        let directory = TemporaryDirectory()
        let schemaPath = directory.path("\(stem)-001.sql")
        let queryPath = directory.path("\(stem)-queries.sql")
        try schema.write(toFile: schemaPath, atomically: true, encoding: .utf8)
        try queries.write(toFile: queryPath, atomically: true, encoding: .utf8)
        return try SlateGenerator.generate(inputs: [schemaPath, queryPath]).contents
    }

    private func expectContains(_ text: String, _ fragment: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(text.contains(fragment), "missing:\n\(fragment)", sourceLocation: sourceLocation)
    }

    // MARK: Full-text search

    @Test func theFullTextRecipeGeneratesTheSearchItCalls() throws {
        let blocks = try Self.sqlBlocks("RecipeFullTextSearch.md")
        #expect(blocks.count == 3)
        let schema = blocks[0]
        let queries = blocks[2]
        let code = try Self.generate(stem: "notes", schema: schema, queries: queries)
        expectContains(code, "public func searchNotes(pattern: String, limit: Int) throws -> [SearchNotesRow]")
        expectContains(code, "public var excerpt: String\n")
        expectContains(code, "public var noteId: Int\n")
        expectContains(code, "public var title: String\n")
        expectContains(code, "public struct NoteFts:")
        expectContains(code, "public var notes: SQLTable<Note, Self>")
    }

    @Test func theFullTextRecipesTriggersKeepTheIndexAndItsQueryRanks() throws {
        let blocks = try Self.sqlBlocks("RecipeFullTextSearch.md")
        let context = try SQLContext()
        defer { context.close() }
        try context.exec(sql: blocks[0])
        try context.exec(
            sql: "INSERT INTO note (title, body) VALUES ('Breakfast', 'A café au lait, then a café crème')")
        try context.exec(sql: "INSERT INTO note (title, body) VALUES ('Lunch', 'Tea and a cafe')")
        try context.exec(sql: "INSERT INTO note (title, body) VALUES ('Dinner', 'Soup')")
        // The query file's statement, its header lines being comments.
        let search = blocks[2]
        func hits(_ pattern: String) throws -> [[SQLValue]] {
            try context.query(sql: search, parameters: ["pattern": .text(pattern), "limit": 20])
        }
        // Diacritics removed; best match (two hits) first; the excerpt marks the match.
        let found = try hits("cafe")
        #expect(found.map { $0[1] } == [.text("Breakfast"), .text("Lunch")])
        #expect(found[1][2] == .text("Tea and a [cafe]"))
        // Updates and deletes reach the index through the triggers.
        try context.exec(sql: "UPDATE note SET body = 'Soup and a café' WHERE title = 'Dinner'")
        try context.exec(sql: "DELETE FROM note WHERE title = 'Lunch'")
        #expect(try hits("cafe").map { $0[1] } == [.text("Breakfast"), .text("Dinner")])
        #expect(try hits("tea").isEmpty)
        // The index checks out against its content table.
        try context.exec(sql: "INSERT INTO note_fts (note_fts) VALUES ('integrity-check')")
        try context.exec(sql: "INSERT INTO note_fts (note_fts) VALUES ('rebuild')")
        #expect(try hits("soup").count == 1)

        // What users type: raw, a syntax error; quoted as the recipe quotes it, plain words.
        for typed in ["don't", "C++", "\"unbalanced", "title:", "a AND"] {
            #expect(throws: SQLError.self, "\(typed)") { _ = try hits(typed) }
            let pattern = try #require(Self.ftsPattern(typed))
            _ = try hits(pattern)
        }
        #expect(try hits(try #require(Self.ftsPattern("  café   crème "))).map { $0[1] } == [.text("Breakfast")])
        #expect(Self.ftsPattern("   ") == nil)
    }

    /// The recipe's helper, as written there.
    static func ftsPattern(_ text: String) -> String? {
        let words = text.split(whereSeparator: \.isWhitespace).map { word in
            "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    @Test func theRecipesHelperIsTheOneInTheArticle() throws {
        let text = try String(
            contentsOf: Self.articles.appendingPathComponent("RecipeFullTextSearch.md"), encoding: .utf8)
        #expect(
            text.contains(
                """
                func ftsPattern(_ text: String) -> String? {
                    let words = text.split(whereSeparator: \\.isWhitespace).map { word in
                        "\\"" + word.replacingOccurrences(of: "\\"", with: "\\"\\"") + "\\""
                    }
                    return words.isEmpty ? nil : words.joined(separator: " ")
                }
                """))
    }

    // MARK: JSON columns

    @Test func theJSONRecipeGeneratesTypedColumnsAndQuery() throws {
        let blocks = try Self.sqlBlocks("RecipeJSONColumns.md")
        #expect(blocks.count == 2)
        let code = try Self.generate(stem: "events", schema: blocks[0], queries: blocks[1])
        expectContains(code, "public var payload: String\n")
        expectContains(code, "public internal(set) var kind: String?\n")
        expectContains(code, "public func eventsByEmail(email: String) throws -> [EventsByEmailRow]")
        expectContains(code, "public var email: String?\n")
        // The generated column is read, never written: the initializer leaves it out.
        expectContains(code, "public init(eventId: Int = Int.min, payload: String)")
    }

    @Test func theJSONRecipesSchemaComputesAndChecks() throws {
        let blocks = try Self.sqlBlocks("RecipeJSONColumns.md")
        let context = try SQLContext()
        defer { context.close() }
        try context.exec(sql: blocks[0])
        try context.exec(sql: #"INSERT INTO event (payload) VALUES ('{"kind":"signup","email":"a@b.c"}')"#)
        try context.exec(sql: #"INSERT INTO event (payload) VALUES ('{"kind":"login","email":"a@b.c"}')"#)
        #expect(
            try context.query(sql: "SELECT kind FROM event ORDER BY event_id") == [[.text("signup")], [.text("login")]])
        // The index serves the generated column.
        let plan = try context.query(sql: "EXPLAIN QUERY PLAN SELECT * FROM event WHERE kind = 'signup'")
        #expect(plan.contains { $0.contains(.text("SEARCH event USING INDEX event_by_kind (kind=?)")) })
        // Text that is not JSON: the CHECK's constraint error.
        #expect(throws: SQLError.self) { try context.exec(sql: "INSERT INTO event (payload) VALUES ('{oops')") }
        let rows = try context.query(sql: blocks[1], parameters: ["email": "a@b.c"])
        #expect(rows == [[.integer(1), .text("a@b.c")], [.integer(2), .text("a@b.c")]])
    }
}
