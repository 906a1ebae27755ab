import CSQLite

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

/// The Swift closures behind the C hooks of one connection.
final class Hooks {
    var update: ((SQLUpdate) -> Void)?
    var commit: (() -> Bool)?
    var rollback: (() -> Void)?
    var trace: ((String) -> Void)?

    func removeAll() {
        update = nil
        commit = nil
        rollback = nil
        trace = nil
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
        guard let db = connection.db else { return }
        if hook == nil {
            sqlite3_update_hook(db, nil, nil)
            return
        }
        sqlite3_update_hook(db, { box, operation, database, table, rowID in
            guard let box else { return }
            let hooks = Unmanaged<Hooks>.fromOpaque(box).takeUnretainedValue()
            guard let hook = hooks.update else { return }
            let action: SQLUpdate.Action
            switch operation {
            case SQLITE_INSERT: action = .insert
            case SQLITE_DELETE: action = .delete
            default: action = .update
            }
            hook(SQLUpdate(
                action: action,
                database: database.map { String(cString: $0) } ?? "main",
                table: table.map { String(cString: $0) } ?? "",
                rowID: rowID))
        }, Unmanaged.passUnretained(hooks).toOpaque())
    }

    /// Calls `hook` as each transaction is about to commit (`sqlite3_commit_hook`); nil
    /// removes it. Return `true` to let the commit go ahead, `false` to turn it into a
    /// rollback (the `COMMIT` then fails with `SQLITE_CONSTRAINT_COMMITHOOK`).
    public func onCommit(_ hook: (() -> Bool)?) {
        hooks.commit = hook
        guard let db = connection.db else { return }
        if hook == nil {
            sqlite3_commit_hook(db, nil, nil)
            return
        }
        sqlite3_commit_hook(db, { box in
            guard let box else { return 0 }
            let hooks = Unmanaged<Hooks>.fromOpaque(box).takeUnretainedValue()
            guard let hook = hooks.commit else { return 0 }
            return hook() ? 0 : 1
        }, Unmanaged.passUnretained(hooks).toOpaque())
    }

    /// Calls `hook` after each transaction rolls back (`sqlite3_rollback_hook`); nil
    /// removes it.
    public func onRollback(_ hook: (() -> Void)?) {
        hooks.rollback = hook
        guard let db = connection.db else { return }
        if hook == nil {
            sqlite3_rollback_hook(db, nil, nil)
            return
        }
        sqlite3_rollback_hook(db, { box in
            guard let box else { return }
            Unmanaged<Hooks>.fromOpaque(box).takeUnretainedValue().rollback?()
        }, Unmanaged.passUnretained(hooks).toOpaque())
    }

    /// Calls `hook` with the SQL of each statement as it starts, with its bound values
    /// written in (`sqlite3_trace_v2`, `SQLITE_TRACE_STMT`); nil removes it. Statements
    /// run by triggers come as their `-- trigger` comment lines.
    ///
    /// The expanded SQL shows bound values: mind where you log it.
    public func trace(_ hook: ((String) -> Void)?) {
        hooks.trace = hook
        guard let db = connection.db else { return }
        if hook == nil {
            sqlite3_trace_v2(db, 0, nil, nil)
            return
        }
        sqlite3_trace_v2(db, UInt32(SQLITE_TRACE_STMT), { _, box, statement, text in
            guard let box else { return 0 }
            let hooks = Unmanaged<Hooks>.fromOpaque(box).takeUnretainedValue()
            guard let hook = hooks.trace else { return 0 }
            if let text {
                let unexpanded = String(cString: text.assumingMemoryBound(to: CChar.self))
                if unexpanded.hasPrefix("--") {
                    hook(unexpanded)
                    return 0
                }
            }
            if let statement, let expanded = sqlite3_expanded_sql(OpaquePointer(statement)) {
                hook(String(cString: expanded))
                sqlite3_free(expanded)
            }
            return 0
        }, Unmanaged.passUnretained(hooks).toOpaque())
    }
}
