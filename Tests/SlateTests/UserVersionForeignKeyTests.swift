import Foundation
import Slate
import SlateTestSupport
import Testing

/// `migrate(migrations:)` with `SQLMigration` values: each migration's foreign-key checks,
/// deferred (the default, as with plain closures) or immediate.
@Suite struct UserVersionForeignKeyTests {
    static let tables = SQLMigration { ctx in
        try ctx.exec(
            sql: """
                CREATE TABLE parent (id INTEGER PRIMARY KEY, name TEXT);
                CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER NOT NULL REFERENCES parent(id));
                INSERT INTO parent VALUES (1, 'p');
                INSERT INTO child VALUES (10, 1);
                """)
    }

    /// A row that refers to nothing for a while, deleted before the migration ends.
    static func danglingForAWhile(_ checks: SQLMigration.ForeignKeyChecks) -> SQLMigration {
        SQLMigration(foreignKeyChecks: checks) { ctx in
            try ctx.exec(sql: "INSERT INTO child VALUES (11, 99)")
            try ctx.exec(sql: "DELETE FROM child WHERE id = 11")
        }
    }

    static func version(_ ctx: SQLContext) throws -> [[SQLValue]] {
        try ctx.query(sql: "PRAGMA user_version")
    }

    @Test func aRowDanglingForAWhilePassesDeferredChecks() throws {
        let directory = TemporaryDirectory()
        let ctx = try SQLContext(path: directory.path("m.sqlite"))
        defer { ctx.close() }
        #expect(SQLMigration { _ in }.foreignKeyChecks == .deferred)
        #expect(try ctx.migrate(migrations: [Self.tables, Self.danglingForAWhile(.deferred)]) == 2)
        #expect(try ctx.query(sql: "SELECT id FROM child") == [[10]])
        #expect(try ctx.query(sql: "PRAGMA foreign_keys") == [[1]])
    }

    @Test func aRowDanglingForAWhileFailsImmediateChecksAndLeavesTheFileAsItWas() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("m.sqlite")
        do {
            let ctx = try SQLContext(path: path)
            #expect(try ctx.migrate(migrations: [Self.tables]) == 1)
            ctx.close()
        }
        let before = FileManager.default.contents(atPath: path)
        let ctx = try SQLContext(path: path)
        expectSQLError(
            .constraintForeignKey, "migration 2 of 2, user_version 1 → 2, failed: FOREIGN KEY constraint failed"
        ) {
            try ctx.migrate(migrations: [Self.tables, Self.danglingForAWhile(.immediate)])
        }
        #expect(try Self.version(ctx) == [[1]])
        #expect(try ctx.query(sql: "SELECT id FROM child") == [[10]])
        #expect(try ctx.query(sql: "PRAGMA foreign_keys") == [[1]])
        ctx.close()
        #expect(FileManager.default.contents(atPath: path) == before)
    }

    /// The twelve steps on the parent table: deferred checks let its `DROP TABLE` through
    /// and keep the children; immediate ones refuse it (dropping the parent deletes its
    /// rows first), and nothing of the migration stays.
    @Test func rebuildingAParentTableNeedsDeferredChecks() throws {
        func rebuild(_ checks: SQLMigration.ForeignKeyChecks) -> SQLMigration {
            SQLMigration(foreignKeyChecks: checks) { ctx in
                try ctx.exec(
                    sql: """
                        CREATE TABLE parent_new (id INTEGER PRIMARY KEY, name TEXT NOT NULL DEFAULT '');
                        INSERT INTO parent_new SELECT id, coalesce(name, '') FROM parent;
                        DROP TABLE parent;
                        ALTER TABLE parent_new RENAME TO parent;
                        """)
            }
        }
        let immediate = try SQLContext()
        defer { immediate.close() }
        expectSQLError(
            .constraintForeignKey, "migration 2 of 2, user_version 1 → 2, failed: FOREIGN KEY constraint failed"
        ) {
            try immediate.migrate(migrations: [Self.tables, rebuild(.immediate)])
        }
        #expect(try Self.version(immediate) == [[1]])
        #expect(try immediate.query(sql: "SELECT name FROM sqlite_schema WHERE name LIKE 'parent%'") == [["parent"]])

        let deferred = try SQLContext()
        defer { deferred.close() }
        #expect(try deferred.migrate(migrations: [Self.tables, rebuild(.deferred)]) == 2)
        #expect(
            try deferred.query(sql: "SELECT child.id, parent.name FROM child JOIN parent ON parent.id = parent_id") == [
                [10, "p"]
            ])
        #expect(try deferred.query(sql: "PRAGMA foreign_keys") == [[1]])
    }

    /// A connection configured without foreign keys: an immediate migration still runs with
    /// them on, and the connection has them off again afterwards, failed or not.
    @Test func immediateChecksHoldOnAConnectionWithoutForeignKeysAndItsSettingIsRestored() throws {
        let ctx = try SQLContext(configuration: .init(foreignKeys: false))
        defer { ctx.close() }
        let valid = SQLMigration(foreignKeyChecks: .immediate) { try $0.exec(sql: "INSERT INTO child VALUES (12, 1)") }
        #expect(try ctx.migrate(migrations: [Self.tables, valid]) == 2)
        #expect(try ctx.query(sql: "PRAGMA foreign_keys") == [[0]])
        expectSQLError(
            .constraintForeignKey, "migration 3 of 3, user_version 2 → 3, failed: FOREIGN KEY constraint failed"
        ) {
            try ctx.migrate(migrations: [Self.tables, valid, Self.danglingForAWhile(.immediate)])
        }
        #expect(try ctx.query(sql: "PRAGMA foreign_keys") == [[0]])
        #expect(try Self.version(ctx) == [[2]])
        // Plain closures and deferred migrations keep the connection's setting while they
        // run, and the check before commit all the same.
        #expect(try ctx.migrate(migrations: [Self.tables, valid, Self.danglingForAWhile(.deferred)]) == 3)
        #expect(try ctx.query(sql: "PRAGMA foreign_keys") == [[0]])
    }

    /// Deferred and immediate migrations in one run, each with its own setting, on a pool,
    /// sync and async.
    @Test func mixedChecksOnAPoolSyncAndAsync() async throws {
        let directory = TemporaryDirectory()
        let pool = try SQLPool(path: directory.path("m.sqlite"))
        defer { pool.close() }
        let first = [Self.tables, Self.danglingForAWhile(.deferred)]
        #expect(try syncMigrate(pool, first) == 2)
        let more = SQLMigration(foreignKeyChecks: .immediate) { ctx in
            try ctx.exec(sql: "INSERT INTO child VALUES (12, 1)")
            let enforced = try ctx.query(sql: "PRAGMA foreign_keys")
            #expect(enforced == [[1]])
        }
        let last = SQLMigration { ctx in
            let enforced = try ctx.query(sql: "PRAGMA foreign_keys")
            #expect(enforced == [[0]])
        }
        #expect(try await pool.migrate(migrations: first + [more, last]) == 4)
        #expect(try await pool.read { try $0.query(sql: "SELECT id FROM child ORDER BY id") } == [[10], [12]])
        #expect(try await pool.write { try $0.query(sql: "PRAGMA foreign_keys") } == [[1]])
    }
}

private func syncMigrate(_ pool: SQLPool, _ migrations: [SQLMigration]) throws -> Int64 {
    try pool.migrate(migrations: migrations)
}
