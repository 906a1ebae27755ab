extension Translator {
    /// The raw C-API style: `sqlite3_open_contacts`, `sqlite3_create_contacts`, and per
    /// record `sqlite3_person_find`, `sqlite3_people_fetch`, `sqlite3_person_insert`,
    /// `…_update`, `…_delete`, plus foreign-key helpers. They take the `sqlite3` handle.
    func translateRawFunctions() -> [Declaration] {
        let prefix = configuration.raw.prefix
        let database = NameStyle.snake(model.typeName)
        // A schema that relies on SQLite's legacy double-quoted strings opens every
        // connection with them.
        let legacy = configuration.doubleQuotedStrings ? ", allowsDoubleQuotedStrings: true" : ""
        var declarations: [Declaration] = [.mark("Raw functions")]
        declarations.append(
            .function(
                FunctionDescription(
                    docs: docs([
                        "Opens the `\(model.typeName)` database file at `path` and returns its `sqlite3` handle; close it with `sqlite3_close_v2`.",
                        "",
                        "- Parameter readOnly: open for reading only.",
                    ]),
                    access: access, kind: .function("\(prefix)open_\(database)"),
                    parameters: [
                        .init(label: nil, name: "path", type: "String"),
                        .init(label: "readOnly", name: "readOnly", type: "Bool", defaultValue: "false"),
                    ],
                    isThrowing: true, returnType: "OpaquePointer",
                    body: [
                        .line(
                            "try SQLRecordCoding.open(path, flags: readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE\(legacy))"
                        )
                    ])))
        declarations.append(.blank)
        declarations.append(
            .function(
                FunctionDescription(
                    docs: docs([
                        "Creates the `\(model.typeName)` database at `path` from ``\(model.typeName)/creationSQL`` and returns its `sqlite3` handle."
                    ]),
                    access: access, kind: .function("\(prefix)create_\(database)"),
                    parameters: [.init(label: nil, name: "path", type: "String")], isThrowing: true,
                    returnType: "OpaquePointer",
                    body: [.line("try SQLRecordCoding.create(path, sql: \(model.typeName).creationSQL\(legacy))")])))
        declarations.append(.blank)
        // Lighter's C-shaped calls: the handle through an inout, SQLite's result code back.
        declarations.append(
            .function(
                FunctionDescription(
                    docs: docs([
                        "Opens the `\(model.typeName)` database file at `path` into `db`, C style, as Lighter's generated code does:",
                        "",
                        "```swift",
                        "var db: OpaquePointer!",
                        "guard \(prefix)open_\(database)(\"\(database).db\", &db) == SQLITE_OK else { … }",
                        "defer { sqlite3_close_v2(db) }",
                        "```",
                        "",
                        "- Returns: `SQLITE_OK`, or SQLite's result code (then `db` is nil).",
                    ]),
                    attributes: ["@discardableResult"], access: access, kind: .function("\(prefix)open_\(database)"),
                    parameters: [
                        .init(label: nil, name: "path", type: "String"),
                        .init(label: nil, name: "db", type: "inout OpaquePointer?"),
                        .init(label: nil, name: "flags", type: "Int32", defaultValue: "SQLITE_OPEN_READWRITE"),
                    ],
                    returnType: "Int32",
                    body: cShaped("SQLRecordCoding.open(path, flags: flags\(legacy))"))))
        declarations.append(.blank)
        declarations.append(
            .function(
                FunctionDescription(
                    docs: docs([
                        "Creates the `\(model.typeName)` database at `path` into `db`, C style; returns `SQLITE_OK` or SQLite's result code",
                        "(then `db` is nil).",
                    ]),
                    attributes: ["@discardableResult"], access: access, kind: .function("\(prefix)create_\(database)"),
                    parameters: [
                        .init(label: nil, name: "path", type: "String"),
                        .init(label: nil, name: "db", type: "inout OpaquePointer?"),
                    ],
                    returnType: "Int32",
                    body: cShaped("SQLRecordCoding.create(path, sql: \(model.typeName).creationSQL\(legacy))"))))
        declarations.append(.blank)

        for record in model.records {
            let type = name(of: record)
            let decode = "{ try \(type)(sqliteStatement: $0, offset: 0) }"
            declarations.append(
                .function(
                    FunctionDescription(
                        docs: docs([
                            "The rows of `\(record.sqlName)`, or the first `limit` that `filter` keeps.",
                            "",
                            "`filter` runs in Swift on every row read: no index helps it.",
                        ]),
                        access: access, kind: .function("\(prefix)\(record.rawPlural)_fetch"),
                        parameters: [
                            .init(label: nil, name: "db", type: "OpaquePointer"),
                            .init(label: "limit", name: "limit", type: "Int?", defaultValue: "nil"),
                            .init(
                                label: "filter", name: "filter", type: "((\(type)) throws -> Bool)?",
                                defaultValue: "nil"),
                        ],
                        isThrowing: true, returnType: "[\(type)]",
                        body: [
                            .line(
                                "try SQLRecordCoding.fetch(db, \(type).sqlSelect, limit: limit, decode: \(decode), filter: filter)"
                            )
                        ])))
            declarations.append(.blank)
            declarations.append(
                .function(
                    FunctionDescription(
                        docs: docs([
                            "Calls `body` with each row of `\(record.sqlName)` as it is read: one row is in memory at a time, however many",
                            "there are. A throw from `body` stops the walk and is rethrown.",
                        ]),
                        access: access, kind: .function("\(prefix)\(record.rawPlural)_forEach"),
                        parameters: [
                            .init(label: nil, name: "db", type: "OpaquePointer"),
                            .init(label: nil, name: "body", type: "(\(type)) throws -> Void"),
                        ],
                        isThrowing: true,
                        body: [
                            .line(
                                "try SQLRecordCoding.forEach(db, \(type).sqlSelect, decode: \(decode), body: { try body($0); return true })"
                            )
                        ])))
            declarations.append(.blank)
            guard record.isTable else { continue }

            if record.key != nil {
                let keys = record.keyProperties
                let parameters = keyParameters(record)
                let id = keyFromParameters(record, type: "\(type).ID")
                declarations.append(
                    .function(
                        FunctionDescription(
                            docs: docs([
                                "The `\(record.sqlName)` row with primary key "
                                    + keys.map { "`\($0.column)`" }.joined(separator: ", ") + ", or nil."
                            ]),
                            access: access, kind: .function("\(prefix)\(record.rawSingular)_find"),
                            parameters: [.init(label: nil, name: "db", type: "OpaquePointer")] + parameters,
                            isThrowing: true, returnType: "\(type)?",
                            body: [
                                .line(
                                    "try SQLRecordCoding.fetch(db, \(type).sqlFind, limit: 1, bind: { try \(type).bindKey(\(id), to: $0, at: 1) }, decode: \(decode)).first"
                                )
                            ])))
                declarations.append(.blank)
            }

            var insertBody: [CodeLine] = [.line("let value = record")]
            let readBack =
                record.hasRowID || record.key == nil
                ? "nil" : "{ try \(prefix)\(record.rawSingular)_find(db, \(keyArguments(record, of: "value"))) }"
            let (returning, stored) = insertReadBackArguments(record)
            insertBody.append(
                .line(
                    "record = try SQLRecordCoding.insert(db, sql: value.sqlInsert, returning: \(returning), selectByRowID: \(type).sqlSelectByRowID, bind: { try value.bindInsert(to: $0) }, decode: \(decode), readBack: \(readBack), stored: \(stored))"
                ))
            declarations.append(
                .function(
                    FunctionDescription(
                        docs: docs([
                            "Inserts `record` into `\(record.sqlName)` and replaces it with the row as stored:",
                            "with the rowid SQLite assigned, defaults and generated columns.",
                        ]),
                        access: access, kind: .function("\(prefix)\(record.rawSingular)_insert"),
                        parameters: [
                            .init(label: nil, name: "db", type: "OpaquePointer"),
                            .init(label: nil, name: "record", type: "inout \(type)"),
                        ],
                        isThrowing: true, body: insertBody)))
            declarations.append(.blank)

            if record.key != nil {
                declarations.append(
                    .function(
                        FunctionDescription(
                            docs: docs([
                                "Writes every non-key column of `record` to its row; returns whether the row exists."
                            ]),
                            attributes: ["@discardableResult"], access: access,
                            kind: .function("\(prefix)\(record.rawSingular)_update"),
                            parameters: [
                                .init(label: nil, name: "db", type: "OpaquePointer"),
                                .init(label: nil, name: "record", type: type),
                            ],
                            isThrowing: true, returnType: "Bool",
                            body: insertedCheck(record, "record", "update") + [
                                .line(
                                    "guard let sql = \(type).sqlUpdate else { return try \(prefix)\(record.rawSingular)_find(db, \(keyArguments(record, of: "record"))) != nil }"
                                ),
                                .line(
                                    keptDates(record).isEmpty
                                        ? "return try SQLRecordCoding.execute(db, sql, bind: { try record.bindUpdate(to: $0) }) > 0"
                                        : "return try SQLRecordCoding.update(db, sql, find: \(type).sqlFind, bindKey: { try \(type).bindKey(\(keyExpression(record, of: "record")), to: $0, at: 1) }, bind: { try record.bindUpdate(to: $0, keeping: $1) }) > 0"
                                ),
                            ])))
                declarations.append(.blank)
                declarations.append(
                    .function(
                        FunctionDescription(
                            docs: docs(["Deletes the row of `record`; returns whether there was one."]),
                            attributes: ["@discardableResult"], access: access,
                            kind: .function("\(prefix)\(record.rawSingular)_delete"),
                            parameters: [
                                .init(label: nil, name: "db", type: "OpaquePointer"),
                                .init(label: nil, name: "record", type: type),
                            ],
                            isThrowing: true, returnType: "Bool",
                            body: insertedCheck(record, "record", "delete") + [
                                .line(
                                    "return try SQLRecordCoding.execute(db, \(type).sqlDelete, bind: { try \(type).bindKey(\(keyExpression(record, of: "record")), to: $0, at: 1) }) > 0"
                                )
                            ])))
                declarations.append(.blank)
                if record.upsertStatement != nil {
                    var body: [CodeLine] = []
                    if record.properties.contains(where: \.isRowIDAlias) {
                        body.append(
                            .line(
                                "if record.insertAssignsRowID { return try \(prefix)\(record.rawSingular)_insert(db, &record) }"
                            ))
                    }
                    body.append(.line("let value = record"))
                    body.append(
                        .line(
                            "record = try "
                                + saveCall(
                                    record, type: type,
                                    find:
                                        "{ try \(prefix)\(record.rawSingular)_find(db, \(keyArguments(record, of: "value"))) }"
                                )))
                    declarations.append(
                        .function(
                            FunctionDescription(
                                docs: docs([
                                    "Inserts `record` into `\(record.sqlName)`, or writes every non-key column to the row with its key (an upsert),",
                                    "and replaces it with the row as stored. A rowid key SQLite has not assigned is a plain insert.",
                                ]),
                                access: access, kind: .function("\(prefix)\(record.rawSingular)_save"),
                                parameters: [
                                    .init(label: nil, name: "db", type: "OpaquePointer"),
                                    .init(label: nil, name: "record", type: "inout \(type)"),
                                ],
                                isThrowing: true, body: body)))
                    declarations.append(.blank)
                }
            }

            if configuration.emit.relationships {
                for relationship in record.relationships {
                    declarations += rawRelationship(record, relationship)
                }
            }
        }
        declarations += translateRawQueryFunctions()
        return declarations
    }

    /// The arguments of `…_find` for the key of `record`'s variable `value`.
    private func keyArguments(_ record: RecordModel, of value: String) -> String {
        let keys = record.keyProperties
        if keys.count == 1 { return "\(value).\(keys[0].identifier)" }
        return keys.map { "\($0.name): \(value).\($0.identifier)" }.joined(separator: ", ")
    }

    /// The body of a C-shaped call: `db` from the throwing `call`, `SQLITE_OK` or the
    /// error's result code back.
    private func cShaped(_ call: String) -> [CodeLine] {
        [
            .line("do {"),
            .line("    db = try \(call)"),
            .line("    return SQLITE_OK"),
            .line("} catch {"),
            .line("    db = nil"),
            .line("    return SQLRecordCoding.resultCode(of: error)"),
            .line("}"),
        ]
    }

    private func rawRelationship(_ child: RecordModel, _ relationship: RelationshipModel) -> [Declaration] {
        let prefix = configuration.raw.prefix
        let parent = model.records[relationship.parentRecord]
        let childType = name(of: child)
        let parentType = name(of: parent)
        let parentName = SwiftIdentifier.escaped(SwiftIdentifier.parameterName(NameStyle.lowerCamel(parent.typeName)))
        let childName = SwiftIdentifier.escaped(SwiftIdentifier.parameterName(NameStyle.lowerCamel(child.typeName)))
        let childSQL = selectSQL(child) + " WHERE " + matchSQL(relationship.pairs.map { child.properties[$0.child] })
        let parentSQL =
            selectSQL(parent) + " WHERE " + matchSQL(relationship.pairs.map { parent.properties[$0.parent] })

        var fetchBinds: [CodeLine] = []
        var findPrelude: [CodeLine] = []
        var findBinds: [CodeLine] = []
        for (position, pair) in relationship.pairs.enumerated() {
            let parentProperty = parent.properties[pair.parent]
            let childProperty = child.properties[pair.child]
            fetchBinds.append(
                bindLine(
                    parentProperty, value: "\(parentName).\(parentProperty.identifier)", index: String(position + 1),
                    record: parent))
            let local = "key\(position)"
            findPrelude.append(
                .line(
                    childProperty.isOptional
                        ? "guard let \(local) = \(childName).\(childProperty.identifier) else { return nil }"
                        : "let \(local) = \(childName).\(childProperty.identifier)"))
            findBinds.append(bindLine(parentProperty, value: local, index: String(position + 1), record: parent))
        }
        return [
            .function(
                FunctionDescription(
                    docs: docs(["The `\(child.sqlName)` rows that refer to `\(parentName)`."]),
                    access: access, kind: .function("\(prefix)\(child.rawPlural)_fetch"),
                    parameters: [
                        .init(label: nil, name: "db", type: "OpaquePointer"),
                        .init(label: relationship.label, name: parentName, type: parentType),
                    ],
                    isThrowing: true, returnType: "[\(childType)]",
                    body: [
                        .block(
                            "try SQLRecordCoding.fetch(db, \(literal(childSQL)), bind: { statement in", fetchBinds,
                            closing: "}, decode: { try \(childType)(sqliteStatement: $0, offset: 0) })")
                    ])),
            .blank,
            .function(
                FunctionDescription(
                    docs: docs(["The `\(parent.sqlName)` row `\(childName)` refers to, or nil."]),
                    access: access, kind: .function("\(prefix)\(parent.rawSingular)_find"),
                    parameters: [
                        .init(label: nil, name: "db", type: "OpaquePointer"),
                        .init(label: relationship.label, name: childName, type: childType),
                    ],
                    isThrowing: true, returnType: "\(parentType)?",
                    body: findPrelude + [
                        .block(
                            "return try SQLRecordCoding.fetch(db, \(literal(parentSQL)), limit: 1, bind: { statement in",
                            findBinds,
                            closing: "}, decode: { try \(parentType)(sqliteStatement: $0, offset: 0) }).first")
                    ])),
            .blank,
        ]
    }
}
