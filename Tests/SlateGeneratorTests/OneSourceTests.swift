import Foundation
import SlateSchema
import SlateTestSupport
import Testing

@testable import SlateGenerator

/// Issue 32 §2: each rule written once. Raw mode's helpers are derived from SlateRecords'
/// and Slate's sources, and the plugins group files by the rules `slate generate` uses.
@Suite struct OneSourceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The shared part of raw mode's template is what Scripts/generate-raw-template.sh makes
    /// of SQLRecordCoding.swift and SQLDate.swift today, byte for byte.
    @Test func theRawTemplateIsDerivedFromTheLibrarysSources() throws {
        let directory = TemporaryDirectory()
        let fresh = directory.path("RawTemplateShared.generated.swift")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["bash", Self.root.appendingPathComponent("Scripts/generate-raw-template.sh").path, fresh]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let committedPath = Self.root.appendingPathComponent(
            "Sources/SlateGenerator/Translation/RawTemplateShared.generated.swift"
        ).path
        let derived = try Data(contentsOf: URL(fileURLWithPath: fresh))
        let committed = try Data(contentsOf: URL(fileURLWithPath: committedPath))
        // The first line that differs, so that the failure says what changed.
        let derivedLines = String(decoding: derived, as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false)
        let committedLines = String(decoding: committed, as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false)
        let line =
            zip(derivedLines, committedLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(derivedLines.count, committedLines.count)
        let now = line < derivedLines.count ? String(derivedLines[line]) : "(end of file)"
        let was = line < committedLines.count ? String(committedLines[line]) : "(end of file)"
        #expect(
            derived == committed,
            """
            RawTemplateShared.generated.swift is stale: SQLRecordCoding.swift or SQLDate.swift changed in a region marked raw-template. Run Scripts/generate-raw-template.sh, then Scripts/record-golden.sh. First difference, line \(line + 1) of the generated file:
              derived:   \(now)
              committed: \(was)
            """)
    }

    /// What the generator embeds is that derived text: the template holds both parts whole,
    /// no placeholder is left, and no access level or inlining attribute of the library's.
    @Test func theGeneratorEmbedsTheDerivedParts() {
        let source = RawSupportTemplate.source
        #expect(source.contains(RawSupportTemplate.sharedRecordCoding + "\n"))
        #expect(source.contains(RawSupportTemplate.sharedDate + "\n"))
        #expect(!source.contains("__SHARED_"))
        for word in ["public ", "package ", "@inlinable", "@usableFromInline", "@_spi"] {
            #expect(!RawSupportTemplate.sharedRecordCoding.contains(word), "\(word)")
            #expect(!RawSupportTemplate.sharedDate.contains(word), "\(word)")
        }
        // The helpers the template used to retype are the library's now.
        for name in [
            "static func decodeRowID", "static func dateValue", "static func readsAs", "static func update(",
            "mutating func parse()",
        ] {
            #expect(source.components(separatedBy: name).count == 2, "\(name) once")
        }
        #expect(!source.contains("enum DateText"))
        #expect(!source.contains("enum DateStorage"))
    }

    /// A script that drops a marker, or nests one, fails instead of deriving a wrong template.
    @Test func aBrokenMarkerFailsTheScript() throws {
        let directory = TemporaryDirectory()
        let copy = directory.url.appendingPathComponent("repo")
        for folder in ["Scripts", "Sources/SlateRecords", "Sources/Slate", "Sources/SlateGenerator/Translation"] {
            try FileManager.default.createDirectory(
                at: copy.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for file in ["Scripts/generate-raw-template.sh", "Sources/SlateRecords/SQLRecordCoding.swift"] {
            try FileManager.default.copyItem(
                at: Self.root.appendingPathComponent(file), to: copy.appendingPathComponent(file))
        }
        var date = try String(
            contentsOf: Self.root.appendingPathComponent("Sources/Slate/SQLDate.swift"), encoding: .utf8)
        date = date.replacingOccurrences(of: "    // raw-template: end\n}", with: "}")
        try date.write(
            to: copy.appendingPathComponent("Sources/Slate/SQLDate.swift"), atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["bash", copy.appendingPathComponent("Scripts/generate-raw-template.sh").path]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus != 0)
        #expect(
            !FileManager.default.fileExists(
                atPath: copy.appendingPathComponent(
                    "Sources/SlateGenerator/Translation/RawTemplateShared.generated.swift"
                ).path))
    }

    /// The plugins' groups, on disk, against the generator's rules: each group's scripts
    /// in the order `slate generate` replays them (`SQLScript.ordered`), and each group
    /// named by the stem the generator names the database by.
    @Test(arguments: [
        ["todos-010.sql", "todos-9.sql", "todos-001.sql", "todos-v2.sql"],
        ["OtherDB-v010.sql", "OtherDB-v9.sql", "OtherDB-V1.sql", "OtherDB.sqlite3", "OtherDB-AddView.sql"],
        ["shop-001.sql", "shop-001-a.sql", "shop-002.sql", "shop_items-001.sql", "shop.items.sql", "shopping-001.sql"],
        ["a-1.sql", "a-01.sql", "a-001.sql", "A-2.sql", "a.db", "a-x.sqlite"],
        ["users_v2.sql", "users_v10.sql", "users-1a.sql", "users.sqlite3", "x-1.sql", "-1.sql", "_v1.sql"],
        ["bookshop-002-sales.sql", "bookshop-001-catalog.sql", "bookshop-003-views.sql", "bookshop-queries.sql"],
    ])
    func thePluginsGroupAsTheGeneratorReads(_ names: [String]) throws {
        let directory = TemporaryDirectory()
        for name in names {
            let text = name.contains("queries") ? "-- name: all :many\nSELECT 1;\n" : ""
            try text.write(toFile: directory.path(name), atomically: true, encoding: .utf8)
        }
        let inputs = try SlateInputs(
            directory: directory.url, files: SlateInputs.filesOnDisk(in: directory.url, resources: []))
        #expect(inputs.databases.flatMap(\.inputs).count == names.count)
        for database in inputs.databases {
            let files = database.inputs.map(\.lastPathComponent)
            let scripts = files.filter { $0.hasSuffix(".sql") }
            let replayed = SQLScript.ordered(scripts.reversed().map { SQLScript(path: $0, text: "") }).map(\.fileName)
            #expect(replayed == scripts, "\(files)")
            let first = try #require(files.first)
            let named = stem(of: URL(fileURLWithPath: first).deletingPathExtension().lastPathComponent)
            #expect(belongs(named, to: database.stem), "\(first) names \(named), grouped as \(database.stem)")
            for file in files where !file.contains("queries") {
                #expect(
                    belongs(
                        stem(of: URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent),
                        to: database.stem), "\(file)")
            }
        }
    }
}
