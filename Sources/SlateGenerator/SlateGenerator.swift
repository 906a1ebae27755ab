import Foundation
import Slate
import SlateAnalysis
import SlateSchema

/// Generates Swift for a database, in stages: inputs are replayed or read into SQLite →
/// reflection gives a ``Schema`` → the ``ModelBuilder`` decides names and types → the
/// ``Translator`` builds a structured Swift description → the ``TextRenderer`` writes text.
public enum SlateGenerator {
    /// One generated file.
    public struct GeneratedFile: Equatable, Sendable {
        /// The database type's name (`Contacts`).
        public var typeName: String
        /// The file's name (`Contacts.swift`).
        public var fileName: String
        /// The Swift source.
        public var contents: String
        /// What was left out and why, as `file: warning: message` lines for the caller to
        /// print (views SQLite could not prepare).
        public var warnings: [String] = []
    }

    /// File extensions read as database files.
    public static let databaseExtensions: Set<String> = ["sqlite", "sqlite3", "db"]
    /// File extensions read as SQL scripts.
    public static let scriptExtensions: Set<String> = ["sql"]

    /// Generates the Swift for the database the input files make up.
    ///
    /// - Parameter inputs: `.sql` scripts (replayed in file-name order), database files
    ///   (`.sqlite`, `.sqlite3`, `.db`), all one database, and query files: `.sql` files
    ///   with `-- name:` lines, whose queries become typed functions.
    /// - Throws: ``ScriptError`` for a script that fails or a query that does not fit the
    ///   schema (`file:line:column: error: …`), ``InputError`` for an unreadable or
    ///   unsupported input, ``SQLError`` from SQLite.
    public static func generate(inputs: [String], configuration: GeneratorConfiguration = GeneratorConfiguration()) throws -> GeneratedFile {
        let sources = try Inputs(inputs)
        let context = try SchemaReader.load(scripts: sources.scripts, over: sources.databases)
        defer { context.close() }
        // The application's functions, so that views calling them prepare; never called.
        for (name, function) in configuration.functions {
            try context.createFunction(name, argumentCount: Int32(function.arguments)) { _ in .null }
        }
        let functionTypes = Dictionary(
            configuration.functions.compactMap { name, function in function.returns.map { (name.lowercased(), $0) } },
            uniquingKeysWith: { first, _ in first })
        let (read, skipped) = try AnalyzedSchemaReader.read(from: context, functions: functionTypes)
        var schema = read
        let excluded = Set(configuration.excludeObjects.map { $0.lowercased() })
        schema.tables.removeAll { excluded.contains($0.name.lowercased()) }
        schema.views.removeAll { excluded.contains($0.name.lowercased()) }
        schema.indexes.removeAll { excluded.contains($0.table.lowercased()) }
        schema.triggers.removeAll { excluded.contains($0.table.lowercased()) }
        let place = sources.schemaInputs.first ?? "schema"
        let warnings = skipped.filter { !excluded.contains($0.name.lowercased()) }.map { view in
            "\(place): warning: view \"\(view.name)\" left out: \(view.reason) (declare the function under \"functions\" in slate.json, or list the view under \"excludeObjects\")"
        }
        let analyzer = QueryAnalyzer(context: context, schema: schema)
        var queries: [AnalyzedQuery] = []
        for file in sources.queryFiles {
            for query in file.queries { queries.append(try analyzer.analyze(query)) }
        }
        // A schema from scripts alone has versions, one a script; over a database file it
        // has none.
        let versions = sources.databases.isEmpty ? SQLScript.ordered(sources.scripts).map { script in
            SchemaScript(file: script.fileName, sql: String(script.text.reversed().drop(while: \.isWhitespace).reversed()))
        } : []
        var file = try generate(
            schema: schema, queries: queries, inputs: inputs, schemaInputs: sources.schemaInputs, schemaScripts: versions,
            configuration: configuration)
        file.warnings = warnings
        return file
    }

    /// Generates the Swift for `schema`; `inputs` name the files it came from, for the
    /// header and the database type's name.
    public static func generate(schema: Schema, inputs: [String], configuration: GeneratorConfiguration = GeneratorConfiguration()) throws -> GeneratedFile {
        try generate(schema: schema, queries: [], inputs: inputs, schemaInputs: inputs, configuration: configuration)
    }

    static func generate(
        schema: Schema, queries: [AnalyzedQuery], inputs: [String], schemaInputs: [String], schemaScripts: [SchemaScript] = [],
        configuration: GeneratorConfiguration
    ) throws -> GeneratedFile {
        let typeName = configuration.databaseTypeName ?? databaseTypeName(for: schemaInputs)
        let names = inputs.map { URL(fileURLWithPath: $0).lastPathComponent }.sorted()
        var schema = schema
        // A schema from scripts alone is versioned by them: its version is the number of
        // scripts. Scripts that set another user_version themselves keep it, and the app
        // versions its schema itself.
        let versioned = !schemaScripts.isEmpty && configuration.emit.api
            && (schema.userVersion == 0 || schema.userVersion == Int64(schemaScripts.count))
        if versioned { schema.userVersion = Int64(schemaScripts.count) }
        let builder = ModelBuilder(schema: schema, configuration: configuration, typeName: typeName, inputs: names, queries: queries)
        var model = try builder.build()
        if versioned { model.schemaScripts = schemaScripts }
        let file = Translator(model: model).translateFile()
        return GeneratedFile(typeName: typeName, fileName: typeName + ".swift", contents: TextRenderer.render(file))
    }

    /// The schema the inputs make up: database files first (copied into memory), then the
    /// scripts replayed over them in file-name order. Query files are left out.
    public static func loadSchema(inputs: [String]) throws -> Schema {
        let context = try loadDatabase(inputs: inputs)
        defer { context.close() }
        return try AnalyzedSchemaReader.read(from: context)
    }

    /// An in-memory database holding what the inputs make up (query files left out).
    public static func loadDatabase(inputs: [String]) throws -> SQLContext {
        let sources = try Inputs(inputs)
        return try SchemaReader.load(scripts: sources.scripts, over: sources.databases)
    }

    /// The inputs sorted by what they are.
    struct Inputs {
        var scripts: [SQLScript] = []
        var databases: [String] = []
        var queryFiles: [QueryFile] = []
        /// The scripts' and databases' paths: what makes up the schema.
        var schemaInputs: [String] = []

        init(_ inputs: [String]) throws {
            guard !inputs.isEmpty else { throw InputError(path: "", message: "no input files") }
            for input in inputs {
                let ext = URL(fileURLWithPath: input).pathExtension.lowercased()
                if scriptExtensions.contains(ext) {
                    let script = try SQLScript(contentsOf: input)
                    if QueryFile.isQueryFile(script.text) {
                        queryFiles.append(try QueryFile(path: input, text: script.text))
                        continue
                    }
                    scripts.append(script)
                } else if databaseExtensions.contains(ext) {
                    guard FileManager.default.fileExists(atPath: input) else {
                        throw InputError(path: input, message: "no such file")
                    }
                    databases.append(input)
                } else {
                    throw InputError(path: input, message: "not an input slate reads: use .sql scripts or database files (.sqlite, .sqlite3, .db)")
                }
                schemaInputs.append(input)
            }
            guard !schemaInputs.isEmpty else {
                throw InputError(path: inputs[0], message: "only query files were given; add the schema's .sql scripts or database file")
            }
            databases.sort()
            queryFiles.sort { ($0.path.split(separator: "/").last ?? "", $0.path) < ($1.path.split(separator: "/").last ?? "", $1.path) }
        }
    }

    /// The database type's name for a set of inputs: the stem of the first input given,
    /// its name up to a `-001`-style sequence number, in upper camel case
    /// (`contacts-001.sql` → `Contacts`, `bookshop-002-sales.sql` → `Bookshop`,
    /// `order-items.sql` → `OrderItems`; `ContactsDB.sqlite3 ContactsDB-AddView.sql` →
    /// `ContactsDB`). The plugins group a target's files by the same stem and give the
    /// database file first.
    public static func databaseTypeName(for inputs: [String]) -> String {
        let first = inputs.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "Database"
        let name = NameStyle.upperCamel(stem(of: URL(fileURLWithPath: first).deletingPathExtension().lastPathComponent))
        return SwiftIdentifier.reservedTypeNames.contains(name) ? name + "Database" : name
    }
}

/// A file name's stem: the name up to a `-001`-style sequence number (`contacts-001` →
/// `contacts`, `bookshop-002-sales` → `bookshop`, `order-items` → `order-items`).
func stem(of name: String) -> String {
    let parts = name.split(separator: "-", omittingEmptySubsequences: false)
    guard let number = parts.indices.dropFirst().first(where: { !parts[$0].isEmpty && parts[$0].allSatisfy(\.isNumber) }) else {
        return name
    }
    return parts[..<number].joined(separator: "-")
}

/// An input file that cannot be used: `path: error: message`.
public struct InputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file.
    public var path: String
    /// What is wrong.
    public var message: String

    /// `path: error: message`.
    public var description: String { path.isEmpty ? "error: \(message)" : "\(path): error: \(message)" }
}
