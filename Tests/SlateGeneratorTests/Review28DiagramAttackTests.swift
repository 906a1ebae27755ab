import Foundation
import SlateAnalysis
import SlateGenerator
import SlateSchema
import Testing

/// Review of issue 28 §4 in diagrams: a zero-width joiner (or non-joiner) after a letter
/// is one Character with it, and `isLetter` looks at the first scalar, so the invisible
/// format character passes into Mermaid identifiers raw.
@Suite struct Review28DiagramAttackTests {
    @Test func noInvisibleFormatCharacterReachesADiagram() throws {
        let schema = try SchemaReader.read(scripts: [SQLScript(path: "odd.sql", text: """
            CREATE TABLE "pay\u{200D}ments" (id INTEGER PRIMARY KEY, "am\u{200C}ount" REAL);
            """)])
        for format in [SchemaDiagram.Format.mermaid, .dot] {
            let text = SchemaDiagram.render(schema, format: format)
            #expect(!text.unicodeScalars.contains { $0 == "\u{200D}" || $0 == "\u{200C}" }, "\(format): \(text)")
        }
    }
}
