#!/usr/bin/env bash
# SQLite-only apps pay nothing for PostgreSQL (or for swift-service-lifecycle): an app that
# depends on Slate's SQLite products, with no trait, resolves only swift-argument-parser
# and swift-log; the same app with the Postgres trait resolves postgres-nio. A package of
# each kind is written to a temporary folder and resolved (no build).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# app DIR TRAITS: a package at DIR using SlateRecords from this checkout, with TRAITS.
app() {
    mkdir -p "$1/Sources/App"
    cat >"$1/Package.swift" <<MANIFEST
// swift-tools-version:6.1
import PackageDescription
let package = Package(
    name: "App",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "Slate", path: "$root", traits: [$2])],
    targets: [.executableTarget(name: "App", dependencies: [.product(name: "SlateRecords", package: "Slate")])]
)
MANIFEST
    echo 'import SlateRecords' >"$1/Sources/App/main.swift"
    (cd "$1" && swift package resolve >/dev/null 2>&1) || {
        (cd "$1" && swift package resolve)
        exit 1
    }
    (cd "$1" && ls .build/checkouts | sort | tr '\n' ' ')
}

sqlite_only=$(app "$work/sqlite-only" "")
echo "==> an app using SlateRecords without traits resolves: $sqlite_only"
if [ "$sqlite_only" != "swift-argument-parser swift-log " ]; then
    echo "error: a SQLite-only app resolves more than swift-argument-parser and swift-log: $sqlite_only" >&2
    exit 1
fi
with_postgres=$(app "$work/with-postgres" '"Postgres"')
echo "==> the same app with the Postgres trait resolves: $with_postgres"
if [[ " $with_postgres " != *" postgres-nio "* ]]; then
    echo "error: the Postgres trait does not bring postgres-nio: $with_postgres" >&2
    exit 1
fi
