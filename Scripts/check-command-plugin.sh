#!/usr/bin/env bash
# Checks the slate-generate command plugin on a scratch copy of the Examples package:
# the file it writes for the Inventory target equals the committed one, compiles, and a
# package with no inputs gets a clear error.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# The package as a user has it, Slate found by absolute path.
(cd "$root/Examples" && tar --exclude=.build --exclude=.swiftpm -cf - .) | (cd "$scratch" && tar -xf -)
sed -i.bak "s|path: \"\\.\\.\"|path: \"$root\"|" "$scratch/Package.swift"
rm "$scratch/Sources/Inventory/inventory.generated.swift"

cd "$scratch"
swift package --allow-writing-to-package-directory slate-generate --target Inventory
if ! diff -u "$root/Examples/Sources/Inventory/inventory.generated.swift" Sources/Inventory/inventory.generated.swift; then
    echo "error: Examples/Sources/Inventory/inventory.generated.swift is stale; run slate-generate --target Inventory in Examples" >&2
    exit 1
fi
swift build --target Inventory

# No inputs anywhere: the plugin says so and fails.
find Sources -name '*.sql' -delete
find Sources -name '*.db' -delete
if swift package --allow-writing-to-package-directory slate-generate > no-inputs.log 2>&1; then
    echo "error: slate-generate succeeded on a package without inputs" >&2
    exit 1
fi
grep -q "no target has .sql scripts or database files" no-inputs.log || { cat no-inputs.log; echo "error: no clear message" >&2; exit 1; }
echo "command plugin: writes the committed file, which compiles; says when there is nothing to generate"
