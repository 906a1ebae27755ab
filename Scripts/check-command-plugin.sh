#!/usr/bin/env bash
# Checks the plugins on a scratch copy of the Examples package: the file the
# slate-generate command plugin writes for the Inventory target equals the committed one
# and compiles; a query that does not fit the schema stops the build plugin's build at its
# line; and a package with no inputs gets a clear error.
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

# A query file that no longer fits the schema: the build stops, naming file, line and column.
sed -i.bak 's/book\.price_cents/book.price/' Sources/BookshopStore/bookshop-queries.sql
if swift build --target BookshopStore > bad-query.log 2>&1; then
    echo "error: the build succeeded with a query naming a column that does not exist" >&2
    exit 1
fi
grep -q "bookshop-queries.sql:6:[0-9]*: error: no such column: book.price" bad-query.log \
    || { cat bad-query.log; echo "error: the build did not stop at the query's line" >&2; exit 1; }
echo "build plugin: a bad query stops the build at its line"

# No inputs anywhere: the plugin says so and fails.
find Sources -name '*.sql' -delete
find Sources -name '*.db' -delete
if swift package --allow-writing-to-package-directory slate-generate > no-inputs.log 2>&1; then
    echo "error: slate-generate succeeded on a package without inputs" >&2
    exit 1
fi
grep -q "no target has .sql scripts or database files" no-inputs.log || { cat no-inputs.log; echo "error: no clear message" >&2; exit 1; }
echo "command plugin: writes the committed file, which compiles; says when there is nothing to generate"
