/// Renders a ``SwiftFile`` as text: four-space indentation, `///` documentation, one
/// declaration after another. Deterministic: the same description gives the same bytes.
struct TextRenderer {
    private var lines: [String] = []
    private var depth = 0

    /// The file as text, ending in a newline.
    static func render(_ file: SwiftFile) -> String {
        var renderer = TextRenderer()
        for line in file.header { renderer.write("// " + Comment.sanitized(line)) }
        if !file.header.isEmpty { renderer.write("") }
        for item in file.imports {
            switch item {
            case .module(let name):
                renderer.write("import \(name)")
            case .spi(let group, let name):
                renderer.write("@_spi(\(group)) import \(name)")
            case .firstAvailable(let modules):
                for (index, module) in modules.enumerated() {
                    renderer.write("\(index == 0 ? "#if" : "#elseif") canImport(\(module))")
                    renderer.write("import \(module)")
                }
                renderer.write("#endif")
            }
        }
        if !file.imports.isEmpty { renderer.write("") }
        renderer.render(file.declarations)
        while renderer.lines.last == "" { renderer.lines.removeLast() }
        return renderer.lines.joined(separator: "\n") + "\n"
    }

    private mutating func write(_ line: String) {
        if line.isEmpty {
            lines.append("")
        } else {
            lines.append(String(repeating: "    ", count: depth) + line)
        }
    }

    private mutating func writeDocs(_ docs: [String]) {
        for line in docs {
            let text = Comment.sanitized(line)
            write(text.isEmpty ? "///" : "/// " + text)
        }
    }

    private mutating func render(_ declarations: [Declaration]) {
        for declaration in declarations {
            switch declaration {
            case .type(let type): render(type)
            case .function(let function): render(function)
            case .variable(let variable): render(variable)
            case .verbatim(let docs, let code):
                writeDocs(docs)
                render(code)
            case .blank:
                if lines.last != "" { write("") }
            case .mark(let title):
                write("// MARK: - " + Comment.sanitized(title))
            }
        }
    }

    private mutating func render(_ type: TypeDescription) {
        writeDocs(type.docs)
        for attribute in type.attributes { write(attribute) }
        var header = (type.access?.prefix ?? "") + type.kind.rawValue + " " + type.name
        if !type.conformances.isEmpty { header += ": " + type.conformances.joined(separator: ", ") }
        if let whereClause = type.whereClause { header += " where " + whereClause }
        if type.members.isEmpty {
            write(header + " {}")
            return
        }
        write(header + " {")
        depth += 1
        render(type.members)
        while lines.last == "" { lines.removeLast() }
        depth -= 1
        write("}")
    }

    private mutating func render(_ function: FunctionDescription) {
        writeDocs(function.docs)
        for attribute in function.attributes { write(attribute) }
        var header = function.access?.prefix ?? ""
        for modifier in function.modifiers { header += modifier + " " }
        switch function.kind {
        case .function(let name): header += "func " + name
        case .initializer: header += "init"
        }
        if let generics = function.genericParameters { header += "<\(generics)>" }
        let parameters = function.parameters.map { parameter -> String in
            var text = ""
            if let label = parameter.label {
                let sameName = label == parameter.name || "`\(label)`" == parameter.name
                text += sameName ? parameter.name : "\(label) \(parameter.name)"
            } else {
                text += "_ \(parameter.name)"
            }
            text += ": " + parameter.type
            if let value = parameter.defaultValue { text += " = " + value }
            return text
        }
        var signature = "(" + parameters.joined(separator: ", ") + ")"
        if function.isAsync { signature += " async" }
        if function.isThrowing { signature += " throws" }
        if let returnType = function.returnType { signature += " -> " + returnType }
        if let whereClause = function.whereClause { signature += " where " + whereClause }
        // Long parameter lists go one per line.
        if header.count + signature.count > 120, parameters.count > 1 {
            write(header + "(")
            depth += 1
            for (index, parameter) in parameters.enumerated() {
                write(parameter + (index == parameters.count - 1 ? "" : ","))
            }
            depth -= 1
            var tail = ")"
            if function.isAsync { tail += " async" }
            if function.isThrowing { tail += " throws" }
            if let returnType = function.returnType { tail += " -> " + returnType }
            if let whereClause = function.whereClause { tail += " where " + whereClause }
            write(tail + " {")
        } else if function.body.isEmpty {
            write(header + signature + " {}")
            return
        } else {
            write(header + signature + " {")
        }
        depth += 1
        render(function.body)
        depth -= 1
        write("}")
    }

    private mutating func render(_ variable: VariableDescription) {
        writeDocs(variable.docs)
        for attribute in variable.attributes { write(attribute) }
        var text = variable.access?.prefix ?? ""
        if let setter = variable.setterAccess { text += setter.rawValue + "(set) " }
        if variable.isStatic { text += "static " }
        text += (variable.isLet ? "let " : "var ") + variable.name
        if let type = variable.type { text += ": " + type }
        if let getter = variable.getter {
            if getter.count == 1, case .line(let single) = getter[0] {
                write(text + " { " + single + " }")
            } else {
                write(text + " {")
                depth += 1
                render(getter)
                depth -= 1
                write("}")
            }
            return
        }
        if let value = variable.initializer { text += " = " + value }
        write(text)
    }

    private mutating func render(_ code: [CodeLine]) {
        for line in code {
            switch line {
            case .line(let text):
                write(text)
            case .blank:
                write("")
            case .block(let header, let body, let closing):
                // A header ending in `{` or `in` opens its own brace (a trailing closure).
                write(header.hasSuffix("{") || header.hasSuffix(" in") ? header : header + " {")
                depth += 1
                render(body)
                depth -= 1
                write(closing)
            }
        }
    }
}

/// Text that goes into comments.
enum Comment {
    /// The text made safe for a single comment line: line breaks and other control
    /// characters become visible escapes, so nothing from a schema can end the comment
    /// or start code.
    static func sanitized(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "    "
            case "\u{0}"..."\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}", "\u{85}":
                result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
