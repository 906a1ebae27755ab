import Foundation
import Slate
import SlateSchema
import SlateTestSupport
import Testing

@testable import SlateGenerator

/// Issue 31 §5: what the generator catches before the build. Foreign keys to tables or
/// columns that do not exist, and the initializer default of the other now-forms.
@Suite struct Review31GeneratorChecksTests {
    /// The error generating `files` (name → text) throws, as the CLI prints it, with the
    /// directory's path taken out.
    private func failure(_ files: [(String, String)], database: (String, String)? = nil) throws -> String {
        let directory = TemporaryDirectory()
        var inputs: [String] = []
        if let (name, sql) = database {
            try SlateTestDatabase.create(at: directory.path(name), sql: sql)
            inputs.append(directory.path(name))
        }
        for (name, text) in files {
            try text.write(toFile: directory.path(name), atomically: true, encoding: .utf8)
            inputs.append(directory.path(name))
        }
        do {
            _ = try SlateGenerator.generate(inputs: inputs)
        } catch {
            return "\(error)".replacingOccurrences(of: directory.path(""), with: "")
        }
        return "generated without an error"
    }

    private func generate(_ sql: String, _ json: String = "{}") throws -> String {
        let directory = TemporaryDirectory()
        try sql.write(toFile: directory.path("app.sql"), atomically: true, encoding: .utf8)
        let configuration = try GeneratorConfiguration.parse(Data(json.utf8))
        return try SlateGenerator.generate(inputs: [directory.path("app.sql")], configuration: configuration).contents
    }

    @Test func aForeignKeyToAMissingTableIsAnErrorAtItsReferences() throws {
        let message = try failure([
            (
                "tracker.sql",
                """
                CREATE TABLE issue (issue_id INTEGER PRIMARY KEY, title TEXT NOT NULL);

                CREATE TABLE comment (
                    comment_id INTEGER PRIMARY KEY,
                    issue_id INTEGER NOT NULL
                        REFERENCES issues(issue_id),
                    body TEXT NOT NULL
                );
                """
            )
        ])
        #expect(
            message
                == #"/tracker.sql:6:9: error: table comment has a foreign key (issue_id) to table issues, which does not exist (the schema has issue): with foreign keys on, as a generated database has them, every insert into comment would fail with "no such table: main.issues""#
        )
    }

    @Test func aTableConstraintAndALaterScriptAreFoundToo() throws {
        // The key declared as a table constraint, in the second script, by ALTER TABLE.
        let message = try failure([
            (
                "shop-001.sql",
                "CREATE TABLE customer (id INTEGER PRIMARY KEY);\nCREATE TABLE \"order\" (id INTEGER PRIMARY KEY, customer INTEGER, FOREIGN KEY (customer) REFERENCES customer(id));\n"
            ),
            ("shop-002.sql", "-- notes\n\nALTER TABLE \"order\" ADD COLUMN note_id INTEGER REFERENCES Notes;\n"),
        ])
        #expect(
            message
                == #"/shop-002.sql:3:48: error: table order has a foreign key (note_id) to table Notes, which does not exist: with foreign keys on, as a generated database has them, every insert into order would fail with "no such table: main.Notes""#
        )
    }

    @Test func aForeignKeyToAMissingColumnIsAnErrorAtItsReferences() throws {
        let message = try failure([
            (
                "tracker.sql",
                """
                CREATE TABLE issue (issue_id INTEGER PRIMARY KEY);
                CREATE TABLE comment (id INTEGER PRIMARY KEY, issue INTEGER REFERENCES issue(id));
                """
            )
        ])
        #expect(
            message
                == #"/tracker.sql:2:61: error: foreign key mismatch - "comment" referencing "issue": a foreign key must refer to its parent table's PRIMARY KEY or to columns with a UNIQUE index; SQLite refuses every change to such a table while foreign keys are on, and a generated database's foreign-key check after each script fails"#
        )
    }

    @Test func aDatabaseFileIsNamedWithTheTable() throws {
        let missingTable = try failure(
            [],
            database: (
                "tracker.sqlite",
                """
                CREATE TABLE issue (issue_id INTEGER PRIMARY KEY);
                CREATE TABLE comment (id INTEGER PRIMARY KEY, issue INTEGER REFERENCES issues(issue_id));
                """
            ))
        #expect(
            missingTable
                == #"/tracker.sqlite: error: table comment has a foreign key (issue) to table issues, which does not exist (the schema has issue): with foreign keys on, as a generated database has them, every insert into comment would fail with "no such table: main.issues""#
        )
        let missingColumn = try failure(
            [],
            database: (
                "tracker.sqlite",
                """
                CREATE TABLE issue (issue_id INTEGER PRIMARY KEY);
                CREATE TABLE comment (id INTEGER PRIMARY KEY, issue INTEGER REFERENCES issue(id));
                """
            ))
        #expect(
            missingColumn.hasPrefix(#"/tracker.sqlite: error: foreign key mismatch - "comment" referencing "issue""#))
        // A script over the file that adds the bad key is named at its line.
        let overFile = try failure(
            [
                (
                    "tracker-extra.sql",
                    "\nCREATE TABLE label (id INTEGER PRIMARY KEY, issue INTEGER REFERENCES issue(nope));\n"
                )
            ],
            database: ("tracker.sqlite", "CREATE TABLE issue (issue_id INTEGER PRIMARY KEY);"))
        #expect(
            overFile.hasPrefix(#"/tracker-extra.sql:2:59: error: foreign key mismatch - "label" referencing "issue""#))
    }

    @Test func keysToTablesThatExistInAnyCaseOrLaterAreFine() throws {
        let code = try generate(
            """
            CREATE TABLE comment (id INTEGER PRIMARY KEY, issue INTEGER REFERENCES ISSUE(Issue_ID), parent INTEGER REFERENCES comment);
            CREATE TABLE issue (issue_id INTEGER PRIMARY KEY);
            """)
        #expect(code.contains("public struct CommentRecord: Identifiable"))
    }

    @Test func anExcludedTableIsNotChecked() throws {
        let code = try generate(
            "CREATE TABLE issue (id INTEGER PRIMARY KEY);\nCREATE TABLE legacy (id INTEGER PRIMARY KEY, issue INTEGER REFERENCES issues);\n",
            #"{"excludeObjects": ["legacy"]}"#)
        #expect(!code.contains("struct Legacy"))
    }

    /// Each now-form, in each storage: `Date()` where the storage holds what the default
    /// writes, nothing where it does not.
    @Test(arguments: [
        ("TEXT DEFAULT (strftime('%Y-%m-%d %H:%M:%f', 'now'))", "text", true),
        ("TEXT DEFAULT (datetime('now'))", "textSeconds", true),
        ("TEXT DEFAULT (datetime('now', 'subsec'))", "text", true),
        ("TEXT DEFAULT (DATETIME())", "text", true),
        ("TEXT DEFAULT (date('now'))", "text", true),
        ("TEXT DEFAULT CURRENT_TIME", "text", true),
        ("TEXT DEFAULT CURRENT_DATE", "text", true),
        ("TEXT DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))", "iso8601", true),
        ("REAL DEFAULT (julianday('now'))", "julianDay", true),
        ("REAL DEFAULT (strftime('%J', 'now'))", "julianDay", true),
        ("INTEGER DEFAULT (unixepoch())", "unixTimeInteger", true),
        ("INTEGER DEFAULT (unixepoch('now'))", "unixTimeInteger", true),
        ("INTEGER DEFAULT (strftime('%s', 'now'))", "unixTimeInteger", true),
        ("INTEGER DEFAULT (CAST(strftime('%s', 'now') AS INTEGER))", "unixTimeInteger", true),
        ("REAL DEFAULT (unixepoch('now', 'subsec'))", "unixTime", true),
        ("REAL DEFAULT ((julianday('now') - 2440587.5) * 86400.0)", "unixTime", true),
        ("INTEGER DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER))", "unixTimeMilliseconds", true),
        ("INTEGER DEFAULT (CAST(unixepoch('now', 'subsec') * 1000 AS INTEGER))", "unixTimeMilliseconds", true),
        ("INTEGER DEFAULT (1000 * unixepoch('now', 'subsec'))", "unixTimeMilliseconds", true),
        // Mismatches: the record would store another form than the default's.
        ("TEXT DEFAULT (julianday('now'))", "text", false),
        ("REAL DEFAULT (datetime('now'))", "julianDay", false),
        ("INTEGER DEFAULT (unixepoch())", "unixTimeMilliseconds", false),
        ("REAL DEFAULT (unixepoch('now', 'subsec'))", "unixTimeInteger", false),
        ("INTEGER DEFAULT (strftime('%s', 'now'))", "text", false),
        // Not the current time, or not UTC.
        ("TEXT DEFAULT (datetime('now', 'localtime'))", "text", false),
        ("TEXT DEFAULT (datetime('now', '+1 day'))", "text", false),
        ("TEXT DEFAULT (datetime('2020-01-01'))", "text", false),
        ("TEXT DEFAULT (strftime('%H:%M', 'now'))", "text", false),
        ("INTEGER DEFAULT (unixepoch() * 2)", "unixTimeInteger", false),
        ("INTEGER DEFAULT (random())", "unixTimeInteger", false),
    ])
    func nowFormsGetAnInitializerDefaultWhereTheStorageMatches(column: String, storage: String, dated: Bool) throws {
        let code = try generate(
            "CREATE TABLE event (id INTEGER PRIMARY KEY, at \(column) NOT NULL);",
            #"{"types": {"dateColumns": {"event.at": "\#(storage)"}}}"#)
        #expect(code.contains("at: Date = Date()") == dated, "\(column) as \(storage)")
        #expect(code.contains("at: Date"), "\(column) as \(storage)")
    }
}
