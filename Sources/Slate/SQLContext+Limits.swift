import SlateCSQLite

extension SQLContext {
    /// One of SQLite's run-time limits (`sqlite3_limit`): how long a string or blob, a
    /// statement, an expression may be, how many columns, attached databases, and so on.
    public struct Limit: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }

        /// The largest string or blob, in bytes.
        public static let length = Limit(rawValue: SQLITE_LIMIT_LENGTH)
        /// The longest SQL text, in bytes.
        public static let sqlLength = Limit(rawValue: SQLITE_LIMIT_SQL_LENGTH)
        /// The most columns in a table, result, index, `ORDER BY` or `GROUP BY`.
        public static let column = Limit(rawValue: SQLITE_LIMIT_COLUMN)
        /// The deepest expression tree.
        public static let expressionDepth = Limit(rawValue: SQLITE_LIMIT_EXPR_DEPTH)
        /// The most terms in a compound `SELECT`.
        public static let compoundSelect = Limit(rawValue: SQLITE_LIMIT_COMPOUND_SELECT)
        /// The most virtual-machine instructions in one statement.
        public static let vdbeOperations = Limit(rawValue: SQLITE_LIMIT_VDBE_OP)
        /// The most arguments to a function.
        public static let functionArguments = Limit(rawValue: SQLITE_LIMIT_FUNCTION_ARG)
        /// The most attached databases.
        public static let attached = Limit(rawValue: SQLITE_LIMIT_ATTACHED)
        /// The longest `LIKE` or `GLOB` pattern.
        public static let likePatternLength = Limit(rawValue: SQLITE_LIMIT_LIKE_PATTERN_LENGTH)
        /// The largest parameter number (`?NNN`).
        public static let variableNumber = Limit(rawValue: SQLITE_LIMIT_VARIABLE_NUMBER)
        /// The deepest recursion of triggers.
        public static let triggerDepth = Limit(rawValue: SQLITE_LIMIT_TRIGGER_DEPTH)

        public var description: String {
            switch self {
            case .length: return "length"
            case .sqlLength: return "sqlLength"
            case .column: return "column"
            case .expressionDepth: return "expressionDepth"
            case .compoundSelect: return "compoundSelect"
            case .vdbeOperations: return "vdbeOperations"
            case .functionArguments: return "functionArguments"
            case .attached: return "attached"
            case .likePatternLength: return "likePatternLength"
            case .variableNumber: return "variableNumber"
            case .triggerDepth: return "triggerDepth"
            default: return "limit \(rawValue)"
            }
        }

        /// The limits SQLite's guide to untrusted databases suggests ("Defense Against the
        /// Dark Arts"), which ``Configuration/untrusted`` applies.
        public static let untrustedDefaults: [Limit: Int32] = [
            .length: 1_000_000, .sqlLength: 100_000, .column: 100, .expressionDepth: 10, .compoundSelect: 3,
            .vdbeOperations: 25_000, .functionArguments: 8, .attached: 0, .likePatternLength: 50,
            .variableNumber: 10, .triggerDepth: 10,
        ]
    }

    /// The current value of `limit` on this connection.
    public func limit(_ limit: Limit) -> Int32 {
        guard let db = connection.db else { return 0 }
        return sqlite3_limit(db, limit.rawValue, -1)
    }

    /// Lowers (or raises, up to the compile-time maximum) `limit` on this connection.
    /// Statements that break it fail with `SQLITE_TOOBIG` or `SQLITE_ERROR`.
    public func setLimit(_ limit: Limit, to value: Int32) {
        guard let db = connection.db else { return }
        sqlite3_limit(db, limit.rawValue, max(0, value))
    }

    /// Applies ``Configuration/isDefensive``: `SQLITE_DBCONFIG_DEFENSIVE` (no writes to the
    /// schema tables, no `writable_schema`, no shadow-table tampering), `trusted_schema`
    /// off (functions and virtual tables not marked innocuous cannot run from the schema:
    /// views, triggers, defaults, indexes, CHECK constraints), and `cell_size_check` on
    /// (corrupt pages are found before they are used). Runs before the schema is read.
    func applyDefensiveSettings() throws {
        guard let db = connection.db else { return }
        for (op, value) in [(SQLITE_DBCONFIG_DEFENSIVE, Int32(1)), (SQLITE_DBCONFIG_TRUSTED_SCHEMA, Int32(0))] {
            var current: Int32 = -1
            let code = slate_db_config_int(db, op, value, &current)
            guard code == SQLITE_OK, current == value else {
                throw SQLError(
                    code: .error,
                    message: "the defensive settings could not be applied (sqlite3_db_config \(op) returned \(code))")
            }
        }
    }
}
