/// One token of SQL text.
public struct SQLToken: Equatable, Sendable {
    /// What kind of token it is.
    public enum Kind: Equatable, Sendable {
        /// A bare word that is not a keyword Slate cares about.
        case identifier
        /// `"name"`, `[name]`, or a name in backticks.
        case quotedIdentifier
        /// A keyword (``SQLToken/value`` is upper-cased).
        case keyword
        /// `'text'`.
        case string
        /// `X'00FF'`.
        case blob
        /// A numeric literal.
        case number
        /// `?`, `?1`, `:name`, `@name`, `$name`.
        case parameter
        /// An operator: `=`, `<>`, `||`, `->>`, …
        case `operator`
        /// `(`
        case leftParen
        /// `)`
        case rightParen
        /// `,`
        case comma
        /// `;`
        case semicolon
        /// `.`
        case dot
        /// `*` (also multiplication: the parser decides).
        case star
    }

    /// What kind of token it is.
    public var kind: Kind
    /// The token as written.
    public var text: String
    /// Its meaning: the unquoted name of an identifier, the content of a string, the
    /// upper-cased keyword, the parameter with its prefix.
    public var value: String
    /// UTF-8 offset of its first byte in the text.
    public var offset: Int

    /// Creates a token.
    public init(kind: Kind, text: String, value: String, offset: Int) {
        self.kind = kind
        self.text = text
        self.value = value
        self.offset = offset
    }

    /// Whether this is the keyword `word` (upper case).
    public func isKeyword(_ word: String) -> Bool {
        kind == .keyword && value == word
    }

    /// Whether the token names something: an identifier, quoted or not.
    public var isName: Bool { kind == .identifier || kind == .quotedIdentifier }
}

/// Splits SQL text into tokens, the way SQLite's tokenizer does, leaving out whitespace
/// and comments. It never fails: text it cannot classify becomes operator tokens, and
/// SQLite itself has the final word on what is valid.
public enum SQLTokenizer {
    /// The keywords the analysis looks for. Other SQLite keywords come back as identifiers,
    /// which SQLite also accepts in most places.
    static let keywords: Set<String> = [
        "ABORT", "ALL", "AND", "AS", "ASC", "BETWEEN", "BY", "CASE", "CAST", "COLLATE", "CONFLICT", "CROSS",
        "CURRENT_DATE", "CURRENT_TIME", "CURRENT_TIMESTAMP", "DEFAULT", "DELETE", "DESC", "DISTINCT", "DO",
        "ELSE", "END", "ESCAPE", "EXCEPT", "EXISTS", "FAIL", "FILTER", "FROM", "FULL", "GLOB", "GROUP",
        "HAVING", "IGNORE", "IN", "INDEXED", "INNER", "INSERT", "INTERSECT", "INTO", "IS", "ISNULL", "JOIN",
        "LEFT", "LIKE", "LIMIT", "MATCH", "MATERIALIZED", "NATURAL", "NOT", "NOTHING", "NOTNULL", "NULL",
        "NULLS", "OFFSET", "ON", "OR", "ORDER", "OUTER", "OVER", "RAISE", "RECURSIVE", "REGEXP", "REPLACE",
        "RETURNING", "RIGHT", "ROLLBACK", "SELECT", "SET", "THEN", "UNION", "UPDATE", "USING", "VALUES",
        "WHEN", "WHERE", "WINDOW", "WITH",
    ]

    /// The tokens of `sql`.
    public static func tokenize(_ sql: String) -> [SQLToken] {
        let bytes = Array(sql.utf8)
        var tokens: [SQLToken] = []
        var index = 0

        func text(_ start: Int, _ end: Int) -> String {
            String(decoding: bytes[start..<end], as: UTF8.self)
        }
        func isWordByte(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x5F || byte == 0x24 || byte >= 0x80
        }
        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

        while index < bytes.count {
            let byte = bytes[index]
            let start = index
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0C:
                index += 1
            case UInt8(ascii: "-") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "-"):
                while index < bytes.count && bytes[index] != 0x0A { index += 1 }
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                index += 2
                while index + 1 < bytes.count
                    && !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/"))
                {
                    index += 1
                }
                index = min(bytes.count, index + 2)
            case UInt8(ascii: "'"):
                let (end, content) = scanQuoted(bytes, from: index, close: UInt8(ascii: "'"))
                index = end
                tokens.append(SQLToken(kind: .string, text: text(start, end), value: content, offset: start))
            case UInt8(ascii: "\""), UInt8(ascii: "`"):
                let (end, content) = scanQuoted(bytes, from: index, close: byte)
                index = end
                tokens.append(SQLToken(kind: .quotedIdentifier, text: text(start, end), value: content, offset: start))
            case UInt8(ascii: "["):
                index += 1
                while index < bytes.count && bytes[index] != UInt8(ascii: "]") { index += 1 }
                let content = text(start + 1, min(index, bytes.count))
                index = min(bytes.count, index + 1)
                tokens.append(
                    SQLToken(kind: .quotedIdentifier, text: text(start, index), value: content, offset: start))
            case _
            where byte | 0x20 == UInt8(ascii: "x") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "'"):
                let (end, content) = scanQuoted(bytes, from: index + 1, close: UInt8(ascii: "'"))
                index = end
                tokens.append(SQLToken(kind: .blob, text: text(start, end), value: content, offset: start))
            case _
            where isDigit(byte) || (byte == UInt8(ascii: ".") && index + 1 < bytes.count && isDigit(bytes[index + 1])):
                if byte == UInt8(ascii: "0"), index + 1 < bytes.count, bytes[index + 1] | 0x20 == UInt8(ascii: "x") {
                    index += 2
                    while index < bytes.count
                        && (isDigit(bytes[index])
                            || (bytes[index] | 0x20 >= UInt8(ascii: "a") && bytes[index] | 0x20 <= UInt8(ascii: "f")))
                    {
                        index += 1
                    }
                } else {
                    while index < bytes.count
                        && (isDigit(bytes[index]) || bytes[index] == UInt8(ascii: ".")
                            || bytes[index] == UInt8(ascii: "_"))
                    {
                        index += 1
                    }
                    if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
                        var next = index + 1
                        if next < bytes.count, bytes[next] == UInt8(ascii: "+") || bytes[next] == UInt8(ascii: "-") {
                            next += 1
                        }
                        if next < bytes.count, isDigit(bytes[next]) {
                            index = next
                            while index < bytes.count && isDigit(bytes[index]) { index += 1 }
                        }
                    }
                }
                tokens.append(
                    SQLToken(kind: .number, text: text(start, index), value: text(start, index), offset: start))
            case UInt8(ascii: "?"):
                index += 1
                while index < bytes.count && isDigit(bytes[index]) { index += 1 }
                tokens.append(
                    SQLToken(kind: .parameter, text: text(start, index), value: text(start, index), offset: start))
            case _
            where (byte == UInt8(ascii: ":") || byte == UInt8(ascii: "@") || byte == UInt8(ascii: "$"))
                && index + 1 < bytes.count && isWordByte(bytes[index + 1]):
                index += 1
                while index < bytes.count && isWordByte(bytes[index]) { index += 1 }
                tokens.append(
                    SQLToken(kind: .parameter, text: text(start, index), value: text(start, index), offset: start))
            case _ where isWordByte(byte):
                while index < bytes.count && isWordByte(bytes[index]) { index += 1 }
                let word = text(start, index)
                let upper = word.uppercased()
                if keywords.contains(upper) {
                    tokens.append(SQLToken(kind: .keyword, text: word, value: upper, offset: start))
                } else {
                    tokens.append(SQLToken(kind: .identifier, text: word, value: word, offset: start))
                }
            case UInt8(ascii: "("):
                index += 1
                tokens.append(SQLToken(kind: .leftParen, text: "(", value: "(", offset: start))
            case UInt8(ascii: ")"):
                index += 1
                tokens.append(SQLToken(kind: .rightParen, text: ")", value: ")", offset: start))
            case UInt8(ascii: ","):
                index += 1
                tokens.append(SQLToken(kind: .comma, text: ",", value: ",", offset: start))
            case UInt8(ascii: ";"):
                index += 1
                tokens.append(SQLToken(kind: .semicolon, text: ";", value: ";", offset: start))
            case UInt8(ascii: "."):
                index += 1
                tokens.append(SQLToken(kind: .dot, text: ".", value: ".", offset: start))
            case UInt8(ascii: "*"):
                index += 1
                tokens.append(SQLToken(kind: .star, text: "*", value: "*", offset: start))
            default:
                let two = index + 1 < bytes.count ? text(index, index + 2) : ""
                let three = index + 2 < bytes.count ? text(index, index + 3) : ""
                let op: String
                if three == "->>" {
                    op = three
                } else if ["<>", "<=", ">=", "==", "!=", "||", "<<", ">>", "->"].contains(two) {
                    op = two
                } else {
                    op = text(index, index + 1)
                }
                index += op.utf8.count
                tokens.append(SQLToken(kind: .operator, text: op, value: op, offset: start))
            }
        }
        return tokens
    }

    /// Scans a quoted token starting at `start` (the opening quote); a doubled closing
    /// quote stands for one. Returns the end offset and the content.
    private static func scanQuoted(_ bytes: [UInt8], from start: Int, close: UInt8) -> (Int, String) {
        var index = start + 1
        var content: [UInt8] = []
        while index < bytes.count {
            if bytes[index] == close {
                if index + 1 < bytes.count && bytes[index + 1] == close {
                    content.append(close)
                    index += 2
                    continue
                }
                return (index + 1, String(decoding: content, as: UTF8.self))
            }
            content.append(bytes[index])
            index += 1
        }
        return (index, String(decoding: content, as: UTF8.self))
    }
}
