import Slate

extension SQLRecordStore {
    /// Saves `record`: inserts it, or updates the row with its primary key when there is
    /// one (one `INSERT OR ABORT … ON CONFLICT DO UPDATE`). Returns the record as saved:
    /// when its key was nil, SQLite assigned the rowid, and the returned record has it.
    ///
    /// A `UNIQUE` value another row holds throws, whatever the column's own conflict clause
    /// (`ON CONFLICT REPLACE` would delete that row); a save a trigger ignores
    /// (`RAISE(IGNORE)`) throws. SQLite does no upsert on a view or a virtual table (an
    /// FTS index): there `save` throws SQLite's error; use `insert(_:)`.
    @discardableResult
    public func save<Record: SQLCodableRecord>(_ record: Record) throws -> Record {
        try withWriteContext { context in try SQLCodableOperations.save(record, in: context) }
    }

    /// Inserts `record` and returns it as saved (with the rowid SQLite assigned when its key
    /// was nil); a row with the same primary key already there throws (SQLite's UNIQUE
    /// constraint), where ``SQLRecordStore/save(_:)-3dxja`` would update it. SkipSQL's `insert(_:upsert: false)`.
    ///
    /// The statement is `INSERT OR ABORT`: a key's or column's own `ON CONFLICT REPLACE`
    /// or `IGNORE` cannot delete another row or skip this one. An insert that stores
    /// nothing (a trigger's `RAISE(IGNORE)`) throws, never returning another row's id; a
    /// row stored but not to be read back (an external-content FTS table) is returned as
    /// bound.
    @discardableResult
    public func insert<Record: SQLCodableRecord>(_ record: Record) throws -> Record {
        try withWriteContext { context in try SQLCodableOperations.insert(record, in: context) }
    }

    /// The record whose compound primary key is `keys` (one value per column of
    /// ``SQLCodableRecord/primaryKeys``, in order), or nil.
    @inlinable
    public func load<Record: SQLCodableRecord>(_ type: Record.Type, keys: [any SQLBindable]) throws -> Record? {
        var found: Record?
        let values = keys.map(\.sqlValue)
        try withReadContext { context in try SQLCodableOperations.load(type, keys: values, in: context) { found = $0 } }
        return found
    }

    /// Deletes the row whose compound primary key is `keys`; returns whether there was one.
    @discardableResult
    public func delete<Record: SQLCodableRecord>(_ type: Record.Type, keys: [any SQLBindable]) throws -> Bool {
        let values = keys.map(\.sqlValue)
        return try withWriteContext { context in try SQLCodableOperations.delete(type, keys: values, in: context) }
    }

    /// The record whose primary key is `key`, or nil.
    @inlinable
    public func load<Record: SQLCodableRecord>(_ type: Record.Type, key: some SQLBindable) throws -> Record? {
        var found: Record?
        try withReadContext { context in
            try SQLCodableOperations.load(type, key: key.sqlValue, in: context) { found = $0 }
        }
        return found
    }

    /// Deletes the row with `record`'s primary key; returns whether there was one.
    @discardableResult
    public func delete<Record: SQLCodableRecord>(_ record: Record) throws -> Bool {
        let keys = try SQLCodableOperations.keys(of: record)
        return try withWriteContext { context in try SQLCodableOperations.delete(Record.self, keys: keys, in: context) }
    }

    /// Deletes the row whose primary key is `key`; returns whether there was one.
    @discardableResult
    public func delete<Record: SQLCodableRecord>(_ type: Record.Type, key: some SQLBindable) throws -> Bool {
        try withWriteContext { context in try SQLCodableOperations.delete(type, key: key.sqlValue, in: context) }
    }

    /// The records for which `predicate` holds, in `order`, from `offset`, at most `limit`:
    /// one `SELECT` with every value bound, its statement cached by the query's shape.
    ///
    /// ```swift
    /// try db.fetch(Note.self, where: { $0.body == nil }, orderBy: { $0.title.ascending }, limit: 20)
    /// ```
    @inlinable
    public func fetch<Record: SQLCodableRecord>(
        _ type: Record.Type,
        where predicate: ((SQLCodableColumns<Record>) -> SQLPredicate<Record>)? = nil,
        orderBy order: ((SQLCodableColumns<Record>) -> SQLOrder<Record>)? = nil,
        limit: Int? = nil,
        offset: Int? = nil
    ) throws -> [Record] {
        var records: [Record] = []
        try withReadContext { context in
            let query = try SQLCodableQuery(on: context, where: predicate, orderBy: order, limit: limit, offset: offset)
            try query.forEach(in: context) { records.appendFetched($0) }
        }
        return records
    }

    /// Calls `body` with each record for which `predicate` holds, in `order`, from
    /// `offset`, at most `limit`, as it is decoded: one record is in memory at a time,
    /// however many rows there are.
    ///
    /// ```swift
    /// try db.forEach(Note.self, where: { $0.status == .open }, orderBy: { $0.title.ascending }) { note in
    ///     try export(note)
    /// }
    /// ```
    ///
    /// The walk holds one connection until it ends (on a pool or a generated database, a
    /// reader, and `body` must not call the pool). A throw from `body` stops it and is
    /// rethrown; to stop without an error, take a second argument and set it:
    /// `{ note, stop in stop = note.title == "Done" }`.
    public func forEach<Record: SQLCodableRecord>(
        _ type: Record.Type,
        where predicate: ((SQLCodableColumns<Record>) -> SQLPredicate<Record>)? = nil,
        orderBy order: ((SQLCodableColumns<Record>) -> SQLOrder<Record>)? = nil,
        limit: Int? = nil,
        offset: Int? = nil,
        _ body: (Record) throws -> Void
    ) throws {
        try forEach(type, where: predicate, orderBy: order, limit: limit, offset: offset) { record, _ in
            try body(record)
        }
    }

    /// Calls `body` with each record for which `predicate` holds until it sets `stop` to
    /// true: the rows after that one are never read.
    ///
    /// ```swift
    /// var titles: [String] = []
    /// try db.forEach(Note.self, orderBy: { $0.title.ascending }) { note, stop in
    ///     titles.append(note.title)
    ///     stop = titles.count == 10
    /// }
    /// ```
    public func forEach<Record: SQLCodableRecord>(
        _ type: Record.Type,
        where predicate: ((SQLCodableColumns<Record>) -> SQLPredicate<Record>)? = nil,
        orderBy order: ((SQLCodableColumns<Record>) -> SQLOrder<Record>)? = nil,
        limit: Int? = nil,
        offset: Int? = nil,
        _ body: (Record, _ stop: inout Bool) throws -> Void
    ) throws {
        try withReadContext { context in
            let query = try SQLCodableQuery(on: context, where: predicate, orderBy: order, limit: limit, offset: offset)
            try query.walk(in: context) { record, stop in try body(record, &stop) }
        }
    }

    /// The first record for which `predicate` holds (in `order`), or nil.
    @inlinable
    public func fetchOne<Record: SQLCodableRecord>(
        _ type: Record.Type,
        where predicate: (SQLCodableColumns<Record>) -> SQLPredicate<Record>,
        orderBy order: ((SQLCodableColumns<Record>) -> SQLOrder<Record>)? = nil
    ) throws -> Record? {
        var found: Record?
        try withoutActuallyEscaping(predicate) { predicate in
            try withReadContext { context in
                let query = try SQLCodableQuery(on: context, where: predicate, orderBy: order, limit: 1, offset: nil)
                try query.forEach(in: context) { found = $0 }
            }
        }
        return found
    }

    /// How many rows `predicate` holds for (every row without one).
    public func fetchCount<Record: SQLCodableRecord>(
        _ type: Record.Type, where predicate: ((SQLCodableColumns<Record>) -> SQLPredicate<Record>)? = nil
    ) throws -> Int {
        try withReadContext { context in
            let table = try context.codableTable(Record.self)
            let (condition, _) = try SQLCodableColumns(table).evaluate(predicate, nil)
            return try SQLCodableOperations.count(condition, in: context)
        }
    }

    /// Deletes the rows `predicate` holds for; returns how many there were.
    @discardableResult
    public func delete<Record: SQLCodableRecord>(
        _ type: Record.Type, where predicate: (SQLCodableColumns<Record>) -> SQLPredicate<Record>
    ) throws -> Int {
        try withWriteContext { context in
            let table = try context.codableTable(Record.self)
            let columns = SQLCodableColumns(table)
            let condition = predicate(columns)
            try columns.check()
            return try SQLCodableOperations.delete(condition, in: context)
        }
    }

    /// A few properties of the records `predicate` holds for, as tuples, for listings:
    /// only those columns are read.
    ///
    /// ```swift
    /// let titles: [(Int?, String)] = try db.select(from: Note.self, \.id, \.title, orderBy: { $0.title.ascending })
    /// ```
    public func select<Record: SQLCodableRecord, each Value: SQLColumnDecodable & SQLBindable>(
        from type: Record.Type,
        _ columns: repeat KeyPath<Record, each Value>,
        where predicate: ((SQLCodableColumns<Record>) -> SQLPredicate<Record>)? = nil,
        orderBy order: ((SQLCodableColumns<Record>) -> SQLOrder<Record>)? = nil,
        limit: Int? = nil
    ) throws -> [(repeat each Value)] {
        try withReadContext { context in
            let table = try context.codableTable(Record.self)
            let all = SQLCodableColumns(table)
            var indices: [Int32] = []
            for column in repeat each columns { indices.append(all[dynamicMember: column].index) }
            let (condition, ordering) = try all.evaluate(predicate, order)
            let query = SQLProjection(Record.self, indices, condition, ordering, limit: limit)
            return try query.rows(in: context, table.queries, of: repeat (each Value).self)
        }
    }
}

extension SQLContext: SQLRecordStore {
    /// Runs `body` on this context.
    @inlinable
    public func withReadContext<T>(_ body: (SQLContext) throws -> T) throws -> T { try body(self) }

    /// Runs `body` on this context.
    @inlinable
    public func withWriteContext<T>(_ body: (SQLContext) throws -> T) throws -> T { try body(self) }
}

extension SQLPooledStore {
    /// ``SQLRecordStore/save(_:)-3dxja`` for async code.
    @discardableResult
    public func save<Record: SQLCodableRecord>(_ record: Record) async throws -> Record {
        try await pool.writeWithoutTransaction { context in try SQLCodableOperations.save(record, in: context) }
    }

    /// ``SQLRecordStore``'s `insert(_:)` of a Codable record, for async code.
    @discardableResult
    public func insert<Record: SQLCodableRecord>(_ record: Record) async throws -> Record {
        try await pool.writeWithoutTransaction { context in try SQLCodableOperations.insert(record, in: context) }
    }

    /// ``SQLRecordStore/load(_:keys:)`` for async code.
    public func load<Record: SQLCodableRecord>(_ type: Record.Type, keys: [any SQLBindable]) async throws -> Record? {
        let values = keys.map(\.sqlValue)
        return try await pool.readWithoutTransaction { context in
            var found: Record?
            try SQLCodableOperations.load(type, keys: values, in: context) { found = $0 }
            return found
        }
    }

    /// ``SQLRecordStore/delete(_:keys:)`` for async code.
    @discardableResult
    public func delete<Record: SQLCodableRecord>(_ type: Record.Type, keys: [any SQLBindable]) async throws -> Bool {
        let values = keys.map(\.sqlValue)
        return try await pool.writeWithoutTransaction { context in
            try SQLCodableOperations.delete(type, keys: values, in: context)
        }
    }

    /// ``SQLRecordStore/load(_:key:)`` for async code.
    @inlinable
    public func load<Record: SQLCodableRecord, Key: SQLBindable>(_ type: Record.Type, key: Key) async throws -> Record?
    {
        let key = key.sqlValue
        return try await pool.readWithoutTransaction { context in
            var found: Record?
            try SQLCodableOperations.load(type, key: key, in: context) { found = $0 }
            return found
        }
    }

    /// ``SQLRecordStore``'s `delete(_:)` of a Codable record, for async code.
    @discardableResult
    public func delete<Record: SQLCodableRecord>(_ record: Record) async throws -> Bool {
        let keys = try SQLCodableOperations.keys(of: record)
        return try await pool.writeWithoutTransaction { context in
            try SQLCodableOperations.delete(Record.self, keys: keys, in: context)
        }
    }

    /// ``SQLRecordStore/fetch(_:where:orderBy:limit:offset:)`` for async code; the closures
    /// run before it suspends.
    @inlinable
    public func fetch<Record: SQLCodableRecord>(
        _ type: Record.Type,
        where predicate: ((SQLCodableColumns<Record>) -> SQLPredicate<Record>)? = nil,
        orderBy order: ((SQLCodableColumns<Record>) -> SQLOrder<Record>)? = nil,
        limit: Int? = nil,
        offset: Int? = nil
    ) async throws -> [Record] {
        let query = try SQLCodableQuery(where: predicate, orderBy: order, limit: limit, offset: offset)
        return try await pool.readWithoutTransaction { context in
            var records: [Record] = []
            try query.forEach(in: context) { records.appendFetched($0) }
            return records
        }
    }

    /// ``SQLRecordStore/forEach(_:where:orderBy:limit:offset:_:)-(_,_,_,_,_,(Record)->Void)``
    /// for async code: the walk runs on the pool's worker thread, holding one reader, and
    /// `body` is called there; the closures `predicate` and `order` run before it suspends.
    /// Cancelling the task stops the walk at the next row with `CancellationError`.
    public func forEach<Record: SQLCodableRecord>(
        _ type: Record.Type,
        where predicate: ((SQLCodableColumns<Record>) -> SQLPredicate<Record>)? = nil,
        orderBy order: ((SQLCodableColumns<Record>) -> SQLOrder<Record>)? = nil,
        limit: Int? = nil,
        offset: Int? = nil,
        _ body: @escaping @Sendable (Record) throws -> Void
    ) async throws {
        try await forEach(type, where: predicate, orderBy: order, limit: limit, offset: offset) { record, _ in
            try body(record)
        }
    }

    /// `forEach(_:where:orderBy:limit:offset:_:)`
    /// for async code.
    public func forEach<Record: SQLCodableRecord>(
        _ type: Record.Type,
        where predicate: ((SQLCodableColumns<Record>) -> SQLPredicate<Record>)? = nil,
        orderBy order: ((SQLCodableColumns<Record>) -> SQLOrder<Record>)? = nil,
        limit: Int? = nil,
        offset: Int? = nil,
        _ body: @escaping @Sendable (Record, _ stop: inout Bool) throws -> Void
    ) async throws {
        let query = try SQLCodableQuery(where: predicate, orderBy: order, limit: limit, offset: offset)
        try await pool.readWithoutTransaction { context in
            try query.walk(in: context) { record, stop in try body(record, &stop) }
        }
    }

    /// ``SQLRecordStore/fetchCount(_:where:)`` for async code.
    public func fetchCount<Record: SQLCodableRecord>(
        _ type: Record.Type, where predicate: ((SQLCodableColumns<Record>) -> SQLPredicate<Record>)? = nil
    ) async throws -> Int {
        let (condition, _) = try SQLCodableColumns<Record>().evaluate(predicate, nil)
        return try await pool.readWithoutTransaction { context in try SQLCodableOperations.count(condition, in: context)
        }
    }

    /// ``SQLRecordStore/fetchOne(_:where:orderBy:)`` for async code; the closures run
    /// before it suspends.
    public func fetchOne<Record: SQLCodableRecord>(
        _ type: Record.Type,
        where predicate: (SQLCodableColumns<Record>) -> SQLPredicate<Record>,
        orderBy order: ((SQLCodableColumns<Record>) -> SQLOrder<Record>)? = nil
    ) async throws -> Record? {
        let query = try withoutActuallyEscaping(predicate) { predicate in
            try SQLCodableQuery(where: predicate, orderBy: order, limit: 1, offset: nil)
        }
        return try await pool.readWithoutTransaction { context in
            var found: Record?
            try query.forEach(in: context) { found = $0 }
            return found
        }
    }

    /// ``SQLRecordStore/delete(_:key:)`` for async code.
    @discardableResult
    public func delete<Record: SQLCodableRecord, Key: SQLBindable>(_ type: Record.Type, key: Key) async throws -> Bool {
        let key = key.sqlValue
        return try await pool.writeWithoutTransaction { context in
            try SQLCodableOperations.delete(type, key: key, in: context)
        }
    }

    /// ``SQLRecordStore/delete(_:where:)`` for async code; the closure runs before it
    /// suspends.
    @discardableResult
    public func delete<Record: SQLCodableRecord>(
        _ type: Record.Type, where predicate: (SQLCodableColumns<Record>) -> SQLPredicate<Record>
    ) async throws -> Int {
        let condition = try withoutActuallyEscaping(predicate) { predicate in
            try SQLCodableColumns<Record>().evaluate(predicate, nil).0
        }
        guard let condition else { return 0 }
        return try await pool.writeWithoutTransaction { context in
            try SQLCodableOperations.delete(condition, in: context)
        }
    }

    /// ``SQLRecordStore/select(from:_:where:orderBy:limit:)`` for async code; the
    /// closures run before it suspends.
    public func select<Record: SQLCodableRecord, each Value: SQLColumnDecodable & SQLBindable & Sendable>(
        from type: Record.Type,
        _ columns: repeat KeyPath<Record, each Value>,
        where predicate: ((SQLCodableColumns<Record>) -> SQLPredicate<Record>)? = nil,
        orderBy order: ((SQLCodableColumns<Record>) -> SQLOrder<Record>)? = nil,
        limit: Int? = nil
    ) async throws -> [(repeat each Value)] {
        let all = SQLCodableColumns<Record>()
        var indices: [Int32] = []
        for column in repeat each columns { indices.append(all[dynamicMember: column].index) }
        let (condition, ordering) = try all.evaluate(predicate, order)
        let query = SQLProjection(Record.self, indices, condition, ordering, limit: limit)
        return try await pool.readWithoutTransaction { context in
            let table = try context.codableTable(Record.self)
            return try query.rows(in: context, table.queries, of: repeat (each Value).self)
        }
    }
}
