import Foundation
import SlateTestSupport
import Testing

@testable import SlateGenerator

/// One object SQLite cannot prepare (a view calling a function only the application
/// registers) must not sink the whole schema: the rest is generated, the view is reported
/// as a warning, and slate.json can declare the function or leave the view out.
@Suite struct OneBadObjectTests {
    static let schema = """
        CREATE TABLE item (id INTEGER PRIMARY KEY, a TEXT, b TEXT);
        CREATE TABLE junk (x);
        CREATE TRIGGER junk_t AFTER INSERT ON junk BEGIN SELECT 1; END;
        CREATE VIEW meta AS SELECT id, sortconcat(a, b) AS joined FROM item;
        CREATE VIEW plain AS SELECT id, a FROM item;
        """

    func generate(
        _ configuration: GeneratorConfiguration = GeneratorConfiguration()
    ) throws -> SlateGenerator.GeneratedFile {
        let directory = TemporaryDirectory()
        let path = directory.path("shop.sql")
        try Self.schema.write(toFile: path, atomically: true, encoding: .utf8)
        var file = try SlateGenerator.generate(inputs: [path], configuration: configuration)
        for index in file.diagnostics.indices where file.diagnostics[index].file == path {
            file.diagnostics[index].file = "shop.sql"
        }
        return file
    }

    @Test func aViewCallingAnUnknownFunctionIsLeftOutWithAWarning() throws {
        let file = try generate()
        #expect(
            file.diagnostics.map(\.description) == [
                "shop.sql:4:1: warning: view \"meta\" left out: no such function: sortconcat (declare the function under \"functions\" in slate.json, or list the view under \"excludeObjects\")"
            ])
        #expect(file.contents.contains("public struct Item: "))
        #expect(file.contents.contains("public struct Plain: "))
        #expect(!file.contents.contains("public struct Meta: "))
    }

    @Test func declaredFunctionsLetTheViewBePreparedAndTyped() throws {
        var configuration = GeneratorConfiguration()
        configuration.functions = ["sortconcat": .init(arguments: 2, returns: "TEXT")]
        let file = try generate(configuration)
        #expect(file.diagnostics == [])
        #expect(file.contents.contains("public struct Meta: "))
        #expect(file.contents.contains("    public var joined: String?\n"))
    }

    @Test func excludedObjectsAreLeftOutQuietly() throws {
        var configuration = GeneratorConfiguration()
        configuration.excludeObjects = ["meta", "junk"]
        let file = try generate(configuration)
        #expect(file.diagnostics == [])
        #expect(!file.contents.contains("struct Junk"))
        #expect(!file.contents.contains("struct Meta:"))
        #expect(!file.contents.contains("SQLTable<Junk"))
        // The scripts still create every object: they are the schema's versions.
        #expect(file.contents.contains("CREATE TRIGGER junk_t"))
    }

    @Test func theConfigurationReadsBothKeys() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("slate.json")
        try
            #"{"excludeObjects": ["meta"], "functions": {"sortconcat": {"arguments": -1, "returns": "TEXT"}, "now_ms": {"arguments": 0}}}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        let configuration = try GeneratorConfiguration.load(path: path)
        #expect(configuration.excludeObjects == ["meta"])
        #expect(
            configuration.functions == [
                "sortconcat": .init(arguments: -1, returns: "TEXT"), "now_ms": .init(arguments: 0, returns: nil),
            ])
        try #"{"functions": {"f": {"arguments": "two"}}}"#.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: (any Error).self) { try GeneratorConfiguration.load(path: path) }
    }
}
