import Foundation
import Slate
import SlateTestSupport
import Testing

@Suite struct PoolTests {
    private func notesPool(
        _ directory: TemporaryDirectory, configuration: SQLPool.Configuration = .default
    ) throws -> SQLPool {
        let pool = try SQLPool(path: directory.path("notes.sqlite"), configuration: configuration)
        try pool.write { ctx in
            try ctx.exec(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)")
        }
        return pool
    }

    @Test func writesCommitAndReadsSeeThem() throws {
        let directory = TemporaryDirectory()
        let pool = try notesPool(directory)
        defer { pool.close() }
        let id = try pool.write { ctx in
            try ctx.exec(sql: "INSERT INTO notes (text) VALUES (?)", "first")
            return ctx.lastInsertRowID
        }
        #expect(id == 1)
        #expect(try pool.read { try $0.query(sql: "SELECT id, text FROM notes") } == [[1, "first"]])
        #expect(try pool.read { try $0.query(sql: "PRAGMA journal_mode") } == [["wal"]])
        #expect(try pool.write { try $0.query(sql: "PRAGMA synchronous") } == [[1]])
    }

    /// `readWithoutTransaction` runs inline in its caller (it takes and gives back its
    /// reader around the body, rather than through the pool's closure-taking internals):
    /// the reader goes back whatever the body does, and it stays a reader.
    @Test(arguments: [false, true])
    func aReadWithoutTransactionGivesItsReaderBackWhateverTheBodyDoes(inMemory: Bool) throws {
        struct Oops: Error {}
        let directory = TemporaryDirectory()
        var configuration = SQLPool.Configuration()
        configuration.maximumReaderCount = 1
        let pool =
            inMemory
            ? try SQLPool(path: nil, configuration: configuration)
            : try SQLPool(path: directory.path("one.sqlite"), configuration: configuration)
        defer { pool.close() }
        try pool.write {
            try $0.exec(
                sql:
                    "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL); INSERT INTO notes (text) VALUES ('a')"
            )
        }
        for _ in 0..<3 {
            #expect(throws: Oops.self) { try pool.readWithoutTransaction { _ in throw Oops() } }
            let refused = expectSQLError(.readOnly, "attempt to write a readonly database") {
                try pool.readWithoutTransaction { try $0.exec(sql: "INSERT INTO notes (text) VALUES ('b')") }
            }
            #expect(refused?.sql == "INSERT INTO notes (text) VALUES ('b')")
            #expect(try pool.readWithoutTransaction { try $0.query(sql: "SELECT text FROM notes") } == [["a"]])
            // A transaction the body opens and leaves open ends with it: in memory, where
            // the reader is the writer, the next write would otherwise be a savepoint in
            // it, and lost when the write ends it.
            try pool.readWithoutTransaction { try $0.exec(sql: "BEGIN") }
            #expect(try pool.readWithoutTransaction { $0.isInTransaction } == false)
            try pool.write { try $0.exec(sql: "INSERT INTO notes (text) VALUES ('kept')") }
            try pool.writeWithoutTransaction { try $0.exec(sql: "INSERT INTO notes (text) VALUES ('kept')") }
            #expect(try pool.read { try $0.query(sql: "SELECT count(*) FROM notes WHERE text = 'kept'") } == [[2]])
            try pool.write { try $0.exec(sql: "DELETE FROM notes WHERE text = 'kept'") }
        }
        // Nested in another pool call on this thread, it is refused, not a deadlock.
        expectSQLError(
            .misuse,
            "a pool read was asked for inside a pool write closure on the same thread; nested pool calls can deadlock, so use the context the closure was given"
        ) {
            try pool.write { _ in _ = try pool.readWithoutTransaction { _ in 1 } }
        }
        pool.close()
        #expect(throws: SQLError.self) { try pool.readWithoutTransaction { _ in 1 } }
    }

    @Test func aThrowingWriteRollsBackAndRethrows() throws {
        struct Oops: Error {}
        let directory = TemporaryDirectory()
        let pool = try notesPool(directory)
        defer { pool.close() }
        #expect(throws: Oops.self) {
            try pool.write { ctx in
                try ctx.exec(sql: "INSERT INTO notes (text) VALUES ('lost')")
                throw Oops()
            }
        }
        #expect(try pool.read { try $0.query(sql: "SELECT count(*) FROM notes") } == [[0]])
    }

    @Test func writesAreImmediateTransactions() throws {
        let directory = TemporaryDirectory()
        let pool = try notesPool(directory)
        defer { pool.close() }
        var traced: [String] = []
        try pool.writeWithoutTransaction { ctx in ctx.trace { traced.append($0) } }
        try pool.write { ctx in try ctx.exec(sql: "INSERT INTO notes (text) VALUES ('x')") }
        try pool.writeWithoutTransaction { ctx in ctx.trace(nil) }
        #expect(
            traced == ["BEGIN IMMEDIATE TRANSACTION", "INSERT INTO notes (text) VALUES ('x')", "COMMIT TRANSACTION"])
    }

    @Test func readsCannotWrite() throws {
        let directory = TemporaryDirectory()
        let pool = try notesPool(directory)
        defer { pool.close() }
        expectSQLError(.readOnly, "attempt to write a readonly database") {
            try pool.read { ctx in try ctx.exec(sql: "INSERT INTO notes (text) VALUES ('no')") }
        }
        let memory = try SQLPool(path: nil)
        defer { memory.close() }
        try memory.write { try $0.exec(sql: "CREATE TABLE t (v)") }
        expectSQLError(.readOnly, "attempt to write a readonly database") {
            try memory.read { ctx in try ctx.exec(sql: "INSERT INTO t VALUES (1)") }
        }
        try memory.write { try $0.exec(sql: "INSERT INTO t VALUES (2)") }
        #expect(try memory.read { try $0.query(sql: "SELECT v FROM t") } == [[2]])
    }

    @Test func aReadSeesOneSnapshotForItsWholeClosure() throws {
        let directory = TemporaryDirectory()
        let pool = try notesPool(directory)
        defer { pool.close() }
        try pool.write { try $0.exec(sql: "INSERT INTO notes (text) VALUES ('a')") }

        let insideRead = DispatchSemaphore(value: 0)
        let written = DispatchSemaphore(value: 0)
        let writerDone = Locked<(any Error)?>(nil)
        Thread.detachNewThread {
            insideRead.wait()
            do {
                try pool.write { try $0.exec(sql: "INSERT INTO notes (text) VALUES ('b')") }
            } catch {
                writerDone.withValue { $0 = error }
            }
            written.signal()
        }
        let counts = try pool.read { ctx -> [SQLValue] in
            let before = try ctx.query(sql: "SELECT count(*) FROM notes")[0][0]
            insideRead.signal()
            written.wait() // the write commits while this read is open: it does not wait for us
            let after = try ctx.query(sql: "SELECT count(*) FROM notes")[0][0]
            return [before, after]
        }
        #expect(writerDone.current == nil)
        #expect(counts == [1, 1])
        #expect(try pool.read { try $0.query(sql: "SELECT count(*) FROM notes") } == [[2]])
    }

    @Test func asyncReadAndWrite() async throws {
        let directory = TemporaryDirectory()
        let pool = try notesPool(directory)
        let id = try await pool.write { ctx in
            try ctx.exec(sql: "INSERT INTO notes (text) VALUES (?)", "async")
            return ctx.lastInsertRowID
        }
        let rows = try await pool.read { ctx in
            try ctx.query(sql: "SELECT text FROM notes WHERE id = ?", parameters: [.integer(id)])
        }
        #expect(rows == [["async"]])
        await pool.close()
        #expect(pool.isClosed)
    }

    @Test func cancellationInterruptsTheRunningStatement() async throws {
        let directory = TemporaryDirectory()
        let pool = try notesPool(directory)
        defer { pool.close() }
        let started = Locked(false)
        let task = Task {
            try await pool.read { ctx in
                started.withValue { $0 = true }
                // Runs for minutes unless interrupted.
                return try ctx.query(
                    sql: "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n")
            }
        }
        while !started.current { try await Task.sleep(for: .milliseconds(5)) }
        try await Task.sleep(for: .milliseconds(50))
        let clock = ContinuousClock()
        let cancelledAt = clock.now
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(clock.now - cancelledAt < .seconds(5))

        let writeTask = Task {
            try await pool.write { ctx in
                try ctx.exec(sql: "INSERT INTO notes (text) VALUES ('cancelled')")
                return try ctx.query(
                    sql: "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n")
            }
        }
        try await Task.sleep(for: .milliseconds(100))
        writeTask.cancel()
        await #expect(throws: CancellationError.self) { try await writeTask.value }
        // The pool still works, and the cancelled write left nothing.
        #expect(try await pool.read { try $0.query(sql: "SELECT count(*) FROM notes") } == [[0]])
    }

    @Test func aCancelledTaskDoesNotStart() async throws {
        let directory = TemporaryDirectory()
        let pool = try notesPool(directory)
        defer { pool.close() }
        let ran = Locked(false)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await pool.write { _ in ran.withValue { $0 = true } }
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(!ran.current)
    }

    @Test func closeWaitsForWorkInFlightThenRefusesNewWork() throws {
        let directory = TemporaryDirectory()
        let pool = try notesPool(directory)
        let writing = DispatchSemaphore(value: 0)
        let finished = Locked(false)
        Thread.detachNewThread {
            try? pool.write { ctx in
                writing.signal()
                Thread.sleep(forTimeInterval: 0.3)
                try ctx.exec(sql: "INSERT INTO notes (text) VALUES ('in flight')")
            }
            finished.withValue { $0 = true }
        }
        writing.wait()
        pool.close()
        #expect(finished.current)
        #expect(pool.isClosed)
        let message = "the pool on \(directory.path("notes.sqlite")) is closed"
        expectSQLError(.misuse, message) { try pool.write { _ in } }
        expectSQLError(.misuse, message) { try pool.read { _ in } }
        pool.close()

        let reopened = try SQLPool(path: directory.path("notes.sqlite"))
        defer { reopened.close() }
        #expect(try reopened.read { try $0.query(sql: "SELECT text FROM notes") } == [["in flight"]])
    }

    @Test func readOnlyPool() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("ro.sqlite")
        let pool = try notesPool(directory)
        try pool.write { try $0.exec(sql: "INSERT INTO notes (text) VALUES ('kept')") }
        pool.close()

        let reader = try SQLPool(path: directory.path("notes.sqlite"), configuration: .init(isReadOnly: true))
        defer { reader.close() }
        #expect(try reader.read { try $0.query(sql: "SELECT text FROM notes") } == [["kept"]])
        expectSQLError(.readOnly, "the pool on \(directory.path("notes.sqlite")) is read-only: it cannot write") {
            try reader.write { _ in }
        }
        expectSQLError(.cantOpen, "cannot open database \(path): unable to open database file") {
            _ = try SQLPool(path: path, configuration: .init(isReadOnly: true))
        }
    }

    @Test func busyTimeoutIsConfigurable() throws {
        let directory = TemporaryDirectory()
        var configuration = SQLPool.Configuration()
        configuration.connection.busyTimeout = .milliseconds(100)
        let pool = try notesPool(directory, configuration: configuration)
        defer { pool.close() }
        // Another process-like connection holds the write lock.
        let other = try SQLContext(path: directory.path("notes.sqlite"))
        defer { other.close() }
        try other.exec(sql: "BEGIN IMMEDIATE")
        let clock = ContinuousClock()
        let start = clock.now
        expectSQLError(.busy, "database is locked") {
            try pool.write { _ in }
        }
        let waited = clock.now - start
        #expect(waited >= .milliseconds(90))
        try other.exec(sql: "ROLLBACK")
        try pool.write { try $0.exec(sql: "INSERT INTO notes (text) VALUES ('after')") }
    }

    @Test func readersAreLimitedAndAThirdReadWaitsForAFreeOne() throws {
        let directory = TemporaryDirectory()
        let pool = try notesPool(directory, configuration: .init(maximumReaderCount: 2))
        defer { pool.close() }
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let thirdEntered = Locked(false)
        let done = DispatchGroup()
        for index in 0..<3 {
            done.enter()
            Thread.detachNewThread {
                try? pool.read { _ in
                    if index == 2 { thirdEntered.withValue { $0 = true } }
                    entered.signal()
                    release.wait()
                }
                done.leave()
            }
            if index < 2 { entered.wait() }
        }
        // Two readers are busy; the third waits for one of them.
        Thread.sleep(forTimeInterval: 0.2)
        #expect(!thirdEntered.current)
        release.signal()
        entered.wait()
        #expect(thirdEntered.current)
        release.signal()
        release.signal()
        done.wait()
    }

    @Test func prepareConnectionRunsOnEveryConnection() throws {
        let directory = TemporaryDirectory()
        let configuration = SQLPool.Configuration(prepareConnection: { ctx in
            try ctx.createFunction("double", argumentCount: 1) { arguments in
                .integer((arguments[0].integerValue ?? 0) * 2)
            }
        })
        let pool = try notesPool(directory, configuration: configuration)
        defer { pool.close() }
        #expect(try pool.write { try $0.query(sql: "SELECT double(21)") } == [[42]])
        #expect(try pool.read { try $0.query(sql: "SELECT double(4)") } == [[8]])
    }
}
