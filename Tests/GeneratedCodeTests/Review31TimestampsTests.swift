import Foundation
import Slate
import SlateRecords
import SlateTestSupport
import Testing

/// Issue 31 §1: created and updated timestamps generated records set themselves (the
/// `stamps.sql` fixture). Times are checked against clock readings taken before and
/// after each write, never by sleeping.
@Suite struct Review31TimestampsTests {
    /// Whether `date` lies in `[before, after]`, widened by what `storage` rounds away.
    private func within(_ date: Date?, _ before: Date, _ after: Date, storage: SQLDate.Storage = .text) -> Bool {
        guard let date else { return false }
        let slack: TimeInterval =
            storage == .unixTimeInteger || storage == .textSeconds || storage == .iso8601Seconds ? 1 : 0.001
        return date.timeIntervalSince1970 >= before.timeIntervalSince1970 - slack
            && date.timeIntervalSince1970 <= after.timeIntervalSince1970 + slack
    }

    @Test func anInsertSetsBothAndReturnsWhatItStored() throws {
        let db = try Stamps.inMemory()
        defer { db.close() }
        let before = Date()
        let post = try db.insert(Stamps.Post(title: "Hello"))
        let after = Date()
        #expect(within(post.createdAt, before, after) && within(post.updatedAt, before, after))
        // One clock reading for the statement: both the same.
        #expect(post.createdAt == post.updatedAt)
        #expect(post.createdAt != SQLTimestamps.unset)
        #expect(try db.posts.find(post.id) == post)
        // Stored as the text storage writes it.
        let text = try db.pool.read { try $0.query(sql: "SELECT created_at, updated_at FROM post") }
        #expect(text[0][0] == text[0][1])
        #expect(text[0][0].textValue?.count == 23)
    }

    @Test func anExplicitCreatedIsKeptAndUpdatedIsStillSet() throws {
        let db = try Stamps.inMemory()
        defer { db.close() }
        let imported = Date(timeIntervalSince1970: 1_600_000_000.25)
        let before = Date()
        let post = try db.insert(Stamps.Post(title: "Imported", createdAt: imported, updatedAt: imported))
        let after = Date()
        #expect(post.createdAt == imported)
        #expect(within(post.updatedAt, before, after))
        #expect(try db.posts.find(post.id) == post)
    }

    @Test func anUpdateSetsUpdatedAndKeepsCreated() throws {
        let db = try Stamps.inMemory()
        defer { db.close() }
        let imported = Date(timeIntervalSince1970: 1_600_000_000)
        var post = try db.insert(Stamps.Post(title: "Draft", createdAt: imported, updatedAt: imported))
        post.title = "Final"
        post.updatedAt = imported
        let before = Date()
        #expect(try db.update(post))
        let after = Date()
        let stored = try #require(try db.posts.find(post.id))
        #expect(stored.title == "Final" && stored.createdAt == imported)
        #expect(within(stored.updatedAt, before, after))
        // In a transaction, and async, the same.
        let inTransaction = try db.transaction { tx in
            var again = stored
            again.title = "Again"
            _ = try tx.update(again)
            return try #require(try tx.posts.find(again.id))
        }
        #expect(inTransaction.updatedAt >= stored.updatedAt && inTransaction.createdAt == imported)
        // A bulk update by column is the caller's: it writes what it is given.
        #expect(try db.posts.update(set: \.title, to: "Bulk") == 1)
        #expect(try db.posts.find(post.id)?.updatedAt == inTransaction.updatedAt)
    }

    /// A record built for an update without its created date (from a request body, say)
    /// keeps the row's: an unset created is never written over a stored one.
    @Test func anUpdateOfARecordWithoutItsCreatedDateKeepsTheStoredOne() throws {
        let db = try Stamps.inMemory()
        defer { db.close() }
        let post = try db.insert(Stamps.Post(title: "Draft"))
        let before = Date()
        #expect(try db.update(Stamps.Post(id: post.id, title: "From a body")))
        let stored = try #require(try db.posts.find(post.id))
        #expect(stored.title == "From a body" && stored.createdAt == post.createdAt)
        #expect(within(stored.updatedAt, before, Date()))
        // The optional created of a note: nil keeps the row's too; a date replaces it.
        let note = try db.insert(Stamps.Note(body: "n"))
        #expect(try db.update(Stamps.Note(id: note.id, body: "m", createdAt: nil)))
        #expect(try db.notes.find(note.id)?.createdAt == note.createdAt)
        let other = Date(timeIntervalSince1970: 1_400_000_000)
        #expect(try db.update(Stamps.Note(id: note.id, body: "m", createdAt: other)))
        #expect(try db.notes.find(note.id)?.createdAt == other)
        // No such row: nothing written, false.
        #expect(try db.update(Stamps.Post(id: 999, title: "none")) == false)
    }

    @Test func asyncInsertAndUpdateSetThemToo() async throws {
        let db = try Stamps.inMemory()
        defer { db.close() }
        let before = Date()
        var event = try await db.insert(Stamps.Event(name: "launch"))
        let after = Date()
        #expect(within(event.created, before, after) && event.created == event.updated)
        event.name = "relaunch"
        let beforeUpdate = Date()
        #expect(try await db.update(event))
        let afterUpdate = Date()
        let stored = try #require(try await db.events.find(event.id))
        #expect(stored.created == event.created && within(stored.updated, beforeUpdate, afterUpdate))
        let many = try await db.insert(contentsOf: [Stamps.Event(name: "a"), Stamps.Event(name: "b")])
        #expect(many.allSatisfy { $0.created == $0.updated && within($0.created, before, Date()) })
    }

    /// Each storage holds the time as its form rounds it, and reads back as returned.
    @Test func integerRealAndTextStoragesAndOptionalColumns() throws {
        let db = try Stamps.inMemory()
        defer { db.close() }
        let before = Date()
        let note = try db.insert(Stamps.Note(body: "n"))
        let event = try db.insert(Stamps.Event(name: "e"))
        let after = Date()
        // CreatedAt: whole seconds; UPDATEDAT: Julian days.
        #expect(within(note.createdAt, before, after, storage: .unixTimeInteger))
        #expect(within(note.updatedat, before, after, storage: .julianDay))
        #expect(note.createdAt?.timeIntervalSince1970.rounded(.down) == note.createdAt?.timeIntervalSince1970)
        #expect(try db.notes.find(note.id) == note)
        let raw = try db.pool.read {
            try $0.query(
                sql:
                    #"SELECT typeof("CreatedAt"), typeof("UPDATEDAT"), typeof(created), typeof(updated) FROM note, event"#
            )
        }
        #expect(raw[0] == [.text("integer"), .text("real"), .text("integer"), .text("integer")])
        // Milliseconds.
        #expect(within(event.created, before, after) && event.created == event.updated)
        #expect(try db.events.find(event.id) == event)
        // An optional created given nil is set; one given a date keeps it.
        let given = Date(timeIntervalSince1970: 1_500_000_000)
        let kept = try db.insert(Stamps.Note(body: "k", createdAt: given, updatedat: nil))
        #expect(kept.createdAt == given && within(kept.updatedat, before, Date(), storage: .julianDay))
    }

    @Test func offNamesThatAreNoDatesAndConfiguredNames() throws {
        let db = try Stamps.inMemory()
        defer { db.close() }
        // audit: off in slate.json, so its dates are the caller's (no initializer default).
        let given = Date(timeIntervalSince1970: 1_000_000_000)
        let audit = try db.insert(Stamps.Audit(what: "w", createdAt: given, updatedAt: nil))
        #expect(audit.createdAt == given && audit.updatedAt == nil)
        #expect(!(Stamps.Audit.self is any SQLTimestampedRecord.Type))
        // counter: the usual names, but text and integer columns: left alone.
        let counter = try db.insert(Stamps.Counter(created: "yesterday", updatedAt: 7))
        #expect(counter.created == "yesterday" && counter.updatedAt == 7)
        #expect(!(Stamps.Counter.self is any SQLTimestampedRecord.Type))
        // article: "Made On" and "changed" by slate.json; created_at is a plain date.
        let before = Date()
        let article = try db.insert(Stamps.Article(title: "t", createdAt: nil))
        #expect(within(article.madeOn, before, Date()) && article.madeOn == article.changed)
        #expect(article.createdAt == nil)
        #expect(Stamps.Article.sqlCreatedColumn == "Made On" && Stamps.Article.sqlUpdatedColumn == "changed")
        // upload: a created column only; an update leaves it.
        var upload = try db.insert(Stamps.Upload(path: "/a"))
        #expect(within(upload.createdAt, before, Date()))
        #expect(Stamps.Upload.sqlUpdatedColumn == nil)
        let created = upload.createdAt
        upload.path = "/b"
        #expect(try db.update(upload))
        #expect(try db.uploads.find(upload.id)?.createdAt == created)
    }

    @Test func withoutRowidAndTriggerTablesReadTheRowBack() throws {
        let db = try Stamps.inMemory()
        defer { db.close() }
        let before = Date()
        let tag = try db.insert(Stamps.TagRecord(name: "swift"))
        #expect(within(tag.createdAt, before, Date()) && tag.createdAt == tag.updatedAt)
        #expect(try db.tags.find("swift") == tag)
        let revision = try db.insert(Stamps.Revision(postId: 1))
        #expect(within(revision.createdAt, before, Date()))
        #expect(try db.revisions.find(revision.id) == revision)
        #expect(Stamps.Revision.insertReadBack == .select)
    }

    @Test func rawFunctionsGoThroughTheSameBinders() throws {
        let db = try Stamps.inMemory()
        defer { db.close() }
        let before = Date()
        let stored: Stamps.Post = try db.pool.write { context in
            let handle = try #require(context.handle)
            var post = Stamps.Post(title: "raw")
            try stamps_post_insert(handle, &post)
            return post
        }
        #expect(within(stored.createdAt, before, Date()) && stored.createdAt == stored.updatedAt)
        #expect(try db.posts.find(stored.id) == stored)
    }

    @Test func theHookIsTheOnePlaceAndCanBeCalledWithAnyTime() throws {
        let now = Date(timeIntervalSince1970: 1_234_567_890)
        let fresh = Stamps.Post(title: "x").timestampedForInsert(at: now)
        #expect(fresh.createdAt == now && fresh.updatedAt == now)
        let old = Date(timeIntervalSince1970: 1)
        let kept = Stamps.Post(title: "x", createdAt: old, updatedAt: old).timestampedForInsert(at: now)
        #expect(kept.createdAt == old && kept.updatedAt == now)
        let updated = kept.timestampedForUpdate(at: now.addingTimeInterval(5))
        #expect(updated.createdAt == old && updated.updatedAt == now.addingTimeInterval(5))
        #expect(Stamps.Post(title: "x").createdAt == SQLTimestamps.unset)
        #expect(SQLTimestamps.unset == Date.distantPast)
    }

    /// `save` over a stored row (a request body decoded without its dates, or one that
    /// carries another created date) sets updated and never rewrites the row's created
    /// date; `save` of a new row sets both, as an insert does.
    @Test func aSaveOverAStoredRowKeepsItsCreatedDate() throws {
        let db = try Stamps.inMemory()
        defer { db.close() }
        let imported = Date(timeIntervalSince1970: 1_600_000_000)
        let stored = try db.insert(Stamps.Post(title: "Draft", createdAt: imported, updatedAt: imported))
        // Unset created (what a body without the date decodes to).
        var body = Stamps.Post(title: "From a body")
        body.id = stored.id
        var before = Date()
        let saved = try db.save(body)
        var after = Date()
        #expect(saved.title == "From a body" && saved.createdAt == imported)
        #expect(within(saved.updatedAt, before, after))
        #expect(try db.posts.find(stored.id) == saved)
        // Another created date given: still the row's.
        var other = saved
        other.createdAt = Date(timeIntervalSince1970: 1_700_000_000)
        other.title = "Other"
        #expect(try db.save(other).createdAt == imported)
        #expect(try db.posts.find(stored.id)?.createdAt == imported)
        // A new row through save: both set, as by insert.
        before = Date()
        let fresh = try db.save(Stamps.Post(title: "New"))
        after = Date()
        #expect(within(fresh.createdAt, before, after) && fresh.createdAt == fresh.updatedAt)
        #expect(try db.posts.find(fresh.id) == fresh)
    }
}

extension Review31TimestampsTests {
    /// A record whose timestamps are not set yet encodes without them, as without an
    /// unassigned key: `Date.distantPast` never reaches JSON; decoded back, they are unset.
    @Test func unsetTimestampsAreNeverEncoded() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let fresh = Stamps.Post(title: "Hello")
        #expect(String(decoding: try encoder.encode(fresh), as: UTF8.self) == #"{"title":"Hello"}"#)
        let back = try JSONDecoder().decode(Stamps.Post.self, from: try encoder.encode(fresh))
        #expect(back.createdAt == SQLTimestamps.unset && back.updatedAt == SQLTimestamps.unset)
        // Once stored, both are encoded, and read back exactly.
        let db = try Stamps.inMemory()
        defer { db.close() }
        let stored = try db.insert(fresh)
        let json = String(decoding: try encoder.encode(stored), as: UTF8.self)
        #expect(json.contains(#""createdAt":"#) && json.contains(#""updatedAt":"#))
        #expect(try JSONDecoder().decode(Stamps.Post.self, from: Data(json.utf8)) == stored)
    }
}
