import Foundation
import SlateTestSupport
import Testing

@testable import Slate

/// The pool's leasing under races with fixed counts of callers (no timing is asserted):
/// a wait limit passing as the connection is granted, a cancellation racing a grant, a
/// close racing grants, and a close from inside one of the pool's own closures. Whatever
/// the interleaving, every connection granted is used or given back: afterwards nobody
/// waits, nothing is left registered, a write still goes through, and closing returns
/// with every connection closed.
@Suite struct PoolRaceTests {
    private func pool(_ directory: TemporaryDirectory, readers: Int = 2, maximumWait: Duration? = nil) throws -> SQLPool
    {
        let pool = try SQLPool(
            path: directory.path("race.sqlite"),
            configuration: .init(maximumReaderCount: readers, maximumWait: maximumWait))
        try pool.write { try $0.exec(sql: "CREATE TABLE log (k INTEGER)") }
        return pool
    }

    /// Runs `count` sync callers, each on a thread of its own, and returns once all did.
    private func onThreads(_ count: Int, _ call: @escaping @Sendable (Int) -> Void) async {
        let group = DispatchGroup()
        for k in 0..<count {
            group.enter()
            Thread.detachNewThread {
                call(k)
                group.leave()
            }
        }
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            group.notify(queue: .global()) { done.resume() }
        }
    }

    /// `body`, synchronous: the pool's sync calls, from an async test.
    private func syncly<T>(_ body: () throws -> T) rethrows -> T { try body() }

    /// Whether every connection of `pool` is closed (read under the connections' own locks).
    private func allClosed(_ pool: SQLPool) -> Bool {
        pool.writer.map { $0.connection.interruptible.withLock { $0 == nil } } ?? true
    }

    private func rows(_ directory: TemporaryDirectory) throws -> Int64 {
        let context = try SQLContext(path: directory.path("race.sqlite"))
        defer { context.close() }
        guard case .integer(let count) = try context.query(sql: "SELECT count(*) FROM log")[0][0] else { return -1 }
        return count
    }

    /// The pool is whole again: nobody waits, no registration is left, and a write and a
    /// read go through (a grant lost to a wait limit would leave the writer held forever).
    private func expectWhole(_ pool: SQLPool) throws {
        #expect(pool.queuedCounts == (0, 0))
        #expect(pool.registeredCount == 0)
        try pool.write { try $0.exec(sql: "INSERT INTO log VALUES (-1)") }
        _ = try pool.read { try $0.query(sql: "SELECT count(*) FROM log") }
    }

    @Test func aWaitLimitPassingAsTheWriterIsGrantedNeverLosesIt() async throws {
        let directory = TemporaryDirectory()
        // A limit of a millisecond: many waits end just as the writer is handed over.
        let pool = try pool(directory, maximumWait: .milliseconds(1))
        let outcomes = LockedBox((written: 0, timedOut: 0, other: [String]()))
        await onThreads(8) { k in
            for _ in 0..<60 {
                do {
                    try pool.write { try $0.exec(sql: "INSERT INTO log VALUES (?)", k) }
                    outcomes.withLock { $0.written += 1 }
                } catch let error as SQLError where error.code == .busy {
                    outcomes.withLock { $0.timedOut += 1 }
                } catch {
                    outcomes.withLock { $0.other.append("\(error)") }
                }
            }
        }
        let (written, timedOut, other) = outcomes.withLock { $0 }
        #expect(other == [])
        #expect(written + timedOut == 480)
        #expect(try rows(directory) == Int64(written))
        try expectWhole(pool)
        syncly { pool.close() }
        #expect(allClosed(pool))
    }

    @Test func aWaitLimitPassingAsAReaderIsGrantedNeverLosesIt() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory, readers: 2, maximumWait: .milliseconds(1))
        let outcomes = LockedBox((read: 0, timedOut: 0, other: [String]()))
        await onThreads(8) { _ in
            for _ in 0..<60 {
                do {
                    _ = try pool.read { try $0.query(sql: "SELECT count(*) FROM log") }
                    outcomes.withLock { $0.read += 1 }
                } catch let error as SQLError where error.code == .busy {
                    outcomes.withLock { $0.timedOut += 1 }
                } catch {
                    outcomes.withLock { $0.other.append("\(error)") }
                }
            }
        }
        let (read, timedOut, other) = outcomes.withLock { $0 }
        #expect(other == [])
        #expect(read + timedOut == 480)
        try expectWhole(pool)
        syncly { pool.close() }
        #expect(allClosed(pool))
    }

    @Test func aCancellationRacingAGrantNeverLosesTheConnection() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory, readers: 1)
        let outcomes = LockedBox((done: 0, cancelled: 0, other: [String]()))
        for round in 0..<10 {
            var tasks: [Task<Void, Never>] = []
            for k in 0..<12 {
                tasks.append(
                    Task {
                        do {
                            if k.isMultiple(of: 2) {
                                try await pool.write { try $0.exec(sql: "INSERT INTO log VALUES (?)", round * 100 + k) }
                            } else {
                                _ = try await pool.read { try $0.query(sql: "SELECT count(*) FROM log") }
                            }
                            outcomes.withLock { $0.done += 1 }
                        } catch is CancellationError {
                            outcomes.withLock { $0.cancelled += 1 }
                        } catch {
                            outcomes.withLock { $0.other.append("\(error)") }
                        }
                    })
            }
            // Cancelled at every stage: before registering, queued, granted, running.
            for (k, task) in tasks.enumerated() {
                if k % 3 == 0 { await Task.yield() }
                task.cancel()
            }
            for task in tasks { await task.value }
        }
        let (done, cancelled, other) = outcomes.withLock { $0 }
        #expect(other == [])
        #expect(done + cancelled == 120)
        try expectWhole(pool)
        syncly { pool.close() }
        #expect(allClosed(pool))
    }

    @Test func aCloseRacingGrantsFailsOrServesEachCallerOnceAndClosesEverything() async throws {
        for _ in 0..<5 {
            let directory = TemporaryDirectory()
            let pool = try pool(directory, readers: 2)
            let outcomes = LockedBox((written: 0, read: 0, closed: 0, other: [String]()))
            let tasks = (0..<6).map { k in
                Task {
                    do {
                        try await pool.write { try $0.exec(sql: "INSERT INTO log VALUES (?)", k) }
                        outcomes.withLock { $0.written += 1 }
                    } catch let error as SQLError where error.code == .misuse {
                        outcomes.withLock { $0.closed += 1 }
                    } catch {
                        outcomes.withLock { $0.other.append("\(error)") }
                    }
                }
            }
            await onThreads(9) { k in
                if k == 0 {
                    pool.close()
                    return
                }
                do {
                    if k.isMultiple(of: 2) {
                        try pool.write { try $0.exec(sql: "INSERT INTO log VALUES (?)", k) }
                        outcomes.withLock { $0.written += 1 }
                    } else {
                        _ = try pool.read { try $0.query(sql: "SELECT count(*) FROM log") }
                        outcomes.withLock { $0.read += 1 }
                    }
                } catch let error as SQLError where error.code == .misuse {
                    outcomes.withLock { $0.closed += 1 }
                } catch {
                    outcomes.withLock { $0.other.append("\(error)") }
                }
            }
            for task in tasks { await task.value }
            let (written, read, closed, other) = outcomes.withLock { $0 }
            #expect(other == [])
            #expect(written + read + closed == 14)
            // The close returned only once every connection was closed, so the file holds
            // each write that succeeded.
            #expect(allClosed(pool))
            #expect(pool.queuedCounts == (0, 0))
            #expect(try rows(directory) == Int64(written))
        }
    }

    @Test func everyConcurrentCloserReturnsOnlyOnceTheConnectionsAreClosed() async throws {
        for _ in 0..<10 {
            let directory = TemporaryDirectory()
            let pool = try pool(directory)
            let holder = await PoolQueueingTests.Holder.write(pool)
            let early = LockedBox([Bool]())
            let closers = Task.detached {
                await onThreads(4) { _ in
                    pool.close()
                    early.withLock { $0.append(!allClosed(pool)) }
                }
            }
            await holder.release()
            await closers.value
            #expect(early.withLock { $0 } == [false, false, false, false])
        }
    }

    // MARK: Closing from inside a pool closure

    @Test func closingFromInsideAWriteReturnsAndTheConnectionsCloseAsItEnds() throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory)
        let insideClosed = try pool.write { context in
            pool.close()
            // Closed to newcomers, but the closure's own transaction goes on.
            try context.exec(sql: "INSERT INTO log VALUES (1)")
            return pool.isClosed && !allClosed(pool)
        }
        #expect(insideClosed)
        #expect(allClosed(pool))
        #expect(throws: SQLError.self) { try pool.read { _ in } }
        #expect(try rows(directory) == 1)
        pool.close() // again, from outside: returns at once
    }

    @Test func closingFromInsideAReadWhileAWriteRunsClosesAsTheLastEnds() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory)
        let holder = await PoolQueueingTests.Holder.write(pool)
        try syncly { try pool.read { _ in pool.close() } }
        // The read ended, the write still holds the writer: not closed yet.
        #expect(pool.isClosed && !allClosed(pool))
        await holder.release()
        #expect(allClosed(pool))
    }

    @Test func closingFromInsideAnAsyncWriteReturns() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory)
        try await pool.write { context in
            pool.close()
            try context.exec(sql: "INSERT INTO log VALUES (1)")
        }
        #expect(allClosed(pool))
        #expect(try rows(directory) == 1)
    }

    @Test func closingFromATaskTheClosureWaitsForReturns() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory)
        let failure = LockedBox<String?>(nil)
        // On a thread of its own: the closure blocks it while the task runs.
        await onThreads(1) { _ in
            do {
                try pool.write { context in
                    // The task inherits the closure's mark: its close cannot wait for the
                    // closure, which waits for it.
                    let done = DispatchSemaphore(value: 0)
                    Task {
                        pool.close()
                        done.signal()
                    }
                    done.wait()
                    try context.exec(sql: "INSERT INTO log VALUES (1)")
                }
            } catch {
                failure.withLock { $0 = "\(error)" }
            }
        }
        #expect(failure.withLock { $0 } == nil)
        #expect(allClosed(pool))
        #expect(try rows(directory) == 1)
    }

    @Test func anAsyncCloseFromATaskTheClosureWaitsForReturns() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory)
        await onThreads(1) { _ in
            try? pool.write { _ in
                let done = DispatchSemaphore(value: 0)
                Task {
                    await pool.close()
                    done.signal()
                }
                done.wait()
            }
        }
        #expect(allClosed(pool))
    }

    @Test func aCloserFromOutsideWaitsForTheClosureThatClosedFromInside() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory)
        let inside = DispatchSemaphore(value: 0)
        let finish = DispatchSemaphore(value: 0)
        let writing = Task.detached {
            await onThreads(1) { _ in
                try? pool.write { _ in
                    pool.close()
                    inside.signal()
                    finish.wait()
                }
            }
        }
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                inside.wait()
                done.resume()
            }
        }
        let closedWhenOutsideReturned = Task.detached {
            pool.close()
            return allClosed(pool)
        }
        finish.signal()
        await writing.value
        #expect(await closedWhenOutsideReturned.value)
    }
}
