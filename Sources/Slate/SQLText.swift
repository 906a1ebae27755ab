/// Quoting for SQL text: identifiers and literals.
///
/// Use bound parameters for values. These helpers are for the places SQL cannot take a
/// parameter: table and column names, and SQL printed for people to read.
public enum SQLText {
    /// An identifier in double quotes, inner quotes doubled: `my "table"` → `"my ""table"""`.
    ///
    /// Any name SQLite accepts comes back as one token, whatever it holds.
    public static func quotedIdentifier(_ name: String) -> String {
        var result = "\""
        result.reserveCapacity(name.utf8.count + 2)
        for character in name.unicodeScalars {
            if character == "\"" { result += "\"\"" } else { result.unicodeScalars.append(character) }
        }
        result += "\""
        return result
    }

    /// A name as text for people to read — a step's summary, a comment in a script, an
    /// error message: a plain name (`orders`, `order_item2`) as it is; any other in double
    /// quotes with inner quotes doubled, and every control, line-breaking or invisible
    /// format character written as `\u{…}`. So a name like `"t\nDELETE FROM keep; --"`
    /// stays on one line, and cannot end a comment or start a statement where it is shown.
    package static func displayName(_ name: String) -> String {
        let isPlain =
            !name.isEmpty
            && name.utf8.allSatisfy { byte in
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                    || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                    || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
            } && !(name.utf8.first! >= UInt8(ascii: "0") && name.utf8.first! <= UInt8(ascii: "9"))
        if isPlain { return name }
        var result = "\""
        for scalar in name.unicodeScalars {
            if scalar == "\"" {
                result += "\"\""
            } else if scalar == "\\" || isUnsafeInText(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// `text` on one line, safe inside a `--` comment: every control, line-breaking or
    /// invisible format character (and the backslash that starts an escape) written as
    /// `\u{…}`.
    package static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "\\" || isUnsafeInText($0) }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar == "\\" || isUnsafeInText(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// What Unicode calls controls (C0 and C1: NUL, line feed, carriage return, NEL among
    /// them), line and paragraph separators, and format characters — the bidirectional
    /// marks and isolates, zero-width joiners and spaces, the soft hyphen, word joiners,
    /// tag characters — which make text read other than it is, or not at all.
    private static func isUnsafeInText(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned, .privateUse: true
        default: scalar.properties.isDefaultIgnorableCodePoint
        }
    }

    /// A string literal in single quotes, inner quotes doubled: `it's` → `'it''s'`.
    ///
    /// Text holding a NUL character cannot be written as a plain literal; it comes back
    /// as `CAST(X'…' AS TEXT)` so that no byte is lost.
    public static func quotedLiteral(_ text: String) -> String {
        if text.utf8.contains(0) {
            return "CAST(X'" + hex(Array(text.utf8)) + "' AS TEXT)"
        }
        var result = "'"
        result.reserveCapacity(text.utf8.count + 2)
        for character in text.unicodeScalars {
            if character == "'" { result += "''" } else { result.unicodeScalars.append(character) }
        }
        result += "'"
        return result
    }

    /// Text SQLite returned (`sqlite3_column_text`, `sqlite3_value_text`): `count` bytes of
    /// UTF-8 followed by a NUL, as SQLite guarantees. Nil when the bytes are not valid
    /// UTF-8; never a replacement character in their place. Text with NUL characters
    /// inside keeps them.
    @inlinable
    public static func string(sqliteText text: UnsafePointer<UInt8>, count: Int) -> String? {
        // The C-string initializer validates fastest; it stops at a NUL inside the text,
        // which the length comparison catches.
        let string = text.withMemoryRebound(to: CChar.self, capacity: count + 1) { String(validatingCString: $0) }
        if let string, string.utf8.count == count { return string }
        return validatedString(UnsafeBufferPointer(start: text, count: count))
    }

    @usableFromInline
    static func validatedString(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            return String(validating: bytes, as: UTF8.self)
        }
        return UTF8Validation.isValid(bytes) ? String(decoding: bytes, as: UTF8.self) : nil
    }

    /// Bytes as upper-case hexadecimal digits, two per byte.
    public static func hex(_ bytes: [UInt8]) -> String {
        let digits: [UInt8] = Array("0123456789ABCDEF".utf8)
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
