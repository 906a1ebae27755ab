import Foundation
import SlateAnalysis
import SlateGenerator
import SlateSchema
import Testing

/// Names in diagrams, attacked: a zero-width joiner (or non-joiner) after a letter is one
/// Character with it, so identifiers are made scalar by scalar, and no invisible format
/// character reaches either notation.
@Suite struct DiagramAttackTests {
    @Test func noInvisibleFormatCharacterReachesADiagram() throws {
        let schema = try SchemaReader.read(scripts: [
            SQLScript(
                path: "odd.sql",
                text: """
                    CREATE TABLE "pay\u{200D}ments" (id INTEGER PRIMARY KEY, "am\u{200C}ount" REAL);
                    """)
        ])
        for format in [SchemaDiagram.Format.mermaid, .dot] {
            let text = SchemaDiagram.render(schema, format: format)
            #expect(!text.unicodeScalars.contains { $0 == "\u{200D}" || $0 == "\u{200C}" }, "\(format): \(text)")
        }
    }
}
