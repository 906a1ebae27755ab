import Foundation
import Slate
import SlateSchema
import SlateTestSupport
import Testing

@testable import SlateGenerator

/// `types.rules`, `types.booleans` and the UUID storages of `slate.json`: how they are
/// read, which setting decides a column, the errors for a rule that decides nothing, and
/// the code each storage generates.
@Suite struct TypeRuleTests {
    private func parse(_ json: String) throws -> GeneratorConfiguration {
        try GeneratorConfiguration.parse(Data(json.utf8))
    }

    /// Generates from `sql` as `slate generate` does (the file `test.sql`).
    private func generate(_ sql: String, _ configuration: GeneratorConfiguration) throws -> String {
        let directory = TemporaryDirectory()
        let path = directory.path("test.sql")
        try sql.write(toFile: path, atomically: true, encoding: .utf8)
        return try SlateGenerator.generate(inputs: [path], configuration: configuration).contents
    }

    private func failure(_ sql: String, _ json: String) -> String? {
        do {
            _ = try generate(sql, try parse(json))
            return nil
        } catch {
            return "\(error)"
        }
    }

    private func expectContains(_ text: String, _ fragment: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(text.contains(fragment), "missing:\n\(fragment)", sourceLocation: sourceLocation)
    }

    // MARK: Reading slate.json

    @Test func rulesAndStoragesAreRead() throws {
        let configuration = try parse(
            """
            { "types": {
                "uuids": "guidBlob",
                "booleans": { "true": "Y", "false": "N" },
                "rules": [
                  { "declaredType": "LONG", "type": "Int" },
                  { "table": "Adobe_*", "column": "*Time", "dates": "secondsSince2001" },
                  { "column": "*_guid", "uuids": "blob" },
                  { "declaredType": "BOOLEAN", "type": "Bool", "booleans": "integer" }
                ] } }
            """)
        #expect(configuration.types.uuids == .guidBlob)
        #expect(configuration.types.booleans == .text(true: "Y", false: "N"))
        #expect(
            configuration.types.rules == [
                .init(declaredType: "LONG", type: .int),
                .init(table: "Adobe_*", column: "*Time", dates: .secondsSince2001),
                .init(column: "*_guid", uuids: .blob),
                .init(declaredType: "BOOLEAN", type: .bool, booleans: .integer),
            ])
        // A storage gives its type.
        #expect(configuration.types.rules.map(\.type) == [.int, .date, .uuid, .bool])
        #expect(
            configuration.types.rules[1].summary
                == #"{"table": "Adobe_*", "column": "*Time", "type": "Date", "dates": "secondsSince2001"}"#)
    }

    @Test func wrongRulesAndStoragesNameTheKey() {
        let cases: [(String, String)] = [
            (
                #"{ "types": { "uuids": "guid" } }"#,
                #"slate.json: error: "types.uuids" must be one of "text", "uppercaseText", "blob", "guidBlob""#
            ),
            (
                #"{ "types": { "booleans": "text" } }"#,
                #"slate.json: error: "types.booleans" must be "integer" or an object of two texts, {"true": "TRUE", "false": "FALSE"}"#
            ),
            (
                #"{ "types": { "booleans": { "true": "T" } } }"#,
                #"slate.json: error: "types.booleans" must be "integer" or an object of two texts, {"true": "TRUE", "false": "FALSE"}"#
            ),
            (
                #"{ "types": { "booleans": { "true": "T", "false": "T" } } }"#,
                #"slate.json: error: "types.booleans" must have two different texts; both are "T""#
            ),
            (
                #"{ "types": { "booleans": { "true": "T", "false": "F", "null": "" } } }"#,
                #"slate.json: error: unknown key "types.booleans.null"; known keys in "types.booleans" are "true", "false""#
            ),
            (
                #"{ "types": { "rules": { "declaredType": "LONG" } } }"#,
                #"slate.json: error: "types.rules" must be an array of rules"#
            ),
            (
                #"{ "types": { "rules": [ { "type": "Int" } ] } }"#,
                #"slate.json: error: "types.rules[0]" matches every column: give it a "table", "column" or "declaredType" pattern"#
            ),
            (
                #"{ "types": { "rules": [ { "declaredType": "LONG" } ] } }"#,
                #"slate.json: error: "types.rules[0]" gives nothing: give it a "type" (or a "dates", "uuids" or "booleans" storage)"#
            ),
            (
                #"{ "types": { "rules": [ { "declaredType": "LONG", "type": "Integer" } ] } }"#,
                #"slate.json: error: "types.rules[0].type" must be one of "Int", "Double", "String", "Bool", "[UInt8]", "Date", "UUID", "URL", "SQLValue""#
            ),
            (
                #"{ "types": { "rules": [ { "column": "id", "type": "Int", "uuids": "blob" } ] } }"#,
                #"slate.json: error: "types.rules[0].uuids" is a storage of UUID columns, and the rule's type is Int"#
            ),
            (
                #"{ "types": { "rules": [ { "column": "id", "uuids": "blob", "dates": "text" } ] } }"#,
                #"slate.json: error: "types.rules[0]" gives "dates" and "uuids": a column holds one type"#
            ),
            (
                #"{ "types": { "rules": [ { "table": "", "type": "Int" } ] } }"#,
                #"slate.json: error: "types.rules[0].table" is empty and matches no name; "*" matches any"#
            ),
            (
                #"{ "types": { "rules": [ { "column": "a", "type": "Int", "optional": false } ] } }"#,
                #"slate.json: error: unknown key "types.rules[0].optional"; known keys in "types.rules[0]" are "table", "column", "declaredType", "type", "dates", "uuids", "booleans""#
            ),
        ]
        for (json, message) in cases {
            do {
                _ = try parse(json)
                Issue.record("accepted \(json)")
            } catch {
                #expect("\(error)" == message)
            }
        }
    }

    @Test func patternsMatchAsSQLiteComparesNames() {
        let glob = GeneratorConfiguration.TypeRule.glob
        #expect(
            glob("*_date", "created_DATE") && glob("Adobe_*", "adobe_images") && glob("*", "") && glob("a*b*c", "aXbYc")
        )
        #expect(
            !glob("*_date", "created_dates") && !glob("a*b*c", "acb") && !glob("id", "id_local") && !glob("ab*ab", "ab")
        )
        let rule = GeneratorConfiguration.TypeRule(declaredType: "VARCHAR*", type: .string)
        #expect(rule.matches(table: "t", column: "c", declaredType: "varchar(10)"))
        #expect(
            GeneratorConfiguration.TypeRule(declaredType: "", type: .string).matches(
                table: "t", column: "c", declaredType: ""))
        #expect(
            !GeneratorConfiguration.TypeRule(declaredType: "", type: .string).matches(
                table: "t", column: "c", declaredType: "TEXT"))
        // A value that is no column meets only rules by declared type alone.
        #expect(
            !GeneratorConfiguration.TypeRule(column: "*", declaredType: "LONG", type: .int).matches(
                table: nil, column: nil, declaredType: "LONG"))
        #expect(
            GeneratorConfiguration.TypeRule(declaredType: "LONG", type: .int).matches(
                table: nil, column: nil, declaredType: "LONG"))
    }

    // MARK: Which setting decides

    /// `types.columns` wins over every rule; the first matching rule wins over later ones
    /// and over `types.declaredTypes`; a rule's storage counts for the type it gives.
    @Test func singleColumnsWinThenTheFirstMatchingRule() throws {
        let code = try generate(
            """
            CREATE TABLE catalog (id INTEGER PRIMARY KEY, a, b, c LONG, d LONG, e_guid BLOB, f_guid BLOB, g MONEY);
            """,
            try parse(
                """
                { "types": {
                    "columns": { "catalog.a": "String", "catalog.e_guid": "UUID" },
                    "declaredTypes": { "LONG": "String", "MONEY": "Int" },
                    "rules": [
                      { "column": "d", "type": "Double" },
                      { "declaredType": "LONG", "type": "Int" },
                      { "table": "cat*", "declaredType": "", "type": "Bool", "booleans": { "true": "yes", "false": "no" } },
                      { "column": "*_guid", "uuids": "guidBlob" }
                    ] } }
                """))
        expectContains(code, "public var a: String?")
        expectContains(code, "public var b: Bool?")
        expectContains(code, "public var c: Int?")
        expectContains(code, "public var d: Double?")
        // types.columns gives e_guid its type; the rule still gives the storage of that type.
        expectContains(code, "public var eGuid: UUID?")
        expectContains(code, #"try SQLRecordCoding.uuid(statement, offset + 5, "catalog.e_guid", .guidBlob)"#)
        expectContains(code, "public var fGuid: UUID?")
        expectContains(code, "public var fGuid: SQLColumn<Catalog, UUID?> { SQLColumn(6, uuids: .guidBlob) }")
        expectContains(code, "public var g: Int?")
        expectContains(
            code,
            #"self.b = try SQLRecordCoding.boolOrNil(statement, offset + 2, "catalog.b", .text(true: "yes", false: "no"))"#
        )
        expectContains(
            code, #"try SQLRecordCoding.bind(self.b, statement, first + 1, .text(true: "yes", false: "no"))"#)
        expectContains(
            code,
            #"public var b: SQLColumn<Catalog, Bool?> { SQLColumn(2, booleans: .text(true: "yes", false: "no")) }"#)
    }

    @Test func aRuleThatDecidesNoColumnIsAnError() {
        let sql = "CREATE TABLE t (id INTEGER PRIMARY KEY, a LONG, b LONG); CREATE VIEW v AS SELECT a FROM t;"
        #expect(
            failure(sql, #"{ "types": { "rules": [ { "column": "*_date", "dates": "unixTime" } ] } }"#)
                == #"slate.json: error: "types.rules[0]" {"column": "*_date", "type": "Date", "dates": "unixTime"} decides no column: it matches no column of a table or view"#
        )
        #expect(
            failure(
                sql,
                #"{ "types": { "rules": [ { "declaredType": "LONG", "type": "Int" }, { "column": "a", "type": "String" } ] } }"#
            )
                == #"slate.json: error: "types.rules[1]" {"column": "a", "type": "String"} decides no column: every column it matches is decided by "types.columns", "types.dateColumns" or an earlier rule, or is a rowid"#
        )
        #expect(
            failure(
                sql,
                #"{ "types": { "columns": { "t.a": "Int", "t.b": "Int" }, "rules": [ { "declaredType": "LONG", "type": "Int" } ] } }"#
            )
                == #"slate.json: error: "types.rules[0]" {"declaredType": "LONG", "type": "Int"} decides no column: every column it matches is decided by "types.columns", "types.dateColumns" or an earlier rule, or is a rowid"#
        )
        #expect(
            failure(sql, #"{ "types": { "rules": [ { "column": "id", "type": "String" } ] } }"#)
                == #"slate.json: error: "types.rules[0]" {"column": "id", "type": "String"} decides no column: every column it matches is decided by "types.columns", "types.dateColumns" or an earlier rule, or is a rowid"#
        )
        // A storage for a type the column does not end up with decides nothing either.
        #expect(
            failure(
                sql,
                #"{ "types": { "columns": { "t.a": "String", "t.b": "String" }, "rules": [ { "column": "?", "uuids": "blob" }, { "declaredType": "LONG", "uuids": "blob" } ] } }"#
            )?
            .hasPrefix(#"slate.json: error: "types.rules[0]""#) == true)
        #expect(failure(sql, #"{ "types": { "rules": [ { "declaredType": "LONG", "type": "Int" } ] } }"#) == nil)
    }

    @Test func booleanTextsSQLiteWouldStoreAsNumbersAreAnError() {
        let numeric = "CREATE TABLE t (id INTEGER PRIMARY KEY, flag BOOLEAN);"
        #expect(
            failure(numeric, #"{ "types": { "booleans": { "true": "1", "false": "0" } } }"#)
                == "slate.json: error: column t.flag (BOOLEAN) would store the boolean text '1' as a number, and it would not read back as a boolean; choose texts that are not numbers, or integer booleans"
        )
        // In a TEXT column, '1' and '0' stay text.
        #expect(
            failure(
                "CREATE TABLE t (id INTEGER PRIMARY KEY, flag CHAR(1));",
                #"{ "types": { "rules": [ { "column": "flag", "booleans": { "true": "1", "false": "0" } } ] } }"#)
                == nil)
    }

    /// A query parameter is bound as the column it meets stores UUIDs and booleans; one
    /// meeting two storages is an error, as for dates.
    @Test func queryParametersBindInTheStorageOfTheColumnTheyMeet() throws {
        let directory = TemporaryDirectory()
        let schema = directory.path("things.sql")
        let queries = directory.path("queries.sql")
        try "CREATE TABLE a (id INTEGER PRIMARY KEY, g GUID, u UUID, flag BOOLEAN);".write(
            toFile: schema, atomically: true, encoding: .utf8)
        let configuration = try parse(
            """
            { "types": { "rules": [ { "declaredType": "GUID", "uuids": "guidBlob" }, { "declaredType": "BOOLEAN", "booleans": { "true": "T", "false": "F" } } ] } }
            """)
        try """
        -- name: byGuid :many
        SELECT id FROM a WHERE g = :g AND flag = :flag;
        """.write(toFile: queries, atomically: true, encoding: .utf8)
        let code = try SlateGenerator.generate(inputs: [schema, queries], configuration: configuration).contents
        expectContains(code, "try SQLRecordCoding.bind(g, handle, 1, .guidBlob)")
        expectContains(code, #"try SQLRecordCoding.bind(flag, handle, 2, .text(true: "T", false: "F"))"#)
        try """
        -- name: either :many
        SELECT id FROM a WHERE g = :x OR u = :x;
        """.write(toFile: queries, atomically: true, encoding: .utf8)
        do {
            _ = try SlateGenerator.generate(inputs: [schema, queries], configuration: configuration)
            Issue.record("a parameter meeting two UUID storages was accepted")
        } catch {
            let message = "\(error)"
            #expect(
                message.hasSuffix(
                    #"queries.sql:2:38: error: UUID storage conflict: :x is compared with a.g, which stores UUIDs as "guidBlob", on line 2, and compared with a.u here, which stores them as "text"; one value cannot be bound both ways, so use a second parameter"#
                ), "\(message)")
        }
    }

    // MARK: Generated code

    @Test func everyUUIDStorageReadsAndBindsItsOwnForm() throws {
        for storage in SQLUUID.Storage.allCases {
            var configuration = GeneratorConfiguration()
            configuration.types.uuids = storage
            let code = try generate("CREATE TABLE device (id UUID PRIMARY KEY NOT NULL, owner UUID);", configuration)
            let argument = storage == .text ? "" : ", .\(storage.rawValue)"
            expectContains(code, #"self.id = try SQLRecordCoding.uuid(statement, offset, "device.id"\#(argument))"#)
            expectContains(code, "try SQLRecordCoding.bind(id, statement, index, .\(storage.rawValue))")
            expectContains(code, "try SQLRecordCoding.bind(self.owner, statement, 2, .\(storage.rawValue))")
            expectContains(
                code,
                "public var owner: SQLColumn<Device, UUID?> { SQLColumn(1\(storage == .text ? "" : ", uuids: .\(storage.rawValue)")) }"
            )
        }
    }

    /// `BOOLEAN DEFAULT 'FALSE'` is carried into the initializer for text booleans; a
    /// default the storage would not read back (a number for text booleans, text for
    /// integer ones) is not.
    @Test func booleanDefaultsAreCarriedWhenTheStorageReadsThemBack() throws {
        let sql = """
            CREATE TABLE n (id INTEGER PRIMARY KEY, a BOOLEAN NOT NULL DEFAULT 'FALSE', b BOOLEAN DEFAULT 'TRUE', c BOOLEAN NOT NULL DEFAULT 0,
                            d BOOLEAN NOT NULL DEFAULT 'maybe');
            """
        var text = GeneratorConfiguration()
        text.types.booleans = .text(true: "TRUE", false: "FALSE")
        expectContains(
            try generate(sql, text),
            "public init(id: Int = Int.min, a: Bool = false, b: Bool? = true, c: Bool, d: Bool) {")
        expectContains(
            try generate(sql, GeneratorConfiguration()),
            "public init(id: Int = Int.min, a: Bool, b: Bool? = nil, c: Bool = false, d: Bool) {")
    }

    /// A view's column reads as the table column it shows, unless slate.json names the view.
    @Test func aViewsColumnFollowsItsTableColumn() throws {
        let code = try generate(
            """
            CREATE TABLE device (guid BLOB PRIMARY KEY NOT NULL, seen);
            CREATE VIEW shown AS SELECT guid, seen FROM device;
            CREATE VIEW renamed AS SELECT guid AS g, seen AS s FROM device;
            """,
            try parse(
                """
                { "types": {
                    "columns": { "renamed.s": "String" },
                    "rules": [ { "table": "device", "column": "guid", "uuids": "guidBlob" }, { "table": "device", "column": "seen", "type": "Double" } ] } }
                """))
        expectContains(code, #"self.guid = try SQLRecordCoding.uuid(statement, offset, "shown.guid", .guidBlob)"#)
        expectContains(code, #"self.seen = try SQLRecordCoding.doubleOrNil(statement, offset + 1, "shown.seen")"#)
        expectContains(code, #"self.g = try SQLRecordCoding.uuid(statement, offset, "renamed.g", .guidBlob)"#)
        expectContains(code, #"self.s = try SQLRecordCoding.textOrNil(statement, offset + 1, "renamed.s")"#)
    }
}
