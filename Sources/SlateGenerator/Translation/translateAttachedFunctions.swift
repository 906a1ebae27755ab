extension Translator {
    /// The type-attached style on a raw `sqlite3` handle: `Person.fetch(in: db)`,
    /// `Person.find(2, in: db)`, `person.insert(into: db)`, `person.update(in: db)`,
    /// `person.delete(in: db)`.
    func translateAttachedFunctions(_ record: RecordModel, index: Int) -> [Declaration] {
        let type = name(of: record)
        let decode = "{ try \(type)(sqliteStatement: $0, offset: 0) }"
        var members: [Declaration] = [
            .function(
                FunctionDescription(
                    docs: docs([
                        "The rows of `\(record.sqlName)` in the database `db`, or the first `limit` that `filter` keeps."
                    ]),
                    access: access, modifiers: ["static"], kind: .function("fetch"),
                    parameters: [
                        .init(label: "in", name: "db", type: "OpaquePointer"),
                        .init(label: "limit", name: "limit", type: "Int?", defaultValue: "nil"),
                        .init(
                            label: "filter", name: "filter", type: "((\(type)) throws -> Bool)?", defaultValue: "nil"),
                    ],
                    isThrowing: true, returnType: "[\(type)]",
                    body: [
                        .line(
                            "try SQLRecordCoding.fetch(db, Self.sqlSelect, limit: limit, decode: \(decode), filter: filter)"
                        )
                    ]))
        ]
        if isRawOnly {
            // Over SlateRecords, `forEach(in:where:orderBy:limit:offset:_:)` comes with the
            // typed queries.
            members += [
                .blank,
                .function(
                    FunctionDescription(
                        docs: docs([
                            "Calls `body` with each row of `\(record.sqlName)` in the database `db` as it is read: one row is in memory",
                            "at a time. A throw from `body` stops the walk and is rethrown.",
                        ]),
                        access: access, modifiers: ["static"], kind: .function("forEach"),
                        parameters: [
                            .init(label: "in", name: "db", type: "OpaquePointer"),
                            .init(label: nil, name: "body", type: "(\(type)) throws -> Void"),
                        ],
                        isThrowing: true,
                        body: [
                            .line(
                                "try SQLRecordCoding.forEach(db, Self.sqlSelect, decode: \(decode), body: { try body($0); return true })"
                            )
                        ])),
            ]
        }
        if record.isTable, record.key != nil {
            let keys = record.keyProperties
            let parameters = keyParameters(record)
            let id = keyFromParameters(record, type: "ID")
            members += [
                .blank,
                .function(
                    FunctionDescription(
                        docs: docs([
                            "The row with primary key " + keys.map { "`\($0.column)`" }.joined(separator: ", ")
                                + " in the database `db`, or nil."
                        ]),
                        access: access, modifiers: ["static"], kind: .function("find"),
                        parameters: parameters + [.init(label: "in", name: "db", type: "OpaquePointer")],
                        isThrowing: true, returnType: "\(type)?",
                        body: [
                            .line(
                                "try SQLRecordCoding.fetch(db, Self.sqlFind, limit: 1, bind: { try Self.bindKey(\(id), to: $0, at: 1) }, decode: \(decode)).first"
                            )
                        ])),
            ]
        }
        if record.isTable {
            let readBack: String
            if record.hasRowID || record.key == nil {
                readBack = "nil"
            } else {
                let keys = record.keyProperties
                let arguments =
                    keys.count == 1
                    ? "value.\(keys[0].identifier), in: db"
                    : keys.map { "\($0.name): value.\($0.identifier)" }.joined(separator: ", ") + ", in: db"
                readBack = "{ try Self.find(\(arguments)) }"
            }
            let (returning, stored) = insertReadBackArguments(record)
            members += [
                .blank,
                .function(
                    FunctionDescription(
                        docs: docs([
                            "Inserts the record into the database `db` and updates it to the row as stored (assigned rowid, defaults, generated columns)."
                        ]),
                        access: access, modifiers: ["mutating"], kind: .function("insert"),
                        parameters: [.init(label: "into", name: "db", type: "OpaquePointer")], isThrowing: true,
                        body: [
                            .line("let value = self"),
                            .line(
                                "self = try SQLRecordCoding.insert(db, sql: value.sqlInsert, returning: \(returning), selectByRowID: Self.sqlSelectByRowID, bind: { try value.bindInsert(to: $0) }, decode: \(decode), readBack: \(readBack), stored: \(stored))"
                            ),
                        ])),
            ]
            if record.key != nil {
                let findArguments =
                    record.keyProperties.count == 1
                    ? "self.\(record.keyProperties[0].identifier), in: db"
                    : record.keyProperties.map { "\($0.name): self.\($0.identifier)" }.joined(separator: ", ")
                        + ", in: db"
                members += [
                    .blank,
                    .function(
                        FunctionDescription(
                            docs: docs([
                                "Writes every non-key column to the record's row in the database `db`; returns whether the row exists."
                            ]),
                            attributes: ["@discardableResult"], access: access, kind: .function("update"),
                            parameters: [.init(label: "in", name: "db", type: "OpaquePointer")], isThrowing: true,
                            returnType: "Bool",
                            body: insertedCheck(record, "self", "update") + [
                                .line(
                                    "guard let sql = Self.sqlUpdate else { return try Self.find(\(findArguments)) != nil }"
                                ),
                                .line(
                                    keptDates(record).isEmpty
                                        ? "return try SQLRecordCoding.execute(db, sql, bind: { try self.bindUpdate(to: $0) }) > 0"
                                        : "return try SQLRecordCoding.update(db, sql, find: Self.sqlFind, bindKey: { try Self.bindKey(\(keyExpression(record, of: "self")), to: $0, at: 1) }, bind: { try self.bindUpdate(to: $0, keeping: $1) }) > 0"
                                ),
                            ])),
                    .blank,
                    .function(
                        FunctionDescription(
                            docs: docs([
                                "Deletes the record's row from the database `db`; returns whether there was one."
                            ]),
                            attributes: ["@discardableResult"], access: access, kind: .function("delete"),
                            parameters: [.init(label: "in", name: "db", type: "OpaquePointer")], isThrowing: true,
                            returnType: "Bool",
                            body: insertedCheck(record, "self", "delete") + [
                                .line(
                                    "return try SQLRecordCoding.execute(db, Self.sqlDelete, bind: { try Self.bindKey(\(keyExpression(record, of: "self")), to: $0, at: 1) }) > 0"
                                )
                            ])),
                ]
                if record.upsertStatement != nil {
                    let valueFind =
                        record.keyProperties.count == 1
                        ? "value.\(record.keyProperties[0].identifier), in: db"
                        : record.keyProperties.map { "\($0.name): value.\($0.identifier)" }.joined(separator: ", ")
                            + ", in: db"
                    var body: [CodeLine] = []
                    if record.properties.contains(where: \.isRowIDAlias) {
                        body.append(.line("if self.insertAssignsRowID { return try self.insert(into: db) }"))
                    }
                    body.append(.line("let value = self"))
                    body.append(
                        .line("self = try " + saveCall(record, type: "Self", find: "{ try Self.find(\(valueFind)) }")))
                    members += [
                        .blank,
                        .function(
                            FunctionDescription(
                                docs: docs([
                                    "Inserts the record into the database `db`, or writes every non-key column to the row with its key (an",
                                    "upsert), and updates it to the row as stored. A rowid key SQLite has not assigned is a plain insert.",
                                ]),
                                access: access, modifiers: ["mutating"], kind: .function("save"),
                                parameters: [.init(label: "into", name: "db", type: "OpaquePointer")], isThrowing: true,
                                body: body)),
                    ]
                }
            }
        }
        let extensionName =
            configuration.naming.nestRecordTypes ? "\(model.typeName).\(record.typeName)" : record.typeName
        return [.type(TypeDescription(kind: .extension, name: extensionName, members: members)), .blank]
    }
}

extension Translator {
    /// `SQLRecordCoding.save(…)` for `value`, a record of `record` whose type is written
    /// `type`; `find` reads the row back by `value`'s key.
    func saveCall(_ record: RecordModel, type: String, find: String) -> String {
        let returning = record.insertReadBack == .returning ? "\(type).sqlUpsertReturning" : "nil"
        let asBound = record.insertReadBack == .asBound ? "{ value.storedAfterInsert(rowID: 0) }" : "nil"
        let decode = "{ try \(type)(sqliteStatement: $0, offset: 0) }"
        return
            "SQLRecordCoding.save(db, sql: \(type).sqlUpsert, returning: \(returning), bind: { try value.bindInsert(to: $0) }, decode: \(decode), find: \(find), asBound: \(asBound), keyOnly: \(record.updateStatement == nil))"
    }

    /// The line refusing an update or delete of `value` (a record of `record`) whose rowid
    /// key was never assigned; none for records without a rowid key.
    func insertedCheck(_ record: RecordModel, _ value: String, _ operation: String) -> [CodeLine] {
        guard record.properties.contains(where: \.isRowIDAlias) else { return [] }
        return [
            .line(
                "try SQLRecordCoding.requireInserted(\(value).insertAssignsRowID, \(SwiftLiteral.string(record.sqlName)), \"\(operation)\")"
            )
        ]
    }
}
