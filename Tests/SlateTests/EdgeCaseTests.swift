import Foundation
import Slate
import SlateTestSupport
import Testing

/// Values at the edges round-trip exactly.
@Suite struct ValueEdgeTests {
    @Test func textWithNULAndNonASCIIRoundTripsByteForByte() throws {
        let ctx = try SQLContext()
        defer { ctx.close() }
        try ctx.exec(sql: "CREATE TABLE t (s TEXT)")
        let text = "a\u{0}b\u{0}\u{0}ç😀\u{10FFFF}end"
        try ctx.exec(sql: "INSERT INTO t VALUES (?)", text)

        #expect(try ctx.query(sql: "SELECT s FROM t") == [[.text(text)]])
        let statement = try ctx.prepare(sql: "SELECT s, length(CAST(s AS BLOB)), hex(s) FROM t")
        defer { statement.close() }
        #expect(try statement.next())
        #expect(try statement.string(at: 0) == text)
        #expect(statement.bytes(at: 0) == Array(text.utf8))
        #expect(statement.int64(at: 1) == Int64(text.utf8.count))
        #expect(try statement.string(at: 2) == SQLText.hex(Array(text.utf8)))
    }

    @Test func invalidUTF8InATextColumnIsReportedNotReplaced() throws {
        let ctx = try SQLContext()
        defer { ctx.close() }
        try ctx.exec(sql: "CREATE TABLE t (name TEXT)")
        try ctx.exec(sql: "INSERT INTO t VALUES (CAST(X'61FF62' AS TEXT))")
        let statement = try ctx.prepare(sql: "SELECT name, typeof(name) FROM t")
        defer { statement.close() }
        #expect(try statement.next())
        #expect(try statement.string(at: 1) == "text")
        expectSQLError(.mismatch, "column 0 (\"name\") holds text that is not valid UTF-8; read it as bytes instead") {
            _ = try statement.string(at: 0)
        }
        expectSQLError(.mismatch, "column 0 (\"name\") holds text that is not valid UTF-8; read it as bytes instead") {
            _ = try statement.value(at: 0)
        }
        #expect(statement.bytes(at: 0) == [0x61, 0xFF, 0x62])
        expectSQLError(.mismatch, "column 0 (\"name\") holds text that is not valid UTF-8; read it as bytes instead") {
            _ = try ctx.query(sql: "SELECT name FROM t")
        }
    }

    @Test func int64ExtremesRoundTrip() throws {
        let ctx = try SQLContext()
        defer { ctx.close() }
        try ctx.exec(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, v INTEGER)")
        try ctx.exec(sql: "INSERT INTO t VALUES (1, ?)", Int64.min)
        try ctx.exec(sql: "INSERT INTO t VALUES (2, ?)", Int64.max)
        try ctx.exec(sql: "INSERT INTO t VALUES (3, ?)", Int.min)
        #expect(
            try ctx.query(sql: "SELECT v FROM t ORDER BY id")
                == [[.integer(.min)], [.integer(.max)], [.integer(Int64(Int.min))]])
        let statement = try ctx.prepare(sql: "SELECT v FROM t ORDER BY id")
        defer { statement.close() }
        #expect(try statement.next())
        #expect(statement.int64(at: 0) == .min)
        #expect(try statement.next())
        #expect(try statement.get(0, as: Int64.self) == .max)
    }

    @Test func nullEmptyBlobAndEmptyStringStayDistinct() throws {
        let ctx = try SQLContext()
        defer { ctx.close() }
        try ctx.exec(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, v)")
        try ctx.exec(sql: "INSERT INTO t VALUES (1, ?)", SQLValue.null)
        try ctx.exec(sql: "INSERT INTO t VALUES (2, ?)", [UInt8]())
        try ctx.exec(sql: "INSERT INTO t VALUES (3, ?)", "")
        try ctx.exec(sql: "INSERT INTO t VALUES (4, ?)", parameters: [.blob([])])
        try ctx.exec(sql: "INSERT INTO t VALUES (5, ?)", parameters: [.text("")])
        #expect(
            try ctx.query(sql: "SELECT v, typeof(v), v IS NULL FROM t ORDER BY id") == [
                [.null, "null", 1],
                [.blob([]), "blob", 0],
                [.text(""), "text", 0],
                [.blob([]), "blob", 0],
                [.text(""), "text", 0],
            ])
        let statement = try ctx.prepare(sql: "SELECT v FROM t ORDER BY id")
        defer { statement.close() }
        var seen: [[UInt8]?] = []
        while try statement.next() {
            seen.append(try statement.get(0, as: [UInt8]?.self))
        }
        #expect(seen == [nil, [], [], [], []])
    }

    @Test func everyStorageClassIsKeptInRows() throws {
        let ctx = try SQLContext()
        defer { ctx.close() }
        let row = try #require(try ctx.query(sql: "SELECT 7, 2.5, 'x', X'0102', NULL").first)
        #expect(row == [.integer(7), .float(2.5), .text("x"), .blob([1, 2]), .null])
        let statement = try ctx.prepare(sql: "SELECT 7, 2.5, 'x', X'0102', NULL")
        defer { statement.close() }
        #expect(try statement.next())
        #expect((0..<5).map(statement.storageClass(at:)) == [.integer, .float, .text, .blob, .null])
    }

    @Test func literalsBuildValues() {
        let values: [SQLValue] = [1, "a", nil, 2.5, true]
        #expect(values == [.integer(1), .text("a"), .null, .float(2.5), .integer(1)])
        #expect(values.map(\.sqlLiteral) == ["1", "'a'", "NULL", "2.5", "1"])
        #expect(SQLValue.text("it's").sqlLiteral == "'it''s'")
        #expect(SQLValue.blob([0, 255]).sqlLiteral == "X'00FF'")
        #expect(SQLValue.integer(5).integerValue == 5 && SQLValue.integer(5).floatValue == nil)
        #expect(SQLValue.float(5).floatValue == 5 && SQLValue.text("t").textValue == "t")
        #expect(SQLValue.blob([1]).blobValue == [1] && SQLValue.null.isNull && !SQLValue.integer(0).isNull)
        #expect(Set<SQLValue>([1, 1, "1"]).count == 2)
    }
}

/// Bad input throws an `SQLError` that says what went wrong.
@Suite struct ErrorEdgeTests {
    @Test func emptySQL() throws {
        let ctx = try SQLContext()
        defer { ctx.close() }
        let message = "no SQL statement to run: the text is empty or only whitespace and comments"
        expectSQLError(.misuse, message) { try ctx.exec(sql: "") }
        expectSQLError(.misuse, message) { try ctx.exec(sql: "   \n\t ") }
        expectSQLError(.misuse, message) { try ctx.exec(sql: "-- just a comment\n/* and another */ ;") }
        expectSQLError(.misuse, message) { _ = try ctx.query(sql: "  ") }
        expectSQLError(.misuse, message) { _ = try ctx.prepare(sql: "/* nothing */") }
        expectSQLError(.misuse, message) { try ctx.exec(sql: "", parameters: [1]) }
    }

    @Test func wrongParameterCount() throws {
        let ctx = try SQLContext()
        defer { ctx.close() }
        try ctx.exec(sql: "CREATE TABLE t (a, b)")
        expectSQLError(.range, "the statement takes 2 parameters but 1 value was given") {
            try ctx.exec(sql: "INSERT INTO t VALUES (?, ?)", parameters: [1])
        }
        expectSQLError(.range, "the statement takes 2 parameters but 3 values were given") {
            try ctx.exec(sql: "INSERT INTO t VALUES (?, ?)", 1, 2, 3)
        }
        expectSQLError(
            .range,
            "the statement takes 2 parameters but no values were given; pass parameters (one statement only) or they would be NULL"
        ) {
            try ctx.exec(sql: "INSERT INTO t VALUES (?, ?)")
        }
        expectSQLError(.range, "the statement takes 1 parameter but 0 values were given") {
            _ = try ctx.query(sql: "SELECT * FROM t WHERE a = ?")
        }
        expectSQLError(.range, "parameter index 3 is out of range: the statement takes 2 parameters") {
            let statement = try ctx.prepare(sql: "INSERT INTO t VALUES (?, ?)")
            try statement.bind(1, at: 3)
        }
        #expect(try ctx.query(sql: "SELECT count(*) FROM t") == [[0]])
    }

    @Test func unknownNamedParameter() throws {
        let ctx = try SQLContext()
        defer { ctx.close() }
        let statement = try ctx.prepare(sql: "SELECT :a + @b")
        defer { statement.close() }
        expectSQLError(.range, "no parameter named c in the statement; its parameters are :a, @b") {
            try statement.bind(1, named: "c")
        }
        expectSQLError(.range, "no parameter named :b in the statement; its parameters are :a, @b") {
            try statement.bind(1, named: ":b")
        }
        let plain = try ctx.prepare(sql: "SELECT ?")
        defer { plain.close() }
        expectSQLError(.range, "no parameter named x in the statement; it has no named parameters") {
            try plain.bind(1, named: "x")
        }
    }

    @Test func parametersWithAMultiStatementText() throws {
        let ctx = try SQLContext()
        defer { ctx.close() }
        try ctx.exec(sql: "CREATE TABLE t (a)")
        let error = expectSQLError(
            .misuse,
            "the text holds more than one statement; this call runs exactly one (run scripts with exec(sql:) and no parameters)"
        ) {
            try ctx.exec(sql: "INSERT INTO t VALUES (?); DELETE FROM t", parameters: [1])
        }
        #expect(error?.offset == 25)
        expectSQLError(
            .misuse,
            "the text holds more than one statement; this call runs exactly one (run scripts with exec(sql:) and no parameters)"
        ) {
            _ = try ctx.query(sql: "SELECT 1; SELECT 2")
        }
        expectSQLError(
            .misuse,
            "the text holds more than one statement; this call runs exactly one (run scripts with exec(sql:) and no parameters)"
        ) {
            _ = try ctx.prepare(sql: "SELECT 1; SELECT 2")
        }
        #expect(try ctx.query(sql: "SELECT count(*) FROM t") == [[0]])
        // A trailing semicolon and comment are not a second statement.
        #expect(try ctx.query(sql: "SELECT 1; -- done\n") == [[1]])
    }

    @Test func syntaxErrorSaysWhereAndInWhat() throws {
        let ctx = try SQLContext()
        defer { ctx.close() }
        let error = expectSQLError(.error, "near \"SELEC\": syntax error") {
            _ = try ctx.query(sql: "SELEC 1")
        }
        #expect(error?.sql == "SELEC 1")
        #expect(error?.offset == 0)

        let script =
            "CREATE TABLE a (x);\nINSERT INTO a VALUES (1);\nINSERT INTO a VALUES (2 +);\nINSERT INTO a VALUES (3);"
        let scriptError = expectSQLError(.error, "near \")\": syntax error") {
            try ctx.exec(sql: script)
        }
        #expect(scriptError?.sql == "INSERT INTO a VALUES (2 +);")
        #expect(scriptError.flatMap { $0.lineAndColumn(in: script) }.map { [$0.line, $0.column] } == [3, 26])
        #expect(
            scriptError?.description == "SQLITE_ERROR (1): near \")\": syntax error — in: INSERT INTO a VALUES (2 +);")

        // An error SQLite gives no offset for points at its statement, past the comments
        // before it; so does an error while the statement runs.
        let commented = "-- An index.\n/* over a table\n   that is not there */\n  CREATE INDEX i ON nope (x);"
        let unplaced = expectSQLError(.error, "no such table: main.nope") { try ctx.exec(sql: commented) }
        #expect(unplaced.flatMap { $0.lineAndColumn(in: commented) }.map { [$0.line, $0.column] } == [4, 3])
        let failing = "CREATE TABLE n (x NOT NULL);\n-- A row without x.\nINSERT INTO n VALUES (NULL);"
        let stepped = expectSQLError(.constraintNotNull, "NOT NULL constraint failed: n.x") {
            try ctx.exec(sql: failing)
        }
        #expect(stepped.flatMap { $0.lineAndColumn(in: failing) }.map { [$0.line, $0.column] } == [3, 1])
    }

    @Test func missingFileWithoutCreate() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("missing.sqlite")
        expectSQLError(.cantOpen, "cannot open database \(path): unable to open database file") {
            _ = try SQLContext(path: path, flags: [.readWrite])
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func fileThatIsNotADatabase() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("notes.txt")
        let content = String(repeating: "This is a text file, not a database.\n", count: 40)
        try content.write(toFile: path, atomically: true, encoding: .utf8)
        expectSQLError(.notADatabase, "cannot open database \(path): file is not a database") {
            _ = try SQLContext(path: path)
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == content)
    }

    @Test func writeToAReadOnlyDatabase() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("ro.sqlite")
        let writer = try SQLContext(path: path)
        try writer.exec(sql: "CREATE TABLE t (a); INSERT INTO t VALUES (1)")
        writer.close()

        let reader = try SQLContext(path: path, flags: [.readOnly])
        defer { reader.close() }
        #expect(reader.isReadOnly)
        expectSQLError(.readOnly, "attempt to write a readonly database") {
            try reader.exec(sql: "INSERT INTO t VALUES (2)")
        }
        #expect(try reader.query(sql: "SELECT a FROM t") == [[1]])
    }

    @Test func everyCallOnAClosedContextThrows() throws {
        let ctx = try SQLContext()
        try ctx.exec(sql: "CREATE TABLE t (a)")
        let statement = try ctx.prepare(sql: "SELECT a FROM t")
        let cached = try ctx.cachedStatement(sql: "SELECT count(*) FROM t")
        ctx.close()
        ctx.close() // idempotent
        #expect(ctx.isClosed)
        #expect(statement.isClosed && cached.isClosed)
        let message = "the database connection to :memory: is closed"
        expectSQLError(.misuse, message) { try ctx.exec(sql: "SELECT 1") }
        expectSQLError(.misuse, message) { try ctx.exec(sql: "SELECT ?", 1) }
        expectSQLError(.misuse, message) { _ = try ctx.query(sql: "SELECT 1") }
        expectSQLError(.misuse, message) { _ = try ctx.prepare(sql: "SELECT 1") }
        expectSQLError(.misuse, message) { _ = try ctx.cursor(sql: "SELECT 1") }
        expectSQLError(.misuse, message) { _ = try ctx.cachedStatement(sql: "SELECT 1") }
        expectSQLError(.misuse, message) { try ctx.transaction {} }
        expectSQLError(.misuse, message) { try ctx.createFunction("f") { _ in .null } }
        expectSQLError(.misuse, message) { try ctx.backup(toFile: "/nonexistent/x") }
        expectSQLError(.misuse, message) { _ = try statement.next() }
        expectSQLError(.misuse, message) { try statement.bind(1, at: 1) }
        expectSQLError(.misuse, message) { try statement.update() }
        #expect(ctx.handle == nil)
        #expect(ctx.userVersion == 0)
        #expect(ctx.lastInsertRowID == 0 && ctx.changes == 0 && ctx.totalChanges == 0)
    }

    @Test func closedStatementThrowsAndReadsNothing() throws {
        let ctx = try SQLContext()
        defer { ctx.close() }
        let statement = try ctx.prepare(sql: "SELECT 42")
        #expect(try statement.next())
        statement.close()
        statement.close()
        expectSQLError(.misuse, "the statement is closed") { _ = try statement.next() }
        expectSQLError(.misuse, "the statement is closed") { try statement.bind(1, at: 1) }
        #expect(statement.int64(at: 0) == 0)
        #expect(try statement.string(at: 0) == "")
    }

    @Test func aTransactionWhoseBodyThrowsLeavesNoTrace() throws {
        struct Oops: Error {}
        let ctx = try SQLContext()
        defer { ctx.close() }
        try ctx.exec(sql: "CREATE TABLE t (a)")
        #expect(throws: Oops.self) {
            try ctx.transaction {
                try ctx.exec(sql: "INSERT INTO t VALUES (1)")
                try ctx.exec(sql: "CREATE TABLE u (b)")
                throw Oops()
            }
        }
        #expect(try ctx.query(sql: "SELECT count(*) FROM t") == [[0]])
        #expect(try ctx.query(sql: "SELECT count(*) FROM sqlite_schema WHERE name = 'u'") == [[0]])
        #expect(!ctx.isInTransaction)
    }

    @Test func catchMatchesPrimaryCodes() throws {
        let ctx = try SQLContext()
        defer { ctx.close() }
        try ctx.exec(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT UNIQUE NOT NULL)")
        try ctx.exec(sql: "INSERT INTO t VALUES (1, 'a')")
        var caught = ""
        do {
            try ctx.exec(sql: "INSERT INTO t VALUES (2, ?)", "a")
        } catch SQLError.Code.constraint {
            caught = "constraint"
        }
        #expect(caught == "constraint")
        let error = expectSQLError(.constraintUnique, "UNIQUE constraint failed: t.name") {
            try ctx.exec(sql: "INSERT INTO t VALUES (2, ?)", "a")
        }
        #expect(error?.primaryCode == .constraint)
        #expect(error?.arguments == nil)
        #expect(SQLError.Code.constraint ~= SQLError.Code.constraintUnique)
        #expect(!(SQLError.Code.constraintNotNull ~= SQLError.Code.constraintUnique))
        #expect(SQLError.Code.constraintUnique.description == "SQLITE_CONSTRAINT_UNIQUE (2067)")
    }

    @Test func boundValuesAppearInErrorsOnlyWhenAskedFor() throws {
        var configuration = SQLContext.Configuration()
        configuration.showsBoundValues = true
        let ctx = try SQLContext(configuration: configuration)
        defer { ctx.close() }
        try ctx.exec(sql: "CREATE TABLE t (name TEXT NOT NULL)")
        let error = expectSQLError(.constraintNotNull, "NOT NULL constraint failed: t.name") {
            try ctx.exec(sql: "INSERT INTO t VALUES (?)", parameters: [.null])
        }
        #expect(error?.arguments == [.null])
        #expect(
            error?.description
                == "SQLITE_CONSTRAINT_NOTNULL (1299): NOT NULL constraint failed: t.name — in: INSERT INTO t VALUES (?) — with: [NULL]"
        )
    }
}
