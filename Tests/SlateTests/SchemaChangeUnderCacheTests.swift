import Slate
import SlateTestSupport
import Testing

/// When the schema changes, SQLite prepares a cached statement again at its next step, and
/// `SELECT *` may then have other columns: what Slate knows of a statement's columns must
/// follow.
@Suite struct SchemaChangeUnderCacheTests {
    private func table() throws -> SQLContext {
        let ctx = try SQLContext()
        try ctx.exec(sql: "CREATE TABLE fc (a INTEGER); INSERT INTO fc VALUES (1)")
        return ctx
    }

    @Test func queryOfACachedStatementSeesAnAddedColumn() throws {
        let ctx = try table()
        defer { ctx.close() }
        let statement = try ctx.cachedStatement(sql: "SELECT * FROM fc")
        #expect(statement.columnNames == ["a"])
        #expect(try ctx.query(sql: "SELECT * FROM fc") == [[1]])
        try ctx.exec(sql: "ALTER TABLE fc ADD COLUMN b DEFAULT 'x'")
        #expect(try ctx.query(sql: "SELECT * FROM fc") == [[1, "x"]])
        #expect(try ctx.cachedStatement(sql: "SELECT * FROM fc") === statement)
        #expect(statement.columnCount == 2)
        #expect(statement.columnNames == ["a", "b"])
    }

    @Test func queryOfACachedStatementSeesADroppedAndARenamedColumn() throws {
        let ctx = try table()
        defer { ctx.close() }
        try ctx.exec(sql: "ALTER TABLE fc ADD COLUMN b DEFAULT 'x'; ALTER TABLE fc ADD COLUMN c DEFAULT 2.5")
        #expect(try ctx.query(sql: "SELECT * FROM fc") == [[1, "x", 2.5]])
        try ctx.exec(sql: "ALTER TABLE fc DROP COLUMN b")
        #expect(try ctx.query(sql: "SELECT * FROM fc") == [[1, 2.5]])
        try ctx.exec(sql: "ALTER TABLE fc RENAME COLUMN c TO d")
        let statement = try ctx.cachedStatement(sql: "SELECT * FROM fc")
        #expect(try statement.next())
        #expect(statement.columnNames == ["a", "d"])
        #expect(statement.columnIndex(named: "d") == 1)
        #expect(statement.columnIndex(named: "c") == nil)
        statement.reset()
    }

    @Test func aCursorOnACachedStatementSeesTheNewColumnsByName() throws {
        let ctx = try table()
        defer { ctx.close() }
        // Names and indexes read, and kept, before the change.
        let before = try ctx.cursor(sql: "SELECT * FROM fc")
        let first = try #require(try before.next())
        #expect(try first["a"] == 1)
        #expect(before.columnNames == ["a"])
        #expect(try before.next() == nil)

        try ctx.exec(sql: "ALTER TABLE fc ADD COLUMN b DEFAULT 'x'")
        try ctx.exec(sql: "INSERT INTO fc VALUES (2, 'y')")
        let cursor = try ctx.cursor(sql: "SELECT * FROM fc")
        #expect(cursor.statement === before.statement)
        var rows: [[SQLValue]] = []
        while let row = try cursor.next() {
            #expect(row.count == 2)
            #expect(row.columnNames == ["a", "b"])
            rows.append([try row["a"], try row["B"], try row.values()[1]])
            let b: String = try row.get("b")
            #expect(b == rows.last?[1].textValue)
        }
        #expect(rows == [[1, "x", "x"], [2, "y", "y"]])
    }

    @Test func rowsByNameFollowAColumnRenamedAndReplaced() throws {
        let ctx = try table()
        defer { ctx.close() }
        try ctx.exec(sql: "ALTER TABLE fc ADD COLUMN b DEFAULT 'x'")
        var names: [String] = []
        var values: [SQLValue] = []
        try ctx.exec(sql: "SELECT * FROM fc") { row in
            names = row.columnNames
            values = [try row["b"]]
            return .next
        }
        #expect(names == ["a", "b"])
        #expect(values == ["x"])
        // "b" now names what was "a", and the old "b" is "c".
        try ctx.exec(sql: "ALTER TABLE fc RENAME COLUMN b TO c; ALTER TABLE fc RENAME COLUMN a TO b")
        var missing: SQLError?
        try ctx.exec(sql: "SELECT * FROM fc") { row in
            names = row.columnNames
            values = [try row["b"], try row["c"]]
            do { _ = try row["a"] } catch let error as SQLError { missing = error }
            return .next
        }
        #expect(names == ["b", "c"])
        #expect(values == [1, "x"])
        #expect(missing?.message == "no column named \"a\" in the result; its columns are \"b\", \"c\"")
    }

    @Test func aTableDroppedAndMadeAgainWithOtherColumnsUnderACachedStatement() throws {
        let ctx = try table()
        defer { ctx.close() }
        #expect(try ctx.query(sql: "SELECT * FROM fc") == [[1]])
        try ctx.exec(
            sql: "DROP TABLE fc; CREATE TABLE fc (z TEXT, y TEXT, x TEXT); INSERT INTO fc VALUES ('z', 'y', 'x')")
        #expect(try ctx.query(sql: "SELECT * FROM fc") == [["z", "y", "x"]])
        let cursor = try ctx.cursor(sql: "SELECT * FROM fc")
        let row = try #require(try cursor.next())
        #expect(try row["x"] == "x")
        #expect(try row["z"] == "z")
    }

    /// The change made by another connection: the cached statement is prepared again too.
    @Test func aColumnAddedByAnotherConnection() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("fc.sqlite")
        let ctx = try SQLContext(path: path)
        defer { ctx.close() }
        try ctx.exec(sql: "CREATE TABLE fc (a INTEGER); INSERT INTO fc VALUES (1)")
        #expect(try ctx.query(sql: "SELECT * FROM fc") == [[1]])
        let other = try SQLContext(path: path)
        try other.exec(sql: "ALTER TABLE fc ADD COLUMN b DEFAULT 'x'")
        other.close()
        #expect(try ctx.query(sql: "SELECT * FROM fc") == [[1, "x"]])
        let cursor = try ctx.cursor(sql: "SELECT * FROM fc")
        #expect(try cursor.next().map { try $0["b"] } == "x")
    }
}
