import Foundation
import Slate
import SlateTestSupport
import Testing

/// A pool closure that asks the same pool for another connection on its thread can
/// deadlock (readers all held by closures waiting for a reader; a writer waiting for a
/// reader held by a closure waiting for the writer). Every such nesting throws a misuse
/// error at once, whatever the other threads do.
@Suite struct PoolNestingTests {
    static func message(_ inner: String, _ outer: String) -> String {
        "a pool \(inner) was asked for inside a pool \(outer) closure on the same thread; nested pool calls can deadlock, so use the context the closure was given"
    }

    private func pool(_ directory: TemporaryDirectory, readers: Int = 2) throws -> SQLPool {
        let pool = try SQLPool(path: directory.path("nest.sqlite"), configuration: .init(maximumReaderCount: readers))
        try pool.write { try $0.exec(sql: "CREATE TABLE t (x); INSERT INTO t VALUES (1)") }
        return pool
    }

    @Test func everyNestingOnOneThreadThrows() throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory)
        defer { pool.close() }
        typealias Call = (SQLPool, () throws -> Void) throws -> Void
        let calls: [(String, String, Call)] = [
            ("write", "write", { pool, inner in try pool.write { _ in try inner() } }),
            ("write", "write", { pool, inner in try pool.writeWithoutTransaction { _ in try inner() } }),
            ("read", "read", { pool, inner in try pool.read { _ in try inner() } }),
            ("read", "read", { pool, inner in try pool.readWithoutTransaction { _ in try inner() } }),
        ]
        for (outerName, _, outer) in calls {
            for (innerName, _, inner) in calls {
                var thrown = false
                try outer(pool) {
                    expectSQLError(.misuse, Self.message(innerName, outerName)) {
                        try inner(pool) {}
                    }
                    thrown = true
                }
                #expect(thrown)
            }
        }
        // And the pool is usable afterwards: nothing was left held.
        #expect(try pool.read { try $0.query(sql: "SELECT x FROM t") } == [[1]])
        #expect(try pool.write { try $0.query(sql: "SELECT x FROM t") } == [[1]])
    }

    @Test func inMemoryNestingThrows() throws {
        let pool = try SQLPool(path: nil)
        defer { pool.close() }
        try pool.write { _ -> Void in
            // The message names the call made (a read), though in memory it would wait for
            // the writer.
            expectSQLError(.misuse, Self.message("read", "write")) { _ = try pool.read { _ in 1 } }
        }
        // And the outer call is named as made too: a read, sync or async.
        try pool.read { _ -> Void in
            expectSQLError(.misuse, Self.message("read", "read")) { _ = try pool.readWithoutTransaction { _ in 1 } }
            expectSQLError(.misuse, Self.message("write", "read")) { _ = try pool.write { _ in 1 } }
        }
    }

    @Test func inMemoryNestingInAnAsyncReadNamesTheRead() async throws {
        let pool = try SQLPool(path: nil)
        defer { pool.close() }
        let message = try await pool.read { _ -> String in
            do {
                _ = try pool.readWithoutTransaction { _ in 1 }
                return "nothing thrown"
            } catch let error as SQLError {
                return error.message
            }
        }
        #expect(message == Self.message("read", "read"))
    }

    /// `read { read }` on four threads with two readers: it hung before; now every inner
    /// call throws at once and every outer one completes.
    @Test func readInsideReadOnManyThreadsDoesNotHang() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory)
        defer { pool.close() }
        let outcomes = Locked<[String]>([])
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    await Thread.detachNewThreadAndWait {
                        do {
                            try pool.read { _ in
                                do {
                                    _ = try pool.read { try $0.query(sql: "SELECT x FROM t") }
                                    outcomes.withValue { $0.append("served") }
                                } catch let error as SQLError {
                                    outcomes.withValue { $0.append(error.code == .misuse ? "misuse" : "\(error)") }
                                }
                            }
                        } catch {
                            outcomes.withValue { $0.append("outer: \(error)") }
                        }
                    }
                }
            }
        }
        #expect(outcomes.current == ["misuse", "misuse", "misuse", "misuse"])
    }

    /// `write { read }` on one thread against `read { write }` on others.
    @Test func writeInsideReadAndReadInsideWriteDoNotHang() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory)
        defer { pool.close() }
        let outcomes = Locked<[String]>([])
        await withTaskGroup(of: Void.self) { group in
            for k in 0..<6 {
                group.addTask {
                    await Thread.detachNewThreadAndWait {
                        do {
                            if k == 0 {
                                try pool.write { _ in
                                    do { _ = try pool.read { _ in 1 } } catch {
                                        outcomes.withValue { $0.append("misuse") }
                                    }
                                }
                            } else {
                                try pool.read { _ in
                                    do { _ = try pool.write { _ in 1 } } catch {
                                        outcomes.withValue { $0.append("misuse") }
                                    }
                                }
                            }
                        } catch {
                            outcomes.withValue { $0.append("outer: \(error)") }
                        }
                    }
                }
            }
        }
        #expect(outcomes.current == Array(repeating: "misuse", count: 6))
    }

    /// Nested calls from inside an async call's closure (run on a worker thread) throw too.
    @Test func nestingInsideAnAsyncClosureThrows() async throws {
        let directory = TemporaryDirectory()
        let pool = try pool(directory)
        defer { pool.close() }
        let code = try await pool.write { _ -> Int32 in
            do {
                _ = try pool.read { _ in 1 }
                return 0
            } catch let error as SQLError {
                return error.code.rawValue
            }
        }
        #expect(code == SQLError.Code.misuse.rawValue)
        let readCode = try await pool.read { _ -> Int32 in
            do {
                _ = try pool.read { _ in 1 }
                return 0
            } catch let error as SQLError {
                return error.code.rawValue
            }
        }
        #expect(readCode == SQLError.Code.misuse.rawValue)
    }

    /// Two pools are two databases: a closure of one may use the other.
    @Test func anotherPoolInsideAClosureIsServed() throws {
        let directory = TemporaryDirectory()
        let first = try pool(directory)
        defer { first.close() }
        let second = try SQLPool(path: directory.path("other.sqlite"))
        defer { second.close() }
        let value = try first.write { _ in try second.write { try $0.query(sql: "SELECT 42")[0][0] } }
        #expect(value == 42)
    }
}

extension Thread {
    /// Runs `body` on a new thread and waits for it without blocking the caller's thread.
    static func detachNewThreadAndWait(_ body: @escaping @Sendable () -> Void) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                body()
                continuation.resume()
            }
        }
    }
}
