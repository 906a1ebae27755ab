import Slate
import SlateSchema

/// Finds foreign keys to tables the schema does not have: SQLite accepts them as it creates
/// the table (foreign keys are checked only as rows change), and then refuses every insert
/// into the table with `no such table: main.issues` once foreign keys are on, as a
/// generated database has them. (A key to a column its table does not have is a "foreign
/// key mismatch", which the schema's replay already reports at its `REFERENCES`.)
enum ForeignKeyTargets {
    /// Throws at the first foreign key of a table of the database on `context` whose parent
    /// table does not exist, or has no such column: at its `REFERENCES` in the last of
    /// `scripts` that declares it, else at the first of `databases`, naming the table.
    /// Tables named in `excluded` are left alone.
    static func check(_ context: SQLContext, scripts: [SQLScript], databases: [String], excluded: Set<String>) throws {
        let rows = try context.query(sql: "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY rowid")
        let tables = rows.compactMap { $0.first?.textValue }
        let known = Set(tables.map { $0.lowercased() })
        for table in tables where !excluded.contains(table.lowercased()) && !table.lowercased().hasPrefix("sqlite_") {
            let keys = try context.query(
                sql: "SELECT \"table\", \"from\", \"to\" FROM pragma_foreign_key_list(?) ORDER BY id, seq",
                parameters: [.text(table)])
            for key in keys {
                guard let parent = key[0].textValue, let from = key[1].textValue else { continue }
                var problem: String?
                if !known.contains(parent.lowercased()) {
                    let similar =
                        tables.first { near($0, parent) }.map { " (the schema has \(SQLText.displayName($0)))" } ?? ""
                    problem =
                        "has a foreign key (\(SQLText.displayName(from))) to table \(SQLText.displayName(parent)), which does not exist\(similar): with foreign keys on, as a generated database has them, every insert into \(SQLText.displayName(table)) would fail with \"no such table: main.\(parent)\""
                } else if let to = key[2].textValue {
                    let columns = try context.query(
                        sql: "SELECT name FROM pragma_table_xinfo(?)", parameters: [.text(parent)]
                    )
                    .compactMap { $0.first?.textValue?.lowercased() }
                    if !columns.isEmpty, !columns.contains(to.lowercased()) {
                        problem =
                            "has a foreign key (\(SQLText.displayName(from))) to column \(SQLText.displayName(to)) of table \(SQLText.displayName(parent)), which has no such column"
                    }
                }
                guard let problem else { continue }
                let message = "table \(SQLText.displayName(table)) " + problem
                if let place = SQLScript.referencesClause(from: table, to: parent, in: scripts) {
                    throw ScriptError(path: place.path, line: place.line, column: place.column, message: message)
                }
                if let place = SlateGenerator.definition(of: "table", named: table, in: scripts) {
                    throw ScriptError(path: place.path, line: place.line, column: place.column, message: message)
                }
                throw ScriptError(
                    path: databases.first ?? scripts.first?.path ?? "", line: nil, column: nil, message: message)
            }
        }
    }

    /// Whether `name` is `missing` but for a plural `s` or case: what the error suggests.
    private static func near(_ name: String, _ missing: String) -> Bool {
        let name = name.lowercased()
        let missing = missing.lowercased()
        return name + "s" == missing || missing + "s" == name || name + "es" == missing || missing + "es" == name
    }
}
