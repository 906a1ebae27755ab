// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Slate",
    platforms: [
        .macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1),
    ],
    products: [
        .library(name: "Slate", targets: ["Slate"]),
        .library(name: "SlateSchema", targets: ["SlateSchema"]),
    ],
    targets: [
        // SQLite from the system: libsqlite3-dev on Linux, the SDK on Apple platforms.
        .systemLibrary(
            name: "SlateCSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite3"])]
        ),
        // The connection layer.
        .target(name: "Slate", dependencies: ["SlateCSQLite"]),
        // The schema model, reflection, and result-column analysis.
        .target(name: "SlateSchema", dependencies: ["Slate"]),
        // A short tour of the connection layer, run by the README's first command.
        .executableTarget(name: "slate-tour", dependencies: ["Slate"]),

        // A fault-injecting VFS for tests (I/O errors on demand).
        .target(name: "SlateFaultVFS", dependencies: ["SlateCSQLite"], path: "Tests/SlateFaultVFS"),
        .testTarget(name: "SlateTests", dependencies: ["Slate", "SlateFaultVFS"]),
        .testTarget(name: "SlateSchemaTests", dependencies: ["SlateSchema"]),
    ],
    swiftLanguageModes: [.v6]
)
