import Slate

/// Reads a ``SQLSchema`` from SQLite itself: `sqlite_schema`, the table, index and foreign
/// key pragmas, and prepared statements' column metadata for views. Nothing parses DDL.
public enum SchemaReader {
    /// Works out a view's result columns, given the schema read so far (tables and the
    /// views before it): the SQL analysis the generator links provides one that infers
    /// types through expressions.
    package typealias ViewColumnReader = (_ context: SQLContext, _ schema: SQLSchema, _ name: String, _ sql: String)
        throws -> [ResultColumn]

    /// The schema of the main database of `context`.
    ///
    /// Views' columns are what SQLite's column metadata says: a column read straight from
    /// a table has its declared type; an expression's type is unknown. The generator reads
    /// them with its SQL analysis instead.
    public static func read(from context: SQLContext) throws -> SQLSchema {
        try read(from: context, viewColumns: metadataColumns)
    }

    /// The schema of the main database of `context`, views' columns from `viewColumns`.
    package static func read(from context: SQLContext, viewColumns: ViewColumnReader) throws -> SQLSchema {
        var schema = Schema()
        schema.userVersion = context.userVersion
        let kinds = try tableKinds(context)
        let objects = try context.query(
            sql: """
                SELECT type, name, tbl_name, sql FROM sqlite_schema
                WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
                ORDER BY rowid
                """)
        var viewObjects: [(name: String, sql: String)] = []
        for object in objects {
            guard let type = object[0].textValue, let name = object[1].textValue else { continue }
            let tableName = object[2].textValue ?? name
            let sql = object[3].textValue ?? ""
            switch type {
            case "table":
                let kind = kinds[name.lowercased()]
                if kind?.type == "shadow" { continue }
                schema.tables.append(
                    try readTable(
                        name, sql: sql, context: context,
                        isVirtual: kind?.type == "virtual" || sql.uppercased().hasPrefix("CREATE VIRTUAL"),
                        isWithoutRowID: kind?.withoutRowID, isStrict: kind?.strict ?? false))
            case "view":
                viewObjects.append((name, sql))
            case "trigger":
                schema.triggers.append(Trigger(name: name, table: tableName, sql: sql))
            default:
                break
            }
        }
        var indexSQL: [String: String] = [:]
        for object in objects where object[0].textValue == "index" {
            if let name = object[1].textValue, let sql = object[3].textValue { indexSQL[name] = sql }
        }
        for table in schema.tables {
            schema.indexes += try readIndexes(of: table.name, context: context, sql: indexSQL)
        }
        // Views after tables, in creation order, each seeing the views before it.
        for (name, sql) in viewObjects {
            schema.views.append(View(name: name, sql: sql, columns: try viewColumns(context, schema, name, sql)))
        }
        return schema
    }

    /// A view's columns from SQLite's column metadata alone.
    private static func metadataColumns(
        _ context: SQLContext, _ schema: Schema, _ name: String, _ sql: String
    ) throws -> [ResultColumn] {
        let statement = try context.prepare(sql: "SELECT * FROM \(SQLText.quotedIdentifier(name))")
        defer { statement.close() }
        let declaredTypes = statement.declaredTypes
        return (0..<statement.columnCount).map { index in
            let origin = statement.origin(ofColumn: index)
            let declared = declaredTypes[Int(index)]
            return ResultColumn(
                name: statement.columnName(at: index), declaredType: declared, isNullable: true,
                originTable: origin?.table, originColumn: origin?.column,
                typeSource: declared == nil ? .unknown : .column)
        }
    }

    /// One table of the main database of `context`, or nil when there is none: what
    /// ``read(from:)`` gives for it, without reading the rest of the schema.
    package static func table(named name: String, in context: SQLContext) throws -> SQLSchema.Table? {
        let rows = try context.query(
            sql:
                "SELECT name, sql FROM sqlite_schema WHERE type = 'table' AND name = ? COLLATE NOCASE AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'",
            parameters: [.text(name)])
        guard let row = rows.first, let found = row[0].textValue else { return nil }
        let sql = row[1].textValue ?? ""
        var kind: TableKind?
        if SQLContext.sqliteVersionNumber >= 3_037_000 {
            let kinds = try context.query(
                sql: "SELECT type, wr, strict FROM pragma_table_list WHERE schema = 'main' AND name = ?",
                parameters: [.text(found)])
            if let row = kinds.first, let type = row[0].textValue {
                kind = TableKind(type: type, withoutRowID: row[1].integerValue == 1, strict: row[2].integerValue == 1)
            }
        }
        if kind?.type == "shadow" { return nil }
        return try readTable(
            found, sql: sql, context: context,
            isVirtual: kind?.type == "virtual" || sql.uppercased().hasPrefix("CREATE VIRTUAL"),
            isWithoutRowID: kind?.withoutRowID, isStrict: kind?.strict ?? false)
    }

    /// The views and triggers of the main database of `context`, by name and SQL, in
    /// creation order: without reading the views' columns.
    package static func viewsAndTriggers(
        in context: SQLContext
    ) throws -> (views: [(name: String, sql: String)], triggers: [(name: String, sql: String)]) {
        var views: [(name: String, sql: String)] = []
        var triggers: [(name: String, sql: String)] = []
        for row in try context.query(
            sql: "SELECT type, name, sql FROM sqlite_schema WHERE type IN ('view', 'trigger') ORDER BY rowid")
        {
            guard let name = row[1].textValue, let sql = row[2].textValue else { continue }
            if row[0].textValue == "view" { views.append((name, sql)) } else { triggers.append((name, sql)) }
        }
        return (views, triggers)
    }

    /// The schema of the database file at `path`, opened read-only.
    public static func read(databaseAt path: String) throws -> SQLSchema {
        let context = try SQLContext(path: path, flags: [.readOnly])
        defer { context.close() }
        return try read(from: context)
    }

    /// The schema `scripts` build, replayed in file-name order into an in-memory database.
    ///
    /// - Throws: ``ScriptError`` naming the file, line and column of the first statement
    ///   that fails, with SQLite's message.
    public static func read(scripts: [SQLScript]) throws -> SQLSchema {
        let context = try load(scripts: scripts)
        defer { context.close() }
        return try read(from: context)
    }

    /// An in-memory database holding a copy of each database file in `databases` (in
    /// order; each copy replaces the one before), then `scripts` replayed into it, in
    /// file-name order.
    ///
    /// - Throws: ``ScriptError`` naming the database file that cannot be read
    ///   (`catalog.db: error: cannot read the database: file is not a database`), or the
    ///   file, line and column of the first statement of a script that fails.
    public static func load(scripts: [SQLScript], over databases: [String] = []) throws -> SQLContext {
        try load(scripts: scripts, over: databases, allowingDoubleQuotedStrings: false)
    }

    /// ``load(scripts:over:)`` on a connection that reads double-quoted words naming no
    /// column as strings when `allowingDoubleQuotedStrings` (SQLite's legacy rule, for a
    /// schema that relies on it).
    package static func load(
        scripts: [SQLScript], over databases: [String], allowingDoubleQuotedStrings: Bool
    ) throws -> SQLContext {
        var configuration = SQLContext.Configuration()
        configuration.allowsDoubleQuotedStrings = allowingDoubleQuotedStrings
        // Foreign keys off, as a generated database runs its scripts (one transaction
        // each, foreign keys off around it): a seed row may refer to one a later statement
        // inserts. What a script leaves dangling is an error here, as it is there.
        configuration.foreignKeys = false
        let context = try SQLContext(configuration: configuration)
        do {
            for database in databases {
                do {
                    let source = try SQLContext(path: database, flags: [.readOnly])
                    defer { source.close() }
                    try source.backup(to: context)
                } catch let error as SQLError {
                    let opening = "cannot open database \(database): "
                    let reason =
                        error.message.hasPrefix(opening)
                        ? String(error.message.dropFirst(opening.count)) : error.message
                    throw ScriptError(
                        path: database, line: nil, column: nil, message: "cannot read the database: \(reason)")
                }
            }
            var dangling = try danglingRows(in: context, after: nil, database: databases.first, scripts: [])
            var replayed: [SQLScript] = []
            for script in SQLScript.ordered(scripts) {
                try script.run(in: context)
                replayed.append(script)
                let after = try danglingRows(in: context, after: script, database: nil, scripts: replayed)
                if after.count > dangling.count {
                    let tables = Set(after)
                    let count = after.count - dangling.count
                    throw ScriptError(
                        path: script.path, line: nil, column: nil,
                        message:
                            "leaves \(count) row\(count == 1 ? "" : "s") referring to nothing (in \(tables.sorted().map(SQLText.displayName).joined(separator: ", "))): a generated database checks foreign keys after each script, and would refuse it"
                    )
                }
                dangling = after
            }
        } catch {
            context.close()
            throw error
        }
        return context
    }

    /// The rows `PRAGMA foreign_key_check` finds, by each one's table. A foreign key SQLite
    /// cannot check (one whose parent columns are not a key, or are no columns of it) is
    /// an error at the `REFERENCES` that declares it in `scripts` (the scripts replayed so
    /// far), else at `script`, else at `database`.
    private static func danglingRows(
        in context: SQLContext, after script: SQLScript?, database: String?, scripts: [SQLScript]
    ) throws -> [String] {
        do {
            return try context.query(sql: "PRAGMA foreign_key_check").map { $0[0].textValue ?? "" }
        } catch let error as SQLError where error.message.hasPrefix("foreign key mismatch") {
            // `foreign key mismatch - "child" referencing "parent"`
            let names = error.message.split(separator: "\"", omittingEmptySubsequences: false)
            let place =
                names.count >= 5
                ? SQLScript.referencesClause(from: String(names[1]), to: String(names[3]), in: scripts) : nil
            throw ScriptError(
                path: place?.path ?? script?.path ?? database ?? "the database", line: place?.line,
                column: place?.column,
                message:
                    "\(SQLText.oneLine(error.message)): a foreign key must refer to its parent table's PRIMARY KEY or to columns with a UNIQUE index; SQLite refuses every change to such a table while foreign keys are on, and a generated database's foreign-key check after each script fails"
            )
        }
    }

    // MARK: Tables

    private struct TableKind {
        var type: String
        var withoutRowID: Bool
        var strict: Bool
    }

    /// `pragma table_list` (SQLite 3.37): kinds, WITHOUT ROWID and STRICT. Older SQLite
    /// has no STRICT tables, and WITHOUT ROWID is detected per table.
    private static func tableKinds(_ context: SQLContext) throws -> [String: TableKind] {
        guard SQLContext.sqliteVersionNumber >= 3_037_000 else { return [:] }
        var kinds: [String: TableKind] = [:]
        for row in try context.query(sql: "SELECT name, type, wr, strict FROM pragma_table_list WHERE schema = 'main'")
        {
            guard let name = row[0].textValue, let type = row[1].textValue else { continue }
            kinds[name.lowercased()] = TableKind(
                type: type, withoutRowID: row[2].integerValue == 1, strict: row[3].integerValue == 1)
        }
        return kinds
    }

    private static func readTable(
        _ name: String, sql: String, context: SQLContext, isVirtual: Bool, isWithoutRowID: Bool?, isStrict: Bool
    ) throws -> Table {
        var columns: [Column] = []
        var hasAutoIncrement = false
        for row in try context.query(
            sql: "SELECT name, type, \"notnull\", dflt_value, pk, hidden FROM pragma_table_xinfo(?)",
            parameters: [.text(name)])
        {
            let columnName = row[0].textValue ?? ""
            let generation: Column.Generation
            switch row[5].integerValue ?? 0 {
            case 1: generation = .hidden
            case 2: generation = .virtual
            case 3: generation = .stored
            default: generation = .none
            }
            var collation = "BINARY"
            if !isVirtual, generation == .none || generation == .virtual || generation == .stored,
                let metadata = try? context.columnMetadata(table: name, column: columnName)
            {
                collation = metadata.collation
                hasAutoIncrement = hasAutoIncrement || metadata.isAutoIncrement
            }
            columns.append(
                Column(
                    name: columnName,
                    declaredType: row[1].textValue ?? "",
                    isNotNull: row[2].integerValue == 1,
                    defaultValue: row[3].textValue,
                    primaryKeyPosition: Int(row[4].integerValue ?? 0),
                    generation: generation,
                    collation: collation))
        }
        var primaryKey = columns.filter { $0.primaryKeyPosition > 0 }.sorted {
            $0.primaryKeyPosition < $1.primaryKeyPosition
        }.map(\.name)
        let withoutRowID = try isWithoutRowID ?? detectWithoutRowID(name, context: context, isVirtual: isVirtual)
        var rowIDAlias: String?
        if !withoutRowID, !isVirtual, primaryKey.count == 1,
            try isRowIDAlias(table: name, column: primaryKey[0], context: context)
        {
            rowIDAlias = primaryKey[0]
        }
        if isVirtual, Self.isRTree(sql), !columns.isEmpty {
            // An R*Tree's first column is its rowid, and every column holds a number.
            rowIDAlias = columns[0].name
            primaryKey = [columns[0].name]
            columns[0].primaryKeyPosition = 1
            for index in columns.indices { columns[index].isNotNull = true }
        }
        return Table(
            name: name, kind: isVirtual ? .virtual : .table, sql: sql, columns: columns, primaryKey: primaryKey,
            rowIDAlias: rowIDAlias, isWithoutRowID: withoutRowID, isStrict: isStrict,
            hasAutoIncrement: hasAutoIncrement,
            foreignKeys: try readForeignKeys(of: name, context: context))
    }

    /// Whether `sql` creates an R*Tree (`CREATE VIRTUAL TABLE … USING rtree(…)`, or
    /// `rtree_i32`).
    static func isRTree(_ sql: String) -> Bool {
        let tokens = SQLTokenizer.tokenize(sql)
        guard let using = tokens.firstIndex(where: { $0.value.uppercased() == "USING" }), using + 1 < tokens.count
        else { return false }
        let module = tokens[using + 1].value.lowercased()
        return module == "rtree" || module == "rtree_i32"
    }

    /// Whether reading `column` compiles to SQLite's `Rowid` opcode: SQLite's own answer to
    /// whether the column is an alias of the rowid (`INTEGER PRIMARY KEY`, but not
    /// `INT PRIMARY KEY` nor `INTEGER PRIMARY KEY DESC`).
    private static func isRowIDAlias(table: String, column: String, context: SQLContext) throws -> Bool {
        let program = try context.query(
            sql: "EXPLAIN SELECT \(SQLText.quotedIdentifier(column)) FROM \(SQLText.quotedIdentifier(table))")
        let opcodes = program.compactMap { $0.count > 1 ? $0[1].textValue : nil }
        // The rowid is read with Rowid from the table, or IdxRowid when a covering index
        // is scanned instead; any other key column is read with Column.
        return (opcodes.contains("Rowid") || opcodes.contains("IdxRowid")) && !opcodes.contains("Column")
    }

    /// Before `pragma table_list`: a WITHOUT ROWID table cannot select `rowid`.
    private static func detectWithoutRowID(_ table: String, context: SQLContext, isVirtual: Bool) throws -> Bool {
        if isVirtual { return false }
        do {
            let statement = try context.prepare(sql: "SELECT rowid FROM \(SQLText.quotedIdentifier(table))")
            statement.close()
            return false
        } catch {
            return true
        }
    }

    private static func readForeignKeys(of table: String, context: SQLContext) throws -> [ForeignKey] {
        var keys: [Int64: ForeignKey] = [:]
        var order: [Int64] = []
        let rows = try context.query(
            sql:
                "SELECT id, seq, \"table\", \"from\", \"to\", on_update, on_delete FROM pragma_foreign_key_list(?) ORDER BY id, seq",
            parameters: [.text(table)])
        for row in rows {
            let id = row[0].integerValue ?? 0
            if keys[id] == nil {
                order.append(id)
                keys[id] = ForeignKey(
                    columns: [], referencedTable: row[2].textValue ?? "", referencedColumns: [],
                    onUpdate: ForeignKey.Action(rawValue: row[5].textValue ?? "") ?? .noAction,
                    onDelete: ForeignKey.Action(rawValue: row[6].textValue ?? "") ?? .noAction)
            }
            keys[id]!.columns.append(row[3].textValue ?? "")
            if let to = row[4].textValue { keys[id]!.referencedColumns.append(to) }
        }
        // pragma_foreign_key_list lists keys last-declared first; keep declaration order.
        return order.reversed().compactMap { keys[$0] }
    }

    // MARK: Indexes

    /// The indexes of `table`; `sql` holds each explicit index's `CREATE INDEX` by name.
    private static func readIndexes(
        of table: String, context: SQLContext, sql indexSQL: [String: String]
    ) throws -> [Index] {
        var indexes: [Index] = []
        let list = try context.query(
            sql: "SELECT name, \"unique\", origin, partial FROM pragma_index_list(?) ORDER BY seq DESC",
            parameters: [.text(table)])
        for row in list {
            guard let name = row[0].textValue else { continue }
            var terms: [Index.Term] = []
            for term in try context.query(
                sql: "SELECT cid, name, \"desc\", coll FROM pragma_index_xinfo(?) WHERE key = 1 ORDER BY seqno",
                parameters: [.text(name)])
            {
                let cid = term[0].integerValue ?? 0
                terms.append(
                    Index.Term(
                        column: cid == -2 ? nil : term[1].textValue, isDescending: term[2].integerValue == 1,
                        collation: term[3].textValue ?? "BINARY"))
            }
            let sql = indexSQL[name]
            indexes.append(
                Index(
                    name: name, table: table, isUnique: row[1].integerValue == 1,
                    origin: Index.Origin(rawValue: row[2].textValue ?? "c") ?? .createIndex,
                    isPartial: row[3].integerValue == 1, terms: terms, sql: sql))
        }
        return indexes
    }
}
