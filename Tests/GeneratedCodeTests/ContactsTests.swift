import Foundation
import SlateCSQLite
import SlateRecords
import SlateTestSupport
import Testing

/// The generated Contacts API, run against real databases.
@Suite struct ContactsTests {
    @Test func bootstrapInsertFindFetchFilterUpdateDelete() throws {
        let directory = TemporaryDirectory()
        let db = try Contacts.bootstrap(at: directory.path("contacts.sqlite"))
        defer { db.close() }

        #expect(try db.people.fetchCount() == 0)
        let jason = try db.insert(Person(name: "Jason"))
        #expect(jason.personId == 1)
        #expect(jason.id == 1)
        #expect(jason == Person(personId: 1, name: "Jason", title: nil))
        let ada = try db.insert(Person(name: "Ada", title: "Countess"))
        #expect(ada.personId == 2)
        // An explicit key is inserted as given.
        let grace = try db.insert(Person(personId: 10, name: "Grace", title: "Admiral"))
        #expect(grace.personId == 10)

        #expect(try db.people.fetchCount() == 3)
        #expect(try db.people.fetch().map(\.name) == ["Jason", "Ada", "Grace"])
        #expect(try db.people.fetch(limit: 2).map(\.personId) == [1, 2])
        #expect(try db.people.find(2) == ada)
        #expect(try db.people.find(99) == nil)
        #expect(try db.people.filter { $0.title == nil } == [jason])

        var renamed = ada
        renamed.title = nil
        #expect(try db.update(renamed))
        #expect(try db.people.find(2)?.title == nil)
        #expect(try !db.update(Person(personId: 77, name: "Nobody")))

        #expect(try db.delete(jason))
        #expect(try !db.delete(jason))
        #expect(try db.people.fetch().map(\.personId) == [2, 10])
    }

    @Test func recordOperationsNestInsideAnIterationOfTheSameTable() throws {
        let db = try Contacts.inMemory()
        defer { db.close() }
        for name in ["Ada", "Grace", "Edsger"] { try db.insert(Person(name: name)) }
        // forEach steps the table's select statement; find and fetch inside it use the same
        // record type's statements and must not disturb the iteration. A write to the
        // walked table is refused (SQLite does not define whether the walk would see it):
        // the changes are made after the walk.
        try db.transaction { tx in
            var seen: [String] = []
            var changed: [Person] = []
            try tx.people.forEach { (person: Person) throws in
                seen.append(person.name)
                #expect(try tx.people.find(person.personId) == person)
                #expect(try tx.people.fetch().count == 3)
                var titled = person
                titled.title = "Dr"
                #expect(throws: SQLError.self) { try tx.update(titled) }
                changed.append(titled)
            }
            #expect(seen == ["Ada", "Grace", "Edsger"])
            for person in changed { #expect(try tx.update(person)) }
        }
        #expect(try db.people.fetch().map(\.title) == ["Dr", "Dr", "Dr"])
    }

    @Test func relationshipsFromForeignKeys() throws {
        let db = try Contacts.inMemory()
        defer { db.close() }
        let person = try db.insert(Person(name: "Ada"))
        let other = try db.insert(Person(name: "Charles"))
        let home = try db.insert(Address(street: "1 St James's Square", city: "London", personId: person.personId))
        let work = try db.insert(Address(street: "Ockham Park", city: "Surrey", personId: person.personId))
        let nowhere = try db.insert(Address(street: "?", city: nil, personId: nil))

        #expect(try db.addresses.fetch(for: person) == [home, work])
        #expect(try db.addresses.fetch(for: other) == [])
        #expect(try db.people.find(for: work) == person)
        #expect(try db.people.find(for: nowhere) == nil)

        // ON DELETE CASCADE: foreign keys are enforced on every pool connection.
        try db.delete(person)
        #expect(try db.addresses.fetch().map(\.addressId) == [nowhere.addressId])
    }

    @Test func transactionsCommitOrRollBackAndOfferTheSameAPI() throws {
        struct Oops: Error {}
        let db = try Contacts.inMemory()
        defer { db.close() }
        let saved = try db.transaction { tx -> Person in
            let person = try tx.insert(Person(name: "Ada"))
            try tx.insert(Address(street: "Square", personId: person.personId))
            #expect(try tx.people.fetchCount() == 1)
            #expect(try tx.addresses.fetch(for: person).count == 1)
            return person
        }
        #expect(throws: Oops.self) {
            try db.transaction { tx in
                try tx.insert(Person(name: "Lost"))
                throw Oops()
            }
        }
        #expect(try db.people.fetch() == [saved])
        // A transaction inside a transaction is a savepoint.
        try db.transaction { tx in
            try tx.insert(Person(name: "Kept"))
            try? tx.transaction { inner in
                try inner.insert(Person(name: "Rolled back"))
                throw Oops()
            }
        }
        #expect(try db.people.fetch().map(\.name) == ["Ada", "Kept"])
        let names = try db.readTransaction { tx in try tx.people.fetch().map(\.name) }
        #expect(names == ["Ada", "Kept"])
    }

    @Test func asyncVariants() async throws {
        let db = try Contacts.inMemory()
        let person = try await db.insert(Person(name: "Ada"))
        _ = try await db.insert(Address(street: "Square", personId: person.personId))
        #expect(try await db.people.fetchCount() == 1)
        #expect(try await db.people.find(person.id) == person)
        #expect(try await db.people.fetch().count == 1)
        #expect(try await db.people.filter { $0.name.hasPrefix("A") }.count == 1)
        #expect(try await db.addresses.fetch(for: person).count == 1)
        let address = try await db.addresses.fetch()[0]
        #expect(try await db.people.find(for: address) == person)
        var changed = person
        changed.title = "Countess"
        #expect(try await db.update(changed))
        let count = try await db.transaction { tx in try tx.people.fetchCount() }
        #expect(count == 1)
        #expect(try await db.delete(changed))
        await db.pool.close()
    }

    @Test func openingExistingFilesReadOnlyAndByURL() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("existing.sqlite")
        let created = try Contacts.bootstrap(at: path)
        try created.insert(Person(name: "Ada"))
        created.close()

        // Bootstrapping an existing database opens it, without creating anything again.
        let again = try Contacts.bootstrap(at: URL(fileURLWithPath: path))
        #expect(try again.people.fetchCount() == 1)
        again.close()

        let readOnly = try Contacts(path: path, readOnly: true)
        defer { readOnly.close() }
        #expect(try readOnly.people.fetch().map(\.name) == ["Ada"])
        expectSQLError(.readOnly, "the pool on \(path) is read-only: it cannot write") {
            try readOnly.insert(Person(name: "No"))
        }
        let byURL = try Contacts(url: URL(fileURLWithPath: path))
        defer { byURL.close() }
        #expect(try byURL.people.fetchCount() == 1)
    }

    @Test func insertManyInOneTransaction() throws {
        let db = try Contacts.inMemory()
        defer { db.close() }
        let people = try db.insert(contentsOf: (1...3).map { Person(name: "P\($0)") })
        #expect(people.map(\.personId) == [1, 2, 3])
        expectSQLError(.constraintPrimaryKey, "UNIQUE constraint failed: person.person_id") {
            try db.insert(contentsOf: [Person(name: "new"), Person(personId: 1, name: "duplicate")])
        }
        #expect(try db.people.fetchCount() == 3)
    }

    @Test func rawFunctionsAndTheAttachedStyle() throws {
        let directory = TemporaryDirectory()
        let db = try sqlite3_create_contacts(directory.path("raw.sqlite"))
        defer { sqlite3_close_v2(db) }

        var ada = Person(name: "Ada")
        try sqlite3_person_insert(db, &ada)
        #expect(ada.personId == 1)
        var home = Address(street: "Square", personId: ada.personId)
        try home.insert(into: db)
        #expect(home.addressId == 1)

        // Found by primary key, not the first row.
        var grace = Person(name: "Grace")
        try grace.insert(into: db)
        #expect(try sqlite3_person_find(db, 2) == grace)
        #expect(try Person.find(1, in: db) == ada)
        #expect(try sqlite3_person_find(db, 3) == nil)
        #expect(try sqlite3_people_fetch(db).map(\.name) == ["Ada", "Grace"])
        #expect(try Person.fetch(in: db, filter: { $0.name == "Grace" }) == [grace])
        // Typed predicates in the attached style, values bound.
        #expect(
            try Person.fetch(
                in: db, where: { $0.name == "Grace" || $0.name.hasPrefix("A") }, orderBy: { $0.name.descending }) == [
                    grace, ada,
                ])
        #expect(try Person.fetch(in: db, where: { $0.title == nil }, limit: 1, offset: 1) == [grace])
        #expect(try Person.fetchCount(in: db, where: { $0.name.like("%a%") }) == 2)
        #expect(try Address.delete(in: db, where: { $0.city == "Nowhere" }) == 0)
        #expect(try sqlite3_addresses_fetch(db, for: ada) == [home])
        #expect(try sqlite3_person_find(db, for: home) == ada)

        grace.title = "Admiral"
        #expect(try sqlite3_person_update(db, grace))
        #expect(try grace.update(in: db))
        #expect(try Person.find(2, in: db)?.title == "Admiral")
        #expect(try sqlite3_person_delete(db, grace))
        #expect(try !grace.delete(in: db))

        let reopened = try sqlite3_open_contacts(directory.path("raw.sqlite"), readOnly: true)
        defer { sqlite3_close_v2(reopened) }
        #expect(try Person.fetch(in: reopened) == [ada])
        // Opened as a context would be: a double-quoted name that names no column is an error.
        var statement: OpaquePointer?
        #expect(sqlite3_prepare_v2(reopened, "SELECT \"nickname\" FROM person", -1, &statement, nil) == SQLITE_ERROR)
        #expect(String(cString: sqlite3_errmsg(reopened)) == "no such column: nickname")
        do {
            var late = Person(name: "late")
            try late.insert(into: reopened)
            Issue.record("a read-only handle accepted an insert")
        } catch let error as SQLError {
            #expect(error.code == .readOnly)
            #expect(error.message == "attempt to write a readonly database")
        }
    }

    @Test func creationSQLIsTheSchemaAsWritten() throws {
        let db = try Contacts.inMemory()
        defer { db.close() }
        let sql = try db.pool.read { ctx in
            try ctx.query(sql: "SELECT sql FROM sqlite_schema ORDER BY rowid").map { $0[0] }
        }
        // Running creationSQL gives the schema bootstrap made.
        let fresh = try SQLContext()
        defer { fresh.close() }
        try fresh.exec(sql: Contacts.creationSQL)
        #expect(try fresh.query(sql: "SELECT sql FROM sqlite_schema ORDER BY rowid").map { $0[0] } == sql)
        #expect(try fresh.query(sql: "PRAGMA user_version") == [[1]])
        // A schema from scripts: creationSQL is the scripts, joined, then the version.
        #expect(Contacts.creationSQL == Contacts.schemaScripts[0].sql + "\nPRAGMA user_version = 1;")
        // One script, one version.
        #expect(Contacts.schemaVersion == 1)
        #expect(try db.pool.read { try $0.query(sql: "PRAGMA user_version") } == [[1]])
        #expect(Contacts.schemaScripts.map(\.file) == ["contacts.sql"])
    }
}
