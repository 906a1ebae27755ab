import Foundation
import Slate
import SlateTestSupport
import Testing

/// Issue 31 §2: a server ends every observation as its graceful shutdown begins, while the
/// requests still in flight keep reading and writing until the pool closes.
@Suite struct Review31ObservationShutdownTests {
    private func pool(_ directory: TemporaryDirectory) throws -> SQLPool {
        let pool = try SQLPool(path: directory.path("shutdown.sqlite"))
        try pool.write { ctx in
            try ctx.exec(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)")
        }
        return pool
    }

    /// The sync API, from a function that is not async (where the async overloads win).
    private func insertSynchronously(_ pool: SQLPool, _ text: String) throws {
        try pool.write { ctx in try ctx.exec(sql: "INSERT INTO notes (text) VALUES (?)", text) }
    }

    private func readSynchronously(_ pool: SQLPool) throws -> String? {
        try pool.read { ctx in
            try ctx.query(sql: "SELECT group_concat(text, '') FROM notes ORDER BY id")[0][0].textValue
        }
    }

    /// Waits, polling, until `condition` holds; fails once `bound` has passed and the
    /// condition still fails after 200 more polls. The polls matter: when the whole suite
    /// runs, tests that block threads can starve the cooperative pool for minutes, and a
    /// poll that wakes late must give the work it waits for a chance to run too.
    private func eventually(
        within bound: Duration = .seconds(60), _ what: String, _ condition: () -> Bool
    ) async throws {
        let clock = ContinuousClock()
        let deadline = clock.now + bound
        var pollsPastDeadline = 0
        while !condition() {
            if clock.now > deadline {
                pollsPastDeadline += 1
                if pollsPastDeadline > 200 { throw TimedOut(what: what) }
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Awaits `task`, failing (and cancelling it) as ``eventually(within:_:_:)`` does
    /// instead of hanging the suite.
    private func value<T: Sendable>(of task: Task<T, any Error>) async throws -> T {
        let finished = Locked(false)
        let waiter = Task {
            defer { finished.withValue { $0 = true } }
            return try await task.value
        }
        do {
            try await eventually("a stream to end") { finished.current }
        } catch {
            task.cancel()
            throw error
        }
        return try await waiter.value
    }

    @Test func endingObservationsEndsEveryStreamAndKeepsServingReadsAndWrites() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory)
        defer { pool.close() }
        try insertSynchronously(pool, "a")

        let firstValues = Locked(0)
        var observers: [Task<[Int64], any Error>] = []
        for _ in 0..<3 {
            observers.append(
                Task {
                    var seen: [Int64] = []
                    for try await count in pool.observe({ ctx in
                        try ctx.query(sql: "SELECT count(*) FROM notes")[0][0].integerValue!
                    }) {
                        if seen.isEmpty { firstValues.withValue { $0 += 1 } }
                        seen.append(count)
                    }
                    return seen
                })
        }
        let streams = [pool.changes(), pool.changes()]
        var changeReaders: [Task<Int, any Error>] = []
        for stream in streams {
            changeReaders.append(
                Task {
                    var count = 0
                    for await _ in stream { count += 1 }
                    return count
                })
        }
        try await eventually("three first values") { firstValues.current == 3 }
        #expect(pool.observationCount == 5)

        pool.endObservations()

        for observer in observers { #expect(try await value(of: observer) == [1]) }
        for reader in changeReaders { #expect(try await value(of: reader) == 0) }
        #expect(pool.observationCount == 0)
        #expect(!pool.isClosed)

        // Reads and writes are served as before, sync and async.
        try insertSynchronously(pool, "b")
        try await pool.write { ctx in try ctx.exec(sql: "INSERT INTO notes (text) VALUES ('c')") }
        #expect(try readSynchronously(pool) == "abc")
        #expect(try await pool.read { ctx in try ctx.query(sql: "SELECT count(*) FROM notes")[0][0].integerValue } == 3)

        // Streams made from now on end at once: no value, no error.
        var late = pool.observe { ctx in try ctx.query(sql: "SELECT count(*) FROM notes")[0][0].integerValue! }
            .makeAsyncIterator()
        #expect(try await late.next() == nil)
        var lateChanges = pool.changes().makeAsyncIterator()
        #expect(await lateChanges.next() == nil)
        #expect(pool.observationCount == 0)

        // Idempotent, and closing afterwards is as usual.
        pool.endObservations()
        await pool.close()
        #expect(pool.isClosed)
        var afterClose = pool.observe { ctx in try ctx.query(sql: "SELECT 1")[0][0].integerValue! }.makeAsyncIterator()
        await #expect(throws: SQLError.self) { try await afterClose.next() }
        pool.endObservations()
    }

    /// The stream ends while its query is running on a reader, without waiting for it; the
    /// run then finishes, its value goes nowhere, and the pool closes as usual.
    @Test func anObservationEndsWhileItsQueryRuns() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory)
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let runs = Locked(0)
        let consumer = Task {
            var values: [Int64] = []
            for try await value in pool.observe({ ctx -> Int64 in
                let run = runs.withValue {
                    $0 += 1; return $0
                }
                if run == 2 {
                    entered.signal()
                    release.wait()
                }
                return try ctx.query(sql: "SELECT count(*) FROM notes")[0][0].integerValue!
            }) {
                values.append(value)
            }
            return values
        }
        try await eventually("the first run") { runs.current == 1 }
        try await pool.write { ctx in try ctx.exec(sql: "INSERT INTO notes (text) VALUES ('x')") }
        // Off the cooperative pool, with a bound: the second run has started and blocks.
        let started = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            DispatchQueue.global().async {
                continuation.resume(returning: entered.wait(timeout: .now() + 120) == .success)
            }
        }
        guard started else {
            release.signal()
            throw TimedOut(what: "the second run")
        }
        pool.endObservations()
        let values = try await value(of: consumer)
        release.signal()
        #expect(values == [0])
        try await eventually("the observation to be forgotten") { pool.observationCount == 0 }
        // The reader the run held is given back: a read and the close do not wait forever.
        #expect(try await pool.read { ctx in try ctx.query(sql: "SELECT count(*) FROM notes")[0][0].integerValue } == 1)
        await pool.close()
        #expect(runs.current == 2)
    }

    /// A consumer that goes away (its task cancelled, or its stream dropped) is forgotten
    /// without any commit: the count a health endpoint shows drops to zero.
    @Test func consumersThatGoAwayAreForgottenWithoutACommit() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory)
        defer { pool.close() }
        let started = Locked(0)
        var tasks: [Task<Void, any Error>] = []
        for _ in 0..<4 {
            tasks.append(
                Task {
                    for try await _ in pool.observe({ ctx in
                        try ctx.query(sql: "SELECT count(*) FROM notes")[0][0].integerValue!
                    }) {
                        started.withValue { $0 += 1 }
                    }
                })
        }
        for _ in 0..<2 {
            tasks.append(
                Task {
                    started.withValue { $0 += 1 }
                    for await _ in pool.changes() {}
                })
        }
        try await eventually("six consumers") { started.current == 6 }
        try await eventually("six observations") { pool.observationCount == 6 }
        for task in tasks { task.cancel() }
        for task in tasks { _ = try? await value(of: task) }
        try await eventually("no observation") { pool.observationCount == 0 }
        // A stream made and dropped unread counts only while it exists.
        do {
            let stream = pool.changes()
            #expect(pool.observationCount == 1)
            _ = stream
        }
        #expect(pool.observationCount == 0)
    }

    /// Observations started from many tasks while observation ends: each one either sees
    /// its first value and then ends, or ends at once; none is left running.
    @Test func observationsStartedConcurrentlyWithTheEndAllEnd() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory)
        defer { pool.close() }
        let starters = 24
        let ended = Locked(0)
        let starting = Task {
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<starters {
                    group.addTask {
                        if index == starters / 2 { pool.endObservations() }
                        var values = 0
                        if index.isMultiple(of: 2) {
                            do {
                                for try await _ in pool.observe({ ctx in
                                    try ctx.query(sql: "SELECT count(*) FROM notes")[0][0].integerValue!
                                }) {
                                    values += 1
                                }
                            } catch {
                                Issue.record("an observation failed: \(error)")
                            }
                        } else {
                            for await _ in pool.changes() { values += 1 }
                        }
                        #expect(values <= 1)
                        ended.withValue { $0 += 1 }
                    }
                }
            }
        }
        do {
            try await eventually("every stream to end") { ended.current == starters }
        } catch {
            starting.cancel()
            throw error
        }
        await starting.value
        #expect(ended.current == starters)
        #expect(pool.observationCount == 0)
    }
}
