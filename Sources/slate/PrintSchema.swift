import ArgumentParser
import Foundation
import SlateGenerator
import SlateMigration
import SlatePostgresSchema
import SlateSchema

/// The database engines Slate renders a schema for.
enum Engine: String, ExpressibleByArgument, CaseIterable {
    case sqlite
    case postgres
}

struct PrintSchema: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the schema of a database, as SQLite reports it, or its PostgreSQL scripts.",
        discussion: """
            With --engine postgres, prints the PostgreSQL form of each numbered script, in \
            order, each headed by a comment naming its version and file: the DDL from the \
            schema before the script to the schema after it, then its data statements. A \
            NAME-NNN.postgres.sql input replaces script NNN's form as written. What does not \
            translate (triggers, virtual tables, COLLATE NOCASE, untyped columns, SQLite-only \
            functions in views and defaults) is printed as file:line:column: error: lines, \
            all of them, and the command exits 1.
            """)

    @Argument(help: "The .sql scripts and database files of the database, or one .xml schema file.")
    var inputs: [String]

    @Flag(help: "Print JSON: tables, views, indexes and triggers as objects with a name and columns.")
    var json = false

    @Option(help: "The engine: sqlite (the schema as SQLite reports it) or postgres (the PostgreSQL scripts).")
    var engine: Engine = .sqlite

    @Option(help: "A slate.json file, whose types decide the PostgreSQL column types (with --engine postgres).")
    var config: String?

    func run() throws {
        if engine == .postgres { return try printPostgres() }
        do {
            let schema =
                inputs.count == 1 && inputs[0].lowercased().hasSuffix(".xml")
                ? try DesiredSchema(contentsOf: inputs[0]).schema
                : try SlateGenerator.loadSchema(inputs: inputs)
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                FileHandle.standardOutput.write(try encoder.encode(schema) + Data("\n".utf8))
            } else {
                FileHandle.standardOutput.write(Data(SchemaText.describe(schema).utf8))
            }
        } catch {
            FileHandle.standardError.write(Data((errorLine(error, at: inputs.first ?? "slate") + "\n").utf8))
            throw ExitCode.failure
        }
    }

    /// `--engine postgres`: the scripts on standard output, every error on standard error.
    private func printPostgres() throws {
        do {
            let configuration = try config.map(GeneratorConfiguration.load(path:)) ?? GeneratorConfiguration()
            let rendering = try SlateGenerator.postgresForm(inputs: inputs, configuration: configuration)
            if !rendering.errors.isEmpty {
                FileHandle.standardError.write(
                    Data((rendering.errors.map(\.description).joined(separator: "\n") + "\n").utf8))
                throw ExitCode.failure
            }
            var text = ""
            for script in rendering.scripts {
                text += "-- version \(script.version): \(script.file)\n\(script.sql)"
                if !text.hasSuffix("\n") { text += "\n" }
            }
            FileHandle.standardOutput.write(Data(text.utf8))
        } catch let error as ExitCode {
            throw error
        } catch {
            FileHandle.standardError.write(Data((errorLine(error, at: inputs.first ?? "slate") + "\n").utf8))
            throw ExitCode.failure
        }
    }
}
