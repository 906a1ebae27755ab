// swift-tools-version:6.1
import PackageDescription

// An issue tracker over HTTP: Hummingbird, Slate generated from issues-*.sql, server-sent
// events from `pool.observe`, and the pool run as a swift-service-lifecycle service so that
// SIGTERM ends every event stream and closes the database after the HTTP server is done.
// Slate is a path dependency with its ServiceLifecycle trait; an app would write
// `.package(url: "https://github.com/…/Slate", from: "1.0.0", traits: ["ServiceLifecycle"])`.
let package = Package(
    name: "SlateServerExample",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Slate", path: "../..", traits: ["ServiceLifecycle"]),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
    ],
    targets: [
        // The store: the schema is issues-001.sql and issues-002.sql, turned into Swift by
        // the build plugin on every build; the routes and the service group around it.
        .target(
            name: "IssueTracker",
            dependencies: [
                .product(name: "SlateRecords", package: "Slate"),
                .product(name: "SlateServiceLifecycle", package: "Slate"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            plugins: [.plugin(name: "SlateBuildPlugin", package: "Slate")]),
        // The server program: `swift run issue-server --port 8080 --database issues.db`.
        .executableTarget(name: "issue-server", dependencies: ["IssueTracker"]),
        // The real program started as a child process and spoken to over HTTP.
        // The pool service in a ServiceGroup, in process: the order of graceful shutdown.
        .testTarget(
            name: "IssueServerTests",
            dependencies: [
                "issue-server",
                .product(name: "Slate", package: "Slate"),
                .product(name: "SlateServiceLifecycle", package: "Slate"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
