import Foundation
import SlateRecords
import SlateTestSupport
import Testing

/// Typed predicates, orderings, bulk updates and deletes on generated records.
@Suite struct TypedQueryTests {
    private func people() throws -> Contacts {
        let db = try Contacts.inMemory()
        try db.transaction { tx in
            try tx.insert(Person(name: "Jason", title: nil))
            try tx.insert(Person(name: "Ada", title: "Countess"))
            try tx.insert(Person(name: "Grace", title: "Rear Admiral"))
            try tx.insert(Person(name: "Jo'anne", title: "100% _sure_"))
            try tx.insert(Person(name: "jason", title: nil))
        }
        return db
    }

    @Test func comparisonsNullsAndLogic() throws {
        let db = try people()
        defer { db.close() }
        #expect(try db.people.fetch(where: { $0.title == nil }).map(\.name) == ["Jason", "jason"])
        #expect(try db.people.fetch(where: { $0.title != nil }).map(\.name) == ["Ada", "Grace", "Jo'anne"])
        #expect(try db.people.fetch(where: { $0.title == nil && $0.id > 2 }).map(\.name) == ["jason"])
        #expect(try db.people.fetch(where: { $0.personId <= 2 || $0.name == "Grace" }).map(\.personId) == [1, 2, 3])
        #expect(try db.people.fetch(where: { !($0.title == nil) && $0.personId != 3 }).map(\.personId) == [2, 4])
        // SQL semantics: `<>` is never true for a NULL column.
        #expect(try db.people.fetch(where: { $0.title != "Countess" }).map(\.personId) == [3, 4])
        #expect(try db.people.fetch(where: { $0.title.isNull }).count == 2)
        #expect(try db.people.fetch(where: { $0.title.isNotNull }).count == 3)
        #expect(try db.people.fetch(where: { $0.personId.in([1, 3, 99]) }).map(\.name) == ["Jason", "Grace"])
        #expect(try db.people.fetch(where: { $0.personId.in([Int]()) }).isEmpty)
        #expect(try db.people.fetch(where: { $0.personId.between(2, and: 3) }).map(\.personId) == [2, 3])
        #expect(try db.people.fetch(where: { $0.name.between("A"..."H") }).map(\.name) == ["Ada", "Grace"])
        #expect(try db.people.fetch(where: { _ in .all }).count == 5)
        #expect(try db.people.fetch(where: { _ in .none }).isEmpty)
    }

    @Test func textMatchingBindsQuotesAndWildcardsLiterally() throws {
        let db = try people()
        defer { db.close() }
        #expect(try db.people.fetch(where: { $0.name == "Jo'anne" }).map(\.personId) == [4])
        // hasPrefix, hasSuffix and contains are case-sensitive, like Swift's.
        #expect(try db.people.fetch(where: { $0.name.hasPrefix("J") }).map(\.name) == ["Jason", "Jo'anne"])
        #expect(try db.people.fetch(where: { $0.name.hasSuffix("son") }).map(\.name) == ["Jason", "jason"])
        #expect(try db.people.fetch(where: { $0.title.contains("% _") }).map(\.name) == ["Jo'anne"])
        #expect(try db.people.fetch(where: { $0.title.contains("%") || $0.name.contains("*") }).count == 1)
        #expect(try db.people.fetch(where: { $0.name.contains("[") }).isEmpty)
        // LIKE is SQL's: wildcards active, ASCII case folded.
        #expect(try db.people.fetch(where: { $0.name.like("j%") }).map(\.name) == ["Jason", "Jo'anne", "jason"])
        #expect(try db.people.fetch(where: { $0.title.like("100\\% \\_%") }).count == 1)
        #expect(try db.people.fetch(where: { $0.title.like("100_ %") }).count == 1)
    }

    @Test func orderLimitOffsetCountAndFetchOne() throws {
        let db = try people()
        defer { db.close() }
        #expect(
            try db.people.fetch(orderBy: { $0.name.ascending }).map(\.name) == [
                "Ada", "Grace", "Jason", "Jo'anne", "jason",
            ])
        #expect(
            try db.people.fetch(orderBy: { $0.title.descending.then($0.personId.descending) }).map(\.personId) == [
                3, 2, 4, 5, 1,
            ])
        #expect(try db.people.fetch(orderBy: { $0.personId.ascending }, limit: 2, offset: 1).map(\.personId) == [2, 3])
        #expect(try db.people.fetch(orderBy: { $0.personId.ascending }, offset: 3).map(\.personId) == [4, 5])
        #expect(try db.people.fetch(where: { $0.title == nil }, limit: 1).map(\.personId) == [1])
        #expect(try db.people.fetchCount(where: { $0.title == nil }) == 2)
        #expect(try db.people.fetchOne(where: { $0.name.hasPrefix("G") })?.personId == 3)
        #expect(try db.people.fetchOne(where: { $0.name == "Nobody" }) == nil)
    }

    @Test func bulkUpdateAndDeleteReturnTheRowsTheyChanged() throws {
        let db = try people()
        defer { db.close() }
        #expect(try db.update(\.people, set: \.title, to: "Mx", where: { $0.name.hasPrefix("J") }) == 2)
        #expect(try db.people.fetch(where: { $0.title == "Mx" }).map(\.name) == ["Jason", "Jo'anne"])
        #expect(try db.update(\.people, set: \.title, to: nil, where: { $0.personId == 99 }) == 0)
        #expect(try db.people.update(set: \.title, to: nil) == 5)
        #expect(try db.people.fetchCount(where: { $0.title == nil }) == 5)
        #expect(try db.delete(from: \.people, where: { $0.name.like("j%") }) == 3)
        #expect(try db.people.fetch().map(\.name) == ["Ada", "Grace"])

        // The same API in a transaction; a throw rolls the update back.
        struct Oops: Error {}
        #expect(throws: Oops.self) {
            try db.transaction { tx in
                try tx.update(\.people, set: \.name, to: "Nobody")
                #expect(try tx.people.fetchCount(where: { $0.name == "Nobody" }) == 2)
                throw Oops()
            }
        }
        #expect(try db.people.fetch().map(\.name) == ["Ada", "Grace"])
    }

    @Test func shapesReuseTheirStatementsAndNestSafely() throws {
        let db = try people()
        defer { db.close() }
        try db.readTransaction { tx in
            // One shape, other values: the same answers from the one statement.
            for (name, id) in [("Ada", 2), ("Grace", 3), ("Jo'anne", 4), ("Ada", 2)] {
                #expect(try tx.people.fetch(where: { $0.name == name }).map(\.personId) == [id])
            }
            // Typed queries run inside an iteration of the same table.
            var pairs: [String] = []
            try tx.people.forEach { (person: Person) throws in
                let same = try tx.people.fetch(where: { $0.name == person.name }, limit: 1)
                pairs.append(same.map(\.name).joined())
            }
            #expect(pairs == ["Jason", "Ada", "Grace", "Jo'anne", "jason"])
            // Many shapes (IN lists of every length) outgrow the cache and start it over.
            for count in 0..<300 {
                #expect(
                    try tx.people.fetchCount(where: { $0.personId.in(Array(1...max(count, 1)).prefix(count)) })
                        == min(count, 5))
            }
        }
        // Flushing the connection's statements leaves typed queries working.
        try db.pool.write { context in context.flushStatementCache() }
        #expect(try db.people.fetchCount(where: { $0.name.hasPrefix("G") }) == 1)
    }

    @Test func datesCompareAsTheColumnStoresThem() throws {
        let db = try Rich.inMemory()
        defer { db.close() }
        let early = Date(timeIntervalSince1970: 1_000_000_000)
        let late = Date(timeIntervalSince1970: 1_700_000_000.25)
        try db.insert(Item(name: "early", created: early, due: early))
        try db.insert(Item(name: "late", created: late, due: nil))
        #expect(
            try db.items.fetch(where: { $0.created > Date(timeIntervalSince1970: 1_500_000_000) }).map(\.name) == [
                "late"
            ])
        #expect(try db.items.fetch(where: { $0.created == late }).map(\.name) == ["late"])
        #expect(try db.items.fetch(where: { $0.due == nil }).map(\.name) == ["late"])
        #expect(try db.items.fetch(where: { $0.due <= early }).map(\.name) == ["early"])
        #expect(try db.items.fetch(where: { $0.isActive == true && $0.price >= 9.99 }).count == 2)
    }

    @Test func projectionsReturnTypedTuples() throws {
        let db = try people()
        defer { db.close() }
        let pairs = try db.select(from: \.people, \.personId, \.name) { $0.personId > 2 && $0.title == nil }
        #expect(pairs.map(\.0) == [5])
        #expect(pairs.map(\.1) == ["jason"])
        let titles: [String?] = try db.people.select(\.title, orderBy: { $0.personId.ascending }, limit: 3)
        #expect(titles == [nil, "Countess", "Rear Admiral"])
        let names = try db.people.select(\.name, where: { $0.name.like("j%") })
        #expect(names == ["Jason", "Jo'anne", "jason"])

        let rich = try Rich.inMemory()
        defer { rich.close() }
        let created = Date(timeIntervalSince1970: 1_600_000_000)
        try rich.insert(
            Item(
                name: "pen", quantity: 3, price: 1.5, isActive: true, created: created,
                token: UUID(uuidString: "00000000-0000-0000-0000-000000000001")))
        let six = try rich.select(from: \.items, \.id, \.name, \.quantity, \.price, \.isActive, \.created)
        #expect(six.count == 1)
        #expect(
            six[0].0 == 1 && six[0].1 == "pen" && six[0].2 == 3 && six[0].3 == 1.5 && six[0].4 && six[0].5 == created)
        let seven = try rich.items.select(\.id, \.name, \.quantity, \.price, \.isActive, \.created, \.token)
        #expect(seven[0].6 == UUID(uuidString: "00000000-0000-0000-0000-000000000001"))
    }

    @Test func aggregatesAreTypedByTheColumn() throws {
        let db = try Rich.inMemory()
        defer { db.close() }
        #expect(try db.items.sum(\.quantity) == nil)
        #expect(try db.items.max(\.name) == nil)
        #expect(try db.items.count(\.weight) == 0)
        try db.insert(Item(name: "b", quantity: 2, price: 1.25, weight: nil))
        try db.insert(Item(name: "a", quantity: 5, price: 2.5, weight: 4.0))
        try db.insert(Item(name: "c", quantity: 1, price: 0.25, weight: 1.0))
        let quantity: Int? = try db.items.sum(\.quantity)
        #expect(quantity == 8)
        let price: Double? = try db.items.sum(\.price, where: { $0.quantity >= 2 })
        #expect(price == 3.75)
        let weight: Double? = try db.items.sum(\.weight)
        #expect(weight == 5.0)
        #expect(try db.items.average(\.quantity) == 8.0 / 3.0)
        let smallest: String? = try db.items.min(\.name)
        #expect(smallest == "a")
        #expect(try db.items.max(\.name, where: { $0.quantity < 5 }) == "c")
        let heaviest: Double? = try db.items.max(\.weight)
        #expect(heaviest == 4.0)
        #expect(try db.items.min(\.weight) == 1.0)
        #expect(try db.items.count(\.weight) == 2)
        #expect(try db.items.count(\.name, where: { $0.name != "a" }) == 2)
    }

    @Test func asyncVariantsEvaluateTheirClosuresBeforeSuspending() async throws {
        let db = try people()
        defer { db.close() }
        let prefix = "J"
        #expect(
            try await db.people.fetch(where: { $0.name.hasPrefix(prefix) }, orderBy: { $0.name.descending }).map(\.name)
                == ["Jo'anne", "Jason"])
        #expect(try await db.people.fetchOne(where: { $0.title == "Countess" })?.name == "Ada")
        #expect(try await db.people.fetchCount(where: { $0.title == nil }) == 2)
        let pairs = try await db.people.select(
            \.personId, \.name, where: { $0.name.hasPrefix(prefix) }, orderBy: { $0.personId.ascending })
        #expect(pairs.map(\.0) == [1, 4] && pairs.map(\.1) == ["Jason", "Jo'anne"])
        #expect(try await db.people.count(\.title) == 3)
        #expect(try await db.people.sum(\.personId, where: { $0.title == nil }) == 6)
        #expect(try await db.people.average(\.personId) == 3.0)
        #expect(try await db.people.min(\.name) == "Ada")
        #expect(try await db.people.max(\.title) == "Rear Admiral")
        #expect(try await db.people.update(set: \.title, to: "Dr", where: { $0.title == nil }) == 2)
        #expect(try await db.people.delete(where: { $0.title == "Dr" }) == 2)
        #expect(try await db.people.fetchCount(where: { _ in .all }) == 3)
    }
}

/// Joins along foreign keys.
@Suite struct TypedJoinTests {
    private func contacts() throws -> Contacts {
        let db = try Contacts.inMemory()
        try db.transaction { tx in
            let jason = try tx.insert(Person(name: "Jason", title: nil))
            let ada = try tx.insert(Person(name: "Ada", title: "Countess"))
            try tx.insert(Address(street: "Main St", city: "Paris", personId: jason.personId))
            try tx.insert(Address(street: "Elm St", city: "London", personId: ada.personId))
            try tx.insert(Address(street: "Oak St", city: "Paris", personId: ada.personId))
            try tx.insert(Address(street: "Nowhere", city: "Paris", personId: nil))
        }
        return db
    }

    @Test func joinPairsEachRowWithTheRowItRefersTo() throws {
        let db = try contacts()
        defer { db.close() }
        let pairs = try db.addresses.join(\.person, orderBy: { address, _ in address.addressId.ascending })
        #expect(
            pairs.map { "\($0.0.street ?? "") → \($0.1.name)" } == ["Main St → Jason", "Elm St → Ada", "Oak St → Ada"])
        let filtered = try db.addresses.join(
            \.person,
            where: { address, person in
                address.city == "Paris" && person.title != nil
            })
        #expect(filtered.map(\.0.street) == ["Oak St"])
        #expect(filtered.map(\.1.name) == ["Ada"])
        let ordered = try db.addresses.join(
            \.person, orderBy: { address, person in person.name.descending.then(address.street.ascending) }, limit: 2,
            offset: 1)
        #expect(ordered.map(\.0.street) == ["Elm St", "Oak St"])
    }

    @Test func leftJoinKeepsRowsWithoutAParent() throws {
        let db = try contacts()
        defer { db.close() }
        let pairs = try db.addresses.leftJoin(\.person, where: { address, _ in address.city == "Paris" })
        #expect(pairs.map(\.0.street) == ["Main St", "Oak St", "Nowhere"])
        #expect(pairs.map { $0.1?.name } == ["Jason", "Ada", nil])
        let orphans = try db.addresses.leftJoin(\.person, where: { address, _ in address.personId == nil })
        #expect(orphans.map(\.0.street) == ["Nowhere"])
    }
}
