import SlateCSQLite

// Typed queries in the type-attached style (`Person.fetch(in: db, where: …)`), on a raw
// `sqlite3` handle like the other attached functions. They prepare their statement on
// each call, as every attached and raw function does, so nothing outlives the call.

extension SQLQueryableRecord {
    /// The rows of the database `db` for which `predicate` holds, in `order`, from
    /// `offset`, at most `limit`.
    ///
    /// ```swift
    /// let untitled = try Person.fetch(in: db, where: { $0.title == nil }, orderBy: { $0.name.ascending })
    /// ```
    public static func fetch(
        in db: OpaquePointer,
        where predicate: ((Columns) -> SQLPredicate<Self>)? = nil,
        orderBy order: ((Columns) -> SQLOrder<Self>)? = nil,
        limit: Int? = nil,
        offset: Int? = nil
    ) throws -> [Self] {
        let (rendered, values) = selectQuery(where: predicate, orderBy: order, limit: limit, offset: offset)
        return try explained(rendered) {
            try SQLRecordCoding.fetch(
                db, rendered.sql, bind: { try bindAll(values, to: $0, rendered) },
                decode: { try Self(sqliteStatement: $0, offset: 0) })
        }
    }

    /// Calls `body` with each row of the database `db` for which `predicate` holds, in
    /// `order`, from `offset`, at most `limit`, as it is read: one record is in memory at a
    /// time. A throw from `body` stops the walk and is rethrown.
    ///
    /// ```swift
    /// try Person.forEach(in: db, where: { $0.title != nil }) { person in print(person.name) }
    /// ```
    public static func forEach(
        in db: OpaquePointer,
        where predicate: ((Columns) -> SQLPredicate<Self>)? = nil,
        orderBy order: ((Columns) -> SQLOrder<Self>)? = nil,
        limit: Int? = nil,
        offset: Int? = nil,
        _ body: (Self) throws -> Void
    ) throws {
        let (rendered, values) = selectQuery(where: predicate, orderBy: order, limit: limit, offset: offset)
        try explained(rendered) {
            try SQLRecordCoding.forEach(
                db, rendered.sql, bind: { try bindAll(values, to: $0, rendered) },
                decode: { try Self(sqliteStatement: $0, offset: 0) },
                body: { record in
                    try body(record)
                    return true
                })
        }
    }

    /// ``forEach(in:where:orderBy:limit:offset:_:)-(_,_,_,_,_,(Self)->Void)`` until `body`
    /// sets `stop` to true: the rows after that one are never read.
    public static func forEach(
        in db: OpaquePointer,
        where predicate: ((Columns) -> SQLPredicate<Self>)? = nil,
        orderBy order: ((Columns) -> SQLOrder<Self>)? = nil,
        limit: Int? = nil,
        offset: Int? = nil,
        _ body: (Self, _ stop: inout Bool) throws -> Void
    ) throws {
        let (rendered, values) = selectQuery(where: predicate, orderBy: order, limit: limit, offset: offset)
        try explained(rendered) {
            try SQLRecordCoding.forEach(
                db, rendered.sql, bind: { try bindAll(values, to: $0, rendered) },
                decode: { try Self(sqliteStatement: $0, offset: 0) },
                body: { record in
                    var stop = false
                    try body(record, &stop)
                    return !stop
                })
        }
    }

    /// The SQL of a typed `SELECT` and its values, limit and offset included.
    static func selectQuery(
        where predicate: ((Columns) -> SQLPredicate<Self>)?, orderBy order: ((Columns) -> SQLOrder<Self>)?, limit: Int?,
        offset: Int?
    ) -> (SQLRenderedQuery, SQLBoundValues) {
        let columns = Columns()
        let condition = predicate?(columns)
        let shape = SQLQueryShape(
            kind: .select, predicate: condition?.shape, order: order?(columns).terms ?? [],
            limit: limit == nil ? .none : .bound,
            hasOffset: offset != nil)
        var values = condition?.values ?? .none
        if let limit { values.append(.integer(Int64(limit))) }
        if let offset { values.append(.integer(Int64(offset))) }
        return (shape.render(SQLQueryTarget(Self.self)), values)
    }

    /// How many rows of the database `db` `predicate` holds for.
    public static func fetchCount(in db: OpaquePointer, where predicate: (Columns) -> SQLPredicate<Self>) throws -> Int
    {
        let condition = predicate(Columns())
        let rendered = SQLQueryShape(kind: .count, predicate: condition.shape).render(SQLQueryTarget(Self.self))
        return try explained(rendered) {
            try SQLRecordCoding.fetch(
                db, rendered.sql, bind: { try bindAll(condition.values, to: $0, rendered) },
                decode: { Int(sqlite3_column_int64($0, 0)) })[0]
        }
    }

    /// The result of `body`, which runs `rendered`; an error preparing it is explained.
    static func explained<Result>(_ rendered: SQLRenderedQuery, _ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as SQLError where error.sql == rendered.sql && error.code != .misuse {
            throw rendered.explain(error)
        }
    }

    /// Binds `values` to `statement`, `rendered` prepared, once its parameters are checked
    /// (a fragment's own `?1` or `:name` throws); NaN throws naming the column it is
    /// compared with when known.
    static func bindAll(_ values: SQLBoundValues, to statement: OpaquePointer, _ rendered: SQLRenderedQuery) throws {
        try rendered.checkParameters(of: statement)
        let labels = rendered.parameterLabels
        for (index, value) in values.array.enumerated() {
            if case .float(let double) = value, double.isNaN {
                throw SQLRecordCoding.nanError(
                    statement, (index < labels.count ? labels[index] : nil) ?? "parameter \(index + 1)")
            }
            try SQLRecordCoding.bind(value, statement, Int32(index + 1))
        }
    }
}

extension SQLQueryableRecord where Self: SQLTableRecord {
    /// Deletes the rows of the database `db` for which `predicate` holds; returns how many.
    @discardableResult
    public static func delete(in db: OpaquePointer, where predicate: (Columns) -> SQLPredicate<Self>) throws -> Int {
        let condition = predicate(Columns())
        let rendered = SQLQueryShape(kind: .delete, predicate: condition.shape).render(SQLQueryTarget(Self.self))
        return try explained(rendered) {
            try SQLRecordCoding.execute(db, rendered.sql) { try bindAll(condition.values, to: $0, rendered) }
        }
    }
}
