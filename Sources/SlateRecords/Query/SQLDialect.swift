import Foundation
import Slate

/// The SQL engine a typed query is rendered for.
///
/// SQLite's typed queries render through ``SQLQueryCache`` as they always have (that path
/// never looks at a dialect, so it costs nothing there); ``SQLDialectQuery`` renders the
/// same query shapes for either engine, for the PostgreSQL runtime and the code generated
/// for it. What differs on PostgreSQL, and why the answers stay the same:
/// - placeholders are `$1`, `$2`, …; a long `in` list is `= ANY($n)` with one array;
/// - text tests are byte-exact and case-sensitive on both: `hasPrefix` is `starts_with`,
///   `hasSuffix` a `LIKE` of the escaped suffix, `contains` `strpos`; `like` folds ASCII
///   letters only, as SQLite's `LIKE` does (`translate` of both sides); text orders and
///   ranges compare under `COLLATE "C"` (bytes), SQLite's BINARY;
/// - NULLs sort first ascending and last descending, as SQLite sorts them;
/// - dates, UUIDs and booleans are compared as TIMESTAMPTZ, UUID and BOOLEAN values: a
///   predicate's value, built in the SQLite storage form of the column, is converted to
///   the value itself when bound (see ``SQLDialectParameter``);
/// - `sum` of integers is cast back to BIGINT (an overflow is an error, as on SQLite),
///   `avg` and `total` to DOUBLE PRECISION; `count` is BIGINT;
/// - an offset without a limit is `LIMIT ALL`; `TRUE`/`FALSE` stand for SQLite's `1`/`0`.
package enum SQLDialect: Sendable, Hashable {
    case sqlite
    case postgres
}

/// A column's logical type: what the PostgreSQL column is and what its parameters are
/// bound as (the shared type map: BIGINT, DOUBLE PRECISION, TEXT, BYTEA, BOOLEAN,
/// TIMESTAMPTZ, UUID, NUMERIC).
package enum SQLColumnType: Sendable, Hashable {
    case integer, double, text, blob, boolean, timestamp, uuid, numeric

    /// The PostgreSQL type's name.
    package var postgresName: String {
        switch self {
        case .integer: return "bigint"
        case .double: return "double precision"
        case .text: return "text"
        case .blob: return "bytea"
        case .boolean: return "boolean"
        case .timestamp: return "timestamptz"
        case .uuid: return "uuid"
        case .numeric: return "numeric"
        }
    }
}

/// A table as typed queries see it on an engine: its quoted name, its columns' quoted
/// names in record order, their logical types, and the primary key's columns (what a page
/// orders by last).
package struct SQLDialectTable: Sendable, Hashable {
    package let table: String
    package let names: [String]
    package let types: [SQLColumnType]
    package let key: [Int32]
    /// Whether each column never holds NULL: its order needs no `NULLS FIRST`, which
    /// PostgreSQL's ascending indexes cannot serve (an index scan would become a sort).
    package let notNull: [Bool]

    /// - Parameters:
    ///   - table: the quoted table name.
    ///   - names: the quoted column names, in the record's order.
    ///   - types: each column's logical type, in the same order.
    ///   - key: the primary key's column indexes.
    ///   - notNull: whether each column never holds NULL; nil: only the key's columns.
    package init(
        table: String, names: [String], types: [SQLColumnType], key: [Int32] = [], notNull: [Bool]? = nil
    ) {
        precondition(names.count == types.count, "one type per column")
        precondition(notNull == nil || notNull?.count == names.count, "one nullability per column")
        self.table = table
        self.names = names
        self.types = types
        self.key = key
        self.notNull = notNull ?? names.indices.map { key.contains(Int32($0)) }
    }
}

/// An aggregate of ``SQLDialectQuery/aggregate(_:_:where:)``.
package enum SQLDialectAggregate: Sendable, Hashable {
    case count, sum, min, max, avg, total

    var internalValue: SQLAggregate {
        switch self {
        case .count: return .count
        case .sum: return .sum
        case .min: return .min
        case .max: return .max
        case .avg: return .avg
        case .total: return .total
        }
    }
}

/// The type a fragment's nil has on PostgreSQL, from the Swift type interpolated
/// (`"\\(limit) IS NULL"` with `limit: Int?`), where the value alone (NULL) says nothing and
/// the server cannot type a bare `$1` (SQLSTATE 42P18): the type the type map gives that
/// Swift type (an `Int?` a bigint, a `Date?` a timestamptz). 0 when the type says nothing
/// (a type of the app's own): the nil is then bound untyped, for the server to type from
/// where it stands. A value that is not nil is bound by its own type, as before.
@usableFromInline
enum SQLValueHint {
    @usableFromInline static let none = 0
    static let integer = 1, double = 2, text = 3, blob = 4, boolean = 5, timestamp = 6, uuid = 7

    @usableFromInline
    static func of(_ type: Any.Type) -> Int {
        if let optional = type as? any SQLOptionalHint.Type { return of(optional.wrappedHintType) }
        switch type {
        case is Bool.Type: return boolean
        case is any BinaryInteger.Type: return integer
        case is any BinaryFloatingPoint.Type: return double
        case is String.Type, is Substring.Type: return text
        case is [UInt8].Type, is Data.Type: return blob
        case is Date.Type: return timestamp
        case is UUID.Type: return uuid
        default: break
        }
        if let raw = type as? any RawRepresentable.Type {
            func rawType<Raw: RawRepresentable>(_: Raw.Type) -> Any.Type { Raw.RawValue.self }
            return of(rawType(raw))
        }
        return none
    }

    /// The column type of `hint` (nil for ``none``).
    static func type(_ hint: Int) -> SQLColumnType? {
        switch hint {
        case integer: .integer
        case double: .double
        case text: .text
        case blob: .blob
        case boolean: .boolean
        case timestamp: .timestamp
        case uuid: .uuid
        default: nil
        }
    }
}

/// `Optional`, seen through: what its wrapped type is.
protocol SQLOptionalHint {
    static var wrappedHintType: Any.Type { get }
}

extension Optional: SQLOptionalHint {
    static var wrappedHintType: Any.Type { Wrapped.self }
}

/// A value bound to one placeholder, in the form the engine compares: on PostgreSQL,
/// `value` is normalized for `type` — `.integer` an `.integer`, `.double` a `.float`,
/// `.text` a `.text`, `.blob` a `.blob`, `.boolean` an `.integer` 0 or 1, `.timestamp` a
/// `.float` of seconds since 1970, `.uuid` a 16-byte `.blob` (RFC 4122 order), `.numeric`
/// its `.integer`, `.float` or decimal `.text` — or `.null`. When `elements` is set the
/// placeholder is an array of `type` (`= ANY($n)`), its elements normalized the same way
/// and `value` is `.null`. On SQLite, `value` is the value as the typed API binds it.
package struct SQLDialectParameter: Sendable, Hashable {
    package var type: SQLColumnType
    package var value: SQLValue
    package var elements: [SQLValue]?

    package init(type: SQLColumnType, value: SQLValue, elements: [SQLValue]? = nil) {
        self.type = type
        self.value = value
        self.elements = elements
    }
}

/// What a placeholder of a rendered statement takes.
package struct SQLDialectSlot: Sendable, Hashable {
    enum Source: Hashable {
        /// The predicate's value at the index, converted to the type.
        case value(Int)
        /// The predicate's values from the index, as one array.
        case list(Int, Int)
        /// A prefix or substring bound as a blob, as text.
        case text(Int)
        /// A suffix bound as a blob, as a `LIKE` pattern: `%` then the escaped suffix.
        case suffixPattern(Int)
        /// The value an `update` sets.
        case set
        case limit
        case offset
    }

    let source: Source
    package let type: SQLColumnType
    /// The column it is compared with or set, for errors (`"people"."score"`).
    package let column: String?
    /// Whether `type` was only guessed from the value the statement was first rendered
    /// with (a fragment's value, a value that meets no column): the statement is cached by
    /// shape, so each run takes the type of its own value (nil first, then a number).
    var inferred = false
}

/// A query rendered for one engine: its SQL, what each placeholder takes, and for an
/// aggregate the logical type of its one result column.
package struct SQLDialectStatement: Sendable, Hashable {
    package let dialect: SQLDialect
    package let sql: String
    package let slots: [SQLDialectSlot]
    /// An aggregate's result type (`count` is `.integer`); nil for other queries.
    package let resultType: SQLColumnType?
}

/// A typed query's shape and values, for an engine chosen when it is rendered: what the
/// PostgreSQL runtime and the code generated for it call.
///
/// ```swift
/// let query = SQLDialectQuery<Person>.select(where: predicate, orderBy: order, limit: 10)
/// let statement = cache[query.key] ?? query.render(table, dialect: .postgres)
/// let parameters = try query.parameters(for: statement)
/// ```
///
/// ``key`` is the same for every query of one shape (values aside): a statement cache's
/// key. ``render(_:joined:dialect:)`` is called once per shape; ``parameters(for:)``
/// on every run.
package struct SQLDialectQuery<Record>: Sendable {
    var shape: SQLQueryShape
    var values: [SQLValue]
    var setValue: SQLValue?
    var limitValue: Int?
    var offsetValue: Int?

    init(shape: SQLQueryShape, predicate: SQLPredicate<Record>?, limit: Int?, offset: Int?) {
        self.shape = shape
        values = predicate?.values.array ?? []
        limitValue = limit
        offsetValue = offset
    }

    /// The shape: equal for queries that differ only in their values.
    package var key: SQLDialectQueryKey { SQLDialectQueryKey(shape: shape) }

    private static func limitKind(_ limit: Int?) -> SQLQueryShape.Limit { limit == nil ? .none : .bound }

    /// `SELECT` every column, filtered, ordered and limited.
    package static func select(
        where predicate: SQLPredicate<Record>? = nil, orderBy order: SQLOrder<Record>? = nil, limit: Int? = nil,
        offset: Int? = nil
    ) -> SQLDialectQuery {
        SQLDialectQuery(
            shape: SQLQueryShape(
                kind: .select, predicate: predicate?.shape, order: order?.terms ?? [], limit: limitKind(limit),
                hasOffset: offset != nil),
            predicate: predicate, limit: limit, offset: offset)
    }

    /// A page: ``select(where:orderBy:limit:offset:)`` ordered last by the table's key, so
    /// that rows the order ties keep one place from page to page.
    package static func page(
        where predicate: SQLPredicate<Record>? = nil, orderBy order: SQLOrder<Record>? = nil, limit: Int, offset: Int
    ) -> SQLDialectQuery {
        SQLDialectQuery(
            shape: SQLQueryShape(
                kind: .page, predicate: predicate?.shape, order: order?.terms ?? [], limit: .bound, hasOffset: true),
            predicate: predicate, limit: limit, offset: offset)
    }

    /// Whether a row matches: one row or none (`LIMIT 1`).
    package static func exists(where predicate: SQLPredicate<Record>? = nil) -> SQLDialectQuery {
        SQLDialectQuery(
            shape: SQLQueryShape(kind: .select, predicate: predicate?.shape, limit: .one),
            predicate: predicate, limit: nil, offset: nil)
    }

    /// `SELECT count(*)` of the matching rows (a BIGINT on PostgreSQL).
    package static func count(where predicate: SQLPredicate<Record>? = nil) -> SQLDialectQuery {
        SQLDialectQuery(
            shape: SQLQueryShape(kind: .count, predicate: predicate?.shape), predicate: predicate, limit: nil,
            offset: nil)
    }

    /// `DELETE` the matching rows.
    package static func delete(where predicate: SQLPredicate<Record>? = nil) -> SQLDialectQuery {
        SQLDialectQuery(
            shape: SQLQueryShape(kind: .delete, predicate: predicate?.shape), predicate: predicate, limit: nil,
            offset: nil)
    }

    /// `UPDATE … SET column = value` on the matching rows (`value` as the column stores it
    /// on SQLite: ``SQLColumn/sqlValue(_:)``).
    package static func update<Value>(
        _ column: SQLColumn<Record, Value>, to value: Value, where predicate: SQLPredicate<Record>? = nil
    ) -> SQLDialectQuery {
        var query = SQLDialectQuery(
            shape: SQLQueryShape(kind: .update, predicate: predicate?.shape, setColumn: column.index),
            predicate: predicate, limit: nil, offset: nil)
        query.setValue = column.sqlValue(value)
        return query
    }

    /// `SELECT` the columns at `columns`, filtered, ordered and limited.
    package static func project(
        _ columns: [Int32], where predicate: SQLPredicate<Record>? = nil, orderBy order: SQLOrder<Record>? = nil,
        limit: Int? = nil, offset: Int? = nil
    ) -> SQLDialectQuery {
        SQLDialectQuery(
            shape: SQLQueryShape(
                kind: .project, predicate: predicate?.shape, order: order?.terms ?? [], limit: limitKind(limit),
                hasOffset: offset != nil, projection: columns),
            predicate: predicate, limit: limit, offset: offset)
    }

    /// One aggregate of the column at `column` over the matching rows.
    package static func aggregate(
        _ function: SQLDialectAggregate, _ column: Int32, where predicate: SQLPredicate<Record>? = nil
    ) -> SQLDialectQuery {
        SQLDialectQuery(
            shape: SQLQueryShape(
                kind: .aggregate, predicate: predicate?.shape, setColumn: column,
                projection: [Int32(function.internalValue.rawValue)]),
            predicate: predicate, limit: nil, offset: nil)
    }

    /// Every column of the table and then of `joined`, the rows joined where each pair's
    /// columns (the table's, `joined`'s) are equal (a `LEFT JOIN` when `isLeft`). The
    /// predicate's and order's columns index the table's columns, then `joined`'s.
    package static func join(
        _ joined: SQLDialectTable, on pairs: [(child: Int32, parent: Int32)], isLeft: Bool = false,
        where predicate: SQLPredicate<Record>? = nil, orderBy order: SQLOrder<Record>? = nil, limit: Int? = nil,
        offset: Int? = nil
    ) -> SQLDialectQuery {
        let join = SQLJoinShape(
            table: joined.table, names: joined.names,
            pairs: pairs.map { SQLJoinShape.Pair(child: $0.child, parent: $0.parent) }, isLeft: isLeft)
        return SQLDialectQuery(
            shape: SQLQueryShape(
                kind: .select, predicate: predicate?.shape, order: order?.terms ?? [], limit: limitKind(limit),
                hasOffset: offset != nil, join: join),
            predicate: predicate, limit: limit, offset: offset)
    }

    /// The SQL of this query's shape over `table` (and `joined`, for a join) for
    /// `dialect`. On SQLite it is what the typed API runs (TEXT affinity where the type is
    /// `.text`, the key as a page's tiebreaker). With `returning`, a `delete` or `update`
    /// ends with `RETURNING` every column of the table, in order (both engines take it).
    package func render(
        _ table: SQLDialectTable, joined: SQLDialectTable? = nil, dialect: SQLDialect, returning: Bool = false
    ) -> SQLDialectStatement {
        let statement = rendered(table, joined: joined, dialect: dialect)
        guard returning, shape.kind == .delete || shape.kind == .update else { return statement }
        return SQLDialectStatement(
            dialect: statement.dialect, sql: statement.sql + " RETURNING " + table.names.joined(separator: ", "),
            slots: statement.slots, resultType: nil)
    }

    private func rendered(
        _ table: SQLDialectTable, joined: SQLDialectTable?, dialect: SQLDialect
    )
        -> SQLDialectStatement
    {
        let target = SQLQueryTarget(
            table: table.table, names: table.names,
            select: "SELECT " + table.names.joined(separator: ", ") + " FROM " + table.table)
        let types = table.types + (joined?.types ?? [])
        switch dialect {
        case .sqlite:
            let rendered = shape.render(
                target, tiebreaker: table.key.map { table.names[Int($0)] },
                isText: { types[$0] == .text })
            var slots: [SQLDialectSlot] = []
            if shape.kind == .update {
                slots.append(SQLDialectSlot(source: .set, type: types[Int(shape.setColumn)], column: nil))
            }
            for index in values.indices {
                slots.append(SQLDialectSlot(source: .value(index), type: .integer, column: nil))
            }
            if shape.limit == .bound { slots.append(SQLDialectSlot(source: .limit, type: .integer, column: nil)) }
            if shape.hasOffset { slots.append(SQLDialectSlot(source: .offset, type: .integer, column: nil)) }
            return SQLDialectStatement(dialect: .sqlite, sql: rendered.sql, slots: slots, resultType: resultType(types))
        case .postgres:
            // A joined table's columns may be NULL (a left join's are, whatever they declare).
            let notNull = table.notNull + (joined.map { Array(repeating: false, count: $0.names.count) } ?? [])
            return SQLPostgresRendering(shape: shape, values: values).render(
                target, types: types, notNull: notNull, key: table.key)
        }
    }

    private func resultType(_ types: [SQLColumnType]) -> SQLColumnType? {
        guard shape.kind == .aggregate else { return shape.kind == .count ? .integer : nil }
        return SQLPostgresRendering.aggregateType(
            SQLAggregate(rawValue: UInt8(shape.projection[0]))!, types[Int(shape.setColumn)])
    }

    /// The values of `statement`'s placeholders, in order, for this query's values.
    ///
    /// - Throws: ``SQLError/Code/mismatch`` for NaN (neither engine keeps it: SQLite would
    ///   store NULL, PostgreSQL would compare it as the largest number), and on PostgreSQL
    ///   for a value that is no `type` (a date text that does not parse, a UUID of another
    ///   length), naming the column. A negative limit is no limit and a negative offset 0
    ///   on both engines, as SQLite takes them.
    package func parameters(for statement: SQLDialectStatement) throws -> [SQLDialectParameter] {
        var result: [SQLDialectParameter] = []
        result.reserveCapacity(statement.slots.count)
        for slot in statement.slots {
            switch slot.source {
            case .value(let index):
                let value = values[index]
                result.append(
                    SQLDialectParameter(
                        type: slot.inferred && value != .null ? SQLPostgresRendering.inferred(value) : slot.type,
                        value: statement.dialect == .sqlite ? value : try Self.normalized(value, slot)))
            case .list(let start, let count):
                result.append(
                    SQLDialectParameter(
                        type: slot.type, value: .null,
                        elements: try values[start..<start + count].map { try Self.normalized($0, slot) }))
            case .text(let index):
                result.append(SQLDialectParameter(type: .text, value: .text(try Self.text(values[index], slot))))
            case .suffixPattern(let index):
                var pattern = "%"
                for character in try Self.text(values[index], slot).unicodeScalars {
                    if character == "%" || character == "_" || character == "\\" { pattern.unicodeScalars.append("\\") }
                    pattern.unicodeScalars.append(character)
                }
                result.append(SQLDialectParameter(type: .text, value: .text(pattern)))
            case .set:
                let value = setValue ?? .null
                result.append(
                    SQLDialectParameter(
                        type: slot.type,
                        value: statement.dialect == .sqlite ? value : try Self.normalized(value, slot)))
            case .limit, .offset:
                // SQLite takes a negative limit as none and a negative offset as 0: so
                // does PostgreSQL here (`LIMIT NULL` is no limit), where both are errors.
                let number = Int64((slot.source == .limit ? limitValue : offsetValue) ?? 0)
                let value: SQLValue =
                    statement.dialect == .sqlite || number >= 0
                    ? .integer(number) : slot.source == .limit ? .null : .integer(0)
                result.append(SQLDialectParameter(type: .integer, value: value))
            }
            if case .float(let number) = result[result.count - 1].value, number.isNaN {
                throw SQLError(
                    code: .mismatch,
                    message: "cannot bind NaN to the parameter for \(slot.column.map { "column \($0)" } ?? "a value"): "
                        + "SQLite would store it as NULL and PostgreSQL compare it as the largest number",
                    sql: statement.sql)
            }
        }
        return result
    }

    private static func text(_ value: SQLValue, _ slot: SQLDialectSlot) throws -> String {
        switch value {
        case .blob(let bytes):
            guard let text = String(validating: bytes, as: UTF8.self) else { break }
            return text
        case .text(let text): return text
        default: break
        }
        throw mismatch("text", slot)
    }

    private static func mismatch(_ expected: String, _ slot: SQLDialectSlot) -> SQLError {
        SQLError(
            code: .mismatch,
            message: "a value compared with \(slot.column.map { "column \($0)" } ?? "an expression") is no \(expected)")
    }

    /// `value`, built in the SQLite storage form of the slot's column, as the PostgreSQL
    /// value of its type.
    static func normalized(_ value: SQLValue, _ slot: SQLDialectSlot) throws -> SQLValue {
        if case .null = value { return .null }
        switch slot.type {
        case .integer, .double, .text, .blob, .numeric:
            return value
        case .boolean:
            switch value {
            case .integer(let number): return .integer(number == 0 ? 0 : 1)
            case .float(let number): return .integer(number == 0 ? 0 : 1)
            case .text(let text):
                switch text.lowercased() {
                case "1", "true", "t", "yes", "y", "on": return .integer(1)
                case "0", "false", "f", "no", "n", "off": return .integer(0)
                default: throw mismatch("boolean", slot)
                }
            default: throw mismatch("boolean", slot)
            }
        case .timestamp:
            switch value {
            case .integer(let seconds): return .float(Double(seconds))
            case .float(let seconds): return .float(seconds)
            case .text(let text):
                guard let date = SQLDate.date(fromText: text) else { throw mismatch("date", slot) }
                return .float(date.timeIntervalSince1970)
            default: throw mismatch("date", slot)
            }
        case .uuid:
            switch value {
            case .blob(let bytes) where bytes.count == 16: return .blob(bytes)
            case .text(let text):
                guard let uuid = UUID(uuidString: text) else { throw mismatch("UUID", slot) }
                return .blob(withUnsafeBytes(of: uuid.uuid) { Array($0) })
            default: throw mismatch("UUID", slot)
            }
        }
    }
}

/// A ``SQLDialectQuery``'s shape: the key of a statement cache (equal for queries that
/// differ only in their values).
package struct SQLDialectQueryKey: Hashable, Sendable {
    let shape: SQLQueryShape
}

/// Renders a query shape for PostgreSQL: the same stack machine as
/// ``SQLPredicateRenderer`` over the same tokens, with PostgreSQL's forms.
struct SQLPostgresRendering {
    let shape: SQLQueryShape
    let values: [SQLValue]

    /// In-lists longer than this are `= ANY($n)` with one array.
    static let longList = 8

    static func aggregateType(_ function: SQLAggregate, _ type: SQLColumnType) -> SQLColumnType {
        switch function {
        case .count: return .integer
        case .avg, .total: return .double
        case .sum: return type == .boolean ? .integer : type
        case .min, .max: return type
        }
    }

    private final class Chain {
        let isAnd: Bool
        var items: [Item]
        init(isAnd: Bool, items: [Item]) {
            self.isAnd = isAnd
            self.items = items
        }
    }

    private enum Item {
        case condition(String)
        case chain(Chain)
        /// An expression, its type when known, and the slots of values whose type comes from
        /// what they meet.
        case expression(String, SQLColumnType?, [Int])
    }

    func render(
        _ target: SQLQueryTarget, types: [SQLColumnType], notNull: [Bool], key: [Int32]
    ) -> SQLDialectStatement {
        let (names, table) = shape.sources(target)
        var slots: [SQLDialectSlot] = []
        func placeholder(_ source: SQLDialectSlot.Source, _ type: SQLColumnType, _ column: String?) -> String {
            slots.append(SQLDialectSlot(source: source, type: type, column: column))
            return "$\(slots.count)"
        }
        func label(_ index: Int) -> String { shape.join == nil ? "\(table).\(names[index])" : names[index] }
        func sorted(_ index: Int) -> String { types[index] == .text ? "\(names[index]) COLLATE \"C\"" : names[index] }
        var sql: String
        var resultType: SQLColumnType?
        if shape.join != nil {
            sql = "SELECT " + names.joined(separator: ", ") + " FROM \(table)"
            if shape.kind == .count {
                sql = "SELECT count(*) FROM \(table)"
                resultType = .integer
            }
        } else {
            switch shape.kind {
            case .select, .page: sql = "SELECT " + names.joined(separator: ", ") + " FROM \(table)"
            case .count:
                sql = "SELECT count(*) FROM \(table)"
                resultType = .integer
            case .delete: sql = "DELETE FROM \(table)"
            case .update:
                let column = Int(shape.setColumn)
                sql = "UPDATE \(table) SET \(names[column]) = " + placeholder(.set, types[column], label(column))
            case .project:
                sql = "SELECT " + shape.projection.map { names[Int($0)] }.joined(separator: ", ") + " FROM \(table)"
            case .aggregate:
                let function = SQLAggregate(rawValue: UInt8(shape.projection[0]))!
                let column = Int(shape.setColumn)
                let type = types[column]
                let name = names[column]
                resultType = Self.aggregateType(function, type)
                let expression: String
                switch (function, type) {
                case (.count, _): expression = "count(\(name))"
                case (.sum, .integer): expression = "sum(\(name))::bigint"
                case (.sum, .boolean): expression = "sum(\(name)::int)::bigint"
                case (.sum, _): expression = "sum(\(name))"
                case (.avg, _): expression = "avg(\(name))::double precision"
                case (.total, _): expression = "coalesce(sum(\(name))::double precision, 0)"
                case (.min, .boolean): expression = "bool_and(\(name))"
                case (.max, .boolean): expression = "bool_or(\(name))"
                case (.min, .uuid): expression = "min(\(name)::text)::uuid"
                case (.max, .uuid): expression = "max(\(name)::text)::uuid"
                // No min or max of bytea: its hex (two digits a byte) orders as its bytes.
                case (.min, .blob): expression = "decode(min(encode(\(name), 'hex') COLLATE \"C\"), 'hex')"
                case (.max, .blob): expression = "decode(max(encode(\(name), 'hex') COLLATE \"C\"), 'hex')"
                case (.min, _): expression = "min(\(sorted(column)))"
                case (.max, _): expression = "max(\(sorted(column)))"
                }
                sql = "SELECT \(expression) FROM \(table)"
            }
        }
        if shape.predicate.count > 0 {
            sql += " WHERE " + renderPredicate(names: names, types: types, label: label, slots: &slots)
        }
        // NULLs first, as SQLite orders them, where the column may hold one; where it
        // cannot, the plain direction, which an index in either direction serves.
        var orderTerms = shape.order.map { term in
            let column = Int(term.column)
            let nulls =
                column < notNull.count && notNull[column] ? "" : (term.descending ? " NULLS LAST" : " NULLS FIRST")
            return sorted(column) + (term.descending ? " DESC" : "") + nulls
        }
        if shape.kind == .page { orderTerms += key.map { sorted(Int($0)) } }
        if !orderTerms.isEmpty { sql += " ORDER BY " + orderTerms.joined(separator: ", ") }
        switch shape.limit {
        case .none: if shape.hasOffset { sql += " LIMIT ALL" }
        case .one: sql += " LIMIT 1"
        case .bound: sql += " LIMIT " + placeholder(.limit, .integer, nil)
        }
        if shape.hasOffset { sql += " OFFSET " + placeholder(.offset, .integer, nil) }
        return SQLDialectStatement(dialect: .postgres, sql: sql, slots: slots, resultType: resultType)
    }

    private func renderPredicate(
        names: [String], types: [SQLColumnType], label: (Int) -> String, slots: inout [SQLDialectSlot]
    ) -> String {
        let tokens = shape.predicate.tokenArray
        var stack: [Item] = []
        var position = 0
        var valueIndex = 0
        func next() -> UInt16 {
            defer { position += 1 }
            return tokens[position]
        }
        func placeholder(_ source: SQLDialectSlot.Source, _ type: SQLColumnType, _ column: Int?) -> String {
            slots.append(SQLDialectSlot(source: source, type: type, column: column.map(label)))
            return "$\(slots.count)"
        }
        func value(_ type: SQLColumnType, _ column: Int?) -> String {
            defer { valueIndex += 1 }
            return placeholder(.value(valueIndex), type, column)
        }
        /// A value no column types: its type is its own on every run (postgres-nio binds
        /// a nil untyped, for the server to type from where it stands).
        func inferredValue() -> String {
            let text = value(Self.inferred(values[valueIndex]), nil)
            slots[slots.count - 1].inferred = true
            return text
        }
        /// A fragment's value: a nil of a Swift type that says its type is cast to it
        /// (`\(limit) IS NULL` with nil, where the server could not type a bare `$1`;
        /// the hint is in the shape only for a nil, so a value is never cast); else as
        /// ``inferredValue()``.
        func fragmentValue(hint: Int) -> String {
            guard let type = SQLValueHint.type(hint) else { return inferredValue() }
            return "CAST(\(value(type, nil)) AS \(type.postgresName))"
        }
        /// `slots` typed as `type` (values met by a column of that type).
        func resolve(_ pending: [Int], _ type: SQLColumnType?) {
            guard let type else { return }
            for index in pending {
                let slot = slots[index]
                slots[index] = SQLDialectSlot(source: slot.source, type: type, column: slot.column)
            }
        }
        while position < tokens.count {
            let token = next()
            let op = SQLPredicateShape.Operator(rawValue: token >> SQLPredicateShape.operandBits)!
            var operand = Int(token & SQLPredicateShape.operandMask)
            func columnIndex() -> Int {
                if operand == Int(SQLPredicateShape.columnEscape) { operand = Int(next()) }
                return operand
            }
            switch op {
            case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual:
                let index = columnIndex()
                let comparison = SQLComparison(rawValue: UInt8(op.rawValue))!
                let name =
                    types[index] == .text && comparison != .equal && comparison != .notEqual
                    ? "\(names[index]) COLLATE \"C\"" : names[index]
                stack.append(.condition("\(name) \(comparison.sql) \(value(types[index], index))"))
            case .isNull: stack.append(.condition("\(names[columnIndex()]) IS NULL"))
            case .isNotNull: stack.append(.condition("\(names[columnIndex()]) IS NOT NULL"))
            case .isIn:
                let index = columnIndex()
                let count = Int(next()) << 16 | Int(next())
                if count == 0 {
                    stack.append(.condition("FALSE"))
                } else if count > Self.longList {
                    let list = placeholder(.list(valueIndex, count), types[index], index)
                    valueIndex += count
                    stack.append(.condition("\(names[index]) = ANY(\(list))"))
                } else {
                    let list = (0..<count).map { _ in value(types[index], index) }
                    stack.append(.condition("\(names[index]) IN (" + list.joined(separator: ", ") + ")"))
                }
            case .like:
                // A pattern ending in a lone escape (an odd run of trailing `\`) matches
                // nothing on SQLite, and makes PostgreSQL's LIKE throw: false (NULL for NULL).
                let index = columnIndex()
                let fold = "'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'"
                let pattern = value(.text, index)
                stack.append(
                    .condition(
                        "CASE WHEN (length(\(pattern)) - length(rtrim(\(pattern), '\\'))) % 2 = 1 "
                            + "THEN (\(names[index]) IS NULL AND NULL) "
                            + "ELSE translate(\(names[index]), \(fold)) LIKE translate(\(pattern), \(fold)) ESCAPE '\\' END"
                    ))
            case .between:
                let index = columnIndex()
                let name = types[index] == .text ? "\(names[index]) COLLATE \"C\"" : names[index]
                let lower = value(types[index], index)
                let upper = value(types[index], index)
                stack.append(.condition("\(name) BETWEEN \(lower) AND \(upper)"))
            case .hasPrefix:
                // Bound on SQLite: the prefix and its successor; here the prefix, as text.
                let index = columnIndex()
                let prefix = placeholder(.text(valueIndex), .text, index)
                valueIndex += 2
                stack.append(.condition("starts_with(\(names[index]), \(prefix))"))
            case .hasSuffix:
                // Bound on SQLite: minus the suffix's length, and the suffix.
                let index = columnIndex()
                let pattern = placeholder(.suffixPattern(valueIndex + 1), .text, index)
                valueIndex += 2
                stack.append(.condition("\(names[index]) LIKE \(pattern) ESCAPE '\\'"))
            case .contains:
                let index = columnIndex()
                let text = placeholder(.text(valueIndex), .text, index)
                valueIndex += 1
                stack.append(.condition("strpos(\(names[index]), \(text)) > 0"))
            case .hasBytes:
                // True for every value, NULL for NULL, as the other text tests.
                stack.append(.condition("(\(names[columnIndex()]) IS NOT NULL OR NULL)"))
            case .constant: stack.append(.condition(operand == 1 ? "TRUE" : "FALSE"))
            case .and, .or:
                let right = stack.removeLast()
                let left = stack.removeLast()
                stack.append(.chain(Self.merge(left, right, isAnd: op == .and)))
            case .not:
                stack.append(.condition("NOT (\(Self.sql(stack.removeLast(), nested: false)))"))
            case .fragment:
                // Hand-written SQL is SQLite's: it is not translated. Its text and values
                // are kept, each `?` numbered in turn.
                var pieces = operand
                if pieces == Int(SQLPredicateShape.columnEscape) { pieces = Int(next()) << 16 | Int(next()) }
                var sql = ""
                for _ in 0..<pieces {
                    let header = next()
                    var number = Int(header & 0x3FFF)
                    let kind = SQLFragmentPiece(rawValue: header >> 14)!
                    if number == 0x3FFF {
                        number = kind == .text ? Int(next()) << 16 | Int(next()) : Int(next())
                    }
                    switch kind {
                    case .text:
                        var bytes: [UInt8] = []
                        while bytes.count < number {
                            let pair = next()
                            bytes.append(UInt8(truncatingIfNeeded: pair))
                            if bytes.count < number { bytes.append(UInt8(truncatingIfNeeded: pair >> 8)) }
                        }
                        sql += String(decoding: bytes, as: UTF8.self)
                    case .value:
                        sql += fragmentValue(hint: number)
                    case .column:
                        sql += names[number]
                    }
                }
                stack.append(.condition(sql.contains("--") ? "(\(sql)\n)" : "(\(sql))"))
            case .compare:
                let right = stack.removeLast()
                let left = stack.removeLast()
                let (leftType, leftPending) = Self.typing(left)
                let (rightType, rightPending) = Self.typing(right)
                resolve(leftPending, rightType)
                resolve(rightPending, leftType)
                let text = leftType == .text || rightType == .text
                let comparison = SQLComparison(rawValue: UInt8(operand))!
                let collate = text && comparison != .equal && comparison != .notEqual ? " COLLATE \"C\"" : ""
                stack.append(
                    .condition(
                        "\(Self.sql(left, nested: true))\(collate) \(comparison.sql) \(Self.sql(right, nested: true))"))
            case .column:
                let index = columnIndex()
                stack.append(.expression(names[index], types[index], []))
            case .value:
                let slot = slots.count
                let text = inferredValue()
                stack.append(.expression(text, nil, [slot]))
            case .arithmetic:
                let right = stack.removeLast()
                let left = stack.removeLast()
                let (leftType, leftPending) = Self.typing(left)
                let (rightType, rightPending) = Self.typing(right)
                resolve(leftPending, rightType)
                resolve(rightPending, leftType)
                let type = leftType ?? rightType
                stack.append(
                    .expression(
                        "(\(Self.sql(left, nested: true)) \(SQLArithmetic(rawValue: UInt8(operand))!.sql) \(Self.sql(right, nested: true)))",
                        type == .timestamp ? .double : type, type == nil ? leftPending + rightPending : []))
            case .seconds:
                // A date column as seconds since 1970; values are seconds already.
                let inner = stack.removeLast()
                let (type, pending) = Self.typing(inner)
                if type == .timestamp {
                    stack.append(
                        .expression(
                            "EXTRACT(EPOCH FROM \(Self.sql(inner, nested: true)))::double precision", .double, []))
                } else {
                    resolve(pending, .double)
                    stack.append(.expression(Self.sql(inner, nested: true), .double, []))
                }
            case .boolean:
                // A boolean column is a BOOLEAN here: the text SQLite compares it with for
                // true is not needed.
                let inner = stack.removeLast()
                valueIndex += 1
                stack.append(.expression("(\(Self.sql(inner, nested: true)))", .boolean, []))
            }
        }
        return stack.last.map { Self.sql($0, nested: false) } ?? ""
    }

    /// The type of a value bound where nothing says it (an SQL fragment's), from its case.
    static func inferred(_ value: SQLValue) -> SQLColumnType {
        switch value {
        case .integer: return .integer
        case .float: return .double
        case .blob: return .blob
        case .text, .null: return .text
        }
    }

    private static func typing(_ item: Item) -> (SQLColumnType?, [Int]) {
        if case .expression(_, let type, let pending) = item { return (type, type == nil ? pending : []) }
        return (.boolean, [])
    }

    private static func merge(_ left: Item, _ right: Item, isAnd: Bool) -> Chain {
        let leftChain: Chain? = if case .chain(let chain) = left, chain.isAnd == isAnd { chain } else { nil }
        let rightChain: Chain? = if case .chain(let chain) = right, chain.isAnd == isAnd { chain } else { nil }
        switch (leftChain, rightChain) {
        case (let chain?, nil):
            chain.items.append(right)
            return chain
        case (nil, let chain?):
            chain.items.insert(left, at: 0)
            return chain
        case (let one?, let other?):
            one.items.append(contentsOf: other.items)
            return one
        case (nil, nil):
            return Chain(isAnd: isAnd, items: [left, right])
        }
    }

    private static func sql(_ item: Item, nested: Bool) -> String {
        switch item {
        case .condition(let sql), .expression(let sql, _, _): return sql
        case .chain(let chain):
            let sql = chainSQL(chain.items[...], isAnd: chain.isAnd)
            return nested ? "(\(sql))" : sql
        }
    }

    private static func chainSQL(_ items: ArraySlice<Item>, isAnd: Bool) -> String {
        let separator = isAnd ? " AND " : " OR "
        guard items.count > SQLPredicateRenderer.flatChain else {
            return items.map { sql($0, nested: true) }.joined(separator: separator)
        }
        let runs = Int(Double(items.count).squareRoot().rounded(.up))
        let length = (items.count + runs - 1) / runs
        return stride(from: items.startIndex, to: items.endIndex, by: length).map { start in
            "(" + chainSQL(items[start..<min(start + length, items.endIndex)], isAnd: isAnd) + ")"
        }.joined(separator: separator)
    }
}
