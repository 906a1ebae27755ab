import Slate

extension SQLCodableQuery {
    /// Page `number` of `size` records of the query (its limit and offset unused), with
    /// the count of every record it holds for, both read in one read transaction.
    func page(_ number: Int, size: Int, in context: SQLContext) throws -> SQLPage<Record> {
        let offset = try SQLPage<Record>.offset(number: number, size: size)
        let table = try context.codableTable(Record.self)
        return try context.inOneSnapshot {
            let total = try context.pageTotal(condition, in: table.queries)
            var items: [Record] = []
            if offset < total {
                let statement = try context.pageStatement(
                    condition, ordering, size: size, offset: offset, in: table.queries)
                defer { statement.reset() }
                try table.forEachRecord(from: statement) { items.appendFetched($0) }
            }
            return SQLPage(items: items, number: number, size: size, total: total)
        }
    }
}

extension SQLRecordStore {
    /// Page `number` (from 1) of `size` records of `type` for which `predicate` holds
    /// (every record without one), in `order`, with their ``SQLPage/total``.
    ///
    /// ```swift
    /// let page = try db.page(Note.self, 1, size: 20, where: { $0.body != nil }, orderBy: { $0.title.ascending })
    /// ```
    ///
    /// As `page(_:size:where:orderBy:)` pages a generated table (``SQLTable``): one read
    /// transaction for the count and the records; ties (and every row, without an order)
    /// in rowid order, or primary key order in a `WITHOUT ROWID` table; a page past the
    /// last is empty; a `number` below 1, or a `size` below 1 or over
    /// ``SQLPage/maximumSize``, throws `SQLError` with code `.range`.
    public func page<Record: SQLCodableRecord>(
        _ type: Record.Type,
        _ number: Int,
        size: Int,
        where predicate: ((SQLCodableColumns<Record>) -> SQLPredicate<Record>)? = nil,
        orderBy order: ((SQLCodableColumns<Record>) -> SQLOrder<Record>)? = nil
    ) throws -> SQLPage<Record> {
        try withReadContext { context in
            let query = try SQLCodableQuery(on: context, where: predicate, orderBy: order, limit: nil, offset: nil)
            return try query.page(number, size: size, in: context)
        }
    }
}

extension SQLPooledStore {
    /// ``SQLRecordStore/page(_:_:size:where:orderBy:)`` for async code: one read
    /// transaction on a reader; the closures run before it suspends.
    public func page<Record: SQLCodableRecord>(
        _ type: Record.Type,
        _ number: Int,
        size: Int,
        where predicate: ((SQLCodableColumns<Record>) -> SQLPredicate<Record>)? = nil,
        orderBy order: ((SQLCodableColumns<Record>) -> SQLOrder<Record>)? = nil
    ) async throws -> SQLPage<Record> {
        let query = try SQLCodableQuery(where: predicate, orderBy: order, limit: nil, offset: nil)
        return try await pool.read { context in try query.page(number, size: size, in: context) }
    }
}
