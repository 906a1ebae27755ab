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
                    "parameters \(other) and \(parameter.spelling) would both be the argument '\(model.name)'; give them different names"
                )
            }
            labels[model.name] = parameter.spelling
            parameters.append(model)
        }
        QueryParameterModel.assignIdentifiers(&parameters)

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
            isReadOnly: query.isReadOnly, documentation: definition.documentation,
            location: "\(fileName):\(definition.line)")
    }

    // MARK: Parameters

    private func parameterModel(
        _ parameter: QueryParameter, in definition: QueryDefinition
    ) throws -> QueryParameterModel {
        let configured =
            configuration.queries.types["\(definition.name).\(parameter.spelling)"]
            ?? configuration.queries.types["\(definition.name).:\(parameter.name)"]
        var typed: (type: GeneratorConfiguration.SwiftType, use: QueryParameter.Use)?
        // A date, a UUID or a boolean is bound in the storage of the column it is compared
        // with: one value cannot be bound for two storages.
        var stored: (typing: ColumnTyping, use: QueryParameter.Use)?
        for use in parameter.uses {
            guard let typing = typing(of: use.source) else { continue }
            let type = typing.type
            if let first = typed, first.type != type, configured == nil {
                throw definition.error(
                    at: use.offset,
                    "type conflict: \(parameter.spelling) is \(first.use.description) (\(first.type.rawValue)) on line \(definition.location(ofOffset: first.use.offset).line), and \(use.description) (\(type.rawValue)) here"
                )
            }
            if typed == nil { typed = (type, use) }
            guard case .column = use.source, let storage = Self.storage(of: typing, as: configured ?? type) else {
                continue
            }
            if let first = stored, let firstStorage = Self.storage(of: first.typing, as: configured ?? type),
                firstStorage.name != storage.name
            {
                throw definition.error(
                    at: use.offset,
                    "\(storage.noun) storage conflict: \(parameter.spelling) is \(first.use.description), which stores \(storage.plural) as \(firstStorage.name), on line \(definition.location(ofOffset: first.use.offset).line), and \(use.description) here, which stores them as \(storage.name); one value cannot be bound both ways, so use a second parameter"
                )
            }
            if stored == nil { stored = (typing, use) }
        }
        let lists = parameter.uses.filter(\.isList)
        if let list = lists.first, let single = parameter.uses.first(where: { !$0.isList }) {
            throw definition.error(
                at: single.offset,
                "wrong parameter use: \(parameter.spelling) is a whole IN list on line \(definition.location(ofOffset: list.offset).line), so it cannot also be a single value; use a second parameter"
            )
        }
        guard let type = configured ?? typed?.type else {
            throw definition.error(
                at: parameter.uses[0].offset,
                "cannot tell the type of \(parameter.spelling): compare it with a column, write CAST(\(parameter.spelling) AS type), or give its type in slate.json as \"queries\": {\"types\": {\"\(definition.name).\(parameter.spelling)\": \"String\"}}"
            )
        }
        let origin: String
        if configured != nil {
            origin = "typed in slate.json"
        } else if let use = typed?.use {
            origin = use.description
        } else {
            origin = "typed in slate.json"
        }
        var dates = stored?.typing.dates ?? configuration.types.dates
        // Compared only, never stored: a date is bound exactly, so that `stamp >= :since`
        // on a column of whole seconds means what the typed `$0.stamp >= since` means (an
        // INTEGER compares with a REAL as numbers).
        if dates == .unixTimeInteger, parameter.uses.allSatisfy({ $0.isComparison || typing(of: $0.source) == nil }) {
            dates = .unixTime
        }
        return QueryParameterModel(
            name: NameStyle.lowerCamel(parameter.name), spelling: parameter.spelling, type: type,
            isOptional: parameter.uses.contains(where: \.isOptional) && type != .value, isList: !lists.isEmpty,
            origin: origin,
            dateStorage: dates, uuidStorage: stored?.typing.uuids ?? configuration.types.uuids,
            booleanStorage: stored?.typing.booleans ?? configuration.types.booleans)
    }

    /// How `typing`'s column stores values of `type`, for messages: the type's noun
    /// (`date`), its plural and the storage (`"secondsSince2001"`, `'TRUE' or 'FALSE'`);
    /// nil for a type stored one way only.
    static func storage(
        of typing: ColumnTyping, as type: GeneratorConfiguration.SwiftType
    ) -> (noun: String, plural: String, name: String)? {
        switch type {
        case .date: return ("date", "dates", "\"\(typing.dates.rawValue)\"")
        case .uuid: return ("UUID", "UUIDs", "\"\(typing.uuids.rawValue)\"")
        case .bool: return ("boolean", "booleans", typing.booleans.summary)
        default: return nil
        }
    }

    /// The typing a use of a parameter implies, if any: the column's it meets (through a
    /// view, the table column the view shows), or a declared type's (`CAST(:p AS T)`).
    private func typing(of source: QueryParameter.Source) -> ColumnTyping? {
        switch source {
        case .column(let relation, let column, let declaredType, _):
            return relationTyping(relation, column, declaredType: declaredType)
        case .declaredType(let declaredType):
            return configuration.typing(declaredType: declaredType)
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
            // of one column's values (`max(placed)`) has that column as its value origin:
            // the column's type and storage are that table column's.
            let typing =
                column.tableColumn.map { relationTyping($0.table, $0.column, declaredType: column.declaredType ?? "") }
                ?? column.declaredType.map { configuration.typing(declaredType: $0) }
            let type = configured ?? typing?.type ?? .value
            var description = configured != nil ? "typed in slate.json" : Self.describe(column)
            if column.isNullable && type != .value { description += ", can be NULL" }
            properties.append(
                PropertyModel(
                    name: propertyName(table: name, column: column.name, used: &used), column: column.name,
                    declaredType: column.declaredType ?? "", type: type,
                    isOptional: column.isNullable && type != .value,
                    isGenerated: false, isRowIDAlias: false, defaultValue: nil, index: Int32(properties.count),
                    columnDescription: description,
                    dateStorage: typing?.dates ?? configuration.types.dates,
                    uuidStorage: typing?.uuids ?? configuration.types.uuids,
                    booleanStorage: typing?.booleans ?? configuration.types.booleans))
        }
        return RecordModel(
            kind: .query, sqlName: name, typeName: typeName, accessorName: name, rawSingular: "", rawPlural: "",
            createSQL: query.definition.sql, properties: properties, key: nil, hasRowID: false, relationships: [])
    }
}
