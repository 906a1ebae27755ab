import Slate
import SlateSchema

/// A named query checked against a schema: SQLite prepared it, and its result columns and
/// parameters are typed.
package struct AnalyzedQuery: Equatable, Sendable {
    /// The query as written.
    package var definition: QueryDefinition
    /// The result columns (empty for a statement that returns none).
    package var columns: [ResultColumn]
    /// The named parameters, in order of first appearance (SQLite's parameter order).
    package var parameters: [QueryParameter]
    /// Whether the statement only reads.
    package var isReadOnly: Bool
}

/// Checks named queries against the schema in a connection: each is prepared by SQLite,
/// so a query that does not fit the schema fails here, at its line, with SQLite's message.
package struct QueryAnalyzer {
    /// The connection holding the schema.
    package let context: SQLContext
    /// The schema, for typing columns and parameters.
    package let schema: SQLSchema

    /// Creates an analyzer.
    package init(context: SQLContext, schema: SQLSchema) {
        self.context = context
        self.schema = schema
    }

    /// Prepares and types `query`.
    ///
    /// - Throws: ``ScriptError`` at the query's place in its file: SQLite's message when
    ///   the statement does not prepare, or what is wrong with its parameters or kind.
    package func analyze(_ query: QueryDefinition) throws -> AnalyzedQuery {
        let tokens = SQLTokenizer.tokenize(query.sql)
        if let anonymous = tokens.first(where: { $0.kind == .parameter && $0.value.hasPrefix("?") }) {
            throw query.error(
                at: anonymous.offset,
                "parameter \(anonymous.text) has no name; name it (:name) so the generated function can take it as an argument"
            )
        }
        let statement: SQLStatement
        do {
            statement = try context.prepare(sql: query.sql)
        } catch let error as SQLError {
            throw query.error(at: error.offset ?? 0, error.message)
        }
        defer { statement.close() }

        let parameters = ParameterAnalyzer(tokens: tokens, schema: schema).parameters()
        let reported = (0..<Int(statement.parameterCount)).map { statement.parameterName(at: Int32($0 + 1)) ?? "?" }
        guard reported == parameters.map(\.spelling) else {
            throw query.error(
                at: nil,
                "the parameters SQLite reports (\(reported.joined(separator: ", "))) differ from those in the text (\(parameters.map(\.spelling).joined(separator: ", ")))"
            )
        }
        var seen: [String: String] = [:]
        for parameter in parameters {
            if let other = seen[parameter.name] {
                throw query.error(
                    at: parameter.uses[0].offset,
                    "parameters \(other) and \(parameter.spelling) would both be the argument '\(parameter.name)'; give them different names"
                )
            }
            seen[parameter.name] = parameter.spelling
        }

        var columns: [ResultColumn] = []
        if statement.columnCount > 0 {
            let analyzer = ResultColumnAnalyzer(context: context, schema: schema)
            let structure = SelectStructure.parse(tokens) ?? analyzer.returningStructure(tokens)
            columns = try analyzer.resultColumns(of: statement, structure: structure)
        }
        if query.kind.returnsRows && columns.isEmpty {
            throw query.error(
                at: nil,
                "query '\(query.name)' is :\(query.kind.rawValue), but its statement returns no columns; use :exec, :execrows or :lastid"
            )
        }
        if (query.kind == .execrows || query.kind == .lastid) && statement.isReadOnly {
            throw query.error(
                at: nil,
                "query '\(query.name)' is :\(query.kind.rawValue), but its statement only reads; :execrows and :lastid are for statements that change rows"
            )
        }
        return AnalyzedQuery(
            definition: query, columns: columns, parameters: parameters, isReadOnly: statement.isReadOnly)
    }
}
