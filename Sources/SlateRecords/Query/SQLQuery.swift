/// What a typed query asks for, without its values: the key its statement is cached by,
/// and what its SQL is rendered from the first time.
@usableFromInline
struct SQLQueryShape: Hashable, Sendable {
    @usableFromInline
    enum Kind: UInt8, Hashable, Sendable {
        case select, count, delete, update, project, aggregate
    }

    @usableFromInline var kind: Kind
    @usableFromInline var predicate: SQLPredicateShape?
    @usableFromInline var order: [SQLOrderTerm]
    @usableFromInline var hasLimit: Bool
    @usableFromInline var hasOffset: Bool
    /// For `update` and `aggregate`: the column set or aggregated.
    @usableFromInline var setColumn: Int32
    /// For `project`: the columns read; for `aggregate`, the function.
    @usableFromInline var projection: [Int32]
    /// For a query over a join: the joined table.
    @usableFromInline var join: SQLJoinShape?

    @usableFromInline
    init(
        kind: Kind, predicate: SQLPredicateShape?, order: [SQLOrderTerm] = [], hasLimit: Bool = false, hasOffset: Bool = false,
        setColumn: Int32 = -1, projection: [Int32] = [], join: SQLJoinShape? = nil
    ) {
        self.projection = projection
        self.kind = kind
        self.predicate = predicate
        self.order = order
        self.hasLimit = hasLimit
        self.hasOffset = hasOffset
        self.setColumn = setColumn
        self.join = join
    }

    /// The SQL of the shape over `target`, rendered once per shape and connection.
    @usableFromInline
    func sql(_ target: SQLQueryTarget) -> String {
        var names = target.names
        var table = target.table
        var sql: String
        if let join {
            names = names.map { "t0." + $0 } + join.names.map { "t1." + $0 }
            table = "\(target.table) AS t0 \(join.isLeft ? "LEFT JOIN" : "JOIN") \(join.table) AS t1 ON "
                + join.pairs.map { "\(names[Int($0.child)]) = \(names[target.names.count + Int($0.parent)])" }.joined(separator: " AND ")
            sql = "SELECT " + names.joined(separator: ", ") + " FROM \(table)"
            if kind == .count { sql = "SELECT count(*) FROM \(table)" }
        } else {
            switch kind {
            case .select: sql = target.select
            case .count: sql = "SELECT count(*) FROM \(table)"
            case .delete: sql = "DELETE FROM \(table)"
            case .update: sql = "UPDATE \(table) SET \(names[Int(setColumn)]) = ?"
            case .project: sql = "SELECT " + projection.map { names[Int($0)] }.joined(separator: ", ") + " FROM \(table)"
            case .aggregate:
                let function = SQLAggregate(rawValue: UInt8(projection[0]))!
                sql = "SELECT \(function.sql)(\(names[Int(setColumn)])) FROM \(table)"
            }
        }
        if let predicate { sql += " WHERE " + predicate.sql(names) }
        if !order.isEmpty {
            sql += " ORDER BY " + order.map { names[Int($0.column)] + ($0.descending ? " DESC" : "") }.joined(separator: ", ")
        }
        if hasLimit { sql += " LIMIT ?" }
        if hasOffset { sql += hasLimit ? " OFFSET ?" : " LIMIT -1 OFFSET ?" }
        return sql
    }
}

/// What typed queries run against: a table's or view's name and columns.
@usableFromInline
struct SQLQueryTarget {
    /// The quoted table name.
    @usableFromInline let table: String
    /// The quoted column names, in the order ``select`` reads them.
    @usableFromInline let names: [String]
    /// `SELECT` every column `FROM` the table.
    @usableFromInline let select: String

    @usableFromInline
    init(table: String, names: [String], select: String) {
        self.table = table
        self.names = names
        self.select = select
    }

    /// The target of a generated record type.
    @usableFromInline
    init<Record: SQLQueryableRecord>(_ type: Record.Type) {
        self.init(table: SQLText.quotedIdentifier(Record.sqlName), names: Record.Columns.sqlNames, select: Record.sqlSelect)
    }
}

/// The table a query joins, along a foreign key.
@usableFromInline
struct SQLJoinShape: Hashable, Sendable {
    @usableFromInline struct Pair: Hashable, Sendable {
        @usableFromInline var child: Int32
        @usableFromInline var parent: Int32

        @usableFromInline
        init(child: Int32, parent: Int32) {
            self.child = child
            self.parent = parent
        }
    }

    /// The joined table's quoted name.
    @usableFromInline var table: String
    /// Its quoted column names.
    @usableFromInline var names: [String]
    /// The key's columns: the querying table's, the joined table's.
    @usableFromInline var pairs: [Pair]
    /// `LEFT JOIN` (rows without a match are kept) or `JOIN`.
    @usableFromInline var isLeft: Bool

    @usableFromInline
    init(table: String, names: [String], pairs: [Pair], isLeft: Bool) {
        self.table = table
        self.names = names
        self.pairs = pairs
        self.isLeft = isLeft
    }
}

/// An aggregate function.
@usableFromInline
enum SQLAggregate: UInt8, Sendable {
    case count, sum, min, max, avg, total

    var sql: String {
        switch self {
        case .count: return "count"
        case .sum: return "sum"
        case .min: return "min"
        case .max: return "max"
        case .avg: return "avg"
        case .total: return "total"
        }
    }
}

/// The statements of one record type's typed queries on one connection, by shape: a
/// shape's SQL is rendered and prepared the first time, then reused.
@usableFromInline
final class SQLQueryCache: SQLSlotStorage {
    @usableFromInline let target: SQLQueryTarget
    @usableFromInline var statements: [SQLQueryShape: SQLStatement] = [:]
    /// The shape used last and its statement: a loop of one query compares shapes instead of
    /// hashing them.
    @usableFromInline var lastShape: SQLQueryShape?
    @usableFromInline var lastStatement: SQLStatement?
    /// Shapes kept at most (`IN` lists of many lengths make many shapes); past it the cache
    /// starts over.
    @usableFromInline static var capacity: Int { 128 }

    @usableFromInline
    init(_ target: SQLQueryTarget) {
        self.target = target
    }

    @inlinable
    func statement(_ shape: SQLQueryShape, in context: SQLContext) throws -> SQLStatement {
        if let statement = lastStatement, lastShape == shape, context.canReuse(statement) {
            return statement
        }
        if let statement = statements[shape], context.canReuse(statement) {
            lastShape = shape
            lastStatement = statement
            return statement
        }
        return try prepare(shape, in: context)
    }

    @usableFromInline
    func prepare(_ shape: SQLQueryShape, in context: SQLContext) throws -> SQLStatement {
        let sql = shape.sql(target)
        if let statement = statements[shape], statement.handle != nil, statement.isBusy {
            // A nested use of the same shape: a statement of its own, finalized when let go.
            return try context.prepare(sql: sql)
        }
        if statements.count >= Self.capacity { close() }
        let statement = try context.prepareForSlot(sql: sql)
        statements[shape] = statement
        lastShape = shape
        lastStatement = statement
        return statement
    }

    @usableFromInline
    override func close() {
        for statement in statements.values where !statement.isBusy { statement.close() }
        statements.removeAll()
        lastShape = nil
        lastStatement = nil
    }
}

extension SQLContext {
    /// The `SELECT` of a typed query, every value bound.
    @inlinable
    func selectStatement<Record>(
        _ condition: SQLPredicate<Record>?, _ order: SQLOrder<Record>?, limit: Int?, offset: Int?, in cache: SQLQueryCache,
        join: SQLJoinShape? = nil
    ) throws -> SQLStatement {
        let shape = SQLQueryShape(
            kind: .select, predicate: condition?.shape, order: order?.terms ?? [],
            hasLimit: limit != nil, hasOffset: offset != nil, join: join)
        let statement = try typedStatement(shape, values: condition?.values ?? [], in: cache)
        var index = Int32(condition?.values.count ?? 0) + 1
        if let limit {
            try statement.bind(Int64(limit), at: index)
            index += 1
        }
        if let offset { try statement.bind(Int64(offset), at: index) }
        return statement
    }

    /// The typed-query statements of `Record` on this connection.
    @inlinable
    func queryCache<Record: SQLQueryableRecord>(_ type: Record.Type) -> SQLQueryCache {
        slotStorage(Record.statementSlots.queries) { SQLQueryCache(SQLQueryTarget(Record.self)) }
    }

    /// The statement of a typed query from `cache`, its values bound from `first` on.
    @inlinable
    func typedStatement(_ shape: SQLQueryShape, values: [SQLValue], first: Int32 = 1, in cache: SQLQueryCache) throws -> SQLStatement {
        let statement = try cache.statement(shape, in: self)
        var index = first
        for value in values {
            try statement.bind(value, at: index)
            index += 1
        }
        return statement
    }
}
