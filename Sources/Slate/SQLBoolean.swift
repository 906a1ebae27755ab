/// Booleans as SQLite's integers, or as two texts other applications write.
public enum SQLBoolean {
    /// How a column stores booleans.
    public enum Storage: Hashable, Sendable {
        /// 1 and 0, SQLite's own booleans (the default): an integer reads as `true` unless
        /// it is 0, a real 0 or 1 as itself.
        case integer
        /// Two texts, one for `true` and one for `false` (`'TRUE'` and `'FALSE'`, as
        /// Windows' notification database stores them). Each reads exactly, case included,
        /// and booleans are written and compared as these texts; any other value throws.
        case text(true: String, false: String)

        /// What the storage holds, for messages: `1 or 0`, `'TRUE' or 'FALSE'`.
        public var summary: String {
            switch self {
            case .integer: return "1 or 0"
            case .text(let yes, let no): return "\(SQLValue.text(yes).sqlLiteral) or \(SQLValue.text(no).sqlLiteral)"
            }
        }
    }

    /// `value` as `storage` stores it.
    @inlinable
    public static func storedValue(_ value: Bool, as storage: Storage) -> SQLValue {
        switch storage {
        case .integer: return .integer(value ? 1 : 0)
        case .text(let yes, let no): return .text(value ? yes : no)
        }
    }
}
