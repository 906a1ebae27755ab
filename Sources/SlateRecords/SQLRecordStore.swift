/// Where record operations run: a database (each call is its own transaction) or a
/// transaction (every call runs in it).
///
/// Generated table accessors (`db.people`, `tx.people`) and `insert`, `update`, `delete`
/// are written once against this protocol, so a transaction offers the same API as the
/// database.
public protocol SQLRecordStore {
    /// Runs one read on a connection.
    func withReadContext<T: Sendable>(_ body: (SQLContext) throws -> T) throws -> T
    /// Runs one write on the writer.
    func withWriteContext<T: Sendable>(_ body: (SQLContext) throws -> T) throws -> T
}

extension SQLRecordStore {
    /// Inserts `record` and returns it as stored: with the rowid SQLite assigned, defaults
    /// filled in, and generated columns computed.
    ///
    /// A rowid key left at its default (`Int.min`) is assigned by SQLite; any other value
    /// is inserted as given. An existing key throws, whatever the key's own conflict
    /// clause (the statement is `INSERT OR ABORT`); an insert that stores nothing (a
    /// trigger's `RAISE(IGNORE)`) throws; a row that cannot be read back (an
    /// external-content FTS table) is returned as bound, with its rowid.
    @inlinable @discardableResult
    public func insert<Record: SQLTableRecord>(_ record: Record) throws -> Record {
        try withWriteContext { context in try SQLRecordOperations.insert(record, in: context) }
    }

    /// Inserts every record, in one transaction when run on a database; returns them as
    /// stored.
    @inlinable @discardableResult
    public func insert<Records: Sequence>(contentsOf records: Records) throws -> [Records.Element]
    where Records.Element: SQLTableRecord {
        try withWriteContext { context in
            try context.transaction(.immediate) {
                try records.map { try SQLRecordOperations.insert($0, in: context) }
            }
        }
    }

    /// Writes every non-key column of `record` to the row with its key. Returns whether a
    /// row had that key.
    @inlinable @discardableResult
    public func update<Record: SQLKeyedRecord>(_ record: Record) throws -> Bool {
        try withWriteContext { context in try SQLRecordOperations.update(record, in: context) }
    }

    /// Inserts `record`, or, when a row already has its key, writes every non-key column
    /// of `record` to that row (an upsert: `INSERT OR ABORT … ON CONFLICT (key) DO
    /// UPDATE`); returns the row as stored, read back as `insert(_:)` reads it.
    ///
    /// A rowid key left at `Int.min` (a record never inserted, or decoded from a body
    /// without its key) is a plain insert: SQLite assigns the key. A conflict on another
    /// `UNIQUE` constraint throws (the statement is `OR ABORT`: it never replaces nor
    /// updates another row). Records of virtual tables throw: SQLite cannot upsert them.
    ///
    /// ```swift
    /// var person = try db.save(Person(name: "Ada"))   // inserted: key assigned
    /// person.name = "Ada Lovelace"
    /// person = try db.save(person)                     // updated in place
    /// ```
    @inlinable @discardableResult
    public func save<Record: SQLKeyedRecord>(_ record: Record) throws -> Record {
        try withWriteContext { context in try SQLRecordOperations.save(record, in: context) }
    }

    /// Deletes the row with `record`'s key. Returns whether there was one.
    @inlinable @discardableResult
    public func delete<Record: SQLKeyedRecord>(_ record: Record) throws -> Bool {
        try SQLRecordOperations.requireInserted(record, for: "delete")
        return try withWriteContext { context in
            try SQLRecordOperations.delete(id: record.id, of: Record.self, in: context)
        }
    }
}

/// The statements behind record operations, on one connection.
@usableFromInline package enum SQLRecordOperations {
    /// Whether this SQLite runs `RETURNING` (3.35 and later), as generated code's helpers
    /// ask. Read from them once; inlinable code here cannot name their SPI type.
    @usableFromInline package static let supportsReturning = SQLRecordCoding.supportsReturning

    /// Throws when `record`'s rowid key still holds `Int.min`, the default of a record
    /// that was never inserted: `try db.insert(p); p.title = "x"; try db.update(p)` would
    /// otherwise change nothing and return `false`. The record `insert` returns has the key.
    @inlinable
    package static func requireInserted<Record: SQLTableRecord>(_ record: Record, for operation: String) throws {
        if record.insertAssignsRowID { throw notInsertedError(Record.self, operation) }
    }

    /// The error for an insert that stored nothing: a trigger's `RAISE(IGNORE)` skipped
    /// the row (an `ON CONFLICT IGNORE` constraint cannot: inserts are `INSERT OR ABORT`),
    /// and the rowid SQLite reports is an older row's.
    @usableFromInline
    static func insertIgnoredError(_ sql: String?) -> SQLError {
        SQLError(
            code: .constraint, message: "the row was not inserted: a conflict clause or a trigger ignored it", sql: sql)
    }

    @usableFromInline
    static func notInsertedError(_ type: Any.Type, _ operation: String) -> SQLError {
        SQLError(
            code: .misuse,
            message:
                "cannot \(operation) a \(type) that was never inserted: its rowid key is Int.min, the default of a record SQLite has not assigned one to; keep the record insert returns (`record = try db.insert(record)`)"
        )
    }

    /// Inserts `record` on `context` and reads it back as stored; a row stored but not to
    /// be read back (an external-content FTS table, another virtual table) is returned as
    /// bound, with its rowid. An insert that stores nothing (a trigger's `RAISE(IGNORE)`)
    /// throws; the statement is `INSERT OR ABORT`, so a constraint's own `ON CONFLICT
    /// REPLACE` or `IGNORE` never deletes another row nor skips this one in silence.
    @inlinable
    package static func insert<Record: SQLTableRecord>(_ record: Record, in context: SQLContext) throws -> Record {
        let slots = Record.statementSlots
        let assigning = record.insertAssignsRowID
        let mode = Record.insertReadBack
        if mode == .asBound {
            let statement = try context.cachedStatement(
                slot: assigning ? slots.insertAssigningRowID : slots.insert, sql: record.sqlInsert)
            defer { statement.reset() }
            try record.bindInsert(to: try statement.liveHandle())
            while try statement.next() {}
            if context.changes == 0 { throw insertIgnoredError(statement.sql) }
            return record.storedAfterInsert(rowID: context.lastInsertRowID)
        }
        if mode == .returning, supportsReturning {
            let statement = try context.cachedStatement(
                slot: assigning ? slots.insertAssigningRowIDReturning : slots.insertReturning,
                sql: record.sqlInsertReturning)
            defer { statement.reset() }
            try record.bindInsert(to: try statement.liveHandle())
            guard let stored = try firstRecord(Record.self, from: statement) else {
                throw insertIgnoredError(statement.sql)
            }
            while try statement.next() {}
            return stored
        }
        let statement = try context.cachedStatement(
            slot: assigning ? slots.insertAssigningRowID : slots.insert, sql: record.sqlInsert)
        defer { statement.reset() }
        try record.bindInsert(to: try statement.liveHandle())
        while try statement.next() {}
        if context.changes == 0 { throw insertIgnoredError(statement.sql) }
        if let select = Record.sqlSelectByRowID {
            let rowID = context.lastInsertRowID
            if let stored = try fetchOne(
                Record.self, slot: slots.selectByRowID, sql: select, in: context, bind: { try $0.bind(rowID, at: 1) })
            {
                return stored
            }
        } else if let keyed = record as? any SQLKeyedRecord, let stored = try readBack(keyed, in: context) as? Record {
            return stored
        }
        // The row was stored (`changes` says so) but cannot be read back: an
        // external-content FTS table reads its content table, which has no such row, and
        // other virtual tables may keep nothing to select. The insert succeeded: the
        // record as bound, with the rowid SQLite assigned.
        return record.storedAfterInsert(rowID: context.lastInsertRowID)
    }

    @usableFromInline
    static func readBack<Keyed: SQLKeyedRecord>(_ record: Keyed, in context: SQLContext) throws -> Keyed? {
        try find(Keyed.self, id: record.id, in: context)
    }

    /// The record with key `id`, or nil.
    @inlinable
    package static func find<Record: SQLKeyedRecord>(
        _ type: Record.Type, id: Record.ID, in context: SQLContext
    ) throws -> Record? {
        try fetchOne(Record.self, slot: Record.statementSlots.find, sql: Record.sqlFind, in: context) { statement in
            try Record.bindKey(id, to: try statement.liveHandle(), at: 1)
        }
    }

    /// Updates the row with `record`'s key; whether there was one.
    ///
    /// A record with date columns first reads the row (by key, in the same transaction): a
    /// date column that already reads as the record's date keeps its stored value, so
    /// writing back a record read unchanged leaves every date as it was stored.
    @inlinable
    package static func update<Record: SQLKeyedRecord>(_ record: Record, in context: SQLContext) throws -> Bool {
        try requireInserted(record, for: "update")
        guard let sql = Record.sqlUpdate else {
            return try find(Record.self, id: record.id, in: context) != nil
        }
        let statement = try context.cachedStatement(slot: Record.statementSlots.update, sql: sql)
        defer { statement.reset() }
        if Record.updateKeepsStoredForms {
            let find = try context.cachedStatement(slot: Record.statementSlots.find, sql: Record.sqlFind)
            defer { find.reset() }
            let current = try find.liveHandle()
            try Record.bindKey(record.id, to: current, at: 1)
            // The values kept are copied as they are bound, so `find` is reset before the
            // update steps.
            try record.bindUpdate(to: try statement.liveHandle(), keeping: try find.next() ? current : nil)
            find.reset()
        } else {
            try record.bindUpdate(to: try statement.liveHandle())
        }
        while try statement.next() {}
        return context.changes > 0
    }

    /// Inserts `record`, or updates the row with its key (``SQLRecordStore/save(_:)-3pasn``),
    /// and returns the row as stored.
    @inlinable
    package static func save<Record: SQLKeyedRecord>(_ record: Record, in context: SQLContext) throws -> Record {
        if record.insertAssignsRowID { return try insert(record, in: context) }
        guard let sql = Record.sqlUpsert else { throw notUpsertableError(Record.self) }
        let slots = Record.statementSlots
        let mode = Record.insertReadBack
        if mode == .returning, supportsReturning, let returning = Record.sqlUpsertReturning {
            let statement = try context.cachedStatement(slot: slots.upsertReturning, sql: returning)
            defer { statement.reset() }
            try record.bindInsert(to: try statement.liveHandle())
            if let stored = try firstRecord(Record.self, from: statement) {
                while try statement.next() {}
                return stored
            }
        } else {
            let statement = try context.cachedStatement(slot: slots.upsert, sql: sql)
            defer { statement.reset() }
            try record.bindInsert(to: try statement.liveHandle())
            while try statement.next() {}
            if context.changes > 0 {
                if mode == .asBound { return record.storedAfterInsert(rowID: context.lastInsertRowID) }
                if let stored = try find(Record.self, id: record.id, in: context) { return stored }
                // A NULL key (an optional key column) inserts a row no key finds: as bound.
                return record.storedAfterInsert(rowID: context.lastInsertRowID)
            }
        }
        // Nothing written: a `DO NOTHING` on a row that already holds every value (every
        // column is part of the key), or a trigger's `RAISE(IGNORE)`.
        if Record.sqlUpdate == nil, let stored = try find(Record.self, id: record.id, in: context) { return stored }
        throw SQLError(
            code: .constraint, message: "the \(Record.sqlName) row was not saved: a trigger ignored it", sql: sql)
    }

    @usableFromInline
    static func notUpsertableError(_ type: any SQLRecord.Type) -> SQLError {
        SQLError(
            code: .misuse,
            message:
                "cannot save a \(type) record: \(type.sqlName) is a virtual table, which SQLite cannot upsert; use insert and update"
        )
    }

    /// Deletes the row with key `id`; whether there was one.
    @inlinable
    package static func delete<Record: SQLKeyedRecord>(
        id: Record.ID, of type: Record.Type, in context: SQLContext
    ) throws -> Bool {
        let statement = try context.cachedStatement(slot: Record.statementSlots.delete, sql: Record.sqlDelete)
        defer { statement.reset() }
        try Record.bindKey(id, to: try statement.liveHandle(), at: 1)
        while try statement.next() {}
        return context.changes > 0
    }

    /// The records `sql` returns, decoded from column 0; its statement comes from `slot`
    /// when given, else from the cache by its text.
    @inlinable
    package static func fetch<Record: SQLRecord>(
        _ type: Record.Type, slot: SQLStatementSlot? = nil, sql: String, in context: SQLContext, limit: Int? = nil,
        bind: (SQLStatement) throws -> Void = { _ in }
    ) throws -> [Record] {
        let statement =
            try slot.map { try context.cachedStatement(slot: $0, sql: sql) } ?? context.cachedStatement(sql: sql)
        defer { statement.reset() }
        try bind(statement)
        return try records(Record.self, from: statement, limit: limit)
    }

    /// The rows `statement` steps through (bound and ready), decoded from column 0, at most
    /// `limit`, read as SQL's `LIMIT` (and the typed queries, on both engines) read it: 0
    /// is no row, a negative limit is none. The caller resets the statement.
    @inlinable
    package static func records<Record: SQLResultRow>(
        _ type: Record.Type, from statement: SQLStatement, limit: Int? = nil
    ) throws -> [Record] {
        if limit == 0 { return [] }
        let limit = limit.flatMap { $0 > 0 ? $0 : nil }
        let handle = try statement.liveHandle()
        guard try statement.next() else { return [] }
        // Room for a few rows from the first one: growing from one element allocates and
        // copies five times on the way to ten rows.
        var records: [Record] = []
        records.reserveCapacity(16)
        repeat {
            records.append(try Record(sqliteStatement: handle, offset: 0))
            if let limit, records.count >= limit { break }
        } while try statement.next()
        return records
    }

    /// The first row `statement` steps to (bound and ready), or nil. The caller resets it.
    @inlinable
    package static func firstRecord<Record: SQLResultRow>(
        _ type: Record.Type, from statement: SQLStatement
    ) throws -> Record? {
        guard try statement.next() else { return nil }
        return try Record(sqliteStatement: try statement.liveHandle(), offset: 0)
    }

    /// The first record `sql` returns, or nil; its statement comes from `slot` when given.
    @inlinable
    package static func fetchOne<Record: SQLRecord>(
        _ type: Record.Type, slot: SQLStatementSlot? = nil, sql: String, in context: SQLContext,
        bind: (SQLStatement) throws -> Void
    ) throws -> Record? {
        let statement =
            try slot.map { try context.cachedStatement(slot: $0, sql: sql) } ?? context.cachedStatement(sql: sql)
        defer { statement.reset() }
        try bind(statement)
        return try firstRecord(Record.self, from: statement)
    }
}

extension SQLStatement {
    /// The `sqlite3_stmt` handle of a statement that is not closed.
    @inlinable
    public func liveHandle() throws -> OpaquePointer {
        guard let handle else { throw SQLError(code: .misuse, message: "the statement is closed", sql: sql) }
        return handle
    }
}
