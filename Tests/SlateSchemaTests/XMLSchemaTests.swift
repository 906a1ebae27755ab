import Foundation
import Slate
import SlateTestSupport
import Testing

@testable import SlateAnalysis
@testable import SlateMigration
@testable import SlateSchema

/// XML schema files: SQLiteKit's format and Slate's additions, the errors that name the
/// line, and SQLiteKit's example creating a database and updating it.
@Suite struct XMLSchemaTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Declarative")

    private func error(_ xml: String) -> String {
        do {
            _ = try DesiredSchema(xml: xml, path: "s.xml")
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    @Test func sqliteKitsExampleCreatesThenUpdatesADatabase() throws {
        let directory = TemporaryDirectory()
        let context = try SQLContext(path: directory.path("objects.sqlite"))
        defer { context.close() }
        let v1 = try DesiredSchema(contentsOf: Self.fixtures.appendingPathComponent("objects-v1.xml").path)
        try SchemaPlanner.plan(from: context, to: v1).apply(to: context)
        #expect(
            try context.query(sql: "SELECT sql FROM sqlite_schema WHERE name = 'objects'") == [
                [
                    .text(
                        """
                        CREATE TABLE "objects" (
                          "object_id" varchar PRIMARY KEY,
                          "type" varchar,
                          "title" varchar DEFAULT 'None',
                          "year" int,
                          "lastedit" timestamp DEFAULT CURRENT_TIMESTAMP,
                          UNIQUE (title, year) ON CONFLICT REPLACE
                        )
                        """)
                ]
            ])
        try context.exec(
            sql: """
                INSERT INTO objects (object_id, type, title, year, lastedit) VALUES
                  ('a', 'book', 'Emma', 1815, '2024-01-01 00:00:00'),
                  ('b', 'film', NULL, NULL, '2024-01-02 00:00:00');
                INSERT INTO objects (object_id, type) VALUES ('c', 'note');
                """)
        // ON CONFLICT REPLACE: the same title and year replace the row.
        try context.exec(
            sql:
                "INSERT INTO objects (object_id, type, title, year, lastedit) VALUES ('d', 'book', 'Emma', 1815, '2024-01-03 00:00:00')"
        )
        #expect(
            try context.query(sql: "SELECT object_id, title FROM objects ORDER BY object_id") == [
                [.text("b"), .null], [.text("c"), .text("None")], [.text("d"), .text("Emma")],
            ])

        let v2 = try DesiredSchema(contentsOf: Self.fixtures.appendingPathComponent("objects-v2.xml").path)
        let plan = try SchemaPlanner.plan(from: context, to: v2)
        #expect(
            plan.steps.map(\.summary) == [
                "rename column objects.type to kind",
                "rebuild table objects (3 rows) to add column rating, make column year NOT NULL, which rewrites stored values (NULL → 0 in objects.year)",
                "create table tags",
                "create index tags_by_object",
                "create view titled",
                "create trigger objects_touch",
                "set user_version to 2",
            ])
        // Row b's NULL year becomes the default 0: destructive, so asked for.
        #expect(throws: MigrationError.self) { try plan.apply(to: context) }
        try plan.apply(to: context, allowDestructive: true)
        #expect(
            try context.query(
                sql: "SELECT object_id, kind, title, year, lastedit, rating FROM objects ORDER BY object_id") == [
                    [.text("b"), .text("film"), .null, .integer(0), .text("2024-01-02 00:00:00"), .null],
                    [
                        .text("c"), .text("note"), .text("None"), .integer(0),
                        context.query(sql: "SELECT lastedit FROM objects WHERE object_id = 'c'")[0][0], .null,
                    ],
                    [.text("d"), .text("book"), .text("Emma"), .integer(1815), .text("2024-01-03 00:00:00"), .null],
                ])
        #expect(try context.query(sql: "PRAGMA integrity_check") == [[.text("ok")]])
        #expect(SchemaComparison.differences(try SchemaReader.read(from: context), v2.schema) == [])
        #expect(context.userVersion == 2)
        // The new table's foreign key works.
        try context.exec(sql: "INSERT INTO tags VALUES ('classic', 'd')")
        expectSQLError(.constraintForeignKey, "FOREIGN KEY constraint failed") {
            try context.exec(sql: "INSERT INTO tags VALUES ('lost', 'zzz')")
        }
    }

    @Test func everyElementAndAttributeBecomesSQL() throws {
        let schema = try DesiredSchema(
            xml: """
                <database version="3">
                  <!-- comments are fine -->
                  <table name="item" strict="yes">
                    <column name="id" type="INTEGER" primary="1" autoincrement="true" />
                    <column name="code" type="TEXT" unique="1" notnull="1" collate="NOCASE" check="length(code) = 3" />
                    <column name="price" type="REAL" notnull="1" default="0" />
                    <column name="added" type="TEXT" default="strftime('%Y', 'now')" />
                    <column name="label" type="TEXT" default="it's &quot;new&quot;" quote_default="1" />
                    <constraint>CHECK (price &gt;= 0)</constraint>
                  </table>
                  <table name="pair" withoutRowID="1">
                    <column name="a" type="INTEGER" notnull="1" references="item(id)" onDelete="cascade" />
                    <column name="b" type="INTEGER" notnull="1" references="item" />
                    <constraint><![CDATA[PRIMARY KEY (a, b)]]></constraint>
                  </table>
                  <index name="item_by_price" table="item" columns="price DESC" where="price > 0" />
                  <index name="pair_b" table="pair" columns="b" unique="1" />
                </database>
                """, path: "s.xml")
        #expect(schema.schema.userVersion == 3)
        #expect(
            schema.statements == [
                """
                CREATE TABLE "item" (
                  "id" INTEGER PRIMARY KEY AUTOINCREMENT,
                  "code" TEXT UNIQUE NOT NULL COLLATE NOCASE CHECK (length(code) = 3),
                  "price" REAL NOT NULL DEFAULT 0,
                  "added" TEXT DEFAULT (strftime('%Y', 'now')),
                  "label" TEXT DEFAULT 'it''s "new"',
                  CHECK (price >= 0)
                ) STRICT
                """,
                """
                CREATE TABLE "pair" (
                  "a" INTEGER NOT NULL REFERENCES "item"("id") ON DELETE CASCADE,
                  "b" INTEGER NOT NULL REFERENCES "item",
                  PRIMARY KEY (a, b)
                ) WITHOUT ROWID
                """,
                #"CREATE INDEX "item_by_price" ON "item" (price DESC) WHERE price > 0"#,
                #"CREATE UNIQUE INDEX "pair_b" ON "pair" (b)"#,
            ])
    }

    @Test func renameHintsComeFromRenamedFrom() throws {
        let schema = try DesiredSchema(
            xml: """
                <database>
                  <table name="client" renamedFrom="customer">
                    <column name="full_name" type="TEXT" renamedFrom="name" />
                  </table>
                </database>
                """, path: "s.xml")
        #expect(schema.renames.oldName(ofTable: "CLIENT") == "customer")
        #expect(schema.renames.oldName(ofColumn: "full_name", inTable: "client") == "name")
    }

    @Test func invalidFilesNameTheLine() {
        #expect(error("<schema/>") == "s.xml:1: error: the root element is <schema>; a schema file's is <database>")
        #expect(
            error("<database>\n  <table name=\"t\">\n    <column name=\"a\"/>\n  </table>\n</database>")
                == "s.xml:3: error: <column> needs a \"type\" attribute")
        #expect(
            error(
                "<database>\n  <table name=\"t\">\n    <column name=\"a\" type=\"INT\" size=\"4\"/>\n  </table>\n</database>"
            )
                == "s.xml:3: error: <column> has no attribute \"size\"; it takes name, type, primary, autoincrement, unique, notnull, default, quote_default, collate, check, references, onDelete, onUpdate, renamedFrom"
        )
        #expect(
            error("<database>\n\n  <tabel name=\"t\"/>\n</database>")
                == "s.xml:3: error: <tabel> cannot be inside <database>; it takes <table>, <index>, <view>, <trigger>")
        #expect(
            error(
                "<database>\n  <table name=\"t\">\n    <column name=\"a\" type=\"INT\" primary=\"maybe\"/>\n  </table>\n</database>"
            )
                == "s.xml:3: error: attribute primary of <column> is \"maybe\"; use 1 or 0 (true/false, yes/no)")
        #expect(
            error(
                "<database>\n  <table name=\"t\">\n    <column name=\"a\" type=\"INT\"/>\n  </table>\n  <table name=\"T\">\n    <column name=\"b\" type=\"INT\"/>\n  </table>\n</database>"
            )
                == "s.xml:5: error: the name 'T' is already used on line 2")
        #expect(
            error("<database>\n  <table name=\"t\">\n    <column name=\"a\" type=\"INT\">\n  </table>\n</database>")
                == "s.xml:4: error: </table> closes <column> from line 3")
        #expect(
            error(
                "<database>\n  <table name=\"t\">\n    <column name=\"a\" type=\"INT; DROP TABLE x\"/>\n  </table>\n</database>"
            )
                == "s.xml:3: error: column a has type \"INT; DROP TABLE x\"; a type is words and numbers, as in VARCHAR(36)"
        )
        #expect(
            error(
                "<database>\n  <table name=\"t\">\n    <constraint>UNIQUE (a)</constraint>\n    <column name=\"a\" type=\"INT\"/>\n  </table>\n</database>"
            )
                == "s.xml:4: error: <column> comes after a <constraint>; a table lists its columns first")
        #expect(
            error(
                "<database>\n  <table name=\"t\">\n    <column name=\"a\" type=\"INT\"/>\n    <constraint>UNIQUE (nope)</constraint>\n  </table>\n</database>"
            )
                == "s.xml:2: error: no such column: nope, in:\nCREATE TABLE \"t\" (\n  \"a\" INT,\n  UNIQUE (nope)\n)")
        #expect(
            error("<database>\n  <view name=\"v\">SELECT a &amp b</view>\n</database>")
                == "s.xml:2: error: '&' starts no entity; write &amp;")
    }

    @Test func sqlRenameHintsAreCommentLines() throws {
        let schema = try DesiredSchema(
            sql: """
                -- slate:rename customer -> client
                -- slate:rename client.name -> full_name
                CREATE TABLE client (id INTEGER PRIMARY KEY, full_name TEXT);
                """, path: "s.sql")
        #expect(schema.renames.oldName(ofTable: "client") == "customer")
        #expect(schema.renames.oldName(ofColumn: "full_name", inTable: "client") == "name")
        #expect(
            throws: ScriptError(
                path: "s.sql", line: 2, column: nil,
                message:
                    "a rename hint reads '-- slate:rename old_table -> new_table' or '-- slate:rename table.old_column -> new_column'"
            )
        ) {
            try DesiredSchema(sql: "CREATE TABLE a (x);\n-- slate:rename a -> b.c\n", path: "s.sql")
        }
    }
}
