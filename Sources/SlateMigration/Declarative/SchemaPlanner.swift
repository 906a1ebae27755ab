import Slate
import SlateSchema

/// Plans the change from a live database to a desired schema.
///
/// Every step is tried on an in-memory copy of the live schema as it is chosen: SQLite
/// decides whether an `ALTER TABLE … ADD COLUMN` gives the desired table, and the table is
/// rebuilt when it does not. At the end the copy must equal the desired schema, or the plan
/// is refused before anything touches the database. Data decides only what is destructive
/// and whether a new `NOT NULL` column without a default can be added.
public enum SchemaPlanner {
    /// The plan that takes the database on `context` to `desired`. Reads only.
    ///
    /// - Throws: ``MigrationError``: `.notNullWithoutDefault`, `.unsupported` (a changed
    ///   virtual table), `.planMismatch`, `.migrationFailed` when SQLite refuses a step on
    ///   the copy; ``/Slate/SQLError`` when the database cannot be read.
    public static func plan(from context: SQLContext, to desired: DesiredSchema) throws -> MigrationPlan {
        // The schema the plan is made from, read before anything else; a change while
        // planning makes the plan meaningless, so it is refused here too.
        let base = try MigrationPlan.schemaText(of: context)
        try context.addSameValueFunction()
        var planner = try Planner(live: context, desired: desired)
        defer { planner.scratch.close() }
        // The rows of a rebuilt table are tried in a temporary copy, whose foreign keys
        // cannot see the main tables: enforcement off while planning, where it can be.
        if context.isInTransaction {
            try planner.run()
        } else {
            try context.withForeignKeysOff { try planner.run() }
        }
        guard try MigrationPlan.schemaText(of: context) == base else {
            throw MigrationError(
                .schemaChanged,
                "the database's schema changed while the plan was being made (another connection altered it); plan again"
            )
        }
        return MigrationPlan(steps: planner.steps, base: base)
    }
}

private struct Planner {
    let live: SQLContext
    let liveSchema: Schema
    let desired: DesiredSchema
    let scratch: SQLContext
    var steps: [MigrationStep] = []
    /// Live names of tables by their current (planned) name, lower-cased.
    var liveTableNames: [String: String] = [:]
    /// Live names of renamed columns: table (current name) → column (current name) → live name.
    var liveColumnNames: [String: [String: String]] = [:]
    /// Live tables by lower-cased name.
    var liveTablesByName: [String: Table] = [:]
    /// Tables (lower-cased, by their name on the copy) a step changed on the copy.
    var touchedTables: Set<String> = []
    /// Whether a step renamed a table or a column: SQLite then rewrites the references in
    /// other tables too, so every table is read from the copy.
    var renamedAnything = false

    static let ignored = SQLMigrator.ownTables

    init(live: SQLContext, desired: DesiredSchema) throws {
        self.live = live
        self.desired = desired
        liveSchema = try SchemaReader.read(from: live)
        // The copy follows the live connection's rule for double-quoted strings, so that a
        // view or trigger written for the legacy rule is created there as it was here.
        scratch = try SchemaObjects.scratch(
            try SchemaObjects.creationStatements(in: live), userVersion: liveSchema.userVersion,
            allowingDoubleQuotedStrings: live.allowsDoubleQuotedStrings)
        for table in liveSchema.tables {
            liveTableNames[table.name.lowercased()] = table.name
            liveTablesByName[table.name.lowercased()] = table
        }
    }

    private var desiredTables: [Table] { desired.schema.tables.filter { !Self.ignored.contains($0.name.lowercased()) } }
    private var liveTables: [Table] { liveSchema.tables.filter { !Self.ignored.contains($0.name.lowercased()) } }

    private func q(_ name: String) -> String { SQLText.quotedIdentifier(name) }

    /// A name in a step's summary or a message: never raw (a name may hold a line break).
    private func n(_ name: String) -> String { SQLText.displayName(name) }

    private func scratchSchema() throws -> Schema { try SchemaReader.read(from: scratch) }

    /// One table of the copy. Planning reads the copy table by table, never the whole
    /// schema per table, so that it stays linear in the number of tables; a table no step
    /// has touched yet is the live one, read already.
    private func scratchTable(_ name: String) throws -> Table? {
        let key = name.lowercased()
        if !renamedAnything, !touchedTables.contains(key), let table = liveTablesByName[key] { return table }
        return try SchemaReader.table(named: name, in: scratch)
    }

    /// Runs `step` on the copy and adds it to the plan.
    private mutating func perform(_ step: MigrationStep) throws {
        touchedTables.insert(step.object.lowercased())
        if step.kind == .renameTable || step.kind == .renameColumn { renamedAnything = true }
        for statement in step.statements {
            do {
                try scratch.exec(sql: statement)
            } catch let error as SQLError {
                throw MigrationError(
                    .migrationFailed, "\(step.summary): \(SQLText.oneLine(error.message))", underlying: error)
            }
        }
        steps.append(step)
    }

    // MARK: The plan

    mutating func run() throws {
        // Which live table each desired table continues.
        var tableRenames: [(old: String, new: String)] = []
        var continued: Set<String> = []
        let liveByName = Set(liveSchema.tables.map { $0.name.lowercased() })
        for table in desiredTables {
            if liveByName.contains(table.name.lowercased()) {
                continued.insert(table.name.lowercased())
            } else if let old = desired.renames.oldName(ofTable: table.name),
                let oldTable = liveSchema.table(named: old),
                desiredTables.allSatisfy({ $0.name.lowercased() != old.lowercased() })
            {
                tableRenames.append((oldTable.name, table.name))
                continued.insert(oldTable.name.lowercased())
            }
        }
        let dropped = liveTables.filter { !continued.contains($0.name.lowercased()) }
        // Table renames, rebuilds and drops re-check the whole schema: views and triggers
        // come down before the first of them and go back up at the end. Otherwise only
        // those that change are dropped.
        if !tableRenames.isEmpty || !dropped.isEmpty {
            try dropViewsAndTriggers()
        } else {
            try dropViewsAndTriggers(onlyChanged: true)
        }
        let desiredIndexes = Self.byName(
            desired.schema.indexes.compactMap { index in index.sql.map { (index.name, $0) } })
        for index in liveSchema.indexes {
            guard let sql = index.sql, !unchanged(index.name, sql, in: desiredIndexes) else { continue }
            try perform(
                MigrationStep(
                    kind: .dropIndex, object: index.name, summary: "drop index \(n(index.name))",
                    statements: ["DROP INDEX \(q(index.name))"], isDestructive: false))
        }

        for rename in tableRenames {
            try perform(
                MigrationStep(
                    kind: .renameTable, object: rename.new,
                    summary: "rename table \(n(rename.old)) to \(n(rename.new))",
                    statements: ["ALTER TABLE \(q(rename.old)) RENAME TO \(q(rename.new))"], isDestructive: false))
            liveTableNames[rename.new.lowercased()] = rename.old
            touchedTables.insert(rename.old.lowercased())
        }

        for table in desiredTables {
            try planTable(table)
        }

        for table in dropped {
            let rows = try count("SELECT count(*) FROM \(q(table.name))")
            try perform(
                MigrationStep(
                    kind: .dropTable, object: table.name,
                    summary: "drop table \(n(table.name)) and its \(rows) row\(rows == 1 ? "" : "s")",
                    statements: ["DROP TABLE \(q(table.name))"], isDestructive: true, rowCount: rows))
        }

        let current = try scratchSchema()
        let currentIndexes = Self.byName(current.indexes.compactMap { index in index.sql.map { (index.name, $0) } })
        let currentViews = Self.byName(current.views.map { ($0.name, $0.sql) })
        let currentTriggers = Self.byName(current.triggers.map { ($0.name, $0.sql) })
        for index in desired.schema.indexes {
            guard let sql = index.sql, !unchanged(index.name, sql, in: currentIndexes) else { continue }
            try perform(
                MigrationStep(
                    kind: .createIndex, object: index.name, summary: "create index \(n(index.name))", statements: [sql],
                    isDestructive: false))
        }
        for view in desired.schema.views where !unchanged(view.name, view.sql, in: currentViews) {
            try perform(
                MigrationStep(
                    kind: .createView, object: view.name, summary: "create view \(n(view.name))",
                    statements: [view.sql], isDestructive: false))
        }
        for trigger in desired.schema.triggers where !unchanged(trigger.name, trigger.sql, in: currentTriggers) {
            try perform(
                MigrationStep(
                    kind: .createTrigger, object: trigger.name, summary: "create trigger \(n(trigger.name))",
                    statements: [trigger.sql], isDestructive: false))
        }
        if desired.setsUserVersion, liveSchema.userVersion != desired.schema.userVersion {
            try perform(
                MigrationStep(
                    kind: .setUserVersion, object: "user_version",
                    summary: "set user_version to \(desired.schema.userVersion)",
                    statements: ["PRAGMA user_version = \(desired.schema.userVersion)"], isDestructive: false))
        }

        let differences = SchemaComparison.differences(
            try scratchSchema(), desired.schema, userVersion: desired.setsUserVersion)
        guard differences.isEmpty else {
            throw MigrationError(
                .planMismatch,
                "the planned steps would not give the desired schema: \(differences.joined(separator: "; "))")
        }
    }

    /// Drops the views and triggers still on the copy: all of them, or those the desired
    /// schema does not have unchanged.
    private mutating func dropViewsAndTriggers(onlyChanged: Bool = false) throws {
        let current = try SchemaReader.viewsAndTriggers(in: scratch)
        let desiredTriggers = Self.byName(desired.schema.triggers.map { ($0.name, $0.sql) })
        let desiredViews = Self.byName(desired.schema.views.map { ($0.name, $0.sql) })
        for trigger in current.triggers
        where !onlyChanged || !unchanged(trigger.name, trigger.sql, in: desiredTriggers) {
            try perform(
                MigrationStep(
                    kind: .dropTrigger, object: trigger.name, summary: "drop trigger \(n(trigger.name))",
                    statements: ["DROP TRIGGER \(q(trigger.name))"], isDestructive: false))
        }
        for view in current.views where !onlyChanged || !unchanged(view.name, view.sql, in: desiredViews) {
            try perform(
                MigrationStep(
                    kind: .dropView, object: view.name, summary: "drop view \(n(view.name))",
                    statements: ["DROP VIEW \(q(view.name))"], isDestructive: false))
        }
    }

    /// Whether an object named `name` with `sql` is among `objects` (SQL by lower-cased
    /// name), unchanged.
    private func unchanged(_ name: String, _ sql: String, in objects: [String: String]) -> Bool {
        guard let other = objects[name.lowercased()] else { return false }
        return SchemaComparison.normalized(other) == SchemaComparison.normalized(sql)
    }

    /// Objects' SQL by lower-cased name (the first of a name wins).
    static func byName(_ objects: [(String, String)]) -> [String: String] {
        Dictionary(objects.map { ($0.0.lowercased(), $0.1) }, uniquingKeysWith: { first, _ in first })
    }

    private func count(_ sql: String) throws -> Int {
        Int(try live.query(sql: sql).first?.first?.integerValue ?? 0)
    }

    // MARK: Tables

    private mutating func planTable(_ table: Table) throws {
        guard var current = try scratchTable(table.name) else {
            try perform(
                MigrationStep(
                    kind: .createTable, object: table.name, summary: "create table \(n(table.name))",
                    statements: [table.sql], isDestructive: false))
            return
        }
        for column in table.columns {
            guard let old = desired.renames.oldName(ofColumn: column.name, inTable: table.name),
                current.column(named: column.name) == nil, let oldColumn = current.column(named: old)
            else { continue }
            try perform(
                MigrationStep(
                    kind: .renameColumn, object: table.name,
                    summary: "rename column \(n(table.name)).\(n(oldColumn.name)) to \(n(column.name))",
                    statements: [
                        "ALTER TABLE \(q(table.name)) RENAME COLUMN \(q(oldColumn.name)) TO \(q(column.name))"
                    ], isDestructive: false))
            liveColumnNames[table.name.lowercased(), default: [:]][column.name.lowercased()] = oldColumn.name
            current = try scratchTable(table.name) ?? current
        }
        guard SchemaComparison.normalized(current.sql) != SchemaComparison.normalized(table.sql) else { return }
        guard table.kind == .table, current.kind == .table else {
            throw MigrationError(
                .unsupported,
                "virtual table \(n(table.name)) changed; Slate does not migrate virtual tables, drop and create it yourself"
            )
        }
        if try addColumns(to: current, toMatch: table) { return }
        try dropViewsAndTriggers()
        try rebuild(current, as: table)
    }

    /// `ALTER TABLE … ADD COLUMN` for columns added at the end, when SQLite accepts them and
    /// the result is the desired table.
    private mutating func addColumns(to current: Table, toMatch table: Table) throws -> Bool {
        let currentNames = current.columns.filter { $0.generation != .hidden }.map { $0.name.lowercased() }
        let desiredNames = table.columns.filter { $0.generation != .hidden }.map { $0.name.lowercased() }
        guard desiredNames.count > currentNames.count, Array(desiredNames.prefix(currentNames.count)) == currentNames
        else { return false }
        let definitions = Self.columnDefinitions(in: table.sql)
        // The copy's tables are empty, where SQLite accepts more: with rows, a new column
        // needs a default when NOT NULL, and a constant one.
        let liveName = liveTableNames[table.name.lowercased()] ?? table.name
        let hasRows = try count("SELECT count(*) FROM (SELECT 1 FROM \(q(liveName)) LIMIT 1)") > 0
        var added: [MigrationStep] = []
        for name in desiredNames.dropFirst(currentNames.count) {
            guard let definition = definitions[name], let column = table.column(named: name) else { return false }
            if hasRows, column.generation == .none {
                if column.isNotNull && column.defaultValue == nil { return false }
                if let value = column.defaultValue, Self.isNonConstant(value) { return false }
            }
            added.append(
                MigrationStep(
                    kind: .addColumn, object: table.name, summary: "add column \(n(table.name)).\(n(column.name))",
                    statements: ["ALTER TABLE \(q(table.name)) ADD COLUMN \(definition)"], isDestructive: false))
        }
        try scratch.exec(sql: "SAVEPOINT slate_plan")
        var accepted = false
        do {
            for step in added {
                for statement in step.statements { try scratch.exec(sql: statement) }
            }
            if let result = try SchemaReader.table(named: table.name, in: scratch) {
                accepted = SchemaComparison.normalized(result.sql) == SchemaComparison.normalized(table.sql)
            }
        } catch is SQLError {
            accepted = false
        }
        if !accepted { try scratch.exec(sql: "ROLLBACK TO slate_plan") }
        try scratch.exec(sql: "RELEASE slate_plan")
        if accepted {
            steps += added
            touchedTables.insert(table.name.lowercased())
        }
        return accepted
    }

    /// The 12-step rebuild: a new table with the desired definition, the rows copied,
    /// the old table dropped, the new one renamed. Indexes, views and triggers are made
    /// again afterwards.
    private mutating func rebuild(_ current: Table, as table: Table) throws {
        let liveName = liveTableNames[table.name.lowercased()] ?? table.name
        let renamed = liveColumnNames[table.name.lowercased()] ?? [:]
        func liveColumn(_ name: String) -> String { renamed[name.lowercased()] ?? name }
        let rows = try count("SELECT count(*) FROM \(q(liveName))")

        var reasons: [String] = []
        var destructive = false
        let currentColumns = current.columns.filter { $0.generation != .hidden }
        // Value checks run again inside the applying transaction (see MigrationStep).
        var valueChecks: [String] = []
        for column in currentColumns where table.column(named: column.name) == nil {
            let values =
                column.isGenerated
                ? 0 : try count("SELECT count(*) FROM \(q(liveName)) WHERE \(q(liveColumn(column.name))) IS NOT NULL")
            reasons.append(
                "drop column \(n(column.name))"
                    + (values > 0 ? " holding \(values) value\(values == 1 ? "" : "s")" : ""))
            destructive = destructive || values > 0
            if !column.isGenerated {
                // Empty now; values written after planning would be lost with it.
                valueChecks.append(
                    "SELECT quote(\(q(liveColumn(column.name)))) || ' in ' || \(Self.literal("\(n(table.name)).\(n(column.name))")) || ', a column the plan drops' FROM \(q(liveName)) WHERE \(q(liveColumn(column.name))) IS NOT NULL LIMIT 1"
                )
            }
        }
        for column in table.columns where column.generation == .none && current.column(named: column.name) == nil {
            if column.isNotNull, column.defaultValue == nil, column.primaryKeyPosition == 0, rows > 0 {
                throw MigrationError(
                    .notNullWithoutDefault,
                    "new column \(n(table.name)).\(n(column.name)) is NOT NULL without a default, and \(n(table.name)) has \(rows) row\(rows == 1 ? "" : "s"): give it a DEFAULT, or add it in a migration that fills it"
                )
            }
            reasons.append("add column \(n(column.name))")
        }
        for column in table.columns {
            guard let old = current.column(named: column.name) else { continue }
            if old.declaredType != column.declaredType || old.isNotNull != column.isNotNull
                || old.defaultValue != column.defaultValue
                || old.primaryKeyPosition != column.primaryKeyPosition || old.collation != column.collation
                || old.generation != column.generation
            {
                reasons.append("change column \(n(column.name))")
            }
        }
        if current.isStrict != table.isStrict {
            reasons.append(table.isStrict ? "make it STRICT" : "make it no longer STRICT")
        }
        if current.isWithoutRowID != table.isWithoutRowID {
            reasons.append(table.isWithoutRowID ? "make it WITHOUT ROWID" : "give it a rowid")
        }
        if reasons.isEmpty { reasons.append("change its constraints") }

        // A stored column made generated loses what it stored.
        for column in table.columns where column.isGenerated {
            guard let old = currentColumns.first(where: { $0.name.lowercased() == column.name.lowercased() }),
                old.generation == .none
            else { continue }
            let values = try count(
                "SELECT count(*) FROM \(q(liveName)) WHERE \(q(liveColumn(column.name))) IS NOT NULL")
            valueChecks.append(
                "SELECT quote(\(q(liveColumn(column.name)))) || ' in ' || \(Self.literal("\(n(table.name)).\(n(column.name))")) || ', a stored column the plan makes generated' FROM \(q(liveName)) WHERE \(q(liveColumn(column.name))) IS NOT NULL LIMIT 1"
            )
            if values > 0 {
                destructive = true
                reasons.removeAll { $0 == "change column \(n(column.name))" }
                reasons.append(
                    "make stored column \(n(column.name)) generated, losing its \(values) stored value\(values == 1 ? "" : "s")"
                )
            }
        }

        // Rowids: a rowid table rebuilt as one keeps each row's rowid, copied from the old
        // table (`rowIDCopy`: into the rowid, or into a new INTEGER PRIMARY KEY column).
        // Made WITHOUT ROWID, given an INTEGER PRIMARY KEY whose values are not the rowids,
        // or with columns named `rowid`, `_rowid_` and `oid` that hide them, the rows'
        // rowids are lost: destructive when there are rows, and checked again when applying.
        var rowIDCopy: (target: String, source: String)?
        var rowIDReason: String?
        let anyRow =
            "SELECT 'a row of ' || \(Self.literal(n(table.name))) || ', whose rowid the plan cannot keep' FROM \(q(liveName)) LIMIT 1"
        let oldRowID = Self.rowIDName(current)
        if current.hasRowID {
            if table.isWithoutRowID {
                if current.rowIDAlias == nil {
                    valueChecks.append(anyRow)
                    if rows > 0 {
                        rowIDReason =
                            "make it WITHOUT ROWID, losing the rowids of its \(rows) row\(rows == 1 ? "" : "s")"
                    }
                }
            } else if let alias = table.rowIDAlias {
                if current.column(named: alias) == nil {
                    // A new INTEGER PRIMARY KEY column takes the rowids the rows had.
                    if let oldRowID {
                        rowIDCopy = (q(alias), oldRowID)
                    } else {
                        valueChecks.append(anyRow)
                        if rows > 0 {
                            rowIDReason =
                                "add \(n(alias)) as its INTEGER PRIMARY KEY, which cannot take the rows' rowids: columns named rowid, _rowid_ and oid hide them"
                        }
                    }
                } else if current.rowIDAlias?.lowercased() != alias.lowercased() {
                    if let oldRowID {
                        let check =
                            "SELECT 'rowid ' || \(oldRowID) || ' → ' || quote(\(q(liveColumn(alias)))) || ' in ' || \(Self.literal(n(table.name))) FROM \(q(liveName)) WHERE \(oldRowID) IS NOT \(q(liveColumn(alias))) LIMIT 1"
                        valueChecks.append(check)
                        if let example = try MigrationPlan.firstValue(of: check, in: live) {
                            rowIDReason =
                                "make \(n(alias)) its INTEGER PRIMARY KEY, which changes rows' rowids (\(SQLText.oneLine(example)))"
                        }
                    } else {
                        valueChecks.append(anyRow)
                        if rows > 0 {
                            rowIDReason =
                                "make \(n(alias)) its INTEGER PRIMARY KEY, which changes rows' rowids that columns named rowid, _rowid_ and oid hide"
                        }
                    }
                }
            } else if let name = Self.rowIDName(current, table) {
                rowIDCopy = (name, name)
            } else {
                valueChecks.append(anyRow)
                if rows > 0 {
                    rowIDReason = "rebuild it without its rows' rowids: columns named rowid, _rowid_ and oid hide them"
                }
            }
        }
        if let rowIDReason {
            destructive = true
            reasons.removeAll { $0 == "make it WITHOUT ROWID" }
            reasons.append(rowIDReason)
        }

        // A copy that could change a stored value: proved on the live rows now, and again
        // inside the transaction that applies the plan.
        for column in table.columns where column.generation == .none {
            guard let old = currentColumns.first(where: { $0.name.lowercased() == column.name.lowercased() }) else {
                continue
            }
            var checks: [String] = []
            // What each table does to a value written to the column: its affinity, or in a
            // STRICT table nothing at all for ANY (elsewhere, ANY is NUMERIC affinity).
            let oldStorage = Self.storage(of: old, strict: current.isStrict)
            let newStorage = Self.storage(of: column, strict: table.isStrict)
            if oldStorage != newStorage {
                checks.append(
                    Self.affinityCheck(
                        table: liveName, column: liveColumn(column.name), declaredType: newStorage.declaredType,
                        place: "\(n(table.name)).\(n(column.name))"))
            }
            if column.isNotNull, !old.isNotNull, column.primaryKeyPosition == 0 {
                if let value = column.defaultValue {
                    // The copy gives NULLs the default: a rewrite where there are any.
                    checks.append(
                        "SELECT 'NULL → ' || quote(\(value)) || ' in ' || \(Self.literal("\(n(table.name)).\(n(column.name))")) FROM \(q(liveName)) WHERE \(q(liveColumn(column.name))) IS NULL LIMIT 1"
                    )
                } else {
                    let nulls = try count(
                        "SELECT count(*) FROM \(q(liveName)) WHERE \(q(liveColumn(column.name))) IS NULL")
                    if nulls > 0 {
                        throw MigrationError(
                            .notNullWithoutDefault,
                            "column \(n(table.name)).\(n(column.name)) becomes NOT NULL without a default, and \(nulls) row\(nulls == 1 ? " holds" : "s hold") NULL in it: give it a DEFAULT (NULLs then take it, a destructive change), or fill it in a migration first"
                        )
                    }
                }
            }
            for check in checks {
                valueChecks.append(check)
                let example: String?
                do {
                    example = try MigrationPlan.firstValue(of: check, in: live)
                } catch let error as SQLError where error.primaryCode == .readOnly {
                    // A connection that cannot make the temporary table (query_only): what
                    // cannot be proved unchanged counts as a rewrite.
                    example = "not provable on a read-only connection"
                }
                guard let example = example.map(SQLText.oneLine) else { continue }
                destructive = true
                reasons.removeAll { $0 == "change column \(n(column.name))" }
                if example.hasPrefix("NULL → ") {
                    reasons.append("make column \(n(column.name)) NOT NULL, which rewrites stored values (\(example))")
                } else if old.declaredType.uppercased() == column.declaredType.uppercased() {
                    reasons.append(
                        "give column \(n(column.name)) \(newStorage.words) instead of \(oldStorage.words), which rewrites stored values (\(example))"
                    )
                } else {
                    reasons.append(
                        "change column \(n(column.name)) from \(old.declaredType.isEmpty ? "no type" : old.declaredType) to \(column.declaredType.isEmpty ? "no type" : column.declaredType), which rewrites stored values (\(example))"
                    )
                }
            }
        }

        // Columns both tables have are copied; a column that becomes NOT NULL takes its
        // default where it held NULL.
        // `sources` read the table as the plan has renamed it by then; `liveSources` read
        // the live table, for trying the copy now.
        var targets: [String] = []
        var sources: [String] = []
        var liveSources: [String] = []
        if let rowIDCopy {
            targets.append(rowIDCopy.target)
            sources.append(rowIDCopy.source)
            liveSources.append(rowIDCopy.source)
        }
        for column in table.columns where column.generation == .none {
            guard let old = currentColumns.first(where: { $0.name.lowercased() == column.name.lowercased() }) else {
                continue
            }
            targets.append(q(column.name))
            if column.isNotNull, !old.isNotNull, let value = column.defaultValue {
                sources.append("coalesce(\(q(column.name)), \(value))")
                liveSources.append("coalesce(\(q(liveColumn(column.name))), \(value))")
            } else {
                sources.append(q(column.name))
                liveSources.append(q(liveColumn(column.name)))
            }
        }
        let temporary = try unusedName("slate_rebuild_" + table.name)
        var statements = [Self.renamed(table.sql, to: q(temporary))]
        if !targets.isEmpty {
            // OR ABORT: a conflict clause of the new table (UNIQUE ON CONFLICT REPLACE or
            // IGNORE) must fail the copy, never drop a row.
            statements.append(
                "INSERT OR ABORT INTO \(q(temporary)) (\(targets.joined(separator: ", "))) SELECT \(sources.joined(separator: ", ")) FROM \(q(table.name))"
            )
        }
        if current.hasAutoIncrement, table.hasAutoIncrement {
            // AUTOINCREMENT never hands out an id again: the new table goes on from the old
            // one's sequence, not from the largest id it holds (DROP TABLE forgets the old
            // row; RENAME carries the new one over).
            statements.append(
                "INSERT INTO main.sqlite_sequence (name, seq) SELECT \(Self.literal(temporary)), max(seq) FROM main.sqlite_sequence WHERE name COLLATE NOCASE IN (\(Self.literal(current.name)), \(Self.literal(table.name)), \(Self.literal(temporary))) HAVING count(*) > 0"
            )
            statements.append(
                "DELETE FROM main.sqlite_sequence WHERE name COLLATE NOCASE = \(Self.literal(temporary)) AND rowid < (SELECT max(rowid) FROM main.sqlite_sequence WHERE name COLLATE NOCASE = \(Self.literal(temporary)))"
            )
        }
        statements.append("DROP TABLE \(q(table.name))")
        statements.append("ALTER TABLE \(q(temporary)) RENAME TO \(q(table.name))")
        if rows > 0, !targets.isEmpty {
            try tryCopy(of: liveName, as: table, targets: targets, sources: liveSources, rows: rows)
        }
        try perform(
            MigrationStep(
                kind: .rebuildTable, object: table.name,
                summary:
                    "rebuild table \(n(table.name)) (\(rows) row\(rows == 1 ? "" : "s")) to \(reasons.joined(separator: ", "))",
                statements: statements, isDestructive: destructive, rowCount: rows, valueChecks: valueChecks))
    }

    /// The rows of `liveName` copied, as the rebuild will copy them, into a temporary
    /// table with the new definition, then dropped: SQLite itself proves that they fit the
    /// new table's CHECK, NOT NULL, UNIQUE (under new collations) and STRICT types.
    /// Throws `.rowsRefused` with SQLite's reason when they do not. A connection that
    /// cannot write a temporary table (query_only), or a foreign key the temporary copy
    /// cannot resolve (foreign keys on inside the caller's transaction), leaves the copy
    /// unproved: applying it would fail and roll back.
    private func tryCopy(of liveName: String, as table: Table, targets: [String], sources: [String], rows: Int) throws {
        // A name no temporary table of the connection has: the copy never touches a table
        // of the caller's.
        let check = try Self.unused("slate_rebuild_check") { name in
            try !live.query(
                sql: "SELECT 1 FROM temp.sqlite_schema WHERE name = ? COLLATE NOCASE", parameters: [.text(name)]
            ).isEmpty
        }
        // Without AUTOINCREMENT, which would leave a temp.sqlite_sequence behind that
        // hides the main one from every unqualified query on this connection.
        let create = Self.withoutAutoincrement(Self.renamed(table.sql, to: "temp." + q(check)))
        do {
            try live.exec(sql: create)
            defer { try? live.exec(sql: "DROP TABLE temp.\(q(check))") }
            // OR ABORT, as the rebuild copies: a conflict clause never drops a row.
            try live.exec(
                sql:
                    "INSERT OR ABORT INTO temp.\(q(check)) (\(targets.joined(separator: ", "))) SELECT \(sources.joined(separator: ", ")) FROM main.\(q(liveName))"
            )
        } catch let error as SQLError {
            if error.primaryCode == .readOnly || error.message.hasPrefix("no such table: temp.") { return }
            let reason = SQLText.oneLine(error.message.replacing(check, with: n(table.name)))
            throw MigrationError(
                .rowsRefused,
                "rebuild table \(n(table.name)): its \(rows) row\(rows == 1 ? "" : "s") do not fit the new definition (\(reason)); change the rows that break it in a migration first",
                underlying: error)
        }
    }

    /// `name`, or `name_2`, `name_3`, …: the first no object of the copy has.
    private func unusedName(_ name: String) throws -> String {
        try Self.unused(name) { candidate in
            try !scratch.query(
                sql: "SELECT 1 FROM sqlite_schema WHERE name = ? COLLATE NOCASE", parameters: [.text(candidate)]
            ).isEmpty
                || desired.schema.tables.contains { $0.name.lowercased() == candidate.lowercased() }
        }
    }

    /// `name`, or `name_2`, `name_3`, …: the first that `isTaken` says is free.
    static func unused(_ name: String, isTaken: (String) throws -> Bool) throws -> String {
        try SQLSchema.unusedName(name, isTaken: isTaken)
    }

    /// `sql` with its `AUTOINCREMENT` keyword blanked out.
    static func withoutAutoincrement(_ sql: String) -> String {
        var bytes = Array(sql.utf8)
        for token in SQLTokenizer.tokenize(sql)
        where token.kind == .keyword && token.value == "AUTOINCREMENT"
            || token.kind == .identifier && token.value.uppercased() == "AUTOINCREMENT"
        {
            for index in token.offset..<(token.offset + token.text.utf8.count) { bytes[index] = UInt8(ascii: " ") }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A name for the rowid that none of `tables` uses for a column; nil when columns
    /// named `rowid`, `_rowid_` and `oid` hide it.
    static func rowIDName(_ tables: Table...) -> String? {
        Table.rowIDName(avoiding: tables.flatMap { $0.columns.map(\.name) })
    }

    /// How a column stores what is written to it: by its affinity, or (`ANY` in a STRICT
    /// table) as given.
    enum Storage: Equatable {
        case affinity(Affinity)
        case asGiven

        /// In words, for a step's summary.
        var words: String {
            switch self {
            case .affinity(let affinity): "\(affinity.rawValue) affinity"
            case .asGiven: "no conversion (ANY in a STRICT table)"
            }
        }

        /// A declared type a non-STRICT column stores values with in the same way.
        var declaredType: String {
            switch self {
            case .affinity(let affinity): affinity.rawValue
            case .asGiven: "BLOB"
            }
        }
    }

    static func storage(of column: Column, strict: Bool) -> Storage {
        if strict, column.declaredType.uppercased() == "ANY" { return .asGiven }
        return .affinity(column.affinity)
    }

    /// A script whose last statement returns an example (`'02134' → 2134 in t.zip`) of a
    /// value of `column` that a column declared `declaredType` would store differently:
    /// the values are put through the new affinity in a temporary table, beside their
    /// originals. A value is unchanged only when it keeps its storage class and its bytes
    /// (`slate_same_value`, which ``SchemaPlanner/plan(from:to:)`` and applying add to the
    /// connection): 5 stored as 5.0 counts as changed (it reads back as a real), and so
    /// does -0.0 stored as 0.0.
    static func affinityCheck(table: String, column: String, declaredType: String, place: String) -> String {
        let q = SQLText.quotedIdentifier
        let place = literal(place)
        return """
            DROP TABLE IF EXISTS temp.slate_value_check;
            CREATE TEMP TABLE slate_value_check (old, new \(declaredType));
            INSERT INTO temp.slate_value_check (old, new) SELECT \(q(column)), \(q(column)) FROM \(q(table));
            SELECT quote(old) || ' → ' || quote(new) || ' in ' || \(place) FROM temp.slate_value_check
            WHERE NOT slate_same_value(old, new)
            LIMIT 1;
            DROP TABLE temp.slate_value_check
            """
    }

    /// `text` as an SQL string literal.
    static func literal(_ text: String) -> String { SQLText.quotedLiteral(text) }

    /// Whether a column default (as `pragma table_info` gives it) is not a constant:
    /// `CURRENT_TIMESTAMP` and friends, or an expression in parentheses.
    static func isNonConstant(_ value: String) -> Bool {
        let upper = value.uppercased()
        return value.hasPrefix("(") || ["CURRENT_TIME", "CURRENT_DATE", "CURRENT_TIMESTAMP"].contains(upper)
    }

    /// The text of each column definition of a `CREATE TABLE`, by lower-cased name.
    static func columnDefinitions(in sql: String) -> [String: String] {
        let tokens = SQLTokenizer.tokenize(sql)
        guard let open = tokens.firstIndex(where: { $0.kind == .leftParen }) else { return [:] }
        let bytes = Array(sql.utf8)
        var result: [String: String] = [:]
        var depth = 0
        var start = open + 1
        func finish(_ end: Int) {
            guard start < end, tokens[start].isName else { return }
            let from = tokens[start].offset
            let to = tokens[end - 1].offset + tokens[end - 1].text.utf8.count
            result[tokens[start].value.lowercased()] = String(decoding: bytes[from..<to], as: UTF8.self)
        }
        for index in (open + 1)..<tokens.count {
            switch tokens[index].kind {
            case .leftParen: depth += 1
            case .rightParen:
                if depth == 0 {
                    finish(index)
                    return result
                }
                depth -= 1
            case .comma where depth == 0:
                finish(index)
                start = index + 1
            default: break
            }
        }
        return result
    }

    /// `sql` (a `CREATE` statement) creating an object named `name` (already quoted).
    static func renamed(_ sql: String, to name: String) -> String {
        let tokens = SQLTokenizer.tokenize(sql)
        guard let index = SchemaComparison.nameIndex(in: tokens) else { return sql }
        let bytes = Array(sql.utf8)
        let token = tokens[index]
        var start = token.offset
        if index >= 2, tokens[index - 1].kind == .dot { start = tokens[index - 2].offset }
        return String(decoding: bytes[..<start], as: UTF8.self) + name
            + String(decoding: bytes[(token.offset + token.text.utf8.count)...], as: UTF8.self)
    }
}
