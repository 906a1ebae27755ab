import Foundation
import Slate
import SlateTestSupport
import Testing

/// The `slate` executable, run as a process.
@Suite struct CommandLineTests {
    /// The `slate` binary built beside the test bundle.
    static let executable = Executables.url("slate")

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
    static let tests = fixtures.deletingLastPathComponent()

    func slate(_ arguments: String...) throws -> Executables.Result {
        try slate(arguments)
    }

    func slate(_ arguments: [String]) throws -> Executables.Result {
        let executable = try #require(Self.executable, "the slate executable is not built beside the tests")
        return try Executables.run(executable, arguments)
    }

    @Test func versionIsTheChangelogsNewest() throws {
        let run = try slate("--version")
        #expect(run.status == 0)
        let changelog = try String(
            contentsOf: Self.tests.deletingLastPathComponent().appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let newest = try #require(changelog.split(separator: "\n").first { $0.hasPrefix("## ") })
        #expect(
            newest.hasPrefix("## \(run.output.trimmingCharacters(in: .whitespacesAndNewlines)) "),
            "\(newest) vs \(run.output)")
        #expect(run.output == "0.1.0\n")
    }

    @Test func generateWritesTheGoldenFileToStandardOutput() throws {
        let run = try slate(
            "generate", Self.fixtures.appendingPathComponent("Schemas/contacts.sql").path,
            "--config", Self.fixtures.appendingPathComponent("Configurations/contacts.json").path)
        #expect(run.status == 0)
        #expect(run.errors == "")
        #expect(
            run.output
                == (try String(
                    contentsOf: Self.tests.appendingPathComponent("GeneratedCodeTests/Generated/Contacts.swift"),
                    encoding: .utf8)))
    }

    @Test func aBundledDatabaseGetsAModuleAccessorAndAScriptNever() throws {
        let directory = TemporaryDirectory()
        let database = directory.path("catalog-001.db")
        let context = try SQLContext(path: database)
        try context.exec(sql: "CREATE TABLE genre (genre_id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
        context.close()

        let bundled = try slate("generate", database, "--bundled-resource", "catalog-001.db")
        #expect(bundled.status == 0)
        #expect(bundled.output.contains("public struct Catalog: SQLDatabase"))
        #expect(
            bundled.output.contains(
                """
                    /// The database bundled with this module as the resource `catalog-001.db`, opened read-only.
                    public static var module: Catalog {
                        get throws {
                            guard let url = Bundle.module.url(forResource: "catalog-001", withExtension: "db") else {
                """))
        #expect(try !slate("generate", database).output.contains("Bundle.module"))

        let script = Self.fixtures.appendingPathComponent("Schemas/contacts.sql").path
        let refused = try slate("generate", script, "--bundled-resource", "contacts.sql")
        #expect(refused.status == 64)
        #expect(
            refused.errors.contains(
                "--bundled-resource must name a database file among the inputs, not \"contacts.sql\""))
        #expect(try slate("generate", database, "--bundled-resource", "other.db").status == 64)
    }

    @Test func generateIntoADirectoryRewritesOnlyChangedFiles() throws {
        let directory = TemporaryDirectory()
        let schema = Self.fixtures.appendingPathComponent("Schemas/contacts.sql").path
        #expect(try slate("generate", schema, "--output", directory.url.path + "/").status == 0)
        let file = directory.path("Contacts.swift")
        let written = try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date
        Thread.sleep(forTimeInterval: 1.1)
        #expect(try slate("generate", schema, "--output", directory.url.path).status == 0)
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date == written)
        #expect(try slate("generate", schema, "--output", directory.path("Named.swift")).status == 0)
        #expect(FileManager.default.fileExists(atPath: directory.path("Named.swift")))
    }

    @Test func schemaAsTextAndJSON() throws {
        let schema = Self.fixtures.appendingPathComponent("Schemas/contacts.sql").path
        let text = try slate("schema", schema)
        #expect(text.status == 0)
        #expect(
            text.output == """
                table person (rowid alias person_id)
                  person_id INTEGER PRIMARY KEY
                  name TEXT NOT NULL
                  title TEXT

                table address (rowid alias address_id)
                  address_id INTEGER PRIMARY KEY
                  street VARCHAR
                  city VARCHAR
                  person_id INTEGER
                  foreign key (person_id) → person(person_id) on delete cascade

                user_version 0

                """)
        let json = try slate("schema", "--json", schema)
        #expect(json.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let tables = try #require(object["tables"] as? [[String: Any]])
        #expect(tables.map { $0["name"] as? String } == ["person", "address"])
        let columns = try #require(tables[0]["columns"] as? [[String: Any]])
        #expect(columns.map { $0["name"] as? String } == ["person_id", "name", "title"])
    }

    @Test func errorsAreReportedWithFileAndLineAndExitCode1() throws {
        let directory = TemporaryDirectory()
        let broken = directory.path("broken.sql")
        try "CREATE TABLE a (x);\n\nCREATE TABLE b (y REFERENCES);\n".write(
            toFile: broken, atomically: true, encoding: .utf8)
        let run = try slate("generate", broken)
        #expect(run.status == 1)
        #expect(run.output == "")
        #expect(run.errors == "\(broken):3:29: error: near \")\": syntax error\n")

        let config = directory.path("slate.json")
        try #"{ "naming": { "plural": true } }"#.write(toFile: config, atomically: true, encoding: .utf8)
        let badConfig = try slate(
            "generate", Self.fixtures.appendingPathComponent("Schemas/contacts.sql").path, "--config", config)
        #expect(badConfig.status == 1)
        #expect(badConfig.errors.hasPrefix("\(config): error: unknown key \"naming.plural\""))

        let missing = try slate("schema", directory.path("missing.sqlite"))
        #expect(missing.status == 1)
        #expect(missing.errors == "\(directory.path("missing.sqlite")): error: no such file\n")
        let wrongKind = try slate("schema", config)
        #expect(
            wrongKind.errors
                == "\(config): error: not an input slate reads: use .sql scripts or database files (.sqlite, .sqlite3, .db)\n"
        )
    }

    /// Lighter's own test-suite layout, grouped by the plugins' code (`SlateInputs`) and
    /// generated by `slate` with the arguments the plugins pass: a database file with a
    /// script adding a view over its table, and `-v001`-numbered scripts.
    @Test func lightersLayoutIsOneDatabaseEachAndItsErrorsNameTheScript() throws {
        let target = TemporaryDirectory()
        try SlateTestDatabase.create(
            at: target.path("ContactsDB.sqlite3"),
            sql: """
                CREATE TABLE person (person_id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE address (address_id INTEGER PRIMARY KEY, street TEXT, person_id INTEGER REFERENCES person (person_id));
                """)
        let view =
            "-- A view over the database file's table.\n\nCREATE VIEW \"A Test View\" AS SELECT * FROM address;\n"
        try view.write(toFile: target.path("ContactsDB-AddView.sql"), atomically: true, encoding: .utf8)
        let versions = [
            "CREATE TABLE note (note_id INTEGER PRIMARY KEY, text TEXT NOT NULL);\nPRAGMA user_version = 1;\n",
            "ALTER TABLE note ADD COLUMN created TEXT;\nPRAGMA user_version = 2;\n",
            "CREATE TABLE tag (tag_id INTEGER PRIMARY KEY, note_id INTEGER REFERENCES note (note_id));\nPRAGMA user_version = 3;\n",
        ]
        for (index, sql) in versions.enumerated() {
            try sql.write(toFile: target.path("OtherDB-v00\(index + 1).sql"), atomically: true, encoding: .utf8)
        }

        let inputs = try SlateInputs(
            directory: target.url, files: SlateInputs.filesOnDisk(in: target.url, resources: []))
        #expect(inputs.databases.map(\.stem) == ["ContactsDB", "OtherDB"])
        #expect(
            inputs.databases.map { $0.inputs.map(\.lastPathComponent) } == [
                ["ContactsDB.sqlite3", "ContactsDB-AddView.sql"],
                ["OtherDB-v001.sql", "OtherDB-v002.sql", "OtherDB-v003.sql"],
            ])
        let contacts = inputs.databases[0]
        let (database, script) = (contacts.inputs[0].path, contacts.inputs[1].path)
        let output = TemporaryDirectory()
        func generate(_ group: SlateInputs.Database) throws -> (run: Executables.Result, code: String) {
            let file = output.url.appendingPathComponent(group.outputFileName)
            let run = try slate(inputs.arguments(for: group, output: file))
            return (run, (try? String(contentsOf: file, encoding: .utf8)) ?? "")
        }

        let (contactsRun, contactsCode) = try generate(contacts)
        #expect(contactsRun.status == 0)
        #expect(contactsRun.errors == "")
        #expect(contactsCode.contains("public struct ContactsDB: SQLDatabase {"))
        #expect(contactsCode.contains("public struct Person: "))
        #expect(contactsCode.contains("public struct ATestView: Hashable, Codable, Sendable {"))
        let (otherRun, otherCode) = try generate(inputs.databases[1])
        #expect(otherRun.status == 0)
        #expect(otherRun.errors == "")
        #expect(otherCode.contains("public struct OtherDB: SQLDatabase {"))
        #expect(otherCode.contains("public static let schemaVersion: Int64 = 3\n"))
        let scripts = ["OtherDB-v001.sql", "OtherDB-v002.sql", "OtherDB-v003.sql"].compactMap {
            otherCode.range(of: "SQLSchemaScript(file: \"\($0)\"")?.lowerBound
        }
        #expect(scripts.count == 3 && scripts == scripts.sorted())

        // `slate generate` given the script first names the database after the file all the same.
        let scriptFirst = try slate("generate", script, database)
        #expect(scriptFirst.status == 0)
        #expect(scriptFirst.output.contains("public struct ContactsDB: SQLDatabase {"))
        #expect(scriptFirst.output.contains("public struct ATestView: "))

        // A script over the database file that fails: its file, line and column.
        try "-- An index over the database file's table.\n\nCREATE INDEX address_street ON adress (street);\n"
            .write(toFile: script, atomically: true, encoding: .utf8)
        let broken = try generate(contacts).run
        #expect(broken.status == 1)
        #expect(broken.errors == "\(script):3:1: error: no such table: main.adress\n")

        // A view SQLite cannot prepare is left out, reported at its CREATE VIEW.
        try view.replacingOccurrences(of: "FROM address", with: "FROM adress").write(
            toFile: script, atomically: true, encoding: .utf8)
        let (leftOut, leftOutCode) = try generate(contacts)
        #expect(leftOut.status == 0)
        #expect(
            leftOut.errors
                == "\(script):3:1: warning: view \"A Test View\" left out: no such table: main.adress (list the view under \"excludeObjects\" in slate.json to leave it out quietly)\n"
        )
        #expect(!leftOutCode.contains("ATestView"))

        // A database file SQLite cannot read: the file.
        try "not a database".write(toFile: database, atomically: true, encoding: .utf8)
        let unreadable = try generate(contacts).run
        #expect(unreadable.status == 1)
        #expect(unreadable.errors == "\(database): error: cannot read the database: file is not a database\n")
    }

    @Test func aQueryFileThatDoesNotFitStopsGenerationAtItsLine() throws {
        let directory = TemporaryDirectory()
        let queries = directory.path("contacts-queries.sql")
        try "-- name: titled :many\n-- People with a title.\nSELECT name FROM person\nWHERE titel = :title;\n"
            .write(toFile: queries, atomically: true, encoding: .utf8)
        let run = try slate("generate", Self.fixtures.appendingPathComponent("Schemas/contacts.sql").path, queries)
        #expect(run.status == 1)
        #expect(run.output == "")
        #expect(run.errors == "\(queries):4:7: error: no such column: titel\n")

        try "-- name: titled :many\nSELECT name FROM person WHERE title = :title;\n".write(
            toFile: queries, atomically: true, encoding: .utf8)
        let fixed = try slate("generate", Self.fixtures.appendingPathComponent("Schemas/contacts.sql").path, queries)
        #expect(fixed.status == 0)
        #expect(fixed.output.contains("public func titled(title: String) throws -> [TitledRow] {"))
    }

    @Test func usageErrorsExit64AndHelpReads() throws {
        let run = try slate("generate", "--frobnicate")
        #expect(run.status == 64)
        let help = try slate("--help")
        #expect(help.status == 0)
        #expect(help.output.contains("generate"))
        #expect(help.output.contains("schema"))
        #expect(help.output.contains("Exit codes"))
    }

    @Test func aDatabaseFileIsAnInput() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("contacts.sqlite")
        let process = try slate("generate", Self.fixtures.appendingPathComponent("Schemas/contacts.sql").path)
        #expect(process.status == 0)
        // Build a database file from the script with the sqlite3 C API through Slate's schema loader.
        let sql = try String(contentsOf: Self.fixtures.appendingPathComponent("Schemas/contacts.sql"), encoding: .utf8)
        try SlateTestDatabase.create(at: path, sql: sql)
        let fromFile = try slate("generate", path)
        #expect(fromFile.status == 0)
        // Same schema, same records and tables. The database type differs: the script is
        // the schema's one version (schemaScripts, version 1), the file has none.
        func records(_ text: String) -> Substring {
            text[(text.range(of: "// MARK: - ")?.lowerBound ?? text.startIndex)...]
        }
        let same = records(fromFile.output) == records(process.output)
        #expect(
            same,
            "generating from the database file differs: \(Diff.unified(expected: String(records(process.output)), actual: String(records(fromFile.output)), limit: 20))"
        )
        #expect(process.output.contains("public static let schemaScripts: [SQLSchemaScript] = ["))
        #expect(!fromFile.output.contains("schemaScripts"))
    }
}

/// A hand-written type named like a generated one: one error at its declaration.
@Suite struct HandWrittenClashTests {
    @Test func aClashIsOneErrorAtTheHandWrittenDeclaration() throws {
        let directory = TemporaryDirectory()
        let schema = directory.path("contacts.sql")
        try
            "CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT NOT NULL);\nCREATE TABLE note (id INTEGER PRIMARY KEY);"
            .write(toFile: schema, atomically: true, encoding: .utf8)
        let person = directory.path("Person.swift")
        try """
        import Foundation

        /* struct Note {} in a comment is not a declaration */
        let text = "struct Note {}"
        extension Note {}   // extending a generated type is fine
        enum Namespace {
            struct Person {}  // nested: no clash
        }
        public final class Person {
        }
        """.write(toFile: person, atomically: true, encoding: .utf8)
        let executable = try #require(CommandLineTests.executable)
        let run = try Executables.run(
            executable, ["generate", schema, "--swift-sources", person, "--output", directory.path("Out.swift")])
        #expect(run.status == 1)
        #expect(
            run.errors
                == "\(person):9:14: error: class Person is declared here, and Slate generates a type Person from table person; rename one: give the table's record another name in slate.json (\"naming\": {\"recordTypeNames\": {\"table\": \"Name\"}}), set \"naming\": {\"nestRecordTypes\": true}, or rename the hand-written type\n"
        )
        #expect(!FileManager.default.fileExists(atPath: directory.path("Out.swift")))
        // Renamed in slate.json, the clash is gone.
        let config = directory.path("slate.json")
        try #"{"naming": {"recordTypeNames": {"person": "Contact"}}}"#.write(
            toFile: config, atomically: true, encoding: .utf8)
        let renamed = try Executables.run(
            executable,
            [
                "generate", schema, "--config", config, "--swift-sources", person, "--output",
                directory.path("Out.swift"),
            ])
        #expect(renamed.status == 0, "\(renamed.errors)")
    }
}

/// Every error of the command in `file: error: message` form.
@Suite struct CommandErrorFormTests {
    @Test func anUnwritableOutputIsAFileError() throws {
        let directory = TemporaryDirectory()
        let schema = directory.path("notes.sql")
        try "CREATE TABLE note (id INTEGER PRIMARY KEY);".write(toFile: schema, atomically: true, encoding: .utf8)
        let blocker = directory.path("blocker")
        try "a file, not a folder".write(toFile: blocker, atomically: true, encoding: .utf8)
        let executable = try #require(CommandLineTests.executable)
        let run = try Executables.run(executable, ["generate", schema, "--output", blocker + "/Notes.swift"])
        #expect(run.status == 1)
        #expect(run.errors.hasPrefix("\(blocker)/Notes.swift: error: cannot write the file: "), "\(run.errors)")
        #expect(run.errors.split(separator: "\n").count == 1)
    }

    @Test func helpListsTheExitCodes() throws {
        let run = try Executables.run(try #require(CommandLineTests.executable), ["--help"])
        #expect(run.output.contains("Exit codes: 0 success; 1 the inputs or the configuration have an error"))
    }
}
