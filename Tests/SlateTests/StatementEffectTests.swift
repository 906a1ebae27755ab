import Foundation
import Slate
import SlateTestSupport
import Testing

/// Every statement does what it says on every kind of connection Slate opens: a plain
/// context, a pool's writer (observed or not), a pool's reader, an in-memory pool. The
/// pool's authorizer (which records the tables each statement touches) once turned
/// `DROP TABLE` and `DROP VIEW` into silent no-ops.
@Suite struct StatementEffectTests {
    /// One kind of connection, with a way to run SQL on it and to list the schema's objects.
    struct Connection: CustomTestStringConvertible, Sendable {
        var testDescription: String
        var isObserved = false
        var open:
            @Sendable (TemporaryDirectory) throws -> (
                run: (String) throws -> Void, objects: () throws -> [String], close: () -> Void
            )
    }

    static let schema = """
        CREATE TABLE legacy (x);
        CREATE TABLE kept (y);
        CREATE VIEW v AS SELECT x FROM legacy;
        CREATE INDEX legacy_x ON legacy(x);
        CREATE TRIGGER legacy_t AFTER INSERT ON legacy BEGIN SELECT 1; END;
        CREATE VIRTUAL TABLE docs USING fts5(body);
        INSERT INTO legacy VALUES (1), (2);
        """

    static func objects(_ ctx: SQLContext) throws -> [String] {
        try ctx.query(
            sql:
                "SELECT name FROM sqlite_schema WHERE name NOT LIKE 'docs_%' AND name NOT LIKE 'sqlite_%' ORDER BY name"
        )
        .map { $0[0].textValue ?? "?" }
    }

    static let connections: [Connection] = [
        Connection(testDescription: "context") { directory in
            let ctx = try SQLContext(path: directory.path("db.sqlite"))
            try ctx.exec(sql: schema)
            return ({ try ctx.exec(sql: $0) }, { try objects(ctx) }, { ctx.close() })
        },
        Connection(testDescription: "pool writer") { directory in
            let pool = try SQLPool(path: directory.path("db.sqlite"))
            try pool.write { try $0.exec(sql: schema) }
            return ({ sql in try pool.write { try $0.exec(sql: sql) } }, { try pool.read(objects) }, { pool.close() })
        },
        Connection(testDescription: "pool writer without transaction") { directory in
            let pool = try SQLPool(path: directory.path("db.sqlite"))
            try pool.write { try $0.exec(sql: schema) }
            return (
                { sql in try pool.writeWithoutTransaction { try $0.exec(sql: sql) } }, { try pool.read(objects) },
                { pool.close() }
            )
        },
        Connection(testDescription: "observed pool writer", isObserved: true) { directory in
            let pool = try SQLPool(path: directory.path("db.sqlite"))
            try pool.write { try $0.exec(sql: schema) }
            let changes = pool.changes()
            return (
                { sql in try pool.write { try $0.exec(sql: sql) } }, { try pool.read(objects) },
                {
                    pool.close(); _ = changes
                }
            )
        },
        Connection(testDescription: "in-memory pool") { _ in
            let pool = try SQLPool(path: nil)
            try pool.write { try $0.exec(sql: schema) }
            return ({ sql in try pool.write { try $0.exec(sql: sql) } }, { try pool.read(objects) }, { pool.close() })
        },
    ]

    static let drops: [(sql: String, gone: String)] = [
        ("DROP TABLE legacy", "legacy"),
        ("DROP TABLE IF EXISTS legacy", "legacy"),
        ("DROP VIEW v", "v"),
        ("DROP INDEX legacy_x", "legacy_x"),
        ("DROP TRIGGER legacy_t", "legacy_t"),
        ("DROP TABLE docs", "docs"),
    ]

    @Test(arguments: connections)
    func everyDropDrops(_ connection: Connection) throws {
        for drop in Self.drops {
            let directory = TemporaryDirectory()
            let (run, objects, close) = try connection.open(directory)
            defer { close() }
            let before = try objects()
            #expect(before.contains(drop.gone), "\(drop.sql)")
            try run(drop.sql)
            let after = try objects()
            // Dropping a table drops its index, trigger and the views' target goes stale.
            #expect(
                !after.contains(drop.gone), "\(drop.sql) left \(drop.gone) in place on \(connection.testDescription)")
            #expect(after.contains("kept"))
        }
    }

    /// The twelve-step table rebuild (new table, copy, drop the old one, rename), and
    /// `ALTER TABLE … DROP COLUMN`, through every kind of connection.
    @Test(arguments: connections)
    func aTableRebuildAndADroppedColumnTakeEffect(_ connection: Connection) throws {
        let directory = TemporaryDirectory()
        let (run, objects, close) = try connection.open(directory)
        defer { close() }
        try run(
            """
            DROP VIEW v;
            CREATE TABLE legacy_new (x INTEGER NOT NULL, extra TEXT);
            INSERT INTO legacy_new (x) SELECT x FROM legacy;
            DROP TABLE legacy;
            ALTER TABLE legacy_new RENAME TO legacy;
            ALTER TABLE legacy DROP COLUMN extra;
            CREATE VIEW v AS SELECT x FROM legacy;
            """)
        #expect(try objects() == ["docs", "kept", "legacy", "v"])
        // A second rebuild of the same name works too: nothing "already exists".
        try run(
            "CREATE TABLE legacy_new (x); INSERT INTO legacy_new SELECT x FROM legacy; DROP VIEW v; DROP TABLE legacy; ALTER TABLE legacy_new RENAME TO legacy"
        )
        #expect(try objects() == ["docs", "kept", "legacy"])
    }

    /// A reader's own temporary objects can be dropped too.
    @Test func aReaderDropsItsTemporaryTable() throws {
        let directory = TemporaryDirectory()
        let pool = try SQLPool(path: directory.path("db.sqlite"), configuration: .init(maximumReaderCount: 1))
        defer { pool.close() }
        try pool.write { try $0.exec(sql: "CREATE TABLE t (x)") }
        let names = try pool.readWithoutTransaction { ctx -> [[SQLValue]] in
            try ctx.exec(sql: "CREATE TEMP TABLE scratch (x); CREATE TEMP VIEW scratch_v AS SELECT x FROM scratch")
            try ctx.exec(sql: "DROP VIEW scratch_v; DROP TABLE scratch")
            return try ctx.query(sql: "SELECT name FROM temp.sqlite_schema")
        }
        #expect(names == [])
    }

    /// `DELETE` without `WHERE` still deletes every row and reports each rowid, and a
    /// `DROP` of a table with rows reports the table (no rows) and does drop it.
    @Test func deletesStillReportEveryRowWhileDropsDrop() async throws {
        let directory = TemporaryDirectory()
        let pool = try SQLPool(path: directory.path("db.sqlite"))
        defer { pool.close() }
        try await pool.write {
            try $0.exec(
                sql: "CREATE TABLE a (x); CREATE TABLE b (x); INSERT INTO a VALUES (1), (2); INSERT INTO b VALUES (3)")
        }
        var changes = pool.changes().makeAsyncIterator()
        try await pool.write { try $0.exec(sql: "DELETE FROM a") }
        try await pool.write { try $0.exec(sql: "DROP TABLE b") }
        try await pool.write { try $0.exec(sql: "INSERT INTO a VALUES (9)") }
        #expect(await changes.next() == SQLChanges(tables: ["a"], rowIDs: ["a": [1, 2]]))
        #expect(await changes.next() == SQLChanges(tables: ["b"], rowIDs: [:]))
        #expect(await changes.next() == SQLChanges(tables: ["a"], rowIDs: ["a": [1]]))
        #expect(try await pool.read { try $0.query(sql: "SELECT name FROM sqlite_schema ORDER BY name") } == [["a"]])
    }
}
