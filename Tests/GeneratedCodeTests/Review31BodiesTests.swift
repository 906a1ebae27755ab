import Foundation
import SlateCSQLite
import SlateRecords
import SlateTestSupport
import Testing

/// Issue 31, §1 (`Tests/Fixtures/Schemas/bodies31.sql`): generated records as request and
/// response bodies (a missing rowid key is unassigned and never encoded, missing defaulted
/// columns take their defaults, numbers are exact and errors name their key), delete by
/// key on the table accessor, and `save` (an upsert) for generated records.
@Suite struct Review31BodiesTests {
    typealias R = Bodies31

    private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(json.utf8))
    }

    private func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    private func rows(_ db: R, _ sql: String) throws -> [[SQLValue]] {
        try db.pool.read { context in try context.query(sql: sql) }
    }

    /// The error a decode throws, which must be a `DecodingError` whose path ends at `key`.
    private func expectDecodingError<T: Decodable>(
        _ type: T.Type, _ json: String, at key: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        do {
            _ = try decode(T.self, json)
            Issue.record("decoded \(json)", sourceLocation: sourceLocation)
        } catch let error as DecodingError {
            let path: [any CodingKey]
            switch error {
            case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
                .dataCorrupted(let context):
                path = context.codingPath
            @unknown default:
                path = []
            }
            var names = path.map(\.stringValue)
            if case .keyNotFound(let missing, _) = error { names.append(missing.stringValue) }
            #expect(names.last == key, "\(error)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("not a DecodingError: \(error)", sourceLocation: sourceLocation)
        }
    }

    // MARK: Request and response bodies

    @Test func aBodyWithoutTheKeyOrDefaultedColumnsDecodesAndInserts() throws {
        let db = try R.inMemory()
        defer { db.close() }
        let body = try decode(R.IssueRecord.self, #"{"title": "Crash", "slug": "crash"}"#)
        #expect(body == R.IssueRecord(title: "Crash", slug: "crash"))
        #expect(body.issueId == Int.min)
        #expect(
            body.status == "open" && body.priority == 3 && body.score == 0.5 && body.note == nil && body.label == "none"
        )
        // Unassigned: the key is left out of what is encoded.
        #expect(
            try json(body)
                == #"{"label":"none","priority":3,"score":0.5,"slug":"crash","status":"open","title":"Crash"}"#)
        let stored = try db.insert(body)
        #expect(stored.issueId == 1)
        #expect(stored.titleLength == 5)
        #expect(
            try json(stored)
                == #"{"issueId":1,"label":"none","priority":3,"score":0.5,"slug":"crash","status":"open","title":"Crash","titleLength":5}"#
        )
        #expect(
            try rows(db, "SELECT issue_id, title, status, priority, score, note, label, slug, title_length FROM issue")
                == [
                    [
                        .integer(1), .text("Crash"), .text("open"), .integer(3), .float(0.5), .null, .text("none"),
                        .text("crash"), .integer(5),
                    ]
                ])
        // A response decodes back to the same record.
        #expect(try decode(R.IssueRecord.self, try json(stored)) == stored)
    }

    @Test func aNullKeyIsUnassignedAndAnExplicitKeyIsKept() throws {
        let null = try decode(R.IssueRecord.self, #"{"issueId": null, "title": "A", "slug": "a"}"#)
        #expect(null.issueId == Int.min)
        let given = try decode(
            R.IssueRecord.self, #"{"issueId": 42, "title": "A", "slug": "a", "note": null, "label": null}"#)
        #expect(given.issueId == 42)
        // An explicit null in a nullable column with a default is NULL, not the default.
        #expect(given.label == nil)
        #expect(given.note == nil)
        let db = try R.inMemory()
        defer { db.close() }
        #expect(try db.insert(given).issueId == 42)
        #expect(try rows(db, "SELECT issue_id, label FROM issue") == [[.integer(42), .null]])
        // The sentinel never reaches an encoder, whatever the encoder.
        #expect(try !json(null).contains("issueId"))
        #expect(try !json([null, null]).contains("-9223372036854775808"))
    }

    @Test func wrongTypesAndInexactNumbersThrowNamingTheirKey() {
        expectDecodingError(R.IssueRecord.self, #"{"slug": "a"}"#, at: "title")
        expectDecodingError(R.IssueRecord.self, #"{"title": 1, "slug": "a"}"#, at: "title")
        expectDecodingError(R.IssueRecord.self, #"{"title": "t", "slug": "a", "priority": "high"}"#, at: "priority")
        expectDecodingError(R.IssueRecord.self, #"{"title": "t", "slug": "a", "priority": 1.5}"#, at: "priority")
        expectDecodingError(R.IssueRecord.self, #"{"title": "t", "slug": "a", "priority": 1e30}"#, at: "priority")
        expectDecodingError(
            R.IssueRecord.self, #"{"title": "t", "slug": "a", "priority": 9223372036854775808}"#, at: "priority")
        expectDecodingError(R.IssueRecord.self, #"{"title": "t", "slug": "a", "issueId": 1.5}"#, at: "issueId")
        expectDecodingError(R.IssueRecord.self, #"{"title": "t", "slug": "a", "issueId": "7"}"#, at: "issueId")
        expectDecodingError(R.IssueRecord.self, #"{"title": "t", "slug": "a", "score": 1e400}"#, at: "score")
        expectDecodingError(R.IssueRecord.self, #"{"title": "t", "slug": "a", "status": null}"#, at: "status")
        expectDecodingError(R.IssueRecord.self, #"{"title": "t", "slug": "a", "note": 3}"#, at: "note")
    }

    @Test func hugeButExactNumbersDecode() throws {
        let record = try decode(
            R.IssueRecord.self,
            #"{"issueId": 9223372036854775807, "title": "t", "slug": "a", "priority": -9223372036854775807, "score": 1e300}"#
        )
        #expect(record.issueId == Int.max)
        #expect(record.priority == -Int.max)
        #expect(record.score == 1e300)
        let db = try R.inMemory()
        defer { db.close() }
        #expect(try db.insert(record) == record.with(titleLength: 1))
    }

    @Test func namesLikeKeywordsAndCodingKeysMembersRoundTrip() throws {
        let draft = try decode(R.Draft.self, #"{"draft": "text"}"#)
        #expect(draft == R.Draft(draft: "text"))
        #expect(
            draft.default == "d" && draft.class == nil && draft.rawValue == 0 && draft.stringValue == nil
                && draft.saveColumn == 1)
        #expect(try json(draft) == #"{"default":"d","draft":"text","rawValue":0,"saveColumn":1}"#)
        let full = R.Draft(id: 3, default: "x", class: 2, draft: "y", rawValue: 5, stringValue: "s", saveColumn: 0)
        #expect(
            try json(full)
                == #"{"class":2,"default":"x","draft":"y","id":3,"rawValue":5,"saveColumn":0,"stringValue":"s"}"#)
        #expect(try decode(R.Draft.self, try json(full)) == full)
        let db = try R.inMemory()
        defer { db.close() }
        #expect(try db.insert(draft).id == 1)
        #expect(try db.drafts.delete(1))
    }

    @Test func tablesWithoutARowIDKeyRequireTheirKeyInABody() throws {
        expectDecodingError(R.Setting.self, #"{"value": "v"}"#, at: "key")
        let setting = try decode(R.Setting.self, #"{"key": "k", "value": "v"}"#)
        #expect(setting == R.Setting(key: "k", value: "v", revision: 0))
        expectDecodingError(R.Membership.self, #"{"teamId": 1}"#, at: "userId")
        #expect(
            try decode(R.Membership.self, #"{"teamId": 1, "userId": 2}"#)
                == R.Membership(teamId: 1, userId: 2, role: "member"))
    }

    // MARK: Delete by key

    @Test func deleteByKeyReturnsWhetherARowWent() throws {
        let db = try R.inMemory()
        defer { db.close() }
        let first = try db.insert(R.IssueRecord(title: "one", slug: "one"))
        _ = try db.insert(R.IssueRecord(title: "two", slug: "two"))
        #expect(try db.issues.delete(first.issueId))
        #expect(try !db.issues.delete(first.issueId))
        #expect(try !db.issues.delete(999))
        #expect(try !db.issues.delete(Int.min))
        #expect(try db.issues.fetch().map(\.title) == ["two"])

        _ = try db.insert(R.Setting(key: "a", value: "1"))
        _ = try db.insert(R.Setting(key: "b", value: "2"))
        #expect(try db.settings.delete("a"))
        #expect(try !db.settings.delete("a"))
        #expect(try !db.settings.delete("A"))
        #expect(try db.settings.fetch() == [R.Setting(key: "b", value: "2")])

        // A compound key: labelled arguments, or the record's ID.
        _ = try db.insert(contentsOf: [
            R.Membership(teamId: 1, userId: 2), R.Membership(teamId: 2, userId: 1), R.Membership(teamId: 1, userId: 3),
        ])
        #expect(try db.memberships.delete(teamId: 1, userId: 2))
        #expect(try !db.memberships.delete(teamId: 1, userId: 2))
        #expect(try !db.memberships.delete(teamId: 3, userId: 1))
        #expect(try db.memberships.delete(R.Membership.ID(teamId: 2, userId: 1)))
        #expect(try db.memberships.fetch() == [R.Membership(teamId: 1, userId: 3)])

        // In a transaction, and beside delete(where:), which still counts rows.
        let gone = try db.insert(R.IssueRecord(title: "gone", slug: "gone"))
        let inTransaction = try db.transaction { tx in
            [
                try tx.issues.delete(gone.issueId) ? 1 : 0, try tx.issues.delete(where: { $0.issueId == gone.issueId }),
                try tx.memberships.delete(teamId: 1, userId: 3) ? 1 : 0,
            ]
        }
        #expect(inTransaction == [1, 0, 1])
        #expect(try db.issues.delete { $0.title == "nothing" } == 0)
        #expect(try db.issues.fetch().map(\.title) == ["two"])
        #expect(try db.memberships.fetchCount() == 0)
        // A rolled-back transaction keeps the row.
        #expect(throws: CancellationError.self) {
            try db.transaction { tx in
                let went = try tx.settings.delete("b")
                if went { throw CancellationError() }
            }
        }
        #expect(try db.settings.fetchCount() == 1)
    }

    @Test func deleteByKeyAsync() async throws {
        // A file, so that reads go to readers; no wait limit: the concurrent calls below
        // queue for the writer however busy the machine is (counts are asserted, not times).
        let directory = TemporaryDirectory()
        let db = try R.bootstrap(at: directory.path("bodies.sqlite"), configuration: .init(maximumWait: nil))
        defer { db.close() }
        let issue = try await db.insert(R.IssueRecord(title: "one", slug: "one"))
        #expect(try await db.issues.delete(issue.issueId))
        #expect(try await !db.issues.delete(issue.issueId))
        _ = try await db.insert(R.Setting(key: "b", value: "2"))
        #expect(try await db.settings.delete("b"))
        #expect(try await !db.settings.delete("b"))
        _ = try await db.insert(R.Membership(teamId: 1, userId: 3))
        #expect(try await db.memberships.delete(teamId: 1, userId: 3))
        #expect(try await !db.memberships.delete(teamId: 1, userId: 3))
        _ = try await db.insert(R.Membership(teamId: 1, userId: 4))
        #expect(try await db.memberships.delete(R.Membership.ID(teamId: 1, userId: 4)))
        #expect(try await db.issues.fetchCount() == 0)
        #expect(try await db.settings.fetchCount() == 0)
        #expect(try await db.memberships.fetchCount() == 0)
        // Concurrent deletes of one key: exactly one of them deletes it.
        let rows = try await db.insert(contentsOf: (1...8).map { R.IssueRecord(title: "t\($0)", slug: "s\($0)") })
        let deleted = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<4 {
                for row in rows { group.addTask { try await db.issues.delete(row.issueId) } }
            }
            var count = 0
            for try await went in group where went { count += 1 }
            return count
        }
        #expect(deleted == 8)
        #expect(try await db.issues.fetchCount() == 0)
    }

    // MARK: Save

    @Test func saveInsertsThenUpdatesAndReturnsTheStoredRow() throws {
        let db = try R.inMemory()
        defer { db.close() }
        var issue = try db.save(R.IssueRecord(title: "Crash", slug: "crash"))
        #expect(issue.issueId == 1 && issue.titleLength == 5)
        issue.title = "Crash on start"
        issue.priority = 1
        let updated = try db.save(issue)
        #expect(updated == issue.with(titleLength: 14))
        #expect(
            try rows(db, "SELECT issue_id, title, priority, slug, title_length FROM issue") == [
                [.integer(1), .text("Crash on start"), .integer(1), .text("crash"), .integer(14)]
            ])
        // An explicit key with no row inserts it.
        let placed = try db.save(R.IssueRecord(issueId: 10, title: "Placed", slug: "placed"))
        #expect(placed == R.IssueRecord(issueId: 10, title: "Placed", slug: "placed").with(titleLength: 6))
        // A body decoded without its key inserts; with its key, updates.
        let fromBody = try db.save(try decode(R.IssueRecord.self, #"{"title": "Body", "slug": "body"}"#))
        #expect(fromBody.issueId == 11)
        let put = try db.save(
            try decode(R.IssueRecord.self, #"{"issueId": 11, "title": "Put", "slug": "body", "note": "n"}"#))
        #expect(put == R.IssueRecord(issueId: 11, title: "Put", note: "n", slug: "body").with(titleLength: 3))
        try db.transaction { tx in
            _ = try tx.save(R.IssueRecord(issueId: 1, title: "Reset", slug: "crash"))
        }
        #expect(
            try rows(db, "SELECT issue_id, title, status, priority, note, slug FROM issue") == [
                [.integer(1), .text("Reset"), .text("open"), .integer(3), .null, .text("crash")],
                [.integer(10), .text("Placed"), .text("open"), .integer(3), .null, .text("placed")],
                [.integer(11), .text("Put"), .text("open"), .integer(3), .text("n"), .text("body")],
            ])
    }

    @Test func saveAsync() async throws {
        // A file, so that reads go to readers; no wait limit: the concurrent calls below
        // queue for the writer however busy the machine is (counts are asserted, not times).
        let directory = TemporaryDirectory()
        let db = try R.bootstrap(at: directory.path("bodies.sqlite"), configuration: .init(maximumWait: nil))
        defer { db.close() }
        let inserted = try await db.save(R.IssueRecord(title: "Body", slug: "body"))
        #expect(inserted.issueId == 1)
        let renamed = try await db.save(inserted.with(title: "Body 2"))
        #expect(renamed == inserted.with(title: "Body 2", titleLength: 6))
        await #expect(throws: SQLError.self) { _ = try await db.save(R.IssueRecord(title: "x", slug: "body")) }
        #expect(try await db.save(R.Setting(key: "lang", value: "en")) == R.Setting(key: "lang", value: "en"))
        #expect(try await db.save(R.Setting(key: "lang", value: "fr")) == R.Setting(key: "lang", value: "fr"))
        let pair = R.Pairing(leftId: 1, rightName: "x")
        #expect(try await db.save(pair) == pair)
        #expect(try await db.save(pair) == pair)
        // Concurrent saves of the same rows: every one succeeds, one row per key.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for round in 0..<2 {
                for key in 0..<4 {
                    group.addTask { _ = try await db.save(R.Setting(key: "k\(key)", value: "v\(round)")) }
                }
            }
            try await group.waitForAll()
        }
        #expect(try await db.settings.fetchCount() == 5)
        #expect(try await db.issues.fetch() == [renamed])
    }

    @Test func saveRefusesAConflictOnAnotherUniqueConstraint() throws {
        let db = try R.inMemory()
        defer { db.close() }
        let one = try db.save(R.IssueRecord(title: "One", slug: "one"))
        let two = try db.save(R.IssueRecord(title: "Two", slug: "two"))
        expectSQLError(.constraintUnique, "UNIQUE constraint failed: issue.slug") {
            _ = try db.save(two.with(slug: "one"))
        }
        expectSQLError(.constraintUnique, "UNIQUE constraint failed: issue.slug") {
            _ = try db.save(R.IssueRecord(title: "Three", slug: "one"))
        }
        #expect(try db.issues.fetch() == [one, two])

        // A UNIQUE ON CONFLICT REPLACE column would delete the other row: save refuses.
        let ada = try db.save(R.Account(email: "ada@example.com", name: "Ada"))
        let bob = try db.save(R.Account(email: "bob@example.com", name: "Bob"))
        expectSQLError(.constraintUnique, "UNIQUE constraint failed: account.email") {
            _ = try db.save(bob.with(email: "ada@example.com"))
        }
        expectSQLError(.constraintUnique, "UNIQUE constraint failed: account.email") {
            _ = try db.save(R.Account(id: 9, email: "ada@example.com", name: "Eve"))
        }
        #expect(try db.accounts.fetch() == [ada, bob])
    }

    @Test func saveOnWithoutRowIDAndCompoundKeys() throws {
        let db = try R.inMemory()
        defer { db.close() }
        #expect(
            try db.save(R.Setting(key: "theme", value: "dark")) == R.Setting(key: "theme", value: "dark", revision: 0))
        #expect(
            try db.save(R.Setting(key: "theme", value: "light", revision: 1))
                == R.Setting(key: "theme", value: "light", revision: 1))
        #expect(try db.save(R.Setting(key: "lang", value: "en")) == R.Setting(key: "lang", value: "en"))
        #expect(
            try rows(db, "SELECT key, value, revision FROM setting ORDER BY key") == [
                [.text("lang"), .text("en"), .integer(0)], [.text("theme"), .text("light"), .integer(1)],
            ])
        _ = try db.save(R.Membership(teamId: 1, userId: 1, role: "owner"))
        _ = try db.save(R.Membership(teamId: 1, userId: 2))
        #expect(
            try db.save(R.Membership(teamId: 1, userId: 1, role: "admin"))
                == R.Membership(teamId: 1, userId: 1, role: "admin"))
        #expect(
            try rows(db, "SELECT team_id, user_id, role FROM membership ORDER BY team_id, user_id") == [
                [.integer(1), .integer(1), .text("admin")], [.integer(1), .integer(2), .text("member")],
            ])
        // Every column is the key: saving an existing row changes nothing and returns it.
        let pair = R.Pairing(leftId: 1, rightName: "x")
        #expect(try db.save(pair) == pair)
        #expect(try db.save(pair) == pair)
        #expect(try db.pairings.fetchCount() == 1)
        #expect(try db.pairings.delete(leftId: 1, rightName: "x"))
    }

    @Test func saveReadsBackWhatTriggersWrote() throws {
        let db = try R.inMemory()
        defer { db.close() }
        let inserted = try db.save(R.Stamped(name: "a"))
        #expect(inserted == R.Stamped(id: 1, name: "a", stamp: "inserted"))
        #expect(try db.save(inserted.with(name: "b")) == R.Stamped(id: 1, name: "b", stamp: "updated b"))
        // A trigger that ignores the update: save throws, naming the table, and the row stays.
        let frozen = try db.save(R.Stamped(name: "frozen"))
        expectSQLError(.constraint, "the stamped row was not saved: a trigger ignored it") {
            _ = try db.save(frozen.with(name: "thawed"))
        }
        #expect(try db.stamped.find(frozen.id) == frozen)
    }

    @Test func saveOnAVirtualTableInsertsButCannotUpdate() throws {
        let db = try R.inMemory()
        defer { db.close() }
        let box = try db.save(R.Box(minX: 1, maxX: 2))
        #expect(box.id == 1)
        expectSQLError(
            .misuse,
            "cannot save a Box record: box is a virtual table, which SQLite cannot upsert; use insert and update"
        ) {
            _ = try db.save(box)
        }
        #expect(try db.boxes.delete(box.id))
    }

    @Test func keylessTablesHaveNoSaveNorDeleteByKey() {
        #expect(!((R.EventLog.self as Any.Type) is any SQLKeyedRecord.Type))
        #expect((R.Setting.self as Any.Type) is any SQLKeyedRecord.Type)
        #expect(R.EventLog.sqlName == "event_log")
    }

    // MARK: The recipes' examples, as RecipeRequestBodies.md and RecipeUpsert.md write them

    @Test func theRecipesExamplesRunAsWritten() throws {
        typealias IssueRecord = R.IssueRecord
        typealias Setting = R.Setting
        typealias Membership = R.Membership
        let db = try R.inMemory()
        defer { db.close() }
        let requestBody = Data(#"{"title": "Crash on start", "slug": "crash-on-start"}"#.utf8)
        let body = try JSONDecoder().decode(IssueRecord.self, from: requestBody)
        #expect(body.issueId == Int.min && body.status == "open" && body.priority == 3 && body.note == nil)
        let stored = try db.insert(body)
        #expect(stored.issueId == 1)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let response = try encoder.encode(stored)
        #expect(
            String(decoding: response, as: UTF8.self)
                == #"{"issueId":1,"label":"none","priority":3,"score":0.5,"slug":"crash-on-start","status":"open","title":"Crash on start","titleLength":14}"#
        )
        try db.issues.delete(1)

        var issue = try db.save(IssueRecord(title: "Crash", slug: "crash"))
        #expect(issue.issueId == 1) // the rowid of the row deleted above, reused: no AUTOINCREMENT
        issue.title = "Crash on start"
        issue = try db.save(issue)
        try db.save(Setting(key: "theme", value: "dark"))
        try db.save(Setting(key: "theme", value: "light"))
        let member = try db.save(Membership(teamId: 1, userId: 2, role: "owner")) // `try await` in async code
        #expect(member.role == "owner")
        #expect(try db.issues.fetch() == [issue])
        #expect(try db.issues.delete(issue.issueId))
        #expect(try !db.issues.delete(issue.issueId))
        #expect(try db.settings.delete("theme"))
        #expect(try db.memberships.delete(teamId: 1, userId: 2))
        #expect(try !db.memberships.delete(Membership.ID(teamId: 1, userId: 2)))
    }

    // MARK: The type-attached API

    @Test func typeAttachedSaveUpserts() throws {
        let db = try R.inMemory()
        defer { db.close() }
        try db.pool.write { context in
            let handle = context.handle!
            var issue = R.IssueRecord(title: "t", slug: "s")
            try issue.save(into: handle)
            #expect(issue.issueId == 1 && issue.titleLength == 1)
            issue.title = "three"
            try issue.save(into: handle)
            #expect(issue.titleLength == 5)
            var clash = R.IssueRecord(title: "x", slug: "s")
            #expect(throws: SQLError.self) { try clash.save(into: handle) }
            var pair = R.Pairing(leftId: 2, rightName: "y")
            try pair.save(into: handle)
            try pair.save(into: handle)
            var stamped = R.Stamped(name: "n")
            try b31d_stamped_save(handle, &stamped)
            #expect(stamped.stamp == "inserted")
            stamped.name = "m"
            try b31d_stamped_save(handle, &stamped)
            #expect(stamped.stamp == "updated m")
        }
        #expect(try db.issues.fetch().map(\.title) == ["three"])
        #expect(try db.pairings.fetchCount() == 1)
    }
}

extension Bodies31.IssueRecord {
    func with(title: String? = nil, slug: String? = nil, titleLength: Int? = nil) -> Self {
        var copy = self
        if let title { copy.title = title }
        if let slug { copy.slug = slug }
        if let titleLength { copy.titleLength = titleLength }
        return copy
    }
}

extension Bodies31.Account {
    func with(email: String) -> Self {
        var copy = self
        copy.email = email
        return copy
    }
}

extension Bodies31.Stamped {
    func with(name: String) -> Self {
        var copy = self
        copy.name = name
        return copy
    }
}
