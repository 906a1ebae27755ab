import Foundation
import SlateTestSupport
import Testing

@testable import SlateRecords

/// A hand-written record with text under several affinities, dates, numbers and bytes.
struct Happening: SQLCodableRecord, Equatable {
    static let tableName = "happening"
    var id: Int?
    var title: String
    /// In a `STRING` column: NUMERIC affinity, so numbers in it are stored as numbers.
    var label: String?
    var start: Date
    var end: Date?
    var price: Double
    var cost: Double?
    var payload: Data?
}

/// Typed predicates on Codable records (`SQLCodableColumns`): each compared with the same
/// condition in plain SQL, and in Swift, over rows built to hit the edges.
@Suite struct CodablePredicateTests {
    private func context() throws -> SQLContext {
        let context = try SQLContext()
        try context.exec(
            sql: """
                CREATE TABLE happening (id INTEGER PRIMARY KEY, title TEXT COLLATE NOCASE NOT NULL, label STRING,
                                        start TEXT NOT NULL, "end" TEXT, price REAL NOT NULL, cost REAL, payload BLOB);
                CREATE INDEX happening_by_title ON happening (title COLLATE BINARY);
                """)
        return context
    }

    private func ids(_ db: SQLContext, _ condition: String, _ parameters: SQLValue...) throws -> [Int] {
        try db.query(sql: "SELECT id FROM happening WHERE \(condition) ORDER BY id", parameters: parameters).map {
            Int($0[0].integerValue!)
        }
    }

    /// The SQL of the statement the connection cached for `Happening`'s typed queries last.
    private func lastSQL(_ db: SQLContext) throws -> String {
        try db.codableTable(Happening.self).queries.lastStatement?.sql ?? ""
    }

    @Test func textTestsCompareBytesUnderEveryAffinity() throws {
        let db = try context()
        let base = Date(timeIntervalSince1970: 1_700_000_000)
        let labels: [String?] = [
            "2024-01", "2024", "20240", "2.5", "x2024", nil, "", "abc", "ABC", "a\0b", "a", "%_", "20\u{0}24",
        ]
        for (index, label) in labels.enumerated() {
            try db.save(Happening(title: label ?? "null \(index)", label: label, start: base, price: 1))
        }
        // NUMERIC affinity made numbers of some: the bytes of their text are what count.
        #expect(
            try db.query(sql: "SELECT typeof(label) FROM happening WHERE id <= 4").map { $0[0] } == [
                "text", "integer", "integer", "real",
            ])
        // (A String property does not read a number: the rows are read as SQL text, the
        // typed queries project their ids.)
        let rows = try db.query(sql: "SELECT id, CAST(label AS TEXT), title FROM happening ORDER BY id")
            .map { (id: Int($0[0].integerValue!), label: $0[1].textValue, title: $0[2].textValue!) }
        func typed(_ predicate: @escaping (SQLCodableColumns<Happening>) -> SQLPredicate<Happening>) throws -> [Int] {
            try db.select(from: Happening.self, \.id, where: predicate).map { (id: Int?) in id ?? -1 }.sorted()
        }
        for needle in ["", "2024", "2", "20", "2.", "a", "A", "a\0", "\0", "%", "_", "abc", "4", "024"] {
            for column in ["label", "title"] {
                let value: ((id: Int, label: String?, title: String)) -> String? =
                    column == "label" ? { $0.label } : { $0.title }
                let prefix = try typed { column == "label" ? $0.label.hasPrefix(needle) : $0.title.hasPrefix(needle) }
                #expect(
                    prefix == (try ids(db, "instr(CAST(\(column) AS BLOB), CAST(?1 AS BLOB)) = 1", .text(needle))),
                    "\(column) \(needle.debugDescription)")
                #expect(
                    prefix == rows.filter { value($0)?.utf8.starts(with: needle.utf8) == true }.map(\.id),
                    "\(column) \(needle.debugDescription)")
                let suffix = try typed { column == "label" ? $0.label.hasSuffix(needle) : $0.title.hasSuffix(needle) }
                #expect(
                    suffix
                        == rows.filter { value($0)?.utf8.reversed().starts(with: needle.utf8.reversed()) == true }.map(
                            \.id))
                let inside = try typed { column == "label" ? $0.label.contains(needle) : $0.title.contains(needle) }
                #expect(inside == (try ids(db, "instr(CAST(\(column) AS BLOB), CAST(?1 AS BLOB)) > 0", .text(needle))))
                let outside = try typed { column == "label" ? !$0.label.contains(needle) : !$0.title.contains(needle) }
                #expect(
                    outside
                        == (try ids(db, "NOT (instr(CAST(\(column) AS BLOB), CAST(?1 AS BLOB)) > 0)", .text(needle))))
            }
        }
        #expect(try typed { $0.label.hasPrefix("2024") } == [1, 2, 3])
        #expect(try typed { $0.label.hasPrefix("2.") } == [4])
        // The text column's collation is NOCASE; the test still counts case.
        #expect(try typed { $0.title.hasPrefix("ab") } == [8])
        #expect(try typed { $0.title == "abc" } == [8, 9])
        // TEXT affinity: a range the index serves. NUMERIC: bytes, no index.
        _ = try db.fetchCount(Happening.self, where: { $0.title.hasPrefix("ab") })
        let prefixSQL = try lastSQL(db)
        #expect(prefixSQL.contains(#""title" COLLATE BINARY >= CAST(? AS TEXT)"#))
        let plan = try db.query(
            sql: "EXPLAIN QUERY PLAN " + prefixSQL, parameters: [.blob(Array("ab".utf8)), .blob(Array("ac".utf8))])
        #expect(
            plan.map { $0[3].textValue ?? "" }.joined().contains("INDEX happening_by_title (title>? AND title<?)"),
            "\(plan)")
        _ = try db.fetchCount(Happening.self, where: { $0.label.hasPrefix("20") })
        #expect(try lastSQL(db).contains(#"CAST("label" AS BLOB) >= ?"#))
    }

    @Test func columnsAndExpressionsOfCodableRecords() throws {
        let db = try context()
        let base = Date(timeIntervalSince1970: 1_700_000_000)
        let specs: [(TimeInterval?, Double, Double?)] = [
            (3600, 10, 4), (3599, 10, 5), (3601, 8, nil), (nil, 3, 1.5), (-1, 0, 0), (0, 5, 2.5),
        ]
        for (index, (end, price, cost)) in specs.enumerated() {
            try db.save(
                Happening(title: "h\(index)", start: base, end: end.map { base + $0 }, price: price, cost: cost))
        }
        let rows = try db.fetch(Happening.self)
        func check(
            _ predicate: @escaping (SQLCodableColumns<Happening>) -> SQLPredicate<Happening>, _ sql: String,
            _ swift: (Happening) -> Bool?,
            line: Int = #line
        ) throws {
            let typed = try db.fetch(Happening.self, where: predicate).map { $0.id! }
            #expect(typed == (try ids(db, sql)), "line \(line): \(sql)")
            #expect(typed == rows.filter { swift($0) == true }.map { $0.id! }, "line \(line): \(sql)")
        }
        try check({ $0.end > $0.start }, #""end" > start"#, { r in r.end.map { $0 > r.start } })
        try check({ $0.end == $0.start }, #""end" = start"#, { r in r.end.map { $0 == r.start } })
        try check(
            { $0.end >= $0.start + 3600 }, #"strftime('%s', "end") - strftime('%s', start) >= 3600"#,
            { r in r.end.map { $0 >= r.start + 3600 } })
        try check(
            { $0.end - $0.start < 3600 }, #"strftime('%s', "end") - strftime('%s', start) < 3600"#,
            { r in r.end.map { $0.timeIntervalSince(r.start) < 3600 } })
        try check({ $0.price > $0.cost * 2 }, "price > cost * 2", { r in r.cost.map { r.price > $0 * 2 } })
        try check({ $0.price == $0.cost * 2 }, "price = cost * 2", { r in r.cost.map { r.price == $0 * 2 } })
        try check(
            { $0.price - $0.cost <= 3 || $0.cost == nil }, "price - cost <= 3 OR cost IS NULL",
            { r in r.cost.map { r.price - $0 <= 3 } ?? true })
        try check(
            { !($0.price / $0.cost >= 2.5) }, "NOT (price / cost >= 2.5)",
            { r in r.cost.flatMap { $0 == 0 ? nil : !(r.price / $0 >= 2.5) } })
        // A misnamed key path still says so.
        #expect(throws: SQLError.self) {
            try db.fetch(Happening.self, where: { $0.price > $0.column("nope", as: Double.self) })
        }
    }

    @Test func dataBindsReadsAndComparesAsBytes() throws {
        let db = try context()
        let base = Date(timeIntervalSince1970: 1_700_000_000)
        for (index, payload) in [Data([1]), Data(), nil, Data([0, 1, 0]), Data([1, 2])].enumerated() {
            try db.save(Happening(title: "d\(index)", start: base, price: 1, payload: payload))
        }
        func titles(_ predicate: @escaping (SQLCodableColumns<Happening>) -> SQLPredicate<Happening>) throws -> [String]
        {
            try db.fetch(Happening.self, where: predicate).map(\.title)
        }
        #expect(try titles { $0.payload == Data([1]) } == ["d0"])
        #expect(try titles { $0.payload == Data() } == ["d1"])
        #expect(try titles { $0.payload == nil } == ["d2"])
        #expect(try titles { $0.payload != Data([1]) } == ["d1", "d3", "d4"])
        #expect(try titles { $0.payload.in([Data([0, 1, 0]), nil, Data([9])]) } == ["d2", "d3"])
        #expect(try db.load(Happening.self, key: 4)?.payload == Data([0, 1, 0]))
        // Data binds and reads wherever [UInt8] does.
        try db.exec(sql: "CREATE TABLE bytes (b)")
        try db.exec(sql: "INSERT INTO bytes VALUES (?)", Data([0, 0xFF]))
        try db.exec(sql: "INSERT INTO bytes VALUES (?)", parameters: [Data().sqlValue])
        #expect(try db.query(sql: "SELECT typeof(b), hex(b) FROM bytes") == [["blob", "00FF"], ["blob", ""]])
        let statement = try db.prepare(sql: "SELECT b FROM bytes ORDER BY rowid")
        defer { statement.close() }
        #expect(try statement.next())
        #expect(statement.data(at: 0) == Data([0, 0xFF]))
        #expect(try statement.get(0, as: Data.self) == Data([0, 0xFF]))
        #expect(try statement.next())
        #expect(try statement.get(0, as: Data?.self) == Data())
    }

    @Test func fragmentsDepthAndErrorsOnAContext() throws {
        let db = try context()
        let base = Date(timeIntervalSince1970: 1_700_000_000)
        for (index, title) in ["Ada", "ada", "Grace", "Jo'anne"].enumerated() {
            try db.save(Happening(title: title, start: base, price: Double(index)))
        }
        let wanted = "ADA"
        #expect(
            try db.fetch(Happening.self, where: { $0.price > 0 && "upper(\($0.title)) = \(wanted)" }).map(\.title) == [
                "ada"
            ])
        #expect(try db.fetchCount(Happening.self, where: { _ in "title = \("Jo'anne") COLLATE BINARY" }) == 1)
        let bad = #expect(throws: SQLError.self) { try db.fetch(Happening.self, where: { _ in "titel = \(wanted)" }) }
        #expect(
            bad?.message.contains("no such column: titel") == true && bad?.message.contains("\"titel = ?\"") == true)
        // SQLite's depth limit, lowered, in Slate's words; `in` instead.
        db.setLimit(.expressionDepth, to: 25)
        let deep = #expect(throws: SQLError.self) {
            try db.fetch(
                Happening.self, where: { c in (0..<40).reduce(SQLPredicate.none) { $0 || c.price == Double($1) } })
        }
        #expect(
            deep?.message.hasPrefix(
                "the predicate is nested too deeply for SQLite (Expression tree is too large (maximum depth 25)")
                == true)
        #expect(try db.fetchCount(Happening.self, where: { $0.price.in((0..<40).map(Double.init)) }) == 4)
    }
}
