extension SQLScript {
    /// Where the last of `scripts` (in name order) that declares a foreign key of `child`
    /// to `parent` does it: the `REFERENCES` of a `CREATE TABLE child` or an `ALTER TABLE
    /// child ADD COLUMN`, names compared as SQLite compares them (ASCII case-insensitive);
    /// nil when no script does.
    package static func referencesClause(
        from child: String, to parent: String, in scripts: [SQLScript]
    ) -> (path: String, line: Int, column: Int)? {
        for script in SQLScript.ordered(scripts).reversed() {
            let tokens = SQLTokenizer.tokenize(script.text)
            var found: Int?
            for statement in statements(tokens) where declaresTable(child, tokens[statement]) {
                var index = statement.lowerBound
                while index + 1 < statement.upperBound {
                    if tokens[index].text.uppercased() == "REFERENCES", sameName(tokens[index + 1].value, parent) {
                        found = tokens[index].offset
                    }
                    index += 1
                }
            }
            guard let found else { continue }
            let position = lineAndColumn(ofOffset: found, in: script.text)
            return (script.path, position.line, position.column)
        }
        return nil
    }

    /// Whether `tokens` are a `CREATE TABLE` or an `ALTER TABLE` of `table`.
    private static func declaresTable(_ table: String, _ tokens: ArraySlice<SQLToken>) -> Bool {
        let words = tokens.prefix(9).map { $0.kind == .keyword || $0.kind == .identifier ? $0.text.uppercased() : "" }
        var next = 0
        guard words.count > 2, words[0] == "CREATE" || words[0] == "ALTER" else { return false }
        next = 1
        if words[0] == "CREATE", words[next] == "TEMP" || words[next] == "TEMPORARY" { next += 1 }
        guard next < words.count, words[next] == "TABLE" else { return false }
        next += 1
        if next + 2 < words.count, words[next] == "IF", words[next + 1] == "NOT", words[next + 2] == "EXISTS" {
            next += 3
        }
        let names = Array(tokens.dropFirst(next).prefix(3))
        guard let first = names.first else { return false }
        if names.count == 3, names[1].kind == .dot { return sameName(names[2].value, table) }
        return sameName(first.value, table)
    }

    private static func sameName(_ left: String, _ right: String) -> Bool {
        left.lowercased() == right.lowercased()
    }
}
