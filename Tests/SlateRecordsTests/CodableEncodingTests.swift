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
        try context.exec(
            sql: """
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
        #expect(
            try rows(db) == [
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
        #expect(
            try rows(db) == [
                ["1", "'a1'", "NULL", "NULL", "NULL", "NULL", "'f1'", "'one'"],
                ["2", "NULL", "'b2'", "NULL", "NULL", "NULL", "NULL", "'two'"],
            ])
        try db.save(Backwards(id: 1, a: "a1", b: "b1", last: "uno", f: nil))
        #expect(try db.load(Backwards.self, key: 1).map { [$0.a, $0.b, $0.last, $0.f] } == ["a1", "b1", "uno", nil])
    }

    /// Keys of three shapes: a struct of one `Int` (plain data, eight bytes), a two-byte
    /// struct, and a struct holding a `String` made anew for every value (not plain data,
    /// so recognised by name). `Position(0)` is column id and `Short(0)` column a: the
    /// same bits in two types, which must never stand for each other. The record asks
    /// for them in an order that puts one where the other was seen before.
    struct ByPosition: SQLCodableRecord, Equatable {
        static let tableName = "wide"
        static let names = ["id", "a", "b", "c", "d", "e", "f", "last"]
        struct Position: CodingKey {
            let position: Int
            init(_ position: Int) { self.position = position }
            var stringValue: String { ByPosition.names[position] }
            init?(stringValue: String) { nil }
            var intValue: Int? { nil }
            init?(intValue: Int) { nil }
        }
        /// Counts from column a.
        struct Short: CodingKey {
            let position: UInt16
            init(_ position: UInt16) { self.position = position }
            var stringValue: String { ByPosition.names[Int(position) + 1] }
            init?(stringValue: String) { nil }
            var intValue: Int? { nil }
            init?(intValue: Int) { nil }
        }
        struct Named: CodingKey {
            let stringValue: String
            /// A new string object each time, so that its bits never repeat.
            init(_ name: String) { stringValue = String(decoding: Array(name.utf8), as: UTF8.self) }
            init?(stringValue: String) { self.stringValue = stringValue }
            var intValue: Int? { nil }
            init?(intValue: Int) { nil }
        }
        var id: Int?
        var a: String?
        var b: String
        var last: String

        init(id: Int? = nil, a: String?, b: String, last: String) {
            (self.id, self.a, self.b, self.last) = (id, a, b, last)
        }

        init(from decoder: any Decoder) throws {
            let byPosition = try decoder.container(keyedBy: Position.self)
            let id = try byPosition.decode(Int.self, forKey: Position(0))
            if id.isMultiple(of: 2) {
                // Where the first row asked for Short(0).
                let again = try byPosition.decode(Int.self, forKey: Position(0))
                guard again == id else {
                    throw DecodingError.dataCorruptedError(
                        forKey: Position(0), in: byPosition, debugDescription: "\(again)")
                }
            }
            self.id = id
            let short = try decoder.container(keyedBy: Short.self)
            a = try short.decodeIfPresent(String.self, forKey: Short(0))
            b = try short.decode(String.self, forKey: Short(1))
            last = try decoder.container(keyedBy: Named.self).decode(String.self, forKey: Named("last"))
        }

        func encode(to encoder: any Encoder) throws {
            // a before id: on the second record, id's key is looked for where a's was seen.
            var short = encoder.container(keyedBy: Short.self)
            try short.encodeIfPresent(a, forKey: Short(0))
            var byPosition = encoder.container(keyedBy: Position.self)
            try byPosition.encodeIfPresent(id, forKey: Position(0))
            try short.encode(b, forKey: Short(1))
            var named = encoder.container(keyedBy: Named.self)
            try named.encode(last, forKey: Named("last"))
        }
    }

    @Test func keysOfEveryShapeFindTheirColumns() throws {
        let db = try context()
        for row in 1...12 {
            try db.save(
                ByPosition(id: row, a: row.isMultiple(of: 3) ? nil : "a\(row)", b: "b\(row)", last: "last \(row)"))
        }
        let stored = try rows(db)
        #expect(stored.count == 12)
        #expect(stored[0] == ["1", "'a1'", "'b1'", "NULL", "NULL", "NULL", "NULL", "'last 1'"])
        #expect(stored[1] == ["2", "'a2'", "'b2'", "NULL", "NULL", "NULL", "NULL", "'last 2'"])
        #expect(stored[2] == ["3", "NULL", "'b3'", "NULL", "NULL", "NULL", "NULL", "'last 3'"])
        #expect(stored[11] == ["12", "NULL", "'b12'", "NULL", "NULL", "NULL", "NULL", "'last 12'"])
        let read = try db.fetch(ByPosition.self, orderBy: { $0.id.ascending })
        #expect(
            read
                == (1...12).map { row in
                    ByPosition(id: row, a: row.isMultiple(of: 3) ? nil : "a\(row)", b: "b\(row)", last: "last \(row)")
                })
        #expect(try db.load(ByPosition.self, key: 4) == ByPosition(id: 4, a: "a4", b: "b4", last: "last 4"))
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
