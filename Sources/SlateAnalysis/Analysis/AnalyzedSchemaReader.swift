import Slate
import SlateSchema

/// Reads a schema with its views' columns typed by the SQL analysis: through expressions,
/// aggregates and joins, where SQLite's column metadata knows only plain column reads.
/// What the generator and the `slate` command use.
package enum AnalyzedSchemaReader {
    /// The schema of the main database of `context`, views typed.
    package static func read(from context: SQLContext) throws -> Schema {
        try SchemaReader.read(from: context) { context, schema, name, sql in
            let analyzer = ResultColumnAnalyzer(context: context, schema: schema)
            let statement = try context.prepare(sql: "SELECT * FROM \(SQLText.quotedIdentifier(name))")
            defer { statement.close() }
            let structure = SelectStructure.parse(viewSelectTokens(sql))
            return try analyzer.resultColumns(of: statement, structure: structure)
        }
    }

    /// The schema `scripts` build, views typed (``SchemaReader/read(scripts:)``).
    package static func read(scripts: [SQLScript]) throws -> Schema {
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
