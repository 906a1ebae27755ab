import Foundation
import SlateTestSupport
import Testing

/// The tiers of Docs/PUBLIC-API.md, as an app's compiler sees them: files type-checked by a
/// real `swiftc` against this build's modules. An app that imports only `SlateRecords`
/// gets the user API (Slate's included) and none of the plumbing: not the helpers of
/// generated code (`@_spi(Generated)`), not what Slate's modules share (`package`), not
/// SQLite's C API. A file that imports as generated files do gets the helpers.
@Suite struct APITierTests {
    /// `swiftc -typecheck` over `files` against this build's modules: its exit status and
    /// what it wrote.
    static func typecheck(_ files: [String]) throws -> Executables.Result {
        try Executables.run(URL(fileURLWithPath: "/usr/bin/env"), try arguments(files))
    }

    /// The `swiftc -typecheck` arguments for `files`.
    static func arguments(_ files: [String]) throws -> [String] {
        let build = try #require(Review30GeneratedNameTests.buildDirectory)
        let sources = GoldenFileTests.testsDirectory.deletingLastPathComponent().appendingPathComponent("Sources")
        return [
            "swiftc", "-typecheck", "-parse-as-library", "-swift-version", "6",
            "-I", build.appendingPathComponent("Modules").path,
            "-Xcc", "-fmodule-map-file=" + sources.appendingPathComponent("SlateCSQLite/module.modulemap").path,
            "-Xcc", "-fmodule-map-file=" + sources.appendingPathComponent("SlateCBudget/include/module.modulemap").path,
        ] + files
    }

    /// What an app writes with `import SlateRecords` alone: the connection layer (re-exported
    /// from Slate), records, tables, queries and the timestamps' unset value.
    static let userCode = """
        import SlateRecords

        func use(_ pool: SQLPool, _ context: SQLContext) throws -> [[SQLValue]] {
            let value: SQLValue = .integer(1)
            let code: SQLError.Code = .constraint
            _ = (value, code, SQLTimestamps.unset, SQLDate.Storage.text, SQLStatementSlot())
            _ = try context.cachedStatement(slot: SQLStatementSlot(), sql: "SELECT 1").liveHandle()
            return try context.query(sql: "SELECT ?", parameters: [value])
        }
        """

    /// Plumbing, one name a file: the name and the statement that uses it after
    /// `import SlateRecords` (or `import Slate`).
    static let plumbing: [(module: String, name: String, use: String)] = [
        ("SlateRecords", "SQLRecordCoding", "_ = SQLRecordCoding.self"),
        ("SlateRecords", "SQLRecordRows", "_ = SQLRecordRows.self"),
        ("SlateRecords", "SQLRecordOperations", "_ = SQLRecordOperations.self"),
        ("SlateRecords", "SQLQueryOperations", "_ = SQLQueryOperations.self"),
        ("SlateRecords", "canReuse", "func f(_ c: SQLContext, _ s: SQLStatement) -> Bool { c.canReuse(s) }"),
        ("SlateRecords", "sqlite3_open", "_ = sqlite3_open"),
        ("SlateRecords", "sqlite3_stmt", "let _: OpaquePointer? = nil as sqlite3_stmt?"),
        ("SlateRecords", "SQLITE_OK", "_ = SQLITE_OK"),
        ("Slate", "sqlite3_open", "_ = sqlite3_open"),
        ("Slate", "SQLITE_OK", "_ = SQLITE_OK"),
    ]

    @Test func anAppThatImportsSlateRecordsSeesTheUserAPI() throws {
        let directory = TemporaryDirectory()
        let file = directory.path("App.swift")
        try Self.userCode.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try Self.typecheck([file])
        #expect(result.status == 0, "\(result.errors)")
        #expect(!result.errors.contains("error:") && !result.errors.contains("warning:"), "\(result.errors)")
    }

    @Test func anAppThatImportsSlateRecordsOrSlateSeesNoPlumbing() throws {
        let directory = TemporaryDirectory()
        var files: [String] = []
        for (index, item) in Self.plumbing.enumerated() {
            let file = directory.path("Plumbing\(index).swift")
            try "import \(item.module)\n\nfunc use\(index)() {\n    \(item.use)\n}\n".write(
                toFile: file, atomically: true, encoding: .utf8)
            files.append(file)
        }
        // One process a file: the compiler stops at the first file with an error.
        let results = try Executables.runTogether(
            URL(fileURLWithPath: "/usr/bin/env"), files.map { try Self.arguments([$0]) })
        for (index, item) in Self.plumbing.enumerated() {
            // The error is on the file's one use, line 4, and names the symbol.
            let errors = results[index].output.split(separator: "\n").filter {
                $0.contains("Plumbing\(index).swift:4:") && $0.contains("error:")
            }
            #expect(results[index].status != 0)
            #expect(
                errors.contains { $0.contains(item.name) }, "import \(item.module): \(item.name) is in scope: \(errors)"
            )
        }
    }

    @Test func aFileThatImportsAsGeneratedCodeSeesTheHelpers() throws {
        let directory = TemporaryDirectory()
        let file = directory.path("Generated.swift")
        try """
        @_spi(Generated) import SlateRecords
        import SlateCSQLite

        func use(_ statement: OpaquePointer) throws -> Int {
            _ = (SQLRecordRows.self, SQLITE_OK, sqlite3_open)
            return try SQLRecordCoding.int(statement, 0, "t.c")
        }
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try Self.typecheck([file])
        #expect(result.status == 0, "\(result.errors)")
        #expect(!result.errors.contains("error:"), "\(result.errors)")
    }

    /// The generator writes that import into every file of the typed API, and imports
    /// SQLite's C module where the file calls it (the raw functions), not otherwise.
    @Test func generatedFilesImportTheSPIAndTheCModuleWhereTheyCallIt() throws {
        let directory = TemporaryDirectory()
        let script = directory.path("one.sql")
        try "CREATE TABLE one (id INTEGER PRIMARY KEY, name TEXT NOT NULL);".write(
            toFile: script, atomically: true, encoding: .utf8)
        let slate = try #require(Executables.url("slate"))
        for (config, expected) in [
            (#"{"emit": {"rawFunctions": true}}"#, ["@_spi(Generated) import SlateRecords", "import SlateCSQLite"]),
            (#"{"emit": {"rawFunctions": false}}"#, ["@_spi(Generated) import SlateRecords"]),
            (
                #"{"emit": {"api": false}}"#,
                [
                    "#if canImport(SlateCSQLite)", "import SlateCSQLite", "#elseif canImport(SQLite3)",
                    "import SQLite3", "#endif",
                ]
            ),
        ] {
            let json = directory.path("slate.json")
            try config.write(toFile: json, atomically: true, encoding: .utf8)
            let output = directory.path("One.swift")
            let run = try Executables.run(slate, ["generate", script, "--config", json, "--output", output])
            #expect(run.status == 0, "\(run.errors)")
            let text = try String(contentsOfFile: output, encoding: .utf8)
            let imports = text.split(separator: "\n").map(String.init).filter {
                ($0.hasPrefix("import ") || $0.hasPrefix("@_spi") || $0.hasPrefix("#")) && $0 != "import Foundation"
            }
            #expect(imports == expected, "\(config)")
        }
    }
}
