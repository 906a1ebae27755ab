import Foundation
import Slate
import SlateAnalysis
import SlateMigration
import SlateSchema
import SlateTestSupport
import Testing

/// The declarative planner never loses data: not when the schema changes between planning
/// and applying, not when a type change would rewrite stored values, not by fighting the
/// migrator's bookkeeping.
@Suite struct PlanSafetyTests {
    static let customers = "CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, zip TEXT);"

    private func database(_ directory: TemporaryDirectory, _ sql: String) throws -> SQLContext {
        let context = try SQLContext(path: directory.path("plan.sqlite"))
        try context.exec(sql: sql)
        return context
    }

    @Test func aPlanAppliedAfterTheSchemaChangedIsRefused() throws {
        let directory = TemporaryDirectory()
        let context = try database(
            directory, Self.customers + "INSERT INTO customers (name, zip) VALUES ('Ada', '02134');")
        defer { context.close() }
        let desired = try DesiredSchema(
            sql: Self.customers + "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT);", path: "desired.sql")
        let plan = try SchemaPlanner.plan(from: context, to: desired)
        #expect(plan.steps.map(\.kind) == [.createTable])

        let other = try SQLContext(path: directory.path("plan.sqlite"))
        try other.exec(sql: "ALTER TABLE customers ADD COLUMN phone TEXT; UPDATE customers SET phone = '555-0100'")
        other.close()

        #expect(throws: MigrationError.self) { try plan.apply(to: context, allowDestructive: true) }
        do {
            try plan.apply(to: context, allowDestructive: true)
        } catch let error as MigrationError {
            #expect(error.code == .schemaChanged)
        }
        #expect(try context.query(sql: "SELECT name, phone FROM customers") == [["Ada", "555-0100"]])
        #expect(try context.query(sql: "SELECT count(*) FROM sqlite_schema WHERE name = 'notes'") == [[0]])
        // Planned again, the new column is seen (and dropping it would be destructive).
        let again = try SchemaPlanner.plan(from: context, to: desired)
        #expect(
            again.destructiveSteps.map(\.summary) == [
                "rebuild table customers (1 row) to drop column phone holding 1 value"
            ])
    }

    @Test(arguments: [
        ("'02134'", "'02134' → 2134 in customers.zip"),
        ("'007'", "'007' → 7 in customers.zip"),
        ("'1e3'", "'1e3' → 1000 in customers.zip"),
        ("'12'", "'12' → 12 in customers.zip"),
    ])
    func textToIntegerThatRewritesValuesIsDestructive(_ value: String, _ example: String) throws {
        let directory = TemporaryDirectory()
        let context = try database(
            directory, Self.customers + "INSERT INTO customers (name, zip) VALUES ('a', 'abc'), ('b', \(value));")
        defer { context.close() }
        let desired = try DesiredSchema(
            sql: "CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, zip INTEGER);",
            path: "desired.sql")
        let plan = try SchemaPlanner.plan(from: context, to: desired)
        #expect(
            plan.destructiveSteps.map(\.summary) == [
                "rebuild table customers (2 rows) to change column zip from TEXT to INTEGER, which rewrites stored values (\(example))"
            ])
        do {
            try plan.apply(to: context)
            Issue.record("a value-rewriting type change was applied without allowDestructive")
        } catch let error as MigrationError {
            #expect(error.code == .destructive)
            #expect(error.message.contains(example))
        }
        #expect(
            try context.query(sql: "SELECT zip, typeof(zip) FROM customers ORDER BY id") == [
                ["abc", "text"], [.text(String(value.dropFirst().dropLast())), "text"],
            ])
    }

    @Test func aTypeChangeThatKeepsEveryValueIsNotDestructive() throws {
        let directory = TemporaryDirectory()
        let context = try database(
            directory,
            "CREATE TABLE m (id INTEGER PRIMARY KEY, v NUMERIC, w TEXT); INSERT INTO m (v, w) VALUES (2.5, '007'), (NULL, 'x'), (0.5, NULL)"
        )
        defer { context.close() }
        // NUMERIC → REAL keeps the reals; TEXT → BLOB (no affinity) keeps the text.
        let desired = try DesiredSchema(
            sql: "CREATE TABLE m (id INTEGER PRIMARY KEY, v REAL, w BLOB);", path: "desired.sql")
        let plan = try SchemaPlanner.plan(from: context, to: desired)
        #expect(plan.destructiveSteps.isEmpty)
        try plan.apply(to: context)
        #expect(
            try context.query(sql: "SELECT v, w, typeof(w) FROM m ORDER BY id") == [
                [2.5, "007", "text"], [.null, "x", "text"], [0.5, .null, "null"],
            ])
    }

    /// An integer made real keeps its number but not its storage class (it reads back as
    /// 2.0, typeof 'real'): a rewrite, like any other.
    @Test func anIntegerMadeRealIsARewrite() throws {
        let directory = TemporaryDirectory()
        let context = try database(
            directory, "CREATE TABLE m (id INTEGER PRIMARY KEY, w INTEGER); INSERT INTO m (w) VALUES (2), (NULL)")
        defer { context.close() }
        let plan = try SchemaPlanner.plan(
            from: context,
            to: DesiredSchema(sql: "CREATE TABLE m (id INTEGER PRIMARY KEY, w REAL);", path: "desired.sql"))
        #expect(
            plan.destructiveSteps.map(\.summary) == [
                "rebuild table m (2 rows) to change column w from INTEGER to REAL, which rewrites stored values (2 → 2.0 in m.w)"
            ])
    }

    @Test func anIntegerTooLargeForARealIsARewrite() throws {
        let directory = TemporaryDirectory()
        let context = try database(
            directory, "CREATE TABLE m (id INTEGER PRIMARY KEY, w INTEGER); INSERT INTO m (w) VALUES (9007199254740993)"
        )
        defer { context.close() }
        let desired = try DesiredSchema(sql: "CREATE TABLE m (id INTEGER PRIMARY KEY, w REAL);", path: "desired.sql")
        let plan = try SchemaPlanner.plan(from: context, to: desired)
        #expect(plan.destructiveSteps.count == 1)
    }

    /// Rows written after planning are judged again when the plan is applied.
    @Test func valuesWrittenAfterPlanningAreCheckedWhenApplying() throws {
        let directory = TemporaryDirectory()
        let context = try database(directory, Self.customers + "INSERT INTO customers (name, zip) VALUES ('a', 'abc');")
        defer { context.close() }
        let desired = try DesiredSchema(
            sql: "CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, zip INTEGER);",
            path: "desired.sql")
        let plan = try SchemaPlanner.plan(from: context, to: desired)
        #expect(plan.destructiveSteps.isEmpty)
        try context.exec(sql: "INSERT INTO customers (name, zip) VALUES ('b', '007')")
        do {
            try plan.apply(to: context)
            Issue.record("applied over a value it rewrites")
        } catch let error as MigrationError {
            #expect(error.code == .destructive)
            #expect(error.message.contains("'007' → 7 in customers.zip"))
        }
        #expect(try context.query(sql: "SELECT zip FROM customers ORDER BY id") == [["abc"], ["007"]])
    }

    @Test func makingAColumnNotNullWithoutADefaultOverNullsIsRefusedAtPlanning() throws {
        let directory = TemporaryDirectory()
        let context = try database(
            directory, Self.customers + "INSERT INTO customers (name, zip) VALUES ('a', NULL), ('b', NULL), ('c', '1');"
        )
        defer { context.close() }
        let desired = try DesiredSchema(
            sql: "CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, zip TEXT NOT NULL);",
            path: "desired.sql")
        #expect(
            throws: MigrationError(
                .notNullWithoutDefault,
                "column customers.zip becomes NOT NULL without a default, and 2 rows hold NULL in it: give it a DEFAULT (NULLs then take it, a destructive change), or fill it in a migration first"
            )
        ) {
            try SchemaPlanner.plan(from: context, to: desired)
        }
    }

    /// The planner and the migrator on one database: the migrator's bookkeeping is never
    /// planned away, and tables the migrations made are planned like any others.
    @Test func thePlannerDoesNotFightTheMigrator() throws {
        let directory = TemporaryDirectory()
        let context = try SQLContext(path: directory.path("both.sqlite"))
        defer { context.close() }
        var migrator = SQLMigrator()
        migrator.register("001", sql: Self.customers)
        migrator.register("002", sql: "INSERT INTO customers (name) VALUES ('Ada')")
        try migrator.migrate(context)

        let same = try DesiredSchema(sql: Self.customers, path: "desired.sql")
        let plan = try SchemaPlanner.plan(from: context, to: same)
        #expect(plan.isEmpty)
        let more = try DesiredSchema(
            sql: Self.customers + "CREATE TABLE notes (id INTEGER PRIMARY KEY);", path: "desired.sql")
        let grow = try SchemaPlanner.plan(from: context, to: more)
        #expect(grow.steps.map(\.summary) == ["create table notes"])
        try grow.apply(to: context)
        #expect(try migrator.appliedMigrations(in: context) == ["001", "002"])
        #expect(try migrator.pendingMigrations(in: context) == [])
    }

    /// A column the plan drops while it is empty: values written after planning make the
    /// drop destructive when the plan is applied.
    @Test func valuesWrittenAfterPlanningIntoADroppedColumnAreNotLost() throws {
        let directory = TemporaryDirectory()
        let context = try database(
            directory, "CREATE TABLE t (id INTEGER PRIMARY KEY, legacy TEXT); INSERT INTO t (legacy) VALUES (NULL)")
        defer { context.close() }
        let plan = try SchemaPlanner.plan(
            from: context, to: DesiredSchema(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY);", path: "desired.sql"))
        #expect(plan.destructiveSteps.isEmpty)
        try context.exec(sql: "UPDATE t SET legacy = 'precious'")
        do {
            try plan.apply(to: context)
            Issue.record("the drop went ahead over a value")
        } catch let error as MigrationError {
            #expect(error.code == .destructive)
            #expect(error.message.contains("'precious' in t.legacy, a column the plan drops"))
        }
        #expect(try context.query(sql: "SELECT legacy FROM t") == [["precious"]])
    }

    /// NULLs taking a new NOT NULL column's default are a rewrite only where there are any.
    @Test func makingAColumnNotNullWithADefaultIsDestructiveOnlyOverNulls() throws {
        let directory = TemporaryDirectory()
        let context = try database(
            directory, "CREATE TABLE t (id INTEGER PRIMARY KEY, n INTEGER); INSERT INTO t (n) VALUES (1), (2)")
        defer { context.close() }
        let desired = try DesiredSchema(
            sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, n INTEGER NOT NULL DEFAULT 0);", path: "desired.sql")
        #expect(try SchemaPlanner.plan(from: context, to: desired).destructiveSteps.isEmpty)
        try context.exec(sql: "INSERT INTO t (n) VALUES (NULL)")
        let plan = try SchemaPlanner.plan(from: context, to: desired)
        #expect(
            plan.destructiveSteps.map(\.summary) == [
                "rebuild table t (3 rows) to make column n NOT NULL, which rewrites stored values (NULL → 0 in t.n)"
            ])
        #expect(throws: MigrationError.self) { try plan.apply(to: context) }
        #expect(try context.query(sql: "SELECT n FROM t ORDER BY id") == [[1], [2], [.null]])
    }

    /// Planning through an in-memory pool's read (query_only) cannot make the temporary
    /// table the proof needs: the type change counts as a rewrite instead of failing.
    @Test func anUnprovableTypeChangeIsDestructive() throws {
        let pool = try SQLPool(path: nil)
        defer { pool.close() }
        try pool.write { try $0.exec(sql: Self.customers + "INSERT INTO customers (name, zip) VALUES ('a', 'abc');") }
        let desired = try DesiredSchema(
            sql: "CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, zip INTEGER);",
            path: "desired.sql")
        let summaries = try pool.read { try SchemaPlanner.plan(from: $0, to: desired).destructiveSteps.map(\.summary) }
        #expect(
            summaries == [
                "rebuild table customers (1 row) to change column zip from TEXT to INTEGER, which rewrites stored values (not provable on a read-only connection)"
            ])
    }
}
