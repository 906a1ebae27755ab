import Foundation
import Slate
import SlateTestSupport
import Testing

/// `slate diff`, `slate migrate` and `slate schema` on XML, run as processes.
@Suite struct MigrateCommandTests {
    let cli = CommandLineTests()
    static let declarative = CommandLineTests.fixtures.appendingPathComponent("Declarative")

    private func write(_ text: String, to path: String) throws {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    @Test func migrateCreatesThenDiffAgrees() throws {
        let directory = TemporaryDirectory()
        let database = directory.path("objects.sqlite")
        let v1 = Self.declarative.appendingPathComponent("objects-v1.xml").path
        let v2 = Self.declarative.appendingPathComponent("objects-v2.xml").path

        let created = try cli.slate("migrate", database, "--to", v1)
        #expect(created.status == 0)
        #expect(created.output == "- create table objects\n\(database) now has the schema of \(v1) (created)\n")

        let same = try cli.slate("diff", v1, database)
        #expect(same.status == 0)
        #expect(same.output == "\(database) has the schema of \(v1)\n")

        let differs = try cli.slate("diff", v2, database)
        #expect(differs.status == 1)
        #expect(
            differs.output.hasPrefix(
                """
                - table objects differs
                - table tags is missing
                - index tags_by_object is missing
                - view titled is missing
                - trigger objects_touch is missing
                - user_version is 0, not 2

                -- The plan (slate migrate \(database) --to \(v2)):
                PRAGMA foreign_keys = OFF;
                """))

        let context = try SQLContext(path: database)
        try context.exec(
            sql: "INSERT INTO objects (object_id, type) VALUES ('id1', 'kind'), ('id2', 'kind'), ('id3', 'kind')")
        // objects-v2's UNIQUE (title, year) ON CONFLICT REPLACE: three rows of one title
        // would copy as one. Refused, with leave or without; nothing is dropped.
        let conflicting = try cli.slate("migrate", database, "--to", v2, "--allow-destructive")
        #expect(conflicting.status == 1)
        #expect(
            conflicting.errors
                == "\(database): error: rebuild table objects: its 3 rows do not fit the new definition (UNIQUE constraint failed: objects.title, objects.year); change the rows that break it in a migration first\n"
        )
        #expect(try context.query(sql: "SELECT count(*) FROM objects") == [[3]])
        try context.exec(sql: "UPDATE objects SET title = object_id")
        context.close()
        // objects-v2 makes year NOT NULL DEFAULT 0 over NULLs: a rewrite, refused without the flag.
        let refused = try cli.slate("migrate", database, "--to", v2)
        #expect(refused.status == 1)
        #expect(
            refused.errors
                == "\(database): error: the change would rebuild table objects (3 rows) to add column rating, make column year NOT NULL, which rewrites stored values (NULL → 0 in objects.year); run again with --allow-destructive to go ahead\n"
        )
        let migrated = try cli.slate("migrate", database, "--to", v2, "--allow-destructive")
        #expect(migrated.status == 0)
        #expect(migrated.errors == "\(database): note: rebuilding table objects (3 rows)…\n")
        #expect(migrated.output.hasSuffix("\(database) now has the schema of \(v2)\n"))
        let after = try SQLContext(path: database)
        #expect(
            try after.query(sql: "SELECT object_id, title, year FROM objects ORDER BY object_id") == [
                ["id1", "id1", 0], ["id2", "id2", 0], ["id3", "id3", 0],
            ])
        after.close()
        #expect(try cli.slate("diff", v2, database).status == 0)
        #expect(
            try cli.slate("migrate", database, "--to", v2).output == "\(database) already has the schema of \(v2)\n")

        let missing = try cli.slate("diff", v2, directory.path("nothing.sqlite"))
        #expect(missing.status == 2)
        #expect(missing.errors == "\(directory.path("nothing.sqlite")): error: no such file\n")
    }

    @Test func aDryRunLeavesAWALDatabaseByteIdentical() throws {
        let directory = TemporaryDirectory()
        let database = directory.path("shop.sqlite")
        let desired = directory.path("shop.sql")
        let context = try SQLContext(path: database)
        _ = try context.query(sql: "PRAGMA journal_mode = wal")
        try context.exec(
            sql: "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO item (name) VALUES ('lamp')")
        _ = try context.query(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
        context.close()
        try write("CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL DEFAULT '', price REAL);", to: desired)
        let before = FileManager.default.contents(atPath: database)

        let dryRun = try cli.slate("migrate", database, "--to", desired, "--dry-run")
        #expect(dryRun.status == 0)
        #expect(dryRun.output.contains("-- rebuild table item (1 row) to add column price, change column name\n"))
        #expect(FileManager.default.contents(atPath: database) == before)

        // A file that does not exist: the plan creates everything, and nothing is created.
        let fresh = try cli.slate("migrate", directory.path("new.sqlite"), "--to", desired, "--dry-run")
        #expect(fresh.status == 0)
        #expect(fresh.output.contains("-- create table item\nCREATE TABLE item"))
        #expect(!FileManager.default.fileExists(atPath: directory.path("new.sqlite")))
    }

    @Test func destructiveChangesNeedTheFlag() throws {
        let directory = TemporaryDirectory()
        let database = directory.path("shop.sqlite")
        let desired = directory.path("shop.sql")
        try write("CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT);\nCREATE TABLE old (x);", to: desired)
        #expect(try cli.slate("migrate", database, "--to", desired).status == 0)
        let context = try SQLContext(path: database)
        try context.exec(sql: "INSERT INTO item (name) VALUES ('lamp'); INSERT INTO old VALUES (1)")
        context.close()

        try write(
            "-- slate:rename item.name -> title\nCREATE TABLE item (id INTEGER PRIMARY KEY, title TEXT);", to: desired)
        let refused = try cli.slate("migrate", database, "--to", desired)
        #expect(refused.status == 1)
        #expect(
            refused.errors
                == "\(database): error: the change would drop table old and its 1 row; run again with --allow-destructive to go ahead\n"
        )
        let allowed = try cli.slate("migrate", database, "--to", desired, "--allow-destructive")
        #expect(allowed.status == 0)
        #expect(
            allowed.output == """
                - rename column item.name to title
                - drop table old and its 1 row
                \(database) now has the schema of \(desired)

                """)
        let check = try SQLContext(path: database)
        defer { check.close() }
        #expect(try check.query(sql: "SELECT title FROM item") == [[.text("lamp")]])
    }

    @Test func schemaReadsXMLAndPrintsJSON() throws {
        let run = try cli.slate("schema", "--json", Self.declarative.appendingPathComponent("objects-v2.xml").path)
        #expect(run.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
        let tables = object?["tables"] as? [[String: Any]]
        #expect(tables?.map { $0["name"] as? String } == ["objects", "tags"])
        let columns = tables?.first?["columns"] as? [[String: Any]]
        #expect(columns?.map { $0["name"] as? String } == ["object_id", "kind", "title", "year", "lastedit", "rating"])

        let sql = try cli.slate("schema", Self.declarative.appendingPathComponent("../Schemas/contacts.sql").path)
        #expect(sql.status == 0)
    }
}
