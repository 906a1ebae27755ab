import Foundation
import SlateCSQLite
import SlateRecords
import SlateTestSupport
import Testing

/// Walks over generated records: `forEach`, `withCursor` and projections, sync and async,
/// on a file database with a reader pool.
@Suite struct StreamingTests {
    struct Stop: Error {}

    /// A file database (readers beside the writer) with `count` people; every third has a
    /// title.
    private func people(_ count: Int = 50, in directory: TemporaryDirectory) throws -> Contacts {
        let db = try Contacts.bootstrap(at: directory.path("contacts.sqlite"))
        try db.transaction { tx in
            for index in stride(from: 1, through: count, by: 1) {
                try tx.insert(Person(name: "p\(index)", title: index % 3 == 0 ? "t\(index)" : nil))
            }
        }
        return db
    }

    @Test func forEachWalksEveryRowOrTheQuerysRowsInOrder() throws {
        let directory = TemporaryDirectory()
        let db = try people(50, in: directory)
        defer { db.close() }
        var ids: [Int] = []
        try db.people.forEach { ids.append($0.personId) }
        #expect(ids == Array(1...50))

        var titled: [Int] = []
        try db.people.forEach(where: { $0.title != nil }, orderBy: { $0.personId.descending }, limit: 4) { person in
            titled.append(person.personId)
        }
        #expect(titled == [48, 45, 42, 39])

        var page: [String] = []
        try db.people.forEach(orderBy: { $0.personId.ascending }, limit: 3, offset: 10) { page.append($0.name) }
        #expect(page == ["p11", "p12", "p13"])

        var none = 0
        try db.people.forEach(where: { $0.name == "nobody" }) { _ in none += 1 }
        #expect(none == 0)
        // The same as fetch, row for row.
        var walked: [Person] = []
        try db.people.forEach(where: { $0.personId.between(5, and: 9) || $0.title == "t30" }) { walked.append($0) }
        #expect(walked == (try db.people.fetch(where: { $0.personId.between(5, and: 9) || $0.title == "t30" })))
    }

    @Test func settingStopEndsTheWalkWithoutAnError() throws {
        let directory = TemporaryDirectory()
        let db = try people(50, in: directory)
        defer { db.close() }
        var seen: [Int] = []
        try db.people.forEach(orderBy: { $0.personId.ascending }) { person, stop in
            seen.append(person.personId)
            stop = person.personId == 7
        }
        #expect(seen == Array(1...7))
        // The statement was released: the next walk of the same query starts from the top.
        var again = 0
        try db.people.forEach(orderBy: { $0.personId.ascending }) { _, _ in again += 1 }
        #expect(again == 50)
        var first: Person?
        try db.people.forEach { person, stop in
            first = person
            stop = true
        }
        #expect(first?.personId == 1)
        var titled: [String] = []
        try db.readTransaction { tx in
            try tx.people.forEach(where: { $0.title != nil }) { person, stop in
                titled.append(person.name)
                if titled.count == 2 { stop = true }
            }
        }
        #expect(titled == ["p3", "p6"])
    }

    @Test func aThrowStopsTheWalkAndLeavesTheConnectionUsable() throws {
        let directory = TemporaryDirectory()
        let db = try people(50, in: directory)
        defer { db.close() }
        var seen = 0
        #expect(throws: Stop.self) {
            try db.people.forEach { person in
                seen += 1
                if person.personId == 5 { throw Stop() }
            }
        }
        #expect(seen == 5)
        // The reader gave back its statement reset: nothing is left half-read.
        #expect(try db.people.fetch().count == 50)
        var count = 0
        try db.people.forEach { _ in count += 1 }
        #expect(count == 50)

        // In a transaction too: the throw is the transaction's, and the connection goes on.
        try db.readTransaction { tx in
            #expect(throws: Stop.self) {
                try tx.people.forEach(where: { $0.title != nil }) { _ in throw Stop() }
            }
            #expect(try tx.people.fetchCount(where: { $0.title != nil }) == 16)
            var titled = 0
            try tx.people.forEach(where: { $0.title != nil }) { _ in titled += 1 }
            #expect(titled == 16)
        }
        // A write after a failed walk on the writer.
        try db.transaction { tx in
            #expect(throws: Stop.self) { try tx.people.forEach { _ in throw Stop() } }
            try tx.insert(Person(name: "after"))
        }
        #expect(try db.people.fetchCount() == 51)
    }

    @Test func aWalkInATransactionSeesItsWritesAndMayWriteAsItGoes() throws {
        let directory = TemporaryDirectory()
        let db = try people(10, in: directory)
        defer { db.close() }
        try db.transaction { tx in
            try tx.insert(Person(name: "uncommitted", title: "new"))
            var names: [String] = []
            try tx.people.forEach(where: { $0.title == "new" }) { names.append($0.name) }
            #expect(names == ["uncommitted"])
            // Reading another table, and writing, from inside the walk.
            try tx.people.forEach(where: { $0.title == nil }) { person in
                try tx.insert(Address(street: "street of \(person.name)", personId: person.personId))
            }
        }
        #expect(try db.addresses.fetchCount() == 7)
        // Outside the transaction, a walk sees what it committed.
        var streets: [String] = []
        try db.addresses.forEach(orderBy: { $0.addressId.ascending }, limit: 2) { streets.append($0.street ?? "") }
        #expect(streets == ["street of p1", "street of p2"])
    }

    @Test func nestedWalksOfOneQueryEachHaveTheirOwnStatement() throws {
        let directory = TemporaryDirectory()
        let db = try people(12, in: directory)
        defer { db.close() }
        try db.readTransaction { tx in
            // The same SQL twice at once: the inner walk cannot take the outer's statement.
            var pairs = 0
            var outerIDs: [Int] = []
            try tx.people.forEach { outer in
                outerIDs.append(outer.personId)
                try tx.people.forEach { inner in
                    if inner.personId > outer.personId { pairs += 1 }
                }
            }
            #expect(outerIDs == Array(1...12))
            #expect(pairs == 66)
            // The same typed query nested, and a fetch of it inside.
            var checked = 0
            try tx.people.forEach(where: { $0.title == nil }, orderBy: { $0.name.ascending }) { outer in
                var inner: [Int] = []
                try tx.people.forEach(where: { $0.title == nil }, orderBy: { $0.name.ascending }) {
                    inner.append($0.personId)
                }
                #expect(inner.count == 8)
                #expect(
                    try tx.people.fetch(where: { $0.title == nil }, orderBy: { $0.name.ascending }).map(\.personId)
                        == inner)
                #expect(inner.contains(outer.personId))
                checked += 1
            }
            #expect(checked == 8)
        }
        // A walk on the database calling the database from its closure would need a second
        // connection from a closure holding one: the pool refuses it loudly.
        var refused: (any Error)?
        do {
            try db.people.forEach(limit: 1) { _ in _ = try db.people.fetchCount() }
        } catch {
            refused = error
        }
        #expect((refused as? SQLError)?.code == .misuse)
        #expect(try db.people.fetchCount() == 12)
    }

    @Test func cursorsReadAsAskedAndEndWithTheirClosure() throws {
        let directory = TemporaryDirectory()
        let db = try people(30, in: directory)
        defer { db.close() }
        let firstTwo = try db.people.withCursor(orderBy: { $0.personId.descending }) { cursor in
            [try cursor.next()?.personId, try cursor.next()?.personId]
        }
        #expect(firstTwo == [30, 29])
        let titled = try db.people.withCursor(where: { $0.title != nil }) { cursor in
            var names: [String] = []
            while let person = try cursor.next() { names.append(person.name) }
            #expect(try cursor.next() == nil)
            return names
        }
        #expect(titled == (1...10).map { "p\($0 * 3)" })
        let empty = try db.people.withCursor(where: { $0.personId > 100 }) { try $0.next() }
        #expect(empty == nil)

        // Two cursors at once on one connection, merged.
        let merged = try db.readTransaction { tx in
            try tx.people.withCursor(where: { $0.title != nil }, orderBy: { $0.personId.ascending }) { titled in
                try tx.people.withCursor(where: { $0.title == nil }, orderBy: { $0.personId.ascending }) { untitled in
                    var ids: [Int] = []
                    var left = try titled.next()
                    var right = try untitled.next()
                    while let l = left ?? right {
                        if let a = left, let b = right, b.personId < a.personId {
                            ids.append(b.personId)
                            right = try untitled.next()
                        } else if left != nil {
                            ids.append(l.personId)
                            left = try titled.next()
                        } else {
                            ids.append(l.personId)
                            right = try untitled.next()
                        }
                    }
                    return ids
                }
            }
        }
        #expect(merged == Array(1...30))

        // A cursor opened but not yet stepped still has its statement to itself: the same
        // query run meanwhile prepares one of its own.
        let interleaved = try db.readTransaction { tx in
            try tx.people.withCursor { cursor in
                let all = try tx.people.fetch()
                var count = 0
                while try cursor.next() != nil { count += 1 }
                return [all.count, count]
            }
        }
        #expect(interleaved == [30, 30])
    }

    @Test func aCursorUsedAfterItsClosureThrows() throws {
        let directory = TemporaryDirectory()
        let db = try people(5, in: directory)
        defer { db.close() }
        try db.readTransaction { tx in
            final class Box { var cursor: SQLRecordCursor<Person>? }
            let box = Box()
            let first = try tx.people.withCursor { cursor in
                box.cursor = cursor
                return try cursor.next()?.personId
            }
            #expect(first == 1)
            // The statement went back to the connection: stepping it now would read another
            // walk's rows.
            var error: SQLError?
            do { _ = try box.cursor?.next() } catch let caught as SQLError { error = caught }
            #expect(error?.code == .misuse)
            #expect(try tx.people.fetch().count == 5)
        }
    }

    @Test func projectionsWalkTuplesOfTheirColumns() throws {
        let directory = TemporaryDirectory()
        let db = try people(20, in: directory)
        defer { db.close() }
        var rows: [String] = []
        try db.people.forEach(
            selecting: \.personId, \.name, \.title, where: { $0.title != nil }, orderBy: { $0.personId.descending },
            limit: 3
        ) {
            id, name, title in
            rows.append("\(id) \(name) \(title ?? "-")")
        }
        #expect(rows == ["18 p18 t18", "15 p15 t15", "12 p12 t12"])
        var sum = 0
        try db.people.forEach(selecting: \.personId) { sum += $0 }
        #expect(sum == 210)
        var names: [String] = []
        try db.people.forEach(selecting: \.name, orderBy: { $0.personId.ascending }, limit: 4) { names.append($0) }
        #expect(names == ["p1", "p2", "p3", "p4"])
        #expect(throws: Stop.self) { try db.people.forEach(selecting: \.name) { _ in throw Stop() } }
        #expect(try db.people.select(\.name).count == 20)
        // In a transaction, nested in a record walk.
        let pairs = try db.readTransaction { tx in
            var pairs = 0
            try tx.people.forEach(where: { $0.personId <= 3 }) { person in
                try tx.people.forEach(selecting: \.personId, where: { $0.personId <= 3 }) { id in
                    if id != person.personId { pairs += 1 }
                }
            }
            return pairs
        }
        #expect(pairs == 6)
    }

    @Test func anUndecodableRowStopsTheWalkNamingTheColumn() throws {
        let directory = TemporaryDirectory()
        let db = try people(3, in: directory)
        defer { db.close() }
        try db.pool.write { try $0.exec(sql: "UPDATE person SET title = x'00' WHERE person_id = 2") }
        var seen = 0
        let error = #expect(throws: SQLError.self) { try db.people.forEach { _ in seen += 1 } }
        #expect(error?.code == .mismatch)
        #expect(error?.message.contains("person.title") == true)
        #expect(seen == 1)
        #expect(try db.people.fetchCount() == 3)
    }

    @Test func typeAttachedWalksOnARawHandle() throws {
        let directory = TemporaryDirectory()
        let db = try people(20, in: directory)
        db.close()
        let handle = try sqlite3_open_contacts(directory.path("contacts.sqlite"))
        defer { sqlite3_close_v2(handle) }
        var ids: [Int] = []
        try Person.forEach(in: handle) { ids.append($0.personId) }
        #expect(ids == Array(1...20))
        var titled: [String] = []
        try Person.forEach(
            in: handle, where: { $0.title != nil }, orderBy: { $0.personId.descending }, limit: 2, offset: 1
        ) {
            titled.append($0.name)
        }
        #expect(titled == ["p15", "p12"])
        var stopped: [Int] = []
        try Person.forEach(in: handle, orderBy: { $0.personId.ascending }) { person, stop in
            stopped.append(person.personId)
            stop = stopped.count == 3
        }
        #expect(stopped == [1, 2, 3])
        #expect(throws: Stop.self) { try Person.forEach(in: handle) { _ in throw Stop() } }
        // The statement was finalized: the handle goes on, and closes cleanly.
        #expect(try Person.fetch(in: handle, where: { $0.title != nil }).count == 6)
        // Raw functions, in the API mode's file too.
        var raw = 0
        try sqlite3_people_forEach(handle) { _ in raw += 1 }
        #expect(raw == 20)
    }

    @Test func asyncWalksRunOnAReaderAndReturnWhatTheCursorGathers() async throws {
        let directory = TemporaryDirectory()
        let db = try people(40, in: directory)
        defer { db.close() }
        let seen = Locked<[Int]>([])
        try await db.people.forEach(where: { $0.title != nil }, orderBy: { $0.personId.ascending }) { person in
            seen.withValue { $0.append(person.personId) }
        }
        #expect(seen.current == (1...13).map { $0 * 3 })
        let stopped = Locked(0)
        try await db.people.forEach { _, stop in
            stopped.withValue { $0 += 1 }
            stop = stopped.current == 5
        }
        #expect(stopped.current == 5)
        let total = try await db.people.withCursor { cursor in
            var total = 0
            while let person = try cursor.next() { total += person.personId }
            return total
        }
        #expect(total == 820)
        let names = Locked<[String]>([])
        try await db.people.forEach(selecting: \.name, where: { $0.personId <= 2 }) { name in
            names.withValue { $0.append(name) }
        }
        #expect(names.current == ["p1", "p2"])
        let titles = Locked(0)
        try await db.people.forEach(selecting: \.title, limit: 7) { _ in titles.withValue { $0 += 1 } }
        #expect(titles.current == 7)
        await #expect(throws: Stop.self) { try await db.people.forEach { _ in throw Stop() } }
        // The closure runs on the pool's thread, holding the walk's reader: calling the
        // pool from it is refused, never a deadlock.
        let refused = Locked<SQLError.Code?>(nil)
        do {
            try await db.people.forEach(limit: 1) { _ in
                do { _ = try db.people.fetch(limit: 1) } catch let error as SQLError {
                    refused.withValue { $0 = error.code }
                    throw error
                }
            }
        } catch {}
        #expect(refused.current == .misuse)
        #expect(try await db.people.fetchCount() == 40)
    }

    @Test func cancellingTheTaskStopsAnAsyncWalk() async throws {
        let directory = TemporaryDirectory()
        let db = try people(2_000, in: directory)
        defer { db.close() }
        let seen = Locked(0)
        let started = AsyncStream<Void>.makeStream()
        // The walk waits after its first row until the task is cancelled: the order is fixed,
        // not left to timing.
        let proceed = DispatchSemaphore(value: 0)
        let walk = Task {
            try await db.people.forEach { _ in
                let count = seen.withValue { count -> Int in
                    count += 1
                    return count
                }
                if count == 1 {
                    started.continuation.yield()
                    proceed.wait()
                }
            }
        }
        for await _ in started.stream { break }
        walk.cancel()
        proceed.signal()
        let result = await walk.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(seen.current == 1)
        // The reader was given back usable.
        #expect(try await db.people.fetchCount() == 2_000)
        let count = try await db.people.withCursor { cursor in
            var count = 0
            while try cursor.next() != nil { count += 1 }
            return count
        }
        #expect(count == 2_000)
    }
}
