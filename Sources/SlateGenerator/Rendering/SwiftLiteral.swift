import SlateSchema

/// Swift string literals for any text: whatever a schema holds (quotes, backslashes,
/// `"""`, `#`, line breaks, NUL), the literal compiles and means exactly that text.
enum SwiftLiteral {
    /// An ordinary `"…"` literal, with every character that needs it escaped.
    static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{0}": result += "\\0"
            case "\u{1}"..."\u{1F}", "\u{7F}", "\u{85}", "\u{2028}", "\u{2029}":
                result += "\\u{\(String(scalar.value, radix: 16))}"
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// A literal for SQL: a raw `#"…"#` literal when the text is one line (so quoted
    /// identifiers read as they are), an escaped one otherwise.
    static func sql(_ text: String) -> String {
        guard !text.unicodeScalars.contains(where: needsEscape) else { return string(text) }
        let hashes = String(repeating: "#", count: requiredHashes(for: text))
        return hashes + "\"" + text + "\"" + hashes
    }

    /// A multi-line raw literal for `text`, as lines to write at one indentation; nil when
    /// the text has characters a multi-line literal cannot hold exactly (carriage returns
    /// and other control characters). Every line of the text gets the same indentation, so
    /// Swift strips exactly that and the text comes back unchanged, however the SQL was
    /// indented.
    static func multiline(_ text: String) -> [String]? {
        let forbidden = text.unicodeScalars.contains { scalar in
            scalar != "\n" && scalar != "\t" && needsEscape(scalar)
        }
        guard !forbidden else { return nil }
        // Trailing whitespace on a line would be kept but is invisible; tabs and spaces
        // at line ends are fine for Swift, so only the delimiters matter.
        let hashes = String(repeating: "#", count: requiredHashes(for: text))
        var lines = [hashes + "\"\"\""]
        lines += text.components(separatedBy: "\n")
        lines.append("\"\"\"" + hashes)
        return lines
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\u{0}"..."\u{1F}", "\u{7F}", "\u{85}", "\u{2028}", "\u{2029}": return true
        default: return false
        }
    }

    /// How many `#` make the raw delimiters unambiguous: one more than the longest run of
    /// `#` after a quote in the text.
    private static func requiredHashes(for text: String) -> Int {
        var longest = 0
        var run = 0
        var afterQuote = false
        for character in text {
            if character == "\"" {
                afterQuote = true
                run = 0
            } else if character == "#", afterQuote {
                run += 1
                longest = max(longest, run)
            } else {
                afterQuote = false
                run = 0
            }
        }
        // `\#(` would interpolate in a raw string with one `#`: add one more if present.
        var count = longest + 1
        while text.contains("\\" + String(repeating: "#", count: count)) { count += 1 }
        return count
    }
}

/// Swift identifiers made from SQL names.
enum SwiftIdentifier {
    /// Swift's reserved words, which need backticks as names.
    static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private", "precedencegroup",
        "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case",
        "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat",
        "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self",
        "super", "throws", "true", "try", "_",
    ]

    /// Names that would clash as type names with Swift's, Foundation's or Slate's own
    /// types, or cannot name a type.
    static let reservedTypeNames: Set<String> = Set([
        "Type", "Protocol", "Self", "Any", "AnyObject", "Never", "Void", "Int", "Int8", "Int16", "Int32", "Int64",
        "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float", "Bool", "String", "Character", "Array",
        "Dictionary", "Set", "Optional", "Result", "Error", "Data", "Date", "URL", "UUID", "Decimal", "Sequence",
        "Collection", "Identifiable", "Hashable", "Codable", "Sendable", "Equatable", "SQLContext", "SQLPool",
        "SQLValue", "SQLError", "SQLStatement", "SQLTable", "SQLTransaction", "SQLDatabase", "SQLRecord",
        "SQLTableRecord", "SQLKeyedRecord", "SQLRecordStore", "SQLRecordCoding", "SQLRecordOperations", "SQLRecordRows",
        "SQLDate",
        "SQLUUID", "OpaquePointer", "Tables", "Slate", "SlateRecords", "Foundation", "Swift", "ID",
        // What generated bodies name besides (the raw mode's support code among them), and
        // the types every record nests, which a record of that name would hide inside them.
        "CChar", "StaticString", "UTF8", "UnsafePointer", "UnsafeMutablePointer", "UnsafeBufferPointer",
        "UnsafeRawBufferPointer", "UnsafeRawPointer", "UnsafeMutableRawPointer", "CustomStringConvertible",
        "SlateCSQLite",
        "NSLock", "Unmanaged",
        // What a table record's `init(from:)` and `encode(to:)` name.
        "CodingKey", "CodingKeys", "Decoder", "Encoder", "Decodable", "Encodable", "DecodingError",
        "KeyedDecodingContainer", "KeyedEncodingContainer",
        "Columns", "BindIndices", "Queries",
        // The generic parameters of the types generated code extends (`SQLTable<Record,
        // Store>`, `SQLTransaction<Database>`): a record type so named would be hidden by
        // them inside those extensions.
        "Record", "Store", "Database",
    ]).union(sdkTypeNames)

    /// Type names the SDKs an app (or its tests) imports beside Slate declare (SwiftUI,
    /// SwiftData, Foundation, Observation, the standard library, Swift Testing, XCTest): a generated `List` or `Section` in
    /// an app module would shadow SwiftUI's everywhere in that module, so a table with
    /// such a name gets a `Record` suffix (`list` → `ListRecord`, still `db.lists`).
    static let sdkTypeNames: Set<String> = [
        // SwiftUI
        "View", "Text", "Image", "List", "Section", "Label", "Table", "TableColumn", "Group", "Color", "Font", "Form",
        "Button", "Toggle", "Link", "Menu", "Picker", "Path", "Shape", "Scene", "App", "Window", "WindowGroup",
        "Canvas",
        "Gauge", "Grid", "GridRow", "Spacer", "Divider", "HStack", "VStack", "ZStack", "Layout", "Binding",
        "State", "Environment", "Namespace", "Animation", "Transaction", "Alert", "Tab", "TabView",
        "NavigationLink", "NavigationStack", "Map", "Chart", "Slider", "Stepper", "ProgressView", "ScrollView",
        "Gradient",
        "Material", "Edge", "Axis", "Alignment", "Angle",
        // SwiftData and Observation
        "Schema", "Model", "Query", "Relationship", "Attribute", "FetchDescriptor", "SortDescriptor", "Predicate",
        "Observable",
        // Foundation
        "Bundle", "Calendar", "Locale", "TimeZone", "Notification", "Operation", "Process", "Thread", "Timer",
        "Measurement", "Unit", "Expression", "Progress", "Host", "Port", "Stream", "Scanner", "Formatter", "Duration",
        "Task", "Actor", "Range", "Regex", "Character", "Substring", "Mirror", "Comparable", "Encoder", "Decoder",
        // Gestures (SwiftUI)
        "Gesture",
        // Swift Testing and XCTest: a test target imports them beside the app, and a
        // generated `Issue` or `Tag` there would be ambiguous in every test file.
        "Issue", "Test", "Tag", "Trait", "Comment", "Bug", "Confirmation", "Attachment", "SourceLocation",
        "Expectation", "TestScoping", "XCTest", "XCTestCase", "XCTestExpectation", "XCTestSuite",
    ]

    /// Whether a generated type called `name` would hide a type generated code uses:
    /// ``reservedTypeNames``, and every name of Slate's and SQLite's own (`SQL…`, `SQLITE_…`,
    /// `sqlite3…`, `Slate…`), so that a type Slate adds later is covered too.
    static func isReservedTypeName(_ name: String) -> Bool {
        reservedTypeNames.contains(name) || keywords.contains(name)
            || ["SQL", "Slate", "sqlite3"].contains { name.hasPrefix($0) }
    }

    /// The names generated bodies give their own locals and parameters (the connection, the
    /// statement, keys read into locals): a parameter named after a record must not be one
    /// of them.
    static let generatedLocalNames: Set<String> = [
        "db", "handle", "statement", "index", "context", "record", "offset", "value", "values",
    ]

    /// `name` for a parameter of a generated function whose body uses its own locals:
    /// `Record` appended when it is one of them, or looks like a `key0` local.
    static func parameterName(_ name: String) -> String {
        let isKeyLocal = name.hasPrefix("key") && name.count > 3 && name.dropFirst(3).allSatisfy(\.isNumber)
        return generatedLocalNames.contains(name) || isKeyLocal
            ? unused(name + "Record", avoiding: generatedLocalNames) : name
    }

    /// The one way generated code picks a name of its own that must not meet others:
    /// `preferred`, or `preferred_2`, `preferred_3`, … — the first not in `taken`
    /// (``SQLSchema/unusedName(_:isTaken:)``, which the migration planner also uses).
    static func unused(_ preferred: String, avoiding taken: Set<String>) -> String {
        SQLSchema.unusedName(preferred) { taken.contains($0) }
    }

    /// `name` as usable in code: backticks around a keyword.
    static func escaped(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// Whether `name` needs no escaping to be a member name after a dot.
    static func isPlain(_ name: String) -> Bool { !keywords.contains(name) }
}
