#!/usr/bin/env bash
# Checks the plugins on a scratch copy of the Examples package: the file the
# slate-generate command plugin writes for the Inventory target equals the committed one
# and compiles; a query that does not fit the schema stops the build plugin's build at its
# line; Lighter's test-suite layout (a database file with a script over it, -v001-numbered
# scripts) builds as two databases, and a broken script over the file stops the build at
# its line; and a package with no inputs gets a clear error.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# The package as a user has it, Slate found by absolute path.
(cd "$root/Examples" && tar --exclude=.build --exclude='.build-*' --exclude=.swiftpm -cf - .) | (cd "$scratch" && tar -xf -)
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

# Lighter's layout: ContactsDB.sqlite3 with ContactsDB-AddView.sql over it is one database,
# OtherDB-v001.sql … -v003.sql another. The database file is made by slate migrate.
swift build --package-path "$root" --product slate
slate="$(swift build --package-path "$root" --show-bin-path)/slate"
mkdir -p Sources/LighterLayout
cat > contacts.sql <<'SQL'
CREATE TABLE person (person_id INTEGER PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE address (address_id INTEGER PRIMARY KEY, street TEXT, person_id INTEGER REFERENCES person (person_id));
SQL
"$slate" migrate Sources/LighterLayout/ContactsDB.sqlite3 --to contacts.sql
printf -- '-- A view over the database file.\n\nCREATE VIEW "A Test View" AS SELECT * FROM address;\n' > Sources/LighterLayout/ContactsDB-AddView.sql
echo 'CREATE TABLE note (note_id INTEGER PRIMARY KEY, text TEXT NOT NULL);' > Sources/LighterLayout/OtherDB-v001.sql
echo 'ALTER TABLE note ADD COLUMN created TEXT;' > Sources/LighterLayout/OtherDB-v002.sql
echo 'CREATE TABLE tag (tag_id INTEGER PRIMARY KEY, note_id INTEGER REFERENCES note (note_id));' > Sources/LighterLayout/OtherDB-v003.sql
cat > Sources/LighterLayout/Layout.swift <<'SWIFT'
import SlateRecords

/// The generated types of both databases, so that the target compiles only when each exists.
public func lighterLayoutVersion() -> Int64 {
    _ = (ContactsDB.self, Person.self, ATestView.self, Note.self, TagRecord.self)
    return OtherDB.schemaVersion
}
SWIFT
cat >> Package.swift <<'SWIFT'
package.targets.append(.target(
    name: "LighterLayout", dependencies: [.product(name: "SlateRecords", package: "Slate")],
    plugins: [.plugin(name: "SlateBuildPlugin", package: "Slate")]))
SWIFT
# Layout.swift names ContactsDB, its view and OtherDB: it compiles only when they are grouped so.
swift build --target LighterLayout > lighter.log 2>&1 \
    || { cat lighter.log; echo "error: Lighter's layout did not build as the databases ContactsDB and OtherDB" >&2; exit 1; }
printf -- '-- An index over the database file.\n\nCREATE INDEX address_street ON adress (street);\n' > Sources/LighterLayout/ContactsDB-AddView.sql
if swift build --target LighterLayout > lighter-broken.log 2>&1; then
    echo "error: the build succeeded with a script naming a table that does not exist" >&2
    exit 1
fi
grep -q "ContactsDB-AddView.sql:3:1: error: no such table: main.adress" lighter-broken.log \
    || { cat lighter-broken.log; echo "error: the build did not stop at the script's line" >&2; exit 1; }
echo "build plugin: Lighter's layout is two databases; a broken script over the file stops the build at its line"

# No inputs anywhere: the plugin says so and fails.
find Sources -name '*.sql' -delete
find Sources -name '*.db' -delete
find Sources -name '*.sqlite3' -delete
if swift package --allow-writing-to-package-directory slate-generate > no-inputs.log 2>&1; then
    echo "error: slate-generate succeeded on a package without inputs" >&2
    exit 1
fi
grep -q "no target has .sql scripts or database files" no-inputs.log || { cat no-inputs.log; echo "error: no clear message" >&2; exit 1; }
echo "command plugin: writes the committed file, which compiles; says when there is nothing to generate"
