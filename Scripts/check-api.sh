#!/usr/bin/env bash
# Fails on a break of the public API (Docs/PUBLIC-API.md) that is not announced.
#
# Compares the library products with the baseline commit in Docs/api-baseline.txt, with
# `swift package diagnose-api-breaking-changes` (swift-api-digester). A break passes only
# when Docs/api-breaks.txt lists it, as the tool words it, one a line; CHANGELOG.md says
# the same to users. `@_spi(Generated)`, `package` and internal symbols are not compared.
# At a release, the baseline becomes the release's commit and the list is emptied.
#
# The baseline's API is built once and kept in .build/api-baseline/<commit>.
set -euo pipefail
cd "$(dirname "$0")/.."
baseline=$(grep -v '^#' Docs/api-baseline.txt | tr -d '[:space:]')
if [ -z "$baseline" ]; then
    echo "error: Docs/api-baseline.txt names no baseline commit" >&2
    exit 1
fi
if ! git cat-file -e "$baseline^{commit}" 2>/dev/null; then
    # A shallow clone (CI) may not have it yet.
    git fetch --quiet --unshallow 2>/dev/null || git fetch --quiet origin "$baseline" 2>/dev/null || true
fi
if ! git cat-file -e "$baseline^{commit}" 2>/dev/null; then
    echo "error: the API baseline $baseline (Docs/api-baseline.txt) is not in this repository" >&2
    exit 1
fi
allowlist=Docs/api-breaks.txt
[ -f "$allowlist" ] || { echo "error: $allowlist is missing" >&2; exit 1; }
# SlateServiceLifecycle is left out: without its trait (the default) the module is empty.
# SlateCSQLite is SQLite's C module: no Swift API of Slate's.
products=(Slate SlateSchema SlateMigration SlateRecords SlateGenerator)
start=$(date +%s)
set +e
swift package diagnose-api-breaking-changes "$baseline" \
    --products "${products[@]}" \
    --breakage-allowlist-path "$allowlist" \
    --baseline-dir ".build/api-baseline/$baseline"
status=$?
set -e
echo "check-api: compared ${products[*]} with $baseline in $(( $(date +%s) - start )) s"
if [ "$status" -ne 0 ]; then
    echo "error: the API breaks above are not listed in $allowlist (and CHANGELOG.md)" >&2
fi
exit "$status"
