import SlateSchema

/// The Swift type of a column, from its declared SQL type.
///
/// SQLite decides a column's affinity from its declared type by substrings (`INT`, then
/// `CHAR`/`CLOB`/`TEXT`, `BLOB`, `REAL`/`FLOA`/`DOUB`), and gives every other name NUMERIC
/// affinity, so `STRING`, `JSON`, `BYTEA` and any name it does not know would all read
/// as numbers. The generator first looks the name up in ``namedTypes`` (the names other
/// databases and applications use), then follows the affinity, and maps a NUMERIC name
/// it does not know to a dynamic `SQLValue`, which holds whatever the column holds: never
/// a number that text or a blob would silently read as.
///
/// | Declared type | Swift type |
/// |---|---|
/// | `BOOL`, `BOOLEAN` | `Bool` |
/// | `DATE`, `DATETIME`, `TIMESTAMP`, `TIMESTAMPTZ`, `DATETIME2`, `SMALLDATETIME`, `DATETIMEOFFSET` | `Date` |
/// | `UUID`, `GUID`, `UNIQUEIDENTIFIER` | `UUID` |
/// | `URL` | `URL` |
/// | `NUMERIC`, `DECIMAL`, `NUMBER`, `MONEY`, `SMALLMONEY` | `types.numeric` (`Double`) |
/// | `STRING`, `JSON`, `XML`, `TIME`, `ENUM`, `SET`, `INET`, `CIDR`, `MACADDR` | `String` |
/// | `BYTEA`, `BINARY`, `VARBINARY`, `IMAGE`, `BYTES`, `RAW`, `JSONB` | `[UInt8]` |
/// | `ANY`, no type | `SQLValue` |
/// | other names with `INT` | `Int` |
/// | other names with `CHAR`, `CLOB` or `TEXT` | `String` |
/// | other names with `BLOB` | `[UInt8]` |
/// | other names with `REAL`, `FLOA` or `DOUB` | `Double` |
/// | any other name (`ADDRESS`, `GEOMETRY`, …) | `SQLValue` |
///
/// A name is looked up whole, then without its size (`VARBINARY(16)`), then by its
/// first word (`TIMESTAMP WITH TIME ZONE`), ignoring case.
enum TypeMapping {
    /// Declared type names mapped before SQLite's affinity rules; nil stands for
    /// `types.numeric`.
    static let namedTypes: [String: GeneratorConfiguration.SwiftType?] = {
        var names: [String: GeneratorConfiguration.SwiftType?] = [:]
        for name in ["BOOL", "BOOLEAN"] { names[name] = .bool }
        for name in ["DATE", "DATETIME", "TIMESTAMP", "TIMESTAMPTZ", "DATETIME2", "SMALLDATETIME", "DATETIMEOFFSET"] {
            names[name] = .date
        }
        for name in ["UUID", "GUID", "UNIQUEIDENTIFIER"] { names[name] = .uuid }
        names["URL"] = .url
        for name in ["NUMERIC", "DECIMAL", "NUMBER", "MONEY", "SMALLMONEY"] { names[name] = .some(nil) }
        for name in ["STRING", "JSON", "XML", "TIME", "ENUM", "SET", "INET", "CIDR", "MACADDR"] {
            names[name] = .string
        }
        for name in ["BYTEA", "BINARY", "VARBINARY", "IMAGE", "BYTES", "RAW", "JSONB"] { names[name] = .bytes }
        names["ANY"] = .value
        names[""] = .value
        return names
    }()

    /// The forms of a declared type to look up, most specific first: the whole name, the
    /// name without its size, its first word; upper-cased and trimmed.
    static func lookupForms(of declaredType: String) -> [String] {
        let upper = declaredType.uppercased().trimmingCharacters(in: .whitespaces)
        let base =
            upper.split(separator: "(", maxSplits: 1, omittingEmptySubsequences: false).first
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? upper
        let firstWord = base.split(separator: " ").first.map(String.init) ?? base
        var forms: [String] = []
        for form in [upper, base, firstWord] where !forms.contains(form) { forms.append(form) }
        return forms
    }

    /// The Swift type for `declaredType`, with `numeric` for NUMERIC and DECIMAL.
    static func swiftType(
        declaredType: String, numeric: GeneratorConfiguration.SwiftType
    ) -> GeneratorConfiguration.SwiftType {
        for form in lookupForms(of: declaredType) {
            if let mapped = namedTypes[form] { return mapped ?? numeric }
        }
        switch Affinity(declaredType: declaredType) {
        case .integer: return .int
        case .text: return .string
        case .real: return .double
        case .blob: return .bytes
        case .numeric: return .value
        }
    }
}
