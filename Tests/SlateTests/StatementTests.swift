import Slate
import SlateTestSupport
import Testing

@Suite struct StatementTests {
    private func people() throws -> SQLContext {
        let ctx = try SQLContext()
        try ctx.exec(
            sql: """
                CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT NOT NULL, height REAL, active BOOLEAN, photo BLOB);
                INSERT INTO people VALUES (1, 'Ada', 1.65, 1, X'CAFE');
                INSERT INTO people VALUES (2, 'Grace', NULL, 0, NULL);
                """)
        return ctx
    }

    @Test func bindByIndexAndByEveryNameForm() throws {
        let ctx = try people()
        defer { ctx.close() }
        let statement = try ctx.prepare(sql: "SELECT name FROM people WHERE id = :id OR name = @name OR height > $min")
        defer { statement.close() }
        #expect(statement.parameterCount == 3)
        #expect((1...3).map { statement.parameterName(at: $0) } == [":id", "@name", "$min"])

        try statement.bind(2, named: "id")
        try statement.bind("Nobody", named: "@name")
        try statement.bind(5.0, named: "min")
        var names: [String] = []
        while try statement.next() { names.append(try statement.string(at: 0)) }
        #expect(names == ["Grace"])

        statement.reset()
        statement.clearBindings()
        try statement.bind(parameters: ["id": 1, "name": "Grace", "$min": .null])
        names = []
        while try statement.next() { names.append(try statement.string(at: 0)) }
        #expect(names == ["Ada", "Grace"])

        expectSQLError(.range, "no value given for parameters @name, $min; the statement takes 3") {
            try statement.bind(parameters: ["id": 1])
        }
    }

    /// Text and blobs up to 4,096 bytes are bound from a copy Slate makes, longer ones from
    /// SQLite's: both sides of that line, bound again over an earlier value (which frees
    /// it), and a bind that fails (which frees the copy too; the sanitizer run checks it).
    @Test(arguments: [1, 15, 16, 4095, 4096, 4097, 70_000])
    func textAndBlobsOfEveryLengthBindWhole(_ length: Int) throws {
        let ctx = try SQLContext()
        defer { ctx.close() }
        let statement = try ctx.prepare(sql: "SELECT ?, length(CAST(?1 AS BLOB)), ?2, length(?2), typeof(?2)")
        defer { statement.close() }
        // Text of exactly `length` bytes of UTF-8: multi-byte characters, NULs and quotes.
        let pieces = ["a", "\u{0}", "'", "é", "🦆"]
        var text = ""
        while text.utf8.count < length {
            let piece = pieces[text.unicodeScalars.count % pieces.count]
            text += text.utf8.count + piece.utf8.count <= length ? piece : "b"
        }
        let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        for round in 1...2 {
            try statement.bind(text, at: 1)
            try statement.bind(bytes, at: 2)
            #expect(try statement.next())
            #expect(try statement.string(at: 0) == text, "round \(round)")
            #expect(statement.int(at: 1) == length)
            #expect(statement.bytes(at: 2) == bytes)
            #expect(statement.int(at: 3) == length)
            #expect(try statement.string(at: 4) == "blob")
            #expect(try !statement.next())
            statement.reset()
        }
        expectSQLError(.range, "parameter index 9 is out of range: the statement takes 2 parameters") {
            try statement.bind(text, at: 9)
        }
        expectSQLError(.range, "parameter index 9 is out of range: the statement takes 2 parameters") {
            try statement.bind(bytes, at: 9)
        }
    }

    @Test func typedGettersReadStraightFromTheColumns() throws {
        let ctx = try people()
        defer { ctx.close() }
        let statement = try ctx.prepare(sql: "SELECT id, name, height, active, photo FROM people ORDER BY id")
        defer { statement.close() }
        #expect(statement.columnCount == 5)
        #expect(statement.columnNames == ["id", "name", "height", "active", "photo"])
        #expect(statement.declaredTypes == ["INTEGER", "TEXT", "REAL", "BOOLEAN", "BLOB"])
        #expect(statement.columnIndex(named: "height") == 2)
        #expect(statement.columnIndex(named: "HEIGHT") == 2)
        #expect(statement.columnIndex(named: "nope") == nil)

        #expect(try statement.next())
        #expect(statement.int64(at: 0) == 1)
        #expect(statement.int(at: 0) == 1)
        #expect(try statement.string(at: 1) == "Ada")
        #expect(statement.double(at: 2) == 1.65)
        #expect(statement.bool(at: 3))
        #expect(statement.bytes(at: 4) == [0xCA, 0xFE])
        #expect(try statement.get("height", as: Double?.self) == 1.65)
        #expect(try statement.get(3, as: Bool.self))

        #expect(try statement.next())
        #expect(statement.isNull(at: 2))
        #expect(statement.double(at: 2) == 0)
        #expect(try statement.get(2, as: Double?.self) == nil)
        #expect(try statement.get("photo", as: [UInt8]?.self) == nil)
        #expect(!statement.bool(at: 3))
        expectSQLError(.mismatch, "column 2 (\"height\") is NULL but Double is not optional") {
            _ = try statement.get(2, as: Double.self)
        }
        expectSQLError(
            .range,
            "no column named \"weight\" in the result; its columns are \"id\", \"name\", \"height\", \"active\", \"photo\""
        ) {
            _ = try statement.get("weight", as: Int.self)
        }
        #expect(try statement.values() == [2, "Grace", nil, 0, nil])
        #expect(try !statement.next())
    }

    @Test func rowSubscriptsAndTypedReads() throws {
        let ctx = try people()
        defer { ctx.close() }
        let cursor = try ctx.cursor(sql: "SELECT id, name, height FROM people WHERE id = ?", parameters: [1])
        let row = try #require(try cursor.next())
        #expect(row.count == 3)
        #expect(try row[0] == 1)
        #expect(try row["name"] == "Ada")
        #expect(try row.get("height") as Double? == 1.65)
        #expect(try row.string(at: 1) == "Ada")
        expectSQLError(.range, "column index 3 is out of range: the row has 3 columns") { _ = try row[3] }
        expectSQLError(.range, "no column named \"nope\" in the result; its columns are \"id\", \"name\", \"height\"") {
            _ = try row["nope"]
        }
        #expect(try cursor.next() == nil)
    }

    @Test func updateRunsToCompletionAndResets() throws {
        let ctx = try people()
        defer { ctx.close() }
        let insert = try ctx.prepare(sql: "INSERT INTO people (name, height) VALUES (?, ?)")
        defer { insert.close() }
        try insert.update(parameters: ["Linus", 1.8])
        #expect(ctx.lastInsertRowID == 3)
        #expect(ctx.changes == 1)
        try insert.bind("Margaret", at: 1)
        try insert.bind(Double?.none, at: 2)
        try insert.update()
        #expect(ctx.lastInsertRowID == 4)
        #expect(
            try ctx.query(sql: "SELECT name, height FROM people WHERE id > 2 ORDER BY id")
                == [["Linus", 1.8], ["Margaret", nil]])
        #expect(ctx.totalChanges >= 4)
        #expect(!insert.isReadOnly)
        #expect(insert.sql == "INSERT INTO people (name, height) VALUES (?, ?)")
    }

    @Test func expandedSQLShowsBoundValues() throws {
        let ctx = try SQLContext()
        defer { ctx.close() }
        let statement = try ctx.prepare(sql: "SELECT ?, ?")
        defer { statement.close() }
        try statement.bind(7, at: 1)
        try statement.bind("it's", at: 2)
        #expect(statement.expandedSQL == "SELECT 7, 'it''s'")
    }

    @Test func nestedUseOfTheSameCachedSQLGetsItsOwnStatement() throws {
        let ctx = try people()
        defer { ctx.close() }
        let sql = "SELECT id FROM people ORDER BY id"
        let outer = try ctx.cursor(sql: sql)
        var pairs: [[Int64]] = []
        while let row = try outer.next() {
            let id = row.int64(at: 0)
            let inner = try ctx.query(sql: sql)
            pairs.append([id, Int64(inner.count)])
        }
        #expect(pairs == [[1, 2], [2, 2]])
    }

    @Test func cacheEvictsTheLeastRecentlyUsed() throws {
        let ctx = try SQLContext(configuration: .init(statementCacheCapacity: 2))
        defer { ctx.close() }
        let a = try ctx.cachedStatement(sql: "SELECT 1")
        let b = try ctx.cachedStatement(sql: "SELECT 2")
        _ = try ctx.cachedStatement(sql: "SELECT 1")
        _ = try ctx.cachedStatement(sql: "SELECT 3")
        #expect(!a.isClosed)
        #expect(b.isClosed)
        #expect(try ctx.cachedStatement(sql: "SELECT 1") === a)

        let uncached = try SQLContext(configuration: .init(statementCacheCapacity: 0))
        defer { uncached.close() }
        let first = try uncached.cachedStatement(sql: "SELECT 1")
        #expect(try uncached.cachedStatement(sql: "SELECT 1") !== first)
        #expect(try uncached.query(sql: "SELECT 1") == [[1]])
    }

    private static let idSlot = SQLStatementSlot()
    private static let nameSlot = SQLStatementSlot()

    @Test func slotsKeepOneStatementEachAndStepNestedUsesApart() throws {
        let ctx = try people()
        defer { ctx.close() }
        let sql = "SELECT id FROM people ORDER BY id"
        let first = try ctx.cachedStatement(slot: Self.idSlot, sql: sql)
        #expect(try ctx.cachedStatement(slot: Self.idSlot, sql: sql) === first)
        #expect(try ctx.cachedStatement(slot: Self.nameSlot, sql: "SELECT name FROM people") !== first)

        // While the slot's statement is being stepped, a nested use gets its own.
        #expect(try first.next())
        let nested = try ctx.cachedStatement(slot: Self.idSlot, sql: sql)
        #expect(nested !== first)
        #expect(try nested.next())
        #expect(nested.int64(at: 0) == 1)
        nested.close()
        #expect(try first.next())
        #expect(first.int64(at: 0) == 2)
        first.reset()
        #expect(try ctx.cachedStatement(slot: Self.idSlot, sql: sql) === first)

        // Flushing closes them; the slot prepares anew.
        ctx.flushStatementCache()
        #expect(first.isClosed)
        let again = try ctx.cachedStatement(slot: Self.idSlot, sql: sql)
        #expect(again !== first)
        #expect(try again.next())
        again.reset()

        // On another connection the same slot holds that connection's statement.
        let other = try people()
        defer { other.close() }
        let elsewhere = try other.cachedStatement(slot: Self.idSlot, sql: sql)
        #expect(elsewhere !== again)
        ctx.close()
        #expect(again.isClosed)
        #expect(throws: SQLError.self) { try ctx.cachedStatement(slot: Self.idSlot, sql: sql) }
    }
}
