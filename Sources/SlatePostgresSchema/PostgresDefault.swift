import Slate
import SlateSchema

/// A column's `DEFAULT` in PostgreSQL's terms: literals as the column's type reads them,
/// and SQLite's ways of saying "now" as `CURRENT_TIMESTAMP` on a `TIMESTAMPTZ` column.
/// Anything else is a problem, not a guess.
enum PostgresDefault {
    struct Problem: Error, Equatable {
        var message: String
    }

    /// Functions that give the current time in SQLite when their last argument is 'now'
    /// (or, for `unixepoch`, with none).
    static let nowFunctions: Set<String> = ["DATETIME", "DATE", "TIME", "STRFTIME", "JULIANDAY", "UNIXEPOCH"]

    static func translate(_ expression: String, type: PostgresColumnType) -> Result<String, Problem> {
        var tokens = SQLTokenizer.tokenize(expression)[...]
        // `(0)`, `((datetime('now')))`: the parentheses around the whole.
        while tokens.first?.kind == .leftParen, tokens.last?.kind == .rightParen, encloses(tokens) {
            tokens = tokens.dropFirst().dropLast()
        }
        let words = tokens.map { $0.kind == .identifier || $0.kind == .keyword ? $0.text.uppercased() : nil }
        // A signed number.
        if let last = tokens.last, last.kind == .number,
            tokens.count == 1 || (tokens.count == 2 && ["-", "+"].contains(tokens.first!.text))
        {
            let number = (tokens.count == 2 && tokens.first!.text == "-" ? "-" : "") + last.text
            switch type {
            case .boolean:
                if number == "0" { return .success("FALSE") }
                if number == "1" { return .success("TRUE") }
                return .failure(Problem(message: "a BOOLEAN column's default must be 0, 1, TRUE or FALSE"))
            case .bigint:
                guard !number.contains("."), !number.lowercased().contains("e") else {
                    return .failure(Problem(message: "\(number) is no integer"))
                }
                return .success(number)
            case .doublePrecision, .numeric: return .success(number)
            case .text:
                // SQLite stores the number as the column's text: '1'.
                return .success(SQLText.quotedLiteral(last.text == number ? number : number))
            case .timestamptz, .uuid, .bytea:
                return .failure(Problem(message: "a number is no \(type.rawValue) value"))
            }
        }
        if tokens.count == 1, let token = tokens.first {
            switch token.kind {
            case .string:
                switch type {
                case .text, .timestamptz, .uuid, .numeric: return .success(SQLText.quotedLiteral(token.value))
                case .boolean, .bigint, .doublePrecision, .bytea:
                    return .failure(Problem(message: "a string is no \(type.rawValue) value"))
                }
            case .blob:
                guard type == .bytea else { return .failure(Problem(message: "a blob is no \(type.rawValue) value")) }
                return .success("'\\x\(token.value)'::bytea")
            default:
                break
            }
            switch words[0] {
            case "NULL": return .success("NULL")
            case "TRUE", "FALSE":
                if type == .boolean { return .success(words[0]!) }
                if type == .bigint { return .success(words[0] == "TRUE" ? "1" : "0") }
                return .failure(Problem(message: "\(words[0]!) is no \(type.rawValue) value"))
            case "CURRENT_TIMESTAMP":
                guard type == .timestamptz else {
                    return .failure(
                        Problem(
                            message:
                                "CURRENT_TIMESTAMP is text in SQLite's format there; PostgreSQL writes another (declare the column DATETIME to make it a TIMESTAMPTZ)"
                        ))
                }
                return .success("CURRENT_TIMESTAMP")
            case "CURRENT_DATE", "CURRENT_TIME":
                return .failure(Problem(message: "\(words[0]!) gives text in SQLite and a date or time in PostgreSQL"))
            default:
                break
            }
        }
        // datetime('now'), strftime('%s', 'now'), unixepoch(), julianday('now'), …
        if let first = tokens.first, first.kind == .identifier, let name = words.first ?? nil,
            nowFunctions.contains(name), tokens.count >= 3, tokens[tokens.startIndex + 1].kind == .leftParen,
            tokens.last?.kind == .rightParen
        {
            let arguments = tokens.dropFirst(2).dropLast().filter { $0.kind != .comma }
            let allStrings = arguments.allSatisfy { $0.kind == .string }
            let isNow =
                allStrings
                && (arguments.last?.value.lowercased() == "now" || (name == "UNIXEPOCH" && arguments.isEmpty))
            if isNow {
                guard type == .timestamptz else {
                    return .failure(
                        Problem(
                            message:
                                "\(first.text)() is SQLite's only; it translates to CURRENT_TIMESTAMP only on a column typed Date (TIMESTAMPTZ)"
                        ))
                }
                return .success("CURRENT_TIMESTAMP")
            }
        }
        if let function = tokens.first(where: { token in
            token.kind == .identifier && PortableSQL.sqliteOnlyFunctions.contains(token.value.uppercased())
        }) {
            return .failure(Problem(message: "\(function.text)() is SQLite's only"))
        }
        return .failure(Problem(message: "only literals and the current time translate"))
    }

    /// Whether the first token, a `(`, closes at the last.
    private static func encloses(_ tokens: ArraySlice<SQLToken>) -> Bool {
        var depth = 0
        for index in tokens.indices {
            if tokens[index].kind == .leftParen { depth += 1 }
            if tokens[index].kind == .rightParen {
                depth -= 1
                if depth == 0 { return index == tokens.index(before: tokens.endIndex) }
            }
        }
        return false
    }
}

/// The `CHECK` constraints of a table, read from its `CREATE TABLE` with the tokenizer
/// (the model has none): each one's condition, translated when portable.
enum PostgresChecks {
    static func read(
        _ table: SQLSchema.Table, columns: [PostgresDDL.Column], schema: SQLSchema,
        typing: @escaping PostgresColumnTyping
    ) -> (checks: [String], problems: [String]) {
        let tokens = SQLTokenizer.tokenize(table.sql)
        var checks: [String] = []
        var problems: [String] = []
        var index = 0
        while index + 1 < tokens.count {
            guard tokens[index].kind == .identifier, tokens[index].value.uppercased() == "CHECK",
                tokens[index + 1].kind == .leftParen
            else {
                index += 1
                continue
            }
            var end = index + 1
            var depth = 0
            repeat {
                if tokens[end].kind == .leftParen { depth += 1 }
                if tokens[end].kind == .rightParen { depth -= 1 }
                end += 1
            } while depth > 0 && end < tokens.count
            let condition = tokens[(index + 2)..<(end - 1)]
            index = end
            // `flag IN (0, 1)` on a BOOLEAN column: the type says it already.
            let words = condition.map { $0.kind == .number ? $0.text : $0.value.uppercased() }
            if words.count == 7, condition.first?.isName == true, words[1] == "IN",
                Array(words[2...]) == ["(", "0", ",", "1", ")"],
                let column = columns.first(where: { $0.name.lowercased() == condition.first!.value.lowercased() }),
                column.type == .boolean
            {
                continue
            }
            if let name = condition.first(where: { token in
                token.isName
                    && columns.contains { $0.name.lowercased() == token.value.lowercased() && $0.type == .boolean }
            }) {
                problems.append("it compares BOOLEAN column \(display(name.value)) with SQLite's numbers")
                continue
            }
            switch PortableSQL(schema: schema, typing: typing).translate(condition, in: table.sql) {
            case .success(let sql): checks.append(sql)
            case .failure(let found): problems += found.all.map(\.message)
            }
        }
        return (checks, problems)
    }
}
