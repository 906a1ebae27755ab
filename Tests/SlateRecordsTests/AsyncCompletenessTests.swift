import Foundation
import Testing

/// Every call on a database, a pool-backed store or a table reached through one has an
/// async variant of the same name and labels, so that async code never blocks its thread
/// by accident (a sync call compiles without `await` in async code).
///
/// Swift cannot list a type's methods at run time, so this reads the declarations: the
/// public functions of SlateRecords' extensions of `SQLRecordStore`, `SQLPooledStore`,
/// `SQLDatabase` and `SQLTable`, and of generated files' `SQLTable` and `Tables`
/// extensions. A new sync call without its async twin fails here, naming it.
@Suite struct AsyncCompletenessTests {
    /// Calls that are sync by nature, with the reason.
    static let syncByNature: [String: String] = [
        "close()": "closing waits for work in flight and is called from deinitializers and shutdown hooks",
        "observe(_:)": "returns its stream at once, without touching the database; iterating it is async",
        "observe(logger:_:)": "returns its stream at once, without touching the database; iterating it is async",
        "changes(bufferLimit:)": "returns its stream at once, without touching the database; iterating it is async",
        "encode(to:)": "Encodable's requirement of a record nested in the database type: no database call",
    ]

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func everyDatabaseCallOfSlateRecordsHasAnAsyncVariant() throws {
        let directory = Self.root.appendingPathComponent("Sources/SlateRecords")
        let files = try #require(FileManager.default.enumerator(atPath: directory.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        var declarations: [FunctionDeclaration] = []
        for file in files.sorted() {
            declarations += FunctionDeclaration.scan(
                try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8), file: file)
        }
        let storeTypes = ["SQLRecordStore", "SQLPooledStore", "SQLDatabase", "SQLTable"]
        let relevant = declarations.filter { storeTypes.contains($0.extendedType) }
        // The scan finds what it should: known calls on each side.
        #expect(relevant.contains { $0.signature == "insert(contentsOf:)" && !$0.isAsync })
        #expect(relevant.contains { $0.signature == "join(_:where:orderBy:limit:offset:)" && $0.isAsync })
        let missing = Self.missingAsyncVariants(relevant)
        #expect(missing.isEmpty, "calls without an async variant: \(missing.joined(separator: ", "))")
    }

    @Test func everyCallOfAGeneratedDatabaseHasAnAsyncVariant() throws {
        for file in ["GeneratedCodeTests/Generated/Bookshop.swift", "GeneratedCodeTests/Generated/Contacts.swift"] {
            let source = try String(contentsOf: Self.root.appendingPathComponent("Tests/" + file), encoding: .utf8)
            let declarations = FunctionDeclaration.scan(source, file: file).filter {
                $0.extendedType == "SQLTable" || $0.extendedType.hasSuffix(".Tables") || $0.extendedType == "Bookshop"
                    || $0.extendedType == "Contacts"
            }
            #expect(declarations.filter { !$0.isAsync }.count >= 2, "\(file): the scan found too few calls")
            let missing = Self.missingAsyncVariants(declarations)
            #expect(missing.isEmpty, "\(file): calls without an async variant: \(missing.joined(separator: ", "))")
        }
    }

    /// The sync calls among `declarations` that no async call of the same name and labels
    /// matches, less those sync by nature.
    static func missingAsyncVariants(_ declarations: [FunctionDeclaration]) -> [String] {
        let asyncSignatures = Set(declarations.filter(\.isAsync).map(\.signature))
        return
            declarations
            .filter { !$0.isAsync && !asyncSignatures.contains($0.signature) && syncByNature[$0.signature] == nil }
            .map { "\($0.signature) (\($0.file))" }
    }

    @Test func theScannerReadsMultiLineSignaturesAndLabels() {
        let source = """
            extension SQLTable where Store: SQLDatabase {
                /// Doc with `public func fake(`.
                public func fetch(
                    where predicate: ((Record.Columns) -> SQLPredicate<Record>)? = nil,
                    _ isIncluded: @escaping @Sendable (Record) throws -> Bool
                ) async throws -> [Record] { [] }
                func internalOne(x: Int) {}
                public static func make(_ a: Int) -> Self { fatalError() }
            }
            extension SQLContext {
                public func other(a b: Int) throws {}
            }
            """
        let found = FunctionDeclaration.scan(source, file: "x.swift")
        #expect(found.map(\.signature) == ["fetch(where:_:)", "other(a:)"])
        #expect(found.map(\.extendedType) == ["SQLTable", "SQLContext"])
        #expect(found.map(\.isAsync) == [true, false])
    }
}

/// A `public func` declaration found in Swift source: enough of it to pair sync and async
/// variants.
struct FunctionDeclaration {
    /// The type the enclosing top-level extension or type declaration names.
    var extendedType: String
    /// `name(label:label:)`.
    var signature: String
    var isAsync: Bool
    var file: String

    /// The instance `public func`s of `source`, with the top-level declaration each is in.
    static func scan(_ source: String, file: String) -> [FunctionDeclaration] {
        var result: [FunctionDeclaration] = []
        var depth = 0
        var container = ""
        let lines = source.components(separatedBy: "\n")
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if depth == 0, let type = topLevelType(trimmed) { container = type }
            // A top-level function (raw mode's `sqlite3_…`) belongs to no type.
            if depth == 0, trimmed.hasPrefix("public func ") { container = "" }
            if !trimmed.hasPrefix("//"), let range = trimmed.range(of: "public func ") {
                // The signature runs to the body's opening brace.
                var text = String(trimmed[range.upperBound...])
                var last = index
                while !signatureEnds(text), last + 1 < lines.count {
                    last += 1
                    text += " " + lines[last].trimmingCharacters(in: .whitespaces)
                }
                if let declaration = parse(text, container: container, file: file) { result.append(declaration) }
            }
            depth += braceBalance(line)
            index += 1
        }
        return result
    }

    private static func topLevelType(_ line: String) -> String? {
        let words = line.split(separator: " ").map(String.init)
        for (position, word) in words.enumerated()
        where ["extension", "struct", "protocol", "enum", "class"].contains(word) {
            guard position + 1 < words.count else { return nil }
            return String(words[position + 1].prefix { $0 != ":" && $0 != "<" && $0 != "{" })
        }
        return nil
    }

    private static func braceBalance(_ line: String) -> Int {
        var balance = 0
        var inString = false
        for character in line {
            if character == "\"" { inString.toggle() }
            if inString { continue }
            if character == "{" { balance += 1 }
            if character == "}" { balance -= 1 }
        }
        return balance
    }

    /// Whether `text` holds the whole parameter list and the start of the body.
    private static func signatureEnds(_ text: String) -> Bool {
        var parentheses = 0
        var closed = false
        for character in text {
            if character == "(" { parentheses += 1 }
            if character == ")" {
                parentheses -= 1
                if parentheses == 0 { closed = true }
            }
            if character == "{" && closed && parentheses == 0 { return true }
        }
        return false
    }

    private static func parse(_ text: String, container: String, file: String) -> FunctionDeclaration? {
        guard let open = text.firstIndex(where: { $0 == "(" || $0 == "<" }) else { return nil }
        let name = String(text[..<open])
        // Skip generic parameters, then read the parameter list.
        var position = open
        if text[position] == "<" {
            var angles = 0
            while position < text.endIndex {
                if text[position] == "<" { angles += 1 }
                if text[position] == ">" { angles -= 1; if angles == 0 { break } }
                position = text.index(after: position)
            }
            guard let parenthesis = text[position...].firstIndex(of: "(") else { return nil }
            position = parenthesis
        }
        var depth = 0
        var parameters: [String] = []
        var current = ""
        var end = position
        for index in text[position...].indices {
            let character = text[index]
            if "([<".contains(character) { depth += 1; if depth == 1 { continue } }
            if ")]>".contains(character) {
                // `->` inside a closure type is not a closing bracket.
                if character == ">", index > text.startIndex, text[text.index(before: index)] == "-" {
                    current.append(character); continue
                }
                depth -= 1
                if depth == 0 { end = index; break }
            }
            if character == ",", depth == 1 {
                parameters.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.trimmingCharacters(in: .whitespaces).isEmpty { parameters.append(current) }
        let labels = parameters.map { parameter -> String in
            let head = parameter.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
            return head.trimmingCharacters(in: .whitespaces).split(separator: " ").first.map(String.init) ?? "_"
        }
        let rest = text[text.index(after: end)...]
        let effects = rest.prefix { $0 != "{" }.components(separatedBy: "->").first ?? ""
        return FunctionDeclaration(
            extendedType: container, signature: name + "(" + labels.map { $0 + ":" }.joined() + ")",
            isAsync: effects.contains("async"), file: file)
    }
}
