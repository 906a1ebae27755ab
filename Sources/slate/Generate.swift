import ArgumentParser
import Foundation
import SlateGenerator

struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Generate Swift for a database.",
        discussion: """
            The inputs make up one database: database files (.sqlite, .sqlite3, .db) are read \
            first, then .sql scripts are replayed over them in name order (numbers by value, \
            ContactsDB.sql before ContactsDB-AddView.sql). The database type is named after \
            the first schema input's stem, its name up to a sequence number (contacts-001.sql, \
            OtherDB-v001.sql → Contacts, OtherDB), or the shorter stem of another input it \
            starts (ContactsDB-AddView.sql with ContactsDB.sqlite3 → ContactsDB), unless \
            slate.json says otherwise. A .sql file with `-- name: query :kind` lines is a query \
            file: each query is prepared against the schema and becomes a typed function. \
            The typed API alone is generated unless slate.json asks for more: "emit": \
            {"attachedFunctions": true} adds functions over a raw sqlite3 handle \
            (Person.find(1, in: db)), "rawFunctions": true global ones \
            (sqlite3_person_find(db, 1)); raw mode ("api": false) has both. \
            --engine postgres (or both, or "engines": ["sqlite", "postgres"] in slate.json) \
            also renders the schema's scripts for PostgreSQL, each version's DDL from the \
            difference of the schemas before and after it (NAME-NNN.postgres.sql replacing \
            version NNN as written), into the database type's postgresSchemaScripts; what \
            does not translate is an error at its line, all of them reported. \
            Every error and warning names its file, and its line and column in SQL.
            """)

    @Argument(help: "The .sql scripts and database files of the database, and its query files.")
    var inputs: [String]

    @Option(help: "A slate.json file configuring naming, types and what is generated.")
    var config: String?

    @Option(
        help: ArgumentHelp(
            "The file name of a database input the target bundles as a resource: adds `static var module`, opening it read-only from Bundle.module.",
            valueName: "file-name"))
    var bundledResource: String?

    @Option(
        help: "Where to write: a .swift file, or a directory to write <Type>.swift into. Standard output when left out."
    )
    var output: String?

    @Option(
        parsing: .upToNextOption,
        help: ArgumentHelp(
            "The target's other Swift files (the plugins pass them): a type declared there with a generated type's name is an error at its declaration.",
            valueName: "swift-file"))
    var swiftSources: [String] = []

    @Option(
        help: ArgumentHelp(
            "The engines to generate for: sqlite, postgres (adds the schema's PostgreSQL scripts, every untranslatable construct an error) or both. Overrides \"engines\" in slate.json.",
            valueName: "engine"))
    var engine: GeneratedEngines?

    func validate() throws {
        if let bundledResource {
            let names = inputs.map { URL(fileURLWithPath: $0).lastPathComponent }
            guard names.contains(bundledResource), !bundledResource.lowercased().hasSuffix(".sql") else {
                throw ValidationError(
                    "--bundled-resource must name a database file among the inputs, not \"\(bundledResource)\"")
            }
        }
    }

    func run() throws {
        // Everything the stages report, printed once, in order; an error exits 1.
        var diagnostics: [Diagnostic] = []
        defer {
            if !diagnostics.isEmpty {
                FileHandle.standardError.write(
                    Data((diagnostics.map(\.description).joined(separator: "\n") + "\n").utf8))
            }
        }
        do {
            var configuration = try config.map(GeneratorConfiguration.load(path:)) ?? GeneratorConfiguration()
            configuration.bundledResource = bundledResource
            if let engine { configuration.engines = engine.engines }
            let file = try SlateGenerator.generate(inputs: inputs, configuration: configuration)
            diagnostics += file.diagnostics
            diagnostics += try file.clashes(withSwiftSources: swiftSources)
            if diagnostics.contains(where: { $0.severity == .error }) { throw ExitCode.failure }
            guard let output else {
                FileHandle.standardOutput.write(Data(file.contents.utf8))
                return
            }
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory)
            let path =
                (exists && isDirectory.boolValue) || output.hasSuffix("/")
                ? URL(fileURLWithPath: output).appendingPathComponent(file.fileName).path
                : output
            do {
                try OutputFile.write(file.contents, to: path)
            } catch {
                throw Diagnostic.error("cannot write the file: \(error.localizedDescription)", file: path)
            }
        } catch let error as ExitCode {
            throw error
        } catch let failure as GenerationFailure {
            diagnostics += failure.diagnostics
            throw ExitCode.failure
        } catch {
            diagnostics.append(Diagnostic(error, at: inputs.first ?? "slate"))
            throw ExitCode.failure
        }
    }
}

/// What `slate generate --engine` asks for.
enum GeneratedEngines: String, ExpressibleByArgument, CaseIterable {
    case sqlite
    case postgres
    case both

    var engines: Set<GeneratorConfiguration.Engine> {
        switch self {
        case .sqlite: [.sqlite]
        case .postgres: [.postgres]
        case .both: [.sqlite, .postgres]
        }
    }
}

/// Writes generated files, touching them only when their bytes change, so builds that
/// depend on them do not rerun.
enum OutputFile {
    static func write(_ contents: String, to path: String) throws {
        let data = Data(contents.utf8)
        if FileManager.default.contents(atPath: path) == data { return }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
