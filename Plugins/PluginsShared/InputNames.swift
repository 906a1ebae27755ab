/// The rules by which input files' names group and order them: one source, linked into
/// the plugins (through `PluginsShared`), into SlateSchema (`SQLScript.inNameOrder(_:_:)`,
/// the order scripts replay in) and into SlateGenerator (the stem that names a database),
/// so that the plugins and `slate generate` cannot disagree. Standard library only: the
/// plugins compile it without Slate's modules.
enum InputNames {
    /// A file name's stem (its name without extension): the name up to a sequence
    /// number, a part after `-` or `_` that is digits, or `v` and digits (`contacts-001` →
    /// `contacts`, `bookshop-002-sales` → `bookshop`, `OtherDB-v001` → `OtherDB`,
    /// `users_v2` → `users`, `ContactsDB-AddView` → `ContactsDB-AddView`). A PostgreSQL
    /// script's name stems as its SQLite script's does (`todos-002.postgres` → `todos`).
    static func stem(of name: String) -> String {
        let name = name.lowercased().hasSuffix(".postgres") ? String(name.dropLast(".postgres".count)) : name
        // The separator before the part being read; the stem is never empty.
        var separator: String.Index?
        var index = name.startIndex
        while index <= name.endIndex {
            if index == name.endIndex || name[index] == "-" || name[index] == "_" {
                if let separator, separator != name.startIndex,
                    isSequenceNumber(name[name.index(after: separator)..<index])
                {
                    return String(name[..<separator])
                }
                if index == name.endIndex { break }
                separator = index
            }
            index = name.index(after: index)
        }
        return name
    }

    /// Whether `part` of a file name is a sequence number: `001`, `2`, `v001`, `V2`.
    static func isSequenceNumber(_ part: Substring) -> Bool {
        let digits = part.first == "v" || part.first == "V" ? part.dropFirst() : part
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// Whether a file named `name` (a stem, or a query file's name) belongs to the
    /// database of stem `root`: the two are equal, or `name` continues `root` after `-`,
    /// `_` or `.` (`ContactsDB-AddView` belongs to `ContactsDB`).
    static func belongs(_ name: String, to root: String) -> Bool {
        name == root || ["-", "_", "."].contains { name.hasPrefix(root + $0) }
    }

    /// Whether the file named `left` comes before `right` in name order, the order
    /// scripts replay in: names compared without their extension, numbers by value
    /// (`todos-v9` before `todos-v10`), a name before the longer names it starts
    /// (`ContactsDB.sql` before `ContactsDB-AddView.sql`); then whole names.
    static func inNameOrder(_ left: String, _ right: String) -> Bool {
        let leftRuns = runs(baseName(left))
        let rightRuns = runs(baseName(right))
        for (leftRun, rightRun) in zip(leftRuns, rightRuns) {
            if leftRun.first.map(isDigit) == true, rightRun.first.map(isDigit) == true {
                let leftNumber = leftRun.drop { $0 == "0" }
                let rightNumber = rightRun.drop { $0 == "0" }
                if leftNumber.count != rightNumber.count { return leftNumber.count < rightNumber.count }
                if leftNumber != rightNumber { return leftNumber < rightNumber }
            } else if leftRun != rightRun {
                return leftRun < rightRun
            }
        }
        if leftRuns.count != rightRuns.count { return leftRuns.count < rightRuns.count }
        return left < right
    }

    /// A file name without its extension.
    private static func baseName(_ name: String) -> Substring {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return Substring(name) }
        return name[..<dot]
    }

    /// `name` split into runs of ASCII digits and runs of anything else.
    private static func runs(_ name: Substring) -> [Substring] {
        var runs: [Substring] = []
        var start = name.startIndex
        while start < name.endIndex {
            let digits = isDigit(name[start])
            let end = name[start...].firstIndex { isDigit($0) != digits } ?? name.endIndex
            runs.append(name[start..<end])
            start = end
        }
        return runs
    }

    private static func isDigit(_ character: Character) -> Bool {
        character.isASCII && character.isNumber
    }
}
