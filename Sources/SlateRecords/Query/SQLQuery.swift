/// What a typed query asks for, without its values: the key its statement is cached by,
/// and what its SQL is rendered from the first time.
@usableFromInline
struct SQLQueryShape<Record: SQLQueryableRecord>: Hashable {
    @usableFromInline
    enum Kind: UInt8, Hashable {
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

    @usableFromInline
    init(
        kind: Kind, predicate: SQLPredicateShape?, order: [SQLOrderTerm] = [], hasLimit: Bool = false, hasOffset: Bool = false,
        setColumn: Int32 = -1, projection: [Int32] = []
    ) {
        self.projection = projection
        self.kind = kind
        self.predicate = predicate
        self.order = order
        self.hasLimit = hasLimit
        self.hasOffset = hasOffset
        self.setColumn = setColumn
    }

    /// The SQL, rendered once per shape and connection.
    @usableFromInline
    func sql() -> String {
        let names = Record.Columns.sqlNames
        let table = SQLText.quotedIdentifier(Record.sqlName)
        var sql: String
        switch kind {
        case .select: sql = Record.sqlSelect
        case .count: sql = Record.sqlCount
        case .delete: sql = "DELETE FROM \(table)"
        case .update: sql = "UPDATE \(table) SET \(names[Int(setColumn)]) = ?"
        case .project: sql = "SELECT " + projection.map { names[Int($0)] }.joined(separator: ", ") + " FROM \(table)"
        case .aggregate:
            let function = SQLAggregate(rawValue: UInt8(projection[0]))!
            sql = "SELECT \(function.sql)(\(names[Int(setColumn)])) FROM \(table)"
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

/// An aggregate function.
@usableFromInline
enum SQLAggregate: UInt8 {
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
final class SQLQueryCache<Record: SQLQueryableRecord>: SQLSlotStorage {
    @usableFromInline var statements: [SQLQueryShape<Record>: SQLStatement] = [:]
    /// The shape used last and its statement: a loop of one query compares shapes instead of
    /// hashing them.
    @usableFromInline var lastShape: SQLQueryShape<Record>?
    @usableFromInline var lastStatement: SQLStatement?
    /// Shapes kept at most (`IN` lists of many lengths make many shapes); past it the cache
    /// starts over.
    @usableFromInline static var capacity: Int { 128 }

    @usableFromInline
    override init() {}

    @inlinable
    func statement(_ shape: SQLQueryShape<Record>, in context: SQLContext) throws -> SQLStatement {
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
    func prepare(_ shape: SQLQueryShape<Record>, in context: SQLContext) throws -> SQLStatement {
        let sql = shape.sql()
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
    func selectStatement<Record: SQLQueryableRecord>(
        _ condition: SQLPredicate<Record>?, _ order: SQLOrder<Record>?, limit: Int?, offset: Int?
    ) throws -> SQLStatement {
        let shape = SQLQueryShape<Record>(
            kind: .select, predicate: condition?.shape, order: order?.terms ?? [],
            hasLimit: limit != nil, hasOffset: offset != nil)
        let statement = try typedStatement(shape, values: condition?.values ?? [])
        var index = Int32(condition?.values.count ?? 0) + 1
        if let limit {
            try statement.bind(Int64(limit), at: index)
            index += 1
        }
        if let offset { try statement.bind(Int64(offset), at: index) }
        return statement
    }

    /// The statement of a typed query, its values bound from `first` on.
    @inlinable
    func typedStatement<Record>(_ shape: SQLQueryShape<Record>, values: [SQLValue], first: Int32 = 1) throws -> SQLStatement {
        let cache = slotStorage(Record.statementSlots.queries) { SQLQueryCache<Record>() }
        let statement = try cache.statement(shape, in: self)
        var index = first
        for value in values {
            try statement.bind(value, at: index)
            index += 1
        }
        return statement
    }
}
