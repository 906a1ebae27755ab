#!/usr/bin/env bash
# Counts the symbols of each library module by tier (Docs/PUBLIC-API.md):
#   public   what users call: the API;
#   spi      `@_spi(Generated) public`: what only generated code calls;
#   package  what only Slate's own modules use.
# Then what an app that imports only SlateRecords sees: SlateRecords' public symbols and
# those of every module it re-exports (`@_exported import`), C declarations included.
#
# Usage: Scripts/api-symbols.sh [--skip-build]
# It reads the modules of a debug build (`swift build` first unless --skip-build) with
# swift-symbolgraph-extract. Synthesized members (default implementations inherited
# through protocols) are not counted: each declaration counts once.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" != "--skip-build" ]; then swift build >/dev/null; fi
bin=$(swift build --show-bin-path)
modules="$bin/Modules"
[ -d "$modules" ] || modules="$bin"
extract=$(dirname "$(readlink -f "$(command -v swift)")")/swift-symbolgraph-extract
triple=$(swift -print-target-info | python3 -c 'import json,sys; print(json.load(sys.stdin)["target"]["triple"])')
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# extract MODULE DIR [extra flags]: the module's symbol graphs (extensions included) into DIR.
extract() {
    local module=$1 dir=$2
    shift 2
    mkdir -p "$dir"
    "$extract" -module-name "$module" -target "$triple" -I "$modules" \
        -I Sources/SlateCSQLite -I Sources/SlateCBudget/include \
        -module-cache-path "$out/cache" -skip-synthesized-members \
        -output-dir "$dir" "$@" 2>"$dir/stderr" || { cat "$dir/stderr" >&2; exit 1; }
}

# count DIR FILTER: the symbols of DIR's graphs that FILTER (a Python expression over
# the symbol `s`) keeps.
count() {
    python3 - "$1" "$2" <<'EOF'
import glob, json, sys
directory, keep = sys.argv[1], sys.argv[2]
n = 0
for path in glob.glob(directory + "/*.symbols.json"):
    for s in json.load(open(path))["symbols"]:
        if eval(keep):
            n += 1
print(n)
EOF
}

printf '%-16s %8s %8s %8s\n' module public spi package
for module in Slate SlateSchema SlateMigration SlateRecords SlateGenerator; do
    extract "$module" "$out/$module" -minimum-access-level package -include-spi-symbols
    public=$(count "$out/$module" 's["accessLevel"] == "public" and not s.get("spi")')
    spi=$(count "$out/$module" 's["accessLevel"] == "public" and s.get("spi")')
    package=$(count "$out/$module" 's["accessLevel"] == "package"')
    printf '%-16s %8s %8s %8s\n' "$module" "$public" "$spi" "$package"
done

echo
echo "What \`import SlateRecords\` brings into scope (public, not SPI):"
seen=$(count "$out/SlateRecords" 's["accessLevel"] == "public" and not s.get("spi")')
printf '  %-14s %8s\n' SlateRecords "$seen"
total=$seen
for module in $(sed -n 's/^@_exported import \([A-Za-z0-9_]*\).*/\1/p' Sources/SlateRecords/*.swift | sort -u); do
    if [ -d "$out/$module" ]; then
        n=$(count "$out/$module" 's["accessLevel"] == "public" and not s.get("spi")')
    else
        # A C module: every declaration its headers bring (sqlite3_* functions, SQLITE_*
        # constants, types), as Swift sees them.
        extract "$module" "$out/$module" -minimum-access-level public
        n=$(count "$out/$module" 'True')
        sqlite=$(count "$out/$module" 's["names"]["title"].lower().startswith("sqlite3")')
        module="$module ($sqlite named sqlite3*)"
    fi
    printf '  %-14s %8s\n' "$module" "$n"
    total=$((total + n))
done
printf '  %-14s %8s\n' total "$total"
