#!/usr/bin/env bash
# Fails on a break of the public API (Docs/PUBLIC-API.md) that is not announced.
#
# Compares the library products with the baseline commit in Docs/api-baseline.txt, with
# `swift package diagnose-api-breaking-changes` (swift-api-digester). A break passes only
# when Docs/api-breaks.txt lists it, as the tool words it, one a line; CHANGELOG.md says
# the same to users. `@_spi(Generated)`, `package` and internal symbols are not compared; a
# public declaration made `package` is a break (the digester misses it: Scripts/api-tiers.py).
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
log=$(mktemp)
trap 'rm -f "$log"' EXIT
set +e
# The allowlist is passed, but SwiftPM 6.2 and later do not forward it to the digester:
# the breaks it reports are filtered here against the same file.
swift package diagnose-api-breaking-changes "$baseline" \
    --products "${products[@]}" \
    --breakage-allowlist-path "$PWD/$allowlist" \
    --baseline-dir ".build/api-baseline/$baseline" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e
# The digester counts a `package` declaration as public (its dump only marks it
# "isInternal"), so a public declaration made `package` is no break to it. Each module's
# dump at HEAD is compared here with the baseline's: a declaration public there that is
# `package` here is reported in the digester's words.
if [ "$status" -eq 0 ] || grep -q 'API breakage: ' "$log"; then
    digester=$(dirname "$(readlink -f "$(command -v swift)")")/swift-api-digester
    modules=$(swift build --show-bin-path)/Modules
    dumps=$(mktemp -d)
    trap 'rm -f "$log"; rm -rf "$dumps"' EXIT
    for product in "${products[@]}"; do
        old=$(find ".build/api-baseline/$baseline" -name "$product.json" | head -1)
        [ -n "$old" ] || { echo "error: no baseline API dump of $product under .build/api-baseline/$baseline" >&2; exit 1; }
        "$digester" -dump-sdk -module "$product" -I "$modules" -I Sources/SlateCSQLite \
            -I Sources/SlateCBudget/include -o "$dumps/$product.json" 2>"$dumps/$product.err" \
            || { cat "$dumps/$product.err" >&2; exit 1; }
        python3 Scripts/api-tiers.py "$old" "$dumps/$product.json" | tee -a "$log"
        python3 Scripts/api-tiers.py --not-api "$old" >>"$dumps/not-api.txt"
    done
fi
echo "check-api: compared ${products[*]} with $baseline in $(( $(date +%s) - start )) s"
breaks=$(sed -n 's/^.*\(API breakage: .*\)$/\1/p' "$log" | sort -u)
# What was `package` or `@_spi` in the baseline was never API: the digester's dump holds
# it, and reports it removed or changed, but such a change breaks no user.
if [ -n "$breaks" ] && [ -s "${dumps:-/nonexistent}/not-api.txt" ]; then
    breaks=$(printf '%s\n' "$breaks" | python3 -c '
import sys
not_api = [line.rstrip("\n") for line in open(sys.argv[1]) if line.strip()]
for line in sys.stdin:
    text = line.rstrip("\n")
    body = text[len("API breakage: "):]
    if not any(body.startswith(name + " ") for name in not_api):
        print(text)
' "$dumps/not-api.txt")
fi
unannounced=$(comm -23 <(printf '%s\n' "$breaks" | sed '/^$/d') <(grep -v '^#' "$allowlist" | sed '/^$/d' | sort -u))
if [ -n "$unannounced" ]; then
    echo "error: API breaks not listed in $allowlist (and CHANGELOG.md):" >&2
    printf '%s\n' "$unannounced" | sed 's/^/  /' >&2
    exit 1
fi
if [ "$status" -ne 0 ] && [ -z "$breaks" ]; then
    echo "error: diagnose-api-breaking-changes failed (exit $status) without reporting a break" >&2
    exit "$status"
fi
echo "check-api: no unannounced API break ($(printf '%s\n' "$breaks" | sed '/^$/d' | wc -l) announced)"
