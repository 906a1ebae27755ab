import Foundation
import Logging
import SlateCSQLite
import SlateRecords
import SlateTestSupport
import Testing

/// The async variants of calls that used to block their caller in async code: each
/// returns what its sync twin returns, run on the pool off the caller's task.
@Suite struct AsyncVariantTests {
    /// A hand-written record over the contacts schema's `person` table.
    struct PersonRow: SQLCodableRecord, Equatable {
        static let tableName = "person"
        static let primaryKey = "person_id"
        var person_id: Int?
        var name: String
        var title: String?
        var shout: String { name.uppercased() }
    }

    private func contacts() async throws -> Contacts {
        let db = try Contacts.inMemory()
        let people = try await db.insert(contentsOf: [
            Person(name: "Ada", title: "Countess"), Person(name: "Grace", title: nil), Person(name: "Jo", title: "Dr"),
        ])
        #expect(people.map(\.personId) == [1, 2, 3])
        _ = try await db.insert(contentsOf: [
            Address(street: "1 Main", city: "Paris", personId: 1),
            Address(street: "2 High", city: "Rome", personId: nil),
        ])
        return db
    }

    @Test func insertContentsOfIsOneTransactionOffTheCaller() async throws {
        let db = try await contacts()
        defer { db.close() }
        #expect(try await db.people.fetchCount() == 3)
        // A failing record rolls the whole batch back.
        await #expect(throws: SQLError.self) {
            _ = try await db.insert(contentsOf: [Person(name: "Kept?"), Person(personId: 1, name: "duplicate key")])
        }
        #expect(try await db.people.fetchCount() == 3)
    }

    @Test func joinsStoreLevelCallsAndContexts() async throws {
        let db = try await contacts()
        defer { db.close() }
        let pairs = try await db.addresses.join(\.person, where: { address, _ in address.city == "Paris" })
        #expect(pairs.map { "\($0.0.street ?? "") \($0.1.name)" } == ["1 Main Ada"])
        let left = try await db.addresses.leftJoin(\.person, orderBy: { address, _ in address.addressId.ascending })
        #expect(left.map { $0.1?.name } == ["Ada", nil])

        #expect(try await db.update(\.people, set: \.title, to: "Rear Admiral", where: { $0.name == "Grace" }) == 1)
        let titles = try await db.select(from: \.people, \.name, \.title, where: { $0.title != nil })
        #expect(titles.map(\.0) == ["Ada", "Grace", "Jo"] && titles.map(\.1) == ["Countess", "Rear Admiral", "Dr"])
        #expect(try await db.delete(from: \.people, where: { $0.name == "Jo" }) == 1)

        let count = try await db.withReadContext { context in try context.query(sql: "SELECT count(*) FROM person") }
        #expect(count == [[.integer(2)]])
        try await db.withWriteContext { context in try context.exec(sql: "DELETE FROM address") }
        #expect(try await db.addresses.fetchCount() == 0)
    }

    @Test func codableCallsHaveTheirAsyncForms() async throws {
        let db = try await contacts()
        defer { db.close() }
        let grace = try await db.fetchOne(PersonRow.self, where: { $0.name == "Grace" })
        #expect(grace == PersonRow(person_id: 2, name: "Grace", title: nil))
        let named = try await db.select(
            from: PersonRow.self, \.person_id, \.name, where: { $0.title != nil }, orderBy: { $0.name.descending })
        #expect(named.map(\.1) == ["Jo", "Ada"] && named.map(\.0) == [3, 1])
        #expect(try await db.delete(PersonRow.self, where: { $0.title == "Dr" }) == 1)
        #expect(try await db.delete(PersonRow.self, key: 2))
        #expect(try await !db.delete(PersonRow.self, key: 2))
        #expect(try await db.fetch(PersonRow.self).map(\.name) == ["Ada"])
        // A predicate naming a computed property still throws before anything runs.
        await #expect(throws: SQLError.self) {
            _ = try await db.delete(PersonRow.self, where: { $0.shout == "ADA" })
        }
    }
}

/// A record never inserted has no key to update or delete by: every path says so instead
/// of changing nothing and returning `false`.
@Suite struct UnsavedRecordTests {
    @Test func updatingOrDeletingARecordThatWasNeverInsertedThrows() throws {
        let db = try Contacts.inMemory()
        defer { db.close() }
        var person = Person(name: "Ada")
        try db.insert(person) // the result, with the assigned key, dropped
        person.title = "Countess"
        let message =
            "cannot update a Person that was never inserted: its rowid key is Int.min, the default of a record SQLite has not assigned one to; keep the record insert returns (`record = try db.insert(record)`)"
        expectSQLError(.misuse, message) { _ = try db.update(person) }
        expectSQLError(.misuse, message.replacingOccurrences(of: "cannot update", with: "cannot delete")) {
            _ = try db.delete(person)
        }
        let unsaved = person
        try db.transaction { tx in
            _ = expectSQLError(.misuse, message) { _ = try tx.update(unsaved) }
        }
        #expect(try db.people.find(1)?.title == nil)

        // The type-attached style on a raw handle.
        try db.pool.write { context in
            let person = unsaved
            let handle = try context.prepare(sql: "SELECT 1")
            defer { handle.close() }
            let db = try #require(sqlite3_db_handle(try handle.liveHandle()))
            expectSQLError(
                .misuse,
                "cannot update a person record that was never inserted: its rowid key is Int.min, the default of a record SQLite has not assigned one to; keep the record insert returns"
            ) {
                _ = try person.update(in: db)
            }
            expectSQLError(
                .misuse,
                "cannot delete a person record that was never inserted: its rowid key is Int.min, the default of a record SQLite has not assigned one to; keep the record insert returns"
            ) {
                _ = try person.delete(in: db)
            }
        }

        // Kept, the returned record updates as expected.
        person = try db.insert(person)
        person.title = "Dr"
        #expect(try db.update(person))
        #expect(try db.people.find(person.id)?.title == "Dr")
    }

    @Test func theAsyncVariantsRefuseItToo() async throws {
        let db = try Contacts.inMemory()
        defer { db.close() }
        let person = Person(name: "Ada")
        _ = try await db.insert(person)
        await #expect(throws: SQLError.self) { _ = try await db.update(person) }
        await #expect(throws: SQLError.self) { _ = try await db.delete(person) }
        #expect(try await db.people.fetchCount() == 1)
    }
}

/// A generated record bound to a hand-written statement at positions the caller chooses.
@Suite struct PositionalBindingTests {
    @Test func aRecordBindsToAHandWrittenInsertReturning() throws {
        let db = try Contacts.inMemory()
        defer { db.close() }
        let grace = Person(name: "Grace", title: "Rear Admiral")
        let stored = try db.pool.write { context -> Person in
            // An upsert the generated SQL does not offer: the title is the first parameter.
            let statement = try context.prepare(
                sql: """
                    INSERT INTO person (title, name) VALUES (?1, ?2)
                    ON CONFLICT (person_id) DO NOTHING RETURNING person_id, name, title
                    """)
            defer { statement.close() }
            try grace.bind(to: try statement.liveHandle(), indices: .init(name: 2, title: 1))
            #expect(try statement.next())
            return try Person(sqliteStatement: try statement.liveHandle(), offset: 0)
        }
        #expect(stored == Person(personId: 1, name: "Grace", title: "Rear Admiral"))
        #expect(try db.people.find(1) == stored)
        // Dates bind in their column's storage, and unstorable ones are refused here too.
        let rich = try Rich.inMemory()
        defer { rich.close() }
        try rich.pool.write { context in
            let statement = try context.prepare(sql: "INSERT INTO item (name, created) VALUES (?, ?) RETURNING created")
            defer { statement.close() }
            let item = Item(name: "far", created: Date(timeIntervalSince1970: 253_402_300_800))
            expectSQLError(
                .mismatch,
                "cannot store a date in column item.created: 253402300800.0 seconds since 1970 is outside the years 0000 to 9999 that date text holds"
            ) {
                try item.bind(to: try statement.liveHandle(), indices: .init(name: 1, created: 2))
            }
        }
    }
}

/// A generated database takes the pool's configuration, so logging or the reader count
/// does not mean giving up `bootstrap`.
@Suite struct GeneratedDatabaseConfigurationTests {
    @Test func bootstrapAndInitializersTakeThePoolConfiguration() throws {
        let (logger, store) = RecordingLogHandler.logger(level: .trace)
        let directory = TemporaryDirectory()
        let path = directory.path("configured.sqlite")
        var configuration = SQLPool.Configuration(connection: .init(logger: logger))
        configuration.maximumReaderCount = 1
        let db = try Contacts.bootstrap(at: path, configuration: configuration)
        _ = try db.insert(Person(name: "Ada"))
        #expect(try db.people.fetchCount() == 1)
        db.close()
        #expect(store.entries.contains { $0.message.hasPrefix("INSERT OR ABORT INTO \"person\"") })

        let reopened = try Contacts(path: path, readOnly: true, configuration: configuration)
        defer { reopened.close() }
        #expect(try reopened.people.fetch().map(\.name) == ["Ada"])
        #expect(throws: SQLError.self) { _ = try reopened.insert(Person(name: "Grace")) }
        let memory = try Contacts.inMemory(configuration: configuration)
        defer { memory.close() }
        #expect(try memory.people.fetchCount() == 0)
    }
}

/// The plain walk of every row, async.
@Suite struct AsyncPlainWalkTests {
    final class Names: @unchecked Sendable {
        private let lock = NSLock()
        private var storage: [String] = []
        func append(_ name: String) { lock.withLock { storage.append(name) } }
        var all: [String] { lock.withLock { storage } }
    }

    @Test func everyRowOnAReader() async throws {
        let db = try Contacts.inMemory()
        defer { db.close() }
        _ = try await db.insert(contentsOf: [Person(name: "Ada"), Person(name: "Grace")])
        let names = Names()
        try await db.people.forEach { person in names.append(person.name) }
        #expect(names.all == ["Ada", "Grace"])
    }
}
