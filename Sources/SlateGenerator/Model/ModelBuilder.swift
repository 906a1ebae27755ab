import Foundation
import Slate
import SlateAnalysis
import SlateSchema

/// Builds the ``DatabaseModel`` from a ``SQLSchema``: names for types, accessors and
/// properties (unique, valid, clear of Swift keywords), Swift types for columns, defaults
/// from SQL `DEFAULT`s, keys and relationships.
struct ModelBuilder {
    let schema: Schema
    let configuration: GeneratorConfiguration
    let typeName: String
    let inputs: [String]
    /// The named queries of the query files, checked against the schema.
    var queries: [AnalyzedQuery] = []

    /// Names generated records have as members (or Swift gives them); a column with one of
    /// these names gets a `Column` suffix on its property.
    static let reservedMemberNames: Set<String> = [
        "self", "Self", "init", "deinit", "subscript", "super", "_", "Type", "Protocol",
        "sqlName", "sqlSelect", "sqlCount", "sqlInsert", "sqlInsertReturning", "insertAssignsRowID", "sqlSelectByRowID",
        "sqlFind",
        "sqlUpdate", "sqlDelete", "bindKey", "bindUpdate", "bindInsert", "insert", "update", "delete", "fetch",
        "find", "hash", "hashValue", "encode", "CodingKeys", "bind", "BindIndices", "save", "sqlUpsert",
        "sqlUpsertReturning", "sqlCreatedColumn", "sqlUpdatedColumn", "timestampedForInsert", "timestampedForUpdate",
    ]

    /// Names the database type has; table accessors with one of them get a `Table` suffix.
    static let reservedAccessorNames: Set<String> = [
        "pool", "close", "transaction", "readTransaction", "insert", "update", "delete", "save", "withReadContext",
        "withWriteContext", "bootstrap", "inMemory", "creationSQL", "schemaVersion", "schemaScripts",
        "postgresSchemaScripts",
        "allowsDoubleQuotedStrings", "init", "self",
        "Type",
        "module", "select", "store",
        // Observation on the database (`db.observe { tx in … }`, `db.changes()`).
        "observe", "changes",
        // What a transaction has besides, which its `Tables` conformance would meet.
        "context",
    ]

    /// - Throws: ``ScriptError`` at a query whose parameters cannot be typed or whose name
    ///   is taken.
    func build() throws -> DatabaseModel {
        try checkTypeRules()
        try checkTimestamps()
        try checkPropertyNames()
        try checkRecordNames()
        var records: [RecordModel] = []
        // Query functions live in the database type's `Queries` namespace.
        // Names slate.json gives are taken before any is made: a name made for one table
        // never meets the name configured for a later one.
        var typeNames = Set<String>(queries.isEmpty ? [typeName] : [typeName, "Queries"])
            .union(configuration.naming.recordTypeNames.values)
        var accessorNames = Set(configuration.naming.tableAccessorNames.values)

        func uniqueTypeName(for sqlName: String) -> String {
            if let custom = configuration.naming.recordTypeNames[sqlName] {
                typeNames.insert(custom)
                return custom
            }
            var candidates: [String] = []
            if configuration.naming.singularizeRecordTypes {
                candidates.append(singularTypeName(sqlName))
            }
            candidates.append(NameStyle.upperCamel(sqlName))
            for candidate in candidates {
                let name =
                    SwiftIdentifier.isReservedTypeName(candidate)
                    ? Self.renamedAwayFromReserved(candidate) : candidate
                if !typeNames.contains(name) {
                    typeNames.insert(name)
                    return name
                }
            }
            return unique(candidates[0], in: &typeNames)
        }

        func uniqueAccessorName(for sqlName: String, typeName: String) -> String {
            if let custom = configuration.naming.tableAccessorNames[sqlName] {
                accessorNames.insert(custom)
                return custom
            }
            var name: String
            if configuration.naming.pluralizeTableAccessors, configuration.naming.recordTypeNames[sqlName] == nil,
                let written = NameStyle.writtenPluralLowerCamel(sqlName)
            {
                // A table named in the plural keeps its own plural (`gpkg_contents` →
                // `gpkgContents` beside `GpkgContent`).
                name = written
            } else {
                // A type renamed away from a reserved name (`StoreRecord`, `RecordRow`) keeps
                // the table's own accessor (`stores`, `records`).
                let base = Self.nameBeforeReservedRename(typeName)
                name =
                    configuration.naming.pluralizeTableAccessors
                    ? NameStyle.pluralLowerCamel(base) : NameStyle.lowerCamel(base)
            }
            if Self.reservedAccessorNames.contains(name) || SwiftIdentifier.keywords.contains(name) { name += "Table" }
            return unique(name, in: &accessorNames)
        }

        for table in schema.tables {
            let recordType = uniqueTypeName(for: table.name)
            records.append(
                tableRecord(
                    table, typeName: recordType, accessor: uniqueAccessorName(for: table.name, typeName: recordType)))
        }
        for view in schema.views {
            let recordType = uniqueTypeName(for: view.name)
            records.append(
                viewRecord(
                    view, typeName: recordType, accessor: uniqueAccessorName(for: view.name, typeName: recordType)))
        }
        // Raw mode's function names come from the snake-cased type and accessor names, which
        // can meet where the Swift names did not (`UrlItem` and `URLItem` are both
        // `url_item`): each is made unique among its kind.
        var rawSingulars: Set<String> = []
        var rawPlurals: Set<String> = []
        for index in records.indices {
            records[index].rawSingular = SwiftIdentifier.unused(records[index].rawSingular, avoiding: rawSingulars)
            rawSingulars.insert(records[index].rawSingular)
            records[index].rawPlural = SwiftIdentifier.unused(records[index].rawPlural, avoiding: rawPlurals)
            rawPlurals.insert(records[index].rawPlural)
        }
        if configuration.emit.relationships {
            for index in records.indices where records[index].isTable {
                records[index].relationships = relationships(of: schema.tables[index], records: records)
            }
        }
        var functionNames = accessorNames.union(Self.reservedAccessorNames)
        let queryModels = try queries.map { query in
            try queryModel(query, records: records, typeNames: &typeNames, functionNames: &functionNames)
        }
        return DatabaseModel(
            typeName: typeName, inputs: inputs, records: records, queries: queryModels,
            creationStatements: creationStatements(), userVersion: schema.userVersion, configuration: configuration)
    }

    /// A type name for a table whose name is reserved: `Record` added (`Type` →
    /// `TypeRecord`), or `Row` to a name that already ends in `Record` (`Record` →
    /// `RecordRow`, not `RecordRecord`).
    static func renamedAwayFromReserved(_ name: String) -> String {
        name + (name.hasSuffix("Record") ? "Row" : "Record")
    }

    /// The name `renamedAwayFromReserved(_:)` made `typeName` from, or `typeName` itself.
    static func nameBeforeReservedRename(_ typeName: String) -> String {
        for suffix in ["Row", "Record"] where typeName.hasSuffix(suffix) {
            let original = String(typeName.dropLast(suffix.count))
            let isReserved = SwiftIdentifier.isReservedTypeName(original)
            if isReserved, renamedAwayFromReserved(original) == typeName { return original }
        }
        return typeName
    }

    /// The type name for a table: upper camel case with the last word singular when it
    /// reads as a plural (SlateRecords.docc/GeneratedCode.md, "How names are made").
    private func singularTypeName(_ sqlName: String) -> String {
        NameStyle.singularUpperCamel(sqlName)
    }

    func unique(_ name: String, in used: inout Set<String>) -> String {
        var candidate = name
        var number = 2
        while used.contains(candidate) {
            candidate = name + String(number)
            number += 1
        }
        used.insert(candidate)
        return candidate
    }

    // MARK: Records

    private func tableRecord(_ table: Table, typeName: String, accessor: String) -> RecordModel {
        // A compound key is the record's `id` (Identifiable): a column named `id` yields.
        var used = Set<String>(table.primaryKey.count > 1 ? ["id"] : [])
            .union(configuredPropertyNames(table.name, columns: table.columns.map(\.name)))
        var properties: [PropertyModel] = []
        for column in table.columns where column.generation != .hidden {
            let isRowID = table.rowIDAlias?.lowercased() == column.name.lowercased()
            let typing = tableTyping(table, column)
            let type = typing.type
            // A key column is optional unless SQLite keeps NULL out of it: the rowid, a
            // column declared NOT NULL, and every key column of a WITHOUT ROWID or STRICT
            // table (reflected as NOT NULL). SQLite lets other key columns hold NULL, for
            // compatibility, and files that do exist. A dynamic value has its own NULL.
            let isOptional = !column.isNotNull && !isRowID && type != .value
            var property = PropertyModel(
                name: propertyName(table: table.name, column: column.name, used: &used),
                column: column.name, declaredType: column.declaredType, type: type,
                isOptional: isOptional, isGenerated: column.isGenerated, isRowIDAlias: isRowID, defaultValue: nil,
                index: Int32(properties.count), columnDescription: columnDescription(column, table: table),
                dateStorage: typing.dates, uuidStorage: typing.uuids, booleanStorage: typing.booleans)
            property.defaultValue = defaultValue(for: property, column: column, table: table)
            properties.append(property)
        }
        let stamps = timestampColumns(of: table)
        let createdProperty = stamps.created.flatMap { name in
            properties.firstIndex { $0.column.lowercased() == name.lowercased() }
        }
        let updatedProperty = stamps.updated.flatMap { name in
            properties.firstIndex { $0.column.lowercased() == name.lowercased() }
        }
        for index in [createdProperty, updatedProperty].compactMap({ $0 }) {
            // Unset until the insert sets it.
            properties[index].defaultValue = properties[index].isOptional ? "nil" : "SQLTimestamps.unset"
        }
        var key: KeyModel?
        if !table.primaryKey.isEmpty {
            let indices = table.primaryKey.compactMap { name in
                properties.firstIndex { $0.column.lowercased() == name.lowercased() }
            }
            if indices.count == table.primaryKey.count {
                key = KeyModel(propertyIndices: indices, isRowIDAlias: table.rowIDAlias != nil)
            }
        }
        var record = RecordModel(
            kind: .table, sqlName: table.name, typeName: typeName, accessorName: accessor,
            rawSingular: NameStyle.snake(typeName), rawPlural: NameStyle.snake(accessor), createSQL: table.sql,
            properties: properties, key: key, hasRowID: table.hasRowID, relationships: [])
        record.createdProperty = createdProperty
        record.updatedProperty = updatedProperty
        record.insertReadBack = insertReadBack(record, table: table)
        // The insert sets dates the caller's record does not hold: it returns them as stored.
        if record.hasTimestamps, record.insertReadBack == .asBound { record.insertReadBack = .returning }
        record.isVirtual = table.kind == .virtual
        return record
    }

    /// How an insert into `table` learns the row as stored. A virtual table's module and a
    /// table's INSERT triggers may store something other than what was bound, after
    /// `RETURNING` has read it: those are read back with a `SELECT`. Columns SQLite
    /// computes or may convert are read with `RETURNING`; anything else reads back exactly
    /// as bound.
    ///
    /// `save` reads its row back the same way, and its upsert may update a stored row: an
    /// UPDATE trigger may then rewrite that row after `RETURNING` has read it (so such a
    /// table is read back with a `SELECT` too), and a key compared under another collation
    /// than `BINARY` (`COLLATE NOCASE`) keeps the stored row's spelling, not the bound one
    /// (so it is read with `RETURNING`, at least).
    private func insertReadBack(_ record: RecordModel, table: Table) -> RecordModel.InsertReadBack {
        if table.kind == .virtual
            || schema.triggers.contains(where: {
                Self.isInsertTrigger($0, on: table.name) || Self.isTrigger($0, on: table.name, firingOn: "UPDATE")
            })
        {
            return .select
        }
        let keyIndexCollations = schema.indexes(on: table.name).filter { $0.origin == .primaryKey }.flatMap(\.terms)
            .map(\.collation)
        if (table.primaryKeyColumns.map(\.collation) + keyIndexCollations).contains(where: {
            $0.uppercased() != "BINARY"
        }) {
            return .returning
        }
        let changesWhenStored = record.properties.contains { property in
            if property.isGenerated || property.type == .url { return true }
            // Text in a column with NUMERIC or INTEGER affinity (`zip STRING`) that looks
            // like a number is stored as one: '02134' becomes 2134.
            if property.type == .string, !property.declaredType.isEmpty {
                switch Affinity(declaredType: property.declaredType) {
                case .text, .blob: break
                default: return true
                }
            }
            if property.type == .value {
                let declared = property.declaredType.uppercased()
                return !(declared.isEmpty || declared == "ANY")
            }
            return false
        }
        return changesWhenStored ? .returning : .asBound
    }

    /// Whether `trigger` fires on an INSERT into `table`: `INSERT` comes before the `ON`
    /// that names its table.
    static func isInsertTrigger(_ trigger: Trigger, on table: String) -> Bool {
        isTrigger(trigger, on: table, firingOn: "INSERT")
    }

    /// Whether `trigger` fires on `event` (`INSERT`, `UPDATE`, `DELETE`) on `table`: the
    /// event comes before the `ON` that names its table.
    static func isTrigger(_ trigger: Trigger, on table: String, firingOn event: String) -> Bool {
        guard trigger.table.lowercased() == table.lowercased() else { return false }
        // CREATE [TEMP] TRIGGER [IF NOT EXISTS] [schema.]name: the event comes after the
        // name, which may itself be spelled `on` or `insert`.
        let tokens = SQLTokenizer.tokenize(trigger.sql)
        guard var index = tokens.firstIndex(where: { $0.value.uppercased() == "TRIGGER" }) else { return false }
        index += 1
        if index + 2 < tokens.count, tokens[index].value.uppercased() == "IF",
            tokens[index + 1].value.uppercased() == "NOT"
        {
            index += 3
        }
        index += 1
        if index + 1 < tokens.count, tokens[index].kind == .dot { index += 2 }
        for token in tokens[min(index, tokens.count)...] where token.kind != .quotedIdentifier {
            switch token.value.uppercased() {
            case event: return true
            case "ON": return false
            default: continue
            }
        }
        return false
    }

    private func viewRecord(_ view: View, typeName: String, accessor: String) -> RecordModel {
        var used = configuredPropertyNames(view.name, columns: view.columns.map(\.name))
        var properties: [PropertyModel] = []
        for column in view.columns {
            let typing = viewTyping(view, column)
            let type = typing.type
            properties.append(
                PropertyModel(
                    name: propertyName(table: view.name, column: column.name, used: &used), column: column.name,
                    declaredType: column.declaredType ?? "", type: type,
                    isOptional: column.isNullable && type != .value,
                    isGenerated: false, isRowIDAlias: false, defaultValue: nil, index: Int32(properties.count),
                    columnDescription: Self.describe(column),
                    dateStorage: typing.dates, uuidStorage: typing.uuids, booleanStorage: typing.booleans))
        }
        return RecordModel(
            kind: .view, sqlName: view.name, typeName: typeName, accessorName: accessor,
            rawSingular: NameStyle.snake(typeName), rawPlural: NameStyle.snake(accessor), createSQL: view.sql,
            properties: properties, key: nil, hasRowID: false, relationships: [])
    }

    /// What documentation says of a view's or query's result column: its type and where
    /// the type came from.
    static func describe(_ column: ResultColumn) -> String {
        let type = column.declaredType ?? "untyped"
        switch column.typeSource {
        case .column:
            guard let table = column.originTable, let origin = column.originColumn else { return type }
            return type + ", from \(table).\(origin)"
        case .inferred:
            return type + ", inferred from \(column.expression ?? "the expression")"
        case .unknown:
            return "a dynamic value" + (column.expression.map { ": \($0)" } ?? "")
        }
    }

    /// Refuses a property name from `naming.propertyNames` that generated code could not
    /// use: a member every record has, a Swift keyword, or a type generated bodies name
    /// (`SQLRecordCoding`, `Int`), which the property would hide inside the record.
    func checkPropertyNames() throws {
        try checkNames(configuration.naming.propertyNames, setting: "propertyNames", kind: "name", unique: false) {
            name in
            if Self.reservedMemberNames.contains(name) { return "is a member every generated record has" }
            if SwiftIdentifier.keywords.contains(name) { return "is a Swift keyword" }
            if SwiftIdentifier.isReservedTypeName(name) {
                return "names a type generated code uses, which the property would hide"
            }
            return nil
        }
    }

    /// Refuses a type or accessor name from `naming.recordTypeNames` or
    /// `naming.tableAccessorNames` that the generated code could not use: not an
    /// identifier, a type generated code names (`Int`, the database type itself), a member
    /// of the database or of a transaction (`pool`, `context`), or a name given twice.
    func checkRecordNames() throws {
        try checkNames(configuration.naming.recordTypeNames, setting: "recordTypeNames", kind: "type name") { name in
            if SwiftIdentifier.isReservedTypeName(name) {
                return "names a type generated code uses, which the record type would hide"
            }
            if name == typeName { return "is the database type's" }
            return nil
        }
        try checkNames(configuration.naming.tableAccessorNames, setting: "tableAccessorNames", kind: "accessor") {
            name in
            if Self.reservedAccessorNames.contains(name) || SwiftIdentifier.keywords.contains(name) {
                return "the database or its transactions have already"
            }
            return nil
        }
        // Property names: one a column within each table or view, and not `id` where the
        // record's compound key is its `id`.
        for (sqlName, columns, compound) in schema.tables.map({
            ($0.name, $0.columns.map(\.name), $0.primaryKey.count > 1)
        })
            + schema.views.map({ ($0.name, $0.columns.map(\.name), false) })
        {
            var taken: [String: String] = compound ? ["id": "the compound key"] : [:]
            for column in columns {
                guard let name = configuration.naming.propertyNames["\(sqlName).\(column)"] else { continue }
                if let other = taken[name] {
                    throw ConfigurationError(
                        path: configuration.source.path,
                        message:
                            "\"naming.propertyNames\" gives \(sqlName).\(column) the name '\(name)', which \(other) has; choose another"
                    )
                }
                taken[name] = "\(sqlName).\(column)"
            }
        }
    }

    /// The one check of a `naming` map of `slate.json` (`setting`), in key order: each
    /// name is a Swift identifier, not one `refusal` gives a reason against, and, when
    /// `unique`, not given to another key too; else an error naming the key, the `kind` of
    /// name and the reason.
    private func checkNames(
        _ names: [String: String], setting: String, kind: String, unique: Bool = true, refusal: (String) -> String?
    ) throws {
        var given: [String: String] = [:]
        for (key, name) in names.sorted(by: { $0.key < $1.key }) {
            let reason: String?
            if name.isEmpty || name.first!.isNumber || !name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
                reason = "is not a Swift identifier"
            } else if let refused = refusal(name) {
                reason = refused
            } else if unique, let other = given[name] {
                reason = "is given to \(other) too"
            } else {
                reason = nil
            }
            if let reason {
                throw ConfigurationError(
                    path: configuration.source.path,
                    message: "\"naming.\(setting)\" gives \(key) the \(kind) '\(name)', which \(reason); choose another"
                )
            }
            given[name] = key
        }
    }

    /// The property names `naming.propertyNames` gives the columns of the table or view
    /// `sqlName`: taken before any is made, so a made name never meets a configured one.
    func configuredPropertyNames(_ sqlName: String, columns: [String]) -> Set<String> {
        Set(columns.compactMap { configuration.naming.propertyNames["\(sqlName).\($0)"] })
    }

    func propertyName(table: String, column: String, used: inout Set<String>) -> String {
        if let custom = configuration.naming.propertyNames["\(table).\(column)"] {
            used.insert(custom)
            return custom
        }
        var name = NameStyle.lowerCamel(column)
        while Self.reservedMemberNames.contains(name) { name += "Column" }
        return unique(name, in: &used)
    }

    private func columnDescription(_ column: Column, table: Table) -> String {
        var parts = [column.declaredType.isEmpty ? "untyped" : column.declaredType]
        if column.primaryKeyPosition > 0 {
            parts.append(
                table.primaryKey.count > 1
                    ? "PRIMARY KEY (\(column.primaryKeyPosition) of \(table.primaryKey.count))" : "PRIMARY KEY")
        }
        if table.rowIDAlias?.lowercased() == column.name.lowercased() { parts.append("(the rowid)") }
        if column.isNotNull { parts.append("NOT NULL") }
        if let value = column.defaultValue { parts.append("DEFAULT \(value)") }
        switch column.generation {
        case .virtual: parts.append("GENERATED VIRTUAL")
        case .stored: parts.append("GENERATED STORED")
        default: break
        }
        if column.collation.uppercased() != "BINARY" { parts.append("COLLATE \(column.collation)") }
        return parts.joined(separator: " ")
    }

    // MARK: Defaults

    /// The memberwise initializer's default for a property: `Int.min` for a rowid SQLite
    /// assigns, `UUID()` for a UUID key, the SQL `DEFAULT` when it is a literal, nil for an
    /// optional that is not part of the key.
    private func defaultValue(for property: PropertyModel, column: Column, table: Table) -> String? {
        if property.isRowIDAlias { return "Int.min" }
        if property.type == .uuid, column.primaryKeyPosition > 0, table.primaryKey.count == 1 {
            return "UUID()"
        }
        if let sql = column.defaultValue, let value = literalDefault(sql, for: property) {
            return value
        }
        if let sql = column.defaultValue, property.type == .date, let now = NowDefault(defaultSQL: sql),
            now.matches(property.dateStorage)
        {
            return "Date()"
        }
        if property.type == .value, !column.isNotNull, column.primaryKeyPosition == 0 { return ".null" }
        // An optional key is still passed: a NULL key is for rows other tools wrote.
        return property.isOptional && column.primaryKeyPosition == 0 ? "nil" : nil
    }

    private func literalDefault(_ sql: String, for property: PropertyModel) -> String? {
        var tokens = SQLTokenizer.tokenize(sql)
        while tokens.first?.kind == .leftParen && tokens.last?.kind == .rightParen && tokens.count >= 3 {
            tokens = Array(tokens.dropFirst().dropLast())
        }
        var negative = false
        if tokens.count == 2, tokens[0].kind == .operator, tokens[0].value == "-" || tokens[0].value == "+" {
            negative = tokens[0].value == "-"
            tokens.removeFirst()
        }
        guard tokens.count == 1, let token = tokens.first else { return nil }
        let sign = negative ? "-" : ""
        switch (property.type, token.kind) {
        case (_, .keyword) where token.value == "NULL":
            return property.isOptional ? "nil" : (property.type == .value ? ".null" : nil)
        case (.int, .number):
            if let value = Int64(token.value) { return sign + String(value) }
            if token.value.lowercased().hasPrefix("0x"), let value = UInt64(token.value.dropFirst(2), radix: 16) {
                return sign + String(Int64(bitPattern: value))
            }
            return nil
        case (.double, .number):
            guard let value = Double(token.value) else { return nil }
            return sign + "\(value)"
        // A boolean default is carried when the column reads it back as that boolean:
        // 1, 0, TRUE, FALSE for integer booleans; one of the two texts for text booleans
        // (`BOOLEAN DEFAULT 'FALSE'`).
        case (.bool, .number):
            guard property.booleanStorage == .integer, let value = Int64(token.value) else { return nil }
            return value != 0 ? "true" : "false"
        case (.bool, .identifier):
            guard property.booleanStorage == .integer else { return nil }
            switch token.value.uppercased() {
            case "TRUE": return "true"
            case "FALSE": return "false"
            default: return nil
            }
        case (.bool, .string):
            guard case .text(let yes, let no) = property.booleanStorage else { return nil }
            return token.value == yes ? "true" : token.value == no ? "false" : nil
        case (.string, .string):
            return SwiftLiteral.string(token.value)
        case (.string, .number):
            return SwiftLiteral.string(sign + token.value)
        case (.bytes, .blob):
            var bytes: [String] = []
            let hex = Array(token.value)
            guard hex.count % 2 == 0 else { return nil }
            var index = 0
            while index < hex.count {
                guard let byte = UInt8(String(hex[index..<(index + 2)]), radix: 16) else { return nil }
                bytes.append("0x" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2))
                index += 2
            }
            return "[" + bytes.joined(separator: ", ") + "]"
        case (.date, .keyword) where token.value == "CURRENT_TIMESTAMP" || token.value == "CURRENT_DATE":
            return "Date()"
        case (.date, .string):
            guard let date = SQLDate.date(fromText: token.value) else { return nil }
            return "Date(timeIntervalSince1970: \(date.timeIntervalSince1970))"
        case (.date, .number):
            // A number as the column's storage reads it (0 in a column of seconds since 2001
            // is 2001-01-01); none that reads as no date.
            guard let value = Double(sign + token.value) else { return nil }
            let date = SQLDate.date(fromNumber: value, storage: property.dateStorage)
            guard SQLDate.isReadable(date) else { return nil }
            return "Date(timeIntervalSince1970: \(date.timeIntervalSince1970))"
        case (.value, .number):
            if let value = Int64(token.value) { return ".integer(\(sign)\(value))" }
            if let value = Double(token.value) { return ".float(\(sign)\(value))" }
            return nil
        case (.value, .string):
            return ".text(\(SwiftLiteral.string(token.value)))"
        case (.url, .string):
            return nil
        default:
            return nil
        }
    }

    // MARK: Relationships

    private func relationships(of table: Table, records: [RecordModel]) -> [RelationshipModel] {
        guard let child = records.first(where: { $0.isTable && $0.sqlName == table.name }) else { return [] }
        var result: [RelationshipModel] = []
        var perParent: [Int: Int] = [:]
        for key in table.foreignKeys {
            guard
                let parentIndex = records.firstIndex(where: {
                    $0.isTable && $0.sqlName.lowercased() == key.referencedTable.lowercased()
                }),
                let parentTable = schema.table(named: key.referencedTable)
            else { continue }
            perParent[parentIndex, default: 0] += 1
            let parent = records[parentIndex]
            let referenced = key.referencedColumns.isEmpty ? parentTable.primaryKey : key.referencedColumns
            guard referenced.count == key.columns.count else { continue }
            var pairs: [RelationshipModel.ColumnPair] = []
            for (childColumn, parentColumn) in zip(key.columns, referenced) {
                guard
                    let childProperty = child.properties.firstIndex(where: {
                        $0.column.lowercased() == childColumn.lowercased()
                    }),
                    let parentProperty = parent.properties.firstIndex(where: {
                        $0.column.lowercased() == parentColumn.lowercased()
                    }),
                    child.properties[childProperty].type == parent.properties[parentProperty].type
                else { break }
                pairs.append(.init(child: childProperty, parent: parentProperty))
            }
            guard pairs.count == key.columns.count else { continue }
            result.append(
                RelationshipModel(
                    parentRecord: parentIndex, pairs: pairs, label: "for",
                    isOptional: pairs.contains { child.properties[$0.child].isOptional }))
        }
        // Several keys to one parent: label each after its columns (`forReportsTo`).
        for index in result.indices where perParent[result[index].parentRecord, default: 0] > 1 {
            let columns = result[index].pairs.map { child.properties[$0.child].column }
            result[index].label = "for" + NameStyle.keyWords(columns).map(NameStyle.capitalized).joined()
        }
        return result
    }

    // MARK: Creation SQL

    /// Tables, then indexes, views and triggers, in their creation order: every statement
    /// finds what it refers to.
    private func creationStatements() -> [String] {
        var statements = schema.tables.map(\.sql)
        statements += schema.indexes.compactMap(\.sql)
        statements += schema.views.map(\.sql)
        statements += schema.triggers.map(\.sql)
        if schema.userVersion != 0 {
            statements.append("PRAGMA user_version = \(schema.userVersion)")
        }
        return statements
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
