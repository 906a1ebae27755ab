import Foundation
import SlateTestSupport
import Testing

/// Issue 32's review of Scripts/check-api.sh: swift-api-digester dumps a `package`
/// declaration beside the public ones (marked only "isInternal") and reports no break when
/// a public declaration becomes `package`. Scripts/api-tiers.py, which the check runs over
/// the baseline's dump and HEAD's, reports each such declaration once, in the digester's
/// words; what the digester reports itself (removed, made SPI) it leaves to it.
@Suite struct Review32APICheckTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Runs `command` with `arguments`; its standard output, or nil when it fails.
    func run(_ command: String, _ arguments: [String]) throws -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
    }

    /// The digester's dump of module `M` built from `source`.
    func dump(_ source: String, _ name: String, in directory: TemporaryDirectory) throws -> String {
        let folder = directory.path(name)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try source.write(toFile: folder + "/M.swift", atomically: true, encoding: .utf8)
        _ = try #require(
            try run(
                "/usr/bin/env",
                [
                    "swiftc", "-emit-module", "-parse-as-library", "-module-name", "M", "-package-name", "P",
                    "-emit-module-path", folder + "/M.swiftmodule", folder + "/M.swift",
                ]), "swiftc failed")
        let swift = try #require(try run("/usr/bin/env", ["sh", "-c", "readlink -f \"$(command -v swiftc)\""]))
        let digester = URL(fileURLWithPath: swift.trimmingCharacters(in: .whitespacesAndNewlines))
            .deletingLastPathComponent().appendingPathComponent("swift-api-digester").path
        _ = try #require(
            try run(digester, ["-dump-sdk", "-module", "M", "-I", folder, "-o", folder + ".json"]),
            "the digester failed")
        return folder + ".json"
    }

    @Test func aPublicDeclarationMadePackageIsReportedOnce() throws {
        let directory = TemporaryDirectory()
        let before = try dump(
            """
            public struct S { public init() {}; public func kept() {}; public func hidden() {}; public var v = 1 }
            public enum Gone { case x; public func member() {} }
            public func top() {}
            public func removed() {}
            public enum Secret { case x }
            """, "before", in: directory)
        let after = try dump(
            """
            public struct S { public init() {}; public func kept() {}; package func hidden() {}; public package(set) var v = 1 }
            package enum Gone { case x; package func member() {} }
            package func top() {}
            @_spi(G) public enum Secret { case x }
            """, "after", in: directory)
        let script = Self.root.appendingPathComponent("Scripts/api-tiers.py").path
        let report = try #require(try run("/usr/bin/env", ["python3", script, before, after]), "api-tiers.py failed")
        #expect(
            report.split(separator: "\n").map(String.init) == [
                "API breakage: accessor S.v.set is now package",
                "API breakage: enum Gone is now package",
                "API breakage: func S.hidden() is now package",
                "API breakage: func top() is now package",
            ])
        let same = try #require(try run("/usr/bin/env", ["python3", script, before, before]))
        #expect(same.isEmpty)
    }
}
