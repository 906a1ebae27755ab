#!/usr/bin/env bash
# Generates Swift for the Northwind sample (Tests/Fixtures/Northwind/create.sql, in the
# repository with its licence), builds it in a scratch package beside the generated code,
# and runs a program that loads the script into a database file and reads every table and
# view through the generated API. Not part of the test suite: it builds a package of its own.
#
#   Scripts/check-northwind.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
[ $# -eq 0 ] || { echo "usage: Scripts/check-northwind.sh (it reads Tests/Fixtures/Northwind/create.sql)" >&2; exit 2; }
script=$root/Tests/Fixtures/Northwind/create.sql
[ -f "$script" ] || { echo "error: no Northwind script at $script" >&2; exit 1; }

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/Sources/NorthwindCheck"
cp "$root/Scripts/northwind/main.swift" "$scratch/Sources/NorthwindCheck/main.swift"
cat > "$scratch/Package.swift" <<PACKAGE
// swift-tools-version:6.0
import PackageDescription
let package = Package(
    name: "NorthwindCheck",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "$root")],
    targets: [.executableTarget(name: "NorthwindCheck", dependencies: [.product(name: "SlateRecords", package: "main")])]
)
PACKAGE
sed -i "s/package: \"main\"/package: \"$(basename "$root")\"/" "$scratch/Package.swift"

echo '{ "databaseTypeName": "Northwind" }' > "$scratch/slate.json"
start=$(date +%s.%N)
(cd "$root" && swift run -q slate generate "$script" --config "$scratch/slate.json" --output "$scratch/Sources/NorthwindCheck/Northwind.swift")
echo "generated $(wc -l < "$scratch/Sources/NorthwindCheck/Northwind.swift") lines"

swift build --package-path "$scratch" -c debug 2>&1 | tee "$scratch/build.log" | grep -E "error|warning:" || true
if grep -q "error:" "$scratch/build.log"; then echo "error: the generated code does not compile" >&2; exit 1; fi
if grep -q "Northwind.swift.*warning:" "$scratch/build.log"; then echo "error: the generated code has warnings" >&2; exit 1; fi
"$(swift build --package-path "$scratch" --show-bin-path)/NorthwindCheck" "$script" "$scratch/northwind.sqlite"
