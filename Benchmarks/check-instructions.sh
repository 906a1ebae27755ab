#!/usr/bin/env bash
# Guards the benchmarks on a count that does not move with the machine's load: counts the
# instructions per row of each scenario and implementation in instruction-budgets.txt with
# instructions.sh (callgrind), and fails when a count is over its budget. CI runs it.
#
#   Benchmarks/check-instructions.sh              check every budget
#   Benchmarks/check-instructions.sh b d          only the budgets of these scenarios
#
# Build first: swift build -c release --package-path Benchmarks. Counts are the same on
# every run of the same binary (hashing is made deterministic here); a new compiler, SQLite
# or change moves them. It ends with the measured counts plus 3 %, in the budgets file's
# form: after a change that is meant to cost more (or saves), paste them into the file.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
budgets="$here/instruction-budgets.txt"
margin=3
only=("$@")
# Dictionaries hash with a per-process seed otherwise, which moves the count a little.
export SWIFT_DETERMINISTIC_HASHING=1

failures=0
measured=()
while read -r scenario implementation budget rest; do
    [ -z "$scenario" ] || [[ "$scenario" == \#* ]] && continue
    if [ ${#only[@]} -gt 0 ] && [[ " ${only[*]} " != *" $scenario "* ]]; then continue; fi
    if ! [[ "$budget" =~ ^[0-9]+$ ]] || [ -n "$rest" ]; then
        echo "error: $budgets: a line is 'SCENARIO IMPLEMENTATION BUDGET', not '$scenario $implementation $budget $rest'" >&2
        exit 1
    fi
    line=$("$here/instructions.sh" "$scenario" "$implementation" </dev/null)
    count=$(echo "$line" | sed -n 's/^[^:]*: \([0-9]*\) instructions per row.*/\1/p')
    [ -n "$count" ] || { echo "error: no count in: $line" >&2; exit 1; }
    if [ "$count" -gt "$budget" ]; then
        echo "FAIL $scenario $implementation: $count instructions per row, over its budget of $budget (+$(((count - budget) * 1000 / budget / 10)).$(((count - budget) * 1000 / budget % 10)) %)"
        failures=$((failures + 1))
    else
        echo "ok   $scenario $implementation: $count instructions per row (budget $budget)"
    fi
    measured+=("$scenario $implementation $(((count * (100 + margin) + 99) / 100))")
done < "$budgets"

[ ${#measured[@]} -gt 0 ] || { echo "error: no budget in $budgets${only:+ for ${only[*]}}" >&2; exit 1; }
echo "--- measured + $margin %, for $(basename "$budgets"):"
printf '%s\n' "${measured[@]}"
if [ "$failures" -gt 0 ]; then
    echo "error: $failures count(s) over budget. If the cost is meant, say why in the commit and paste the lines above into Benchmarks/$(basename "$budgets")." >&2
    exit 1
fi
