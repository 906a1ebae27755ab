#!/usr/bin/env bash
# Builds the documentation of Slate, SlateRecords and SlateSchema with the toolchain's own
# docc (no package dependency): each module's symbol graph, then its catalog
# (Sources/<Module>/<Module>.docc) converted into a static site at OUTPUT/<Module>/, ready
# for static hosting, with OUTPUT/index.html linking the three. Any docc warning fails the
# build. Then, when Chromium is installed, Scripts/check-docs.sh opens the built site in a
# headless browser (on CI, where it must be, a missing Chromium fails instead).
#
#   Scripts/build-docs.sh [OUTPUT]          OUTPUT defaults to .build/docs
#
# The site expects to be served from OUTPUT as the web root: the landing pages are
# /Slate/documentation/slate/ and so on. To host it under a path, set
# SLATE_DOCS_BASE_PATH (for example "slate/docs" for https://example.org/slate/docs/).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
output=${1:-$root/.build/docs}
base_path=${SLATE_DOCS_BASE_PATH:-}
base_path=${base_path#/}
base_path=${base_path%/}
modules=(Slate SlateRecords SlateSchema)

cd "$root"

# docc and swift-symbolgraph-extract come with the toolchain: beside `swift`, or from xcrun.
find_tool() {
    local name=$1 found
    if [ -n "${SLATE_DOCC_TOOLCHAIN:-}" ] && [ -x "$SLATE_DOCC_TOOLCHAIN/$name" ]; then
        echo "$SLATE_DOCC_TOOLCHAIN/$name"; return
    fi
    if found=$(command -v "$name" 2>/dev/null); then echo "$found"; return; fi
    if command -v xcrun >/dev/null 2>&1 && found=$(xcrun --find "$name" 2>/dev/null); then echo "$found"; return; fi
    found="$(dirname "$(command -v swift)")/$name"
    if [ -x "$found" ]; then echo "$found"; return; fi
    echo "error: $name not found: it comes with the Swift toolchain (set SLATE_DOCC_TOOLCHAIN to its bin folder)" >&2
    exit 1
}
docc=$(find_tool docc)
extract=$(find_tool swift-symbolgraph-extract)

# The modules, built as `swift build` builds them (on CI, already built by the tests).
echo "==> building ${modules[*]}"
for module in "${modules[@]}"; do
    swift build --target "$module"
done
bin=$(swift build --show-bin-path)
triple=$(swift -print-target-info | sed -n 's/^ *"triple": "\(.*\)",*$/\1/p' | head -n 1)
if [ -z "$triple" ]; then
    echo "error: cannot read the target triple from 'swift -print-target-info'" >&2
    exit 1
fi
sdk_flags=()
if command -v xcrun >/dev/null 2>&1; then
    sdk_flags=(-sdk "$(xcrun --show-sdk-path)")
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Only what this script writes is replaced: OUTPUT may be a folder that holds other things.
mkdir -p "$output"

for module in "${modules[@]}"; do
    catalog="Sources/$module/$module.docc"
    if [ ! -d "$catalog" ]; then
        echo "error: $catalog is missing" >&2
        exit 1
    fi

    echo "==> symbol graph of $module"
    graphs="$work/$module-symbols"
    mkdir -p "$graphs"
    "$extract" -module-name "$module" -target "$triple" ${sdk_flags[@]+"${sdk_flags[@]}"} \
        -I "$bin/Modules" -I "$bin" \
        -Xcc "-fmodule-map-file=$root/Sources/SlateCSQLite/module.modulemap" \
        -Xcc "-fmodule-map-file=$root/Sources/SlateCBudget/include/module.modulemap" \
        -module-cache-path "$work/module-cache" \
        -minimum-access-level public -skip-inherited-docs \
        -output-dir "$graphs"

    echo "==> docc convert $catalog"
    rm -rf "${output:?}/$module"
    hosting="$module"
    if [ -n "$base_path" ]; then hosting="$base_path/$module"; fi
    log="$work/$module-docc.log"
    set +e
    "$docc" convert "$catalog" \
        --additional-symbol-graph-dir "$graphs" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "org.slate.$module" \
        --output-path "$output/$module" \
        --transform-for-static-hosting \
        --hosting-base-path "$hosting" \
        --warnings-as-errors 2>&1 | tee "$log"
    status=${PIPESTATUS[0]}
    set -e
    if [ "$status" -ne 0 ]; then
        echo "error: docc convert $catalog failed (exit $status)" >&2
        exit "$status"
    fi
    # --warnings-as-errors turns warnings into errors; this catches any that slip through.
    if grep -E "(warning|error):" "$log" >/dev/null; then
        echo "error: docc reported problems in $catalog (above)" >&2
        exit 1
    fi
done

# A front page for the site: one link per module.
{
    echo '<!DOCTYPE html>'
    echo '<html lang="en"><head><meta charset="utf-8"><title>Slate documentation</title></head><body>'
    echo '<h1>Slate documentation</h1><ul>'
    for module in "${modules[@]}"; do
        lower=$(echo "$module" | tr '[:upper:]' '[:lower:]')
        echo "<li><a href=\"$module/documentation/$lower/\">$module</a></li>"
    done
    echo '</ul></body></html>'
} > "$output/index.html"
echo "==> documentation written to $output"

if command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || command -v google-chrome >/dev/null 2>&1; then
    "$root/Scripts/check-docs.sh" "$output"
elif [ -n "${CI:-}" ]; then
    echo "error: no Chromium to check the built site with (apt-get install chromium)" >&2
    exit 1
else
    echo "note: no Chromium found; the browser check (Scripts/check-docs.sh $output) was skipped"
fi
