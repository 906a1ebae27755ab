#!/usr/bin/env bash
# Builds Slate's documentation — Slate, SlateSchema, SlateMigration, SlateRecords,
# SlateGenerator, SlateServiceLifecycle and SlatePostgres (those two with their package traits) — as one static site, with the toolchain's own docc (no package
# dependency): each module's symbol graph, its catalog (Sources/<Module>/<Module>.docc)
# converted into an archive, and the archives merged (`docc merge`) into OUTPUT, ready for
# static hosting, with a landing page listing the modules. Links resolve across modules:
# each catalog is converted with the other modules' archives as `--dependency`, so
# ``Slate/SQLPool`` in a SlateRecords article is a checked link. Any docc warning fails the
# build, an unresolved link included. Then, when Chromium is installed,
# Scripts/check-docs.sh opens the built site in a headless browser (on CI, where it must
# be, a missing Chromium fails instead).
#
#   Scripts/build-docs.sh [OUTPUT]          OUTPUT defaults to .build/docs
#
# The site expects to be served from OUTPUT as the web root: the modules' pages are
# /documentation/slate/, /documentation/slaterecords/ and so on, under /documentation/.
# To host it under a path, set SLATE_DOCS_BASE_PATH (for example "slate/docs" for
# https://example.org/slate/docs/).
#
# Links go both ways (Slate's pages link to SlateRecords', which stands on Slate), so each
# module is converted twice: a first pass, unchecked, only gives every module's linkable
# pages; the second converts each catalog against all the others' first-pass archives,
# with every warning an error, and those archives are merged.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
output=${1:-$root/.build/docs}
base_path=${SLATE_DOCS_BASE_PATH:-}
base_path=${base_path#/}
base_path=${base_path%/}
modules=(Slate SlateSchema SlateMigration SlateRecords SlateGenerator SlateServiceLifecycle SlatePostgres)
# Modules whose code exists only with a package trait (their dependency comes with it):
# built with that trait in a scratch folder of their own, so the main build stays as
# `swift build` makes it.
# Each is MODULE:TRAIT:SCRATCH; SlatePostgres shares the folder Scripts/test-postgres.sh
# builds in (on CI, built by then), so postgres-nio is not built twice.
trait_modules=(
    "SlateServiceLifecycle:ServiceLifecycle:$root/.build/docs-traits"
    "SlatePostgres:Postgres:${SLATE_POSTGRES_SCRATCH:-$root/.build-postgres}"
)
# trait_build MODULE: "TRAIT SCRATCH" when MODULE builds with a trait, else nothing.
trait_build() {
    local entry
    for entry in "${trait_modules[@]}"; do
        if [ "${entry%%:*}" = "$1" ]; then
            entry=${entry#*:}
            echo "${entry%%:*} ${entry#*:}"
            return
        fi
    done
}

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

# Code listings are read, not scrolled: DocC shows a listing's long lines clipped, and the
# trailing comment that carries the explanation is what gets cut. A line past 80 columns
# in a catalog's code block fails the build, naming the file and line.
echo "==> code listings fit 80 columns"
python3 - "${modules[@]}" <<'PY'
import sys
limit = 80
failures = 0
for module in sys.argv[1:]:
    import glob
    for path in sorted(glob.glob(f"Sources/{module}/{module}.docc/**/*.md", recursive=True)):
        fenced = False
        with open(path, encoding="utf-8") as file:
            for number, line in enumerate(file, 1):
                line = line.rstrip("\n")
                if line.lstrip().startswith("```"):
                    fenced = not fenced
                elif fenced and len(line) > limit:
                    print(f"{path}:{number}: error: a code line of {len(line)} columns "
                          f"(at most {limit}: wrap it, or move its comment above it)")
                    failures += 1
sys.exit(1 if failures else 0)
PY

# The modules, built as `swift build` builds them (on CI, already built by the tests).
echo "==> building ${modules[*]}"
for module in "${modules[@]}"; do
    trait=$(trait_build "$module")
    if [ -n "$trait" ]; then
        swift build --target "$module" --traits "${trait%% *}" --scratch-path "${trait#* }"
    else
        swift build --target "$module"
    fi
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
mkdir -p "$work/first" "$work/final"

# Each module's public symbols, as swift-symbolgraph-extract sees the built module.
for module in "${modules[@]}"; do
    if [ ! -d "Sources/$module/$module.docc" ]; then
        echo "error: Sources/$module/$module.docc is missing" >&2
        exit 1
    fi
    echo "==> symbol graph of $module"
    mkdir -p "$work/$module-symbols"
    module_bin=$bin
    trait=$(trait_build "$module")
    dependency_flags=()
    if [ -n "$trait" ]; then
        module_bin=$(swift build --show-bin-path --scratch-path "${trait#* }")
        # The trait's dependencies have C modules of their own (postgres-nio's NIO and
        # Atomics): the maps SwiftPM wrote, and the include folders of their checkouts.
        for map in "$module_bin"/*.build/module.modulemap; do
            [ -f "$map" ] && dependency_flags+=(-Xcc "-fmodule-map-file=$map")
        done
        for include in "${trait#* }"/checkouts/*/Sources/*/include; do
            [ -d "$include" ] && dependency_flags+=(-Xcc "-I$include")
        done
    fi
    "$extract" -module-name "$module" -target "$triple" ${sdk_flags[@]+"${sdk_flags[@]}"} \
        -I "$module_bin/Modules" -I "$module_bin" \
        -Xcc "-fmodule-map-file=$root/Sources/SlateCSQLite/module.modulemap" \
        -Xcc "-fmodule-map-file=$root/Sources/SlateCBudget/include/module.modulemap" \
        ${dependency_flags[@]+"${dependency_flags[@]}"} \
        -module-cache-path "$work/module-cache" \
        -minimum-access-level public -skip-inherited-docs \
        -output-dir "$work/$module-symbols"
done

# convert MODULE OUTPUT [ARGUMENTS…]: the module's catalog into the archive OUTPUT.
convert() {
    local module=$1 archive=$2
    shift 2
    "$docc" convert "Sources/$module/$module.docc" \
        --additional-symbol-graph-dir "$work/$module-symbols" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "org.slate.$module" \
        --enable-experimental-external-link-support \
        --output-path "$archive" "$@"
}

# First pass: every module's pages, for the others to link to. Links to modules not yet
# converted do not resolve here; the second pass checks them.
echo "==> docc convert, first pass: ${modules[*]}"
for module in "${modules[@]}"; do
    log="$work/$module-first.log"
    if ! convert "$module" "$work/first/$module.doccarchive" > "$log" 2>&1; then
        cat "$log" >&2
        echo "error: docc convert Sources/$module/$module.docc failed" >&2
        exit 1
    fi
done

# Second pass: each catalog against the other modules' pages, every warning an error.
hosting=()
if [ -n "$base_path" ]; then hosting=(--hosting-base-path "$base_path"); fi
archives=()
for module in "${modules[@]}"; do
    echo "==> docc convert Sources/$module/$module.docc"
    dependencies=()
    for other in "${modules[@]}"; do
        if [ "$other" != "$module" ]; then
            dependencies+=(--dependency "$work/first/$other.doccarchive")
        fi
    done
    log="$work/$module-docc.log"
    set +e
    convert "$module" "$work/final/$module.doccarchive" "${dependencies[@]}" \
        --transform-for-static-hosting ${hosting[@]+"${hosting[@]}"} \
        --warnings-as-errors 2>&1 | tee "$log"
    status=${PIPESTATUS[0]}
    set -e
    if [ "$status" -ne 0 ]; then
        echo "error: docc convert Sources/$module/$module.docc failed (exit $status)" >&2
        exit "$status"
    fi
    # --warnings-as-errors turns warnings into errors; this catches any that slip through.
    if grep -E "(warning|error):" "$log" >/dev/null; then
        echo "error: docc reported problems in Sources/$module/$module.docc (above)" >&2
        exit 1
    fi
    archives+=("$work/final/$module.doccarchive")
done

# One site: the archives merged, under a landing page that lists the modules.
echo "==> docc merge"
"$docc" merge "${archives[@]}" \
    --synthesized-landing-page-name "Slate" \
    --synthesized-landing-page-kind "Package" \
    --synthesized-landing-page-topics-style list \
    --output-path "$work/site.doccarchive"

# Only what this script writes is replaced: OUTPUT may be a folder that holds other things
# (the per-module folders of earlier versions of this script are removed).
mkdir -p "$output"
for entry in "$work/site.doccarchive"/* "${modules[@]/#/$output/}"; do
    rm -rf "${output:?}/$(basename "$entry")"
done
cp -R "$work/site.doccarchive"/. "$output/"
# The archive's own index.html, at the web root, is DocC's app with no page to show there:
# "page not found". The site's front door leads to the landing page instead.
cat > "$output/index.html" <<'HTML'
<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Slate documentation</title>
<meta http-equiv="refresh" content="0; url=documentation/"></head>
<body><p><a href="documentation/">Slate documentation</a></p></body></html>
HTML
echo "==> documentation written to $output"

if command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || command -v google-chrome >/dev/null 2>&1; then
    "$root/Scripts/check-docs.sh" "$output"
elif [ -n "${CI:-}" ]; then
    echo "error: no Chromium to check the built site with (apt-get install chromium)" >&2
    exit 1
else
    echo "note: no Chromium found; the browser check (Scripts/check-docs.sh $output) was skipped"
fi
