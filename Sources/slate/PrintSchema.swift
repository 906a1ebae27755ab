import ArgumentParser
import Foundation
import SlateGenerator
import SlateMigration
import SlateSchema

struct PrintSchema: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the schema of a database, as SQLite reports it.")

    @Argument(help: "The .sql scripts and database files of the database, or one .xml schema file.")
    var inputs: [String]

    @Flag(help: "Print JSON: tables, views, indexes and triggers as objects with a name and columns.")
    var json = false

    func run() throws {
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
}
