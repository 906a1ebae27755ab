extension SQLSchema {
    /// An index, created with `CREATE INDEX` or by SQLite for a constraint.
    public struct Index: Codable, Equatable, Sendable {
        /// Where the index comes from (`pragma index_list`'s `origin`).
        public enum Origin: String, Codable, Sendable {
            /// `CREATE INDEX`
            case createIndex = "c"
            /// A `UNIQUE` constraint.
            case unique = "u"
            /// A `PRIMARY KEY` constraint.
            case primaryKey = "pk"
        }

        /// One indexed term: a column, or an expression.
        public struct Term: Codable, Equatable, Sendable {
            /// The column, or nil for an expression.
            public var column: String?
            /// Whether the term sorts descending.
            public var isDescending: Bool
            /// The collation.
            public var collation: String

            /// Creates a term.
            public init(column: String?, isDescending: Bool = false, collation: String = "BINARY") {
                self.column = column
                self.isDescending = isDescending
                self.collation = collation
            }
        }

        /// The index's name (`sqlite_autoindex_…` for those SQLite made).
        public var name: String
        /// The indexed table.
        public var table: String
        /// Whether the index enforces uniqueness.
        public var isUnique: Bool
        /// Where the index comes from.
        public var origin: Origin
        /// Whether it has a `WHERE` clause.
        public var isPartial: Bool
        /// The key terms, in order.
        public var terms: [Term]
        /// The `CREATE INDEX` statement, or nil for an index SQLite made.
        public var sql: String?

        /// Creates an index.
        public init(
            name: String, table: String, isUnique: Bool, origin: Origin, isPartial: Bool = false, terms: [Term],
            sql: String? = nil
        ) {
            self.name = name
            self.table = table
            self.isUnique = isUnique
            self.origin = origin
            self.isPartial = isPartial
            self.terms = terms
            self.sql = sql
        }

        /// Whether some term is an expression rather than a column.
        public var hasExpressions: Bool { terms.contains { $0.column == nil } }
    }
}

extension SQLSchema {
    /// A trigger.
    public struct Trigger: Codable, Equatable, Sendable {
        /// The trigger's name.
        public var name: String
        /// The table or view it is on.
        public var table: String
        /// The `CREATE TRIGGER` statement.
        public var sql: String

        /// Creates a trigger.
        public init(name: String, table: String, sql: String) {
            self.name = name
            self.table = table
            self.sql = sql
        }
    }
}
