import Foundation
import SlateSchema
import SlateTestSupport
import Testing

@testable import SlateGenerator

/// Scripts written by other tools: double-quoted strings are found when generating (a seed
/// row as its script replays, a trigger or view body by compiling it) and reported at
/// their line with what to write instead, unless `"doubleQuotedStrings": true` keeps
/// SQLite's legacy rule for the schema, in generation and in the generated code; a script
/// that rolls itself back is refused; and every mode creates a file from the scripts
/// themselves.
@Suite struct ScriptsFromOtherToolsTests {
    /// Generates from scripts written into a directory of their own (name → text); errors
    /// and warnings name the files without their directory.
    func generate(
        _ scripts: [(String, String)], _ configuration: GeneratorConfiguration = GeneratorConfiguration()
    ) throws -> String {
        let directory = TemporaryDirectory()
        var paths: [String] = []
        for (name, text) in scripts {
            let path = directory.path(name)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        do throws(GenerationFailure) {
            return try SlateGenerator.generate(inputs: paths, configuration: configuration).contents
        } catch {
            var shown = error
            for index in shown.diagnostics.indices {
                shown.diagnostics[index].file = shown.diagnostics[index].file.map {
                    URL(fileURLWithPath: $0).lastPathComponent
                }
            }
            throw shown
        }
    }

    /// The error generating `scripts` throws, as the command line prints it.
    func failure(
        _ scripts: [(String, String)], _ configuration: GeneratorConfiguration = GeneratorConfiguration()
    ) -> String? {
        do {
            _ = try generate(scripts, configuration)
            return nil
        } catch {
            return "\(error)"
        }
    }

    static let advice =
        "in Slate a double-quoted word is a name, never a string: write '%@' in single quotes, or set \"doubleQuotedStrings\": true in slate.json if the schema relies on SQLite's legacy rule for double-quoted strings"

    static func advice(_ word: String) -> String { advice.replacingOccurrences(of: "%@", with: word) }

    /// datasette's fixtures: `INSERT INTO tags VALUES ("canine")`.
    static let seed = (
        "tags.sql",
        """
        CREATE TABLE tags (tag TEXT);
        INSERT INTO tags VALUES ('dog');
          INSERT INTO tags VALUES ("canine");
        """
    )

    /// syncthing's shape: a trigger that compares with `""`, fine until the first insert.
    static let trigger = (
        "files.sql",
        """
        CREATE TABLE files (name TEXT NOT NULL, version TEXT NOT NULL DEFAULT '');
        CREATE TABLE log (name TEXT);

        CREATE TRIGGER files_logged AFTER INSERT ON files
        BEGIN
            INSERT INTO log VALUES (NEW.name);
        END;
        CREATE TRIGGER files_version AFTER UPDATE OF version ON files
        WHEN NEW.version = ""
        BEGIN
            INSERT INTO log VALUES (NEW.name);
        END;
        """
    )

    static let view = (
        "files.sql",
        """
        CREATE TABLE files (name TEXT NOT NULL);
        CREATE VIEW files_kind AS
            SELECT name, "file" AS kind FROM files;
        """
    )

    @Test func aSeedRowInDoubleQuotesFailsAtItsWordWithWhatToWriteInstead() {
        #expect(
            failure([Self.seed]) == "tags.sql:3:28: error: no such column: canine: \"canine\" is in double quotes, and "
                + Self.advice("canine"))
    }

    @Test func aTriggerBodyIsCompiledAndReportedAtItsCreate() {
        #expect(
            failure([Self.trigger])
                == "files.sql:8:1: error: trigger \"files_version\" uses \"\" as a string, and every UPDATE of files would fail with \"no such column: \": "
                + Self.advice(""))
    }

    @Test func aViewBodyIsCompiledAndReportedAtItsCreate() {
        #expect(
            failure([Self.view])
                == "files.sql:2:1: error: view \"files_kind\" uses \"file\" as a string, and reading view files_kind would fail with \"no such column: file\": "
                + Self.advice("file"))
    }

    /// A trigger on a view (INSTEAD OF) is compiled by a statement on the view; a view the
    /// configuration leaves out is not read.
    @Test func insteadOfTriggersAndExcludedObjects() {
        let script = (
            "notes.sql",
            """
            CREATE TABLE note (body TEXT);
            CREATE VIEW note_view AS SELECT body FROM note;
            CREATE TRIGGER note_view_insert INSTEAD OF INSERT ON note_view
            BEGIN
                INSERT INTO note VALUES (coalesce(NEW.body, "empty"));
            END;
            """
        )
        #expect(
            failure([script])
                == "notes.sql:3:1: error: trigger \"note_view_insert\" uses \"empty\" as a string, and every INSERT into note_view would fail with \"no such column: empty\": "
                + Self.advice("empty"))
        var configuration = GeneratorConfiguration()
        configuration.excludeObjects = ["note_view"]
        #expect(failure([script], configuration) == nil)
    }

    @Test func theLegacyRuleLetsThemGenerateAndTheCodeUseIt() throws {
        var configuration = GeneratorConfiguration.withHandleFunctions
        configuration.doubleQuotedStrings = true
        let api = try generate([("legacy-001.sql", Self.seed.1), ("legacy-002.sql", Self.trigger.1)], configuration)
        #expect(
            api.contains(
                """
                    /// The schema relies on SQLite's legacy rule that reads a double-quoted word naming no column as a
                    /// string (`"doubleQuotedStrings": true` in slate.json): every connection the database opens allows it.
                    public static let allowsDoubleQuotedStrings: Bool = true
                """))
        #expect(
            api.contains(
                "try SQLRecordCoding.open(path, flags: readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE, allowsDoubleQuotedStrings: true)"
            ))
        #expect(
            api.contains("try SQLRecordCoding.create(path, sql: Legacy.creationSQL, allowsDoubleQuotedStrings: true)"))

        configuration.emit.api = false
        let raw = try generate([Self.seed], configuration)
        #expect(!raw.contains("static let allowsDoubleQuotedStrings"))
        #expect(
            raw.contains("try SQLRecordCoding.create(path, sql: Tags.creationSQL, allowsDoubleQuotedStrings: true)"))
        #expect(raw.contains("db = try SQLRecordCoding.open(path, flags: flags, allowsDoubleQuotedStrings: true)"))
        // Without the option, neither says a word about it.
        let strict = try generate([("tags.sql", "CREATE TABLE tags (tag TEXT);")])
        #expect(!strict.contains("allowsDoubleQuotedStrings: true"))
        #expect(!strict.contains("static let allowsDoubleQuotedStrings"))
    }

    @Test func aScriptThatRollsItselfBackIsAnError() {
        #expect(
            failure([("undo.sql", "BEGIN;\nCREATE TABLE a (x);\nROLLBACK;\n")])
                == "undo.sql:3:1: error: ROLLBACK would end the transaction the script runs in: a generated database runs each script in a transaction of its own, committed when the script succeeds and rolled back when it fails. Leave the ROLLBACK out (to undo part of a script, use SAVEPOINT name … ROLLBACK TO name)"
        )
    }

    /// Generation replays scripts with foreign keys as a generated database runs them: off
    /// while a script runs (a seed row may refer to a row inserted after it), checked
    /// after it — a script that leaves a row dangling is an error at that script, which
    /// bootstrap(at:) would refuse; dangling rows of an earlier script are its error, not
    /// the next one's.
    @Test func seedRowsMayReferForwardButNotDangle() throws {
        let forward = try generate([
            (
                "shop.sql",
                """
                CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER NOT NULL REFERENCES parent(id));
                CREATE TABLE parent (id INTEGER PRIMARY KEY, name TEXT);
                INSERT INTO child VALUES (1, 10);
                INSERT INTO parent VALUES (10, 'forward');
                """
            )
        ])
        #expect(forward.contains("struct Child"))
        #expect(
            failure([
                (
                    "shop-001.sql",
                    "CREATE TABLE parent (id INTEGER PRIMARY KEY);\nCREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES parent(id));"
                ),
                ("shop-002.sql", "INSERT INTO child VALUES (1, 99), (2, 98);"),
            ])
                == "shop-002.sql: error: leaves 2 rows referring to nothing (in child): a generated database checks foreign keys after each script, and would refuse it"
        )
    }

    /// Raw mode creates a file as the API's `bootstrap(at:)` does: the scripts themselves,
    /// in order, without what only their tool could run, seed rows included, and the
    /// version the API records.
    @Test func rawModeCreatesFromTheScriptsThemselves() throws {
        var configuration = GeneratorConfiguration()
        configuration.emit.api = false
        let raw = try generate(
            [
                (
                    "shop-001.sql",
                    "CREATE TABLE item (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT);\nCREATE TABLE sqlite_sequence(name,seq);\nINSERT INTO item (name) VALUES ('first');\n"
                ),
                ("shop-002.sql", "BEGIN TRANSACTION;\n\nALTER TABLE item ADD COLUMN price REAL;\n\nCOMMIT;\n"),
            ], configuration)
        #expect(
            raw.contains(
                """
                    public static let schemaVersion: Int64 = 2

                    /// The SQL that creates the schema: the scripts it was generated from, in order, as Slate replays them (seed rows included).
                    public static let creationSQL = #\"""
                    CREATE TABLE item (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT);
                    INSERT INTO item (name) VALUES ('first');
                    ALTER TABLE item ADD COLUMN price REAL;
                    PRAGMA user_version = 2;
                    \"""#
                """))
        // Scripts that set another version keep it: the scripts set it themselves.
        let own = try generate(
            [("shop.sql", "CREATE TABLE item (id INTEGER PRIMARY KEY);\nPRAGMA user_version = 7;")], configuration)
        #expect(own.contains("public static let schemaVersion: Int64 = 7"))
        #expect(
            own.contains("    CREATE TABLE item (id INTEGER PRIMARY KEY);\n    PRAGMA user_version = 7;\n    \"\"\"#"))
    }
}
