import SlatePostgresSchema
import SlateSchema

extension GeneratorConfiguration {
    /// Each column's PostgreSQL type, from the Swift type this configuration gives it:
    /// the one typing both engines' code is generated from.
    package var postgresTyping: PostgresColumnTyping {
        let configuration = self
        return { table, column in
            let typing = configuration.typing(declaredType: column.declaredType, table: table, column: column.name)
            switch typing.type {
            case .int: return .bigint
            case .double: return .doublePrecision
            case .string, .url: return .text
            case .bytes: return .bytea
            case .bool: return .boolean
            case .date: return .timestamptz
            case .uuid: return .uuid
            case .value:
                // A dynamic value: NUMERIC when the column is declared a number, else none.
                return column.affinity == .numeric && !column.declaredType.isEmpty
                    && column.declaredType.uppercased() != "ANY" ? .numeric : nil
            }
        }
    }
}

extension SlateGenerator {
    /// The PostgreSQL form of the schema `inputs` make up: its `.sql` scripts rendered one
    /// by one, `.postgres.sql` scripts replacing those of their numbers; a schema read from
    /// a database file renders whole, as version 1. Query files are left out.
    ///
    /// - Throws: ``Diagnostic`` at the input that fails to replay.
    package static func postgresForm(
        inputs: [String], configuration: GeneratorConfiguration = GeneratorConfiguration()
    ) throws(Diagnostic) -> PostgresSchemaRendering {
        let sources = try reported(at: inputs.first ?? "") { try Inputs(inputs) }
        return try postgresForm(sources, configuration: configuration)
    }

    /// The PostgreSQL form from the sorted inputs: stage 4½ of generation, and `slate schema --engine postgres`.
    static func postgresForm(
        _ sources: Inputs, configuration: GeneratorConfiguration
    ) throws(Diagnostic) -> PostgresSchemaRendering {
        let place = sources.schemaInputs.first ?? sources.postgresScripts.first?.path ?? ""
        return try reported(at: place) {
            if !sources.databases.isEmpty {
                let context = try SchemaReader.load(scripts: sources.scripts, over: sources.databases)
                defer { context.close() }
                return PostgresSchemaRenderer.render(
                    schema: try SchemaReader.read(from: context), file: place, typing: configuration.postgresTyping)
            }
            return try PostgresSchemaRenderer.render(
                scripts: sources.scripts, postgresScripts: sources.postgresScripts,
                typing: configuration.postgresTyping)
        }
    }
}
