import Slate
import SlateSchema

/// Works out what each result column of a `SELECT` holds: its name, declared type and
/// nullability.
///
/// SQLite prepares the statement and reports, for each column that reads a table column,
/// where it comes from and that column's declared type and `NOT NULL`. What SQLite does
/// not report is inferred from the statement's structure: expressions (`COUNT(*)` is an
/// `INTEGER` that is never NULL, `AVG` a `REAL` that can be), and columns on the optional
/// side of an outer join, which are NULL when no row matches.
///
/// A column alias ending in `!` declares the column not null, one ending in `?` nullable
/// (`SELECT max(total) AS "best!"`); the suffix is not part of the name.
package struct ResultColumnAnalyzer {
    /// The connection holding the schema the statement runs against.
    package let context: SQLContext
    /// The schema, for the columns of tables and views the statement reads.
    package let schema: SQLSchema
    /// The application's own functions: lower-cased name → the SQL type of their result.
    package var functions: [String: String] = [:]

    /// Creates an analyzer.
    package init(context: SQLContext, schema: SQLSchema) {
        self.context = context
        self.schema = schema
    }

    /// The result columns of `sql`, a statement that returns rows.
    ///
    /// - Throws: ``SQLError`` when SQLite cannot prepare it.
    package func resultColumns(of sql: String) throws -> [ResultColumn] {
        let statement = try context.prepare(sql: sql)
        defer { statement.close() }
        let tokens = SQLTokenizer.tokenize(sql)
        let structure = SelectStructure.parse(tokens) ?? returningStructure(tokens)
        return try resultColumns(of: statement, structure: structure)
    }

    /// The result columns of a prepared statement, typed with the help of `structure`.
    func resultColumns(of statement: SQLStatement, structure: SelectStructure?) throws -> [ResultColumn] {
        let count = Int(statement.columnCount)
        let declaredTypes = statement.declaredTypes
        var commonTables: [String: SelectStructure.CommonTable] = [:]
        for table in structure?.commonTables ?? [] { commonTables[table.name.lowercased()] = table }

        // Each core types its own items; a compound select's columns are nullable when
        // any core's are.
        let cores = structure?.cores ?? []
        var perCore: [[(InferredType, SelectStructure.ResultItem?)]] = []
        for core in cores {
            let environment = self.environment(for: core, commonTables: commonTables, depth: 0)
            let aligned = align(core.items, to: count, environment: environment)
            perCore.append(
                aligned.map { item, starColumn in
                    if let starColumn { return (starColumn, item) }
                    guard let item else { return (.unknown, nil) }
                    return (typeOf(item.expression, environment, commonTables, depth: 0), item)
                })
        }

        var columns: [ResultColumn] = []
        for index in 0..<count {
            var name = statement.columnName(at: Int32(index))
            var column = ResultColumn(name: name, declaredType: nil, isNullable: true, typeSource: .unknown)
            let item = perCore.first?[index].1
            let inferred = perCore.first?[index].0 ?? .unknown

            if let origin = statement.origin(ofColumn: Int32(index)) {
                column.originTable = origin.table
                column.originColumn = origin.column
                let metadata = try? context.columnMetadata(
                    database: origin.database, table: origin.table, column: origin.column)
                let isRowID = schema.table(named: origin.table)?.rowIDAlias?.lowercased() == origin.column.lowercased()
                column.declaredType = declaredTypes[index] ?? metadata?.declaredType
                column.isNullable = !(metadata?.isNotNull ?? false) && !isRowID
                column.typeSource = .column
                // The column may still be NULL when it comes from the optional side of an
                // outer join, here or inside a view or subquery.
                if inferred.isInferred {
                    column.isNullable = column.isNullable || inferred.isNullable
                } else if cores.first?.sources.contains(where: \.isOptional) == true {
                    column.isNullable = true
                }
            } else if inferred.declaredType != nil || inferred.isInferred {
                column.declaredType = inferred.declaredType
                column.isNullable = inferred.isNullable
                column.typeSource = inferred.declaredType == nil ? .unknown : .inferred
            }
            if perCore.count > 1, perCore.dropFirst().contains(where: { $0[index].0.isNullable }) {
                column.isNullable = true
            }
            // An expression whose values are one column's (`max(placed)`): a compound
            // select's cores must agree on it.
            if column.originTable == nil, let origin = inferred.valueOrigin,
                perCore.dropFirst().allSatisfy({ $0[index].0.valueOrigin == origin })
            {
                column.valueOrigin = origin
            }
            if let item, item.star == nil, !isPlainColumn(item.expression) {
                column.expression = item.text
            }
            // Override suffixes: "name!" is not null, "name?" nullable.
            if name.count > 1, name.hasSuffix("!") {
                name.removeLast()
                column.isNullable = false
            } else if name.count > 1, name.hasSuffix("?") {
                name.removeLast()
                column.isNullable = true
            }
            column.name = name
            columns.append(column)
        }
        return columns
    }

    private func isPlainColumn(_ expression: SQLExpression) -> Bool {
        if case .column = expression.unwrapped { return true }
        return false
    }

    /// For `INSERT/UPDATE/DELETE … RETURNING`: the returned items as one core over the
    /// target table.
    func returningStructure(_ tokens: [SQLToken]) -> SelectStructure? {
        guard let returning = tokens.lastIndex(where: { $0.isKeyword("RETURNING") }) else { return nil }
        var table: String?
        if let into = tokens.firstIndex(where: { $0.isKeyword("INTO") }), into + 1 < tokens.count {
            table = tokens[into + 1].value
        } else if let first = tokens.first, first.isKeyword("UPDATE") || first.isKeyword("DELETE") {
            table = tokens.dropFirst().first { $0.isName && !$0.isKeyword("FROM") }?.value
        }
        let items = splitTopLevel(Array(tokens[(returning + 1)...]).filter { $0.kind != .semicolon })
            .map(SelectStructure.parseResultItem)
        let source = SelectStructure.Source(name: table, alias: nil, subquery: nil, isOptional: false, constraint: nil)
        let core = SelectStructure.Core(items: items, sources: [source], filter: nil, groupBy: [], having: nil)
        return SelectStructure(commonTables: [], cores: [core], orderBy: [], limit: nil, offset: nil)
    }

    // MARK: Environments

    /// The sources of a core with the columns each provides.
    func environment(
        for core: SelectStructure.Core, commonTables: [String: SelectStructure.CommonTable], depth: Int
    ) -> TypingEnvironment {
        let entries = core.sources.map { source in
            TypingEnvironment.Entry(
                source: source, columns: relation(for: source, commonTables: commonTables, depth: depth))
        }
        return TypingEnvironment(entries: entries, functions: functions)
    }

    /// The columns a source provides, or nil when unknown.
    private func relation(
        for source: SelectStructure.Source, commonTables: [String: SelectStructure.CommonTable], depth: Int
    ) -> [RelationColumn]? {
        guard depth < 8 else { return nil }
        if let tokens = source.subquery {
            return tokens.isEmpty ? nil : structuralColumns(of: tokens, commonTables: commonTables, depth: depth + 1)
        }
        guard let name = source.name else { return nil }
        if let table = commonTables[name.lowercased()] {
            var columns = structuralColumns(
                of: table.tokens, commonTables: commonTables.filter { $0.key != name.lowercased() }, depth: depth + 1)
            for (index, rename) in table.columnNames.enumerated() where index < columns.count {
                columns[index].name = rename
            }
            return columns
        }
        if let table = schema.table(named: name) {
            return table.columns.filter { $0.generation != .hidden }.map { column in
                RelationColumn(
                    name: column.name,
                    type: InferredType(
                        declaredType: column.declaredType.isEmpty ? nil : column.declaredType,
                        isNullable: !column.isNotNull && !(table.rowIDAlias == column.name),
                        isInferred: true,
                        valueOrigin: ResultColumn.Origin(table: table.name, column: column.name)))
            }
        }
        if let view = schema.view(named: name) {
            return view.columns.map { column in
                RelationColumn(
                    name: column.name,
                    type: InferredType(
                        declaredType: column.declaredType, isNullable: column.isNullable, isInferred: true,
                        valueOrigin: column.tableColumn))
            }
        }
        return nil
    }

    /// The columns of a nested select, typed from its structure alone.
    private func structuralColumns(
        of tokens: [SQLToken], commonTables: [String: SelectStructure.CommonTable], depth: Int
    ) -> [RelationColumn] {
        guard depth < 8, let structure = SelectStructure.parse(tokens) else { return [] }
        var tables = commonTables
        for table in structure.commonTables { tables[table.name.lowercased()] = table }
        var result: [RelationColumn] = []
        for (coreIndex, core) in structure.cores.enumerated() {
            let environment = self.environment(for: core, commonTables: tables, depth: depth)
            var columns: [RelationColumn] = []
            for item in core.items {
                switch item.star {
                case .all:
                    for entry in environment.entries {
                        columns += (entry.columns ?? []).map { column in
                            var column = column
                            if entry.source.isOptional { column.type.isNullable = true }
                            return column
                        }
                    }
                case .table(let qualifier):
                    if let entry = environment.entries.first(where: {
                        $0.source.qualifier?.lowercased() == qualifier.lowercased()
                    }) {
                        columns += (entry.columns ?? []).map { column in
                            var column = column
                            if entry.source.isOptional { column.type.isNullable = true }
                            return column
                        }
                    }
                case nil:
                    let type = typeOf(item.expression, environment, tables, depth: depth)
                    let name: String
                    if let alias = item.alias {
                        name = alias
                    } else if case .column(_, let column) = item.expression.unwrapped {
                        name = column
                    } else {
                        name = item.text
                    }
                    columns.append(RelationColumn(name: name, type: type))
                }
            }
            if coreIndex == 0 {
                result = columns
            } else {
                for index in result.indices where index < columns.count {
                    if columns[index].type.isNullable { result[index].type.isNullable = true }
                    // The parts of a compound select must agree on the column their values are.
                    if columns[index].type.valueOrigin != result[index].type.valueOrigin {
                        result[index].type.valueOrigin = nil
                    }
                }
            }
        }
        return result
    }

    private func typeOf(
        _ expression: SQLExpression, _ environment: TypingEnvironment,
        _ commonTables: [String: SelectStructure.CommonTable], depth: Int
    ) -> InferredType {
        ExpressionTyping.type(of: expression, in: environment) { tokens in
            self.structuralColumns(of: tokens, commonTables: commonTables, depth: depth + 1)
        }
    }

    /// Pairs result items with result columns. Items before the first star and after the
    /// last star align one to one from either end; a star's columns get their types from
    /// the sources it expands, when their widths add up.
    private func align(
        _ items: [SelectStructure.ResultItem], to count: Int, environment: TypingEnvironment
    ) -> [(SelectStructure.ResultItem?, InferredType?)] {
        var result = [(SelectStructure.ResultItem?, InferredType?)](repeating: (nil, nil), count: count)
        guard let firstStar = items.firstIndex(where: { $0.star != nil }) else {
            for (index, item) in items.enumerated() where index < count { result[index] = (item, nil) }
            return result
        }
        let lastStar = items.lastIndex(where: { $0.star != nil })!
        for index in 0..<firstStar where index < count { result[index] = (items[index], nil) }
        let tail = items.count - lastStar - 1
        for offset in 0..<tail {
            let column = count - tail + offset
            if column >= 0, column < count { result[column] = (items[lastStar + 1 + offset], nil) }
        }
        // A single star between the aligned ends: expand it from the sources.
        if firstStar == lastStar, let star = items[firstStar].star {
            var expanded: [InferredType] = []
            for entry in environment.entries {
                if case .table(let qualifier) = star, entry.source.qualifier?.lowercased() != qualifier.lowercased() {
                    continue
                }
                guard let columns = entry.columns else {
                    expanded = []
                    break
                }
                expanded += columns.map { column in
                    var type = column.type
                    if entry.source.isOptional { type.isNullable = true }
                    return type
                }
            }
            let width = count - firstStar - tail
            if expanded.count == width {
                for (offset, type) in expanded.enumerated() {
                    result[firstStar + offset] = (items[firstStar], type)
                }
            } else {
                for offset in 0..<max(0, width) { result[firstStar + offset] = (items[firstStar], nil) }
            }
        }
        return result
    }
}
