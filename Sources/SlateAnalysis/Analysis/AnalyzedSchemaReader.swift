import Slate
import SlateSchema

/// Reads a schema with its views' columns typed by the SQL analysis: through expressions,
/// aggregates and joins, where SQLite's column metadata knows only plain column reads.
/// What the generator and the `slate` command use.
package enum AnalyzedSchemaReader {
    /// A view left out because SQLite could not prepare it.
    package struct SkippedView: Equatable, Sendable {
        /// The view's name.
        package var name: String
        /// SQLite's reason.
        package var reason: String
    }

    /// The schema of the main database of `context`, views typed.
    package static func read(from context: SQLContext) throws -> SQLSchema {
        try read(from: context, functions: [:]).schema
    }

    /// The schema of the main database of `context`, views typed, with `functions` (the
    /// application's own: lower-cased name → result type) known to the typing. A view
    /// SQLite cannot prepare (it calls a function nobody registered, it reads a table that
    /// is not there) is left out and reported, instead of failing the whole schema.
    package static func read(
        from context: SQLContext, functions: [String: String]
    ) throws -> (schema: SQLSchema, skipped: [SkippedView]) {
        var skipped: [SkippedView] = []
        var schema = try SchemaReader.read(from: context) { context, schema, name, sql in
            var analyzer = ResultColumnAnalyzer(context: context, schema: schema)
            analyzer.functions = functions
            let statement: SQLStatement
            do {
                statement = try context.prepare(sql: "SELECT * FROM \(SQLText.quotedIdentifier(name))")
            } catch let error as SQLError {
                skipped.append(SkippedView(name: name, reason: error.message))
                return []
            }
            defer { statement.close() }
            let structure = SelectStructure.parse(viewSelectTokens(sql))
            return try analyzer.resultColumns(of: statement, structure: structure)
        }
        let left = Set(skipped.map(\.name))
        schema.views.removeAll { left.contains($0.name) }
        return (schema, skipped)
    }

    /// The schema `scripts` build, views typed (``SchemaReader/read(scripts:)``).
    package static func read(scripts: [SQLScript]) throws -> SQLSchema {
        let context = try SchemaReader.load(scripts: scripts)
        defer { context.close() }
        return try read(from: context)
    }

    /// The tokens of the `SELECT` in a `CREATE VIEW` statement: everything after its first
    /// top-level `AS`.
    static func viewSelectTokens(_ sql: String) -> [SQLToken] {
        let tokens = SQLTokenizer.tokenize(sql)
        var depth = 0
        for (index, token) in tokens.enumerated() {
            if token.kind == .leftParen { depth += 1 }
            if token.kind == .rightParen { depth -= 1 }
            if depth == 0, token.isKeyword("AS") {
                return Array(tokens[(index + 1)...])
            }
        }
        return []
    }
}
