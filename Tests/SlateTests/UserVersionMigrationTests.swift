import Foundation
import Slate
import SlateTestSupport
import Testing

/// SkipSQL's migration recipe, `ctx.migrate(migrations:)`, numbered by `user_version`.
@Suite struct UserVersionMigrationTests {
    static var first: [(SQLContext) throws -> Void] {
        [
            { try $0.exec(sql: "CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT NOT NULL)") },
            { try $0.exec(sql: "INSERT INTO note (text) VALUES ('one'), ('two')") },
        ]
    }

    static func version(_ ctx: SQLContext) throws -> [[SQLValue]] {
        try ctx.query(sql: "PRAGMA user_version")
    }

    /// The port of SkipSQL's testMigrate: versions step up, a second run is a no-op, an
    /// appended migration runs alone.
    @Test func migrationsStepTheVersionOnceEach() throws {
        let directory = TemporaryDirectory()
        let ctx = try SQLContext(path: directory.path("m.sqlite"))
        defer { ctx.close() }
        #expect(try Self.version(ctx) == [[0]])
        #expect(try ctx.migrate(migrations: Self.first) == 2)
        #expect(try Self.version(ctx) == [[2]])
        #expect(try ctx.migrate(migrations: Self.first) == 2)
        #expect(try ctx.query(sql: "SELECT count(*) FROM note") == [[2]])
        var runs = 0
        let third: (SQLContext) throws -> Void = { ctx in
            runs += 1
            try ctx.exec(sql: "ALTER TABLE note ADD COLUMN done BOOLEAN NOT NULL DEFAULT 0")
        }
        #expect(try ctx.migrate(migrations: Self.first + [third]) == 3)
        #expect(try ctx.migrate(migrations: Self.first + [third]) == 3)
        #expect(runs == 1)
        #expect(try ctx.query(sql: "SELECT text, done FROM note ORDER BY id") == [["one", 0], ["two", 0]])
    }

    @Test func aFailingMigrationRollsBackAloneAndKeepsTheData() throws {
        let directory = TemporaryDirectory()
        let ctx = try SQLContext(path: directory.path("m.sqlite"))
        defer { ctx.close() }
        let failing: (SQLContext) throws -> Void = { ctx in
            try ctx.exec(sql: "CREATE TABLE tag (label TEXT)")
            try ctx.exec(sql: "UPDATE note SET txt = 'x'")
        }
        let error = expectSQLError(.error, "migration 3 of 3, user_version 2 → 3, failed: no such column: txt") {
            try ctx.migrate(migrations: Self.first + [failing])
        }
        #expect(error?.sql == "UPDATE note SET txt = 'x'")
        #expect(try Self.version(ctx) == [[2]])
        #expect(try ctx.query(sql: "SELECT count(*) FROM note") == [[2]])
        #expect(try ctx.query(sql: "SELECT count(*) FROM sqlite_schema WHERE name = 'tag'") == [[0]])
        // A migration that catches an error SQLite aborted the transaction on cannot
        // commit half its work either.
        let catching: (SQLContext) throws -> Void = { ctx in
            try ctx.exec(sql: "INSERT INTO note (id, text) VALUES (10, 'x')")
            try? ctx.exec(sql: "INSERT OR ROLLBACK INTO note (id, text) VALUES (10, 'again')")
            try ctx.exec(sql: "INSERT INTO note (id, text) VALUES (11, 'y')")
        }
        #expect(throws: SQLError.self) { try ctx.migrate(migrations: Self.first + [catching]) }
        #expect(try Self.version(ctx) == [[2]])
        #expect(try ctx.query(sql: "SELECT count(*) FROM note") == [[2]])
    }

    @Test func aDanglingForeignKeyFailsTheMigration() throws {
        let ctx = try SQLContext()
        let migrations: [(SQLContext) throws -> Void] = [
            {
                try $0.exec(
                    sql:
                        "CREATE TABLE parent (id INTEGER PRIMARY KEY); CREATE TABLE child (parent_id INTEGER REFERENCES parent(id))"
                )
            },
            { try $0.exec(sql: "INSERT INTO child VALUES (7)") },
        ]
        expectSQLError(
            .constraintForeignKey, "migration 2 of 2 left 1 row referring to nothing (in child); it was rolled back"
        ) {
            try ctx.migrate(migrations: migrations)
        }
        #expect(try Self.version(ctx) == [[1]])
        #expect(try ctx.query(sql: "SELECT count(*) FROM child") == [[0]])
        #expect(try ctx.query(sql: "PRAGMA foreign_keys") == [[1]])
    }

    /// A migration that rebuilds a parent table: with foreign keys on, its DROP TABLE would
    /// delete the children by cascade.
    @Test func rebuildingAParentTableKeepsItsChildren() throws {
        let ctx = try SQLContext()
        let migrations: [(SQLContext) throws -> Void] = [
            {
                try $0.exec(
                    sql: """
                        CREATE TABLE parent (id INTEGER PRIMARY KEY, name TEXT);
                        CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES parent(id) ON DELETE CASCADE);
                        INSERT INTO parent VALUES (1, 'p'); INSERT INTO child VALUES (10, 1), (11, 1);
                        """)
            },
            {
                try $0.exec(
                    sql: """
                        CREATE TABLE parent_new (id INTEGER PRIMARY KEY, name TEXT NOT NULL DEFAULT '');
                        INSERT INTO parent_new SELECT id, coalesce(name, '') FROM parent;
                        DROP TABLE parent;
                        ALTER TABLE parent_new RENAME TO parent;
                        """)
            },
        ]
        #expect(try ctx.migrate(migrations: migrations) == 2)
        #expect(try ctx.query(sql: "SELECT count(*) FROM child") == [[2]])
    }

    @Test func aNewerDatabaseIsRefusedUntouched() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("m.sqlite")
        do {
            let ctx = try SQLContext(path: path)
            try ctx.migrate(migrations: Self.first + [{ try $0.exec(sql: "CREATE TABLE later (x)") }])
            ctx.close()
        }
        let before = FileManager.default.contents(atPath: path)
        let ctx = try SQLContext(path: path)
        expectSQLError(
            .misuse,
            "the database is at user_version 3, newer than the 2 migrations this program knows; it was left untouched"
        ) {
            try ctx.migrate(migrations: Self.first)
        }
        ctx.close()
        #expect(FileManager.default.contents(atPath: path) == before)
    }

    @Test func insideATransactionIsMisuse() throws {
        let ctx = try SQLContext()
        try ctx.transaction {
            expectSQLError(
                .misuse,
                "migrate(migrations:) runs each migration in a transaction of its own: call it outside a transaction"
            ) {
                try ctx.migrate(migrations: Self.first)
            }
        }
    }

    @Test func onAPoolSyncAndAsync() async throws {
        let directory = TemporaryDirectory()
        let pool = try SQLPool(path: directory.path("m.sqlite"))
        defer { pool.close() }
        #expect(try syncMigrate(pool, Self.first) == 2)
        let more: [@Sendable (SQLContext) throws -> Void] = [
            { try $0.exec(sql: "CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT NOT NULL)") },
            { try $0.exec(sql: "INSERT INTO note (text) VALUES ('one'), ('two')") },
            { try $0.exec(sql: "INSERT INTO note (text) VALUES ('three')") },
        ]
        #expect(try await pool.migrate(migrations: more) == 3)
        #expect(try await pool.read { try $0.query(sql: "SELECT count(*) FROM note") } == [[3]])
    }

    /// Two processes migrating one new file at once: each migration is applied once in all.
    @Test func twoProcessesApplyEachMigrationOnce() throws {
        let child = try #require(Executables.url("slate-test-child"), "slate-test-child is not built beside the tests")
        let directory = TemporaryDirectory()
        for round in 0..<6 {
            let path = directory.path("shared-\(round).sqlite")
            for result in try Executables.runTogether(child, Array(repeating: ["migrate", path], count: 3)) {
                #expect(result.output == "3\n", "round \(round): \(result.output)")
            }
            let ctx = try SQLContext(path: path)
            defer { ctx.close() }
            #expect(try ctx.query(sql: "SELECT count(*) FROM applied") == [[2]])
            #expect(try ctx.query(sql: "SELECT count(*) FROM settings") == [[1]])
            #expect(try Self.version(ctx) == [[3]])
        }
    }
}

private func syncMigrate(_ pool: SQLPool, _ migrations: [(SQLContext) throws -> Void]) throws -> Int64 {
    try pool.migrate(migrations: migrations)
}
