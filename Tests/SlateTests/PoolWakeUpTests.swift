import Foundation
import SlateTestSupport
import Testing

@testable import Slate

/// A connection given back wakes only the waiter it is granted to: threads waiting for
/// the writer or a reader each wake once, however many releases happen while they wait
/// (the pool used to broadcast to every waiting thread on every release).
@Suite struct PoolWakeUpTests {
    typealias Holder = PoolQueueingTests.Holder

    private func pool(_ directory: TemporaryDirectory, readers: Int) throws -> SQLPool {
        let pool = try SQLPool(
            path: directory.path("wake.sqlite"), configuration: .init(maximumReaderCount: readers, maximumWait: nil))
        try pool.write { try $0.exec(sql: "CREATE TABLE log (k INTEGER)") }
        return pool
    }

    private func waitUntilQueued(_ pool: SQLPool, writers: Int, readers: Int) async throws {
        for _ in 0..<20_000 {
            if pool.queuedCounts == (writers, readers) { return }
            try await Task.sleep(for: .milliseconds(1))
        }
        throw TimedOut(what: "\(writers) queued writers and \(readers) queued readers")
    }

    /// Starts `count` sync callers on threads of their own; the group is left when each
    /// returned.
    private func startThreads(_ count: Int, _ group: DispatchGroup, _ call: @escaping @Sendable (Int) -> Void) {
        for k in 0..<count {
            group.enter()
            Thread.detachNewThread {
                call(k)
                group.leave()
            }
        }
    }

    @Test func eachQueuedWriterThreadWakesOnce() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory, readers: 1)
        defer { pool.close() }
        let holder = await Holder.write(pool)
        let group = DispatchGroup()
        startThreads(6, group) { k in _ = try? pool.write { try $0.exec(sql: "INSERT INTO log VALUES (?)", k) } }
        try await waitUntilQueued(pool, writers: 6, readers: 0)
        #expect(pool.threadWakeUps == 0)
        await holder.release()
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            group.notify(queue: .global()) { done.resume() }
        }
        // Six releases with waiters behind them; six wake-ups, not 6 + 5 + 4 + 3 + 2 + 1.
        #expect(pool.threadWakeUps == 6)
        let count = try await pool.read { try $0.query(sql: "SELECT count(*) FROM log")[0][0] }
        #expect(count == .integer(6))
    }

    @Test func aReleasedReaderWakesNoWriterThread() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory, readers: 1)
        defer { pool.close() }
        let writer = await Holder.write(pool)
        let reader = await Holder.read(pool)
        let writers = DispatchGroup()
        let readers = DispatchGroup()
        startThreads(3, writers) { k in _ = try? pool.write { try $0.exec(sql: "INSERT INTO log VALUES (?)", k) } }
        startThreads(3, readers) { _ in _ = try? pool.read { try $0.query(sql: "SELECT count(*) FROM log") } }
        try await waitUntilQueued(pool, writers: 3, readers: 3)
        await reader.release()
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            readers.notify(queue: .global()) { done.resume() }
        }
        // Three reads served, one wake-up each; the writer threads slept through them.
        #expect(pool.threadWakeUps == 3)
        #expect(pool.queuedCounts == (3, 0))
        await writer.release()
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            writers.notify(queue: .global()) { done.resume() }
        }
        #expect(pool.threadWakeUps == 6)
    }

    @Test func closingWakesEachWaitingThreadOnceWithTheError() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory, readers: 1)
        let holder = await Holder.write(pool)
        let group = DispatchGroup()
        let failures = LockedBox(0)
        startThreads(4, group) { _ in
            do { try pool.write { _ in } } catch let error as SQLError where error.code == .misuse {
                failures.withLock { $0 += 1 }
            } catch {}
        }
        try await waitUntilQueued(pool, writers: 4, readers: 0)
        // Closing waits for the holder: on a thread of its own, not a task's.
        let closing = DispatchGroup()
        startThreads(1, closing) { _ in pool.close() }
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            group.notify(queue: .global()) { done.resume() }
        }
        #expect(failures.withLock { $0 } == 4)
        #expect(pool.threadWakeUps == 4)
        await holder.release()
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            closing.notify(queue: .global()) { done.resume() }
        }
        #expect(pool.isClosed)
    }
}
