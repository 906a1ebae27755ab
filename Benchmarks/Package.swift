// swift-tools-version:6.0
import PackageDescription

// Slate against the raw C API and GRDB, side by side: `swift run -c release slate-bench`.
let package = Package(
    name: "SlateBenchmarks",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        .package(name: "Slate", path: ".."),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    ],
    targets: [
        // The limit: the sqlite3 C API used the fastest straightforward way.
        .target(name: "CBaseline", cSettings: [.unsafeFlags(["-O2"])], linkerSettings: [.linkedLibrary("sqlite3")]),
        // `slate generate` output for Schemas/bench.sql (regenerate with ./generate.sh).
        .target(name: "BenchGenerated", dependencies: [.product(name: "SlateRecords", package: "Slate")]),
        .target(name: "BenchRaw", dependencies: [.product(name: "SlateCSQLite", package: "Slate")]),
        .executableTarget(
            name: "slate-bench",
            dependencies: [
                "CBaseline", "BenchGenerated", "BenchRaw",
                .product(name: "Slate", package: "Slate"),
                .product(name: "SlateCSQLite", package: "Slate"),
                .product(name: "SlateRecords", package: "Slate"),
                .product(name: "SlateGenerator", package: "Slate"),
                .product(name: "SlateSchema", package: "Slate"),
                .product(name: "SlateMigration", package: "Slate"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
