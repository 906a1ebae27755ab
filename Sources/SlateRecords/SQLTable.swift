/// The rows of one table or view, reached through a database or a transaction:
/// `db.people`, `tx.people`.
///
/// ```swift
/// let count = try db.people.fetchCount()
/// let everyone = try db.people.fetch()
/// let ada = try db.people.find(1)
/// let untitled = try db.people.filter { $0.title == nil }
/// ```
public struct SQLTable<Record: SQLRecord, Store: SQLRecordStore> {
    /// The database or transaction the table is reached through.
    public let store: Store

    /// The table of `Record` in `store`.
    @inlinable
    public init(_ store: Store) {
        self.store = store
    }

    /// The number of rows.
    @inlinable
    public func fetchCount() throws -> Int {
        try store.withReadContext { context in
            let statement = try context.cachedStatement(slot: Record.statementSlots.count, sql: Record.sqlCount)
            defer { statement.reset() }
            return try statement.next() ? statement.int(at: 0) : 0
        }
    }

    /// Every row, in the table's order, or the first `limit` of them (none for 0, every
    /// row for a negative limit, as SQL's `LIMIT` and `fetch(where:orderBy:limit:offset:)`).
    @inlinable
    public func fetch(limit: Int? = nil) throws -> [Record] {
        try store.withReadContext { context in
            try SQLRecordOperations.fetch(
                Record.self, slot: Record.statementSlots.select, sql: Record.sqlSelect, in: context, limit: limit)
        }
    }

    /// Calls `body` with each row in turn, as it is read, without holding them all in
    /// memory; a throw from `body` stops the walk. The walk holds one connection until it
    /// ends (on a database, `body` must not call it; in a transaction, `body` may read
    /// through `tx`, but a write to the walked table throws: see "Streaming rows" in
    /// <doc:TypedQueries>). Records with typed queries also walk with a predicate, an
    /// order and a limit, and can stop without throwing:
    /// `forEach(where:orderBy:limit:offset:_:)`.
    @inlinable
    public func forEach(_ body: (Record) throws -> Void) throws {
        try store.withReadContext { context in
            let statement = try context.cachedStatement(slot: Record.statementSlots.select, sql: Record.sqlSelect)
            defer { statement.reset() }
            let handle = try statement.liveHandle()
            try statement.walking {
                while try statement.next() {
                    try body(try Record(sqliteStatement: handle, offset: 0))
                }
            }
        }
    }

    /// The rows for which `isIncluded` returns true.
    ///
    /// This reads and decodes **every row** and tests it in Swift: no index helps. Use it
    /// for small tables or tests that SQL cannot express; prefer SQL conditions otherwise.
    @inlinable
    public func filter(limit: Int? = nil, _ isIncluded: (Record) throws -> Bool) throws -> [Record] {
        // As `fetch(limit:)`: none for 0, no limit for a negative one.
        if limit == 0 { return [] }
        let limit = limit.flatMap { $0 > 0 ? $0 : nil }
        return try store.withReadContext { context in
            let statement = try context.cachedStatement(slot: Record.statementSlots.select, sql: Record.sqlSelect)
            defer { statement.reset() }
            let handle = try statement.liveHandle()
            var records: [Record] = []
            try statement.walking {
                while try statement.next() {
                    let record = try Record(sqliteStatement: handle, offset: 0)
                    if try isIncluded(record) {
                        records.append(record)
                        if let limit, records.count >= limit { break }
                    }
                }
            }
            return records
        }
    }

    /// The rows `sql` returns; its columns must be ``SQLRecord/sqlSelect``'s. `bind` binds
    /// its parameters. Generated relationship functions stand on this.
    @inlinable
    public func fetch(sql: String, bind: (SQLStatement) throws -> Void) throws -> [Record] {
        try store.withReadContext { context in
            try SQLRecordOperations.fetch(Record.self, sql: sql, in: context, bind: bind)
        }
    }

    /// The first row `sql` returns, or nil.
    @inlinable
    public func fetchOne(sql: String, bind: (SQLStatement) throws -> Void) throws -> Record? {
        try store.withReadContext { context in
            try SQLRecordOperations.fetchOne(Record.self, sql: sql, in: context, bind: bind)
        }
    }
}

extension SQLTable where Record: SQLKeyedRecord {
    /// The row with primary key `id`, or nil.
    @inlinable
    public func find(_ id: Record.ID) throws -> Record? {
        try store.withReadContext { context in try SQLRecordOperations.find(Record.self, id: id, in: context) }
    }

    /// Deletes the row with primary key `id`; returns whether there was one.
    ///
    /// ```swift
    /// try db.people.delete(3)                          // a single-column key
    /// try db.bookTags.delete(BookTag.ID(bookId: 1, tagId: 2))
    /// ```
    ///
    /// Tables with a compound key also have a generated form with one labelled argument
    /// per key column: `try db.bookTags.delete(bookId: 1, tagId: 2)`.
    @inlinable @discardableResult
    public func delete(_ id: Record.ID) throws -> Bool {
        try store.withWriteContext { context in try SQLRecordOperations.delete(id: id, of: Record.self, in: context) }
    }
}

extension SQLTable where Store: SQLDatabase {
    /// ``forEach(_:)`` for async code: the walk runs on a reader, off the caller's task,
    /// and `body` is called there; cancelling the task stops it.
    public func forEach(_ body: @escaping @Sendable (Record) throws -> Void) async throws {
        try await store.pool.readWithoutTransaction { context in
            let statement = try context.cachedStatement(slot: Record.statementSlots.select, sql: Record.sqlSelect)
            defer { statement.reset() }
            let handle = try statement.liveHandle()
            try statement.walking {
                while try statement.next() {
                    try body(try Record(sqliteStatement: handle, offset: 0))
                }
            }
        }
    }

    /// ``fetchCount()`` for async code.
    public func fetchCount() async throws -> Int {
        try await store.pool.readWithoutTransaction { context in
            try SQLTable<Record, SQLTransaction<Store>>(SQLTransaction(context: context)).fetchCount()
        }
    }

    /// ``fetch(limit:)`` for async code.
    public func fetch(limit: Int? = nil) async throws -> [Record] {
        try await store.pool.readWithoutTransaction { context in
            try SQLRecordOperations.fetch(
                Record.self, slot: Record.statementSlots.select, sql: Record.sqlSelect, in: context, limit: limit)
        }
    }

    /// ``filter(limit:_:)`` for async code: a scan of every row.
    public func filter(
        limit: Int? = nil, _ isIncluded: @escaping @Sendable (Record) throws -> Bool
    ) async throws -> [Record] {
        try await store.pool.readWithoutTransaction { context in
            try SQLTable<Record, SQLTransaction<Store>>(SQLTransaction(context: context)).filter(
                limit: limit, isIncluded)
        }
    }

    /// ``fetch(sql:bind:)`` for async code.
    public func fetch(sql: String, bind: @escaping @Sendable (SQLStatement) throws -> Void) async throws -> [Record] {
        try await store.pool.readWithoutTransaction { context in
            try SQLRecordOperations.fetch(Record.self, sql: sql, in: context, bind: bind)
        }
    }

    /// ``fetchOne(sql:bind:)`` for async code.
    public func fetchOne(sql: String, bind: @escaping @Sendable (SQLStatement) throws -> Void) async throws -> Record? {
        try await store.pool.readWithoutTransaction { context in
            try SQLRecordOperations.fetchOne(Record.self, sql: sql, in: context, bind: bind)
        }
    }
}

extension SQLTable where Record: SQLKeyedRecord, Store: SQLDatabase {
    /// ``find(_:)`` for async code.
    public func find(_ id: Record.ID) async throws -> Record? {
        try await store.pool.readWithoutTransaction { context in
            try SQLRecordOperations.find(Record.self, id: id, in: context)
        }
    }

    /// ``delete(_:)`` for async code.
    @discardableResult
    public func delete(_ id: Record.ID) async throws -> Bool {
        try await store.pool.writeWithoutTransaction { context in
            try SQLRecordOperations.delete(id: id, of: Record.self, in: context)
        }
    }
}
