import SlateCSQLite

/// A foreign key of `Child` that refers to `Parent`: what ``SQLTable``'s
/// `join(_:where:orderBy:limit:offset:)` follows.
///
/// Generated `Columns` types have one per foreign key, named after the parent
/// (`Address.Columns.person`), so a join reads `db.addresses.join(\.person)`.
public struct SQLForeignKey<Child: SQLQueryableRecord, Parent: SQLQueryableRecord>: Sendable {
    @usableFromInline let pairs: [SQLJoinShape.Pair]

    /// The key whose columns `childColumns` of `Child` hold the values of `parentColumns`
    /// of `Parent` (positions in their records' ``SQLRecord/sqlSelect``).
    @inlinable
    public init(_ childColumns: [Int32], _ parentColumns: [Int32]) {
        pairs = zip(childColumns, parentColumns).map { SQLJoinShape.Pair(child: $0, parent: $1) }
    }

    @usableFromInline
    func shape(isLeft: Bool) -> SQLJoinShape {
        SQLJoinShape(
            table: SQLText.quotedIdentifier(Parent.sqlName), names: Parent.Columns.sqlNames, pairs: pairs,
            isLeft: isLeft)
    }
}

/// The rows of `Child` joined with the rows of `Parent` they refer to: the record type of
/// a join's predicates and orders.
public enum SQLJoined<Child, Parent> {}

/// The columns of one side of a join, for its predicates and orders:
/// `where: { address, person in address.city == "Paris" && person.name.hasPrefix("J") }`.
@dynamicMemberLookup
public struct SQLJoinedColumns<Record: SQLQueryableRecord, Joined>: Sendable {
    /// Where this side's columns start in the joined row.
    @usableFromInline let offset: Int32

    @usableFromInline
    init(offset: Int32) {
        self.offset = offset
    }

    /// The column of this side, as a column of the join.
    @inlinable
    public subscript<Value>(dynamicMember column: KeyPath<Record.Columns, SQLColumn<Record, Value>>) -> SQLColumn<
        Joined, Value
    > {
        let own = Record.Columns()[keyPath: column]
        return SQLColumn(own.index + offset, dates: own.dates, uuids: own.uuids, booleans: own.booleans)
    }
}

extension SQLTable where Record: SQLQueryableRecord {
    /// The columns of both sides of a join with `Parent`.
    public typealias JoinColumns<Parent: SQLQueryableRecord> = (
        SQLJoinedColumns<Record, SQLJoined<Record, Parent>>, SQLJoinedColumns<Parent, SQLJoined<Record, Parent>>
    )

    /// Each row paired with the row of `Parent` it refers to by `key`; rows whose key is
    /// NULL or refers to nothing are left out (an SQL `JOIN`).
    ///
    /// ```swift
    /// let pairs = try db.addresses.join(\.person, where: { address, person in
    ///     address.city == "Paris" && person.name.hasPrefix("J")
    /// }, orderBy: { _, person in person.name.ascending })
    /// ```
    @inlinable
    public func join<Parent>(
        _ key: KeyPath<Record.Columns, SQLForeignKey<Record, Parent>>,
        where predicate: ((JoinColumns<Parent>) -> SQLPredicate<SQLJoined<Record, Parent>>)? = nil,
        orderBy order: ((JoinColumns<Parent>) -> SQLOrder<SQLJoined<Record, Parent>>)? = nil,
        limit: Int? = nil,
        offset: Int? = nil
    ) throws -> [(Record, Parent)] {
        let (join, condition, ordering) = joinParts(key, isLeft: false, predicate, order)
        return try store.withReadContext { context in
            try SQLQueryOperations.join(join, condition, ordering, limit: limit, offset: offset, in: context) {
                statement, width in
                try Parent(sqliteStatement: statement, offset: width)
            }
        }
    }

    /// Each row paired with the row of `Parent` it refers to by `key`, or with nil when its
    /// key is NULL or refers to nothing (an SQL `LEFT JOIN`).
    @inlinable
    public func leftJoin<Parent>(
        _ key: KeyPath<Record.Columns, SQLForeignKey<Record, Parent>>,
        where predicate: ((JoinColumns<Parent>) -> SQLPredicate<SQLJoined<Record, Parent>>)? = nil,
        orderBy order: ((JoinColumns<Parent>) -> SQLOrder<SQLJoined<Record, Parent>>)? = nil,
        limit: Int? = nil,
        offset: Int? = nil
    ) throws -> [(Record, Parent?)] {
        let (join, condition, ordering) = joinParts(key, isLeft: true, predicate, order)
        let matched = join.pairs[0].parent
        return try store.withReadContext { context in
            try SQLQueryOperations.join(join, condition, ordering, limit: limit, offset: offset, in: context) {
                statement, width in
                // The referenced column is NULL only when no parent row matched.
                sqlite3_column_type(statement, width + matched) == SQLITE_NULL
                    ? nil : try Parent(sqliteStatement: statement, offset: width)
            }
        }
    }

    @inlinable
    func joinParts<Parent>(
        _ key: KeyPath<Record.Columns, SQLForeignKey<Record, Parent>>, isLeft: Bool,
        _ predicate: ((JoinColumns<Parent>) -> SQLPredicate<SQLJoined<Record, Parent>>)?,
        _ order: ((JoinColumns<Parent>) -> SQLOrder<SQLJoined<Record, Parent>>)?
    ) -> (SQLJoinShape, SQLPredicate<SQLJoined<Record, Parent>>?, SQLOrder<SQLJoined<Record, Parent>>?) {
        let width = Int32(Record.Columns.sqlNames.count)
        let columns: JoinColumns<Parent> = (SQLJoinedColumns(offset: 0), SQLJoinedColumns(offset: width))
        return (Record.Columns()[keyPath: key].shape(isLeft: isLeft), predicate?(columns), order?(columns))
    }
}

extension SQLTable where Record: SQLQueryableRecord, Store: SQLDatabase {
    /// ``join(_:where:orderBy:limit:offset:)`` for async code; the closures run before it
    /// suspends.
    public func join<Parent>(
        _ key: KeyPath<Record.Columns, SQLForeignKey<Record, Parent>>,
        where predicate: ((JoinColumns<Parent>) -> SQLPredicate<SQLJoined<Record, Parent>>)? = nil,
        orderBy order: ((JoinColumns<Parent>) -> SQLOrder<SQLJoined<Record, Parent>>)? = nil,
        limit: Int? = nil,
        offset: Int? = nil
    ) async throws -> [(Record, Parent)] {
        let (join, condition, ordering) = joinParts(key, isLeft: false, predicate, order)
        return try await store.pool.readWithoutTransaction { context in
            try SQLQueryOperations.join(join, condition, ordering, limit: limit, offset: offset, in: context) {
                statement, width in
                try Parent(sqliteStatement: statement, offset: width)
            }
        }
    }

    /// ``leftJoin(_:where:orderBy:limit:offset:)`` for async code; the closures run before
    /// it suspends.
    public func leftJoin<Parent>(
        _ key: KeyPath<Record.Columns, SQLForeignKey<Record, Parent>>,
        where predicate: ((JoinColumns<Parent>) -> SQLPredicate<SQLJoined<Record, Parent>>)? = nil,
        orderBy order: ((JoinColumns<Parent>) -> SQLOrder<SQLJoined<Record, Parent>>)? = nil,
        limit: Int? = nil,
        offset: Int? = nil
    ) async throws -> [(Record, Parent?)] {
        let (join, condition, ordering) = joinParts(key, isLeft: true, predicate, order)
        let matched = join.pairs[0].parent
        return try await store.pool.readWithoutTransaction { context in
            try SQLQueryOperations.join(join, condition, ordering, limit: limit, offset: offset, in: context) {
                statement, width in
                sqlite3_column_type(statement, width + matched) == SQLITE_NULL
                    ? nil : try Parent(sqliteStatement: statement, offset: width)
            }
        }
    }
}

extension SQLQueryOperations {
    /// The rows of a join, each record decoded from column 0 and its partner by `partner`
    /// from the column after the record's last.
    @inlinable
    static func join<Record: SQLQueryableRecord, Parent, Partner>(
        _ join: SQLJoinShape, _ condition: SQLPredicate<SQLJoined<Record, Parent>>?,
        _ order: SQLOrder<SQLJoined<Record, Parent>>?,
        limit: Int?, offset: Int?, in context: SQLContext, partner: (OpaquePointer, Int32) throws -> Partner
    ) throws -> [(Record, Partner)] {
        let statement = try context.selectStatement(
            condition, order, limit: limit, offset: offset, in: context.queryCache(Record.self), join: join)
        defer { statement.reset() }
        let handle = try statement.liveHandle()
        let width = Int32(Record.Columns.sqlNames.count)
        var pairs: [(Record, Partner)] = []
        while try statement.next() {
            pairs.append((try Record(sqliteStatement: handle, offset: 0), try partner(handle, width)))
        }
        return pairs
    }
}

extension SQLForeignKey {
    /// The key's column pairs (the child's position, the parent's), for the PostgreSQL
    /// runtime's joins.
    package var columnPairs: [(child: Int32, parent: Int32)] { pairs.map { ($0.child, $0.parent) } }
}

extension SQLJoinedColumns {
    /// One side's columns, starting at `offset` in the joined row (the PostgreSQL runtime's
    /// joins).
    package static func starting(at offset: Int32) -> Self { Self(offset: offset) }
}
