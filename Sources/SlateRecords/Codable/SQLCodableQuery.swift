import Slate

/// A fetch of ``SQLCodableRecord``s, its predicate and order evaluated: what the public
/// `fetch` methods run, handing each record to a closure.
///
/// The methods that return arrays are inlinable and build the array themselves, so that
/// the array is made by code specialized for the record type. Code generic over the
/// record that makes an array looks up the array's type metadata in the runtime (a hash
/// lookup per array, and per append), which cost more than decoding a row.
@usableFromInline
struct SQLCodableQuery<Record: SQLCodableRecord>: Sendable {
    let condition: SQLPredicate<Record>?
    let ordering: SQLOrder<Record>?
    let limit: Int?
    let offset: Int?

    /// A query on `context`'s connection, its closures evaluated with the connection's
    /// cache of key paths.
    @usableFromInline
    init(
        on context: SQLContext,
        where predicate: ((SQLCodableColumns<Record>) -> SQLPredicate<Record>)?,
        orderBy order: ((SQLCodableColumns<Record>) -> SQLOrder<Record>)?,
        limit: Int?,
        offset: Int?
    ) throws {
        let table = try context.codableTable(Record.self)
        (condition, ordering) = try SQLCodableColumns(table).evaluate(predicate, order)
        self.limit = limit
        self.offset = offset
    }

    /// A query evaluated off any connection, for async code: its closures run before the
    /// caller suspends.
    @usableFromInline
    init(
        where predicate: ((SQLCodableColumns<Record>) -> SQLPredicate<Record>)?,
        orderBy order: ((SQLCodableColumns<Record>) -> SQLOrder<Record>)?,
        limit: Int?,
        offset: Int?
    ) throws {
        (condition, ordering) = try SQLCodableColumns<Record>().evaluate(predicate, order)
        self.limit = limit
        self.offset = offset
    }

    /// Runs the query on `context`, handing each record to `body` as it is decoded.
    @usableFromInline
    func forEach(in context: SQLContext, _ body: (consuming Record) -> Void) throws {
        let table = try context.codableTable(Record.self)
        let statement = try context.selectStatement(
            condition, ordering, limit: limit, offset: offset, in: table.queries)
        defer { statement.reset() }
        try table.forEachRecord(from: statement, body)
    }

    /// Runs the query on `context`, handing each record to `body` as it is decoded, until
    /// `body` sets its `stop` argument.
    @usableFromInline
    func walk(in context: SQLContext, _ body: (consuming Record, inout Bool) throws -> Void) throws {
        let table = try context.codableTable(Record.self)
        let statement = try context.selectStatement(
            condition, ordering, limit: limit, offset: offset, in: table.queries)
        defer { statement.reset() }
        try statement.walking { try table.walkRecords(from: statement, body) }
    }
}

extension Array {
    /// Appends a fetched record; the first one reserves room for a few more, as most
    /// fetches return several rows and growing from one by doubling copies them each time.
    @inlinable
    mutating func appendFetched(_ element: consuming Element) {
        if isEmpty { reserveCapacity(16) }
        append(element)
    }
}
