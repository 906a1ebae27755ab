import SlateSchema

/// A small XML reader for schema files: elements, attributes, text, comments, CDATA and
/// the predefined and numeric entities, with the line of every element for error messages.
/// No DTDs, namespaces or external entities (a schema file needs none, and a reader that
/// fetches nothing is one less thing to trust).
struct XMLElement: Equatable {
    var name: String
    var attributes: [(name: String, value: String)]
    var children: [XMLElement]
    /// The text directly inside the element, entities decoded.
    var text: String
    /// The line the element starts on.
    var line: Int

    static func == (lhs: XMLElement, rhs: XMLElement) -> Bool {
        lhs.name == rhs.name && lhs.attributes.map(\.name) == rhs.attributes.map(\.name)
            && lhs.attributes.map(\.value) == rhs.attributes.map(\.value) && lhs.children == rhs.children
            && lhs.text == rhs.text && lhs.line == rhs.line
    }

    /// The value of attribute `name`, if present.
    func attribute(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }
}

/// Parses XML text into its root element.
struct XMLReader {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private let path: String

    /// Parses `text`; errors are ``ScriptError``s at the line they happen on.
    static func parse(_ text: String, path: String) throws -> XMLElement {
        var reader = XMLReader(bytes: Array(text.utf8), path: path)
        return try reader.document()
    }

    private init(bytes: [UInt8], path: String) {
        self.bytes = bytes
        self.path = path
    }

    private func error(_ message: String, line: Int? = nil) -> ScriptError {
        ScriptError(path: path, line: line ?? self.line, column: nil, message: message)
    }

    private mutating func document() throws -> XMLElement {
        try skipMisc()
        guard peek("<") else { throw error("the file holds no XML element") }
        let root = try element()
        try skipMisc()
        guard index >= bytes.count else { throw error("text after the root element <\(root.name)>") }
        return root
    }

    /// Skips whitespace, comments, the XML declaration, processing instructions and a DOCTYPE.
    private mutating func skipMisc() throws {
        while true {
            skipWhitespace()
            if peek("<?") {
                try skip(past: "?>", what: "processing instruction")
            } else if peek("<!--") {
                try skip(past: "-->", what: "comment")
            } else if peek("<!DOCTYPE") {
                try skip(past: ">", what: "DOCTYPE")
            } else {
                return
            }
        }
    }

    private mutating func element() throws -> XMLElement {
        let start = line
        advance() // <
        let name = try self.name()
        var attributes: [(name: String, value: String)] = []
        while true {
            skipWhitespace()
            if peek("/>") {
                advance(2)
                return XMLElement(name: name, attributes: attributes, children: [], text: "", line: start)
            }
            if peek(">") {
                advance()
                break
            }
            guard index < bytes.count else { throw error("the tag <\(name)> is not closed", line: start) }
            let attributeLine = line
            let attribute = try self.name()
            skipWhitespace()
            guard peek("=") else { throw error("attribute \(attribute) of <\(name)> has no value") }
            advance()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                throw error("the value of attribute \(attribute) of <\(name)> must be in quotes")
            }
            let quote = bytes[index]
            advance()
            var raw: [UInt8] = []
            while index < bytes.count, bytes[index] != quote {
                if bytes[index] == UInt8(ascii: "<") { throw error("'<' in the value of attribute \(attribute)") }
                raw.append(bytes[index])
                advance()
            }
            guard index < bytes.count else {
                throw error("the value of attribute \(attribute) is not closed", line: attributeLine)
            }
            advance()
            if attributes.contains(where: { $0.name == attribute }) {
                throw error("attribute \(attribute) appears twice on <\(name)>", line: attributeLine)
            }
            attributes.append((attribute, try decodeEntities(raw, line: attributeLine)))
        }
        var children: [XMLElement] = []
        var text: [UInt8] = []
        while true {
            guard index < bytes.count else { throw error("<\(name)> is not closed", line: start) }
            if peek("</") {
                advance(2)
                let closing = try self.name()
                skipWhitespace()
                guard peek(">") else { throw error("the closing tag </\(closing)> is not closed") }
                advance()
                guard closing == name else { throw error("</\(closing)> closes <\(name)> from line \(start)") }
                return XMLElement(
                    name: name, attributes: attributes, children: children, text: try decodeEntities(text, line: start),
                    line: start)
            } else if peek("<!--") {
                try skip(past: "-->", what: "comment")
            } else if peek("<![CDATA[") {
                advance(9)
                let cdataLine = line
                while !peek("]]>") {
                    guard index < bytes.count else { throw error("CDATA section is not closed", line: cdataLine) }
                    // CDATA is literal: protect '&' from entity decoding.
                    if bytes[index] == UInt8(ascii: "&") {
                        text += Array("&amp;".utf8)
                    } else {
                        text.append(bytes[index])
                    }
                    advance()
                }
                advance(3)
            } else if peek("<") {
                children.append(try element())
            } else {
                text.append(bytes[index])
                advance()
            }
        }
    }

    private mutating func name() throws -> String {
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            let isNameByte =
                (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: ":")
                || byte >= 0x80
            guard isNameByte else { break }
            index += 1
        }
        guard index > start else { throw error("expected a name") }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private func decodeEntities(_ raw: [UInt8], line: Int) throws -> String {
        guard raw.contains(UInt8(ascii: "&")) else { return String(decoding: raw, as: UTF8.self) }
        var result: [UInt8] = []
        var position = 0
        while position < raw.count {
            guard raw[position] == UInt8(ascii: "&") else {
                result.append(raw[position])
                position += 1
                continue
            }
            guard let end = raw[position...].firstIndex(of: UInt8(ascii: ";")) else {
                throw error("'&' starts no entity; write &amp;", line: line)
            }
            let entity = String(decoding: raw[(position + 1)..<end], as: UTF8.self)
            switch entity {
            case "lt": result.append(UInt8(ascii: "<"))
            case "gt": result.append(UInt8(ascii: ">"))
            case "amp": result.append(UInt8(ascii: "&"))
            case "quot": result.append(UInt8(ascii: "\""))
            case "apos": result.append(UInt8(ascii: "'"))
            default:
                var scalar: Unicode.Scalar?
                if entity.hasPrefix("#x"), let value = UInt32(entity.dropFirst(2), radix: 16) {
                    scalar = Unicode.Scalar(value)
                } else if entity.hasPrefix("#"), let value = UInt32(entity.dropFirst()) {
                    scalar = Unicode.Scalar(value)
                }
                guard let scalar, scalar.value != 0 else { throw error("unknown entity &\(entity);", line: line) }
                result += Array(String(Character(scalar)).utf8)
            }
            position = end + 1
        }
        return String(decoding: result, as: UTF8.self)
    }

    private func peek(_ literal: String) -> Bool {
        var position = index
        for byte in literal.utf8 {
            guard position < bytes.count, bytes[position] == byte else { return false }
            position += 1
        }
        return true
    }

    private mutating func advance(_ count: Int = 1) {
        for _ in 0..<count where index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") { line += 1 }
            index += 1
        }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { advance() }
    }

    private mutating func skip(past terminator: String, what: String) throws {
        let start = line
        while !peek(terminator) {
            guard index < bytes.count else { throw error("\(what) is not closed", line: start) }
            advance()
        }
        advance(terminator.utf8.count)
    }
}
