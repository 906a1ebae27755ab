import Foundation
import Slate
import SlateTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Several real processes upgrading one file at once (an app and its widget, two server
/// instances), and processes killed with SIGKILL in the middle of an upgrade. The child's
/// databases (`Legacy`, three scripts; `Edited`, one script edited after files were made)
/// are in `Tests/TestChild/main.swift`.
@Suite(.serialized) struct ConcurrentUpgradeTests {
    static let rows = 20_000

    /// The child process, built beside the tests.
    static func child() throws -> URL {
        try #require(Executables.url("slate-test-child"), "slate-test-child is not built beside the tests")
    }

    /// A file as an older build left it, made by the child.
    static func seed(_ path: String, _ kind: String, rows: Int = rows) throws {
        let result = try Executables.run(try child(), ["seed", path, kind, String(rows)])
        try #require(result.status == 0 && result.output == "ok\n", "seed: \(result.output)\(result.errors)")
    }

    static func query(_ path: String, _ sql: String) throws -> [[SQLValue]] {
        let context = try SQLContext(path: path)
        defer { context.close() }
        return try context.query(sql: sql)
    }

    /// A Legacy file's state, or a description of how it is inconsistent: its version,
    /// and a schema and rows that are exactly that version's.
    static func legacyState(_ path: String) throws -> Result<Int64, Failure> {
        let context = try SQLContext(path: path)
        defer { context.close() }
        guard try context.query(sql: "PRAGMA integrity_check") == [["ok"]] else {
            return .failure(Failure("integrity_check failed"))
        }
        let version = try context.query(sql: "PRAGMA user_version")[0][0].integerValue ?? -1
        let names = try context.query(sql: "SELECT name FROM sqlite_schema ORDER BY name").compactMap {
            $0[0].textValue
        }
        let columns = try context.query(sql: "SELECT count(*) FROM pragma_table_info('a')")[0][0]
        let expected: ([String], SQLValue)
        switch version {
        case 0, 1: expected = (["a"], 2)
        case 2: expected = (["a", "b"], 2)
        case 3: expected = (["a", "a_w", "b"], 3)
        default: return .failure(Failure("user_version \(version)"))
        }
        guard names == expected.0, columns == expected.1 else {
            return .failure(Failure("user_version \(version) with objects \(names) and \(columns) columns in a"))
        }
        guard
            try context.query(sql: "SELECT count(*), sum(id), min(v), max(v) FROM a") == [
                [.integer(Int64(rows)), .integer(Int64(rows * (rows + 1) / 2)), "row 1", "row 9999"]
            ]
        else {
            return .failure(Failure("the rows of a changed"))
        }
        if version >= 2 {
            guard
                try context.query(sql: "SELECT count(*), count(DISTINCT a_id) FROM b") == [
                    [.integer(Int64(rows / 100)), .integer(Int64(rows / 100))]
                ]
            else {
                return .failure(
                    Failure("b holds \(try context.query(sql: "SELECT count(*) FROM b")) rows at version \(version)"))
            }
        }
        return .success(version)
    }

    /// An Edited file's state: `false` for the first text, `true` for the edited one.
    static func editedState(_ path: String) throws -> Result<Bool, Failure> {
        let context = try SQLContext(path: path)
        defer { context.close() }
        guard try context.query(sql: "PRAGMA integrity_check") == [["ok"]] else {
            return .failure(Failure("integrity_check failed"))
        }
        let version = try context.query(sql: "PRAGMA user_version")[0][0]
        let objects = try context.query(
            sql: "SELECT name, sql FROM sqlite_schema WHERE name <> 'slate_schema_history' ORDER BY name")
        let history =
            try context.query(sql: "SELECT count(*) FROM sqlite_schema WHERE name = 'slate_schema_history'")[0][0] == 1
            ? try context.query(sql: "SELECT count(*) FROM slate_schema_history")[0][0] : 0
        let edited: Bool
        if objects.count == 1,
            objects[0][1] == "CREATE TABLE note (id INTEGER PRIMARY KEY, title TEXT NOT NULL, body BLOB)"
        {
            edited = false
        } else if objects.count == 2,
            objects[0][1]
                == "CREATE TABLE \"note\" (id INTEGER PRIMARY KEY, title TEXT NOT NULL COLLATE NOCASE, body BLOB)"
                || objects[0][1]
                    == "CREATE TABLE note (id INTEGER PRIMARY KEY, title TEXT NOT NULL COLLATE NOCASE, body BLOB)",
            objects[1][0] == "note_title"
        {
            edited = true
        } else {
            return .failure(Failure("objects \(objects)"))
        }
        guard version == 1 else { return .failure(Failure("user_version \(version)")) }
        // The edit is recorded with the upgrade, once: the first text's schema, then the
        // edited one's.
        guard history == (edited ? 2 : 0) else {
            return .failure(Failure("\(history) schemas in the history, edited: \(edited)"))
        }
        let expected: [[SQLValue]] = [
            [
                .integer(Int64(rows)), .integer(Int64(rows * (rows + 1) / 2)),
                .integer(Int64((0..<rows).reduce(0) { $0 + ($1 + 1) % 50 })),
            ]
        ]
        guard
            try context.query(
                sql:
                    "SELECT count(*), sum(id), sum(length(body)) FROM note WHERE title = 'Note ' || id AND typeof(body) = 'blob'"
            ) == expected
        else {
            return .failure(Failure("the rows of note changed"))
        }
        return .success(edited)
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// A file made before versions were recorded (script 1 applied, user_version 0), opened
    /// by three processes at once that all bootstrap scripts 1–3: each succeeds at version
    /// 3, script 2's rows are there once, and the file opens again.
    @Test func aLegacyFileUpgradedByThreeProcessesAtOnce() throws {
        let child = try Self.child()
        let directory = TemporaryDirectory()
        for round in 1...8 {
            let path = directory.path("legacy-\(round).sqlite")
            try Self.seed(path, "legacy")
            let results = try Executables.runTogether(child, Array(repeating: ["bootstrap", path, "legacy"], count: 3))
            for result in results {
                #expect(result.status == 0 && result.output == "ready\n3\n", "round \(round): \(result.output)")
            }
            #expect(try Self.legacyState(path).get() == 3, "round \(round)")
            let again = try Executables.run(child, ["bootstrap", path, "legacy"])
            #expect(again.output == "ready\n3\n", "round \(round): \(again.output)")
        }
    }

    /// A file made from the first text of a single script, opened by three processes at
    /// once after the script was edited: one follows the edit, the others find it done,
    /// and all succeed with every row kept.
    @Test func anEditedScriptFollowedByThreeProcessesAtOnce() throws {
        let child = try Self.child()
        let directory = TemporaryDirectory()
        for round in 1...8 {
            let path = directory.path("edited-\(round).sqlite")
            try Self.seed(path, "edited")
            let results = try Executables.runTogether(child, Array(repeating: ["bootstrap", path, "edited"], count: 3))
            for result in results {
                #expect(result.status == 0 && result.output == "ready\n1\n", "round \(round): \(result.output)")
            }
            #expect(try Self.editedState(path).get() == true, "round \(round)")
        }
    }

    /// SIGKILL at a random moment of an upgrade, 20 times for each database: the file is
    /// always exactly one of its versions with every row, never in between, and the next
    /// start finishes the upgrade.
    @Test(arguments: ["legacy", "edited"]) func sigkillMidUpgradeLeavesOneVersion(_ kind: String) throws {
        let child = try Self.child()
        let directory = TemporaryDirectory()
        let template = directory.path("template.sqlite")
        try Self.seed(template, kind)
        var random = CrashTests.Random(state: kind == "legacy" ? 7 : 8)
        var seen: [String: Int] = [:]
        var inconsistent = 0
        for round in 1...20 {
            let path = directory.path("\(kind)-\(round).sqlite")
            try FileManager.default.copyItem(atPath: template, toPath: path)
            let process = Process()
            process.executableURL = child
            process.arguments = ["bootstrap", path, kind]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            var received = Data()
            while !received.contains(UInt8(ascii: "\n")) {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                received += chunk
            }
            // The legacy upgrade is quicker than the edited script's rebuild.
            usleep(UInt32(random.next(in: kind == "legacy" ? 0...8 : 0...30) * 1000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let state: String
            if kind == "legacy" {
                switch try Self.legacyState(path) {
                case .success(let version): state = "version \(version)"
                case .failure(let failure):
                    state = "inconsistent"
                    Issue.record("round \(round): \(failure)")
                }
            } else {
                switch try Self.editedState(path) {
                case .success(let edited): state = edited ? "edited" : "first text"
                case .failure(let failure):
                    state = "inconsistent"
                    Issue.record("round \(round): \(failure)")
                }
            }
            if state == "inconsistent" { inconsistent += 1 }
            seen[state, default: 0] += 1
            let next = try Executables.run(child, ["bootstrap", path, kind])
            #expect(
                next.output == "ready\n\(kind == "legacy" ? 3 : 1)\n", "round \(round), after \(state): \(next.output)")
        }
        print(
            "sigkill mid-upgrade (\(kind)): 20 kills, states \(seen.sorted { $0.key < $1.key }), \(inconsistent) inconsistent"
        )
        #expect(inconsistent == 0)
    }
}
