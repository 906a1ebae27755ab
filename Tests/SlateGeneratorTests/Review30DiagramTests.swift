import Foundation
import SlateAnalysis
import SlateSchema
import Testing

@testable import SlateGenerator

/// Diagrams of names made to break them: a column name with line breaks, quotes, braces,
/// brackets, a bar, backticks, `%%` directives, entity codes and HTML stays inside its
/// quoted text in Mermaid and its label in DOT; tables whose names sanitize alike
/// (`"order item"`, `order_item`), named like Mermaid's keywords, or starting with a digit
/// draw as entities of their own. Compared whole.
@Suite struct Review30DiagramTests {
    static let script = """
        CREATE TABLE "order item" (id INTEGER PRIMARY KEY, note TEXT);
        CREATE TABLE order_item (id INTEGER PRIMARY KEY, "order item id" INTEGER REFERENCES "order item"(id));
        CREATE TABLE order_item_2 (id INTEGER PRIMARY KEY);
        CREATE TABLE "to" (id INTEGER PRIMARY KEY, x TEXT);
        CREATE TABLE "1st" (id INTEGER PRIMARY KEY, "to id" INTEGER NOT NULL REFERENCES "to"(id));
        CREATE TABLE evil (id INTEGER PRIMARY KEY, "a"" }
        INJECTED { string pwned }
        %%{init: {}}%% #quot; `md` <b>[x]|{y}\\" TEXT NOT NULL);
        CREATE VIEW "v""iew" AS SELECT * FROM "order item";
        """

    static func schema() throws -> SQLSchema {
        try SchemaReader.read(scripts: [SQLScript(path: "odd.sql", text: script)])
    }

    @Test func mermaidKeepsEveryNameInItsQuotesAndEveryEntityApart() throws {
        let text = SchemaDiagram.render(try Self.schema(), format: .mermaid)
        let expected = """
            erDiagram
                order_item["order item"] {
                    INTEGER id PK
                    TEXT note
                }
                order_item_2["order_item"] {
                    INTEGER id PK
                    INTEGER orderitemid FK "order item id"
                }
                order_item_2_2["order_item_2"] {
                    INTEGER id PK
                }
                to_2["to"] {
                    INTEGER id PK
                    TEXT x
                }
                _1st["1st"] {
                    INTEGER id PK
                    INTEGER toid FK "to id, NOT NULL"
                }
                evil {
                    INTEGER id PK
                    TEXT a___INJECTED_stringpwned_____init_______quot__md__b__x___y__ "a#34; #125;#92;u#123;A#125;INJECTED #123; string pwned #125;#92;u#123;A#125;#37;#37;#123;init#58; #123;#125;#125;#37;#37; #35;quot; #96;md#96; #60;b#62;#91;x#93;#124;#123;y#125;#92;u#123;5C#125;, NOT NULL"
                }
                v_iew["v#34;iew (view)"] {
                    INTEGER id
                    TEXT note
                }
                order_item |o--o{ order_item_2 : "order item id → id"
                to_2 ||--o{ _1st : "to id → id"
                v_iew }o..o{ order_item : "reads"

            """
        #expect(text == expected, "\(text)")
        // Each line is one statement: no line starts an entity of the name's making.
        #expect(!text.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("INJECTED") })
    }

    @Test func dotKeepsEveryNameInItsLabelAndEveryNodeApart() throws {
        let text = SchemaDiagram.render(try Self.schema(), format: .dot)
        let table = "<TABLE BORDER=\"0\" CELLBORDER=\"1\" CELLSPACING=\"0\" CELLPADDING=\"4\">"
        func row(_ port: Int, _ name: String, _ type: String) -> String {
            "<TR><TD ALIGN=\"LEFT\" PORT=\"c\(port)\">\(name)</TD><TD ALIGN=\"LEFT\"><FONT COLOR=\"#555555\">\(type)</FONT></TD></TR>"
        }
        func node(_ id: String, _ title: String, _ rows: [String], view: Bool = false) -> String {
            let head =
                "<TR><TD BGCOLOR=\"\(view ? "#e8f0fe" : "#eeeeee")\" COLSPAN=\"2\"><B>\(title)</B>\(view ? " <I>(view)</I>" : "")</TD></TR>"
            return "    \(id) [label=<\(table)\(head)\(rows.joined())</TABLE>>];"
        }
        let key = row(0, "id <B>PK</B>", "INTEGER")
        let expected =
            [
                "digraph schema {",
                "    graph [rankdir=LR, fontname=\"Helvetica\"];",
                "    node [shape=plaintext, fontname=\"Helvetica\", fontsize=11];",
                "    edge [fontname=\"Helvetica\", fontsize=9, arrowhead=crow, arrowtail=tee, dir=both];",
                node("\"order item\"", "order item", [key, row(1, "note", "TEXT")]),
                node("\"order_item\"", "order_item", [key, row(1, "order item id <B>FK</B>", "INTEGER")]),
                node("\"order_item_2\"", "order_item_2", [key]),
                node("\"to\"", "to", [key, row(1, "x", "TEXT")]),
                node("\"1st\"", "1st", [key, row(1, "to id <B>FK</B>", "INTEGER NOT NULL")]),
                node(
                    "\"evil\"", "evil",
                    [
                        key,
                        row(
                            1,
                            "a&quot; }\\u{A}INJECTED { string pwned }\\u{A}%%{init: {}}%% #quot; `md` &lt;b&gt;[x]|{y}\\u{5C}",
                            "TEXT NOT NULL"),
                    ]),
                node("\"v\\\"iew\"", "v&quot;iew", [row(0, "id", "INTEGER"), row(1, "note", "TEXT")], view: true),
                "    \"order_item\":c1 -> \"order item\":c0 [label=\"order item id → id\", arrowhead=teeodot, arrowtail=crow];",
                "    \"1st\":c1 -> \"to\":c0 [label=\"to id → id\", arrowhead=tee, arrowtail=crow];",
                "    \"v\\\"iew\" -> \"order item\" [style=dashed, arrowhead=open, arrowtail=none, label=\"reads\"];",
                "}",
            ].joined(separator: "\n") + "\n"
        #expect(text == expected, "\(text)")
    }

    /// Identifiers are picked in drawing order through the one unused-name function: a
    /// table already called like another's sanitized name keeps the suffix free for it.
    @Test func entityIdentifiersAreUniqueIgnoringCaseAndClearOfKeywords() throws {
        let schema = try SchemaReader.read(scripts: [
            SQLScript(
                path: "odd.sql",
                text: """
                    CREATE TABLE "A B" (id INTEGER PRIMARY KEY);
                    CREATE TABLE a_b (id INTEGER PRIMARY KEY);
                    CREATE TABLE "a-b" (id INTEGER PRIMARY KEY);
                    CREATE TABLE "a.b" (id INTEGER PRIMARY KEY);
                    CREATE TABLE "erDiagram" (id INTEGER PRIMARY KEY);
                    CREATE TABLE "" (id INTEGER PRIMARY KEY);
                    CREATE TABLE "!" (id INTEGER PRIMARY KEY);
                    """)
        ])
        let ids = SchemaDiagram.mermaidIDs(SchemaDiagram.Model(schema))
        // `-` is not kept (`class-x` would read as `class`): `a-b` is `a_b_3`.
        #expect(
            ids == [
                "a b": "A_B", "a_b": "a_b_2", "a-b": "a_b_3", "a.b": "a_b_4", "erdiagram": "erDiagram_2", "": "_",
                "!": "__2",
            ])
        #expect(Set(ids.values.map { $0.lowercased() }).count == ids.count)
    }
}
