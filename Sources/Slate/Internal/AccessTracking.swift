import SlateCSQLite

/// The tables a statement reads and writes, as SQLite's authorizer reported them while the
/// statement was prepared. Found by SQLite itself, never by parsing SQL.
struct StatementAccess: Equatable {
    var readTables: Set<String> = []
    var writtenTables: Set<String> = []
    /// What the statement does to the savepoint stack, when it is `SAVEPOINT`, `RELEASE`
    /// or `ROLLBACK TO` (SQLite's `SQLITE_SAVEPOINT` authorizer action).
    var savepoint: SavepointAction?
}

/// A savepoint statement, as the authorizer reported it: its operation and the savepoint's
/// name.
enum SavepointAction: Equatable {
    case begin(String)
    case release(String)
    case rollback(String)
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
        sqlite3_set_authorizer(
            db,
            { box, action, first, second, _, _ in
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
                case SQLITE_SAVEPOINT:
                    // First the operation ("BEGIN", "RELEASE", "ROLLBACK"), then the name.
                    guard let second else { break }
                    let name = String(cString: second)
                    switch String(cString: first) {
                    case "BEGIN": connection.preparingAccess?.savepoint = .begin(name)
                    case "RELEASE": connection.preparingAccess?.savepoint = .release(name)
                    case "ROLLBACK": connection.preparingAccess?.savepoint = .rollback(name)
                    default: break
                    }
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
    let prefix: [CChar] = [115, 113, 108, 105, 116, 101, 95] // "sqlite_"
    for (offset, byte) in prefix.enumerated() where name[offset] != byte {
        return false
    }
    return true
}

/// Collects the changes made on the pool's writer, transaction by transaction, from the
/// update, commit and rollback hooks. A transaction's changes become `confirmed` only once
/// the step that committed it returned success, so nothing from a rolled-back or failed
/// transaction is ever published.
///
/// Savepoints are followed as SQLite runs them, whoever started them (`transaction`
/// nested in a transaction, or `SAVEPOINT` in SQL): each open savepoint has a frame of its
/// own; `RELEASE` merges a frame into the one below, `ROLLBACK TO` empties it. So the
/// changes of work rolled back to a savepoint are never reported, rows nor tables.
///
/// So are statements: a statement's changes are held apart until its step returns. A step
/// that failed had its statement rolled back by SQLite (an `ABORT` conflict, `RAISE(ABORT)`,
/// an error in a function) unless its conflict resolution was `FAIL`, which keeps the rows
/// changed before the failing one; SQLite then sets `sqlite3_changes` to those rows, and to
/// 0 after a statement rollback. A failed statement's changes are kept only when
/// `sqlite3_changes` is not 0. (An `OR FAIL` statement that failed on its first row, after
/// a trigger of that row wrote elsewhere, is the one case this reads wrong: those trigger
/// rows, kept by SQLite, are not reported.)
final class ChangeTracker: ConnectionObserver {
    /// What a savepoint (or, at the bottom, the transaction outside any) changed.
    private struct Frame {
        var name: String?
        var changes = SQLChanges()
    }

    /// The open savepoints, innermost last, above the transaction's own frame.
    private var frames = [Frame(name: nil)]
    /// What the statement running now changed, until its step returns.
    private var statement = SQLChanges()
    /// The writer, to ask a failed statement's `sqlite3_changes`.
    private weak var connection: SQLConnection?
    /// The savepoint operation of the statement running now, applied once it succeeded.
    private var pendingSavepoint: SavepointAction?
    private var committing: [SQLChanges] = []
    private(set) var confirmed: [SQLChanges] = []

    override func statementWillStart(_ statement: SQLStatement) {
        let access = statement.access
        // Rows changed since the last step returned came from no statement this tracker
        // saw start (a handle stepped by hand): they stay with the transaction.
        if !self.statement.tables.isEmpty { frames[frames.count - 1].changes.merge(self.statement) }
        self.statement = SQLChanges(tables: access.writtenTables)
        pendingSavepoint = access.savepoint
    }

    override func stepDidFinish(succeeded: Bool) {
        // A failed statement that SQLite rolled back (see the type's documentation).
        let rolledBack = !succeeded && connection?.db.map { sqlite3_changes($0) == 0 } ?? false
        if !rolledBack, !statement.tables.isEmpty { frames[frames.count - 1].changes.merge(statement) }
        statement = SQLChanges()
        if succeeded, let pendingSavepoint { apply(pendingSavepoint) }
        pendingSavepoint = nil
        if succeeded {
            confirmed.append(contentsOf: committing)
        } else {
            // The commit failed and SQLite did not roll back (its rollback hook would have
            // emptied `committing`): the transaction is still open, its changes too.
            for changes in committing { frames[0].changes.merge(changes) }
            frames[0].changes.transactionCount = 1
        }
        committing.removeAll()
    }

    /// Follows a savepoint statement that succeeded.
    private func apply(_ action: SavepointAction) {
        switch action {
        case .begin(let name):
            frames.append(Frame(name: name))
        case .release(let name):
            // Releasing the savepoint that began the transaction commits it: the commit
            // hook has taken every frame already, and no frame has the name any more.
            guard let index = frameIndex(named: name) else { return }
            var released = SQLChanges()
            for frame in frames[index...] { released.merge(frame.changes) }
            frames.removeSubrange(index...)
            frames[frames.count - 1].changes.merge(released)
            frames[frames.count - 1].changes.transactionCount = 1
        case .rollback(let name):
            // The savepoint stays open, with nothing changed since it began.
            guard let index = frameIndex(named: name) else { return }
            frames.removeSubrange((index + 1)...)
            frames[index].changes = SQLChanges()
        }
    }

    /// The innermost open savepoint of that name (SQLite compares names case-insensitively,
    /// ASCII only).
    private func frameIndex(named name: String) -> Int? {
        let wanted = asciiLowercased(name)
        guard let index = frames.lastIndex(where: { $0.name.map(asciiLowercased) == wanted }), index > 0 else {
            return nil
        }
        return index
    }

    func rowChanged(table: String, rowID: Int64) {
        statement.tables.insert(table)
        statement.rowIDs[table, default: []].insert(rowID)
    }

    func willCommit() {
        // The statement committing (an autocommitted write, or the `COMMIT`) is done.
        frames[frames.count - 1].changes.merge(statement)
        statement = SQLChanges()
        var all = SQLChanges()
        for frame in frames { all.merge(frame.changes) }
        all.transactionCount = 1
        if !all.tables.isEmpty { committing.append(all) }
        frames = [Frame(name: nil)]
    }

    func didRollback() {
        frames = [Frame(name: nil)]
        statement = SQLChanges()
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
        connection = context.connection
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

/// `text` with ASCII letters lowercased, as SQLite compares savepoint names.
private func asciiLowercased(_ text: String) -> String {
    String(decoding: text.utf8.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }, as: UTF8.self)
}
