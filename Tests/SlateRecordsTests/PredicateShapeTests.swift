import Foundation
import Testing

@testable import SlateRecords

/// Predicate shapes are tokens packed into two words (more in a buffer grown in place): the
/// SQL they render and the statements they key must be exactly those of the predicate
/// written.
@Suite struct PredicateShapeTests {
    private let names = (0..<5000).map { "\"c\($0)\"" }

    @Test func shapesRenderTheirSQL() {
        let shape = SQLPredicateShape.and(
            .compare(0, .equal), .or(.isNull(1), .not(.between(2))))
        #expect(shape.count == 6)
        #expect(shape.overflow == nil)
        #expect(shape.sql(names) == #""c0" = ? AND ("c1" IS NULL OR NOT ("c2" BETWEEN ? AND ?))"#)
        #expect(SQLPredicateShape.isIn(3, count: 0).sql(names) == "0")
        #expect(SQLPredicateShape.isIn(3, count: 3).sql(names) == #""c3" IN (?, ?, ?)"#)
        #expect(SQLPredicateShape.like(4).sql(names) == #""c4" LIKE ? ESCAPE '\'"#)
        #expect(
            SQLPredicateShape.leaf(.hasPrefix, 4).sql(names) == #"(CAST("c4" AS BLOB) >= ? AND CAST("c4" AS BLOB) < ?)"#
        )
        #expect(
            SQLPredicateShape.leaf(.hasSuffix, 4).sql(names)
                == #"CASE WHEN "c4" IS NOT NULL THEN substr(CAST("c4" AS BLOB), ?) IS ? END"#)
        #expect(SQLPredicateShape.leaf(.contains, 4).sql(names) == #"instr(CAST("c4" AS BLOB), ?) > 0"#)
        #expect(SQLPredicateShape.leaf(.hasBytes, 4).sql(names) == #"CAST("c4" AS BLOB) >= X''"#)
        #expect(SQLPredicateShape.isNotNull(4).sql(names) == #""c4" IS NOT NULL"#)
        #expect(SQLPredicateShape.constant(true).sql(names) == "1")
        #expect(SQLPredicateShape.constant(false).sql(names) == "0")
        let comparisons: [SQLComparison] = [.equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual]
        #expect(
            comparisons.map { SQLPredicateShape.compare(1, $0).sql(names) }
                == [#""c1" = ?"#, #""c1" <> ?"#, #""c1" < ?"#, #""c1" <= ?"#, #""c1" > ?"#, #""c1" >= ?"#])
    }

    @Test func longShapesSpillIntoABuffer() {
        // Ten comparisons joined by AND: 19 tokens.
        var shape = SQLPredicateShape.compare(0, .equal)
        for column in 1..<10 { shape = .and(shape, .compare(Int32(column), .less)) }
        #expect(shape.count == 19)
        #expect(shape.overflow != nil && shape.tokenArray.count == 19)
        // Flat: one chain, however it was grouped.
        let expected = (1..<10).reduce(#""c0" = ?"#) { "\($0) AND \"c\($1)\" < ?" }
        #expect(shape.sql(names) == expected)
        // Built again, it is the same key; one operator different, another.
        var again = SQLPredicateShape.compare(0, .equal)
        for column in 1..<10 { again = .and(again, .compare(Int32(column), .less)) }
        #expect(again == shape && again.hashValue == shape.hashValue)
        var other = SQLPredicateShape.compare(0, .equal)
        for column in 1..<10 { other = .and(other, .compare(Int32(column), column == 9 ? .lessOrEqual : .less)) }
        #expect(other != shape)
        // Eight tokens stay inline; the ninth spills.
        let inline = SQLPredicateShape.and(
            .and(.compare(0, .equal), .compare(1, .equal)), .and(.compare(2, .equal), .not(.isNull(3))))
        #expect(inline.count == 8 && inline.overflow == nil)
        #expect(inline.sql(names) == #""c0" = ? AND "c1" = ? AND "c2" = ? AND NOT ("c3" IS NULL)"#)
        let eight = SQLPredicateShape.and(
            .and(.compare(0, .equal), .compare(1, .equal)), .and(.compare(2, .equal), .isIn(3, count: 1)))
        #expect(eight.count == 9 && eight.overflow != nil)
        #expect(eight.sql(names) == #""c0" = ? AND "c1" = ? AND "c2" = ? AND "c3" IN (?)"#)
    }

    @Test func wideTablesAndLongListsKeepTheirNumbers() {
        // Columns past 2046 take a second token; IN counts past 65535 two.
        #expect(SQLPredicateShape.compare(2046, .equal).count == 1)
        #expect(SQLPredicateShape.compare(2047, .equal).count == 2)
        #expect(
            SQLPredicateShape.and(.compare(4999, .greater), .isNull(2047)).sql(names)
                == #""c4999" > ? AND "c2047" IS NULL"#)
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
        #expect(
            one.sql(
                SQLQueryTarget(table: "\"t\"", names: ["\"a\"", "\"b\""], select: "SELECT \"a\", \"b\" FROM \"t\""))
                == #"SELECT "a", "b" FROM "t" WHERE "a" = ? AND "b" = ? LIMIT 1"#)
    }

    @Test func chainsGrowInPlaceAndCopiesKeepTheirTokens() {
        // A loop of `p = p || term`: one buffer, grown in place (a few copies as it doubles).
        var chain = SQLPredicate<Int>(.compare(0, .equal), .one(.integer(0)))
        var buffers: [SQLAppendBuffer<UInt16>] = []
        for index in 1..<5000 {
            chain = chain || SQLPredicate(.compare(Int32(index % 7), .equal), .one(.integer(Int64(index))))
            if let buffer = chain.shape.overflow, !buffers.contains(where: { $0 === buffer }) { buffers.append(buffer) }
        }
        #expect(chain.shape.count == 2 * 5000 - 1)
        #expect(chain.values.count == 5000)
        #expect(buffers.count < 16)
        #expect(chain.values.array == (0..<5000).map { SQLValue.integer(Int64($0)) })

        // A predicate kept aside is a prefix of the buffer: appending to copies of it
        // leaves it as it was, and gives each copy its own terms.
        var base = SQLPredicate<Int>(.compare(0, .equal), .one(.integer(0)))
        for index in 1..<10 { base = base && SQLPredicate(.compare(Int32(index), .less), .one(.integer(Int64(index)))) }
        let before = (base.shape.tokenArray, base.values.array)
        let first = base || SQLPredicate(.isNull(1))
        let second = base || SQLPredicate(.isNotNull(2), .none) || SQLPredicate(.like(3), .one(.text("x")))
        #expect(base.shape.tokenArray == before.0 && base.values.array == before.1)
        #expect(first.shape == SQLPredicateShape.or(base.shape, .isNull(1)))
        #expect(second.shape == SQLPredicateShape.or(.or(base.shape, .isNotNull(2)), .like(3)))
        #expect(first.values.array == before.1)
        #expect(second.values.array == before.1 + [.text("x")])
        #expect(first.shape.sql(names) == "(" + base.shape.sql(names) + #") OR "c1" IS NULL"#)
    }

    @Test func concurrentAppendsToOnePredicateKeepEachTheirOwn() async {
        var base = SQLPredicate<Int>(.compare(0, .equal), .one(.integer(0)))
        for index in 1..<20 { base = base || SQLPredicate(.compare(0, .equal), .one(.integer(Int64(index)))) }
        let shared = base
        let results = await withTaskGroup(of: (Int, [UInt16], [SQLValue]).self) { group in
            for task in 0..<64 {
                group.addTask {
                    var mine = shared
                    for step in 0..<50 {
                        mine =
                            mine
                            || SQLPredicate(.compare(Int32(task), .less), .one(.integer(Int64(task * 1000 + step))))
                    }
                    return (task, mine.shape.tokenArray, mine.values.array)
                }
            }
            var all: [(Int, [UInt16], [SQLValue])] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 64)
        for (task, tokens, values) in results {
            var expected = shared
            for step in 0..<50 {
                expected =
                    expected || SQLPredicate(.compare(Int32(task), .less), .one(.integer(Int64(task * 1000 + step))))
            }
            #expect(tokens == expected.shape.tokenArray)
            #expect(values == expected.values.array)
        }
        #expect(shared.shape.tokenArray == base.shape.tokenArray)
    }

    @Test func chainsRenderFlatAndLongOnesInBalancedRuns() {
        // Grouped either way, one chain; a chain of the other operator is parenthesized.
        let right = SQLPredicateShape.or(
            .compare(0, .equal), .or(.compare(1, .equal), .or(.compare(2, .equal), .compare(3, .equal))))
        #expect(right.sql(names) == #""c0" = ? OR "c1" = ? OR "c2" = ? OR "c3" = ?"#)
        let mixed = SQLPredicateShape.and(
            .or(.compare(0, .equal), .isNull(0)), .not(.and(.compare(1, .less), .compare(2, .less))))
        #expect(mixed.sql(names) == #"("c0" = ? OR "c0" IS NULL) AND NOT ("c1" < ? AND "c2" < ?)"#)
        // 100 terms flat; 5,000 in 71 runs of at most 71, one level of parentheses.
        var hundred = SQLPredicateShape.compare(0, .equal)
        for _ in 1..<100 { hundred = .or(hundred, .compare(0, .equal)) }
        #expect(hundred.sql(names) == Array(repeating: #""c0" = ?"#, count: 100).joined(separator: " OR "))
        var long = SQLPredicateShape.compare(0, .equal)
        for _ in 1..<5000 { long = .or(long, .compare(0, .equal)) }
        let sql = long.sql(names)
        #expect(sql.utf8.filter { $0 == UInt8(ascii: "?") }.count == 5000)
        #expect(sql.utf8.filter { $0 == UInt8(ascii: "(") }.count == 71)
        #expect(!sql.contains("(("))
    }

    @Test func fragmentsAreKeyedByTheirText() {
        let name = "Ada"
        let one: SQLPredicate<Int> = "lower(name) = lower(\(name))"
        let again: SQLPredicate<Int> = "lower(name) = lower(\("Grace"))"
        let other: SQLPredicate<Int> = "lower(title) = lower(\(name))"
        let literal: SQLPredicate<Int> = "rowid % 2 = 0"
        #expect(one.shape == again.shape)
        #expect(one.shape != other.shape)
        #expect(one.values.array == [.text("Ada")] && again.values.array == [.text("Grace")])
        #expect(one.shape.sql(names) == "(lower(name) = lower(?))")
        #expect(literal.shape.sql(names) == "(rowid % 2 = 0)" && literal.values.count == 0)
        // Columns by name, lists as (?, …), long text spilled into the buffer.
        let column = SQLColumn<Int, String>(3)
        let ids = [1, 2, 3]
        let mixed: SQLPredicate<Int> =
            "\(column) IN \(list: ids) AND \(column) <> \(name) OR \(String(repeating: "é", count: 20_000)) = ''"
        #expect(mixed.shape.sql(names) == #"("c3" IN (?, ?, ?) AND "c3" <> ? OR ? = '')"#)
        #expect(mixed.values.count == 5)
        let long: SQLPredicate<Int> = SQLPredicate(
            stringLiteral: "name = '" + String(repeating: "x", count: 40_000) + "'")
        #expect(long.shape.sql(names) == "(name = '" + String(repeating: "x", count: 40_000) + "')")
        let empty: SQLPredicate<Int> = "\(list: [Int]())"
        #expect(empty.shape.sql(names) == "(())")
    }

    @Test func expressionsRenderTheirColumnsAndOperators() {
        let price = SQLColumn<Int, Double>(1)
        let cost = SQLColumn<Int, Double?>(2)
        let created = SQLColumn<Int, Date>(3)
        let due = SQLColumn<Int, Date?>(4, dates: .unixTime)
        let stamp = SQLColumn<Int, Date?>(5, dates: .secondsSince2001)
        #expect((price > cost * 2).shape.sql(names) == #""c1" > ("c2" * ?)"#)
        #expect((price + cost >= 10).shape.sql(names) == #"("c1" + "c2") >= ?"#)
        #expect((2 * price - cost / price == 1.5).values.array == [.float(2), .float(1.5)])
        #expect((created < created).shape.sql(names) == #""c3" < "c3""#)
        // Dates stored alike compare as stored; otherwise, or with arithmetic, in seconds.
        #expect((due > stamp).shape.sql(names) == #""c4" > ("c5" + 978307200.0)"#)
        #expect((due >= created + 60).shape.sql(names).hasPrefix(#""c4" >= ((CASE WHEN typeof("c3")"#))
        #expect((due - due > 3600).values.array == [.float(3600)])
        #expect((price > cost * 2).shape != (price > cost + 2).shape)
        #expect((price > cost * 2).shape == (price > cost * 3).shape)
    }
}
