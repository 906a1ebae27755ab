#if canImport(FoundationEssentials)
import SlateSchema
import FoundationEssentials
#else
import Foundation
#endif

/// A query file: named SQL statements that become typed Swift functions.
///
/// A `.sql` file is a query file when it has a line of a header's exact shape,
/// `-- name: findBook :one` (``QueryFileHeader``, the rule the plugins share): any other
/// comment mentioning `name:` leaves a schema script a script. In a query file, each
/// `-- name:` line starts a query and names it and its kind (a malformed one is an error
/// at its line); the comment lines right after it document the generated function, and
/// the statement follows:
///
/// ```sql
/// -- name: ordersForCustomer :many
/// -- The orders a customer placed since a date, newest first.
/// SELECT order_id, placed, status FROM orders
/// WHERE customer_id = :customerId AND placed >= :since
/// ORDER BY placed DESC;
/// ```
package struct QueryFile: Equatable, Sendable {
    /// The file's path, as errors show it.
    package var path: String
    /// The queries, in file order.
    package var queries: [QueryDefinition]

    /// Whether `text` is a query file: it has a line of a header's exact shape
    /// (``QueryFileHeader``).
    package static func isQueryFile(_ text: String) -> Bool {
        QueryFileHeader.isQueryFile(text)
    }

    /// Parses the queries of the file at `path`.
    ///
    /// - Throws: ``ScriptError`` at the line of a malformed `-- name:` line, a repeated
    ///   name, a query without SQL, or SQL before the first `-- name:` line.
    package init(path: String, text: String) throws {
        self.path = path
        var queries: [QueryDefinition] = []
        var current: QueryDefinition?
        var sqlLines: [Substring] = []
        var readingDocs = false

        func finish() throws {
            guard var query = current else { return }
            while let last = sqlLines.last, last.allSatisfy(\.isWhitespace) { sqlLines.removeLast() }
            var sql = sqlLines.joined(separator: "\n")
            while let last = sql.last, last.isWhitespace || last == ";" { sql.removeLast() }
            guard !sql.isEmpty else {
                throw ScriptError(
                    path: path, line: query.line, column: nil,
                    message: "query '\(query.name)' has no SQL after its -- name: line")
            }
            query.sql = sql
            queries.append(query)
        }

        // Split by scalars: in a String, "\r\n" is one Character, not a "\n".
        let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map(Substring.init)
        for (index, rawLine) in lines.enumerated() {
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            let number = index + 1
            if let header = QueryFile.header(in: line) {
                try finish()
                let parsed = try QueryFile.parseHeader(header, path: path, line: number)
                if let previous = queries.first(where: { $0.name == parsed.name }) {
                    throw ScriptError(
                        path: path, line: number, column: nil,
                        message: "a query named '\(parsed.name)' is already defined at line \(previous.line)")
                }
                current = QueryDefinition(
                    name: parsed.name, kind: parsed.kind, sql: "", documentation: [], path: path, line: number,
                    sqlLine: number + 1)
                sqlLines = []
                readingDocs = true
                continue
            }
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard current != nil else {
                if !trimmed.isEmpty && !trimmed.hasPrefix("--") {
                    throw ScriptError(
                        path: path, line: number, column: nil,
                        message:
                            "SQL before the first -- name: line belongs to no query; a query file holds only named queries"
                    )
                }
                continue
            }
            if readingDocs {
                if trimmed.hasPrefix("--") {
                    let text = trimmed.dropFirst(2)
                    current?.documentation.append(String(text.hasPrefix(" ") ? text.dropFirst() : text))
                    continue
                }
                if trimmed.isEmpty && sqlLines.isEmpty {
                    continue
                }
                readingDocs = false
                current?.sqlLine = number
            }
            sqlLines.append(line)
        }
        try finish()
        self.queries = queries
    }

    /// Reads and parses the query file at `path` (UTF-8).
    package init(contentsOf path: String) throws {
        let script = try SQLScript(contentsOf: path)
        try self.init(path: path, text: script.text)
    }

    /// The text after `-- name:` on a header line, or nil.
    static func header(in line: Substring) -> Substring? {
        var rest = line.drop { $0 == " " || $0 == "\t" }
        guard rest.hasPrefix("--") else { return nil }
        rest = rest.dropFirst(2).drop { $0 == " " || $0 == "\t" }
        guard rest.hasPrefix("name:") else { return nil }
        return rest.dropFirst(5)
    }

    /// `ordersForCustomer :many` → name and kind.
    static func parseHeader(
        _ header: Substring, path: String, line: Int
    ) throws -> (name: String, kind: QueryDefinition.Kind) {
        let words = header.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
        let kinds = QueryDefinition.Kind.allCases.map { ":" + $0.rawValue }.joined(separator: ", ")
        guard words.count == 2, words[1].hasPrefix(":") else {
            throw ScriptError(
                path: path, line: line, column: nil,
                message: "a -- name: line takes a name and a kind, as in '-- name: findBook :one'; kinds are \(kinds)")
        }
        let name = String(words[0])
        guard let first = name.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic),
            name.unicodeScalars.allSatisfy({
                $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
            })
        else {
            throw ScriptError(
                path: path, line: line, column: nil,
                message:
                    "query name '\(name)' is not an identifier: use letters, digits and underscores, starting with a letter"
            )
        }
        guard let kind = QueryDefinition.Kind(rawValue: String(words[1].dropFirst())) else {
            throw ScriptError(
                path: path, line: line, column: nil, message: "unknown query kind '\(words[1])'; kinds are \(kinds)")
        }
        return (name, kind)
    }
}

/// One named query of a query file.
package struct QueryDefinition: Equatable, Sendable {
    /// What the generated function returns.
    package enum Kind: String, CaseIterable, Equatable, Sendable {
        /// The first row, or nil.
        case one
        /// Every row, as an array.
        case many
        /// Every row, handed to a closure one at a time.
        case each
        /// Nothing.
        case exec
        /// The number of rows the statement changed.
        case execrows
        /// The rowid of the row the statement inserted.
        case lastid

        /// Whether the function returns rows.
        package var returnsRows: Bool { self == .one || self == .many || self == .each }
    }

    /// The query's name, which the function takes.
    package var name: String
    /// What the function returns.
    package var kind: Kind
    /// The statement, without a trailing `;`.
    package var sql: String
    /// The comment lines right after the `-- name:` line, without `--`.
    package var documentation: [String]
    /// The file the query is in.
    package var path: String
    /// The line of its `-- name:` line.
    package var line: Int
    /// The line ``sql`` starts on (it starts at that line's first column).
    package var sqlLine: Int

    /// The line and column in the file of UTF-8 offset `offset` in ``sql``.
    package func location(ofOffset offset: Int) -> (line: Int, column: Int) {
        var line = sqlLine
        var column = 1
        for (index, byte) in sql.utf8.enumerated() {
            if index >= offset { break }
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    /// An error at UTF-8 offset `offset` of ``sql``: `path:line:column: error: message`.
    package func error(at offset: Int?, _ message: String) -> ScriptError {
        guard var offset else { return ScriptError(path: path, line: line, column: nil, message: message) }
        // Point at what follows whitespace (the second statement, not the space before it).
        let bytes = Array(sql.utf8)
        while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
        let position = location(ofOffset: offset)
        return ScriptError(path: path, line: position.line, column: position.column, message: message)
    }
}
