import Foundation
import SlateTestSupport
import Testing

@testable import Slate

/// How the pool queues callers: first come first served for the writer and for the
/// readers, sync and async alike; reads never behind queued writes; a cancelled waiter out
/// of the queue at once. Counts, never timings.
@Suite struct PoolQueueingTests {
    /// Waits are not bounded here: these tests hold a connection while they queue callers
    /// one by one, which on a loaded machine may take longer than the default limit.
    private func pool(_ directory: TemporaryDirectory, readers: Int = 2) throws -> SQLPool {
        let pool = try SQLPool(
            path: directory.path("queue.sqlite"), configuration: .init(maximumReaderCount: readers, maximumWait: nil))
        try pool.write { try $0.exec(sql: "CREATE TABLE log (k INTEGER)") }
        return pool
    }

    /// Holds the writer (or a reader) on a thread of its own until `release` is called.
    final class Holder: @unchecked Sendable {
        let gate = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)

        static func write(_ pool: SQLPool) async -> Holder {
            await hold { holding in try pool.writeWithoutTransaction { _ in holding() } }
        }

        static func read(_ pool: SQLPool) async -> Holder {
            await hold { holding in try pool.readWithoutTransaction { _ in holding() } }
        }

        /// Runs `take` on a thread of its own; `take` calls `holding` with its connection held.
        private static func hold(_ take: @escaping @Sendable (_ holding: () -> Void) throws -> Void) async -> Holder {
            let holder = Holder()
            await withCheckedContinuation { (held: CheckedContinuation<Void, Never>) in
                Thread.detachNewThread {
                    try? take {
                        held.resume()
                        holder.gate.wait()
                    }
                    holder.done.signal()
                }
            }
            return holder
        }

        func release() async {
            gate.signal()
            await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
                Thread.detachNewThread {
                    self.done.wait()
                    finished.resume()
                }
            }
        }
    }

    /// Waits (by count) until `count` callers are queued.
    private func waitUntilQueued(_ pool: SQLPool, writers: Int? = nil, readers: Int? = nil) async throws {
        for _ in 0..<20_000 {
            let counts = pool.queuedCounts
            if writers.map({ counts.writer == $0 }) ?? true, readers.map({ counts.reader == $0 }) ?? true { return }
            try await Task.sleep(for: .milliseconds(1))
        }
        throw TimedOut(what: "\(writers ?? -1) queued writers and \(readers ?? -1) queued readers")
    }

    @Test func writesAreGrantedInRequestOrderSyncAndAsync() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory)
        defer { pool.close() }
        let holder = await Holder.write(pool)
        var tasks: [Task<Void, any Error>] = []
        for k in 1...12 {
            if k % 3 == 0 {
                // A sync caller, waiting on a thread of its own.
                tasks.append(
                    Task {
                        await Thread.detachNewThreadAndWait {
                            try? pool.write {
                                try $0.exec(sql: "INSERT INTO log VALUES (?)", parameters: [.integer(Int64(k))])
                            }
                        }
                    })
            } else {
                tasks.append(
                    Task {
                        try await pool.write {
                            try $0.exec(sql: "INSERT INTO log VALUES (?)", parameters: [.integer(Int64(k))])
                        }
                    })
            }
            try await waitUntilQueued(pool, writers: k)
        }
        await holder.release()
        for task in tasks { try await task.value }
        let order = try await pool.read { try $0.query(sql: "SELECT k FROM log ORDER BY rowid") }
        #expect(order == (1...12).map { [.integer(Int64($0))] })
    }

    @Test func readsAreServedInOrderAndNeverBehindQueuedWrites() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory, readers: 1)
        defer { pool.close() }
        let writer = await Holder.write(pool)
        var writes: [Task<Void, any Error>] = []
        for k in 1...8 {
            writes.append(
                Task {
                    try await pool.write {
                        try $0.exec(sql: "INSERT INTO log VALUES (?)", parameters: [.integer(Int64(k))])
                    }
                })
            try await waitUntilQueued(pool, writers: k)
        }
        // With the writer held and eight writes queued, reads still complete: all 40.
        for _ in 0..<40 {
            #expect(try await pool.read { try $0.query(sql: "SELECT count(*) FROM log") } == [[0]])
        }
        // Readers queue first come first served too.
        let reader = await Holder.read(pool)
        let order = Locked<[Int]>([])
        var reads: [Task<Void, any Error>] = []
        for k in 1...6 {
            reads.append(Task { try await pool.read { _ in order.withValue { $0.append(k) } } })
            try await waitUntilQueued(pool, readers: k)
        }
        await reader.release()
        for task in reads { try await task.value }
        #expect(order.current == [1, 2, 3, 4, 5, 6])
        #expect(pool.queuedCounts.writer == 8)
        await writer.release()
        for task in writes { try await task.value }
        #expect(try await pool.read { try $0.query(sql: "SELECT count(*) FROM log") } == [[8]])
    }

    @Test func aCancelledWaiterLeavesTheQueueAtOnce() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory)
        defer { pool.close() }
        let holder = await Holder.write(pool)
        let ran = Locked<[Int]>([])
        var tasks: [Task<Void, any Error>] = []
        for k in 1...5 {
            tasks.append(Task { try await pool.write { _ in ran.withValue { $0.append(k) } } })
            try await waitUntilQueued(pool, writers: k)
        }
        tasks[1].cancel()
        tasks[3].cancel()
        // Both end while the writer is still held: they were not waiting for it any more.
        for cancelled in [1, 3] {
            await #expect(throws: CancellationError.self) { try await tasks[cancelled].value }
        }
        #expect(pool.queuedCounts.writer == 3)
        await holder.release()
        for k in [0, 2, 4] { try await tasks[k].value }
        #expect(ran.current == [1, 3, 5])
    }

    @Test func aTaskCancelledBeforeItAsksThrowsWithoutQueueing() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory)
        defer { pool.close() }
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await pool.read { _ in 1 }
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(pool.queuedCounts.writer == 0 && pool.queuedCounts.reader == 0)
    }

    @Test func closingFailsTheQueuedCallers() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory)
        let holder = await Holder.write(pool)
        var tasks: [Task<Void, any Error>] = []
        for k in 1...3 {
            tasks.append(Task { try await pool.write { _ in } })
            try await waitUntilQueued(pool, writers: k)
        }
        let closing = Task { await pool.close() }
        for task in tasks {
            do {
                try await task.value
                Issue.record("a queued write ran on a closing pool")
            } catch let error as SQLError {
                #expect(error.code == .misuse)
                #expect(error.message.hasSuffix("is closed"))
            }
        }
        await holder.release()
        await closing.value
        #expect(pool.isClosed)
    }

    /// Many tasks at once on two readers and the writer: every call is served, once.
    @Test func manyTasksAreAllServed() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory)
        defer { pool.close() }
        let writes = 200
        let reads = 400
        try await withThrowingTaskGroup(of: Void.self) { group in
            for k in 0..<writes {
                group.addTask {
                    try await pool.write {
                        try $0.exec(sql: "INSERT INTO log VALUES (?)", parameters: [.integer(Int64(k))])
                    }
                }
            }
            for _ in 0..<reads {
                group.addTask { _ = try await pool.read { try $0.query(sql: "SELECT count(*) FROM log") } }
            }
            try await group.waitForAll()
        }
        #expect(
            try await pool.read { try $0.query(sql: "SELECT count(*), count(DISTINCT k) FROM log") } == [[200, 200]])
        #expect(pool.queuedCounts.writer == 0 && pool.queuedCounts.reader == 0)
    }
}
