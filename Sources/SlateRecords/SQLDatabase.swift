#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A database type generated from a schema (`Contacts` for `contacts.sql`): typed tables
/// and records over an `SQLPool`.
///
/// ```swift
/// let db = try Contacts.bootstrap(at: "contacts.sqlite")
/// let person = try db.insert(Person(name: "Ada"))          // person.personId is assigned
/// let found = try db.people.find(person.id)
/// try db.transaction { tx in
///     try tx.insert(Address(street: "1 Infinite Loop", personId: person.personId))
/// }
/// ```
///
/// Each call on the database is its own transaction, and runs on the pool's writer or a
/// reader; `transaction(_:)` groups calls. Every call has an async variant of the
/// same name.
public protocol SQLDatabase: SQLPooledStore {
    /// Wraps a pool on a database with this schema.
    init(pool: SQLPool)
    /// The SQL that creates the schema: tables, indexes, views, triggers, and the
    /// `user_version`.
    static var creationSQL: String { get }
    /// The schema's version: the number of ``schemaScripts`` (or, for a database generated
    /// from a database file, the file's `user_version`).
    static var schemaVersion: Int64 { get }
    /// The scripts the schema is built from, in order: script `N` takes the schema from
    /// version `N − 1` to `N` (the numbered scripts `todos-001.sql`, `todos-002-priority.sql`,
    /// …). Empty for a database generated from a database file.
    static var schemaScripts: [SQLSchemaScript] { get }
    /// Whether the schema relies on SQLite's legacy rule that reads a double-quoted word
    /// naming no column as a string (`INSERT INTO tags VALUES ("canine")`, a trigger that
    /// compares with `""`): then every connection the database opens allows it
    /// (`SQLContext.Configuration.allowsDoubleQuotedStrings`), whatever configuration is
    /// passed, and the scripts replay with it. False by default; the generated type sets it
    /// when `slate.json` has `"doubleQuotedStrings": true`.
    static var allowsDoubleQuotedStrings: Bool { get }
}

/// One script of a generated database's schema: its file's name, for errors, and its SQL.
public struct SQLSchemaScript: Sendable, Equatable {
    /// The script's file name (`todos-002-priority.sql`).
    public var file: String
    /// The script's SQL.
    public var sql: String
    /// For SQL rendered from another script (a PostgreSQL form of a SQLite script), a digest
    /// of that script's statements, which a PostgreSQL database records to refuse an edited
    /// script; nil when `sql` is the script as written (the digest is then `sql`'s own).
    public var sourceDigest: String?

    /// A script.
    public init(file: String, sql: String) {
        self.file = file
        self.sql = sql
        self.sourceDigest = nil
    }

    /// A script rendered from another, with the digest of that one's statements
    /// (generated code's PostgreSQL scripts).
    public init(file: String, sql: String, sourceDigest: String) {
        self.file = file
        self.sql = sql
        self.sourceDigest = sourceDigest
    }
}

extension SQLDatabase {
    /// No scripts: a database generated from a database file.
    public static var schemaScripts: [SQLSchemaScript] { [] }

    /// SQLite's safe rule: a double-quoted word is a name, never a string.
    public static var allowsDoubleQuotedStrings: Bool { false }

    /// For a database generated from scripts: every script, in order, as
    /// ``bootstrap(at:configuration:allowingDestructiveChanges:)-(String,_,_)`` replays it
    /// (without the statements only a script's own tool could run, such as
    /// `CREATE TABLE sqlite_sequence`, `BEGIN` and `COMMIT`), then the version.
    public static var creationSQL: String {
        SQLSchemaScript.creationSQL(schemaScripts, version: schemaVersion)
    }

    /// Opens the database file at `path` (which must exist when `readOnly`), without
    /// creating or migrating anything.
    ///
    /// - Parameters:
    ///   - path: the database file.
    ///   - readOnly: open readers only; writes throw.
    ///   - configuration: the pool's settings: its readers, its connections' logger, busy
    ///     timeout and the rest (`SQLPool.Configuration`).
    /// - Throws: for a read-write file whose version is not ``schemaVersion`` (a new file,
    ///   an older one, a newer one): ``bootstrap(at:configuration:allowingDestructiveChanges:)-(String,_,_)`` is the call that creates
    ///   and upgrades.
    public init(path: String, readOnly: Bool = false, configuration: SQLPool.Configuration = .init()) throws {
        var configuration = Self.following(configuration)
        configuration.isReadOnly = configuration.isReadOnly || readOnly
        let pool = try SQLPool(path: path, configuration: configuration)
        do {
            if !configuration.isReadOnly { try Self.requireCurrentVersion(pool, path: path) }
        } catch {
            pool.close()
            throw error
        }
        self.init(pool: pool)
    }

    /// Opens the database file at a file `URL`.
    public init(url: URL, readOnly: Bool = false, configuration: SQLPool.Configuration = .init()) throws {
        try self.init(path: url.path, readOnly: readOnly, configuration: configuration)
    }

    /// Opens the database at `path` and brings it to the schema this code was generated
    /// for:
    /// - a missing or empty file gets the whole schema, at the latest version;
    /// - a file at an older version gets the missing ``schemaScripts``, in order, each in
    ///   its own transaction with the foreign-key check before it commits, and its version
    ///   recorded in `PRAGMA user_version`; its rows stay;
    /// - a file at the current version is left as it is;
    /// - a file at a newer version (written by a newer build of the app) is refused,
    ///   untouched, with an error naming both versions;
    /// - a file made before Slate recorded versions (`user_version` 0, but not empty) is
    ///   recognised by comparing its schema with each version's, then upgraded from there.
    ///
    /// A script that fails rolls back its own transaction and throws an error naming its
    /// file and line; the file stays at the last version that succeeded, its data intact.
    ///
    /// A database generated from a single script has one version. When the script is
    /// edited after a file was made from it, the file is brought to the script's current
    /// text with the declarative planner (`SlateMigration`): changes that keep every value
    /// apply; a destructive one (a dropped column holding data, a rewritten value) is
    /// refused, naming it, and the file is left untouched, unless
    /// `allowingDestructiveChanges` is true.
    ///
    /// `configuration` sets up the pool (its readers, its connections' logger and busy
    /// timeout, …), as for ``init(path:readOnly:configuration:)``.
    public static func bootstrap(
        at path: String, configuration: SQLPool.Configuration = .init(), allowingDestructiveChanges: Bool = false
    ) throws -> Self {
        // A file to refuse is refused before the pool opens it (and switches it to WAL).
        let evolution = SQLSchemaEvolution(Self.self)
        if !schemaScripts.isEmpty {
            try evolution.refuseWithoutChanging(path: path, allowingDestructiveChanges: allowingDestructiveChanges)
        }
        return try bootstrapped(
            SQLPool(path: path, configuration: following(configuration)), evolution,
            allowingDestructiveChanges: allowingDestructiveChanges)
    }

    /// ``bootstrap(at:configuration:allowingDestructiveChanges:)-(String,_,_)`` for a file `URL`.
    public static func bootstrap(
        at url: URL, configuration: SQLPool.Configuration = .init(), allowingDestructiveChanges: Bool = false
    ) throws -> Self {
        try bootstrap(
            at: url.path, configuration: configuration, allowingDestructiveChanges: allowingDestructiveChanges)
    }

    #if DEBUG
    /// Opens the database at `path` like ``bootstrap(at:configuration:allowingDestructiveChanges:)-(String,_,_)``,
    /// but when `erasingDatabaseOnSchemaChange` is true and the file is not what the scripts
    /// make at its version, erases it and creates the schema again, instead of planning the
    /// change or refusing the file: for development, while the scripts are still being
    /// written. GRDB calls this `eraseDatabaseOnSchemaChange`.
    ///
    /// - Warning: This destroys the file's data. It exists only in debug builds (the `DEBUG`
    ///   compilation condition, which SwiftPM sets when it builds Slate for debug): code that
    ///   calls it does not compile in a release build, so wrap it in `#if DEBUG`.
    ///
    /// ```swift
    /// #if DEBUG
    /// let db = try Todos.bootstrap(at: path, erasingDatabaseOnSchemaChange: true)
    /// #else
    /// let db = try Todos.bootstrap(at: path)
    /// #endif
    /// ```
    ///
    /// The file is erased when its schema — its tables, indexes, views and triggers, as
    /// `sqlite_schema` records their SQL — is not the one the ``schemaScripts`` make at its
    /// `user_version` (a script edited since the file was made), when its version is above
    /// the scripts' (a script removed), or when it has no version and a schema that is none
    /// of theirs. A database without scripts (generated from a database file) is erased when
    /// its schema or version is not what ``creationSQL`` makes. A missing or empty file,
    /// or a file at some version with that version's schema, is bootstrapped as usual:
    /// created, or upgraded with the missing scripts, its rows kept.
    ///
    /// Erasing drops every table, view, index and trigger, then runs every script and the
    /// foreign-key check, in one transaction: the file ends up erased and at the latest
    /// version, or, when a script fails, as it was. The file itself is not deleted, so a
    /// pool's other connections on it are safe.
    ///
    /// - Parameters:
    ///   - path: the database file.
    ///   - configuration: the pool's settings, as for
    ///     ``bootstrap(at:configuration:allowingDestructiveChanges:)-(String,_,_)``.
    ///   - erasingDatabaseOnSchemaChange: whether a file whose schema changed is erased;
    ///     false bootstraps as ``bootstrap(at:configuration:allowingDestructiveChanges:)-(String,_,_)``
    ///     does, destructive changes refused.
    public static func bootstrap(
        at path: String, configuration: SQLPool.Configuration = .init(), erasingDatabaseOnSchemaChange: Bool
    ) throws -> Self {
        guard erasingDatabaseOnSchemaChange else { return try bootstrap(at: path, configuration: configuration) }
        return try bootstrapped(
            SQLPool(path: path, configuration: configuration), SQLSchemaEvolution(Self.self),
            erasingOnSchemaChange: true)
    }

    /// ``bootstrap(at:configuration:erasingDatabaseOnSchemaChange:)-(String,_,_)`` for a file
    /// `URL`.
    public static func bootstrap(
        at url: URL, configuration: SQLPool.Configuration = .init(), erasingDatabaseOnSchemaChange: Bool
    ) throws -> Self {
        try bootstrap(
            at: url.path, configuration: configuration, erasingDatabaseOnSchemaChange: erasingDatabaseOnSchemaChange)
    }
    #endif

    /// A new in-memory database with the schema created: for tests, previews and examples.
    public static func inMemory(configuration: SQLPool.Configuration = .init()) throws -> Self {
        try bootstrapped(SQLPool(path: nil, configuration: following(configuration)), SQLSchemaEvolution(Self.self))
    }

    /// `configuration` with what the schema needs of every connection: SQLite's legacy
    /// double-quoted strings when ``allowsDoubleQuotedStrings``.
    private static func following(_ configuration: SQLPool.Configuration) -> SQLPool.Configuration {
        var configuration = configuration
        if allowsDoubleQuotedStrings { configuration.connection.allowsDoubleQuotedStrings = true }
        return configuration
    }

    /// The database on `pool` with its schema created if empty; the pool is closed when that
    /// fails.
    private static func bootstrapped(
        _ pool: SQLPool, _ evolution: SQLSchemaEvolution, allowingDestructiveChanges: Bool = false,
        erasingOnSchemaChange: Bool = false
    ) throws -> Self {
        let database = Self(pool: pool)
        do {
            #if DEBUG
            if erasingOnSchemaChange {
                try pool.writeWithoutTransaction { context in
                    try evolution.recreateIfChanged(context, creationSQL: creationSQL, schemaVersion: schemaVersion)
                }
            }
            #endif
            try database.createSchemaIfEmpty(evolution, allowingDestructiveChanges: allowingDestructiveChanges)
        } catch {
            database.close()
            throw error
        }
        return database
    }

    private func createSchemaIfEmpty(_ evolution: SQLSchemaEvolution, allowingDestructiveChanges: Bool) throws {
        if !Self.schemaScripts.isEmpty {
            try pool.writeWithoutTransaction { context in
                try evolution.evolve(context, allowingDestructiveChanges: allowingDestructiveChanges)
            }
            return
        }
        try pool.write { context in
            let objects = try context.settingUp { try context.query(sql: "SELECT count(*) FROM sqlite_schema") }
            if objects.first?.first?.integerValue == 0 {
                try context.exec(sql: Self.creationSQL)
            }
        }
    }

    /// Throws unless the read-write file on `pool` is at ``schemaVersion``.
    private static func requireCurrentVersion(_ pool: SQLPool, path: String) throws {
        guard !schemaScripts.isEmpty else { return }
        let version = try pool.readWithoutTransaction { context in
            try context.settingUp { try context.query(sql: "PRAGMA user_version").first?.first?.integerValue ?? 0 }
        }
        guard version != schemaVersion else { return }
        throw SQLError(
            code: .misuse,
            message:
                "\(path) is at schema version \(version), and \(Self.self) is at version \(schemaVersion): open it with \(Self.self).bootstrap(at:), which creates the schema and applies the missing scripts"
                + (version > schemaVersion
                    ? " (a newer version of the app wrote this file, and it refuses it too)" : ""))
    }

    /// Closes the pool, waiting for work in flight.
    public func close() {
        pool.close()
    }

    /// Runs one read on a reader, without a transaction: each call is one statement.
    @inlinable
    public func withReadContext<T: Sendable>(_ body: (SQLContext) throws -> T) throws -> T {
        try pool.readWithoutTransaction(body)
    }

    /// Runs one write on the writer; a single statement commits on its own.
    @inlinable
    public func withWriteContext<T: Sendable>(_ body: (SQLContext) throws -> T) throws -> T {
        try pool.writeWithoutTransaction(body)
    }

    /// Runs `body` in one write transaction (`BEGIN IMMEDIATE`): it commits when `body`
    /// returns and rolls back when it throws. `tx` offers the database's API.
    public func transaction<T: Sendable>(_ body: (SQLTransaction<Self>) throws -> T) throws -> T {
        try pool.write { context in try body(SQLTransaction(context: context)) }
    }

    /// Runs `body` in one read transaction: a consistent snapshot, beside the writer.
    public func readTransaction<T: Sendable>(_ body: (SQLTransaction<Self>) throws -> T) throws -> T {
        try pool.read { context in try body(SQLTransaction(context: context)) }
    }

    /// ``transaction(_:)-(_)`` for async code: `body` runs off the caller's task.
    public func transaction<T: Sendable>(
        _ body: @escaping @Sendable (SQLTransaction<Self>) throws -> T
    ) async throws -> T {
        try await pool.write { context in try body(SQLTransaction(context: context)) }
    }

    /// ``readTransaction(_:)-(_)`` for async code.
    public func readTransaction<T: Sendable>(
        _ body: @escaping @Sendable (SQLTransaction<Self>) throws -> T
    ) async throws -> T {
        try await pool.read { context in try body(SQLTransaction(context: context)) }
    }

    // MARK: Async record operations

    /// ``SQLRecordStore``'s `insert(_:)`, for async code.
    @discardableResult
    public func insert<Record: SQLTableRecord>(_ record: Record) async throws -> Record {
        try await pool.writeWithoutTransaction { context in try SQLRecordOperations.insert(record, in: context) }
    }

    /// ``SQLRecordStore/insert(contentsOf:)`` for async code: every record in one
    /// transaction, off the caller's task.
    @discardableResult
    public func insert<Records: Sequence & Sendable>(contentsOf records: Records) async throws -> [Records.Element]
    where Records.Element: SQLTableRecord {
        try await pool.write { context in try records.map { try SQLRecordOperations.insert($0, in: context) } }
    }

    /// ``withReadContext(_:)-(_)`` for async code: `body` runs on a reader, off the
    /// caller's task.
    public func withReadContext<T: Sendable>(_ body: @escaping @Sendable (SQLContext) throws -> T) async throws -> T {
        try await pool.readWithoutTransaction(body)
    }

    /// ``withWriteContext(_:)-(_)`` for async code: `body` runs on the writer, off the
    /// caller's task.
    public func withWriteContext<T: Sendable>(_ body: @escaping @Sendable (SQLContext) throws -> T) async throws -> T {
        try await pool.writeWithoutTransaction(body)
    }

    /// ``SQLRecordStore/update(_:)`` for async code.
    @discardableResult
    public func update<Record: SQLKeyedRecord>(_ record: Record) async throws -> Bool {
        try await pool.writeWithoutTransaction { context in try SQLRecordOperations.update(record, in: context) }
    }

    /// ``SQLRecordStore/save(_:)-3pasn`` for async code.
    @discardableResult
    public func save<Record: SQLKeyedRecord>(_ record: Record) async throws -> Record {
        try await pool.writeWithoutTransaction { context in try SQLRecordOperations.save(record, in: context) }
    }

    /// ``SQLRecordStore``'s `delete(_:)`, for async code.
    @discardableResult
    public func delete<Record: SQLKeyedRecord>(_ record: Record) async throws -> Bool {
        try SQLRecordOperations.requireInserted(record, for: "delete")
        let id = record.id
        return try await pool.writeWithoutTransaction { context in
            try SQLRecordOperations.delete(id: id, of: Record.self, in: context)
        }
    }
}
