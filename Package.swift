// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "Slate",
    platforms: [
        .macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1),
    ],
    products: [
        .library(name: "Slate", targets: ["Slate"]),
        .library(name: "SlateSchema", targets: ["SlateSchema"]),
        .library(name: "SlateMigration", targets: ["SlateMigration"]),
        .library(name: "SlateRecords", targets: ["SlateRecords"]),
        .library(name: "SlateCSQLite", targets: ["SlateCSQLite"]),
        .library(name: "SlateGenerator", targets: ["SlateGenerator"]),
        .executable(name: "slate", targets: ["slate"]),
        .plugin(name: "SlateBuildPlugin", targets: ["SlateBuildPlugin"]),
        .plugin(name: "SlateCommandPlugin", targets: ["SlateCommandPlugin"]),
        // The pool as a swift-service-lifecycle service. Its code builds only with the
        // ServiceLifecycle trait; without it the module is empty and nothing is fetched.
        .library(name: "SlateServiceLifecycle", targets: ["SlateServiceLifecycle"]),
        // The same schema, records and typed queries on PostgreSQL, over postgres-nio. Its
        // code builds only with the Postgres trait; without it the module is empty and
        // postgres-nio is neither fetched nor built.
        .library(name: "SlatePostgres", targets: ["SlatePostgres"]),
    ],
    // Off by default, so that an app that uses SQLite alone never resolves
    // swift-service-lifecycle: `.package(url: …, from: …, traits: ["ServiceLifecycle"])`.
    traits: [
        .trait(name: "ServiceLifecycle", description: "SlateServiceLifecycle's SQLPoolService, which closes the pool on graceful shutdown"),
        .trait(name: "Postgres", description: "SlatePostgres: the same schema, records and typed queries on PostgreSQL, over postgres-nio"),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.25.0"),
    ],
    targets: [
        // SQLite from the system: libsqlite3-dev on Linux, the SDK on Apple platforms.
        .systemLibrary(
            name: "SlateCSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite3"])]
        ),
        // The preparation budget: SQLite's allocator wrapped, installed as the program loads.
        .target(name: "SlateCBudget", dependencies: ["SlateCSQLite"]),
        // The connection layer.
        .target(name: "Slate", dependencies: ["SlateCSQLite", "SlateCBudget", .product(name: "Logging", package: "swift-log")]),
        // The schema model and its reflection from a live connection, scripts, the SQL tokenizer.
        // Model/SQLSchema+ShortNames.swift is linked into the modules that use the model's
        // short names (one source for the aliases); the define keeps it from importing
        // SlateSchema here.
        .target(name: "SlateSchema", dependencies: ["Slate"], swiftSettings: [.define("SLATE_SCHEMA_MODULE")]),
        // Schema evolution: the migrator, the declarative schema (SQL or XML), its planner.
        .target(name: "SlateMigration", dependencies: ["Slate", "SlateSchema", .product(name: "Logging", package: "swift-log")]),
        // The SQL analysis only the generator needs: expressions, result-column and
        // parameter typing, query files. Not a product: its API is `package`.
        .target(name: "SlateAnalysis", dependencies: ["Slate", "SlateSchema"]),
        // What generated code stands on: record protocols, tables, the database type and
        // its schema evolution (which replays scripts as SlateSchema says, and plans with
        // SlateMigration).
        .target(name: "SlateRecords", dependencies: ["Slate", "SlateCSQLite", "SlateSchema", "SlateMigration", .product(name: "Logging", package: "swift-log")]),
        // PostgreSQL's form of a schema: DDL rendered from the reflected model, each script's
        // form from the difference of two versions' models. Text only (no server, no
        // postgres-nio): the generator and the CLI link it. Not a product: its API is `package`.
        .target(name: "SlatePostgresSchema", dependencies: ["Slate", "SlateSchema"]),
        // Code generation: schema → record model → Swift description → text.
        .target(name: "SlateGenerator", dependencies: ["SlateSchema", "SlateAnalysis", "SlatePostgresSchema"]),
        // The PostgreSQL backend: only with the Postgres trait (empty without it).
        .target(
            name: "SlatePostgres",
            dependencies: [
                "Slate", "SlateSchema", "SlateRecords", .product(name: "Logging", package: "swift-log"),
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["Postgres"])),
                .target(name: "SlatePostgresEnabled", condition: .when(traits: ["Postgres"])),
            ]),
        // A marker built for an app only with the Postgres trait: generated code guards its
        // PostgreSQL part with `canImport(SlatePostgresEnabled) && canImport(PostgresNIO)`.
        .target(name: "SlatePostgresEnabled"),
        // The pool as a swift-service-lifecycle `Service`: only with the ServiceLifecycle trait.
        .target(
            name: "SlateServiceLifecycle",
            dependencies: [
                "Slate",
                .product(
                    name: "ServiceLifecycle", package: "swift-service-lifecycle",
                    condition: .when(traits: ["ServiceLifecycle"])),
            ]),
        // The command-line tool: generate, schema.
        .executableTarget(
            name: "slate",
            dependencies: [
                "SlateGenerator", "SlateMigration", "SlatePostgresSchema",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // Plugins: they find a target's .sql scripts and database files and run `slate`.
        // Their shared code is Plugins/PluginsShared, linked into each (and into
        // SlateGeneratorTests, which tests how it groups a target's files); its
        // QueryFileHeader.swift is also linked into SlateAnalysis, so that the plugins and
        // `slate generate` tell query files from scripts by one rule, and InputNames.swift
        // into SlateSchema and SlateGenerator, so that they group and order files by one.
        .plugin(name: "SlateBuildPlugin", capability: .buildTool(), dependencies: ["slate"]),
        .plugin(
            name: "SlateCommandPlugin",
            capability: .command(
                intent: .custom(verb: "slate-generate", description: "Write the Swift generated for each target's databases into the target"),
                permissions: [.writeToPackageDirectory(reason: "slate-generate writes <stem>.generated.swift into the target's directory")]),
            dependencies: ["slate"]),
        // A short tour of the connection layer, run by the README's first command.
        .executableTarget(name: "slate-tour", dependencies: ["Slate"]),

        // A fault-injecting VFS for tests (I/O errors on demand).
        .target(name: "SlateFaultVFS", dependencies: ["SlateCSQLite"], path: "Tests/SlateFaultVFS"),
        // Helpers the test targets share: temporary directories, error expectations.
        .target(name: "SlateTestSupport", dependencies: ["Slate", .product(name: "Logging", package: "swift-log")], path: "Tests/SlateTestSupport"),
        .testTarget(
            name: "SlateTests",
            dependencies: ["Slate", "SlateFaultVFS", "SlateTestSupport", .product(name: "Logging", package: "swift-log")]),
        // A process the reliability tests kill mid-write, or that holds a lock against them.
        .executableTarget(name: "slate-test-child", dependencies: ["Slate", "SlateMigration", "SlateRecords"], path: "Tests/TestChild"),
        // Crashes, full disks, I/O faults and bad input, with real processes and files.
        .testTarget(name: "SlateReliabilityTests", dependencies: ["Slate", "SlateFaultVFS", "SlateTestSupport", "slate-test-child"]),
        .testTarget(name: "SlateSchemaTests", dependencies: ["SlateSchema", "SlateMigration", "SlateAnalysis", "SlateTestSupport"]),
        .testTarget(name: "SlateRecordsTests", dependencies: ["SlateRecords", "SlateTestSupport"]),
        .testTarget(name: "SlateGeneratorTests", dependencies: ["SlateGenerator", "SlateAnalysis", "slate", "SlateTestSupport"]),
        // The golden files, compiled and run: the API over SlateRecords...
        // (SlatePostgres for the PostgreSQL part of goldens generated for both engines: it
        // compiles only with the Postgres trait.)
        .testTarget(
            name: "GeneratedCodeTests",
            dependencies: [
                "SlateRecords", "SlateMigration", "SlateTestSupport", "SlatePostgres",
                .product(name: "Logging", package: "swift-log"),
            ]),
        // ...in a module that also imports types named like SwiftUI's and SwiftData's, which
        // must keep meaning those types there...
        .target(name: "FakeSDK", path: "Tests/FakeSDK"),
        .testTarget(name: "SDKNameTests", dependencies: ["FakeSDK", "SlateRecords", "SlateSchema", "SlateMigration"]),
        // ...and raw mode, with nothing but the SQLite C module.
        .testTarget(name: "GeneratedRawTests", dependencies: ["SlateCSQLite"]),
        // PostgreSQL's DDL from schemas, without a server (part of every run)...
        .testTarget(name: "SlatePostgresSchemaTests", dependencies: ["SlatePostgresSchema", "SlateSchema", "SlateMigration", "SlateTestSupport"]),
        // ...and SlatePostgres against a real server: with the Postgres trait and a server
        // (SLATE_POSTGRES_URL, else a throwaway cluster; Scripts/test-postgres.sh runs them).
        .testTarget(
            name: "SlatePostgresTests",
            dependencies: [
                "SlatePostgres", "SlatePostgresSchema", "SlateRecords", "SlateTestSupport", "slate-postgres-test-child",
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["Postgres"])),
            ]),
        // A process the PostgreSQL bootstrap tests start several of at once, or kill mid-script.
        .executableTarget(
            name: "slate-postgres-test-child",
            dependencies: [
                "SlatePostgres", "SlateRecords", .product(name: "Logging", package: "swift-log"),
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["Postgres"])),
            ],
            path: "Tests/PostgresTestChild"),
    ],
    swiftLanguageModes: [.v6]
)
