import SlateSchema
import Testing

@testable import SlatePostgresSchema

/// The digest a PostgreSQL database records of each script it applied: of the SQLite
/// script's statements, so that blanks and comments are no edit, any token is, and the
/// rendering may change between Slate versions without refusing a database.
@Suite struct SourceDigestTests {
    @Test func theDigestIsOfTheTokensAndNeverChanges() {
        let script = "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT);\nINSERT INTO t VALUES (1, 'a b');\n"
        // Recorded in databases: a change of the function refuses every database applied
        // before it, so the value is pinned.
        #expect(SQLScript.sourceDigest(script) == "v1-ec036fed81e88455")
        #expect(
            SQLScript.sourceDigest(
                "-- made by hand\nCREATE  TABLE t(id INTEGER PRIMARY KEY,name TEXT) ;\n/* rows */ INSERT INTO t VALUES(1,'a b');"
            )
                == SQLScript.sourceDigest(script))
        // Any token: a string's content, a name's case, a quote, one more statement.
        for edit in [
            script.replacingOccurrences(of: "'a b'", with: "'a  b'"),
            script.replacingOccurrences(of: "name", with: "Name"),
            script.replacingOccurrences(of: "t (", with: "\"t\" ("),
            script + "DELETE FROM t;",
            "",
        ] {
            #expect(SQLScript.sourceDigest(edit) != SQLScript.sourceDigest(script), "\(edit)")
        }
    }

    /// Each rendered script carries its source's digest: the SQLite script's, or the
    /// `.postgres.sql` script's that replaces it.
    @Test func renderedScriptsCarryTheirSourcesDigest() throws {
        let first = "CREATE TABLE t (id INTEGER PRIMARY KEY, flag BOOLEAN NOT NULL DEFAULT 0);"
        let replacement = "CREATE FUNCTION f() RETURNS int LANGUAGE sql AS 'SELECT 1';\n"
        let result = try PostgresSchemaRenderer.render(
            scripts: [
                SQLScript(path: "app-001.sql", text: first),
                SQLScript(path: "app-002.sql", text: "ALTER TABLE t ADD COLUMN note TEXT;"),
            ],
            postgresScripts: [SQLScript(path: "app-002.postgres.sql", text: replacement)])
        #expect(result.errors == [])
        #expect(
            result.scripts.map(\.sourceDigest) == [
                SQLScript.sourceDigest(first), SQLScript.sourceDigest(replacement),
            ])
        #expect(result.scripts[0].sourceDigest != SQLScript.sourceDigest(result.scripts[0].sql))
    }
}
