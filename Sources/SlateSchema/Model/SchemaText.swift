/// A schema as text for people: what `slate schema` prints.
public enum SchemaText {
    /// Every table, view, index and trigger, one block each.
    public static func describe(_ schema: SQLSchema) -> String {
        var lines: [String] = []
        for table in schema.tables {
            var flags: [String] = []
            if table.kind == .virtual { flags.append("virtual") }
            if table.isWithoutRowID { flags.append("without rowid") }
            if table.isStrict { flags.append("strict") }
            if let alias = table.rowIDAlias { flags.append("rowid alias \(alias)") }
            lines.append("table \(table.name)" + (flags.isEmpty ? "" : " (" + flags.joined(separator: ", ") + ")"))
            for column in table.columns where column.generation != .hidden {
                var text = "  \(column.name) \(column.declaredType.isEmpty ? "(no type)" : column.declaredType)"
                if column.primaryKeyPosition > 0 {
                    text +=
                        table.primaryKey.count > 1
                        ? " PRIMARY KEY \(column.primaryKeyPosition)/\(table.primaryKey.count)" : " PRIMARY KEY"
                }
                if column.isNotNull { text += " NOT NULL" }
                if let value = column.defaultValue { text += " DEFAULT \(value)" }
                if column.isGenerated { text += " GENERATED \(column.generation.rawValue.uppercased())" }
                if column.collation.uppercased() != "BINARY" { text += " COLLATE \(column.collation)" }
                lines.append(text)
            }
            for key in table.foreignKeys {
                let target =
                    key.referencedColumns.isEmpty
                    ? key.referencedTable : "\(key.referencedTable)(\(key.referencedColumns.joined(separator: ", ")))"
                var text = "  foreign key (\(key.columns.joined(separator: ", "))) → \(target)"
                if key.onDelete != .noAction { text += " on delete \(key.onDelete.rawValue.lowercased())" }
                if key.onUpdate != .noAction { text += " on update \(key.onUpdate.rawValue.lowercased())" }
                lines.append(text)
            }
            for index in schema.indexes(on: table.name) {
                let terms = index.terms.map { ($0.column ?? "<expression>") + ($0.isDescending ? " DESC" : "") }.joined(
                    separator: ", ")
                var text = "  \(index.isUnique ? "unique " : "")index \(index.name) (\(terms))"
                if index.isPartial { text += " partial" }
                if index.origin != .createIndex {
                    text += " for \(index.origin == .primaryKey ? "primary key" : "unique constraint")"
                }
                lines.append(text)
            }
            lines.append("")
        }
        for view in schema.views {
            lines.append("view \(view.name)")
            for column in view.columns {
                var text =
                    "  \(column.name) \(column.declaredType ?? "(unknown)")\(column.isNullable ? "" : " NOT NULL")"
                switch column.typeSource {
                case .column: text += " — from \(column.originTable ?? "?").\(column.originColumn ?? "?")"
                case .inferred: text += " — inferred from \(column.expression ?? "an expression")"
                case .unknown: text += " — dynamic"
                }
                lines.append(text)
            }
            lines.append("")
        }
        for trigger in schema.triggers {
            lines.append("trigger \(trigger.name) on \(trigger.table)")
        }
        if !schema.triggers.isEmpty { lines.append("") }
        lines.append("user_version \(schema.userVersion)")
        return lines.joined(separator: "\n") + "\n"
    }
}
