import Foundation
import SlateRecords
import SlateTestSupport
import Testing

/// Names and shapes other generators fail on, through the generated code.
@Suite struct EdgeTests {
    typealias E = EdgeDatabase

    @Test func hostileIdentifiersRoundTrip() throws {
        let db = try EdgeDatabase.inMemory()
        defer { db.close() }
        let row = E.MyTable(
            firstName: "Ada", lastName: "Lovelace", quoteD: "q\"", select: 1, from: "f", selfColumn: "s", class: "c",
            type: "t", protocol: "p", initColumn: "i", _123abc: "d", triPle: "\"\"\"", endHere: "*/", hashColumn: "#",
            newLine: "a\nb", backSlash: "\\", ünïcödé: "ü")
        let stored = try db.insert(row)
        #expect(stored.default == "it's \"quoted\" \\ back")
        var expected = row
        expected.id = stored.id
        #expect(stored == expected)
        #expect(try db.myTables.find(stored.id) == expected)
        let raw = try db.pool.read { ctx in
            try ctx.query(sql: #"SELECT "new\#nline", "tri""""""ple", "quote""d" FROM "my table""#)
        }
        #expect(raw == [["a\nb", "\"\"\"", "q\""]])
    }

    /// Names and text made to break out of raw strings (`"#`), interpolations (`\(`),
    /// block comments and multi-line literals: the code compiles (this target builds it)
    /// and the values arrive as written, in a table, a view, an index and a CHECK.
    @Test func breakoutAttemptsStayData() throws {
        let db = try EdgeDatabase.inMemory()
        defer { db.close() }
        let stored = try db.insert(E.XY(open: "/* x", aB: "\"\"\"#", tabHere: "ok"))
        #expect(stored.boom == "\\(boom) \"# \"\"# /* */ \"\"\"")
        #expect(try db.xies.find(stored.id) == stored)
        #expect(try db.vs.fetch() == [E.V(id: stored.id, out: stored.boom)])
        #expect(try db.xies.fetch(where: { $0.open == "/* x" && $0.aB == "\"\"\"#" }) == [stored])
        expectSQLError(.constraintCheck, "CHECK constraint failed: tab\there") {
            try db.insert(E.XY(tabHere: "*/ \"\"\"#"))
        }
        let indexes = try db.pool.read { ctx in try ctx.query(sql: "SELECT name FROM pragma_index_list('x\"#y')") }
        #expect(indexes == [["i */ x"]])
    }

    @Test func collidingNamesStaySeparate() throws {
        let db = try EdgeDatabase.inMemory()
        defer { db.close() }
        try db.insert(E.OrderItem(note: "spaced"))
        try db.insert(E.OrderItem2(note: "snake"))
        #expect(try db.orderItems.fetch().map(\.note) == ["spaced"])
        #expect(try db.orderItem2.fetch().map(\.note) == ["snake"])
        let item = try db.insert(E.Item())
        try db.insert(E.Items(itemId: item.id))
        #expect(try db.items2.fetch(for: item).count == 1)
        try db.insert(E.TypeRecord(value: "t"))
        try db.insert(E.ProtocolRecord(value: "p"))
        #expect(try db.types.fetch() == [E.TypeRecord(value: "t")])
        #expect(try db.protocols.fetch() == [E.ProtocolRecord(value: "p")])
        let selected = try db.insert(E.Select(group: "g"))
        #expect(try db.selects.find(selected.where) == selected)
        let code = try db.insert(E._2faCode(code: "123456", userId: 7))
        #expect(try db._2faCodes.find("123456") == code)
    }

    @Test func aTableOf300Columns() throws {
        let db = try EdgeDatabase.inMemory()
        defer { db.close() }
        var wide = E.Wide()
        wide.c006 = "first"
        wide.c294 = "last"
        wide.c001 = 42
        wide.c002 = 2.5
        wide.c299 = Date(timeIntervalSince1970: 299)
        let stored = try db.insert(wide)
        #expect(stored.id == 1)
        #expect(try db.wides.find(1) == stored)
        #expect(stored.c006 == "first" && stored.c294 == "last" && stored.c001 == 42 && stored.c002 == 2.5)
        #expect(stored.c299 == Date(timeIntervalSince1970: 299) && stored.c003 == nil)
        #expect(try db.pool.read { try $0.query(sql: "SELECT count(*) FROM pragma_table_info('wide')") } == [[300]])
    }

    @Test func creationSQLKeepsOddIndentationExactly() throws {
        let db = try EdgeDatabase.inMemory()
        defer { db.close() }
        let sql = try db.pool.read { ctx in
            try ctx.query(sql: "SELECT sql FROM sqlite_schema WHERE name = 'odd'")[0][0].textValue
        }
        #expect(
            sql
                == "CREATE TABLE odd (\n\t\tid INTEGER PRIMARY KEY,\nname TEXT,\n      \"x\"\"y\" TEXT   -- trailing comment\n    )"
        )
        #expect(EdgeDatabase.creationSQL.contains(try #require(sql)))
    }

    @Test func aViewOfBareExpressions() throws {
        let db = try EdgeDatabase.inMemory()
        defer { db.close() }
        try db.insert(E.MyTable(firstName: "ada"))
        let rows = try db.oddViews.fetch()
        #expect(rows.count == 1)
        #expect(rows[0]._11 == 2)
        #expect(rows[0].upperFirstName == "ADA")
    }
}
