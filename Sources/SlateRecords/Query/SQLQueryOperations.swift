/// The statements behind typed queries, on one connection, with their predicates and
/// orders already evaluated: what the synchronous and the async methods both run.
@usableFromInline package enum SQLQueryOperations {
    /// The rows `condition` holds for, in `order`, from `offset`, at most `limit`.
    @inlinable
    package static func fetch<Record: SQLQueryableRecord>(
        _ condition: SQLPredicate<Record>?, _ order: SQLOrder<Record>?, limit: Int?, offset: Int?,
        in context: SQLContext
    ) throws -> [Record] {
        let statement = try context.selectStatement(
            condition, order, limit: limit, offset: offset, in: context.queryCache(Record.self))
        defer { statement.reset() }
        return try SQLRecordOperations.records(Record.self, from: statement)
    }

    /// Hands each row `condition` holds for, in `order`, from `offset`, at most `limit`, to
    /// `body` as it is read, until `body` sets its `stop` argument.
    @inlinable
    package static func forEach<Record: SQLQueryableRecord>(
        _ condition: SQLPredicate<Record>?, _ order: SQLOrder<Record>?, limit: Int?, offset: Int?,
        in context: SQLContext,
        _ body: (Record, inout Bool) throws -> Void
    ) throws {
        let statement = try walkStatement(condition, order, limit: limit, offset: offset, in: context)
        defer { statement.reset() }
        try SQLRecordOperations.forEach(Record.self, from: statement, body)
    }

    /// Runs `body` with a cursor over the rows `condition` holds for.
    @inlinable
    package static func withCursor<Record: SQLQueryableRecord, T>(
        _ condition: SQLPredicate<Record>?, _ order: SQLOrder<Record>?, limit: Int?, offset: Int?,
        in context: SQLContext,
        _ body: (SQLRecordCursor<Record>) throws -> T
    ) throws -> T {
        let statement = try walkStatement(condition, order, limit: limit, offset: offset, in: context)
        return try SQLRecordOperations.withCursor(Record.self, over: statement, body)
    }

    /// The bound `SELECT` of a walk: a walk of every row uses the record's own statement
    /// (``SQLRecord/sqlSelect``, from its slot), as `fetch()` does.
    @inlinable
    static func walkStatement<Record: SQLQueryableRecord>(
        _ condition: SQLPredicate<Record>?, _ order: SQLOrder<Record>?, limit: Int?, offset: Int?,
        in context: SQLContext
    ) throws -> SQLStatement {
        if condition == nil, order == nil, limit == nil, offset == nil {
            return try context.cachedStatement(slot: Record.statementSlots.select, sql: Record.sqlSelect)
        }
        return try context.selectStatement(
            condition, order, limit: limit, offset: offset, in: context.queryCache(Record.self))
    }

    /// The first row `condition` holds for, in `order`.
    @inlinable
    package static func fetchOne<Record: SQLQueryableRecord>(
        _ condition: SQLPredicate<Record>, _ order: SQLOrder<Record>?, in context: SQLContext
    ) throws -> Record? {
        let statement = try context.selectStatement(
            condition, order, limit: 1, offset: nil, in: context.queryCache(Record.self))
        defer { statement.reset() }
        return try SQLRecordOperations.firstRecord(Record.self, from: statement)
    }

    /// How many rows `condition` holds for.
    @inlinable
    package static func count<Record: SQLQueryableRecord>(
        _ condition: SQLPredicate<Record>, in context: SQLContext
    ) throws -> Int {
        let statement = try context.typedStatement(
            SQLQueryShape(kind: .count, predicate: condition.shape), values: condition.values,
            in: context.queryCache(Record.self))
        defer { statement.reset() }
        return try statement.next() ? statement.int(at: 0) : 0
    }

    /// Deletes the rows `condition` holds for; how many there were.
    @inlinable
    package static func delete<Record: SQLQueryableRecord & SQLTableRecord>(
        _ condition: SQLPredicate<Record>, in context: SQLContext
    ) throws -> Int {
        let statement = try context.typedStatement(
            SQLQueryShape(kind: .delete, predicate: condition.shape), values: condition.values,
            in: context.queryCache(Record.self))
        defer { statement.reset() }
        while try statement.next() {}
        return Int(context.changes)
    }

    /// Sets `column` to `value` where `condition` holds (everywhere without one); how many
    /// rows changed.
    @inlinable
    package static func update<Record: SQLQueryableRecord & SQLTableRecord, Value>(
        _ column: SQLColumn<Record, Value>, to value: Value, _ condition: SQLPredicate<Record>?, in context: SQLContext
    ) throws -> Int {
        let shape = SQLQueryShape(kind: .update, predicate: condition?.shape, setColumn: column.index)
        let statement = try context.typedStatement(
            shape, values: condition?.values ?? .none, first: 2, in: context.queryCache(Record.self))
        try statement.bind(
            column.storedValue(value, name: "\(Record.sqlName).\(Record.Columns.sqlNames[Int(column.index)])"), at: 1)
        defer { statement.reset() }
        while try statement.next() {}
        return Int(context.changes)
    }
}
