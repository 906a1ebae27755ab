extension SQLTable where Record: SQLQueryableRecord {
    /// The rows for which `predicate` holds, in `order`, from `offset`, at most `limit`:
    /// one `SELECT` with every value bound.
    ///
    /// ```swift
    /// try db.people.fetch(where: { $0.title == nil && $0.personId > 2 },
    ///                     orderBy: { $0.name.ascending }, limit: 10)
    /// ```
    @inlinable
    public func fetch(
        where predicate: ((Record.Columns) -> SQLPredicate<Record>)? = nil,
        orderBy order: ((Record.Columns) -> SQLOrder<Record>)? = nil,
        limit: Int? = nil,
        offset: Int? = nil
    ) throws -> [Record] {
        let columns = Record.Columns()
        let condition = predicate?(columns)
        let ordering = order?(columns)
        return try store.withReadContext { context in
            try SQLQueryOperations.fetch(condition, ordering, limit: limit, offset: offset, in: context)
        }
    }

    /// The first row for which `predicate` holds (in `order`), or nil.
    @inlinable
    public func fetchOne(
        where predicate: (Record.Columns) -> SQLPredicate<Record>,
        orderBy order: ((Record.Columns) -> SQLOrder<Record>)? = nil
    ) throws -> Record? {
        let columns = Record.Columns()
        let condition = predicate(columns)
        let ordering = order?(columns)
        return try store.withReadContext { context in try SQLQueryOperations.fetchOne(condition, ordering, in: context)
        }
    }

    /// How many rows `predicate` holds for.
    @inlinable
    public func fetchCount(where predicate: (Record.Columns) -> SQLPredicate<Record>) throws -> Int {
        let condition = predicate(Record.Columns())
        return try store.withReadContext { context in try SQLQueryOperations.count(condition, in: context) }
    }
}

/// Writes: tables only (a view's rows cannot be deleted or updated).
extension SQLTable where Record: SQLQueryableRecord & SQLTableRecord {
    /// Deletes the rows `predicate` holds for; returns how many there were.
    @inlinable @discardableResult
    public func delete(where predicate: (Record.Columns) -> SQLPredicate<Record>) throws -> Int {
        let condition = predicate(Record.Columns())
        return try store.withWriteContext { context in try SQLQueryOperations.delete(condition, in: context) }
    }

    /// Sets `column` to `value` in the rows `predicate` holds for (every row without one);
    /// returns how many rows changed.
    ///
    /// ```swift
    /// try db.people.update(set: \.title, to: nil, where: { $0.name.hasPrefix("J") })
    /// ```
    @inlinable @discardableResult
    public func update<Value>(
        set column: KeyPath<Record.Columns, SQLColumn<Record, Value>>,
        to value: Value,
        where predicate: ((Record.Columns) -> SQLPredicate<Record>)? = nil
    ) throws -> Int {
        let columns = Record.Columns()
        let target = columns[keyPath: column]
        let condition = predicate?(columns)
        return try store.withWriteContext { context in
            try SQLQueryOperations.update(target, to: value, condition, in: context)
        }
    }
}

extension SQLTable where Record: SQLQueryableRecord, Store: SQLDatabase {
    /// ``fetch(where:orderBy:limit:offset:)`` for async code; the closures run before it
    /// suspends.
    public func fetch(
        where predicate: ((Record.Columns) -> SQLPredicate<Record>)? = nil,
        orderBy order: ((Record.Columns) -> SQLOrder<Record>)? = nil,
        limit: Int? = nil,
        offset: Int? = nil
    ) async throws -> [Record] {
        let columns = Record.Columns()
        let condition = predicate?(columns)
        let ordering = order?(columns)
        return try await store.pool.readWithoutTransaction { context in
            try SQLQueryOperations.fetch(condition, ordering, limit: limit, offset: offset, in: context)
        }
    }

    /// ``fetchOne(where:orderBy:)`` for async code.
    public func fetchOne(
        where predicate: (Record.Columns) -> SQLPredicate<Record>,
        orderBy order: ((Record.Columns) -> SQLOrder<Record>)? = nil
    ) async throws -> Record? {
        let columns = Record.Columns()
        let condition = predicate(columns)
        let ordering = order?(columns)
        return try await store.pool.readWithoutTransaction { context in
            try SQLQueryOperations.fetchOne(condition, ordering, in: context)
        }
    }

    /// ``fetchCount(where:)`` for async code.
    public func fetchCount(where predicate: (Record.Columns) -> SQLPredicate<Record>) async throws -> Int {
        let condition = predicate(Record.Columns())
        return try await store.pool.readWithoutTransaction { context in
            try SQLQueryOperations.count(condition, in: context)
        }
    }
}

extension SQLTable where Record: SQLQueryableRecord & SQLTableRecord, Store: SQLDatabase {
    /// ``delete(where:)`` for async code.
    @discardableResult
    public func delete(where predicate: (Record.Columns) -> SQLPredicate<Record>) async throws -> Int {
        let condition = predicate(Record.Columns())
        return try await store.pool.writeWithoutTransaction { context in
            try SQLQueryOperations.delete(condition, in: context)
        }
    }

    /// ``update(set:to:where:)`` for async code.
    @discardableResult
    public func update<Value: Sendable>(
        set column: KeyPath<Record.Columns, SQLColumn<Record, Value>>,
        to value: Value,
        where predicate: ((Record.Columns) -> SQLPredicate<Record>)? = nil
    ) async throws -> Int {
        let columns = Record.Columns()
        let target = columns[keyPath: column]
        let condition = predicate?(columns)
        return try await store.pool.writeWithoutTransaction { context in
            try SQLQueryOperations.update(target, to: value, condition, in: context)
        }
    }
}

extension SQLRecordStore {
    /// Sets `column` of the table at `table` to `value` where `predicate` holds; returns how
    /// many rows changed: `db.update(\.people, set: \.title, to: nil, where: { $0.name.hasPrefix("J") })`.
    @inlinable @discardableResult
    public func update<Record: SQLQueryableRecord & SQLTableRecord, Value>(
        _ table: KeyPath<Self, SQLTable<Record, Self>>,
        set column: KeyPath<Record.Columns, SQLColumn<Record, Value>>,
        to value: Value,
        where predicate: ((Record.Columns) -> SQLPredicate<Record>)? = nil
    ) throws -> Int {
        try self[keyPath: table].update(set: column, to: value, where: predicate)
    }

    /// Deletes the rows of the table at `table` where `predicate` holds; returns how many.
    @inlinable @discardableResult
    public func delete<Record: SQLQueryableRecord & SQLTableRecord>(
        from table: KeyPath<Self, SQLTable<Record, Self>>,
        where predicate: (Record.Columns) -> SQLPredicate<Record>
    ) throws -> Int {
        try self[keyPath: table].delete(where: predicate)
    }
}

extension SQLDatabase {
    /// ``SQLRecordStore/update(_:set:to:where:)`` for async code.
    @discardableResult
    public func update<Record: SQLQueryableRecord & SQLTableRecord, Value: Sendable>(
        _ table: KeyPath<Self, SQLTable<Record, Self>>,
        set column: KeyPath<Record.Columns, SQLColumn<Record, Value>>,
        to value: Value,
        where predicate: ((Record.Columns) -> SQLPredicate<Record>)? = nil
    ) async throws -> Int {
        try await self[keyPath: table].update(set: column, to: value, where: predicate)
    }

    /// ``SQLRecordStore/delete(from:where:)`` for async code.
    @discardableResult
    public func delete<Record: SQLQueryableRecord & SQLTableRecord>(
        from table: KeyPath<Self, SQLTable<Record, Self>>,
        where predicate: (Record.Columns) -> SQLPredicate<Record>
    ) async throws -> Int {
        try await self[keyPath: table].delete(where: predicate)
    }
}
