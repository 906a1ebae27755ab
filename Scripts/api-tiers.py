#!/usr/bin/env python3
"""Public declarations of a baseline API dump that are `package` in a later one.

Usage: api-tiers.py BASELINE.json CURRENT.json (dumps of one module by
`swift-api-digester -dump-sdk`), or api-tiers.py --not-api BASELINE.json, which prints the
declarations of the baseline that were no API (`package`, or `@_spi`), one a line, so that
Scripts/check-api.sh ignores what the digester says of them (it reports a `package` class
removed as a break). swift-api-digester dumps `package` declarations beside
public ones, marked only "isInternal", and does not report a public declaration made
`package` (nor a public setter made `package(set)`). Prints one line per such declaration,
worded as the digester words its breaks, for Scripts/check-api.sh.
"""
import json
import sys


def declarations(path):
    """key -> (description, package, spi, parent's key) for every declaration of the dump."""
    found = {}

    def walk(node, parents, package, spi, parent=None):
        for child in node.get("children", []) + node.get("accessors", []):
            if "declKind" not in child or "usr" not in child or child.get("kind") == "Import":
                walk(child, parents, package, spi, parent)
                continue
            inner = package or bool(child.get("isInternal"))
            hidden = spi or bool(child.get("spi_group_names"))
            name = child.get("printedName", child.get("name", ""))
            if child["declKind"] == "Accessor":
                description = "accessor " + ".".join(parents) + "." + child.get("accessorKind", name)
                names = parents
            else:
                names = parents + [name]
                description = child["declKind"].lower() + " " + ".".join(names)
            key = child["usr"] + "/" + child["declKind"] + "/" + child.get("accessorKind", "")
            found[key] = (description, inner, hidden, parent)
            walk(child, names, inner, hidden, key)

    walk(json.load(open(path))["ABIRoot"], [], False, False)
    return found


if sys.argv[1] == "--not-api":
    for description, package, spi, _ in sorted(declarations(sys.argv[2]).values()):
        if package or spi:
            print(description)
    sys.exit(0)

baseline, current = declarations(sys.argv[1]), declarations(sys.argv[2])
# An SPI declaration is the digester's ("is now with @_spi"), a removed one too. A member
# of a type (an accessor of a property) that is reported is not reported again.
def moved(key):
    description, package, spi, _ = baseline[key]
    return not package and not spi and key in current and current[key][1]


for key, (description, _, _, parent) in sorted(baseline.items(), key=lambda item: item[1][0]):
    if moved(key) and not (parent is not None and moved(parent)):
        print("API breakage: " + description + " is now package")
