extension SQLSchema {
    /// A view, with what is known of its columns' types.
    public struct View: Codable, Equatable, Sendable {
        /// The view's name.
        public var name: String
        /// The `CREATE VIEW` statement, as SQLite stores it.
        public var sql: String
        /// The result columns, in order.
        public var columns: [ResultColumn]

        /// Creates a view.
        public init(name: String, sql: String, columns: [ResultColumn]) {
            self.name = name
            self.sql = sql
            self.columns = columns
        }
    }
}

/// A column of a view's or a query's result, and what is known of its type.
///
/// The type is given as an SQL declared type (`INTEGER`, `VARCHAR(40)`, `DATETIME`, …) so
/// that one mapping turns table columns and result columns into Swift types alike.
public struct ResultColumn: Codable, Equatable, Sendable {
    /// A table column.
    public struct Origin: Codable, Equatable, Hashable, Sendable {
        /// The table's name.
        public var table: String
        /// The column's name.
        public var column: String

        /// The column `column` of `table`.
        public init(table: String, column: String) {
            self.table = table
            self.column = column
        }
    }

    /// Where the type came from.
    public enum TypeSource: String, Codable, Sendable {
        /// From the table column it reads (SQLite's column metadata).
        case column
        /// Inferred from the expression (`COUNT(*)` is an integer, `AVG` a real, …).
        case inferred
        /// Unknown: a dynamic value.
        case unknown
    }

    /// The column's name in the result, without a `!`/`?` override suffix.
    public var name: String
    /// The declared type it has, or nil when unknown.
    public var declaredType: String?
    /// Whether it can be NULL.
    public var isNullable: Bool
    /// The table it reads, for a plain column reference.
    public var originTable: String?
    /// The column of ``originTable`` it reads.
    public var originColumn: String?
    /// The expression as written, when it is not a plain column.
    public var expression: String?
    /// For an expression whose values are one table column's, unchanged (`max(placed)`,
    /// `coalesce(shipped)`): that column. Its dates are stored as that column stores them.
    /// Nil for a plain column (see ``originTable``) and for anything computed.
    public var valueOrigin: Origin?
    /// Where the type came from.
    public var typeSource: TypeSource

    /// The table column whose values this column holds: ``originTable`` and
    /// ``originColumn`` for a plain column, else ``valueOrigin``.
    public var tableColumn: Origin? {
        if let originTable, let originColumn { return Origin(table: originTable, column: originColumn) }
        return valueOrigin
    }

    /// Creates a result column.
    public init(
        name: String, declaredType: String?, isNullable: Bool, originTable: String? = nil, originColumn: String? = nil,
        expression: String? = nil, typeSource: TypeSource
    ) {
        self.name = name
        self.declaredType = declaredType
        self.isNullable = isNullable
        self.originTable = originTable
        self.originColumn = originColumn
        self.expression = expression
        self.typeSource = typeSource
    }
}
