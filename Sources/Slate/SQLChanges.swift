/// What one committed transaction changed, as ``SQLPool/changes()`` reports it.
public struct SQLChanges: Hashable, Sendable {
    /// The tables the transaction inserted into, updated or deleted from.
    public var tables: Set<String>
    /// The rowids of the changed rows, per table, as SQLite's update hook reported them.
    /// `WITHOUT ROWID` tables have no entry; rows deleted by a `REPLACE` conflict are not
    /// among them.
    public var rowIDs: [String: Set<Int64>]

    /// Creates a change set.
    public init(tables: Set<String> = [], rowIDs: [String: Set<Int64>] = [:]) {
        self.tables = tables
        self.rowIDs = rowIDs
    }
}
