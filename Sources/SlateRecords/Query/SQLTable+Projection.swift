#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
        let query = SQLProjection(Record.self, repeat each columns, where: predicate, orderBy: order, limit: limit)
        return try store.withReadContext { context in
            try query.rows(in: context, context.queryCache(Record.self), of: repeat (each Value).self)
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
        let query = SQLProjection(aggregate: function, Record.self, column, predicate)
        return try store.withReadContext { context in try query.value(in: context, context.queryCache(Record.self)) }
    }
}

extension SQLTable where Record: SQLQueryableRecord, Store: SQLDatabase {
    /// ``select(_:where:orderBy:limit:)`` for async code; the closures run before it
    /// suspends.
    public func select<each Value: SQLColumnDecodable & Sendable>(
        _ columns: repeat KeyPath<Record.Columns, SQLColumn<Record, each Value>>,
        where predicate: ((Record.Columns) -> SQLPredicate<Record>)? = nil,
        orderBy order: ((Record.Columns) -> SQLOrder<Record>)? = nil,
        limit: Int? = nil
    ) async throws -> [(repeat each Value)] {
        let query = SQLProjection(Record.self, repeat each columns, where: predicate, orderBy: order, limit: limit)
        return try await store.pool.readWithoutTransaction { context in
            try query.rows(in: context, context.queryCache(Record.self), of: repeat (each Value).self)
        }
    }

    /// ``count(_:where:)`` for async code.
    public func count<Value>(
        _ column: KeyPath<Record.Columns, SQLColumn<Record, Value>>,
        where predicate: ((Record.Columns) -> SQLPredicate<Record>)? = nil
    ) async throws -> Int {
        try await aggregate(.count, column, predicate) ?? 0
    }

    /// ``sum(_:where:)`` for async code.
    public func sum<Value: SQLNumericValue>(
        _ column: KeyPath<Record.Columns, SQLColumn<Record, Value>>,
        where predicate: ((Record.Columns) -> SQLPredicate<Record>)? = nil
    ) async throws -> Value.Number? where Value.Number: Sendable {
        try await aggregate(.sum, column, predicate)
    }

    /// ``average(_:where:)`` for async code.
    public func average<Value: SQLNumericValue>(
        _ column: KeyPath<Record.Columns, SQLColumn<Record, Value>>,
        where predicate: ((Record.Columns) -> SQLPredicate<Record>)? = nil
    ) async throws -> Double? {
        try await aggregate(.avg, column, predicate)
    }

    /// ``min(_:where:)-(KeyPath<Record.Columns,SQLColumn<Record,Value>>,_)`` for async code.
    public func min<Value: SQLOrderedValue & SQLColumnDecodable & Sendable>(
        _ column: KeyPath<Record.Columns, SQLColumn<Record, Value>>,
        where predicate: ((Record.Columns) -> SQLPredicate<Record>)? = nil
    ) async throws -> Value? {
        try await aggregate(.min, column, predicate)
    }

    /// ``max(_:where:)-(KeyPath<Record.Columns,SQLColumn<Record,Value>>,_)`` for async code.
    public func max<Value: SQLOrderedValue & SQLColumnDecodable & Sendable>(
        _ column: KeyPath<Record.Columns, SQLColumn<Record, Value>>,
        where predicate: ((Record.Columns) -> SQLPredicate<Record>)? = nil
    ) async throws -> Value? {
        try await aggregate(.max, column, predicate)
    }

    func aggregate<Value, Result: SQLColumnDecodable & Sendable>(
        _ function: SQLAggregate,
        _ column: KeyPath<Record.Columns, SQLColumn<Record, Value>>,
        _ predicate: ((Record.Columns) -> SQLPredicate<Record>)?
    ) async throws -> Result? {
        let query = SQLProjection(aggregate: function, Record.self, column, predicate)
        return try await store.pool.readWithoutTransaction { context in
            try query.value(in: context, context.queryCache(Record.self))
        }
    }
}

/// How a projected column stores its values, from its ``SQLColumn``.
@usableFromInline
struct SQLColumnStorage: Sendable {
    @usableFromInline let dates: SQLDate.Storage
    @usableFromInline let uuids: SQLUUID.Storage
    @usableFromInline let booleans: SQLBoolean.Storage
    /// Whether the column reads otherwise than its type decodes itself: dates in a numeric
    /// storage, any UUID (read in its storage's form only), booleans stored as text.
    @usableFromInline let isRead: Bool

    @inlinable
    init<Record, Value>(_ column: SQLColumn<Record, Value>) {
        dates = column.dates
        uuids = column.uuids
        booleans = column.booleans
        isRead =
            !column.dates.isText || Value.self == UUID.self || Value.self == UUID?.self || column.booleans != .integer
    }
}

/// A projection or aggregate with its predicate and order evaluated: what the synchronous
/// and async methods run.
@usableFromInline
struct SQLProjection: Sendable {
    @usableFromInline let shape: SQLQueryShape
    @usableFromInline let values: SQLBoundValues
    @usableFromInline let limit: Int?
    /// How each column stores its values (empty: the way each type decodes itself): a
    /// `Date` of a column that stores seconds since 2001 reads from that epoch, a UUID in
    /// its column's storage only, a boolean stored as text from its texts, as the record's
    /// decoder reads them.
    @usableFromInline let storages: [SQLColumnStorage]
    /// Whether some column reads otherwise than its type decodes itself: the loops that
    /// read no such column stay plain.
    @usableFromInline let readsStorage: Bool

    @inlinable
    init<Record>(
        _ type: Record.Type, _ columns: [Int32], _ condition: SQLPredicate<Record>?, _ order: SQLOrder<Record>?,
        limit: Int?,
        storages: [SQLColumnStorage] = []
    ) {
        shape = SQLQueryShape(
            kind: .project, predicate: condition?.shape, order: order?.terms ?? [],
            limit: limit == nil ? .none : .bound, projection: columns)
        values = condition?.values ?? .none
        self.limit = limit
        self.storages = storages
        readsStorage = storages.contains(where: \.isRead)
    }

    @inlinable
    init<Record: SQLQueryableRecord, Value>(
        aggregate function: SQLAggregate, _ type: Record.Type,
        _ column: KeyPath<Record.Columns, SQLColumn<Record, Value>>,
        _ predicate: ((Record.Columns) -> SQLPredicate<Record>)?
    ) {
        let all = Record.Columns()
        let condition = predicate?(all)
        shape = SQLQueryShape(
            kind: .aggregate, predicate: condition?.shape, setColumn: all[keyPath: column].index,
            projection: [Int32(function.rawValue)])
        values = condition?.values ?? .none
        limit = nil
        storages = function == .count ? [] : [SQLColumnStorage(all[keyPath: column])]
        readsStorage = storages.contains(where: \.isRead)
    }

    /// Column `index` read as a `Column` that is a `Date` or `Date?` stored as `storage`;
    /// nil for any other type, which reads the usual way.
    @usableFromInline
    static func date<Column>(
        _ type: Column.Type, _ statement: SQLStatement, _ index: Int32, _ storage: SQLDate.Storage
    ) throws -> Column?? {
        if Column.self == Date.self {
            return try statement.date(at: index, storage: storage) as? Column
        }
        if Column.self == Date?.self {
            let date: Date? = statement.isNull(at: index) ? nil : try statement.date(at: index, storage: storage)
            return .some(date as? Column)
        }
        return nil
    }

    /// Column `index` read as a `Column` that is a `UUID` or `UUID?` in `storage`'s form
    /// only (see `SQLRecordCoding.uuid`); nil for any other type.
    @usableFromInline
    static func uuid<Column>(
        _ type: Column.Type, _ statement: SQLStatement, _ index: Int32, _ storage: SQLUUID.Storage
    ) throws -> Column?? {
        guard Column.self == UUID.self || Column.self == UUID?.self else { return nil }
        if Column.self == UUID?.self, statement.isNull(at: index) { return .some(UUID?.none as? Column) }
        guard let handle = statement.handle,
            let uuid = SQLUUID.uuid(sqliteStatement: handle, column: index, storage: storage)
        else {
            // NULL for a `UUID`: its own decoding throws the usual error.
            if statement.isNull(at: index) { return .some(try UUID.decode(from: statement, at: index) as? Column) }
            throw notStored(statement, index, storage.notAUUID)
        }
        return .some(uuid as? Column)
    }

    /// Column `index` read as a `Column` that is a `Bool` or `Bool?` stored as one of two
    /// texts; nil for any other type or storage.
    @usableFromInline
    static func bool<Column>(
        _ type: Column.Type, _ statement: SQLStatement, _ index: Int32, _ storage: SQLBoolean.Storage
    ) throws -> Column?? {
        guard case .text(let yes, let no) = storage, Column.self == Bool.self || Column.self == Bool?.self else {
            return nil
        }
        if Column.self == Bool?.self, statement.isNull(at: index) { return .some(Bool?.none as? Column) }
        guard let handle = statement.handle, let flag = SQLRecordCoding.textBool(handle, index, yes, no) else {
            if statement.isNull(at: index) { return .some(try Bool.decode(from: statement, at: index) as? Column) }
            throw notStored(statement, index, storage.notABoolean)
        }
        return .some(flag as? Column)
    }

    /// The error for column `index` holding a value that is not `what` (a UUID or a
    /// boolean as its column stores them), naming the column and the value.
    @usableFromInline
    static func notStored(_ statement: SQLStatement, _ index: Int32, _ what: String) -> SQLError {
        SQLError(
            code: .mismatch,
            message:
                "column \(index) (\"\(statement.columnName(at: index))\") holds \((try? statement.value(at: index))?.sqlLiteral ?? "?"), which is not \(what)",
            sql: statement.sql)
    }

    /// The rows, each column decoded to its type: the walk `forEach(in:_:_:)`, gathered.
    @inlinable
    func rows<each Value: SQLColumnDecodable>(
        in context: SQLContext, _ cache: SQLQueryCache, of types: repeat (each Value).Type
    ) throws -> [(repeat each Value)] {
        var rows: [(repeat each Value)] = []
        try forEach(in: context, cache) { (row: repeat each Value) in rows.append((repeat each row)) }
        return rows
    }

    /// Column `index` read as a `Column` from a column that stores its values as `storage`
    /// says: a `Date` of a column with a numeric storage as that storage counts (`Date`'s own
    /// decoding reads numbers as a text storage does), a UUID in its column's form only, a
    /// boolean from its column's texts, anything else by its own decoding. The loops call
    /// it only when some column ``SQLColumnStorage/isRead``.
    @inlinable
    static func read<Column: SQLColumnDecodable>(
        _ type: Column.Type, _ statement: SQLStatement, _ index: Int32, _ storage: SQLColumnStorage
    ) throws -> Column {
        if storage.isRead {
            if !storage.dates.isText, case let date?? = try date(Column.self, statement, index, storage.dates) {
                return date
            }
            if case let uuid?? = try uuid(Column.self, statement, index, storage.uuids) { return uuid }
            if case let flag?? = try bool(Column.self, statement, index, storage.booleans) { return flag }
        }
        return try Column.decode(from: statement, at: index)
    }

    /// The aggregate's value (nil for SQL's NULL).
    @inlinable
    func value<Result: SQLColumnDecodable>(in context: SQLContext, _ cache: SQLQueryCache) throws -> Result? {
        let statement = try context.typedStatement(shape, values: values, in: cache)
        defer { statement.reset() }
        guard try statement.next() else { return nil }
        if readsStorage, let storage = storages.first, !statement.isNull(at: 0) {
            return try Self.read(Result.self, statement, 0, storage)
        }
        return try Result?.decode(from: statement, at: 0)
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

extension SQLDatabase {
    /// ``SQLRecordStore/select(from:_:where:)`` for async code.
    public func select<Record: SQLQueryableRecord, each Value: SQLColumnDecodable & Sendable>(
        from table: KeyPath<Self, SQLTable<Record, Self>>,
        _ columns: repeat KeyPath<Record.Columns, SQLColumn<Record, each Value>>,
        where predicate: ((Record.Columns) -> SQLPredicate<Record>)? = nil
    ) async throws -> [(repeat each Value)] {
        try await self[keyPath: table].select(repeat each columns, where: predicate)
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
