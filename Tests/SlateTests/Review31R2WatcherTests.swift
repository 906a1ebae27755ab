import Dispatch
import Foundation
import Logging
import SlateTestSupport
import Testing

@testable import Slate

/// Review of issue 31 §2: the commits of other connections (`PRAGMA data_version` on a
/// probe and on the writer), ending observations, and the durations that drive them.
@Suite struct Review31R2WatcherTests {
    private static func insertElsewhere(_ path: String, _ value: Int64) {
        // Another connection to the file: what the pool's hooks never see.
        do {
            let other = try SQLContext(path: path)
            defer { other.close() }
            try other.exec(sql: "INSERT INTO items (v) VALUES (?)", parameters: [.integer(value)])
        } catch {
            Issue.record("the other connection failed: \(error)")
        }
    }

    /// The sync API, from a function that is not async (where the async overloads win).
    private static func writeSynchronously(_ pool: SQLPool, _ sql: String) throws {
        try pool.write { try $0.exec(sql: sql) }
    }

    /// Collects change sets until they stand for `own` of the pool's own transactions.
    private static func collect(_ iterator: inout SQLChangeStream.Iterator, own: Int) async -> [SQLChanges] {
        var seen: [SQLChanges] = []
        while seen.reduce(0, { $0 + $1.transactionCount }) < own {
            guard let change = await iterator.next() else { break }
            seen.append(change)
        }
        return seen
    }

    /// A commit by another connection that lands as a write lease begins, after the probe
    /// took its last look and before the writer's version is read, was taken in by the probe
    /// and already in the writer's starting version: told by neither, lost. Polling never
    /// ticks in this test (an hour): only the write leases look.
    @Test func aCommitLandingAsAWriteBeginsIsNotLost() async throws {
        let directory = TemporaryDirectory()
        let path = directory.path("race.sqlite")
        let pool = try SQLPool(path: path, configuration: .init(externalChangePolling: .seconds(3600)))
        defer { pool.close() }
        try await pool.write { try $0.exec(sql: "CREATE TABLE items (id INTEGER PRIMARY KEY, v INTEGER NOT NULL)") }
        let changes = pool.changes()
        var iterator = changes.makeAsyncIterator()
        let watcher = try #require(pool.observers.watcher)
        #expect(watcher.isPolling)
        let fired = Locked(0)
        watcher.betweenWriteBeginReads = {
            if fired.withValue({
                $0 += 1; return $0
            }) == 1 {
                Self.insertElsewhere(path, 100)
            }
        }
        try await pool.write { try $0.exec(sql: "INSERT INTO items (v) VALUES (1)") }
        try await pool.write { try $0.exec(sql: "INSERT INTO items (v) VALUES (2)") }
        let seen = await Self.collect(&iterator, own: 2)
        #expect(fired.current == 2)
        // Told as the first write begins (by the probe) and as it ends (by the writer,
        // which read its version before the commit landed): twice, never lost.
        #expect(seen.map(\.isExternal) == [true, false, true, false])
        #expect(seen.filter { !$0.isExternal }.allSatisfy { $0.tables == ["items"] && $0.transactionCount == 1 })
        #expect(try await pool.read { try $0.query(sql: "SELECT count(*) FROM items")[0][0].integerValue } == 3)
    }

    /// The same race, seen by an observation: its last value counts the other connection's row.
    @Test func anObservationSeesACommitLandingAsAWriteBegins() async throws {
        let directory = TemporaryDirectory()
        let path = directory.path("race-observe.sqlite")
        let pool = try SQLPool(path: path, configuration: .init(externalChangePolling: .seconds(3600)))
        defer { pool.close() }
        try await pool.write { try $0.exec(sql: "CREATE TABLE items (id INTEGER PRIMARY KEY, v INTEGER NOT NULL)") }
        try await pool.write { try $0.exec(sql: "CREATE TABLE other (id INTEGER PRIMARY KEY)") }
        let observed = pool.observe {
            try $0.query(sql: "SELECT coalesce(sum(v), 0) FROM items")[0][0].integerValue ?? -1
        }
        #expect(try await first(of: observed) { $0 == 0 } == 0)
        let watcher = try #require(pool.observers.watcher)
        let fired = Locked(0)
        watcher.betweenWriteBeginReads = {
            if fired.withValue({
                $0 += 1; return $0
            }) == 1 {
                Self.insertElsewhere(path, 7)
            }
        }
        // The pool's own write touches another table: only the external commit re-runs it.
        try await pool.write { try $0.exec(sql: "INSERT INTO other DEFAULT VALUES") }
        #expect(try await first(of: observed) { $0 == 7 } == 7)
    }

    /// A write lease that throws still reads the writer's version at its end: another
    /// connection's commit during the lease is told.
    @Test func aCommitDuringAWriteThatThrowsIsTold() async throws {
        let directory = TemporaryDirectory()
        let path = directory.path("throws.sqlite")
        let pool = try SQLPool(path: path, configuration: .init(externalChangePolling: .seconds(3600)))
        defer { pool.close() }
        try await pool.write { try $0.exec(sql: "CREATE TABLE items (id INTEGER PRIMARY KEY, v INTEGER NOT NULL)") }
        let changes = pool.changes()
        var iterator = changes.makeAsyncIterator()
        struct Oops: Error {}
        await #expect(throws: Oops.self) {
            try await pool.writeWithoutTransaction { _ in
                Self.insertElsewhere(path, 5)
                throw Oops()
            }
        }
        try await pool.write { try $0.exec(sql: "INSERT INTO items (v) VALUES (1)") }
        let seen = await Self.collect(&iterator, own: 1)
        #expect(seen.map(\.isExternal) == [true, false])
        #expect(pool.observers.watcher?.writesUnderWay == 0)
    }

    // MARK: Durations

    /// Durations too long to count in nanoseconds ("for ever") saturate: no trap in the
    /// polling timer, the wait limit, the slow-statement threshold or the busy timeout.
    @Test func hugeDurationsSaturateInsteadOfTrapping() async throws {
        let directory = TemporaryDirectory()
        let (logger, store) = RecordingLogHandler.logger(level: .warning)
        var configuration = SQLPool.Configuration(
            maximumReaderCount: 2, maximumWait: .seconds(Int64.max), externalChangePolling: .seconds(Int64.max))
        configuration.connection.logger = logger
        configuration.connection.slowStatementThreshold = .seconds(Int64.max)
        configuration.connection.busyTimeout = .seconds(Int64.max)
        let pool = try SQLPool(path: directory.path("huge.sqlite"), configuration: configuration)
        defer { pool.close() }
        try await pool.write { try $0.exec(sql: "CREATE TABLE items (id INTEGER PRIMARY KEY, v INTEGER NOT NULL)") }
        let changes = pool.changes()
        var iterator = changes.makeAsyncIterator()
        #expect(pool.observers.isPollingExternalChanges)
        // An async write (its wait limit is a Dispatch timer) and a sync write that waits
        // (its wait limit is a condition variable's deadline).
        let release = DispatchSemaphore(value: 0)
        let holder = Task {
            try await pool.write { ctx in
                release.wait(); try ctx.exec(sql: "INSERT INTO items (v) VALUES (1)")
            }
        }
        // On a thread of its own: a sync call must not block the cooperative pool.
        let waitError = Locked<(any Error)?>(nil)
        let waiting = Task {
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                Thread.detachNewThread {
                    do { try Self.writeSynchronously(pool, "INSERT INTO items (v) VALUES (2)") } catch {
                        waitError.withValue { $0 = error }
                    }
                    done.resume()
                }
            }
        }
        for _ in 0..<20_000 where pool.queuedCounts.writer == 0 { try await Task.sleep(for: .milliseconds(1)) }
        #expect(pool.queuedCounts.writer == 1)
        release.signal()
        try await holder.value
        await waiting.value
        #expect(waitError.current == nil)
        let seen = await Self.collect(&iterator, own: 2)
        #expect(seen.map(\.transactionCount) == [1, 1])
        #expect(store.entries.isEmpty)
    }

    @Test func durationsCountSaturating() {
        #expect(Duration.seconds(Int64.max).clampedCount(unitsPerSecond: 1_000_000_000) == .max)
        #expect(Duration.seconds(Int64.min).clampedCount(unitsPerSecond: 1000) == .min)
        #expect(
            Duration.seconds(9_223_372_036).clampedCount(unitsPerSecond: 1_000_000_000) == 9_223_372_036_000_000_000)
        #expect(Duration.seconds(9_223_372_037).clampedCount(unitsPerSecond: 1_000_000_000) == .max)
        #expect(Duration.milliseconds(1500).clampedCount(unitsPerSecond: 1000) == 1500)
        #expect(Duration.nanoseconds(1).clampedCount(unitsPerSecond: 1000) == 0)
        #expect(Duration.nanoseconds(-1_500_000).clampedCount(unitsPerSecond: 1000) == -1)
        #expect(Duration.zero.clampedCount(unitsPerSecond: 1_000_000_000) == 0)
    }

    /// The shortest interval (1 ns, polled every millisecond) still tells other connections'
    /// commits, and pools closed while their probe polls close cleanly.
    @Test func aNanosecondIntervalPollsAndClosesCleanly() async throws {
        let directory = TemporaryDirectory()
        let path = directory.path("fast.sqlite")
        for round in 1...20 {
            let pool = try SQLPool(path: path, configuration: .init(externalChangePolling: .nanoseconds(1)))
            try await pool.write {
                try $0.exec(sql: "CREATE TABLE IF NOT EXISTS items (id INTEGER PRIMARY KEY, v INTEGER NOT NULL)")
            }
            let observed = pool.observe { try $0.query(sql: "SELECT count(*) FROM items")[0][0].integerValue ?? -1 }
            #expect(try await first(of: observed) { $0 == Int64(round - 1) } == Int64(round - 1))
            Self.insertElsewhere(path, Int64(round))
            #expect(try await first(of: observed) { $0 == Int64(round) } == Int64(round))
            if round.isMultiple(of: 2) { pool.endObservations() }
            await pool.close()
            #expect(pool.observers.isPollingExternalChanges == false)
        }
    }

    // MARK: Files

    /// A read-only pool on a file in rollback-journal mode (`journal_mode=DELETE`), with a
    /// single reader, sees another connection's commits.
    @Test func aReadOnlyPoolOnARollbackJournalFileSeesOtherCommits() async throws {
        let directory = TemporaryDirectory()
        let path = directory.path("delete-mode.sqlite")
        let setup = try SQLContext(path: path)
        try setup.exec(sql: "PRAGMA journal_mode = DELETE")
        try setup.exec(sql: "CREATE TABLE items (id INTEGER PRIMARY KEY, v INTEGER NOT NULL)")
        setup.close()
        let pool = try SQLPool(
            path: path,
            configuration: .init(maximumReaderCount: 1, isReadOnly: true, externalChangePolling: .milliseconds(5)))
        defer { pool.close() }
        let observed = pool.observe {
            try $0.query(sql: "SELECT coalesce(sum(v), 0) FROM items")[0][0].integerValue ?? -1
        }
        #expect(try await first(of: observed) { $0 == 0 } == 0)
        for value in 1...5 { Self.insertElsewhere(path, Int64(value)) }
        #expect(try await first(of: observed) { $0 == 15 } == 15)
        let mode = try SQLContext(path: path)
        defer { mode.close() }
        #expect(try mode.query(sql: "PRAGMA journal_mode")[0][0].textValue == "delete")
    }

    /// The probe's first look fails when another connection holds the file's exclusive lock
    /// (rollback-journal mode) as the observation starts: the first version it does read is
    /// no baseline, since a commit may have landed in between, so it counts as a change.
    @Test func aProbeWhoseFirstLookFailedMissesNoCommit() async throws {
        let directory = TemporaryDirectory()
        let path = directory.path("first-look.sqlite")
        let other = try SQLContext(path: path)
        defer { other.close() }
        try other.exec(sql: "PRAGMA journal_mode = DELETE")
        try other.exec(sql: "CREATE TABLE items (id INTEGER PRIMARY KEY, v INTEGER NOT NULL)")
        let pool = try SQLPool(
            path: path,
            configuration: .init(maximumReaderCount: 1, isReadOnly: true, externalChangePolling: .seconds(2)))
        defer { pool.close() }
        try other.exec(sql: "BEGIN EXCLUSIVE")
        let observed = pool.observe {
            try $0.query(sql: "SELECT coalesce(sum(v), 0) FROM items")[0][0].integerValue ?? -1
        }
        try other.exec(sql: "ROLLBACK")
        #expect(try await first(of: observed) { $0 == 0 } == 0)
        // Lands before the probe's first successful look (its first tick, 2 s later).
        try other.exec(sql: "INSERT INTO items (v) VALUES (9)")
        #expect(try await first(of: observed, within: .seconds(30)) { $0 == 9 } == 9)
    }

    /// After the WAL was reset by a truncating checkpoint, other connections' commits are
    /// still told.
    @Test func commitsAfterAWALResetAreTold() async throws {
        let directory = TemporaryDirectory()
        let path = directory.path("reset.sqlite")
        let pool = try SQLPool(path: path, configuration: .init(externalChangePolling: .milliseconds(5)))
        defer { pool.close() }
        try await pool.write { try $0.exec(sql: "CREATE TABLE items (id INTEGER PRIMARY KEY, v INTEGER NOT NULL)") }
        let observed = pool.observe {
            try $0.query(sql: "SELECT coalesce(sum(v), 0) FROM items")[0][0].integerValue ?? -1
        }
        #expect(try await first(of: observed) { $0 == 0 } == 0)
        var expected: Int64 = 0
        for round in 1...4 {
            try await pool.writeWithoutTransaction { _ = try $0.query(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
            Self.insertElsewhere(path, Int64(round))
            expected += Int64(round)
            let target = expected
            #expect(try await first(of: observed) { $0 == target } == target)
        }
    }

    // MARK: Ending observations

    /// `endObservations()` racing with many tasks that start `observe` and `changes()`:
    /// every stream ends, nothing is left counted or polling.
    @Test func endingObservationsRacingManyStartsLeavesNothing() async throws {
        let directory = TemporaryDirectory()
        let pool = try SQLPool(
            path: directory.path("race-end.sqlite"), configuration: .init(externalChangePolling: .milliseconds(1)))
        defer { pool.close() }
        try await pool.write { try $0.exec(sql: "CREATE TABLE items (id INTEGER PRIMARY KEY, v INTEGER NOT NULL)") }
        let ended = Locked(0)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for k in 0..<64 {
                group.addTask {
                    if k.isMultiple(of: 2) {
                        for await _ in pool.changes() {}
                    } else {
                        for try await _ in pool.observe({ try $0.query(sql: "SELECT count(*) FROM items") }) {}
                    }
                    ended.withValue { $0 += 1 }
                }
                if k == 32 { pool.endObservations() }
            }
            group.addTask { pool.endObservations() }
            try await group.waitForAll()
        }
        #expect(ended.current == 64)
        #expect(pool.observationCount == 0)
        #expect(pool.observers.isPollingExternalChanges == false)
        try await pool.write { try $0.exec(sql: "INSERT INTO items (v) VALUES (1)") }
        #expect(try await pool.read { try $0.query(sql: "SELECT count(*) FROM items")[0][0].integerValue } == 1)
    }

    /// close then endObservations, endObservations then close, twice each: idempotent, and
    /// a stream started afterwards ends (with the closed error only once closed).
    @Test func endingAndClosingInEitherOrder() async throws {
        let directory = TemporaryDirectory()
        for closeFirst in [true, false] {
            let pool = try SQLPool(path: directory.path("order-\(closeFirst).sqlite"))
            let changes = pool.changes()
            var iterator = changes.makeAsyncIterator()
            if closeFirst {
                await pool.close(); pool.endObservations(); await pool.close(); pool.endObservations()
            } else {
                pool.endObservations(); pool.endObservations(); await pool.close(); await pool.close()
            }
            #expect(await iterator.next() == nil)
            #expect(pool.observationCount == 0)
            var failure: (any Error)?
            do {
                for try await _ in pool.observe({ try $0.query(sql: "SELECT 1") }) {}
            } catch {
                failure = error
            }
            #expect((failure as? SQLError)?.code == .misuse)
        }
    }

    /// A change stream dropped without being iterated, an iterator dropped, and an
    /// observation whose query throws are no longer counted, and polling stops.
    @Test func droppedStreamsAndFailedQueriesAreNotCounted() async throws {
        let directory = TemporaryDirectory()
        let pool = try SQLPool(
            path: directory.path("dropped.sqlite"), configuration: .init(externalChangePolling: .milliseconds(1)))
        defer { pool.close() }
        do {
            let changes = pool.changes()
            #expect(pool.observationCount == 1)
            let iterator = changes.makeAsyncIterator()
            let second = changes.makeAsyncIterator()
            #expect(pool.observationCount == 2)
            _ = (iterator, second)
        }
        #expect(pool.observationCount == 0)
        var failure: (any Error)?
        do {
            for try await _ in pool.observe({ try $0.query(sql: "SELECT * FROM missing") }) {}
        } catch {
            failure = error
        }
        #expect((failure as? SQLError)?.message.contains("no such table: missing") == true)
        #expect(pool.observationCount == 0)
        for _ in 0..<20_000 where pool.observers.isPollingExternalChanges {
            try await Task.sleep(for: .milliseconds(1))
        }
        #expect(pool.observers.isPollingExternalChanges == false)
    }
}
