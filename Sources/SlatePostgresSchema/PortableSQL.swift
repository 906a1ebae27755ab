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

    /// The spellings of `schema`'s names.
    init(schema: SQLSchema) {
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
            case .string, .number, .comma, .semicolon, .dot, .star:
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
}
