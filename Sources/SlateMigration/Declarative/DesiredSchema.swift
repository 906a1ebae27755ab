import Slate
import SlateSchema

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Rename hints: which tables and columns of a desired schema had other names before, so
/// that a diff renames them instead of dropping one and adding the other.
public struct SchemaRenames: Equatable, Sendable {
    /// Old table names by new name (lower-cased).
    public var tables: [String: String] = [:]
    /// Old column names by table (new name, lower-cased), then by new column name (lower-cased).
    public var columns: [String: [String: String]] = [:]

    /// No renames.
    public init() {}

    /// The old name of table `name`, if it was renamed.
    public func oldName(ofTable name: String) -> String? { tables[name.lowercased()] }

    /// The old name of column `column` of table `table` (its new name), if it was renamed.
    public func oldName(ofColumn column: String, inTable table: String) -> String? {
        columns[table.lowercased()]?[column.lowercased()]
    }
}

/// The schema a database should have, read from SQL or from XML, with its rename hints.
///
/// SQL is replayed into an in-memory database and reflected, so SQLite parses it. Rename
/// hints in SQL are comment lines anywhere in the file:
///
/// ```sql
/// -- slate:rename client -> customer
/// -- slate:rename customer.name -> full_name
/// ```
///
/// The first renames a table (old name first); the second a column of a table, named by
/// the table's new name. In XML the hint is a `renamedFrom` attribute on `<table>` or
/// `<column>`.
public struct DesiredSchema: Sendable {
    /// The reflected schema.
    public var schema: SQLSchema
    /// The rename hints.
    public var renames: SchemaRenames
    /// The statements that create the schema, in an order that works.
    public var statements: [String]
    /// Whether the source sets `user_version` (a diff leaves it alone otherwise).
    public var setsUserVersion: Bool

    /// Reads the desired schema from a `.sql` or `.xml` file.
    ///
    /// - Throws: ``/SlateSchema/ScriptError`` at the line of what is wrong.
    public init(contentsOf path: String) throws {
        let script = try SQLScript(contentsOf: path)
        if path.lowercased().hasSuffix(".xml") {
            try self.init(xml: script.text, path: path)
        } else {
            try self.init(sql: script.text, path: path)
        }
    }

    /// The schema `sql` creates; `path` names it in errors.
    public init(sql: String, path: String) throws {
        try self.init(sql: sql, path: path, allowingDoubleQuotedStrings: false)
    }

    /// The schema `sql` creates, replayed with SQLite's legacy double-quoted strings when
    /// `allowingDoubleQuotedStrings` (a generated database whose scripts need them).
    package init(sql: String, path: String, allowingDoubleQuotedStrings: Bool) throws {
        let context = try SchemaReader.load(
            scripts: [SQLScript(path: path, text: sql)], over: [],
            allowingDoubleQuotedStrings: allowingDoubleQuotedStrings)
        defer { context.close() }
        try self.init(
            context: context, renames: try Self.renames(inSQL: sql, path: path),
            setsUserVersion: Self.setsUserVersion(sql))
    }

    /// The schema an XML schema file describes; `path` names it in errors.
    public init(xml: String, path: String) throws {
        let translation = try XMLSchema.translate(xml, path: path)
        let context = try SQLContext()
        defer { context.close() }
        for (sql, line) in translation.statements {
            do {
                try context.exec(sql: sql)
            } catch let error as SQLError {
                throw ScriptError(path: path, line: line, column: nil, message: "\(error.message), in:\n\(sql)")
            }
        }
        if let version = translation.userVersion { context.userVersion = version }
        try self.init(context: context, renames: translation.renames, setsUserVersion: translation.userVersion != nil)
    }

    private init(context: SQLContext, renames: SchemaRenames, setsUserVersion: Bool) throws {
        schema = try SchemaReader.read(from: context)
        self.renames = renames
        self.setsUserVersion = setsUserVersion
        statements = try SchemaObjects.creationStatements(in: context)
    }

    /// `-- slate:rename old -> new` and `-- slate:rename table.old -> new` lines.
    static func renames(inSQL sql: String, path: String) throws -> SchemaRenames {
        var renames = SchemaRenames()
        for (index, line) in sql.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingWhitespace
            guard trimmed.hasPrefix("--") else { continue }
            let comment = String(trimmed.dropFirst(2)).trimmingWhitespace
            guard comment.hasPrefix("slate:rename") else { continue }
            let parts = comment.dropFirst("slate:rename".count).components(separatedBy: "->").map(\.trimmingWhitespace)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, !parts[1].contains(".") else {
                throw ScriptError(
                    path: path, line: index + 1, column: nil,
                    message:
                        "a rename hint reads '-- slate:rename old_table -> new_table' or '-- slate:rename table.old_column -> new_column'"
                )
            }
            let old = parts[0].split(separator: ".", maxSplits: 1).map(String.init)
            if old.count == 2 {
                renames.columns[old[0].lowercased(), default: [:]][parts[1].lowercased()] = old[1]
            } else {
                renames.tables[parts[1].lowercased()] = parts[0]
            }
        }
        return renames
    }

    private static func setsUserVersion(_ sql: String) -> Bool {
        let tokens = SQLTokenizer.tokenize(sql)
        return tokens.indices.contains { index in
            tokens[index].value.uppercased() == "PRAGMA" && index + 1 < tokens.count
                && tokens[index + 1].value.lowercased() == "user_version"
        }
    }
}

/// The schema objects of a connection as SQL, for copying a schema without its data.
enum SchemaObjects {
    /// Every `CREATE` statement of the main schema in `sqlite_schema` order (which is an
    /// order that works), leaving out SQLite's own objects and virtual tables' shadows.
    static func creationStatements(in context: SQLContext) throws -> [String] {
        let rows = try context.query(
            sql: """
                SELECT type, name, sql FROM sqlite_schema
                WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
                ORDER BY rowid
                """)
        var virtualTables: [String] = []
        var statements: [String] = []
        for row in rows {
            guard let name = row[1].textValue, let sql = row[2].textValue else { continue }
            if virtualTables.contains(where: { name.lowercased().hasPrefix($0 + "_") }) { continue }
            if sql.uppercased().hasPrefix("CREATE VIRTUAL TABLE") { virtualTables.append(name.lowercased()) }
            statements.append(sql)
        }
        return statements
    }

    /// An in-memory database with `statements` replayed: a schema without data.
    static func scratch(
        _ statements: [String], userVersion: Int64, allowingDoubleQuotedStrings: Bool = false
    ) throws -> SQLContext {
        let context = try SQLContext()
        do {
            if allowingDoubleQuotedStrings { try context.allowDoubleQuotedStrings() }
            for statement in statements { try context.exec(sql: statement) }
            context.userVersion = userVersion
        } catch {
            context.close()
            throw error
        }
        return context
    }
}
