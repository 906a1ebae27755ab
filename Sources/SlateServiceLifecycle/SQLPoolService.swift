// The whole module builds only with Slate's ServiceLifecycle trait, which also brings in the
// swift-service-lifecycle dependency: without it the module is empty and an app that uses
// SQLite alone never resolves that package.
#if ServiceLifecycle
import ServiceLifecycle
import Slate

/// An ``/Slate/SQLPool`` run as a swift-service-lifecycle `Service`: it closes the pool when the
/// service group shuts down, after the servers that use it are done.
///
/// A graceful shutdown has two moments for a database, and a `ServiceGroup` shuts its
/// services down one at a time, in reverse order, each after the one before has returned.
/// So the pool takes part twice:
///
/// - ``observationShutdown``, placed **after** your servers, is shut down first: it ends
///   every `observe` and `changes()` stream (``/Slate/SQLPool/endObservations()``), so that
///   responses streaming them (server-sent events, WebSockets) finish and the HTTP
///   server's own graceful shutdown, which waits for open responses, can complete.
/// - The ``SQLPoolService`` itself, placed **before** your servers, is shut down last: the
///   requests still in flight have kept reading and writing until the servers returned,
///   and only then the pool closes.
///
/// ```swift
/// let pool = try SQLPool(path: "issues.sqlite")
/// let database = SQLPoolService(pool: pool)
/// let app = Application(router: router)      // Hummingbird; its routes capture `pool`
/// let group = ServiceGroup(
///     services: [database, app, database.observationShutdown],
///     gracefulShutdownSignals: [.sigterm, .sigint],
///     logger: logger)
/// try await group.run()
/// ```
///
/// Cancellation (a service failed, or a cancellation signal) skips the order: both
/// services end observation, and the pool service closes the pool, which waits for work in
/// flight (async pool calls of cancelled tasks are interrupted).
///
/// Leave out ``observationShutdown`` only when no response streams an observation, or
/// when each such response ends on graceful shutdown by itself (swift-service-lifecycle's
/// `cancelOnGracefulShutdown()` on the stream, iterated in the server's task tree).
public struct SQLPoolService: Service, CustomStringConvertible {
    /// The pool the service closes.
    public let pool: SQLPool

    /// A service for `pool`, which it closes on graceful shutdown or cancellation.
    public init(pool: SQLPool) {
        self.pool = pool
    }

    /// The service that ends `pool`'s observations as graceful shutdown begins; place it
    /// after your servers in the service group.
    public var observationShutdown: SQLObservationShutdown {
        SQLObservationShutdown(pool: pool)
    }

    /// Waits for graceful shutdown or cancellation, then ends every observation and closes
    /// the pool (waiting, off the task, for work in flight).
    public func run() async throws {
        await waitForGracefulShutdownOrCancellation()
        pool.endObservations()
        await pool.close()
    }

    public var description: String { "SQLPoolService(\(pool.path ?? ":memory:"))" }
}

/// The part of ``SQLPoolService`` that ends the pool's observations when graceful shutdown
/// begins, while reads and writes go on: see ``SQLPoolService/observationShutdown``.
public struct SQLObservationShutdown: Service, CustomStringConvertible {
    /// The pool whose observations end.
    public let pool: SQLPool

    /// A service that ends `pool`'s observations on graceful shutdown or cancellation.
    public init(pool: SQLPool) {
        self.pool = pool
    }

    /// Waits for graceful shutdown or cancellation, then calls
    /// ``/Slate/SQLPool/endObservations()`` and returns.
    public func run() async throws {
        await waitForGracefulShutdownOrCancellation()
        pool.endObservations()
    }

    public var description: String { "SQLObservationShutdown(\(pool.path ?? ":memory:"))" }
}

/// Returns when the service running this task is told to shut down gracefully, or when the
/// task is cancelled (swift-service-lifecycle's `gracefulShutdown()` throws then).
private func waitForGracefulShutdownOrCancellation() async {
    try? await gracefulShutdown()
}
#endif
