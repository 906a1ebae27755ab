import Foundation
import SlateSchema
import SlateTestSupport
import Testing

@testable import SlateGenerator

/// `slate diagram`: golden files in both notations, the same bytes every run, and names
/// that would break either notation.
@Suite struct DiagramTests {
    static let fixtures = CommandLineTests.fixtures
    static let bookshop = ["bookshop-001-catalog.sql", "bookshop-002-sales.sql", "bookshop-003-views.sql"]
        .map { fixtures.appendingPathComponent("Schemas/" + $0).path }

    @Test(arguments: [("mermaid", "bookshop.mmd"), ("dot", "bookshop.dot")])
    func theCommandWritesTheGoldenDiagram(_ format: String, _ golden: String) throws {
        let executable = try #require(CommandLineTests.executable)
        let run = try Executables.run(executable, ["diagram"] + Self.bookshop + ["--format", format])
        #expect(run.status == 0, "\(run.errors)")
        let expected = try String(
            contentsOf: Self.fixtures.appendingPathComponent("Diagrams/" + golden), encoding: .utf8)
        #expect(run.output == expected, "Scripts/record-golden.sh records the diagrams again")
        // Deterministic: a second run gives the same bytes.
        #expect(
            try Executables.run(executable, ["diagram"] + Self.bookshop + ["--format", format]).output == run.output)
    }

    @Test func keysForeignKeysAndViewsAreDrawn() throws {
        let schema = try SlateGenerator.loadSchema(inputs: Self.bookshop)
        let mermaid = SchemaDiagram.render(schema, format: .mermaid)
        #expect(mermaid.hasPrefix("erDiagram\n"))
        #expect(mermaid.contains("        INTEGER book_id PK, FK\n"))
        #expect(mermaid.contains("    addresses |o--o{ orders : \"shipping_address_id → address_id\"\n"))
        #expect(mermaid.contains("    publishers ||--o{ books : \"publisher_id → publisher_id\"\n"))
        #expect(mermaid.contains("    bestsellers[\"bestsellers (view)\"] {\n"))
        #expect(mermaid.contains("    bestsellers }o..o{ order_items : \"reads\"\n"))
        let dot = SchemaDiagram.render(schema, format: .dot)
        #expect(
            dot.contains(
                "\"orders\":c2 -> \"addresses\":c0 [label=\"shipping_address_id → address_id\", arrowhead=teeodot, arrowtail=crow];"
            ))
        #expect(
            dot.contains(
                "\"customer_orders\" -> \"orders\" [style=dashed, arrowhead=open, arrowtail=none, label=\"reads\"];"))
    }

    @Test func hostileNamesStayInsideTheirNotation() throws {
        let schema = try SchemaReader.read(scripts: [
            SQLScript(
                path: "odd.sql",
                text: """
                    CREATE TABLE "my table" (id INTEGER PRIMARY KEY, "quote""d" TEXT, [a<b>] VARCHAR(10, 2));
                    CREATE TABLE "x""y" (id INTEGER PRIMARY KEY, t_id INTEGER REFERENCES "my table"(id));
                    """)
        ])
        let mermaid = SchemaDiagram.render(schema, format: .mermaid)
        #expect(mermaid.contains("    my_table[\"my table\"] {\n"))
        #expect(mermaid.contains("        TEXT quote_d \"quote#34;d\"\n"))
        #expect(mermaid.contains("        VARCHAR(10_2) a_b_ \"a#60;b#62;\"\n"))
        #expect(mermaid.contains("    x_y[\"x#34;y\"] {\n"))
        #expect(mermaid.contains("    my_table |o--o{ x_y : \"t_id → id\"\n"))
        let dot = SchemaDiagram.render(schema, format: .dot)
        #expect(dot.contains("a&lt;b&gt;"))
        #expect(dot.contains("\"x\\\"y\" [label=<"))
    }

    /// A name with a line break would start a line of its own in either notation, where
    /// Mermaid and DOT read it as a statement.
    @Test func namesWithLineBreaksStayOnTheirLine() throws {
        let schema = try SchemaReader.read(scripts: [
            SQLScript(
                path: "odd.sql",
                text: """
                    CREATE TABLE "a
                    b" (id INTEGER PRIMARY KEY, "c\u{2028}d" TEXT);
                    CREATE TABLE child (id INTEGER PRIMARY KEY, "p\r\nid" INTEGER REFERENCES "a
                    b"(id));
                    """.replacingOccurrences(of: "\\u{2028}", with: "\u{2028}").replacingOccurrences(
                        of: "\\r\\n", with: "\r\n"))
        ])
        for format in [SchemaDiagram.Format.mermaid, .dot] {
            let text = SchemaDiagram.render(schema, format: format)
            for line in text.split(separator: "\n") {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                #expect(
                    !trimmed.hasPrefix("b") && !trimmed.hasPrefix("id") && !line.contains("\r")
                        && !line.contains("\u{2028}"), "\(format): \(line)")
            }
        }
        #expect(SchemaDiagram.render(schema, format: .mermaid).contains("    a_b[\"a#92;u#123;A#125;b\"] {\n"))
    }

    @Test func aFileTheCommandCannotReadIsAFileError() throws {
        let directory = TemporaryDirectory()
        let bad = directory.path("bad.sql")
        try "CREATE TABLE (".write(toFile: bad, atomically: true, encoding: .utf8)
        let run = try Executables.run(try #require(CommandLineTests.executable), ["diagram", bad])
        #expect(run.status == 1)
        #expect(run.errors.hasPrefix("\(bad):1:"), "\(run.errors)")
    }
}
