import Foundation
import Slate
import SlateMigration
import SlateSchema
import SlateTestSupport
import Testing

/// The planner attacked (from the review of issue 28 §2 and §4): plans that could change
/// stored values, rows or rowids while called non-destructive, and names that could reach
/// messages raw. Each test states what must hold, and names the mechanism that once broke it.
@Suite struct PlannerAttackTests {
    static func exact(_ context: SQLContext, _ sql: String) throws -> [[String]] {
        try PlanValueTests.exact(context, sql)
    }

    /// -0.0 stored in an untyped column (BLOB affinity keeps it as given) becomes +0.0
    /// when the column is given REAL affinity: SQLite stores a REAL-affinity real that
    /// has an integer value as an integer, which reads back as 0.0. The value check
    /// must not call -0.0 and 0.0 the same (`slate_same_value` compares bits).
    @Test(arguments: [
        ("CREATE TABLE t (id INTEGER PRIMARY KEY, x);", "CREATE TABLE t (id INTEGER PRIMARY KEY, x REAL);"),
        ("CREATE TABLE t (id INTEGER PRIMARY KEY, x BLOB);", "CREATE TABLE t (id INTEGER PRIMARY KEY, x DOUBLE);"),
        (
            "CREATE TABLE t (id INTEGER PRIMARY KEY, x ANY) STRICT;",
            "CREATE TABLE t (id INTEGER PRIMARY KEY, x REAL) STRICT;"
        ),
    ])
    func negativeZeroIsNotCalledUnchanged(_ from: String, _ to: String) throws {
        let context = try SQLContext()
        defer { context.close() }
        try context.exec(sql: from + "INSERT INTO t (x) VALUES (-0.0), (0.5)")
        let before = try Self.exact(context, "SELECT id, x FROM t ORDER BY id")
        let plan = try SchemaPlanner.plan(from: context, to: DesiredSchema(sql: to, path: "t.sql"))
        if plan.destructiveSteps.isEmpty {
            try plan.apply(to: context)
            #expect(
                try Self.exact(context, "SELECT id, x FROM t ORDER BY id") == before,
                "the plan was called non-destructive")
        }
    }

    /// A new `UNIQUE … ON CONFLICT REPLACE` (or `IGNORE`) makes the rebuild's plain
    /// `INSERT … SELECT` drop the duplicate rows without an error, and so does the trial
    /// copy, unless both copy with `INSERT OR ABORT`: then the plan is refused instead.
    @Test(arguments: [
        "CREATE TABLE u (id INTEGER PRIMARY KEY, email TEXT UNIQUE ON CONFLICT REPLACE);",
        "CREATE TABLE u (id INTEGER PRIMARY KEY, email TEXT UNIQUE ON CONFLICT IGNORE);",
        "CREATE TABLE u (id INTEGER PRIMARY KEY, email TEXT, UNIQUE (email) ON CONFLICT REPLACE);",
    ])
    func aConflictClauseNeverDropsRowsSilently(_ desired: String) throws {
        let context = try SQLContext()
        defer { context.close() }
        try context.exec(
            sql:
                "CREATE TABLE u (id INTEGER PRIMARY KEY, email TEXT); INSERT INTO u VALUES (1, 'a@x'), (2, 'a@x'), (3, 'b@x')"
        )
        let plan: MigrationPlan
        do {
            plan = try SchemaPlanner.plan(from: context, to: DesiredSchema(sql: desired, path: "u.sql"))
        } catch let error as MigrationError {
            #expect(error.code == .rowsRefused)
            return
        }
        if plan.destructiveSteps.isEmpty {
            try plan.apply(to: context)
            #expect(
                try context.query(sql: "SELECT count(*) FROM u") == [[3]],
                "a plan called non-destructive deleted rows: \(plan.steps.map(\.summary))")
        }
    }

    /// The same through an existing `UNIQUE ON CONFLICT IGNORE` and a new collation.
    @Test func aNewCollationUnderAConflictClauseNeverDropsRowsSilently() throws {
        let context = try SQLContext()
        defer { context.close() }
        try context.exec(
            sql:
                "CREATE TABLE u (id INTEGER PRIMARY KEY, name TEXT UNIQUE ON CONFLICT IGNORE); INSERT INTO u VALUES (1, 'Ann'), (2, 'ann'), (3, 'ANN')"
        )
        let plan: MigrationPlan
        do {
            plan = try SchemaPlanner.plan(
                from: context,
                to: DesiredSchema(
                    sql: "CREATE TABLE u (id INTEGER PRIMARY KEY, name TEXT UNIQUE ON CONFLICT IGNORE COLLATE NOCASE);",
                    path: "u.sql"))
        } catch let error as MigrationError {
            #expect(error.code == .rowsRefused)
            return
        }
        if plan.destructiveSteps.isEmpty {
            try plan.apply(to: context)
            #expect(
                try context.query(sql: "SELECT count(*) FROM u") == [[3]],
                "a plan called non-destructive deleted rows: \(plan.steps.map(\.summary))")
        }
    }

    /// The AUTOINCREMENT sequence is carried by the table's name as the desired script
    /// spells it; sqlite_sequence compares names case-sensitively, so a script that
    /// writes `orders` for a table created as `Orders` must still keep it (names match
    /// ignoring case), or deleted ids are handed out again.
    @Test func theSequenceSurvivesANameSpelledInAnotherCase() throws {
        let context = try SQLContext()
        defer { context.close() }
        try context.exec(
            sql: """
                CREATE TABLE Orders (id INTEGER PRIMARY KEY AUTOINCREMENT, v TEXT);
                INSERT INTO Orders (v) VALUES ('a'), ('b'), ('c'), ('d');
                DELETE FROM Orders WHERE id > 2;
                """)
        let plan = try SchemaPlanner.plan(
            from: context,
            to: DesiredSchema(
                sql: "CREATE TABLE orders (id INTEGER PRIMARY KEY AUTOINCREMENT, v TEXT COLLATE NOCASE);", path: "o.sql"
            ))
        #expect(plan.destructiveSteps.isEmpty)
        try plan.apply(to: context)
        try context.exec(sql: "INSERT INTO orders (v) VALUES ('next')")
        #expect(try context.query(sql: "SELECT max(id) FROM orders") == [[5]], "id 3 handed out again")
    }

    /// Renamed and rebuilt in one plan: the sequence follows the rename.
    @Test func theSequenceSurvivesARenameAndARebuild() throws {
        let context = try SQLContext()
        defer { context.close() }
        try context.exec(
            sql: """
                CREATE TABLE old_q (id INTEGER PRIMARY KEY AUTOINCREMENT, v TEXT);
                INSERT INTO old_q (v) VALUES ('a'), ('b'), ('c'), ('d');
                DELETE FROM old_q WHERE id > 2;
                """)
        let plan = try SchemaPlanner.plan(
            from: context,
            to: DesiredSchema(
                sql: """
                    -- slate:rename old_q -> q
                    CREATE TABLE q (id INTEGER PRIMARY KEY AUTOINCREMENT, v TEXT NOT NULL DEFAULT '');
                    """, path: "q.sql"))
        #expect(plan.destructiveSteps.isEmpty)
        try plan.apply(to: context)
        #expect(try context.query(sql: "SELECT name, seq FROM sqlite_sequence") == [["q", 4]])
        #expect(try context.query(sql: "SELECT count(*) FROM sqlite_temp_schema") == [[0]])
    }

    /// A table whose columns take all three names of the rowid (`rowid`, `_rowid_`,
    /// `oid`) has no name left to copy the rowid by: the rebuild would renumber the rows
    /// (rowids 2 and 4 becoming 1 and 2), so the plan must say so: destructive.
    @Test func rowidsOfATableThatShadowsEveryRowidName() throws {
        let context = try SQLContext()
        defer { context.close() }
        try context.exec(
            sql: """
                CREATE TABLE w ("rowid" TEXT, "_rowid_" TEXT, "oid" TEXT, v INTEGER);
                INSERT INTO w (v) VALUES (1), (2), (3), (4);
                DELETE FROM w WHERE v IN (1, 3);
                """)
        // The rowids, read by freeing the name `rowid` for a moment.
        func rowids() throws -> [Int64] {
            try context.exec(sql: #"SAVEPOINT peek; ALTER TABLE w RENAME COLUMN "rowid" TO r"#)
            defer { try? context.exec(sql: "ROLLBACK TO peek; RELEASE peek") }
            return try context.query(sql: "SELECT rowid FROM w ORDER BY rowid").compactMap { $0[0].integerValue }
        }
        let before = try rowids()
        #expect(before == [2, 4])
        let plan = try SchemaPlanner.plan(
            from: context,
            to: DesiredSchema(
                sql: #"CREATE TABLE w ("rowid" TEXT, "_rowid_" TEXT, "oid" TEXT, v INTEGER NOT NULL);"#, path: "w.sql"))
        if plan.destructiveSteps.isEmpty {
            try plan.apply(to: context)
            #expect(try rowids() == before, "rowids renumbered by a plan called non-destructive")
        }
    }

    /// The same table given a new INTEGER PRIMARY KEY: the new column should take the
    /// rowids (as it does when a rowid name is free).
    @Test func aNewIntegerPrimaryKeyTakesTheRowidsEvenWhenEveryNameIsShadowed() throws {
        let context = try SQLContext()
        defer { context.close() }
        try context.exec(
            sql: """
                CREATE TABLE w ("rowid" TEXT, "_rowid_" TEXT, "oid" TEXT, v INTEGER);
                INSERT INTO w (v) VALUES (1), (2), (3), (4);
                DELETE FROM w WHERE v IN (1, 3);
                """)
        let plan = try SchemaPlanner.plan(
            from: context,
            to: DesiredSchema(
                sql: #"CREATE TABLE w (id INTEGER PRIMARY KEY, "rowid" TEXT, "_rowid_" TEXT, "oid" TEXT, v INTEGER);"#,
                path: "w.sql"))
        if plan.destructiveSteps.isEmpty {
            try plan.apply(to: context)
            #expect(
                try context.query(sql: "SELECT id, v FROM w ORDER BY id") == [[2, 2], [4, 4]],
                "rowids renumbered by a plan called non-destructive")
        }
    }

    /// A column renamed and retyped in one plan: the value check reads the live column.
    @Test func aRenamedAndRetypedColumnIsStillChecked() throws {
        let context = try SQLContext()
        defer { context.close() }
        try context.exec(sql: "CREATE TABLE c (id INTEGER PRIMARY KEY, zip TEXT); INSERT INTO c (zip) VALUES ('02134')")
        let plan = try SchemaPlanner.plan(
            from: context,
            to: DesiredSchema(
                sql: """
                    -- slate:rename c.zip -> postcode
                    CREATE TABLE c (id INTEGER PRIMARY KEY, postcode INTEGER);
                    """, path: "c.sql"))
        #expect(!plan.destructiveSteps.isEmpty)
        #expect(throws: MigrationError.self) { try plan.apply(to: context) }
        #expect(try context.query(sql: "SELECT quote(zip) FROM c") == [["'02134'"]])
    }

    /// A table renamed and a column retyped in one plan.
    @Test func aRenamedTableWithARetypedColumnIsStillChecked() throws {
        let context = try SQLContext()
        defer { context.close() }
        try context.exec(
            sql: "CREATE TABLE client (id INTEGER PRIMARY KEY, zip TEXT); INSERT INTO client (zip) VALUES ('02134')")
        let plan = try SchemaPlanner.plan(
            from: context,
            to: DesiredSchema(
                sql: """
                    -- slate:rename client -> customer
                    -- slate:rename customer.zip -> postcode
                    CREATE TABLE customer (id INTEGER PRIMARY KEY, postcode NUMERIC);
                    """, path: "c.sql"))
        #expect(!plan.destructiveSteps.isEmpty)
        // Rows written after planning are seen at apply time, through both renames.
        try context.exec(sql: "UPDATE client SET zip = 'abc'")
        let again = try SchemaPlanner.plan(
            from: context,
            to: DesiredSchema(
                sql: """
                    -- slate:rename client -> customer
                    -- slate:rename customer.zip -> postcode
                    CREATE TABLE customer (id INTEGER PRIMARY KEY, postcode NUMERIC);
                    """, path: "c.sql"))
        #expect(again.destructiveSteps.isEmpty)
        try context.exec(sql: "INSERT INTO client (zip) VALUES ('007')")
        #expect(throws: MigrationError.self) { try again.apply(to: context) }
        #expect(try context.query(sql: "SELECT quote(zip) FROM client ORDER BY id") == [["'abc'"], ["'007'"]])
    }

    /// Planning with foreign keys on, outside and inside a transaction, leaves them as
    /// they were and no temporary object behind; the rebuilt parent's children stay.
    @Test func foreignKeysOnAroundPlanning() throws {
        let context = try SQLContext()
        defer { context.close() }
        try context.exec(
            sql: """
                PRAGMA foreign_keys = ON;
                CREATE TABLE p (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT);
                CREATE TABLE c (id INTEGER PRIMARY KEY AUTOINCREMENT, p INTEGER REFERENCES p(id) ON DELETE CASCADE, note TEXT);
                INSERT INTO p (name) VALUES ('a'), ('b');
                INSERT INTO c (p, note) VALUES (1, 'x'), (2, 'y'), (2, 'z');
                """)
        let desired = try DesiredSchema(
            sql: """
                CREATE TABLE p (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL DEFAULT '');
                CREATE TABLE c (id INTEGER PRIMARY KEY AUTOINCREMENT, p INTEGER REFERENCES p(id) ON DELETE CASCADE, note TEXT NOT NULL DEFAULT '');
                """, path: "pc.sql")
        _ = try SchemaPlanner.plan(from: context, to: desired)
        #expect(try context.query(sql: "PRAGMA foreign_keys") == [[1]])
        #expect(try context.query(sql: "SELECT count(*) FROM sqlite_temp_schema") == [[0]])
        try context.exec(sql: "BEGIN")
        let inside = try SchemaPlanner.plan(from: context, to: desired)
        #expect(try context.query(sql: "SELECT count(*) FROM sqlite_temp_schema") == [[0]])
        try context.exec(sql: "COMMIT")
        #expect(inside.destructiveSteps.isEmpty)
        try inside.apply(to: context)
        #expect(try context.query(sql: "PRAGMA foreign_keys") == [[1]])
        #expect(try context.query(sql: "SELECT count(*) FROM c") == [[3]])
        #expect(try context.query(sql: "SELECT count(*) FROM sqlite_temp_schema") == [[0]])
        #expect(try context.query(sql: "SELECT name FROM sqlite_temp_schema") == [])
    }

    /// Planning on a read-only connection and under query_only leaves nothing behind,
    /// changes no byte, and never creates a temp sqlite_sequence.
    @Test func planningReadOnlyLeavesNothing() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("ro.sqlite")
        do {
            let writer = try SQLContext(path: path)
            try writer.exec(
                sql: """
                    CREATE TABLE q (id integer primary key autoincrement, v TEXT, n);
                    INSERT INTO q (v, n) VALUES ('a', '007'), ('b', 2);
                    """)
            writer.close()
        }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let desired = try DesiredSchema(
            sql: "CREATE TABLE q (id integer primary key autoincrement, v TEXT NOT NULL, n INTEGER);", path: "q.sql")
        let readOnly = try SQLContext(path: path, flags: [.readOnly])
        let plan = try SchemaPlanner.plan(from: readOnly, to: desired)
        #expect(plan.destructiveSteps.count == 1)
        #expect(try readOnly.query(sql: "SELECT count(*) FROM sqlite_temp_schema") == [[0]])
        readOnly.close()
        let queryOnly = try SQLContext(path: path)
        try queryOnly.exec(sql: "PRAGMA query_only = 1")
        _ = try SchemaPlanner.plan(from: queryOnly, to: desired)
        #expect(try queryOnly.query(sql: "SELECT count(*) FROM sqlite_temp_schema") == [[0]])
        queryOnly.close()
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    }

    /// A table named like the rebuild's scratch name for another table: the rebuild takes
    /// another name, and the table of that name is left as it was.
    @Test func aTableNamedLikeTheRebuildsTemporaryTable() throws {
        let context = try SQLContext()
        defer { context.close() }
        let name = "t\nDELETE FROM keep; --"
        let q = SQLText.quotedIdentifier
        try context.exec(
            sql: """
                CREATE TABLE keep (id INTEGER PRIMARY KEY);
                INSERT INTO keep VALUES (1), (2);
                CREATE TABLE \(q(name)) (id INTEGER PRIMARY KEY, v TEXT);
                INSERT INTO \(q(name)) VALUES (1, 'a');
                CREATE TABLE \(q("slate_rebuild_" + name)) (id INTEGER PRIMARY KEY, v TEXT);
                INSERT INTO \(q("slate_rebuild_" + name)) VALUES (7, 'mine');
                """)
        let plan = try SchemaPlanner.plan(
            from: context,
            to: DesiredSchema(
                sql: """
                    CREATE TABLE keep (id INTEGER PRIMARY KEY);
                    CREATE TABLE \(q(name)) (id INTEGER PRIMARY KEY, v TEXT NOT NULL DEFAULT '');
                    CREATE TABLE \(q("slate_rebuild_" + name)) (id INTEGER PRIMARY KEY, v TEXT);
                    """, path: "t.sql"))
        #expect(
            plan.steps.map(\.summary) == ["rebuild table \"t\\u{A}DELETE FROM keep; --\" (1 row) to change column v"])
        try plan.apply(to: context)
        #expect(try context.query(sql: "SELECT id, v FROM \(q(name))") == [[1, "a"]])
        #expect(try context.query(sql: "SELECT id, v FROM \(q("slate_rebuild_" + name))") == [[7, "mine"]])
        #expect(try context.query(sql: "SELECT count(*) FROM keep") == [[2]])
    }

    /// A foreign-key violation found when applying names the tables escaped, never raw.
    @Test func aForeignKeyViolationMessageNamesNoTableRaw() throws {
        let context = try SQLContext()
        defer { context.close() }
        let child = "child\nDELETE FROM keep; --"
        let q = SQLText.quotedIdentifier
        try context.exec(
            sql: """
                CREATE TABLE p (id INTEGER PRIMARY KEY);
                CREATE TABLE \(q(child)) (id INTEGER PRIMARY KEY, p INTEGER);
                INSERT INTO \(q(child)) VALUES (1, 42);
                """)
        let plan = try SchemaPlanner.plan(
            from: context,
            to: DesiredSchema(
                sql: """
                    CREATE TABLE p (id INTEGER PRIMARY KEY);
                    CREATE TABLE \(q(child)) (id INTEGER PRIMARY KEY, p INTEGER REFERENCES p(id));
                    """, path: "fk.sql"))
        #expect {
            try plan.apply(to: context)
        } throws: { error in
            let message = (error as? MigrationError)?.message ?? "\(error)"
            return !message.contains("\n")
        }
    }

    /// SQLite keeps a view's trailing `-- comment` in its stored SQL; a `;` appended to it
    /// would sit inside the comment, and the statement would run on into the next one (the
    /// sqlite3 shell then reports a syntax error, skips both and goes on to COMMIT).
    @Test func aViewsTrailingCommentDoesNotSwallowTheSemicolon() throws {
        let context = try SQLContext()
        defer { context.close() }
        try context.exec(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY)")
        let plan = try SchemaPlanner.plan(
            from: context,
            to: DesiredSchema(
                sql: """
                    CREATE TABLE t (id INTEGER PRIMARY KEY);
                    CREATE VIEW v AS SELECT id FROM t -- every id
                    ;
                    CREATE VIEW w AS SELECT id FROM v;
                    """, path: "v.sql"))
        #expect(!plan.script.contains("-- every id;"), "\(plan.script)")
    }

    /// Every bidi control and invisible format character (U+061C ARABIC LETTER MARK,
    /// U+2060, the soft hyphen, tag characters) is escaped, not only U+200E/U+200F.
    @Test func everyBidiControlIsEscaped() throws {
        // U+061C is a bidi control; U+2060 (word joiner), U+00AD (soft hyphen) and
        // U+E0041 (a tag) are invisible format characters (Cf) as well.
        for scalar in ["\u{061C}", "\u{200E}", "\u{202E}", "\u{2067}", "\u{2060}", "\u{00AD}", "\u{E0041}"] {
            let name = "a" + scalar + "b"
            #expect(
                !SQLText.displayName(name).contains(scalar),
                "U+\(String(scalar.unicodeScalars.first!.value, radix: 16)) shown raw")
            #expect(!SQLText.oneLine(name).contains(scalar))
        }
    }

    /// A value from the database shown as an example in a summary stays on one line: in
    /// the script's comment, and in `summary` (printed by `slate migrate`, and in
    /// bootstrap's refusal).
    @Test func anExampleValueInASummaryStaysOnOneLine() throws {
        let context = try SQLContext()
        defer { context.close() }
        try context.exec(
            sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, x TEXT); INSERT INTO t (x) VALUES (char(10) || '12')")
        let plan = try SchemaPlanner.plan(
            from: context, to: DesiredSchema(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, x INTEGER);", path: "t.sql"))
        #expect(plan.destructiveSteps.count == 1)
        for step in plan.steps {
            #expect(!step.summary.contains("\n"), "\(step.summary)")
        }
    }

    /// The rowid checks are value checks, run again when applying: a plan made over an
    /// empty table, applied after rows were written, must not renumber them (new INTEGER
    /// PRIMARY KEY) or drop their rowids (WITHOUT ROWID) without a word.
    @Test func rowidChecksRunAgainWhenApplying() throws {
        let context = try SQLContext()
        defer { context.close() }
        try context.exec(sql: "CREATE TABLE r (k TEXT, n INTEGER)")
        let plan = try SchemaPlanner.plan(
            from: context, to: DesiredSchema(sql: "CREATE TABLE r (k TEXT, n INTEGER PRIMARY KEY);", path: "r.sql"))
        #expect(plan.destructiveSteps.isEmpty)
        try context.exec(sql: "INSERT INTO r VALUES ('a', 10), ('b', 20)")
        #expect(try context.query(sql: "SELECT rowid, k FROM r ORDER BY rowid") == [[1, "a"], [2, "b"]])
        do {
            try plan.apply(to: context)
            #expect(
                try context.query(sql: "SELECT rowid, k FROM r ORDER BY rowid") == [[1, "a"], [2, "b"]],
                "rowids changed by a plan applied without leave")
        } catch let error as MigrationError {
            #expect(error.code == .destructive)
        }
    }
}
