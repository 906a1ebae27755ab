import Foundation
import SlateGenerator
import Testing

/// Generated code compared byte for byte with checked-in golden files, which the
/// `GeneratedCodeTests` and `GeneratedRawTests` targets compile and run. Record new golden
/// files with `Scripts/record-golden.sh` (or `SLATE_RECORD_GOLDEN=1 swift test --filter
/// GoldenFileTests` when the test target builds); a recording run fails, so that it is
/// never mistaken for a passing one.
@Suite struct GoldenFileTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var inputs: [String]
        var configuration: String?
        var golden: String
        var testDescription: String { golden }
    }

    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    /// The cases of `Tests/Fixtures/golden-cases.txt`, which `Scripts/record-golden.sh`
    /// also reads.
    static let cases: [Case] = {
        let list =
            (try? String(
                contentsOf: testsDirectory.appendingPathComponent("Fixtures/golden-cases.txt"), encoding: .utf8)) ?? ""
        return list.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count == 3, !line.hasPrefix("#") else { return nil }
            return Case(
                inputs: fields[2].split(separator: " ").map(String.init),
                configuration: fields[1] == "-" ? nil : fields[1], golden: fields[0])
        }
    }()

    @Test func everyGoldenCaseIsListed() {
        #expect(Self.cases.count == 35)
    }

    @Test(arguments: cases)
    func generatedCodeMatchesTheGoldenFile(_ testCase: Case) throws {
        let fixtures = Self.testsDirectory.appendingPathComponent("Fixtures")
        let configuration =
            try testCase.configuration.map {
                try GeneratorConfiguration.load(path: fixtures.appendingPathComponent($0).path)
            } ?? GeneratorConfiguration()
        let inputs = testCase.inputs.map { fixtures.appendingPathComponent($0).path }
        let generated = try SlateGenerator.generate(inputs: inputs, configuration: configuration)
        let golden = Self.testsDirectory.appendingPathComponent(testCase.golden)

        if ProcessInfo.processInfo.environment["SLATE_RECORD_GOLDEN"] == "1" {
            try Data(generated.contents.utf8).write(to: golden)
            Issue.record("recorded \(testCase.golden); run again without SLATE_RECORD_GOLDEN to check it")
            return
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        if generated.contents != expected {
            Issue.record(
                """
                \(testCase.golden) differs from what the generator writes now (record with SLATE_RECORD_GOLDEN=1 if the change is meant):
                \(Diff.unified(expected: expected, actual: generated.contents))
                """)
        }
        // Deterministic: generating twice gives the same bytes.
        #expect(
            try SlateGenerator.generate(inputs: inputs, configuration: configuration).contents == generated.contents)
    }
}

/// A readable diff for test failures, from `diff -u` where there is one.
enum Diff {
    static func unified(expected: String, actual: String, limit: Int = 120) -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("slate-diff-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let left = directory.appendingPathComponent("expected.swift")
        let right = directory.appendingPathComponent("actual.swift")
        try? Data(expected.utf8).write(to: left)
        try? Data(actual.utf8).write(to: right)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["diff", "-u", left.path, right.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        do {
            try process.run()
            let output = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let lines = String(decoding: output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            return lines.prefix(limit).joined(separator: "\n")
                + (lines.count > limit ? "\n… \(lines.count - limit) more lines" : "")
        } catch {
            return "(no diff tool: \(error))"
        }
    }
}
