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

/// Opens `path` at the latest schema version, logging an upgrade.
func openDatabase(at path: String, logger: Logger) throws -> Issues {
    let before = try schemaVersion(ofFileAt: path)
    let clock = ContinuousClock()
    let start = clock.now
    let database = try Issues.bootstrap(at: path)
    let elapsed = clock.now - start
    if before == 0 {
        logger.info("schema created", metadata: ["version": "\(Issues.schemaVersion)", "path": "\(path)", "elapsed": "\(elapsed)"])
    } else if before != Issues.schemaVersion {
        logger.info(
            "schema upgraded",
            metadata: ["from": "\(before)", "to": "\(Issues.schemaVersion)", "path": "\(path)", "elapsed": "\(elapsed)"])
    }
    return database
}

/// The file's `user_version`: 0 for a new or empty file.
private func schemaVersion(ofFileAt path: String) throws -> Int64 {
    guard FileManager.default.fileExists(atPath: path) else { return 0 }
    let context = try SQLContext(path: path, flags: [.readOnly])
    defer { context.close() }
    return try context.query(sql: "PRAGMA user_version")[0][0].integerValue ?? 0
}
