extension Translator {
    /// The functions of the query files: a row struct per query (unless it returns an
    /// existing record), the statements in `Database.Queries` on one connection, and the
    /// functions on the database and transactions, sync and async.
    func translateQueries() -> [Declaration] {
        guard !model.queries.isEmpty else { return [] }
        var declarations: [Declaration] = [.mark("Queries")]
        for query in model.queries {
            guard case .own(let row) = query.row else { continue }
            declarations += translateRecordType(row)
            declarations.append(
                .type(
                    TypeDescription(
                        kind: .extension, name: name(of: row), conformances: isRawOnly ? [] : ["SQLResultRow"],
                        members: [.function(decoder(row))])))
            declarations.append(.blank)
        }

        var statements: [Declaration] = []
        for query in model.queries {
            statements.append(contentsOf: isRawOnly ? [sqlDeclaration(query)] : queryStatement(query))
            statements.append(.blank)
        }
        if statements.last == .blank { statements.removeLast() }
        let files = Set(model.queries.map { $0.location.split(separator: ":")[0] }).sorted().map { "`\($0)`" }.joined(
            separator: ", ")
        let namespaceDocs =
            isRawOnly
            ? ["The SQL of the named queries of \(files), run by the `\(configuration.raw.prefix)…` functions."]
            : [
                "The named queries of \(files), each on one connection.",
                "",
                "`db.name(…)` and `tx.name(…)` call these; call them yourself on a connection you hold.",
                "Each prepares its statement once per connection and reuses it.",
            ]
        declarations.append(
            .type(
                TypeDescription(
                    kind: .extension, name: model.typeName,
                    members: [
                        .type(
                            TypeDescription(
                                docs: docs(namespaceDocs), access: access, kind: .enum, name: "Queries",
                                members: statements))
                    ])))
        declarations.append(.blank)
        guard !isRawOnly else { return declarations }

        declarations.append(
            .type(
                TypeDescription(
                    kind: .extension, name: "\(model.typeName).Tables",
                    members: separated(model.queries.map { storeFunction($0, isAsync: false) }))))
        declarations.append(.blank)
        if configuration.emit.async {
            declarations.append(
                .type(
                    TypeDescription(
                        kind: .extension, name: model.typeName,
                        members: separated(model.queries.map { storeFunction($0, isAsync: true) }))))
            declarations.append(.blank)
        }
        return declarations
    }

    private func separated(_ declarations: [Declaration]) -> [Declaration] {
        var result: [Declaration] = []
        for declaration in declarations {
            if !result.isEmpty { result.append(.blank) }
            result.append(declaration)
        }
        return result
    }

    // MARK: Types

    /// The type a row of `query` decodes into.
    private func rowTypeName(_ query: QueryModel) -> String? {
        switch query.row {
        case .own(let record): return name(of: record)
        case .record(let index): return name(of: model.records[index])
        case nil: return nil
        }
    }

    /// What the function returns.
    private func returnType(_ query: QueryModel) -> String? {
        let row = rowTypeName(query) ?? ""
        switch query.kind {
        case .one: return row + "?"
        case .many: return "[\(row)]"
        case .each, .exec: return nil
        case .execrows, .lastid: return "Int"
        }
    }

    private func argumentType(_ parameter: QueryParameterModel) -> String {
        let element = typeName(parameter.type)
        if parameter.isList { return "[\(element)]" }
        return element + (parameter.isOptional ? "?" : "")
    }

    /// The function's parameters, with `body` for `:each`.
    private func parameters(
        _ query: QueryModel, isAsync: Bool, leading: [FunctionDescription.Parameter] = []
    ) -> [FunctionDescription.Parameter] {
        var result = leading
        for parameter in query.parameters {
            result.append(.init(label: parameter.label, name: parameter.identifier, type: argumentType(parameter)))
        }
        if query.kind == .each, let row = rowTypeName(query) {
            result.append(
                .init(
                    label: nil, name: "body",
                    type: isAsync ? "@escaping @Sendable (\(row)) throws -> Void" : "(\(row)) throws -> Void"))
        }
        return result
    }

    /// The documentation of the functions: the query's own comments, what it returns, its
    /// parameters and its SQL.
    private func documentation(_ query: QueryModel) -> [String] {
        var lines =
            query.documentation.isEmpty ? ["The query `\(query.name)` of `\(query.location)`."] : query.documentation
        lines.append("")
        switch query.kind {
        case .one: lines.append("Returns the first row, or nil when there is none.")
        case .many: lines.append("Returns every row.")
        case .each: lines.append("Calls `body` with each row in turn, without collecting them.")
        case .exec: lines.append("Runs the statement.")
        case .execrows: lines.append("Returns the number of rows the statement changed.")
        case .lastid: lines.append("Returns the rowid of the row the statement inserted.")
        }
        if !query.parameters.isEmpty || query.kind == .each {
            lines.append("")
            lines.append("- Parameters:")
            for parameter in query.parameters {
                let list =
                    parameter.isList ? "the values of `IN (\(parameter.spelling))`, one bound parameter each; " : ""
                lines.append("  - \(parameter.name): `\(parameter.spelling)`, \(list)\(parameter.origin).")
            }
            if query.kind == .each { lines.append("  - body: Called with each row.") }
        }
        lines += ["", "```sql"] + query.sql.components(separatedBy: "\n") + ["```", "", "From `\(query.location)`."]
        return docs(lines)
    }

    // MARK: Statements

    /// `Queries.name(_ context:, …)`, its slot and its SQL.
    private func queryStatement(_ query: QueryModel) -> [Declaration] {
        let name = SwiftIdentifier.escaped(query.name)
        let sqlName = query.name + "SQL"
        var body: [CodeLine] = []
        if query.hasLists {
            let scalars = query.scalarParameters.count
            let counts = query.listOrder.map { "\(query.parameters[$0].identifier).count" }.joined(separator: ", ")
            body.append(
                .line(
                    "let sql = SQLRecordCoding.sql(joining: Self.\(sqlName), lists: [\(counts)], from: \(scalars + 1))")
            )
            body.append(.line("let statement = try context.cachedStatement(sql: sql)"))
        } else {
            body.append(
                .line("let statement = try context.cachedStatement(slot: Self.\(query.name)Slot, sql: Self.\(sqlName))")
            )
        }
        body.append(.line("defer { statement.reset() }"))
        if !query.parameters.isEmpty || query.kind == .each {
            body.append(.line("let handle = try statement.liveHandle()"))
        }
        body += bindings(query).map { $0.replacingStatement(with: "handle") }
        let row = rowTypeName(query) ?? ""
        switch query.kind {
        case .one:
            body.append(.line("return try SQLRecordRows.first(\(row).self, from: statement)"))
        case .many:
            body.append(.line("return try SQLRecordRows.all(\(row).self, from: statement)"))
        case .each:
            body.append(
                .block(
                    "while try statement.next()", [.line("try body(try \(row)(sqliteStatement: handle, offset: 0))")]))
        case .exec:
            body.append(.line("while try statement.next() {}"))
        case .execrows:
            body.append(.line("while try statement.next() {}"))
            body.append(.line("return Int(context.changes)"))
        case .lastid:
            body.append(.line("while try statement.next() {}"))
            body.append(.line("return Int(context.lastInsertRowID)"))
        }
        let function = FunctionDescription(
            docs: documentation(query),
            attributes: query.kind == .execrows || query.kind == .lastid ? ["@discardableResult"] : [],
            access: access, modifiers: ["static"], kind: .function(name),
            parameters: parameters(
                query, isAsync: false, leading: [.init(label: nil, name: "context", type: "SQLContext")]),
            isThrowing: true, returnType: returnType(query), body: body)

        var declarations: [Declaration] = [.function(function)]
        if !query.hasLists {
            declarations.append(
                .variable(
                    VariableDescription(
                        isStatic: true, isLet: true, name: query.name + "Slot", initializer: "SQLStatementSlot()")))
        }
        declarations.append(sqlDeclaration(query))
        return declarations
    }

    /// `static let nameSQL`: the statement, or its pieces around `IN` lists.
    private func sqlDeclaration(_ query: QueryModel) -> Declaration {
        let sqlName = query.name + "SQL"
        let sqlDocs = docs([
            query.hasLists
                ? "The SQL of `\(query.name)`, in pieces around its `IN` lists."
                : "The SQL of `\(query.name)`."
        ])
        if query.hasLists {
            var lines: [CodeLine] = [.line("\(access.prefix)static let \(sqlName): [String] = [")]
            lines += query.segments.map { .line("    " + literal($0) + ",") }
            lines.append(.line("]"))
            return .verbatim(docs: sqlDocs, lines: lines)
        }
        if let lines = SwiftLiteral.multiline(query.segments[0]) {
            var code: [CodeLine] = [.line("\(access.prefix)static let \(sqlName) = " + lines[0])]
            code += lines.dropFirst().map { .line($0) }
            return .verbatim(docs: sqlDocs, lines: code)
        }
        return .variable(
            VariableDescription(
                docs: sqlDocs, access: access, isStatic: true, isLet: true, name: sqlName, type: "String",
                initializer: SwiftLiteral.string(query.segments[0])))
    }

    /// The lines binding every parameter to `statement`: scalars at `?1…`, then each
    /// list's elements in turn.
    func bindings(_ query: QueryModel) -> [CodeLine] {
        var lines: [CodeLine] = []
        for (position, parameter) in query.scalarParameters.enumerated() {
            lines.append(
                bindLine(
                    type: parameter.type, value: parameter.identifier, index: String(position + 1),
                    dates: parameter.dateStorage,
                    uuids: parameter.uuidStorage, booleans: parameter.booleanStorage,
                    tag: SwiftLiteral.string("\(query.name) :\(parameter.name)")))
        }
        if query.hasLists {
            lines.append(.line("var index: Int32 = \(query.scalarParameters.count + 1)"))
            for listIndex in query.listOrder {
                let parameter = query.parameters[listIndex]
                lines.append(
                    .block(
                        "for value in \(parameter.identifier)",
                        [
                            bindLine(
                                type: parameter.type, value: "value", index: "index", dates: parameter.dateStorage,
                                uuids: parameter.uuidStorage,
                                booleans: parameter.booleanStorage,
                                tag: SwiftLiteral.string("\(query.name) :\(parameter.name)")),
                            .line("index += 1"),
                        ]))
            }
        }
        return lines
    }

    // MARK: Raw functions

    /// `prefix_query_name(db, …)`: the query on a `sqlite3` handle, its statement prepared
    /// per call, as raw mode's other functions.
    func translateRawQueryFunctions() -> [Declaration] {
        let prefix = configuration.raw.prefix
        var declarations: [Declaration] = []
        for query in model.queries {
            let sql =
                query.hasLists
                ? "SQLRecordCoding.sql(joining: \(model.typeName).Queries.\(query.name)SQL, lists: [\(query.listOrder.map { "\(query.parameters[$0].identifier).count" }.joined(separator: ", "))], from: \(query.scalarParameters.count + 1))"
                : "\(model.typeName).Queries.\(query.name)SQL"
            let binds = bindings(query)
            let row = rowTypeName(query) ?? ""
            let decode = "decode: { try \(row)(sqliteStatement: $0, offset: 0) }"
            var body: [CodeLine] = []
            switch query.kind {
            case .one, .many:
                let limit = query.kind == .one ? ", limit: 1" : ""
                let call = "try SQLRecordCoding.fetch(db, \(sql)\(limit), bind: { statement in"
                body.append(
                    .block(
                        query.kind == .one ? "return " + call : call, binds,
                        closing: "}, \(decode))" + (query.kind == .one ? ".first" : "")))
            case .each:
                body.append(.line("let statement = try SQLRecordCoding.prepare(db, \(sql))"))
                body.append(.line("defer { sqlite3_finalize(statement) }"))
                body += binds
                body.append(
                    .block(
                        "while try SQLRecordCoding.step(statement)",
                        [.line("try body(try \(row)(sqliteStatement: statement, offset: 0))")]))
            case .exec, .execrows, .lastid:
                let call = "try SQLRecordCoding.execute(db, \(sql)) { statement in"
                if binds.isEmpty {
                    let line = "try SQLRecordCoding.execute(db, \(sql)) { _ in }"
                    body.append(.line(query.kind == .execrows ? "return " + line : line))
                } else {
                    body.append(.block(query.kind == .execrows ? "return " + call : call, binds))
                }
                if query.kind == .lastid { body.append(.line("return Int(sqlite3_last_insert_rowid(db))")) }
            }
            declarations.append(
                .function(
                    FunctionDescription(
                        docs: documentation(query),
                        attributes: query.kind == .execrows || query.kind == .lastid ? ["@discardableResult"] : [],
                        access: access, kind: .function(prefix + NameStyle.snake(query.name)),
                        parameters: parameters(
                            query, isAsync: false, leading: [.init(label: nil, name: "db", type: "OpaquePointer")]),
                        isThrowing: true, returnType: returnType(query), body: body)))
            declarations.append(.blank)
        }
        return declarations
    }

    // MARK: Store functions

    /// `db.name(…)` / `tx.name(…)`, or the async variant on the database.
    private func storeFunction(_ query: QueryModel, isAsync: Bool) -> Declaration {
        var arguments = ["context"] + query.parameters.map { "\($0.label): \($0.identifier)" }
        if query.kind == .each { arguments.append("body") }
        let call =
            "\(model.typeName).Queries.\(SwiftIdentifier.escaped(query.name))(\(arguments.joined(separator: ", ")))"
        let line: String
        if isAsync {
            let access = query.isReadOnly ? "readWithoutTransaction" : "writeWithoutTransaction"
            line = "try await self.pool.\(access) { context in try \(call) }"
        } else {
            let access = query.isReadOnly ? "withReadContext" : "withWriteContext"
            line = "try self.\(access) { context in try \(call) }"
        }
        return .function(
            FunctionDescription(
                docs: documentation(query),
                attributes: query.kind == .execrows || query.kind == .lastid ? ["@discardableResult"] : [],
                access: access, kind: .function(SwiftIdentifier.escaped(query.name)),
                parameters: parameters(query, isAsync: isAsync), isAsync: isAsync, isThrowing: true,
                returnType: returnType(query), body: [.line(returnType(query) == nil ? line : "return " + line)]))
    }
}
