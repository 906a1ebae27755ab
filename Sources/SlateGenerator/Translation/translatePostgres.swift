import Foundation

/// The PostgreSQL part of a generated file (when `engines` has `postgres`): each record's
/// conformance to SlatePostgres's record protocols and a database type over `SQLPostgres`
/// with the SQLite database's table accessors, all inside one `#if` so that a target
/// built without Slate's `Postgres` trait still compiles.
///
/// The guard is `canImport(SlatePostgresEnabled) && canImport(PostgresNIO)`:
/// `SlatePostgresEnabled` is a module SlatePostgres depends on only with the trait, so an
/// app that has postgres-nio for its own use but not the trait leaves the part out (the
/// SlatePostgres module is then empty); Slate's own trait-less build compiles every target
/// of the package, the marker too, but has no postgres-nio.
extension Translator {
    /// The guard's condition.
    static let postgresGuard = "canImport(SlatePostgresEnabled) && canImport(PostgresNIO)"

    /// Whether the PostgreSQL part is generated.
    var emitsPostgres: Bool { configuration.engines.contains(.postgres) && !isRawOnly }

    /// The records that get a PostgreSQL conformance: tables and views whose columns all
    /// have a PostgreSQL type the runtime binds and decodes (a dynamic `SQLValue` or a
    /// `URL` column leaves its record out; virtual tables have no PostgreSQL form).
    func postgresRecords() -> [(index: Int, record: RecordModel)] {
        model.records.enumerated().filter { _, record in
            record.kind != .query && !record.isVirtual
                && record.properties.allSatisfy { postgresColumnType($0.type) != nil }
        }.map { ($0.offset, $0.element) }
    }

    /// The name of the PostgreSQL database type, nested in the SQLite one: `Postgres`,
    /// or `PostgresDatabase` when a record is already called `Postgres`.
    var postgresTypeName: String {
        model.records.contains { $0.typeName == "Postgres" } ? "PostgresDatabase" : "Postgres"
    }

    func postgresColumnType(_ type: GeneratorConfiguration.SwiftType) -> String? {
        switch type {
        case .int: return ".integer"
        case .double: return ".double"
        case .string: return ".text"
        case .bytes: return ".blob"
        case .bool: return ".boolean"
        case .date: return ".timestamp"
        case .uuid: return ".uuid"
        case .url, .value: return nil
        }
    }

    /// Whether binding a value of `type` can throw (NaN doubles, text with NUL).
    private func bindThrows(_ type: GeneratorConfiguration.SwiftType) -> Bool {
        type == .double || type == .string
    }

    /// `@_spi(Generated) public ` for witnesses of SPI requirements, else the access.
    private var witnessAccess: String {
        access == .public ? "@_spi(Generated) public " : access.prefix
    }

    func translatePostgres() -> [Declaration] {
        guard emitsPostgres else { return [] }
        let records = postgresRecords()
        var lines: [CodeLine] = [
            .line("#if \(Self.postgresGuard)"),
            .line("@_spi(Generated) import SlatePostgres"),
            .blank,
        ]
        lines += postgresDatabaseType(records)
        for (_, record) in records {
            lines.append(.blank)
            lines += postgresConformance(record)
        }
        lines += postgresRelationships(records)
        lines.append(.line("#endif"))
        return [.mark("PostgreSQL"), .verbatim(docs: [], lines: lines)]
    }

    private func doc(_ text: String) -> CodeLine {
        guard configuration.emit.documentation else { return .blank }
        let sanitized = Comment.sanitized(text)
        return .line(sanitized.isEmpty ? "///" : "/// " + sanitized)
    }

    private func docLines(_ texts: [String]) -> [CodeLine] {
        configuration.emit.documentation ? texts.map(doc) : []
    }

    private func postgresDatabaseType(_ records: [(index: Int, record: RecordModel)]) -> [CodeLine] {
        let database = model.typeName
        let type = postgresTypeName
        let full = "\(database).\(type)"
        let a = access.prefix
        let first = records.first { $0.record.isTable }?.record ?? records.first?.record
        var members: [CodeLine] = []
        members += docLines(["The connections: a primary, and a replica when one is configured."])
        members.append(.line("\(a)let database: SQLPostgres"))
        members.append(.blank)
        members += docLines(["Wraps a database whose schema is `\(database)`'s (see `bootstrap(database:)`)."])
        members.append(.block("\(a)init(database: SQLPostgres)", [.line("self.database = database")]))
        members.append(.blank)
        members += docLines([
            "Connects to `url` (and `replicaURL` for reads), and brings the schema up to date:",
            "`\(database).postgresSchemaScripts` not yet applied run, one transaction each, as",
            "`SQLPostgres.bootstrap(scripts:schemaName:)` applies them.",
        ])
        members.append(
            .block(
                "\(a)static func bootstrap(url: String, replicaURL: String? = nil) async throws -> \(full)",
                [
                    .line("let database = try SQLPostgres(url: url, replicaURL: replicaURL)"),
                    .block(
                        "do",
                        [.line("return try await bootstrap(database: database)")],
                        closing: "} catch {"),
                    .line("    await database.close()"),
                    .line("    throw error"),
                    .line("}"),
                ]))
        members.append(.blank)
        members += docLines(["Brings `database`'s schema up to date and wraps it."])
        members.append(
            .block(
                "\(a)static func bootstrap(database: SQLPostgres) async throws -> \(full)",
                [
                    .line(
                        "try await database.bootstrap(scripts: \(database).postgresSchemaScripts, schemaName: \(SwiftLiteral.string(database)))"
                    ),
                    .line("return \(full)(database: database)"),
                ]))
        members.append(.blank)
        members += docLines(["Closes the connections; calls after it throw."])
        members.append(.block("\(a)func close() async", [.line("await database.close()")]))
        members.append(.blank)
        members += docLines(["Each call on the database runs in a transaction of its own."])
        members.append(
            .block("\(witnessAccess)var postgresTarget: SQLPostgresTarget", [.line(".database(database)")]))
        members.append(.blank)
        members += docLines([
            "Runs `body` in one transaction (`SQLPostgres.write`): committed when it returns,",
            "rolled back when it throws, retried on a serialization failure or deadlock.",
            "`tx` offers the same tables as the database. A statement that fails inside it",
            "leaves the transaction unusable: it rolls back even when `body` catches the error.",
        ])
        members.append(
            .block(
                "\(a)func transaction<T: Sendable>(isolation: SQLPostgres.Isolation = .readCommitted, retries: Int? = nil, _ body: @Sendable (Transaction) async throws -> T) async throws -> T",
                [
                    .block(
                        "try await database.write(isolation: isolation, retries: retries) { context in",
                        [.line("try await body(Transaction(context: context))")])
                ]))
        members.append(.blank)
        members += docLines([
            "Runs `body` in one read-only transaction (`SQLPostgres.read`): on the replica when",
            "one is configured, unless `readYourWrites`.",
        ])
        members.append(
            .block(
                "\(a)func readTransaction<T: Sendable>(readYourWrites: Bool? = nil, _ body: @Sendable (Transaction) async throws -> T) async throws -> T",
                [
                    .block(
                        "try await database.read(readYourWrites: readYourWrites) { context in",
                        [.line("try await body(Transaction(context: context))")])
                ]))
        members.append(.blank)
        members += docLines(["`SQLPostgres.write(isolation:retries:_:)`: a transaction with the context itself."])
        members.append(
            .block(
                "\(a)func write<T: Sendable>(isolation: SQLPostgres.Isolation = .readCommitted, retries: Int? = nil, _ body: @Sendable (SQLPostgresContext) async throws -> T) async throws -> T",
                [.line("try await database.write(isolation: isolation, retries: retries, body)")]))
        members.append(.blank)
        members += docLines(["`SQLPostgres.read(readYourWrites:_:)`: a read-only transaction with the context itself."])
        members.append(
            .block(
                "\(a)func read<T: Sendable>(readYourWrites: Bool? = nil, _ body: @Sendable (SQLPostgresContext) async throws -> T) async throws -> T",
                [.line("try await database.read(readYourWrites: readYourWrites, body)")]))
        members.append(.blank)
        members += docLines([
            "What `fetch` returns, at once and again after each commit, by any process, that changes",
            "one of the `tables` it reads (`SQLPostgres.observe(tables:_:)`: LISTEN/NOTIFY, re-run",
            "after a reconnect). The tables need `database.installChangeNotifications()` once.",
        ])
        members.append(
            .block(
                "\(a)func observe<Value: Sendable & Equatable>(tables: [any SQLPostgresRecord.Type], _ fetch: @escaping @Sendable (Transaction) async throws -> Value) -> AsyncThrowingStream<Value, any Error>",
                [
                    .line(
                        "database.observe(tables: tables.map { $0.postgresLayout.name }) { context in try await fetch(Transaction(context: context)) }"
                    )
                ]))
        members.append(.blank)
        members += docLines(["A transaction of `\(full)`: the same tables, in its transaction."])
        members.append(
            .block(
                "\(a)struct Transaction: \(full).Tables",
                docLines(["The transaction's context, for statements of your own."])
                    + [
                        .line("\(a)let context: SQLPostgresContext"),
                        .blank,
                        .block("init(context: SQLPostgresContext)", [.line("self.context = context")]),
                        .blank,
                        .block("\(witnessAccess)var postgresTarget: SQLPostgresTarget", [.line(".context(context)")]),
                    ]))
        members.append(.blank)
        members += docLines([
            "The tables and views of `\(database)` on PostgreSQL, reached through the database or a",
            "transaction: write code once against `some \(full).Tables` and run it either way.",
        ])
        members.append(.line("\(a)protocol Tables: SQLPostgresRecordStore {}"))

        var lines: [CodeLine] = []
        var typeDocs = [
            "The `\(database)` database on PostgreSQL: the same records and table accessors as",
            "`\(database)`'s async API, over `SQLPostgres` (the `Postgres` trait of Slate).",
        ]
        if let first {
            let accessor = SwiftIdentifier.escaped(first.accessorName)
            typeDocs += [
                "",
                "```swift",
                "let db = try await \(full).bootstrap(url: url)",
                "let count = try await db.\(accessor).fetchCount()",
                "let all = try await db.\(accessor).fetch()",
                "```",
            ]
        }
        typeDocs += [
            "",
            "Each call is its own transaction; `transaction { tx in … }` groups calls, and `tx`",
            "offers the same API. Names and answers are those of the SQLite API's async variants,",
            "so code ports by changing the database type.",
        ]
        // What the SQLite API has and this one does not: said here, never left out silently.
        let kept = Set(records.map(\.index))
        let missing = model.records.enumerated().filter { !kept.contains($0.offset) }.map(\.element)
        let queries = model.queries.map { "`\($0.name)`" }
        let tables = missing.filter { $0.kind != .query }.map { record in
            "`\(record.sqlName)` (\(record.isVirtual ? "a virtual table" : "a URL or SQLValue column"))"
        }
        if !queries.isEmpty {
            typeDocs += [
                "",
                "Not here: the named queries \(queries.joined(separator: ", ")), whose SQL is SQLite's and is",
                "not translated; run their PostgreSQL form with `database` (`SQLPostgres`).",
            ]
        }
        if !tables.isEmpty {
            typeDocs += [
                "",
                "Not here, having no PostgreSQL form: \(tables.joined(separator: ", ")).",
            ]
        }
        let body: [CodeLine] = docLines(typeDocs) + [.block("\(a)struct \(type): \(full).Tables", members)]
        lines.append(.block("extension \(database)", body))
        lines.append(.blank)
        var accessors: [CodeLine] = []
        for (position, (_, record)) in records.enumerated() {
            if position > 0 { accessors.append(.blank) }
            let kind = record.isTable ? "table" : "view (read only)"
            accessors += docLines(["The rows of the `\(record.sqlName)` \(kind), as `\(name(of: record))` records."])
            accessors.append(
                .block(
                    "\(a)var \(SwiftIdentifier.escaped(record.accessorName)): SQLPostgresTable<\(name(of: record))>",
                    [.line("SQLPostgresTable(postgresTarget)")]))
        }
        lines.append(
            accessors.isEmpty
                ? .line("extension \(full).Tables {}")
                : .block("extension \(full).Tables", accessors))
        return lines
    }

    private func isKeyed(_ record: RecordModel) -> Bool {
        record.isTable && identityStyle(record) != .none
    }

    private func postgresConformance(_ record: RecordModel) -> [CodeLine] {
        let keyed = isKeyed(record)
        let keyIndices = record.key?.propertyIndices ?? []
        let identity = keyed && record.key?.isRowIDAlias == true && keyIndices.count == 1
        let columns = record.properties.map { SwiftLiteral.string($0.column) }.joined(separator: ", ")
        let types = record.properties.map { postgresColumnType($0.type)! }.joined(separator: ", ")
        let notNull = record.properties.map { $0.isOptional ? "false" : "true" }.joined(separator: ", ")
        var members: [CodeLine] = []
        members += docLines(["The table's name, columns, their PostgreSQL types and the key."])
        members.append(
            .line(
                "\(witnessAccess)static let postgresLayout = SQLPostgresLayout(name: \(SwiftLiteral.string(record.sqlName)), columns: [\(columns)], types: [\(types)], key: [\(keyed ? keyIndices.map(String.init).joined(separator: ", ") : "")], identity: \(identity), notNull: [\(notNull)])"
            ))
        members.append(.blank)
        members += docLines(["Reads the record from a row's columns from `offset` on, in the layout's order."])
        members.append(
            .block(
                "\(witnessAccess)init(postgresRow row: SQLPostgresRow, offset: Int) throws",
                record.properties.enumerated().map { position, property in
                    .line(
                        "self.\(property.identifier) = try row.get(offset\(position == 0 ? "" : " + \(position)"), as: \(typeName(of: property)).self)"
                    )
                }))
        if keyed {
            members.append(.blank)
            if identity {
                let key = record.properties[keyIndices[0]]
                members += docLines(["Whether the key is set: `Int.min` leaves it to the server."])
                members.append(
                    .block(
                        "\(witnessAccess)var postgresKeyIsAssigned: Bool",
                        [.line("self.\(key.identifier) != Int.min")]))
            } else {
                members += docLines(["The key is always set: it has no identity."])
                members.append(.block("\(witnessAccess)var postgresKeyIsAssigned: Bool", [.line("true")]))
            }
            members.append(.blank)
            members += docLines(["Binds every column in the layout's order, the key's only when `includingKey`."])
            var binds: [CodeLine] = []
            for (position, property) in record.properties.enumerated() {
                let line = CodeLine.line(
                    "\(bindThrows(property.type) ? "try " : "")bindings.append(self.\(property.identifier), column: \(position))"
                )
                binds.append(keyIndices.contains(position) ? .block("if includingKey", [line]) : line)
            }
            members.append(
                .block(
                    "\(witnessAccess)func bindPostgresColumns(into bindings: inout SQLPostgresBindings, includingKey: Bool) throws",
                    binds))
            members.append(.blank)
            members += docLines(["Binds a key's columns in key order."])
            let keyBinds: [CodeLine] = keyIndices.map { position in
                let property = record.properties[position]
                let value = keyIndices.count == 1 ? "id" : "id.\(property.identifier)"
                return .line(
                    "\(bindThrows(property.type) ? "try " : "")bindings.append(\(value), column: \(position))")
            }
            members.append(
                .block(
                    "\(witnessAccess)static func bindPostgresKey(_ id: ID, into bindings: inout SQLPostgresBindings) throws",
                    keyBinds))
        }
        let conformance = keyed ? "SQLPostgresKeyedRecord" : "SQLPostgresRecord"
        return [.block("extension \(name(of: record)): \(conformance)", members)]
    }

    /// `fetch(for: parent)` on the child's table and `find(for: child)` on the parent's, as
    /// the SQLite API has them, both as typed predicates.
    private func postgresRelationships(_ records: [(index: Int, record: RecordModel)]) -> [CodeLine] {
        guard configuration.emit.relationships else { return [] }
        let included = Set(records.map(\.index))
        var lines: [CodeLine] = []
        for (_, child) in records where child.isTable {
            for relationship in child.relationships where included.contains(relationship.parentRecord) {
                let parent = model.records[relationship.parentRecord]
                let parentName = SwiftIdentifier.escaped(
                    SwiftIdentifier.parameterName(NameStyle.lowerCamel(parent.typeName)))
                let childName = SwiftIdentifier.escaped(
                    SwiftIdentifier.parameterName(NameStyle.lowerCamel(child.typeName)))
                let columns = relationship.pairs.map { "`\(child.properties[$0.child].column)`" }
                    .joined(separator: ", ")
                // Children: each child column equal to the parent's value.
                var prelude: [CodeLine] = []
                var conditions: [String] = []
                for (position, pair) in relationship.pairs.enumerated() {
                    let property = parent.properties[pair.parent]
                    let local = "key\(position)"
                    if property.isOptional {
                        prelude.append(
                            .line("guard let \(local) = \(parentName).\(property.identifier) else { return [] }"))
                    } else {
                        prelude.append(.line("let \(local) = \(parentName).\(property.identifier)"))
                    }
                    conditions.append("$0.\(child.properties[pair.child].identifier) == \(local)")
                }
                lines.append(.blank)
                lines.append(
                    .block(
                        "extension SQLPostgresTable where Record == \(name(of: child))",
                        docLines(["The `\(child.sqlName)` rows whose \(columns) refer to `\(parentName)`."])
                            + [
                                .block(
                                    "\(access.prefix)func fetch(\(relationship.label) \(parentName): \(name(of: parent))) async throws -> [\(name(of: child))]",
                                    prelude + [
                                        .line(
                                            "return try await fetch(where: { \(conditions.joined(separator: " && ")) })"
                                        )
                                    ])
                            ]))
                // The parent: the row whose columns equal the child's values.
                prelude = []
                conditions = []
                for (position, pair) in relationship.pairs.enumerated() {
                    let property = child.properties[pair.child]
                    let local = "key\(position)"
                    if property.isOptional {
                        prelude.append(
                            .line("guard let \(local) = \(childName).\(property.identifier) else { return nil }"))
                    } else {
                        prelude.append(.line("let \(local) = \(childName).\(property.identifier)"))
                    }
                    conditions.append("$0.\(parent.properties[pair.parent].identifier) == \(local)")
                }
                lines.append(.blank)
                lines.append(
                    .block(
                        "extension SQLPostgresTable where Record == \(name(of: parent))",
                        docLines([
                            "The `\(parent.sqlName)` row that `\(childName)` refers to with \(columns), or nil."
                        ])
                            + [
                                .block(
                                    "\(access.prefix)func find(\(relationship.label) \(childName): \(name(of: child))) async throws -> \(name(of: parent))?",
                                    prelude + [
                                        .line(
                                            "return try await fetchOne(where: { \(conditions.joined(separator: " && ")) })"
                                        )
                                    ])
                            ]))
            }
        }
        return lines
    }
}
