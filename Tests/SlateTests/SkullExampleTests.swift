import Slate
import Testing

/// Skull's examples (the planets table), and the bugs Skull had, as tests.
@Suite struct SkullExampleTests {
    private func planets() throws -> SQLContext {
        let ctx = try SQLContext()
        try ctx.exec(
            sql: """
                CREATE TABLE planets (id INTEGER PRIMARY KEY, au DOUBLE, name TEXT);
                INSERT INTO planets VALUES (0, 0.4, 'Mercury');
                INSERT INTO planets VALUES (1, 0.7, 'Venus');
                INSERT INTO planets VALUES (2, 1, 'Earth');
                INSERT INTO planets VALUES (3, 1.5, 'Mars');
                """)
        return ctx
    }

    @Test func execRunsAScript() throws {
        let ctx = try planets()
        defer { ctx.close() }
        #expect(try ctx.query(sql: "SELECT count(*) FROM planets") == [[4]])
    }

    @Test func variadicUpdate() throws {
        let ctx = try SQLContext()
        defer { ctx.close() }
        try ctx.exec(sql: "CREATE TABLE planets (id INTEGER PRIMARY KEY, au DOUBLE, name TEXT)")
        try ctx.exec(sql: "INSERT INTO planets VALUES (?, ?, ?)", 0, 0.4, "Mercury")
        let id = 1
        let au: Double? = nil
        try ctx.exec(sql: "INSERT INTO planets VALUES (?, ?, ?)", id, au, "Venus")
        #expect(try ctx.query(sql: "SELECT * FROM planets ORDER BY id") == [[0, 0.4, "Mercury"], [1, nil, "Venus"]])
    }

    @Test func queryByColumnNameWithEarlyStop() throws {
        let ctx = try planets()
        defer { ctx.close() }
        var seen: [String] = []
        try ctx.exec(sql: "SELECT * FROM planets ORDER BY id") { row in
            seen.append(try row["name"].textValue ?? "?")
            return try row["name"] == "Venus" ? .stop : .next
        }
        #expect(seen == ["Mercury", "Venus"])
    }

    @Test func callbackSeesRowsOfEveryStatementOfAScript() throws {
        let ctx = try planets()
        defer { ctx.close() }
        var seen: [SQLValue] = []
        try ctx.exec(sql: "SELECT name FROM planets WHERE id < 2 ORDER BY id; SELECT au FROM planets WHERE id = 3") {
            row in
            seen.append(try row[0])
            return .next
        }
        #expect(seen == ["Mercury", "Venus", 1.5])
    }

    @Test func cursorStopsEarlyAndReleasesTheStatement() throws {
        let ctx = try planets()
        defer { ctx.close() }
        let cursor = try ctx.cursor(sql: "SELECT id, name FROM planets WHERE au > ? ORDER BY id", parameters: [0.5])
        var names: [String] = []
        while let row = try cursor.next() {
            names.append(try row.get("name"))
            if row.int64(at: 0) == 2 { break }
        }
        #expect(names == ["Venus", "Earth"])
        cursor.close()
        #expect(cursor.statement.isBusy == false)
        #expect(try cursor.next() == nil)
        // The write after the early stop is not blocked by a lingering read.
        try ctx.exec(sql: "DELETE FROM planets")
        #expect(try ctx.query(sql: "SELECT count(*) FROM planets") == [[0]])
    }

    @Test func flushFinalizesCachedStatements() throws {
        let ctx = try planets()
        defer { ctx.close() }
        let sql = "SELECT name FROM planets WHERE id = ?"
        _ = try ctx.query(sql: sql, parameters: [2])
        let cached = try ctx.cachedStatement(sql: sql)
        #expect(try ctx.cachedStatement(sql: sql) === cached)
        ctx.flushStatementCache()
        #expect(cached.isClosed)
        let fresh = try ctx.cachedStatement(sql: sql)
        #expect(fresh !== cached)
        #expect(try ctx.query(sql: sql, parameters: [2]) == [["Earth"]])
    }

    /// Skull bound text with its character count: "🪐" is one character and four bytes.
    @Test func textIsBoundWithItsUTF8ByteCount() throws {
        let ctx = try planets()
        defer { ctx.close() }
        try ctx.exec(sql: "INSERT INTO planets VALUES (?, ?, ?)", 9, 30.1, "Neptune 🪐 naïve")
        #expect(
            try ctx.query(sql: "SELECT name, length(name), length(CAST(name AS BLOB)) FROM planets WHERE id = 9")
                == [["Neptune 🪐 naïve", 15, 19]])
    }

    /// Skull bound `Int` with `sqlite3_bind_int`, 32 bits.
    @Test func intIsBoundWith64Bits() throws {
        let ctx = try SQLContext()
        defer { ctx.close() }
        try ctx.exec(sql: "CREATE TABLE t (v INTEGER)")
        let big = Int(Int64(1) << 40) + 7
        try ctx.exec(sql: "INSERT INTO t VALUES (?)", big)
        #expect(try ctx.query(sql: "SELECT v FROM t") == [[.integer(Int64(big))]])
    }

    /// Skull dropped NULL and BLOB columns from its rows.
    @Test func nullAndBlobColumnsAreKept() throws {
        let ctx = try SQLContext()
        defer { ctx.close() }
        let rows = try ctx.query(sql: "SELECT NULL, X'00FF', 1, 'a'")
        #expect(rows == [[.null, .blob([0x00, 0xFF]), .integer(1), .text("a")]])
        var names: [String] = []
        try ctx.exec(sql: "SELECT NULL AS n, X'01' AS b") { row in
            names = row.columnNames
            let values = [try row["n"], try row["b"]]
            #expect(values == [.null, .blob([1])])
            return .next
        }
        #expect(names == ["n", "b"])
    }
}
