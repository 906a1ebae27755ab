#!/usr/bin/env bash
# Regenerates the benchmark's generated code with the slate CLI of the main package.
# CI runs it with --check, which fails when the checked-in files are out of date.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/.."
swift build --product slate >/dev/null
slate=$(swift build --show-bin-path)/slate
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$slate" generate "$here/Schemas/bench.sql" --config "$here/Schemas/generated.json" --output "$out/Bench.swift"
"$slate" generate "$here/Schemas/bench.sql" --config "$here/Schemas/raw.json" --output "$out/BenchRaw.swift"
if [ "${1:-}" = "--check" ]; then
    diff -u "$here/Sources/BenchGenerated/Bench.swift" "$out/Bench.swift"
    diff -u "$here/Sources/BenchRaw/BenchRaw.swift" "$out/BenchRaw.swift"
    echo "generated benchmark code is up to date"
else
    cp "$out/Bench.swift" "$here/Sources/BenchGenerated/Bench.swift"
    cp "$out/BenchRaw.swift" "$here/Sources/BenchRaw/BenchRaw.swift"
    echo "regenerated Sources/BenchGenerated/Bench.swift and Sources/BenchRaw/BenchRaw.swift"
fi
