import Slate
import SlateCSQLite

/// The columns of one side of a join of two ``SQLCodableRecord`` types, by key path, for
/// its predicates and orders: `where: { note, author in note.title.hasPrefix("G") && author.name == "Ada" }`.
@dynamicMemberLookup
public struct SQLCodableJoinedColumns<Record: SQLCodableRecord, Joined> {
    let layout: SQLCodableLayout<Record>
    /// Where this side's columns start in the joined row.
    let offset: Int32
    let problems: SQLCodableColumnCache

    /// The column of the property at `keyPath`, as a column of the join.
    public subscript<Value: SQLBindable>(dynamicMember keyPath: KeyPath<Record, Value>) -> SQLColumn<Joined, Value> {
        switch layout.column(keyPath) {
        case .success(let index): return SQLColumn(Int32(index) + offset)
        case .failure(let error):
            problems.problem = problems.problem ?? error
            return SQLColumn(offset)
        }
    }
}

/// A join of two ``SQLCodableRecord`` types on a pair of key paths, evaluated and ready
/// to run on a connection.
struct SQLCodableJoin<Left: SQLCodableRecord, Right: SQLCodableRecord>: Sendable {
    typealias Joined = SQLJoined<Left, Right>
    typealias LeftColumns = SQLCodableJoinedColumns<Left, Joined>
    typealias RightColumns = SQLCodableJoinedColumns<Right, Joined>

    let shape: SQLJoinShape
    let condition: SQLPredicate<Joined>?
    let ordering: SQLOrder<Joined>?
    let limit: Int?
    /// The right side's key column in the joined row: NULL there means no match.
    let rightKey: Int32

    init<LeftKey: SQLBindable, RightKey: SQLBindable>(
        on leftKey: KeyPath<Left, LeftKey>, equals rightKey: KeyPath<Right, RightKey>, isLeft: Bool,
        where predicate: ((LeftColumns, RightColumns) -> SQLPredicate<Joined>)?,
        orderBy order: ((LeftColumns, RightColumns) -> SQLOrder<Joined>)?, limit: Int?
    ) throws {
        let left = SQLCodableLayout<Left>.shared
        let right = SQLCodableLayout<Right>.shared
        if let failure = left.failure ?? right.failure { throw failure }
        let leftIndex = try left.column(leftKey).get()
        let rightIndex = try right.column(rightKey).get()
        let problems = SQLCodableColumnCache()
        let leftColumns = LeftColumns(layout: left, offset: 0, problems: problems)
        let rightColumns = RightColumns(layout: right, offset: Int32(left.keys.count), problems: problems)
        condition = predicate?(leftColumns, rightColumns)
        ordering = order?(leftColumns, rightColumns)
        if let problem = problems.problem { throw problem }
        shape = SQLJoinShape(
            table: right.quotedTable, names: right.quotedNames,
            pairs: [SQLJoinShape.Pair(child: Int32(leftIndex), parent: Int32(rightIndex))], isLeft: isLeft)
        self.limit = limit
        self.rightKey = Int32(left.keys.count + rightIndex)
    }

    /// The joined rows: the left record, and the right one unless no row matched.
    func rows(in context: SQLContext, _ body: (Left, Right?) -> Void) throws {
        let left = try context.codableTable(Left.self)
        let right = try context.codableTable(Right.self)
        let statement = try context.selectStatement(
            condition, ordering, limit: limit, offset: nil, in: left.queries, join: shape)
        defer { statement.reset() }
        let handle = try statement.liveHandle()
        let rightReader = SQLRowReader(right.layout, offset: left.layout.keys.count)
        while try statement.next() {
            let record = try left.reader.record(Left.self, from: handle)
            let partner =
                sqlite3_column_type(handle, rightKey) == SQLITE_NULL
                ? nil : try rightReader.record(Right.self, from: handle)
            body(record, partner)
        }
    }

    /// The rows with a partner (an inner join's result).
    func pairs(in context: SQLContext) throws -> [(Left, Right)] {
        var pairs: [(Left, Right)] = []
        try rows(in: context) { record, partner in if let partner { pairs.append((record, partner)) } }
        return pairs
    }

    /// Every row, its partner nil when none matched (a left join's result).
    func leftPairs(in context: SQLContext) throws -> [(Left, Right?)] {
        var pairs: [(Left, Right?)] = []
        try rows(in: context) { record, partner in pairs.append((record, partner)) }
        return pairs
    }
}

extension SQLRecordStore {
    /// Each `Left` record paired with the `Right` record whose `rightKey` equals its
    /// `leftKey`; records without a partner are left out (an SQL `JOIN`).
    ///
    /// ```swift
    /// let pairs = try db.join(Note.self, Author.self, on: \.authorId, equals: \.id,
    ///                         where: { note, author in author.name == "Ada" },
    ///                         orderBy: { note, _ in note.title.ascending })
    /// ```
    public func join<Left: SQLCodableRecord, Right: SQLCodableRecord, LeftKey: SQLBindable, RightKey: SQLBindable>(
        _ left: Left.Type, _ right: Right.Type,
        on leftKey: KeyPath<Left, LeftKey>, equals rightKey: KeyPath<Right, RightKey>,
        where predicate: (
            (
                SQLCodableJoinedColumns<Left, SQLJoined<Left, Right>>,
                SQLCodableJoinedColumns<Right, SQLJoined<Left, Right>>
            ) -> SQLPredicate<SQLJoined<Left, Right>>
        )? = nil,
        orderBy order: (
            (
                SQLCodableJoinedColumns<Left, SQLJoined<Left, Right>>,
                SQLCodableJoinedColumns<Right, SQLJoined<Left, Right>>
            ) -> SQLOrder<SQLJoined<Left, Right>>
        )? = nil,
        limit: Int? = nil
    ) throws -> [(Left, Right)] {
        let join = try SQLCodableJoin<Left, Right>(
            on: leftKey, equals: rightKey, isLeft: false, where: predicate, orderBy: order, limit: limit)
        return try withReadContext { context in try join.pairs(in: context) }
    }

    /// Each `Left` record paired with the `Right` record whose `rightKey` equals its
    /// `leftKey`, or with nil when there is none (an SQL `LEFT JOIN`).
    public func leftJoin<Left: SQLCodableRecord, Right: SQLCodableRecord, LeftKey: SQLBindable, RightKey: SQLBindable>(
        _ left: Left.Type, _ right: Right.Type,
        on leftKey: KeyPath<Left, LeftKey>, equals rightKey: KeyPath<Right, RightKey>,
        where predicate: (
            (
                SQLCodableJoinedColumns<Left, SQLJoined<Left, Right>>,
                SQLCodableJoinedColumns<Right, SQLJoined<Left, Right>>
            ) -> SQLPredicate<SQLJoined<Left, Right>>
        )? = nil,
        orderBy order: (
            (
                SQLCodableJoinedColumns<Left, SQLJoined<Left, Right>>,
                SQLCodableJoinedColumns<Right, SQLJoined<Left, Right>>
            ) -> SQLOrder<SQLJoined<Left, Right>>
        )? = nil,
        limit: Int? = nil
    ) throws -> [(Left, Right?)] {
        let join = try SQLCodableJoin<Left, Right>(
            on: leftKey, equals: rightKey, isLeft: true, where: predicate, orderBy: order, limit: limit)
        return try withReadContext { context in try join.leftPairs(in: context) }
    }
}

extension SQLPooledStore {
    /// ``SQLRecordStore/join(_:_:on:equals:where:orderBy:limit:)`` for async code; the
    /// closures run before it suspends.
    public func join<Left: SQLCodableRecord, Right: SQLCodableRecord, LeftKey: SQLBindable, RightKey: SQLBindable>(
        _ left: Left.Type, _ right: Right.Type,
        on leftKey: KeyPath<Left, LeftKey>, equals rightKey: KeyPath<Right, RightKey>,
        where predicate: (
            (
                SQLCodableJoinedColumns<Left, SQLJoined<Left, Right>>,
                SQLCodableJoinedColumns<Right, SQLJoined<Left, Right>>
            ) -> SQLPredicate<SQLJoined<Left, Right>>
        )? = nil,
        orderBy order: (
            (
                SQLCodableJoinedColumns<Left, SQLJoined<Left, Right>>,
                SQLCodableJoinedColumns<Right, SQLJoined<Left, Right>>
            ) -> SQLOrder<SQLJoined<Left, Right>>
        )? = nil,
        limit: Int? = nil
    ) async throws -> [(Left, Right)] {
        let join = try SQLCodableJoin<Left, Right>(
            on: leftKey, equals: rightKey, isLeft: false, where: predicate, orderBy: order, limit: limit)
        return try await pool.readWithoutTransaction { context in try join.pairs(in: context) }
    }

    /// ``SQLRecordStore/leftJoin(_:_:on:equals:where:orderBy:limit:)`` for async code; the
    /// closures run before it suspends.
    public func leftJoin<Left: SQLCodableRecord, Right: SQLCodableRecord, LeftKey: SQLBindable, RightKey: SQLBindable>(
        _ left: Left.Type, _ right: Right.Type,
        on leftKey: KeyPath<Left, LeftKey>, equals rightKey: KeyPath<Right, RightKey>,
        where predicate: (
            (
                SQLCodableJoinedColumns<Left, SQLJoined<Left, Right>>,
                SQLCodableJoinedColumns<Right, SQLJoined<Left, Right>>
            ) -> SQLPredicate<SQLJoined<Left, Right>>
        )? = nil,
        orderBy order: (
            (
                SQLCodableJoinedColumns<Left, SQLJoined<Left, Right>>,
                SQLCodableJoinedColumns<Right, SQLJoined<Left, Right>>
            ) -> SQLOrder<SQLJoined<Left, Right>>
        )? = nil,
        limit: Int? = nil
    ) async throws -> [(Left, Right?)] {
        let join = try SQLCodableJoin<Left, Right>(
            on: leftKey, equals: rightKey, isLeft: true, where: predicate, orderBy: order, limit: limit)
        return try await pool.readWithoutTransaction { context in try join.leftPairs(in: context) }
    }
}
