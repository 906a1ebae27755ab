import Foundation
import Testing

@testable import SlateRecords

/// The PostgreSQL rendering of typed queries, as text and parameters (the conformance suite
/// in SlatePostgresTests runs them on a server); the SQLite rendering is the typed API's.
@Suite struct DialectRenderingTests {
    struct Item {}
    static let id = SQLColumn<Item, Int64>(0)
    static let name = SQLColumn<Item, String?>(1)
    static let stamp = SQLColumn<Item, Date?>(2)
    static let uid = SQLColumn<Item, UUID?>(3)
    static let flag = SQLColumn<Item, Bool?>(4)
    static let ratio = SQLColumn<Item, Double?>(5)
    static let table = SQLDialectTable(
        table: "\"order\"", names: ["\"id\"", "\"user\"", "\"stamp\"", "\"uid\"", "\"flag\"", "\"ratio\""],
        types: [.integer, .text, .timestamp, .uuid, .boolean, .double], key: [0])

    private func postgres(_ query: SQLDialectQuery<Item>) throws -> (String, [SQLDialectParameter]) {
        let statement = query.render(Self.table, dialect: .postgres)
        return (statement.sql, try query.parameters(for: statement))
    }

    /// A column that never holds NULL is ordered by its plain direction, which PostgreSQL's
    /// index serves either way; one that may is ordered NULLs first as SQLite orders it; a
    /// joined table's columns always may (a left join's are NULL where nothing matched).
    @Test func onlyNullableColumnsOrderWithTheirNulls() throws {
        let strict = SQLDialectTable(
            table: Self.table.table, names: Self.table.names, types: Self.table.types, key: [0],
            notNull: [true, true, false, false, false, false])
        let query = SQLDialectQuery<Item>.select(
            orderBy: Self.name.ascending.then(Self.stamp.descending).then(Self.id.ascending), limit: nil, offset: nil)
        #expect(
            query.render(strict, dialect: .postgres).sql.hasSuffix(
                "ORDER BY \"user\" COLLATE \"C\", \"stamp\" DESC NULLS LAST, \"id\""))
        #expect(
            query.render(Self.table, dialect: .postgres).sql.hasSuffix(
                "ORDER BY \"user\" COLLATE \"C\" NULLS FIRST, \"stamp\" DESC NULLS LAST, \"id\""))
    }

    @Test func placeholdersTextTestsAndOrder() throws {
        let (sql, parameters) = try postgres(
            .select(
                where: Self.name.hasPrefix("a%") && Self.name.hasSuffix("_\\") && Self.name.contains("b")
                    && Self.name.like("A_"),
                orderBy: Self.name.ascending.then(Self.id.descending), limit: 3, offset: 2))
        #expect(
            sql == "SELECT \"id\", \"user\", \"stamp\", \"uid\", \"flag\", \"ratio\" FROM \"order\" WHERE "
                + "starts_with(\"user\", $1) AND \"user\" LIKE $2 ESCAPE '\\' AND strpos(\"user\", $3) > 0 AND "
                + "CASE WHEN (length($4) - length(rtrim($4, '\\'))) % 2 = 1 THEN (\"user\" IS NULL AND NULL) ELSE "
                + "translate(\"user\", 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') LIKE "
                + "translate($4, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') ESCAPE '\\' END "
                + "ORDER BY \"user\" COLLATE \"C\" NULLS FIRST, \"id\" DESC LIMIT $5 OFFSET $6")
        #expect(
            parameters.map(\.value) == [
                .text("a%"), .text("%\\_\\\\"), .text("b"), .text("A_"), .integer(3), .integer(2),
            ])
    }

    @Test func valuesAreBoundAsTheirLogicalType() throws {
        let date = Date(timeIntervalSince1970: 1_709_210_096.125)
        let uuid = UUID(uuidString: "12345678-9ABC-DEF0-1234-56789ABCDEF0")!
        let (sql, parameters) = try postgres(
            .count(where: Self.stamp >= date && Self.uid == uuid && Self.flag == true && Self.name > "é"))
        #expect(
            sql == "SELECT count(*) FROM \"order\" WHERE \"stamp\" >= $1 AND \"uid\" = $2 AND \"flag\" = $3 AND "
                + "\"user\" COLLATE \"C\" > $4")
        #expect(parameters.map(\.type) == [.timestamp, .uuid, .boolean, .text])
        #expect(
            parameters.map(\.value) == [
                .float(1_709_210_096.125), .blob(withUnsafeBytes(of: uuid.uuid) { Array($0) }), .integer(1), .text("é"),
            ])
    }

    @Test func longListsAreOneArray() throws {
        let (sql, parameters) = try postgres(.delete(where: Self.id.in(Array(1...9)) || Self.id.in([1, 2])))
        #expect(sql == "DELETE FROM \"order\" WHERE \"id\" = ANY($1) OR \"id\" IN ($2, $3)")
        #expect(parameters[0].elements == (1...9).map { SQLValue.integer($0) })
        #expect(parameters[0].type == .integer)
        #expect(parameters.count == 3)
        let (none, _) = try postgres(.select(where: Self.id.in([]) || !SQLPredicate<Item>.all))
        #expect(none.hasSuffix("WHERE FALSE OR NOT (TRUE)"))
    }

    @Test func aggregatesAreCastToWhatTheTypedAPIPromises() throws {
        let cases: [(SQLDialectQuery<Item>, String, SQLColumnType)] = [
            (.aggregate(.sum, 0), "sum(\"id\")::bigint", .integer),
            (.aggregate(.avg, 0), "avg(\"id\")::double precision", .double),
            (.aggregate(.total, 5), "coalesce(sum(\"ratio\")::double precision, 0)", .double),
            (.aggregate(.count, 1), "count(\"user\")", .integer),
            (.aggregate(.min, 1), "min(\"user\" COLLATE \"C\")", .text),
            (.aggregate(.max, 4), "bool_or(\"flag\")", .boolean),
        ]
        for (query, expression, type) in cases {
            let statement = query.render(Self.table, dialect: .postgres)
            #expect(statement.sql == "SELECT \(expression) FROM \"order\"")
            #expect(statement.resultType == type)
        }
    }

    @Test func updatesLimitsAndOffsets() throws {
        let (sql, parameters) = try postgres(.update(Self.flag, to: false, where: Self.ratio == nil))
        #expect(sql == "UPDATE \"order\" SET \"flag\" = $1 WHERE \"ratio\" IS NULL")
        #expect(parameters == [SQLDialectParameter(type: .boolean, value: .integer(0))])
        let returning = SQLDialectQuery<Item>.delete(where: Self.id == 1).render(
            Self.table, dialect: .postgres, returning: true)
        #expect(
            returning.sql
                == "DELETE FROM \"order\" WHERE \"id\" = $1 RETURNING \"id\", \"user\", \"stamp\", \"uid\", \"flag\", \"ratio\""
        )
        let (offsetOnly, bound) = try postgres(.select(limit: -1, offset: -4))
        #expect(offsetOnly.hasSuffix("FROM \"order\" LIMIT $1 OFFSET $2"))
        #expect(bound.map(\.value) == [.null, .integer(0)])
        let (all, _) = try postgres(.select(offset: 4))
        #expect(all.hasSuffix("FROM \"order\" LIMIT ALL OFFSET $1"))
        let page = SQLDialectQuery<Item>.page(orderBy: Self.ratio.descending, limit: 2, offset: 4)
        #expect(
            page.render(Self.table, dialect: .postgres).sql.hasSuffix(
                "ORDER BY \"ratio\" DESC NULLS LAST, \"id\" LIMIT $1 OFFSET $2"))
    }

    @Test func theSQLiteRenderingIsTheTypedAPIs() throws {
        let predicate = Self.name.hasPrefix("a") && Self.id > 2
        let query = SQLDialectQuery<Item>.select(where: predicate, orderBy: Self.id.ascending, limit: 3)
        let statement = query.render(Self.table, dialect: .sqlite)
        let shape = SQLQueryShape(
            kind: .select, predicate: predicate.shape, order: Self.id.ascending.terms, limit: .bound)
        let target = SQLQueryTarget(
            table: "\"order\"", names: Self.table.names,
            select: "SELECT " + Self.table.names.joined(separator: ", ")
                + " FROM \"order\"")
        #expect(statement.sql == shape.render(target, isText: { $0 == 1 }).sql)
        #expect(try query.parameters(for: statement).map(\.value) == predicate.values.array + [.integer(3)])
    }

    @Test func badValuesAreRefused() throws {
        #expect(throws: SQLError.self) { try postgres(.select(where: Self.ratio == .nan)) }
        #expect(throws: SQLError.self) {
            try SQLDialectQuery<Item>.select(where: Self.ratio > .nan).parameters(
                for: SQLDialectQuery<Item>.select(where: Self.ratio > .nan).render(Self.table, dialect: .sqlite))
        }
    }
}
