import Slate
import SlateSchema

/// Schema files in XML, the format of SQLiteKit (`<database><table name=…><column name=…
/// type=… primary=… unique=… default=… quote_default=…/><constraint>…</constraint></table>
/// </database>`), extended with `index`, `view` and `trigger` elements, more column
/// attributes, and `renamedFrom` hints. `Docs/slate-schema.xsd` is the grammar; this
/// validates a file against the same rules, with errors that name the line.
enum XMLSchema {
    /// The SQL that creates the schema an XML file describes, and its rename hints.
    struct Translation {
        /// `CREATE` statements, each with the line of the element it comes from.
        var statements: [(sql: String, line: Int)]
        /// `PRAGMA user_version` from `<database version="…">`, if given.
        var userVersion: Int64?
        var renames: SchemaRenames
    }

    static let booleanValues: [String: Bool] = [
        "1": true, "0": false, "true": true, "false": false, "yes": true, "no": false,
    ]

    /// Reads and validates `text` (the file at `path`).
    static func translate(_ text: String, path: String) throws -> Translation {
        let root = try XMLReader.parse(text, path: path)
        var translator = Translator(path: path)
        return try translator.translate(root)
    }

    private struct Translator {
        let path: String
        var renames = SchemaRenames()
        var names: [String: Int] = [:]

        init(path: String) { self.path = path }

        func error(_ element: XMLElement, _ message: String) -> ScriptError {
            ScriptError(path: path, line: element.line, column: nil, message: message)
        }

        func check(
            _ element: XMLElement, allowed: [String], required: [String], text: Bool = false, children: [String] = []
        ) throws {
            for attribute in element.attributes where !allowed.contains(attribute.name) {
                throw error(
                    element,
                    "<\(element.name)> has no attribute \"\(attribute.name)\"; it takes \(allowed.joined(separator: ", "))"
                )
            }
            for name in required {
                guard let value = element.attribute(name), !value.trimmingWhitespace.isEmpty else {
                    throw error(element, "<\(element.name)> needs a \"\(name)\" attribute")
                }
            }
            for child in element.children where !children.contains(child.name) {
                let allowedChildren = children.isEmpty ? "none" : children.map { "<\($0)>" }.joined(separator: ", ")
                throw ScriptError(
                    path: path, line: child.line, column: nil,
                    message: "<\(child.name)> cannot be inside <\(element.name)>; it takes \(allowedChildren)")
            }
            if !text, !element.text.trimmingWhitespace.isEmpty {
                throw error(element, "<\(element.name)> holds no text")
            }
        }

        func bool(_ element: XMLElement, _ name: String) throws -> Bool {
            guard let value = element.attribute(name) else { return false }
            guard let result = XMLSchema.booleanValues[value.lowercased()] else {
                throw error(
                    element, "attribute \(name) of <\(element.name)> is \"\(value)\"; use 1 or 0 (true/false, yes/no)")
            }
            return result
        }

        mutating func unique(_ element: XMLElement, _ name: String) throws {
            if let line = names[name.lowercased()] {
                throw error(element, "the name '\(name)' is already used on line \(line)")
            }
            names[name.lowercased()] = element.line
        }

        mutating func translate(_ root: XMLElement) throws -> Translation {
            guard root.name == "database" else {
                throw error(root, "the root element is <\(root.name)>; a schema file's is <database>")
            }
            try check(root, allowed: ["version"], required: [], children: ["table", "index", "view", "trigger"])
            var userVersion: Int64?
            if let version = root.attribute("version") {
                guard let value = Int64(version) else {
                    throw error(root, "version is \"\(version)\"; it must be an integer")
                }
                userVersion = value
            }
            var tables: [(String, Int)] = []
            var others: [(String, Int)] = []
            for child in root.children {
                switch child.name {
                case "table": tables.append((try table(child), child.line))
                case "index": others.append((try index(child), child.line))
                case "view": others.append((try view(child), child.line))
                default: others.append((try trigger(child), child.line))
                }
            }
            let ordered =
                tables
                + others.enumerated().sorted { lhs, rhs in
                    // Indexes first, then views, then triggers, each in document order.
                    let rank = { (sql: String) -> Int in
                        sql.hasPrefix("CREATE INDEX") || sql.hasPrefix("CREATE UNIQUE")
                            ? 0 : sql.hasPrefix("CREATE VIEW") ? 1 : 2
                    }
                    return (rank(lhs.element.0), lhs.offset) < (rank(rhs.element.0), rhs.offset)
                }.map(\.element)
            return Translation(
                statements: ordered.map { (sql: $0.0, line: $0.1) }, userVersion: userVersion, renames: renames)
        }

        mutating func table(_ element: XMLElement) throws -> String {
            try check(
                element, allowed: ["name", "renamedFrom", "withoutRowID", "strict"], required: ["name"],
                children: ["column", "constraint"])
            let name = element.attribute("name")!
            try unique(element, name)
            if let old = element.attribute("renamedFrom") { renames.tables[name.lowercased()] = old }
            if let constraint = element.children.firstIndex(where: { $0.name == "constraint" }),
                let column = element.children[constraint...].first(where: { $0.name == "column" })
            {
                throw error(column, "<column> comes after a <constraint>; a table lists its columns first")
            }
            var parts: [String] = []
            var columns: Set<String> = []
            for child in element.children where child.name == "column" {
                let column = try self.column(child, table: name)
                guard columns.insert(column.name.lowercased()).inserted else {
                    throw error(child, "table \(name) already has a column named '\(column.name)'")
                }
                parts.append(column.sql)
            }
            guard !parts.isEmpty else { throw error(element, "table \(name) has no <column>") }
            for child in element.children where child.name == "constraint" {
                try check(child, allowed: [], required: [], text: true)
                let text = child.text.trimmingWhitespace
                guard !text.isEmpty else { throw error(child, "<constraint> is empty") }
                parts.append(text)
            }
            var sql = "CREATE TABLE \(SQLText.quotedIdentifier(name)) (\n  " + parts.joined(separator: ",\n  ") + "\n)"
            var options: [String] = []
            if try bool(element, "withoutRowID") { options.append("WITHOUT ROWID") }
            if try bool(element, "strict") { options.append("STRICT") }
            if !options.isEmpty { sql += " " + options.joined(separator: ", ") }
            return sql
        }

        mutating func column(_ element: XMLElement, table: String) throws -> (name: String, sql: String) {
            try check(
                element,
                allowed: [
                    "name", "type", "primary", "autoincrement", "unique", "notnull", "default", "quote_default",
                    "collate",
                    "check", "references", "onDelete", "onUpdate", "renamedFrom",
                ],
                required: ["name"])
            guard element.attribute("type") != nil else { throw error(element, "<column> needs a \"type\" attribute") }
            let name = element.attribute("name")!
            let type = element.attribute("type")!.trimmingWhitespace
            guard
                type.unicodeScalars.allSatisfy({
                    $0.properties.isAlphabetic || ("0"..."9").contains($0) || " (),_".unicodeScalars.contains($0)
                })
            else {
                throw error(
                    element, "column \(name) has type \"\(type)\"; a type is words and numbers, as in VARCHAR(36)")
            }
            if let old = element.attribute("renamedFrom") {
                renames.columns[table.lowercased(), default: [:]][name.lowercased()] = old
            }
            var sql = SQLText.quotedIdentifier(name) + (type.isEmpty ? "" : " " + type)
            if try bool(element, "primary") {
                sql += " PRIMARY KEY"
                if try bool(element, "autoincrement") { sql += " AUTOINCREMENT" }
            } else if try bool(element, "unique") {
                sql += " UNIQUE"
            }
            if try bool(element, "notnull") { sql += " NOT NULL" }
            if let value = element.attribute("default") {
                if try bool(element, "quote_default") {
                    sql += " DEFAULT " + SQLText.quotedLiteral(value)
                } else {
                    let trimmed = value.trimmingWhitespace
                    guard !trimmed.isEmpty else {
                        throw error(element, "column \(name) has an empty default; set quote_default=\"1\" for ''")
                    }
                    let isCall = trimmed.first.map { $0.isLetter } == true && trimmed.contains("(")
                    sql += " DEFAULT " + (isCall ? "(\(trimmed))" : trimmed)
                }
            }
            if let collation = element.attribute("collate") { sql += " COLLATE " + collation }
            if let check = element.attribute("check") { sql += " CHECK (\(check))" }
            if let references = element.attribute("references") {
                let parts = references.split(separator: "(", maxSplits: 1)
                sql += " REFERENCES " + SQLText.quotedIdentifier(parts[0].trimmingWhitespace)
                if parts.count == 2 {
                    let columns = parts[1].dropLast(parts[1].hasSuffix(")") ? 1 : 0).split(separator: ",").map {
                        SQLText.quotedIdentifier($0.trimmingWhitespace)
                    }
                    sql += "(" + columns.joined(separator: ", ") + ")"
                }
                for (attribute, clause) in [("onDelete", "ON DELETE"), ("onUpdate", "ON UPDATE")] {
                    guard let action = element.attribute(attribute) else { continue }
                    let upper = action.uppercased()
                    guard ["CASCADE", "RESTRICT", "SET NULL", "SET DEFAULT", "NO ACTION"].contains(upper) else {
                        throw error(
                            element,
                            "\(attribute) is \"\(action)\"; use CASCADE, RESTRICT, SET NULL, SET DEFAULT or NO ACTION")
                    }
                    sql += " \(clause) \(upper)"
                }
            } else if element.attribute("onDelete") != nil || element.attribute("onUpdate") != nil {
                throw error(element, "onDelete and onUpdate need a references attribute")
            }
            return (name, sql)
        }

        mutating func index(_ element: XMLElement) throws -> String {
            try check(
                element, allowed: ["name", "table", "columns", "unique", "where"],
                required: ["name", "table", "columns"])
            let name = element.attribute("name")!
            try unique(element, name)
            var sql =
                "CREATE \(try bool(element, "unique") ? "UNIQUE " : "")INDEX \(SQLText.quotedIdentifier(name)) ON "
            sql += SQLText.quotedIdentifier(element.attribute("table")!) + " (" + element.attribute("columns")! + ")"
            if let condition = element.attribute("where") { sql += " WHERE " + condition }
            return sql
        }

        mutating func view(_ element: XMLElement) throws -> String {
            try check(element, allowed: ["name"], required: ["name"], text: true)
            let name = element.attribute("name")!
            try unique(element, name)
            let select = element.text.trimmingWhitespace
            guard !select.isEmpty else { throw error(element, "view \(name) has no SELECT inside it") }
            return "CREATE VIEW \(SQLText.quotedIdentifier(name)) AS\n" + select
        }

        mutating func trigger(_ element: XMLElement) throws -> String {
            try check(
                element, allowed: ["name", "table", "timing", "event", "when"], required: ["name", "table", "event"],
                text: true)
            let name = element.attribute("name")!
            try unique(element, name)
            let timing = (element.attribute("timing") ?? "AFTER").uppercased()
            guard ["BEFORE", "AFTER", "INSTEAD OF"].contains(timing) else {
                throw error(element, "timing is \"\(timing)\"; use BEFORE, AFTER or INSTEAD OF")
            }
            let event = element.attribute("event")!.trimmingWhitespace
            let upper = event.uppercased()
            guard upper == "INSERT" || upper == "DELETE" || upper == "UPDATE" || upper.hasPrefix("UPDATE OF ") else {
                throw error(element, "event is \"\(event)\"; use INSERT, DELETE, UPDATE or UPDATE OF columns")
            }
            let body = element.text.trimmingWhitespace
            guard !body.isEmpty else { throw error(element, "trigger \(name) has no statements inside it") }
            var sql =
                "CREATE TRIGGER \(SQLText.quotedIdentifier(name)) \(timing) \(event) ON \(SQLText.quotedIdentifier(element.attribute("table")!))"
            if let condition = element.attribute("when") { sql += " WHEN " + condition }
            sql += "\nBEGIN\n  " + body + (body.hasSuffix(";") ? "" : ";") + "\nEND"
            return sql
        }
    }
}

extension String {
    /// The string without leading and trailing whitespace and newlines.
    var trimmingWhitespace: String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}

extension Substring {
    var trimmingWhitespace: String { String(self).trimmingWhitespace }
}
