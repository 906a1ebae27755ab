import Foundation
import SlateRecords
import SlateTestSupport
import Testing

/// Typed queries of many shapes on one database share each connection's statement cache
/// (SQLQueryCache): every query must get its own shape's statement, whatever ran before
/// it, on which reader, from how many tasks at once.
@Suite struct QueryCacheShapeTests {
    static let day = Date(timeIntervalSince1970: 1_700_000_000)

    static func user(
        _ name: String, mail: String? = nil, active: Bool = true, score: Double? = nil, days: Int = 0
    ) -> Market.User {
        Market.User(
            name: name, eMail: mail, active: active, score: score,
            joined: day.addingTimeInterval(Double(days) * 86_400))
    }

    static func seeded(_ directory: TemporaryDirectory) async throws -> Market {
        let db = try Market.bootstrap(at: directory.path("market.sqlite"))
        _ = try await db.insert(contentsOf: [
            user("Ann", mail: "ann@x", score: 2.5, days: 1),
            user("Bo", active: false, score: 1.0, days: 2),
            user("Cy", mail: "cy@x", days: 3),
            user("Al", mail: "al@x", score: 4.0, days: 4),
        ])
        return db
    }

    /// The sequence that returned the second query's rows for the fourth.
    @Test func theReportedSequenceGetsEachQuerysOwnRows() async throws {
        let directory = TemporaryDirectory()
        let db = try await Self.seeded(directory)
        let active = try await db.users.fetch(
            where: { $0.active == true && $0.score > 1.5 }, orderBy: { $0.name.descending }, limit: 2)
        #expect(active.map(\.name) == ["Ann", "Al"])
        let noMail = try await db.users.fetch(where: { $0.eMail == nil })
        #expect(noMail.map(\.name) == ["Bo"])
        let prefixed = try await db.users.fetch(where: { $0.name.hasPrefix("A") }, orderBy: { $0.id.ascending })
        #expect(prefixed.map(\.name) == ["Ann", "Al"])
        let later = try await db.users.fetch(
            where: { $0.joined >= Self.day.addingTimeInterval(3 * 86_400) }, orderBy: { $0.joined.ascending })
        #expect(later.map(\.name) == ["Cy", "Al"])
    }

    typealias User = Market.User
    typealias Columns = User.Columns

    /// One typed query and what it must return, computed in Swift over every row.
    struct Case: Sendable {
        let label: String
        let predicateLabel: String
        let predicate: @Sendable (Columns) -> SQLPredicate<User>
        let matches: @Sendable (User) -> Bool
        let order: Order
        let limit: Int?
        let offset: Int?

        func expected(_ rows: [User]) -> [User] {
            var kept = rows.filter(matches).sorted(by: order.precedes)
            if let offset { kept = Array(kept.dropFirst(offset)) }
            if let limit { kept = Array(kept.prefix(limit)) }
            return kept
        }

        /// The rows as SQLite returned them; without an order, sorted by id to compare.
        func normalized(_ rows: [User]) -> [User] {
            order == .none ? rows.sorted { $0.id < $1.id } : rows
        }

        func fetch(_ db: Market) async throws -> [User] {
            normalized(
                try await db.users.fetch(where: predicate, orderBy: order.sql, limit: limit, offset: offset))
        }

        func fetch(_ store: some Market.Tables) throws -> [User] {
            normalized(try store.users.fetch(where: predicate, orderBy: order.sql, limit: limit, offset: offset))
        }
    }

    /// Orders SQL and Swift agree on: each ends with the key, so no two rows tie.
    enum Order: CaseIterable, Sendable {
        case none, idAscending, idDescending, nameDescending, joinedAscending, scoreAscending, mailDescending,
            activeThenName

        var sql: (@Sendable (Columns) -> SQLOrder<User>)? {
            switch self {
            case .none: return nil
            case .idAscending: return { $0.id.ascending }
            case .idDescending: return { $0.id.descending }
            case .nameDescending: return { $0.name.descending.then($0.id.ascending) }
            case .joinedAscending: return { $0.joined.ascending.then($0.id.ascending) }
            case .scoreAscending: return { $0.score.ascending.then($0.id.ascending) }
            case .mailDescending: return { $0.eMail.descending.then($0.id.ascending) }
            case .activeThenName: return { $0.active.descending.then($0.name.ascending).then($0.id.ascending) }
            }
        }

        /// SQLite's order: NULL before every value (names and mails are ASCII, so
        /// Swift's `<` is SQLite's byte order), false before true.
        func precedes(_ a: User, _ b: User) -> Bool {
            func compare<T: Comparable>(_ x: T?, _ y: T?) -> Int {
                switch (x, y) {
                case (nil, nil): return 0
                case (nil, _): return -1
                case (_, nil): return 1
                case (let x?, let y?): return x < y ? -1 : x > y ? 1 : 0
                }
            }
            let byID = compare(a.id, b.id)
            let first: Int
            switch self {
            case .none, .idAscending: return byID < 0
            case .idDescending: return byID > 0
            case .nameDescending: first = -compare(a.name, b.name)
            case .joinedAscending: first = compare(a.joined, b.joined)
            case .scoreAscending: first = compare(a.score, b.score)
            case .mailDescending: first = -compare(a.eMail, b.eMail)
            case .activeThenName:
                let active = -compare(a.active ? 1 : 0, b.active ? 1 : 0)
                first = active != 0 ? active : compare(a.name, b.name)
            }
            return first != 0 ? first < 0 : byID < 0
        }
    }

    static func at(_ days: Int) -> Date { day.addingTimeInterval(Double(days) * 86_400) }

    /// Predicates over every column kind: each comparison operator, NULL and not NULL,
    /// text tests, in-lists, ranges, and their combinations (Swift's answer beside each).
    static let predicates: [(String, @Sendable (Columns) -> SQLPredicate<User>, @Sendable (User) -> Bool)] = [
        ("id == 5", { $0.id == 5 }, { $0.id == 5 }),
        ("id != 5", { $0.id != 5 }, { $0.id != 5 }),
        ("id < 5", { $0.id < 5 }, { $0.id < 5 }),
        ("id <= 5", { $0.id <= 5 }, { $0.id <= 5 }),
        ("id > 5", { $0.id > 5 }, { $0.id > 5 }),
        ("id >= 5", { $0.id >= 5 }, { $0.id >= 5 }),
        ("id in", { $0.id.in([1, 3, 5, 11]) }, { [1, 3, 5, 11].contains($0.id) }),
        ("id between", { $0.id.between(3, and: 7) }, { (3...7).contains($0.id) }),
        ("name == Al", { $0.name == "Al" }, { $0.name == "Al" }),
        ("name != Al", { $0.name != "Al" }, { $0.name != "Al" }),
        ("name < C", { $0.name < "C" }, { $0.name < "C" }),
        ("name >= C", { $0.name >= "C" }, { $0.name >= "C" }),
        ("name prefix A", { $0.name.hasPrefix("A") }, { $0.name.hasPrefix("A") }),
        ("name prefix B", { $0.name.hasPrefix("B") }, { $0.name.hasPrefix("B") }),
        ("not name prefix A", { !$0.name.hasPrefix("A") }, { !$0.name.hasPrefix("A") }),
        ("mail == nil", { $0.eMail == nil }, { $0.eMail == nil }),
        ("mail != nil", { $0.eMail != nil }, { $0.eMail != nil }),
        ("mail == al@x", { $0.eMail == "al@x" }, { $0.eMail == "al@x" }),
        ("mail > b", { $0.eMail > "b" }, { $0.eMail.map { $0 > "b" } ?? false }),
        ("mail prefix c", { $0.eMail.hasPrefix("c") }, { $0.eMail?.hasPrefix("c") ?? false }),
        ("active", { $0.active == true }, { $0.active }),
        ("inactive", { $0.active == false }, { !$0.active }),
        ("active != true", { $0.active != true }, { !$0.active }),
        ("score == nil", { $0.score == nil }, { $0.score == nil }),
        ("score != nil", { $0.score != nil }, { $0.score != nil }),
        ("score > 1.5", { $0.score > 1.5 }, { $0.score.map { $0 > 1.5 } ?? false }),
        ("score <= 2.5", { $0.score <= 2.5 }, { $0.score.map { $0 <= 2.5 } ?? false }),
        ("score == 1", { $0.score == 1.0 }, { $0.score == 1.0 }),
        ("joined >= 3", { $0.joined >= Self.at(3) }, { $0.joined >= Self.at(3) }),
        ("joined < 3", { $0.joined < Self.at(3) }, { $0.joined < Self.at(3) }),
        ("joined == 2", { $0.joined == Self.at(2) }, { $0.joined == Self.at(2) }),
        ("joined > 2", { $0.joined > Self.at(2) }, { $0.joined > Self.at(2) }),
        ("joined <= 4", { $0.joined <= Self.at(4) }, { $0.joined <= Self.at(4) }),
        (
            "active && score > 1.5", { $0.active == true && $0.score > 1.5 },
            { $0.active && ($0.score.map { $0 > 1.5 } ?? false) }
        ),
        ("mail nil || score nil", { $0.eMail == nil || $0.score == nil }, { $0.eMail == nil || $0.score == nil }),
        (
            "joined >= 3 && mail != nil", { $0.joined >= Self.at(3) && $0.eMail != nil },
            { $0.joined >= Self.at(3) && $0.eMail != nil }
        ),
        (
            "!(active) || id > 8", { !($0.active == true) || $0.id > 8 }, { !$0.active || $0.id > 8 }
        ),
    ]

    /// Every predicate with several orders and limits: a few hundred distinct shapes.
    static let cases: [Case] = {
        let windows: [(Int?, Int?)] = [(nil, nil), (2, nil), (1, nil), (3, 1), (nil, 2)]
        var cases: [Case] = []
        for (index, (label, predicate, matches)) in predicates.enumerated() {
            for (step, order) in Order.allCases.enumerated() {
                // Each predicate meets every order, and each order every window.
                let (limit, offset) = windows[(index + step) % windows.count]
                // Without an order, a limit picks rows SQL leaves unspecified.
                if order == .none, limit != nil || offset != nil { continue }
                cases.append(
                    Case(
                        label: "\(label) \(order) limit \(limit.map(String.init) ?? "-") offset "
                            + "\(offset.map(String.init) ?? "-")",
                        predicateLabel: label, predicate: predicate, matches: matches, order: order, limit: limit,
                        offset: offset))
            }
        }
        return cases
    }()

    /// Twelve users: NULL and non-NULL mails and scores, both flags, a day each.
    static func seededMany(_ directory: TemporaryDirectory, readers: Int = 4) async throws -> (Market, [User]) {
        var configuration = SQLPool.Configuration()
        configuration.maximumReaderCount = readers
        let db = try Market.bootstrap(at: directory.path("many.sqlite"), configuration: configuration)
        let names = ["Ann", "Bo", "Cy", "Al", "Dee", "Ed", "Bea", "Flo", "Gus", "Amy", "Hal", "Cat"]
        let users = names.enumerated().map { index, name in
            user(
                name, mail: index % 3 == 1 ? nil : "\(name.lowercased())@x", active: index % 4 != 1,
                score: index % 5 == 2 ? nil : Double(index % 6) * 0.5 + 1.0, days: (index * 7) % 9)
        }
        _ = try await db.insert(contentsOf: users)
        let stored = try await db.users.fetch(orderBy: { $0.id.ascending })
        #expect(stored.count == 12)
        return (db, stored)
    }

    /// A deterministic shuffle (SplitMix64), so a failure replays.
    struct Shuffle: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test func casesCoverManyShapes() {
        #expect(Self.cases.count == 267)
    }

    /// Every shape, in one order then another, on one database from one task: each
    /// answer is Swift's.
    @Test func everyShapeInShuffledOrdersGetsItsOwnRows() async throws {
        let directory = TemporaryDirectory()
        let (db, rows) = try await Self.seededMany(directory)
        var failures = 0
        for seed in 1...3 {
            var random = Shuffle(state: UInt64(seed))
            for query in Self.cases.shuffled(using: &random) {
                let got = try await query.fetch(db)
                if got != query.expected(rows) {
                    failures += 1
                    Issue.record("\(query.label): got \(got.map(\.name)), expected \(query.expected(rows).map(\.name))")
                }
            }
        }
        #expect(failures == 0)
    }

    /// Eight tasks at once over four readers, each running every shape in its own order
    /// twice: 8 × 2 × 267 answers, every one Swift's.
    @Test func concurrentTasksOverSeveralReadersEachGetTheirOwnRows() async throws {
        let directory = TemporaryDirectory()
        let (db, rows) = try await Self.seededMany(directory)
        let results = try await withThrowingTaskGroup(of: (Int, [String]).self) { group in
            for task in 0..<8 {
                group.addTask {
                    var random = Shuffle(state: UInt64(100 + task))
                    var checked = 0
                    var wrong: [String] = []
                    for _ in 0..<2 {
                        for query in Self.cases.shuffled(using: &random) {
                            let got = try await query.fetch(db)
                            checked += 1
                            if got != query.expected(rows) { wrong.append(query.label) }
                        }
                    }
                    return (checked, wrong)
                }
            }
            var all: [(Int, [String])] = []
            for try await result in group { all.append(result) }
            return all
        }
        #expect(results.map(\.0).reduce(0, +) == 8 * 2 * Self.cases.count)
        #expect(results.flatMap(\.1) == [])
    }

    /// The synchronous API on the database and inside a transaction (the writer's cache),
    /// shuffled, interleaved with counts of the same predicates.
    @Test func synchronousCallsAndTransactionsGetTheirOwnRows() async throws {
        let directory = TemporaryDirectory()
        let (db, rows) = try await Self.seededMany(directory)
        let wrong = try Self.synchronousWrong(db, rows)
        #expect(wrong == [])
    }

    /// The labels of the cases the synchronous calls got wrong.
    static func synchronousWrong(_ db: Market, _ rows: [User]) throws -> [String] {
        var random = Shuffle(state: 7)
        var wrong: [String] = []
        for query in cases.shuffled(using: &random) {
            if try query.fetch(db) != query.expected(rows) { wrong.append("sync " + query.label) }
            if try db.users.fetchCount(where: query.predicate) != rows.filter(query.matches).count {
                wrong.append("count " + query.label)
            }
        }
        let order = cases.shuffled(using: &random)
        let inTransaction = try db.transaction { tx in
            try order.map { query in try query.fetch(tx) == query.expected(rows) ? nil : query.label }
        }
        return wrong + inTransaction.compactMap { $0 }.map { "transaction " + $0 }
    }

    /// More shapes than a connection's cache keeps (128): in-lists of 1 to 300 ids, each
    /// followed by one of the reported queries, so the cache starts over many times with
    /// the reported shapes in it. Every answer is Swift's.
    @Test func startingTheCacheOverKeepsEveryShapesOwnRows() async throws {
        let directory = TemporaryDirectory()
        let (db, rows) = try await Self.seededMany(directory, readers: 2)
        let wrong = try Self.wrongPastCapacity(db, rows)
        #expect(wrong == [], "\(wrong.prefix(5))")
    }

    static func wrongPastCapacity(_ db: Market, _ rows: [User]) throws -> [String] {
        let labels = ["active && score > 1.5", "mail == nil", "name prefix A", "joined >= 3"]
        let reported = cases.filter { labels.contains($0.predicateLabel) }
        guard reported.count == 4 * Order.allCases.count - 3 else { return ["reported cases: \(reported.count)"] }
        var wrong: [String] = []
        var checked = 0
        for length in 1...300 {
            let ids = Array(1...length)
            let got = try db.users.fetch(where: { $0.id.in(ids) }, orderBy: { $0.id.ascending })
            if got != rows.filter({ ids.contains($0.id) }) { wrong.append("in-list of \(length)") }
            let query = reported[length % reported.count]
            if try query.fetch(db) != query.expected(rows) { wrong.append("after \(length): " + query.label) }
            checked += 2
        }
        if checked != 600 { wrong.append("checked \(checked)") }
        return wrong
    }

    /// Every pair of plain shapes (no order, no limit: the cache's fast path compares them
    /// without building a key) back to back on one connection, a transaction's: the
    /// second of each pair gets its own rows, never the first's.
    @Test func everyPairOfPlainShapesBackToBackGetsItsOwnRows() async throws {
        let directory = TemporaryDirectory()
        let (db, rows) = try await Self.seededMany(directory)
        let (checked, wrong) = try Self.wrongBackToBack(db, rows)
        #expect(Self.predicates.count == 37)
        #expect(checked == 2 * 37 * 37)
        #expect(wrong == [], "\(wrong.prefix(5))")
    }

    static func wrongBackToBack(_ db: Market, _ rows: [User]) throws -> (Int, [String]) {
        let plain = predicates.map { label, predicate, matches in
            Case(
                label: label, predicateLabel: label, predicate: predicate, matches: matches, order: .none, limit: nil,
                offset: nil)
        }
        return try db.transaction { tx in
            var checked = 0
            var wrong: [String] = []
            for first in plain {
                for second in plain {
                    for query in [first, second] {
                        checked += 1
                        if try query.fetch(tx) != query.expected(rows) {
                            wrong.append("\(query.label) after \(first.label)")
                        }
                    }
                }
            }
            return (checked, wrong)
        }
    }
}
