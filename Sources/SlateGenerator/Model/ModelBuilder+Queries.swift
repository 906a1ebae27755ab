import Slate
import SlateAnalysis
import SlateSchema

extension ModelBuilder {
    /// The typed function for a named query: its parameters' Swift types from what they
    /// are compared with, its row type from the result columns.
    func queryModel(
        _ query: AnalyzedQuery, records: [RecordModel], typeNames: inout Set<String>, functionNames: inout Set<String>
    ) throws -> QueryModel {
        let definition = query.definition
        let name = definition.name
        guard !functionNames.contains(name) else {
            throw definition.error(
                at: nil,
                "query name '\(name)' is taken: the database type already has a member of that name; rename the query")
        }
        // The Queries namespace also holds nameSQL and nameSlot.
        functionNames.formUnion([name, name + "SQL", name + "Slot"])

        var labels: [String: String] = [:]
        var parameters: [QueryParameterModel] = []
        for parameter in query.parameters {
            let model = try parameterModel(parameter, in: definition)
            if let other = labels[model.name] {
                throw definition.error(
                    at: parameter.uses[0].offset,
                    "parameters \(other) and \(parameter.spelling) would both be the argument '\(model.name)'; give them different names")
            }
            labels[model.name] = parameter.spelling
            parameters.append(model)
        }

        var row: QueryModel.Row?
        if definition.kind.returnsRows {
            if let index = matchingRecord(query.columns, records: records) {
                row = .record(index)
            } else {
                row = .own(rowRecord(query, typeName: unique(NameStyle.upperCamel(name) + "Row", in: &typeNames)))
            }
        }
        let fileName = definition.path.split(separator: "/").last.map(String.init) ?? definition.path
        let (segments, listOrder) = self.segments(of: definition.sql, parameters: parameters)
        return QueryModel(
            name: name, kind: definition.kind, sql: definition.sql,
            segments: segments, listOrder: listOrder, parameters: parameters, row: row,
            isReadOnly: query.isReadOnly, documentation: definition.documentation, location: "\(fileName):\(definition.line)")
    }

    // MARK: Parameters

    private func parameterModel(_ parameter: QueryParameter, in definition: QueryDefinition) throws -> QueryParameterModel {
        let configured = configuration.queries.types["\(definition.name).\(parameter.spelling)"]
            ?? configuration.queries.types["\(definition.name).:\(parameter.name)"]
        var typed: (type: GeneratorConfiguration.SwiftType, use: QueryParameter.Use)?
        // A date is bound in the storage of the column it is compared with: one value
        // cannot be bound for two storages.
        var dated: (storage: SQLDate.Storage, use: QueryParameter.Use)?
        for use in parameter.uses {
            guard let type = swiftType(of: use.source) else { continue }
            if let first = typed, first.type != type, configured == nil {
                throw definition.error(
                    at: use.offset,
                    "type conflict: \(parameter.spelling) is \(first.use.description) (\(first.type.rawValue)) on line \(definition.location(ofOffset: first.use.offset).line), and \(use.description) (\(type.rawValue)) here")
            }
            if typed == nil { typed = (type, use) }
            if (configured ?? type) == .date, let storage = dateStorage(of: use.source) {
                if let first = dated, first.storage != storage {
                    throw definition.error(
                        at: use.offset,
                        "date storage conflict: \(parameter.spelling) is \(first.use.description), which stores dates as \"\(first.storage.rawValue)\", on line \(definition.location(ofOffset: first.use.offset).line), and \(use.description) here, which stores them as \"\(storage.rawValue)\"; one value cannot be bound both ways, so use a second parameter")
                }
                if dated == nil { dated = (storage, use) }
            }
        }
        let lists = parameter.uses.filter(\.isList)
        if let list = lists.first, let single = parameter.uses.first(where: { !$0.isList }) {
            throw definition.error(
                at: single.offset,
                "wrong parameter use: \(parameter.spelling) is a whole IN list on line \(definition.location(ofOffset: list.offset).line), so it cannot also be a single value; use a second parameter")
        }
        guard let type = configured ?? typed?.type else {
            throw definition.error(
                at: parameter.uses[0].offset,
                "cannot tell the type of \(parameter.spelling): compare it with a column, write CAST(\(parameter.spelling) AS type), or give its type in slate.json as \"queries\": {\"types\": {\"\(definition.name).\(parameter.spelling)\": \"String\"}}")
        }
        let origin: String
        if configured != nil {
            origin = "typed in slate.json"
        } else if let use = typed?.use {
            origin = use.description
        } else {
            origin = "typed in slate.json"
        }
        var dates = dated?.storage ?? configuration.types.dates
        // Compared only, never stored: a date is bound exactly, so that `stamp >= :since`
        // on a column of whole seconds means what the typed `$0.stamp >= since` means (an
        // INTEGER compares with a REAL as numbers).
        if dates == .unixTimeInteger, parameter.uses.allSatisfy({ $0.isComparison || swiftType(of: $0.source) == nil }) {
            dates = .unixTime
        }
        return QueryParameterModel(
            name: NameStyle.lowerCamel(parameter.name), spelling: parameter.spelling, type: type,
            isOptional: parameter.uses.contains(where: \.isOptional) && type != .value, isList: !lists.isEmpty, origin: origin,
            dateStorage: dates)
    }

    /// How the column a use of a parameter meets stores dates; nil when it meets none.
    private func dateStorage(of source: QueryParameter.Source) -> SQLDate.Storage? {
        guard case .column(let relation, let column, let declaredType, _) = source else { return nil }
        return dateStorage(declaredType: declaredType, table: relation, column: column, origin: tableOrigin(of: relation, column))
    }

    /// The table column a view's column shows (for a table's own column, nil): a storage
    /// `slate.json` gives that table column holds for the view's column too.
    func tableOrigin(of relation: String, _ column: String) -> ResultColumn.Origin? {
        guard let view = schema.view(named: relation) else { return nil }
        return view.columns.first(where: { $0.name.lowercased() == column.lowercased() })?.tableColumn
    }

    /// The Swift type a use of a parameter implies, if any.
    private func swiftType(of source: QueryParameter.Source) -> GeneratorConfiguration.SwiftType? {
        switch source {
        case .column(let relation, let column, let declaredType, _):
            if configuredType(table: relation, column: column) == nil, isDateColumn(tableOrigin(of: relation, column)) {
                return .date
            }
            return swiftType(declaredType: declaredType, table: relation, column: column)
        case .declaredType(let declaredType):
            return swiftType(declaredType: declaredType, table: "", column: "")
        case .none:
            return nil
        }
    }

    /// The SQL pieces around `IN (:list)` parameters, with every other parameter numbered
    /// `?1`, `?2`, … in binding order; the SQL as written when there are no lists.
    private func segments(of sql: String, parameters: [QueryParameterModel]) -> (segments: [String], lists: [Int]) {
        guard parameters.contains(where: \.isList) else { return ([sql], []) }
        let scalars = parameters.filter { !$0.isList }.map(\.spelling)
        let lists = Set(parameters.filter(\.isList).map(\.spelling))
        let bytes = Array(sql.utf8)
        var segments: [String] = []
        var order: [Int] = []
        var current: [UInt8] = []
        var position = 0
        for token in SQLTokenizer.tokenize(sql) where token.kind == .parameter {
            current += bytes[position..<token.offset]
            position = token.offset + token.text.utf8.count
            if lists.contains(token.value), let index = parameters.firstIndex(where: { $0.spelling == token.value }) {
                segments.append(String(decoding: current, as: UTF8.self))
                order.append(index)
                current = []
            } else if let index = scalars.firstIndex(of: token.value) {
                current += Array("?\(index + 1)".utf8)
            }
        }
        current += bytes[position...]
        segments.append(String(decoding: current, as: UTF8.self))
        return (segments, order)
    }

    // MARK: Rows

    /// The table record whose columns the result columns are, exactly and in order.
    private func matchingRecord(_ columns: [ResultColumn], records: [RecordModel]) -> Int? {
        records.indices.first { index in
            let record = records[index]
            guard record.isTable, record.properties.count == columns.count else { return false }
            return zip(record.properties, columns).allSatisfy { property, column in
                column.originTable?.lowercased() == record.sqlName.lowercased()
                    && column.originColumn?.lowercased() == property.column.lowercased()
                    && (column.isNullable == property.isOptional || property.type == .value)
            }
        }
    }

    /// A row struct with one property per result column.
    private func rowRecord(_ query: AnalyzedQuery, typeName: String) -> RecordModel {
        let name = query.definition.name
        var used: Set<String> = []
        var properties: [PropertyModel] = []
        for column in query.columns {
            let configured = configuration.queries.types["\(name).\(column.name)"]
            // A plain column's origin is the table column SQLite reports; an expression
            // of one column's values (`max(placed)`) has that column as its value origin.
            let origin = column.tableColumn
            var type = configured
                ?? column.declaredType.map { swiftType(declaredType: $0, table: column.originTable ?? name, column: column.originColumn ?? column.name) }
                ?? .value
            if configured == nil, isDateColumn(origin) {
                type = .date
            }
            var description = configured != nil ? "typed in slate.json" : Self.describe(column)
            if column.isNullable && type != .value { description += ", can be NULL" }
            properties.append(PropertyModel(
                name: propertyName(table: name, column: column.name, used: &used), column: column.name,
                declaredType: column.declaredType ?? "", type: type, isOptional: column.isNullable && type != .value,
                isGenerated: false, isRowIDAlias: false, defaultValue: nil, index: Int32(properties.count),
                columnDescription: description,
                dateStorage: dateStorage(
                    declaredType: column.declaredType ?? "", table: column.originTable ?? name, column: column.originColumn ?? column.name,
                    origin: origin)))
        }
        return RecordModel(
            kind: .query, sqlName: name, typeName: typeName, accessorName: name, rawSingular: "", rawPlural: "",
            createSQL: query.definition.sql, properties: properties, key: nil, hasRowID: false, relationships: [])
    }
}
