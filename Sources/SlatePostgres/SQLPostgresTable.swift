#if Postgres
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PostgresNIO
import Slate
import SlateRecords

/// Where generated table accessors run: on the database (each call its own transaction)
/// or in a transaction's context.
@_spi(Generated) public enum SQLPostgresTarget: Sendable {
    case database(SQLPostgres)
    case context(SQLPostgresContext)

    func read<T: Sendable>(_ body: @Sendable (SQLPostgresContext) async throws -> T) async throws -> T {
        switch self {
        case .database(let database): return try await database.read(body)
        case .context(let context): return try await body(context)
        }
    }

    func write<T: Sendable>(_ body: @Sendable (SQLPostgresContext) async throws -> T) async throws -> T {
        switch self {
        case .database(let database): return try await database.write(body)
        case .context(let context): return try await body(context)
        }
    }

    /// One statement that reads: on its own on the database (no transaction, one round
    /// trip), on the replica when one is configured, as `read` would.
    func readOne<T: Sendable>(_ body: @Sendable (SQLPostgresContext) async throws -> T) async throws -> T {
        switch self {
        case .database(let database):
            return try await database.autocommit(onPrimary: database.configuration.readYourWrites, body)
        case .context(let context): return try await body(context)
        }
    }

    /// One statement that writes: on its own on the database's primary.
    func writeOne<T: Sendable>(_ body: @Sendable (SQLPostgresContext) async throws -> T) async throws -> T {
        switch self {
        case .database(let database): return try await database.autocommit(onPrimary: true, body)
        case .context(let context): return try await body(context)
        }
    }
}

/// The rows of one table or view on PostgreSQL: what a generated database type's
/// accessors return (`db.people`, `tx.people`).
///
/// Its methods have the names and answers of `SQLTable`'s async variants on SQLite, so
/// code written against the SQLite database ports by changing the database type:
///
/// ```swift
/// let db = try await Contacts.Postgres.bootstrap(url: url)
/// let people = try await db.people.fetch(
///     where: { $0.name.hasPrefix("J") },
///     orderBy: { $0.name.ascending }, limit: 10)
/// ```
///
/// On the database a call of one statement runs on its own (one round trip; reads on
/// the replica when one is configured) and a call of several in a transaction of its
/// own; in `transaction { tx in … }`, or called on the database inside one, they run in
/// that transaction.
public struct SQLPostgresTable<Record: SQLPostgresRecord>: Sendable {
    let target: SQLPostgresTarget

    /// An accessor running on `target` (for generated code).
    @_spi(Generated) public init(_ target: SQLPostgresTarget) {
        self.target = target
    }

    var layout: SQLPostgresLayout { Record.postgresLayout }

    /// How many rows there are.
    public func fetchCount() async throws -> Int {
        let query = SQLDialectQuery<Record>.count()
        return try await SQLPostgresOperations.count(query, layout, target)
    }

    /// How many rows `predicate` holds for.
    public func fetchCount(where predicate: (Record.Columns) -> SQLPredicate<Record>) async throws -> Int {
        let query = SQLDialectQuery<Record>.count(where: predicate(Record.Columns()))
        return try await SQLPostgresOperations.count(query, layout, target)
    }

    /// The rows for which `predicate` holds, in `order`, from `offset`, at most `limit`:
    /// one `SELECT` with every value bound.
    public func fetch(
        where predicate: ((Record.Columns) -> SQLPredicate<Record>)? = nil,
        orderBy order: ((Record.Columns) -> SQLOrder<Record>)? = nil,
        limit: Int? = nil,
        offset: Int? = nil
    ) async throws -> [Record] {
        let columns = Record.Columns()
        let query = SQLDialectQuery<Record>.select(
            where: predicate?(columns), orderBy: order?(columns), limit: limit, offset: offset)
        return try await SQLPostgresOperations.records(query, layout, target)
    }

    /// The first row for which `predicate` holds (in `order`), or nil.
    public func fetchOne(
        where predicate: (Record.Columns) -> SQLPredicate<Record>,
        orderBy order: ((Record.Columns) -> SQLOrder<Record>)? = nil
    ) async throws -> Record? {
        let columns = Record.Columns()
        let query = SQLDialectQuery<Record>.select(where: predicate(columns), orderBy: order?(columns), limit: 1)
        return try await SQLPostgresOperations.records(query, layout, target).first
    }

    /// Calls `body` with each row for which `predicate` holds, in `order`, as the server
    /// sends them: the rows are never collected. On the database the walk is one read
    /// transaction; `body` must not start another on the same database and wait for it
    /// (it would hold a connection while waiting for a second).
    public func forEach(
        where predicate: ((Record.Columns) -> SQLPredicate<Record>)? = nil,
        orderBy order: ((Record.Columns) -> SQLOrder<Record>)? = nil,
        limit: Int? = nil,
        offset: Int? = nil,
        _ body: @Sendable (Record) async throws -> Void
    ) async throws {
        let columns = Record.Columns()
        let query = SQLDialectQuery<Record>.select(
            where: predicate?(columns), orderBy: order?(columns), limit: limit, offset: offset)
        let layout = self.layout
        try await target.read { context in
            let statement = layout.statement(for: query)
            let bindings = try SQLPostgresOperations.bindings(query, statement)
            try await context.forEachRow(PostgresQuery(unsafeSQL: statement.sql, binds: bindings)) { row in
                try await body(try SQLPostgresOperations.decode(Record.self, row, offset: 0))
            }
        }
    }

    /// Each matching row's values of `columns`, in `order`, at most `limit`:
    /// `try await db.people.select(\.name, \.title, where: { $0.personId > 2 })`.
    public func select<each Value: SQLPostgresDecodable>(
        _ columns: repeat KeyPath<Record.Columns, SQLColumn<Record, each Value>>,
        where predicate: ((Record.Columns) -> SQLPredicate<Record>)? = nil,
        orderBy order: ((Record.Columns) -> SQLOrder<Record>)? = nil,
        limit: Int? = nil
    ) async throws -> [(repeat each Value)] {
        let set = Record.Columns()
        var indexes: [Int32] = []
        for column in repeat each columns { indexes.append(set[keyPath: column].index) }
        let query = SQLDialectQuery<Record>.project(
            indexes, where: predicate?(set), orderBy: order?(set), limit: limit)
        let rows = try await SQLPostgresOperations.rows(query, layout, target)
        return try rows.map { row in
            var position = 0
            func next<V: SQLPostgresDecodable>(_ type: V.Type) throws -> V {
                defer { position += 1 }
                return try SQLPostgresOperations.decodeValue(V.self, row, position, layout)
            }
            return (repeat try next((each Value).self))
        }
    }

    /// How many matching rows have a non-NULL `column`.
    public func count<Value>(
        _ column: KeyPath<Record.Columns, SQLColumn<Record, Value>>,
        where predicate: ((Record.Columns) -> SQLPredicate<Record>)? = nil
    ) async throws -> Int {
        let value: Int64? = try await aggregate(.count, column, predicate)
        return Int(value ?? 0)
    }

    /// The sum of `column` over the matching rows; nil when none has a value. An integer
    /// sum that overflows throws, as on SQLite.
    public func sum<Value: SQLNumericValue>(
        _ column: KeyPath<Record.Columns, SQLColumn<Record, Value>>,
        where predicate: ((Record.Columns) -> SQLPredicate<Record>)? = nil
    ) async throws -> Value.Number? where Value.Number: SQLPostgresDecodable {
        try await aggregate(.sum, column, predicate)
    }

    /// The average of `column` over the matching rows; nil when none has a value.
    public func average<Value: SQLNumericValue>(
        _ column: KeyPath<Record.Columns, SQLColumn<Record, Value>>,
        where predicate: ((Record.Columns) -> SQLPredicate<Record>)? = nil
    ) async throws -> Double? {
        try await aggregate(.avg, column, predicate)
    }

    /// The least value of `column` over the matching rows (text by bytes, as on SQLite).
    public func min<Value: SQLOrderedValue & SQLPostgresDecodable>(
        _ column: KeyPath<Record.Columns, SQLColumn<Record, Value>>,
        where predicate: ((Record.Columns) -> SQLPredicate<Record>)? = nil
    ) async throws -> Value? {
        try await aggregate(.min, column, predicate)
    }

    /// The greatest value of `column` over the matching rows.
    public func max<Value: SQLOrderedValue & SQLPostgresDecodable>(
        _ column: KeyPath<Record.Columns, SQLColumn<Record, Value>>,
        where predicate: ((Record.Columns) -> SQLPredicate<Record>)? = nil
    ) async throws -> Value? {
        try await aggregate(.max, column, predicate)
    }

    private func aggregate<Value, Result: SQLPostgresDecodable>(
        _ function: SQLDialectAggregate, _ column: KeyPath<Record.Columns, SQLColumn<Record, Value>>,
        _ predicate: ((Record.Columns) -> SQLPredicate<Record>)?
    ) async throws -> Result? {
        let set = Record.Columns()
        let query = SQLDialectQuery<Record>.aggregate(
            function, set[keyPath: column].index, where: predicate?(set))
        let rows = try await SQLPostgresOperations.rows(query, layout, target)
        guard let row = rows.first else { return nil }
        return try SQLPostgresOperations.decodeValue(Result?.self, row, 0, layout)
    }

    /// The columns of both sides of a join with `Parent`.
    public typealias JoinColumns<Parent: SQLQueryableRecord> = (
        SQLJoinedColumns<Record, SQLJoined<Record, Parent>>, SQLJoinedColumns<Parent, SQLJoined<Record, Parent>>
    )

    /// Each row paired with the row of `Parent` it refers to by `key`; rows whose key is
    /// NULL or refers to nothing are left out (an SQL `JOIN`).
    public func join<Parent: SQLPostgresRecord>(
        _ key: KeyPath<Record.Columns, SQLForeignKey<Record, Parent>>,
        where predicate: ((JoinColumns<Parent>) -> SQLPredicate<SQLJoined<Record, Parent>>)? = nil,
        orderBy order: ((JoinColumns<Parent>) -> SQLOrder<SQLJoined<Record, Parent>>)? = nil,
        limit: Int? = nil,
        offset: Int? = nil
    ) async throws -> [(Record, Parent)] {
        let query = joinQuery(key, isLeft: false, predicate, order, limit, offset)
        let width = layout.dialect.names.count
        let rows = try await SQLPostgresOperations.rows(query, layout, target, joined: Parent.postgresLayout)
        return try rows.map { row in
            (
                try SQLPostgresOperations.decode(Record.self, row, offset: 0),
                try SQLPostgresOperations.decode(Parent.self, row, offset: width)
            )
        }
    }

    /// Each row paired with the row of `Parent` it refers to by `key`, or with nil when its
    /// key is NULL or refers to nothing (an SQL `LEFT JOIN`).
    public func leftJoin<Parent: SQLPostgresRecord>(
        _ key: KeyPath<Record.Columns, SQLForeignKey<Record, Parent>>,
        where predicate: ((JoinColumns<Parent>) -> SQLPredicate<SQLJoined<Record, Parent>>)? = nil,
        orderBy order: ((JoinColumns<Parent>) -> SQLOrder<SQLJoined<Record, Parent>>)? = nil,
        limit: Int? = nil,
        offset: Int? = nil
    ) async throws -> [(Record, Parent?)] {
        let query = joinQuery(key, isLeft: true, predicate, order, limit, offset)
        let width = layout.dialect.names.count
        let matched = width + Int(Record.Columns()[keyPath: key].columnPairs[0].parent)
        let rows = try await SQLPostgresOperations.rows(query, layout, target, joined: Parent.postgresLayout)
        return try rows.map { row in
            // The referenced column is NULL only when no parent row matched.
            (
                try SQLPostgresOperations.decode(Record.self, row, offset: 0),
                row.bytes(matched) == nil ? nil : try SQLPostgresOperations.decode(Parent.self, row, offset: width)
            )
        }
    }

    private func joinQuery<Parent: SQLPostgresRecord>(
        _ key: KeyPath<Record.Columns, SQLForeignKey<Record, Parent>>, isLeft: Bool,
        _ predicate: ((JoinColumns<Parent>) -> SQLPredicate<SQLJoined<Record, Parent>>)?,
        _ order: ((JoinColumns<Parent>) -> SQLOrder<SQLJoined<Record, Parent>>)?, _ limit: Int?, _ offset: Int?
    ) -> SQLDialectQuery<SQLJoined<Record, Parent>> {
        let width = Int32(layout.dialect.names.count)
        let columns: JoinColumns<Parent> = (.starting(at: 0), .starting(at: width))
        return SQLDialectQuery<SQLJoined<Record, Parent>>.join(
            Parent.postgresLayout.dialect, on: Record.Columns()[keyPath: key].columnPairs, isLeft: isLeft,
            where: predicate?(columns), orderBy: order?(columns), limit: limit, offset: offset)
    }
}

extension SQLPostgresTable where Record: SQLPostgresKeyedRecord {
    /// The row with key `id`, or nil.
    public func find(_ id: Record.ID) async throws -> Record? {
        let layout = self.layout
        var bindings = SQLPostgresBindings(layout: layout, capacity: layout.key.count)
        try Record.bindPostgresKey(id, into: &bindings)
        let query = PostgresQuery(unsafeSQL: layout.find, binds: bindings.bindings)
        return try await target.readOne { context in
            try await context.query(query) { try SQLPostgresOperations.decode(Record.self, $0, offset: 0) }.first
        }
    }

    /// Deletes the row with key `id`; returns whether there was one.
    @discardableResult
    public func delete(_ id: Record.ID) async throws -> Bool {
        let layout = self.layout
        var bindings = SQLPostgresBindings(layout: layout, capacity: layout.key.count)
        try Record.bindPostgresKey(id, into: &bindings)
        let query = PostgresQuery(unsafeSQL: layout.delete, binds: bindings.bindings)
        return try await target.writeOne { context in try await context.exec(query) > 0 }
    }

    /// Deletes the rows `predicate` holds for; returns how many there were.
    @discardableResult
    public func delete(where predicate: (Record.Columns) -> SQLPredicate<Record>) async throws -> Int {
        let query = SQLDialectQuery<Record>.delete(where: predicate(Record.Columns()))
        return try await SQLPostgresOperations.exec(query, layout, target)
    }

    /// Sets `column` to `value` in the rows `predicate` holds for (every row without one);
    /// returns how many rows changed.
    @discardableResult
    public func update<Value: Sendable>(
        set column: KeyPath<Record.Columns, SQLColumn<Record, Value>>, to value: Value,
        where predicate: ((Record.Columns) -> SQLPredicate<Record>)? = nil
    ) async throws -> Int {
        let set = Record.Columns()
        let query = SQLDialectQuery<Record>.update(set[keyPath: column], to: value, where: predicate?(set))
        return try await SQLPostgresOperations.exec(query, layout, target)
    }
}

/// Where a generated PostgreSQL database type and its transactions write records:
/// `insert`, `update`, `save` and `delete`, with the names and answers of
/// `SQLRecordStore`'s on SQLite.
public protocol SQLPostgresRecordStore: Sendable {
    /// Where the calls run (for generated code).
    @_spi(Generated) var postgresTarget: SQLPostgresTarget { get }
}

extension SQLPostgresRecordStore {
    /// Inserts `record` and returns the row as stored (`RETURNING` every column): an
    /// identity key left at `Int.min` is assigned by the server, defaults and generated
    /// values are read back. An existing key throws (SQLSTATE 23505).
    ///
    /// An explicit identity key moves the identity past it, so that later inserts that
    /// leave the key to the server do not collide with it (SQLite's rowid does the same).
    public func insert<Record: SQLPostgresKeyedRecord>(_ record: Record) async throws -> Record {
        // An explicit identity key is two statements (the insert, the identity moved):
        // one transaction. Otherwise one statement on its own.
        if record.postgresKeyIsAssigned && Record.postgresLayout.identity {
            return try await postgresTarget.write { context in
                try await SQLPostgresOperations.insert(record, in: context)
            }
        }
        return try await postgresTarget.writeOne { context in
            try await SQLPostgresOperations.insert(record, in: context)
        }
    }

    /// Inserts each record in one transaction; returns them as stored, in order.
    public func insert<Records: Sequence & Sendable>(contentsOf records: Records) async throws -> [Records.Element]
    where Records.Element: SQLPostgresKeyedRecord {
        try await postgresTarget.write { context in
            var stored: [Records.Element] = []
            for record in records { stored.append(try await SQLPostgresOperations.insert(record, in: context)) }
            return stored
        }
    }

    /// Writes every non-key column of the row with `record`'s key; returns whether there
    /// was one. A record whose identity key was never assigned (`Int.min`) throws.
    @discardableResult
    public func update<Record: SQLPostgresKeyedRecord>(_ record: Record) async throws -> Bool {
        try SQLPostgresOperations.requireAssigned(record, "update")
        return try await postgresTarget.writeOne { context in
            try await SQLPostgresOperations.update(record, in: context)
        }
    }

    /// Inserts `record`, or writes every non-key column of the row with its key
    /// (`INSERT … ON CONFLICT (key) DO UPDATE`); returns the row as stored. An identity
    /// key left at `Int.min` is a plain insert.
    public func save<Record: SQLPostgresKeyedRecord>(_ record: Record) async throws -> Record {
        if record.postgresKeyIsAssigned && Record.postgresLayout.identity || Record.postgresLayout.update == nil {
            return try await postgresTarget.write { context in
                try await SQLPostgresOperations.save(record, in: context)
            }
        }
        return try await postgresTarget.writeOne { context in
            try await SQLPostgresOperations.save(record, in: context)
        }
    }

    /// Deletes the row with `record`'s key; returns whether there was one.
    @discardableResult
    public func delete<Record: SQLPostgresKeyedRecord>(_ record: Record) async throws -> Bool {
        try SQLPostgresOperations.requireAssigned(record, "delete")
        return try await SQLPostgresTable<Record>(postgresTarget).delete(record.id)
    }
}

extension SQLPostgresRecordStore {
    /// ``SQLPostgresTable/update(set:to:where:)`` on the table at `table`:
    /// `try await db.update(\.people, set: \.title, to: nil, where: { $0.age > 60 })`.
    @discardableResult
    public func update<Record: SQLPostgresKeyedRecord, Value: Sendable>(
        _ table: KeyPath<Self, SQLPostgresTable<Record>>,
        set column: KeyPath<Record.Columns, SQLColumn<Record, Value>>,
        to value: Value,
        where predicate: ((Record.Columns) -> SQLPredicate<Record>)? = nil
    ) async throws -> Int {
        try await self[keyPath: table].update(set: column, to: value, where: predicate)
    }

    /// ``SQLPostgresTable/delete(where:)`` on the table at `table`.
    @discardableResult
    public func delete<Record: SQLPostgresKeyedRecord>(
        from table: KeyPath<Self, SQLPostgresTable<Record>>,
        where predicate: (Record.Columns) -> SQLPredicate<Record>
    ) async throws -> Int {
        try await self[keyPath: table].delete(where: predicate)
    }

    /// ``SQLPostgresTable/select(_:where:orderBy:limit:)`` on the table at `table`:
    /// `try await db.select(from: \.people, \.name, \.age, where: { $0.age > 30 })`.
    public func select<Record: SQLPostgresRecord, each Value: SQLPostgresDecodable>(
        from table: KeyPath<Self, SQLPostgresTable<Record>>,
        _ columns: repeat KeyPath<Record.Columns, SQLColumn<Record, each Value>>,
        where predicate: ((Record.Columns) -> SQLPredicate<Record>)? = nil
    ) async throws -> [(repeat each Value)] {
        try await self[keyPath: table].select(repeat each columns, where: predicate)
    }
}

/// The statements of record operations, rendered and run.
enum SQLPostgresOperations {
    static func requireAssigned<Record: SQLPostgresKeyedRecord>(_ record: Record, _ operation: String) throws {
        guard record.postgresKeyIsAssigned else {
            throw SQLPostgresError(
                kind: .misuse,
                message:
                    "cannot \(operation) a \(Record.self) that was never inserted: its identity key is Int.min, which the server assigns on insert; keep the record insert returns",
                table: Record.postgresLayout.name)
        }
    }

    static func insert<Record: SQLPostgresKeyedRecord>(
        _ record: Record, in context: SQLPostgresContext
    )
        async throws -> Record
    {
        let layout = Record.postgresLayout
        let assigned = record.postgresKeyIsAssigned
        var bindings = SQLPostgresBindings(layout: layout, capacity: layout.dialect.names.count)
        try record.bindPostgresColumns(into: &bindings, includingKey: assigned || !layout.identity)
        let sql = assigned || !layout.identity ? layout.insertAll : layout.insertWithoutKey
        let rows = try await context.query(PostgresQuery(unsafeSQL: sql, binds: bindings.bindings)) {
            try decode(Record.self, $0, offset: 0)
        }
        guard let stored = rows.first else {
            throw SQLPostgresError(kind: .misuse, message: "the row was not inserted", sql: sql, table: layout.name)
        }
        if assigned { try await advanceIdentity(layout, in: context) }
        return stored
    }

    /// After an explicit identity key: the identity continues past the largest key.
    static func advanceIdentity(_ layout: SQLPostgresLayout, in context: SQLPostgresContext) async throws {
        guard let sql = layout.advanceIdentity else { return }
        try await context.exec(PostgresQuery(unsafeSQL: sql))
    }

    static func update<Record: SQLPostgresKeyedRecord>(
        _ record: Record, in context: SQLPostgresContext
    )
        async throws -> Bool
    {
        let layout = Record.postgresLayout
        // Every column is part of the key: there is nothing to write; the row exists or not.
        guard let sql = layout.update else {
            return try await SQLPostgresTable<Record>(.context(context)).find(record.id) != nil
        }
        var bindings = SQLPostgresBindings(layout: layout, capacity: layout.dialect.names.count)
        try record.bindPostgresColumns(into: &bindings, includingKey: false)
        try Record.bindPostgresKey(record.id, into: &bindings)
        return try await context.exec(PostgresQuery(unsafeSQL: sql, binds: bindings.bindings)) > 0
    }

    static func save<Record: SQLPostgresKeyedRecord>(
        _ record: Record, in context: SQLPostgresContext
    )
        async throws -> Record
    {
        let layout = Record.postgresLayout
        guard record.postgresKeyIsAssigned else { return try await insert(record, in: context) }
        var bindings = SQLPostgresBindings(layout: layout, capacity: layout.dialect.names.count)
        try record.bindPostgresColumns(into: &bindings, includingKey: true)
        let rows = try await context.query(PostgresQuery(unsafeSQL: layout.upsert, binds: bindings.bindings))
        if let row = rows.first {
            let stored = try decode(Record.self, row, offset: 0)
            try await advanceIdentity(layout, in: context)
            return stored
        }
        // Every column is the key and the row was there (`DO NOTHING` returns nothing).
        guard let stored = try await SQLPostgresTable<Record>(.context(context)).find(record.id) else {
            throw SQLPostgresError(
                kind: .misuse, message: "the row was neither inserted nor found", sql: layout.upsert,
                table: layout.name)
        }
        return stored
    }

    static func decode<Record: SQLPostgresRecord>(
        _ type: Record.Type, _ row: SQLPostgresRow, offset: Int
    ) throws
        -> Record
    {
        do {
            return try Record(postgresRow: row, offset: offset)
        } catch var error as SQLPostgresError where error.kind == .mismatch && error.table == nil {
            error.table = Record.postgresLayout.name
            error.tableOID = 0
            throw error
        }
    }

    static func decodeValue<Value: SQLPostgresDecodable>(
        _ type: Value.Type, _ row: SQLPostgresRow, _ index: Int, _ layout: SQLPostgresLayout
    ) throws -> Value {
        do {
            return try row.get(index, as: Value.self)
        } catch var error as SQLPostgresError where error.kind == .mismatch && error.table == nil {
            error.table = layout.name
            error.tableOID = 0
            throw error
        }
    }

    static func rows<Record>(
        _ query: SQLDialectQuery<Record>, _ layout: SQLPostgresLayout, _ target: SQLPostgresTarget,
        joined: SQLPostgresLayout? = nil
    ) async throws -> [SQLPostgresRow] {
        let statement = layout.statement(for: query, joined: joined)
        let bindings = try bindings(query, statement)
        return try await target.readOne { context in
            try await context.query(PostgresQuery(unsafeSQL: statement.sql, binds: bindings))
        }
    }

    /// The records `query` selects, each decoded as its row arrives.
    static func records<Record: SQLPostgresRecord>(
        _ query: SQLDialectQuery<Record>, _ layout: SQLPostgresLayout, _ target: SQLPostgresTarget
    ) async throws -> [Record] {
        let statement = layout.statement(for: query)
        let bindings = try bindings(query, statement)
        return try await target.readOne { context in
            try await context.query(PostgresQuery(unsafeSQL: statement.sql, binds: bindings)) {
                try decode(Record.self, $0, offset: 0)
            }
        }
    }

    static func count<Record>(
        _ query: SQLDialectQuery<Record>, _ layout: SQLPostgresLayout, _ target: SQLPostgresTarget
    ) async throws -> Int {
        guard let row = try await rows(query, layout, target).first else { return 0 }
        return try row.get(0, as: Int.self)
    }

    static func exec<Record>(
        _ query: SQLDialectQuery<Record>, _ layout: SQLPostgresLayout, _ target: SQLPostgresTarget
    ) async throws -> Int {
        let statement = layout.statement(for: query)
        let bindings = try bindings(query, statement)
        return try await target.writeOne { context in
            try await context.exec(PostgresQuery(unsafeSQL: statement.sql, binds: bindings))
        }
    }

    /// The query's values as postgres-nio binds them: each of its placeholder's type.
    static func bindings<Record>(
        _ query: SQLDialectQuery<Record>, _ statement: SQLDialectStatement
    ) throws
        -> PostgresBindings
    {
        let parameters: [SQLDialectParameter]
        do {
            parameters = try query.parameters(for: statement)
        } catch let error as SQLError {
            throw SQLPostgresError(kind: .invalidParameter, message: error.message, sql: statement.sql)
        }
        var bindings = PostgresBindings(capacity: parameters.count)
        for (index, parameter) in parameters.enumerated() {
            if let elements = parameter.elements {
                try appendArray(elements, parameter.type, to: &bindings, index, statement)
            } else {
                try append(parameter.value, parameter.type, to: &bindings, index, statement)
            }
        }
        return bindings
    }

    private static func refused(
        _ index: Int, _ type: SQLColumnType, _ statement: SQLDialectStatement
    )
        -> SQLPostgresError
    {
        SQLPostgresError(
            kind: .invalidParameter,
            message: "parameter $\(index + 1) is no \(type.postgresName)"
                + (statement.slots[index].column.map { " (compared with column \($0))" } ?? ""),
            sql: statement.sql)
    }

    private static func append(
        _ value: SQLValue, _ type: SQLColumnType, to bindings: inout PostgresBindings, _ index: Int,
        _ statement: SQLDialectStatement
    ) throws {
        switch (type, value) {
        case (_, .null):
            switch type {
            case .integer: bindings.append(Int64?.none)
            case .double: bindings.append(Double?.none)
            case .boolean: bindings.append(Bool?.none)
            case .timestamp: bindings.append(Date?.none)
            case .uuid: bindings.append(UUID?.none)
            case .blob: bindings.append(ByteBuffer?.none)
            case .text, .numeric: bindings.append(String?.none)
            }
        case (.integer, .integer(let number)), (.numeric, .integer(let number)): bindings.append(number)
        case (.double, .float(let number)), (.numeric, .float(let number)): bindings.append(number)
        case (.double, .integer(let number)): bindings.append(Double(number))
        case (.integer, .float(let number)):
            // An integer column compared with a fraction: compared as a double, as SQLite does.
            bindings.append(number)
        case (.text, .text(let text)):
            guard !text.utf8.contains(0) else {
                throw SQLPostgresError(
                    kind: .invalidParameter,
                    message: "parameter $\(index + 1) is text containing NUL, which PostgreSQL cannot store",
                    sql: statement.sql)
            }
            bindings.append(text)
        case (.blob, .blob(let bytes)): bindings.append(ByteBuffer(bytes: bytes))
        case (.boolean, .integer(let number)): bindings.append(number != 0)
        case (.timestamp, .float(let seconds)): bindings.append(Date(timeIntervalSince1970: seconds))
        case (.uuid, .blob(let b)) where b.count == 16:
            bindings.append(
                UUID(
                    uuid: (
                        b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13],
                        b[14], b[15]
                    )))
        default:
            throw refused(index, type, statement)
        }
    }

    private static func appendArray(
        _ elements: [SQLValue], _ type: SQLColumnType, to bindings: inout PostgresBindings, _ index: Int,
        _ statement: SQLDialectStatement
    ) throws {
        // NULL elements never match `= ANY`: they are left out.
        let present = elements.filter { if case .null = $0 { return false } else { return true } }
        switch type {
        case .integer:
            bindings.append(
                try present.map { element -> Int64 in
                    guard case .integer(let n) = element else { throw refused(index, type, statement) }
                    return n
                })
        case .double:
            bindings.append(
                try present.map { element -> Double in
                    switch element {
                    case .float(let n): return n
                    case .integer(let n): return Double(n)
                    default: throw refused(index, type, statement)
                    }
                })
        case .text, .numeric:
            bindings.append(
                try present.map { element -> String in
                    guard case .text(let text) = element else { throw refused(index, type, statement) }
                    return text
                })
        case .boolean:
            bindings.append(
                try present.map { element -> Bool in
                    guard case .integer(let n) = element else { throw refused(index, type, statement) }
                    return n != 0
                })
        case .timestamp:
            bindings.append(
                try present.map { element -> Date in
                    guard case .float(let seconds) = element else { throw refused(index, type, statement) }
                    return Date(timeIntervalSince1970: seconds)
                })
        case .uuid:
            bindings.append(
                try present.map { element -> UUID in
                    guard case .blob(let b) = element, b.count == 16 else { throw refused(index, type, statement) }
                    return UUID(
                        uuid: (
                            b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13],
                            b[14], b[15]
                        ))
                })
        case .blob:
            throw SQLPostgresError(
                kind: .invalidParameter,
                message: "parameter $\(index + 1): a long list of blobs (`in` with an array) is not supported",
                sql: statement.sql)
        }
    }
}

/// Rendered statements of one table, by query shape: a shape's SQL never changes while the
/// program runs (the layout is compiled in), so it is rendered once.
final class SQLPostgresStatements: Sendable {
    private let cache = LockedBox([SQLDialectQueryKey: SQLDialectStatement]())

    func statement<Record>(
        for query: SQLDialectQuery<Record>, _ table: SQLDialectTable, joined: SQLDialectTable?
    ) -> SQLDialectStatement {
        // A join's shape names the joined table and its columns: one key a join.
        let key = query.key
        if let statement = cache.withLock({ $0[key] }) { return statement }
        let statement = query.render(table, joined: joined, dialect: .postgres)
        cache.withLock { cache in
            if cache.count >= 512 { cache.removeAll() }
            cache[key] = statement
        }
        return statement
    }
}

extension SQLPostgresLayout {
    func statement<Record>(
        for query: SQLDialectQuery<Record>, joined: SQLPostgresLayout? = nil
    )
        -> SQLDialectStatement
    {
        statements.statement(for: query, dialect, joined: joined?.dialect)
    }
}

extension SQLPostgresContext {
    /// Runs `query` and calls `body` with each row as it arrives, collecting none.
    func forEachRow(_ query: PostgresQuery, _ body: (SQLPostgresRow) async throws -> Void) async throws {
        try ready(query.sql)
        let sequence: PostgresRowSequence
        do {
            sequence = try await connection.query(query, logger: logger)
        } catch {
            throw fail(error, sql: query.sql)
        }
        let columns = SQLPostgresColumns(sequence.columns)
        var iterator = sequence.makeAsyncIterator()
        while true {
            let next: PostgresRow?
            do {
                next = try await iterator.next()
            } catch {
                throw fail(error, sql: query.sql)
            }
            guard let row = next else { return }
            try await body(SQLPostgresRow(PostgresRandomAccessRow(row), columns))
        }
    }
}
#endif
