import Slate
import SlateSchema

/// Compares schemas the way they behave, not the way they are spelled: each object's
/// `CREATE` statement as tokens, without comments and whitespace, names unquoted and
/// compared ignoring ASCII case, the object's own name left out (objects are matched by
/// name).
public enum SchemaComparison {
    /// The differences between `actual` and `expected`, in words; empty when they are
    /// the same. Tables, explicit indexes, views and triggers are compared;
    /// `user_version` only when `userVersion` is true. Slate's own tables (the migrator's,
    /// a generated database's schema history) are ignored.
    public static func differences(_ actual: SQLSchema, _ expected: SQLSchema, userVersion: Bool = true) -> [String] {
        var result: [String] = []
        func compare(_ kind: String, _ actual: [(name: String, sql: String)], _ expected: [(name: String, sql: String)])
        {
            let actualByName = Dictionary(
                actual.map { ($0.name.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
            let expectedNames = Set(expected.map { $0.name.lowercased() })
            for object in expected {
                guard let other = actualByName[object.name.lowercased()] else {
                    result.append("\(kind) \(SQLText.displayName(object.name)) is missing")
                    continue
                }
                if normalized(other.sql) != normalized(object.sql) {
                    result.append("\(kind) \(SQLText.displayName(object.name)) differs")
                }
            }
            for object in actual where !expectedNames.contains(object.name.lowercased()) {
                result.append("\(kind) \(SQLText.displayName(object.name)) is not in the desired schema")
            }
        }
        let ignored = SQLMigrator.ownTables
        compare(
            "table", actual.tables.filter { !ignored.contains($0.name.lowercased()) }.map { ($0.name, $0.sql) },
            expected.tables.filter { !ignored.contains($0.name.lowercased()) }.map { ($0.name, $0.sql) })
        compare(
            "index", actual.indexes.compactMap { index in index.sql.map { (index.name, $0) } },
            expected.indexes.compactMap { index in index.sql.map { (index.name, $0) } })
        compare("view", actual.views.map { ($0.name, $0.sql) }, expected.views.map { ($0.name, $0.sql) })
        compare("trigger", actual.triggers.map { ($0.name, $0.sql) }, expected.triggers.map { ($0.name, $0.sql) })
        if userVersion, actual.userVersion != expected.userVersion {
            result.append("user_version is \(actual.userVersion), not \(expected.userVersion)")
        }
        return result
    }

    /// `sql` as comparable text: tokens joined by spaces, names lower-cased and unquoted,
    /// the created object's name replaced by `$`.
    package static func normalized(_ sql: String) -> String {
        var tokens = SQLTokenizer.tokenize(sql)
        if let name = nameIndex(in: tokens) {
            tokens[name] = SQLToken(kind: .identifier, text: "$", value: "$", offset: tokens[name].offset)
        }
        return tokens.map { token in
            switch token.kind {
            case .identifier, .quotedIdentifier: return token.value.lowercased()
            case .keyword: return token.value
            case .string: return token.text
            default: return token.text.lowercased()
            }
        }.joined(separator: " ")
    }

    /// The index of the token naming the object a `CREATE` statement creates.
    static func nameIndex(in tokens: [SQLToken]) -> Int? {
        guard
            let kind = tokens.firstIndex(where: {
                ["TABLE", "INDEX", "VIEW", "TRIGGER"].contains($0.value.uppercased()) && $0.kind != .string
            })
        else {
            return nil
        }
        var index = kind + 1
        if index + 2 < tokens.count, tokens[index].value.uppercased() == "IF",
            tokens[index + 1].value.uppercased() == "NOT",
            tokens[index + 2].isKeyword("EXISTS")
        {
            index += 3
        }
        if index + 2 < tokens.count, tokens[index + 1].kind == .dot { index += 2 }
        return index < tokens.count && tokens[index].isName ? index : nil
    }
}
