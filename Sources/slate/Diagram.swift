import ArgumentParser
import Foundation
import SlateGenerator

extension SchemaDiagram.Format: ExpressibleByArgument {}

struct Diagram: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw an entity-relationship diagram of a schema.",
        discussion: """
            Tables with their columns, types and keys; foreign keys as edges labelled with \
            their columns; views with the tables and views they read. Mermaid by default \
            (GitHub and most Markdown viewers draw a ```mermaid block); --format dot writes \
            Graphviz DOT, for `dot -Tsvg`. The same schema always gives the same bytes.
            """)

    @Argument(help: "The .sql scripts and database files of the database.")
    var inputs: [String]

    @Option(help: "mermaid or dot.")
    var format: SchemaDiagram.Format = .mermaid

    @Option(help: "The file to write; standard output when left out.")
    var output: String?

    func run() throws {
        do {
            let schema = try SlateGenerator.loadSchema(inputs: inputs)
            let text = SchemaDiagram.render(schema, format: format)
            guard let output else {
                FileHandle.standardOutput.write(Data(text.utf8))
                return
            }
            do {
                try OutputFile.write(text, to: output)
            } catch {
                throw InputError(path: output, message: "cannot write the file: \(error.localizedDescription)")
            }
        } catch {
            FileHandle.standardError.write(Data((errorLine(error, at: inputs.first ?? "slate") + "\n").utf8))
            throw ExitCode.failure
        }
    }
}
