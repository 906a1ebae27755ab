import Slate

extension Translator {
    /// The record's SQL, its decoder (by column index, straight from `sqlite3_column_*`)
    /// and its binders: the `SQLRecord` family's requirements in API mode, the same
    /// members on their own in raw mode.
    func translateRecordConformance(_ record: RecordModel) -> [Declaration] {
        var members: [Declaration] = []
        let select = selectSQL(record)
        func sqlConstant(
            _ name: String, _ sql: String?, _ documentation: String, optional: Bool = false, visible: Bool = true
        ) {
            let value = sql.map(literal) ?? "nil"
            members.append(
                .variable(
                    VariableDescription(
                        docs: docs([documentation]), access: visible ? access : .internal, isStatic: true, isLet: true,
                        name: name,
                        type: optional ? "String?" : nil, initializer: value)))
        }

        members.append(
            .variable(
                VariableDescription(
                    docs: docs(["The \(record.isTable ? "table" : "view")'s SQL name."]), access: access,
                    isStatic: true, isLet: true,
                    name: "sqlName", initializer: SwiftLiteral.string(record.sqlName))))
        sqlConstant("sqlSelect", select, "Every column, in the order the decoder reads them.")
        sqlConstant("sqlCount", "SELECT count(*) FROM \(quoted(record.sqlName))", "Counts the rows.")

        var conformances = ["SQLRecord"]
        if record.isTable {
            let returning = " RETURNING \(columnList(record))"
            let insertAll = record.insertStatement(assigningRowID: false).sql
            let rowID = record.properties.first(where: \.isRowIDAlias)
            if let rowID {
                let insertAssigning = record.insertStatement(assigningRowID: true).sql
                sqlConstant(
                    "sqlInsertAssigningRowID", insertAssigning, "Inserts, letting SQLite assign `\(rowID.column)`.",
                    visible: false)
                sqlConstant(
                    "sqlInsertAssigningRowIDReturning", insertAssigning + returning,
                    "Inserts, letting SQLite assign `\(rowID.column)`, and returns the row.", visible: false)
            }
            sqlConstant("sqlInsertAll", insertAll, "Inserts with every column given.", visible: false)
            sqlConstant(
                "sqlInsertAllReturning", insertAll + returning, "Inserts with every column given, and returns the row.",
                visible: false)
            // By the rowid key column when there is one, else by a name of the rowid no
            // column takes: a column named `rowid` must not stand for it.
            let rowIDName =
                rowID.map { quoted($0.column) } ?? Table.rowIDName(avoiding: record.properties.map(\.column))
            sqlConstant(
                "sqlSelectByRowID", record.hasRowID ? rowIDName.map { select + " WHERE \($0) = ?" } : nil,
                "Reads an inserted row back by rowid (SQLite before 3.35).", optional: true)
            if let rowID {
                let test = "\(rowID.identifier) == Int.min"
                members.append(
                    .variable(
                        VariableDescription(
                            docs: docs([
                                "The `INSERT` for this record: without `\(rowID.column)` while SQLite is to assign it."
                            ]),
                            access: access, name: "sqlInsert", type: "String",
                            getter: [.line("\(test) ? Self.sqlInsertAssigningRowID : Self.sqlInsertAll")])))
                members.append(
                    .variable(
                        VariableDescription(
                            docs: docs(["``sqlInsert`` returning the stored row."]), access: access,
                            name: "sqlInsertReturning", type: "String",
                            getter: [
                                .line(
                                    "\(test) ? Self.sqlInsertAssigningRowIDReturning : Self.sqlInsertAll" + "Returning")
                            ])))
                members.append(
                    .variable(
                        VariableDescription(
                            docs: docs(["Whether ``sqlInsert`` leaves `\(rowID.column)` to SQLite."]), access: access,
                            name: "insertAssignsRowID", type: "Bool", getter: [.line(test)])))
            } else {
                members.append(
                    .variable(
                        VariableDescription(
                            docs: docs(["The `INSERT` for this record."]), access: access, name: "sqlInsert",
                            type: "String", getter: [.line("Self.sqlInsertAll")])))
                members.append(
                    .variable(
                        VariableDescription(
                            docs: docs(["``sqlInsert`` returning the stored row."]), access: access,
                            name: "sqlInsertReturning", type: "String",
                            getter: [.line("Self.sqlInsertAllReturning")])))
                members.append(
                    .variable(
                        VariableDescription(
                            docs: docs([
                                "Whether ``sqlInsert`` leaves the rowid to SQLite: never, the record has no rowid key."
                            ]),
                            access: access, name: "insertAssignsRowID", type: "Bool", getter: [.line("false")])))
            }
            conformances = ["SQLTableRecord"]

            if record.key != nil {
                sqlConstant("sqlFind", select + " WHERE " + record.keyMatch.sql, "Reads the row with a key.")
                sqlConstant(
                    "sqlUpdate", record.updateStatement?.sql, "Writes every non-key column of the row with a key.",
                    optional: true)
                sqlConstant("sqlDelete", record.deleteStatement.sql, "Deletes the row with a key.")
                if let upsert = record.upsertStatement {
                    sqlConstant(
                        "sqlUpsert", upsert.sql,
                        "Inserts, or writes every non-key column of the row with the key (`save`).", optional: true)
                    sqlConstant(
                        "sqlUpsertReturning", upsert.sql + returning, "``sqlUpsert`` returning the stored row.",
                        optional: true)
                }
                // A column called `id` that is not the key keeps the record from being
                // Identifiable, and so from the keyed API; raw functions still use the key.
                conformances = identityStyle(record) == .none ? ["SQLTableRecord"] : ["SQLKeyedRecord"]
            }
        }

        if !isRawOnly {
            members.append(
                .variable(
                    VariableDescription(
                        docs: docs(["Where each connection keeps this record's prepared statements."]), access: access,
                        isStatic: true,
                        isLet: true, name: "statementSlots", initializer: "SQLRecordSlots()")))
        }
        if record.isTable, !isRawOnly {
            members.append(
                .variable(
                    VariableDescription(
                        docs: docs([insertReadBackDocumentation(record.insertReadBack)]),
                        access: access, isStatic: true, isLet: true, name: "insertReadBack", type: "SQLInsertReadBack",
                        initializer: ".\(record.insertReadBack.rawValue)")))
        }
        members.append(.blank)
        members.append(.function(decoder(record)))
        if record.isTable {
            members.append(.blank)
            members.append(.function(insertBinder(record)))
            members.append(.blank)
            members.append(.function(storedAfterInsert(record)))
            members.append(.blank)
            members += positionalBinder(record)
            if record.hasTimestamps, !isRawOnly {
                members.append(.blank)
                members += timestampMembers(record)
            }
            if record.key != nil {
                members.append(.blank)
                members += updateBinders(record)
                members.append(.blank)
                members.append(.function(keyBinder(record)))
            }
        }
        if isRawOnly {
            conformances = []
        } else {
            conformances.append("SQLQueryableRecord")
            if record.hasTimestamps { conformances.append("SQLTimestampedRecord") }
            members.append(.blank)
            members.append(columnsType(record))
        }
        let type = TypeDescription(
            docs: [], access: nil, kind: .extension,
            name: configuration.naming.nestRecordTypes ? "\(model.typeName).\(record.typeName)" : record.typeName,
            conformances: conformances, members: members)
        return [.type(type), .blank]
    }

    /// `Columns`: one typed column per property, for predicates, orderings and bulk updates.
    private func columnsType(_ record: RecordModel) -> Declaration {
        let recordName = name(of: record)
        var members: [Declaration] = [
            .verbatim(docs: [], lines: [.line("\(access.prefix)typealias Record = \(recordName)")]),
            .blank,
            .variable(
                VariableDescription(
                    docs: docs(["The columns' SQL names, quoted, in ``\(recordName)/sqlSelect`` order."]),
                    access: access, isStatic: true,
                    isLet: true, name: "sqlNames", type: "[String]",
                    initializer: "["
                        + record.properties.map { SwiftLiteral.string(quoted($0.column)) }.joined(separator: ", ") + "]"
                )),
        ]
        func column(_ property: PropertyModel) -> String {
            var arguments = [String(property.index)]
            if property.type == .date, property.dateStorage != .text {
                arguments.append("dates: .\(property.dateStorage.rawValue)")
            }
            if property.type == .uuid, property.uuidStorage != .text {
                arguments.append("uuids: .\(property.uuidStorage.rawValue)")
            }
            if property.type == .bool, property.booleanStorage != .integer {
                arguments.append("booleans: \(literal(property.booleanStorage))")
            }
            return "SQLColumn(\(arguments.joined(separator: ", ")))"
        }
        for property in record.properties {
            members.append(
                .variable(
                    VariableDescription(
                        docs: docs(["`\(property.columnDescription)`"]), access: access, name: property.identifier,
                        type: "SQLColumn<\(recordName), \(typeName(of: property))>", getter: [.line(column(property))]))
            )
        }
        if identityStyle(record) == .computed, let key = record.key, key.propertyIndices.count == 1 {
            let property = record.properties[key.propertyIndices[0]]
            members.append(
                .variable(
                    VariableDescription(
                        docs: docs(["The primary key, `\(property.column)`."]), access: access, name: "id",
                        type: "SQLColumn<\(recordName), \(typeName(of: property))>", getter: [.line(column(property))]))
            )
        }
        members += foreignKeyMembers(record)
        members.append(
            .function(
                FunctionDescription(
                    docs: docs(["The columns."]), access: access, kind: .initializer, parameters: [], body: [])))
        return .type(
            TypeDescription(
                docs: docs([
                    "The columns of `\(record.sqlName)`, for typed queries: `$0` in `fetch(where:)`, `orderBy:` and `update(set:)`."
                ]),
                access: access, kind: .struct, name: "Columns", conformances: ["SQLColumnSet"], members: members))
    }

    /// One ``SQLForeignKey`` per relationship, for `join(\\.person)`: named after the parent
    /// (`person`), or after the key's columns when several lead to one parent or the key
    /// refers to its own table.
    private func foreignKeyMembers(_ record: RecordModel) -> [Declaration] {
        guard configuration.emit.relationships else { return [] }
        var taken = Set(record.properties.map(\.identifier) + ["id"])
        return record.relationships.map { relationship in
            let parent = model.records[relationship.parentRecord]
            var member: String
            if relationship.label != "for" {
                member = NameStyle.lowerCamel(String(relationship.label.dropFirst("for".count)))
            } else if parent.sqlName == record.sqlName {
                // A key to its own table (`parent_id`) is named after its columns.
                member = NameStyle.lowerCamel(
                    NameStyle.keyWords(relationship.pairs.map { record.properties[$0.child].column }).joined(
                        separator: "_"))
            } else {
                member = NameStyle.lowerCamel(parent.typeName)
            }
            if taken.contains(member) { member = SwiftIdentifier.unused(member + "Record", avoiding: taken) }
            taken.insert(member)
            let childColumns = relationship.pairs.map { String(record.properties[$0.child].index) }.joined(
                separator: ", ")
            let parentColumns = relationship.pairs.map { String(parent.properties[$0.parent].index) }.joined(
                separator: ", ")
            let columns = relationship.pairs.map { "`\(record.properties[$0.child].column)`" }.joined(separator: ", ")
            return .variable(
                VariableDescription(
                    docs: docs(["The foreign key \(columns) to `\(parent.sqlName)`, for `join(\\.\(member))`."]),
                    access: access,
                    name: SwiftIdentifier.escaped(member),
                    type: "SQLForeignKey<\(name(of: record)), \(name(of: parent))>",
                    getter: [.line("SQLForeignKey([\(childColumns)], [\(parentColumns)])")]))
        }
    }

    /// What the documentation says of a record's ``RecordModel/InsertReadBack``.
    private func insertReadBackDocumentation(_ readBack: RecordModel.InsertReadBack) -> String {
        switch readBack {
        case .asBound: return "An insert stores the record as bound: it is not read back."
        case .returning:
            return "An insert reads the row back with `RETURNING`: SQLite computes or converts some of its columns."
        case .select:
            return
                "An insert reads the row back with a `SELECT`: a trigger or the table's module may change it after `RETURNING` would read it."
        }
    }

    /// The arguments of `SQLRecordCoding.insert` after `selectByRowID:` that say how the
    /// raw and type-attached functions learn the stored row, for `value` of `type`.
    func insertReadBackArguments(_ record: RecordModel) -> (returning: String, stored: String) {
        switch record.insertReadBack {
        case .asBound: return ("nil", "{ value.storedAfterInsert(rowID: $0) }")
        case .returning: return ("value.sqlInsertReturning", "nil")
        // A row the SELECT cannot find (an external-content FTS table) is returned as bound.
        case .select: return ("nil", "nil, asBound: { value.storedAfterInsert(rowID: $0) }")
        }
    }

    /// `storedAfterInsert(rowID:)`: the record with the rowid SQLite assigned and dates as
    /// their storage rounds them.
    private func storedAfterInsert(_ record: RecordModel) -> FunctionDescription {
        var body: [CodeLine] = []
        if let rowID = record.properties.first(where: \.isRowIDAlias) {
            body.append(.line("if self.\(rowID.identifier) == Int.min { stored.\(rowID.identifier) = Int(rowID) }"))
        }
        for property in record.properties where property.type == .date && !property.isGenerated {
            body.append(
                .line(
                    "stored.\(property.identifier) = SQLRecordCoding.stored(self.\(property.identifier), .\(property.dateStorage.rawValue))"
                ))
        }
        let lines: [CodeLine] =
            body.isEmpty
            ? [.line("_ = rowID"), .line("return self")]
            : [.line("var stored = self")] + body + [.line("return stored")]
        return FunctionDescription(
            docs: docs(["The record as an insert that assigned `rowID` stored it."]), access: access,
            kind: .function("storedAfterInsert"), parameters: [.init(label: "rowID", name: "rowID", type: "Int64")],
            returnType: "Self", body: lines)
    }

    /// `init(sqliteStatement:offset:)`: reads each column by index.
    func decoder(_ record: RecordModel) -> FunctionDescription {
        var body: [CodeLine] = []
        for property in record.properties {
            let index = property.index == 0 ? "offset" : "offset + \(property.index)"
            body.append(
                .line("self.\(property.identifier) = \(readExpression(property, record: record, index: index))"))
        }
        let columns = record.kind == .query ? "the query's" : "``sqlSelect``'s"
        return FunctionDescription(
            docs: docs(["Reads the current row of `statement`, whose columns from `offset` on are \(columns)."]),
            access: access, kind: .initializer,
            parameters: [
                .init(label: "sqliteStatement", name: "statement", type: "OpaquePointer"),
                .init(label: "offset", name: "offset", type: "Int32"),
            ],
            isThrowing: true, body: body)
    }

    /// The expression reading `property` from column `index`: exactly, or throwing an
    /// error that names the table, the column and what it holds. Optional properties read
    /// NULL as nil in the same call.
    func readExpression(_ property: PropertyModel, record: RecordModel, index: String) -> String {
        let tag = columnTag(record, property)
        let orNil = property.isOptional ? "OrNil" : ""
        let arguments = "statement, \(index), \(tag)"
        switch property.type {
        case .int: return "try SQLRecordCoding.int\(orNil)(\(arguments))"
        case .double: return "try SQLRecordCoding.double\(orNil)(\(arguments))"
        case .bool:
            if property.booleanStorage != .integer {
                return "try SQLRecordCoding.bool\(orNil)(\(arguments), \(literal(property.booleanStorage)))"
            }
            return "try SQLRecordCoding.bool\(orNil)(\(arguments))"
        case .string: return "try SQLRecordCoding.text\(orNil)(\(arguments))"
        case .bytes: return "try SQLRecordCoding.bytes\(orNil)(\(arguments))"
        case .date:
            let storage = ".\(property.dateStorage.rawValue)"
            if property.isOptional, configuration.types.invalidDates == .nil {
                return "try SQLRecordCoding.dateOrNil(\(arguments), \(storage), invalidAsNil: true)"
            }
            return "try SQLRecordCoding.date\(orNil)(\(arguments), \(storage))"
        case .uuid, .url, .value:
            let function = property.type == .uuid ? "uuid" : property.type == .url ? "url" : "value"
            let storage =
                property.type == .uuid && property.uuidStorage != .text ? ", .\(property.uuidStorage.rawValue)" : ""
            let read = "try SQLRecordCoding.\(function)(\(arguments)\(storage))"
            return property.isOptional ? "SQLRecordCoding.isNull(statement, \(index)) ? nil : \(read)" : read
        }
    }

    /// The statement binding `value` (an expression of `property`'s type) at `index`.
    func bindLine(_ property: PropertyModel, value: String, index: String, record: RecordModel) -> CodeLine {
        bindLine(
            type: property.type, value: value, index: index, dates: property.dateStorage, uuids: property.uuidStorage,
            booleans: property.booleanStorage, tag: columnTag(record, property))
    }

    /// The statement binding `value`, an expression of Swift type `type`, at `index`;
    /// dates, UUIDs and booleans are stored as `dates`, `uuids` and `booleans` say, and a
    /// date the storage cannot hold throws naming `tag`.
    func bindLine(
        type: GeneratorConfiguration.SwiftType, value: String, index: String, dates: SQLDate.Storage,
        uuids: SQLUUID.Storage,
        booleans: SQLBoolean.Storage, tag: String
    ) -> CodeLine {
        switch type {
        case .date: return .line("try SQLRecordCoding.bind(\(value), statement, \(index), .\(dates.rawValue), \(tag))")
        case .uuid: return .line("try SQLRecordCoding.bind(\(value), statement, \(index), .\(uuids.rawValue))")
        case .bool where booleans != .integer:
            return .line("try SQLRecordCoding.bind(\(value), statement, \(index), \(literal(booleans)))")
        // NaN, which SQLite would store as NULL, throws naming `tag`.
        case .double, .value: return .line("try SQLRecordCoding.bind(\(value), statement, \(index), \(tag))")
        default: return .line("try SQLRecordCoding.bind(\(value), statement, \(index))")
        }
    }

    /// A boolean storage as a Swift expression: `.integer`, `.text(true: "TRUE", false: "FALSE")`.
    func literal(_ booleans: SQLBoolean.Storage) -> String {
        switch booleans {
        case .integer: return ".integer"
        case .text(let yes, let no):
            return ".text(true: \(SwiftLiteral.string(yes)), false: \(SwiftLiteral.string(no)))"
        }
    }

    /// `BindIndices` and `bind(to:indices:)`: the record bound to a hand-written statement
    /// at the parameter positions the caller chooses (Lighter's `bind(to:indices:)`), for
    /// `INSERT … RETURNING *`, upserts and other writes the generated SQL does not cover.
    private func positionalBinder(_ record: RecordModel) -> [Declaration] {
        let properties = record.properties.filter { !$0.isGenerated }
        var indexMembers: [Declaration] = properties.map { property in
            .variable(
                VariableDescription(
                    docs: docs(["The parameter `\(property.column)` is bound to (one-based); 0 leaves it unbound."]),
                    access: access, name: property.identifier, type: "Int32", initializer: "0"))
        }
        indexMembers.append(
            .function(
                FunctionDescription(
                    docs: docs(["Positions for some properties; the rest stay unbound."]), access: access,
                    kind: .initializer,
                    parameters: properties.map {
                        .init(label: $0.name, name: $0.identifier, type: "Int32", defaultValue: "0")
                    },
                    body: properties.map { .line("self.\($0.identifier) = \($0.identifier)") })))
        let indices = TypeDescription(
            docs: docs(["Where ``bind(to:indices:)`` binds each property in a hand-written statement."]),
            access: access, kind: .struct, name: "BindIndices", conformances: ["Hashable", "Sendable"],
            members: indexMembers)
        var body: [CodeLine] = []
        for property in properties {
            body.append(
                .block(
                    "if indices.\(property.identifier) > 0",
                    [
                        bindLine(
                            property, value: "self.\(property.identifier)", index: "indices.\(property.identifier)",
                            record: record)
                    ]))
        }
        if body.isEmpty { body = [.line("_ = (statement, indices)")] }
        let binder = FunctionDescription(
            docs: docs([
                "Binds the record's properties to a hand-written statement, each at the position `indices` gives:",
                "",
                "```swift",
                "try record.bind(to: handle, indices: .init(\(properties.prefix(2).enumerated().map { "\($0.element.name): \($0.offset + 1)" }.joined(separator: ", "))))",
                "```",
                "",
                "Values are stored as the generated statements store them (dates in their column's storage). A rowid key left",
                "at `Int.min` is bound as that number: leave its position 0 to let SQLite assign it.",
            ]),
            access: access, kind: .function("bind"),
            parameters: [
                .init(label: "to", name: "statement", type: "OpaquePointer"),
                .init(label: "indices", name: "indices", type: "BindIndices"),
            ],
            isThrowing: true, body: body)
        return [.type(indices), .blank, .function(binder)]
    }

    /// `bindInsert(to:)`: binds each `?` of ``RecordModel/insertStatement(assigningRowID:)``
    /// from the parameters of that statement, the only place that says which property a
    /// position takes. A rowid key is bound only while it is given; the parameters whose
    /// position moves when it is left out are bound from `first`, the position they take.
    private func insertBinder(_ record: RecordModel) -> FunctionDescription {
        let all = record.insertStatement(assigningRowID: false).parameters
        var body: [CodeLine] = []
        // A record with timestamps binds itself as the insert sets them: one clock reading.
        let stamped = record.hasTimestamps && !isRawOnly
        let receiver = stamped ? "record" : "self"
        if stamped { body.append(.line("let record = self.timestampedForInsert(at: Date())")) }
        if let rowID = all.first(where: \.isRowIDAlias) {
            let assigning = record.insertStatement(assigningRowID: true).parameters
            // Each parameter's position in the statement with every column, and in the one
            // without the rowid key (nil: left out there).
            let positions = all.enumerated().map { index, property in
                (
                    property, all: index + 1,
                    assigning: assigning.firstIndex { $0.index == property.index }.map { $0 + 1 }
                )
            }
            // The parameters after the key move one place earlier without it: the first of
            // them is bound at `first`, the others after it.
            let head = positions.first { $0.assigning != nil && $0.assigning != $0.all }
            body.append(.line("let assigned = self.\(rowID.identifier) == Int.min"))
            if let head, let headAssigning = head.assigning {
                body.append(.line("let first: Int32 = assigned ? \(headAssigning) : \(head.all)"))
            }
            for (property, all, assigning) in positions {
                let value = "\(receiver).\(property.identifier)"
                switch assigning {
                case nil:
                    body.append(
                        .block("if !assigned", [bindLine(property, value: value, index: String(all), record: record)]))
                case all?:
                    body.append(bindLine(property, value: value, index: String(all), record: record))
                case let assigning?:
                    let offset = assigning - head!.assigning!
                    precondition(
                        all - head!.all == offset,
                        "the inserts of \(record.sqlName) list their columns in different orders")
                    body.append(
                        bindLine(
                            property, value: value, index: offset == 0 ? "first" : "first + \(offset)", record: record))
                }
            }
        } else {
            body += bindLines(all, record: record, receiver: receiver)
        }
        return FunctionDescription(
            docs: docs([
                "Binds the values ``sqlInsert`` takes\(stamped ? ", its timestamps set as an insert now sets them (``timestampedForInsert(at:)``)" : "")."
            ]), access: access, kind: .function("bindInsert"),
            parameters: [.init(label: "to", name: "statement", type: "OpaquePointer")], isThrowing: true, body: body)
    }

    /// The date properties an update keeps as stored when the row already holds them:
    /// the non-key columns it writes.
    func keptDates(_ record: RecordModel) -> [PropertyModel] {
        let keys = record.keyProperties
        return record.properties.filter { $0.type == .date && !$0.isGenerated && !keys.contains($0) }
    }

    /// `bindUpdate(to:)`; for a record with dates, also `bindUpdate(to:keeping:)`, which
    /// keeps a date column's stored value when the row already reads as the record's
    /// date, and `updateKeepsStoredForms`.
    private func updateBinders(_ record: RecordModel) -> [Declaration] {
        // The statement's own parameters, in its order: the one description the SQL was
        // written from.
        let parameters = record.updateStatement?.parameters ?? []
        let kept = keptDates(record)
        var body: [CodeLine] = []
        // A record with an updated timestamp binds itself as the update sets it.
        let stamped = record.updatedProperty != nil && !isRawOnly && !parameters.isEmpty
        let receiver = stamped ? "record" : "self"
        if stamped { body.append(.line("let record = self.timestampedForUpdate(at: Date())")) }
        for (position, property) in parameters.enumerated() {
            guard kept.contains(property) else {
                body.append(
                    bindLine(
                        property, value: "\(receiver).\(property.identifier)", index: String(position + 1),
                        record: record))
                continue
            }
            let invalidAsNil =
                property.isOptional && configuration.types.invalidDates == .nil ? ", invalidAsNil: true" : ""
            // A created timestamp the record leaves unset keeps the row's.
            let isCreated = !isRawOnly && record.createdProperty.map { record.properties[$0] == property } == true
            body.append(
                .line(
                    "try SQLRecordCoding.\(isCreated ? "bindCreated" : "bind")(\(receiver).\(property.identifier), statement, \(position + 1), .\(property.dateStorage.rawValue), \(columnTag(record, property)), keeping: current, \(property.index)\(invalidAsNil))"
                ))
        }
        if parameters.isEmpty { body = [.line("_ = statement")] }
        guard !kept.isEmpty else {
            return [
                .function(
                    FunctionDescription(
                        docs: docs(["Binds the values ``sqlUpdate`` takes: every non-key column, then the key."]),
                        access: access,
                        kind: .function("bindUpdate"),
                        parameters: [.init(label: "to", name: "statement", type: "OpaquePointer")],
                        isThrowing: true, body: body))
            ]
        }
        var declarations: [Declaration] = []
        if !isRawOnly {
            declarations += [
                .variable(
                    VariableDescription(
                        docs: docs([
                            "True: an update reads the row first, to keep dates it already holds as they are stored."
                        ]),
                        access: access, isStatic: true, isLet: true, name: "updateKeepsStoredForms", type: "Bool",
                        initializer: "true")),
                .blank,
            ]
        }
        declarations += [
            .function(
                FunctionDescription(
                    docs: docs(["Binds the values ``sqlUpdate`` takes: every non-key column, then the key."]),
                    access: access,
                    kind: .function("bindUpdate"),
                    parameters: [.init(label: "to", name: "statement", type: "OpaquePointer")],
                    isThrowing: true, body: [.line("try self.bindUpdate(to: statement, keeping: nil)")])),
            .blank,
            .function(
                FunctionDescription(
                    docs: docs([
                        "Binds the values ``sqlUpdate`` takes, every non-key column then the key; a date column whose value in",
                        "`current` (the row as it is, read by ``sqlFind``; nil for none) already reads as the record's date keeps it,",
                        "bytes and all.",
                    ]),
                    access: access, kind: .function("bindUpdate"),
                    parameters: [
                        .init(label: "to", name: "statement", type: "OpaquePointer"),
                        .init(label: "keeping", name: "current", type: "OpaquePointer?"),
                    ],
                    isThrowing: true, body: body)),
        ]
        return declarations
    }

    /// `SQLTimestampedRecord`'s members: the timestamp columns' names, and the record as an
    /// insert and an update at a time set it. The one place that says what a write does to
    /// the timestamps: `bindInsert(to:)` and `bindUpdate(to:keeping:)` call them.
    private func timestampMembers(_ record: RecordModel) -> [Declaration] {
        let created = record.createdProperty.map { record.properties[$0] }
        let updated = record.updatedProperty.map { record.properties[$0] }
        var insertBody: [CodeLine] = [.line("var record = self")]
        if let created {
            let unset =
                created.isOptional
                ? "record.\(created.identifier) == nil" : "record.\(created.identifier) == SQLTimestamps.unset"
            insertBody.append(.line("if \(unset) { record.\(created.identifier) = now }"))
        }
        if let updated { insertBody.append(.line("record.\(updated.identifier) = now")) }
        insertBody.append(.line("return record"))
        let updateBody: [CodeLine] =
            updated.map {
                [.line("var record = self"), .line("record.\($0.identifier) = now"), .line("return record")]
            }
            ?? [.line("_ = now"), .line("return self")]
        return [
            .variable(
                VariableDescription(
                    docs: docs([
                        created == nil
                            ? "No created timestamp."
                            : "The created timestamp's column: an insert sets it when the record leaves it unset."
                    ]),
                    access: access, isStatic: true, isLet: true, name: "sqlCreatedColumn", type: "String?",
                    initializer: created.map { SwiftLiteral.string($0.column) } ?? "nil")),
            .variable(
                VariableDescription(
                    docs: docs([
                        updated == nil
                            ? "No updated timestamp."
                            : "The updated timestamp's column: every insert and update sets it."
                    ]),
                    access: access, isStatic: true, isLet: true, name: "sqlUpdatedColumn", type: "String?",
                    initializer: updated.map { SwiftLiteral.string($0.column) } ?? "nil")),
            .blank,
            .function(
                FunctionDescription(
                    docs: docs([
                        "The record as an insert at `now` writes it:"
                            + [
                                created.map {
                                    " `\($0.name)` set to `now` when unset (\($0.isOptional ? "nil" : "``SQLTimestamps/unset``"))"
                                },
                                updated.map { " `\($0.name)` set to `now`" },
                            ].compactMap { $0 }.joined(separator: ";") + "."
                    ]),
                    access: access, kind: .function("timestampedForInsert"),
                    parameters: [.init(label: "at", name: "now", type: "Date")],
                    returnType: "Self", body: insertBody)),
            .blank,
            .function(
                FunctionDescription(
                    docs: docs([
                        updated.map { "The record as an update at `now` writes it: `\($0.name)` set to `now`." }
                            ?? "The record as an update writes it: it has no updated timestamp."
                    ]),
                    access: access, kind: .function("timestampedForUpdate"),
                    parameters: [.init(label: "at", name: "now", type: "Date")],
                    returnType: "Self", body: updateBody)),
        ]
    }

    /// The lines binding `parameters` (a statement's, in order) from the record's
    /// properties at positions 1, 2, …
    private func bindLines(_ parameters: [PropertyModel], record: RecordModel, receiver: String = "self") -> [CodeLine]
    {
        parameters.enumerated().map { position, property in
            bindLine(property, value: "\(receiver).\(property.identifier)", index: String(position + 1), record: record)
        }
    }

    /// `bindKey(_:to:at:)`: binds ``RecordModel/keyMatch``'s parameters, which end
    /// `sqlFind`, `sqlUpdate` and `sqlDelete`.
    private func keyBinder(_ record: RecordModel) -> FunctionDescription {
        let keys = record.keyMatch.parameters
        var body: [CodeLine] = []
        if keys.count == 1 {
            body.append(bindLine(keys[0], value: "id", index: "index", record: record))
        } else {
            for (position, property) in keys.enumerated() {
                body.append(
                    bindLine(
                        property, value: "id.\(property.identifier)",
                        index: position == 0 ? "index" : "index + \(position)", record: record))
            }
        }
        body.append(.line("return index + \(keys.count)"))
        return FunctionDescription(
            docs: docs(["Binds a key to the key parameters, the first at `index`; returns the index after them."]),
            attributes: ["@discardableResult"], access: access, modifiers: ["static"], kind: .function("bindKey"),
            parameters: [
                .init(label: nil, name: "id", type: keys.count == 1 ? typeName(of: keys[0]) : "ID"),
                .init(label: "to", name: "statement", type: "OpaquePointer"),
                .init(label: "at", name: "index", type: "Int32"),
            ],
            isThrowing: true, returnType: "Int32", body: body)
    }
}
