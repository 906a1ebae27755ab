import Slate
import SlateSchema

/// SQL text that PostgreSQL runs as SQLite does, or why it does not: the check a view's
/// `SELECT`, a partial index's `WHERE` and a script's data statements pass before they are
/// carried over. It works on tokens, never on text patterns: a statement is carried only
/// when each of its tokens is in a subset both engines read alike, and the only changes
/// made are exact ones — names quoted as the schema spells them (PostgreSQL folds unquoted
/// names to lower case, SQLite compares them ignoring case), `==` written `=`, and SQLite's
/// type names in `CAST` written as the type map says.
struct PortableSQL {
    /// A token that does not translate: its UTF-8 offset in the text, and why.
    struct Problem: Error, Equatable {
        var offset: Int
        var message: String
    }

    /// Every problem of a text.
    struct Problems: Error, Equatable {
        var all: [Problem]
    }

    /// Names as the schema spells them, by lower-cased name: tables, views, columns.
    var spellings: [String: String]

    /// Tables' columns' PostgreSQL types: by lower-cased table, then lower-cased column.
    var tableColumnTypes: [String: [String: PostgresColumnType]] = [:]

    /// A column's PostgreSQL type by lower-cased name alone, where every table that has a
    /// column of that name gives it the same type.
    var columnTypes: [String: PostgresColumnType] = [:]

    /// The spellings of `schema`'s names, and with `typing` its columns' types (which a
    /// comparison of a column with a number needs: SQLite converts by the column's
    /// affinity, PostgreSQL converts nothing).
    init(schema: SQLSchema, typing: PostgresColumnTyping? = nil) {
        if let typing {
            var byName: [String: PostgresColumnType?] = [:]
            for table in schema.tables {
                for column in table.columns {
                    guard let type = typing(table.name, column) else { continue }
                    tableColumnTypes[table.name.lowercased(), default: [:]][column.name.lowercased()] = type
                    let name = column.name.lowercased()
                    if let known = byName[name] {
                        if known != type { byName[name] = .some(nil) }
                    } else {
                        byName[name] = type
                    }
                }
            }
            columnTypes = byName.compactMapValues { $0 }
        }
        var spellings: [String: String] = [:]
        for table in schema.tables {
            spellings[table.name.lowercased()] = spellings[table.name.lowercased()] ?? table.name
            for column in table.columns {
                spellings[column.name.lowercased()] = spellings[column.name.lowercased()] ?? column.name
            }
        }
        for view in schema.views {
            spellings[view.name.lowercased()] = spellings[view.name.lowercased()] ?? view.name
            for column in view.columns {
                spellings[column.name.lowercased()] = spellings[column.name.lowercased()] ?? column.name
            }
        }
        self.spellings = spellings
    }

    /// Functions both engines have, with the same meaning for the same arguments.
    static let portableFunctions: Set<String> = [
        "COUNT", "SUM", "AVG", "MIN", "MAX", "COALESCE", "NULLIF", "ABS", "LOWER", "UPPER", "LENGTH", "TRIM",
        "LTRIM", "RTRIM", "REPLACE", "SUBSTR",
    ]

    /// Functions only SQLite has (or whose meaning differs), named in errors.
    static let sqliteOnlyFunctions: Set<String> = [
        "DATETIME", "DATE", "TIME", "STRFTIME", "JULIANDAY", "UNIXEPOCH", "IFNULL", "GROUP_CONCAT", "PRINTF",
        "FORMAT", "TYPEOF", "INSTR", "IIF", "HEX", "UNHEX", "RANDOM", "RANDOMBLOB", "ZEROBLOB", "CHAR",
        "UNICODE", "QUOTE", "GLOB", "LIKE", "LIKELIHOOD", "LIKELY", "UNLIKELY", "TOTAL", "ROUND",
        "LAST_INSERT_ROWID", "CHANGES", "TOTAL_CHANGES", "SQLITE_VERSION", "SOUNDEX", "MATCH", "SUBSTRING",
    ]

    /// Keywords whose meaning differs between the engines.
    static let unportableKeywords: [String: String] = [
        "LIKE": "LIKE ignores ASCII case in SQLite and not in PostgreSQL",
        "GLOB": "GLOB is SQLite's only",
        "REGEXP": "REGEXP is SQLite's only",
        "MATCH": "MATCH is SQLite's only",
        "INDEXED": "INDEXED BY is SQLite's only",
        "ISNULL": "ISNULL is SQLite's only (write IS NULL)",
        "NOTNULL": "NOTNULL is SQLite's only (write IS NOT NULL)",
    ]

    /// SQLite's type names in `CAST`, as PostgreSQL spells the same type.
    static let castTypes: [String: String] = [
        "INTEGER": "BIGINT", "INT": "BIGINT", "REAL": "DOUBLE PRECISION", "TEXT": "TEXT", "BLOB": "BYTEA",
        "NUMERIC": "NUMERIC",
    ]

    /// `text[range]`'s tokens as PostgreSQL text, or every problem found. Names after `AS`
    /// are aliases, quoted as written wherever they appear.
    func translate(_ tokens: ArraySlice<SQLToken>, in text: String) -> Result<String, Problems> {
        var spellings = self.spellings
        var index = tokens.startIndex
        while index < tokens.endIndex {
            if tokens[index].isKeyword("AS"), index + 1 < tokens.endIndex, tokens[index + 1].isName {
                // An alias; a schema name of its spelling keeps the schema's (the view's
                // columns are named explicitly, so this spelling never names a result).
                if spellings[tokens[index + 1].value.lowercased()] == nil {
                    spellings[tokens[index + 1].value.lowercased()] = tokens[index + 1].value
                }
            }
            index += 1
        }
        var problems: [Problem] = []
        var output = ""
        var previousEnd: Int?
        let bytes = Array(text.utf8)
        // Open parentheses, each whether it is a CAST's.
        var parens: [Bool] = []
        index = tokens.startIndex
        while index < tokens.endIndex {
            let token = tokens[index]
            let next = index + 1 < tokens.endIndex ? tokens[index + 1] : nil
            var replacement = token.text
            switch token.kind {
            case .identifier, .quotedIdentifier:
                if next?.kind == .leftParen, token.kind == .identifier,
                    Self.portableFunctions.contains(token.value.uppercased())
                        || spellings[token.value.lowercased()] == nil
                {
                    let name = token.value.uppercased()
                    if !Self.portableFunctions.contains(name) {
                        problems.append(
                            Problem(
                                offset: token.offset,
                                message: Self.sqliteOnlyFunctions.contains(name)
                                    ? "\(token.text)() is SQLite's only; PostgreSQL has no function of that meaning"
                                    : "\(token.text)() is no function PostgreSQL is known to share with SQLite"))
                    }
                } else if parens.last == true, index > tokens.startIndex, tokens[index - 1].isKeyword("AS") {
                    guard let type = Self.castTypes[token.value.uppercased()] else {
                        problems.append(
                            Problem(offset: token.offset, message: "CAST to \(token.text) has no PostgreSQL equivalent")
                        )
                        break
                    }
                    replacement = type
                } else if let spelling = spellings[token.value.lowercased()] {
                    replacement = SQLText.quotedIdentifier(spelling)
                } else if token.kind == .quotedIdentifier {
                    replacement = SQLText.quotedIdentifier(token.value)
                } else if ["TRUE", "FALSE"].contains(token.value.uppercased()) {
                    replacement = token.value.uppercased()
                }
            case .keyword:
                if let reason = Self.unportableKeywords[token.value] {
                    problems.append(Problem(offset: token.offset, message: reason))
                }
            case .parameter:
                problems.append(Problem(offset: token.offset, message: "parameter \(token.text) in a schema script"))
            case .operator:
                if token.text == "==" { replacement = "=" }
                if ["+", "-", "*", "/", "%"].contains(token.text),
                    let operand = textOperand(ofArithmeticAt: index, in: tokens)
                {
                    problems.append(
                        Problem(
                            offset: token.offset,
                            message:
                                "operator \(token.text) on \(operand): SQLite turns text into a number for arithmetic (text that is no number into 0), PostgreSQL refuses it; write || to join text"
                        ))
                }
                if token.text == "<<" || token.text == ">>" || token.text == "~" || token.text == "&"
                    || token.text == "|"
                {
                    problems.append(
                        Problem(offset: token.offset, message: "operator \(token.text) differs between the engines"))
                }
            case .blob:
                // X'0102' → '\x0102'::bytea
                replacement = "'\\x\(token.value)'::bytea"
            case .leftParen:
                parens.append(index > tokens.startIndex && tokens[index - 1].isKeyword("CAST"))
            case .rightParen:
                _ = parens.popLast()
            case .number:
                switch comparedColumn(ofNumberAt: index, in: tokens) {
                case nil: break
                case .some((let column, let type)):
                    switch literal(token.text, comparedWith: type) {
                    case .success(let literal): replacement = literal
                    case .failure(let reason):
                        problems.append(
                            Problem(
                                offset: token.offset,
                                message:
                                    "it compares \(type.rawValue) column \(SQLText.quotedIdentifier(column)) with the number \(token.text): \(reason.text)"
                            ))
                    }
                }
            case .string, .comma, .semicolon, .dot, .star:
                break
            }
            if let previousEnd, previousEnd < token.offset {
                // Keep the blanks and line breaks between tokens; a comment becomes a space.
                let between = bytes[previousEnd..<token.offset]
                output +=
                    between.allSatisfy { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
                    ? String(decoding: between, as: UTF8.self) : " "
            }
            output += replacement
            previousEnd = token.offset + token.text.utf8.count
            index += 1
        }
        return problems.isEmpty ? .success(output) : .failure(Problems(all: problems))
    }

    // MARK: Comparisons of a column with a number

    static let comparisons: Set<String> = ["=", "==", "<>", "!=", "<", "<=", ">", ">="]

    /// Where the number at `index` is one side of a comparison whose other side is a plain
    /// column (`flag = 1`, `(t.code) <> 0`, `0 < n`): that column's name and type. Only an
    /// operand that is the column alone counts; `a + col = 0` compares an expression.
    private func comparedColumn(
        ofNumberAt index: Int, in tokens: ArraySlice<SQLToken>
    ) -> (String, PostgresColumnType)? {
        func isBoundary(_ position: Int) -> Bool {
            guard position >= tokens.startIndex, position < tokens.endIndex else { return true }
            switch tokens[position].kind {
            case .leftParen, .rightParen, .comma, .keyword, .semicolon: return true
            default: return false
            }
        }
        func isComparison(_ position: Int) -> Bool {
            position >= tokens.startIndex && position < tokens.endIndex && tokens[position].kind == .operator
                && Self.comparisons.contains(tokens[position].text)
        }
        /// The column ending at `last` (wrapped in as many parentheses as `closes`), and where
        /// its operand starts.
        func column(endingAt last: Int) -> (name: SQLToken, table: SQLToken?, start: Int)? {
            guard last >= tokens.startIndex, tokens[last].isName else { return nil }
            if last - 2 >= tokens.startIndex, tokens[last - 1].kind == .dot, tokens[last - 2].isName {
                return (tokens[last], tokens[last - 2], last - 2)
            }
            return (tokens[last], nil, last)
        }
        func type(of found: (name: SQLToken, table: SQLToken?, start: Int)) -> (String, PostgresColumnType)? {
            let name = found.name.value.lowercased()
            if let table = found.table, let columns = tableColumnTypes[table.value.lowercased()] {
                return columns[name].map { (found.name.value, $0) }
            }
            return columnTypes[name].map { (found.name.value, $0) }
        }
        let number = index
        // column <op> number
        if isComparison(number - 1), isBoundary(number + 1) {
            var last = number - 2
            var closes = 0
            while last >= tokens.startIndex, tokens[last].kind == .rightParen {
                closes += 1
                last -= 1
            }
            if let found = column(endingAt: last) {
                var start = found.start
                var opens = 0
                while opens < closes, start - 1 >= tokens.startIndex, tokens[start - 1].kind == .leftParen {
                    opens += 1
                    start -= 1
                }
                let functionCall = start - 1 >= tokens.startIndex && tokens[start - 1].isName
                if opens == closes, !functionCall, isBoundary(start - 1) { return type(of: found) }
            }
        }
        // number <op> column
        if isComparison(number + 1), isBoundary(number - 1) {
            var first = number + 2
            var opens = 0
            while first < tokens.endIndex, tokens[first].kind == .leftParen {
                opens += 1
                first += 1
            }
            var last = first
            if last + 2 < tokens.endIndex, tokens[last + 1].kind == .dot, tokens[last + 2].isName { last += 2 }
            if last < tokens.endIndex, let found = column(endingAt: last), found.start == first {
                var end = last + 1
                var closes = 0
                while closes < opens, end < tokens.endIndex, tokens[end].kind == .rightParen {
                    closes += 1
                    end += 1
                }
                let call = end < tokens.endIndex && tokens[end].kind == .leftParen
                if closes == opens, !call, isBoundary(end), !isComparison(end) { return type(of: found) }
            }
        }
        return nil
    }

    /// Text next to the arithmetic operator at `index`, described for an error: a string
    /// literal, or a plain column that is TEXT (`"FirstName" + ' '`).
    private func textOperand(ofArithmeticAt index: Int, in tokens: ArraySlice<SQLToken>) -> String? {
        func describe(_ name: SQLToken, table: SQLToken?) -> String? {
            let type: PostgresColumnType?
            if let table, let columns = tableColumnTypes[table.value.lowercased()] {
                type = columns[name.value.lowercased()]
            } else {
                type = columnTypes[name.value.lowercased()]
            }
            return type == .text ? "TEXT column \(SQLText.quotedIdentifier(name.value))" : nil
        }
        if index - 1 >= tokens.startIndex {
            let left = tokens[index - 1]
            if left.kind == .string { return "the text \(left.text)" }
            if left.isName {
                let qualified =
                    index - 3 >= tokens.startIndex && tokens[index - 2].kind == .dot
                    && tokens[index - 3].isName
                if let found = describe(left, table: qualified ? tokens[index - 3] : nil) { return found }
            }
        }
        if index + 1 < tokens.endIndex {
            let right = tokens[index + 1]
            if right.kind == .string { return "the text \(right.text)" }
            if right.isName {
                let next = index + 2 < tokens.endIndex ? tokens[index + 2] : nil
                if next?.kind == .leftParen { return nil }
                if next?.kind == .dot, index + 3 < tokens.endIndex, tokens[index + 3].isName {
                    return describe(tokens[index + 3], table: right)
                }
                return describe(right, table: nil)
            }
        }
        return nil
    }

    /// The number `text` as PostgreSQL must write it to compare with a column of `type` as
    /// SQLite compares it: a BOOLEAN column's 0 and 1 are FALSE and TRUE; a TEXT column
    /// compares the number's text (SQLite gives the literal the column's affinity), which
    /// for a plain integer is its digits.
    private func literal(_ text: String, comparedWith type: PostgresColumnType) -> Result<String, Reason> {
        switch type {
        case .boolean:
            if text == "0" { return .success("FALSE") }
            if text == "1" { return .success("TRUE") }
            return .failure(Reason("a BOOLEAN is only ever 0 or 1 in SQLite; write 0 or 1"))
        case .text:
            let digits = text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
            if digits, text == "0" || !text.hasPrefix("0") { return .success("'\(text)'") }
            return .failure(
                Reason("SQLite compares it as the text it converts to, PostgreSQL not at all; write it as a string"))
        case .bigint, .doublePrecision, .numeric:
            return .success(text)
        case .timestamptz, .uuid, .bytea:
            return .failure(Reason("PostgreSQL compares no \(type.rawValue) with a number"))
        }
    }

    struct Reason: Error {
        var text: String
        init(_ text: String) { self.text = text }
    }
}
