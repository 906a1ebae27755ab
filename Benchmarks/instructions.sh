#!/usr/bin/env bash
# Counts the instructions one implementation of one scenario runs per row (or per query),
# under valgrind's callgrind: the same count on every run, whatever else the machine is
# doing, where the timings of slate-bench move by several per cent between runs.
#
#   Benchmarks/instructions.sh SCENARIO IMPLEMENTATION [ROWS]     (ROWS: 5000 by default)
#   Benchmarks/instructions.sh b slate-codable
#   Benchmarks/instructions.sh --steady b slate-codable      also counts 8 x ROWS, and prints
#                                                            the cost of each row past the first
#                                                            ROWS: what a long run pays a row,
#                                                            without one-off runtime lookups
#
# Only the timed closure is counted (for c and c-rows, the C functions it calls). It needs valgrind
# (apt-get install valgrind) and a release build (swift build -c release --package-path
# Benchmarks); valgrind 3.19 cannot read the debug information Swift 6.3 writes, so the
# binary is counted from a copy without it.
set -euo pipefail
steady=false
if [ "${1:-}" = --steady ]; then steady=true; shift; fi
scenario=${1:?usage: instructions.sh [--steady] SCENARIO IMPLEMENTATION [ROWS]}
implementation=${2:?usage: instructions.sh [--steady] SCENARIO IMPLEMENTATION [ROWS]}
rows=${3:-5000}
here=$(cd "$(dirname "$0")" && pwd)
binary="$here/.build/release/slate-bench"
[ -x "$binary" ] || { echo "error: build first: swift build -c release --package-path Benchmarks" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
strip --strip-debug -o "$work/slate-bench" "$binary"

if [ "$implementation" = c-rows ]; then
    toggles=(cb_walk_items)
elif [ "$implementation" = c ]; then
    case "$scenario" in
        a) toggles=(cb_insert_items) ;;
        b) toggles=(cb_fetch_items cb_free_items) ;;
        c) toggles=(cb_sum_items) ;;
        d) toggles=(cb_lookup_items) ;;
        e) toggles=(cb_insert_items_each) ;;
        f) toggles=(cb_fetch_orders cb_free_orders) ;;
        h) toggles=(cb_range_items) ;;
        *) echo "error: no C baseline for scenario $scenario" >&2; exit 1 ;;
    esac
else
    # The timed closures of Scenarios.swift, through their partial-apply thunks.
    toggles=('*s5Int64VyKcfU_TA' '*s5Int64VyKcfU0_TA')
fi
arguments=()
for toggle in "${toggles[@]}"; do arguments+=("--toggle-collect=$toggle"); done
# Prints the instructions counted over $1 rows.
count() {
    local total
    total=$(valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" "${arguments[@]}" \
        "$work/slate-bench" --size "$1" --scenario "$scenario" --implementation "$implementation" --rounds 1 --no-memory 2>&1 \
        | sed -n 's/.*Collected : \([0-9,]*\).*/\1/p' | tr -d ,)
    [ -n "$total" ] && [ "$total" -gt 0 ] || { echo "error: nothing counted (is $implementation an implementation of $scenario?)" >&2; exit 1; }
    echo "$total"
}
total=$(count "$rows")
echo "$scenario $implementation: $((total / rows)) instructions per row, per lookup in d and per query in h ($total over $rows)"
if $steady; then
    more=$((rows * 8))
    longer=$(count "$more")
    echo "$scenario $implementation: $(((longer - total) / (more - rows))) per row past the first $rows ($longer over $more)"
fi
