import Slate

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An SQL script and where it came from, for replaying schemas and reporting errors by
/// file and line.
public struct SQLScript: Equatable, Sendable {
    /// The file's path, as errors show it.
    public var path: String
    /// The SQL text.
    public var text: String

    /// A script with its text.
    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }

    /// Reads the script at `path` (UTF-8).
    public init(contentsOf path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ScriptError(path: path, line: nil, column: nil, message: "cannot read the file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ScriptError(path: path, line: nil, column: nil, message: "the file is not UTF-8 text")
        }
        self.init(path: path, text: text)
    }

    /// A digest of the script's statements (`v1-` and FNV-1a, 64 bits, in hexadecimal), of
    /// its tokens alone: blanks, line breaks and comments do not change it, any other edit
    /// does. What a PostgreSQL database records of each script it applied, to refuse an
    /// edited one, while the text rendered from the script may change between Slate versions.
    /// Not a security hash: it tells edits apart, it does not resist forgery.
    public static func sourceDigest(_ text: String) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for token in SQLTokenizer.tokenize(text) {
            for byte in token.text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            hash = (hash ^ 0x1F) &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return "v1-" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The file's name, without its folders.
    public var fileName: String {
        path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
    }

    /// Scripts in the order they replay: by file name (``inNameOrder(_:_:)``), then by
    /// full path.
    public static func ordered(_ scripts: [SQLScript]) -> [SQLScript] {
        scripts.sorted { left, right in
            if inNameOrder(left.fileName, right.fileName) { return true }
            if inNameOrder(right.fileName, left.fileName) { return false }
            return left.path < right.path
        }
    }

    /// Whether the file named `left` comes before `right` in name order, the order
    /// scripts replay in: names compared without their extension, numbers by value
    /// (`todos-v9` before `todos-v10`), a name before the longer names it starts
    /// (`ContactsDB.sql` before `ContactsDB-AddView.sql`); then whole names.
    /// (`InputNames`, the rule the plugins order a database's scripts by.)
    public static func inNameOrder(_ left: String, _ right: String) -> Bool {
        InputNames.inNameOrder(left, right)
    }

    /// Runs every statement of the script, as a generated database replays it: the
    /// statements that only make sense where the script was written are left out — a
    /// `.schema` dump's `CREATE TABLE sqlite_sequence` (SQLite makes its own tables), the
    /// script's own `BEGIN`, `COMMIT` and `END [TRANSACTION]`, `PRAGMA journal_mode` and
    /// `VACUUM` (SQLite refuses them inside a transaction) — and a `ROLLBACK` is refused.
    /// A failure becomes a ``ScriptError`` at the line and column where SQLite found it
    /// (the statements left out keep their place, so lines and columns are the file's).
    public func run(in context: SQLContext) throws {
        guard !text.allSatisfy(\.isWhitespace) else { return }
        let text: String
        do {
            text = try Self.replayed(self.text)
        } catch let error as ReplayRefusal {
            let position = Self.lineAndColumn(ofOffset: error.offset, in: self.text)
            throw ScriptError(path: path, line: position.line, column: position.column, message: error.message)
        }
        do {
            try context.exec(sql: text)
        } catch let error as SQLError {
            if error.code == .misuse, error.message.hasPrefix("no SQL statement") { return }
            let position = error.lineAndColumn(in: text)
            throw ScriptError(path: path, line: position?.line, column: position?.column, message: error.message)
        }
    }
}

/// An error in an input file, reported the way compilers report them, so Xcode and
/// SwiftPM show it at its place: `path:line:column: error: message`.
public struct ScriptError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file.
    public var path: String
    /// The one-based line, when known.
    public var line: Int?
    /// The one-based column, when known.
    public var column: Int?
    /// What is wrong.
    public var message: String

    /// Creates an error.
    public init(path: String, line: Int?, column: Int?, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    /// `path:line:column: error: message`.
    public var description: String {
        var location = path
        if let line {
            location += ":\(line)"
            if let column { location += ":\(column)" }
        }
        return "\(location): error: \(message)"
    }
}
