import Foundation
import Slate
import SlateTestSupport
import Testing

@Suite struct ObservationTests {
    private func pool(_ directory: TemporaryDirectory) throws -> SQLPool {
        let pool = try SQLPool(path: directory.path("observed.sqlite"))
        try pool.write { ctx in
            try ctx.exec(
                sql: """
                    CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                    CREATE TABLE pets (id INTEGER PRIMARY KEY, owner INTEGER REFERENCES people(id) ON DELETE CASCADE, name TEXT);
                    CREATE TABLE tags (name TEXT PRIMARY KEY, weight INTEGER) WITHOUT ROWID;
                    CREATE VIEW owners AS SELECT people.name FROM people JOIN pets ON pets.owner = people.id;
                    """)
        }
        return pool
    }

    @Test func changesReportTablesAndRowIDsOfCommittedTransactionsOnly() async throws {
        struct Oops: Error {}
        let directory = TemporaryDirectory()
        let pool = try pool(directory)
        defer { pool.close() }
        let changes = pool.changes()
        var iterator = changes.makeAsyncIterator()

        try await pool.write { ctx in
            try ctx.exec(sql: "INSERT INTO people (id, name) VALUES (1, 'Ada'), (2, 'Alan')")
            try ctx.exec(sql: "INSERT INTO pets (id, owner, name) VALUES (10, 1, 'Tom')")
        }
        try? await pool.write { ctx in
            try ctx.exec(sql: "INSERT INTO people (id, name) VALUES (3, 'Rolled back')")
            throw Oops()
        }
        try await pool.write { ctx in
            try ctx.exec(sql: "UPDATE people SET name = 'Grace' WHERE id = 2")
        }
        try await pool.write { ctx in
            try ctx.exec(sql: "INSERT INTO tags VALUES ('swift', 1)")
        }
        // A DELETE without WHERE empties the table row by row: every rowid is reported,
        // and the cascade to pets too.
        try await pool.write { ctx in try ctx.exec(sql: "DELETE FROM people") }

        let first = await iterator.next()
        #expect(first == SQLChanges(tables: ["people", "pets"], rowIDs: ["people": [1, 2], "pets": [10]]))
        let second = await iterator.next()
        #expect(second == SQLChanges(tables: ["people"], rowIDs: ["people": [2]]))
        let third = await iterator.next()
        #expect(third == SQLChanges(tables: ["tags"], rowIDs: [:]))
        let fourth = await iterator.next()
        #expect(fourth == SQLChanges(tables: ["people", "pets"], rowIDs: ["people": [1, 2], "pets": [10]]))
    }

    @Test func autocommittedStatementsAreEachAChange() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory)
        defer { pool.close() }
        var iterator = pool.changes().makeAsyncIterator()
        // The first statement commits on its own; the second fails: only the first is a change.
        await #expect(throws: SQLError.self) {
            try await pool.writeWithoutTransaction { ctx in
                try ctx.exec(sql: "INSERT INTO people (id, name) VALUES (5, 'a')")
                try ctx.exec(sql: "INSERT INTO people (id, name) VALUES (5, 'duplicate')")
            }
        }
        let first = await iterator.next()
        #expect(first == SQLChanges(tables: ["people"], rowIDs: ["people": [5]]))
        try await pool.write { ctx in try ctx.exec(sql: "INSERT INTO people (id, name) VALUES (6, 'b')") }
        let second = await iterator.next()
        #expect(second == SQLChanges(tables: ["people"], rowIDs: ["people": [6]]))
    }

    @Test func aQueryIsRerunAfterCommitsToTheTablesItReads() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory)
        defer { pool.close() }
        let runs = Locked(0)
        let names = pool.observe { ctx -> [String] in
            runs.withValue { $0 += 1 }
            return try ctx.query(sql: "SELECT name FROM owners ORDER BY name").compactMap { $0[0].textValue }
        }
        var iterator = names.makeAsyncIterator()
        #expect(try await iterator.next() == [])

        try await pool.write { ctx in
            try ctx.exec(sql: "INSERT INTO people (id, name) VALUES (1, 'Ada')")
            try ctx.exec(sql: "INSERT INTO pets (id, owner, name) VALUES (10, 1, 'Tom')")
        }
        #expect(try await iterator.next() == ["Ada"])

        // A table the view does not read: no run at all.
        let before = runs.current
        try await pool.write { ctx in try ctx.exec(sql: "INSERT INTO tags VALUES ('x', 1)") }
        try await Task.sleep(for: .milliseconds(300))
        #expect(runs.current == before)

        // A table it reads, with no change to the result: a run, but no new element.
        try await pool.write { ctx in try ctx.exec(sql: "UPDATE pets SET name = 'Jerry'") }
        try await pool.write { ctx in
            try ctx.exec(sql: "INSERT INTO people (id, name) VALUES (2, 'Grace')")
            try ctx.exec(sql: "INSERT INTO pets (id, owner, name) VALUES (11, 2, 'Spike')")
        }
        #expect(try await iterator.next() == ["Ada", "Grace"])
        // At least one run; two commits in quick succession may share one.
        #expect(runs.current >= before + 1)
    }

    @Test func theFinalStateIsDeliveredAfterABurstOfCommits() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory)
        defer { pool.close() }
        let counts = pool.observe { ctx in try ctx.query(sql: "SELECT count(*) FROM people")[0][0] }
        for id in 1...200 {
            try await pool.write { ctx in try ctx.exec(sql: "INSERT INTO people (id, name) VALUES (?, 'x')", id) }
        }
        let last = try await first(of: counts) { $0 == 200 }
        #expect(last == 200)
    }

    @Test func observationEndsWhenThePoolCloses() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory)
        let values = pool.observe { ctx in try ctx.query(sql: "SELECT count(*) FROM people")[0][0] }
        var iterator = values.makeAsyncIterator()
        #expect(try await iterator.next() == 0)
        let changes = pool.changes()
        await pool.close()
        #expect(try await iterator.next() == nil)
        var changeIterator = changes.makeAsyncIterator()
        #expect(await changeIterator.next() == nil)
        // After close, a new observation fails at once.
        var late = pool.observe { _ in 1 }.makeAsyncIterator()
        await #expect(throws: SQLError.self) { _ = try await late.next() }
    }

    @Test func anObservationFailsWithTheErrorItsQueryThrows() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory)
        defer { pool.close() }
        var iterator = pool.observe { ctx in try ctx.query(sql: "SELECT x FROM nowhere") }.makeAsyncIterator()
        do {
            _ = try await iterator.next()
            Issue.record("expected an error")
        } catch let error as SQLError {
            #expect(error.message == "no such table: nowhere")
        }
    }

    @Test func inMemoryPoolObservesToo() async throws {
        let pool = try SQLPool(path: nil)
        defer { pool.close() }
        try await pool.write { try $0.exec(sql: "CREATE TABLE t (v INTEGER)") }
        var changes = pool.changes().makeAsyncIterator()
        var sums = pool.observe { ctx in try ctx.query(sql: "SELECT total(v) FROM t")[0][0] }.makeAsyncIterator()
        #expect(try await sums.next() == 0.0)
        try await pool.write { try $0.exec(sql: "INSERT INTO t VALUES (40), (2)") }
        #expect(try await sums.next() == 42.0)
        #expect(await changes.next() == SQLChanges(tables: ["t"], rowIDs: ["t": [1, 2]]))
    }
}
