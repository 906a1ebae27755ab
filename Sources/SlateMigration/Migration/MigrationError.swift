import Slate
import SlateSchema

/// Why a migration or a schema change did not happen. The database is as it was before.
public struct MigrationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, as a value to switch over.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// Two migrations share a name.
        public static let duplicateName = Code(rawValue: "duplicateName")
        /// `migrate(upTo:)` names a migration that is not registered.
        public static let unknownTarget = Code(rawValue: "unknownTarget")
        /// The database has applied migrations the program does not know.
        public static let unknownMigrations = Code(rawValue: "unknownMigrations")
        /// A migration threw; it was rolled back.
        public static let migrationFailed = Code(rawValue: "migrationFailed")
        /// A change left rows whose foreign keys point nowhere; it was rolled back.
        public static let foreignKeyViolation = Code(rawValue: "foreignKeyViolation")
        /// The change would drop a table or data, and that was not allowed.
        public static let destructive = Code(rawValue: "destructive")
        /// A new `NOT NULL` column without a default, on a table that has rows.
        public static let notNullWithoutDefault = Code(rawValue: "notNullWithoutDefault")
        /// A change Slate cannot make (a virtual table's definition, say).
        public static let unsupported = Code(rawValue: "unsupported")
        /// Migrations must start outside a transaction (foreign keys are switched off around them).
        public static let inTransaction = Code(rawValue: "inTransaction")
        /// The planned steps would not reach the desired schema (checked before any is run).
        public static let planMismatch = Code(rawValue: "planMismatch")
        /// A table's rows do not fit its new definition (a CHECK, NOT NULL or UNIQUE
        /// constraint, or a STRICT type, that they break): change them first.
        public static let rowsRefused = Code(rawValue: "rowsRefused")
        /// The database's schema changed after the plan was made: plan again.
        public static let schemaChanged = Code(rawValue: "schemaChanged")
    }

    /// What went wrong.
    public var code: Code
    /// What went wrong, in words.
    public var message: String
    /// The migration it happened in, if any.
    public var migration: String?
    /// SQLite's error, when SQLite refused a statement.
    public var underlying: SQLError?

    /// Creates an error.
    public init(_ code: Code, _ message: String, migration: String? = nil, underlying: SQLError? = nil) {
        self.code = code
        self.message = message
        self.migration = migration
        self.underlying = underlying
    }

    /// `migration 'name' failed: message`, or the message.
    public var description: String {
        guard let migration else { return message }
        return "migration '\(migration)' failed: \(message)"
    }
}
