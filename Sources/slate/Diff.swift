import ArgumentParser
import Foundation
import Slate
import SlateGenerator
import SlateMigration
import SlateSchema

struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare a database with a desired schema.",
        discussion: """
            DESIRED is a .sql script or an XML schema file. Prints what differs and the plan \
            that would migrate the database, without writing anything. Exit codes: 0 the \
            database has the desired schema; 1 it differs; 2 an error.
            """)

    @Argument(help: "The desired schema: a .sql script or an .xml schema file.")
    var desired: String

    @Argument(help: "The database file.")
    var database: String

    func run() throws {
        do {
            let target = try DesiredSchema(contentsOf: desired)
            guard FileManager.default.fileExists(atPath: database) else {
                throw Diagnostic.error("no such file", file: database)
            }
            let context = try SQLContext(path: database, flags: [.readOnly])
            defer { context.close() }
            let differences = SchemaComparison.differences(
                try SchemaReader.read(from: context), target.schema, userVersion: target.setsUserVersion)
            guard !differences.isEmpty else {
                print("\(database) has the schema of \(desired)")
                return
            }
            let plan = try SchemaPlanner.plan(from: context, to: target)
            print(differences.map { "- " + $0 }.joined(separator: "\n"))
            print("")
            print(
                "-- The plan (slate migrate \(database) --to \(desired)\(plan.destructiveSteps.isEmpty ? "" : " --allow-destructive")):"
            )
            print(plan.script, terminator: "")
            throw ExitCode(1)
        } catch let error as ExitCode {
            throw error
        } catch {
            FileHandle.standardError.write(Data((errorLine(error, at: database) + "\n").utf8))
            throw ExitCode(2)
        }
    }
}

struct Migrate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Change a database to a desired schema, keeping its data.",
        discussion: """
            Plans the change (ALTER TABLE where SQLite can, a table rebuild where it cannot) \
            and applies it in one transaction, which rolls back entirely on any error. Creates \
            the database when the file does not exist. Steps that drop a table, or a column \
            holding data, or rewrite stored values (a type change, NULLs given a default), need \
            --allow-destructive. --dry-run prints the plan as SQL and opens \
            the database read-only: the file stays byte for byte as it was.
            """)

    @Argument(help: "The database file.")
    var database: String

    @Option(help: ArgumentHelp("The desired schema: a .sql script or an .xml schema file.", valueName: "desired"))
    var to: String

    @Flag(help: "Print the plan as SQL; change nothing.")
    var dryRun = false

    @Flag(help: "Allow steps that drop tables, or columns that hold data.")
    var allowDestructive = false

    func run() throws {
        do {
            let target = try DesiredSchema(contentsOf: to)
            let exists = FileManager.default.fileExists(atPath: database)
            if dryRun {
                let context = exists ? try SQLContext(path: database, flags: [.readOnly]) : try SQLContext()
                defer { context.close() }
                let plan = try SchemaPlanner.plan(from: context, to: target)
                print(plan.script, terminator: "")
                if !plan.destructiveSteps.isEmpty, !allowDestructive {
                    printDiagnostic(
                        .warning(
                            "the plan has destructive steps; it runs only with --allow-destructive", file: database))
                }
                return
            }
            let context = try SQLContext(path: database)
            defer { context.close() }
            let plan = try SchemaPlanner.plan(from: context, to: target)
            try plan.apply(to: context, allowDestructive: allowDestructive) { step in
                printDiagnostic(
                    .note(
                        "rebuilding table \(SQLText.displayName(step.object)) (\(step.rowCount ?? 0) rows)…",
                        file: database))
            }
            if plan.isEmpty {
                print("\(database) already has the schema of \(to)")
            } else {
                print(plan.steps.map { "- " + $0.summary }.joined(separator: "\n"))
                print("\(database) now has the schema of \(to)\(exists ? "" : " (created)")")
            }
        } catch let error as MigrationError where error.code == .destructive {
            printDiagnostic(
                .error(
                    error.message.replacingOccurrences(
                        of: "allow destructive changes to go ahead",
                        with: "run again with --allow-destructive to go ahead"),
                    file: database))
            throw ExitCode.failure
        } catch {
            FileHandle.standardError.write(Data((errorLine(error, at: database) + "\n").utf8))
            throw ExitCode.failure
        }
    }
}
