import Foundation
import Slate
import SlateMigration
import SlateSchema
import SlateTestSupport
import Testing

/// "Non-destructive" means that no stored value changes: every attribute a table rebuild
/// can change (strictness, declared types and so affinity, `ANY`, generated columns,
/// rowids, AUTOINCREMENT, constraints the rows must meet) is proved on the live rows, or
/// the step is called destructive, or the plan is refused. Values are compared byte for
/// byte: storage class, and reals by their bits.
@Suite struct PlanValueTests {
    /// Every value of `sql`'s rows, exactly: storage class and bytes.
    static func exact(_ context: SQLContext, _ sql: String) throws -> [[String]] {
        try context.query(sql: sql).map { row in
            row.map { value in
                switch value {
                case .integer(let number): "integer \(number)"
                case .float(let number): "real \(String(number.bitPattern, radix: 16))"
                case .text(let text): "text \(Array(text.utf8))"
                case .blob(let bytes): "blob \(bytes)"
                case .null: "null"
                }
            }
        }
    }

    /// Values other applications write: text that looks numeric, blobs, -0.0, extreme
    /// integers and reals, empty text, NULL.
    static let awkward = [
        "'007'", "'1.0'", "' 12'", "'1e3'", "'12 '", "'0x10'", "'abc'", "''", "x'00ff'", "x''", "-0.0", "0.1", "1.0",
        "1e308",
        "9223372036854775807", "-9223372036854775808", "9007199254740993", "'9223372036854775808'", "NULL",
    ]

    /// The STRICT table holding the values, planned to the same table without
    /// STRICT: `ANY` would become NUMERIC affinity and rewrite them, so the step is
    /// destructive, refused, and the values stay.
    @Test func droppingStrictIsDestructiveWhenItWouldRewriteValues() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("strict.sqlite")
        let context = try SQLContext(path: path)
        defer { context.close() }
        try context.exec(
            sql:
                "CREATE TABLE s (id INTEGER PRIMARY KEY, x ANY) STRICT; INSERT INTO s (x) VALUES ('007'), ('1.0'), (' 12'), ('1e3')"
        )
        let before = try Self.exact(context, "SELECT id, x FROM s ORDER BY id")
        let plan = try SchemaPlanner.plan(
            from: context, to: DesiredSchema(sql: "CREATE TABLE s (id INTEGER PRIMARY KEY, x ANY);", path: "s.sql"))
        #expect(
            plan.destructiveSteps.map(\.summary) == [
                "rebuild table s (4 rows) to make it no longer STRICT, give column x NUMERIC affinity instead of no conversion (ANY in a STRICT table), which rewrites stored values ('007' → 7 in s.x)"
            ])
        #expect(throws: MigrationError.self) { try plan.apply(to: context) }
        #expect(try Self.exact(context, "SELECT id, x FROM s ORDER BY id") == before)
        // Values NUMERIC affinity keeps as they are: the same change is not destructive.
        try context.exec(sql: "DELETE FROM s; INSERT INTO s (x) VALUES ('abc'), (5), (x'01')")
        let kept = try Self.exact(context, "SELECT id, x FROM s ORDER BY id")
        let harmless = try SchemaPlanner.plan(
            from: context, to: DesiredSchema(sql: "CREATE TABLE s (id INTEGER PRIMARY KEY, x ANY);", path: "s.sql"))
        #expect(harmless.destructiveSteps.isEmpty)
        try harmless.apply(to: context)
        #expect(try Self.exact(context, "SELECT id, x FROM s ORDER BY id") == kept)
    }

    /// A stored column made generated loses its values: destructive when any is not NULL.
    @Test func aStoredColumnMadeGeneratedIsDestructive() throws {
        let context = try SQLContext()
        defer { context.close() }
        try context.exec(
            sql:
                "CREATE TABLE g (id INTEGER PRIMARY KEY, y INTEGER, x INTEGER); INSERT INTO g VALUES (1, 10, 111), (2, 20, 222), (3, 30, 333)"
        )
        let desired = try DesiredSchema(
            sql: "CREATE TABLE g (id INTEGER PRIMARY KEY, y INTEGER, x INTEGER GENERATED ALWAYS AS (y * 2) VIRTUAL);",
            path: "g.sql")
        let plan = try SchemaPlanner.plan(from: context, to: desired)
        #expect(
            plan.destructiveSteps.map(\.summary) == [
                "rebuild table g (3 rows) to make stored column x generated, losing its 3 stored values"
            ])
        #expect(throws: MigrationError.self) { try plan.apply(to: context) }
        #expect(try context.query(sql: "SELECT x FROM g ORDER BY id") == [[111], [222], [333]])
        // A value written after planning is seen when applying.
        try context.exec(sql: "UPDATE g SET x = NULL")
        let emptied = try SchemaPlanner.plan(from: context, to: desired)
        #expect(emptied.destructiveSteps.isEmpty)
        try context.exec(sql: "UPDATE g SET x = 5 WHERE id = 2")
        #expect(
            throws: MigrationError(
                .destructive,
                "the change would rebuild table g (3 rows) to change column x, and a value written since planning would be lost or changed: 5 in g.x, a stored column the plan makes generated; allow destructive changes to go ahead"
            )
        ) {
            try emptied.apply(to: context)
        }
        try context.exec(sql: "UPDATE g SET x = NULL")
        try emptied.apply(to: context)
        #expect(try context.query(sql: "SELECT x FROM g ORDER BY id") == [[20], [40], [60]])
    }

    /// A rebuild of an AUTOINCREMENT table keeps its sequence: the ids of deleted rows
    /// are never handed out again.
    @Test func aRebuildKeepsTheAutoincrementSequence() throws {
        let context = try SQLContext()
        defer { context.close() }
        try context.exec(
            sql: """
                CREATE TABLE q (id INTEGER PRIMARY KEY AUTOINCREMENT, v TEXT);
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10) INSERT INTO q (v) SELECT i FROM n;
                DELETE FROM q WHERE id > 5;
                """)
        #expect(try context.query(sql: "SELECT seq FROM sqlite_sequence WHERE name = 'q'") == [[10]])
        let plan = try SchemaPlanner.plan(
            from: context,
            to: DesiredSchema(
                sql: "CREATE TABLE q (id INTEGER PRIMARY KEY AUTOINCREMENT, v TEXT COLLATE NOCASE);", path: "q.sql"))
        #expect(plan.steps.map(\.kind) == [.rebuildTable])
        #expect(plan.destructiveSteps.isEmpty)
        try plan.apply(to: context)
        #expect(try context.query(sql: "SELECT count(*) FROM sqlite_temp_schema") == [[0]])
        #expect(try context.query(sql: "SELECT name, seq FROM sqlite_sequence") == [["q", 10]])
        try context.exec(sql: "INSERT INTO q (v) VALUES ('next')")
        #expect(try context.query(sql: "SELECT max(id) FROM q") == [[11]])
    }

    /// A table without an INTEGER PRIMARY KEY keeps each row's rowid through a rebuild;
    /// made WITHOUT ROWID, or given an INTEGER PRIMARY KEY whose values are not the
    /// rowids, it loses them: destructive.
    @Test func rowidsAreKeptOrTheLossIsDestructive() throws {
        let context = try SQLContext()
        defer { context.close() }
        try context.exec(
            sql: """
                CREATE TABLE r (k TEXT, n INTEGER);
                INSERT INTO r VALUES ('a', 1), ('b', 2), ('c', 3), ('d', 4);
                DELETE FROM r WHERE k IN ('a', 'c');
                UPDATE r SET n = n * 10;
                """)
        #expect(try context.query(sql: "SELECT rowid, k FROM r ORDER BY rowid") == [[2, "b"], [4, "d"]])
        let retyped = try SchemaPlanner.plan(
            from: context, to: DesiredSchema(sql: "CREATE TABLE r (k TEXT NOT NULL, n INTEGER);", path: "r.sql"))
        #expect(retyped.destructiveSteps.isEmpty)
        try retyped.apply(to: context)
        #expect(try context.query(sql: "SELECT rowid, k FROM r ORDER BY rowid") == [[2, "b"], [4, "d"]])

        let withoutRowID = try SchemaPlanner.plan(
            from: context,
            to: DesiredSchema(
                sql: "CREATE TABLE r (k TEXT NOT NULL PRIMARY KEY, n INTEGER) WITHOUT ROWID;", path: "r.sql"))
        #expect(
            withoutRowID.destructiveSteps.map(\.summary) == [
                "rebuild table r (2 rows) to change column k, make it WITHOUT ROWID, losing the rowids of its 2 rows"
            ])
        let keyed = try SchemaPlanner.plan(
            from: context,
            to: DesiredSchema(sql: "CREATE TABLE r (k TEXT NOT NULL, n INTEGER PRIMARY KEY);", path: "r.sql"))
        #expect(
            keyed.destructiveSteps.map(\.summary) == [
                "rebuild table r (2 rows) to change column n, make n its INTEGER PRIMARY KEY, which changes rows' rowids (rowid 2 → 20 in r)"
            ])
        // A new INTEGER PRIMARY KEY column takes the rowids.
        let added = try SchemaPlanner.plan(
            from: context,
            to: DesiredSchema(
                sql: "CREATE TABLE r (id INTEGER PRIMARY KEY, k TEXT NOT NULL, n INTEGER);", path: "r.sql"))
        #expect(added.destructiveSteps.isEmpty)
        try added.apply(to: context)
        #expect(try context.query(sql: "SELECT id, k FROM r ORDER BY id") == [[2, "b"], [4, "d"]])
    }

    /// Constraints the rows break (a CHECK, UNIQUE under a new collation, a STRICT type)
    /// refuse the plan, naming the table and what SQLite said, before anything runs.
    @Test func rowsThatBreakTheNewDefinitionRefuseThePlan() throws {
        let context = try SQLContext()
        defer { context.close() }
        try context.exec(
            sql:
                "CREATE TABLE u (id INTEGER PRIMARY KEY, name TEXT UNIQUE, qty INTEGER); INSERT INTO u VALUES (1, 'Ann', 2), (2, 'ann', -1), (3, 'Bob', 'many')"
        )
        let cases: [(String, String)] = [
            (
                "CREATE TABLE u (id INTEGER PRIMARY KEY, name TEXT UNIQUE COLLATE NOCASE, qty INTEGER);",
                "UNIQUE constraint failed: u.name"
            ),
            (
                "CREATE TABLE u (id INTEGER PRIMARY KEY, name TEXT UNIQUE, qty INTEGER CHECK (qty >= 0));",
                "CHECK constraint failed: qty >= 0"
            ),
            (
                "CREATE TABLE u (id INTEGER PRIMARY KEY, name TEXT UNIQUE, qty INTEGER) STRICT;",
                "cannot store TEXT value in INTEGER column u.qty"
            ),
        ]
        for (sql, reason) in cases {
            #expect {
                try SchemaPlanner.plan(from: context, to: DesiredSchema(sql: sql, path: "u.sql"))
            } throws: { error in
                let error = error as? MigrationError
                return error?.code == .rowsRefused
                    && error?.message
                        == "rebuild table u: its 3 rows do not fit the new definition (\(reason)); change the rows that break it in a migration first"
            }
        }
        #expect(try context.query(sql: "SELECT count(*) FROM sqlite_temp_schema") == [[0]])
    }

    struct Column: CustomTestStringConvertible, Sendable {
        var type: String
        var strict: Bool
        var testDescription: String { (type.isEmpty ? "no type" : type) + (strict ? " STRICT" : "") }
        var definition: String { "CREATE TABLE t (id INTEGER PRIMARY KEY, x \(type))" + (strict ? " STRICT;" : ";") }
    }

    static let columns: [Column] =
        [
            "", "ANY", "INTEGER", "TEXT", "REAL", "NUMERIC", "BLOB", "BOOLEAN", "DATETIME", "VARCHAR(10)",
            "FLOATING POINT",
        ].map { Column(type: $0, strict: false) }
        + ["ANY", "INT", "INTEGER", "TEXT", "REAL", "BLOB"].map { Column(type: $0, strict: true) }

    /// Every column type and strictness to every other, holding every awkward value the
    /// first accepts: a plan is refused, or called destructive (and then refused without
    /// leave, values untouched), or applied with every value identical, byte for byte.
    @Test(arguments: columns) func noPlanCalledHarmlessChangesAValue(_ from: Column) throws {
        var harmless = 0
        var destructive = 0
        var refused = 0
        for to in Self.columns where to.testDescription != from.testDescription {
            let context = try SQLContext()
            defer { context.close() }
            try context.exec(sql: from.definition)
            for value in Self.awkward {
                try? context.exec(sql: "INSERT INTO t (x) VALUES (\(value))")
            }
            let before = try Self.exact(context, "SELECT id, x FROM t ORDER BY id")
            let plan: MigrationPlan
            do {
                plan = try SchemaPlanner.plan(from: context, to: DesiredSchema(sql: to.definition, path: "t.sql"))
            } catch let error as MigrationError {
                #expect(error.code == .rowsRefused, "\(from.testDescription) → \(to.testDescription): \(error)")
                refused += 1
                #expect(try Self.exact(context, "SELECT id, x FROM t ORDER BY id") == before)
                continue
            }
            if plan.destructiveSteps.isEmpty {
                harmless += 1
                try plan.apply(to: context)
                #expect(
                    try Self.exact(context, "SELECT id, x FROM t ORDER BY id") == before,
                    "\(from.testDescription) → \(to.testDescription) was called harmless")
            } else {
                destructive += 1
                #expect(throws: MigrationError.self) { try plan.apply(to: context) }
                #expect(try Self.exact(context, "SELECT id, x FROM t ORDER BY id") == before)
                try plan.apply(to: context, allowDestructive: true)
            }
            #expect(
                try context.query(sql: "SELECT sql FROM sqlite_schema WHERE name = 't'")[0][0].textValue?.hasSuffix(
                    to.strict ? ") STRICT" : "x \(to.type))") == true)
        }
        #expect(harmless + destructive + refused == Self.columns.count - 1)
    }
}
