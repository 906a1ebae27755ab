import Foundation
import SlateTestSupport
import Testing

@testable import Slate

/// Issue 31 §2: commits made by other processes (and other pools on the same file) reach
/// `observe` and `changes()`, noticed with `PRAGMA data_version`; the pool's own commits
/// are never reported as someone else's.
@Suite struct Review31ExternalChangesTests {
    struct Summary: Equatable, Sendable {
        var count: Int64
        var sum: Int64
    }

    private static func summary(_ context: SQLContext) throws -> Summary {
        let row = try context.query(sql: "SELECT count(*), coalesce(sum(v), 0) FROM items")[0]
        return Summary(count: row[0].integerValue ?? -1, sum: row[1].integerValue ?? -1)
    }

    private func pool(_ directory: TemporaryDirectory, polling: Duration? = .milliseconds(20)) throws -> SQLPool {
        let pool = try SQLPool(
            path: directory.path("shared.sqlite"), configuration: .init(externalChangePolling: polling))
        try pool.write {
            try $0.exec(sql: "CREATE TABLE IF NOT EXISTS items (id INTEGER PRIMARY KEY, v INTEGER NOT NULL)")
        }
        return pool
    }

    private func child() throws -> URL {
        try #require(Executables.url("slate-test-child"), "slate-test-child is not built beside the tests")
    }

    @Test func anObservationSeesTheFinalValueWrittenByAnotherProcess() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory)
        defer { pool.close() }
        let observed = pool.observe(Self.summary)
        #expect(try await first(of: observed) { $0 == Summary(count: 0, sum: 0) } == Summary(count: 0, sum: 0))
        let result = try Executables.run(child(), ["insert", directory.path("shared.sqlite"), "25", "3"])
        #expect(result.output == "ok\n", "\(result.errors)")
        #expect(try await first(of: observed) { $0.count == 25 } == Summary(count: 25, sum: 75))
    }

    @Test func aChangeStreamTellsOfAnotherProcessCommitWithoutTables() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory)
        defer { pool.close() }
        let changes = pool.changes()
        let result = try Executables.run(child(), ["insert", directory.path("shared.sqlite"), "4", "1"])
        #expect(result.output == "ok\n", "\(result.errors)")
        let change = try await first(of: changes) { _ in true }
        #expect(change == SQLChanges(tables: [], rowIDs: [:], transactionCount: 0, isExternal: true))
        #expect(change.mayHaveChanged("anything"))
        #expect(try await pool.read(Self.summary) == Summary(count: 4, sum: 4))
    }

    @Test func theOwnCommitsOfAPoolAreNeverReportedAsExternal() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory, polling: .milliseconds(5))
        defer { pool.close() }
        let changes = pool.changes()
        var iterator = changes.makeAsyncIterator()
        for value in 1...20 {
            if value.isMultiple(of: 2) {
                try await pool.write {
                    try $0.exec(sql: "INSERT INTO items (v) VALUES (?)", parameters: [.integer(Int64(value))])
                }
            } else {
                try await pool.writeWithoutTransaction {
                    try $0.exec(sql: "INSERT INTO items (v) VALUES (?)", parameters: [.integer(Int64(value))])
                }
            }
        }
        // Let the probe look several times after the last write.
        let watcher = try #require(pool.observers.watcher)
        let ticks = watcher.ticks
        try await waitUntil { watcher.ticks >= ticks + 3 }
        try await pool.write { try $0.exec(sql: "INSERT INTO items (v) VALUES (100)") }
        var seen: [SQLChanges] = []
        while seen.reduce(0, { $0 + $1.transactionCount }) < 21 {
            guard let change = await iterator.next() else { break }
            seen.append(change)
        }
        #expect(seen.count == 21)
        #expect(seen.allSatisfy { !$0.isExternal && $0.tables == ["items"] && $0.transactionCount == 1 })
    }

    @Test func twoPoolsOnOneFileSeeEachOthersCommitsButNotTheirOwnTwice() async throws {
        let directory = TemporaryDirectory()
        let observing = try pool(directory)
        defer { observing.close() }
        let writing = try pool(directory)
        defer { writing.close() }
        let observed = observing.observe(Self.summary)
        let observingChanges = observing.changes()
        let writingChanges = writing.changes()
        var writingIterator = writingChanges.makeAsyncIterator()
        for value in 1...10 {
            try await writing.write {
                try $0.exec(sql: "INSERT INTO items (v) VALUES (?)", parameters: [.integer(Int64(value))])
            }
        }
        #expect(try await first(of: observed) { $0.count == 10 } == Summary(count: 10, sum: 55))
        let external = try await first(of: observingChanges) { _ in true }
        #expect(external.isExternal && external.tables.isEmpty)
        // The writing pool's own stream: exactly its ten transactions, none external.
        var own: [SQLChanges] = []
        for _ in 0..<10 { if let change = await writingIterator.next() { own.append(change) } }
        #expect(own.count == 10)
        #expect(own.allSatisfy { !$0.isExternal && $0.transactionCount == 1 })
    }

    @Test func aCheckpointAndVacuumByAnotherProcessAreHandled() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory)
        defer { pool.close() }
        try await pool.write { ctx in
            for value in 1...50 {
                try ctx.exec(sql: "INSERT INTO items (v) VALUES (?)", parameters: [.integer(Int64(value))])
            }
            try ctx.exec(sql: "DELETE FROM items WHERE id > 40")
        }
        let observed = pool.observe(Self.summary)
        #expect(try await first(of: observed) { _ in true } == Summary(count: 40, sum: 820))
        let result = try Executables.run(child(), ["maintain", directory.path("shared.sqlite"), "5", "2"])
        #expect(result.output == "ok\n", "\(result.errors)")
        #expect(try await first(of: observed) { $0.count == 45 } == Summary(count: 45, sum: 830))
        // The pool goes on writing and observing after the file was rewritten.
        try await pool.write { try $0.exec(sql: "INSERT INTO items (v) VALUES (1000)") }
        #expect(try await first(of: observed) { $0.count == 46 } == Summary(count: 46, sum: 1830))
    }

    @Test func pollingRunsOnlyWhileSomeoneObservesAndEndsWithThePool() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory)
        #expect(!pool.observers.isPollingExternalChanges)
        let first = pool.observe(Self.summary)
        let second = pool.observe(Self.summary)
        #expect(pool.observers.isPollingExternalChanges)
        let firstTask = Task { for try await _ in first {} }
        let secondTask = Task { for try await _ in second {} }
        firstTask.cancel()
        _ = await firstTask.result
        #expect(pool.observers.isPollingExternalChanges)
        secondTask.cancel()
        _ = await secondTask.result
        #expect(!pool.observers.isPollingExternalChanges)

        // A change stream: its iterator's task cancelled ends it.
        let changes = pool.changes()
        #expect(pool.observers.isPollingExternalChanges)
        let changesTask = Task { for await _ in changes {} }
        changesTask.cancel()
        _ = await changesTask.result
        #expect(!pool.observers.isPollingExternalChanges)

        // A change stream let go without iterating.
        do {
            _ = pool.changes()
        }
        try await waitUntil { !pool.observers.isPollingExternalChanges }

        // Again, then the pool closes under a live observation.
        let third = pool.observe(Self.summary)
        #expect(pool.observers.isPollingExternalChanges)
        await pool.close()
        #expect(!pool.observers.isPollingExternalChanges)
        for try await _ in third {}
    }

    @Test func pollingIsOffWhenConfiguredSoAndForInMemoryPools() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory, polling: nil)
        defer { pool.close() }
        let observed = pool.observe(Self.summary)
        #expect(pool.observers.watcher == nil)
        #expect(!pool.observers.isPollingExternalChanges)
        _ = observed
        let memory = try SQLPool(path: nil)
        defer { memory.close() }
        _ = memory.changes()
        #expect(memory.observers.watcher == nil)
        for interval in [Duration.zero, .milliseconds(-5)] {
            #expect {
                try SQLPool(path: directory.path("other.sqlite"), configuration: .init(externalChangePolling: interval))
            } throws: { error in
                (error as? SQLError)?.message
                    == "SQLPool.Configuration.externalChangePolling must be positive or nil, not \(interval)"
            }
        }
    }

    /// Waits, within a bound, for `condition`.
    private func waitUntil(_ condition: @Sendable () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(20)
        while !condition() {
            if ContinuousClock.now > deadline { throw TimedOut(what: "a condition") }
            try await Task.sleep(for: .milliseconds(2))
        }
    }
}

/// Closing a pool that was polling leaves no WAL behind: the probe connection closes
/// before the writer, which, last, checkpoints and removes the WAL.
@Suite struct Review31PollingCloseTests {
    @Test func closingAPollingPoolRemovesTheWAL() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("closed.sqlite")
        let pool = try SQLPool(path: path)
        try pool.write { try $0.exec(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY); INSERT INTO t VALUES (1)") }
        let stream = pool.changes()
        #expect(pool.observers.isPollingExternalChanges)
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        pool.close()
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        _ = stream
    }
}
