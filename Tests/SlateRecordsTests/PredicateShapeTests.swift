@testable import SlateRecords
import Testing

/// Predicate shapes are tokens packed into two words (more in an array): the SQL they
/// render and the statements they key must be exactly those of the predicate written.
@Suite struct PredicateShapeTests {
    private let names = (0..<5000).map { "\"c\($0)\"" }

    @Test func shapesRenderTheirSQL() {
        let shape = SQLPredicateShape.and(
            .compare(0, .equal), .or(.isNull(1), .not(.between(2))))
        #expect(shape.count == 6)
        #expect(shape.overflow == nil)
        #expect(shape.sql(names) == #"("c0" = ? AND ("c1" IS NULL OR NOT ("c2" BETWEEN ? AND ?)))"#)
        #expect(SQLPredicateShape.isIn(3, count: 0).sql(names) == "0")
        #expect(SQLPredicateShape.isIn(3, count: 3).sql(names) == #""c3" IN (?, ?, ?)"#)
        #expect(SQLPredicateShape.like(4).sql(names) == #""c4" LIKE ? ESCAPE '\'"#)
        #expect(SQLPredicateShape.glob(4).sql(names) == #""c4" GLOB ?"#)
        #expect(SQLPredicateShape.isNotNull(4).sql(names) == #""c4" IS NOT NULL"#)
        #expect(SQLPredicateShape.constant(true).sql(names) == "1")
        #expect(SQLPredicateShape.constant(false).sql(names) == "0")
        let comparisons: [SQLComparison] = [.equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual]
        #expect(comparisons.map { SQLPredicateShape.compare(1, $0).sql(names) }
            == [#""c1" = ?"#, #""c1" <> ?"#, #""c1" < ?"#, #""c1" <= ?"#, #""c1" > ?"#, #""c1" >= ?"#])
    }

    @Test func longShapesSpillIntoAnArray() {
        // Ten comparisons joined by AND: 19 tokens.
        var shape = SQLPredicateShape.compare(0, .equal)
        for column in 1..<10 { shape = .and(shape, .compare(Int32(column), .less)) }
        #expect(shape.count == 19)
        #expect(shape.overflow?.tokens.count == 19)
        let expected = (1..<10).reduce(#""c0" = ?"#) { "(\($0) AND \"c\($1)\" < ?)" }
        #expect(shape.sql(names) == expected)
        // Built again, it is the same key; one operator different, another.
        var again = SQLPredicateShape.compare(0, .equal)
        for column in 1..<10 { again = .and(again, .compare(Int32(column), .less)) }
        #expect(again == shape && again.hashValue == shape.hashValue)
        var other = SQLPredicateShape.compare(0, .equal)
        for column in 1..<10 { other = .and(other, .compare(Int32(column), column == 9 ? .lessOrEqual : .less)) }
        #expect(other != shape)
        // Eight tokens stay inline; the ninth spills.
        let inline = SQLPredicateShape.and(.and(.compare(0, .equal), .compare(1, .equal)), .and(.compare(2, .equal), .not(.isNull(3))))
        #expect(inline.count == 8 && inline.overflow == nil)
        #expect(inline.sql(names) == #"(("c0" = ? AND "c1" = ?) AND ("c2" = ? AND NOT ("c3" IS NULL)))"#)
        let eight = SQLPredicateShape.and(.and(.compare(0, .equal), .compare(1, .equal)), .and(.compare(2, .equal), .isIn(3, count: 1)))
        #expect(eight.count == 9 && eight.overflow != nil)
        #expect(eight.sql(names) == #"(("c0" = ? AND "c1" = ?) AND ("c2" = ? AND "c3" IN (?)))"#)
    }

    @Test func wideTablesAndLongListsKeepTheirNumbers() {
        // Columns past 4094 take a second token; IN counts past 65535 two.
        #expect(SQLPredicateShape.compare(4094, .equal).count == 1)
        #expect(SQLPredicateShape.compare(4095, .equal).count == 2)
        #expect(SQLPredicateShape.and(.compare(4999, .greater), .isNull(4095)).sql(names) == #"("c4999" > ? AND "c4095" IS NULL)"#)
        let list = SQLPredicateShape.isIn(2, count: 70_000)
        #expect(list.sql(names).utf8.filter { $0 == UInt8(ascii: "?") }.count == 70_000)
        #expect(SQLPredicateShape.isIn(2, count: 70_000) != SQLPredicateShape.isIn(2, count: 70_000 - 65_536))
    }

    @Test func distinctPredicatesAreDistinctKeys() {
        let shapes: [SQLPredicateShape] = [
            .and(.compare(0, .equal), .compare(1, .equal)),
            .or(.compare(0, .equal), .compare(1, .equal)),
            .and(.compare(1, .equal), .compare(0, .equal)),
            .not(.and(.compare(0, .equal), .compare(1, .equal))),
            .and(.compare(0, .equal), .compare(1, .notEqual)),
            .compare(0, .equal),
            .isNull(0),
            .constant(true),
            .constant(false),
            SQLPredicateShape(),
        ]
        #expect(Set(shapes).count == shapes.count)
        // The cache key of a query: the same predicate with another LIMIT is another statement.
        let one = SQLQueryShape(kind: .select, predicate: shapes[0], limit: .one)
        let bound = SQLQueryShape(kind: .select, predicate: shapes[0], limit: .bound)
        #expect(one != bound)
        #expect(one.sql(SQLQueryTarget(table: "\"t\"", names: ["\"a\"", "\"b\""], select: "SELECT \"a\", \"b\" FROM \"t\""))
            == #"SELECT "a", "b" FROM "t" WHERE ("a" = ? AND "b" = ?) LIMIT 1"#)
    }
}
