import Foundation

/// Finds the hand-written Swift declarations that would clash with a generated file's
/// top-level types: a `struct Person` of the app beside the generated `Person` gives
/// dozens of compiler errors in the generated file; this gives one line per clash, at
/// the hand-written declaration, saying what to change.
enum SwiftSourceClashes {
    /// A top-level type declaration found in Swift source.
    struct Declaration: Equatable {
        var kind: String
        var name: String
        var line: Int
        var column: Int
    }

    /// An error at each declaration in the files at `paths` that is named like one of
    /// `generated` (type name → what it is generated from).
    static func errors(
        generated: [String: String], swiftSources paths: [String], slateJSONHint: String
    ) throws(Diagnostic) -> [Diagnostic] {
        var errors: [Diagnostic] = []
        for path in paths.sorted() {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw .error("cannot read the Swift source", file: path)
            }
            for declaration in topLevelDeclarations(in: String(decoding: data, as: UTF8.self)) {
                guard let origin = generated[declaration.name] else { continue }
                errors.append(
                    .error(
                        "\(declaration.kind) \(declaration.name) is declared here, and Slate generates a type \(declaration.name) from \(origin); rename one: \(slateJSONHint)",
                        file: path, line: declaration.line, column: declaration.column))
            }
        }
        return errors
    }

    /// The types `source` declares at the top level (not extensions, not nested types).
    /// Comments and string literals are skipped; it is a scan, not a parser, and reads
    /// ordinary Swift.
    static func topLevelDeclarations(in source: String) -> [Declaration] {
        var declarations: [Declaration] = []
        var depth = 0
        var inBlockComment = 0
        let kinds: Set<String> = ["struct", "class", "enum", "protocol", "actor", "typealias"]
        let modifiers: Set<String> = [
            "public", "internal", "fileprivate", "private", "package", "open", "final", "indirect", "nonisolated",
            "@MainActor",
        ]
        for (number, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var code = ""
            var inString = false
            var previous: Character = " "
            for character in line {
                if inBlockComment > 0 {
                    if previous == "*" && character == "/" { inBlockComment -= 1; previous = " "; continue }
                    previous = character
                    continue
                }
                if !inString && previous == "/" && character == "*" {
                    inBlockComment += 1; code.removeLast(); previous = " "; continue
                }
                if !inString && previous == "/" && character == "/" { code.removeLast(); break }
                if character == "\"" { inString.toggle() }
                code.append(inString && character != "\"" ? " " : character)
                previous = character
            }
            if depth == 0 {
                let words = code.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
                var index = 0
                while index < words.count, modifiers.contains(words[index]) || words[index].hasPrefix("@") {
                    index += 1
                }
                if index + 1 < words.count, kinds.contains(words[index]) {
                    let name = String(words[index + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
                    if !name.isEmpty {
                        let column =
                            (code.range(of: words[index]).map {
                                code.distance(from: code.startIndex, to: $0.lowerBound)
                            } ?? 0) + 1
                        declarations.append(
                            Declaration(kind: words[index], name: name, line: number + 1, column: column))
                    }
                }
            }
            depth += code.filter { $0 == "{" }.count - code.filter { $0 == "}" }.count
        }
        return declarations
    }
}
