import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import Slate
import SlateRecords
import SlateServiceLifecycle

/// How the server is started: `issue-server --port 8080 --database issues.sqlite`.
public struct IssueServerOptions: Sendable {
    /// The address to listen on; loopback by default.
    public var host = "127.0.0.1"
    /// The port; 0 lets the system choose (the server prints the one it got).
    public var port = 8080
    /// The database file, created or upgraded to the latest schema at start.
    public var databasePath = "issues.sqlite"
    /// How often an open event stream gets a `: ping` comment, so that a client that went
    /// away is noticed (the write fails) without waiting for a commit.
    public var heartbeat: Duration = .seconds(15)
    /// The log level.
    public var logLevel: Logger.Level = .info

    public init() {}
}

/// Opens the database (upgrading it), serves HTTP until SIGTERM or SIGINT, then shuts down
/// gracefully: event streams end first, requests in flight finish, the pool closes last.
/// `onListening` is called with the port once the server accepts connections.
public func runIssueServer(
    _ options: IssueServerOptions, onListening: @escaping @Sendable (Int) -> Void = { _ in }
) async throws {
    let logger = {
        var logger = Logger(label: "issue-server")
        logger.logLevel = options.logLevel
        return logger
    }()

    let database = try openDatabase(at: options.databasePath, logger: logger)
    let state = ServerState(db: database, heartbeat: options.heartbeat)
    let router = makeRouter(state)
    let app = Application(
        router: router,
        configuration: .init(address: .hostname(options.host, port: options.port), serverName: "issue-server"),
        onServerRunning: { channel in
            let port = channel.localAddress?.port ?? options.port
            logger.info("listening", metadata: ["port": "\(port)"])
            onListening(port)
        },
        logger: logger)

    // The pool is shut down twice, as SQLPoolService explains: its observations end first
    // (the last service is shut down first), so that open event streams finish and the
    // HTTP server's graceful shutdown completes; the pool closes after the server is done.
    let pool = SQLPoolService(pool: database.pool)
    let group = ServiceGroup(
        configuration: .init(
            services: [.init(service: pool), .init(service: app), .init(service: pool.observationShutdown)],
            gracefulShutdownSignals: [.sigterm, .sigint],
            logger: logger))
    try await group.run()
    logger.info("stopped", metadata: ["database_closed": "\(database.pool.isClosed)"])
}

/// Opens `path` at the latest schema version. The pool logs to the server's logger: Slate
/// logs a schema upgrade at `info` (the file, the versions, the time taken), errors at
/// `error`, constraint violations at `debug`.
func openDatabase(at path: String, logger: Logger) throws -> Issues {
    var configuration = SQLPool.Configuration()
    configuration.connection.logger = logger
    return try Issues.bootstrap(at: path, configuration: configuration)
}
