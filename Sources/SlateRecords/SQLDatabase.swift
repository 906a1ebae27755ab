#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A database type generated from a schema (`Contacts` for `contacts.sql`): typed tables
/// and records over an ``SQLPool``.
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
/// reader; ``transaction(_:)-(_)`` groups calls. Every call has an async variant of the
/// same name.
public protocol SQLDatabase: SQLPooledStore {
    /// Wraps a pool on a database with this schema.
    init(pool: SQLPool)
    /// The SQL that creates the schema: tables, indexes, views, triggers, and the
    /// `user_version`.
    static var creationSQL: String { get }
    /// The `user_version` the schema had when the code was generated.
    static var schemaVersion: Int64 { get }
}

extension SQLDatabase {
    /// Opens the database file at `path` (which must exist when `readOnly`).
    ///
    /// - Parameter readOnly: open readers only; writes throw.
    public init(path: String, readOnly: Bool = false) throws {
        try self.init(pool: SQLPool(path: path, configuration: .init(isReadOnly: readOnly)))
    }

    /// Opens the database file at a file `URL`.
    public init(url: URL, readOnly: Bool = false) throws {
        try self.init(pool: SQLPool(path: url, configuration: .init(isReadOnly: readOnly)))
    }

    /// Opens the database at `path`, first creating it from ``creationSQL`` when the file
    /// is missing or empty. The schema is created in one transaction.
    public static func bootstrap(at path: String) throws -> Self {
        try bootstrapped(SQLPool(path: path))
    }

    /// ``bootstrap(at:)-(String)`` for a file `URL`.
    public static func bootstrap(at url: URL) throws -> Self {
        try bootstrapped(SQLPool(path: url))
    }

    /// A new in-memory database with the schema created: for tests, previews and examples.
    public static func inMemory() throws -> Self {
        try bootstrapped(SQLPool(path: nil))
    }

    /// The database on `pool` with its schema created if empty; the pool is closed when that
    /// fails.
    private static func bootstrapped(_ pool: SQLPool) throws -> Self {
        let database = Self(pool: pool)
        do {
            try database.createSchemaIfEmpty()
        } catch {
            database.close()
            throw error
        }
        return database
    }

    private func createSchemaIfEmpty() throws {
        try pool.write { context in
            let objects = try context.query(sql: "SELECT count(*) FROM sqlite_schema")
            if objects.first?.first?.integerValue == 0 {
                try context.exec(sql: Self.creationSQL)
            }
        }
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
    public func transaction<T: Sendable>(_ body: @escaping @Sendable (SQLTransaction<Self>) throws -> T) async throws -> T {
        try await pool.write { context in try body(SQLTransaction(context: context)) }
    }

    /// ``readTransaction(_:)-(_)`` for async code.
    public func readTransaction<T: Sendable>(_ body: @escaping @Sendable (SQLTransaction<Self>) throws -> T) async throws -> T {
        try await pool.read { context in try body(SQLTransaction(context: context)) }
    }

    // MARK: Async record operations

    /// ``SQLRecordStore/insert(_:)`` for async code.
    @discardableResult
    public func insert<Record: SQLTableRecord>(_ record: Record) async throws -> Record {
        try await pool.writeWithoutTransaction { context in try SQLRecordOperations.insert(record, in: context) }
    }

    /// ``SQLRecordStore/update(_:)`` for async code.
    @discardableResult
    public func update<Record: SQLKeyedRecord>(_ record: Record) async throws -> Bool {
        try await pool.writeWithoutTransaction { context in try SQLRecordOperations.update(record, in: context) }
    }

    /// ``SQLRecordStore/delete(_:)`` for async code.
    @discardableResult
    public func delete<Record: SQLKeyedRecord>(_ record: Record) async throws -> Bool {
        let id = record.id
        return try await pool.writeWithoutTransaction { context in
            try SQLRecordOperations.delete(id: id, of: Record.self, in: context)
        }
    }
}
