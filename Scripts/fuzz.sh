#!/usr/bin/env bash
# Runs Slate's libFuzzer targets for a fixed time each (default 60 s) and prints how many
# inputs each tried. CI runs each target for a short time (.ci/run); a crash, a timeout
# (10 s an input) or running out of memory fails the script.
#
#   Scripts/fuzz.sh [SECONDS] [TARGET…]     targets: fuzz-sql fuzz-generate fuzz-schema-files
#
# Each target starts from the test fixtures (schemas, query files, XML schemas) and
# Fuzz/Seeds, and keeps what it finds in Fuzz/.corpus/<target> (not committed). A crash leaves crash-<hash> in Fuzz/.artifacts;
# turn it into a regression test, then fix it.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(fuzz-sql fuzz-generate fuzz-schema-files)

cd "$root/Fuzz"
flags=(-c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library)
for target in "${targets[@]}"; do
    swift build --quiet "${flags[@]}" --product "$target"
done
bin=$(swift build "${flags[@]}" --show-bin-path)
mkdir -p .artifacts
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fixtures="$root/Tests/Fixtures"
mkdir -p "$work/seeds/fuzz-sql" "$work/seeds/fuzz-generate" "$work/seeds/fuzz-schema-files"
cp "$root"/Fuzz/Seeds/fuzz-sql/* "$fixtures"/Schemas/*.sql "$work/seeds/fuzz-sql/"
cp "$fixtures"/Schemas/*.sql "$work/seeds/fuzz-generate/"
{ cat "$fixtures"/Schemas/bookshop-00*.sql; printf '\n-- queries\n'; cat "$fixtures/Queries/bookshop-queries.sql"; } \
    > "$work/seeds/fuzz-generate/bookshop-with-queries.sql"
cp "$fixtures"/Declarative/*.xml "$fixtures"/Queries/*.sql "$work/seeds/fuzz-schema-files/"
for target in "${targets[@]}"; do
    mkdir -p ".corpus/$target"
    log="$work/$target.log"
    # Run in a scratch directory: nothing an input does can touch the repository.
    (cd "$work" && ASAN_OPTIONS=detect_leaks=0 "$bin/$target" -max_total_time="$seconds" -max_len=8192 -timeout=10 \
        -rss_limit_mb=4096 -artifact_prefix="$root/Fuzz/.artifacts/" \
        "$root/Fuzz/.corpus/$target" "$work/seeds/$target" >"$log" 2>&1) || {
        tail -40 "$log"
        echo "error: $target crashed; the input is in Fuzz/.artifacts" >&2
        exit 1
    }
    runs=$(grep -o 'Done [0-9]* runs' "$log" | tail -1 | grep -o '[0-9]*')
    echo "$target: ${runs:-?} inputs in ${seconds} s, no crash"
done
