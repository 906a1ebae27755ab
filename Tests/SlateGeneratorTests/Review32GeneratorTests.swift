import Foundation
import SlateGenerator
import SlateTestSupport
import Testing

/// Issue 32's review of the generator's diagnostics, run through the real `slate` binary:
/// a setting of slate.json that names nothing is reported at the file given with
/// `--config` (an IDE opens that file, not some `slate.json`), and that warning survives a
/// query file that fails after it.
@Suite struct Review32GeneratorTests {
    static let schema = "CREATE TABLE person (person_id INTEGER PRIMARY KEY, name TEXT NOT NULL);\n"
    static let settings =
        #"{ "naming": { "propertyNames": { "person.nme": "x" } }, "types": { "columns": { "gone.col": "Int" } } }"#

    func write(_ files: [(String, String)], in directory: TemporaryDirectory) throws -> [String] {
        try files.map { name, text in
            let path = directory.path(name)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
    }

    @Test func aSettingThatNamesNothingIsWarnedAboutAtTheConfigurationsOwnPath() throws {
        let executable = try #require(Executables.url("slate"), "the slate executable is not built beside the tests")
        let directory = TemporaryDirectory()
        let paths = try write([("shop.sql", Self.schema), ("shop-config.json", Self.settings)], in: directory)
        let run = try Executables.run(executable, ["generate", paths[0], "--config", paths[1]])
        #expect(run.status == 0)
        #expect(
            run.errors.split(separator: "\n").map(String.init) == [
                "\(paths[1]): warning: \"types.columns\" names \"gone.col\", which is no column of a table or view; the setting does nothing",
                "\(paths[1]): warning: \"naming.propertyNames\" names \"person.nme\", which is no column of a table or view; the setting does nothing",
            ])
    }

    @Test func aModelErrorAboutASettingNamesTheConfigurationsOwnPath() throws {
        let directory = TemporaryDirectory()
        let paths = try write([("shop.sql", Self.schema)], in: directory)
        let json = #"{ "naming": { "propertyNames": { "person.name": "label", "person.person_id": "label" } } }"#
        let configuration = try GeneratorConfiguration.parse(Data(json.utf8), path: "Sources/Shop/slate.json")
        #expect(
            configuration == (try GeneratorConfiguration.parse(Data(json.utf8))),
            "where it was read from is not part of its value")
        do {
            _ = try SlateGenerator.generate(inputs: paths, configuration: configuration)
            Issue.record("a property name taken twice was accepted")
        } catch {
            #expect(
                "\(error)"
                    == "Sources/Shop/slate.json: error: \"naming.propertyNames\" gives person.name the name 'label', which person.person_id has; choose another"
            )
        }
    }

    @Test func aFailingQueryFileKeepsTheSettingsWarningsBeforeIt() throws {
        let executable = try #require(Executables.url("slate"), "the slate executable is not built beside the tests")
        let directory = TemporaryDirectory()
        let paths = try write(
            [
                ("shop.sql", Self.schema),
                ("shop-config.json", #"{ "naming": { "propertyNames": { "person.nme": "x" } } }"#),
                (
                    "queries.sql",
                    "-- name: named :many\nSELECT * FROM person;\n-- name: broken :many\nSELECT nosuch FROM person;\n"
                ),
            ], in: directory)
        let run = try Executables.run(executable, ["generate", paths[0], paths[2], "--config", paths[1]])
        #expect(run.status == 1)
        #expect(
            run.errors.split(separator: "\n").map(String.init) == [
                "\(paths[1]): warning: \"naming.propertyNames\" names \"person.nme\", which is no column of a table or view; the setting does nothing",
                "\(paths[2]):4:8: error: no such column: nosuch",
            ])
    }
}
