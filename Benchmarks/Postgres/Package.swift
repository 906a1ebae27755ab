// swift-tools-version:6.1
import PackageDescription

// Slate on PostgreSQL beside hand-written postgres-nio and Fluent, the same queries in one
// run: `Benchmarks/postgres.sh` (a throwaway cluster, a release build, one table).
// A package of its own so that the main package never resolves Fluent.
let package = Package(
    name: "SlatePostgresBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        // SLATE_PATH builds against another checkout of Slate (a branch not merged yet).
        .package(name: "Slate", path: Context.environment["SLATE_PATH"] ?? "../..", traits: ["Postgres"]),
        .package(url: "https://github.com/vapor/postgres-nio", exact: "1.33.2"),
        .package(url: "https://github.com/vapor/fluent-kit", exact: "1.57.0"),
        .package(url: "https://github.com/vapor/fluent-postgres-driver", exact: "2.14.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    ],
    targets: [
        // `slate generate` output for Schemas/001-item.sql (regenerate with ./generate.sh):
        // the SQLite records and, with the trait, the PostgreSQL database type.
        .target(
            name: "BenchPostgresGenerated",
            dependencies: [
                .product(name: "SlatePostgres", package: "Slate"),
                .product(name: "SlateRecords", package: "Slate"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]),
        .executableTarget(
            name: "slate-pg-bench",
            dependencies: [
                "BenchPostgresGenerated",
                .product(name: "Slate", package: "Slate"),
                .product(name: "SlatePostgres", package: "Slate"),
                .product(name: "SlateRecords", package: "Slate"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "FluentKit", package: "fluent-kit"),
                .product(name: "FluentPostgresDriver", package: "fluent-postgres-driver"),
                .product(name: "Logging", package: "swift-log"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
