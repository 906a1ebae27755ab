import Slate
import SlateSchema

/// Finds a schema's double-quoted words that SQLite's legacy rule reads as strings: Slate's
/// connections turn that rule off, so such a word is a name, and naming no column it fails
/// ("no such column"). A script statement fails as it replays; a trigger or view body is
/// compiled only when it is used, so each is compiled here, once, by preparing (never
/// running) a statement that fires each trigger and one that reads each view. Either way
/// the error says what to write instead, or how to keep the legacy rule for the schema.
enum DoubleQuotedStrings {
    /// What to do about a double-quoted `word`.
    static func advice(_ word: String) -> String {
        "in Slate a double-quoted word is a name, never a string: write '\(word.replacingOccurrences(of: "'", with: "''"))' in single quotes, or set \"doubleQuotedStrings\": true in slate.json if the schema relies on SQLite's legacy rule for double-quoted strings"
    }

    /// `error`, from replaying `scripts`, with the advice when SQLite reports a missing
    /// column that the failing statement wrote in double quotes (`INSERT INTO tags VALUES
    /// ("canine")` fails with `no such column: canine`).
    static func explained(_ error: ScriptError, scripts: [SQLScript]) -> ScriptError {
        let prefix = "no such column: "
        guard error.message.hasPrefix(prefix), let line = error.line,
            let script = scripts.first(where: { $0.path == error.path })
        else { return error }
        let word = String(error.message.dropFirst(prefix.count))
        let offset = Self.offset(line: line, column: error.column ?? 1, in: script.text)
        let tokens = SQLTokenizer.tokenize(script.text)
        guard
            let statement = SQLScript.statements(tokens).first(where: { range in
                range.contains { tokens[$0].offset + tokens[$0].text.utf8.count > offset }
            }), tokens[statement].contains(where: { isDoubleQuoted($0, word) })
        else { return error }
        var explained = error
        explained.message +=
            ": \"\(word.replacingOccurrences(of: "\"", with: "\"\""))\" is in double quotes, and " + advice(word)
        return explained
    }

    /// Throws at the first trigger or view of the database on `context` whose body uses a
    /// double-quoted word SQLite's legacy rule would read as a string: at its `CREATE` in
    /// the last of `scripts` that creates it, else at the first of `databases`. Views
    /// named in `excluded`, and triggers on tables and views named there, are left alone.
    static func check(_ context: SQLContext, scripts: [SQLScript], databases: [String], excluded: Set<String>) throws {
        var bodies: [Body] = []
        for row in try context.query(
            sql: "SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE type IN ('trigger', 'view') ORDER BY rowid")
        {
            guard let type = row[0].textValue, let name = row[1].textValue, let table = row[2].textValue,
                let sql = row[3].textValue
            else { continue }
            bodies.append(Body(type: type, name: name, table: table, tokens: SQLTokenizer.tokenize(sql)))
        }
        // Views first: a trigger that reads a bad view is reported at the view.
        for view in bodies where view.type == "view" && !excluded.contains(view.name.lowercased()) {
            try compile(
                "SELECT * FROM \(quoted(view.name))", doing: "reading view \(view.name)", first: view.name, bodies,
                context, scripts, databases)
        }
        var tables: [String] = []
        for trigger in bodies where trigger.type == "trigger" && !excluded.contains(trigger.table.lowercased()) {
            if !tables.contains(where: { $0.lowercased() == trigger.table.lowercased() }) {
                tables.append(trigger.table)
            }
        }
        for table in tables {
            // Every trigger of the table is compiled with the statement it fires on; a view
            // without an INSTEAD OF trigger for a statement refuses it, which is no concern.
            let columns = try context.query(
                sql: "SELECT name FROM pragma_table_xinfo(?) WHERE hidden = 0", parameters: [.text(table)]
            )
            .compactMap { $0.first?.textValue }
            var statements = [("INSERT INTO \(quoted(table)) DEFAULT VALUES", "every INSERT into \(table)")]
            if !columns.isEmpty {
                statements.append(
                    (
                        "UPDATE \(quoted(table)) SET "
                            + columns.map { "\(quoted($0)) = \(quoted($0))" }.joined(separator: ", "),
                        "every UPDATE of \(table)"
                    ))
            }
            statements.append(("DELETE FROM \(quoted(table))", "every DELETE from \(table)"))
            let first =
                bodies.first { $0.type == "trigger" && $0.table.lowercased() == table.lowercased() }?.name ?? table
            for (sql, doing) in statements {
                try compile(sql, doing: doing, first: first, bodies, context, scripts, databases)
            }
        }
    }

    /// A trigger's or view's name, what it is on, and its SQL's tokens.
    private struct Body {
        var type: String
        var name: String
        var table: String
        var tokens: [SQLToken]
    }

    /// Prepares `sql`, which compiles the triggers and views it uses; when SQLite reports a
    /// missing column that one of `bodies` (the one named `first` before the others) writes
    /// in double quotes, throws at that body.
    private static func compile(
        _ sql: String, doing: String, first: String, _ bodies: [Body], _ context: SQLContext, _ scripts: [SQLScript],
        _ databases: [String]
    ) throws {
        let prefix = "no such column: "
        do {
            try context.prepare(sql: sql).close()
        } catch let error as SQLError where error.message.hasPrefix(prefix) {
            let word = String(error.message.dropFirst(prefix.count))
            let candidates = bodies.filter { $0.name == first } + bodies.filter { $0.name != first }
            guard let body = candidates.first(where: { $0.tokens.contains { isDoubleQuoted($0, word) } }) else {
                return
            }
            let quotedWord = "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            let message =
                "\(body.type) \"\(body.name)\" uses \(quotedWord) as a string, and \(doing) would fail with \"\(error.message)\": "
                + advice(word)
            if let place = SlateGenerator.definition(of: body.type, named: body.name, in: scripts) {
                throw ScriptError(path: place.path, line: place.line, column: place.column, message: message)
            }
            throw ScriptError(
                path: databases.first ?? scripts.first?.path ?? "", line: nil, column: nil, message: message)
        } catch is SQLError {
            // Anything else SQLite refuses here (a view without an INSTEAD OF trigger for
            // the statement) is not this check's to report.
        }
    }

    /// Whether `token` is `word` in double quotes.
    private static func isDoubleQuoted(_ token: SQLToken, _ word: String) -> Bool {
        token.kind == .quotedIdentifier && token.text.hasPrefix("\"") && token.value == word
    }

    private static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The UTF-8 offset of a one-based line and column (in bytes) of `text`.
    private static func offset(line: Int, column: Int, in text: String) -> Int {
        var currentLine = 1
        var offset = 0
        for byte in text.utf8 {
            if currentLine == line { break }
            if byte == UInt8(ascii: "\n") { currentLine += 1 }
            offset += 1
        }
        return offset + column - 1
    }
}
