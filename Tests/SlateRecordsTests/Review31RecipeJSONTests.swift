import Foundation
import SlateRecords
import SlateTestSupport
import Testing

/// RecipeJSONColumns.md, "Records you write": nested values of an SQLCodableRecord stored
/// as JSON text, and reached inside with SQL fragments, as the recipe writes them.
@Suite struct Review31RecipeJSONTests {
    struct Profile: SQLCodableRecord {
        static let tableName = "profile"
        struct Address: Codable, Equatable { var city: String; var zip: String }
        var id: Int?
        var tags: [String] = [] // stored as '["admin"]'
        var address: Address? // stored as '{"city":"Paris",…}'
    }

    @Test func nestedValuesAreJSONTextAndFragmentsReachInside() throws {
        let pool = try SQLPool(path: nil)
        defer { pool.close() }
        try pool.write { ctx in
            try ctx.exec(sql: "CREATE TABLE profile (id INTEGER PRIMARY KEY, tags TEXT NOT NULL, address TEXT)")
        }
        let saved = try pool.save(
            Profile(
                tags: ["admin"],
                address: .init(city: "Paris", zip: "75001")))
        _ = try pool.save(Profile(tags: ["guest", "late"], address: .init(city: "Lyon", zip: "69001")))
        _ = try pool.save(Profile(tags: []))
        #expect(saved.id == 1)
        let stored = try pool.read { ctx in
            try ctx.query(sql: "SELECT tags, address ->> '$.city', address ->> '$.zip' FROM profile WHERE id = 1")
        }
        #expect(stored == [[.text(#"["admin"]"#), .text("Paris"), .text("75001")]])

        let parisians = try pool.fetch(
            Profile.self,
            where: { _ in
                "address ->> '$.city' = \("Paris")"
            })
        #expect(parisians.map(\.id) == [1])
        let admins = try pool.fetch(
            Profile.self,
            where: { _ in
                "EXISTS (SELECT 1 FROM json_each(tags) WHERE value = \("admin"))"
            })
        #expect(admins.map(\.id) == [1])
        let late = try pool.fetch(
            Profile.self,
            where: {
                "EXISTS (SELECT 1 FROM json_each(tags) WHERE value = \("late"))" && $0.id > 1
            })
        #expect(late.map(\.address?.city) == ["Lyon"])
        // A key path to a nested field is no column, and does not compile:
        // `$0.address.city`; `\($0.tags)` neither, since an array is not SQLBindable.
        #expect(try pool.load(Profile.self, key: 2)?.tags == ["guest", "late"])
    }
}
