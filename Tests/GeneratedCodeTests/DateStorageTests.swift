import Foundation
import SlateCSQLite
import SlateRecords
import SlateTestSupport
import Testing

// Paths where a column's date or UUID storage could be ignored: each test stores values
// the way the column stores them (plain SQL), then uses the typed API and checks the
// exact result. Ported's columns: ZEVENT.ZCREATIONDATE stores seconds since 2001,
// legacy_post.stamp whole unix seconds, legacy_post.published_at text.

/// A foreign key the schema does not declare (ZEVENT.Z_PK = legacy_post.id), so that a join
/// has a date column of a different storage on each side.
extension Zevent.Columns {
    var post: SQLForeignKey<Zevent, LegacyPost> { SQLForeignKey([0], [0]) }
}

/// `place.digest` (BINARY(16)) seen as a UUID column stored as 16-byte blobs, as
/// `types.uuids: "blob"` generates it: no fixture has one.
extension Place.Columns {
    var digestUUID: SQLColumn<Place, UUID?> { SQLColumn(4, uuids: .blob) }
}

@Suite struct DateStorageTests {
    private func exec(_ db: Ported, _ sql: String) throws {
        try db.pool.write { context in try context.exec(sql: sql) }
    }

    /// 2023-01-01 00:00:00 UTC: 1_672_531_200 since 1970, 694_224_000 since 2001.
    private let newYear = Date(timeIntervalSince1970: 1_672_531_200)
    private let day: TimeInterval = 86_400

    /// ZEVENT rows 1 (2023-01-01), 2 (2023-01-03), 3 (NULL); legacy_post rows 1 and 2
    /// (published and stamped 2023-01-02), 3 (NULLs).
    private func database() throws -> Ported {
        let db = try Ported.inMemory()
        try exec(
            db,
            """
            INSERT INTO ZEVENT (Z_PK, ZCREATIONDATE, ZTITLE) VALUES (1, 694224000.0, 'a'), (2, 694396800.0, 'b'), (3, NULL, 'c');
            INSERT INTO legacy_post (id, title, published_at, stamp) VALUES
              (1, 'a', '2023-01-02 00:00:00.000', 1672617600), (2, 'b', '2023-01-02 00:00:00.000', 1672617600), (3, 'c', NULL, NULL);
            """)
        return db
    }

    // MARK: Column compared with a value

    // every comparison of a column with a value binds it in the column's storage.
    @Test func columnComparisonsBindInTheColumnsStorage() throws {
        let db = try database()
        defer { db.close() }
        let jan2 = newYear.addingTimeInterval(day)
        let jan3 = newYear.addingTimeInterval(2 * day)
        func events(_ predicate: @escaping (Zevent.Columns) -> SQLPredicate<Zevent>) throws -> [Int] {
            try db.zevents.fetch(where: predicate, orderBy: { $0.zPk.ascending }).map(\.zPk)
        }
        #expect(try events { $0.zcreationdate == newYear } == [1])
        #expect(try events { $0.zcreationdate != newYear } == [2])
        #expect(try events { $0.zcreationdate < jan2 } == [1])
        #expect(try events { $0.zcreationdate >= jan2 } == [2])
        #expect(try events { $0.zcreationdate.between(newYear, and: jan2) } == [1])
        #expect(try events { $0.zcreationdate.in([jan3, nil]) } == [2, 3])
        #expect(try events { $0.zcreationdate == nil } == [3])
        #expect(try db.zevents.fetchCount(where: { $0.zcreationdate > newYear }) == 1)
        #expect(try db.zevents.fetchOne(where: { $0.zcreationdate > newYear })?.zPk == 2)

        func posts(_ predicate: @escaping (LegacyPost.Columns) -> SQLPredicate<LegacyPost>) throws -> [Int] {
            try db.legacyPosts.fetch(where: predicate, orderBy: { $0.id.ascending }).map(\.id)
        }
        #expect(try posts { $0.stamp == jan2 } == [1, 2])
        #expect(try posts { $0.stamp.in([jan2]) } == [1, 2])
        #expect(try posts { $0.stamp.between(newYear, and: jan3) } == [1, 2])
        #expect(try posts { $0.publishedAt == jan2 } == [1, 2])
        #expect(try posts { $0.stamp == nil } == [3])
        // A typed delete compares the same way.
        #expect(try db.zevents.delete(where: { $0.zcreationdate == jan3 }) == 1)
        #expect(try events { _ in .all } == [1, 3])
    }

    // the async forms of fetch, select and the aggregates on a seconds-since-2001 column.
    @Test func asyncReadsUseTheColumnsStorage() async throws {
        let db = try database()
        defer { db.close() }
        let jan3 = newYear.addingTimeInterval(2 * day)
        #expect(try await db.zevents.fetch(where: { $0.zcreationdate > newYear }).map(\.zPk) == [2])
        #expect(try await db.zevents.fetchCount(where: { $0.zcreationdate == newYear }) == 1)
        let selected = try await db.zevents.select(\.zPk, \.zcreationdate, orderBy: { $0.zPk.ascending })
        #expect(selected.map(\.1) == [newYear, jan3, nil])
        let fromStore: [Date?] = try await db.select(from: \.zevents, \.zcreationdate, where: { $0.zPk == 2 })
        #expect(fromStore == [jan3])
        #expect(try await db.zevents.min(\.zcreationdate) == newYear)
        #expect(try await db.zevents.max(\.zcreationdate) == jan3)
        #expect(try await db.zevents.count(\.zcreationdate) == 2)
        #expect(try await db.legacyPosts.max(\.stamp) == newYear.addingTimeInterval(day))
        // Bulk updates, on the table and on the store.
        let later = newYear.addingTimeInterval(0.5)
        #expect(try await db.zevents.update(set: \.zcreationdate, to: later, where: { $0.zPk == 1 }) == 1)
        #expect(try await db.update(\.legacyPosts, set: \.stamp, to: later, where: { $0.id == 2 }) == 1)
        #expect(
            try await db.withReadContext {
                try $0.query(
                    sql:
                        "SELECT (SELECT ZCREATIONDATE FROM ZEVENT WHERE Z_PK = 1), (SELECT stamp FROM legacy_post WHERE id = 2)"
                )
            }
                == [[.float(694_224_000.5), .integer(1_672_531_200)]])
    }

    // projections and aggregates over NULLs and over each storage, sync.
    @Test func projectionsAndAggregatesReadEachStorage() throws {
        let db = try database()
        defer { db.close() }
        let jan2 = newYear.addingTimeInterval(day)
        let jan3 = newYear.addingTimeInterval(2 * day)
        #expect(try db.zevents.select(\.zcreationdate, orderBy: { $0.zPk.ascending }) == [newYear, jan3, nil])
        let limited: [Date?] = try db.zevents.select(\.zcreationdate, where: { $0.zcreationdate > newYear }, limit: 1)
        #expect(limited == [jan3])
        #expect(
            try db.legacyPosts.select(\.stamp, \.publishedAt, orderBy: { $0.id.ascending }).map { [$0.0, $0.1] } == [
                [jan2, jan2], [jan2, jan2], [nil, nil],
            ])
        #expect(try db.zevents.min(\.zcreationdate, where: { $0.zPk == 3 }) == nil)
        #expect(try db.zevents.max(\.zcreationdate, where: { $0.zPk < 3 }) == jan3)
        #expect(try db.legacyPosts.min(\.stamp) == jan2)
        #expect(try db.legacyPosts.max(\.publishedAt) == jan2)
        // Walks and cursors, in a transaction too.
        let walked = try db.readTransaction { tx in
            var dates: [Date?] = []
            try tx.zevents.forEach(selecting: \.zcreationdate, \.zPk, orderBy: { $0.zPk.ascending }) { date, _ in
                dates.append(date)
            }
            let first = try tx.zevents.withCursor(where: { $0.zcreationdate > newYear }) {
                try $0.next()?.zcreationdate
            }
            return dates + [first]
        }
        #expect(walked == [newYear, jan3, nil, jan3])
    }

    // MARK: Writes

    // bulk updates, on the table, the store and in a transaction, write the column's storage.
    @Test func bulkUpdatesWriteTheColumnsStorage() throws {
        let db = try database()
        defer { db.close() }
        let later = newYear.addingTimeInterval(0.5)
        func stored(_ sql: String) throws -> [[SQLValue]] { try db.pool.read { try $0.query(sql: sql) } }

        #expect(try db.zevents.update(set: \.zcreationdate, to: later, where: { $0.zPk == 1 }) == 1)
        #expect(
            try db.zevents.update(set: \.zcreationdate, to: later.addingTimeInterval(day), where: { $0.zPk == 2 }) == 1)
        #expect(
            try stored("SELECT ZCREATIONDATE FROM ZEVENT ORDER BY Z_PK") == [
                [.float(694_224_000.5)], [.float(694_310_400.5)], [.null],
            ])
        #expect(try db.update(\.legacyPosts, set: \.stamp, to: later, where: { $0.id == 1 }) == 1)
        #expect(try db.update(\.legacyPosts, set: \.stamp, to: nil, where: { $0.id == 2 }) == 1)
        try db.transaction { tx in _ = try tx.legacyPosts.update(set: \.stamp, to: newYear, where: { $0.id == 3 }) }
        #expect(
            try stored("SELECT typeof(stamp), stamp FROM legacy_post ORDER BY id")
                == [
                    [.text("integer"), .integer(1_672_531_200)], [.text("null"), .null],
                    [.text("integer"), .integer(1_672_531_200)],
                ])
        // And what was written reads back, and compares, as written.
        #expect(try db.zevents.fetch(where: { $0.zcreationdate == later }).map(\.zcreationdate) == [later])
    }

    // MARK: Columns compared with columns and expressions

    // columns of different storages compare in seconds; date differences are seconds.
    @Test func columnsOfDifferentStoragesCompareInSeconds() throws {
        let db = try database()
        defer { db.close() }
        try exec(db, "UPDATE legacy_post SET stamp = 1672617600 + 7200 WHERE id = 2") // two hours after published_at
        #expect(try db.legacyPosts.fetch(where: { $0.stamp > $0.publishedAt }).map(\.id) == [2])
        #expect(try db.legacyPosts.fetch(where: { $0.stamp == $0.publishedAt }).map(\.id) == [1])
        #expect(try db.legacyPosts.fetch(where: { $0.stamp - $0.publishedAt > 3600 }).map(\.id) == [2])
        #expect(try db.legacyPosts.fetch(where: { $0.publishedAt + 7200 == $0.stamp }).map(\.id) == [2])
        // A Core Data date plus seconds, against a value and against itself.
        #expect(
            try db.zevents.fetch(where: { $0.zcreationdate + 3600 > newYear.addingTimeInterval(1800) }).map(\.zPk) == [
                1, 2,
            ])
        #expect(
            try db.zevents.fetch(where: { $0.zcreationdate + 3600 < newYear.addingTimeInterval(3601) }).map(\.zPk) == [
                1
            ])
        #expect(try db.zevents.fetch(where: { $0.zcreationdate + 60 > $0.zcreationdate }).map(\.zPk) == [1, 2])
    }

    // Arithmetic on a whole-seconds column holds fractions: the date it is compared with is not rounded down.
    @Test func arithmeticOnAWholeSecondsColumnComparesWithTheExactDate() throws {
        let db = try database()
        defer { db.close() }
        let stamp = 1_672_617_600.0 // posts 1 and 2
        // stamp + 3600 is 1_672_621_200, before 1_672_621_200.5: both rows.
        #expect(
            try db.legacyPosts.fetch(where: { $0.stamp + 3600 < Date(timeIntervalSince1970: stamp + 3600.5) }).map(\.id)
                == [1, 2])
        // stamp + 0.25 is not after stamp + 0.5: no row.
        #expect(
            try db.legacyPosts.fetch(where: { $0.stamp + 0.25 > Date(timeIntervalSince1970: stamp + 0.5) }).map(\.id)
                == [])
        #expect(
            try db.legacyPosts.fetch(where: { $0.stamp + 3600 == Date(timeIntervalSince1970: stamp + 3600.5) }).map(
                \.id) == [])
    }

    // A column's own expression compared with a value: bound in the column's storage, and not converted a second time.
    @Test func aColumnsExpressionComparedWithAValue() throws {
        let db = try database()
        defer { db.close() }
        #expect(try db.zevents.fetch(where: { $0.zcreationdate.sqlExpression == newYear }).map(\.zPk) == [1])
        #expect(
            try db.zevents.fetch(where: { $0.zcreationdate.sqlExpression < newYear.addingTimeInterval(day) }).map(\.zPk)
                == [1])
        #expect(
            try db.legacyPosts.fetch(where: { $0.publishedAt.sqlExpression == newYear.addingTimeInterval(day) }).map(
                \.id) == [1, 2])
        // The whole-seconds column is in seconds already: right.
        #expect(
            try db.legacyPosts.fetch(where: { $0.stamp.sqlExpression == newYear.addingTimeInterval(day) }).map(\.id)
                == [1, 2])
    }

    // `stamp >= d` compares with d's exact seconds: no row whose stamp, as read, is before d.
    @Test func aWholeSecondsColumnOrderedAgainstAFractionalDate() throws {
        let db = try database()
        defer { db.close() }
        let date = Date(timeIntervalSince1970: 1_672_617_600.5)
        let rows = try db.legacyPosts.fetch(where: { $0.stamp >= date })
        #expect(rows.filter { $0.stamp! >= date }.map(\.id) == rows.map(\.id))
        #expect(rows.map(\.id) == [])
        #expect(try db.legacyPosts.fetch(where: { $0.stamp < date }).map(\.id) == [1, 2])
    }

    // MARK: Joins

    // join predicates, orders and both records read each side's storage, sync and async.
    @Test func joinsCompareAndReadEachSidesStorage() throws {
        let db = try database()
        defer { db.close() }
        let jan2 = newYear.addingTimeInterval(day)
        let jan3 = newYear.addingTimeInterval(2 * day)
        try exec(db, "INSERT INTO ZEVENT (Z_PK, ZCREATIONDATE) VALUES (4, 694224000.0)") // no post
        #expect(
            try db.zevents.join(\.post, where: { event, post in event.zcreationdate > post.stamp }).map(\.0.zPk) == [2])
        #expect(
            try db.zevents.join(\.post, where: { event, post in event.zcreationdate < post.publishedAt }).map(\.0.zPk)
                == [1])
        #expect(
            try db.zevents.join(\.post, where: { event, post in event.zcreationdate - post.stamp > 3600 }).map(\.0.zPk)
                == [2])
        #expect(
            try db.zevents.join(\.post, where: { event, post in post.stamp == jan2 && event.zcreationdate > newYear })
                .map(\.0.zPk) == [2])
        #expect(
            try db.zevents.join(\.post, where: { event, _ in event.zcreationdate.in([newYear, jan3]) }).map(\.0.zPk)
                == [1, 2])
        let ordered = try db.zevents.join(\.post, orderBy: { event, _ in event.zcreationdate.descending })
        #expect(ordered.map(\.0.zPk) == [2, 1, 3])
        #expect(ordered.map(\.0.zcreationdate) == [jan3, newYear, nil])
        #expect(ordered.map(\.1.stamp) == [jan2, jan2, nil])
        let left = try db.zevents.leftJoin(
            \.post, where: { event, _ in event.zcreationdate == newYear }, orderBy: { event, _ in event.zPk.ascending })
        #expect(left.map { "\($0.0.zPk) \($0.1?.stamp == jan2)" } == ["1 true", "4 false"])
    }

    // the async joins, the same.
    @Test func asyncJoinsCompareEachSidesStorage() async throws {
        let db = try database()
        defer { db.close() }
        let jan3 = newYear.addingTimeInterval(2 * day)
        let async = try await db.zevents.join(\.post, where: { event, post in event.zcreationdate > post.stamp })
        #expect(async.map(\.0.zcreationdate) == [jan3])
        let asyncLeft = try await db.zevents.leftJoin(
            \.post, where: { event, post in event.zcreationdate < post.publishedAt })
        #expect(asyncLeft.map(\.0.zPk) == [1])
    }

    // MARK: SQL fragments

    // `\(date, as: column)` in a fragment binds the date as the column stores it.
    @Test func aDateInAFragmentComparedWithANumericDateColumn() throws {
        let db = try database()
        defer { db.close() }
        let before = newYear.addingTimeInterval(-day)
        #expect(
            try db.zevents.fetch(where: { "\($0.zcreationdate) > \(before, as: $0.zcreationdate)" }).map(\.zPk) == [
                1, 2,
            ])
        #expect(try db.legacyPosts.fetch(where: { "\($0.stamp) > \(before, as: $0.stamp)" }).map(\.id) == [1, 2])
        #expect(
            try db.legacyPosts.fetch(where: { "\($0.stamp) > \(before.addingTimeInterval(2 * day), as: $0.stamp)" })
                .map(\.id) == [])
        // A text column: right.
        #expect(try db.legacyPosts.fetch(where: { "\($0.publishedAt) > \(before)" }).map(\.id) == [1, 2])
    }

    // MARK: UUIDs stored as 16 bytes

    private let uuid = UUID(uuidString: "00112233-4455-6677-8899-AABBCCDDEEFF")!
    private let other = UUID(uuidString: "FFEEDDCC-BBAA-9988-7766-554433221100")!

    // a UUID column stored as blobs: predicates, projections and bulk updates, sync and async.
    @Test func uuidBlobColumnsCompareReadAndWriteAsBlobs() throws {
        let db = try Ported.inMemory()
        defer { db.close() }
        try exec(
            db,
            "INSERT INTO place (id, name, digest) VALUES (1, 'a', X'00112233445566778899AABBCCDDEEFF'), (2, 'b', NULL)")
        func places(_ predicate: @escaping (Place.Columns) -> SQLPredicate<Place>) throws -> [Int] {
            try db.places.fetch(where: predicate, orderBy: { $0.id.ascending }).map(\.id)
        }
        #expect(try places { $0.digestUUID == uuid } == [1])
        #expect(try places { $0.digestUUID != other } == [1])
        #expect(try places { $0.digestUUID.in([other, uuid]) } == [1])
        #expect(try places { $0.digestUUID.in([nil, other]) } == [2])
        #expect(try places { $0.digestUUID == nil } == [2])
        #expect(try db.places.fetchCount(where: { $0.digestUUID == uuid }) == 1)
        #expect(try db.places.select(\.digestUUID, orderBy: { $0.id.ascending }) == [uuid, nil])
        #expect(
            try db.places.select(\.id, \.digestUUID, where: { $0.digestUUID == uuid }).map { $0.1 } == [Optional(uuid)])

        #expect(try db.places.update(set: \.digestUUID, to: other, where: { $0.id == 2 }) == 1)
        #expect(try db.places.update(set: \.digestUUID, to: other, where: { $0.digestUUID == uuid }) == 1)
        #expect(
            try db.pool.read { try $0.query(sql: "SELECT typeof(digest), hex(digest) FROM place ORDER BY id") }
                == [
                    [.text("blob"), .text("FFEEDDCCBBAA99887766554433221100")],
                    [.text("blob"), .text("FFEEDDCCBBAA99887766554433221100")],
                ])
    }

    // the async forms over a UUID column stored as blobs.
    @Test func asyncUUIDBlobColumns() async throws {
        let db = try Ported.inMemory()
        defer { db.close() }
        try exec(
            db,
            "INSERT INTO place (id, name, digest) VALUES (1, 'a', X'00112233445566778899AABBCCDDEEFF'), (2, 'b', NULL)")
        #expect(try await db.places.fetch(where: { $0.digestUUID == uuid }).map(\.id) == [1])
        #expect(
            try await db.places.select(\.id, \.digestUUID, where: { $0.digestUUID == uuid }).map { $0.1 } == [
                Optional(uuid)
            ])
        #expect(try await db.places.update(set: \.digestUUID, to: other, where: { $0.digestUUID == uuid }) == 1)
        #expect(try await db.places.fetchCount(where: { $0.digestUUID == other }) == 1)
    }

    // `\(uuid, as: column)` binds a UUID's 16 bytes for a blob column; a bare `\(uuid)` binds its text.
    @Test func aUUIDInAFragmentComparedWithABlobColumn() throws {
        let db = try Ported.inMemory()
        defer { db.close() }
        try exec(db, "INSERT INTO place (id, name, digest) VALUES (1, 'a', X'00112233445566778899AABBCCDDEEFF')")
        #expect(try db.places.fetch(where: { "\($0.digestUUID) = \(uuid, as: $0.digestUUID)" }).map(\.id) == [1])
        // A bare `\(uuid)` binds its text, as documented: it does not meet the blob.
        #expect(try db.places.fetch(where: { "\($0.digestUUID) = \(uuid)" }).map(\.id) == [])
    }

    // MARK: The type-attached style

    // `Record.fetch(in:where:)`, `fetchCount`, `forEach` and `delete` on a raw handle bind in the column's storage.
    @Test func theAttachedStyleBindsInTheColumnsStorage() throws {
        let scratch = TemporaryDirectory()
        let path = scratch.path("hunt.sqlite")
        let db = try Ported.bootstrap(at: path)
        try exec(
            db,
            """
            INSERT INTO ZEVENT (Z_PK, ZCREATIONDATE) VALUES (1, 694224000.0), (2, 694396800.0);
            INSERT INTO legacy_post (id, title, stamp) VALUES (1, 'a', 1672617600);
            """)
        db.close()
        var handle: OpaquePointer?
        #expect(sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK)
        defer { sqlite3_close_v2(handle) }
        let db2 = try #require(handle)
        #expect(try Zevent.fetch(in: db2, where: { $0.zcreationdate > newYear }).map(\.zPk) == [2])
        #expect(try Zevent.fetch(in: db2, where: { $0.zcreationdate == newYear }).map(\.zcreationdate) == [newYear])
        #expect(try Zevent.fetchCount(in: db2, where: { $0.zcreationdate + 60 > newYear }) == 2)
        var walked: [Int] = []
        try Zevent.forEach(in: db2, where: { $0.zcreationdate < newYear.addingTimeInterval(day) }) {
            walked.append($0.zPk)
        }
        #expect(walked == [1])
        #expect(try LegacyPost.fetch(in: db2, where: { $0.stamp == newYear.addingTimeInterval(day) }).map(\.id) == [1])
        #expect(try Zevent.delete(in: db2, where: { $0.zcreationdate == newYear }) == 1)
        #expect(try Zevent.fetch(in: db2).map(\.zPk) == [2])
    }

    // MARK: Round trips and mixed storage classes

    // a Core Data date reads back exactly as `insert` returned it (Date itself counts from 2001).
    @Test func aCoreDataDateReadsBackAsInsertReturnedIt() throws {
        let db = try Ported.inMemory()
        defer { db.close() }
        for seconds in [1.1, 100_000_000.123456789, 1_672_531_200.123456789, -1e9 + 0.3] {
            let event = try db.insert(Zevent(zcreationdate: Date(timeIntervalSince1970: seconds)))
            #expect(try db.zevents.find(event.zPk)?.zcreationdate == event.zcreationdate)
            #expect(try db.zevents.fetch(where: { $0.zcreationdate == event.zcreationdate }).map(\.zPk) == [event.zPk])
        }
    }
}
