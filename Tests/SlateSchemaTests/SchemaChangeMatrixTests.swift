import Foundation
import Slate
import SlateTestSupport
import Testing

@testable import SlateAnalysis
@testable import SlateMigration
@testable import SlateSchema

/// Every kind of schema change, applied to a database full of data: afterwards the file
/// passes `integrity_check`, `foreign_key_check` finds nothing, every row is there with its
/// values, and the reflected schema is the desired one.
@Suite struct SchemaChangeMatrixTests {
    static let base = """
        CREATE TABLE customer (
          id INTEGER PRIMARY KEY,
          name TEXT NOT NULL,
          email TEXT,
          note TEXT
        );
        CREATE TABLE orders (
          id INTEGER PRIMARY KEY,
          customer_id INTEGER NOT NULL REFERENCES customer(id),
          total REAL NOT NULL DEFAULT 0,
          placed TEXT
        );
        CREATE TABLE scratch (k TEXT PRIMARY KEY, v);
        CREATE INDEX orders_by_customer ON orders (customer_id);
        CREATE VIEW big_orders AS SELECT id, total FROM orders WHERE total > 100;
        CREATE TRIGGER customer_note AFTER INSERT ON customer
        BEGIN
          UPDATE customer SET note = 'new' WHERE id = new.id AND note IS NULL;
        END;
        """

    /// 120 customers (every fourth without an email, names with quotes, no notes), 300
    /// orders, two scratch rows.
    static func makeDatabase(at path: String, schema: String = base) throws {
        let context = try SQLContext(path: path)
        defer { context.close() }
        try context.exec(sql: schema)
        try context.transaction {
            try context.exec(sql: "DROP TRIGGER customer_note")
            for id in 1...120 {
                try context.exec(
                    sql: "INSERT INTO customer (id, name, email) VALUES (?, ?, ?)",
                    parameters: [
                        .integer(Int64(id)), .text("O'Name \(id)"), id % 4 == 0 ? .null : .text("c\(id)@example.com"),
                    ])
            }
            for id in 1...300 {
                try context.exec(
                    sql: "INSERT INTO orders (id, customer_id, total, placed) VALUES (?, ?, ?, ?)",
                    parameters: [
                        .integer(Int64(id)), .integer(Int64(id % 120 + 1)), .float(Double(id) * 1.5),
                        id % 3 == 0 ? .null : .text("2024-01-\(id % 28 + 1)"),
                    ])
            }
            try context.exec(sql: "INSERT INTO scratch VALUES ('a', 1), ('b', 'two')")
            try context.exec(
                sql: """
                    CREATE TRIGGER customer_note AFTER INSERT ON customer
                    BEGIN
                      UPDATE customer SET note = 'new' WHERE id = new.id AND note IS NULL;
                    END
                    """)
        }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        /// The desired schema: the base with one change.
        var desired: String
        var allowDestructive = false
        /// The steps the plan must have, in order.
        var steps: [MigrationStep.Kind]
        /// Queries whose results must be equal before (first) and after (second).
        var preserved: [(before: String, after: String)] = Case.everything
        /// More checks on the migrated database.
        var check: @Sendable (SQLContext) throws -> Void = { _ in }

        var testDescription: String { name }

        static let customers = (
            "SELECT id, name, email, note FROM customer ORDER BY id",
            "SELECT id, name, email, note FROM customer ORDER BY id"
        )
        static let orders = (
            "SELECT id, customer_id, total, placed FROM orders ORDER BY id",
            "SELECT id, customer_id, total, placed FROM orders ORDER BY id"
        )
        static let scratch = ("SELECT k, v FROM scratch ORDER BY k", "SELECT k, v FROM scratch ORDER BY k")
        static let everything = [customers, orders, scratch]
    }

    /// The base schema with `old` replaced by `new` (which must occur).
    static func changed(_ old: String, _ new: String, in schema: String = base) -> String {
        precondition(schema.contains(old), "the base schema has no \(old)")
        return schema.replacingOccurrences(of: old, with: new)
    }

    static let cases: [Case] = [
        Case(
            name: "add a nullable column",
            desired: changed("  note TEXT\n);", "  note TEXT,\n  phone TEXT\n);"),
            steps: [.addColumn],
            check: { (db: SQLContext) throws in
                #expect(try db.query(sql: "SELECT count(*) FROM customer WHERE phone IS NULL")[0][0] == .integer(120))
            }),
        Case(
            name: "add a NOT NULL column with a default",
            desired: changed("  note TEXT\n);", "  note TEXT,\n  tier INTEGER NOT NULL DEFAULT 1\n);"),
            steps: [.addColumn],
            check: { (db: SQLContext) throws in
                #expect(try db.query(sql: "SELECT DISTINCT tier FROM customer") == [[.integer(1)]])
            }),
        Case(
            name: "add a column whose default is not constant (rebuild)",
            desired: changed("  placed TEXT\n);", "  placed TEXT,\n  created TEXT DEFAULT CURRENT_TIMESTAMP\n);"),
            steps: [.dropTrigger, .dropView, .rebuildTable, .createIndex, .createView, .createTrigger],
            check: { (db: SQLContext) throws in
                #expect(
                    try db.query(sql: "SELECT count(*) FROM orders WHERE created IS NOT NULL")[0][0] == .integer(300))
            }),
        Case(
            name: "add a column in the middle (rebuild)",
            desired: changed("  name TEXT NOT NULL,\n", "  name TEXT NOT NULL,\n  nickname TEXT,\n"),
            steps: [.dropTrigger, .dropView, .rebuildTable, .createView, .createTrigger]),
        Case(
            name: "add a foreign-key column",
            desired: changed("  placed TEXT\n);", "  placed TEXT,\n  referrer_id INTEGER REFERENCES customer(id)\n);"),
            steps: [.addColumn]),
        Case(
            name: "drop a column that holds no data",
            desired: changed(
                "  email TEXT,\n  note TEXT\n);", "  email TEXT\n);",
                in: changed("UPDATE customer SET note = 'new' WHERE id = new.id AND note IS NULL;", "SELECT 1;")),
            steps: [.dropTrigger, .dropView, .rebuildTable, .createView, .createTrigger],
            preserved: [
                (
                    "SELECT id, name, email FROM customer ORDER BY id",
                    "SELECT id, name, email FROM customer ORDER BY id"
                ), Case.orders, Case.scratch,
            ]),
        Case(
            name: "drop a column that holds data, allowed",
            desired: changed("  email TEXT,\n", ""),
            allowDestructive: true,
            steps: [.dropTrigger, .dropView, .rebuildTable, .createView, .createTrigger],
            preserved: [
                ("SELECT id, name, note FROM customer ORDER BY id", "SELECT id, name, note FROM customer ORDER BY id"),
                Case.orders, Case.scratch,
            ]),
        Case(
            name: "rename a column",
            desired: "-- slate:rename customer.email -> mail\n" + changed("  email TEXT,\n", "  mail TEXT,\n"),
            steps: [.renameColumn],
            preserved: [
                (
                    "SELECT id, name, email, note FROM customer ORDER BY id",
                    "SELECT id, name, mail, note FROM customer ORDER BY id"
                ), Case.orders, Case.scratch,
            ]),
        Case(
            name: "rename a table that others refer to",
            desired: "-- slate:rename customer -> client\n"
                + changed(
                    "CREATE TABLE customer (", "CREATE TABLE client (",
                    in: changed(
                        "REFERENCES customer(id)", "REFERENCES client(id)",
                        in: changed(
                            "ON customer\n", "ON client\n", in: changed("UPDATE customer SET", "UPDATE client SET")))),
            steps: [.dropTrigger, .dropView, .renameTable, .createView, .createTrigger],
            preserved: [
                (
                    "SELECT id, name, email, note FROM customer ORDER BY id",
                    "SELECT id, name, email, note FROM client ORDER BY id"
                ), Case.orders, Case.scratch,
            ],
            check: { (db: SQLContext) throws in
                #expect(
                    try db.query(sql: "SELECT \"table\" FROM pragma_foreign_key_list('orders')") == [[.text("client")]])
            }),
        Case(
            name: "change a column's type",
            desired: changed("  placed TEXT\n", "  placed DATETIME\n"),
            steps: [.dropTrigger, .dropView, .rebuildTable, .createIndex, .createView, .createTrigger]),
        Case(
            name: "make a column NOT NULL with a default",
            desired: changed("  email TEXT,\n", "  email TEXT NOT NULL DEFAULT '',\n"),
            // Its NULLs take the default: a rewrite of stored values.
            allowDestructive: true,
            steps: [.dropTrigger, .dropView, .rebuildTable, .createView, .createTrigger],
            preserved: [
                (
                    "SELECT id, name, coalesce(email, ''), note FROM customer ORDER BY id",
                    "SELECT id, name, email, note FROM customer ORDER BY id"
                ),
                Case.orders, Case.scratch,
            ]),
        Case(
            name: "add a UNIQUE constraint",
            desired: changed("  email TEXT,\n", "  email TEXT UNIQUE,\n"),
            steps: [.dropTrigger, .dropView, .rebuildTable, .createView, .createTrigger],
            check: { (db: SQLContext) throws in
                #expect(
                    try db.query(sql: "SELECT count(*) FROM pragma_index_list('customer') WHERE origin = 'u'")[0][0]
                        == .integer(1))
            }),
        Case(
            name: "add a CHECK constraint",
            desired: changed(
                "  total REAL NOT NULL DEFAULT 0,\n", "  total REAL NOT NULL DEFAULT 0 CHECK (total >= 0),\n"),
            steps: [.dropTrigger, .dropView, .rebuildTable, .createIndex, .createView, .createTrigger]),
        Case(
            name: "change a default",
            desired: changed("DEFAULT 0,", "DEFAULT 10,"),
            steps: [.dropTrigger, .dropView, .rebuildTable, .createIndex, .createView, .createTrigger]),
        Case(
            name: "change the primary key and drop the rowid",
            desired: changed(
                "CREATE TABLE scratch (k TEXT PRIMARY KEY, v);",
                "CREATE TABLE scratch (k TEXT NOT NULL, v NOT NULL, PRIMARY KEY (k, v)) WITHOUT ROWID;"),
            // The rows' implicit rowids are lost: destructive (PlanValueTests).
            allowDestructive: true,
            steps: [.dropTrigger, .dropView, .rebuildTable, .createView, .createTrigger]),
        Case(
            name: "reorder columns",
            desired: changed("  email TEXT,\n  note TEXT\n", "  note TEXT,\n  email TEXT\n"),
            steps: [.dropTrigger, .dropView, .rebuildTable, .createView, .createTrigger]),
        Case(
            name: "create a table and an index",
            desired: base
                + "\nCREATE TABLE tag (id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customer(id), label TEXT NOT NULL);\nCREATE INDEX tag_by_customer ON tag (customer_id);",
            steps: [.createTable, .createIndex]),
        Case(
            name: "drop a table, allowed",
            desired: changed("CREATE TABLE scratch (k TEXT PRIMARY KEY, v);\n", ""),
            allowDestructive: true,
            steps: [.dropTrigger, .dropView, .dropTable, .createView, .createTrigger],
            preserved: [Case.customers, Case.orders]),
        Case(
            name: "change an index",
            desired: changed("ON orders (customer_id);", "ON orders (customer_id, placed DESC);"),
            steps: [.dropIndex, .createIndex]),
        Case(
            name: "drop an index",
            desired: changed("CREATE INDEX orders_by_customer ON orders (customer_id);\n", ""),
            steps: [.dropIndex]),
        Case(
            name: "change a view",
            desired: changed("WHERE total > 100", "WHERE total > 200"),
            steps: [.dropView, .createView],
            check: { (db: SQLContext) throws in
                #expect(try db.query(sql: "SELECT count(*) FROM big_orders")[0][0] == .integer(167))
            }),
        Case(
            name: "change a trigger",
            desired: changed("SET note = 'new'", "SET note = 'newer'"),
            steps: [.dropTrigger, .createTrigger],
            check: { (db: SQLContext) throws in
                try db.exec(sql: "INSERT INTO customer (id, name) VALUES (999, 'Z')")
                #expect(try db.query(sql: "SELECT note FROM customer WHERE id = 999") == [[.text("newer")]])
                try db.exec(sql: "DELETE FROM customer WHERE id = 999")
            }),
        Case(
            name: "set user_version",
            desired: base + "\nPRAGMA user_version = 7;",
            steps: [.setUserVersion],
            check: { (db: SQLContext) throws in #expect(db.userVersion == 7) }),
    ]

    @Test(arguments: cases) func changeKeepsEveryRow(_ change: Case) throws {
        let directory = TemporaryDirectory()
        let path = directory.path("shop.sqlite")
        try Self.makeDatabase(at: path)
        let desired = try DesiredSchema(sql: change.desired, path: "desired.sql")
        let context = try SQLContext(path: path)
        defer { context.close() }

        let before = try change.preserved.map { try context.query(sql: $0.before) }
        let plan = try SchemaPlanner.plan(from: context, to: desired)
        #expect(plan.steps.map(\.kind) == change.steps)
        try plan.apply(to: context, allowDestructive: change.allowDestructive)

        #expect(try context.query(sql: "PRAGMA integrity_check") == [[.text("ok")]])
        #expect(try context.query(sql: "PRAGMA foreign_key_check") == [])
        for (index, pair) in change.preserved.enumerated() {
            #expect(try context.query(sql: pair.after) == before[index], "rows of \(pair.after)")
        }
        #expect(SchemaComparison.differences(try SchemaReader.read(from: context), desired.schema) == [])
        #expect(try SchemaPlanner.plan(from: context, to: desired).isEmpty)
        try change.check(context)
    }

    // MARK: Refusals

    private static func fileBytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    @Test func destructiveStepsAreRefusedAndChangeNothing() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("shop.sqlite")
        try Self.makeDatabase(at: path)
        let before = Self.fileBytes(path)
        let context = try SQLContext(path: path)
        defer { context.close() }

        let dropColumn = try SchemaPlanner.plan(
            from: context, to: DesiredSchema(sql: Self.changed("  email TEXT,\n", ""), path: "d.sql"))
        #expect(
            dropColumn.destructiveSteps.map(\.summary) == [
                "rebuild table customer (120 rows) to drop column email holding 90 values"
            ])
        #expect(
            throws: MigrationError(
                .destructive,
                "the change would rebuild table customer (120 rows) to drop column email holding 90 values; allow destructive changes to go ahead"
            )
        ) {
            try dropColumn.apply(to: context)
        }
        let dropTable = try SchemaPlanner.plan(
            from: context,
            to: DesiredSchema(sql: Self.changed("CREATE TABLE scratch (k TEXT PRIMARY KEY, v);\n", ""), path: "d.sql"))
        #expect(dropTable.destructiveSteps.map(\.summary) == ["drop table scratch and its 2 rows"])
        #expect(throws: MigrationError.self) { try dropTable.apply(to: context) }
        context.close()
        #expect(Self.fileBytes(path) == before)
    }

    @Test func aNotNullColumnWithoutDefaultIsRefusedOnATableWithRows() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("shop.sqlite")
        try Self.makeDatabase(at: path)
        let context = try SQLContext(path: path)
        defer { context.close() }
        let desired = try DesiredSchema(
            sql: Self.changed("  note TEXT\n);", "  note TEXT,\n  code TEXT NOT NULL\n);"), path: "d.sql")
        #expect(
            throws: MigrationError(
                .notNullWithoutDefault,
                "new column customer.code is NOT NULL without a default, and customer has 120 rows: give it a DEFAULT, or add it in a migration that fills it"
            )
        ) {
            try SchemaPlanner.plan(from: context, to: desired)
        }
        // On an empty table SQLite adds it.
        try context.exec(sql: "DELETE FROM orders; DELETE FROM customer")
        let plan = try SchemaPlanner.plan(from: context, to: desired)
        #expect(plan.steps.map(\.kind) == [.addColumn])
        try plan.apply(to: context)
        #expect(SchemaComparison.differences(try SchemaReader.read(from: context), desired.schema) == [])
    }

    @Test(arguments: ["delete", "wal"]) func aChangeThatFailsHalfwayLeavesTheFileByteIdentical(
        _ journalMode: String
    ) throws {
        let directory = TemporaryDirectory()
        let path = directory.path("shop.sqlite")
        try Self.makeDatabase(at: path)
        do {
            let context = try SQLContext(path: path)
            _ = try context.query(sql: "PRAGMA journal_mode = \(journalMode)")
            try context.exec(sql: "UPDATE customer SET email = 'same@example.com' WHERE id IN (2, 3)")
            context.close()
        }
        // A new table first, then a UNIQUE constraint the rows break: planning tries the
        // copy and refuses it.
        let desired = try DesiredSchema(
            sql: Self.changed("  email TEXT,\n", "  email TEXT UNIQUE,\n") + "\nCREATE TABLE extra (x);", path: "d.sql")
        #expect(throws: MigrationError.self) { try SchemaPlanner.plan(from: SQLContext(path: path), to: desired) }
        // Planned while the rows fit, and applied after a write broke them: the copy fails
        // halfway, and everything is rolled back.
        let plan: MigrationPlan
        do {
            let context = try SQLContext(path: path)
            try context.exec(sql: "UPDATE customer SET email = 'third@example.com' WHERE id = 3")
            plan = try SchemaPlanner.plan(from: context, to: desired)
            try context.exec(sql: "UPDATE customer SET email = 'same@example.com' WHERE id IN (2, 3)")
            context.close()
        }
        let before = Self.fileBytes(path)
        let context = try SQLContext(path: path)
        #expect(
            plan.steps.map(\.kind) == [
                .dropTrigger, .dropView, .rebuildTable, .createTable, .createView, .createTrigger,
            ])
        do {
            try plan.apply(to: context)
            Issue.record("the change should have failed")
        } catch let error as MigrationError {
            #expect(error.code == .migrationFailed)
            #expect(
                error.message
                    == "rebuild table customer (120 rows) to change its constraints: UNIQUE constraint failed: slate_rebuild_customer.email"
            )
        }
        #expect(
            try context.query(
                sql: "SELECT count(*) FROM sqlite_schema WHERE name IN ('extra', 'slate_rebuild_customer')")[0][0]
                == .integer(0))
        #expect(try context.query(sql: "PRAGMA foreign_keys") == [[.integer(1)]])
        context.close()
        #expect(Self.fileBytes(path) == before)
    }

    @Test func aDryRunPlanReadsOnly() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("shop.sqlite")
        try Self.makeDatabase(at: path)
        let before = Self.fileBytes(path)
        let context = try SQLContext(path: path, flags: [.readOnly])
        let plan = try SchemaPlanner.plan(
            from: context, to: DesiredSchema(sql: Self.changed("DEFAULT 0,", "DEFAULT 10,"), path: "d.sql"))
        context.close()
        #expect(
            plan.script.contains(
                """
                -- rebuild table orders (300 rows) to change column total
                CREATE TABLE "slate_rebuild_orders" (
                """))
        #expect(plan.script.hasPrefix("PRAGMA foreign_keys = OFF;\nBEGIN IMMEDIATE;\n"))
        #expect(plan.script.hasSuffix("PRAGMA foreign_key_check;\nCOMMIT;\nPRAGMA foreign_keys = ON;\n"))
        #expect(Self.fileBytes(path) == before)
        #expect(
            !FileManager.default.fileExists(atPath: path + "-journal")
                && !FileManager.default.fileExists(atPath: path + "-wal"))
    }
}
