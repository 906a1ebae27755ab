import Dispatch
import Foundation
import SlateTestSupport
import Testing

@testable import Slate

/// Issue 30, §2: nested pool calls through another thread or task, and the pool's wait
/// limit.
@Suite struct Review30PoolWaitLimitTests {
    /// A file pool with `readers` readers and a 200 ms wait limit.
    private func pool(
        _ directory: TemporaryDirectory, readers: Int = 2, limit: Duration? = .milliseconds(200)
    ) throws -> SQLPool {
        let pool = try SQLPool(
            path: directory.path("waits.sqlite"),
            configuration: SQLPool.Configuration(maximumReaderCount: readers, maximumWait: limit))
        try pool.write { ctx in try ctx.exec(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY)") }
        return pool
    }

    /// Holds the pool's writer (or a reader) on a thread of its own until `release` is
    /// signalled; returns once it holds it.
    private func hold(_ pool: SQLPool, write: Bool, until release: DispatchSemaphore) -> DispatchSemaphore {
        let held = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            if write {
                try? pool.write { _ in
                    held.signal()
                    release.wait()
                }
            } else {
                try? pool.read { _ in
                    held.signal()
                    release.wait()
                }
            }
            done.signal()
        }
        held.wait()
        return done
    }

    private func expectWaitLimit(
        _ error: any Error, call: String, holder: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let error = error as? SQLError else {
            Issue.record("expected the wait limit's SQLError, got \(error)", sourceLocation: sourceLocation)
            return
        }
        #expect(error.code == .busy, sourceLocation: sourceLocation)
        #expect(
            error.message.hasPrefix(
                "a pool \(call) waited longer than its limit of 200 ms (SQLPool.Configuration.maximumWait)"),
            "\(error.message)", sourceLocation: sourceLocation)
        #expect(
            error.message.contains("held by a \(holder) running for "), "\(error.message)",
            sourceLocation: sourceLocation)
    }

    @Test func theDefaultLimitIsTenSecondsAndItMustBePositive() throws {
        #expect(SQLPool.Configuration().maximumWait == .seconds(10))
        #expect(SQLPool.Configuration.default.maximumWait == .seconds(10))
        for bad: Duration in [.zero, .milliseconds(-1)] {
            #expect(throws: SQLError.self) {
                try SQLPool(path: nil, configuration: SQLPool.Configuration(maximumWait: bad))
            }
        }
    }

    @Test func aSyncWriteThatWaitsTooLongThrowsNamingTheHolder() throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory)
        defer { pool.close() }
        let release = DispatchSemaphore(value: 0)
        let done = hold(pool, write: true, until: release)
        do {
            try pool.write { ctx in try ctx.exec(sql: "INSERT INTO t VALUES (1)") }
            Issue.record("the write did not time out")
        } catch {
            expectWaitLimit(error, call: "write", holder: "write")
        }
        do {
            try pool.writeWithoutTransaction { _ in }
            Issue.record("the write did not time out")
        } catch {
            expectWaitLimit(error, call: "writeWithoutTransaction", holder: "write")
        }
        release.signal()
        done.wait()
        // Nothing is left queued, and the writer serves the next caller.
        #expect(pool.queuedCounts == (0, 0))
        try pool.write { ctx in try ctx.exec(sql: "INSERT INTO t VALUES (2)") }
        #expect(try pool.read { ctx in try ctx.query(sql: "SELECT id FROM t") } == [[.integer(2)]])
    }

    @Test func anAsyncWriteThatWaitsTooLongThrowsNamingTheHolder() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory)
        defer { pool.close() }
        let release = DispatchSemaphore(value: 0)
        let done = hold(pool, write: true, until: release)
        do {
            try await pool.write { ctx in try ctx.exec(sql: "INSERT INTO t VALUES (1)") }
            Issue.record("the write did not time out")
        } catch {
            expectWaitLimit(error, call: "async write", holder: "write")
        }
        release.signal()
        done.wait()
        #expect(pool.queuedCounts == (0, 0))
        try await pool.write { ctx in try ctx.exec(sql: "INSERT INTO t VALUES (2)") }
    }

    /// Readers all held: sync and async reads both time out, naming the reads that hold
    /// them.
    @Test func readsThatWaitTooLongThrow() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory, readers: 1)
        defer { pool.close() }
        let release = DispatchSemaphore(value: 0)
        let done = hold(pool, write: false, until: release)
        do {
            try syncRead(pool)
            Issue.record("the read did not time out")
        } catch {
            expectWaitLimit(error, call: "read", holder: "read")
        }
        do {
            _ = try await pool.readWithoutTransaction { _ in 1 }
            Issue.record("the read did not time out")
        } catch {
            expectWaitLimit(error, call: "async readWithoutTransaction", holder: "read")
        }
        // The writer is not held: a write goes on meanwhile.
        try await pool.write { ctx in try ctx.exec(sql: "INSERT INTO t VALUES (1)") }
        release.signal()
        done.wait()
        #expect(try await pool.read { ctx in try ctx.query(sql: "SELECT count(*) FROM t") } == [[.integer(1)]])
    }

    /// Many async and sync callers queued behind a held writer all time out, none is
    /// left in the queue, and the writer then serves the next caller.
    @Test func manyWaitersAllTimeOutAndLeaveNothingQueued() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory)
        defer { pool.close() }
        let release = DispatchSemaphore(value: 0)
        let done = hold(pool, write: true, until: release)
        let failures = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<60 {
                group.addTask {
                    do {
                        if index % 6 == 0 {
                            // A sync caller, on a thread of its own.
                            return await withCheckedContinuation { continuation in
                                Thread.detachNewThread {
                                    do {
                                        try pool.write { _ in }
                                        continuation.resume(returning: false)
                                    } catch {
                                        continuation.resume(returning: (error as? SQLError)?.code == .busy)
                                    }
                                }
                            }
                        }
                        try await pool.write { _ in }
                        return false
                    } catch {
                        return (error as? SQLError)?.code == .busy
                    }
                }
            }
            var count = 0
            for await failed in group where failed { count += 1 }
            return count
        }
        #expect(failures == 60)
        #expect(pool.queuedCounts == (0, 0))
        release.signal()
        done.wait()
        try await pool.write { ctx in try ctx.exec(sql: "INSERT INTO t VALUES (1)") }
    }

    /// With no limit (nil), a caller waits as long as it takes.
    @Test func noLimitWaitsForTheHolder() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory, limit: nil)
        defer { pool.close() }
        let release = DispatchSemaphore(value: 0)
        let done = hold(pool, write: true, until: release)
        let waiter = Task { try await pool.write { ctx in try ctx.exec(sql: "INSERT INTO t VALUES (1)") } }
        while pool.queuedCounts.writer == 0 { try await Task.sleep(for: .milliseconds(10)) }
        try await Task.sleep(for: .milliseconds(400))
        release.signal()
        try await waiter.value
        done.wait()
        #expect(try await pool.read { ctx in try ctx.query(sql: "SELECT count(*) FROM t") } == [[.integer(1)]])
    }

    /// An observation's run waits for a reader as long as it takes: it holds no
    /// connection while it waits, and a busy pool must not end the observation.
    @Test func anObservationWaitsForAReaderBeyondTheLimit() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory, readers: 1)
        defer { pool.close() }
        var values = pool.observe { ctx in try ctx.query(sql: "SELECT count(*) FROM t")[0][0] }.makeAsyncIterator()
        #expect(try await values.next() == .integer(0))
        let release = DispatchSemaphore(value: 0)
        let done = hold(pool, write: false, until: release)
        try await pool.write { ctx in try ctx.exec(sql: "INSERT INTO t VALUES (1)") }
        while pool.queuedCounts.reader == 0 { try await Task.sleep(for: .milliseconds(5)) }
        try await Task.sleep(for: .milliseconds(400))
        release.signal()
        done.wait()
        #expect(try await values.next() == .integer(1))
    }

    /// The issue's first case: a read closure that waits for a read made on a Dispatch
    /// queue, with one reader. The pool cannot see it: the inner read times out, naming
    /// the read that holds the reader, and the outer read then ends.
    @Test func aReadWaitingForAReadOnAQueueEndsWithTheWaitLimit() throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory, readers: 1)
        defer { pool.close() }
        let inner = Locked<(any Error)?>(nil)
        try pool.read { _ in
            let finished = DispatchSemaphore(value: 0)
            DispatchQueue(label: "other").async {
                do {
                    _ = try pool.read { _ in 1 }
                } catch {
                    inner.withValue { $0 = error }
                }
                finished.signal()
            }
            finished.wait()
        }
        let error = try #require(inner.current)
        expectWaitLimit(error, call: "read", holder: "read")
    }

    /// The issue's second case: a write closure that waits for a `Task` asking for the
    /// writer. The task inherits the closure's mark and is refused at once.
    @Test func aTaskStartedInsideAWriteCannotWaitForTheWriter() async throws {
        let directory = TemporaryDirectory()
        // No wait limit: only the refusal can end this.
        let pool = try pool(directory, limit: nil)
        defer { pool.close() }
        let errors = Locked<[SQLError]>([])
        try await pool.write { ctx in
            try ctx.exec(sql: "INSERT INTO t VALUES (1)")
            let finished = DispatchSemaphore(value: 0)
            Task {
                // Async write, async writeWithoutTransaction, sync write from the task,
                // and a task started inside the task.
                do { try await pool.write { _ in } } catch let error as SQLError {
                    errors.withValue { $0.append(error) }
                } catch {}
                do { try await pool.writeWithoutTransaction { _ in } } catch let error as SQLError {
                    errors.withValue { $0.append(error) }
                } catch {}
                do { try syncWrite(pool) } catch let error as SQLError { errors.withValue { $0.append(error) } } catch {
                }
                await Task {
                    do { try await pool.write { _ in } } catch let error as SQLError {
                        errors.withValue { $0.append(error) }
                    } catch {}
                }.value
                finished.signal()
            }
            finished.wait()
        }
        let refused = errors.current
        #expect(refused.count == 4)
        for error in refused {
            #expect(error.code == .misuse)
            #expect(
                error.message.contains(
                    "was asked for by a task started inside a pool async write closure that still holds the writer"),
                "\(error.message)")
        }
        #expect(refused.first?.message.hasPrefix("a pool async write was asked for") == true)
        #expect(
            refused.dropFirst().first?.message.hasPrefix("a pool async writeWithoutTransaction was asked for") == true)
        #expect(refused.dropFirst(2).first?.message.hasPrefix("a pool write was asked for") == true)
        #expect(try await pool.read { ctx in try ctx.query(sql: "SELECT count(*) FROM t") } == [[.integer(1)]])
    }

    /// The same from a sync write on a plain thread: the task started there inherits the
    /// mark too.
    @Test func aTaskStartedInsideASyncWriteOnAThreadIsRefused() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory, limit: nil)
        defer { pool.close() }
        let outcome = Locked<String>("")
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                try? pool.write { _ in
                    let finished = DispatchSemaphore(value: 0)
                    Task {
                        do {
                            try await pool.write { _ in }
                            outcome.withValue { $0 = "ran" }
                        } catch let error as SQLError {
                            outcome.withValue {
                                $0 =
                                    "\(error.code == .misuse) \(error.message.hasPrefix("a pool async write was asked for by a task started inside a pool write closure"))"
                            }
                        } catch {
                            outcome.withValue { $0 = "\(error)" }
                        }
                        finished.signal()
                    }
                    finished.wait()
                }
                continuation.resume()
            }
        }
        #expect(outcome.current == "true true")
    }

    /// What is not refused: a task from a write closure that reads (a reader is free), a
    /// task that writes after the closure returned, and a detached task (which inherits
    /// nothing: the wait limit catches it if the closure waits for it).
    @Test func tasksThatCanProceedAreNotRefused() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory)
        defer { pool.close() }
        let gate = DispatchSemaphore(value: 0)
        let later = Locked<Task<Void, any Error>?>(nil)
        let readCount = try await pool.write { ctx in
            try ctx.exec(sql: "INSERT INTO t VALUES (1)")
            let finished = DispatchSemaphore(value: 0)
            let count = Locked<[[SQLValue]]>([])
            Task {
                let rows = (try? await pool.read { ctx in try ctx.query(sql: "SELECT count(*) FROM t") }) ?? []
                count.withValue { $0 = rows }
                finished.signal()
            }
            finished.wait()
            // Fire and forget: it writes once this closure has returned.
            later.withValue {
                $0 = Task {
                    await withCheckedContinuation { continuation in
                        DispatchQueue.global().async {
                            gate.wait()
                            continuation.resume()
                        }
                    }
                    try await pool.write { ctx in try ctx.exec(sql: "INSERT INTO t VALUES (2)") }
                }
            }
            return count.current
        }
        // The read saw the snapshot before the write committed.
        #expect(readCount == [[.integer(0)]])
        gate.signal()
        try await later.current!.value
        // A detached task started inside a write and waited for: the wait limit ends it.
        let detached = Locked<(any Error)?>(nil)
        try await pool.write { _ in
            let finished = DispatchSemaphore(value: 0)
            Task.detached {
                do { try await pool.write { _ in } } catch { detached.withValue { $0 = error } }
                finished.signal()
            }
            finished.wait()
        }
        expectWaitLimit(try #require(detached.current), call: "async write", holder: "async write")
        #expect(
            try await pool.read { ctx in try ctx.query(sql: "SELECT id FROM t ORDER BY id") } == [
                [.integer(1)], [.integer(2)],
            ])
    }

    /// An in-memory pool has one connection: a task started inside any of its closures
    /// that asks for a read or a write is refused.
    @Test func inMemoryATaskInsideAReadIsRefused() async throws {
        let pool = try SQLPool(path: nil, configuration: SQLPool.Configuration(maximumWait: nil))
        defer { pool.close() }
        let message = Locked<String?>(nil)
        _ = try await pool.read { _ in
            let finished = DispatchSemaphore(value: 0)
            Task {
                do { _ = try await pool.read { _ in 1 } } catch let error as SQLError {
                    message.withValue { $0 = error.message }
                } catch {}
                finished.signal()
            }
            finished.wait()
            return 0
        }
        #expect(
            message.current?.hasPrefix(
                "a pool async read was asked for by a task started inside a pool async read closure that still holds the writer"
            ) == true)
    }

    /// Another pool's mark does not refuse anything.
    @Test func aTaskInsideOnePoolsWriteCanUseAnotherPool() async throws {
        let directory = TemporaryDirectory()
        let first = try pool(directory)
        defer { first.close() }
        let second = try SQLPool(path: nil)
        defer { second.close() }
        let result = try await first.write { _ in
            let finished = DispatchSemaphore(value: 0)
            let value = Locked<[[SQLValue]]>([])
            Task {
                let rows = (try? await second.write { ctx in try ctx.query(sql: "SELECT 42") }) ?? []
                value.withValue { $0 = rows }
                finished.signal()
            }
            finished.wait()
            return value.current
        }
        #expect(result == [[.integer(42)]])
    }
}

/// The sync calls, out of async code (where the async overloads would be chosen).
private func syncRead(_ pool: SQLPool) throws {
    _ = try pool.read { _ in 1 }
}

private func syncWrite(_ pool: SQLPool) throws {
    try pool.write { _ in }
}
