import Slate

/// How a script is replayed into a database: the same way when the generator replays it to
/// read the schema, when a generated database creates or upgrades a file with it
/// (`bootstrap(at:)`, one transaction per script), and when raw mode's create function
/// runs it. Scripts written by other tools hold statements that only make sense where they
/// were written; those are left out, and the rest runs as written.
extension SQLScript {
    /// A statement a replay cannot run: where it starts in the script (a UTF-8 offset) and
    /// why.
    package struct ReplayRefusal: Error, Equatable, Sendable {
        /// The UTF-8 offset of the statement's first byte.
        package var offset: Int
        /// What is wrong and what to write instead.
        package var message: String
    }

    /// `sql` as a replay runs it: the statements it leaves out blanked (each of their bytes
    /// but line breaks becomes a space), so that SQLite's errors keep their line and
    /// column in the script as written.
    ///
    /// Left out:
    /// - `CREATE TABLE sqlite_…`: `.schema` dumps hold `CREATE TABLE sqlite_sequence(name,seq);`
    ///   (AUTOINCREMENT) and `CREATE TABLE sqlite_stat1(tbl,idx,stat);` (`ANALYZE`), which
    ///   SQLite refuses ("object name reserved for internal use"): it makes these tables
    ///   itself when it needs them. Rows written into them (`INSERT INTO sqlite_sequence`,
    ///   and `INSERT INTO sqlite_stat1` after `ANALYZE sqlite_schema` in a `.dump`) run as
    ///   written.
    /// - `BEGIN [DEFERRED | IMMEDIATE | EXCLUSIVE] [TRANSACTION]`, `COMMIT` and `END
    ///   [TRANSACTION]`: a replay runs each script in a transaction of its own (a generated
    ///   database commits it with the script's version), where SQLite refuses to start
    ///   another ("cannot start a transaction within a transaction").
    /// - `PRAGMA journal_mode` and `VACUUM`, which SQLite refuses inside a transaction: the
    ///   generated database sets the journal mode itself (WAL).
    ///
    /// `SAVEPOINT`, `RELEASE` and `ROLLBACK TO` run as written: they nest inside the
    /// replay's transaction and do what they do alone.
    ///
    /// - Throws: ``ReplayRefusal`` at a `ROLLBACK` (without `TO`): it would end the
    ///   transaction the script runs in, and a script that undoes itself cannot be one
    ///   version of a schema.
    package static func replayed(_ sql: String) throws -> String {
        let ranges = try leftOut(sql)
        guard !ranges.isEmpty else { return sql }
        var bytes = Array(sql.utf8)
        for range in ranges {
            for index in range where bytes[index] != UInt8(ascii: "\n") { bytes[index] = UInt8(ascii: " ") }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `sql` as ``replayed(_:)`` runs it, with the statements it leaves out removed rather
    /// than blanked (lines they alone filled go too): the text generated code carries.
    package static func compacted(_ sql: String) throws -> String {
        let ranges = try leftOut(sql)
        guard !ranges.isEmpty else { return sql }
        let bytes = Array(sql.utf8)
        var removed = [Bool](repeating: false, count: bytes.count)
        for range in ranges {
            for index in range { removed[index] = true }
        }
        func isBlank(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var lineStart = 0
        // Whether the line before was dropped: a blank line after it goes too when one
        // is already there, so that `\n\nBEGIN;\n\n` leaves one blank line.
        var dropped = false
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            let line = lineStart..<lineEnd
            let hasRemoved = line.contains { removed[$0] }
            let next = min(lineEnd + 1, bytes.count)
            let blank = line.allSatisfy { removed[$0] || isBlank(bytes[$0]) }
            defer { dropped = hasRemoved && blank }
            if !hasRemoved {
                if dropped, blank, output.isEmpty || output.suffix(2) == [UInt8(ascii: "\n"), UInt8(ascii: "\n")] {
                    lineStart = next
                    continue
                }
                output += bytes[lineStart..<next]
            } else if !blank {
                // What stays of the line. Blanks next to a removed statement are outside any
                // string (a statement ends after its last token), and go with it: those after
                // it, and those before it when nothing but blanks follows.
                var kept: [UInt8] = []
                var afterRemoved = false
                for index in line {
                    if removed[index] {
                        afterRemoved = true
                    } else if !(afterRemoved && isBlank(bytes[index])) {
                        afterRemoved = false
                        kept.append(bytes[index])
                    }
                }
                if let last = line.last(where: { !isBlank(bytes[$0]) }), removed[last] {
                    while let byte = kept.last, isBlank(byte) { kept.removeLast() }
                }
                output += kept
                if lineEnd < bytes.count { output.append(UInt8(ascii: "\n")) }
            }
            lineStart = next
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The SQL that creates a database from `scripts` (their texts, in order), as every
    /// mode of generated code runs it: each script ``compacted(_:)``, ended with a
    /// semicolon when its last statement has none, then `PRAGMA user_version` when
    /// `userVersion` is given.
    package static func creationSQL(_ scripts: [String], userVersion: Int64?) throws -> String {
        var parts: [String] = []
        for script in scripts {
            var text = try compacted(script)
            while let last = text.unicodeScalars.last, last == " " || last == "\n" || last == "\t" || last == "\r" {
                text.unicodeScalars.removeLast()
            }
            guard let last = SQLTokenizer.tokenize(text).last else { continue }
            if last.kind != .semicolon {
                // After the last token, not at the end: a comment may follow it.
                var bytes = Array(text.utf8)
                bytes.insert(UInt8(ascii: ";"), at: last.offset + last.text.utf8.count)
                text = String(decoding: bytes, as: UTF8.self)
            }
            parts.append(text)
        }
        if let userVersion { parts.append("PRAGMA user_version = \(userVersion);") }
        return parts.joined(separator: "\n")
    }

    /// The one-based line and column (in UTF-8 bytes, as SQLite's error offsets count) of
    /// `offset` in `text`.
    package static func lineAndColumn(ofOffset offset: Int, in text: String) -> (line: Int, column: Int) {
        SQLError.lineAndColumn(ofOffset: offset, in: text)
    }

    /// The statements of a script, as ranges of its tokens, each with its closing
    /// semicolon. A statement ends at a semicolon, except `CREATE TRIGGER`, whose body holds
    /// statements of its own: it ends at the semicolon after `; END` (SQLite's own rule, as
    /// `sqlite3_complete` applies it), so an `END` that closes a `CASE` or a trigger body
    /// never reads as a statement.
    package static func statements(_ tokens: [SQLToken]) -> [Range<Int>] {
        var statements: [Range<Int>] = []
        var start = 0
        while start < tokens.count {
            if tokens[start].kind == .semicolon {
                start += 1
                continue
            }
            let trigger = startsTrigger(tokens, at: start)
            var index = start
            while index < tokens.count {
                if tokens[index].kind == .semicolon {
                    if !trigger { break }
                    if index >= start + 2, word(tokens[index - 1]) == "END", tokens[index - 2].kind == .semicolon {
                        break
                    }
                }
                index += 1
            }
            let end = min(index + 1, tokens.count)
            statements.append(start..<end)
            start = end
        }
        return statements
    }

    /// The byte ranges of the statements of `sql` a replay leaves out, in order.
    private static func leftOut(_ sql: String) throws -> [Range<Int>] {
        let tokens = SQLTokenizer.tokenize(sql)
        var ranges: [Range<Int>] = []
        for statement in statements(tokens) {
            let words = tokens[statement].prefix(8).map { word($0) ?? "" }
            guard let first = words.first else { continue }
            var leaveOut = false
            switch first {
            case "BEGIN", "COMMIT", "END", "VACUUM":
                leaveOut = true
            case "ROLLBACK":
                // `ROLLBACK [TRANSACTION] TO [SAVEPOINT] name` stays inside the transaction.
                if !words.contains("TO") {
                    throw ReplayRefusal(
                        offset: tokens[statement.lowerBound].offset,
                        message:
                            "ROLLBACK would end the transaction the script runs in: a generated database runs each script in a transaction of its own, committed when the script succeeds and rolled back when it fails. Leave the ROLLBACK out (to undo part of a script, use SAVEPOINT name … ROLLBACK TO name)"
                    )
                }
            case "PRAGMA":
                // `PRAGMA [schema.]journal_mode …`
                let name =
                    words.count > 3 && tokens[statement.lowerBound + 2].kind == .dot
                    ? words[3] : words.count > 1 ? words[1] : ""
                leaveOut = name == "JOURNAL_MODE"
            case "CREATE":
                leaveOut = createsInternalTable(tokens[statement])
            default:
                break
            }
            if leaveOut {
                let last = tokens[statement.upperBound - 1]
                ranges.append(tokens[statement.lowerBound].offset..<(last.offset + last.text.utf8.count))
            }
        }
        return ranges
    }

    /// Whether the statement is `CREATE TABLE [IF NOT EXISTS] [schema.]sqlite_…`.
    private static func createsInternalTable(_ statement: ArraySlice<SQLToken>) -> Bool {
        var index = statement.startIndex + 1
        guard index < statement.endIndex, word(statement[index]) == "TABLE" else { return false }
        index += 1
        if index + 2 < statement.endIndex, word(statement[index]) == "IF", word(statement[index + 1]) == "NOT",
            word(statement[index + 2]) == "EXISTS"
        {
            index += 3
        }
        if index + 2 < statement.endIndex, statement[index + 1].kind == .dot { index += 2 }
        guard index < statement.endIndex, statement[index].isName else { return false }
        return statement[index].value.lowercased().hasPrefix("sqlite_")
    }

    /// Whether a statement starts at `start` with `CREATE [TEMP | TEMPORARY] TRIGGER`.
    private static func startsTrigger(_ tokens: [SQLToken], at start: Int) -> Bool {
        guard word(tokens[start]) == "CREATE" else { return false }
        var index = start + 1
        if index < tokens.count, word(tokens[index]) == "TEMP" || word(tokens[index]) == "TEMPORARY" { index += 1 }
        return index < tokens.count && word(tokens[index]) == "TRIGGER"
    }

    /// A bare word, upper-cased; nil for anything else (a quoted name is never a keyword).
    private static func word(_ token: SQLToken) -> String? {
        token.kind == .identifier || token.kind == .keyword ? token.text.uppercased() : nil
    }
}
