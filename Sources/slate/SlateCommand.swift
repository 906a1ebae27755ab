import ArgumentParser

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
        subcommands: [Generate.self, PrintSchema.self, Diff.self, Migrate.self])
}
