// swift-tools-version:6.1
import PackageDescription

// A small program that uses Slate the way an adopter would: one dependency, one plugin
// line, and the schema in .sql files. Slate is a path dependency here; an app would write
// `.package(url: "https://github.com/…/Slate", from: "1.0.0")`.
let package = Package(
    name: "SlateExamples",
    platforms: [.macOS(.v13), .iOS(.v16)],
    // The same bookshop on PostgreSQL: `swift run --traits Postgres bookshop --postgres URL`.
    // Off by default, so that the SQLite build resolves nothing of postgres-nio's.
    traits: [
        .trait(name: "Postgres", description: "The bookshop on a PostgreSQL server too (Slate's Postgres trait)"),
    ],
    dependencies: [
        .package(
            name: "Slate", path: "..",
            traits: [.trait(name: "Postgres", condition: .when(traits: ["Postgres"]))]),
    ],
    targets: [
        // The bookshop's store: its schema is bookshop-001.sql and bookshop-002.sql, turned
        // into Swift by the build plugin on every build.
        // NoSlate/ holds SQL the program runs (sample data), bundled, not generated from;
        // slate.json excludes fixtures/ the same way.
        .target(
            name: "BookshopStore",
            // SlatePostgres is empty without the Postgres trait; with it, the generated file's
            // PostgreSQL part (`Bookshop.Postgres`) compiles too (slate.json asks for both).
            dependencies: [
                .product(name: "SlateRecords", package: "Slate"),
                .product(name: "SlatePostgres", package: "Slate"),
            ],
            resources: [.copy("NoSlate/sample-data.sql"), .copy("fixtures/empty-shelf.sql")],
            plugins: [.plugin(name: "SlateBuildPlugin", package: "Slate")]),
        // A read-only catalog shipped inside the module as a database file: `Catalog.module`.
        .target(
            name: "Catalog",
            dependencies: [.product(name: "SlateRecords", package: "Slate")],
            resources: [.copy("catalog.db")],
            plugins: [.plugin(name: "SlateBuildPlugin", package: "Slate")]),
        // Generated once by the command plugin and committed (no build plugin):
        // `swift package --allow-writing-to-package-directory slate-generate --target Inventory`.
        // The script is excluded from the build (SwiftPM has no use for it); the command
        // plugin finds it on disk all the same.
        .target(name: "Inventory", dependencies: [.product(name: "SlateRecords", package: "Slate")], exclude: ["inventory.sql"]),
        // `swift run bookshop`; with the trait, `swift run --traits Postgres bookshop --postgres URL`.
        .executableTarget(
            name: "bookshop",
            dependencies: [
                "BookshopStore", "Catalog", .product(name: "SlateRecords", package: "Slate"),
                .product(name: "SlatePostgres", package: "Slate"),
            ]),
        // With the trait, also the same scenarios on SQLite and PostgreSQL side by side
        // (against SLATE_POSTGRES_URL; skipped, saying so, without it).
        .testTarget(
            name: "BookshopStoreTests",
            dependencies: ["BookshopStore", "Catalog", "Inventory", .product(name: "SlatePostgres", package: "Slate")]),
    ],
    swiftLanguageModes: [.v6]
)
