#!/usr/bin/env bash
# Runs the whole test suite under AddressSanitizer, and the concurrency tests (pool,
# observation, Codable records on pools) under ThreadSanitizer. Each sanitizer builds into
# its own scratch directory. Not part of CI's default path: an address-sanitized build of
# everything takes several minutes on a small machine.
#
#   Scripts/sanitize.sh            both
#   Scripts/sanitize.sh address    one of them
#   Scripts/sanitize.sh thread
set -euo pipefail
cd "$(dirname "$0")/.."
which=${1:-all}

if [ "$which" = all ] || [ "$which" = address ]; then
    echo "==> AddressSanitizer: the whole suite"
    # Leaks are checked too; XCTest's own runner objects are suppressed.
    LSAN_OPTIONS=suppressions="$PWD/Scripts/lsan-suppressions.txt" swift test --sanitize=address --scratch-path .build/asan
fi
if [ "$which" = all ] || [ "$which" = thread ]; then
    echo "==> ThreadSanitizer: the concurrency tests"
    # Only the targets with concurrency tests, so the build stays small.
    TSAN_OPTIONS=halt_on_error=1 swift test --sanitize=thread --scratch-path .build/tsan \
        --filter 'SlateTests.(PoolTests|PoolStressTests|ObservationTests|TransactionTests)|SlateRecordsTests|SlateSchemaTests.MigratorTests'
fi
