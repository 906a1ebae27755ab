import Foundation
import Slate
import SlateRecords
import SlateTestSupport
import Testing

#if Postgres
import SlatePostgres

/// A fragment's nil on PostgreSQL: the server types a bare `$1` from where it stands, and
/// cannot where nothing says (`$1 IS NULL`: SQLSTATE 42P18). A value interpolated from a
/// Swift type that says its type (numbers, Bool, text, dates, UUIDs, bytes, and raw-value
/// enums of those) is bound as that type, nil included, so both engines answer the same.
@Suite(.enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipReason))
struct FragmentValueTypeTests {
    enum Kind: String, SQLBindable { case a, b }

    /// A type of the app's own: it says no type, so a nil is bound untyped.
    struct Tag: SQLBindable {
        var text: String
        func bind(to statement: SQLStatement, at index: Int32) throws { try text.bind(to: statement, at: index) }
        var sqlValue: SQLValue { .text(text) }
    }

    /// A number type of the app's own that binds as a double.
    struct Cents: SQLBindable {
        var cents: Int
        func bind(to statement: SQLStatement, at index: Int32) throws {
            try (Double(cents) / 100).bind(to: statement, at: index)
        }
        var sqlValue: SQLValue { .float(Double(cents) / 100) }
    }

    func names(_ users: [Market.User]) -> [String] { users.map(\.name).sorted() }

    @Test func aNilOfAKnownTypeIsTypedOnBothEngines() async throws {
        try await Review34Tests().withBoth { sqlite, postgres in
            // The optional filter: no bound, every user; a bound, those above it.
            for bound: Double? in [nil, 2.0, nil, 3.0] {
                let expected = bound == nil ? ["Al", "Ann", "Bo", "Cy"] : bound == 2.0 ? ["Al", "Ann"] : ["Al"]
                let onSQLite = try await sqlite.users.fetch(where: {
                    "\(bound) IS NULL OR \($0.score) > \(bound)"
                })
                let onPostgres = try await postgres.users.fetch(where: {
                    "\(bound) IS NULL OR \($0.score) > \(bound)"
                })
                #expect(names(onSQLite) == expected, "\(String(describing: bound))")
                #expect(names(onPostgres) == expected, "\(String(describing: bound))")
            }
            let none: Int? = nil
            let noText: String? = nil
            let noFlag: Bool? = nil
            let noDate: Date? = nil
            let noUUID: UUID? = nil
            let noBytes: [UInt8]? = nil
            let noKind: Kind? = nil
            let cases: [(String, SQLPredicate<Market.User>, Int)] = [
                ("Int? IS NULL", "\(none) IS NULL", 4),
                ("String? IS NULL", "\(noText) IS NULL", 4),
                ("Bool? IS NOT NULL", "\(noFlag) IS NOT NULL", 0),
                ("Date? IS NULL", "\(noDate) IS NULL", 4),
                ("UUID? IS NULL", "\(noUUID) IS NULL", 4),
                ("[UInt8]? IS NULL", "\(noBytes) IS NULL", 4),
                ("Kind? IS NULL", "\(noKind) IS NULL", 4),
                ("Kind IS NOT NULL", "\(Kind.b) IS NOT NULL", 4),
                ("coalesce(Int?, 0)", "coalesce(\(none), 0) = 0", 4),
                ("coalesce(String?, 'x')", "coalesce(\(noText), 'x') = 'x'", 4),
                ("Int = 5", "\(5) = 5", 4),
                // A nil Date?/Bool? against a typed column: its type is the column's.
                ("Date? vs joined", "\(noDate) IS NULL OR joined > \(noDate)", 4),
                ("Bool? vs active", "\(noFlag) IS NULL OR active = \(noFlag)", 4),
                // A value is bound by its own type, never cast to its Swift type's.
                ("Cents = 12.5", "\(Cents(cents: 1250)) = 12.5", 4),
                ("Cents? = 12.5", "\(Optional(Cents(cents: 1250))) = 12.5", 4),
                ("String = name", "\(Optional("Bo")) = name", 1),
            ]
            for (name, predicate, count) in cases {
                let onSQLite = try await sqlite.users.fetchCount(where: { _ in predicate })
                let onPostgres = try await postgres.users.fetchCount(where: { _ in predicate })
                #expect(onSQLite == count, "SQLite: \(name)")
                #expect(onPostgres == count, "PostgreSQL: \(name)")
            }
        }
    }

    /// A type that says none: a nil is typed by where it stands (`coalesce`), and where
    /// nothing says, PostgreSQL's error is thrown, never a wrong answer.
    @Test func aNilOfATypeThatSaysNoneIsUntyped() async throws {
        try await Review34Tests().withBoth { sqlite, postgres in
            let noTag: Tag? = nil
            let coalesced: SQLPredicate<Market.User> = "coalesce(\(noTag), 'a') = 'a'"
            let tagged: SQLPredicate<Market.User> = "\(Tag(text: "x")) = 'x'"
            let onSQLite = try await sqlite.users.fetchCount(where: { _ in coalesced })
            let onPostgres = try await postgres.users.fetchCount(where: { _ in coalesced })
            let taggedOnPostgres = try await postgres.users.fetchCount(where: { _ in tagged })
            #expect(onSQLite == 4)
            #expect(onPostgres == 4)
            #expect(taggedOnPostgres == 4)
            let error = await #expect(throws: SQLPostgresError.self) {
                try await postgres.users.fetchCount(where: { _ in "\(noTag) IS NULL" })
            }
            #expect(error?.sqlState == "42P18")
        }
    }
}
#endif
