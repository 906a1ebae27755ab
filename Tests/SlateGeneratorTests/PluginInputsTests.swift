import Foundation
import SlateSchema
import SlateTestSupport
import Testing

@testable import SlateGenerator

/// How the plugins group a target's files into databases. `SlateInputs` is the plugins'
/// own code (Plugins/PluginsShared), compiled into this target through the
/// `PluginsShared` link beside this file, as it is into each plugin.
@Suite struct PluginInputsTests {
    /// The databases the plugins find among `files` (empty `.sql` scripts and database
    /// files; `queries` holds query files' names): stem → input file names, in order.
    func databases(
        _ files: [String], queries: [String] = [], configuration: String? = nil
    ) throws -> [String: [String]] {
        let directory = TemporaryDirectory()
        for name in files { try "".write(toFile: directory.path(name), atomically: true, encoding: .utf8) }
        for name in queries {
            try "-- name: all :many\nSELECT 1;\n".write(toFile: directory.path(name), atomically: true, encoding: .utf8)
        }
        if let configuration {
            try configuration.write(toFile: directory.path("slate.json"), atomically: true, encoding: .utf8)
        }
        let inputs = try SlateInputs(
            directory: directory.url, files: SlateInputs.filesOnDisk(in: directory.url, resources: []))
        return Dictionary(uniqueKeysWithValues: inputs.databases.map { ($0.stem, $0.inputs.map(\.lastPathComponent)) })
    }

    @Test func lightersTestLayoutIsTwoDatabases() throws {
        let found = try databases([
            "ContactsDB-AddView.sql", "ContactsDB.sqlite3", "OtherDB-v003.sql", "OtherDB-v001.sql", "OtherDB-v002.sql",
        ])
        #expect(
            found == [
                "ContactsDB": ["ContactsDB.sqlite3", "ContactsDB-AddView.sql"],
                "OtherDB": ["OtherDB-v001.sql", "OtherDB-v002.sql", "OtherDB-v003.sql"],
            ])
    }

    @Test func numberedScriptsAndQueryFilesKeepTheirGroups() throws {
        let found = try databases(
            ["todos-002-priority.sql", "todos-001.sql", "bookshop-002-sales.sql", "bookshop-001-catalog.sql"],
            queries: ["bookshop-queries.sql"])
        #expect(
            found == [
                "todos": ["todos-001.sql", "todos-002-priority.sql"],
                "bookshop": ["bookshop-001-catalog.sql", "bookshop-002-sales.sql", "bookshop-queries.sql"],
            ])
    }

    /// A schema script with a comment that mentions `name:` (Prisma's commented-out seed
    /// code) is a database of its own, not a query file that belongs to none.
    @Test func aCommentMentioningNameLeavesAScriptADatabase() throws {
        let directory = TemporaryDirectory()
        try "CREATE TABLE user (id INTEGER PRIMARY KEY, name TEXT);\n-- {\n--   name: 'admin',\n-- }\n".write(
            toFile: directory.path("users.sql"), atomically: true, encoding: .utf8)
        for name in ["shop.sql", "todos-001.sql"] {
            try "".write(toFile: directory.path(name), atomically: true, encoding: .utf8)
        }
        try "-- name: all :many\nSELECT 1;\n".write(
            toFile: directory.path("todos-queries.sql"), atomically: true, encoding: .utf8)
        let inputs = try SlateInputs(
            directory: directory.url, files: SlateInputs.filesOnDisk(in: directory.url, resources: []))
        #expect(
            Dictionary(uniqueKeysWithValues: inputs.databases.map { ($0.stem, $0.inputs.map(\.lastPathComponent)) })
                == [
                    "users": ["users.sql"], "shop": ["shop.sql"], "todos": ["todos-001.sql", "todos-queries.sql"],
                ])
    }

    @Test func unrelatedStemsAreDatabasesOfTheirOwn() throws {
        #expect(try databases(["a.sql", "b.sql"]) == ["a": ["a.sql"], "b": ["b.sql"]])
        #expect(try databases(["order-items.sql"]) == ["order-items": ["order-items.sql"]])
        #expect(
            try databases(["orders.sql", "order-items.sql"]) == [
                "orders": ["orders.sql"], "order-items": ["order-items.sql"],
            ])
    }

    @Test func aScriptStartingAnotherStemIsReplayedAfterIt() throws {
        // `ContactsDB-AddView.sql` sorts before `ContactsDB.sql` by whole names; a name
        // comes before the longer names it starts.
        #expect(
            try databases(["ContactsDB-AddView.sql", "ContactsDB.sql"]) == [
                "ContactsDB": ["ContactsDB.sql", "ContactsDB-AddView.sql"]
            ])
        #expect(
            try databases(["order-items.sql", "order.sql", "order.views.sql"]) == [
                "order": ["order.sql", "order-items.sql", "order.views.sql"]
            ])
        #expect(
            try databases(["todos-001.sql", "todos-002.sql", "todos-seed.sql"]) == [
                "todos": ["todos-001.sql", "todos-002.sql", "todos-seed.sql"]
            ])
    }

    @Test func sequenceNumbersCompareByValueAfterDashOrUnderscore() throws {
        #expect(try databases(["x-v10.sql", "x-v9.sql", "x-v1.sql"]) == ["x": ["x-v1.sql", "x-v9.sql", "x-v10.sql"]])
        #expect(try databases(["users_v2.sql", "users_v1.sql"]) == ["users": ["users_v1.sql", "users_v2.sql"]])
        #expect(try databases(["shop-10.sql", "shop-2.sql"]) == ["shop": ["shop-2.sql", "shop-10.sql"]])
    }

    @Test func databaseFilesNeverJoinEachOther() throws {
        #expect(
            try databases(["catalog.db", "catalog-backup.db"]) == [
                "catalog": ["catalog.db"], "catalog-backup": ["catalog-backup.db"],
            ])
        // A script goes over the database file of the longest stem it starts.
        #expect(
            try databases(["shop.db", "shop-archive.db", "shop-archive-views.sql", "shop-views.sql"]) == [
                "shop": ["shop.db", "shop-views.sql"],
                "shop-archive": ["shop-archive.db", "shop-archive-views.sql"],
            ])
    }

    @Test func thePluginsAndTheGeneratorShareTheRule() {
        let names = [
            "contacts-001", "bookshop-002-sales", "OtherDB-v001", "OtherDB-V2", "users_v2", "users_2", "order-items",
            "ContactsDB-AddView", "catalog-v2", "2024-01", "a--001", "v1", "x-v", "x-1a", "x_", "-1", "todos-٣",
        ]
        for name in names {
            #expect(InputNames.stem(of: name) == stem(of: name), "\(name)")
        }
        #expect(InputNames.stem(of: "OtherDB-v001") == "OtherDB")
        #expect(InputNames.stem(of: "users_v2") == "users")
        #expect(InputNames.stem(of: "x-1a") == "x-1a")
        let files = [
            "a.sql", "a-b.sql", "a-1.sql", "a-01.sql", "a-001.sql", "a-10.sql", "a-9.sql", "A.sql", "a.db", "a_b.sql",
            "ContactsDB.sqlite3", "ContactsDB-AddView.sql", "OtherDB-v10.sql", "OtherDB-v9.sql", "b", ".sql",
            "a1b2.sql",
        ]
        for left in files {
            for right in files {
                #expect(InputNames.inNameOrder(left, right) == SQLScript.inNameOrder(left, right), "\(left) \(right)")
            }
        }
    }

    @Test func theGeneratorReplaysInTheSameOrder() throws {
        let directory = TemporaryDirectory()
        let base = directory.path("ContactsDB.sql")
        let view = directory.path("ContactsDB-AddView.sql")
        try "CREATE TABLE address (address_id INTEGER PRIMARY KEY, street TEXT);\n".write(
            toFile: base, atomically: true, encoding: .utf8)
        try "CREATE INDEX address_street ON address (street);\nCREATE VIEW streets AS SELECT street FROM address;\n"
            .write(toFile: view, atomically: true, encoding: .utf8)
        let file = try SlateGenerator.generate(inputs: [view, base])
        #expect(file.typeName == "ContactsDB")
        #expect(file.diagnostics == [])
        #expect(file.contents.contains("public struct Street: "))
        let scripts = ["ContactsDB.sql", "ContactsDB-AddView.sql"].compactMap {
            file.contents.range(of: "SQLSchemaScript(file: \"\($0)\"")?.lowerBound
        }
        #expect(scripts.count == 2 && scripts == scripts.sorted())
        #expect(file.contents.contains("public static let schemaVersion: Int64 = 2\n"))
    }

    @Test func errorsNameTheFile() throws {
        let directory = TemporaryDirectory()
        let config = directory.path("slate.json")
        try "{ \"exclude\": [".write(toFile: config, atomically: true, encoding: .utf8)
        do {
            _ = try SlateInputs(directory: directory.url, files: [])
            Issue.record("a slate.json that is not JSON was read")
        } catch let error as SlateInputsError {
            #expect(error.description.hasPrefix("\(config): error: not valid JSON: "))
        }
        try FileManager.default.removeItem(atPath: config)

        for name in ["shop.sql", "shelf.sql"] {
            try "".write(toFile: directory.path(name), atomically: true, encoding: .utf8)
        }
        let queries = directory.path("stock-queries.sql")
        try "-- name: all :many\nSELECT 1;\n".write(toFile: queries, atomically: true, encoding: .utf8)
        do {
            _ = try SlateInputs(
                directory: directory.url, files: SlateInputs.filesOnDisk(in: directory.url, resources: []))
            Issue.record("a query file of no database was placed")
        } catch let error as SlateInputsError {
            #expect(
                error.description
                    == "\(queries): error: query file stock-queries.sql belongs to no database; start its name with a database's stem (shelf-queries.sql, shop-queries.sql)"
            )
        }
    }
}
