/// A structured description of the Swift code to generate: declarations with their
/// documentation, access and members, and bodies as nested blocks of lines. The
/// translators build it; ``TextRenderer`` turns it into text, so indentation and comment
/// escaping live in one place.
struct SwiftFile: Equatable {
    /// `//` lines at the top.
    var header: [String]
    /// Import lines, possibly conditional.
    var imports: [ImportDescription]
    /// The declarations, in order.
    var declarations: [Declaration]
}

/// An `import`, or a `#if canImport` chain of them.
enum ImportDescription: Equatable {
    /// `import Module`
    case module(String)
    /// `@_spi(Group) import Module`: the module's API and the symbols it offers generated
    /// code only (Docs/PUBLIC-API.md).
    case spi(String, module: String)
    /// `#if canImport(A) import A #elseif canImport(B) import B #endif`
    case firstAvailable([String])
}

/// Access levels for generated declarations.
enum AccessLevel: String, Codable, Equatable, Sendable {
    case `public`
    case `package`
    case `internal`
    case `fileprivate`
    case `private`

    /// The keyword and a space, or nothing for `internal`.
    var prefix: String { self == .internal ? "" : rawValue + " " }
}

/// One declaration.
indirect enum Declaration: Equatable {
    /// A struct, enum, class, protocol or extension with members.
    case type(TypeDescription)
    /// A function or initializer.
    case function(FunctionDescription)
    /// A stored or computed property.
    case variable(VariableDescription)
    /// Lines written as they are (templates), with documentation.
    case verbatim(docs: [String], lines: [CodeLine])
    /// An empty line between declarations.
    case blank
    /// `// MARK: - title`
    case mark(String)
}

/// A type declaration or an extension.
struct TypeDescription: Equatable {
    enum Kind: String, Equatable {
        case `struct`, `enum`, `class`, `protocol`, `extension`
    }

    var docs: [String] = []
    var attributes: [String] = []
    var access: AccessLevel?
    var kind: Kind
    var name: String
    var conformances: [String] = []
    var whereClause: String?
    var members: [Declaration] = []
}

/// A function or initializer.
struct FunctionDescription: Equatable {
    struct Parameter: Equatable {
        var label: String?
        var name: String
        var type: String
        var defaultValue: String?
    }

    enum Kind: Equatable {
        case function(String)
        case initializer
    }

    var docs: [String] = []
    var attributes: [String] = []
    var access: AccessLevel?
    var modifiers: [String] = []
    var kind: Kind
    var genericParameters: String?
    var parameters: [Parameter] = []
    var isAsync = false
    var isThrowing = false
    var returnType: String?
    var whereClause: String?
    var body: [CodeLine] = []
}

/// A property.
struct VariableDescription: Equatable {
    var docs: [String] = []
    var attributes: [String] = []
    var access: AccessLevel?
    var setterAccess: AccessLevel?
    var isStatic = false
    var isLet = false
    var name: String
    var type: String?
    var initializer: String?
    /// A computed property's getter body.
    var getter: [CodeLine]?
}

/// A line of a body, or a block with its own indented lines.
indirect enum CodeLine: Equatable {
    /// One line.
    case line(String)
    /// `header {` (or `header` when it already opens a closure: `… { value in`), the
    /// indented body, then `closing`.
    case block(String, [CodeLine], closing: String = "}")
    /// An empty line.
    case blank
}
