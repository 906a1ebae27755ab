#if Postgres

/// One statement of a PostgreSQL script: its text (from its first token to before its `;`)
/// and the line of the script it starts on.
///
/// postgres-nio speaks PostgreSQL's extended protocol only, which runs one statement a
/// message, so a script is cut into statements here; knowing where each starts also turns a
/// server's error position (a character offset in the statement) into a line of the script.
package struct SQLPostgresScriptStatement: Sendable, Equatable {
    /// The statement, without the comments and blank lines before it nor its `;`.
    package var sql: String
    /// The script's line (from 1) of the statement's first character.
    package var line: Int

    package init(sql: String, line: Int) {
        self.sql = sql
        self.line = line
    }

    /// The script's line of a character offset from 1 in ``sql`` (the `position` of a server
    /// error, counted in characters, which are Unicode scalars to the server).
    package func line(ofPosition position: Int) -> Int {
        var line = self.line
        var remaining = position - 1
        for scalar in sql.unicodeScalars {
            guard remaining > 0 else { break }
            if scalar == "\n" { line += 1 }
            remaining -= 1
        }
        return line
    }

    /// What the statement does to the transaction the script runs in.
    package enum TransactionControl: Sendable, Equatable {
        /// An ordinary statement.
        case none
        /// `BEGIN`, `START TRANSACTION`, `COMMIT`, `END`: a script's own transaction, which
        /// the bootstrap already gives it, so the statement is left out.
        case redundant
        /// `ROLLBACK` (not `ROLLBACK TO` a savepoint), `ABORT`, `PREPARE TRANSACTION`, `COMMIT PREPARED`, `ROLLBACK PREPARED`:
        /// it would end the script's transaction before its version is recorded, so the
        /// script is refused.
        case refused
    }

    /// Whether the statement is a `COPY` from or to the client (`FROM STDIN`, `TO STDOUT`):
    /// psql's, which streams the rows itself. The server would wait for rows the bootstrap
    /// never sends, and postgres-nio does not answer it.
    package var copiesThroughClient: Bool {
        let words = sql.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
            .map { $0.uppercased().prefix(while: { $0.isLetter }) }
        return words.first == "COPY" && words.contains { $0 == "STDIN" || $0 == "STDOUT" }
    }

    /// Whether the statement starts, ends or abandons a transaction.
    package var transactionControl: TransactionControl {
        let words = sql.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).prefix(2)
            .map { $0.uppercased() }
        let first = words.first.map { String($0.prefix(while: { $0.isLetter })) } ?? ""
        let second = words.count > 1 ? String(words[1].prefix(while: { $0.isLetter })) : ""
        switch first {
        case "ROLLBACK" where second == "TO": return .none // to a savepoint, inside the transaction
        case "ROLLBACK", "ABORT": return .refused
        case "PREPARE" where second == "TRANSACTION": return .refused
        case "COMMIT" where second == "PREPARED": return .refused
        case "BEGIN", "START", "COMMIT", "END": return .redundant
        default: return .none
        }
    }
}

extension SQLPostgresScriptStatement {
    /// The statements of a PostgreSQL script, in order: split at each `;` outside string
    /// constants (`'…'`, `E'…'` with its backslash escapes), quoted names (`"…"`), dollar-quoted
    /// text (`$$…$$`, `$tag$…$tag$`), comments (`-- …`, nested `/* … */`), parentheses (a
    /// rule's `DO ALSO (…; …)`) and SQL-standard routine bodies (`BEGIN ATOMIC … END`, with
    /// the `CASE … END`s inside them), as psql does. Comments and blank text between
    /// statements (and a byte order mark) are dropped. An unterminated quote, comment,
    /// parenthesis or body runs to the end of the script, where the server reports it.
    package static func split(_ script: String) -> [SQLPostgresScriptStatement] {
        let scalars = Array(script.unicodeScalars)
        let count = scalars.count
        var statements: [SQLPostgresScriptStatement] = []
        var start: Int?
        var startLine = 1
        var line = 1
        var index = 0
        // Parentheses open in the current statement, and `BEGIN ATOMIC`/`CASE` blocks open
        // outside them (a `;` inside either does not end the statement).
        var parentheses = 0
        var blocks = 0
        var previousWord = ""

        func character(_ offset: Int) -> Unicode.Scalar? { offset < count ? scalars[offset] : nil }
        func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "_" || scalar == "$" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
        }
        // Moves `index` to `end`, counting the lines passed.
        func advance(to end: Int) {
            let end = min(end, count)
            while index < end {
                if scalars[index] == "\n" { line += 1 }
                index += 1
            }
        }
        func finish(at end: Int) {
            guard let first = start else { return }
            var last = end
            while last > first, scalars[last - 1].properties.isWhitespace { last -= 1 }
            var text = String.UnicodeScalarView()
            text.append(contentsOf: scalars[first..<last])
            statements.append(SQLPostgresScriptStatement(sql: String(text), line: startLine))
            start = nil
            parentheses = 0
            blocks = 0
            previousWord = ""
        }

        while index < count {
            let scalar = scalars[index]
            if scalar == "-", character(index + 1) == "-" {
                var end = index
                while end < count, scalars[end] != "\n" { end += 1 }
                advance(to: end)
                continue
            }
            if scalar == "/", character(index + 1) == "*" {
                var depth = 0
                var end = index
                while end < count {
                    if scalars[end] == "/", character(end + 1) == "*" {
                        depth += 1
                        end += 2
                    } else if scalars[end] == "*", character(end + 1) == "/" {
                        depth -= 1
                        end += 2
                        if depth == 0 { break }
                    } else {
                        end += 1
                    }
                }
                advance(to: end)
                continue
            }
            // A byte order mark (an editor's, at the file's start) is blank text too.
            if start == nil, scalar.properties.isWhitespace || scalar == "\u{FEFF}" {
                advance(to: index + 1)
                continue
            }
            if scalar == ";", parentheses == 0, blocks == 0 {
                finish(at: index)
                advance(to: index + 1)
                continue
            }
            if start == nil {
                start = index
                startLine = line
            }
            switch scalar {
            case "'":
                let escapes =
                    index > 0 && (scalars[index - 1] == "E" || scalars[index - 1] == "e")
                    && (index < 2 || !isNameCharacter(scalars[index - 2]))
                var end = index + 1
                while end < count {
                    if escapes, scalars[end] == "\\" {
                        end += 2
                    } else if scalars[end] == "'" {
                        if character(end + 1) == "'" { end += 2 } else { break }
                    } else {
                        end += 1
                    }
                }
                advance(to: end + 1)
            case "\"":
                var end = index + 1
                while end < count {
                    if scalars[end] == "\"" {
                        if character(end + 1) == "\"" { end += 2 } else { break }
                    } else {
                        end += 1
                    }
                }
                advance(to: end + 1)
            case "$" where index == 0 || !isNameCharacter(scalars[index - 1]):
                // `$tag$` (the tag a name that does not start with a digit, or empty), not `$1`.
                var tagEnd = index + 1
                while tagEnd < count, scalars[tagEnd] != "$",
                    scalars[tagEnd] == "_" || scalars[tagEnd].properties.isAlphabetic
                        || (tagEnd > index + 1 && ("0"..."9").contains(scalars[tagEnd]))
                {
                    tagEnd += 1
                }
                guard tagEnd < count, scalars[tagEnd] == "$" else {
                    advance(to: index + 1)
                    continue
                }
                let tag = Array(scalars[index...tagEnd])
                var end = tagEnd + 1
                while end < count {
                    if scalars[end] == "$", end + tag.count <= count, Array(scalars[end..<end + tag.count]) == tag {
                        end += tag.count
                        break
                    }
                    end += 1
                }
                advance(to: end)
            case "(":
                parentheses += 1
                advance(to: index + 1)
            case ")":
                parentheses = max(0, parentheses - 1)
                advance(to: index + 1)
            case _
            where (scalar == "_" || scalar.properties.isAlphabetic)
                && (index == 0 || !isNameCharacter(scalars[index - 1])):
                // A keyword or name: the words that open and close a routine's body.
                var end = index + 1
                while end < count, isNameCharacter(scalars[end]) { end += 1 }
                var text = String.UnicodeScalarView()
                text.append(contentsOf: scalars[index..<end])
                let word = String(text).lowercased()
                if parentheses == 0 {
                    if word == "atomic", previousWord == "begin" {
                        blocks += 1
                    } else if blocks > 0, word == "case" {
                        blocks += 1
                    } else if blocks > 0, word == "end" {
                        blocks -= 1
                    }
                }
                previousWord = word
                advance(to: end)
            default:
                advance(to: index + 1)
            }
        }
        finish(at: count)
        return statements
    }
}
#endif
