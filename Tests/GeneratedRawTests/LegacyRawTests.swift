import Foundation
import SlateCSQLite
import Testing

/// Raw mode of a schema written for SQLite's legacy double-quoted strings (`LegacyRaw`,
/// generated with `"doubleQuotedStrings": true`): its create and open functions set the
/// legacy rule on the connection, so the seed rows in double quotes are created and the
/// trigger that compares with `""` works.
@Suite struct LegacyRawTests {
    @Test func createAndOpenUseTheLegacyRule() throws {
        let scratch = RawModeTests.Scratch()
        let db = try legacy_create_legacy_raw(scratch.path)
        #expect(try legacy_tags_fetch(db).map(\.tag) == ["canine", "feline"])
        var file = LegacyRaw.File(name: "a.txt")
        try legacy_file_insert(db, &file)
        #expect(file.version == "v1")
        #expect(try legacy_named_files_fetch(db).map(\.kind) == [.text("file")])
        sqlite3_close_v2(db)

        let reopened = try legacy_open_legacy_raw(scratch.path)
        defer { sqlite3_close_v2(reopened) }
        var second = LegacyRaw.File(name: "b.txt")
        try second.insert(into: reopened)
        #expect(second.version == "v2")
        #expect(try legacy_files_fetch(reopened).map(\.version) == ["v1", "v2"])

        // The same file on a connection with Slate's rule: the trigger's "" names no column.
        var strict: OpaquePointer?
        #expect(sqlite3_open_v2(scratch.path, &strict, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK)
        defer { sqlite3_close_v2(strict) }
        for setting in [SQLITE_DBCONFIG_DQS_DML, SQLITE_DBCONFIG_DQS_DDL] {
            var current: Int32 = -1
            #expect(slate_db_config_int(strict, setting, 0, &current) == SQLITE_OK)
        }
        #expect(sqlite3_exec(strict, "INSERT INTO files (name) VALUES ('c.txt')", nil, nil, nil) == SQLITE_ERROR)
        #expect(String(cString: sqlite3_errmsg(strict)) == "no such column: ")
    }

    @Test func theCreationSQLIsTheScriptWithItsSeedRows() {
        #expect(LegacyRaw.schemaVersion == 1)
        #expect(LegacyRaw.creationSQL.contains(#"INSERT INTO tags VALUES ("canine");"#))
        #expect(LegacyRaw.creationSQL.hasSuffix("\nPRAGMA user_version = 1;"))
    }
}
