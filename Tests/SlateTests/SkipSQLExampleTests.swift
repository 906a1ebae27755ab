import Foundation
import Slate
import SlateTestSupport
import Testing

/// SkipSQL's documented examples, written as its README writes them.
@Suite struct SkipSQLExampleTests {
    @Test func connectToAFileByURL() throws {
        let directory = TemporaryDirectory()
        let dbpath = directory.url.appendingPathComponent("db.sqlite")

        let ctx = try SQLContext(path: dbpath, flags: [.create, .readWrite])
        defer { ctx.close() }

        try ctx.exec(sql: "CREATE TABLE IF NOT EXISTS SOME_TABLE (STRING TEXT)")
        try ctx.exec(sql: "INSERT INTO SOME_TABLE (STRING) VALUES (?)", parameters: [SQLValue.text("ABC")])

        let rows: [[SQLValue]] = try ctx.query(sql: "SELECT STRING FROM SOME_TABLE")
        #expect(rows[0][0] == SQLValue.text("ABC"))
        #expect(rows == [[.text("ABC")]])
        #expect(ctx.path == dbpath.path)
        #expect(FileManager.default.fileExists(atPath: dbpath.path))
    }

    @Test func inMemoryDatabase() throws {
        let ctx = try SQLContext(path: nil)
        defer { ctx.close() }

        let rows: [[SQLValue]] = try ctx.query(sql: "SELECT 1, 1.1+2.2, 'AB'||'C'")

        #expect(rows[0][0] == SQLValue.integer(1))
        #expect(rows[0][1] == SQLValue.float(1.1 + 2.2))
        #expect(rows[0][2] == SQLValue.text("ABC"))
        #expect(rows.count == 1 && rows[0].count == 3)
        #expect(ctx.path == nil)
    }

    @Test func transaction() throws {
        let ctx = try SQLContext()
        defer { ctx.close() }
        try ctx.exec(sql: "CREATE TABLE TABLE_NAME (NUM INTEGER)")

        try ctx.transaction {
            try ctx.exec(sql: "INSERT INTO TABLE_NAME VALUES(1)")
            try ctx.exec(sql: "INSERT INTO TABLE_NAME VALUES(2)")
        }

        #expect(try ctx.query(sql: "SELECT NUM FROM TABLE_NAME ORDER BY NUM") == [[1], [2]])
    }

    @Test func boundParametersWithAReusedStatement() throws {
        let directory = TemporaryDirectory()
        let sqlite = try SQLContext(path: directory.path("bound.sqlite"))
        defer { sqlite.close() }
        try sqlite.exec(sql: "CREATE TABLE TABLE_NAME (NUM INTEGER, STR TEXT)")

        let insert = try sqlite.prepare(sql: "INSERT INTO TABLE_NAME (NUM, STR) VALUES (?, ?)")
        defer { insert.close() }

        // insert 1,000 rows in a single transaction, re-using the insert statement
        try sqlite.transaction {
            for i in 1...1_000 {
                let params: [SQLValue] = [
                    SQLValue.integer(Int64(i)),
                    SQLValue.text("Row #\(i)"),
                ]
                try insert.update(parameters: params)
            }
        }

        let summary = try sqlite.query(sql: "SELECT count(*), sum(NUM), min(STR), max(NUM) FROM TABLE_NAME")
        #expect(summary == [[1000, 500_500, "Row #1", 1000]])
        #expect(try sqlite.query(sql: "SELECT STR FROM TABLE_NAME WHERE NUM = 737") == [["Row #737"]])
    }

    /// SkipSQL's schema migration recipe: `userVersion` tracks the schema version, and
    /// each step runs its DDL and bumps the version in one transaction.
    @Test func schemaVersionMigrationRecipe() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("migrations.sqlite")
        let DB_SCHEMA_VERSION: Int64 = 2

        func open() throws -> SQLContext {
            let ctx = try SQLContext(path: path, flags: [.create, .readWrite])
            func migrateSchema(v version: Int64, ddl: String) throws {
                if ctx.userVersion < version {
                    try ctx.transaction {
                        try ctx.exec(sql: ddl) // perform the DDL operation
                        // then update the schema version
                        ctx.userVersion = version
                    }
                }
            }
            // the initial creation script for a new database
            try migrateSchema(
                v: 1,
                ddl: """
                    CREATE TABLE DATA_ITEM (ID INTEGER PRIMARY KEY AUTOINCREMENT)
                    """)
            // migrate records to have new description column
            try migrateSchema(
                v: 2,
                ddl: """
                    ALTER TABLE DATA_ITEM ADD COLUMN DESCRIPTION TEXT
                    """)
            return ctx
        }

        let first = try open()
        #expect(first.userVersion == DB_SCHEMA_VERSION)
        try first.exec(sql: "INSERT INTO DATA_ITEM (DESCRIPTION) VALUES (?)", "kept")
        first.close()

        // Opening again runs nothing: the version is current and the data stays.
        let second = try open()
        defer { second.close() }
        #expect(second.userVersion == DB_SCHEMA_VERSION)
        #expect(try second.query(sql: "SELECT ID, DESCRIPTION FROM DATA_ITEM") == [[1, "kept"]])
    }

    @Test func failedMigrationStepLeavesVersionAndSchemaUnchanged() throws {
        let ctx = try SQLContext()
        defer { ctx.close() }
        try ctx.exec(sql: "CREATE TABLE DATA_ITEM (ID INTEGER PRIMARY KEY)")
        ctx.userVersion = 1

        expectSQLError(.error, "duplicate column name: ID") {
            try ctx.transaction {
                ctx.userVersion = 2
                try ctx.exec(sql: "ALTER TABLE DATA_ITEM ADD COLUMN ID TEXT")
            }
        }
        #expect(ctx.userVersion == 1)
    }
}
