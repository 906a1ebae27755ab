/// How a query file is told from a schema script: by a line of a query's header's exact
/// shape, `-- name: findBook :one`. One file, compiled into the plugins (`SlateInputs`)
/// and, through a link, into SlateAnalysis (`QueryFile.isQueryFile`), so that the plugins
/// and `slate generate` cannot sort a file differently.
///
/// Any other comment that mentions `name:` leaves a script a script: Prisma's migrations
/// keep commented-out seed code such as `--   name: 'admin',`.
enum QueryFileHeader {
    /// Whether `text` has a line of a header's exact shape, or one meant as a header that
    /// misses it (``isMeantAsHeader(_:)``): such a file is a query file whose parser reports
    /// that line, never a schema script that would become a version of the schema and run
    /// its statements on every user's database.
    static func isQueryFile(_ text: String) -> Bool {
        // Split by scalars: in a String, "\r\n" is one Character, not a "\n".
        text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).contains {
            isHeader($0) || isMeantAsHeader($0)
        }
    }

    /// Whether `line` is meant as a header though it may miss the shape: `--`, `name:`, one
    /// word that starts like a name (not a quote: Prisma's `--   name: 'admin',` is seed code
    /// commented out), then nothing, or a `:` (a forgotten kind, a name with a dash, a kind
    /// followed by a comment). A sentence after `name:` is prose, not a header.
    static func isMeantAsHeader(_ line: Substring.UnicodeScalarView) -> Bool {
        var rest = line.drop { $0 == " " || $0 == "\t" }
        guard rest.starts(with: "--".unicodeScalars) else { return false }
        rest = rest.dropFirst(2).drop { $0 == " " || $0 == "\t" }
        guard rest.starts(with: "name:".unicodeScalars) else { return false }
        rest = rest.dropFirst(5).drop { $0 == " " || $0 == "\t" }
        guard let first = rest.first, first.properties.isAlphabetic || ("0"..."9").contains(first) || first == "_"
        else { return false }
        rest = rest.drop { $0 != " " && $0 != "\t" && $0 != ":" && $0 != "\r" }
        rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "\r" }
        return rest.isEmpty || rest.first == ":"
    }

    /// Whether `line` has a header's exact shape: `--`, `name:`, a name (letters, digits
    /// and underscores) and a kind (`:` and letters), with spaces or tabs around them (needed
    /// only between the name and the kind), and nothing else.
    ///
    /// Whether the name and the kind are ones a query may have (`2fast`, `:some`) is the
    /// parser's to say, with an error at the line.
    static func isHeader(_ line: Substring.UnicodeScalarView) -> Bool {
        var rest = line
        func skipBlanks() -> Bool {
            let start = rest.startIndex
            rest = rest.drop { $0 == " " || $0 == "\t" }
            return rest.startIndex != start
        }
        func skip(_ literal: String) -> Bool {
            guard rest.starts(with: literal.unicodeScalars) else { return false }
            rest = rest.dropFirst(literal.unicodeScalars.count)
            return true
        }
        func skipWord(_ allowed: (Unicode.Scalar) -> Bool) -> Bool {
            let start = rest.startIndex
            rest = rest.drop(while: allowed)
            return rest.startIndex != start
        }
        func isLetter(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
        func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
            isLetter(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
        }

        _ = skipBlanks()
        guard skip("--") else { return false }
        _ = skipBlanks()
        guard skip("name:") else { return false }
        _ = skipBlanks()
        guard skipWord(isNameScalar), skipBlanks(), skip(":"), skipWord(isLetter) else { return false }
        _ = skipBlanks()
        _ = skip("\r")
        return rest.isEmpty
    }
}
