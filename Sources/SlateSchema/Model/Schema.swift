/// A database schema as plain values (named with Slate's `SQL` prefix, its parts nested
/// in it: `SQLSchema.Table`, `SQLSchema.View`, so that an app importing SwiftUI or
/// SwiftData beside Slate keeps `Table`, `View` and `Schema` for them): what reflection reads from SQLite, what the generator
/// generates from, and what migrations compare.
///
/// Every part is `Codable` and `Equatable`, so a schema can be printed as JSON
/// (`slate schema --json`), stored, and compared.
public struct SQLSchema: Codable, Equatable, Sendable {
    /// Tables, in the order they were created (`sqlite_schema` order). Shadow tables of
    /// virtual tables are left out.
    public var tables: [SQLSchema.Table]
    /// Views, in the order they were created.
    public var views: [SQLSchema.View]
    /// Indexes, both those created with `CREATE INDEX` and those SQLite made for
    /// `UNIQUE` and `PRIMARY KEY` constraints.
    public var indexes: [SQLSchema.Index]
    /// Triggers, in the order they were created.
    public var triggers: [SQLSchema.Trigger]
    /// `PRAGMA user_version`.
    public var userVersion: Int64

    /// Creates a schema.
    public init(
        tables: [SQLSchema.Table] = [], views: [SQLSchema.View] = [], indexes: [SQLSchema.Index] = [],
        triggers: [SQLSchema.Trigger] = [], userVersion: Int64 = 0
    ) {
        self.tables = tables
        self.views = views
        self.indexes = indexes
        self.triggers = triggers
        self.userVersion = userVersion
    }

    /// `name`, or `name_2`, `name_3`, …: the first that `isTaken` says is free. The one way
    /// Slate picks a name that must not meet another: the planner's scratch tables, the
    /// generator's locals and parameters, a diagram's entity identifiers.
    package static func unusedName(_ name: String, isTaken: (String) throws -> Bool) rethrows -> String {
        var candidate = name
        var suffix = 1
        while try isTaken(candidate) {
            suffix += 1
            candidate = "\(name)_\(suffix)"
        }
        return candidate
    }

    /// The table called `name` (SQL names compare ignoring ASCII case, as SQLite does).
    public func table(named name: String) -> SQLSchema.Table? {
        tables.first { $0.name.lowercased() == name.lowercased() }
    }

    /// The view called `name`.
    public func view(named name: String) -> SQLSchema.View? {
        views.first { $0.name.lowercased() == name.lowercased() }
    }

    /// The indexes on table `name`.
    public func indexes(on table: String) -> [SQLSchema.Index] {
        indexes.filter { $0.table.lowercased() == table.lowercased() }
    }

    /// The triggers on table or view `name`.
    public func triggers(on table: String) -> [SQLSchema.Trigger] {
        triggers.filter { $0.table.lowercased() == table.lowercased() }
    }
}
