// Walks: the rows of a typed query handed to a closure one at a time, as they are read,
// never gathered into an array. A walk holds one connection and one statement until it
// ends; memory does not grow with the number of rows.

extension SQLTable where Record: SQLQueryableRecord {
    /// Calls `body` with each row for which `predicate` holds, in `order`, from `offset`, at
    /// most `limit`, as it is read: only the current record is in memory, however many
    /// rows there are.
    ///
    /// ```swift
    /// var titled: [String] = []
    /// try db.people.forEach(where: { $0.title != nil }, orderBy: { $0.name.ascending }) { person in
    ///     titled.append("\(person.title!) \(person.name)")
    /// }
    /// ```
    ///
    /// The walk holds one connection until it ends: on a database, a reader, and the
    /// closure must not call the database (the pool refuses it); inside a transaction,
    /// the transaction's connection, and the closure may use `tx` (it sees the
    /// transaction's writes), except to write a table the walk reads, which throws: SQLite
    /// does not define whether the walk would see the change, and a walk inserting as it
    /// reads would never end. A throw from `body` stops the walk and is rethrown; to stop
    /// without an error, take a second argument and set it (`{ person, stop in … }`), or
    /// use `withCursor(where:orderBy:limit:offset:_:)`.
    @inlinable
    public func forEach(
        where predicate: ((Record.Columns) -> SQLPredicate<Record>)? = nil,
        orderBy order: ((Record.Columns) -> SQLOrder<Record>)? = nil,
        limit: Int? = nil,
        offset: Int? = nil,
        _ body: (Record) throws -> Void
    ) throws {
        try forEach(where: predicate, orderBy: order, limit: limit, offset: offset) { record, _ in try body(record) }
    }

    /// Calls `body` with each row for which `predicate` holds until it sets `stop` to true:
    /// the rows after that one are never read.
    ///
    /// ```swift
    /// var names: Set<String> = []
    /// try db.people.forEach(orderBy: { $0.name.ascending }) { person, stop in
    ///     names.insert(person.name)
    ///     stop = names.count == 10
    /// }
    /// ```
    @inlinable
    public func forEach(
        where predicate: ((Record.Columns) -> SQLPredicate<Record>)? = nil,
        orderBy order: ((Record.Columns) -> SQLOrder<Record>)? = nil,
        limit: Int? = nil,
        offset: Int? = nil,
        _ body: (Record, _ stop: inout Bool) throws -> Void
    ) throws {
        let columns = Record.Columns()
        let condition = predicate?(columns)
        let ordering = order?(columns)
        try store.withReadContext { context in
            try SQLQueryOperations.forEach(condition, ordering, limit: limit, offset: offset, in: context, body)
        }
    }

    /// Runs `body` with a cursor over the rows for which `predicate` holds, and returns
    /// what it returns: rows are read as `body` asks for them, and it stops whenever it
    /// likes.
    ///
    /// ```swift
    /// let (first, second) = try db.people.withCursor(orderBy: { $0.personId.ascending }) { cursor in
    ///     (try cursor.next(), try cursor.next())
    /// }
    /// ```
    ///
    /// The cursor is valid inside `body` only, on the connection the walk holds (see
    /// ``SQLRecordCursor``).
    @inlinable
    public func withCursor<T: Sendable>(
        where predicate: ((Record.Columns) -> SQLPredicate<Record>)? = nil,
        orderBy order: ((Record.Columns) -> SQLOrder<Record>)? = nil,
        limit: Int? = nil,
        offset: Int? = nil,
        _ body: (SQLRecordCursor<Record>) throws -> T
    ) throws -> T {
        let columns = Record.Columns()
        let condition = predicate?(columns)
        let ordering = order?(columns)
        return try store.withReadContext { context in
            try SQLQueryOperations.withCursor(condition, ordering, limit: limit, offset: offset, in: context, body)
        }
    }

    /// Calls `body` with a few columns of each row for which `predicate` holds, as they are
    /// read: the streaming form of `select(_:where:orderBy:limit:)`. Only those columns
    /// are read, each decoded straight to its Swift type.
    ///
    /// ```swift
    /// try db.people.forEach(selecting: \.personId, \.name, where: { $0.title == nil }) { id, name in
    ///     print(id, name)
    /// }
    /// ```
    ///
    /// A throw from `body` stops the walk and is rethrown. (There is no `stop` argument: a
    /// closure's parameters cannot follow a parameter pack; use `limit`, or
    /// `withCursor(where:orderBy:limit:offset:_:)` over records.)
    @inlinable
    public func forEach<each Value: SQLColumnDecodable>(
        selecting columns: repeat KeyPath<Record.Columns, SQLColumn<Record, each Value>>,
        where predicate: ((Record.Columns) -> SQLPredicate<Record>)? = nil,
        orderBy order: ((Record.Columns) -> SQLOrder<Record>)? = nil,
        limit: Int? = nil,
        _ body: (repeat each Value) throws -> Void
    ) throws {
        let query = SQLProjection(Record.self, repeat each columns, where: predicate, orderBy: order, limit: limit)
        try store.withReadContext { context in
            try query.forEach(in: context, context.queryCache(Record.self), body)
        }
    }

    /// `forEach(selecting:where:orderBy:limit:_:)` for one column:
    /// `body` takes its value.
    ///
    /// ```swift
    /// var total = 0
    /// try db.people.forEach(selecting: \.personId) { total += $0 }
    /// ```
    @inlinable
    public func forEach<Value: SQLColumnDecodable>(
        selecting column: KeyPath<Record.Columns, SQLColumn<Record, Value>>,
        where predicate: ((Record.Columns) -> SQLPredicate<Record>)? = nil,
        orderBy order: ((Record.Columns) -> SQLOrder<Record>)? = nil,
        limit: Int? = nil,
        _ body: (Value) throws -> Void
    ) throws {
        let query = SQLProjection(Record.self, column, where: predicate, orderBy: order, limit: limit)
        try store.withReadContext { context in
            try query.forEachValue(in: context, context.queryCache(Record.self), body)
        }
    }
}

extension SQLTable where Record: SQLQueryableRecord, Store: SQLDatabase {
    /// ``forEach(where:orderBy:limit:offset:_:)-(_,_,_,_,(Record)->Void)`` for async code:
    /// the task waits for a reader without holding a thread, then the walk runs on the
    /// pool's worker thread, holding that one reader until it ends, and `body` is called
    /// there. The closures `predicate` and `order` run before it suspends.
    ///
    /// Cancelling the task interrupts the walk: it stops at the next row and throws
    /// `CancellationError`. To gather a result without shared state, use
    /// `withCursor(where:orderBy:limit:offset:_:)` and return it.
    public func forEach(
        where predicate: ((Record.Columns) -> SQLPredicate<Record>)? = nil,
        orderBy order: ((Record.Columns) -> SQLOrder<Record>)? = nil,
        limit: Int? = nil,
        offset: Int? = nil,
        _ body: @escaping @Sendable (Record) throws -> Void
    ) async throws {
        try await forEach(where: predicate, orderBy: order, limit: limit, offset: offset) { record, _ in
            try body(record)
        }
    }

    /// `forEach(where:orderBy:limit:offset:_:)` for
    /// async code.
    public func forEach(
        where predicate: ((Record.Columns) -> SQLPredicate<Record>)? = nil,
        orderBy order: ((Record.Columns) -> SQLOrder<Record>)? = nil,
        limit: Int? = nil,
        offset: Int? = nil,
        _ body: @escaping @Sendable (Record, _ stop: inout Bool) throws -> Void
    ) async throws {
        let columns = Record.Columns()
        let condition = predicate?(columns)
        let ordering = order?(columns)
        try await store.pool.readWithoutTransaction { context in
            try SQLQueryOperations.forEach(condition, ordering, limit: limit, offset: offset, in: context, body)
        }
    }

    /// ``withCursor(where:orderBy:limit:offset:_:)`` for async code: `body` runs on the
    /// pool's worker thread, holding one reader, and what it returns comes back.
    ///
    /// ```swift
    /// let longest = try await db.people.withCursor { cursor in
    ///     var longest = ""
    ///     while let person = try cursor.next() {
    ///         if person.name.count > longest.count { longest = person.name }
    ///     }
    ///     return longest
    /// }
    /// ```
    public func withCursor<T: Sendable>(
        where predicate: ((Record.Columns) -> SQLPredicate<Record>)? = nil,
        orderBy order: ((Record.Columns) -> SQLOrder<Record>)? = nil,
        limit: Int? = nil,
        offset: Int? = nil,
        _ body: @escaping @Sendable (SQLRecordCursor<Record>) throws -> T
    ) async throws -> T {
        let columns = Record.Columns()
        let condition = predicate?(columns)
        let ordering = order?(columns)
        return try await store.pool.readWithoutTransaction { context in
            try SQLQueryOperations.withCursor(condition, ordering, limit: limit, offset: offset, in: context, body)
        }
    }

    /// `forEach(selecting:where:orderBy:limit:_:)` for async code:
    /// `body` is called on the pool's worker thread.
    public func forEach<each Value: SQLColumnDecodable>(
        selecting columns: repeat KeyPath<Record.Columns, SQLColumn<Record, each Value>>,
        where predicate: ((Record.Columns) -> SQLPredicate<Record>)? = nil,
        orderBy order: ((Record.Columns) -> SQLOrder<Record>)? = nil,
        limit: Int? = nil,
        _ body: @escaping @Sendable (repeat each Value) throws -> Void
    ) async throws {
        let query = SQLProjection(Record.self, repeat each columns, where: predicate, orderBy: order, limit: limit)
        try await store.pool.readWithoutTransaction { context in
            try query.forEach(in: context, context.queryCache(Record.self), body)
        }
    }
}

extension SQLProjection {
    /// The projection of `columns` of `Record` where `predicate` holds, in `order`.
    @inlinable
    init<Record: SQLQueryableRecord, each Value>(
        _ type: Record.Type,
        _ columns: repeat KeyPath<Record.Columns, SQLColumn<Record, each Value>>,
        where predicate: ((Record.Columns) -> SQLPredicate<Record>)?,
        orderBy order: ((Record.Columns) -> SQLOrder<Record>)?,
        limit: Int?
    ) {
        let all = Record.Columns()
        var indices: [Int32] = []
        var storages: [SQLColumnStorage] = []
        for column in repeat each columns {
            indices.append(all[keyPath: column].index)
            storages.append(SQLColumnStorage(all[keyPath: column]))
        }
        self.init(Record.self, indices, predicate?(all), order?(all), limit: limit, storages: storages)
    }

    /// Hands the value of each row's one column to `body`: a loop specialized for its
    /// type, where the loop over a parameter pack decodes through the protocol.
    @inlinable
    func forEachValue<Value: SQLColumnDecodable>(
        in context: SQLContext, _ cache: SQLQueryCache, _ body: (Value) throws -> Void
    ) throws {
        let statement = try context.typedStatement(shape, values: values, in: cache)
        if let limit { try statement.bind(Int64(limit), at: Int32(values.count) + 1) }
        defer { statement.reset() }
        // As in `forEach(in:_:_:)`: the plain loop unless the column reads its storage.
        try statement.walking {
            guard readsStorage, let storage = storages.first else {
                while try statement.next() {
                    try body(try Value.decode(from: statement, at: 0))
                }
                return
            }
            while try statement.next() {
                try body(try Self.read(Value.self, statement, 0, storage))
            }
        }
    }

    /// Hands each row to `body`, each column decoded to its type.
    @inlinable
    func forEach<each Value: SQLColumnDecodable>(
        in context: SQLContext, _ cache: SQLQueryCache, _ body: (repeat each Value) throws -> Void
    ) throws {
        let statement = try context.typedStatement(shape, values: values, in: cache)
        if let limit { try statement.bind(Int64(limit), at: Int32(values.count) + 1) }
        defer { statement.reset() }
        // Only a column storing seconds since 2001 (which `Date`'s own decoding reads as
        // seconds since 1970), a UUID or a boolean stored as text reads another way than
        // its type's own decoding: the common case keeps the plain loop, whose reads inline.
        try statement.walking {
            guard readsStorage else {
                while try statement.next() {
                    var index: Int32 = -1
                    func read<Column: SQLColumnDecodable>(_ type: Column.Type) throws -> Column {
                        index += 1
                        return try Column.decode(from: statement, at: index)
                    }
                    try body(repeat read((each Value).self))
                }
                return
            }
            while try statement.next() {
                var index: Int32 = -1
                func read<Column: SQLColumnDecodable>(_ type: Column.Type) throws -> Column {
                    index += 1
                    return try Self.read(Column.self, statement, index, storages[Int(index)])
                }
                try body(repeat read((each Value).self))
            }
        }
    }
}
