import SlateCSQLite

/// The tables a statement reads and writes, as SQLite's authorizer reported them while the
/// statement was prepared. Found by SQLite itself, never by parsing SQL.
struct StatementAccess: Equatable {
    var readTables: Set<String> = []
    var writtenTables: Set<String> = []
}

/// Something that wants to know what statements on a connection do: the pool's change
/// tracker on the writer, and the region recorder of a query observation.
@usableFromInline
class ConnectionObserver {
    /// A statement is about to run from the start.
    func statementWillStart(_ statement: SQLStatement) {}
    /// A step finished; `succeeded` is false when it returned an error.
    func stepDidFinish(succeeded: Bool) {}
}

extension SQLConnection {
    /// Installs the authorizer that records, for each statement prepared from now on, the
    /// tables it reads and writes, and refuses writes to the tables a walk reads. On a
    /// pool's connection (`deletesRowByRow`) it also makes `DELETE` without `WHERE` delete
    /// row by row (SQLite's truncate optimization would skip the update hook).
    ///
    /// The authorizer must never change what a statement does. `SQLITE_IGNORE` for a
    /// `DELETE` only turns the truncate optimization off, except where SQLite asks the same
    /// question while it compiles `DROP TABLE` or `DROP VIEW`: there `SQLITE_IGNORE` would
    /// silently skip the drop. SQLite asks that `DELETE` right after the `DROP_*` action of
    /// the same object, so the authorizer remembers the last action it was asked about.
    func enableAccessTracking() {
        guard let db else { return }
        tracksAccess = true
        sqlite3_set_authorizer(db, { box, action, first, _, _, _ in
            guard let box else { return SQLITE_OK }
            let connection = Unmanaged<SQLConnection>.fromOpaque(box).takeUnretainedValue()
            let previous = connection.lastAuthorizedAction
            connection.lastAuthorizedAction = action
            guard let first, !isInternalTable(first) else { return SQLITE_OK }
            switch action {
            case SQLITE_READ:
                connection.preparingAccess?.readTables.insert(String(cString: first))
            case SQLITE_INSERT, SQLITE_UPDATE:
                connection.preparingAccess?.writtenTables.insert(String(cString: first))
                if connection.refusesWrite(to: first) { return SQLITE_DENY }
            case SQLITE_DELETE:
                connection.preparingAccess?.writtenTables.insert(String(cString: first))
                if connection.refusesWrite(to: first) { return SQLITE_DENY }
                if isDrop(previous) || !connection.deletesRowByRow { return SQLITE_OK }
                // "IGNORE" for a DELETE still deletes, but row by row, so that the update
                // hook sees every row (also when SQLite prepares the statement again).
                return SQLITE_IGNORE
            default:
                break
            }
            return SQLITE_OK
        }, Unmanaged.passUnretained(self).toOpaque())
    }
}

/// Whether an authorizer action drops a table or a view: SQLite then asks `SQLITE_DELETE`
/// for the same object, and only `SQLITE_OK` lets the drop happen.
private func isDrop(_ action: Int32) -> Bool {
    switch action {
    case SQLITE_DROP_TABLE, SQLITE_DROP_TEMP_TABLE, SQLITE_DROP_VIEW, SQLITE_DROP_TEMP_VIEW, SQLITE_DROP_VTABLE:
        return true
    default:
        return false
    }
}

/// Whether a table name is one of SQLite's own (`sqlite_schema`, `sqlite_sequence`, …).
private func isInternalTable(_ name: UnsafePointer<CChar>) -> Bool {
    let prefix: [CChar] = [115, 113, 108, 105, 116, 101, 95]  // "sqlite_"
    for (offset, byte) in prefix.enumerated() where name[offset] != byte {
        return false
    }
    return true
}

/// Collects the changes made on the pool's writer, transaction by transaction, from the
/// update, commit and rollback hooks. A transaction's changes become `confirmed` only once
/// the step that committed it returned success, so nothing from a rolled-back or failed
/// transaction is ever published.
final class ChangeTracker: ConnectionObserver {
    private var current = SQLChanges()
    private var committing: [SQLChanges] = []
    private(set) var confirmed: [SQLChanges] = []

    override func statementWillStart(_ statement: SQLStatement) {
        for table in statement.access.writtenTables {
            current.tables.insert(table)
        }
    }

    override func stepDidFinish(succeeded: Bool) {
        if succeeded { confirmed.append(contentsOf: committing) }
        committing.removeAll()
    }

    func rowChanged(table: String, rowID: Int64) {
        current.tables.insert(table)
        current.rowIDs[table, default: []].insert(rowID)
    }

    func willCommit() {
        if !current.tables.isEmpty { committing.append(current) }
        current = SQLChanges()
    }

    func didRollback() {
        current = SQLChanges()
        committing.removeAll()
    }

    /// The confirmed transactions since the last call, oldest first.
    func takeConfirmed() -> [SQLChanges] {
        defer { confirmed.removeAll() }
        return confirmed
    }

    /// Hooks the tracker to the connection's update, commit and rollback hooks.
    func install(on context: SQLContext) {
        context.hooks.internalUpdate = { [unowned self] update in
            rowChanged(table: update.table, rowID: update.rowID)
        }
        context.hooks.internalCommit = { [unowned self] in willCommit() }
        context.hooks.internalRollback = { [unowned self] in didRollback() }
        context.installHooks()
        context.connection.observer = self
    }

    /// Takes the tracker off the connection's hooks.
    func uninstall(from context: SQLContext) {
        context.hooks.internalUpdate = nil
        context.hooks.internalCommit = nil
        context.hooks.internalRollback = nil
        context.installHooks()
        if context.connection.observer === self { context.connection.observer = nil }
    }
}

/// Records the tables read by the statements run while it is installed: the region a
/// query observation depends on.
final class ReadRecorder: ConnectionObserver {
    private(set) var tables: Set<String> = []
    /// The observer that was installed before, which keeps being told everything (on an
    /// in-memory pool, the writer's change tracker).
    let previous: ConnectionObserver?

    init(forwardingTo previous: ConnectionObserver?) {
        self.previous = previous
    }

    override func statementWillStart(_ statement: SQLStatement) {
        tables.formUnion(statement.access.readTables)
        previous?.statementWillStart(statement)
    }

    override func stepDidFinish(succeeded: Bool) {
        previous?.stepDidFinish(succeeded: succeeded)
    }
}
