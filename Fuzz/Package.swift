// swift-tools-version:6.1
import PackageDescription

// libFuzzer targets over Slate's inputs, built with `-sanitize=fuzzer,address` by
// Scripts/fuzz.sh. A separate package, so that the sanitized build never touches Slate's.
let package = Package(
    name: "SlateFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "Slate", path: "..")],
    targets: [
        // libFuzzer's driver, started from each executable's entry point.
        .target(name: "FuzzDriver"),
        // SQL text run through SQLContext: exec, query, prepare with parameters.
        .executableTarget(
            name: "fuzz-sql",
            dependencies: ["FuzzDriver", .product(name: "Slate", package: "Slate"), .product(name: "SlateCSQLite", package: "Slate")]),
        // Schema scripts and query files through the generator.
        .executableTarget(
            name: "fuzz-generate",
            dependencies: ["FuzzDriver", .product(name: "SlateGenerator", package: "Slate"), .product(name: "SlateSchema", package: "Slate")]),
        // XML and SQL desired schemas through their readers.
        .executableTarget(
            name: "fuzz-schema-files", dependencies: ["FuzzDriver", .product(name: "SlateMigration", package: "Slate")]),
    ],
    swiftLanguageModes: [.v6]
)
