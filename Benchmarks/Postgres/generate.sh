#!/usr/bin/env bash
# Regenerates the PostgreSQL benchmark's generated code (Sources/BenchPostgresGenerated)
# from Schemas/001-item.sql with the slate CLI of the main package; --check only compares.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/../.."
swift build --product slate >/dev/null
slate=$(swift build --show-bin-path)/slate
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$slate" generate "$here/Schemas/001-item.sql" --config "$here/Schemas/slate.json" --output "$out/PgBench.swift"
if [ "${1:-}" = "--check" ]; then
    diff -u "$here/Sources/BenchPostgresGenerated/PgBench.swift" "$out/PgBench.swift"
    echo "generated PostgreSQL benchmark code is up to date"
else
    mkdir -p "$here/Sources/BenchPostgresGenerated"
    cp "$out/PgBench.swift" "$here/Sources/BenchPostgresGenerated/PgBench.swift"
    echo "regenerated Sources/BenchPostgresGenerated/PgBench.swift"
fi
