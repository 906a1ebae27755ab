import Foundation
import Slate

/// How code is generated: read from `slate.json`. Every key is optional; an unknown key is
/// an error that names it. SlateRecords.docc/GeneratedCode.md lists every key with its default.
public struct GeneratorConfiguration: Equatable, Sendable {
    /// The database type's name; by default from the first input's stem
    /// (`contacts-001.sql` → `Contacts`).
    public var databaseTypeName: String?
    /// `public`, `package` or `internal` for generated declarations.
    public var accessLevel: Access = .public
    /// Which parts are generated.
    public var emit = Emit()
    /// Raw-mode settings.
    public var raw = Raw()
    /// Naming.
    public var naming = Naming()
    /// Type mapping.
    public var types = Types()
    /// Types for query result columns and parameters that cannot be inferred (issue 8).
    public var queries = Queries()
    /// The file the configuration was read from, which diagnostics about its settings name
    /// (`slate.json` for one made in code). Not part of its value: two files with the same
    /// settings are equal.
    var source = Source()

    /// Where a configuration was read from; every two are equal.
    struct Source: Equatable, Sendable {
        var path = "slate.json"
        static func == (_: Source, _: Source) -> Bool { true }
    }
    /// Files of a target the plugins leave out (`"exclude": ["legacy/*.sql"]`): paths
    /// relative to the target, `*` matching within one path component. `slate` itself
    /// generates from the inputs it is given.
    public var exclude: [String] = []
    /// Tables and views to leave out of the generated code (`"excludeObjects": ["meta"]`).
    public var excludeObjects: [String] = []
    /// Functions the application registers on its connections, so that views calling them
    /// can be prepared and typed (`"functions": {"sortconcat": {"arguments": 2, "returns": "TEXT"}}`).
    public var functions: [String: ApplicationFunction] = [:]
    /// Whether the schema relies on SQLite's legacy rule that reads a double-quoted word
    /// naming no column as a string (`"doubleQuotedStrings": true`): scripts written for
    /// applications that run with it (`INSERT INTO tags VALUES ("canine")`, a trigger that
    /// compares with `""`). Off by default: a double-quoted word is an identifier, and
    /// generation reports a script, trigger or view that uses one as a string. On, the
    /// scripts replay with the legacy rule, and the generated code's connections use it.
    public var doubleQuotedStrings = false
    /// Which date columns a record sets itself as it is inserted and updated
    /// (`"timestamps": {"created": "made_on", "updated": "changed_on", "tables": {"audit": {"off": true}}}`).
    public var timestamps = Timestamps()
    /// The database engines the schema is generated for (`"engines": ["sqlite", "postgres"]`;
    /// `slate generate --engine` overrides it). SQLite alone by default. With
    /// ``Engine/postgres``, generation renders the schema's PostgreSQL form as a stage of
    /// its own (what does not translate is an error at its line) and the database type
    /// carries it as `postgresSchemaScripts`; the rest of the generated code is SQLite's
    /// either way.
    public var engines: Set<Engine> = [.sqlite]

    /// A database engine the schema is generated for.
    public enum Engine: String, CaseIterable, Sendable {
        /// SQLite: the generated code, as always.
        case sqlite
        /// PostgreSQL: the schema's scripts rendered for it, one a version.
        case postgres
    }

    /// Created and updated timestamps: a created column is set to the time of the insert
    /// when the record leaves it unset, an updated column to the time of every insert and
    /// update. By default the columns named `created_at`, `createdAt` or `created` (and
    /// `updated_at`, `updatedAt`, `updated`), in any case, whose property is a `Date`.
    public struct Timestamps: Equatable, Sendable {
        /// The created column of every table, instead of the usual names.
        public var created: String?
        /// The updated column of every table, instead of the usual names.
        public var updated: String?
        /// No timestamps, except in the tables whose own setting turns them on.
        public var off = false
        /// Settings of single tables, by table name: they win over those above.
        public var tables: [String: Table] = [:]

        /// One table's timestamps.
        public struct Table: Equatable, Sendable {
            /// The table's created column.
            public var created: String?
            /// The table's updated column.
            public var updated: String?
            /// No timestamps in the table (`true`), or timestamps though they are off for
            /// the database (`false`); nil follows the database.
            public var off: Bool?

            /// A table's setting.
            public init(created: String? = nil, updated: String? = nil, off: Bool? = nil) {
                self.created = created
                self.updated = updated
                self.off = off
            }
        }

        /// The usual names of created and updated columns, lower-cased.
        static let createdNames = ["created_at", "createdat", "created"]
        static let updatedNames = ["updated_at", "updatedat", "updated"]

        /// The defaults: the usual names, in every table.
        public init() {}
    }

    /// A function the application registers: how many arguments (−1 for any number) and
    /// the SQL type of its result (nil: unknown, a dynamic value).
    public struct ApplicationFunction: Equatable, Sendable {
        /// The number of arguments, or −1 for any number.
        public var arguments: Int
        /// The SQL type of its result (`TEXT`, `INTEGER`, …), or nil.
        public var returns: String?

        /// A function.
        public init(arguments: Int, returns: String?) {
            self.arguments = arguments
            self.returns = returns
        }
    }
    /// The file name of a database the target bundles as a resource: the database type
    /// then gets `static var module`, opening it read-only from `Bundle.module`. Set by
    /// `slate generate --bundled-resource` (the build plugin passes it), not by `slate.json`.
    public var bundledResource: String?

    /// The defaults.
    public init() {}

    /// Access levels for generated code.
    public enum Access: String, Codable, Sendable {
        case `public`, `package`, `internal`
    }

    /// Which parts of the API are generated.
    ///
    /// By default, the typed API alone: the database type, its table accessors and the
    /// records. The handle-based functions (``attachedFunctions``, ``rawFunctions``) are
    /// generated when asked for, or in raw mode (``api`` off), whose API they are.
    public struct Emit: Equatable, Sendable {
        /// The database type, table accessors and record conformances over SlateRecords.
        /// Off means raw mode: the file needs only the SQLite C module.
        public var api = true
        /// `async` variants of the database API.
        public var async = true
        /// Global `sqlite3_…` functions. Unless set, on in raw mode and off beside the
        /// typed API.
        public var rawFunctions: Bool {
            get { rawFunctionsSetting ?? !api }
            set { rawFunctionsSetting = newValue }
        }
        /// Type-attached functions (`Person.find(2, in: db)`). Unless set, on in raw mode
        /// and off beside the typed API.
        public var attachedFunctions: Bool {
            get { attachedFunctionsSetting ?? !api }
            set { attachedFunctionsSetting = newValue }
        }
        /// Relationship functions from foreign keys.
        public var relationships = true
        /// DocC comments.
        public var documentation = true

        private var rawFunctionsSetting: Bool?
        private var attachedFunctionsSetting: Bool?

        /// Creates the settings. `rawFunctions` and `attachedFunctions` left `nil` follow
        /// `api`: off beside the typed API, on in raw mode.
        public init(
            api: Bool = true, async: Bool = true, rawFunctions: Bool? = nil, attachedFunctions: Bool? = nil,
            relationships: Bool = true,
            documentation: Bool = true
        ) {
            self.api = api
            self.async = async
            self.rawFunctionsSetting = rawFunctions
            self.attachedFunctionsSetting = attachedFunctions
            self.relationships = relationships
            self.documentation = documentation
        }

        /// Whether both generate the same parts.
        public static func == (left: Emit, right: Emit) -> Bool {
            left.api == right.api && left.async == right.async && left.rawFunctions == right.rawFunctions
                && left.attachedFunctions == right.attachedFunctions && left.relationships == right.relationships
                && left.documentation == right.documentation
        }
    }

    /// Raw-mode settings.
    public struct Raw: Equatable, Sendable {
        /// The prefix of global raw functions.
        public var prefix = "sqlite3_"
        /// Creates the settings.
        public init(prefix: String = "sqlite3_") { self.prefix = prefix }
    }

    /// Naming settings.
    public struct Naming: Equatable, Sendable {
        /// Singular record type names for plural table names (`people` → `Person`).
        public var singularizeRecordTypes = true
        /// Plural table accessors (`Person` → `people`).
        public var pluralizeTableAccessors = true
        /// Record types nested in the database type (`Contacts.Person`) instead of top level.
        public var nestRecordTypes = false
        /// Record type names by table or view name.
        public var recordTypeNames: [String: String] = [:]
        /// Table accessor names by table or view name.
        public var tableAccessorNames: [String: String] = [:]
        /// Property names by `table.column`.
        public var propertyNames: [String: String] = [:]

        /// Creates the settings.
        public init(
            singularizeRecordTypes: Bool = true, pluralizeTableAccessors: Bool = true, nestRecordTypes: Bool = false,
            recordTypeNames: [String: String] = [:], tableAccessorNames: [String: String] = [:],
            propertyNames: [String: String] = [:]
        ) {
            self.singularizeRecordTypes = singularizeRecordTypes
            self.pluralizeTableAccessors = pluralizeTableAccessors
            self.nestRecordTypes = nestRecordTypes
            self.recordTypeNames = recordTypeNames
            self.tableAccessorNames = tableAccessorNames
            self.propertyNames = propertyNames
        }
    }

    /// Type-mapping settings.
    public struct Types: Equatable, Sendable {
        /// Swift types by `table.column`.
        public var columns: [String: SwiftType] = [:]
        /// Swift types by declared SQL type (compared ignoring case, with or without size:
        /// `MONEY`, `VARCHAR(10)`).
        public var declaredTypes: [String: SwiftType] = [:]
        /// The type of `NUMERIC` and `DECIMAL` columns.
        public var numeric: SwiftType = .double
        /// How `Date` columns are stored, unless one of the two maps below says otherwise.
        public var dates: SQLDate.Storage = .text
        /// Date storage by `table.column` (`"ZEVENT.ZCREATIONDATE": "secondsSince2001"`);
        /// the column is a `Date` whatever its declared type.
        public var dateColumns: [String: SQLDate.Storage] = [:]
        /// Date storage by declared type, compared ignoring case (`"TIMESTAMP":
        /// "secondsSince2001"`); columns of that type are `Date`s.
        public var dateDeclaredTypes: [String: SQLDate.Storage] = [:]
        /// What an optional date column reads when it holds text that is not a date.
        public var invalidDates: InvalidDates = .throw
        /// How `UUID` columns store UUIDs, unless a rule says otherwise: each column holds
        /// one form, read and bound in that form only.
        public var uuids: SQLUUID.Storage = .text
        /// How `Bool` columns store booleans, unless a rule says otherwise: 1 and 0, or two
        /// texts (`'TRUE'` and `'FALSE'`).
        public var booleans: SQLBoolean.Storage = .integer
        /// Types in bulk: by declared type, column-name pattern and table-name pattern, the
        /// first rule that matches a column deciding it. `types.columns` and
        /// `types.dateColumns` name single columns and win over every rule.
        public var rules: [TypeRule] = []

        /// What reading text that is not a date does.
        public enum InvalidDates: String, Equatable, Sendable {
            /// Throw an error naming the table and column (the default).
            case `throw`
            /// Read nil, in optional columns (`'0000-00-00 00:00:00'` defaults of schemas
            /// ported from MySQL); non-optional columns still throw.
            case `nil`
        }

        /// Creates the settings.
        public init(
            columns: [String: SwiftType] = [:], declaredTypes: [String: SwiftType] = [:], numeric: SwiftType = .double,
            dates: SQLDate.Storage = .text, dateColumns: [String: SQLDate.Storage] = [:],
            dateDeclaredTypes: [String: SQLDate.Storage] = [:], invalidDates: InvalidDates = .throw,
            uuids: SQLUUID.Storage = .text,
            booleans: SQLBoolean.Storage = .integer, rules: [TypeRule] = []
        ) {
            self.columns = columns
            self.declaredTypes = declaredTypes
            self.numeric = numeric
            self.dates = dates
            self.dateColumns = dateColumns
            self.dateDeclaredTypes = dateDeclaredTypes
            self.invalidDates = invalidDates
            self.uuids = uuids
            self.booleans = booleans
            self.rules = rules
        }
    }

    /// One rule of `types.rules`: the columns it matches, by patterns where `*` stands for
    /// any run of characters and letters match either case (as SQLite compares names), and
    /// the Swift type and storage it gives them.
    public struct TypeRule: Equatable, Sendable {
        /// The table or view names it matches (`"Adobe_*"`); nil for any.
        public var table: String?
        /// The column names it matches (`"*_date"`); nil for any.
        public var column: String?
        /// The declared types it matches, whole, without size or by first word
        /// (`"LONG"`, `"VARCHAR*"`; `""` for untyped columns); nil for any.
        public var declaredType: String?
        /// The Swift type it gives.
        public var type: SwiftType
        /// How its `Date` columns store dates.
        public var dates: SQLDate.Storage?
        /// How its `UUID` columns store UUIDs.
        public var uuids: SQLUUID.Storage?
        /// How its `Bool` columns store booleans.
        public var booleans: SQLBoolean.Storage?

        /// A rule; `type` may be left out when a storage implies it.
        public init(
            table: String? = nil, column: String? = nil, declaredType: String? = nil, type: SwiftType? = nil,
            dates: SQLDate.Storage? = nil, uuids: SQLUUID.Storage? = nil, booleans: SQLBoolean.Storage? = nil
        ) {
            self.table = table
            self.column = column
            self.declaredType = declaredType
            self.type = type ?? (dates != nil ? .date : uuids != nil ? .uuid : booleans != nil ? .bool : .value)
            self.dates = dates
            self.uuids = uuids
            self.booleans = booleans
        }

        /// Whether the rule matches a column; `table` and `column` nil for a value that is
        /// no column (`CAST(:p AS LONG)`), which only a rule by declared type alone matches.
        func matches(table: String?, column: String?, declaredType: String) -> Bool {
            if let pattern = self.table { guard let table, Self.glob(pattern, table) else { return false } }
            if let pattern = self.column { guard let column, Self.glob(pattern, column) else { return false } }
            if let pattern = self.declaredType {
                let forms =
                    declaredType.trimmingCharacters(in: .whitespaces).isEmpty
                    ? [""] : TypeMapping.lookupForms(of: declaredType)
                guard forms.contains(where: { Self.glob(pattern.trimmingCharacters(in: .whitespaces), $0) }) else {
                    return false
                }
            }
            return true
        }

        /// Whether `text` matches `pattern`, `*` standing for any run of characters, ASCII
        /// letters in either case.
        static func glob(_ pattern: String, _ text: String) -> Bool {
            let pieces = pattern.lowercased().split(separator: "*", omittingEmptySubsequences: false)
            var rest = Substring(text.lowercased())
            guard pieces.count > 1 else { return rest == pieces[0] }
            guard rest.hasPrefix(pieces[0]) else { return false }
            rest = rest.dropFirst(pieces[0].count)
            for piece in pieces.dropFirst().dropLast() where !piece.isEmpty {
                guard let range = rest.range(of: piece) else { return false }
                rest = rest[range.upperBound...]
            }
            return rest.hasSuffix(pieces[pieces.count - 1])
        }

        /// The rule as written, for messages: `{"column": "*_date", "type": "Date"}`.
        var summary: String {
            var parts: [String] = []
            func add(_ key: String, _ value: String?) {
                if let value { parts.append("\"\(key)\": \"\(value)\"") }
            }
            add("table", table)
            add("column", column)
            add("declaredType", declaredType)
            add("type", type.rawValue)
            add("dates", dates?.rawValue)
            add("uuids", uuids?.rawValue)
            if let booleans {
                switch booleans {
                case .integer: add("booleans", "integer")
                case .text(let yes, let no): parts.append("\"booleans\": {\"true\": \"\(yes)\", \"false\": \"\(no)\"}")
                }
            }
            return "{" + parts.joined(separator: ", ") + "}"
        }
    }

    /// Settings for query files.
    public struct Queries: Equatable, Sendable {
        /// Swift types by `queryName.column` for result columns, and
        /// `queryName.:parameter` for parameters.
        public var types: [String: SwiftType] = [:]
        /// Creates the settings.
        public init(types: [String: SwiftType] = [:]) { self.types = types }
    }

    /// The Swift types a column can map to.
    public enum SwiftType: String, Codable, Equatable, Sendable, CaseIterable {
        case int = "Int"
        case double = "Double"
        case string = "String"
        case bool = "Bool"
        case bytes = "[UInt8]"
        case date = "Date"
        case uuid = "UUID"
        case url = "URL"
        case value = "SQLValue"
    }
}

// MARK: - Reading slate.json

extension GeneratorConfiguration {
    /// Reads `slate.json` text; `path` names the file in errors.
    public static func parse(_ data: Data, path: String = "slate.json") throws -> GeneratorConfiguration {
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw ConfigurationError(path: path, message: "not valid JSON: \(error.localizedDescription)")
        }
        var reader = ConfigurationReader(path: path)
        var configuration = try reader.read(json)
        configuration.source.path = path
        return configuration
    }

    /// Reads the file at `path`.
    public static func load(path: String) throws -> GeneratorConfiguration {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError(path: path, message: "cannot read the file")
        }
        return try parse(data, path: path)
    }
}

/// A problem in `slate.json`: `path: error: message`.
public struct ConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file.
    public var path: String
    /// What is wrong, naming the key.
    public var message: String

    /// `path: error: message`, as ``Diagnostic`` renders it.
    public var description: String { Diagnostic(self, at: nil).description }
}

/// Walks the JSON object key by key, so that each wrong or unknown key is named.
private struct ConfigurationReader {
    let path: String

    func fail(_ message: String) -> ConfigurationError {
        ConfigurationError(path: path, message: message)
    }

    func object(_ value: Any, _ key: String) throws -> [String: Any] {
        guard let object = value as? [String: Any] else { throw fail("\"\(key)\" must be an object") }
        return object
    }

    func checkKeys(_ object: [String: Any], allowed: [String], in parent: String) throws {
        for key in object.keys.sorted() where !allowed.contains(key) && !key.hasPrefix("//") {
            let name = parent.isEmpty ? key : "\(parent).\(key)"
            throw fail(
                "unknown key \"\(name)\"; known keys\(parent.isEmpty ? "" : " in \"\(parent)\"") are \(allowed.map { "\"\($0)\"" }.joined(separator: ", "))"
            )
        }
    }

    func bool(_ value: Any?, _ key: String, _ current: Bool) throws -> Bool {
        guard let value else { return current }
        guard let bool = value as? Bool else { throw fail("\"\(key)\" must be true or false") }
        return bool
    }

    func string(_ value: Any?, _ key: String) throws -> String? {
        guard let value else { return nil }
        guard let string = value as? String else { throw fail("\"\(key)\" must be a string") }
        return string
    }

    func stringMap(_ value: Any?, _ key: String) throws -> [String: String] {
        guard let value else { return [:] }
        guard let object = value as? [String: Any] else { throw fail("\"\(key)\" must be an object of strings") }
        var result: [String: String] = [:]
        for (name, item) in object {
            guard let text = item as? String else { throw fail("\"\(key).\(name)\" must be a string") }
            result[name] = text
        }
        return result
    }

    func swiftType(_ value: Any, _ key: String) throws -> GeneratorConfiguration.SwiftType {
        let names = GeneratorConfiguration.SwiftType.allCases.map(\.rawValue)
        guard let text = value as? String,
            let type = GeneratorConfiguration.SwiftType(rawValue: text == "Bytes" ? "[UInt8]" : text)
        else {
            throw fail("\"\(key)\" must be one of \(names.map { "\"\($0)\"" }.joined(separator: ", "))")
        }
        return type
    }

    func dateStorage(_ value: Any, _ key: String) throws -> SQLDate.Storage {
        guard let text = value as? String, let storage = SQLDate.Storage(rawValue: text) else {
            let names = SQLDate.Storage.allCases.map { "\"\($0.rawValue)\"" }
            throw fail("\"\(key)\" must be one of \(names.joined(separator: ", "))")
        }
        return storage
    }

    func uuidStorage(_ value: Any, _ key: String) throws -> SQLUUID.Storage {
        guard let text = value as? String, let storage = SQLUUID.Storage(rawValue: text) else {
            let names = SQLUUID.Storage.allCases.map { "\"\($0.rawValue)\"" }
            throw fail("\"\(key)\" must be one of \(names.joined(separator: ", "))")
        }
        return storage
    }

    /// `"integer"`, or `{"true": "TRUE", "false": "FALSE"}`: two different texts.
    func booleanStorage(_ value: Any, _ key: String) throws -> SQLBoolean.Storage {
        if let text = value as? String, text == "integer" { return .integer }
        let shape =
            "\"\(key)\" must be \"integer\" or an object of two texts, {\"true\": \"TRUE\", \"false\": \"FALSE\"}"
        guard let object = value as? [String: Any] else { throw fail(shape) }
        try checkKeys(object, allowed: ["true", "false"], in: key)
        guard let yes = object["true"] as? String, let no = object["false"] as? String else { throw fail(shape) }
        guard yes != no else { throw fail("\"\(key)\" must have two different texts; both are \"\(yes)\"") }
        guard !yes.utf8.contains(0), !no.utf8.contains(0) else {
            throw fail("\"\(key)\" texts must not hold a NUL character")
        }
        return .text(true: yes, false: no)
    }

    /// One of `types.rules`: at least one pattern to match, and a type or a storage.
    func rule(_ value: Any, _ key: String) throws -> GeneratorConfiguration.TypeRule {
        let object = try self.object(value, key)
        try checkKeys(
            object, allowed: ["table", "column", "declaredType", "type", "dates", "uuids", "booleans"], in: key)
        let table = try string(object["table"], "\(key).table")
        let column = try string(object["column"], "\(key).column")
        let declaredType = try string(object["declaredType"], "\(key).declaredType")
        guard table != nil || column != nil || declaredType != nil else {
            throw fail("\"\(key)\" matches every column: give it a \"table\", \"column\" or \"declaredType\" pattern")
        }
        for (name, pattern) in [("table", table), ("column", column)] where pattern?.isEmpty == true {
            throw fail("\"\(key).\(name)\" is empty and matches no name; \"*\" matches any")
        }
        let type = try object["type"].map { try swiftType($0, "\(key).type") }
        let dates = try object["dates"].map { try dateStorage($0, "\(key).dates") }
        let uuids = try object["uuids"].map { try uuidStorage($0, "\(key).uuids") }
        let booleans = try object["booleans"].map { try booleanStorage($0, "\(key).booleans") }
        let storages = [
            ("dates", dates != nil, GeneratorConfiguration.SwiftType.date), ("uuids", uuids != nil, .uuid),
            ("booleans", booleans != nil, .bool),
        ]
        .filter(\.1)
        guard type != nil || !storages.isEmpty else {
            throw fail(
                "\"\(key)\" gives nothing: give it a \"type\" (or a \"dates\", \"uuids\" or \"booleans\" storage)")
        }
        if storages.count > 1 {
            throw fail(
                "\"\(key)\" gives \(storages.map { "\"\($0.0)\"" }.joined(separator: " and ")): a column holds one type"
            )
        }
        if let storage = storages.first, let type, type != storage.2 {
            throw fail(
                "\"\(key).\(storage.0)\" is a storage of \(storage.2.rawValue) columns, and the rule's type is \(type.rawValue)"
            )
        }
        return GeneratorConfiguration.TypeRule(
            table: table, column: column, declaredType: declaredType, type: type, dates: dates, uuids: uuids,
            booleans: booleans)
    }

    func typeMap(_ value: Any?, _ key: String) throws -> [String: GeneratorConfiguration.SwiftType] {
        guard let value else { return [:] }
        var result: [String: GeneratorConfiguration.SwiftType] = [:]
        for (name, item) in try object(value, key) {
            result[name] = try swiftType(item, "\(key).\(name)")
        }
        return result
    }

    /// `"engines"`: a non-empty array of engine names.
    func engines(_ value: Any) throws -> Set<GeneratorConfiguration.Engine> {
        let names = GeneratorConfiguration.Engine.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        guard let items = value as? [Any], !items.isEmpty else {
            throw fail("\"engines\" must be a non-empty array of engine names: \(names)")
        }
        var engines: Set<GeneratorConfiguration.Engine> = []
        for item in items {
            guard let text = item as? String, let engine = GeneratorConfiguration.Engine(rawValue: text) else {
                let shown = (item as? String).map { "\"\($0)\"" } ?? "\(item)"
                throw fail("\"engines\" names \(shown), which is no engine; the engines are \(names)")
            }
            engines.insert(engine)
        }
        return engines
    }

    mutating func read(_ json: Any) throws -> GeneratorConfiguration {
        let root = try object(json, "the configuration")
        try checkKeys(
            root,
            allowed: [
                "databaseTypeName", "accessLevel", "emit", "raw", "naming", "types", "queries", "exclude",
                "excludeObjects", "functions",
                "doubleQuotedStrings", "timestamps", "engines",
            ],
            in: "")
        var configuration = GeneratorConfiguration()
        configuration.databaseTypeName = try string(root["databaseTypeName"], "databaseTypeName")
        configuration.doubleQuotedStrings = try bool(root["doubleQuotedStrings"], "doubleQuotedStrings", false)
        if let value = root["exclude"] {
            guard let patterns = value as? [String] else { throw fail("\"exclude\" must be an array of path patterns") }
            configuration.exclude = patterns
        }
        if let value = root["engines"] {
            configuration.engines = try engines(value)
        }
        if let value = root["excludeObjects"] {
            guard let names = value as? [String] else {
                throw fail("\"excludeObjects\" must be an array of table and view names")
            }
            configuration.excludeObjects = names
        }
        if let value = root["functions"] {
            for (name, item) in try object(value, "functions") {
                let function = try object(item, "functions.\(name)")
                try checkKeys(function, allowed: ["arguments", "returns"], in: "functions.\(name)")
                guard let arguments = function["arguments"] as? Int, (-1...127).contains(arguments) else {
                    throw fail(
                        "\"functions.\(name).arguments\" must be a number of arguments from 0 to 127, or -1 for any number"
                    )
                }
                configuration.functions[name] = GeneratorConfiguration.ApplicationFunction(
                    arguments: arguments, returns: try string(function["returns"], "functions.\(name).returns"))
            }
        }
        if let access = try string(root["accessLevel"], "accessLevel") {
            guard let level = GeneratorConfiguration.Access(rawValue: access) else {
                throw fail("\"accessLevel\" must be \"public\", \"package\" or \"internal\"")
            }
            configuration.accessLevel = level
        }
        if let value = root["emit"] {
            let emit = try object(value, "emit")
            try checkKeys(
                emit, allowed: ["api", "async", "rawFunctions", "attachedFunctions", "relationships", "documentation"],
                in: "emit")
            configuration.emit.api = try bool(emit["api"], "emit.api", true)
            configuration.emit.async = try bool(emit["async"], "emit.async", true)
            if emit["rawFunctions"] != nil {
                configuration.emit.rawFunctions = try bool(emit["rawFunctions"], "emit.rawFunctions", false)
            }
            if emit["attachedFunctions"] != nil {
                configuration.emit.attachedFunctions = try bool(
                    emit["attachedFunctions"], "emit.attachedFunctions", false)
            }
            configuration.emit.relationships = try bool(emit["relationships"], "emit.relationships", true)
            configuration.emit.documentation = try bool(emit["documentation"], "emit.documentation", true)
        }
        if let value = root["raw"] {
            let raw = try object(value, "raw")
            try checkKeys(raw, allowed: ["prefix"], in: "raw")
            if let prefix = try string(raw["prefix"], "raw.prefix") {
                guard !prefix.isEmpty, NameStyle.identifier(prefix) == prefix else {
                    throw fail("\"raw.prefix\" must start a Swift identifier, like \"sqlite3_\"")
                }
                configuration.raw.prefix = prefix
            }
        }
        if let value = root["naming"] {
            let naming = try object(value, "naming")
            try checkKeys(
                naming,
                allowed: [
                    "singularizeRecordTypes", "pluralizeTableAccessors", "nestRecordTypes", "recordTypeNames",
                    "tableAccessorNames", "propertyNames",
                ], in: "naming")
            configuration.naming.singularizeRecordTypes = try bool(
                naming["singularizeRecordTypes"], "naming.singularizeRecordTypes", true)
            configuration.naming.pluralizeTableAccessors = try bool(
                naming["pluralizeTableAccessors"], "naming.pluralizeTableAccessors", true)
            configuration.naming.nestRecordTypes = try bool(naming["nestRecordTypes"], "naming.nestRecordTypes", false)
            configuration.naming.recordTypeNames = try stringMap(naming["recordTypeNames"], "naming.recordTypeNames")
            configuration.naming.tableAccessorNames = try stringMap(
                naming["tableAccessorNames"], "naming.tableAccessorNames")
            configuration.naming.propertyNames = try stringMap(naming["propertyNames"], "naming.propertyNames")
        }
        if let value = root["types"] {
            let types = try object(value, "types")
            try checkKeys(
                types,
                allowed: [
                    "columns", "declaredTypes", "numeric", "dates", "dateColumns", "dateDeclaredTypes", "invalidDates",
                    "uuids", "booleans", "rules",
                ],
                in: "types")
            configuration.types.columns = try typeMap(types["columns"], "types.columns")
            configuration.types.declaredTypes = try typeMap(types["declaredTypes"], "types.declaredTypes")
            if let numeric = types["numeric"] { configuration.types.numeric = try swiftType(numeric, "types.numeric") }
            if let dates = types["dates"] { configuration.types.dates = try dateStorage(dates, "types.dates") }
            for (key, name) in [
                ("dateColumns", \GeneratorConfiguration.Types.dateColumns), ("dateDeclaredTypes", \.dateDeclaredTypes),
            ] {
                guard let value = types[key] else { continue }
                for (entry, item) in try object(value, "types.\(key)") {
                    configuration.types[keyPath: name][entry] = try dateStorage(item, "types.\(key).\(entry)")
                }
            }
            if let invalid = try string(types["invalidDates"], "types.invalidDates") {
                guard let choice = GeneratorConfiguration.Types.InvalidDates(rawValue: invalid) else {
                    throw fail("\"types.invalidDates\" must be \"throw\" or \"nil\"")
                }
                configuration.types.invalidDates = choice
            }
            if let uuids = types["uuids"] { configuration.types.uuids = try uuidStorage(uuids, "types.uuids") }
            if let booleans = types["booleans"] {
                configuration.types.booleans = try booleanStorage(booleans, "types.booleans")
            }
            if let value = types["rules"] {
                guard let rules = value as? [Any] else { throw fail("\"types.rules\" must be an array of rules") }
                configuration.types.rules = try rules.enumerated().map { try rule($1, "types.rules[\($0)]") }
            }
        }
        if let value = root["timestamps"] {
            let timestamps = try object(value, "timestamps")
            try checkKeys(timestamps, allowed: ["created", "updated", "off", "tables"], in: "timestamps")
            configuration.timestamps.created = try string(timestamps["created"], "timestamps.created")
            configuration.timestamps.updated = try string(timestamps["updated"], "timestamps.updated")
            configuration.timestamps.off = try bool(timestamps["off"], "timestamps.off", false)
            if let tables = timestamps["tables"] {
                for (name, item) in try object(tables, "timestamps.tables") {
                    let key = "timestamps.tables.\(name)"
                    let table = try object(item, key)
                    try checkKeys(table, allowed: ["created", "updated", "off"], in: key)
                    configuration.timestamps.tables[name] = GeneratorConfiguration.Timestamps.Table(
                        created: try string(table["created"], "\(key).created"),
                        updated: try string(table["updated"], "\(key).updated"),
                        off: try table["off"].map { try bool($0, "\(key).off", false) })
                }
            }
            for (key, name) in [
                ("timestamps.created", configuration.timestamps.created),
                ("timestamps.updated", configuration.timestamps.updated),
            ]
            where name?.isEmpty == true {
                throw fail("\"\(key)\" is empty and names no column")
            }
        }
        if let value = root["queries"] {
            let queries = try object(value, "queries")
            try checkKeys(queries, allowed: ["types"], in: "queries")
            configuration.queries.types = try typeMap(queries["types"], "queries.types")
        }
        return configuration
    }
}
