import Foundation
import SlateMigration
import SlateRecords
import SlateTestSupport
import Testing

/// The Slate side of the guide "Moving from GRDB" (SlateRecords.docc/MovingFromGRDB.md)
/// and of the full-text recipe's typed search, run as written against the generated
/// Contacts and Records30 databases: every call the guide names exists, and does what the
/// guide says.
@Suite struct Review31GuideTests {
    @Test func openingReadingWritingAndRecords() throws {
        let directory = TemporaryDirectory()
        let db = try Contacts.bootstrap(at: directory.path("contacts.sqlite"))
        defer { db.close() }
        let pool: SQLPool = db.pool

        let ada = try db.insert(Person(name: "Ada"))
        #expect(ada.personId == 1)
        var titled = ada
        titled.title = "Countess"
        #expect(try db.update(titled))
        #expect(try db.people.find(1)?.title == "Countess")

        let untitled = try db.people.fetch(
            where: { $0.title == nil && $0.name.hasPrefix("A") },
            orderBy: { $0.name.ascending },
            limit: 10)
        #expect(untitled.isEmpty)
        #expect(try db.people.fetchCount() == 1)
        #expect(try db.people.fetchOne(where: { $0.name == "Ada" }) == titled)
        #expect(try db.people.fetchCount(where: { $0.title != nil }) == 1)
        let names = try db.select(from: \.people, \.name) { $0.title != nil }
        #expect(names == ["Ada"])

        // Raw SQL and rows.
        try pool.write { ctx in
            try ctx.exec(sql: "INSERT INTO person (name) VALUES (?)", "Grace")
            try ctx.exec(
                sql: "UPDATE person SET title = :title WHERE name = :name",
                parameters: ["title": "Rear Admiral", "name": "Grace"])
            #expect(ctx.lastInsertRowID == 2)
            #expect(ctx.changes == 1)
            #expect(ctx.isInTransaction)
        }
        let rows: [[SQLValue]] = try pool.read { ctx in
            try ctx.query(sql: "SELECT name, title FROM person")
        }
        #expect(rows == [[.text("Ada"), .text("Countess")], [.text("Grace"), .text("Rear Admiral")]])
        let read: [String] = try pool.read { ctx in
            var seen: [String] = []
            let cursor = try ctx.cursor(sql: "SELECT name, title FROM person")
            while let row = try cursor.next() {
                let name: String = try row.get("name")
                let title: String? = try row.get("title")
                seen.append("\(name) \(title ?? "-")")
            }
            return seen
        }
        #expect(read == ["Ada Countess", "Grace Rear Admiral"])
        // A NULL read as a non-optional value throws.
        #expect(throws: SQLError.self) {
            try pool.read { ctx in
                let cursor = try ctx.cursor(sql: "SELECT NULL AS title")
                _ = try cursor.next()?.get("title", as: String.self)
            }
        }
        let ids = try db.people.fetch(sql: "SELECT * FROM person WHERE name = ?") { statement in
            try statement.bind("Grace", at: 1)
        }
        #expect(ids.map(\.personId) == [2])

        try db.delete(titled)
        #expect(try db.people.fetchCount() == 1)
        #expect(try db.update(\.people, set: \.title, to: nil, where: { $0.name.hasPrefix("G") }) == 1)
        #expect(try db.delete(from: \.people, where: { $0.title == nil }) == 1)
    }

    @Test func everyCallHasAnAsyncFormOfTheSameName() async throws {
        let db = try Contacts.inMemory()
        defer { db.close() }
        _ = try await db.insert(Person(name: "Ada"))
        #expect(try await db.people.fetch().map(\.name) == ["Ada"])
        #expect(try await db.people.fetchCount(where: { $0.title == nil }) == 1)
        #expect(try await db.pool.read { ctx in try ctx.query(sql: "SELECT name FROM person") } == [[.text("Ada")]])
    }

    @Test func associationsAsTheGuideWritesThem() throws {
        let db = try Contacts.inMemory()
        defer { db.close() }
        let ada = try db.insert(Person(name: "Ada"))
        let bob = try db.insert(Person(name: "Bob"))
        let home = try db.insert(Address(street: "St James's Square", city: "Paris", personId: ada.personId))
        _ = try db.insert(Address(street: "Elm", city: "Paris", personId: bob.personId))
        _ = try db.insert(Address(street: "Nowhere", city: "Paris"))

        #expect(try db.people.find(for: home) == ada)
        #expect(try db.addresses.fetch(for: ada) == [home])
        let parisians = try db.addresses.join(
            \.person,
            where: { address, person in address.city == "Paris" },
            orderBy: { _, person in person.name.ascending })
        #expect(parisians.map { $0.1.name } == ["Ada", "Bob"])
        #expect(try db.addresses.join(\.person).count == 2)
        #expect(try db.addresses.leftJoin(\.person).count == 3)
    }

    @Test func transactionsAndSavepointsAsTheGuideWritesThem() throws {
        let pool = try SQLPool(path: nil)
        defer { pool.close() }
        try pool.write { ctx in
            try ctx.exec(sql: "CREATE TABLE person (person_id INTEGER PRIMARY KEY, name TEXT NOT NULL, title TEXT)")
        }
        try pool.writeWithoutTransaction { ctx in
            try ctx.transaction(.immediate) {
                try ctx.exec(sql: "INSERT INTO person (name) VALUES (?)", "Ada")
                // A nested transaction is a savepoint: its throw rolls back only it.
                _ = try? ctx.transaction {
                    try ctx.exec(sql: "INSERT INTO person (name) VALUES ('Bob')")
                    try ctx.exec(sql: "INSERT INTO person (name) VALUES (NULL)")
                }
            }
        }
        #expect(try pool.read { ctx in try ctx.query(sql: "SELECT name FROM person") } == [[.text("Ada")]])
    }

    @Test func migrationsAsTheGuideWritesThem() throws {
        let pool = try SQLPool(path: nil)
        defer { pool.close() }
        var migrator = SQLMigrator()
        migrator.register("v1") { ctx in
            try ctx.exec(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT)")
        }
        migrator.register("v2", sql: "ALTER TABLE player ADD COLUMN score INTEGER")
        migrator.erasesDatabaseOnSchemaChange = false
        try migrator.migrate(pool)
        #expect(try pool.read { ctx in try migrator.appliedMigrations(in: ctx) } == ["v1", "v2"])
        #expect(try pool.read { ctx in try ctx.query(sql: "SELECT score FROM player") }.isEmpty)

        // SlateMigration's landing page: a declarative schema, planned and applied.
        let directory = TemporaryDirectory()
        let shop = directory.path("shop.sql")
        try "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT, score INTEGER, team TEXT);"
            .write(toFile: shop, atomically: true, encoding: .utf8)
        let desired = try DesiredSchema(contentsOf: shop)
        let script: String = try pool.writeWithoutTransaction { db in
            let plan = try SchemaPlanner.plan(from: db, to: desired)
            try plan.apply(to: db)
            return plan.script
        }
        #expect(script.contains("ALTER TABLE"))
        #expect(try pool.read { ctx in try ctx.query(sql: "SELECT team FROM player") }.isEmpty)
    }

    @Test func observationAsTheGuideWritesIt() async throws {
        let pool = try SQLPool(path: nil)
        try await pool.write { ctx in
            try ctx.exec(sql: "CREATE TABLE person (person_id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
        }
        let names = pool.observe { ctx in
            try ctx.query(sql: "SELECT name FROM person")
        }
        let changes = pool.changes()
        var iterator = names.makeAsyncIterator()
        #expect(try await iterator.next() == [])
        try await pool.write { ctx in try ctx.exec(sql: "INSERT INTO person (name) VALUES ('Ada')") }
        #expect(try await iterator.next() == [[.text("Ada")]])
        for await change in changes where change.tables.contains("person") {
            #expect(change.rowIDs["person"] == [1])
            break
        }
        await pool.close()
        #expect(try await iterator.next() == nil)
    }

    /// RecipeFullTextSearch.md: a match in a typed predicate's SQL fragment, on a table with
    /// an external-content FTS5 index (calibre's annotations, in Records30).
    @Test func aFullTextMatchInATypedPredicate() throws {
        typealias R = Records30
        let db = try R.inMemory()
        defer { db.close() }
        for (id, text) in [(1, "Café au lait"), (2, "Tea"), (3, "Iced cafe")] {
            _ = try db.insert(R.Annotation(id: id, book: 1, searchableText: text))
            try db.pool.write { ctx in
                try ctx.exec(
                    sql: "INSERT INTO annotations_fts (rowid, searchable_text) VALUES (?, ?)",
                    parameters: [.integer(Int64(id)), .text(text)])
            }
        }
        let pattern = "cafe"
        let found = try db.annotations.fetch(
            where: { annotation in
                """
                \(annotation.id) IN
                    (SELECT rowid FROM annotations_fts WHERE annotations_fts MATCH \(pattern))
                """ && annotation.book == 1
            },
            orderBy: { $0.searchableText.ascending })
        #expect(found.map(\.id) == [1, 3])
        // What a user types is not always a valid pattern: SQLite's error, thrown.
        #expect(throws: SQLError.self) {
            _ = try db.annotations.fetch(where: { annotation in
                "\(annotation.id) IN (SELECT rowid FROM annotations_fts WHERE annotations_fts MATCH \("don't"))"
            })
        }
    }
}
