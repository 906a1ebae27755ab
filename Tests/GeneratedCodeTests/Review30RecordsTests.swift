import Foundation
import SlateCSQLite
import SlateRecords
import SlateTestSupport
import Testing

/// Issue 30, records, on generated code (`Tests/Fixtures/Schemas/records30.sql`): inserts
/// that SQLite would skip or replace throw, an insert that cannot be read back returns what
/// was bound, walks refuse writes to what they read, and SQL fragments cannot bring
/// parameters of their own.
@Suite struct Review30RecordsTests {
    typealias R = Records30

    private func count(_ db: Records30, _ sql: String) throws -> Int {
        let rows: [[SQLValue]] = try db.pool.read { context in try context.query(sql: sql) }
        return rows.first?.first?.integerValue.map { Int($0) } ?? -1
    }

    // MARK: Inserts SQLite would skip

    @Test func anIgnoredInsertThrowsOnEveryPathAndNeverReturnsAnotherRowsID() throws {
        let db = try R.inMemory()
        defer { db.close() }
        let good = try db.insert(R.Guarded(name: "good"))
        #expect(good.id == 1)
        #expect(try count(db, "SELECT count(*) FROM guard_log") == 2)
        // The trigger's RAISE(IGNORE) skips the row; the AFTER trigger's inserts into
        // guard_log moved the last rowid SQLite reports, which the insert must not return.
        expectSQLError(.constraint, "the row was not inserted: a conflict clause or a trigger ignored it") {
            _ = try db.insert(R.Guarded(name: "spam"))
        }
        expectSQLError(.constraint, "the row was not inserted: a conflict clause or a trigger ignored it") {
            _ = try db.insert(R.Guarded(id: 7, name: "spam"))
        }
        // In a batch, the whole batch rolls back.
        #expect(throws: SQLError.self) {
            _ = try db.insert(contentsOf: [R.Guarded(name: "fine"), R.Guarded(name: "spam")])
        }
        // Type-attached, on the writer's own handle.
        try db.pool.write { context in
            var spam = R.Guarded(name: "spam")
            #expect(throws: SQLError.self) { try spam.insert(into: context.handle!) }
            var kept = R.Guarded(name: "kept")
            try kept.insert(into: context.handle!)
            #expect(kept.id == 2)
        }
        #expect(try db.guarded.fetch().map(\.name) == ["good", "kept"])
        #expect(try count(db, "SELECT count(*) FROM guard_log") == 4)
    }

    @Test func aUniqueColumnThatIgnoresDuplicatesCannotSkipAnInsert() throws {
        let db = try R.inMemory()
        defer { db.close() }
        let swift = try db.insert(R.TagRecord(name: "swift"))
        _ = try db.insert(R.TagRecord(name: "sqlite"))
        expectSQLError(.constraintUnique, "UNIQUE constraint failed: tag.name") {
            _ = try db.insert(R.TagRecord(name: "swift"))
        }
        expectSQLError(.constraintUnique, "UNIQUE constraint failed: tag.name") {
            _ = try db.insert(R.TagRecord(id: 40, name: "swift"))
        }
        #expect(try db.tags.fetch().map(\.name) == ["swift", "sqlite"])
        #expect(try db.tags.find(swift.id) == swift)
    }

    // MARK: Keys whose conflict clause replaces

    @Test func insertRefusesAnExistingKeyWhateverTheKeysConflictClause() throws {
        let db = try R.inMemory()
        defer { db.close() }
        let first = try db.insert(R.Replaced(name: "first"))
        expectSQLError(.constraintPrimaryKey, "UNIQUE constraint failed: replaced.id") {
            _ = try db.insert(R.Replaced(id: first.id, name: "second"))
        }
        #expect(try db.replaced.fetch() == [first])

        let pair = try db.insert(R.ReplacedPair(a: 1, b: 2, name: "pair"))
        expectSQLError(.constraintPrimaryKey, "UNIQUE constraint failed: replaced_pair.a, replaced_pair.b") {
            _ = try db.insert(R.ReplacedPair(a: 1, b: 2, name: "other"))
        }
        #expect(try db.replacedPairs.fetch() == [pair])

        // A UNIQUE table constraint that replaces: the row holding the code stays.
        let coded = try db.insert(R.ReplacedCode(code: "A"))
        expectSQLError(.constraintUnique, "UNIQUE constraint failed: replaced_code.code") {
            _ = try db.insert(R.ReplacedCode(code: "A"))
        }
        #expect(try db.replacedCodes.fetch() == [coded])
        // Update is not insert: it keeps SQLite's own UPDATE semantics, untouched here.
        try db.pool.write { context in
            var again = R.Replaced(id: first.id, name: "attached")
            #expect(throws: SQLError.self) { try again.insert(into: context.handle!) }
        }
    }

    // MARK: Rows that cannot be read back

    @Test func anInsertIntoAnExternalContentFullTextIndexReturnsWhatWasBound() throws {
        let db = try R.inMemory()
        defer { db.close() }
        // The index's rows read their text from `annotations`, which has no such row: the
        // insert succeeded, and returns the record as bound.
        let entry = try db.insert(R.AnnotationsFts(searchableText: .text("Café au lait")))
        #expect(entry == R.AnnotationsFts(searchableText: .text("Café au lait")))
        #expect(try count(db, "SELECT count(*) FROM annotations_fts WHERE annotations_fts MATCH 'cafe'") == 1)
        // An external-content FTS4 table takes no row without a rowid, which its record
        // has no property for: SQLite's error, and nothing stored.
        expectSQLError(.constraint, "constraint failed") {
            _ = try db.insert(R.AnnotationsFts4(searchableText: .text("tea")))
        }
        #expect(try count(db, "SELECT count(*) FROM annotations_fts4 WHERE annotations_fts4 MATCH 'tea'") == 0)
        // Several at once, and type-attached.
        let batch = try db.insert(contentsOf: [
            R.AnnotationsFts(searchableText: .text("one")), R.AnnotationsFts(searchableText: .text("two")),
        ])
        #expect(batch.map(\.searchableText) == [.text("one"), .text("two")])
        try db.pool.write { context in
            var attached = R.AnnotationsFts(searchableText: .text("three"))
            try attached.insert(into: context.handle!)
            #expect(attached.searchableText == .text("three"))
        }
        #expect(
            try count(db, "SELECT count(*) FROM annotations_fts WHERE annotations_fts MATCH 'one OR two OR three'") == 3
        )
        // With its content row there, the row reads back from the content table.
        _ = try db.insert(R.Annotation(id: 100, book: 1, searchableText: "stored"))
        try db.pool.write { context in
            try context.exec(sql: "INSERT INTO annotations_fts (rowid, searchable_text) VALUES (100, 'stored')")
        }
        #expect(try db.annotationsFts.fetch().contains(R.AnnotationsFts(searchableText: .text("stored"))))
    }

    // MARK: Walks

    private func thousand() throws -> Records30 {
        let db = try R.inMemory()
        _ = try db.insert(contentsOf: (1...1_000).map { R.TagRecord(name: "t\($0)") })
        return db
    }

    private static let refusal = "cannot write to table \"tag\" while a walk reads it on this connection"

    private func expectRefused(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) {
        let error = #expect(throws: SQLError.self, sourceLocation: sourceLocation) { try body() }
        #expect(error?.code == .misuse, sourceLocation: sourceLocation)
        #expect(
            error?.message.hasPrefix(Self.refusal) == true, "\(error?.message ?? "")", sourceLocation: sourceLocation)
    }

    @Test func everyWalkRefusesWritesToTheTableItWalksAndEnds() throws {
        let db = try thousand()
        defer { db.close() }
        try db.transaction { tx in
            var visited = 0
            // forEach on the table: an insert per row would make the walk endless.
            try tx.tags.forEach { tag in
                visited += 1
                expectRefused { _ = try tx.insert(R.TagRecord(name: "copy of \(tag.name ?? "")")) }
            }
            #expect(visited == 1_000)
            visited = 0
            try tx.tags.forEach(where: { $0.id > 0 }, orderBy: { $0.name.ascending }) { tag in
                visited += 1
                var renamed = tag
                renamed.name = "z" + (tag.name ?? "")
                expectRefused { _ = try tx.update(renamed) }
                expectRefused { _ = try tx.delete(tag) }
            }
            #expect(visited == 1_000)
            visited = 0
            try tx.tags.forEach(selecting: \.id, \.name) { id, _ in
                visited += 1
                if id % 100 == 0 { expectRefused { _ = try tx.insert(R.TagRecord(name: "p\(id)")) } }
            }
            try tx.tags.forEach(selecting: \.id) { id in
                visited += 1
                if id % 100 == 0 { expectRefused { try tx.context.exec(sql: "INSERT INTO tag (name) VALUES ('raw')") } }
            }
            #expect(visited == 2_000)
            let read = try tx.tags.withCursor { cursor in
                var read = 0
                while try cursor.next() != nil {
                    read += 1
                    if read % 250 == 0 { expectRefused { _ = try tx.insert(R.TagRecord(name: "c\(read)")) } }
                }
                return read
            }
            #expect(read == 1_000)
            // Other tables stay writable during the walk; reads of the walked one too.
            try tx.tags.forEach(where: { $0.id <= 3 }) { tag in
                _ = try tx.insert(R.GuardLog(note: tag.name ?? ""))
                #expect(try tx.tags.find(tag.id) == tag)
            }
            // A write through a trigger into the walked table is refused as well.
            try tx.guardLogs.forEach { _ in
                expectRefused2(table: "guard_log") { _ = try tx.insert(R.Guarded(name: "logs")) }
            }
        }
        #expect(try db.tags.fetchCount() == 1_000)
        #expect(try count(db, "SELECT count(*) FROM guard_log") == 3)
        // After the walks, writes go through.
        try db.transaction { tx in _ = try tx.insert(R.TagRecord(name: "after")) }
        #expect(try db.tags.fetchCount() == 1_001)
    }

    private func expectRefused2(
        table: String, _ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let error = #expect(throws: SQLError.self, sourceLocation: sourceLocation) { try body() }
        #expect(
            error?.message.hasPrefix("cannot write to table \"\(table)\" while a walk reads it") == true,
            sourceLocation: sourceLocation)
    }

    @Test func aNestedWalkKeepsTheOuterOnesGuard() throws {
        let db = try thousand()
        defer { db.close() }
        try db.transaction { tx in
            var outer = 0
            try tx.tags.forEach(where: { $0.id <= 2 }) { _ in
                outer += 1
                try tx.guardLogs.forEach { _ in }
                // The inner walk ended; the outer one still runs.
                expectRefused { _ = try tx.insert(R.TagRecord(name: "nested")) }
            }
            #expect(outer == 2)
        }
    }

    @Test func aTypeAttachedWalkRefusesWritesOnASlateHandleAndOnARawOne() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("records30.sqlite")
        let db = try R.bootstrap(at: path)
        _ = try db.insert(contentsOf: (1...1_000).map { R.TagRecord(name: "t\($0)") })
        // On a handle Slate opened: the walk uses the connection's guard.
        try db.pool.write { context in
            let handle = context.handle!
            var visited = 0
            try R.TagRecord.forEach(in: handle) { tag in
                visited += 1
                var copy = R.TagRecord(name: "copy \(tag.name ?? "")")
                expectRefused { try copy.insert(into: handle) }
            }
            #expect(visited == 1_000)
        }
        db.close()
        // On a handle Slate did not open: an authorizer for the walk's length.
        var handle: OpaquePointer?
        #expect(sqlite3_open(path, &handle) == SQLITE_OK)
        defer { sqlite3_close_v2(handle) }
        var visited = 0
        try R.TagRecord.forEach(in: handle!) { tag in
            visited += 1
            if tag.id % 100 == 0 {
                var copy = R.TagRecord(name: "copy \(tag.name ?? "")")
                expectRefused { try copy.insert(into: handle!) }
                var log = R.GuardLog(note: "fine")
                try log.insert(into: handle!)
            }
        }
        #expect(visited == 1_000)
        // The authorizer is gone after the walk.
        var after = R.TagRecord(name: "after")
        try after.insert(into: handle!)
        #expect(try R.TagRecord.fetchCount(in: handle!, where: { $0.id > 0 }) == 1_001)
    }

    @Test func anAsyncWalkOnAReaderIsUnchanged() async throws {
        let directory = TemporaryDirectory()
        let db = try R.bootstrap(at: directory.path("async.sqlite"))
        defer { db.close() }
        _ = try await db.insert(contentsOf: (1...1_000).map { R.TagRecord(name: "t\($0)") })
        let seen = Counter()
        try await db.tags.forEach { _ in seen.add() }
        #expect(seen.value == 1_000)
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func add() { lock.withLock { count += 1 } }
        var value: Int { lock.withLock { count } }
    }

    // MARK: Fragments' own parameters

    @Test func aFragmentWithItsOwnParameterMarkersThrowsNamingIt() throws {
        let db = try R.inMemory()
        defer { db.close() }
        _ = try db.insert(R.TagRecord(name: "swift"))
        _ = try db.insert(R.TagRecord(name: "30"))
        for fragment: SQLPredicate<R.TagRecord> in [
            "name = ?1", "name = ?", "name = :name", "name = @name", "name = $name", "name = ?2 OR name = ?1",
        ] {
            let error = #expect(throws: SQLError.self) { try db.tags.fetch(where: { $0.id > 30 && fragment }) }
            #expect(error?.code == .misuse)
            #expect(
                error?.message.contains("write values into SQL fragments by interpolation") == true,
                "\(error?.message ?? "")")
            #expect(error?.message.contains("in the SQL fragment \"name =") == true, "\(error?.message ?? "")")
        }
        // The same on the walk, the count, the delete, and type-attached.
        let fragment: SQLPredicate<R.TagRecord> = "name = ?1"
        #expect(throws: SQLError.self) { try db.tags.forEach(where: { $0.id > 30 && fragment }) { _ in } }
        #expect(throws: SQLError.self) { try db.tags.fetchCount(where: { $0.id > 30 && fragment }) }
        #expect(throws: SQLError.self) { try db.tags.delete(where: { $0.id > 30 && fragment }) }
        try db.pool.write { context in
            let error = #expect(throws: SQLError.self) {
                try R.TagRecord.fetch(in: context.handle!, where: { $0.id > 30 && fragment })
            }
            #expect(error?.message.contains("(?1)") == true, "\(error?.message ?? "")")
            #expect(throws: SQLError.self) {
                try R.TagRecord.delete(in: context.handle!, where: { $0.id > 30 && fragment })
            }
        }
        #expect(try db.tags.fetchCount() == 2)
        // Markers inside string literals, quoted identifiers and comments are text.
        #expect(try db.tags.fetch(where: { _ in "name <> '?1' AND name <> ':x' AND \"name\" <> '$y'" }).count == 2)
        #expect(try db.tags.fetch(where: { _ in "name = 'swift' -- ?1 :x" }).map(\.name) == ["swift"])
        #expect(try db.tags.fetch(where: { _ in "name = 'swift' /* ? @a */" }).map(\.name) == ["swift"])
        #expect(try db.tags.fetch(where: { $0.id > 0 && "\($0.name) = \("30")" }).map(\.name) == ["30"])
        let unknown = #expect(throws: SQLError.self) { try db.tags.fetch(where: { _ in "\"a?b\" IS NULL" }) }
        #expect(unknown?.message.hasPrefix("no such column: a?b") == true, "\(unknown?.message ?? "")")
    }
}
