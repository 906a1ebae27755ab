import Foundation
import SlateRecords
import SlateTestSupport
import Testing

/// Walks over records of hand-written `Codable` types: `forEach(Note.self, …)`, on a
/// connection, a pool and a transaction, sync and async.
@Suite struct CodableStreamingTests {
    struct Stop: Error {}

    /// The synchronous calls (in an async function Swift would pick the async overloads).
    private enum Sync {
        static func fill(_ pool: SQLPool, count: Int) throws {
            try pool.write { context in
                try context.exec(
                    sql: """
                        CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT NOT NULL, body TEXT, status TEXT NOT NULL,
                                            created TEXT NOT NULL, tags TEXT NOT NULL, stars REAL NOT NULL)
                        """)
                for index in 1...count {
                    try context.save(
                        Note(
                            title: "n\(index)", body: index % 4 == 0 ? nil : "body \(index)",
                            status: index % 2 == 0 ? .done : .open,
                            tags: ["t\(index % 3)"], stars: Double(index)))
                }
            }
        }

        static func walk(
            _ pool: SQLPool, where predicate: ((SQLCodableColumns<Note>) -> SQLPredicate<Note>)? = nil
        ) throws -> [Int] {
            var ids: [Int] = []
            try pool.forEach(Note.self, where: predicate) { ids.append($0.id ?? -1) }
            return ids
        }
    }

    @Test func forEachDecodesEachRowInTurn() throws {
        let directory = TemporaryDirectory()
        let pool = try SQLPool(path: directory.path("notes.sqlite"))
        defer { pool.close() }
        try Sync.fill(pool, count: 40)
        #expect(try Sync.walk(pool) == Array(1...40))
        #expect(
            try Sync.walk(pool, where: { $0.status == .done && $0.body == nil }) == [
                4, 8, 12, 16, 20, 24, 28, 32, 36, 40,
            ])

        var notes: [Note] = []
        try pool.forEach(Note.self, where: { $0.stars > 30 }, orderBy: { $0.stars.descending }, limit: 3, offset: 1) {
            notes.append($0)
        }
        #expect(notes.map(\.title) == ["n39", "n38", "n37"])
        #expect(
            notes
                == (try pool.fetch(
                    Note.self, where: { $0.stars > 30 }, orderBy: { $0.stars.descending }, limit: 3, offset: 1)))
        #expect(notes.first?.tags == ["t0"])

        var stopped: [String] = []
        try pool.forEach(Note.self, orderBy: { $0.title.ascending }) { note, stop in
            stopped.append(note.title)
            stop = stopped.count == 3
        }
        #expect(stopped == ["n1", "n10", "n11"])

        var seen = 0
        #expect(throws: Stop.self) {
            try pool.forEach(Note.self) { _ in
                seen += 1
                if seen == 6 { throw Stop() }
            }
        }
        #expect(seen == 6)
        #expect(try pool.fetchCount(Note.self) == 40)
        #expect(try Sync.walk(pool).count == 40)
    }

    @Test func walksOnAConnectionNestAndSeeTheTransactionsWrites() throws {
        let context = try SQLContext()
        try context.exec(
            sql: """
                CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT NOT NULL, body TEXT, status TEXT NOT NULL,
                                    created TEXT NOT NULL, tags TEXT NOT NULL, stars REAL NOT NULL)
                """)
        for index in 1...5 { try context.save(Note(title: "n\(index)", stars: Double(index))) }
        try context.transaction {
            try context.save(Note(title: "uncommitted", stars: 99))
            var pairs = 0
            try context.forEach(Note.self) { outer in
                // The same query inside: a statement of its own.
                try context.forEach(Note.self) { inner in
                    if inner.id != outer.id { pairs += 1 }
                }
            }
            #expect(pairs == 30)
            var titles: [String] = []
            try context.forEach(Note.self, where: { $0.stars > 50 }) { titles.append($0.title) }
            #expect(titles == ["uncommitted"])
            // Writing to the walked table from inside the walk is refused; after it, it is not.
            var edited: [Note] = []
            try context.forEach(Note.self, where: { $0.stars < 3 }) { note in
                var note = note
                note.body = "seen"
                #expect(throws: SQLError.self) { try context.save(note) }
                edited.append(note)
            }
            for note in edited { try context.save(note) }
        }
        #expect(try context.fetchCount(Note.self, where: { $0.body == "seen" }) == 2)
        // A row the type cannot read stops the walk with the decoding error.
        try context.exec(sql: "UPDATE notes SET stars = 'many' WHERE id = 3")
        var read = 0
        let error = #expect(throws: SQLError.self) { try context.forEach(Note.self) { _ in read += 1 } }
        #expect(error?.message.contains("stars") == true)
        #expect(read == 2)
        #expect(try context.fetchCount(Note.self) == 6)
    }

    @Test func asyncWalksRunOnAReader() async throws {
        let directory = TemporaryDirectory()
        let pool = try SQLPool(path: directory.path("notes.sqlite"))
        defer { pool.close() }
        try Sync.fill(pool, count: 20)
        let titles = Locked<[String]>([])
        try await pool.forEach(Note.self, where: { $0.status == .open }, orderBy: { $0.stars.descending }, limit: 3) {
            note in
            titles.withValue { $0.append(note.title) }
        }
        #expect(titles.current == ["n19", "n17", "n15"])
        let count = Locked(0)
        try await pool.forEach(Note.self) { _, stop in
            count.withValue { $0 += 1 }
            stop = count.current == 2
        }
        #expect(count.current == 2)
        await #expect(throws: Stop.self) { try await pool.forEach(Note.self) { _ in throw Stop() } }
        #expect(try await pool.fetchCount(Note.self) == 20)
    }

    @Test func cancellingTheTaskStopsAnAsyncWalk() async throws {
        let directory = TemporaryDirectory()
        let pool = try SQLPool(path: directory.path("notes.sqlite"))
        defer { pool.close() }
        try Sync.fill(pool, count: 1_000)
        let seen = Locked(0)
        let started = AsyncStream<Void>.makeStream()
        // The walk waits after its first row until the task is cancelled: the order is fixed,
        // not left to timing.
        let proceed = DispatchSemaphore(value: 0)
        let walk = Task {
            try await pool.forEach(Note.self) { _ in
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
        #expect(try await pool.fetchCount(Note.self) == 1_000)
    }
}
