import Foundation
import SlateCSQLite
@_spi(Generated) import SlateRecords
import SlateTestSupport
import Testing

/// Issue 30, records, for `Codable` records: inserts and saves SQLite would skip or that
/// would replace another row throw, a row that cannot be read back is returned as bound,
/// numbers read exactly or throw, `Decimal` is stored as exact text, walks refuse writes to
/// what they read, and SQL fragments cannot bring parameters of their own.
@Suite struct Review30CodableTests {
    struct Word: SQLCodableRecord, Equatable {
        static let tableName = "word"
        var id: Int?
        var name: String
    }

    struct Guarded: SQLCodableRecord, Equatable {
        static let tableName = "guarded"
        var id: Int?
        var name: String
    }

    struct Item: SQLCodableRecord, Equatable {
        static let tableName = "item"
        var id: Int
        var name: String
        var code: String?
        var tag: String?
    }

    struct Pair: SQLCodableRecord, Equatable {
        static let tableName = "pair"
        static let primaryKeys = ["a", "b"]
        var a: Int
        var b: Int
        var name: String?
    }

    struct Link: SQLCodableRecord, Equatable {
        static let tableName = "link"
        static let primaryKeys = ["a", "b"]
        var a: Int
        var b: Int
    }

    private func context() throws -> SQLContext {
        let context = try SQLContext()
        try context.exec(
            sql: """
                CREATE TABLE word (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE ON CONFLICT IGNORE);
                CREATE TABLE guarded (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE log (id INTEGER PRIMARY KEY, note TEXT);
                CREATE TRIGGER no_spam BEFORE INSERT ON guarded WHEN NEW.name = 'spam' BEGIN SELECT RAISE(IGNORE); END;
                CREATE TRIGGER logged AFTER INSERT ON guarded BEGIN
                    INSERT INTO log (note) VALUES (NEW.name); INSERT INTO log (note) VALUES ('again');
                END;
                CREATE TABLE item (id INTEGER PRIMARY KEY ON CONFLICT REPLACE, name TEXT NOT NULL,
                                   code TEXT UNIQUE ON CONFLICT REPLACE, tag TEXT UNIQUE ON CONFLICT IGNORE);
                CREATE TABLE pair (a INTEGER NOT NULL, b INTEGER NOT NULL, name TEXT, PRIMARY KEY (a, b) ON CONFLICT REPLACE);
                CREATE TABLE link (a INTEGER NOT NULL, b INTEGER NOT NULL, PRIMARY KEY (a, b));
                """)
        return context
    }

    private func count(_ context: SQLContext, _ sql: String) throws -> Int64 {
        try context.query(sql: sql)[0][0].integerValue ?? -1
    }

    private static let ignored = "the row was not inserted: a conflict clause or a trigger ignored it"

    // MARK: Inserts SQLite would skip

    @Test func anInsertOrSaveThatStoresNothingThrowsAndNeverReturnsAnotherRowsID() throws {
        let context = try context()
        let swift = try context.insert(Word(name: "swift"))
        let sqlite = try context.insert(Word(name: "sqlite"))
        #expect(swift.id == 1 && sqlite.id == 2)
        // The column's ON CONFLICT IGNORE would skip the row and leave rowid 2 reported.
        expectSQLError(.constraintUnique, "UNIQUE constraint failed: word.name") {
            _ = try context.insert(Word(name: "swift"))
        }
        expectSQLError(.constraintUnique, "UNIQUE constraint failed: word.name") {
            _ = try context.save(Word(name: "swift"))
        }
        expectSQLError(.constraintUnique, "UNIQUE constraint failed: word.name") {
            _ = try context.save(Word(id: 9, name: "swift"))
        }
        #expect(try context.fetch(Word.self) == [swift, sqlite])

        let good = try context.insert(Guarded(name: "good"))
        #expect(good.id == 1)
        // The trigger's RAISE(IGNORE) skips the row; the AFTER trigger of an earlier row
        // wrote rows 1 and 2 of `log`.
        expectSQLError(.constraint, Self.ignored) { _ = try context.insert(Guarded(name: "spam")) }
        expectSQLError(.constraint, Self.ignored) { _ = try context.save(Guarded(name: "spam")) }
        expectSQLError(.constraint, Self.ignored) { _ = try context.insert(Guarded(id: 5, name: "spam")) }
        expectSQLError(.constraint, Self.ignored) { _ = try context.save(Guarded(id: 5, name: "spam")) }
        // The BEFORE INSERT trigger runs before the upsert finds the row: a save of an
        // existing row that it ignores stored nothing either.
        expectSQLError(.constraint, Self.ignored) { _ = try context.save(Guarded(id: 1, name: "spam")) }
        #expect(try context.save(Guarded(id: 1, name: "renamed")) == Guarded(id: 1, name: "renamed"))
        let kept = try context.insert(Guarded(name: "kept"))
        #expect(kept.id == 2)
        #expect(try context.fetch(Guarded.self).map(\.name) == ["renamed", "kept"])
        #expect(try count(context, "SELECT count(*) FROM log") == 4)
        #expect(try count(context, "SELECT max(id) FROM log") == 4)
    }

    struct Shown: SQLCodableRecord, Equatable {
        static let tableName = "shown"
        var id: Int?
        var name: String
    }

    @Test func anInsertThroughAViewCountsTheRowsItsTriggerWrites() throws {
        let context = try SQLContext()
        try context.exec(
            sql: """
                CREATE TABLE base (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                CREATE VIEW shown AS SELECT id, name FROM base;
                CREATE TRIGGER shown_insert INSTEAD OF INSERT ON shown BEGIN
                    SELECT RAISE(IGNORE) WHERE NEW.name = 'spam';
                    INSERT INTO base (name) VALUES (NEW.name);
                END;
                """)
        try context.exec(sql: "CREATE TABLE other (x); INSERT INTO other VALUES (1), (2), (3)")
        #expect(context.lastInsertRowID == 3)
        // The view's rows have no rowid of the view's own: the record comes back as given,
        // never with the rowid of whatever was inserted last.
        #expect(try context.insert(Shown(name: "ada")) == Shown(name: "ada"))
        expectSQLError(.constraint, Self.ignored) { _ = try context.insert(Shown(name: "spam")) }
        #expect(try context.fetch(Shown.self) == [Shown(id: 1, name: "ada")])
    }

    // MARK: Conflict clauses that replace

    @Test func insertRefusesAnExistingKeyAndSaveNeverDeletesAnotherRow() throws {
        let context = try context()
        let first = try context.insert(Item(id: 1, name: "first", code: "A", tag: "x"))
        // The key's own ON CONFLICT REPLACE would delete the row: insert refuses.
        expectSQLError(.constraintPrimaryKey, "UNIQUE constraint failed: item.id") {
            _ = try context.insert(Item(id: 1, name: "second"))
        }
        // A UNIQUE REPLACE column that is not the key: neither insert nor save deletes the
        // row holding the code.
        expectSQLError(.constraintUnique, "UNIQUE constraint failed: item.code") {
            _ = try context.insert(Item(id: 2, name: "thief", code: "A"))
        }
        expectSQLError(.constraintUnique, "UNIQUE constraint failed: item.code") {
            _ = try context.save(Item(id: 2, name: "thief", code: "A"))
        }
        let second = try context.save(Item(id: 2, name: "second", code: "B"))
        expectSQLError(.constraintUnique, "UNIQUE constraint failed: item.code") {
            _ = try context.save(Item(id: 2, name: "second", code: "A"))
        }
        // A UNIQUE IGNORE column that is not the key: the save throws, never skips.
        expectSQLError(.constraintUnique, "UNIQUE constraint failed: item.tag") {
            _ = try context.save(Item(id: 3, name: "third", tag: "x"))
        }
        // save still updates its own row in place.
        let renamed = try context.save(Item(id: 1, name: "renamed", code: "A", tag: "x"))
        #expect(try context.fetch(Item.self) == [renamed, second])
        #expect(first.id == renamed.id)

        let pair = try context.insert(Pair(a: 1, b: 2, name: "pair"))
        expectSQLError(.constraintPrimaryKey, "UNIQUE constraint failed: pair.a, pair.b") {
            _ = try context.insert(Pair(a: 1, b: 2, name: "other"))
        }
        #expect(try context.fetch(Pair.self) == [pair])
        #expect(try context.save(Pair(a: 1, b: 2, name: "saved")) == Pair(a: 1, b: 2, name: "saved"))

        // Every column a key: saving an existing row is no error.
        let link = try context.save(Link(a: 1, b: 1))
        #expect(try context.save(link) == link)
        expectSQLError(.constraintPrimaryKey, "UNIQUE constraint failed: link.a, link.b") {
            _ = try context.insert(link)
        }
        #expect(try count(context, "SELECT count(*) FROM link") == 1)
    }

    // MARK: Rows that cannot be read back

    struct Entry: SQLCodableRecord, Equatable {
        static let tableName = "annotations_fts"
        static let primaryKey = "searchable_text"
        var searchable_text: String?
    }

    @Test func anInsertIntoAnExternalContentIndexReturnsWhatWasBound() throws {
        let context = try SQLContext()
        // The linked SQLite has FTS5 (Apple's and the Linux distributions' do).
        #expect(try context.query(sql: "PRAGMA compile_options").contains([.text("ENABLE_FTS5")]))
        try context.exec(
            sql: """
                CREATE TABLE annotations (id INTEGER PRIMARY KEY, searchable_text TEXT NOT NULL DEFAULT '');
                CREATE VIRTUAL TABLE annotations_fts USING fts5(searchable_text, content = 'annotations', content_rowid = 'id');
                """)
        #expect(try context.insert(Entry(searchable_text: "Ada")) == Entry(searchable_text: "Ada"))
        #expect(try context.insert(Entry(searchable_text: "Grace")) == Entry(searchable_text: "Grace"))
        // (`save` is an upsert, which SQLite does not do on a virtual table: its error.)
        #expect(throws: SQLError.self) { _ = try context.save(Entry(searchable_text: "Grace")) }
        // A nil key is left to SQLite, and the row read back by its rowid: the index has no
        // content row to read it from.
        #expect(try context.insert(Entry(searchable_text: nil)) == Entry(searchable_text: nil))
        #expect(
            try count(context, "SELECT count(*) FROM annotations_fts WHERE annotations_fts MATCH 'ada OR grace'") == 2)
    }

    // MARK: Numbers read exactly

    protocol NumberRow: SQLCodableRecord {
        associatedtype Number: Equatable & Sendable
        var v: Number { get }
    }

    struct I8: NumberRow { static let tableName = "n"; var id: Int; var v: Int8 }
    struct I16: NumberRow { static let tableName = "n"; var id: Int; var v: Int16 }
    struct I32: NumberRow { static let tableName = "n"; var id: Int; var v: Int32 }
    struct I64: NumberRow { static let tableName = "n"; var id: Int; var v: Int64 }
    struct IW: NumberRow { static let tableName = "n"; var id: Int; var v: Int }
    struct U8: NumberRow { static let tableName = "n"; var id: Int; var v: UInt8 }
    struct U16: NumberRow { static let tableName = "n"; var id: Int; var v: UInt16 }
    struct U32: NumberRow { static let tableName = "n"; var id: Int; var v: UInt32 }
    struct U64: NumberRow { static let tableName = "n"; var id: Int; var v: UInt64 }
    struct UW: NumberRow { static let tableName = "n"; var id: Int; var v: UInt }
    struct F: NumberRow { static let tableName = "n"; var id: Int; var v: Float }
    struct D: NumberRow { static let tableName = "n"; var id: Int; var v: Double }
    struct B: NumberRow { static let tableName = "n"; var id: Int; var v: Bool }
    struct Dec: NumberRow { static let tableName = "n"; var id: Int; var v: Decimal }
    struct OptionalF: NumberRow { static let tableName = "n"; var id: Int; var v: Float? }
    struct OptionalB: NumberRow { static let tableName = "n"; var id: Int; var v: Bool? }
    struct OptionalI8: NumberRow { static let tableName = "n"; var id: Int; var v: Int8? }

    /// Every storage class, with the boundaries of each type.
    static let stored: [SQLValue] = [
        .integer(0), .integer(1), .integer(-1), .integer(2),
        .integer(127), .integer(128), .integer(-128), .integer(-129), .integer(255), .integer(256),
        .integer(32_767), .integer(32_768), .integer(-32_769), .integer(65_535), .integer(65_536),
        .integer(Int64(Int32.max)), .integer(Int64(Int32.max) + 1), .integer(Int64(Int32.min) - 1),
        .integer(Int64(UInt32.max)), .integer(Int64(UInt32.max) + 1),
        .integer(16_777_216), .integer(16_777_217), .integer((1 << 53) - 1), .integer(1 << 53), .integer((1 << 53) + 1),
        .integer(-(1 << 53) - 1),
        .integer(Int64.max), .integer(Int64.min),
        .float(0), .float(-0.0), .float(1), .float(-1), .float(2), .float(0.5), .float(0.1), .float(127), .float(128),
        .float(16_777_216), .float(16_777_217), .float(9_007_199_254_740_992),
        .float(Double(Int64.max)), // 2^63 - 1 as a real: 2^63
        .float(-9_223_372_036_854_775_808), .float(1e300), .float(-1e300), .float(.infinity), .float(-.infinity),
        .float(.leastNonzeroMagnitude), .float(-.leastNonzeroMagnitude), .float(Double(Float.leastNonzeroMagnitude)),
        .float(.leastNormalMagnitude), .float(Double(Float.leastNormalMagnitude) / 2), .float(.greatestFiniteMagnitude),
        .float(Double(Float.greatestFiniteMagnitude)),
        .float(Double(Float(0.1))), .float(2.5),
        .text("1"), .text("1.5"), .text("abc"), .blob([1]), .null,
    ]

    /// What a column of `T` reads from `value`: SQLite's number, when `T` holds it exactly.
    static func exactly<T: BinaryInteger>(_ type: T.Type, _ value: SQLValue) -> T? {
        switch value {
        case .integer(let integer): return T(exactly: integer)
        case .float(let real): return Int64(exactly: real).flatMap { T(exactly: $0) }
        default: return nil
        }
    }

    static func double(_ value: SQLValue) -> Double? {
        switch value {
        case .integer(let integer): return Double(exactly: integer)
        case .float(let real): return real
        default: return nil
        }
    }

    /// A float: a number it holds exactly, or a real whose shortest decimal is a
    /// float's (the real 0.1 is the float 0.1; 1.0 / 3 and 16,777,217 are refused).
    static func float(_ value: SQLValue) -> Float? {
        guard let double = double(value) else { return nil }
        if let exact = Float(exactly: double) { return exact }
        guard case .float = value, Float(double).isFinite, Float(double) != 0 else { return nil }
        return Double("\(Float(double))") == double ? Float(double) : nil
    }

    static func bool(_ value: SQLValue) -> Bool? {
        switch value {
        case .integer(let integer): return integer != 0
        case .float(let real): return real == 0 || real == 1 ? real == 1 : nil
        default: return nil
        }
    }

    private func check<Row: NumberRow>(
        _ type: Row.Type, _ expected: (SQLValue) -> Row.Number?, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let context = try SQLContext()
        try context.exec(sql: "CREATE TABLE n (id INTEGER PRIMARY KEY, v)")
        for (index, value) in Self.stored.enumerated() {
            try context.exec(sql: "INSERT INTO n (id, v) VALUES (?, ?)", parameters: [.integer(Int64(index)), value])
            let wanted = expected(value)
            do {
                let row = try context.load(Row.self, key: index)
                #expect(
                    wanted != nil, "\(Row.self) read \(value) as \(String(describing: row?.v))",
                    sourceLocation: sourceLocation)
                if let wanted, let row {
                    #expect(row.v == wanted, "\(Row.self) read \(value)", sourceLocation: sourceLocation)
                    // ±0 keep their sign.
                    if let real = row.v as? Double, let other = wanted as? Double {
                        #expect(real.sign == other.sign, sourceLocation: sourceLocation)
                    }
                    if let real = row.v as? Float, let other = wanted as? Float {
                        #expect(real.sign == other.sign, sourceLocation: sourceLocation)
                    }
                }
            } catch let error as SQLError {
                #expect(wanted == nil, "\(Row.self) refused \(value): \(error.message)", sourceLocation: sourceLocation)
                #expect(error.code == .mismatch, sourceLocation: sourceLocation)
                #expect(
                    error.message.contains("column \"v\" of table \"n\""), "\(error.message)",
                    sourceLocation: sourceLocation)
            }
            try context.exec(sql: "DELETE FROM n")
        }
    }

    @Test func everyNumericTypeReadsEveryStorageClassExactlyOrThrows() throws {
        try check(I8.self) { Self.exactly(Int8.self, $0) }
        try check(I16.self) { Self.exactly(Int16.self, $0) }
        try check(I32.self) { Self.exactly(Int32.self, $0) }
        try check(I64.self) { Self.exactly(Int64.self, $0) }
        try check(IW.self) { Self.exactly(Int.self, $0) }
        try check(U8.self) { Self.exactly(UInt8.self, $0) }
        try check(U16.self) { Self.exactly(UInt16.self, $0) }
        try check(U32.self) { Self.exactly(UInt32.self, $0) }
        try check(U64.self) { Self.exactly(UInt64.self, $0) }
        try check(UW.self) { Self.exactly(UInt.self, $0) }
        try check(D.self) { Self.double($0) }
        try check(F.self) { Self.float($0) }
        try check(B.self) { Self.bool($0) }
        try check(Dec.self) { value in
            switch value {
            case .integer(let integer): return Decimal(integer)
            case .text("1"): return Decimal(1)
            case .text("1.5"): return Decimal(string: "1.5")
            default: return nil
            }
        }
        // Optionals read NULL as nil and everything else by the same rule.
        try check(OptionalF.self) { $0 == .null ? .some(nil) : Self.float($0).map { $0 } }
        try check(OptionalB.self) { $0 == .null ? .some(nil) : Self.bool($0).map { $0 } }
        try check(OptionalI8.self) { $0 == .null ? .some(nil) : Self.exactly(Int8.self, $0).map { $0 } }
    }

    @Test func theReviewsCasesThrowNamingTableAndColumn() throws {
        let context = try SQLContext()
        try context.exec(sql: "CREATE TABLE n (id INTEGER PRIMARY KEY, v)")
        try context.exec(sql: "INSERT INTO n VALUES (1, 1e300), (2, 16777217), (3, 2.0)")
        let huge = expectSQLError(
            .mismatch, "F.v (Float) cannot read column \"v\" of table \"n\": it holds REAL 1e+300"
        ) {
            _ = try context.load(F.self, key: 1)
        }
        #expect(huge != nil)
        #expect(throws: SQLError.self) { _ = try context.load(F.self, key: 2) }
        #expect(throws: SQLError.self) { _ = try context.load(B.self, key: 3) }
        #expect(try context.load(D.self, key: 2)?.v == 16_777_217)
        // Writing: a value SQLite cannot hold throws naming the column too.
        expectSQLError(
            .mismatch,
            "U64.v holds 18446744073709551615, more than SQLite's 64-bit integers hold, for column \"v\" of table \"n\""
        ) {
            _ = try context.insert(U64(id: 9, v: .max))
        }
        #expect(try context.insert(U64(id: 9, v: UInt64(Int64.max))).v == UInt64(Int64.max))
        #expect(try context.load(U64.self, key: 9)?.v == UInt64(Int64.max))
        #expect(try context.insert(F(id: 10, v: .infinity)).v == .infinity)
        #expect(try context.load(F.self, key: 10)?.v == .infinity)
        #expect(try context.insert(F(id: 11, v: -0.0)).v.sign == .minus)
        #expect(try context.load(F.self, key: 11)?.v.sign == .minus)
        #expect(try context.load(I32.self, key: 3)?.v == 2)
    }

    @Test func codableAndGeneratedReadersAgree() throws {
        let context = try SQLContext()
        for value in Self.stored where value != .null {
            let statement = try context.prepare(sql: "SELECT ?")
            defer { statement.close() }
            try statement.bind(value, at: 1)
            _ = try statement.next()
            let handle = try statement.liveHandle()
            #expect((try? SQLRecordCoding.int(handle, 0, "v")) == Self.exactly(Int.self, value), "\(value)")
            #expect((try? SQLRecordCoding.double(handle, 0, "v")) == Self.double(value), "\(value)")
            #expect((try? SQLRecordCoding.bool(handle, 0, "v")) == Self.bool(value), "\(value)")
            #expect((try? Int.decode(from: statement, at: 0)) == Self.exactly(Int.self, value), "\(value)")
            #expect((try? Bool.decode(from: statement, at: 0)) == Self.bool(value), "\(value)")
        }
    }

    // MARK: Decimal

    struct Price: SQLCodableRecord, Equatable {
        static let tableName = "price"
        var id: Int?
        var amount: Decimal
        var discount: Decimal?
    }

    @Test func decimalsAreStoredAsExactTextAndReadBackExactly() throws {
        let context = try SQLContext()
        try context.exec(sql: "CREATE TABLE price (id INTEGER PRIMARY KEY, amount TEXT NOT NULL, discount TEXT)")
        let values = ["123.4500", "-0.000001", "0", "12345678901234567890123456789012345678", "1e-20", "-98765.4321"]
        for text in values {
            let price = Price(amount: Decimal(string: text)!, discount: nil)
            let saved = try context.insert(price)
            #expect(try context.load(Price.self, key: saved.id!) == saved, "\(text)")
            #expect(saved.amount == Decimal(string: text)!)
        }
        let stored = try context.query(sql: "SELECT amount, typeof(amount) FROM price ORDER BY id")
        #expect(stored.map { $0[1] } == Array(repeating: .text("text"), count: values.count))
        #expect(stored[0][0] == .text(Decimal(string: "123.45")!.description))
        // Reading: exact text and integers; not reals, not other text.
        try context.exec(sql: "DELETE FROM price")
        try context.exec(
            sql: """
                INSERT INTO price VALUES (1, '1e3', NULL), (2, 42, '0.5'), (3, 1.5, NULL), (4, 'abc', NULL), (5, '1.5x', NULL),
                                         (6, '1234567890123456789012345678901234567891', NULL), (7, X'31', NULL), (8, '', NULL)
                """)
        #expect(try context.load(Price.self, key: 1) == Price(id: 1, amount: 1000, discount: nil))
        #expect(try context.load(Price.self, key: 2) == Price(id: 2, amount: 42, discount: Decimal(string: "0.5")))
        // TEXT affinity stored the real 1.5 as the text '1.5' (a REAL is refused: see the
        // table of every storage class above, in a column without affinity).
        #expect(try context.load(Price.self, key: 3)?.amount == Decimal(string: "1.5"))
        for key in 4...8 {
            let error = #expect(throws: SQLError.self) { _ = try context.load(Price.self, key: key) }
            #expect(
                error?.message.hasPrefix("Price.amount (Decimal) cannot read column \"amount\" of table \"price\"")
                    == true)
        }
        // NaN has no value to store.
        #expect(throws: SQLError.self) { _ = try context.insert(Price(amount: .nan, discount: nil)) }
        // A predicate compares the stored text.
        #expect(try context.fetch(Price.self, where: { $0.id <= 2 }).count == 2)
    }

    @Test func aDecimalInAColumnThatWouldRoundItIsRefusedNamingTheProperty() throws {
        let context = try SQLContext()
        try context.exec(sql: "CREATE TABLE price (id INTEGER PRIMARY KEY, amount NUMERIC NOT NULL, discount REAL)")
        expectSQLError(
            .mismatch,
            "Price.amount is a Decimal, which Slate stores as exact text (\"123.45\"), but column \"amount\" of table \"price\" is declared NUMERIC, whose affinity would store that text as a rounded number: declare the column TEXT, or make the property a Double"
        ) {
            _ = try context.insert(Price(amount: 1, discount: nil))
        }
    }

    // MARK: Walks

    struct Note: SQLCodableRecord, Equatable {
        static let tableName = "note"
        var id: Int?
        var title: String
    }

    @Test func aCodableWalkRefusesWritesToItsTableAndEnds() throws {
        let context = try SQLContext()
        try context.exec(
            sql:
                "CREATE TABLE note (id INTEGER PRIMARY KEY, title TEXT NOT NULL); CREATE TABLE other (id INTEGER PRIMARY KEY, title TEXT NOT NULL)"
        )
        try context.transaction { for index in 1...1_000 { _ = try context.insert(Note(title: "n\(index)")) } }
        var visited = 0
        try context.forEach(Note.self) { note in
            visited += 1
            let error = #expect(throws: SQLError.self) { _ = try context.insert(Note(title: "copy of \(note.title)")) }
            #expect(
                error?.message.hasPrefix("cannot write to table \"note\" while a walk reads it on this connection")
                    == true)
            if visited % 100 == 0 {
                #expect(throws: SQLError.self) { _ = try context.save(Note(id: note.id, title: "x")) }
                #expect(throws: SQLError.self) { _ = try context.delete(note) }
                #expect(throws: SQLError.self) { _ = try context.delete(Note.self, where: { $0.id == note.id! }) }
                try context.exec(sql: "INSERT INTO other (title) VALUES ('fine')")
            }
        }
        #expect(visited == 1_000)
        var stopped = 0
        try context.forEach(Note.self, where: { $0.id > 500 }) { _, stop in
            stopped += 1
            stop = stopped == 10
            #expect(throws: SQLError.self) { try context.exec(sql: "UPDATE note SET title = 'x'") }
        }
        #expect(stopped == 10)
        #expect(try context.fetchCount(Note.self) == 1_000)
        #expect(try count(context, "SELECT count(*) FROM other") == 10)
        // After the walk, the connection writes again.
        _ = try context.insert(Note(title: "after"))
        #expect(try context.fetchCount(Note.self) == 1_001)
    }

    // MARK: Fragments

    @Test func aFragmentsOwnParametersAreRefusedInCodableQueries() throws {
        let context = try context()
        _ = try context.insert(Word(name: "swift"))
        _ = try context.insert(Word(name: "30"))
        for fragment: SQLPredicate<Word> in ["name = ?1", "name = :n", "name = @n", "name = $n", "name = ?"] {
            let error = #expect(throws: SQLError.self) {
                try context.fetch(Word.self, where: { $0.id > 30 && fragment })
            }
            #expect(error?.code == .misuse)
            #expect(error?.message.contains("write values into SQL fragments by interpolation") == true)
            #expect(throws: SQLError.self) { try context.fetchCount(Word.self, where: { $0.id > 30 && fragment }) }
            #expect(throws: SQLError.self) { try context.delete(Word.self, where: { $0.id > 30 && fragment }) }
            #expect(throws: SQLError.self) {
                try context.forEach(Word.self, where: { $0.id > 30 && fragment }) { _ in }
            }
        }
        #expect(try context.fetchCount(Word.self) == 2)
        #expect(try context.fetch(Word.self, where: { _ in "name <> '?1' AND \"name\" <> ':a' -- ?2" }).count == 2)
    }
}
