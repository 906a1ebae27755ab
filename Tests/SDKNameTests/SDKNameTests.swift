import FakeSDK
import Foundation
import SlateMigration
import SlateRecords
import SlateSchema
import Testing

/// An app module that imports types named like SwiftUI's and SwiftData's (`FakeSDK`)
/// beside every Slate module, with a generated file for tables named `list`, `section`,
/// `image`, `label`, `table` and `schema` compiled in: each short name still means the
/// SDK's type, unqualified, and the generated records are the `…Record` types.
@Suite struct SDKNameTests {
    @Test func theSDKsNamesStayTheSDKs() throws {
        // These lines compile only if neither Slate nor the generated code declares
        // `View`, `List`, `Table`, `Column`, `Schema`, … at the top level.
        let views: [any View] = [List(), Section(), Image(), Label(), Table(), Text("x")]
        let others: (Column, Schema, FakeSDK.Index, FakeSDK.Trigger) = (
            Column(), Schema(), FakeSDK.Index(), FakeSDK.Trigger()
        )
        #expect(views.count == 6)
        _ = others
        // Slate's schema model, by its own names.
        let schema: SQLSchema = try SchemaReader.read(scripts: [SQLScript(path: "t.sql", text: "CREATE TABLE t (a)")])
        let table: SQLSchema.Table = try #require(schema.tables.first)
        let column: SQLSchema.Column = try #require(table.columns.first)
        #expect(column.name == "a")
    }

    @Test func theGeneratedRecordsWork() throws {
        let db = try Widgets.inMemory()
        defer { db.close() }
        let list = try db.insert(ListRecord(title: "Groceries"))
        let section = try db.insert(SectionRecord(listId: list.id, title: "Fruit"))
        _ = try db.insert(ImageRecord(sectionId: section.id, bytes: [1, 2]))
        #expect(try db.sections.fetch(for: list).map(\.title) == ["Fruit"])
        #expect(try db.images.fetchCount() == 1)
        _ = try db.insert(TableRecord(name: "t"))
        _ = try db.insert(SchemaRecord(version: 2))
        #expect(try db.schemas.fetch().map(\.version) == [2])
    }
}
