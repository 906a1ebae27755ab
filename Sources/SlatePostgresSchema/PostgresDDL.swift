import Slate
import SlateSchema

/// The PostgreSQL DDL that takes a database from one schema model to the next: what
/// both a whole schema (from the empty model) and one numbered script (from version N−1
/// to N) render as. Objects are compared by name after the script's renames are applied
/// to the old model, so a rename is a rename and SQLite's 12-step rebuild of a table is
/// the plain `ALTER`s it stands for.
struct PostgresDDL {
    /// What does not translate, at the object that declared it.
    struct Issue: Error, Equatable {
        enum Object: Equatable {
            case table(String)
            case column(table: String, column: String)
            case index(String)
            case view(String)
            case trigger(String)
        }
        var object: Object
        var message: String
    }

    /// The statements, in the two phases a script's data statements run between: the
    /// first makes room (renames, new tables and columns, drops of what stands in the way),
    /// the second ends it (old columns and tables dropped, constraints, indexes, views).
    struct Statements: Equatable {
        var before: [String] = []
        var after: [String] = []
    }

    let typing: PostgresColumnTyping

    // MARK: Tables as PostgreSQL sees them

    struct Column: Equatable {
        var name: String
        var type: PostgresColumnType
        var isNotNull: Bool
        var defaultSQL: String?
        var isIdentity: Bool
    }

    struct Constraint: Equatable {
        enum Kind: Equatable { case primaryKey, unique, foreignKey, check }
        var kind: Kind
        var name: String
        /// The definition after `CONSTRAINT name`.
        var definition: String
    }

    struct Table: Equatable {
        var name: String
        var columns: [Column]
        var constraints: [Constraint]
    }

    /// `table` in PostgreSQL's terms, with what does not translate.
    func table(_ table: SQLSchema.Table, in schema: SQLSchema) -> (Table, [Issue]) {
        var issues: [Issue] = []
        var columns: [Column] = []
        for column in table.columns {
            let object = Issue.Object.column(table: table.name, column: column.name)
            if column.isGenerated {
                issues.append(
                    Issue(
                        object: object,
                        message:
                            "generated column \(display(table.name)).\(display(column.name)) does not translate to PostgreSQL"
                    ))
                continue
            }
            if column.collation.uppercased() != "BINARY" {
                issues.append(
                    Issue(
                        object: object,
                        message:
                            "COLLATE \(column.collation) on \(display(table.name)).\(display(column.name)) does not translate: PostgreSQL compares text byte by byte as BINARY does, and has no collation of that meaning"
                    ))
            }
            guard let type = typing(table.name, column) else {
                issues.append(
                    Issue(
                        object: object,
                        message:
                            "column \(display(table.name)).\(display(column.name)) has no declared type; PostgreSQL needs one (declare INTEGER, REAL, TEXT, BLOB, BOOLEAN, DATETIME, …)"
                    ))
                continue
            }
            let isIdentity = table.rowIDAlias?.lowercased() == column.name.lowercased()
            var defaultSQL: String?
            if let value = column.defaultValue {
                switch PostgresDefault.translate(value, type: type) {
                case .success(let sql): defaultSQL = sql
                case .failure(let problem):
                    issues.append(
                        Issue(
                            object: object,
                            message:
                                "DEFAULT \(value) of \(display(table.name)).\(display(column.name)) does not translate to PostgreSQL: \(problem.message)"
                        ))
                }
            }
            columns.append(
                Column(
                    name: column.name, type: isIdentity ? .bigint : type,
                    isNotNull: column.isNotNull || column.primaryKeyPosition > 0 || isIdentity,
                    defaultSQL: isIdentity ? nil : defaultSQL, isIdentity: isIdentity))
        }
        var constraints: [Constraint] = []
        var names: Set<String> = []
        func add(_ kind: Constraint.Kind, _ base: String, _ definition: String) {
            let name = SQLSchema.unusedName(base) { names.contains($0.lowercased()) }
            names.insert(name.lowercased())
            constraints.append(Constraint(kind: kind, name: name, definition: definition))
        }
        if !table.primaryKey.isEmpty {
            add(
                .primaryKey, "\(table.name)_pkey",
                "PRIMARY KEY (\(table.primaryKey.map(quoted).joined(separator: ", ")))")
        }
        for index in schema.indexes(on: table.name) where index.origin == .unique {
            let columns = index.terms.compactMap(\.column)
            if index.terms.contains(where: { $0.collation.uppercased() != "BINARY" }) {
                issues.append(
                    Issue(
                        object: .table(table.name),
                        message:
                            "UNIQUE (\(columns.map(display).joined(separator: ", "))) of \(display(table.name)) uses a collation other than BINARY, which does not translate"
                    ))
                continue
            }
            add(
                .unique, "\(table.name)_\(columns.joined(separator: "_"))_key",
                "UNIQUE (\(columns.map(quoted).joined(separator: ", ")))")
        }
        for key in table.foreignKeys {
            let parent = schema.table(named: key.referencedTable)
            let parentColumns =
                key.referencedColumns.isEmpty ? (parent?.primaryKey ?? []) : key.referencedColumns
            let parentName = parent?.name ?? key.referencedTable
            var definition =
                "FOREIGN KEY (\(key.columns.map(quoted).joined(separator: ", "))) REFERENCES \(quoted(parentName))"
            if !parentColumns.isEmpty {
                definition +=
                    " (\(parentColumns.map { parent?.column(named: $0)?.name ?? $0 }.map(quoted).joined(separator: ", ")))"
            }
            if key.onUpdate != .noAction { definition += " ON UPDATE \(key.onUpdate.rawValue)" }
            if key.onDelete != .noAction { definition += " ON DELETE \(key.onDelete.rawValue)" }
            // Checked as each statement ends, as SQLite does; deferrable so that a script can
            // check them as it commits, as SQLite's bootstrap does (`SET CONSTRAINTS ALL
            // DEFERRED` before its rows).
            definition += " DEFERRABLE INITIALLY IMMEDIATE"
            add(.foreignKey, "\(table.name)_\(key.columns.joined(separator: "_"))_fkey", definition)
        }
        let checks = PostgresChecks.read(table, columns: columns, schema: schema, typing: typing)
        for problem in checks.problems {
            issues.append(
                Issue(
                    object: .table(table.name),
                    message: "CHECK of \(display(table.name)) does not translate: \(problem)"))
        }
        for (number, check) in checks.checks.enumerated() {
            add(.check, "\(table.name)_check\(number + 1)", "CHECK (\(check))")
        }
        return (Table(name: table.name, columns: columns, constraints: constraints), issues)
    }

    func columnDefinition(_ column: Column) -> String {
        var sql = "\(quoted(column.name)) \(column.type.declaration)"
        if column.isIdentity { sql += " GENERATED BY DEFAULT AS IDENTITY" }
        if column.isNotNull, !column.isIdentity { sql += " NOT NULL" }
        if let value = column.defaultSQL { sql += " DEFAULT \(value)" }
        return sql
    }

    // MARK: The difference

    /// A script's renames, in the old model's names: tables (old name → new name), and
    /// columns (table's new name → old column name → new column name).
    struct Renames {
        var tables: [String: String] = [:]
        var columns: [String: [String: String]] = [:]
    }

    /// The DDL from `old` to `new`; `renames` tell renames from drops and adds.
    func statements(from old: SQLSchema, to new: SQLSchema, renames: Renames) -> (Statements, [Issue]) {
        var out = Statements()
        var issues: [Issue] = []
        let renamedOld = Self.applying(renames, to: old)

        // What is new or changed in `new` reports its problems; what `old` already had, did.
        var oldIssues: [Issue] = []
        var oldTables: [String: (actual: Table, renamed: Table)] = [:]
        for (original, renamed) in zip(old.tables, renamedOld.tables) where original.kind == .table {
            let (actual, actualIssues) = table(original, in: old)
            oldTables[renamed.name.lowercased()] = (actual, table(renamed, in: renamedOld).0)
            oldIssues += actualIssues
            oldIssues += table(renamed, in: renamedOld).1
        }
        for table in new.tables where table.kind == .virtual {
            if !old.tables.contains(where: { $0.kind == .virtual && $0.name.lowercased() == table.name.lowercased() }) {
                issues.append(
                    Issue(
                        object: .table(table.name),
                        message:
                            "virtual table \(display(table.name)) does not translate to PostgreSQL; write its PostgreSQL form in a .postgres.sql script"
                    ))
            }
        }
        var newTables: [Table] = []
        for table in new.tables where table.kind == .table {
            let (rendered, tableIssues) = self.table(table, in: new)
            newTables.append(rendered)
            issues += tableIssues.filter { !oldIssues.contains($0) }
        }
        for trigger in new.triggers where !old.triggers.contains(trigger) {
            issues.append(
                Issue(
                    object: .trigger(trigger.name),
                    message:
                        "trigger \(display(trigger.name)) does not translate to PostgreSQL (its body is SQLite's); write its PostgreSQL form in a .postgres.sql script"
                ))
        }

        let newNames = Set(newTables.map { $0.name.lowercased() })
        let tablesChange =
            !renames.tables.isEmpty
            || newTables.contains { oldTables[$0.name.lowercased()].map { $0.renamed } != $0 }
            || oldTables.keys.contains { !newNames.contains($0) }

        // Views: all dropped when a table changes (PostgreSQL refuses to change a column a
        // view reads), else those that changed; created again at the end.
        let keptViews: [SQLSchema.View] =
            tablesChange ? [] : old.views.filter { new.views.contains($0) }
        for view in old.views.reversed() where !keptViews.contains(view) {
            out.before.append("DROP VIEW \(quoted(view.name))")
        }
        // Indexes SQLite made for constraints are constraints here.
        let oldIndexes = Dictionary(
            renamedOld.indexes.filter { $0.origin == .createIndex }.map { ($0.name.lowercased(), $0) },
            uniquingKeysWith: { first, _ in first })
        var keptIndexes: Set<String> = []
        for index in new.indexes where index.origin == .createIndex {
            // Kept when it is the same index; a column that became NOT NULL or nullable
            // changes its NULL order, so it is made again — but a unique index is kept
            // (a foreign key may depend on it: dropping it would fail, 2BP01; its order only
            // costs speed).
            if let previous = oldIndexes[index.name.lowercased()], previous.terms == index.terms,
                previous.isUnique == index.isUnique, previous.table.lowercased() == index.table.lowercased(),
                previous.sql == index.sql || !index.isPartial,
                index.isUnique || nullableTerms(previous, in: renamedOld) == nullableTerms(index, in: new)
            {
                keptIndexes.insert(index.name.lowercased())
            }
        }
        for index in renamedOld.indexes
        where index.origin == .createIndex && !keptIndexes.contains(index.name.lowercased()) {
            // A dropped table takes its indexes with it.
            if newNames.contains(index.table.lowercased()) {
                out.before.append("DROP INDEX \(quoted(index.name))")
            }
        }

        // Renames first, so that everything after speaks the new names.
        for (from, to) in renames.tables.sorted(by: { $0.key < $1.key }) {
            out.before.append("ALTER TABLE \(quoted(from)) RENAME TO \(quoted(to))")
        }
        for (table, columns) in renames.columns.sorted(by: { $0.key < $1.key }) {
            for (from, to) in columns.sorted(by: { $0.key < $1.key }) {
                out.before.append("ALTER TABLE \(quoted(table)) RENAME COLUMN \(quoted(from)) TO \(quoted(to))")
            }
        }

        var created: Set<String> = []
        var deferredKeys: [String] = []
        for table in newTables {
            guard let previous = oldTables[table.name.lowercased()] else {
                var lines = table.columns.map(columnDefinition)
                for constraint in table.constraints {
                    let line = "CONSTRAINT \(quoted(constraint.name)) \(constraint.definition)"
                    if constraint.kind == .foreignKey,
                        !referencesExisting(constraint.definition, created: created, table: table.name, old: oldTables)
                    {
                        deferredKeys.append("ALTER TABLE \(quoted(table.name)) ADD \(line)")
                    } else {
                        lines.append(line)
                    }
                }
                out.before.append(
                    "CREATE TABLE \(quoted(table.name)) (\n    \(lines.joined(separator: ",\n    "))\n)")
                created.insert(table.name.lowercased())
                continue
            }
            alter(from: previous.actual, renamed: previous.renamed, to: table, into: &out)
        }
        out.after += deferredKeys
        for (name, previous) in oldTables.sorted(by: { $0.key < $1.key }) where !newNames.contains(name) {
            // Its foreign keys go first, so that tables dropped together drop in any order.
            for constraint in previous.actual.constraints where constraint.kind == .foreignKey {
                out.before.append(
                    "ALTER TABLE \(quoted(previous.actual.name)) DROP CONSTRAINT \(quoted(constraint.name))")
            }
            out.after.append("DROP TABLE \(quoted(previous.renamed.name))")
        }
        for index in new.indexes where index.origin == .createIndex && !keptIndexes.contains(index.name.lowercased()) {
            switch createIndex(index, in: new) {
            case .success(let sql): out.after.append(sql)
            case .failure(let issue): issues.append(issue)
            }
        }
        // A view that reads a view that does not translate fails with it, named as such,
        // rather than as a missing relation on the server.
        var untranslated: Set<String> = []
        for view in new.views where !keptViews.contains(view) {
            let reads = SQLTokenizer.tokenize(view.sql).dropFirst().first { token in
                token.isName && untranslated.contains(token.value.lowercased())
            }
            let result =
                reads.map { read in
                    Result<String, Issue>.failure(
                        Issue(
                            object: .view(view.name),
                            message:
                                "view \(display(view.name)) reads view \(display(read.value)), which does not translate to PostgreSQL; write both in a .postgres.sql script"
                        ))
                } ?? createView(view, in: new)
            switch result {
            case .success(let sql): out.after.append(sql)
            case .failure(let issue):
                untranslated.insert(view.name.lowercased())
                if !old.views.contains(view) { issues.append(issue) }
            }
        }
        return (out, issues)
    }

    /// Whether a foreign key's parent exists before the table that declares it.
    private func referencesExisting(
        _ definition: String, created: Set<String>, table: String, old: [String: (actual: Table, renamed: Table)]
    ) -> Bool {
        // The parent's quoted name follows REFERENCES.
        let tokens = SQLTokenizer.tokenize(definition)
        guard let references = tokens.firstIndex(where: { $0.value.uppercased() == "REFERENCES" }),
            references + 1 < tokens.count
        else { return false }
        let parent = tokens[references + 1].value.lowercased()
        return parent == table.lowercased() || created.contains(parent) || old[parent] != nil
    }

    /// `ALTER TABLE`s from `actual` (as the database names its constraints) and
    /// `renamed` (the same table with the script's renames applied) to `table`.
    private func alter(from actual: Table, renamed: Table, to table: Table, into out: inout Statements) {
        let name = quoted(table.name)
        // Constraints: kept ones renamed to the names they would have been given now; gone
        // ones dropped first, new ones added last.
        var keptConstraints: Set<String> = []
        for (actualConstraint, renamedConstraint) in zip(actual.constraints, renamed.constraints) {
            if let kept = table.constraints.first(where: {
                $0.kind == renamedConstraint.kind && $0.definition == renamedConstraint.definition
                    && !keptConstraints.contains($0.name)
            }) {
                keptConstraints.insert(kept.name)
                if kept.name != actualConstraint.name {
                    out.before.append(
                        "ALTER TABLE \(name) RENAME CONSTRAINT \(quoted(actualConstraint.name)) TO \(quoted(kept.name))"
                    )
                }
            } else {
                out.before.append("ALTER TABLE \(name) DROP CONSTRAINT \(quoted(actualConstraint.name))")
            }
        }
        let oldColumns = Dictionary(renamed.columns.map { ($0.name.lowercased(), $0) }, uniquingKeysWith: { a, _ in a })
        let newColumns = Set(table.columns.map { $0.name.lowercased() })
        for column in table.columns {
            guard let previous = oldColumns[column.name.lowercased()] else {
                out.before.append("ALTER TABLE \(name) ADD COLUMN \(columnDefinition(column))")
                continue
            }
            let target = quoted(column.name)
            if previous.type != column.type {
                if previous.defaultSQL != nil {
                    out.before.append("ALTER TABLE \(name) ALTER COLUMN \(target) DROP DEFAULT")
                }
                out.before.append(
                    "ALTER TABLE \(name) ALTER COLUMN \(target) TYPE \(column.type.declaration) USING \(Self.conversion(target, from: previous.type, to: column.type))"
                )
                if let value = column.defaultSQL {
                    out.before.append("ALTER TABLE \(name) ALTER COLUMN \(target) SET DEFAULT \(value)")
                }
            } else if previous.defaultSQL != column.defaultSQL {
                if let value = column.defaultSQL {
                    out.before.append("ALTER TABLE \(name) ALTER COLUMN \(target) SET DEFAULT \(value)")
                } else {
                    out.before.append("ALTER TABLE \(name) ALTER COLUMN \(target) DROP DEFAULT")
                }
            }
            if previous.isIdentity, !column.isIdentity {
                out.before.append("ALTER TABLE \(name) ALTER COLUMN \(target) DROP IDENTITY")
            }
            if previous.isNotNull != column.isNotNull {
                if column.isNotNull {
                    out.after.append("ALTER TABLE \(name) ALTER COLUMN \(target) SET NOT NULL")
                } else {
                    out.before.append("ALTER TABLE \(name) ALTER COLUMN \(target) DROP NOT NULL")
                }
            }
            if !previous.isIdentity, column.isIdentity {
                out.after.append("ALTER TABLE \(name) ALTER COLUMN \(target) ADD GENERATED BY DEFAULT AS IDENTITY")
                out.after.append(PostgresSchemaRenderer.setval(table: table.name, column: column.name))
            }
        }
        for column in renamed.columns where !newColumns.contains(column.name.lowercased()) {
            out.after.append("ALTER TABLE \(name) DROP COLUMN \(quoted(column.name))")
        }
        for constraint in table.constraints where !keptConstraints.contains(constraint.name) {
            out.after.append("ALTER TABLE \(name) ADD CONSTRAINT \(quoted(constraint.name)) \(constraint.definition)")
        }
    }

    /// The `USING` expression that converts `column` between two types, as SQLite's
    /// values of the old type read in the new.
    static func conversion(_ column: String, from old: PostgresColumnType, to new: PostgresColumnType) -> String {
        switch (old, new) {
        case (.bigint, .boolean), (.doublePrecision, .boolean), (.numeric, .boolean): return "\(column) <> 0"
        case (.boolean, .bigint), (.boolean, .doublePrecision), (.boolean, .numeric):
            return "CASE WHEN \(column) THEN 1 ELSE 0 END"
        case (.bigint, .timestamptz), (.doublePrecision, .timestamptz), (.numeric, .timestamptz):
            return "to_timestamp(\(column))"
        case (.text, .bytea): return "convert_to(\(column), 'UTF8')"
        case (.bytea, .text): return "convert_from(\(column), 'UTF8')"
        default: return "\(column)::\(new.rawValue)"
        }
    }

    /// For each of `index`'s terms, whether its column may hold NULL on PostgreSQL (not NOT
    /// NULL, not in the primary key, not the identity).
    private func nullableTerms(_ index: SQLSchema.Index, in schema: SQLSchema) -> [Bool] {
        let table = schema.table(named: index.table)
        return index.terms.map { term in
            guard let table, let name = term.column, let column = table.column(named: name) else { return false }
            return !column.isNotNull && column.primaryKeyPosition == 0
                && table.rowIDAlias?.lowercased() != column.name.lowercased()
        }
    }

    private func createIndex(_ index: SQLSchema.Index, in schema: SQLSchema) -> Result<String, Issue> {
        func issue(_ message: String) -> Result<String, Issue> {
            .failure(Issue(object: .index(index.name), message: message))
        }
        if index.hasExpressions {
            return issue(
                "index \(display(index.name)) indexes an expression, which does not translate; write its PostgreSQL form in a .postgres.sql script"
            )
        }
        if index.terms.contains(where: { $0.collation.uppercased() != "BINARY" }) {
            return issue("index \(display(index.name)) uses a collation other than BINARY, which does not translate")
        }
        let table = schema.table(named: index.table)
        let nullable = nullableTerms(index, in: schema)
        let terms = zip(index.terms, nullable).map { term, nullable in
            let column = term.column.map { table?.column(named: $0)?.name ?? $0 } ?? ""
            // SQLite sorts NULLs first ascending and last descending, PostgreSQL the other
            // way: a column that may hold NULL is indexed in SQLite's order, the order typed
            // queries ask for (`NULLS FIRST`, `DESC NULLS LAST`), so that they walk it.
            let nulls = nullable ? (term.isDescending ? " NULLS LAST" : " NULLS FIRST") : ""
            return quoted(column) + (term.isDescending ? " DESC" : "") + nulls
        }
        var sql =
            "CREATE \(index.isUnique ? "UNIQUE " : "")INDEX \(quoted(index.name)) ON \(quoted(table?.name ?? index.table)) (\(terms.joined(separator: ", ")))"
        if index.isPartial, let text = index.sql {
            let tokens = SQLTokenizer.tokenize(text)
            guard let whereIndex = tokens.firstIndex(where: { $0.isKeyword("WHERE") }) else {
                return issue("index \(display(index.name)) is partial, but its WHERE clause cannot be read")
            }
            var end = tokens.endIndex
            if tokens.last?.kind == .semicolon { end -= 1 }
            switch PortableSQL(schema: schema, typing: typing).translate(tokens[(whereIndex + 1)..<end], in: text) {
            case .success(let condition): sql += " WHERE \(condition)"
            case .failure(let problems):
                return issue(
                    "the WHERE clause of index \(display(index.name)) does not translate: \(problems.all.map(\.message).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }.joined(separator: "; "))"
                )
            }
        }
        return .success(sql)
    }

    private func createView(_ view: SQLSchema.View, in schema: SQLSchema) -> Result<String, Issue> {
        let tokens = SQLTokenizer.tokenize(view.sql)
        // CREATE [TEMP] VIEW [IF NOT EXISTS] name [(columns)] AS select
        var index = tokens.startIndex
        var depth = 0
        while index < tokens.endIndex {
            if tokens[index].kind == .leftParen { depth += 1 }
            if tokens[index].kind == .rightParen { depth -= 1 }
            if depth == 0, tokens[index].isKeyword("AS") { break }
            index += 1
        }
        guard index < tokens.endIndex else {
            return .failure(Issue(object: .view(view.name), message: "view \(display(view.name)) cannot be read"))
        }
        var end = tokens.endIndex
        if tokens.last?.kind == .semicolon { end -= 1 }
        switch PortableSQL(schema: schema, typing: typing).translate(tokens[(index + 1)..<end], in: view.sql) {
        case .success(let select):
            let columns = view.columns.map { quoted($0.name) }.joined(separator: ", ")
            return .success("CREATE VIEW \(quoted(view.name)) (\(columns)) AS \(select)")
        case .failure(let problems):
            // Each reason once, however often the view meets it.
            var reasons: [String] = []
            for message in problems.all.map(\.message) where !reasons.contains(message) { reasons.append(message) }
            return .failure(
                Issue(
                    object: .view(view.name),
                    message:
                        "view \(display(view.name)) does not translate to PostgreSQL: \(reasons.joined(separator: "; ")); write its PostgreSQL form in a .postgres.sql script"
                ))
        }
    }

    /// `schema` with `renames` applied: names of tables, columns, and what refers to them.
    static func applying(_ renames: Renames, to schema: SQLSchema) -> SQLSchema {
        guard !renames.tables.isEmpty || !renames.columns.isEmpty else { return schema }
        func tableName(_ name: String) -> String {
            renames.tables.first { $0.key.lowercased() == name.lowercased() }?.value ?? name
        }
        func columnName(_ name: String, of table: String) -> String {
            let map = renames.columns.first { $0.key.lowercased() == table.lowercased() }?.value ?? [:]
            return map.first { $0.key.lowercased() == name.lowercased() }?.value ?? name
        }
        var result = schema
        for index in result.tables.indices {
            var table = result.tables[index]
            table.name = tableName(table.name)
            let name = table.name
            for column in table.columns.indices {
                table.columns[column].name = columnName(table.columns[column].name, of: name)
            }
            table.primaryKey = table.primaryKey.map { columnName($0, of: name) }
            table.rowIDAlias = table.rowIDAlias.map { columnName($0, of: name) }
            for key in table.foreignKeys.indices {
                var foreignKey = table.foreignKeys[key]
                foreignKey.columns = foreignKey.columns.map { columnName($0, of: name) }
                foreignKey.referencedTable = tableName(foreignKey.referencedTable)
                foreignKey.referencedColumns = foreignKey.referencedColumns.map {
                    columnName($0, of: foreignKey.referencedTable)
                }
                table.foreignKeys[key] = foreignKey
            }
            result.tables[index] = table
        }
        for index in result.indexes.indices {
            let table = tableName(result.indexes[index].table)
            result.indexes[index].table = table
            for term in result.indexes[index].terms.indices {
                result.indexes[index].terms[term].column = result.indexes[index].terms[term].column.map {
                    columnName($0, of: table)
                }
            }
        }
        return result
    }
}

/// A name quoted for PostgreSQL: always, so that `user`, `order` and `Person` mean what
/// SQLite meant.
func quoted(_ name: String) -> String { SQLText.quotedIdentifier(name) }

/// A name as messages show it.
func display(_ name: String) -> String { SQLText.displayName(name) }
