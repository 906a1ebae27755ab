import Foundation
import SlateAnalysis
import SlateSchema
import SlateTestSupport
import Testing

@testable import SlateGenerator

/// Issue 31, §1: the generated shape of request bodies (`init(from:)`, `encode(to:)`),
/// `save` (the upsert statement and the type-attached and raw forms) and delete by a
/// compound key.
@Suite struct Review31BodiesGeneratorTests {
    private func generate(
        _ sql: String, _ configuration: GeneratorConfiguration = GeneratorConfiguration()
    ) throws -> String {
        let schema = try SchemaReader.read(scripts: [SQLScript(path: "test.sql", text: sql)])
        return try SlateGenerator.generate(schema: schema, inputs: ["test.sql"], configuration: configuration).contents
    }

    private func expectContains(_ text: String, _ fragment: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(text.contains(fragment), "missing:\n\(fragment)", sourceLocation: sourceLocation)
    }

    @Test func aTableRecordDecodesWithoutItsRowIDKeyAndNeverEncodesTheSentinel() throws {
        let code = try generate(
            "CREATE TABLE person (person_id INTEGER PRIMARY KEY, name TEXT NOT NULL, title TEXT, rank INTEGER NOT NULL DEFAULT 2);"
        )
        expectContains(
            code,
            """
                private enum CodingKeys: String, CodingKey {
                    case personId, name, title, rank
                }
            """)
        expectContains(
            code,
            """
                public init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self.personId = try SQLRecordCoding.decodeRowID(container, CodingKeys.personId)
                    self.name = try SQLRecordCoding.decode(String.self, container, CodingKeys.name)
                    self.title = try SQLRecordCoding.decodeIfPresent(String.self, container, CodingKeys.title)
                    self.rank = container.contains(CodingKeys.rank) ? try SQLRecordCoding.decode(Int.self, container, CodingKeys.rank) : 2
                }
            """)
        expectContains(
            code,
            """
                public func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    if self.personId != Int.min { try container.encode(self.personId, forKey: CodingKeys.personId) }
                    try container.encode(self.name, forKey: CodingKeys.name)
                    try container.encodeIfPresent(self.title, forKey: CodingKeys.title)
                    try container.encode(self.rank, forKey: CodingKeys.rank)
                }
            """)
        // Views keep the synthesized Codable: they are responses, never inserted.
        let view = try generate(
            "CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT NOT NULL); CREATE VIEW v AS SELECT a FROM t;")
        #expect(view.components(separatedBy: "private enum CodingKeys").count == 2)
    }

    @Test func theUpsertUpdatesEveryNonKeyColumnOrDoesNothing() throws {
        let code = try generate(
            """
            CREATE TABLE person (person_id INTEGER PRIMARY KEY, name TEXT NOT NULL, twice TEXT GENERATED ALWAYS AS (name || name));
            CREATE TABLE membership (a INTEGER NOT NULL, b INTEGER NOT NULL, PRIMARY KEY (b, a)) WITHOUT ROWID;
            CREATE TABLE loose (x INTEGER, y TEXT);
            CREATE VIRTUAL TABLE place USING rtree(id, lo, hi);
            """, .withHandleFunctions)
        expectContains(
            code,
            ##"public static let sqlUpsert: String? = #"INSERT OR ABORT INTO "person" ("person_id", "name") VALUES (?, ?) ON CONFLICT ("person_id") DO UPDATE SET "name" = excluded."name""#"##
        )
        expectContains(
            code,
            ##"public static let sqlUpsert: String? = #"INSERT OR ABORT INTO "membership" ("a", "b") VALUES (?, ?) ON CONFLICT ("b", "a") DO NOTHING"#"##
        )
        // No key, and a virtual table: no upsert, no save.
        #expect(code.components(separatedBy: "static let sqlUpsert:").count == 3)
        #expect(code.components(separatedBy: "mutating func save(into db: OpaquePointer)").count == 3)
        expectContains(
            code,
            """
                public mutating func save(into db: OpaquePointer) throws {
                    if self.insertAssignsRowID { return try self.insert(into: db) }
                    let value = self
                    self = try SQLRecordCoding.save(db, sql: Self.sqlUpsert, returning: Self.sqlUpsertReturning, bind: { try value.bindInsert(to: $0) }, decode: { try Self(sqliteStatement: $0, offset: 0) }, find: { try Self.find(value.personId, in: db) }, asBound: nil, keyOnly: false)
                }
            """)
        expectContains(
            code, "public func sqlite3_membership_save(_ db: OpaquePointer, _ record: inout Membership) throws {")
        // Delete by a compound key: labelled, in key order, sync and async.
        expectContains(
            code,
            """
            extension SQLTable where Record == Membership {
                /// Deletes the row with key `b`, `a`; returns whether there was one.
                @discardableResult
                public func delete(b: Int, a: Int) throws -> Bool {
                    try self.delete(Membership.ID(b: b, a: a))
                }
            }
            """)
        expectContains(code, "public func delete(b: Int, a: Int) async throws -> Bool {")
    }

    @Test func columnsAndTablesNamedSaveStepAside() throws {
        let code = try generate(
            """
            CREATE TABLE save (id INTEGER PRIMARY KEY, save INTEGER NOT NULL, "sqlUpsert" TEXT);
            """)
        expectContains(code, "public var saveColumn: Int")
        expectContains(code, "public var sqlUpsertColumn: String?")
        expectContains(code, "case id, saveColumn, sqlUpsertColumn")
        #expect(!code.contains("public var save: SQLTable"))
    }
}
