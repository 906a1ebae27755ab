import Foundation
import SlateRecords
import SlateTestSupport
import Testing

/// What the row decoder keeps between rows (the container, each key's column) must not
/// change what a row decodes to: keys asked for in another order, keys skipped on some
/// rows, two key types, a bad value on a later row.
@Suite struct CodableDecodingTests {
    private func context(rows: Int) throws -> SQLContext {
        let context = try SQLContext()
        try context.exec(
            sql: """
                CREATE TABLE sample (id INTEGER PRIMARY KEY, kind TEXT NOT NULL, amount INTEGER, note TEXT,
                                     at TEXT, serial TEXT, payload BLOB, link TEXT, bytes BLOB);
                """)
        let insert = try context.prepare(sql: "INSERT INTO sample VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
        defer { insert.close() }
        for row in 1...rows {
            try insert.update(parameters: [
                .integer(Int64(row)), .text(row.isMultiple(of: 2) ? "even" : "odd"),
                row.isMultiple(of: 3) ? .null : .integer(Int64(row * 100)),
                row.isMultiple(of: 2) ? .text("note \(row)") : .null,
                .text("2024-02-\(String(format: "%02d", row % 28 + 1)) 10:00:00.000"),
                .text("00000000-0000-0000-0000-\(String(format: "%012d", row))"),
                .blob([UInt8(row % 256), 0, 255]),
                .text("https://example.com/\(row)"),
                .blob([1, 2, UInt8(row % 256)]),
            ])
        }
        return context
    }

    /// Synthesized decoding of every value kind the decoder reads without a dynamic cast.
    struct Full: SQLCodableRecord, Equatable {
        static let tableName = "sample"
        var id: Int
        var kind: String
        var amount: Int64?
        var note: String?
        var at: Date?
        var serial: UUID
        var payload: Data
        var link: URL
        var bytes: [UInt8]
    }

    @Test func everyRowDecodesItsOwnValues() throws {
        let db = try context(rows: 40)
        let all = try db.fetch(Full.self, orderBy: { $0.id.ascending })
        #expect(all.count == 40)
        for record in all {
            let row = record.id
            #expect(record.kind == (row.isMultiple(of: 2) ? "even" : "odd"))
            #expect(record.amount == (row.isMultiple(of: 3) ? nil : Int64(row * 100)))
            #expect(record.note == (row.isMultiple(of: 2) ? "note \(row)" : nil))
            #expect(record.at == Date(timeIntervalSince1970: 1_706_781_600 + Double(row % 28) * 86_400))
            #expect(record.serial.uuidString == "00000000-0000-0000-0000-\(String(format: "%012d", row))")
            #expect(record.payload == Data([UInt8(row % 256), 0, 255]))
            #expect(record.link.absoluteString == "https://example.com/\(row)")
            #expect(record.bytes == [1, 2, UInt8(row % 256)])
        }
        // Loading by key after a fetch, and a fetch after loads, share the learned order.
        #expect(try db.load(Full.self, key: 7) == all[6])
        #expect(try db.fetch(Full.self, where: { $0.id > 38 }).map(\.id) == [39, 40])
    }

    /// Reads `amount` only for odd keys, and `note` before `kind`: the keys come in an
    /// order of their own, and a different number of them from one row to the next. (The
    /// condition is on the key, so that the samples Slate learns the columns from reach
    /// `amount` too.)
    struct Picky: SQLCodableRecord {
        static let tableName = "sample"
        enum CodingKeys: String, CodingKey { case id, kind, amount, note }
        var id: Int
        var kind: String
        var amount: Int64?
        var note: String?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(Int.self, forKey: .id)
            note = try container.decodeIfPresent(String.self, forKey: .note)
            kind = try container.decode(String.self, forKey: .kind)
            amount = id.isMultiple(of: 2) ? nil : try container.decodeIfPresent(Int64.self, forKey: .amount)
        }
    }

    @Test func keysInAnotherOrderOrSkippedOnSomeRows() throws {
        let db = try context(rows: 12)
        let rows = try db.fetch(Picky.self, orderBy: { $0.id.ascending })
        #expect(rows.map(\.kind) == (1...12).map { $0.isMultiple(of: 2) ? "even" : "odd" })
        #expect(
            rows.map(\.amount) == (1...12).map { $0.isMultiple(of: 2) || $0.isMultiple(of: 3) ? nil : Int64($0 * 100) })
        #expect(rows.map(\.note) == (1...12).map { $0.isMultiple(of: 2) ? "note \($0)" : nil })
    }

    /// Decodes its key through one key type and its kind through another, which makes
    /// the decoder hand out containers of two key types for every row.
    struct TwoKeyTypes: SQLCodableRecord {
        static let tableName = "sample"
        enum CodingKeys: String, CodingKey { case id, kind }
        enum KindKey: String, CodingKey { case kind }
        var id: Int
        var kind: String

        init(from decoder: any Decoder) throws {
            id = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .id)
            kind = try decoder.container(keyedBy: KindKey.self).decode(String.self, forKey: .kind)
        }
    }

    @Test func containersOfTwoKeyTypesOnEveryRow() throws {
        let db = try context(rows: 6)
        let rows = try db.fetch(TwoKeyTypes.self, orderBy: { $0.id.ascending })
        #expect(rows.map(\.id) == [1, 2, 3, 4, 5, 6])
        #expect(rows.map(\.kind) == ["odd", "even", "odd", "even", "odd", "even"])
    }

    /// A bad value on a row after the decoder has learned the keys is still an error that
    /// names the property and the table, and the next fetch starts clean.
    @Test func aBadValueOnALaterRowNamesThePropertyAndTheTable() throws {
        struct Strict: SQLCodableRecord {
            static let tableName = "sample"
            var id: Int
            var amount: Int64
        }
        let db = try context(rows: 5)
        #expect(try db.fetch(Strict.self, where: { $0.id < 3 }).map(\.amount) == [100, 200])
        #expect(
            throws: SQLError(
                code: .mismatch,
                message:
                    "Strict.amount (Int64) cannot read column \"amount\" of table \"sample\": it holds NULL, and the property is not optional"
            )
        ) {
            try db.fetch(Strict.self)
        }
        try db.exec(sql: "UPDATE sample SET amount = 'many' WHERE id = 4")
        #expect(
            throws: SQLError(
                code: .mismatch,
                message: "Strict.amount (Int64) cannot read column \"amount\" of table \"sample\": it holds TEXT 'many'"
            )
        ) {
            try db.fetch(Strict.self, where: { $0.id > 3 })
        }
        #expect(try db.fetch(Strict.self, where: { $0.id == 5 }).map(\.amount) == [500])
        try db.exec(sql: "UPDATE sample SET kind = CAST(x'C328' AS TEXT) WHERE id = 5")
        struct Kind: SQLCodableRecord {
            static let tableName = "sample"
            var id: Int
            var kind: String
        }
        #expect(
            throws: SQLError(
                code: .mismatch, message: "column \"kind\" of table \"sample\" holds text that is not valid UTF-8")
        ) {
            try db.fetch(Kind.self)
        }
    }
}
