#!/usr/bin/env bash
# Formats Slate's Swift sources with the toolchain's swift-format and the checked-in
# .swift-format, then lints them (`swift format lint --strict`: a finding fails).
#
#   Scripts/format.sh            format in place, then lint
#   Scripts/format.sh --check    change nothing; fail when a file would change (the diff is
#                                printed) or when lint finds anything. CI runs this.
#   Scripts/format.sh --list     print the files it covers, one a line
#
# It covers the hand-written Swift of Sources, Tests, Plugins, Benchmarks/Sources,
# Benchmarks/Postgres/Sources, Examples and Fuzz/Sources (tracked files, and new files git
# does not ignore). It never touches what a tool writes, whose text is compared byte for
# byte with the tool's output: the golden files (Tests/*/Generated/), *.generated.swift,
# the Benchmarks' generated sources (BenchGenerated, BenchRaw, BenchPostgresGenerated),
# nor anything under a Fixtures folder.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
mode=${1:-format}
case "$mode" in
    format | --check | --list) ;;
    *) echo "usage: Scripts/format.sh [--check | --list]" >&2; exit 2 ;;
esac

git rev-parse --is-inside-work-tree >/dev/null 2>&1 \
    || { echo "error: Scripts/format.sh finds the files with git: run it in a clone of the repository" >&2; exit 1; }

# The files, relative to the root, NUL-separated.
list_files() {
    git ls-files -z --cached --others --exclude-standard -- \
        'Sources/*.swift' 'Tests/*.swift' 'Plugins/*.swift' 'Benchmarks/Sources/*.swift' \
        'Benchmarks/Postgres/Sources/*.swift' 'Examples/*.swift' 'Fuzz/Sources/*.swift' \
        | while IFS= read -r -d '' file; do
            case "$file" in
                Tests/*/Generated/* | *.generated.swift | */Fixtures/* | */fixtures/*) continue ;;
                Benchmarks/Sources/BenchGenerated/* | Benchmarks/Sources/BenchRaw/*) continue ;;
                Benchmarks/Postgres/Sources/BenchPostgresGenerated/*) continue ;;
                */Package.swift) continue ;;
            esac
            # Symbolic links (the plugins' shared folder) are formatted where they point;
            # a file deleted but not yet committed is skipped.
            [ -f "$file" ] && [ ! -L "$file" ] && printf '%s\0' "$file"
        done
}

if [ "$mode" = --list ]; then
    list_files | tr '\0' '\n'
    exit 0
fi

swift_format=(swift format)
configuration=(--configuration "$root/.swift-format")
files=()
while IFS= read -r -d '' file; do files+=("$file"); done < <(list_files)
[ ${#files[@]} -gt 0 ] || { echo "error: no Swift files found under $root" >&2; exit 1; }

if [ "$mode" = format ]; then
    echo "==> swift format: ${#files[@]} files, in place"
    "${swift_format[@]}" format "${configuration[@]}" --parallel --in-place "${files[@]}"
else
    # Formats a copy and compares, so that the tree is never written.
    echo "==> swift format --check: ${#files[@]} files"
    scratch=$(mktemp -d)
    trap 'rm -rf "$scratch"' EXIT
    for file in "${files[@]}"; do
        mkdir -p "$scratch/${file%/*}"
        cp "$file" "$scratch/$file"
    done
    (cd "$scratch" && "${swift_format[@]}" format "${configuration[@]}" --parallel --in-place "${files[@]}")
    changed=()
    for file in "${files[@]}"; do
        cmp -s "$file" "$scratch/$file" || changed+=("$file")
    done
    if [ ${#changed[@]} -gt 0 ]; then
        for file in "${changed[@]}"; do diff -u "$file" "$scratch/$file" --label "a/$file" --label "b/$file" || true; done
        echo "error: ${#changed[@]} file(s) are not formatted (above); run Scripts/format.sh" >&2
        exit 1
    fi
fi

echo "==> swift format lint --strict"
"${swift_format[@]}" lint "${configuration[@]}" --strict --parallel "${files[@]}"
echo "==> formatted and lint-clean: ${#files[@]} files"
