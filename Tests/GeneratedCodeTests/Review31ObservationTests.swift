import Foundation
import Logging
import SlateRecords
import SlateTestSupport
import Testing

/// Issue 31 §2: a generated database's typed API inside an observation, as inside a
/// transaction, with no extension of the user's; and a logger carried by an observation
/// or a transaction of a generated database.
@Suite struct Review31ObservationTests {
    struct PersonRow: SQLCodableRecord, Equatable {
        static let tableName = "person"
        static let primaryKey = "person_id"
        var person_id: Int?
        var name: String
        var title: String?
    }

    struct Snapshot: Equatable, Sendable {
        var count: Int
        var untitled: [String]
        var rows: [PersonRow]
        var cityOfFirst: [String?]
    }

    /// Written once against the generated protocol: runs on a database, in a
    /// transaction, and in an observation alike.
    static func snapshot(_ tables: some Contacts.Tables) throws -> Snapshot {
        let people = try tables.people.fetch(orderBy: { $0.personId.ascending })
        return Snapshot(
            count: try tables.people.fetchCount(),
            untitled: try tables.people.fetch(where: { $0.title == nil }, orderBy: { $0.name.ascending }).map(\.name),
            rows: try tables.fetch(PersonRow.self, where: { $0.name != "Nobody" }, orderBy: { $0.person_id.ascending }),
            cityOfFirst: try people.first.map { try tables.addresses.fetch(for: $0).map(\.city) } ?? [])
    }

    @Test func theTypedAPIRunsInsideAnObservationAndItRerunsOnACommit() async throws {
        let directory = TemporaryDirectory()
        let db = try Contacts.bootstrap(at: directory.path("contacts.sqlite"))
        defer { db.close() }
        let observed = db.observe { tx in try Self.snapshot(tx) }
        let empty = Snapshot(count: 0, untitled: [], rows: [], cityOfFirst: [])
        #expect(try await first(of: observed) { _ in true } == empty)

        try await db.transaction { tx in
            let ada = try tx.insert(Person(name: "Ada", title: "Countess"))
            try tx.insert(Person(name: "Grace"))
            try tx.insert(Address(street: "1 Main", city: "Paris", personId: ada.personId))
        }
        let expected = Snapshot(
            count: 2, untitled: ["Grace"],
            rows: [
                PersonRow(person_id: 1, name: "Ada", title: "Countess"),
                PersonRow(person_id: 2, name: "Grace", title: nil),
            ],
            cityOfFirst: ["Paris"])
        #expect(try await first(of: observed) { $0.count == 2 } == expected)
        // The same function on the database and in a transaction gives the same.
        #expect(try Self.snapshot(db) == expected)
        #expect(try Self.syncReadTransaction(db) == expected)

        // A commit to a table the observation reads only through a relationship.
        try await db.insert(Address(street: "2 High", city: "Rome", personId: 1))
        #expect(try await first(of: observed) { $0.cityOfFirst.count == 2 }.cityOfFirst == ["Paris", "Rome"])
    }

    static func syncReadTransaction(_ db: Contacts) throws -> Snapshot {
        try db.readTransaction { tx in try Self.snapshot(tx) }
    }

    /// The sync forms, which async code would not pick.
    static func syncCalls(_ db: Contacts, _ request: Logger) throws -> Int {
        try db.transaction(logger: request) { tx in _ = try tx.insert(Person(name: "Sync")) }
        return try db.readTransaction(logger: request) { tx in try tx.people.fetchCount() }
    }

    @Test func aTypedObservationOfAnotherGeneratedDatabaseCompilesAndRunsToo() async throws {
        let db = try Bookshop.inMemory()
        defer { db.close() }
        let observed = db.observe { tx in try tx.authors.fetchCount() }
        #expect(try await first(of: observed) { _ in true } == 0)
    }

    @Test func aTypedObservationLogsToItsLogger() async throws {
        let (logger, store) = RecordingLogHandler.logger(level: .trace)
        var request = logger
        request[metadataKey: "request.id"] = "r-31"
        let db = try Contacts.inMemory()
        defer { db.close() }
        let observed = db.observe(logger: request) { tx in try tx.people.fetchCount() }
        #expect(try await first(of: observed) { _ in true } == 0)
        let lines = store.entries.filter { $0.message.contains(#"FROM "person""#) }
        #expect(!lines.isEmpty)
        #expect(lines.allSatisfy { $0.metadata["request.id"] == "r-31" && $0.level == .trace })
    }

    @Test func aTransactionOfAGeneratedDatabaseLogsToItsLoggerAndGivesItBack() async throws {
        let (own, ownStore) = RecordingLogHandler.logger(level: .trace)
        let (requestBase, requestStore) = RecordingLogHandler.logger(level: .trace)
        var request = requestBase
        request[metadataKey: "request.id"] = "r-7"
        var configuration = SQLPool.Configuration()
        configuration.connection.logger = own
        let directory = TemporaryDirectory()
        let db = try Contacts.bootstrap(at: directory.path("contacts.sqlite"), configuration: configuration)
        defer { db.close() }
        let ownBefore = ownStore.entries.count

        try await db.transaction(logger: request) { tx in _ = try tx.insert(Person(name: "Async")) }
        #expect(try Self.syncCalls(db, request) == 2)
        #expect(try await db.readTransaction(logger: request) { tx in try tx.people.fetchCount() } == 2)
        // A duplicate key: a constraint violation, at debug on the request's logger.
        await #expect(throws: SQLError.self) {
            try await db.transaction(logger: request) { tx in _ = try tx.insert(Person(personId: 1, name: "Again")) }
        }
        let requestLines = requestStore.entries
        #expect(requestLines.allSatisfy { $0.metadata["request.id"] == "r-7" })
        // Both inserts, and the one that failed.
        #expect(requestLines.filter { $0.message.hasPrefix("INSERT") }.count == 3)
        #expect(requestLines.filter { $0.message == "BEGIN IMMEDIATE TRANSACTION" }.count == 3)
        let violation = try #require(requestLines.first { $0.level != .trace })
        #expect(violation.level == .debug)
        #expect(violation.message == "UNIQUE constraint failed: person.person_id")
        // None of it went to the connections' own logger; a call without a logger does.
        // (Only a reader opening for the first time runs its set-up on its own logger.)
        let setUp: Set<String> = ["PRAGMA schema_version", "PRAGMA foreign_keys = ON"]
        #expect(ownStore.entries.dropFirst(ownBefore).allSatisfy { setUp.contains($0.message) })
        let ownDuring = ownStore.entries.count
        #expect(try await db.people.fetchCount() == 2)
        #expect(ownStore.entries.dropFirst(ownDuring).contains { $0.message.hasPrefix("SELECT count(*)") })
        #expect(requestStore.entries.count == requestLines.count)
    }
}
