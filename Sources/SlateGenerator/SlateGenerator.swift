import Foundation
import Slate
import SlateAnalysis
import SlatePostgresSchema
import SlateSchema

/// Generates Swift for a database, in stages: inputs are replayed or read into SQLite →
/// reflection gives a ``/SlateSchema/SQLSchema`` → the `ModelBuilder` decides names and
/// types → the `Translator` builds a structured Swift description → the `TextRenderer`
/// writes text.
public enum SlateGenerator {
    /// One generated file.
    public struct GeneratedFile: Equatable, Sendable {
        /// The database type's name (`Contacts`).
        public var typeName: String
        /// The file's name (`Contacts.swift`).
        public var fileName: String
        /// The Swift source.
        public var contents: String
        /// What the stages reported without stopping, for the caller to print: what was
        /// left out and why (views SQLite could not prepare), settings that name nothing.
        public var diagnostics: [Diagnostic] = []
        /// The types the file declares at the top level, each with what it is generated
        /// from (`"table person"`): a hand-written type of the same name clashes.
        public var topLevelTypes: [String: String] = [:]

        /// An error for each declaration in the Swift files at `paths` (the rest of the
        /// target) named like one of ``topLevelTypes``, at its line and column: one per
        /// clash, instead of the compiler's many errors in the generated file.
        ///
        /// - Throws: ``Diagnostic`` for a file that cannot be read.
        public func clashes(withSwiftSources paths: [String]) throws(Diagnostic) -> [Diagnostic] {
            try SwiftSourceClashes.errors(
                generated: topLevelTypes, swiftSources: paths,
                slateJSONHint:
                    "give the table's record another name in slate.json (\"naming\": {\"recordTypeNames\": {\"table\": \"Name\"}}), set \"naming\": {\"nestRecordTypes\": true}, or rename the hand-written type"
            )
        }
    }

    /// File extensions read as database files.
    public static let databaseExtensions: Set<String> = ["sqlite", "sqlite3", "db"]
    /// File extensions read as SQL scripts.
    public static let scriptExtensions: Set<String> = ["sql"]

    /// Generates the Swift for the database the input files make up.
    ///
    /// The stages, each a function from what the last one made:
    /// read inputs (paths → sorted inputs) → replay (inputs → a database in memory) →
    /// check (what SQLite accepts but the app would trip on) → reflect (database →
    /// schema and queries, left-out views warned about) → PostgreSQL, when
    /// ``GeneratorConfiguration/engines`` asks for it (scripts → their PostgreSQL form,
    /// every untranslatable construct an error at its line) → build the model (schema →
    /// names and types) → translate (model → Swift description) → render (description
    /// → file). Warnings are collected on the way into
    /// ``GeneratedFile/diagnostics``; the first error stops it.
    ///
    /// - Parameter inputs: `.sql` scripts (replayed in file-name order), database files
    ///   (`.sqlite`, `.sqlite3`, `.db`), all one database, and query files: `.sql` files
    ///   with `-- name:` lines, whose queries become typed functions.
    /// - Parameter configuration: The settings of `slate.json`.
    /// - Throws: ``GenerationFailure``, whose diagnostics end with the error that stopped
    ///   it: a script that fails or a query that does not fit the schema at its line and
    ///   column (`file:line:column: error: …`); any other failure at the input it comes
    ///   from (`file: error: …`: an unreadable or unsupported input, a database file
    ///   SQLite cannot read, the schema the inputs make up).
    public static func generate(
        inputs: [String], configuration: GeneratorConfiguration = GeneratorConfiguration()
    ) throws(GenerationFailure) -> GeneratedFile {
        var diagnostics = Diagnostics()
        let sources = try diagnostics.stage(at: inputs.first) { _ in try readInputs(inputs) }
        // What fails past the replay, fails in the schema the inputs make up: reported at
        // the input the database is named after.
        let place = sources.schemaInputs[0]
        let context = try diagnostics.stage(at: place) { _ in try replaySchema(sources, configuration: configuration) }
        defer { context.close() }
        try diagnostics.stage(at: place) { _ in try check(context, sources, configuration: configuration) }
        let reflected = try diagnostics.stage(at: place) {
            try reflect(context, sources, configuration: configuration, diagnostics: &$0)
        }
        let postgresScripts =
            configuration.engines.contains(.postgres)
            ? try diagnostics.stage(at: place) {
                try renderPostgres(sources, configuration: reflected.configuration, diagnostics: &$0)
            } : []
        var model = try diagnostics.stage(at: place) { _ in
            try buildModel(
                schema: reflected.schema, queries: reflected.queries, inputs: inputs,
                schemaInputs: sources.schemaInputs,
                schemaScripts: reflected.versions, configuration: reflected.configuration)
        }
        model.postgresSchemaScripts = postgresScripts
        var file = render(translate(model), model: model)
        file.diagnostics = diagnostics.all
        return file
    }

    // MARK: Stages

    /// Stage 1, read inputs: the paths sorted into scripts, database files and query files.
    static func readInputs(_ paths: [String]) throws -> Inputs {
        try Inputs(paths)
    }

    /// Stage 2, replay: an in-memory database holding the database files with the scripts
    /// replayed over them, and the application's functions declared (never called), so
    /// that views calling them prepare.
    static func replaySchema(_ sources: Inputs, configuration: GeneratorConfiguration) throws -> SQLContext {
        let context: SQLContext
        do {
            context = try SchemaReader.load(
                scripts: sources.scripts, over: sources.databases,
                allowingDoubleQuotedStrings: configuration.doubleQuotedStrings)
        } catch let error as ScriptError where !configuration.doubleQuotedStrings {
            throw DoubleQuotedStrings.explained(error, scripts: sources.scripts)
        }
        do {
            for (name, function) in configuration.functions {
                try context.createFunction(name, argumentCount: Int32(clamping: function.arguments)) { _ in .null }
            }
        } catch {
            context.close()
            throw error
        }
        return context
    }

    /// Stage 3, check: what SQLite accepts but the generated code would trip on (a string
    /// in double quotes, a foreign key to nothing), at the script line that does it.
    static func check(_ context: SQLContext, _ sources: Inputs, configuration: GeneratorConfiguration) throws {
        let excluded = configuration.excludedObjects
        if !configuration.doubleQuotedStrings {
            try DoubleQuotedStrings.check(
                context, scripts: sources.scripts, databases: sources.databases, excluded: excluded)
        }
        try ForeignKeyTargets.check(context, scripts: sources.scripts, databases: sources.databases, excluded: excluded)
    }

    /// What reflection gives the model builder.
    struct Reflected {
        /// The schema, excluded objects left out.
        var schema: Schema
        /// The query files' queries, prepared against it.
        var queries: [AnalyzedQuery]
        /// The scripts as the schema's versions (none over a database file).
        var versions: [SchemaScript]
        /// The configuration with its names spelled as the schema spells them.
        var configuration: GeneratorConfiguration
    }

    /// Stage 4, reflect: the schema the database holds, excluded objects left out, views
    /// SQLite cannot prepare warned about; the query files' queries prepared against it;
    /// the configuration's names resolved against it (a name that matches nothing warned
    /// about).
    static func reflect(
        _ context: SQLContext, _ sources: Inputs, configuration: GeneratorConfiguration, diagnostics: inout Diagnostics
    ) throws -> Reflected {
        let excluded = configuration.excludedObjects
        let functionTypes = Dictionary(
            configuration.functions.compactMap { name, function in function.returns.map { (name.lowercased(), $0) } },
            uniquingKeysWith: { first, _ in first })
        var (schema, skipped) = try AnalyzedSchemaReader.read(from: context, functions: functionTypes)
        schema.tables.removeAll { excluded.contains($0.name.lowercased()) }
        schema.views.removeAll { excluded.contains($0.name.lowercased()) }
        schema.indexes.removeAll { excluded.contains($0.table.lowercased()) }
        schema.triggers.removeAll { excluded.contains($0.table.lowercased()) }
        for view in skipped where !excluded.contains(view.name.lowercased()) {
            let place = definition(of: "view", named: view.name, in: sources.scripts)
            let advice =
                view.reason.hasPrefix("no such function")
                ? "declare the function under \"functions\" in slate.json, or list the view under \"excludeObjects\""
                : "list the view under \"excludeObjects\" in slate.json to leave it out quietly"
            diagnostics.emit(
                .warning(
                    "view \"\(view.name)\" left out: \(view.reason) (\(advice))",
                    file: place?.path ?? sources.databases.first ?? sources.schemaInputs[0], line: place?.line,
                    column: place?.column))
        }
        // The settings' warnings come before the queries: a query that fails keeps them.
        let (resolved, settingWarnings) = configuration.resolvingNames(against: schema)
        for warning in settingWarnings { diagnostics.emit(warning) }
        let analyzer = QueryAnalyzer(context: context, schema: schema)
        var queries: [AnalyzedQuery] = []
        for file in sources.queryFiles {
            for query in file.queries {
                do {
                    queries.append(try analyzer.analyze(query))
                } catch {
                    throw Diagnostic(error, at: file.path)
                }
            }
        }
        // A schema from scripts alone has versions, one a script; over a database file it
        // has none.
        let versions =
            sources.databases.isEmpty
            ? SQLScript.ordered(sources.scripts).map { script in
                SchemaScript(
                    file: script.fileName, sql: String(script.text.reversed().drop(while: \.isWhitespace).reversed()))
            } : []
        return Reflected(schema: schema, queries: queries, versions: versions, configuration: resolved)
    }

    /// Stage 4½, PostgreSQL (when `engines` asks for it): the schema's scripts rendered for
    /// PostgreSQL one by one, `.postgres.sql` scripts replacing those of their numbers.
    /// Everything that does not translate is reported, each at its line, and stops
    /// generation.
    static func renderPostgres(
        _ sources: Inputs, configuration: GeneratorConfiguration, diagnostics: inout Diagnostics
    ) throws -> [SchemaScript] {
        if let database = sources.databases.first {
            throw InputError(
                path: database,
                message:
                    "PostgreSQL's form of a schema is rendered from its .sql scripts, one a version, and a database file has none; give the schema as scripts, or leave \"postgres\" out of the engines"
            )
        }
        guard configuration.emit.api else {
            throw ConfigurationError(
                path: configuration.source.path,
                message:
                    "the PostgreSQL scripts (engine \"postgres\") are carried by the database type of the typed API, which raw mode (\"emit\": {\"api\": false}) does not generate"
            )
        }
        let rendering = try postgresForm(sources, configuration: configuration)
        guard rendering.errors.isEmpty else {
            for error in rendering.errors { diagnostics.emit(Diagnostic(error, at: sources.schemaInputs[0])) }
            throw GenerationFailure(diagnostics: diagnostics.all)
        }
        return rendering.scripts.map { script in
            SchemaScript(
                file: URL(fileURLWithPath: script.file).lastPathComponent, sql: script.sql,
                sourceDigest: script.sourceDigest)
        }
    }

    /// Generates the Swift for `schema`; `inputs` name the files it came from, for the
    /// header and the database type's name.
    public static func generate(
        schema: SQLSchema, inputs: [String], configuration: GeneratorConfiguration = GeneratorConfiguration()
    ) throws -> GeneratedFile {
        try generate(schema: schema, queries: [], inputs: inputs, schemaInputs: inputs, configuration: configuration)
    }

    static func generate(
        schema: Schema, queries: [AnalyzedQuery], inputs: [String], schemaInputs: [String],
        schemaScripts: [SchemaScript] = [],
        configuration: GeneratorConfiguration
    ) throws -> GeneratedFile {
        let model = try buildModel(
            schema: schema, queries: queries, inputs: inputs, schemaInputs: schemaInputs, schemaScripts: schemaScripts,
            configuration: configuration)
        return render(translate(model), model: model)
    }

    /// Stage 5, build the model: the database type's name, the records', properties' and
    /// functions' names and Swift types, and the SQL that creates the database.
    static func buildModel(
        schema: Schema, queries: [AnalyzedQuery], inputs: [String], schemaInputs: [String],
        schemaScripts: [SchemaScript],
        configuration: GeneratorConfiguration
    ) throws -> DatabaseModel {
        let typeName = configuration.databaseTypeName ?? databaseTypeName(for: schemaInputs)
        let names = inputs.map { URL(fileURLWithPath: $0).lastPathComponent }.sorted(by: SQLScript.inNameOrder)
        var schema = schema
        // A schema from scripts alone is versioned by them: its version is the number of
        // scripts. Scripts that set another user_version themselves keep it, and the app
        // versions its schema itself.
        let versioned =
            !schemaScripts.isEmpty && (schema.userVersion == 0 || schema.userVersion == Int64(schemaScripts.count))
        if versioned { schema.userVersion = Int64(schemaScripts.count) }
        let builder = ModelBuilder(
            schema: schema, configuration: configuration, typeName: typeName, inputs: names, queries: queries)
        var model = try builder.build()
        if !schemaScripts.isEmpty {
            // Every mode makes a file from the scripts themselves, as bootstrap(at:) replays
            // them (seed rows included), and records the version as it does.
            do {
                model.creationSQL = try SQLScript.creationSQL(
                    schemaScripts.map(\.sql), userVersion: versioned ? schema.userVersion : nil)
            } catch let error as SQLScript.ReplayRefusal {
                // The replay refused it first; kept for a schema given without replaying.
                throw ScriptError(path: schemaInputs[0], line: nil, column: nil, message: error.message)
            }
            if versioned, configuration.emit.api { model.schemaScripts = schemaScripts }
        }
        return model
    }

    /// Stage 6, translate: the model as a structured description of the Swift file, with
    /// the parts ``GeneratorConfiguration/Emit`` asks for.
    static func translate(_ model: DatabaseModel) -> SwiftFile {
        Translator(model: model).translateFile()
    }

    /// Stage 7, render: the description as text, and the file's top-level types, which a
    /// hand-written type of the same name clashes with.
    static func render(_ file: SwiftFile, model: DatabaseModel) -> GeneratedFile {
        let typeName = model.typeName
        var generated = GeneratedFile(
            typeName: typeName, fileName: typeName + ".swift", contents: TextRenderer.render(file))
        generated.topLevelTypes[typeName] = "the database \(model.inputs.joined(separator: ", "))"
        if !model.configuration.naming.nestRecordTypes {
            for record in model.records {
                generated.topLevelTypes[record.typeName] =
                    "\(record.kind == .view ? "view" : "table") \(record.sqlName)"
            }
            for query in model.queries {
                if case .own(let row) = query.row { generated.topLevelTypes[row.typeName] = "query \(query.name)" }
            }
        }
        return generated
    }

    /// The schema the inputs make up: database files first (copied into memory), then the
    /// scripts replayed over them in file-name order. Query files are left out.
    ///
    /// - Throws: ``Diagnostic`` at the input that fails.
    public static func loadSchema(inputs: [String]) throws(Diagnostic) -> SQLSchema {
        let context = try reported(at: inputs.first ?? "") { try loadDatabase(inputs: inputs) }
        defer { context.close() }
        return try reported(at: inputs[0]) { try AnalyzedSchemaReader.read(from: context) }
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
        /// `.postgres.sql` scripts: each replaces a script's PostgreSQL form, and is never
        /// replayed on SQLite.
        var postgresScripts: [SQLScript] = []
        /// The scripts' and databases' paths: what makes up the schema.
        var schemaInputs: [String] = []

        init(_ inputs: [String]) throws {
            guard !inputs.isEmpty else { throw InputError(path: "", message: "no input files") }
            for input in inputs {
                let ext = URL(fileURLWithPath: input).pathExtension.lowercased()
                if scriptExtensions.contains(ext), PostgresSchemaRenderer.isPostgresScript(input) {
                    postgresScripts.append(try SQLScript(contentsOf: input))
                    continue
                } else if scriptExtensions.contains(ext) {
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
                    throw InputError(
                        path: input,
                        message: "not an input slate reads: use .sql scripts or database files (.sqlite, .sqlite3, .db)"
                    )
                }
                schemaInputs.append(input)
            }
            if schemaInputs.isEmpty, let postgres = postgresScripts.first {
                throw InputError(
                    path: postgres.path,
                    message:
                        "only PostgreSQL scripts (.postgres.sql) were given, and each replaces the PostgreSQL form of a SQLite script of its number; add the schema's .sql scripts"
                )
            }
            guard !schemaInputs.isEmpty else {
                throw InputError(
                    path: inputs[0],
                    message: "only query files were given; add the schema's .sql scripts or database file")
            }
            databases.sort { left, right in
                let (leftName, rightName) = (
                    URL(fileURLWithPath: left).lastPathComponent, URL(fileURLWithPath: right).lastPathComponent
                )
                if SQLScript.inNameOrder(leftName, rightName) { return true }
                if SQLScript.inNameOrder(rightName, leftName) { return false }
                return left < right
            }
            queryFiles.sort {
                ($0.path.split(separator: "/").last ?? "", $0.path) < (
                    $1.path.split(separator: "/").last ?? "", $1.path
                )
            }
        }
    }

    /// The database type's name for a set of inputs: the stem of the first input given,
    /// in upper camel case (`contacts-001.sql` → `Contacts`, `bookshop-002-sales.sql` →
    /// `Bookshop`, `OtherDB-v001.sql` → `OtherDB`, `order-items.sql` → `OrderItems`); or,
    /// when that stem starts with the stem of another input and `-`, `_` or `.`, the
    /// shortest such stem (`ContactsDB-AddView.sql ContactsDB.sqlite3` → `ContactsDB`).
    /// The plugins group a target's files by the same rule.
    public static func databaseTypeName(for inputs: [String]) -> String {
        let stems = inputs.map { stem(of: URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent) }
        let first = stems.first ?? "Database"
        let root = stems.filter { belongs(first, to: $0) }.min { $0.count < $1.count } ?? first
        let name = NameStyle.upperCamel(root)
        return SwiftIdentifier.isReservedTypeName(name) ? name + "Database" : name
    }

    /// Where the scripts create the view or trigger `name` (`kind` is `"view"` or
    /// `"trigger"`): the last `CREATE VIEW` or `CREATE TRIGGER` of it.
    static func definition(
        of kind: String, named name: String, in scripts: [SQLScript]
    ) -> (path: String, line: Int, column: Int)? {
        let keyword = kind.uppercased()
        for script in SQLScript.ordered(scripts).reversed() {
            let tokens = SQLTokenizer.tokenize(script.text)
            let words = tokens.map { $0.text.uppercased() }
            var found: Int?
            for index in tokens.indices where words[index] == "CREATE" {
                var next = index + 1
                if next < tokens.count, words[next] == "TEMP" || words[next] == "TEMPORARY" { next += 1 }
                guard next < tokens.count, words[next] == keyword else { continue }
                next += 1
                if next + 2 < tokens.count, words[next] == "IF", words[next + 1] == "NOT", words[next + 2] == "EXISTS" {
                    next += 3
                }
                if next + 2 < tokens.count, tokens[next + 1].kind == .dot { next += 2 }
                if next < tokens.count, tokens[next].value.lowercased() == name.lowercased() {
                    found = tokens[index].offset
                }
            }
            guard let found else { continue }
            let position = SQLScript.lineAndColumn(ofOffset: found, in: script.text)
            return (script.path, position.line, position.column)
        }
        return nil
    }
}

/// A file name's stem (`InputNames.stem(of:)`, the rule the plugins group files by).
func stem(of name: String) -> String { InputNames.stem(of: name) }

/// Whether a file of stem `stem` belongs to the database of stem `root`
/// (`InputNames.belongs(_:to:)`, the plugins' rule).
func belongs(_ stem: String, to root: String) -> Bool { InputNames.belongs(stem, to: root) }

/// Runs `body`; what it throws becomes a ``Diagnostic``, at `path` when it names no
/// file of its own.
func reported<T>(at path: String, _ body: () throws -> T) throws(Diagnostic) -> T {
    do {
        return try body()
    } catch {
        throw Diagnostic(error, at: path)
    }
}

/// An input file that cannot be used: `path: error: message`.
public struct InputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file.
    public var path: String
    /// What is wrong.
    public var message: String

    /// Creates an error.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path: error: message`, as ``Diagnostic`` renders it.
    public var description: String { Diagnostic(self, at: nil).description }
}
