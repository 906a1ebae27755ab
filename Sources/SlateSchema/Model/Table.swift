extension SQLSchema {
    /// A table, as SQLite reports it.
    public struct Table: Codable, Equatable, Sendable {
        /// What kind of table it is.
        public enum Kind: String, Codable, Sendable {
            /// An ordinary table.
            case table
            /// A virtual table (`CREATE VIRTUAL TABLE … USING fts5(…)`).
            case virtual
        }

        /// The table's name.
        public var name: String
        /// Ordinary or virtual.
        public var kind: Kind
        /// The `CREATE TABLE` statement, as SQLite stores it.
        public var sql: String
        /// The columns in declaration order, generated columns included.
        public var columns: [SQLSchema.Column]
        /// The primary key's columns in key order; empty when the table has none declared.
        public var primaryKey: [String]
        /// The column that is an alias of the rowid (`INTEGER PRIMARY KEY`), if one is.
        /// `INT PRIMARY KEY` and `INTEGER PRIMARY KEY DESC` are not aliases.
        public var rowIDAlias: String?
        /// Whether the table is `WITHOUT ROWID`.
        public var isWithoutRowID: Bool
        /// Whether the table is `STRICT`.
        public var isStrict: Bool
        /// Whether a column is `AUTOINCREMENT`.
        public var hasAutoIncrement: Bool
        /// The foreign keys, in SQLite's order.
        public var foreignKeys: [SQLSchema.ForeignKey]

        /// Creates a table.
        public init(
            name: String, kind: Kind = .table, sql: String, columns: [SQLSchema.Column], primaryKey: [String] = [],
            rowIDAlias: String? = nil, isWithoutRowID: Bool = false, isStrict: Bool = false,
            hasAutoIncrement: Bool = false, foreignKeys: [SQLSchema.ForeignKey] = []
        ) {
            self.name = name
            self.kind = kind
            self.sql = sql
            self.columns = columns
            self.primaryKey = primaryKey
            self.rowIDAlias = rowIDAlias
            self.isWithoutRowID = isWithoutRowID
            self.isStrict = isStrict
            self.hasAutoIncrement = hasAutoIncrement
            self.foreignKeys = foreignKeys
        }

        /// Whether rows have a rowid (every table but `WITHOUT ROWID` ones).
        public var hasRowID: Bool { !isWithoutRowID }

        /// The names SQL reaches a rowid by, lower-cased; a column of one of these names hides
        /// that name of the rowid.
        package static let rowIDNames = ["rowid", "_rowid_", "oid"]

        /// The first of ``rowIDNames`` that no column in `columnNames` takes; nil when columns
        /// hide all three.
        package static func rowIDName(avoiding columnNames: [String]) -> String? {
            rowIDNames.first { name in !columnNames.contains { $0.lowercased() == name } }
        }

        /// The column called `name` (compared ignoring ASCII case).
        public func column(named name: String) -> SQLSchema.Column? {
            columns.first { $0.name.lowercased() == name.lowercased() }
        }

        /// The columns of the primary key, in key order.
        public var primaryKeyColumns: [SQLSchema.Column] {
            primaryKey.compactMap(column(named:))
        }
    }
}

extension SQLSchema {
    /// A column of a table.
    public struct Column: Codable, Equatable, Sendable {
        /// Whether and how a column is hidden or generated (`pragma table_xinfo`'s `hidden`).
        public enum Generation: String, Codable, Sendable {
            /// An ordinary column.
            case none
            /// A hidden column of a virtual table.
            case hidden
            /// `GENERATED ALWAYS AS (…) VIRTUAL`: computed when read.
            case virtual
            /// `GENERATED ALWAYS AS (…) STORED`: computed when written.
            case stored
        }

        /// The column's name.
        public var name: String
        /// The type as declared (`VARCHAR(20)`, `INTEGER`, or "" for none).
        public var declaredType: String
        /// The type affinity SQLite derives from the declared type.
        public var affinity: Affinity
        /// Whether the column is `NOT NULL`.
        public var isNotNull: Bool
        /// The `DEFAULT` expression as written, or nil.
        public var defaultValue: String?
        /// The column's position in the primary key, from 1; 0 when not part of it.
        public var primaryKeyPosition: Int
        /// Hidden or generated.
        public var generation: Generation
        /// The collation (`BINARY`, `NOCASE`, `RTRIM`, or a custom one).
        public var collation: String

        /// Creates a column.
        public init(
            name: String, declaredType: String, affinity: Affinity? = nil, isNotNull: Bool = false,
            defaultValue: String? = nil, primaryKeyPosition: Int = 0, generation: Generation = .none,
            collation: String = "BINARY"
        ) {
            self.name = name
            self.declaredType = declaredType
            self.affinity = affinity ?? Affinity(declaredType: declaredType)
            self.isNotNull = isNotNull
            self.defaultValue = defaultValue
            self.primaryKeyPosition = primaryKeyPosition
            self.generation = generation
            self.collation = collation
        }

        /// Whether the column is generated (never inserted or updated).
        public var isGenerated: Bool { generation == .virtual || generation == .stored }
    }
}

/// SQLite's type affinities (https://sqlite.org/datatype3.html#type_affinity).
public enum Affinity: String, Codable, Sendable {
    /// Declared type contains `INT`.
    case integer = "INTEGER"
    /// Declared type contains `CHAR`, `CLOB` or `TEXT`.
    case text = "TEXT"
    /// Declared type contains `BLOB`, or there is none.
    case blob = "BLOB"
    /// Declared type contains `REAL`, `FLOA` or `DOUB`.
    case real = "REAL"
    /// Anything else (`NUMERIC`, `DECIMAL`, `BOOLEAN`, `DATE`, …).
    case numeric = "NUMERIC"

    /// The affinity for a declared type, by SQLite's rules, in SQLite's order.
    public init(declaredType: String) {
        let type = declaredType.uppercased()
        if type.contains("INT") {
            self = .integer
        } else if type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT") {
            self = .text
        } else if type.contains("BLOB") || type.isEmpty {
            self = .blob
        } else if type.contains("REAL") || type.contains("FLOA") || type.contains("DOUB") {
            self = .real
        } else {
            self = .numeric
        }
    }
}

extension SQLSchema {
    /// A foreign key of a table.
    public struct ForeignKey: Codable, Equatable, Sendable {
        /// What happens to the child rows when the parent row changes.
        public enum Action: String, Codable, Sendable {
            /// `NO ACTION`
            case noAction = "NO ACTION"
            /// `RESTRICT`
            case restrict = "RESTRICT"
            /// `SET NULL`
            case setNull = "SET NULL"
            /// `SET DEFAULT`
            case setDefault = "SET DEFAULT"
            /// `CASCADE`
            case cascade = "CASCADE"
        }

        /// The referencing columns of this table, in order.
        public var columns: [String]
        /// The referenced (parent) table.
        public var referencedTable: String
        /// The referenced columns, in order; empty when the key refers to the parent's
        /// primary key without naming it.
        public var referencedColumns: [String]
        /// `ON UPDATE`
        public var onUpdate: Action
        /// `ON DELETE`
        public var onDelete: Action

        /// Creates a foreign key.
        public init(
            columns: [String], referencedTable: String, referencedColumns: [String], onUpdate: Action = .noAction,
            onDelete: Action = .noAction
        ) {
            self.columns = columns
            self.referencedTable = referencedTable
            self.referencedColumns = referencedColumns
            self.onUpdate = onUpdate
            self.onDelete = onDelete
        }
    }
}
