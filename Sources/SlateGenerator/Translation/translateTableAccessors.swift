import Foundation

extension Translator {
    /// `db.people`, `tx.people`: one accessor per table and view on the `Tables` protocol,
    /// so the database and its transactions both have them.
    func translateTableAccessors() -> [Declaration] {
        let members: [Declaration] = model.records.map { record in
            let kind = record.isTable ? "table" : "view"
            return .variable(
                VariableDescription(
                    docs: docs(["The rows of the `\(record.sqlName)` \(kind), as ``\(name(of: record))`` records."]),
                    access: access, name: SwiftIdentifier.escaped(record.accessorName),
                    type: "SQLTable<\(name(of: record)), Self>", getter: [.line("SQLTable(self)")]))
        }
        return [
            .mark("Tables"),
            .type(TypeDescription(kind: .extension, name: "\(model.typeName).Tables", members: members)),
            .blank,
        ] + compoundKeyDeletes()
    }

    /// `db.bookTags.delete(bookId: 1, tagId: 2)`: delete by a compound key, one labelled
    /// argument per key column (in key order), sync and async, beside the generic
    /// `delete(_ id:)` that takes the record's `ID`.
    private func compoundKeyDeletes() -> [Declaration] {
        var declarations: [Declaration] = []
        for record in model.records
        where record.isTable && record.keyProperties.count > 1 && identityStyle(record) != .none {
            let columns = record.keyProperties.map { "`\($0.column)`" }.joined(separator: ", ")
            let parameters = record.keyProperties.map {
                FunctionDescription.Parameter(label: $0.name, name: $0.identifier, type: typeName(of: $0))
            }
            let id =
                "\(name(of: record)).ID("
                + record.keyProperties.map { "\($0.name): \($0.identifier)" }.joined(separator: ", ") + ")"
            let documentation = docs(["Deletes the row with key \(columns); returns whether there was one."])
            declarations.append(
                .type(
                    TypeDescription(
                        kind: .extension, name: "SQLTable", whereClause: "Record == \(name(of: record))",
                        members: [
                            .function(
                                FunctionDescription(
                                    docs: documentation, attributes: ["@discardableResult"], access: access,
                                    kind: .function("delete"), parameters: parameters,
                                    isThrowing: true, returnType: "Bool", body: [.line("try self.delete(\(id))")]))
                        ])))
            if configuration.emit.async {
                declarations.append(
                    .type(
                        TypeDescription(
                            kind: .extension, name: "SQLTable",
                            whereClause: "Record == \(name(of: record)), Store: SQLDatabase",
                            members: [
                                .function(
                                    FunctionDescription(
                                        docs: documentation, attributes: ["@discardableResult"], access: access,
                                        kind: .function("delete"), parameters: parameters,
                                        isAsync: true, isThrowing: true, returnType: "Bool",
                                        body: [.line("try await self.delete(\(id))")]))
                            ])))
            }
            declarations.append(.blank)
        }
        return declarations.isEmpty ? [] : [.mark("Delete by compound key")] + declarations
    }

    /// `db.addresses.fetch(for: person)` and `db.people.find(for: address)` for each foreign
    /// key, with async variants.
    func translateRelationships() -> [Declaration] {
        var declarations: [Declaration] = []
        for child in model.records where child.isTable && !child.relationships.isEmpty {
            for relationship in child.relationships {
                let parent = model.records[relationship.parentRecord]
                declarations += fetchChildren(child, relationship, parent)
                declarations += findParent(child, relationship, parent)
            }
        }
        return declarations.isEmpty ? [] : [.mark("Relationships")] + declarations
    }

    private func parameterName(for record: RecordModel) -> String {
        SwiftIdentifier.parameterName(NameStyle.lowerCamel(record.typeName))
    }

    private func fetchChildren(
        _ child: RecordModel, _ relationship: RelationshipModel, _ parent: RecordModel
    ) -> [Declaration] {
        let parentName = parameterName(for: parent)
        let sql = selectSQL(child) + " WHERE " + matchSQL(relationship.pairs.map { child.properties[$0.child] })
        let columns = relationship.pairs.map { "`\(child.properties[$0.child].column)`" }.joined(separator: ", ")
        var binds: [CodeLine] = [.line("let handle = try statement.liveHandle()")]
        for (position, pair) in relationship.pairs.enumerated() {
            let property = parent.properties[pair.parent]
            let value = "\(SwiftIdentifier.escaped(parentName)).\(property.identifier)"
            binds.append(
                bindLine(property, value: value, index: String(position + 1), record: parent).replacingStatement(
                    with: "handle"))
        }
        let documentation = docs(["The `\(child.sqlName)` rows whose \(columns) refer to `\(parentName)`."])
        let parameter = FunctionDescription.Parameter(
            label: relationship.label, name: SwiftIdentifier.escaped(parentName), type: name(of: parent))
        var functions: [Declaration] = [
            .function(
                FunctionDescription(
                    docs: documentation, access: access, kind: .function("fetch"), parameters: [parameter],
                    isThrowing: true,
                    returnType: "[\(name(of: child))]",
                    body: [.block("try fetch(sql: \(literal(sql))) { statement in", binds, closing: "}")]))
        ]
        var declarations: [Declaration] = [
            .type(
                TypeDescription(
                    kind: .extension, name: "SQLTable", whereClause: "Record == \(name(of: child))", members: functions)
            )
        ]
        if configuration.emit.async {
            functions = [
                .function(
                    FunctionDescription(
                        docs: documentation, access: access, kind: .function("fetch"), parameters: [parameter],
                        isAsync: true, isThrowing: true,
                        returnType: "[\(name(of: child))]",
                        body: [.block("try await fetch(sql: \(literal(sql))) { statement in", binds, closing: "}")]))
            ]
            declarations.append(
                .type(
                    TypeDescription(
                        kind: .extension, name: "SQLTable",
                        whereClause: "Record == \(name(of: child)), Store: SQLDatabase", members: functions)))
        }
        return declarations + [.blank]
    }

    private func findParent(
        _ child: RecordModel, _ relationship: RelationshipModel, _ parent: RecordModel
    ) -> [Declaration] {
        let childName = parameterName(for: child)
        let escapedChild = SwiftIdentifier.escaped(childName)
        let sql = selectSQL(parent) + " WHERE " + matchSQL(relationship.pairs.map { parent.properties[$0.parent] })
        let columns = relationship.pairs.map { "`\(child.properties[$0.child].column)`" }.joined(separator: ", ")
        var prelude: [CodeLine] = []
        var binds: [CodeLine] = [.line("let handle = try statement.liveHandle()")]
        for (position, pair) in relationship.pairs.enumerated() {
            let childProperty = child.properties[pair.child]
            let parentProperty = parent.properties[pair.parent]
            let local = "key\(position)"
            if childProperty.isOptional {
                prelude.append(
                    .line("guard let \(local) = \(escapedChild).\(childProperty.identifier) else { return nil }"))
            } else {
                prelude.append(.line("let \(local) = \(escapedChild).\(childProperty.identifier)"))
            }
            binds.append(
                bindLine(parentProperty, value: local, index: String(position + 1), record: parent).replacingStatement(
                    with: "handle"))
        }
        let documentation = docs(["The `\(parent.sqlName)` row that `\(childName)` refers to with \(columns), or nil."])
        let parameter = FunctionDescription.Parameter(
            label: relationship.label, name: escapedChild, type: name(of: child))
        var declarations: [Declaration] = [
            .type(
                TypeDescription(
                    kind: .extension, name: "SQLTable", whereClause: "Record == \(name(of: parent))",
                    members: [
                        .function(
                            FunctionDescription(
                                docs: documentation, access: access, kind: .function("find"), parameters: [parameter],
                                isThrowing: true,
                                returnType: "\(name(of: parent))?",
                                body: prelude + [
                                    .block(
                                        "return try fetchOne(sql: \(literal(sql))) { statement in", binds, closing: "}")
                                ]))
                    ]))
        ]
        if configuration.emit.async {
            declarations.append(
                .type(
                    TypeDescription(
                        kind: .extension, name: "SQLTable",
                        whereClause: "Record == \(name(of: parent)), Store: SQLDatabase",
                        members: [
                            .function(
                                FunctionDescription(
                                    docs: documentation, access: access, kind: .function("find"),
                                    parameters: [parameter], isAsync: true, isThrowing: true,
                                    returnType: "\(name(of: parent))?",
                                    body: prelude + [
                                        .block(
                                            "return try await fetchOne(sql: \(literal(sql))) { statement in", binds,
                                            closing: "}")
                                    ]))
                        ])))
        }
        return declarations + [.blank]
    }
}

extension CodeLine {
    /// The line with the binding target renamed (`statement` → `handle`).
    func replacingStatement(with name: String) -> CodeLine {
        switch self {
        case .line(let text):
            return .line(text.replacingOccurrences(of: ", statement, ", with: ", \(name), "))
        case .block(let header, let lines, let closing):
            return .block(header, lines.map { $0.replacingStatement(with: name) }, closing: closing)
        case .blank:
            return self
        }
    }
}
