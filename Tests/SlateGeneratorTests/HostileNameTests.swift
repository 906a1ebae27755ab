import Foundation
import SlateAnalysis
import SlateSchema
import SlateTestSupport
import Testing

@testable import SlateGenerator

/// Names no SQL script can hold but a crafted database file can (NUL, line and paragraph
/// separators, bidirectional overrides), and every breakout sequence for Swift literals
/// and comments, in every place a name reaches: the generated file must parse, and every
/// name must come out only inside escaped literals and sanitized comments.
@Suite struct HostileNameTests {
    static let hostile = [
        "nul\u{0}byte", "line\u{2028}sep", "para\u{2029}sep", "rtl\u{202E}evil", "cr\rlf\n", "tri\"\"\"ple\"#",
        "raw\"##end", "\\(interp)", "*/ close", "/* open", "#if os", "`tick`", "} brace {", "back\\slash", "emoji 🦆",
        "\u{7F}del", "tab\there", "'single'",
    ]

    static func schema() -> Schema {
        var tables: [Table] = []
        for (index, name) in hostile.enumerated() {
            let other = hostile[(index + 1) % hostile.count]
            tables.append(
                Table(
                    name: name,
                    sql: "CREATE TABLE \"\(name)\" (id INTEGER PRIMARY KEY, \"\(other)\" TEXT DEFAULT '\(other)')",
                    columns: [
                        Column(name: "id", declaredType: "INTEGER", primaryKeyPosition: 1),
                        Column(
                            name: other, declaredType: "TEXT",
                            defaultValue: "'\(other.replacingOccurrences(of: "'", with: "''"))'"),
                        Column(name: name, declaredType: name),
                    ],
                    primaryKey: ["id"], rowIDAlias: "id"))
        }
        let views = hostile.prefix(3).map { name in
            View(
                name: name + " view", sql: "CREATE VIEW \"\(name) view\" AS SELECT 1 AS \"\(name)\"",
                columns: [
                    ResultColumn(
                        name: name, declaredType: "INTEGER", isNullable: false, expression: name, typeSource: .inferred)
                ])
        }
        return Schema(tables: tables, views: Array(views))
    }

    /// Parses `source` with the Swift compiler (syntax only) and returns its diagnostics.
    static func parseErrors(_ source: String, in directory: TemporaryDirectory) throws -> String {
        let file = directory.path("Hostile.swift")
        try source.write(toFile: file, atomically: true, encoding: .utf8)
        let run = try Executables.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["swiftc", "-parse", "-parse-as-library", file])
        return run.status == 0 && !run.errors.contains("error") ? "" : run.errors
    }

    @Test(arguments: [false, true]) func theGeneratedFileParsesWhateverTheNames(_ raw: Bool) throws {
        var configuration = GeneratorConfiguration()
        configuration.emit.api = !raw
        let file = try SlateGenerator.generate(
            schema: Self.schema(), inputs: ["hostile.sqlite"], configuration: configuration)
        // No name reaches the file unescaped: no NUL or separator bytes at all.
        for scalar in ["\u{0}", "\u{2028}", "\u{2029}", "\r", "\u{7F}"] {
            #expect(
                !file.contents.unicodeScalars.contains(Unicode.Scalar(scalar)!),
                "raw \(scalar.unicodeScalars.first!.value) in the output")
        }
        let directory = TemporaryDirectory()
        #expect(try Self.parseErrors(file.contents, in: directory) == "")
        // Each name reaches the code as an exact literal of itself.
        if !raw {
            for name in Self.hostile {
                #expect(
                    file.contents.contains("static let sqlName = " + SwiftLiteral.string(name) + "\n"),
                    "sqlName of \(name.debugDescription)")
            }
        }
    }
}
