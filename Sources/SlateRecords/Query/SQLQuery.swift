/// What a typed query asks for, without its values: the key its statement is cached by,
/// and what its SQL is rendered from the first time.
///
/// Built, compared and dropped on every call, so the common case holds no reference:
/// orderings, projections and joins, which need arrays, sit in ``extra``, nil for a
/// plain `WHERE`.
@usableFromInline
struct SQLQueryShape: Hashable, Sendable {
    @usableFromInline
    enum Kind: UInt8, Hashable, Sendable {
        case select, count, delete, update, project, aggregate
        /// A page: a `select` whose order ends with the table's rowid (or primary key), so
        /// that rows the order ties keep one place from page to page; `LIMIT ? OFFSET ?`.
        case page
    }

    /// How the query limits its rows.
    @usableFromInline
    enum Limit: UInt8, Hashable, Sendable {
        /// Every row.
        case none
        /// `LIMIT 1`, written into the SQL: ``fetchOne`` binds nothing for it.
        case one
        /// `LIMIT ?`
        case bound
    }

    @usableFromInline var kind: Kind
    @usableFromInline var limit: Limit
    @usableFromInline var hasOffset: Bool
    /// For `update` and `aggregate`: the column set or aggregated.
    @usableFromInline var setColumn: Int32
    /// The `WHERE` condition; no tokens when there is none.
    @usableFromInline var predicate: SQLPredicateShape
    /// Orderings, projected columns and the joined table; nil when there are none.
    @usableFromInline var extra: SQLQueryShapeExtra?

    @inlinable
    init(
        kind: Kind, predicate: SQLPredicateShape?, order: [SQLOrderTerm] = [], limit: Limit = .none,
        hasOffset: Bool = false,
        setColumn: Int32 = -1, projection: [Int32] = [], join: SQLJoinShape? = nil
    ) {
        self.kind = kind
        self.predicate = predicate ?? SQLPredicateShape()
        self.limit = limit
        self.hasOffset = hasOffset
        self.setColumn = setColumn
        extra =
            order.isEmpty && projection.isEmpty && join == nil
            ? nil : SQLQueryShapeExtra(order: order, projection: projection, join: join)
    }

    @inlinable var order: [SQLOrderTerm] { extra?.order ?? [] }
    /// For `project`: the columns read; for `aggregate`, the function.
    @inlinable var projection: [Int32] { extra?.projection ?? [] }
    /// For a query over a join: the joined table.
    @inlinable var join: SQLJoinShape? { extra?.join }
}

/// The parts of a ``SQLQueryShape`` that are arrays, compared by value.
@usableFromInline
final class SQLQueryShapeExtra: Hashable, Sendable {
    @usableFromInline let order: [SQLOrderTerm]
    @usableFromInline let projection: [Int32]
    @usableFromInline let join: SQLJoinShape?

    @usableFromInline
    init(order: [SQLOrderTerm], projection: [Int32], join: SQLJoinShape?) {
        self.order = order
        self.projection = projection
        self.join = join
    }

    @usableFromInline
    static func == (left: SQLQueryShapeExtra, right: SQLQueryShapeExtra) -> Bool {
        left === right || (left.order == right.order && left.projection == right.projection && left.join == right.join)
    }

    @usableFromInline
    func hash(into hasher: inout Hasher) {
        hasher.combine(order)
        hasher.combine(projection)
        hasher.combine(join)
    }
}

extension SQLQueryShape {
    /// The SQL of the shape over `target` (no column known to have TEXT affinity).
    @usableFromInline
    func sql(_ target: SQLQueryTarget) -> String {
        render(target).sql
    }

    /// The SQL of the shape over `target`, rendered once per shape and connection;
    /// `isText` says which columns (of the table, then of a joined one) have TEXT affinity.
    @usableFromInline
    func render(
        _ target: SQLQueryTarget, tiebreaker: [String] = [], isText: @escaping (Int) -> Bool = { _ in false }
    ) -> SQLRenderedQuery {
        let (names, table) = sources(target)
        var sql: String
        var parameters = 0
        var labels: [String?] = []
        if join != nil {
            sql = "SELECT " + names.joined(separator: ", ") + " FROM \(table)"
            if kind == .count { sql = "SELECT count(*) FROM \(table)" }
        } else {
            switch kind {
            case .select, .page: sql = target.select
            case .count: sql = "SELECT count(*) FROM \(table)"
            case .delete: sql = "DELETE FROM \(table)"
            case .update:
                sql = "UPDATE \(table) SET \(names[Int(setColumn)]) = ?"
                parameters += 1
                labels.append(names[Int(setColumn)])
            case .project:
                sql = "SELECT " + projection.map { names[Int($0)] }.joined(separator: ", ") + " FROM \(table)"
            case .aggregate:
                let function = SQLAggregate(rawValue: UInt8(projection[0]))!
                sql = "SELECT \(function.sql)(\(names[Int(setColumn)])) FROM \(table)"
            }
        }
        var renderer = SQLPredicateRenderer(names: names, isText: isText)
        if predicate.count > 0 { sql += " WHERE " + renderer.render(predicate) }
        parameters += renderer.parameters
        labels += renderer.columns
        let orderTerms =
            order.map { names[Int($0.column)] + ($0.descending ? " DESC" : "") } + (kind == .page ? tiebreaker : [])
        if !orderTerms.isEmpty {
            sql += " ORDER BY " + orderTerms.joined(separator: ", ")
        }
        switch limit {
        case .none: if hasOffset { sql += " LIMIT -1" }
        case .one: sql += " LIMIT 1"
        case .bound:
            sql += " LIMIT ?"
            parameters += 1
        }
        if hasOffset {
            sql += " OFFSET ?"
            parameters += 1
        }
        var rendered = SQLRenderedQuery(sql: sql, parameters: parameters, fragments: renderer.fragments)
        rendered.parameterLabels = labels.map { name in name.map { "column " + (join == nil ? "\(table).\($0)" : $0) } }
        return rendered
    }

    /// The column names the query's SQL uses (qualified in a join, the joined table's
    /// after the table's) and what it selects from.
    func sources(_ target: SQLQueryTarget) -> (names: [String], table: String) {
        guard let join else { return (target.names, target.table) }
        let names = target.names.map { "t0." + $0 } + join.names.map { "t1." + $0 }
        let table =
            "\(target.table) AS t0 \(join.isLeft ? "LEFT JOIN" : "JOIN") \(join.table) AS t1 ON "
            + join.pairs.map { "\(names[Int($0.child)]) = \(names[target.names.count + Int($0.parent)])" }.joined(
                separator: " AND ")
        return (names, table)
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
        self.init(
            table: SQLText.quotedIdentifier(Record.sqlName), names: Record.Columns.sqlNames, select: Record.sqlSelect)
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
    @exclusivity(unchecked) @usableFromInline var statements: [SQLQueryShape: SQLStatement] = [:]
    /// The shape used last and its statement: a loop of one query compares shapes instead of
    /// hashing them.
    /// (Not optional: comparing optionals goes through `Optional`'s generic `==`, which
    /// copies through value witnesses.)
    @exclusivity(unchecked) @usableFromInline var lastShape = SQLQueryShape(kind: .select, predicate: nil)
    @exclusivity(unchecked) @usableFromInline var lastStatement: SQLStatement?
    /// Which columns of the target have TEXT affinity, once a `hasPrefix` asked.
    var textColumns: [Bool]?
    /// What a page orders by after the query's own order, once a page asked.
    var tiebreaker: [String]?
    /// Shapes kept at most (`IN` lists of many lengths make many shapes); past it the cache
    /// starts over.
    @usableFromInline static var capacity: Int { 128 }

    @usableFromInline
    init(_ target: SQLQueryTarget) {
        self.target = target
    }

    @inlinable
    func statement(_ shape: SQLQueryShape, in context: SQLContext) throws -> SQLStatement {
        if let statement = lastStatement, isLast(shape), context.canReuse(statement) {
            return statement
        }
        if let statement = statements[shape], context.canReuse(statement) {
            lastShape = shape
            lastStatement = statement
            return statement
        }
        return try prepare(shape, in: context)
    }

    /// The statement of the query run last when it was a plain one (no order, no join)
    /// of `kind` with `predicate`, `limit` and an offset or not; compared without building
    /// a shape.
    @inlinable
    func lastStatement(
        _ kind: SQLQueryShape.Kind, _ predicate: SQLPredicateShape?, _ limit: SQLQueryShape.Limit, hasOffset: Bool,
        in context: SQLContext
    ) -> SQLStatement? {
        guard let statement = lastStatement, lastIsPlain(kind, predicate, limit, hasOffset: hasOffset, setColumn: -1)
        else { return nil }
        return context.canReuse(statement) ? statement : nil
    }

    /// Whether ``lastShape`` is a plain shape (no order, projection or join, a predicate of
    /// at most eight tokens) with these parts, compared field by field in place: a copy of
    /// the stored shape to compare would cost more than the comparison.
    @inlinable
    func lastIsPlain(
        _ kind: SQLQueryShape.Kind, _ predicate: SQLPredicateShape?, _ limit: SQLQueryShape.Limit, hasOffset: Bool,
        setColumn: Int32
    ) -> Bool {
        guard lastShape.extra == nil, lastShape.kind == kind, lastShape.limit == limit,
            lastShape.hasOffset == hasOffset,
            lastShape.setColumn == setColumn, lastShape.predicate.overflow == nil
        else { return false }
        guard let predicate else { return lastShape.predicate.count == 0 }
        return predicate.overflow == nil && lastShape.predicate.count == predicate.count
            && lastShape.predicate.low == predicate.low && lastShape.predicate.high == predicate.high
    }

    /// Whether `shape` is ``lastShape``.
    @inlinable
    func isLast(_ shape: SQLQueryShape) -> Bool {
        if shape.extra == nil, shape.predicate.overflow == nil {
            return lastIsPlain(
                shape.kind, shape.predicate, shape.limit, hasOffset: shape.hasOffset, setColumn: shape.setColumn)
        }
        return lastShape == shape
    }

    @usableFromInline
    func prepare(_ shape: SQLQueryShape, in context: SQLContext) throws -> SQLStatement {
        let rendered = render(shape, in: context)
        if let statement = statements[shape], statement.handle != nil, statement.isBusy {
            // A nested use of the same shape: a statement of its own, finalized when let go.
            return try checked(rendered) { try context.prepare(sql: rendered.sql) }
        }
        if statements.count >= Self.capacity { close() }
        let statement = try checked(rendered) { try context.prepareForSlot(sql: rendered.sql) }
        statements[shape] = statement
        lastShape = shape
        lastStatement = statement
        return statement
    }

    /// The statement `prepare` makes of `rendered`, its errors explained, its parameters
    /// checked.
    private func checked(_ rendered: SQLRenderedQuery, _ prepare: () throws -> SQLStatement) throws -> SQLStatement {
        let statement: SQLStatement
        do {
            statement = try prepare()
        } catch let error as SQLError {
            throw rendered.explain(error)
        }
        do {
            try rendered.checkParameters(of: statement)
        } catch {
            statement.close()
            throw error
        }
        statement.parameterLabels = rendered.parameterLabels
        return statement
    }

    /// The SQL of `shape`; the affinity of the columns is read from the connection the
    /// first time a `hasPrefix` asks (once per connection for the table's own columns).
    private func render(_ shape: SQLQueryShape, in context: SQLContext) -> SQLRenderedQuery {
        var flags = shape.join == nil ? textColumns : nil
        var tiebreaker: [String] = []
        if shape.kind == .page {
            if self.tiebreaker == nil { self.tiebreaker = Self.tiebreaker(of: target, in: context) }
            tiebreaker = self.tiebreaker!
        }
        return shape.render(target, tiebreaker: tiebreaker) { [self] column in
            if flags == nil {
                let (names, table) = shape.sources(target)
                flags = Self.textAffinity(
                    of: "SELECT " + names.joined(separator: ", ") + " FROM \(table)", names.count, in: context)
                if shape.join == nil { textColumns = flags }
            }
            return column < flags!.count && flags![column]
        }
    }

    /// What makes a page's order total: the rowid, under the first of its names (`rowid`,
    /// `_rowid_`, `oid`) no column takes; for a `WITHOUT ROWID` table its primary key's
    /// columns; for a view nothing (a view has no key: its pages are as stable as its
    /// order).
    private static func tiebreaker(of target: SQLQueryTarget, in context: SQLContext) -> [String] {
        let taken = Set(target.names.map { $0.lowercased() })
        if let alias = ["rowid", "_rowid_", "oid"].first(where: { !taken.contains("\"\($0)\"") }),
            let probe = try? context.prepare(sql: "SELECT \(alias) FROM \(target.table) LIMIT 0")
        {
            probe.close()
            return [alias]
        }
        let name = unquoted(target.table)
        guard
            let keys = try? context.query(
                sql: "SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk", parameters: [.text(name)])
        else { return [] }
        return keys.compactMap { $0.first?.textValue }.map(SQLText.quotedIdentifier)
    }

    /// A name as `quotedIdentifier` wrote it, unquoted.
    private static func unquoted(_ quoted: String) -> String {
        guard quoted.count >= 2, quoted.first == "\"", quoted.last == "\"" else { return quoted }
        return String(quoted.dropFirst().dropLast()).replacing("\"\"", with: "\"")
    }

    /// Which result columns of `select` have TEXT affinity, by their declared types
    /// (none when it cannot be prepared: the query itself will say why).
    private static func textAffinity(of select: String, _ count: Int, in context: SQLContext) -> [Bool] {
        guard let statement = try? context.prepare(sql: select) else { return Array(repeating: false, count: count) }
        defer { statement.close() }
        return statement.declaredTypes.map(sqlHasTextAffinity)
    }

    @usableFromInline
    override func close() {
        for statement in statements.values where !statement.isBusy { statement.close() }
        statements.removeAll()
        lastStatement = nil
        textColumns = nil
        tiebreaker = nil
    }
}

extension SQLContext {
    /// The `SELECT` of a typed query, every value bound.
    @inlinable
    func selectStatement<Record>(
        _ condition: SQLPredicate<Record>?, _ order: SQLOrder<Record>?, limit: Int?, offset: Int?,
        in cache: SQLQueryCache,
        join: SQLJoinShape? = nil
    ) throws -> SQLStatement {
        // `LIMIT 1` is written into the SQL (fetchOne, lookups): one bind less per call.
        let limitKind: SQLQueryShape.Limit = limit == nil ? .none : limit == 1 ? .one : .bound
        let statement: SQLStatement
        if order == nil, join == nil,
            let last = cache.lastStatement(.select, condition?.shape, limitKind, hasOffset: offset != nil, in: self)
        {
            // The query run last, again (a loop of lookups): no shape built, copied or dropped.
            statement = last
        } else {
            let shape = SQLQueryShape(
                kind: .select, predicate: condition?.shape, order: order?.terms ?? [],
                limit: limitKind, hasOffset: offset != nil, join: join)
            statement = try cache.statement(shape, in: self)
        }
        var index = try condition?.values.bind(to: statement, from: 1) ?? 1
        if limitKind == .bound, let limit {
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
    func typedStatement(
        _ shape: SQLQueryShape, values: SQLBoundValues, first: Int32 = 1, in cache: SQLQueryCache
    ) throws -> SQLStatement {
        let statement = try cache.statement(shape, in: self)
        try values.bind(to: statement, from: first)
        return statement
    }
}
