import Logging
import SlateCSQLite

/// One row changed in a rowid table, as the update hook reports it.
public struct SQLUpdate: Hashable, Sendable {
    /// What happened to the row.
    public enum Action: Hashable, Sendable {
        /// The row was inserted.
        case insert
        /// The row was updated.
        case update
        /// The row was deleted.
        case delete
    }

    /// What happened to the row.
    public var action: Action
    /// The schema name: `main`, `temp`, or an attached database's name.
    public var database: String
    /// The table's name.
    public var table: String
    /// The rowid of the row.
    public var rowID: Int64

    /// Creates an update.
    public init(action: Action, database: String, table: String, rowID: Int64) {
        self.action = action
        self.database = database
        self.table = table
        self.rowID = rowID
    }
}

/// The Swift closures behind the C hooks of one connection: the user's, and the pool's
/// own (change tracking), which live side by side.
///
/// The commit and rollback hooks are always installed: they also keep a transaction
/// closure from going on in autocommit mode after SQLite ended its transaction
/// (``SQLContext/transaction(_:_:)``).
final class Hooks {
    let connection: SQLConnection
    /// Whether the trace shows bound values (``SQLContext/Configuration/showsBoundValues``).
    let showsBoundValues: Bool
    var update: ((SQLUpdate) -> Void)?
    var commit: (() -> Bool)?
    var rollback: (() -> Void)?
    var trace: ((String) -> Void)?
    var internalUpdate: ((SQLUpdate) -> Void)?
    var internalCommit: (() -> Void)?
    var internalRollback: (() -> Void)?

    init(connection: SQLConnection, showsBoundValues: Bool) {
        self.connection = connection
        self.showsBoundValues = showsBoundValues
    }

    /// Logs a statement that finished after `nanoseconds`: at the slow-statement level past
    /// the threshold (unless it is set-up), else at the statement level; not even formatted
    /// when the logger's level is above.
    func logFinished(_ statement: OpaquePointer, nanoseconds: Int64) {
        guard let logger = connection.logger, !connection.isQuiet else { return }
        let levels = connection.logLevels
        let slow = nanoseconds >= connection.slowStatementNanoseconds && connection.setUpDepth == 0
        let level = slow ? levels.slowStatement : levels.statement
        guard logger.logLevel <= level else { return }
        var sql = ""
        if showsBoundValues, let expanded = sqlite3_expanded_sql(statement) {
            sql = String(cString: expanded)
            sqlite3_free(expanded)
        } else if let text = sqlite3_sql(statement) {
            sql = String(cString: text)
        }
        let metadata: Logger.Metadata = [
            "sqlite.database": .string(connection.location),
            "sqlite.duration_ms": .stringConvertible(Double(nanoseconds) / 1_000_000),
        ]
        if slow {
            logger.log(
                level: level, "slow statement (\(Double(nanoseconds) / 1_000_000) ms): \(sql)", metadata: metadata)
        } else {
            logger.log(level: level, "\(sql)", metadata: metadata)
        }
    }

    func removeAll() {
        update = nil
        commit = nil
        rollback = nil
        trace = nil
        internalUpdate = nil
        internalCommit = nil
        internalRollback = nil
    }
}

extension SQLContext {
    /// Calls `hook` for each row inserted, updated or deleted in a rowid table on this
    /// connection (`sqlite3_update_hook`); nil removes it.
    ///
    /// SQLite does not report changes to `WITHOUT ROWID` tables, rows deleted by
    /// `REPLACE` conflicts, or a `DELETE` without `WHERE` that empties a table at once.
    /// The hook runs inside the statement: it must not use the context.
    public func onUpdate(_ hook: ((SQLUpdate) -> Void)?) {
        hooks.update = hook
        installHooks()
    }

    /// Calls `hook` as each transaction is about to commit (`sqlite3_commit_hook`); nil
    /// removes it. Return `true` to let the commit go ahead, `false` to turn it into a
    /// rollback (the `COMMIT` then fails with `SQLITE_CONSTRAINT_COMMITHOOK`).
    public func onCommit(_ hook: (() -> Bool)?) {
        hooks.commit = hook
        installHooks()
    }

    /// Calls `hook` after each transaction rolls back (`sqlite3_rollback_hook`); nil
    /// removes it.
    public func onRollback(_ hook: (() -> Void)?) {
        hooks.rollback = hook
        installHooks()
    }

    /// Calls `hook` with the SQL of each statement as it starts (`sqlite3_trace_v2`,
    /// `SQLITE_TRACE_STMT`); nil removes it. Statements run by triggers come as their
    /// `-- trigger` comment lines.
    ///
    /// The SQL is as written, parameters and all (`sqlite3_sql`), so that a trace can be
    /// logged without leaking data. With ``Configuration/showsBoundValues`` set, as for
    /// errors, it comes with the bound values written in (`sqlite3_expanded_sql`): mind
    /// where you log it then.
    public func trace(_ hook: ((String) -> Void)?) {
        hooks.trace = hook
        installHooks()
    }

    /// Registers with SQLite the C hooks that have a Swift closure behind them, and
    /// unregisters the others, so an unused hook costs nothing. The commit and rollback
    /// hooks stay registered: they guard transaction closures (see ``Hooks``).
    func installHooks() {
        guard let db = connection.db else { return }
        let box = Unmanaged.passUnretained(hooks).toOpaque()

        if hooks.update != nil || hooks.internalUpdate != nil {
            sqlite3_update_hook(
                db,
                { box, operation, database, table, rowID in
                    guard let box else { return }
                    let hooks = Unmanaged<Hooks>.fromOpaque(box).takeUnretainedValue()
                    let action: SQLUpdate.Action
                    switch operation {
                    case SQLITE_INSERT: action = .insert
                    case SQLITE_DELETE: action = .delete
                    default: action = .update
                    }
                    let update = SQLUpdate(
                        action: action,
                        database: database.map { String(cString: $0) } ?? "main",
                        table: table.map { String(cString: $0) } ?? "",
                        rowID: rowID)
                    hooks.internalUpdate?(update)
                    hooks.update?(update)
                }, box)
        } else {
            sqlite3_update_hook(db, nil, nil)
        }

        sqlite3_commit_hook(
            db,
            { box in
                guard let box else { return 0 }
                let hooks = Unmanaged<Hooks>.fromOpaque(box).takeUnretainedValue()
                if !hooks.connection.mayCommit() { return 1 }
                if let hook = hooks.commit, !hook() { return 1 }
                hooks.internalCommit?()
                return 0
            }, box)

        sqlite3_rollback_hook(
            db,
            { box in
                guard let box else { return }
                let hooks = Unmanaged<Hooks>.fromOpaque(box).takeUnretainedValue()
                hooks.connection.transactionDidRollBack()
                hooks.internalRollback?()
                hooks.rollback?()
            }, box)

        if hooks.trace != nil || connection.logger != nil {
            var mask: Int32 = 0
            if hooks.trace != nil { mask |= SQLITE_TRACE_STMT }
            if connection.logger != nil { mask |= SQLITE_TRACE_PROFILE }
            sqlite3_trace_v2(
                db, UInt32(mask),
                { event, box, statement, detail in
                    guard let box else { return 0 }
                    let hooks = Unmanaged<Hooks>.fromOpaque(box).takeUnretainedValue()
                    if event == UInt32(SQLITE_TRACE_PROFILE) {
                        if let statement, let detail {
                            hooks.logFinished(
                                OpaquePointer(statement),
                                nanoseconds: detail.assumingMemoryBound(to: Int64.self).pointee)
                        }
                        return 0
                    }
                    guard let hook = hooks.trace else { return 0 }
                    if let text = detail {
                        let unexpanded = String(cString: text.assumingMemoryBound(to: CChar.self))
                        if !hooks.showsBoundValues || unexpanded.hasPrefix("--") {
                            hook(unexpanded)
                            return 0
                        }
                    }
                    guard hooks.showsBoundValues else {
                        if let statement, let sql = sqlite3_sql(OpaquePointer(statement)) { hook(String(cString: sql)) }
                        return 0
                    }
                    if let statement, let expanded = sqlite3_expanded_sql(OpaquePointer(statement)) {
                        hook(String(cString: expanded))
                        sqlite3_free(expanded)
                    }
                    return 0
                }, box)
        } else {
            sqlite3_trace_v2(db, 0, nil, nil)
        }
    }
}
