import Foundation
import Slate
import SlateRecords
import SlateTestSupport
import Synchronization
import Testing

/// A record for paging: its table has a rowid, and titles that tie.
private struct Entry: SQLCodableRecord, Equatable {
    static let tableName = "entry"
    var id: Int?
    var title: String
    var rank: Int
}

/// A record of a `WITHOUT ROWID` table, keyed by text.
private struct Code: SQLCodableRecord, Equatable {
    static let tableName = "code"
    static let primaryKey = "name"
    var name: String
    var rank: Int
}

/// Issue 31 §1: a page of Codable records with the total (Fluent's `paginate(for:)`).
@Suite struct Review31PaginationTests {
    private static let schema = """
        CREATE TABLE entry (id INTEGER PRIMARY KEY, title TEXT NOT NULL, rank INTEGER NOT NULL);
        CREATE TABLE code (name TEXT PRIMARY KEY, rank INTEGER NOT NULL) WITHOUT ROWID;
        """

    /// `count` entries, `title` "e1"…, rank `i % 3`, inserted in an order that is not the
    /// rowid's (ids 1…count all the same).
    private func context(_ count: Int) throws -> SQLContext {
        let context = try SQLContext()
        try context.exec(sql: Self.schema)
        for id in (1...max(count, 1)).reversed() where count > 0 {
            try context.insert(Entry(id: id, title: "e\(id)", rank: id % 3))
        }
        return context
    }

    @Test func firstMiddleLastAndPastTheEnd() throws {
        let db = try context(23)
        // Without an order: rowid order, so pages are stable.
        let first = try db.page(Entry.self, 1, size: 10)
        #expect(first.items.map(\.id) == Array(1...10))
        #expect(first.number == 1 && first.size == 10 && first.total == 23 && first.pageCount == 3)
        #expect(try db.page(Entry.self, 2, size: 10).items.map(\.id) == Array(11...20))
        let last = try db.page(Entry.self, 3, size: 10)
        #expect(last.items.map(\.id) == [21, 22, 23])
        #expect(last.total == 23 && last.pageCount == 3)
        let past = try db.page(Entry.self, 4, size: 10)
        #expect(past.items.isEmpty && past.total == 23 && past.number == 4 && past.pageCount == 3)
        #expect(try db.page(Entry.self, Int.max / 10_000, size: 10_000).items.isEmpty)
        // Sizes that divide evenly, and a page of everything.
        #expect(try db.page(Entry.self, 23, size: 1).items.map(\.id) == [23])
        #expect(try db.page(Entry.self, 1, size: 23).pageCount == 1)
        #expect(try db.page(Entry.self, 1, size: 10_000).items.count == 23)
    }

    @Test func anEmptyTableHasOneEmptyPageOfNone() throws {
        let db = try context(0)
        let page = try db.page(Entry.self, 1, size: 5)
        #expect(page == SQLPage(items: [], number: 1, size: 5, total: 0))
        #expect(page.pageCount == 0)
    }

    @Test func filterAndOrderAreKeptAndTiesAreBrokenByRowid() throws {
        let db = try context(23)
        // rank 1: ids 1, 4, 7, …, 22 (8 rows).
        let page = try db.page(Entry.self, 2, size: 3, where: { $0.rank == 1 }, orderBy: { $0.title.descending })
        #expect(page.total == 8 && page.pageCount == 3)
        // Text order, descending: e7, e4, e22 | e19, e16, e13 | e10, e1.
        #expect(page.items.map(\.title) == ["e19", "e16", "e13"])
        // Every rank ties: rows keep rowid order within a rank, on every page.
        var seen: [Int] = []
        for number in 1...5 {
            seen += try db.page(Entry.self, number, size: 5, orderBy: { $0.rank.ascending }).items.map { $0.id! }
        }
        #expect(seen == [3, 6, 9, 12, 15, 18, 21, 1, 4, 7, 10, 13, 16, 19, 22, 2, 5, 8, 11, 14, 17, 20, 23])
    }

    @Test func aWithoutRowidTablePagesInKeyOrder() throws {
        let db = try context(0)
        for name in ["m", "b", "z", "a", "q"] { try db.insert(Code(name: name, rank: 0)) }
        #expect(try db.page(Code.self, 1, size: 2).items.map(\.name) == ["a", "b"])
        #expect(try db.page(Code.self, 2, size: 2, orderBy: { $0.rank.descending }).items.map(\.name) == ["m", "q"])
        #expect(try db.page(Code.self, 3, size: 2).items.map(\.name) == ["z"])
    }

    @Test func badPageNumbersAndSizesThrowNamingThem() throws {
        let db = try context(3)
        for (number, size, message) in [
            (0, 10, "page number 0 is out of range: pages are numbered from 1"),
            (-1, 10, "page number -1 is out of range: pages are numbered from 1"),
            (Int.min, 10, "page number \(Int.min) is out of range: pages are numbered from 1"),
            (1, 0, "page size 0 is out of range: a page holds 1 to 10000 records"),
            (1, -5, "page size -5 is out of range: a page holds 1 to 10000 records"),
            (1, 10_001, "page size 10001 is out of range: a page holds 1 to 10000 records"),
            (1, Int.max, "page size \(Int.max) is out of range: a page holds 1 to 10000 records"),
            (
                Int.max, 2,
                "page number \(Int.max) is out of range: page \(Int.max) of 2 records starts past the largest row offset"
            ),
        ] {
            let error = #expect(throws: SQLError.self) { try db.page(Entry.self, number, size: size) }
            #expect(error?.code == .range)
            #expect(error?.message == message)
        }
        #expect(SQLPage<Entry>.maximumSize == 10_000)
    }

    @Test func aPageIsJSON() throws {
        let db = try context(5)
        let page = try db.page(Entry.self, 2, size: 2, orderBy: { $0.id.ascending })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(page), as: UTF8.self)
        #expect(
            json
                == #"{"items":[{"id":3,"rank":0,"title":"e3"},{"id":4,"rank":1,"title":"e4"}],"number":2,"pageCount":3,"size":2,"total":5}"#
        )
        #expect(try JSONDecoder().decode(SQLPage<Entry>.self, from: Data(json.utf8)) == page)
    }

    @Test func insideATransactionThePageSeesItsWrites() throws {
        let db = try context(4)
        try db.transaction {
            try db.insert(Entry(id: 10, title: "e10", rank: 1))
            let page = try db.page(Entry.self, 2, size: 3)
            #expect(page.total == 5 && page.items.map(\.id) == [4, 10])
        }
    }

    /// The synchronous page call, from an async test.
    private static func syncPage(
        _ pool: SQLPool, where predicate: @escaping (SQLCodableColumns<Entry>) -> SQLPredicate<Entry>
    ) throws -> SQLPage<Entry> {
        try pool.page(Entry.self, 1, size: 100, where: predicate)
    }

    /// A writer that commits between the page's count and its rows cannot make them
    /// disagree: both read one snapshot. The predicate calls `interfere()`, which, the
    /// first time the count calls it, has another connection insert 7 matching rows and
    /// commit; the rows are read after that.
    @Test(arguments: [false, true])
    func aWriterBetweenCountAndRowsCannotMakeThemDisagree(async: Bool) async throws {
        let directory = TemporaryDirectory()
        let path = directory.path("pages.sqlite")
        let setup = try SQLContext(path: path)
        try setup.exec(sql: Self.schema)
        for id in 1...5 { try setup.insert(Entry(id: id, title: "e\(id)", rank: 1)) }
        setup.close()
        let fired = Atomic<Int>(0)
        var configuration = SQLPool.Configuration()
        configuration.prepareConnection = { context in
            try context.createFunction("interfere", argumentCount: 0) { _ in
                if fired.add(1, ordering: .sequentiallyConsistent).oldValue == 0 {
                    let writer = try SQLContext(path: path)
                    defer { writer.close() }
                    try writer.transaction(.immediate) {
                        for id in 100..<107 { try writer.insert(Entry(id: id, title: "e\(id)", rank: 1)) }
                    }
                }
                return .integer(1)
            }
        }
        let pool = try SQLPool(path: path, configuration: configuration)
        defer { pool.close() }
        let page =
            async
            ? try await pool.page(Entry.self, 1, size: 100, where: { $0.rank == 1 && "interfere()" })
            : try Self.syncPage(pool) { $0.rank == 1 && "interfere()" }
        #expect(fired.load(ordering: .sequentiallyConsistent) > 0)
        #expect(page.total == 5)
        #expect(page.items.map(\.id) == [1, 2, 3, 4, 5])
        // The next page call sees the writer's rows, in both.
        let after = try Self.syncPage(pool) { $0.rank == 1 }
        #expect(after.total == 12 && after.items.count == 12)
    }
}
