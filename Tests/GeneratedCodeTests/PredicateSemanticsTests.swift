import Foundation
import SlateCSQLite
import SlateRecords
import SlateTestSupport
import Testing

/// Each typed predicate means what it says: its rows are those of the same condition
/// written in plain SQL, and of the same test made in Swift, over rows built to hit the
/// edges (NULLs, NUL bytes, empty strings, wildcards of LIKE and GLOB, unicode, case).
@Suite struct PredicateSemanticsTests {
    /// Texts for names and notes: every one a distinct name (`item.name` is UNIQUE).
    static let texts = [
        "", "a", "A", "a\0", "a\0b", "ab", "ab\0", "\0", "\0a", "b", "ba", "aa", "Ab", "%", "_", "a%b", "a_b", "a%",
        "*", "?", "[", "a[b]", "a*", "a?", "é", "e\u{301}", "e", "日本語", "日本", "a\u{7F}", "a\u{80}", "😀", "a😀b",
        "\\", "a\\b", "'", "a'b", "a\0\0", "A\0B",
    ]
    /// What the text predicates look for.
    static let needles = [
        "", "a", "A", "a\0", "\0", "b", "\0b", "a\0b", "%", "_", "a%", "a_", "*", "?", "[", "a[", "e", "é", "e\u{301}",
        "\u{301}", "日", "本語", "a\u{7F}", "a\u{80}", "😀", "\\", "'", "ab", "zz", "\0\0",
    ]

    /// Items named after ``texts``, their notes the same text or (one in three) NULL, and
    /// two more with NULL notes.
    private func items() throws -> (Rich, [Item]) {
        let db = try Rich.inMemory()
        try db.transaction { tx in
            for (index, text) in Self.texts.enumerated() {
                try tx.insert(Item(name: text, note: index % 3 == 2 ? nil : text, code: text))
            }
            try tx.insert(Item(name: "null note 1", note: nil))
            try tx.insert(Item(name: "null note 2", note: nil))
        }
        return (db, try db.items.fetch())
    }

    /// The ids of the rows of `table` that plain SQL `condition` holds for.
    private func ids(_ db: Rich, _ condition: String, _ parameters: SQLValue...) throws -> [Int] {
        try db.pool.read {
            try $0.query(sql: "SELECT id FROM item WHERE \(condition) ORDER BY id", parameters: parameters)
        }.map { Int($0[0].integerValue!) }
    }

    private static func bytesContain(_ text: String, _ needle: String) -> Bool {
        let haystack = Array(text.utf8)
        let needle = Array(needle.utf8)
        guard needle.count <= haystack.count else { return false }
        return needle.isEmpty
            || (0...(haystack.count - needle.count)).contains { Array(haystack[$0..<$0 + needle.count]) == needle }
    }

    @Test func textTestsCompareBytesAsPlainSQLAndSwiftDo() throws {
        let (db, rows) = try items()
        defer { db.close() }
        // (SQLite's substr of an empty blob is NULL: the suffix says what it means case by case.)
        let prefix = "instr(CAST(%@ AS BLOB), CAST(?1 AS BLOB)) = 1"
        let suffix = """
            CASE WHEN %@ IS NULL THEN NULL
                 WHEN length(CAST(?1 AS BLOB)) = 0 THEN 1
                 WHEN length(CAST(%@ AS BLOB)) < length(CAST(?1 AS BLOB)) THEN 0
                 ELSE substr(CAST(%@ AS BLOB), length(CAST(%@ AS BLOB)) - length(CAST(?1 AS BLOB)) + 1) = CAST(?1 AS BLOB) END
            """
        let contains = "instr(CAST(%@ AS BLOB), CAST(?1 AS BLOB)) > 0"
        for needle in Self.needles {
            for column in ["name", "note"] {
                let value: (Item) -> String? = column == "name" ? { $0.name } : { $0.note }
                let cases: [(String, (Item.Columns) -> SQLPredicate<Item>, (String) -> Bool)] = [
                    (
                        prefix, { column == "name" ? $0.name.hasPrefix(needle) : $0.note.hasPrefix(needle) },
                        { $0.utf8.starts(with: needle.utf8) }
                    ),
                    (
                        suffix, { column == "name" ? $0.name.hasSuffix(needle) : $0.note.hasSuffix(needle) },
                        { $0.utf8.reversed().starts(with: needle.utf8.reversed()) }
                    ),
                    (
                        contains, { column == "name" ? $0.name.contains(needle) : $0.note.contains(needle) },
                        { Self.bytesContain($0, needle) }
                    ),
                ]
                for (template, predicate, swift) in cases {
                    let condition = template.replacingOccurrences(of: "%@", with: column)
                    let typed = try db.items.fetch(where: predicate).map(\.id).sorted()
                    let negated = try db.items.fetch(where: { !predicate($0) }).map(\.id).sorted()
                    let plain = try ids(db, condition, .text(needle))
                    let plainNegated = try ids(db, "NOT (\(condition))", .text(needle))
                    let inSwift = rows.filter { value($0).map(swift) == true }.map(\.id)
                    // NULL is neither matched nor matched by `!`, as in SQL.
                    let notInSwift = rows.filter { value($0).map(swift) == false }.map(\.id)
                    #expect(typed == plain, "\(column) \(template) \(needle.debugDescription)")
                    #expect(typed == inSwift, "\(column) \(template) \(needle.debugDescription)")
                    #expect(
                        negated == plainNegated && negated == notInSwift,
                        "! \(column) \(template) \(needle.debugDescription)")
                }
            }
        }
        // The cases GLOB got wrong, by name.
        func names(_ predicate: @escaping (Item.Columns) -> SQLPredicate<Item>) throws -> Set<String> {
            Set(try db.items.fetch(where: predicate).map(\.name))
        }
        #expect(try names { $0.name.hasPrefix("a\0") } == ["a\0", "a\0b", "a\0\0"])
        #expect(try names { $0.name.contains("\0") } == ["a\0", "a\0b", "ab\0", "\0", "\0a", "a\0\0", "A\0B"])
        #expect(try names { $0.name.hasSuffix("b") } == ["a\0b", "ab", "b", "Ab", "a%b", "a_b", "a\\b", "a'b", "a😀b"])
        // Wildcards are literal, case counts, and bytes are not characters: "e" starts the
        // decomposed "é" (Swift's hasPrefix says no: its first character is "é").
        #expect(try names { $0.name.hasPrefix("a%") } == ["a%b", "a%"])
        #expect(try names { $0.name.contains("_") } == ["_", "a_b"])
        #expect(try names { $0.name.hasPrefix("A") } == ["A", "Ab", "A\0B"])
        #expect(try names { $0.name.hasPrefix("e") } == ["e", "e\u{301}"])
        #expect(!"e\u{301}".hasPrefix("e"))
        #expect(try names { $0.name.hasSuffix("\u{301}") } == ["e\u{301}"])
        // The empty string is in every value, as Swift's standard library says.
        #expect(try db.items.fetchCount(where: { $0.note.hasPrefix("") }) == rows.filter { $0.note != nil }.count)
        #expect(try db.items.fetchCount(where: { $0.name.contains("") && $0.name.hasSuffix("") }) == rows.count)
        #expect("abc".hasPrefix("") && "abc".hasSuffix(""))
    }

    @Test func inMatchesNullForANilInTheList() throws {
        let (db, rows) = try items()
        defer { db.close() }
        let lists: [[String?]] = [[nil, "a"], [nil], ["a", "b", nil, "\0"], ["a"], [], ["zz", nil], [nil, nil]]
        for list in lists {
            let typed = try db.items.fetch(where: { $0.note.in(list) }).map(\.id).sorted()
            let negated = try db.items.fetch(where: { !$0.note.in(list) }).map(\.id).sorted()
            let values = list.compactMap { $0 }
            let sqlList = "note IN (" + values.map { _ in "?" }.joined(separator: ", ") + ")"
            let condition = list.contains(nil) ? "(\(sqlList) OR note IS NULL)" : sqlList
            let plain = try db.pool.read {
                try $0.query(
                    sql: "SELECT id FROM item WHERE \(condition) ORDER BY id", parameters: values.map { .text($0) })
            }.map { Int($0[0].integerValue!) }
            #expect(typed == plain, "\(list)")
            #expect(typed == rows.filter { list.contains($0.note) }.map(\.id), "\(list)")
            if list.contains(nil) {
                // Swift's `!list.contains(note)`, NULL included in the list.
                #expect(negated == rows.filter { !list.contains($0.note) }.map(\.id), "! \(list)")
            }
        }
        #expect(try db.items.fetchCount(where: { $0.note.in([nil]) }) == db.items.fetchCount(where: { $0.note == nil }))
    }

    @Test func chainsOfFiveThousandTermsAreFastAndExact() throws {
        let (db, rows) = try items()
        defer { db.close() }
        let wanted = Set([3, 5, 8, 13, 21, 34])
        let sixes = [3, 5, 8, 13, 21, 34]
        let terms: [Int] = (0..<5000).map { (index: Int) -> Int in
            index % 2 == 0 ? 10_000 + index : sixes[(index / 2) % 6]
        }

        // Built in linear time: a fold, a loop, a literal chain.
        let clock = ContinuousClock()
        let columns = Item.Columns()
        var built = SQLPredicate<Item>.none
        let building = clock.measure {
            for term in terms { built = built || columns.id == term }
        }
        #expect(building < .seconds(0.5), "building 5,000 terms took \(building)")

        let start = clock.now
        let any = try db.items.fetch(where: { c in terms.reduce(SQLPredicate.none) { $0 || c.id == $1 } }).map(\.id)
        let elapsed = clock.now - start
        #expect(elapsed < .seconds(0.5), "a query of 5,000 terms took \(elapsed)")
        // (SQLite's planner takes about a quarter of a second over 5,000 ANDed terms.)
        let all = try db.items.fetch(where: { c in terms.reduce(SQLPredicate.all) { $0 && c.id != $1 } }).map(\.id)
        #expect(any.sorted() == rows.map(\.id).filter(wanted.contains))
        #expect(all.sorted() == rows.map(\.id).filter { !wanted.contains($0) })
        #expect(try db.items.fetch(where: { _ in built }).map(\.id).sorted() == any.sorted())
        #expect(try db.items.fetchCount(where: { $0.id == 1 || $0.id == 2 || $0.id == 3 || $0.id == 99 }) == 3)
        // Mixed: an OR of 2,500 ANDs.
        let pairs = try db.items.fetch(where: { c in
            (0..<2500).reduce(SQLPredicate.none) { $0 || (c.id == $1 && c.name != "") }
        }).map(\.id)
        #expect(pairs.sorted() == rows.filter { $0.id < 2500 && $0.name != "" }.map(\.id))
    }

    @Test func tooDeepForSQLiteSaysSoAndSuggestsIn() throws {
        let (db, _) = try items()
        defer { db.close() }
        try db.pool.write { $0.setLimit(.expressionDepth, to: 40) }
        let error = #expect(throws: SQLError.self) {
            try db.items.fetch(where: { c in (1...60).reduce(SQLPredicate.none) { $0 || c.id == $1 } })
        }
        #expect(error?.message.contains("the predicate is nested too deeply for SQLite") == true)
        #expect(error?.message.contains("column.in([…])") == true)
        #expect(try db.items.fetchCount(where: { $0.id.in(Array(1...60)) }) == Self.texts.count + 2)
        // Nested parentheses: SQLite's parser stack.
        try db.pool.write { $0.setLimit(.expressionDepth, to: 1000) }
        let nested = #expect(throws: SQLError.self) {
            try db.items.fetch(where: { c in (1...150).reduce(SQLPredicate.all) { !($0 && c.id != $1) } })
        }
        #expect(nested?.message.contains("too deeply for SQLite's parser") == true)
    }

    @Test func columnsCompareWithColumnsAndExpressions() throws {
        let db = try Rich.inMemory()
        defer { db.close() }
        let day: TimeInterval = 86_400
        let base = Date(timeIntervalSince1970: 1_700_000_000)
        let specs: [(Double, Double?, Double?, Int, Int?, TimeInterval?)] = [
            (10, 4, 10, 3, 7, day), (10, 5, 9.5, 2, 5, day - 1), (10, 6, nil, 0, 1, day + 1),
            (2.5, nil, 2.5, 5, nil, nil),
            (7, 3.5, 8, 4, 9, -60), (0, 0, 0, 1, 0, 0), (-3, -1.5, -3, -2, -3, 3600), (9.99, 4.995, 1, 7, 15, 3601),
        ]
        try db.transaction { tx in
            for (index, (price, cost, weight, quantity, hex, due)) in specs.enumerated() {
                try tx.insert(
                    Item(
                        name: "item \(index)", quantity: quantity, price: price, weight: weight, cost: cost,
                        created: base, due: due.map { base + $0 }, hexValue: hex))
            }
        }
        let rows = try db.items.fetch()
        func check(
            _ predicate: @escaping (Item.Columns) -> SQLPredicate<Item>, _ sql: String, _ swift: (Item) -> Bool?,
            line: Int = #line
        ) throws {
            let typed = try db.items.fetch(where: predicate).map(\.id)
            #expect(typed == (try ids(db, sql)), "line \(line): \(sql)")
            #expect(typed == rows.filter { swift($0) == true }.map(\.id), "line \(line): \(sql)")
        }
        try check({ $0.price > $0.cost * 2 }, "price > cost * 2", { r in r.cost.map { r.price > $0 * 2 } })
        try check({ $0.price == $0.cost * 2 }, "price = cost * 2", { r in r.cost.map { r.price == $0 * 2 } })
        try check({ $0.price == $0.weight }, "price = weight", { r in r.weight.map { r.price == $0 } })
        try check({ $0.price != $0.weight }, "price <> weight", { r in r.weight.map { r.price != $0 } })
        try check({ $0.weight < $0.price }, "weight < price", { r in r.weight.map { $0 < r.price } })
        try check({ $0.weight <= $0.price }, "weight <= price", { r in r.weight.map { $0 <= r.price } })
        try check(
            { $0.price >= $0.weight + 0.5 }, "price >= weight + 0.5", { r in r.weight.map { r.price >= $0 + 0.5 } })
        try check({ $0.price - $0.cost >= 5 }, "price - cost >= 5", { r in r.cost.map { r.price - $0 >= 5 } })
        try check(
            { $0.price / $0.cost == 2 }, "price / cost = 2",
            { r in r.cost.flatMap { $0 == 0 ? nil : r.price / $0 == 2 } })
        try check(
            { $0.quantity * 2 + 1 == $0.hexValue }, "quantity * 2 + 1 = hex_value",
            { r in r.hexValue.map { r.quantity * 2 + 1 == $0 } })
        // Integers divide to an integer, toward zero, as in Swift.
        try check(
            { $0.hexValue / 2 == $0.quantity }, "hex_value / 2 = quantity",
            { r in r.hexValue.map { $0 / 2 == r.quantity } })
        try check(
            { 10 - $0.quantity > $0.hexValue }, "10 - quantity > hex_value",
            { r in r.hexValue.map { 10 - r.quantity > $0 } })
        try check(
            { ($0.price + $0.weight) * 2 < 30 }, "(price + weight) * 2 < 30",
            { r in r.weight.map { (r.price + $0) * 2 < 30 } })
        // Division by zero is NULL, never a match (Swift would divide to infinity).
        try check(
            { $0.price / $0.weight > 1 }, "price / weight > 1",
            { r in r.weight.flatMap { $0 == 0 ? nil : r.price / $0 > 1 } })
        // Dates stored alike compare as stored; arithmetic counts seconds.
        try check({ $0.created < $0.due }, "created < due", { r in r.due.map { r.created < $0 } })
        try check(
            { $0.due >= $0.created + day }, "strftime('%s', due) - strftime('%s', created) >= 86400",
            { r in r.due.map { $0 >= r.created + day } })
        try check(
            { $0.due - $0.created > 3600 }, "strftime('%s', due) - strftime('%s', created) > 3600",
            { r in r.due.map { $0.timeIntervalSince(r.created) > 3600 } })
        try check(
            { $0.due - 60 == $0.created - 120 }, "strftime('%s', due) - 60 = strftime('%s', created) - 120",
            { r in r.due.map { $0 - 60 == r.created - 120 } })
        try check(
            { $0.due - $0.created < 0 || $0.due == nil }, "due < created OR due IS NULL",
            { r in r.due.map { $0 < r.created } ?? true })
    }

    @Test func datesStoredDifferentlyCompareInSeconds() throws {
        let db = try Ported.inMemory()
        defer { db.close() }
        let at = Date(timeIntervalSince1970: 1_588_748_889)
        try db.transaction { tx in
            for (index, offset) in [-1.0, 0, 1, 3600, nil].enumerated() {
                try tx.insert(LegacyPost(title: "post \(index)", publishedAt: at, stamp: offset.map { at + $0 }))
            }
            try tx.insert(LegacyPost(title: "no date", publishedAt: nil, stamp: at))
        }
        let rows = try db.legacyPosts.fetch()
        func check(
            _ predicate: @escaping (LegacyPost.Columns) -> SQLPredicate<LegacyPost>, _ sql: String,
            _ swift: (LegacyPost) -> Bool?, line: Int = #line
        ) throws {
            let typed = try db.legacyPosts.fetch(where: predicate).map(\.id)
            let plain = try db.pool.read { try $0.query(sql: "SELECT id FROM legacy_post WHERE \(sql) ORDER BY id") }
                .map { Int($0[0].integerValue!) }
            #expect(typed == plain, "line \(line): \(sql)")
            #expect(typed == rows.filter { swift($0) == true }.map(\.id), "line \(line): \(sql)")
        }
        let published = "CAST(strftime('%s', published_at) AS INTEGER)"
        try check(
            { $0.stamp > $0.publishedAt }, "stamp > \(published)",
            { r in r.stamp.flatMap { s in r.publishedAt.map { s > $0 } } })
        try check(
            { $0.stamp == $0.publishedAt }, "stamp = \(published)",
            { r in r.stamp.flatMap { s in r.publishedAt.map { s == $0 } } })
        try check(
            { $0.publishedAt <= $0.stamp }, "\(published) <= stamp",
            { r in r.stamp.flatMap { s in r.publishedAt.map { $0 <= s } } })
        try check(
            { $0.stamp >= $0.publishedAt + 3600 }, "stamp >= \(published) + 3600",
            { r in r.stamp.flatMap { s in r.publishedAt.map { s >= $0 + 3600 } } })
        try check(
            { $0.stamp - $0.publishedAt < 1 }, "stamp - \(published) < 1",
            { r in r.stamp.flatMap { s in r.publishedAt.map { s.timeIntervalSince($0) < 1 } } })
    }

    @Test func dataComparesAsItsBytes() throws {
        let db = try Rich.inMemory()
        defer { db.close() }
        try db.transaction { tx in
            try tx.insert(Item(name: "cafe"))
            try tx.insert(Item(name: "empty", photo: []))
            try tx.insert(Item(name: "none", photo: nil))
            try tx.insert(Item(name: "nul", photo: [0, 1, 0]))
        }
        func names(_ predicate: @escaping (Item.Columns) -> SQLPredicate<Item>) throws -> [String] {
            try db.items.fetch(where: predicate).map(\.name)
        }
        #expect(try names { $0.photo == Data([0xCA, 0xFE]) } == ["cafe"])
        #expect(try names { $0.photo == Data() } == ["empty"])
        #expect(try names { $0.photo == Data([0, 1, 0]) } == ["nul"])
        #expect(try names { $0.photo != Data([0xCA, 0xFE]) } == ["empty", "nul"])
        #expect(try names { $0.photo == Data?.none } == ["none"])
        #expect(try names { $0.photo != Data?.none } == ["cafe", "empty", "nul"])
        #expect(try names { $0.photo.in([Data([0, 1, 0]), nil]) } == ["none", "nul"])
        #expect(try names { $0.photo == [0xCA, 0xFE] } == ["cafe"])
        #expect(try names { $0.photo == $0.photo } == ["cafe", "empty", "nul"])
    }

    @Test func sqlFragmentsBindTheirValuesAndMixWithTypedPredicates() throws {
        let db = try Contacts.inMemory()
        defer { db.close() }
        try db.transaction { tx in
            for (name, title) in [
                ("Ada", "Countess"), ("Grace", nil), ("ada", nil), ("Jo'anne", "Dr"), ("ADA", "Dr"), ("Bob", nil),
            ] {
                try tx.insert(Person(name: name, title: title))
            }
            let ada = try tx.people.fetchOne(where: { $0.name == "Ada" })!
            try tx.insert(Address(street: "Main St", city: "Paris", personId: ada.personId))
            try tx.insert(Address(street: "Elm St", city: "O'Hare", personId: 4))
        }
        func ids(_ predicate: @escaping (Person.Columns) -> SQLPredicate<Person>) throws -> [Int] {
            try db.people.fetch(where: predicate).map(\.personId)
        }
        func plain(_ condition: String, _ parameters: SQLValue...) throws -> [Int] {
            try db.pool.read {
                try $0.query(
                    sql: "SELECT person_id FROM person WHERE \(condition) ORDER BY person_id", parameters: parameters)
            }
            .map { Int($0[0].integerValue!) }
        }
        let name = "ADA"
        #expect(
            try ids { $0.id > 2 && "lower(name) = lower(\(name))" }
                == plain("person_id > 2 AND lower(name) = lower(?)", .text(name)))
        #expect(try ids { $0.id > 2 && "lower(name) = lower(\(name))" } == [3, 5])
        // Bound, never spliced.
        let hostile = "x' OR '1'='1"
        #expect(try ids { _ in "name = \(hostile)" }.isEmpty)
        #expect(try ids { _ in "name = \("Jo'anne")" } == [4])
        // A literal without interpolation; with ||, ! and NULL values.
        #expect(try ids { "title IS NULL" || $0.name == "Ada" } == plain("title IS NULL OR name = 'Ada'"))
        #expect(try ids { !"title IS NULL" && $0.id != 1 } == [4, 5])
        let none: String? = nil
        #expect(try ids { _ in "coalesce(title, 'x') = coalesce(\(none), 'x')" } == [2, 3, 6])
        // Columns by name, lists, numbers and bytes.
        let wanted = [1, 4, 6, 99]
        #expect(try ids { "\($0.id) IN \(list: wanted) AND length(\($0.name)) > \(2)" } == [1, 4, 6])
        #expect(try ids { "\($0.id) IN \(list: [Int]())" }.isEmpty)
        #expect(try ids { _ in "hex(CAST(name AS BLOB)) = hex(\(Data("Bob".utf8)))" } == [6])
        // Two fragments never share a statement; the same fragment reuses its own.
        for _ in 0..<3 {
            #expect(try ids { _ in "name = \("Dr")" }.isEmpty)
            #expect(try ids { _ in "title = \("Dr")" } == [4, 5])
            #expect(try ids { _ in "name = \("Bob")" } == [6])
        }
        // Counts, deletes and joins take fragments too (qualified names in a join).
        #expect(try db.people.fetchCount(where: { _ in "name LIKE \("a%")" }) == 3)
        let pairs = try db.addresses.join(
            \.person, where: { address, person in "\(address.city) = \("O'Hare") AND \(person.title) = 'Dr'" })
        #expect(pairs.map(\.1.name) == ["Jo'anne"])
        // The text tests in a join: the affinity of both tables' columns.
        let joined = try db.addresses.join(
            \.person, where: { address, person in person.name.hasPrefix("A") && address.city.hasPrefix("P") })
        #expect(joined.map(\.0.street) == ["Main St"])
        let left = try db.addresses.leftJoin(
            \.person, where: { address, person in address.city.hasSuffix("are") || person.title.contains("\0") })
        #expect(left.map(\.1?.name) == ["Jo'anne"])
        #expect(try db.people.delete(where: { _ in "name = \("Bob")" }) == 1)
    }

    @Test func aBadFragmentThrowsQuotingIt() throws {
        let db = try Contacts.inMemory()
        defer { db.close() }
        try db.insert(Person(name: "Ada", title: nil))
        let misspelt = #expect(throws: SQLError.self) {
            try db.people.fetch(where: { $0.id > 0 && "lower(nmae) = \("ada")" })
        }
        #expect(misspelt?.message.contains("no such column: nmae") == true)
        #expect(misspelt?.message.contains("in the SQL fragment \"lower(nmae) = ?\"") == true)
        let syntax = #expect(throws: SQLError.self) { try db.people.fetchCount(where: { _ in "name = = 1" }) }
        #expect(syntax?.message.contains("\"name = = 1\"") == true)
        // Parameters of its own would shift every value after them.
        let parameter = #expect(throws: SQLError.self) { try db.people.fetch(where: { "name = ?" && $0.id == 1 }) }
        #expect(parameter?.code == .misuse)
        #expect(parameter?.message.contains("by interpolation") == true)
        #expect(parameter?.message.contains("\"name = ?\"") == true)
        // The connection goes on.
        #expect(try db.people.fetch(where: { _ in "name = \("Ada")" }).count == 1)
    }

    @Test func theAttachedStyleTakesEveryForm() throws {
        let directory = TemporaryDirectory()
        let db = try sqlite3_create_contacts(directory.path("attached.sqlite"))
        defer { sqlite3_close_v2(db) }
        var ada = Person(name: "Ada")
        try ada.insert(into: db)
        var grace = Person(name: "Grace", title: "Rear\0Admiral")
        try grace.insert(into: db)
        #expect(try Person.fetch(in: db, where: { $0.title.contains("\0") }) == [grace])
        #expect(try Person.fetch(in: db, where: { $0.title.hasPrefix("Rear\0A") }) == [grace])
        #expect(try Person.fetch(in: db, where: { $0.title.in([nil]) }) == [ada])
        #expect(try Person.fetch(in: db, where: { $0.id > 0 && "lower(name) = \("ada")" }) == [ada])
        #expect(try Person.fetchCount(in: db, where: { $0.personId < $0.personId + 1 }) == 2)
        #expect(try Person.delete(in: db, where: { $0.name == $0.title }) == 0)
        let error = #expect(throws: SQLError.self) { try Person.fetch(in: db, where: { _ in "nmae = 1" }) }
        #expect(error?.message.contains("no such column: nmae — in the SQL fragment \"nmae = 1\"") == true)
    }
}
