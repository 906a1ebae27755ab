import Foundation
import Slate
import SlateRecords
import SlateTestSupport
import Testing

/// Issue 31 §1: pages of generated records (the `stamps.sql` fixture): tables with a
/// rowid and without, a view; sync, async, in a transaction.
@Suite struct Review31PagesTests {
    private func database(posts: Int) throws -> Stamps {
        let db = try Stamps.inMemory()
        try db.transaction { tx in
            // Inserted so that rowid order is not title order.
            for id in 1...max(posts, 1) where posts > 0 {
                _ = try tx.insert(Stamps.Post(id: id, title: "p\(String(format: "%02d", (id * 7) % posts))"))
            }
        }
        return db
    }

    @Test func pagesOfATableInRowidOrderOrTheirOwn() throws {
        let db = try database(posts: 12)
        defer { db.close() }
        let first = try db.posts.page(1, size: 5)
        #expect(first.items.map(\.id) == [1, 2, 3, 4, 5])
        #expect(first.total == 12 && first.pageCount == 3 && first.number == 1 && first.size == 5)
        #expect(try db.posts.page(3, size: 5).items.map(\.id) == [11, 12])
        let past = try db.posts.page(9, size: 5)
        #expect(past.items.isEmpty && past.total == 12)
        let ordered = try db.posts.page(1, size: 4, orderBy: { $0.title.descending })
        #expect(ordered.items.map(\.title) == ["p11", "p10", "p09", "p08"])
        let filtered = try db.posts.page(2, size: 2, where: { $0.id > 6 }, orderBy: { $0.id.descending })
        #expect(filtered.items.map(\.id) == [10, 9] && filtered.total == 6)
    }

    @Test func aWithoutRowidTablePagesByKeyAndAViewByItsOrder() throws {
        let db = try database(posts: 6)
        defer { db.close() }
        for name in ["kotlin", "c", "swift", "ada", "rust"] { _ = try db.insert(Stamps.TagRecord(name: name)) }
        #expect(try db.tags.page(1, size: 2).items.map(\.name) == ["ada", "c"])
        #expect(try db.tags.page(3, size: 2).items.map(\.name) == ["swift"])
        // Every tag ties on uses: key order breaks the ties.
        #expect(try db.tags.page(2, size: 2, orderBy: { $0.uses.ascending }).items.map(\.name) == ["kotlin", "rust"])
        let titles = try db.postTitles.page(2, size: 4, orderBy: { $0.id.ascending })
        #expect(titles.items.map(\.id) == [5, 6] && titles.total == 6)
    }

    @Test func emptyAndBadPages() throws {
        let db = try database(posts: 0)
        defer { db.close() }
        let empty = try db.posts.page(1, size: 10)
        #expect(empty.items.isEmpty && empty.total == 0 && empty.pageCount == 0)
        let error = #expect(throws: SQLError.self) { try db.posts.page(0, size: 10) }
        #expect(error?.message == "page number 0 is out of range: pages are numbered from 1")
        #expect(throws: SQLError.self) { try db.posts.page(1, size: SQLPage<Stamps.Post>.maximumSize + 1) }
    }

    @Test func asyncAndInATransaction() async throws {
        let db = try database(posts: 7)
        defer { db.close() }
        let page = try await db.posts.page(2, size: 3, where: { $0.id != 4 })
        #expect(page.items.map(\.id) == [5, 6, 7] && page.total == 6)
        let inside = try await db.transaction { tx in
            _ = try tx.insert(Stamps.Post(id: 100, title: "new"))
            return try tx.posts.page(3, size: 3)
        }
        #expect(inside.items.map(\.id) == [7, 100] && inside.total == 8)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.dateEncodingStrategy = .secondsSince1970
        let json = String(decoding: try encoder.encode(try await db.postTitles.page(1, size: 1)), as: UTF8.self)
        #expect(json == #"{"items":[{"id":1,"title":"p00"}],"number":1,"pageCount":8,"size":1,"total":8}"#)
    }
}
