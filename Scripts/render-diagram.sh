#!/usr/bin/env bash
# Draws the Examples package's bookshop schema with `slate diagram` and Graphviz, into
# Docs/Images/examples-bookshop.svg (the picture the README shows). Needs `dot`
# (apt-get install graphviz).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v dot >/dev/null || { echo "error: dot not found: apt-get install graphviz" >&2; exit 1; }
swift build --product slate >/dev/null
slate=$(swift build --show-bin-path)/slate
mkdir -p Docs/Images
"$slate" diagram Examples/Sources/BookshopStore/bookshop-001.sql Examples/Sources/BookshopStore/bookshop-002.sql --format dot \
    | dot -Tsvg -o Docs/Images/examples-bookshop.svg
echo "wrote Docs/Images/examples-bookshop.svg"
