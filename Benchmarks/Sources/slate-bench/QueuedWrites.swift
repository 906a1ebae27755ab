// Scenario q: a server's view of a pool. Read latency with the writer idle, and again
// while eight slow writes wait for the writer; and the order the writes complete in.
// Slate's SQLPool beside GRDB's DatabasePool, async calls, one run.
import Foundation
import GRDB
import Slate

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One pool's results in scenario q.
struct QueuedWritesResult {
    var implementation: String
    var idle: [Double]
    var loaded: [Double]
    var completionOrder: [Int]

    static func median(_ values: [Double]) -> Double { values.isEmpty ? 0 : values.sorted()[values.count / 2] }
    var idleMedian: Double { Self.median(idle) }
    var loadedMedian: Double { Self.median(loaded) }
    var inRequestOrder: Bool { completionOrder == Array(1...completionOrder.count) }
}

/// What scenario q needs from a pool: an async read and an async write.
struct QueuedWritesPool: Sendable {
    var name: String
    var read: @Sendable () async throws -> Void
    /// A write that holds the writer for `hold` seconds, then records `request`.
    var write: @Sendable (_ request: Int, _ hold: Double) async throws -> Void
    var completionOrder: @Sendable () async throws -> [Int]
    var close: @Sendable () async -> Void
}

enum QueuedWrites {
    static let writes = 8

    static func pools(at directory: ScratchDirectory) throws -> [QueuedWritesPool] {
        let slatePath = directory.newDatabasePath("q-slate")
        let grdbPath = directory.newDatabasePath("q-grdb")
        for path in [slatePath, grdbPath] {
            let context = try SQLContext(path: path, configuration: .init(journalMode: .wal))
            try context.exec(
                sql:
                    "CREATE TABLE log (request INTEGER NOT NULL); CREATE TABLE item (id INTEGER PRIMARY KEY, v INTEGER)"
            )
            try context.exec(
                sql:
                    "WITH RECURSIVE n(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM n WHERE k < 1000) INSERT INTO item (v) SELECT k FROM n"
            )
            context.close()
        }
        let slate = try SQLPool(path: slatePath, configuration: .init(synchronous: .normal))
        let grdb = try grdbPool(grdbPath)
        let readSQL = "SELECT count(*), sum(v) FROM item WHERE v % 7 = 3"
        return [
            QueuedWritesPool(
                name: "slate-pool",
                read: { _ = try await slate.read { try $0.query(sql: readSQL) } },
                write: { request, hold in
                    try await slate.write { ctx in
                        try ctx.exec(
                            sql: "INSERT INTO log (request) VALUES (?)", parameters: [SQLValue.integer(Int64(request))])
                        usleep(UInt32(hold * 1_000_000))
                    }
                },
                completionOrder: {
                    try await slate.read {
                        try $0.query(sql: "SELECT request FROM log ORDER BY rowid").map { Int($0[0].integerValue ?? 0) }
                    }
                },
                close: { await slate.close() }),
            QueuedWritesPool(
                name: "grdb-pool",
                read: { _ = try await grdb.read { try Row.fetchAll($0, sql: readSQL).count } },
                write: { request, hold in
                    try await grdb.write { db in
                        try db.execute(sql: "INSERT INTO log (request) VALUES (?)", arguments: [request])
                        usleep(UInt32(hold * 1_000_000))
                    }
                },
                completionOrder: {
                    try await grdb.read { try Int.fetchAll($0, sql: "SELECT request FROM log ORDER BY rowid") }
                },
                close: { try? grdb.close() }),
        ]
    }

    /// Runs the scenario for each pool: `reads` idle reads, then eight writes holding the
    /// writer `hold` seconds each, asked for one after another, with reads in a loop until
    /// they are done.
    static func run(
        reads: Int, hold: Double, directory: ScratchDirectory, log: (String) -> Void
    ) async throws -> [QueuedWritesResult] {
        var results: [QueuedWritesResult] = []
        for pool in try pools(at: directory) {
            log("  q: \(pool.name)")
            var idle: [Double] = []
            for _ in 0..<reads {
                idle.append(try await timed(pool.read))
            }
            let finished = LockedCount()
            let writers = (1...writes).map { request in
                // Each write is asked for a moment after the one before: that is the
                // request order.
                Task {
                    try await Task.sleep(for: .milliseconds(2 * request))
                    try await pool.write(request, hold)
                    finished.withLock { $0 += 1 }
                }
            }
            let allWritten = Task {
                for writer in writers { try await writer.value }
            }
            try await Task.sleep(for: .milliseconds(2 * writes + 5))
            var loaded: [Double] = []
            while finished.withLock({ $0 }) < writes || loaded.count < 3 {
                loaded.append(try await timed(pool.read))
                if loaded.count > 1_000_000 { break }
            }
            try await allWritten.value
            let order = try await pool.completionOrder()
            await pool.close()
            results.append(
                QueuedWritesResult(implementation: pool.name, idle: idle, loaded: loaded, completionOrder: order))
        }
        return results
    }

    static func timed(_ body: @Sendable () async throws -> Void) async throws -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        try await body()
        let elapsed = clock.now - start
        let (seconds, attoseconds) = elapsed.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    static func printTable(_ results: [QueuedWritesResult]) {
        print("")
        print(
            "| q: reads while \(writes) slow writes wait | implementation | idle read median ms | idle max ms | read median ms under queued writes | max ms | median ÷ idle median | writes completed in request order |"
        )
        print("|---|---|---:|---:|---:|---:|---:|---|")
        for result in results {
            let ms = { (value: Double) in String(format: "%.3f", value * 1000) }
            print(
                "| q | \(result.implementation) | \(ms(result.idleMedian)) | \(ms(result.idle.max() ?? 0)) | \(ms(result.loadedMedian)) | \(ms(result.loaded.max() ?? 0)) | \(String(format: "%.2f", result.loadedMedian / result.idleMedian)) | \(result.inRequestOrder ? "yes" : "no: \(result.completionOrder.map(String.init).joined(separator: ", "))") |"
            )
        }
    }
}

/// A counter shared across tasks.
final class LockedCount: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func withLock<T>(_ body: (inout Int) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
