import Foundation
import Slate
import SlateTestSupport
import Testing

/// The legacy behaviours every connection turns off: double-quoted strings, legacy
/// `ALTER TABLE`, extension loading, `fts3_tokenizer()` pointers.
@Suite struct SafeDefaultsTests {
    private func todo(_ configuration: SQLContext.Configuration = .default) throws -> SQLContext {
        let ctx = try SQLContext(configuration: configuration)
        try ctx.exec(sql: "CREATE TABLE todo (id INTEGER PRIMARY KEY, title TEXT); INSERT INTO todo VALUES (1, 'milk')")
        return ctx
    }

    @Test func aDoubleQuotedNameThatNamesNoColumnIsAnError() throws {
        let ctx = try todo()
        defer { ctx.close() }
        expectSQLError(.error, "no such column: priority") { _ = try ctx.query(sql: "SELECT \"priority\" FROM todo") }
        expectSQLError(.error, "no such column: hello") { _ = try ctx.query(sql: "SELECT \"hello\"") }
        expectSQLError(.error, "no such column: milk") {
            _ = try ctx.query(sql: "SELECT id FROM todo WHERE title = \"milk\"")
        }
        expectSQLError(.error, "no such column: eggs") {
            try ctx.exec(sql: "INSERT INTO todo (title) VALUES (\"eggs\")")
        }
        expectSQLError(.error, "no such column: eggs") { try ctx.exec(sql: "UPDATE todo SET title = \"eggs\"") }
        // Through the cache, a cursor and a prepared statement alike.
        expectSQLError(.error, "no such column: priority") { _ = try ctx.cursor(sql: "SELECT \"priority\" FROM todo") }
        expectSQLError(.error, "no such column: priority") { _ = try ctx.prepare(sql: "SELECT \"priority\" FROM todo") }
        // Double quotes still quote names that exist, and single quotes are strings.
        #expect(try ctx.query(sql: "SELECT \"title\", 'title' FROM \"todo\"") == [["milk", "title"]])
        #expect(try ctx.query(sql: "SELECT count(*) FROM todo") == [[1]])
    }

    @Test func schemaStatementsCannotUseDoubleQuotedStringsEither() throws {
        let ctx = try todo()
        defer { ctx.close() }
        expectSQLError(.error, "no such column: nothing") {
            try ctx.exec(sql: "CREATE INDEX todo_nothing ON todo (\"nothing\")")
        }
        expectSQLError(.error, "no such column: open") {
            try ctx.exec(sql: "CREATE TABLE t (state TEXT CHECK (state IN (\"open\", \"done\")))")
        }
        expectSQLError(.error, "no such column: x") {
            try ctx.exec(sql: "CREATE INDEX todo_x ON todo (title) WHERE title <> \"x\"")
        }
        #expect(try ctx.query(sql: "SELECT name FROM sqlite_schema WHERE name <> 'todo'") == [])
        // DEFAULT takes a bare identifier as a string in any case: it is the grammar, not the rule.
        try ctx.exec(sql: "CREATE TABLE d (a, b DEFAULT \"x\"); INSERT INTO d (a) VALUES (1)")
        #expect(try ctx.query(sql: "SELECT * FROM d") == [[1, "x"]])
    }

    @Test func everyPoolConnectionTurnsItOff() throws {
        let directory = TemporaryDirectory()
        let pool = try SQLPool(path: directory.path("todo.sqlite"))
        defer { pool.close() }
        try pool.write { try $0.exec(sql: "CREATE TABLE todo (id INTEGER PRIMARY KEY, title TEXT)") }
        expectSQLError(.error, "no such column: milk") {
            try pool.write { try $0.exec(sql: "INSERT INTO todo (title) VALUES (\"milk\")") }
        }
        expectSQLError(.error, "no such column: priority") {
            _ = try pool.read { try $0.query(sql: "SELECT \"priority\" FROM todo") }
        }
        #expect(try pool.read { try $0.query(sql: "SELECT count(*) FROM todo") } == [[0]])
    }

    @Test func allowsDoubleQuotedStringsBringsTheLegacyRuleBack() throws {
        var configuration = SQLContext.Configuration()
        configuration.allowsDoubleQuotedStrings = true
        let ctx = try todo(configuration)
        defer { ctx.close() }
        #expect(try ctx.query(sql: "SELECT \"priority\" FROM todo") == [["priority"]])
    }

    /// A file made with the legacy rule on, its stored schema full of double-quoted strings:
    /// tables, defaults, CHECK constraints and indexes still work, as SQLite reads the
    /// stored schema leniently. Views and triggers are compiled as they are used, under the
    /// connection's rule: they fail loudly, until ``allowsDoubleQuotedStrings`` is set.
    @Test func aFileWhoseSchemaUsesDoubleQuotedStrings() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("legacy.sqlite")
        do {
            var legacy = SQLContext.Configuration()
            legacy.allowsDoubleQuotedStrings = true
            let maker = try SQLContext(path: path, configuration: legacy)
            try maker.exec(
                sql: """
                    CREATE TABLE todo (
                        id INTEGER PRIMARY KEY,
                        title TEXT DEFAULT "untitled",
                        state TEXT NOT NULL DEFAULT "open" CHECK (state IN ("open", "done")),
                        shout TEXT GENERATED ALWAYS AS (upper(title) || "!") VIRTUAL
                    );
                    CREATE INDEX todo_open ON todo (title) WHERE state = "open";
                    CREATE TABLE log (message TEXT);
                    CREATE VIEW labelled AS SELECT id, "label: " || title AS label FROM todo;
                    CREATE TRIGGER todo_log AFTER INSERT ON todo BEGIN INSERT INTO log VALUES ("added"); END;
                    """)
            maker.close()
        }
        let ctx = try SQLContext(path: path)
        defer { ctx.close() }
        try ctx.exec(sql: "DROP TRIGGER IF EXISTS none")
        // The table: defaults, CHECK, a generated column and a partial index.
        expectSQLError(.error, "no such column: added") { try ctx.exec(sql: "INSERT INTO todo (id) VALUES (1)") }
        try ctx.exec(sql: "DROP TRIGGER todo_log")
        try ctx.exec(sql: "INSERT INTO todo (id) VALUES (1)")
        try ctx.exec(sql: "INSERT INTO todo (id, title, state) VALUES (2, 'tea', 'done')")
        expectSQLError(.constraintCheck, "CHECK constraint failed: state IN (\"open\", \"done\")") {
            try ctx.exec(sql: "INSERT INTO todo (id, state) VALUES (3, 'lost')")
        }
        #expect(
            try ctx.query(sql: "SELECT id, title, state, shout FROM todo ORDER BY id") == [
                [1, "untitled", "open", "UNTITLED!"], [2, "tea", "done", "TEA!"],
            ])
        #expect(try ctx.query(sql: "SELECT id FROM todo INDEXED BY todo_open WHERE state = 'open'") == [[1]])
        #expect(try ctx.query(sql: "PRAGMA integrity_check") == [["ok"]])
        // The view fails loudly, rather than returning other data...
        expectSQLError(.error, "no such column: label: ") { _ = try ctx.query(sql: "SELECT label FROM labelled") }
        ctx.close()
        // ...and the setting made for such files reads it.
        var legacy = SQLContext.Configuration()
        legacy.allowsDoubleQuotedStrings = true
        let tolerant = try SQLContext(path: path, configuration: legacy)
        defer { tolerant.close() }
        #expect(
            try tolerant.query(sql: "SELECT label FROM labelled ORDER BY id") == [["label: untitled"], ["label: tea"]])
    }

    @Test func renamingATableOrColumnRewritesTheViewsThatUseThem() throws {
        let ctx = try todo()
        defer { ctx.close() }
        #expect(try ctx.query(sql: "PRAGMA legacy_alter_table") == [[0]])
        try ctx.exec(sql: "CREATE VIEW titles AS SELECT title FROM todo")
        try ctx.exec(sql: "ALTER TABLE todo RENAME COLUMN title TO name")
        // With the legacy rule, the view would still name table todo, and fail.
        try ctx.exec(sql: "ALTER TABLE todo RENAME TO tasks")
        #expect(try ctx.query(sql: "SELECT * FROM titles") == [["milk"]])
        #expect(
            try ctx.query(sql: "SELECT sql FROM sqlite_schema WHERE name = 'titles'") == [
                ["CREATE VIEW titles AS SELECT name FROM \"tasks\""]
            ])
    }

    @Test func sqlCannotLoadExtensionsNorPassTokenizerPointers() throws {
        let ctx = try todo()
        defer { ctx.close() }
        expectSQLError(.error, "not authorized") {
            _ = try ctx.query(sql: "SELECT load_extension('/nonexistent/evil.so')")
        }
        expectSQLError(.error, "fts3tokenize disabled") {
            _ = try ctx.query(sql: "SELECT fts3_tokenizer('simple', x'4141414141414141')")
        }
    }
}
