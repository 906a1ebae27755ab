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
            let statement = try context.selectStatement(condition, ordering, limit: limit, offset: offset)
            defer { statement.reset() }
            let handle = try statement.liveHandle()
            var records: [Record] = []
            while try statement.next() {
                records.append(try Record(sqliteStatement: handle, offset: 0))
            }
            return records
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
        return try store.withReadContext { context in
            let statement = try context.selectStatement(condition, ordering, limit: 1, offset: nil)
            defer { statement.reset() }
            guard try statement.next() else { return nil }
            return try Record(sqliteStatement: try statement.liveHandle(), offset: 0)
        }
    }

    /// How many rows `predicate` holds for.
    @inlinable
    public func fetchCount(where predicate: (Record.Columns) -> SQLPredicate<Record>) throws -> Int {
        let condition = predicate(Record.Columns())
        let shape = SQLQueryShape<Record>(kind: .count, predicate: condition.shape)
        return try store.withReadContext { context in
            let statement = try context.typedStatement(shape, values: condition.values)
            defer { statement.reset() }
            return try statement.next() ? statement.int(at: 0) : 0
        }
    }

    /// Deletes the rows `predicate` holds for; returns how many there were.
    @inlinable @discardableResult
    public func delete(where predicate: (Record.Columns) -> SQLPredicate<Record>) throws -> Int {
        let condition = predicate(Record.Columns())
        let shape = SQLQueryShape<Record>(kind: .delete, predicate: condition.shape)
        return try store.withWriteContext { context in
            let statement = try context.typedStatement(shape, values: condition.values)
            defer { statement.reset() }
            while try statement.next() {}
            return Int(context.changes)
        }
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
        let shape = SQLQueryShape<Record>(kind: .update, predicate: condition?.shape, setColumn: target.index)
        let newValue = target.sqlValue(value)
        return try store.withWriteContext { context in
            let statement = try context.typedStatement(shape, values: condition?.values ?? [], first: 2)
            try statement.bind(newValue, at: 1)
            defer { statement.reset() }
            while try statement.next() {}
            return Int(context.changes)
        }
    }
}

extension SQLRecordStore {
    /// Sets `column` of the table at `table` to `value` where `predicate` holds; returns how
    /// many rows changed: `db.update(\.people, set: \.title, to: nil, where: { $0.name.hasPrefix("J") })`.
    @inlinable @discardableResult
    public func update<Record: SQLQueryableRecord, Value>(
        _ table: KeyPath<Self, SQLTable<Record, Self>>,
        set column: KeyPath<Record.Columns, SQLColumn<Record, Value>>,
        to value: Value,
        where predicate: ((Record.Columns) -> SQLPredicate<Record>)? = nil
    ) throws -> Int {
        try self[keyPath: table].update(set: column, to: value, where: predicate)
    }

    /// Deletes the rows of the table at `table` where `predicate` holds; returns how many.
    @inlinable @discardableResult
    public func delete<Record: SQLQueryableRecord>(
        from table: KeyPath<Self, SQLTable<Record, Self>>,
        where predicate: (Record.Columns) -> SQLPredicate<Record>
    ) throws -> Int {
        try self[keyPath: table].delete(where: predicate)
    }
}
