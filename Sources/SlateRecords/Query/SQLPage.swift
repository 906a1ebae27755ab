import Slate

/// One page of a query's records, with how many records the whole query has: what a
/// listing endpoint returns.
///
/// ```swift
/// let page = try db.issues.page(2, size: 20, where: { $0.status == "open" }, orderBy: { $0.title.ascending })
/// page.items      // the records 21 to 40, at most 20
/// page.total      // how many open issues there are
/// page.pageCount  // how many pages of 20 they make
/// ```
///
/// The count and the records are read in one read transaction, so they agree even while
/// another connection writes. Pages are numbered from 1; a page past the last has no
/// items and the same ``total``. Encodable when its records are, as
/// `{"items": […], "number": 2, "size": 20, "total": 45, "pageCount": 3}`.
public struct SQLPage<Record> {
    /// The page's records, in the query's order: at most ``size``.
    public var items: [Record]
    /// The page's number, from 1.
    public var number: Int
    /// The most records a page holds.
    public var size: Int
    /// How many records the whole query has (its `WHERE`, without the page's limit).
    public var total: Int

    /// The most records a page may ask for: 10,000. A larger `size` throws, so that a
    /// client's `?size=` cannot make the server read a whole table into one array.
    public static var maximumSize: Int { 10_000 }

    /// A page of `items`.
    public init(items: [Record], number: Int, size: Int, total: Int) {
        self.items = items
        self.number = number
        self.size = size
        self.total = total
    }

    /// How many pages of ``size`` the ``total`` makes: 0 when there are no records.
    public var pageCount: Int {
        total <= 0 || size <= 0 ? 0 : (total - 1) / size + 1
    }

    /// The rows a page skips: `(number - 1) * size`, checked.
    ///
    /// Throws `SQLError` with code `.range` for a number or size below 1, a size over
    /// ``maximumSize``, or a number so large that the offset overflows.
    @usableFromInline
    static func offset(number: Int, size: Int) throws -> Int {
        guard number >= 1 else {
            throw SQLError(code: .range, message: "page number \(number) is out of range: pages are numbered from 1")
        }
        guard size >= 1, size <= maximumSize else {
            throw SQLError(
                code: .range, message: "page size \(size) is out of range: a page holds 1 to \(maximumSize) records")
        }
        let (offset, overflow) = (number - 1).multipliedReportingOverflow(by: size)
        guard !overflow else {
            throw SQLError(
                code: .range,
                message:
                    "page number \(number) is out of range: page \(number) of \(size) records starts past the largest row offset"
            )
        }
        return offset
    }
}

extension SQLPage: Sendable where Record: Sendable {}
extension SQLPage: Equatable where Record: Equatable {}
extension SQLPage: Hashable where Record: Hashable {}

/// The keys of a page's JSON.
private enum SQLPageCodingKeys: String, CodingKey {
    case items, number, size, total, pageCount
}

extension SQLPage: Encodable where Record: Encodable {
    /// Encodes the page's items, number, size, total and ``pageCount``.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: SQLPageCodingKeys.self)
        try container.encode(items, forKey: .items)
        try container.encode(number, forKey: .number)
        try container.encode(size, forKey: .size)
        try container.encode(total, forKey: .total)
        try container.encode(pageCount, forKey: .pageCount)
    }
}

extension SQLPage: Decodable where Record: Decodable {
    /// Decodes a page as ``encode(to:)`` writes it (`pageCount`, computed, is not read).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: SQLPageCodingKeys.self)
        self.init(
            items: try container.decode([Record].self, forKey: .items),
            number: try container.decode(Int.self, forKey: .number),
            size: try container.decode(Int.self, forKey: .size),
            total: try container.decode(Int.self, forKey: .total))
    }
}

extension SQLContext {
    /// Runs `body` in one read transaction: a deferred one, unless the connection is in a
    /// transaction already (then in that one). What a page's count and rows share.
    @usableFromInline
    func inOneSnapshot<T>(_ body: () throws -> T) throws -> T {
        if isInTransaction { return try body() }
        return try transaction(.deferred, body)
    }

    /// The bound `SELECT` of a page: `condition`, `order` then the table's rowid or key,
    /// `LIMIT size OFFSET offset`.
    @usableFromInline
    func pageStatement<Record>(
        _ condition: SQLPredicate<Record>?, _ order: SQLOrder<Record>?, size: Int, offset: Int, in cache: SQLQueryCache
    ) throws -> SQLStatement {
        let shape = SQLQueryShape(
            kind: .page, predicate: condition?.shape, order: order?.terms ?? [], limit: .bound, hasOffset: true)
        let statement = try cache.statement(shape, in: self)
        var index = try condition?.values.bind(to: statement, from: 1) ?? 1
        try statement.bind(Int64(size), at: index)
        index += 1
        try statement.bind(Int64(offset), at: index)
        return statement
    }

    /// How many rows `condition` holds for (every row without one), from `cache`.
    @usableFromInline
    func pageTotal<Record>(_ condition: SQLPredicate<Record>?, in cache: SQLQueryCache) throws -> Int {
        let statement = try typedStatement(
            SQLQueryShape(kind: .count, predicate: condition?.shape), values: condition?.values ?? .none, in: cache)
        defer { statement.reset() }
        return try statement.next() ? statement.int(at: 0) : 0
    }
}

extension SQLQueryOperations {
    /// Page `number` (from 1) of `size` rows for which `condition` holds, in `order`, then
    /// by rowid (or primary key), with the count of every such row; both read in one read
    /// transaction.
    @inlinable
    package static func page<Record: SQLQueryableRecord>(
        _ number: Int, size: Int, _ condition: SQLPredicate<Record>?, _ order: SQLOrder<Record>?, in context: SQLContext
    ) throws -> SQLPage<Record> {
        let offset = try SQLPage<Record>.offset(number: number, size: size)
        let cache = context.queryCache(Record.self)
        return try context.inOneSnapshot {
            let total = try context.pageTotal(condition, in: cache)
            guard offset < total else { return SQLPage(items: [], number: number, size: size, total: total) }
            let statement = try context.pageStatement(condition, order, size: size, offset: offset, in: cache)
            defer { statement.reset() }
            let items = try SQLRecordOperations.records(Record.self, from: statement)
            return SQLPage(items: items, number: number, size: size, total: total)
        }
    }
}

extension SQLTable where Record: SQLQueryableRecord {
    /// Page `number` (from 1) of `size` records for which `predicate` holds (every record
    /// without one), in `order`, with their ``SQLPage/total``: Fluent's `paginate(for:)`.
    ///
    /// ```swift
    /// let page = try db.people.page(1, size: 20, orderBy: { $0.name.ascending })
    /// ```
    ///
    /// The count and the records are read in one read transaction, so they agree even
    /// while another connection writes. Rows `order` ties (and every row, without an
    /// order) are ordered by rowid, or by primary key in a `WITHOUT ROWID` table, so that a
    /// row keeps one page from call to call; a view has neither, and its pages follow
    /// `order` alone. A page past the last has no items. A `number` below 1, a `size`
    /// below 1 or over ``SQLPage/maximumSize``, throws `SQLError` with code `.range`.
    @inlinable
    public func page(
        _ number: Int,
        size: Int,
        where predicate: ((Record.Columns) -> SQLPredicate<Record>)? = nil,
        orderBy order: ((Record.Columns) -> SQLOrder<Record>)? = nil
    ) throws -> SQLPage<Record> {
        let columns = Record.Columns()
        let condition = predicate?(columns)
        let ordering = order?(columns)
        return try store.withReadContext { context in
            try SQLQueryOperations.page(number, size: size, condition, ordering, in: context)
        }
    }
}

extension SQLTable where Record: SQLQueryableRecord, Store: SQLDatabase {
    /// ``page(_:size:where:orderBy:)`` for async code: one read transaction on a reader;
    /// the closures run before it suspends.
    public func page(
        _ number: Int,
        size: Int,
        where predicate: ((Record.Columns) -> SQLPredicate<Record>)? = nil,
        orderBy order: ((Record.Columns) -> SQLOrder<Record>)? = nil
    ) async throws -> SQLPage<Record> {
        let columns = Record.Columns()
        let condition = predicate?(columns)
        let ordering = order?(columns)
        return try await store.pool.read { context in
            try SQLQueryOperations.page(number, size: size, condition, ordering, in: context)
        }
    }
}
