import Foundation
import SlateRecords
import SlateTestSupport
import Testing

#if Postgres
import SlatePostgres

/// Review of issue 33's PostgreSQL work: the reported "fourth query returned the second's
/// rows" sequence on the generated Market database, run on PostgreSQL in both orders and
/// interleaved with SQLite, each answer checked exactly.
@Suite(.enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipReason))
struct Review34Tests {
    static let day = Date(timeIntervalSince1970: 1_700_000_000)

    static func user(
        _ name: String, mail: String? = nil, active: Bool = true, score: Double? = nil, days: Int
    )
        -> Market.User
    {
        Market.User(
            name: name, eMail: mail, active: active, score: score,
            joined: day.addingTimeInterval(Double(days) * 86_400))
    }

    static let users = [
        user("Ann", mail: "ann@x", score: 2.5, days: 1),
        user("Bo", active: false, score: 1.0, days: 2),
        user("Cy", mail: "cy@x", days: 3),
        user("Al", mail: "al@x", score: 4.0, days: 4),
    ]

    func withBoth(_ body: (Market, Market.Postgres) async throws -> Void) async throws {
        try await withBothMarkets(prefix: "slate_review34") { sqlite, postgres in
            _ = try await sqlite.insert(contentsOf: Self.users)
            _ = try await postgres.insert(contentsOf: Self.users)
            try await body(sqlite, postgres)
        }
    }

    /// The four queries of the report, by number, with the names each must return.
    enum Step: Int, CaseIterable {
        case activeScored = 1
        case noMail, prefixed, joinedSince

        var expected: [String] {
            switch self {
            case .activeScored: return ["Ann", "Al"]
            case .noMail: return ["Bo"]
            case .prefixed: return ["Ann", "Al"]
            case .joinedSince: return ["Cy", "Al"]
            }
        }

        func run(_ postgres: Market.Postgres) async throws -> [String] {
            let since = Review34Tests.day.addingTimeInterval(3 * 86_400)
            switch self {
            case .activeScored:
                return try await postgres.users.fetch(
                    where: { $0.active == true && $0.score > 1.5 }, orderBy: { $0.name.descending }, limit: 2
                ).map(\.name)
            case .noMail:
                return try await postgres.users.fetch(where: { $0.eMail == nil }).map(\.name)
            case .prefixed:
                return try await postgres.users.fetch(where: { $0.name.hasPrefix("A") }, orderBy: { $0.id.ascending })
                    .map(\.name)
            case .joinedSince:
                return try await postgres.users.fetch(where: { $0.joined >= since }, orderBy: { $0.joined.ascending })
                    .map(\.name)
            }
        }

        func run(_ sqlite: Market) async throws -> [String] {
            let since = Review34Tests.day.addingTimeInterval(3 * 86_400)
            switch self {
            case .activeScored:
                return try await sqlite.users.fetch(
                    where: { $0.active == true && $0.score > 1.5 }, orderBy: { $0.name.descending }, limit: 2
                ).map(\.name)
            case .noMail:
                return try await sqlite.users.fetch(where: { $0.eMail == nil }).map(\.name)
            case .prefixed:
                return try await sqlite.users.fetch(where: { $0.name.hasPrefix("A") }, orderBy: { $0.id.ascending })
                    .map(\.name)
            case .joinedSince:
                return try await sqlite.users.fetch(where: { $0.joined >= since }, orderBy: { $0.joined.ascending })
                    .map(\.name)
            }
        }
    }

    @Test(arguments: [
        [1, 2, 3, 4], [4, 3, 2, 1], [2, 4], [4, 2], [1, 2, 3, 4, 1, 2, 3, 4], [4, 2, 3, 1, 4, 2],
    ])
    func reportedSequenceOnPostgres(_ order: [Int]) async throws {
        try await withBoth { _, postgres in
            for number in order {
                let step = Step(rawValue: number)!
                let got = try await step.run(postgres)
                #expect(got == step.expected, "step \(number) of \(order)")
            }
        }
    }

    @Test(arguments: [[1, 2, 3, 4], [4, 3, 2, 1]])
    func reportedSequenceInterleavedWithSQLite(_ order: [Int]) async throws {
        try await withBoth { sqlite, postgres in
            for number in order + order.reversed() {
                let step = Step(rawValue: number)!
                let got = try await step.run(sqlite)
                #expect(got == step.expected, "SQLite step \(number)")
                let gotPostgres = try await step.run(postgres)
                #expect(gotPostgres == step.expected, "PostgreSQL step \(number)")
            }
        }
    }

    /// The same sequence inside one transaction (one connection, the statements prepared
    /// on it) and from several tasks at once.
    @Test func reportedSequenceInTransactionAndConcurrently() async throws {
        try await withBoth { _, postgres in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for task in 0..<6 {
                    group.addTask {
                        let order = task.isMultiple(of: 2) ? [1, 2, 3, 4] : [4, 3, 2, 1]
                        for number in order + order {
                            let step = Step(rawValue: number)!
                            let got = try await step.run(postgres)
                            #expect(got == step.expected, "task \(task) step \(number)")
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
    }
    /// A fragment's value meets no column, so its placeholder's type was the type of the
    /// value the statement was first rendered with, and the statement is cached by shape:
    /// after a run with nil (typed text), a run with a number threw "parameter $1 is no
    /// text", while the other order worked. Each run now binds its own value's type.
    @Test func fragmentValueTypeIsEachRunsOwn() async throws {
        try await withBoth { sqlite, postgres in
            // Two fragments of their own text: the statement cache outlives the database.
            for missing: Int? in [nil, 5, nil] {
                let expected = missing == nil ? 4 : 0
                let got = try await postgres.users.fetch(where: { _ in
                    "coalesce(\(missing), 0) = 0 AND 'nil first' <> ''"
                })
                #expect(got.count == expected, "nil first, \(String(describing: missing))")
                let onSQLite = try await sqlite.users.fetch(where: { _ in
                    "coalesce(\(missing), 0) = 0 AND 'nil first' <> ''"
                })
                #expect(onSQLite.count == expected)
            }
            for missing: Int? in [5, nil, 5] {
                let expected = missing == nil ? 4 : 0
                let got = try await postgres.users.fetch(where: { _ in
                    "coalesce(\(missing), 0) = 0 AND 'number first' <> ''"
                })
                #expect(got.count == expected, "number first, \(String(describing: missing))")
            }
            // A text after a number: the type follows the value too.
            for value: String? in [nil, "Bo"] {
                let got = try await postgres.users.fetch(where: { "\($0.name) = \(value)" })
                #expect(got.map(\.name) == (value == nil ? [] : ["Bo"]))
            }
        }
    }
}
#endif
