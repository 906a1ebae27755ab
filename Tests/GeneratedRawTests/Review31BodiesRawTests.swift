import Foundation
import SlateCSQLite
import Testing

/// Issue 31, §1, in raw mode (`Tests/Fixtures/Schemas/bodies31.sql`,
/// `Configurations/bodies31-raw.json`): records decode request bodies without their rowid
/// key and never encode `Int.min`; the raw `…_save` functions and the type-attached
/// `save(into:)` upsert.
@Suite struct Review31BodiesRawTests {
    typealias R = Bodies31Raw

    final class Scratch {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "slate-b31-\(UUID().uuidString).sqlite"
        ).path
        deinit {
            for suffix in ["", "-journal", "-wal", "-shm"] {
                try? FileManager.default.removeItem(atPath: path + suffix)
            }
        }
    }

    private func rows(_ db: OpaquePointer, _ sql: String) -> [String] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else { return ["error"] }
        defer { sqlite3_finalize(statement) }
        var result: [String] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            result.append(
                (0..<sqlite3_column_count(statement)).map { index in
                    sqlite3_column_type(statement, index) == SQLITE_NULL
                        ? "NULL" : String(cString: sqlite3_column_text(statement, index))
                }.joined(separator: "|"))
        }
        return result
    }

    private func expectFailure(
        _ code: Int32, _ message: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
    ) {
        let error = #expect(throws: R.SQLError.self, sourceLocation: sourceLocation) { try body() }
        #expect(error?.code == code, sourceLocation: sourceLocation)
        #expect(error?.message == message, sourceLocation: sourceLocation)
    }

    private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(json.utf8))
    }

    @Test func bodiesDecodeWithoutTheirKeyAndTheSentinelIsNeverEncoded() throws {
        let body = try decode(R.IssueRecord.self, #"{"title": "Crash", "slug": "crash"}"#)
        #expect(body == R.IssueRecord(title: "Crash", slug: "crash"))
        #expect(body.issueId == Int.min && body.status == "open" && body.priority == 3 && body.label == "none")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        #expect(
            String(decoding: try encoder.encode(body), as: UTF8.self)
                == #"{"label":"none","priority":3,"score":0.5,"slug":"crash","status":"open","title":"Crash"}"#)
        #expect(try decode(R.IssueRecord.self, #"{"issueId": null, "title": "a", "slug": "a"}"#).issueId == Int.min)
        #expect(try decode(R.IssueRecord.self, #"{"issueId": 5, "title": "a", "slug": "a"}"#).issueId == 5)
        for bad in [#"{"title": "t", "slug": "a", "priority": 1.5}"#, #"{"title": "t", "slug": "a", "issueId": 1e30}"#]
        {
            do {
                _ = try decode(R.IssueRecord.self, bad)
                Issue.record("decoded \(bad)")
            } catch DecodingError.dataCorrupted(let context) {
                #expect(context.codingPath.count == 1)
                #expect(["priority", "issueId"].contains(context.codingPath.last?.stringValue ?? ""))
            }
        }
        let draft = try decode(R.Draft.self, #"{"draft": "x", "class": 2}"#)
        #expect(draft == R.Draft(class: 2, draft: "x"))
    }

    @Test func rawAndAttachedSaveUpsert() throws {
        let scratch = Scratch()
        let db = try b31_create_bodies31_raw(scratch.path)
        defer { sqlite3_close_v2(db) }
        var issue = try decode(R.IssueRecord.self, #"{"title": "Crash", "slug": "crash"}"#)
        try b31_issue_record_save(db, &issue)
        #expect(issue.issueId == 1 && issue.titleLength == 5)
        issue.title = "Crash!"
        try b31_issue_record_save(db, &issue)
        #expect(issue.titleLength == 6)
        var other = R.IssueRecord(title: "Other", slug: "other")
        try other.save(into: db)
        other.slug = "crash"
        expectFailure(Int32(2067), "UNIQUE constraint failed: issue.slug") { try other.save(into: db) }
        expectFailure(Int32(2067), "UNIQUE constraint failed: issue.slug") { try b31_issue_record_save(db, &other) }
        #expect(rows(db, "SELECT issue_id, title, slug FROM issue") == ["1|Crash!|crash", "2|Other|other"])

        var account = R.Account(email: "a@x", name: "A")
        try b31_account_save(db, &account)
        var bob = R.Account(email: "b@x", name: "B")
        try bob.save(into: db)
        bob.email = "a@x"
        expectFailure(Int32(2067), "UNIQUE constraint failed: account.email") { try bob.save(into: db) }
        #expect(rows(db, "SELECT id, email, name FROM account") == ["1|a@x|A", "2|b@x|B"])

        var setting = R.Setting(key: "k", value: "1")
        try b31_setting_save(db, &setting)
        setting.value = "2"
        try setting.save(into: db)
        var member = R.Membership(teamId: 1, userId: 2)
        try b31_membership_save(db, &member)
        member.role = "owner"
        try member.save(into: db)
        var pair = R.Pairing(leftId: 1, rightName: "x")
        try b31_pairing_save(db, &pair)
        try pair.save(into: db)
        #expect(rows(db, "SELECT key, value FROM setting") == ["k|2"])
        #expect(rows(db, "SELECT team_id, user_id, role FROM membership") == ["1|2|owner"])
        #expect(rows(db, "SELECT left_id, right_name FROM pairing") == ["1|x"])

        var stamped = R.Stamped(name: "a")
        try stamped.save(into: db)
        #expect(stamped == R.Stamped(id: 1, name: "a", stamp: "inserted"))
        stamped.name = "b"
        try b31_stamped_save(db, &stamped)
        #expect(stamped == R.Stamped(id: 1, name: "b", stamp: "updated b"))
        var frozen = R.Stamped(name: "frozen")
        try frozen.save(into: db)
        frozen.name = "thawed"
        expectFailure(SQLITE_CONSTRAINT, "the row was not saved: a trigger ignored it") { try frozen.save(into: db) }
        #expect(rows(db, "SELECT name, stamp FROM stamped WHERE id = 2") == ["frozen|inserted"])
    }
}
