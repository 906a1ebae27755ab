import Foundation
import Slate
import SlateRecords
import SlateTestSupport
import Testing

/// Issue 31, review R1: the seams of records as request bodies, `save`, delete by key,
/// pages and timestamps (`bodies31.sql`, `stamps.sql`), attacked as a client or a
/// careless caller would.
@Suite struct Review31R1BodiesTests {
    typealias R = Bodies31

    private func decode<T: Decodable>(
        _ type: T.Type, _ json: String, _ decoder: JSONDecoder = JSONDecoder()
    ) throws -> T {
        try decoder.decode(T.self, from: Data(json.utf8))
    }

    private func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    private func rows(_ pool: SQLPool, _ sql: String) throws -> [[SQLValue]] {
        try pool.read { context in try context.query(sql: sql) }
    }

    // MARK: Keys a client sends

    /// `Int.min` is what marks a key SQLite has not assigned, and the encoder never
    /// writes it: a body that carries it names a row (SQLite's rowids include it), so
    /// reading it as "unassigned" would insert under a new key, or make `save` insert a
    /// second row where the client meant to update one. It is refused at its key.
    @Test func aBodyGivingTheUnassignedMarkerAsItsKeyIsRefusedAtTheKey() throws {
        for body in [
            #"{"issueId": -9223372036854775808, "title": "A", "slug": "a"}"#,
            #"{"title": "A", "slug": "a", "issueId": -9223372036854775808}"#,
        ] {
            let error = #expect(throws: DecodingError.self) { try decode(R.IssueRecord.self, body) }
            guard case .dataCorrupted(let context) = error else {
                Issue.record("not dataCorrupted: \(String(describing: error))")
                continue
            }
            #expect(context.codingPath.map(\.stringValue) == ["issueId"])
            #expect(
                context.debugDescription
                    == "issueId is -9223372036854775808, the value that marks a key SQLite has not assigned yet: leave issueId out (or null) to have one assigned"
            )
        }
        // Nested in an array, the path names the element too.
        let error = #expect(throws: DecodingError.self) {
            try decode(
                [R.IssueRecord].self,
                #"[{"title": "A", "slug": "a"}, {"issueId": -9223372036854775808, "title": "B", "slug": "b"}]"#)
        }
        if case .dataCorrupted(let context) = error {
            #expect(context.codingPath.map(\.stringValue) == ["Index 1", "issueId"])
        } else {
            Issue.record("not dataCorrupted: \(String(describing: error))")
        }
        // Timestamped records and a key named `id` too.
        #expect(throws: DecodingError.self) {
            try decode(Stamps.Post.self, #"{"id": -9223372036854775808, "title": "t"}"#)
        }
        #expect(throws: DecodingError.self) { try decode(R.Draft.self, #"{"id": -9223372036854775808, "draft": "d"}"#) }
        // One above it is an ordinary key.
        #expect(
            try decode(R.IssueRecord.self, #"{"issueId": -9223372036854775807, "title": "A", "slug": "a"}"#).issueId
                == Int.min + 1)
    }

    /// Zero and negative keys are keys: kept, inserted, saved, found and deleted as given.
    @Test func zeroAndNegativeKeysAreKeptThroughEveryCall() throws {
        let db = try R.inMemory()
        defer { db.close() }
        let zero = try decode(R.IssueRecord.self, #"{"issueId": 0, "title": "zero", "slug": "z"}"#)
        let negative = try decode(R.IssueRecord.self, #"{"issueId": -7, "title": "minus", "slug": "m"}"#)
        let lowest = try decode(R.IssueRecord.self, #"{"issueId": -9223372036854775807, "title": "low", "slug": "l"}"#)
        #expect(try db.insert(zero).issueId == 0)
        #expect(try db.save(negative).issueId == -7)
        #expect(try db.save(lowest).issueId == Int.min + 1)
        var renamed = negative
        renamed.title = "minus seven"
        #expect(try db.save(renamed).title == "minus seven")
        #expect(
            try rows(db.pool, "SELECT issue_id, title FROM issue ORDER BY issue_id") == [
                [.integer(Int64.min + 1), .text("low")], [.integer(-7), .text("minus seven")],
                [.integer(0), .text("zero")],
            ])
        // The next key SQLite assigns follows the largest.
        #expect(try db.insert(R.IssueRecord(title: "new", slug: "n")).issueId == 1)
        // Every stored record round-trips through JSON with its key.
        for record in try db.issues.fetch() {
            #expect(try decode(R.IssueRecord.self, try json(record)) == record)
        }
        #expect(try db.issues.delete(0))
        #expect(try db.issues.delete(-7))
        #expect(try db.issues.delete(Int.min + 1))
        #expect(try !db.issues.delete(Int.min))
        #expect(try db.issues.fetchCount() == 1)
    }

    /// Keys in another case are other keys to `JSONDecoder`; with its snake-case strategy
    /// the generated names are found, and what the snake-case encoder writes reads back.
    @Test func snakeCaseBodiesWorkThroughTheDecodersStrategy() throws {
        // Without a strategy, `issue_id` is an unknown key: the record is unassigned.
        #expect(try decode(R.IssueRecord.self, #"{"issue_id": 5, "title": "A", "slug": "a"}"#).issueId == Int.min)
        let snake = JSONDecoder()
        snake.keyDecodingStrategy = .convertFromSnakeCase
        let record = try decode(
            R.IssueRecord.self, #"{"issue_id": 5, "title": "A", "slug": "a", "title_length": 1}"#, snake)
        #expect(record.issueId == 5 && record.titleLength == 1)
        #expect(throws: DecodingError.self) {
            try decode(R.IssueRecord.self, #"{"issue_id": -9223372036854775808, "title": "A", "slug": "a"}"#, snake)
        }
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.sortedKeys]
        let text = String(decoding: try encoder.encode(record), as: UTF8.self)
        #expect(
            text
                == #"{"issue_id":5,"label":"none","priority":3,"score":0.5,"slug":"a","status":"open","title":"A","title_length":1}"#
        )
        #expect(try snake.decode(R.IssueRecord.self, from: Data(text.utf8)) == record)
    }

    /// A UUID key the body leaves out is a new random one, as the initializer's default:
    /// `save` then inserts; a body that gives the key saves over that row.
    @Test func aUUIDKeyLeftOutIsANewOne() throws {
        let db = try Review29.inMemory()
        defer { db.close() }
        let first = try decode(Review29.Dev.self, #"{"name": "a"}"#)
        let second = try decode(Review29.Dev.self, #"{"name": "a"}"#)
        #expect(first.id != second.id)
        _ = try db.save(first)
        _ = try db.save(second)
        #expect(try db.devs.fetchCount() == 2)
        let again = try decode(Review29.Dev.self, #"{"id": "\#(first.id.uuidString)", "name": "b"}"#)
        #expect(try db.save(again) == Review29.Dev(id: first.id, name: "b"))
        #expect(try db.devs.fetchCount() == 2)
        #expect(try decode(Review29.Dev.self, try json(again)) == again)
    }

    // MARK: Dates in bodies

    /// A date goes out as the encoder's strategy writes it and comes back the same date,
    /// for the default strategy and ISO 8601 (whole seconds) alike; the stored record
    /// equals the one `find` reads.
    @Test func datesInBodiesRoundTripAndStoredRecordsMatchFind() throws {
        let db = try Stamps.inMemory()
        defer { db.close() }
        let post = try db.insert(Stamps.Post(title: "p"))
        #expect(try decode(Stamps.Post.self, try json(post)) == post)
        let iso = JSONEncoder()
        iso.dateEncodingStrategy = .iso8601
        let isoDecoder = JSONDecoder()
        isoDecoder.dateDecodingStrategy = .iso8601
        let whole = try db.insert(Stamps.Post(title: "w", createdAt: Date(timeIntervalSince1970: 1_700_000_000)))
        #expect(try isoDecoder.decode(Stamps.Post.self, from: try iso.encode(whole)).createdAt == whole.createdAt)
        // A body without its dates leaves them unset: an insert sets both.
        let body = try decode(Stamps.Post.self, #"{"title": "from a client"}"#)
        #expect(body.createdAt == SQLTimestamps.unset && body.updatedAt == SQLTimestamps.unset)
        let stored = try db.insert(body)
        #expect(stored.createdAt != SQLTimestamps.unset && stored.createdAt == stored.updatedAt)
        #expect(try db.posts.find(stored.id) == stored)
        // Whole seconds and Julian days: what insert and save return is what find reads.
        let note = try db.insert(Stamps.Note(body: "n"))
        #expect(try db.notes.find(note.id) == note)
        #expect(note.createdAt.map { $0.timeIntervalSince1970 == $0.timeIntervalSince1970.rounded(.down) } == true)
        var edited = note
        edited.body = "edited"
        let saved = try db.save(edited)
        #expect(try db.notes.find(note.id) == saved)
        #expect(saved.createdAt == note.createdAt)
    }

    // MARK: Save and timestamps

    /// `save` over a stored row keeps the row's created date even when the record carries
    /// another one (a body that sends `createdAt`): what the recipe says; `update` writes it.
    @Test func saveKeepsTheStoredCreatedDateAndUpdateWritesTheRecords() throws {
        let db = try Stamps.inMemory()
        defer { db.close() }
        let original = try db.insert(Stamps.Post(title: "a", createdAt: Date(timeIntervalSince1970: 1_600_000_000)))
        var forged = original
        forged.createdAt = Date(timeIntervalSince1970: 1_000_000_000)
        let saved = try db.save(forged)
        #expect(saved.createdAt == original.createdAt)
        #expect(saved.updatedAt >= original.updatedAt)
        #expect(try db.update(forged))
        #expect(try db.posts.find(original.id)?.createdAt == forged.createdAt)
        // A WITHOUT ROWID table with timestamps: saved twice, created kept, one row.
        let first = try db.save(Stamps.TagRecord(name: "swift"))
        let second = try db.save(Stamps.TagRecord(name: "swift", uses: 3))
        #expect(second.createdAt == first.createdAt && second.uses == 3)
        #expect(try db.tags.fetchCount() == 1)
    }

    /// `save` in a transaction that rolls back leaves nothing, and the same statement is
    /// used again afterwards.
    @Test func aSaveInATransactionThatRollsBackLeavesNothing() throws {
        struct Rollback: Error {}
        let db = try R.inMemory()
        defer { db.close() }
        _ = try db.save(R.IssueRecord(issueId: 1, title: "kept", slug: "k"))
        #expect(throws: Rollback.self) {
            try db.transaction { tx in
                _ = try tx.save(R.IssueRecord(issueId: 1, title: "changed", slug: "k"))
                _ = try tx.save(R.IssueRecord(issueId: 2, title: "new", slug: "n"))
                #expect(try tx.issues.fetchCount() == 2)
                throw Rollback()
            }
        }
        #expect(try rows(db.pool, "SELECT issue_id, title FROM issue") == [[.integer(1), .text("kept")]])
        #expect(try db.save(R.IssueRecord(issueId: 1, title: "changed", slug: "k")).title == "changed")
    }

    // MARK: Pages

    /// Page numbers near `Int.max`: an offset that fits is an empty page; one that
    /// overflows is `.range`. A filter's parameters and the order bind beside the page's.
    @Test func pagesAtTheEdgesAndWithBoundFilters() throws {
        let db = try R.inMemory()
        defer { db.close() }
        try db.transaction { tx in
            for index in 1...9 {
                _ = try tx.insert(R.IssueRecord(title: "t\(index % 3)", priority: index, slug: "s\(index)"))
            }
        }
        let far = try db.issues.page(Int.max, size: 1)
        #expect(far.items.isEmpty && far.total == 9 && far.pageCount == 9)
        let error = #expect(throws: SQLError.self) { try db.issues.page(Int.max, size: 2) }
        #expect(error?.code == .range)
        #expect(
            error?.message
                == "page number \(Int.max) is out of range: page \(Int.max) of 2 records starts past the largest row offset"
        )
        let page = try db.issues.page(
            2, size: 2, where: { $0.priority >= 2 && $0.title != "t0" && $0.slug.hasPrefix("s") },
            orderBy: { $0.title.descending })
        // t2: 2, 5, 8; t1: 4, 7 (priority ≥ 2, not t0); ties in rowid order.
        #expect(page.total == 5)
        #expect(page.items.map(\.priority) == [8, 4])
        #expect(
            try json(SQLPage(items: [1], number: 1, size: 1, total: 0))
                == #"{"items":[1],"number":1,"pageCount":0,"size":1,"total":0}"#)
    }

    // MARK: The recipes' calls, as written

    /// RecipeUpsert.md's calls against `bodies31.sql`, which has its tables.
    @Test func theUpsertRecipeAsWritten() throws {
        let db = try R.inMemory()
        defer { db.close() }
        var issue = try db.save(R.IssueRecord(title: "Crash", slug: "crash"))
        #expect(issue.issueId == 1)
        issue.title = "Crash on start"
        issue = try db.save(issue)
        #expect(try db.issues.find(1)?.title == "Crash on start")
        try db.save(R.Setting(key: "theme", value: "dark"))
        try db.save(R.Setting(key: "theme", value: "light"))
        #expect(try db.settings.find("theme")?.value == "light")
        let member = try db.save(R.Membership(teamId: 1, userId: 2, role: "owner"))
        #expect(member.role == "owner")
        #expect(try db.issues.delete(1))
        #expect(try !db.issues.delete(1))
        #expect(try !db.settings.delete("nope"))
        #expect(try db.settings.delete("theme"))
        #expect(try db.memberships.delete(teamId: 1, userId: 2))
        _ = try db.save(member)
        #expect(try db.memberships.delete(R.Membership.ID(teamId: 1, userId: 2)))
    }

    /// RecipeUpsert.md's async calls.
    @Test func theUpsertRecipesAsyncCallsAsWritten() async throws {
        let db = try R.inMemory()
        defer { db.close() }
        let member = try await db.save(R.Membership(teamId: 1, userId: 2, role: "owner"))
        #expect(member.role == "owner")
        let issue = try await db.insert(R.IssueRecord(title: "x", slug: "x"))
        #expect(try await db.issues.delete(issue.issueId))
        #expect(try await !db.issues.delete(issue.issueId))
    }

    /// RecipePagination.md's and RecipeTimestamps.md's calls against `stamps.sql`.
    @Test func thePagesAndTimestampsRecipesAsWritten() throws {
        let db = try Stamps.inMemory()
        defer { db.close() }
        let post = try db.insert(Stamps.Post(title: "Hello"))
        #expect(post.createdAt == post.updatedAt)
        var edited = post
        edited.title = "Hello, world"
        #expect(try db.update(edited))
        let stored = try #require(try db.posts.find(post.id))
        #expect(stored.createdAt == post.createdAt && stored.updatedAt >= post.updatedAt)
        let fixed = Date(timeIntervalSince1970: 1_700_000_000)
        let draft = Stamps.Post(title: "x").timestampedForInsert(at: fixed)
        #expect(draft.createdAt == fixed && draft.updatedAt == fixed)
        let page = try db.posts.page(1, size: 20, where: { $0.title != "" }, orderBy: { $0.title.ascending })
        #expect(
            page.items.map(\.title) == ["Hello, world"] && page.number == 1 && page.size == 20 && page.total == 1
                && page.pageCount == 1)
        let inside = try db.transaction { tx in try tx.posts.page(1, size: 50) }
        #expect(inside == page.with(size: 50))
    }

    @Test func thePagesRecipesAsyncCallAsWritten() async throws {
        let db = try Stamps.inMemory()
        defer { db.close() }
        _ = try await db.insert(Stamps.Post(title: "Hello"))
        let page = try await db.posts.page(1, size: 50)
        #expect(page.items.map(\.title) == ["Hello"] && page.total == 1)
    }
}

extension SQLPage {
    fileprivate func with(size: Int) -> SQLPage { SQLPage(items: items, number: number, size: size, total: total) }
}
