import ArgumentParser
import Foundation
import SlateGenerator
import SlateSchema

@main
struct SlateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "slate",
        abstract: "SQLite for Swift, typed from the schema.",
        discussion: """
            Reads a SQLite schema, from .sql scripts or a database file, and generates typed \
            Swift for it, or prints it; compares a database with a desired schema and migrates \
            it there.

            Exit codes: 0 success; 1 the inputs or the configuration have an error (printed \
            as `file:line:column: error: message`); 64 the command line is wrong. `slate diff` \
            exits 1 when the schemas differ and 2 on an error.
            """,
        version: slateVersion,
        subcommands: [Generate.self, PrintSchema.self, Diff.self, Migrate.self, Diagram.self])
}

/// Every error the commands print is a ``Diagnostic``, in the `file: error: message`
/// form editors and CI logs link to. Errors that already name their file (a script's
/// line and column, a configuration key, an input) keep it; any other (SQLite's, the
/// planner's) is put at `file`, the input the command was working on.
func errorLine(_ error: any Error, at file: String) -> String {
    Diagnostic(error, at: file).description
}

/// Prints `diagnostic` to standard error, as every command prints what it has to say.
func printDiagnostic(_ diagnostic: Diagnostic) {
    FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8))
}
