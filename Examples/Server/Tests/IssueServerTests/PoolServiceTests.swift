import Foundation
import Logging
import ServiceLifecycle
import Slate
import SlateServiceLifecycle
import Testing

/// SQLPoolService in a ServiceGroup, in process: observations end before the servers shut
/// down, requests in flight keep the database until the servers return, and the pool closes
/// last; cancellation closes it too.
@Suite(.serialized) struct PoolServiceTests {
    /// Stands for an HTTP server: a streaming response iterates an observation, and graceful
    /// shutdown waits for it to finish (as a server drains its open responses), then serves
    /// one more write (a request still in flight) before returning.
    struct DrainingServer: Service {
        let pool: SQLPool
        let record: Locked<[String]>

        func run() async throws {
            let pool = pool
            let response = Task {
                var values = 0
                for try await _ in pool.observe({ ctx in try ctx.query(sql: "SELECT count(*) FROM notes") }) {
                    values += 1
                    if values == 1 { record.withValue { $0.append("first value") } }
                }
                return values
            }
            try? await gracefulShutdown()
            record.withValue {
                $0.append(
                    "server told to shut down; observations: \(pool.observationCount), pool closed: \(pool.isClosed)")
            }
            let values = try await response.value
            record.withValue { $0.append("the streaming response ended after \(values) value(s)") }
            try await pool.write { ctx in try ctx.exec(sql: "INSERT INTO notes (text) VALUES ('in flight')") }
            record.withValue { $0.append("a request in flight wrote; pool closed: \(pool.isClosed)") }
        }
    }

    private func notesPool(_ directory: TemporaryDirectory) throws -> SQLPool {
        let pool = try SQLPool(path: directory.path("service.sqlite"))
        try pool.write { ctx in try ctx.exec(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)") }
        return pool
    }

    /// Polls `condition`; fails once 30 s have passed and 200 more polls found it false
    /// (a poll that wakes late, on a busy machine, lets the awaited work run first).
    private func waitFor(_ what: String, _ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(30)
        var pollsPastDeadline = 0
        while !condition() {
            if ContinuousClock.now > deadline {
                pollsPastDeadline += 1
                if pollsPastDeadline > 200 { throw TestFailure("timed out waiting for \(what)") }
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    @Test func gracefulShutdownEndsObservationsFirstAndClosesThePoolLast() async throws {
        let directory = TemporaryDirectory()
        let pool = try notesPool(directory)
        let database = SQLPoolService(pool: pool)
        let record = Locked<[String]>([])
        let group = ServiceGroup(
            configuration: .init(
                services: [database, DrainingServer(pool: pool, record: record), database.observationShutdown],
                logger: Logger(label: "test")))
        let running = Task { try await group.run() }
        try await waitFor("the first value") { record.current == ["first value"] }
        await group.triggerGracefulShutdown()
        try await withThrowingTaskGroup(of: Void.self) { bound in
            bound.addTask { try await running.value }
            bound.addTask {
                try await Task.sleep(for: .seconds(60))
                throw TestFailure("the service group did not finish within 60 s")
            }
            try await bound.next()
            bound.cancelAll()
        }
        #expect(
            record.current == [
                "first value",
                "server told to shut down; observations: 0, pool closed: false",
                "the streaming response ended after 1 value(s)",
                "a request in flight wrote; pool closed: false",
            ])
        #expect(pool.isClosed)
        let reopened = try SQLContext(path: directory.path("service.sqlite"))
        defer { reopened.close() }
        #expect(try reopened.query(sql: "SELECT text FROM notes")[0][0].textValue == "in flight")
    }

    @Test func cancellingTheGroupEndsObservationAndClosesThePool() async throws {
        let directory = TemporaryDirectory()
        let pool = try notesPool(directory)
        let database = SQLPoolService(pool: pool)
        let group = ServiceGroup(
            configuration: .init(services: [database, database.observationShutdown], logger: Logger(label: "test")))
        let first = Locked(false)
        let consumer = Task {
            var values = 0
            for try await _ in pool.observe({ ctx in try ctx.query(sql: "SELECT count(*) FROM notes") }) {
                values += 1
                first.withValue { $0 = true }
            }
            return values
        }
        let running = Task { try await group.run() }
        try await waitFor("the first value") { first.current }
        running.cancel()
        _ = try? await running.value
        #expect(try await consumer.value == 1)
        #expect(pool.isClosed)
        #expect(pool.observationCount == 0)
    }

    /// The pool service alone, with a pool that has no observers: closes on shutdown.
    @Test func thePoolServiceAloneClosesThePool() async throws {
        let directory = TemporaryDirectory()
        let pool = try notesPool(directory)
        let group = ServiceGroup(
            configuration: .init(services: [SQLPoolService(pool: pool)], logger: Logger(label: "test")))
        let running = Task { try await group.run() }
        try await pool.write { ctx in try ctx.exec(sql: "INSERT INTO notes (text) VALUES ('a')") }
        await group.triggerGracefulShutdown()
        try await running.value
        #expect(pool.isClosed)
        #expect(SQLPoolService(pool: pool).description.hasSuffix("service.sqlite)"))
    }
}
