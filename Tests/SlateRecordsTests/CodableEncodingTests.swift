import Foundation
import SlateRecords
import SlateTestSupport
import Testing

/// The row encoder keeps its container and finds a key's parameter by position: records
/// that encode keys in their own order, skip many optionals, use two key types or ask
/// for containers a column cannot hold must still store exactly their values.
@Suite struct CodableEncodingTests {
    private func context() throws -> SQLContext {
        let context = try SQLContext()
        try context.exec(sql: """
            CREATE TABLE wide (id INTEGER PRIMARY KEY, a TEXT, b TEXT, c TEXT, d TEXT, e TEXT, f TEXT, last TEXT NOT NULL);
            """)
        return context
    }

    private func rows(_ db: SQLContext) throws -> [[String]] {
        try db.query(sql: "SELECT * FROM wide ORDER BY id").map { $0.map(\.description) }
    }

    /// Six optionals in a row: a record with only the last set skips past the encoder's
    /// look-ahead, one with every other set stays within it.
    struct Wide: SQLCodableRecord {
        static let tableName = "wide"
        var id: Int?
        var a: String?
        var b: String?
        var c: String?
        var d: String?
        var e: String?
        var f: String?
        var last: String
    }

    @Test func skippedOptionalsStayNullAndEveryValueLandsInItsColumn() throws {
        let db = try context()
        try db.save(Wide(last: "only last"))
        try db.save(Wide(a: "a", c: "c", e: "e", last: "odd"))
        try db.save(Wide(b: "b", d: "d", f: "f", last: "even"))
        try db.save(Wide(id: 10, a: "a", b: "b", c: "c", d: "d", e: "e", f: "f", last: "all"))
        try db.save(Wide(f: "f", last: "f only"))
        #expect(try rows(db) == [
            ["1", "NULL", "NULL", "NULL", "NULL", "NULL", "NULL", "'only last'"],
            ["2", "'a'", "NULL", "'c'", "NULL", "'e'", "NULL", "'odd'"],
            ["3", "NULL", "'b'", "NULL", "'d'", "NULL", "'f'", "'even'"],
            ["10", "'a'", "'b'", "'c'", "'d'", "'e'", "'f'", "'all'"],
            ["11", "NULL", "NULL", "NULL", "NULL", "NULL", "'f'", "'f only'"],
        ])
    }

    /// Encodes its keys backwards, through two key types.
    struct Backwards: SQLCodableRecord {
        static let tableName = "wide"
        enum CodingKeys: String, CodingKey { case id, a, b, last }
        enum Extra: String, CodingKey { case f }
        var id: Int?
        var a: String?
        var b: String?
        var last: String
        var f: String?

        init(id: Int? = nil, a: String?, b: String?, last: String, f: String?) {
            (self.id, self.a, self.b, self.last, self.f) = (id, a, b, last, f)
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decodeIfPresent(Int.self, forKey: .id)
            a = try container.decodeIfPresent(String.self, forKey: .a)
            b = try container.decodeIfPresent(String.self, forKey: .b)
            last = try container.decode(String.self, forKey: .last)
            f = try decoder.container(keyedBy: Extra.self).decodeIfPresent(String.self, forKey: .f)
        }

        func encode(to encoder: any Encoder) throws {
            var extra = encoder.container(keyedBy: Extra.self)
            try extra.encodeIfPresent(f, forKey: .f)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(last, forKey: .last)
            try container.encodeIfPresent(b, forKey: .b)
            try container.encodeIfPresent(a, forKey: .a)
            try container.encodeIfPresent(id, forKey: .id)
        }
    }

    @Test func keysInAnotherOrderAndTwoKeyTypes() throws {
        let db = try context()
        let first = try db.save(Backwards(a: "a1", b: nil, last: "one", f: "f1"))
        let second = try db.save(Backwards(a: nil, b: "b2", last: "two", f: nil))
        #expect(first.id == 1 && second.id == 2)
        #expect(try rows(db) == [
            ["1", "'a1'", "NULL", "NULL", "NULL", "NULL", "'f1'", "'one'"],
            ["2", "NULL", "'b2'", "NULL", "NULL", "NULL", "NULL", "'two'"],
        ])
        try db.save(Backwards(id: 1, a: "a1", b: "b1", last: "uno", f: nil))
        #expect(try db.load(Backwards.self, key: 1).map { [$0.a, $0.b, $0.last, $0.f] } == ["a1", "b1", "uno", nil])
    }

    @Test func aContainerAColumnCannotHoldIsAnErrorAndWritesNothing() throws {
        struct Nested: SQLCodableRecord {
            static let tableName = "wide"
            enum CodingKeys: String, CodingKey { case id, last }
            var id: Int?
            var last: String

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encodeIfPresent(id, forKey: .id)
                var inner = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .last)
                try inner.encode(last, forKey: .last)
            }
        }
        let db = try context()
        #expect(throws: SQLError(code: .misuse, message: "a column holds one value, not a nested container (last)")) {
            try db.save(Nested(last: "x"))
        }
        #expect(try rows(db).isEmpty)
        // The writer is clean for the next record.
        try db.save(Wide(last: "after"))
        #expect(try rows(db) == [["1", "NULL", "NULL", "NULL", "NULL", "NULL", "NULL", "'after'"]])
    }
}
