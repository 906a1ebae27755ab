#if Postgres
import PostgresNIO
import Slate

// How SQLPostgres takes a connection: the one place that leases from a postgres-nio client,
// so that every call — transactions, autocommit statements, bootstraps — waits for a
// connection within the same bound and fails with the same errors.
//
// postgres-nio's pool puts no limit on a lease's wait: with the server down, a request
// waits until the pool's circuit breaker opens, about a minute after the first failed
// connection attempt; with every connection held, it waits for ever. A call here waits at
// most `Configuration.maximumWait`. Timing a wait needs a second task (the lease can only be
// given up by cancelling the task that waits), a thread hop that would cost every call;
// so the timer runs only when a wait may be long: when this client's last lease is more
// than `LeaseGauge.warmWindow` old or failed, or when more calls are in than connections
// were held at once lately (one may have to be made). A call that finds the pool warm and
// its connections enough leases directly.

extension SQLPostgres {
    /// Runs `body` on a connection leased from `client` (the primary's or the replica's),
    /// waiting for one at most `configuration.maximumWait`. A failure to lease is Slate's
    /// error of kind `connection` (or `busy` when every connection stayed held); the task's
    /// cancellation is `CancellationError`; `body`'s errors pass through as they are.
    func leased<T: Sendable>(
        _ client: PostgresClient, _ body: @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        try checkOpen()
        try Task.checkCancellation()
        let gauge = client === primary ? primaryGauge : replicaGauge
        if let limit = configuration.maximumWait, limit <= .zero {
            throw SQLPostgresError(
                kind: .configuration,
                message: "SQLPostgres.Configuration.maximumWait must be positive or nil, not \(limit)")
        }
        let timed = gauge.enter(maximumConnections: configuration.maximumConnections)
        defer { gauge.leave() }
        guard let limit = configuration.maximumWait, timed else {
            // Warm, with connections enough (or no limit): lease in this task.
            var leased = false
            do {
                return try await client.withConnection { connection in
                    leased = true
                    gauge.leased()
                    defer { gauge.released() }
                    return try await Self.run(body, on: connection, gauge: gauge)
                }
            } catch let error where !leased && !(error is CancellationError) && !(error is SQLPostgresError) {
                gauge.failed()
                throw await leaseFailure(error, client)
            }
        }
        return try await withoutActuallyEscaping(body) { body in
            try await timedLease(client, gauge: gauge, limit: limit, body)
        }
    }

    /// A lease raced against a timer: the lease and `body` run in one child task, the
    /// timer in another; whichever settles the gate first wins. (The group is awaited
    /// whole before this returns, so `body` does not outlive the call.)
    private func timedLease<T: Sendable>(
        _ client: PostgresClient, gauge: LeaseGauge, limit: Duration,
        _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        let gate = LeaseGate()
        let maximumConnections = configuration.maximumConnections
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask {
                do {
                    return try await client.withConnection { connection -> T? in
                        // Too late: the timer won and its error is the call's; the
                        // connection goes back unused.
                        guard gate.settle(.leased) else { return nil }
                        gauge.leased()
                        defer { gauge.released() }
                        return try await Self.run(body, on: connection, gauge: gauge)
                    }
                } catch {
                    if gate.settle(.failed) {
                        // No connection was leased and the timer had not fired: postgres-nio
                        // gave up (its circuit breaker) or the task was cancelled.
                        if error is CancellationError || Task.isCancelled { throw CancellationError() }
                        gauge.failed()
                        throw error is SQLPostgresError ? error : await self.leaseFailure(error, client)
                    }
                    // The timer won (its error is the call's), or `body` threw.
                    if gate.outcome == .timedOut { return nil }
                    throw error
                }
            }
            group.addTask {
                do {
                    try await Task.sleep(for: limit)
                } catch {
                    // Cancelled: the lease won, or the call was cancelled (the lease's task
                    // says so).
                    return nil
                }
                guard gate.settle(.timedOut) else { return nil }
                gauge.failed()
                let held = gauge.held
                if held >= maximumConnections {
                    throw Self.busy(
                        server: self.serverName(client), limit: limit, held: held,
                        maximumConnections: maximumConnections)
                }
                throw await self.connectFailure(client)
                    ?? SQLPostgresError(
                        kind: .connection,
                        message:
                            "could not connect to \(self.serverName(client)): the call waited longer than its limit of \(limit) (SQLPostgres.Configuration.maximumWait) for a connection; the server accepts connections, but the pool made none in time"
                    )
            }
            while let result = try await group.next() {
                if let value = result {
                    group.cancelAll()
                    return value
                }
            }
            // Unreachable: the lease's task returns a value or throws.
            throw CancellationError()
        }
    }

    /// `body` on `connection`; a connection lost on the way makes the pool cold, so that
    /// the next calls time their waits (the server may be gone).
    private static func run<T: Sendable>(
        _ body: @Sendable (PostgresConnection) async throws -> T, on connection: PostgresConnection,
        gauge: LeaseGauge
    ) async throws -> T {
        do {
            return try await body(connection)
        } catch {
            if let failure = error as? SQLPostgresError {
                if failure.kind == .connectionLost || failure.kind == .commitOutcomeUnknown { gauge.failed() }
            } else if error is StaleConnection {
                gauge.failed()
            }
            throw error
        }
    }

    /// Why no connection was leased: the task's cancellation (postgres-nio's
    /// requestCancelled); else what the server says to a connection of its own (a
    /// database that does not exist, a refused login), which postgres-nio's pool does not
    /// tell; else Slate's error of kind `connection` with the pool's.
    private func leaseFailure(_ error: any Error, _ client: PostgresClient) async -> any Error {
        if Task.isCancelled { return CancellationError() }
        if let reason = await connectFailure(client) { return reason }
        if Task.isCancelled { return CancellationError() }
        var failure = SQLPostgresError(error, sql: nil)
        if failure.kind == .connectionLost { failure.kind = .connection }
        failure.message = "could not connect to \(serverName(client)): " + failure.message
        return failure
    }

    private func serverName(_ client: PostgresClient) -> String {
        client === primary ? "the primary" : "the replica"
    }

    /// What one connection attempt of its own to `client`'s server meets, within five seconds
    /// (a loaded server may take a second to answer):
    /// nil when it connects, or when the attempt says nothing more than the pool would.
    private func connectFailure(_ client: PostgresClient) async -> SQLPostgresError? {
        let server = client === primary ? configuration.primary : (configuration.replica ?? configuration.primary)
        do {
            let connection = try await PostgresConnection.connect(
                configuration: server.connectionConfiguration(connectTimeout: .seconds(5)), id: 0,
                logger: configuration.logger)
            try? await connection.close()
            return nil
        } catch let error as PSQLError where error.serverInfo == nil {
            // No server said why: the socket's error (refused, no route, a timeout).
            let cause = error.underlying.map { String(describing: $0) } ?? "\(error.code)"
            return SQLPostgresError(kind: .connection, message: "could not connect to \(serverName(client)): \(cause)")
        } catch {
            var failure = SQLPostgresError(error, sql: nil)
            failure.kind = .connection
            let sqlState = failure.sqlState.map { " (SQLSTATE \($0))" } ?? ""
            failure.message = "could not connect to \(serverName(client)): \(failure.message)\(sqlState)"
            return failure
        }
    }

    /// The error of a lease that waited `limit` while `held` connections were in use by
    /// other calls, all of them: the pool is full.
    static func busy(server: String, limit: Duration, held: Int, maximumConnections: Int) -> SQLPostgresError {
        SQLPostgresError(
            kind: .busy,
            message:
                "no connection to \(server) became free: the call waited longer than its limit of \(limit) (SQLPostgres.Configuration.maximumWait), while other calls held all \(held) of its connections (SQLPostgres.Configuration.maximumConnections \(maximumConnections))"
        )
    }
}

/// Who settled a timed lease first.
final class LeaseGate: Sendable {
    enum Outcome { case waiting, leased, failed, timedOut }
    private let state = LockedBox(Outcome.waiting)

    /// Settles the lease as `outcome` unless it is settled already; true when this call
    /// settled it.
    func settle(_ outcome: Outcome) -> Bool {
        state.withLock {
            guard $0 == .waiting else { return false }
            $0 = outcome
            return true
        }
    }

    /// How it was settled.
    var outcome: Outcome { state.withLock { $0 } }
}

/// What one client's leases look like lately: how many calls hold or wait for a
/// connection, how many hold one, the most that held one at once lately (connections the
/// pool has open), and until when the pool counts as warm (a lease succeeded within
/// `warmWindow`, and none failed since).
final class LeaseGauge: Sendable {
    /// How long after a successful lease the pool counts as warm.
    static let warmWindow: Duration = .seconds(1)
    /// How long the most connections held at once counts as open: less than postgres-nio's
    /// idle timeout (60 s), after which the pool closes connections it does not need.
    static let peakWindow: Duration = .seconds(30)

    private struct State {
        var calls = 0
        var held = 0
        var peak = 0
        var peakSince: ContinuousClock.Instant?
        var warmUntil: ContinuousClock.Instant?
    }
    private let state = LockedBox(State())

    /// Counts a call in; true when its wait must be timed: the pool is cold, or the calls
    /// in (this one too) outnumber the connections lately open, so that a connection may
    /// have to be made (and may never be).
    func enter(maximumConnections: Int) -> Bool {
        let now = ContinuousClock.now
        return state.withLock {
            $0.calls += 1
            if let since = $0.peakSince, since.advanced(by: Self.peakWindow) < now {
                $0.peak = $0.held
                $0.peakSince = now
            }
            guard let warm = $0.warmUntil, now < warm else { return true }
            return $0.calls > $0.peak
        }
    }

    /// Counts a call out.
    func leave() { state.withLock { $0.calls -= 1 } }

    /// A connection was leased: the pool is warm for `warmWindow`.
    func leased() {
        let now = ContinuousClock.now
        state.withLock {
            $0.held += 1
            if $0.held >= $0.peak {
                $0.peak = $0.held
                $0.peakSince = now
            }
            $0.warmUntil = now.advanced(by: Self.warmWindow)
        }
    }

    /// A leased connection went back.
    func released() { state.withLock { $0.held -= 1 } }

    /// A lease failed or timed out: the next calls time their waits.
    func failed() {
        state.withLock {
            $0.warmUntil = nil
            $0.peak = 0
        }
    }

    /// The connections held by calls now.
    var held: Int { state.withLock { $0.held } }
}
#endif
