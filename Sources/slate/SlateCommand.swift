import ArgumentParser

@main
struct SlateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "slate",
        abstract: "SQLite for Swift, typed from the schema.",
        discussion: """
            Reads a SQLite schema, from .sql scripts or a database file, and generates typed \
            Swift for it, or prints it.

            Exit codes: 0 success; 1 the inputs or the configuration have an error (printed \
            as `file:line:column: error: message`); 64 the command line is wrong.
            """,
        subcommands: [Generate.self, PrintSchema.self])
}
