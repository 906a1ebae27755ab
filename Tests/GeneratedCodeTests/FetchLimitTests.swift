import Foundation
import SlateRecords
import SlateTestSupport
import Testing

/// `fetch(limit:)` and `filter(limit:_:)` read a limit as SQL's `LIMIT` does, and as the
/// typed `fetch(where:orderBy:limit:offset:)` and PostgreSQL's tables do: 0 is no row, a
/// negative limit is none. (They counted rows in Swift after taking the first one, so 0
/// and every negative limit gave one row on SQLite and none or all on PostgreSQL; the
/// Examples package's PostgreSQL variant found it.)
@Suite struct FetchLimitTests {
    private func contacts() throws -> (Contacts, TemporaryDirectory) {
        let directory = TemporaryDirectory()
        let db = try Contacts.bootstrap(at: directory.path("contacts.sqlite"))
        for name in ["Jason", "Ada", "Grace"] { try db.insert(Person(name: name)) }
        return (db, directory)
    }

    static let limits: [(Int?, Int)] = [
        (nil, 3), (0, 0), (1, 1), (2, 2), (3, 3), (4, 3), (-1, 3), (Int.min, 3), (Int.max, 3),
    ]

    @Test(arguments: limits)
    func aLimitReadsAsSQLReadsIt(limit: Int?, count: Int) throws {
        let (db, directory) = try contacts()
        defer { withExtendedLifetime(directory) { db.close() } }
        let names = Array(["Jason", "Ada", "Grace"].prefix(count))
        #expect(try db.people.fetch(limit: limit).map(\.name) == names)
        #expect(try db.transaction { tx in try tx.people.fetch(limit: limit).map(\.name) } == names)
        #expect(try db.people.filter(limit: limit) { _ in true }.map(\.name) == names)
        // The typed query with a condition always read it so: the two agree.
        #expect(try db.people.fetch(where: { $0.personId > 0 }, limit: limit).map(\.name) == names)
        // A filter that keeps some rows stops at the limit of kept rows.
        #expect(
            try db.people.filter(limit: limit) { $0.name != "Ada" }.map(\.name)
                == Array(["Jason", "Grace"].prefix(count)))
    }

    @Test(arguments: limits)
    func theAsyncVariantsReadItSoToo(limit: Int?, count: Int) async throws {
        let (db, directory) = try contacts()
        defer { withExtendedLifetime(directory) { db.close() } }
        let names = Array(["Jason", "Ada", "Grace"].prefix(count))
        #expect(try await db.people.fetch(limit: limit).map(\.name) == names)
        #expect(try await db.people.filter(limit: limit) { _ in true }.map(\.name) == names)
    }
}
