#!/usr/bin/env bash
# Regenerates the golden files listed in Tests/Fixtures/golden-cases.txt with the slate CLI.
# Use it when a generator change is meant; review the diff before committing.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product slate >/dev/null
slate=$(swift build --show-bin-path)/slate
while IFS='|' read -r golden config inputs; do
    golden=$(echo "$golden" | xargs)
    [ -z "$golden" ] || [[ "$golden" == \#* ]] && continue
    config=$(echo "$config" | xargs)
    args=()
    for input in $inputs; do args+=("Tests/Fixtures/$input"); done
    if [ "$config" != "-" ]; then args+=(--config "Tests/Fixtures/$config"); fi
    "$slate" generate "${args[@]}" --output "Tests/$golden"
    echo "recorded Tests/$golden"
done < Tests/Fixtures/golden-cases.txt

# The diagrams of the bookshop fixture, in both notations (DiagramTests compares them).
bookshop=(Tests/Fixtures/Schemas/bookshop-001-catalog.sql Tests/Fixtures/Schemas/bookshop-002-sales.sql Tests/Fixtures/Schemas/bookshop-003-views.sql)
"$slate" diagram "${bookshop[@]}" --output Tests/Fixtures/Diagrams/bookshop.mmd
"$slate" diagram "${bookshop[@]}" --format dot --output Tests/Fixtures/Diagrams/bookshop.dot
echo "recorded Tests/Fixtures/Diagrams/bookshop.mmd and bookshop.dot"
