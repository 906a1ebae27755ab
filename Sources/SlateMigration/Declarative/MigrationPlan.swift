import Slate
import SlateSchema

/// One step of a ``MigrationPlan``: the statements that make one change.
public struct MigrationStep: Equatable, Sendable {
    /// What the step changes.
    public enum Kind: String, Equatable, Sendable {
        /// `CREATE TABLE`
        case createTable
        /// `DROP TABLE`: destructive.
        case dropTable
        /// `ALTER TABLE … RENAME TO`, from a rename hint.
        case renameTable
        /// `ALTER TABLE … RENAME COLUMN`, from a rename hint.
        case renameColumn
        /// `ALTER TABLE … ADD COLUMN`
        case addColumn
        /// The 12-step rebuild: a new table, the rows copied, the old one dropped, the new one renamed.
        case rebuildTable
        /// `CREATE INDEX`
        case createIndex
        /// `DROP INDEX`
        case dropIndex
        /// `CREATE VIEW`
        case createView
        /// `DROP VIEW`
        case dropView
        /// `CREATE TRIGGER`
        case createTrigger
        /// `DROP TRIGGER`
        case dropTrigger
        /// `PRAGMA user_version`
        case setUserVersion
    }

    /// What the step changes.
    public var kind: Kind
    /// The table, index, view or trigger it changes.
    public var object: String
    /// The step in words (`add column orders.note`).
    public var summary: String
    /// The SQL, statement by statement.
    public var statements: [String]
    /// Whether the step drops a table, or a column that holds data, or rewrites stored
    /// values (a type change whose affinity converts them, NULLs given a default by a
    /// column made `NOT NULL`).
    public var isDestructive: Bool
    /// For a rebuild, the rows it copies.
    public var rowCount: Int?
    /// Scripts whose last statement returns a row (an example, in words) when the step
    /// would change a stored value. Run again inside the transaction that applies the
    /// plan, so that rows written after planning are judged too.
    var valueChecks: [String] = []
}

/// The ordered steps that take a live database to a desired schema: `ALTER TABLE` where
/// SQLite can, the 12-step table rebuild where it cannot, and the indexes, views and
/// triggers around them. Made by ``SchemaPlanner``, which checks it reaches the desired
/// schema on a copy of the live schema before returning it.
public struct MigrationPlan: Sendable {
    /// The steps, in order.
    public var steps: [MigrationStep]
    /// The schema the plan was made from (`sqlite_schema`, as text), when known: applying
    /// refuses a database whose schema is no longer this one.
    var base: String?

    /// A plan of `steps`; applying it checks no base schema.
    public init(steps: [MigrationStep]) {
        self.steps = steps
    }

    init(steps: [MigrationStep], base: String) {
        self.steps = steps
        self.base = base
    }

    /// Whether the database already has the desired schema.
    public var isEmpty: Bool { steps.isEmpty }

    /// The steps that drop a table or a column holding data.
    public var destructiveSteps: [MigrationStep] { steps.filter(\.isDestructive) }

    /// The plan as a script: foreign keys off, one transaction, the check that replaces
    /// foreign-key enforcement, commit.
    public var script: String {
        guard !steps.isEmpty else { return "-- The database has the desired schema: nothing to do.\n" }
        var lines = ["PRAGMA foreign_keys = OFF;", "BEGIN IMMEDIATE;"]
        for step in steps {
            lines.append("")
            // One line whatever the summary holds: names and example values from the
            // database may hold line breaks, which would end the comment.
            lines.append("-- " + SQLText.oneLine(step.summary) + (step.isDestructive ? " (destructive)" : ""))
            lines += step.statements.map(Self.terminated)
        }
        lines += ["", "PRAGMA foreign_key_check;", "COMMIT;", "PRAGMA foreign_keys = ON;"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Runs the plan on `context` in one transaction. It commits only when every step
    /// succeeded and `PRAGMA foreign_key_check` finds nothing; otherwise it rolls back and
    /// the database is as it was.
    ///
    /// - Parameters:
    ///   - context: The connection to the live database, outside a transaction: the
    ///     plan opens its own.
    ///   - allowDestructive: Run steps that drop tables or data; without it, a plan that
    ///     has such steps throws `.destructive` and runs nothing.
    ///   - progress: Called before each rebuild with the step.
    /// - Throws: ``MigrationError``.
    public func apply(
        to context: SQLContext, allowDestructive: Bool = false, progress: ((MigrationStep) -> Void)? = nil
    ) throws {
        let destructive = destructiveSteps
        guard allowDestructive || destructive.isEmpty else {
            throw MigrationError(
                .destructive,
                "the change would \(destructive.map(\.summary).joined(separator: "; ")); allow destructive changes to go ahead"
            )
        }
        guard !steps.isEmpty else { return }
        guard !context.isInTransaction else {
            throw MigrationError(
                .inTransaction, "a schema change runs outside a transaction: it runs in one of its own")
        }
        try ForeignKeysOff.transaction(context, migration: nil) {
            try applySteps(to: context, allowDestructive: allowDestructive, progress: progress)
        }
    }

    /// Runs the plan inside the caller's transaction, which must have been opened with
    /// foreign keys off (`withForeignKeysOff`) and `BEGIN IMMEDIATE`, so that the state
    /// the caller read before planning cannot change: the steps, then the foreign-key
    /// check. On a throw the caller rolls back.
    package func applyInTransaction(to context: SQLContext, allowDestructive: Bool) throws {
        let destructive = destructiveSteps
        guard allowDestructive || destructive.isEmpty else {
            throw MigrationError(
                .destructive,
                "the change would \(destructive.map(\.summary).joined(separator: "; ")); allow destructive changes to go ahead"
            )
        }
        guard context.isInTransaction else {
            throw MigrationError(.inTransaction, "applyInTransaction runs inside the caller's transaction")
        }
        try applySteps(to: context, allowDestructive: allowDestructive, progress: nil)
        try ForeignKeysOff.check(context, migration: nil)
    }

    /// The steps, after checking that the schema is the one planned from and that no
    /// value written since planning would be lost; in the caller's transaction.
    private func applySteps(to context: SQLContext, allowDestructive: Bool, progress: ((MigrationStep) -> Void)?) throws
    {
        // Inside the transaction, so that nothing can change between the check and
        // the steps: the schema must be the one planned from.
        if let base, try Self.schemaText(of: context) != base {
            throw MigrationError(
                .schemaChanged,
                "the database's schema changed after the plan was made (another connection altered it); plan again from the database as it is now"
            )
        }
        if !allowDestructive {
            try context.addSameValueFunction()
            for step in steps {
                for check in step.valueChecks {
                    if let example = try Self.firstValue(of: check, in: context).map(SQLText.oneLine) {
                        throw MigrationError(
                            .destructive,
                            "the change would \(step.summary), and a value written since planning would be lost or changed: \(example); allow destructive changes to go ahead"
                        )
                    }
                }
            }
        }
        for step in steps {
            if step.kind == .rebuildTable { progress?(step) }
            for statement in step.statements {
                do {
                    try context.exec(sql: statement)
                } catch let error as SQLError {
                    throw MigrationError(
                        .migrationFailed, "\(step.summary): \(SQLText.oneLine(error.message))", underlying: error)
                }
            }
        }
    }

    /// `statement` with its semicolon: on a line of its own when the statement ends in a
    /// `--` comment (SQLite keeps a view's trailing comment in its SQL), which would
    /// otherwise swallow it, and the next statement with it.
    static func terminated(_ statement: String) -> String {
        let tokens = SQLTokenizer.tokenize(statement)
        guard let last = tokens.last else { return statement + ";" }
        let end = last.offset + last.text.utf8.count
        let rest = statement.utf8.dropFirst(end)
        return rest.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") })
            ? statement + ";" : statement + "\n;"
    }

    /// The main schema as text: every object's type, name, table and SQL, by name. Two
    /// equal texts are the same schema.
    static func schemaText(of context: SQLContext) throws -> String {
        try context.query(sql: "SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY type, name")
            .map { row in row.map { $0.textValue ?? "" }.joined(separator: "\u{1F}") }
            .joined(separator: "\u{1E}")
    }

    /// The first column of the first row the script's statements return, as text.
    static func firstValue(of script: String, in context: SQLContext) throws -> String? {
        var value: String?
        try context.exec(sql: script) { row in
            if value == nil { value = try row.get(0, as: String?.self) }
            return .next
        }
        return value
    }
}
