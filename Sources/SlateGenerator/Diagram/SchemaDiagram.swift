import Slate
import SlateSchema

/// An entity-relationship diagram of a schema: tables with their columns, types and
/// keys; foreign keys as edges labelled with their columns; views with the tables and
/// views they read. Rendered as Mermaid (which GitHub and most Markdown viewers draw) or
/// Graphviz DOT (`dot -Tsvg`). The output depends on the schema alone: same schema, same
/// bytes.
public enum SchemaDiagram {
    /// The two notations.
    public enum Format: String, CaseIterable, Sendable {
        /// A Mermaid `erDiagram`.
        case mermaid
        /// A Graphviz `digraph` of HTML-like table nodes.
        case dot
    }

    /// The diagram of `schema` in `format`.
    public static func render(_ schema: SQLSchema, format: Format) -> String {
        let model = Model(schema)
        switch format {
        case .mermaid: return mermaid(model)
        case .dot: return dot(model)
        }
    }

    // MARK: Model

    /// What both notations draw.
    struct Model {
        struct Entity {
            var name: String
            var isView: Bool
            var columns: [(name: String, type: String, keys: [String], notNull: Bool)]
        }

        struct Edge {
            var from: String
            var fromColumns: [String]
            var to: String
            var toColumns: [String]
            var isOptional: Bool
            var isRead: Bool
        }

        var entities: [Entity] = []
        var edges: [Edge] = []

        init(_ schema: SQLSchema) {
            for table in schema.tables {
                let foreign = Set(table.foreignKeys.flatMap(\.columns).map { $0.lowercased() })
                entities.append(
                    Entity(
                        name: table.name, isView: false,
                        columns: table.columns.filter { $0.generation != .hidden }.map { column in
                            var keys: [String] = []
                            if column.primaryKeyPosition > 0 { keys.append("PK") }
                            if foreign.contains(column.name.lowercased()) { keys.append("FK") }
                            return (
                                column.name, column.declaredType.isEmpty ? "ANY" : column.declaredType, keys,
                                column.isNotNull
                            )
                        }))
                for key in table.foreignKeys {
                    let parent = schema.table(named: key.referencedTable)
                    let referenced = key.referencedColumns.isEmpty ? (parent?.primaryKey ?? []) : key.referencedColumns
                    let optional = key.columns.contains { name in
                        table.column(named: name).map { !$0.isNotNull && $0.primaryKeyPosition == 0 } ?? true
                    }
                    edges.append(
                        Edge(
                            from: table.name, fromColumns: key.columns, to: parent?.name ?? key.referencedTable,
                            toColumns: referenced,
                            isOptional: optional, isRead: false))
                }
            }
            let names = schema.tables.map(\.name) + schema.views.map(\.name)
            for view in schema.views {
                entities.append(
                    Entity(
                        name: view.name, isView: true,
                        columns: view.columns.map { column in
                            (column.name, column.declaredType ?? "ANY", [], !column.isNullable)
                        }))
                // The tables and views its SQL names (after its own name).
                var read: [String] = []
                let tokens = SQLTokenizer.tokenize(view.sql)
                let body =
                    tokens.firstIndex { $0.isKeyword("AS") || $0.value.uppercased() == "AS" }.map {
                        tokens[($0 + 1)...]
                    } ?? tokens[...]
                for token in body where token.isName {
                    if let name = names.first(where: { $0.lowercased() == token.value.lowercased() }),
                        name != view.name, !read.contains(name)
                    {
                        read.append(name)
                    }
                }
                for name in read {
                    edges.append(
                        Edge(from: view.name, fromColumns: [], to: name, toColumns: [], isOptional: false, isRead: true)
                    )
                }
            }
        }
    }

    // MARK: Mermaid

    static func mermaid(_ model: Model) -> String {
        let ids = mermaidIDs(model)
        func id(_ name: String) -> String { ids[name.lowercased()] ?? mermaidEntity(name) }
        var lines = ["erDiagram"]
        for entity in model.entities {
            let entityID = id(entity.name)
            let label = entity.isView ? "\(entity.name) (view)" : entity.name
            lines.append("    \(entityID)\(label == entityID ? "" : "[\"\(mermaidText(label))\"]") {")
            for column in entity.columns {
                var line = "        \(mermaidWord(column.type)) \(mermaidWord(column.name))"
                if !column.keys.isEmpty { line += " " + column.keys.joined(separator: ", ") }
                var notes: [String] = []
                if mermaidWord(column.name) != column.name { notes.append(column.name) }
                if column.notNull && !column.keys.contains("PK") { notes.append("NOT NULL") }
                if !notes.isEmpty { line += " \"\(mermaidText(notes.joined(separator: ", ")))\"" }
                lines.append(line)
            }
            lines.append("    }")
        }
        for edge in model.edges {
            if edge.isRead {
                lines.append("    \(id(edge.from)) }o..o{ \(id(edge.to)) : \"reads\"")
            } else {
                let parent = edge.isOptional ? "|o" : "||"
                let label = zip(edge.fromColumns, edge.toColumns).map { "\($0) → \($1)" }.joined(separator: ", ")
                lines.append("    \(id(edge.to)) \(parent)--o{ \(id(edge.from)) : \"\(mermaidText(label))\"")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Words Mermaid's `erDiagram` reads as its own (statements, cardinalities, `to`),
    /// lower-cased: no entity identifier is one of them.
    static let mermaidKeywords: Set<String> = [
        "erdiagram", "direction", "style", "classdef", "class", "acctitle", "accdescr", "title", "to", "optionally",
        "u",
        "one", "only", "zero", "or", "more", "many", "end", "default", "tb", "bt", "lr", "rl", "subgraph",
    ]

    /// Mermaid's lexer reads these at the start of a word whenever the next character is
    /// not an ASCII letter, digit or `_` (its `\b` knows no other letters): `classé`,
    /// `toñ`. An identifier or attribute word that starts so gets `_` before it.
    static let mermaidLeadingKeywords = [
        "erdiagram", "style", "classdef", "class", "subgraph", "end", "one", "many", "to",
    ]

    /// The attribute keys, which Mermaid reads wherever a word in an entity's block starts
    /// with one (a column named `pk`, `FK` or `uk(1)`).
    static let mermaidAttributeKeys = ["pk", "fk", "uk"]

    /// Whether `word` starts with one of `keywords` (ignoring ASCII case) followed by its
    /// end, when `whole`, or by a character other than an ASCII letter, digit or `_`.
    static func mermaidStarts(_ word: String, with keywords: [String], whole: Bool) -> Bool {
        let scalars = Array(word.unicodeScalars)
        return keywords.contains { keyword in
            let key = Array(keyword.unicodeScalars)
            guard scalars.count >= key.count,
                zip(scalars, key).allSatisfy({ $0.properties.lowercaseMapping == String($1) })
            else { return false }
            guard scalars.count > key.count else { return whole }
            let next = scalars[key.count]
            return
                !(next.isASCII && (next.properties.isAlphabetic || next.properties.numericType != nil || next == "_"))
        }
    }

    /// Each entity's identifier, by its lower-cased SQL name: ``mermaidEntity(_:)``, made
    /// unique (`order item` and `order_item` are `order_item` and `order_item_2`) and clear
    /// of Mermaid's keywords through ``SQLSchema/unusedName(_:isTaken:)``, in the order the
    /// entities are drawn. The real name is the entity's label wherever it differs.
    static func mermaidIDs(_ model: Model) -> [String: String] {
        var ids: [String: String] = [:]
        var taken: Set<String> = []
        for entity in model.entities where ids[entity.name.lowercased()] == nil {
            let id = SQLSchema.unusedName(mermaidEntity(entity.name)) { candidate in
                taken.contains(candidate.lowercased()) || mermaidKeywords.contains(candidate.lowercased())
            }
            taken.insert(id.lowercased())
            ids[entity.name.lowercased()] = id
        }
        return ids
    }

    /// An entity's identifier before it is made unique: letters, digits and `_`, starting
    /// with a letter or `_` and not with a word Mermaid reads as its own. (`-` is not kept:
    /// `class-x` or `u-boat` would start with a keyword Mermaid reads.)
    static func mermaidEntity(_ name: String) -> String {
        let word = mermaidLeading(mermaidScalars(name) { $0 == "_" })
        return mermaidStarts(word, with: mermaidLeadingKeywords, whole: false) ? "_" + word : word
    }

    /// `word`, with `_` before it when it is empty or does not start with a letter or `_`
    /// (Mermaid reads a leading digit or `-` as something else).
    static func mermaidLeading(_ word: String) -> String {
        guard let first = word.unicodeScalars.first else { return "_" }
        let category = first.properties.generalCategory
        let isLetter = [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter].contains(
            category)
        return isLetter || first == "_" ? word : "_" + word
    }

    /// `text` scalar by scalar (a joiner or a mark hides inside a Character): letters,
    /// digits and what `also` allows kept, anything else (format characters among them)
    /// `_`.
    static func mermaidScalars(_ text: String, also: (Unicode.Scalar) -> Bool) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let category = scalar.properties.generalCategory
            let isLetterOrDigit = [
                .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
            ].contains(category)
            result.append(isLetterOrDigit || also(scalar) ? scalar : "_")
        }
        return String(result)
    }

    /// A type or attribute name as one Mermaid word.
    /// Mermaid reads an attribute word of ASCII letters, digits, `_`, `(` and `)`, and
    /// characters from U+00C0 on: a letter below (`ª`, `µ`, `º`) is written `_`; a word
    /// that would read as a key (`pk`) gets `_` before it.
    static func mermaidWord(_ text: String) -> String {
        let word = mermaidLeading(mermaidScalars(text.filter { $0 != " " }) { $0 == "_" || $0 == "(" || $0 == ")" })
        var result = String.UnicodeScalarView()
        for scalar in word.unicodeScalars {
            result.append((0x80..<0xC0).contains(scalar.value) ? "_" : scalar)
        }
        let cleaned = String(result)
        return mermaidStarts(cleaned, with: mermaidAttributeKeys, whole: true) ? "_" + cleaned : cleaned
    }

    /// Text inside Mermaid's double quotes: on one line (Mermaid reads a diagram line by
    /// line, so a name's line break would start a statement of its own; ``SQLText`` writes
    /// it as `\u{A}`), and every character that could end the quotes or mean something to
    /// Mermaid or to the HTML it draws written as an entity code, which Mermaid shows as
    /// the character: `"`, `#` (which starts entity codes), `%` (`%%` starts comments and
    /// directives), `\`, `` ` `` (markdown strings), `<`, `>`, `&`, and the brackets, braces
    /// and bar of Mermaid's own syntax.
    ///
    /// Besides, `:` is written as a code too (Mermaid drops the last `;` of a line holding
    /// `style`, a colon and a `#`, so a code after it would show as its digits), and the
    /// space after `direction` (Mermaid reads any line holding `direction TB`, `LR`, `BT`
    /// or `RL` as a direction statement, quotes or not).
    static func mermaidText(_ text: String) -> String {
        var result = ""
        var previous: [Unicode.Scalar] = []
        for scalar in SQLText.oneLine(text).unicodeScalars {
            switch scalar {
            case "\"", "#", "%", "\\", "`", "<", ">", "&", "{", "}", "[", "]", "|", ":":
                result += "#\(scalar.value);"
            case _
            where scalar.properties.isWhitespace
                && String(String.UnicodeScalarView(previous.suffix(9))).lowercased() == "direction":
                result += "#\(scalar.value);"
            default:
                result.unicodeScalars.append(scalar)
            }
            previous.append(scalar)
        }
        return result
    }

    // MARK: DOT

    static func dot(_ model: Model) -> String {
        var lines = [
            "digraph schema {",
            "    graph [rankdir=LR, fontname=\"Helvetica\"];",
            "    node [shape=plaintext, fontname=\"Helvetica\", fontsize=11];",
            "    edge [fontname=\"Helvetica\", fontsize=9, arrowhead=crow, arrowtail=tee, dir=both];",
        ]
        for entity in model.entities {
            var rows = [
                "<TR><TD BGCOLOR=\"\(entity.isView ? "#e8f0fe" : "#eeeeee")\" COLSPAN=\"2\"><B>\(html(entity.name))</B>\(entity.isView ? " <I>(view)</I>" : "")</TD></TR>"
            ]
            for (index, column) in entity.columns.enumerated() {
                let keys = column.keys.isEmpty ? "" : " <B>\(column.keys.joined(separator: ", "))</B>"
                let type = html(column.type) + (column.notNull && !column.keys.contains("PK") ? " NOT NULL" : "")
                rows.append(
                    "<TR><TD ALIGN=\"LEFT\" PORT=\"c\(index)\">\(html(column.name))\(keys)</TD><TD ALIGN=\"LEFT\"><FONT COLOR=\"#555555\">\(type)</FONT></TD></TR>"
                )
            }
            lines.append(
                "    \(dotID(entity.name)) [label=<<TABLE BORDER=\"0\" CELLBORDER=\"1\" CELLSPACING=\"0\" CELLPADDING=\"4\">\(rows.joined())</TABLE>>];"
            )
        }
        for edge in model.edges {
            if edge.isRead {
                lines.append(
                    "    \(dotID(edge.from)) -> \(dotID(edge.to)) [style=dashed, arrowhead=open, arrowtail=none, label=\"reads\"];"
                )
                continue
            }
            let from = model.entities.first { $0.name == edge.from }
            let to = model.entities.first { $0.name.lowercased() == edge.to.lowercased() }
            let fromPort = from.flatMap { entity in
                edge.fromColumns.first.flatMap { name in
                    entity.columns.firstIndex { $0.name.lowercased() == name.lowercased() }
                }
            }
            let toPort = to.flatMap { entity in
                edge.toColumns.first.flatMap { name in
                    entity.columns.firstIndex { $0.name.lowercased() == name.lowercased() }
                }
            }
            let label = zip(edge.fromColumns, edge.toColumns).map { "\($0) → \($1)" }.joined(separator: ", ")
            let tail = edge.isOptional ? "teeodot" : "tee"
            lines.append(
                "    \(dotID(edge.from))\(fromPort.map { ":c\($0)" } ?? "") -> \(dotID(edge.to))\(toPort.map { ":c\($0)" } ?? "") [label=\"\(dotText(label))\", arrowhead=\(tail), arrowtail=crow];"
            )
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    static func dotID(_ name: String) -> String { "\"" + dotText(name) + "\"" }

    /// Text inside DOT's double quotes: control characters written as `\u{…}` first.
    static func dotText(_ text: String) -> String {
        SQLText.oneLine(text).replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }

    /// Text in a DOT HTML label.
    static func html(_ text: String) -> String {
        SQLText.oneLine(text).replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "\n", with: " ")
    }
}
