extension SQLTable where Record: SQLQueryableRecord {
    /// A few columns of the rows `predicate` holds for, as tuples: only those columns are
    /// read, each decoded straight to its Swift type.
    ///
    /// ```swift
    /// let names: [(Int, String)] = try db.people.select(\.personId, \.name, where: { $0.title == nil })
    /// ```
    @inlinable
    public func select<each Value: SQLColumnDecodable>(
        _ columns: repeat KeyPath<Record.Columns, SQLColumn<Record, each Value>>,
        where predicate: ((Record.Columns) -> SQLPredicate<Record>)? = nil,
        orderBy order: ((Record.Columns) -> SQLOrder<Record>)? = nil,
        limit: Int? = nil
    ) throws -> [(repeat each Value)] {
        let all = Record.Columns()
        var indices: [Int32] = []
        for column in repeat each columns { indices.append(all[keyPath: column].index) }
        let condition = predicate?(all)
        let shape = SQLQueryShape<Record>(
            kind: .project, predicate: condition?.shape, order: order?(all).terms ?? [], hasLimit: limit != nil, projection: indices)
        return try store.withReadContext { context in
            let statement = try context.typedStatement(shape, values: condition?.values ?? [])
            if let limit { try statement.bind(Int64(limit), at: Int32(condition?.values.count ?? 0) + 1) }
            defer { statement.reset() }
            var rows: [(repeat each Value)] = []
            while try statement.next() {
                var index: Int32 = -1
                func read<Column: SQLColumnDecodable>(_ type: Column.Type) throws -> Column {
                    index += 1
                    return try Column.decode(from: statement, at: index)
                }
                rows.append(try (repeat read((each Value).self)))
            }
            return rows
        }
    }

    /// How many rows have a non-NULL `column` (and satisfy `predicate`).
    @inlinable
    public func count<Value>(
        _ column: KeyPath<Record.Columns, SQLColumn<Record, Value>>,
        where predicate: ((Record.Columns) -> SQLPredicate<Record>)? = nil
    ) throws -> Int {
        try aggregate(.count, column, predicate) ?? 0
    }

    /// The sum of `column` over the rows (nil when there is none, as in SQL).
    @inlinable
    public func sum<Value: SQLNumericValue>(
        _ column: KeyPath<Record.Columns, SQLColumn<Record, Value>>,
        where predicate: ((Record.Columns) -> SQLPredicate<Record>)? = nil
    ) throws -> Value.Number? {
        try aggregate(.sum, column, predicate)
    }

    /// The average of `column` over the rows (nil when there is none).
    @inlinable
    public func average<Value: SQLNumericValue>(
        _ column: KeyPath<Record.Columns, SQLColumn<Record, Value>>,
        where predicate: ((Record.Columns) -> SQLPredicate<Record>)? = nil
    ) throws -> Double? {
        try aggregate(.avg, column, predicate)
    }

    /// The smallest value of `column` (nil when there is none, or all are NULL).
    @inlinable
    public func min<Value: SQLOrderedValue & SQLColumnDecodable>(
        _ column: KeyPath<Record.Columns, SQLColumn<Record, Value>>,
        where predicate: ((Record.Columns) -> SQLPredicate<Record>)? = nil
    ) throws -> Value? {
        try aggregate(.min, column, predicate)
    }

    /// The smallest value of an optional `column`.
    @inlinable
    public func min<Value: SQLOrderedValue & SQLColumnDecodable>(
        _ column: KeyPath<Record.Columns, SQLColumn<Record, Value?>>,
        where predicate: ((Record.Columns) -> SQLPredicate<Record>)? = nil
    ) throws -> Value? {
        try aggregate(.min, column, predicate)
    }

    /// The largest value of `column` (nil when there is none, or all are NULL).
    @inlinable
    public func max<Value: SQLOrderedValue & SQLColumnDecodable>(
        _ column: KeyPath<Record.Columns, SQLColumn<Record, Value>>,
        where predicate: ((Record.Columns) -> SQLPredicate<Record>)? = nil
    ) throws -> Value? {
        try aggregate(.max, column, predicate)
    }

    /// The largest value of an optional `column`.
    @inlinable
    public func max<Value: SQLOrderedValue & SQLColumnDecodable>(
        _ column: KeyPath<Record.Columns, SQLColumn<Record, Value?>>,
        where predicate: ((Record.Columns) -> SQLPredicate<Record>)? = nil
    ) throws -> Value? {
        try aggregate(.max, column, predicate)
    }

    @inlinable
    func aggregate<Value, Result: SQLColumnDecodable>(
        _ function: SQLAggregate,
        _ column: KeyPath<Record.Columns, SQLColumn<Record, Value>>,
        _ predicate: ((Record.Columns) -> SQLPredicate<Record>)?
    ) throws -> Result? {
        let all = Record.Columns()
        let condition = predicate?(all)
        let shape = SQLQueryShape<Record>(
            kind: .aggregate, predicate: condition?.shape, setColumn: all[keyPath: column].index, projection: [Int32(function.rawValue)])
        return try store.withReadContext { context in
            let statement = try context.typedStatement(shape, values: condition?.values ?? [])
            defer { statement.reset() }
            guard try statement.next() else { return nil }
            return try Result?.decode(from: statement, at: 0)
        }
    }
}

extension SQLRecordStore {
    /// A few columns of the table at `table`, as tuples:
    /// `db.select(from: \.people, \.personId, \.name) { $0.title == nil }`.
    @inlinable
    public func select<Record: SQLQueryableRecord, each Value: SQLColumnDecodable>(
        from table: KeyPath<Self, SQLTable<Record, Self>>,
        _ columns: repeat KeyPath<Record.Columns, SQLColumn<Record, each Value>>,
        where predicate: ((Record.Columns) -> SQLPredicate<Record>)? = nil
    ) throws -> [(repeat each Value)] {
        try self[keyPath: table].select(repeat each columns, where: predicate)
    }
}

/// Numbers SQL sums: the sum of an `Int` column is an `Int`, of a `Double` one a `Double`,
/// optional or not.
public protocol SQLNumericValue {
    /// The type of the sum.
    associatedtype Number: SQLColumnDecodable
}
extension Int: SQLNumericValue { public typealias Number = Int }
extension Int64: SQLNumericValue { public typealias Number = Int64 }
extension Double: SQLNumericValue { public typealias Number = Double }
extension Optional: SQLNumericValue where Wrapped: SQLNumericValue { public typealias Number = Wrapped.Number }
