import Foundation
import Slate
import SlateTestSupport
import Testing

@testable import SlateGenerator

/// Issue 31, review R1: the generator's §5 checks and typing at their edges — foreign
/// keys without a column list to a table without a key, to a view, to a quoted name in
/// another case; sums of truth values in their other spellings.
@Suite struct Review31R1GeneratorTests {
    private func run(_ files: [(String, String)]) throws -> String {
        let directory = TemporaryDirectory()
        var inputs: [String] = []
        for (name, text) in files {
            try text.write(toFile: directory.path(name), atomically: true, encoding: .utf8)
            inputs.append(directory.path(name))
        }
        do {
            return try SlateGenerator.generate(inputs: inputs).contents
        } catch {
            return "error: " + "\(error)".replacingOccurrences(of: directory.path(""), with: "")
        }
    }

    @Test func foreignKeysAtTheirEdges() throws {
        // No column list, and the parent has no primary key: a mismatch at its REFERENCES.
        let keyless = try run([
            (
                "a.sql",
                "CREATE TABLE parent (name TEXT);\nCREATE TABLE child (id INTEGER PRIMARY KEY, p INTEGER REFERENCES parent);\n"
            )
        ])
        #expect(
            keyless.hasPrefix(#"error: /a.sql:2:55: error: foreign key mismatch - "child" referencing "parent""#),
            "\(keyless)")
        // A view is no parent.
        let view = try run([
            (
                "b.sql",
                "CREATE TABLE parent (id INTEGER PRIMARY KEY);\nCREATE VIEW pv AS SELECT id FROM parent;\nCREATE TABLE child (id INTEGER PRIMARY KEY, p INTEGER REFERENCES pv(id));\n"
            )
        ])
        #expect(
            view.hasPrefix(#"error: /b.sql:3:55: error: foreign key mismatch - "child" referencing "pv""#), "\(view)")
        // A quoted name with a space, in another case, and its column in another case: fine.
        let quoted = try run([
            (
                "c.sql",
                "CREATE TABLE \"Parent Table\" (id INTEGER PRIMARY KEY);\nCREATE TABLE child (id INTEGER PRIMARY KEY, p INTEGER REFERENCES \"parent table\"(ID));\n"
            )
        ])
        #expect(quoted.contains("public struct Child: Identifiable"))
        // A parent created by a later script: fine.
        let later = try run([
            ("app-001.sql", "CREATE TABLE child (id INTEGER PRIMARY KEY, p INTEGER REFERENCES parent(id));\n"),
            ("app-002.sql", "CREATE TABLE parent (id INTEGER PRIMARY KEY);\n"),
        ])
        #expect(later.contains("public struct Parent: Identifiable"))
    }

    @Test func sumsOfTruthValuesInTheirOtherSpellings() throws {
        let code = try run([
            (
                "s.sql",
                "CREATE TABLE t (id INTEGER PRIMARY KEY, a INTEGER NOT NULL, b INTEGER NOT NULL, x TEXT, r REAL NOT NULL, status TEXT NOT NULL);\n"
            ),
            (
                "q.sql",
                """
                -- name: truths :one
                SELECT sum(x IS NULL) AS nulls, sum(CASE WHEN a > b THEN 1 ELSE 0 END) AS cases,
                       coalesce(sum(a > b), 0.0) AS realish, max(a = b) AS anyEqual,
                       coalesce(sum(status = 'open'), 0) AS openCount, sum(NOT (a > b)) AS notted,
                       sum(a BETWEEN 1 AND 3) AS inRange, sum(status IN ('a', 'b')) AS listed,
                       avg(a > b) AS ratio, sum(a > b) + r AS plusReal, -sum(a > b) AS negated
                FROM t;

                """
            ),
        ])
        for (name, type) in [
            ("nulls", "Int?"), ("cases", "Int?"), ("realish", "Double"), ("anyEqual", "Bool?"), ("openCount", "Int"),
            ("notted", "Int?"), ("inRange", "Int?"), ("listed", "Int?"), ("ratio", "Double?"), ("plusReal", "Double?"),
            ("negated", "Int?"),
        ] {
            #expect(code.contains("public var \(name): \(type)\n"), "\(name) is not \(type)")
        }
    }
}
