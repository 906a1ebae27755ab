import Foundation
import SlateCSQLite
import Testing

/// Issue 30, records, in raw mode (`Tests/Fixtures/Schemas/records30.sql`,
/// `Configurations/records30-raw.json`): the raw insert functions and the type-attached
/// `insert(into:)` refuse what SQLite would skip or replace, and return what was bound
/// when the row cannot be read back.
@Suite struct Review30RecordsRawTests {
    typealias R = Records30Raw

    final class Scratch {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "slate-r30-\(UUID().uuidString).sqlite"
        ).path
        deinit {
            for suffix in ["", "-journal", "-wal", "-shm"] {
                try? FileManager.default.removeItem(atPath: path + suffix)
            }
        }
    }

    private func count(_ db: OpaquePointer, _ sql: String) -> Int {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else { return -1 }
        defer { sqlite3_finalize(statement) }
        return sqlite3_step(statement) == SQLITE_ROW ? Int(sqlite3_column_int64(statement, 0)) : -1
    }

    private func expectFailure(
        _ code: Int32, _ message: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
    ) {
        let error = #expect(throws: R.SQLError.self, sourceLocation: sourceLocation) { try body() }
        #expect(error?.code == code, sourceLocation: sourceLocation)
        #expect(error?.message == message, sourceLocation: sourceLocation)
    }

    @Test func anInsertThatStoresNothingThrows() throws {
        let scratch = Scratch()
        let db = try r30_create_records30_raw(scratch.path)
        defer { sqlite3_close_v2(db) }
        var good = R.Guarded(name: "good")
        try r30_guarded_insert(db, &good)
        #expect(good.id == 1)
        var spam = R.Guarded(name: "spam")
        expectFailure(SQLITE_CONSTRAINT, "the row was not inserted: a conflict clause or a trigger ignored it") {
            try r30_guarded_insert(db, &spam)
        }
        expectFailure(SQLITE_CONSTRAINT, "the row was not inserted: a conflict clause or a trigger ignored it") {
            try spam.insert(into: db)
        }
        #expect(spam.id == Int.min)
        var swift = R.TagRecord(name: "swift")
        try r30_tag_record_insert(db, &swift)
        var again = R.TagRecord(name: "swift")
        expectFailure(Int32(2067), "UNIQUE constraint failed: tag.name") { try r30_tag_record_insert(db, &again) }
        expectFailure(Int32(2067), "UNIQUE constraint failed: tag.name") { try again.insert(into: db) }
        #expect(count(db, "SELECT count(*) FROM tag") == 1)
        #expect(count(db, "SELECT count(*) FROM guarded") == 1)
    }

    @Test func insertRefusesAnExistingKeyWhateverItsConflictClause() throws {
        let scratch = Scratch()
        let db = try r30_create_records30_raw(scratch.path)
        defer { sqlite3_close_v2(db) }
        var first = R.Replaced(name: "first")
        try r30_replaced_insert(db, &first)
        var second = R.Replaced(id: first.id, name: "second")
        expectFailure(Int32(1555), "UNIQUE constraint failed: replaced.id") { try r30_replaced_insert(db, &second) }
        expectFailure(Int32(1555), "UNIQUE constraint failed: replaced.id") { try second.insert(into: db) }
        #expect(try r30_replaced_find(db, first.id) == first)
        var pair = R.ReplacedPair(a: 1, b: 2, name: "pair")
        try r30_replaced_pair_insert(db, &pair)
        var other = R.ReplacedPair(a: 1, b: 2, name: "other")
        expectFailure(Int32(1555), "UNIQUE constraint failed: replaced_pair.a, replaced_pair.b") {
            try r30_replaced_pair_insert(db, &other)
        }
        var code = R.ReplacedCode(code: "A")
        try r30_replaced_code_insert(db, &code)
        var sameCode = R.ReplacedCode(code: "A")
        expectFailure(Int32(2067), "UNIQUE constraint failed: replaced_code.code") {
            try r30_replaced_code_insert(db, &sameCode)
        }
        #expect(count(db, "SELECT count(*) FROM replaced_code") == 1)
        #expect(try r30_replaced_pair_find(db, a: 1, b: 2) == pair)
    }

    @Test func anExternalContentIndexEntryIsReturnedAsBound() throws {
        let scratch = Scratch()
        let db = try r30_create_records30_raw(scratch.path)
        defer { sqlite3_close_v2(db) }
        var entry = R.AnnotationsFts(searchableText: .text("Café"))
        try r30_annotations_fts_insert(db, &entry)
        #expect(entry == R.AnnotationsFts(searchableText: .text("Café")))
        var attached = R.AnnotationsFts(searchableText: .text("Thé"))
        try attached.insert(into: db)
        #expect(attached == R.AnnotationsFts(searchableText: .text("Thé")))
        #expect(count(db, "SELECT count(*) FROM annotations_fts WHERE annotations_fts MATCH 'cafe OR the'") == 2)
    }
}

extension Review30RecordsRawTests {
    @Test func aRawWalkRefusesWritesToTheTableItReadsAndEnds() throws {
        let scratch = Scratch()
        let db = try r30_create_records30_raw(scratch.path)
        defer { sqlite3_close_v2(db) }
        #expect(
            sqlite3_exec(
                db,
                "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000) INSERT INTO tag (name) SELECT 't' || i FROM n",
                nil, nil, nil) == SQLITE_OK)
        var visited = 0
        try r30_tags_forEach(db) { tag in
            visited += 1
            var copy = R.TagRecord(name: "copy \(tag.name ?? "")")
            let error = #expect(throws: R.SQLError.self) { try r30_tag_record_insert(db, &copy) }
            #expect(error?.code == SQLITE_MISUSE)
            #expect(
                error?.message.hasPrefix("cannot write to table \"tag\" while a walk reads it on this connection")
                    == true)
            if visited % 250 == 0 {
                // Other tables stay writable; a nested walk keeps the outer one's guard.
                var log = R.GuardLog(note: "fine")
                try r30_guard_log_insert(db, &log)
                try r30_guard_logs_forEach(db) { _ in }
                #expect(throws: R.SQLError.self) { try r30_tag_record_insert(db, &copy) }
            }
        }
        #expect(visited == 1_000)
        #expect(count(db, "SELECT count(*) FROM tag") == 1_000)
        #expect(count(db, "SELECT count(*) FROM guard_log") == 4)
        // A write through a trigger into the walked table is refused too.
        try r30_guard_logs_forEach(db) { _ in
            var guarded = R.Guarded(name: "logs")
            #expect(throws: R.SQLError.self) { try r30_guarded_insert(db, &guarded) }
        }
        // After the walk, the handle writes again.
        var after = R.TagRecord(name: "after")
        try r30_tag_record_insert(db, &after)
        #expect(count(db, "SELECT count(*) FROM tag") == 1_001)
    }
}
