import Foundation
import Slate
import SlateAnalysis
import SlateMigration
import SlateSchema
import Testing

@Suite struct SchemaReaderTests {
    private func schema(_ sql: String) throws -> Schema {
        try SchemaReader.read(scripts: [SQLScript(path: "test.sql", text: sql)])
    }

    @Test func tablesColumnsAndKeys() throws {
        let schema = try schema(
            """
            CREATE TABLE person (
                person_id INTEGER PRIMARY KEY,
                name TEXT NOT NULL COLLATE NOCASE,
                title VARCHAR(20) DEFAULT 'Mx.',
                born DATE
            );
            CREATE TABLE int_key (id INT PRIMARY KEY, v);
            CREATE TABLE desc_key (id INTEGER PRIMARY KEY DESC, v);
            CREATE TABLE table_key (id INTEGER, v, PRIMARY KEY (id DESC));
            CREATE TABLE auto (id INTEGER PRIMARY KEY AUTOINCREMENT, v);
            CREATE TABLE pair (a TEXT, b INTEGER, c REAL, PRIMARY KEY (b, a)) WITHOUT ROWID;
            CREATE TABLE typed (i INTEGER NOT NULL, r REAL, t TEXT, b BLOB, a ANY) STRICT;
            CREATE TABLE gen (a INTEGER, b INTEGER GENERATED ALWAYS AS (a * 2) VIRTUAL, c TEXT AS (upper(a)) STORED);
            PRAGMA user_version = 7;
            """)
        #expect(schema.userVersion == 7)
        #expect(
            schema.tables.map(\.name) == ["person", "int_key", "desc_key", "table_key", "auto", "pair", "typed", "gen"])

        let person = try #require(schema.table(named: "person"))
        #expect(
            person.columns == [
                Column(name: "person_id", declaredType: "INTEGER", affinity: .integer, primaryKeyPosition: 1),
                Column(name: "name", declaredType: "TEXT", isNotNull: true, collation: "NOCASE"),
                Column(name: "title", declaredType: "VARCHAR(20)", affinity: .text, defaultValue: "'Mx.'"),
                Column(name: "born", declaredType: "DATE", affinity: .numeric),
            ])
        #expect(person.primaryKey == ["person_id"])
        #expect(person.rowIDAlias == "person_id")
        #expect(!person.isWithoutRowID && !person.isStrict && !person.hasAutoIncrement)
        #expect(person.sql.hasPrefix("CREATE TABLE person ("))

        #expect(schema.table(named: "int_key")?.rowIDAlias == nil)
        #expect(schema.table(named: "int_key")?.primaryKey == ["id"])
        #expect(schema.table(named: "desc_key")?.rowIDAlias == nil)
        #expect(schema.table(named: "table_key")?.rowIDAlias == "id")
        #expect(schema.table(named: "auto")?.hasAutoIncrement == true)
        #expect(schema.table(named: "auto")?.rowIDAlias == "id")

        let pair = try #require(schema.table(named: "pair"))
        #expect(pair.isWithoutRowID)
        #expect(pair.primaryKey == ["b", "a"])
        #expect(pair.rowIDAlias == nil)
        // A WITHOUT ROWID table's key columns are NOT NULL.
        #expect(pair.columns.map(\.isNotNull) == [true, true, false])

        let typed = try #require(schema.table(named: "typed"))
        #expect(typed.isStrict)
        #expect(typed.columns.map(\.affinity) == [.integer, .real, .text, .blob, .numeric])

        let gen = try #require(schema.table(named: "gen"))
        #expect(gen.columns.map(\.generation) == [.none, .virtual, .stored])
        #expect(gen.columns.map(\.isGenerated) == [false, true, true])
    }

    @Test func foreignKeysInDeclarationOrder() throws {
        let schema = try schema(
            """
            CREATE TABLE person (id INTEGER PRIMARY KEY);
            CREATE TABLE product (sku TEXT, region TEXT, PRIMARY KEY (sku, region));
            CREATE TABLE sale (
                id INTEGER PRIMARY KEY,
                seller INTEGER REFERENCES person ON DELETE SET NULL,
                buyer INTEGER NOT NULL REFERENCES person(id) ON DELETE CASCADE ON UPDATE CASCADE,
                sku TEXT, region TEXT,
                FOREIGN KEY (sku, region) REFERENCES product (sku, region)
            );
            """)
        let sale = try #require(schema.table(named: "sale"))
        #expect(
            sale.foreignKeys == [
                ForeignKey(columns: ["seller"], referencedTable: "person", referencedColumns: [], onDelete: .setNull),
                ForeignKey(
                    columns: ["buyer"], referencedTable: "person", referencedColumns: ["id"], onUpdate: .cascade,
                    onDelete: .cascade),
                ForeignKey(
                    columns: ["sku", "region"], referencedTable: "product", referencedColumns: ["sku", "region"]),
            ])
    }

    @Test func indexesOfEveryOrigin() throws {
        let schema = try schema(
            """
            CREATE TABLE t (id INTEGER PRIMARY KEY, email TEXT UNIQUE, name TEXT, deleted INTEGER, code TEXT, UNIQUE (name, code));
            CREATE INDEX t_live ON t (name DESC) WHERE deleted = 0;
            CREATE UNIQUE INDEX t_lower ON t (lower(email), code COLLATE NOCASE);
            CREATE TABLE k (a TEXT PRIMARY KEY, b);
            """)
        #expect(
            schema.indexes(on: "t") == [
                Index(
                    name: "sqlite_autoindex_t_1", table: "t", isUnique: true, origin: .unique,
                    terms: [Index.Term(column: "email")]),
                Index(
                    name: "sqlite_autoindex_t_2", table: "t", isUnique: true, origin: .unique,
                    terms: [Index.Term(column: "name"), Index.Term(column: "code")]),
                Index(
                    name: "t_live", table: "t", isUnique: false, origin: .createIndex, isPartial: true,
                    terms: [Index.Term(column: "name", isDescending: true)],
                    sql: "CREATE INDEX t_live ON t (name DESC) WHERE deleted = 0"),
                Index(
                    name: "t_lower", table: "t", isUnique: true, origin: .createIndex,
                    terms: [Index.Term(column: nil), Index.Term(column: "code", collation: "NOCASE")],
                    sql: "CREATE UNIQUE INDEX t_lower ON t (lower(email), code COLLATE NOCASE)"),
            ])
        #expect(schema.indexes(on: "k").map(\.origin) == [.primaryKey])
        #expect(schema.indexes(on: "t").map(\.hasExpressions) == [false, false, false, true])
    }

    @Test func triggersAndVirtualTables() throws {
        let schema = try schema(
            """
            CREATE TABLE log (id INTEGER PRIMARY KEY, note TEXT);
            CREATE TRIGGER log_touch AFTER INSERT ON log BEGIN UPDATE log SET note = upper(note) WHERE id = new.id; END;
            CREATE VIRTUAL TABLE docs USING fts5(title, body);
            """)
        #expect(
            schema.triggers == [
                Trigger(
                    name: "log_touch", table: "log",
                    sql:
                        "CREATE TRIGGER log_touch AFTER INSERT ON log BEGIN UPDATE log SET note = upper(note) WHERE id = new.id; END"
                )
            ])
        // The virtual table is there; its shadow tables are not.
        #expect(schema.tables.map(\.name) == ["log", "docs"])
        #expect(schema.table(named: "docs")?.kind == .virtual)
        #expect(schema.table(named: "docs")?.columns.map(\.name) == ["title", "body", "docs", "rank"])
        #expect(schema.table(named: "docs")?.columns.map(\.generation) == [.none, .none, .hidden, .hidden])
    }

    @Test func aFailingScriptNamesFileLineAndColumn() throws {
        let scripts = [
            SQLScript(path: "db/app-002.sql", text: "CREATE TABLE b (x);\n\nINSERT INTO a VALUES (1);\nSELEC oops;\n"),
            SQLScript(path: "db/app-001.sql", text: "CREATE TABLE a (x);"),
        ]
        do {
            _ = try SchemaReader.read(scripts: scripts)
            Issue.record("expected an error")
        } catch let error as ScriptError {
            #expect(error.description == "db/app-002.sql:4:1: error: near \"SELEC\": syntax error")
        }
        do {
            _ = try SchemaReader.read(scripts: [
                SQLScript(path: "x.sql", text: "CREATE TABLE t (a);\n  INSERT INTO missing VALUES (1);")
            ])
            Issue.record("expected an error")
        } catch let error as ScriptError {
            #expect(error.description == "x.sql:2:3: error: no such table: missing")
        }
        // Order is by file name: app-001 runs before app-002 although given second.
        let schema = try SchemaReader.read(scripts: [
            scripts[1], SQLScript(path: "z/app-002.sql", text: "INSERT INTO a VALUES (1);\nCREATE TABLE b (x);"),
        ])
        #expect(schema.tables.map(\.name) == ["a", "b"])
        // A foreign key to columns that are not a key: SQLite refuses every change to b.
        // Reported at its REFERENCES.
        #expect(
            throws: ScriptError(
                path: "z/app-002.sql", line: 1, column: 19,
                message:
                    "foreign key mismatch - \"b\" referencing \"a\": a foreign key must refer to its parent table's PRIMARY KEY or to columns with a UNIQUE index; SQLite refuses every change to such a table while foreign keys are on, and a generated database's foreign-key check after each script fails"
            )
        ) {
            try SchemaReader.read(scripts: [
                scripts[1], SQLScript(path: "z/app-002.sql", text: "CREATE TABLE b (x REFERENCES a(x));"),
            ])
        }
    }

    @Test func readsADatabaseFile() throws {
        let directory = try TemporaryPath()
        let ctx = try SQLContext(path: directory.path)
        try ctx.exec(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL); PRAGMA user_version = 3")
        ctx.close()
        let schema = try SchemaReader.read(databaseAt: directory.path)
        #expect(schema.tables.map(\.name) == ["t"])
        #expect(schema.userVersion == 3)
    }
}

/// A path in the temporary directory, removed (with -wal and -shm) when released.
final class TemporaryPath {
    let path: String
    init(_ name: String = "db.sqlite") throws {
        path =
            FileManager.default.temporaryDirectory.appendingPathComponent("slate-schema-\(UUID().uuidString)-\(name)")
            .path
    }
    deinit {
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}

@Suite struct RowIDAliasTests {
    /// With an index that covers the query, SQLite reads the rowid with IdxRowid: still an
    /// alias.
    @Test func aliasDetectedThroughACoveringIndex() throws {
        let schema = try SchemaReader.read(scripts: [
            SQLScript(
                path: "t.sql",
                text: """
                    CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                    CREATE UNIQUE INDEX item_by_name ON item (name);
                    CREATE TABLE legacy (id INT PRIMARY KEY, name TEXT);
                    CREATE INDEX legacy_by_name ON legacy (name);
                    """)
        ])
        #expect(schema.table(named: "item")?.rowIDAlias == "id")
        #expect(schema.table(named: "legacy")?.rowIDAlias == nil)
    }
}

/// Without the generator's SQL analysis, a view's columns are what SQLite's column
/// metadata says: plain column reads keep their declared type, expressions are unknown.
@Suite struct MetadataViewColumnTests {
    @Test func viewColumnsFromMetadataAlone() throws {
        let schema = try SchemaReader.read(scripts: [
            SQLScript(
                path: "v.sql",
                text: """
                    CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                    CREATE VIEW v AS SELECT id, name, count(*) AS n FROM t GROUP BY id;
                    """)
        ])
        let columns = try #require(schema.views.first).columns
        #expect(columns.map(\.name) == ["id", "name", "n"])
        #expect(columns.map(\.declaredType) == ["INTEGER", "TEXT", nil])
        #expect(columns.map(\.typeSource) == [.column, .column, .unknown])
        #expect(columns.map(\.originTable) == ["t", "t", nil])
    }
}

/// `.schema` dumps of databases that use AUTOINCREMENT (or ANALYZE) hold `CREATE TABLE
/// sqlite_sequence(name,seq);`, which SQLite refuses to replay: such statements are left out.
@Suite struct SchemaDumpTests {
    @Test func aDumpWithSQLitesOwnTablesReplays() throws {
        let schema = try SchemaReader.read(scripts: [
            SQLScript(
                path: "dump.sql",
                text: """
                    CREATE TABLE person (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL);
                    CREATE TABLE sqlite_sequence(name,seq);
                    CREATE TABLE IF NOT EXISTS "sqlite_stat1"(tbl,idx,stat);
                    CREATE TRIGGER t AFTER INSERT ON person BEGIN UPDATE person SET name = 'a;b' WHERE id = new.id; END;
                    """)
        ])
        #expect(schema.tables.map(\.name) == ["person"])
        #expect(schema.triggers.map(\.name) == ["t"])
    }

    @Test func errorsAfterABlankedStatementKeepTheirLine() throws {
        do {
            _ = try SchemaReader.read(scripts: [
                SQLScript(
                    path: "dump.sql",
                    text: """
                        CREATE TABLE person (id INTEGER PRIMARY KEY AUTOINCREMENT);
                        CREATE TABLE sqlite_sequence(name,
                          seq);
                        CREATE TABEL broken (x);
                        """)
            ])
            Issue.record("the broken statement was accepted")
        } catch let error as ScriptError {
            #expect(error.line == 4)
            #expect(error.message == "near \"TABEL\": syntax error")
        }
    }
}
