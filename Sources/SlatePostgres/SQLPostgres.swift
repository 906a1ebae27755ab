#if Postgres
import PostgresNIO
import Slate

/// A PostgreSQL database: a pool of connections to a primary server and, optionally, to
/// a read replica, with Slate's async calls — ``read(readYourWrites:_:)`` and
/// ``write(isolation:retries:_:)``.
///
/// The database drives its postgres-nio clients itself (their `run()` runs in a task of
/// its own, from the initializer to ``close()``). Close it when done.
///
/// ```swift
/// let database = try SQLPostgres(url: "postgres://app@127.0.0.1:5432/app")
/// try await database.write { context in
///     try await context.exec(sql: "INSERT INTO item(name) VALUES ($1)", parameters: ["a"])
/// }
/// await database.close()
/// ```
public final class SQLPostgres: Sendable {
    /// How this database was configured.
    public let configuration: Configuration
    let primary: PostgresClient
    let replicaClient: PostgresClient?
    private let runner: Task<Void, Never>
    /// The listening connection of ``observe(tables:_:)``, shared by every observation.
    let changeListener: ChangeListener
    private let closed = LockedBox(false)
    /// How the primary's and the replica's leases go lately (see `leased(_:_:)`).
    let primaryGauge = LeaseGauge()
    let replicaGauge = LeaseGauge()

    /// The transaction the current task runs in, so that a `write` or `read` called from
    /// inside a `write`'s closure joins it instead of taking a second connection.
    @TaskLocal static var current: SQLPostgresContext?

    /// Opens a database with `configuration` (connections are made when first needed).
    public init(configuration: Configuration) {
        self.configuration = configuration
        let primary = PostgresClient(
            configuration: configuration.primary.clientConfiguration(
                maximumConnections: configuration.maximumConnections),
            backgroundLogger: configuration.logger)
        let replica = configuration.replica.map {
            PostgresClient(
                configuration: $0.clientConfiguration(maximumConnections: configuration.maximumConnections),
                backgroundLogger: configuration.logger)
        }
        self.primary = primary
        self.replicaClient = replica
        changeListener = ChangeListener(
            server: configuration.primary, timeout: configuration.observationReconnectTimeout,
            logger: configuration.logger)
        runner = Task {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await primary.run() }
                if let replica { group.addTask { await replica.run() } }
            }
        }
    }

    /// Opens a database from a URL (see ``Server/init(url:)``) and, optionally, a
    /// replica's URL.
    public convenience init(url: String, replicaURL: String? = nil) throws {
        self.init(configuration: try Configuration(url: url, replicaURL: replicaURL))
    }

    deinit {
        runner.cancel()
    }

    /// Closes every connection and waits until they are closed. Calls made after it throw
    /// an error of kind ``SQLPostgresError/Kind/misuse``. Closing twice does nothing more.
    /// Every observation (``observe(tables:_:)``) ends, without an error.
    public func close() async {
        // Observations first, so that they end without the error a run would meet.
        await changeListener.close()
        closed.withLock { $0 = true }
        runner.cancel()
        await runner.value
    }

    func checkOpen() throws {
        if closed.withLock({ $0 }) {
            throw SQLPostgresError(kind: .misuse, message: "the database is closed")
        }
    }

    // MARK: Transactions

    /// Runs `body` in one transaction on the primary: it commits when `body` returns and
    /// rolls back, rethrowing `body`'s error as is, when it throws.
    ///
    /// When the transaction fails with SQLSTATE 40001 (serialization failure) or 40P01
    /// (deadlock) — in `body` or at `COMMIT` — it is rolled back and `body` runs again,
    /// after a short random pause, up to `retries` more times (the configuration's
    /// ``Configuration/retries`` when nil); then the last error is thrown. `body` must
    /// therefore do nothing outside the database that it cannot do twice;
    /// ``SQLPostgresContext/attempt`` says which run it is.
    ///
    /// A statement that fails aborts the transaction on PostgreSQL: the statements after
    /// it, and the commit if `body` catches the error and returns, throw an error of kind
    /// ``SQLPostgresError/Kind/transactionAborted``. To recover from a failure and go
    /// on, run the part that may fail in a nested `write`: inside a `write`'s closure,
    /// `write` runs its closure in a savepoint on the same connection, rolled back to
    /// when it throws. (A nested `write` cannot ask for a stricter isolation than the
    /// outer one. Nested writes run one after the other: one started from a task beside
    /// another nested write, or a statement run beside one, throws an error of kind
    /// ``SQLPostgresError/Kind/misuse``, since rolling back one savepoint undoes those
    /// made after it.)
    ///
    /// If the connection ends during the transaction, it throws an error of kind
    /// ``SQLPostgresError/Kind/connectionLost`` (the server rolled back) or, during
    /// `COMMIT`, ``SQLPostgresError/Kind/commitOutcomeUnknown``; neither is retried.
    /// Cancelling the task rolls back at the next statement and throws `CancellationError`.
    @discardableResult
    public func write<T: Sendable>(
        isolation: Isolation = .readCommitted, retries: Int? = nil,
        _ body: @Sendable (SQLPostgresContext) async throws -> T
    ) async throws -> T {
        if let outer = Self.current, outer.owner == ObjectIdentifier(self), outer.isOpen {
            return try await outer.nestedWrite(isolation: isolation, body)
        }
        return try await retrying(
            client: primary, begin: isolation.sql, isolation: isolation,
            limit: max(0, retries ?? configuration.retries), body)
    }

    /// Runs `body` in one read-only transaction: every query in it sees the same snapshot
    /// (`REPEATABLE READ READ ONLY`), as Slate's `read` does on SQLite. Writing in it fails
    /// (SQLSTATE 25006).
    ///
    /// With a replica configured, reads run there, unless `readYourWrites` (per call; nil
    /// means the configuration's ``Configuration/readYourWrites``) asks for the primary. A
    /// replica lags its primary: a read there may not see a write just committed. Inside
    /// a `write`'s closure, `read` runs on the write's own connection and transaction.
    /// Serialization failures (a replica cancelling a query that conflicts with
    /// recovery) are retried as in `write`.
    @discardableResult
    public func read<T: Sendable>(
        readYourWrites: Bool? = nil, _ body: @Sendable (SQLPostgresContext) async throws -> T
    ) async throws -> T {
        if let outer = Self.current, outer.owner == ObjectIdentifier(self), outer.isOpen {
            return try await body(outer)
        }
        let onPrimary = readYourWrites ?? configuration.readYourWrites
        return try await retrying(
            client: onPrimary ? primary : (replicaClient ?? primary),
            begin: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", isolation: nil,
            limit: max(0, configuration.retries), body)
    }

    /// Runs `body` on the primary with no transaction around it: each statement commits
    /// on its own. For what cannot run in a transaction (`CREATE DATABASE`, `VACUUM`,
    /// `CREATE INDEX CONCURRENTLY`). Never retried; a nested `write` in it throws.
    @discardableResult
    public func writeWithoutTransaction<T: Sendable>(
        _ body: @Sendable (SQLPostgresContext) async throws -> T
    ) async throws -> T {
        try await withoutTransaction(client: primary, attempt: 0, body)
    }

    /// Runs `body` (one statement) with no transaction around it, on the primary or the
    /// read client: what a generated call of one statement runs on the database, one
    /// round trip instead of three. Inside a transaction of this database (a task-local),
    /// it runs in that transaction instead, as a nested `read` or `write` would. A
    /// serialization failure or deadlock rolled the statement back: it runs again, as
    /// `write` would run its closure again.
    func autocommit<T: Sendable>(
        onPrimary: Bool, _ body: @Sendable (SQLPostgresContext) async throws -> T
    ) async throws -> T {
        if let outer = Self.current, outer.owner == ObjectIdentifier(self), outer.isOpen {
            return try await body(outer)
        }
        let client = onPrimary ? primary : (replicaClient ?? primary)
        let limit = max(0, configuration.retries)
        var attempt = 0
        while true {
            do {
                return try await withoutTransaction(client: client, attempt: attempt, body)
            } catch let error as SQLPostgresError where error.isRetryable && attempt < limit {
                attempt += 1
                try await Self.pause(attempt: attempt)
            }
        }
    }

    /// `body` on a leased connection, each statement committing on its own.
    private func withoutTransaction<T: Sendable>(
        client: PostgresClient, attempt: Int, _ body: @Sendable (SQLPostgresContext) async throws -> T
    ) async throws -> T {
        try await leased(client) { connection in
            let context = SQLPostgresContext(
                connection: connection, logger: configuration.logger, owner: ObjectIdentifier(self),
                isolation: nil, attempt: attempt, transactional: false)
            defer { context.finish() }
            do {
                // Bound, so that a nested call joins this connection (a nested `write`
                // throws: there is no transaction to nest in) instead of leasing another.
                return try await Self.$current.withValue(context) { try await body(context) }
            } catch {
                throw await context.resolved(error)
            }
        }
    }

    /// `transaction`, run again after a short pause when it fails with 40001 or 40P01,
    /// `limit` times at most; then its error is thrown.
    private func retrying<T: Sendable>(
        client: PostgresClient, begin: String, isolation: Isolation?, limit: Int,
        _ body: @Sendable (SQLPostgresContext) async throws -> T
    ) async throws -> T {
        var attempt = 0
        while true {
            do {
                return try await transaction(
                    client: client, begin: begin, isolation: isolation, attempt: attempt, body)
            } catch let retry as Retry {
                guard attempt < limit else { throw retry.error }
                attempt += 1
                try await Self.pause(attempt: attempt)
            }
        }
    }

    /// A transaction to run again: the error it would throw if it may not.
    private struct Retry: Error {
        var error: any Error
    }

    /// A short random pause before a retry, longer after each (1 ms up to about 100 ms).
    private static func pause(attempt: Int) async throws {
        let ceiling = UInt64(1_000_000) << UInt64(min(attempt, 7))
        try await Task.sleep(nanoseconds: UInt64.random(in: 1_000_000...max(1_000_000, ceiling)))
    }

    /// A connection found dead at `BEGIN`, before anything ran on it.
    struct StaleConnection: Error {
        var error: SQLPostgresError
    }

    /// `attempt(_:)` on a live connection: a connection found dead at `BEGIN` is
    /// replaced, five times at most (the pool may hand out several that died together).
    private func transaction<T: Sendable>(
        client: PostgresClient, begin: String, isolation: Isolation?, attempt: Int,
        _ body: @Sendable (SQLPostgresContext) async throws -> T
    ) async throws -> T {
        var stale = 0
        while true {
            do {
                return try await leasedTransaction(
                    client: client, begin: begin, isolation: isolation, attempt: attempt, body)
            } catch let error as StaleConnection {
                stale += 1
                guard stale <= 5 else { throw error.error }
                // The pool learns of the closed connection from its channel: a moment
                // for it to, so that the next lease makes a new one.
                try await Task.sleep(nanoseconds: 2_000_000 * UInt64(stale))
            }
        }
    }

    private func leasedTransaction<T: Sendable>(
        client: PostgresClient, begin: String, isolation: Isolation?, attempt: Int,
        _ body: @Sendable (SQLPostgresContext) async throws -> T
    ) async throws -> T {
        try await leased(client) { connection in
            let context = SQLPostgresContext(
                connection: connection, logger: configuration.logger, owner: ObjectIdentifier(self),
                isolation: isolation, attempt: attempt, transactional: true)
            defer { context.finish() }
            do {
                try await context.control(begin)
            } catch let error as SQLPostgresError where error.kind == .connectionLost {
                // Nothing ran: a connection that died while idle in the pool is
                // replaced and the transaction starts again.
                throw StaleConnection(error: error)
            }
            let value: T
            do {
                value = try await Self.$current.withValue(context) { try await body(context) }
            } catch {
                await context.rollback()
                if let failure = context.failure, failure.isRetryable { throw Retry(error: error) }
                throw await context.resolved(error)
            }
            if let failure = context.failure {
                await context.rollback()
                let aborted = failure.kind == .connectionLost ? failure : SQLPostgresError.aborted(by: failure)
                if aborted.isRetryable { throw Retry(error: aborted) }
                throw aborted
            }
            do {
                try Task.checkCancellation()
            } catch {
                await context.rollback()
                throw error
            }
            do {
                try await context.commit()
            } catch let error as SQLPostgresError where error.isRetryable {
                throw Retry(error: error)
            }
            return value
        }
    }
}
#endif
