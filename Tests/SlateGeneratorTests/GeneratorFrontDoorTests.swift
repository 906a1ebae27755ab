import Foundation
import Slate
import SlateSchema
import SlateTestSupport
import Testing

@testable import SlateGenerator

/// The generator's front door (issue 32 §4): one `Diagnostic` type that every stage
/// reports through and that is rendered in one place, and the typed API alone by default,
/// the handle-based functions generated when slate.json asks for them.
@Suite struct GeneratorFrontDoorTests {
    static let schema = """
        CREATE TABLE person (person_id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        CREATE VIEW shouted AS SELECT person_id, upperx(name) AS loud FROM person;
        """

    /// Writes `files` into a new directory; their paths, in order.
    func write(_ files: [(String, String)], in directory: TemporaryDirectory) throws -> [String] {
        try files.map { name, text in
            let path = directory.path(name)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
    }

    // MARK: Rendering

    @Test func aDiagnosticRendersWithAsMuchOfItsPlaceAsIsKnown() {
        #expect(
            "\(Diagnostic.error("no such table: x", file: "a.sql", line: 3, column: 14))"
                == "a.sql:3:14: error: no such table: x")
        #expect("\(Diagnostic.warning("left out", file: "a.sql", line: 3))" == "a.sql:3: warning: left out")
        #expect("\(Diagnostic.note("rebuilding", file: "a.db"))" == "a.db: note: rebuilding")
        #expect("\(Diagnostic.error("no input files", file: nil))" == "error: no input files")
        // An empty file is no file; a column without a line is no place.
        #expect("\(Diagnostic.error("m", file: ""))" == "error: m")
        #expect("\(Diagnostic.error("m", file: "a.sql", column: 7))" == "a.sql: error: m")
        #expect(Diagnostic.error("m", file: "a.sql", column: 7).column == nil)
    }

    @Test func notesRenderOnTheLinesAfterTheirDiagnostic() {
        let diagnostic = Diagnostic(
            .error, file: "Shop.swift", line: 2, column: 1, message: "struct Book clashes",
            notes: [
                .note("generated from table book", file: "shop.sql", line: 1, column: 1), .note("no place", file: nil),
            ])
        #expect(
            "\(diagnostic)"
                == "Shop.swift:2:1: error: struct Book clashes\nshop.sql:1:1: note: generated from table book\nnote: no place"
        )
    }

    @Test func thrownErrorsBecomeDiagnosticsKeepingTheirPlace() {
        let script = Diagnostic(
            ScriptError(path: "a.sql", line: 2, column: 5, message: "near \"x\": syntax error"), at: "other.sql")
        #expect(script == .error("near \"x\": syntax error", file: "a.sql", line: 2, column: 5))
        #expect(
            Diagnostic(InputError(path: "a.txt", message: "not an input"), at: "other.sql")
                == .error("not an input", file: "a.txt"))
        #expect(
            Diagnostic(ConfigurationError(path: "slate.json", message: "bad"), at: "a.sql")
                == .error("bad", file: "slate.json"))
        // An error that names no place is put at the input being worked on.
        struct Plain: Error, CustomStringConvertible { var description: String { "it broke" } }
        #expect("\(Diagnostic(Plain(), at: "a.sql"))" == "a.sql: error: it broke")
        // The old error types print as before, through the one renderer.
        #expect("\(InputError(path: "", message: "no input files"))" == "error: no input files")
        #expect("\(ConfigurationError(path: "slate.json", message: "bad"))" == "slate.json: error: bad")
    }

    // MARK: Collected through the stages

    @Test func aFailureKeepsTheWarningsBeforeItAndPrintsTheErrorAlone() throws {
        let directory = TemporaryDirectory()
        let paths = try write(
            [("shop.sql", Self.schema), ("shop-queries.sql", "-- name: names :many\nSELECT nam FROM person;\n")],
            in: directory)
        do {
            _ = try SlateGenerator.generate(inputs: paths)
            Issue.record("generated")
        } catch {
            #expect(error.diagnostics.map(\.severity) == [.warning, .error])
            #expect(error.diagnostics[0].file == paths[0])
            #expect(error.diagnostics[0].line == 2)
            #expect(error.diagnostics[0].message.hasPrefix("view \"shouted\" left out: no such function: upperx"))
            #expect(error.diagnostics[1].file == paths[1])
            #expect(error.diagnostics[1].line == 2)
            #expect("\(error)" == "\(error.diagnostics[1])")
            #expect("\(error)".hasSuffix("error: no such column: nam"))
        }
    }

    @Test func eachStageStopsAtItsOwnInput() throws {
        let directory = TemporaryDirectory()
        func failure(_ files: [(String, String)]) throws -> [Diagnostic] {
            let paths = try write(files, in: directory)
            do {
                _ = try SlateGenerator.generate(inputs: paths)
                return []
            } catch {
                return error.diagnostics
            }
        }
        // Reading: no inputs, an input slate does not read.
        do {
            _ = try SlateGenerator.generate(inputs: [])
            Issue.record("generated")
        } catch {
            #expect(error.diagnostics == [.error("no input files", file: nil)])
        }
        #expect(
            try failure([("notes.txt", "")]) == [
                .error(
                    "not an input slate reads: use .sql scripts or database files (.sqlite, .sqlite3, .db)",
                    file: directory.path("notes.txt"))
            ])
        // Replaying: at the statement's line and column.
        #expect(
            try failure([("bad.sql", "CREATE TABLE a (id INTEGER PRIMARY KEY);\nCREATE TABLE b (id REFERENCES);\n")])
                .map(\.line) == [2])
        // Checking: a foreign key to no table, at its script.
        let dangling = try failure([
            ("fk.sql", "CREATE TABLE a (id INTEGER PRIMARY KEY, b_id INTEGER REFERENCES nothing(id));\n")
        ])
        #expect(dangling.count == 1)
        #expect(dangling.first?.file == directory.path("fk.sql"))
        #expect(dangling.first?.severity == .error)
    }

    @Test func settingsThatNameNothingAreWarningsOfTheFile() throws {
        let directory = TemporaryDirectory()
        let paths = try write([("shop.sql", "CREATE TABLE person (person_id INTEGER PRIMARY KEY);\n")], in: directory)
        var configuration = GeneratorConfiguration()
        configuration.naming.recordTypeNames = ["nobody": "Nobody"]
        let file = try SlateGenerator.generate(inputs: paths, configuration: configuration)
        #expect(
            file.diagnostics == [
                .warning(
                    #""naming.recordTypeNames" names "nobody", which is no table or view; the setting does nothing"#,
                    file: "slate.json")
            ])
    }

    @Test func clashesAreErrorsAtTheHandWrittenDeclaration() throws {
        let directory = TemporaryDirectory()
        let paths = try write(
            [
                ("shop.sql", "CREATE TABLE person (person_id INTEGER PRIMARY KEY);\n"),
                ("Mine.swift", "import Foundation\n\n  struct Person {}\n"),
            ], in: directory)
        let file = try SlateGenerator.generate(inputs: [paths[0]])
        let clashes = try file.clashes(withSwiftSources: [paths[1]])
        #expect(clashes.map(\.severity) == [.error])
        #expect(clashes.map(\.line) == [3])
        #expect(clashes.map(\.column) == [3])
        #expect(
            clashes[0].message.hasPrefix(
                "struct Person is declared here, and Slate generates a type Person from table person"))
        #expect(throws: Diagnostic.error("cannot read the Swift source", file: directory.path("Gone.swift"))) {
            try file.clashes(withSwiftSources: [directory.path("Gone.swift")])
        }
    }

    @Test func theCommandPrintsWarningsAndErrorsOnceAndFailsOnAnError() throws {
        let executable = try #require(Executables.url("slate"), "the slate executable is not built beside the tests")
        let directory = TemporaryDirectory()
        let paths = try write([("shop.sql", Self.schema), ("Mine.swift", "struct Person {}\n")], in: directory)
        let warned = try Executables.run(executable, ["generate", paths[0]])
        #expect(warned.status == 0)
        #expect(warned.errors.split(separator: "\n").count == 1)
        #expect(
            warned.errors.hasPrefix("\(paths[0]):2:1: warning: view \"shouted\" left out: no such function: upperx"))
        #expect(warned.output.contains("public struct Person: "))

        let clashed = try Executables.run(
            executable, ["generate", paths[0], "--swift-sources", paths[1], "--output", directory.path("Out.swift")])
        #expect(clashed.status == 1)
        let lines = clashed.errors.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("\(paths[0]):2:1: warning: "))
        #expect(lines[1].hasPrefix("\(paths[1]):1:1: error: struct Person is declared here"))
        #expect(!FileManager.default.fileExists(atPath: directory.path("Out.swift")))

        let missing = try Executables.run(executable, ["generate", directory.path("gone.sql")])
        #expect(missing.status == 1)
        #expect(missing.errors.hasPrefix("\(directory.path("gone.sql")): error: "))
        #expect(missing.errors.split(separator: "\n").count == 1)
    }

    // MARK: What is emitted

    func contents(_ json: String?) throws -> String {
        let directory = TemporaryDirectory()
        let paths = try write(
            [("contacts.sql", "CREATE TABLE person (person_id INTEGER PRIMARY KEY, name TEXT NOT NULL);\n")],
            in: directory)
        let configuration =
            try json.map { try GeneratorConfiguration.parse(Data($0.utf8), path: "slate.json") }
            ?? GeneratorConfiguration()
        return try SlateGenerator.generate(inputs: paths, configuration: configuration).contents
    }

    static let attached = "public static func find(_ personId: Int, in db: OpaquePointer) throws -> Person?"
    static let raw = "public func sqlite3_person_find(_ db: OpaquePointer, _ personId: Int) throws -> Person?"
    static let typed = "public struct Contacts: SQLDatabase"

    @Test func theTypedAPIAloneIsTheDefault() throws {
        for json in [nil, "{}", #"{ "emit": {} }"#, #"{ "emit": { "api": true } }"#] {
            let code = try contents(json)
            #expect(code.contains(Self.typed), "\(json ?? "no slate.json")")
            #expect(!code.contains(Self.attached), "\(json ?? "no slate.json")")
            #expect(!code.contains(Self.raw), "\(json ?? "no slate.json")")
            #expect(!code.contains("// MARK: - Raw functions"), "\(json ?? "no slate.json")")
        }
    }

    @Test func eachHandleBasedPartIsGeneratedWhenAskedFor() throws {
        let cases: [(json: String, typed: Bool, attached: Bool, raw: Bool)] = [
            (#"{ "emit": { "attachedFunctions": true } }"#, true, true, false),
            (#"{ "emit": { "rawFunctions": true } }"#, true, false, true),
            (#"{ "emit": { "rawFunctions": true, "attachedFunctions": true } }"#, true, true, true),
            (#"{ "emit": { "rawFunctions": false, "attachedFunctions": false } }"#, true, false, false),
            // Raw mode's API is the handle-based functions: on unless turned off.
            (#"{ "emit": { "api": false } }"#, false, true, true),
            (#"{ "emit": { "api": false, "rawFunctions": false } }"#, false, true, false),
            (#"{ "emit": { "api": false, "attachedFunctions": false } }"#, false, false, true),
            (#"{ "emit": { "attachedFunctions": true, "api": false } }"#, false, true, true),
        ]
        for (json, typed, attached, raw) in cases {
            let code = try contents(json)
            #expect(code.contains(Self.typed) == typed, "\(json)")
            #expect(code.contains(Self.attached) == attached, "\(json)")
            #expect(code.contains(Self.raw) == raw, "\(json)")
        }
    }

    @Test func emitSettingsFollowTheAPIUnlessSet() throws {
        var emit = GeneratorConfiguration.Emit()
        #expect(!emit.rawFunctions && !emit.attachedFunctions)
        emit.api = false
        #expect(emit.rawFunctions && emit.attachedFunctions)
        emit.rawFunctions = false
        emit.api = true
        #expect(!emit.rawFunctions)
        emit.api = false
        #expect(!emit.rawFunctions && emit.attachedFunctions)
        // Equal when they generate the same parts, set or followed.
        #expect(GeneratorConfiguration.Emit() == .init(rawFunctions: false, attachedFunctions: false))
        #expect(
            GeneratorConfiguration.Emit(api: false) == .init(api: false, rawFunctions: true, attachedFunctions: true))
        #expect(GeneratorConfiguration.Emit() != .init(rawFunctions: true))
        #expect(throws: ConfigurationError(path: "slate.json", message: #""emit.rawFunctions" must be true or false"#))
        {
            try GeneratorConfiguration.parse(Data(#"{ "emit": { "rawFunctions": null } }"#.utf8), path: "slate.json")
        }
        #expect(
            throws: ConfigurationError(path: "slate.json", message: #""emit.attachedFunctions" must be true or false"#)
        ) {
            try GeneratorConfiguration.parse(
                Data(#"{ "emit": { "attachedFunctions": "yes" } }"#.utf8), path: "slate.json")
        }
    }
}

extension GeneratorConfiguration {
    /// The defaults, with the handle-based functions beside the typed API, for tests that
    /// read those parts of the generated code.
    static var withHandleFunctions: GeneratorConfiguration {
        var configuration = GeneratorConfiguration()
        configuration.emit.attachedFunctions = true
        configuration.emit.rawFunctions = true
        return configuration
    }
}
