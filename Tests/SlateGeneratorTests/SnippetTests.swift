import Foundation
import SlateAnalysis
import SlateSchema
import SlateTestSupport
import Testing

@testable import SlateGenerator

/// Small schemas in, the exact Swift fragments expected out.
@Suite struct SnippetTests {
    private func generate(
        _ sql: String, _ configuration: GeneratorConfiguration = GeneratorConfiguration()
    ) throws -> String {
        let schema = try SchemaReader.read(scripts: [SQLScript(path: "test.sql", text: sql)])
        return try SlateGenerator.generate(schema: schema, inputs: ["test.sql"], configuration: configuration).contents
    }

    private func expectContains(_ text: String, _ fragment: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(text.contains(fragment), "missing:\n\(fragment)", sourceLocation: sourceLocation)
    }

    @Test func recordStructForAContactsTable() throws {
        let code = try generate(
            "CREATE TABLE person (person_id INTEGER PRIMARY KEY, name TEXT NOT NULL, title TEXT);", .withHandleFunctions
        )
        expectContains(
            code,
            """
            public struct Person: Identifiable, Hashable, Codable, Sendable {
                /// `person_id`: INTEGER PRIMARY KEY (the rowid).
                ///
                /// `Int.min` until the record is inserted: SQLite then assigns the rowid.
                public var personId: Int
                /// `name`: TEXT NOT NULL.
                public var name: String
                /// `title`: TEXT.
                public var title: String?

                /// The primary key, `person_id`.
                public var id: Int { self.personId }

                /// Creates a record.
                ///
                /// Leave the rowid key out to let SQLite assign it on insert.
                public init(personId: Int = Int.min, name: String, title: String? = nil) {
            """)
        expectContains(
            code,
            "extension TestDatabase.Tables {\n    /// The rows of the `person` table, as ``Person`` records.\n    public var people: SQLTable<Person, Self> { SQLTable(self) }\n}"
        )
        expectContains(
            code, "public func sqlite3_person_find(_ db: OpaquePointer, _ personId: Int) throws -> Person? {")
        expectContains(code, "public func sqlite3_people_fetch(")
        // A walk, one row at a time; the type-attached walk comes from SlateRecords with
        // the typed queries, and is generated in raw mode only.
        expectContains(
            code, "public func sqlite3_people_forEach(_ db: OpaquePointer, _ body: (Person) throws -> Void) throws {")
        #expect(!code.contains("public static func forEach("))
        var raw = GeneratorConfiguration()
        raw.emit.api = false
        expectContains(
            try generate("CREATE TABLE person (person_id INTEGER PRIMARY KEY, name TEXT NOT NULL, title TEXT);", raw),
            "public static func forEach(in db: OpaquePointer, _ body: (Person) throws -> Void) throws {")
    }

    @Test func namingOfTablesAccessorsAndColumns() throws {
        let code = try generate(
            """
            CREATE TABLE Products (ProductID INTEGER PRIMARY KEY, LastName TEXT, "unit price" REAL);
            CREATE TABLE [Order Details] (OrderID INTEGER, ProductID INTEGER, PRIMARY KEY (OrderID, ProductID));
            CREATE TABLE order_item (id INTEGER PRIMARY KEY);
            CREATE TABLE categories (id INTEGER PRIMARY KEY);
            CREATE TABLE address (id INTEGER PRIMARY KEY);
            """, .withHandleFunctions)
        expectContains(code, "public struct Product: Identifiable")
        expectContains(code, "public var productID: Int")
        expectContains(code, "public var lastName: String?")
        expectContains(code, "public var unitPrice: Double?")
        expectContains(code, "public struct OrderDetail: Identifiable")
        expectContains(code, "public var orderDetails: SQLTable<OrderDetail, Self>")
        expectContains(code, "public var orderItems: SQLTable<OrderItem, Self>")
        expectContains(code, "public var categories: SQLTable<Category, Self>")
        expectContains(code, "public var addresses: SQLTable<Address, Self>")
        expectContains(code, "public var products: SQLTable<Product, Self>")
        // Key columns without NOT NULL in a rowid table can hold NULL: optional.
        expectContains(
            code,
            "public func sqlite3_order_detail_find(_ db: OpaquePointer, orderID: Int?, productID: Int?) throws -> OrderDetail? {"
        )
    }

    @Test func compoundKeysGetANestedIDType() throws {
        let code = try generate("CREATE TABLE pair (a TEXT NOT NULL, b INTEGER NOT NULL, v REAL, PRIMARY KEY (a, b));")
        expectContains(
            code,
            """
                /// The compound primary key of `pair`.
                public struct ID: Hashable, Codable, Sendable {
                    /// `a`
                    public var a: String
                    /// `b`
                    public var b: Int

                    /// Creates a key.
                    public init(a: String, b: Int) {
                        self.a = a
                        self.b = b
                    }
                }

                /// The primary key: `a`, `b`.
                public var id: ID { ID(a: self.a, b: self.b) }
            """)
        expectContains(
            code, ##"public static let sqlFind = #"SELECT "a", "b", "v" FROM "pair" WHERE "a" = ? AND "b" = ?"#"##)
        expectContains(
            code,
            """
                public static func bindKey(_ id: ID, to statement: OpaquePointer, at index: Int32) throws -> Int32 {
                    try SQLRecordCoding.bind(id.a, statement, index)
                    try SQLRecordCoding.bind(id.b, statement, index + 1)
                    return index + 2
                }
            """)
    }

    @Test func intPrimaryKeyIsPassedExplicitly() throws {
        let code = try generate("CREATE TABLE legacy (id INT PRIMARY KEY, v TEXT);")
        // Optional, since SQLite lets it hold NULL, and still passed: no default.
        expectContains(code, "public init(id: Int?, v: String? = nil) {")
        expectContains(code, #"public var sqlInsert: String { Self.sqlInsertAll }"#)
    }

    /// SQLite lets a key that is not the rowid hold NULL, unless the column is NOT NULL or
    /// the table is WITHOUT ROWID or STRICT: such a key is optional, and a NULL in it
    /// identifies no row (`=`, never `IS`).
    @Test func keyColumnsThatCanHoldNullAreOptional() throws {
        let code = try generate(
            """
            CREATE TABLE access_overrides (service TEXT PRIMARY KEY);
            CREATE TABLE admin (key TEXT PRIMARY KEY NOT NULL, value INTEGER NOT NULL);
            CREATE TABLE pair (a TEXT, b INTEGER NOT NULL, PRIMARY KEY (a, b));
            CREATE TABLE tight (k TEXT PRIMARY KEY, v INTEGER) WITHOUT ROWID;
            CREATE TABLE strict (k TEXT PRIMARY KEY, v INTEGER) STRICT;
            CREATE TABLE device (id UUID PRIMARY KEY, label TEXT);
            """)
        expectContains(code, "public var service: String?")
        expectContains(code, "public init(service: String?) {")
        expectContains(
            code, ##"public static let sqlFind = #"SELECT "service" FROM "access_overrides" WHERE "service" = ?"#"##)
        expectContains(
            code,
            "public static func bindKey(_ id: String?, to statement: OpaquePointer, at index: Int32) throws -> Int32 {")
        expectContains(code, "public init(key: String, value: Int) {")
        expectContains(
            code,
            """
                    /// `a`
                    public var a: String?
                    /// `b`
                    public var b: Int
            """)
        expectContains(code, "public init(k: String, v: Int? = nil) {")
        expectContains(code, "public init(id: UUID? = UUID(), label: String? = nil) {")
    }

    @Test func typeMapping() throws {
        let code = try generate(
            """
            CREATE TABLE t (
              i INTEGER NOT NULL, bi BIGINT NOT NULL, r REAL NOT NULL, f FLOAT NOT NULL, d DOUBLE PRECISION NOT NULL,
              s TEXT NOT NULL, v VARCHAR(10) NOT NULL, c CHAR(2) NOT NULL, cl CLOB NOT NULL, b BLOB NOT NULL,
              bo BOOL NOT NULL, boo BOOLEAN NOT NULL, dt DATE NOT NULL, dtt DATETIME NOT NULL, ts TIMESTAMP NOT NULL,
              u UUID NOT NULL, url URL NOT NULL, n NUMERIC NOT NULL, dec DECIMAL(10,2) NOT NULL, money MONEY NOT NULL,
              untyped NOT NULL
            );
            """)
        let types = [
            "i: Int", "bi: Int", "r: Double", "f: Double", "d: Double", "s: String", "v: String", "c: String",
            "cl: String", "b: [UInt8]", "bo: Bool", "boo: Bool", "dt: Date", "dtt: Date", "ts: Date", "u: UUID",
            "url: URL", "n: Double", "dec: Double", "money: Double", "untyped: SQLValue",
        ]
        for type in types { expectContains(code, "public var \(type)\n") }
    }

    /// Names SQLite gives NUMERIC affinity (so text and blobs would read as 0.0 through a
    /// `Double`), as other databases and applications write them.
    @Test func declaredTypesOfOtherDatabasesAreNotNumbers() throws {
        let code = try generate(
            """
            CREATE TABLE t (
              a STRING NOT NULL, b bytea NOT NULL, c BINARY(16) NOT NULL, d VARBINARY NOT NULL, e JSON NOT NULL,
              f jsonb NOT NULL, g XML NOT NULL, h TIME NOT NULL, i "TIMESTAMP WITH TIME ZONE" NOT NULL,
              j TIMESTAMPTZ NOT NULL, k UNIQUEIDENTIFIER NOT NULL, l NUMBER(10) NOT NULL, m ADDRESS NOT NULL,
              n GEOMETRY NOT NULL, o ANY NOT NULL, p "ENUM('a','b')" NOT NULL, q INET NOT NULL, r IMAGE NOT NULL,
              s POINT NOT NULL, t DATETEXT NOT NULL
            );
            """)
        let types = [
            "a: String", "b: [UInt8]", "c: [UInt8]", "d: [UInt8]", "e: String", "f: [UInt8]", "g: String",
            "h: String", "i: Date", "j: Date", "k: UUID", "l: Double", "m: SQLValue", "n: SQLValue",
            "o: SQLValue", "p: String", "q: String", "r: [UInt8]",
            // SQLite's own rules for names it does read: `INT` in POINT, `TEXT` in DATETEXT.
            "s: Int", "t: String",
        ]
        for type in types { expectContains(code, "public var \(type)\n") }
    }

    @Test func dateStorageByColumnAndByDeclaredType() throws {
        let configuration = try GeneratorConfiguration.parse(
            Data(
                #"""
                { "types": { "dates": "unixTime", "dateDeclaredTypes": { "timestamp": "secondsSince2001" },
                             "dateColumns": { "t.stamp": "unixTimeInteger", "t.seen": "text" }, "invalidDates": "nil" } }
                """#.utf8))
        let code = try generate(
            """
            CREATE TABLE t (id INTEGER PRIMARY KEY, created TIMESTAMP NOT NULL, stamp INTEGER, seen DATE, due DATE);
            CREATE VIEW v AS SELECT stamp, created FROM t;
            """, configuration)
        // Types: a column named by dateColumns is a Date whatever its declared type.
        expectContains(code, "public var stamp: Date?\n")
        // Reads: each its own storage; only optional columns read bad text as nil.
        expectContains(
            code, #"self.created = try SQLRecordCoding.date(statement, offset + 1, "t.created", .secondsSince2001)"#)
        expectContains(
            code,
            #"self.stamp = try SQLRecordCoding.dateOrNil(statement, offset + 2, "t.stamp", .unixTimeInteger, invalidAsNil: true)"#
        )
        expectContains(
            code,
            #"self.seen = try SQLRecordCoding.dateOrNil(statement, offset + 3, "t.seen", .text, invalidAsNil: true)"#)
        expectContains(
            code,
            #"self.due = try SQLRecordCoding.dateOrNil(statement, offset + 4, "t.due", .unixTime, invalidAsNil: true)"#)
        // A view's column follows its table's column.
        expectContains(
            code,
            #"self.stamp = try SQLRecordCoding.dateOrNil(statement, offset, "v.stamp", .unixTimeInteger, invalidAsNil: true)"#
        )
        expectContains(
            code,
            #"self.created = try SQLRecordCoding.dateOrNil(statement, offset + 1, "v.created", .secondsSince2001, invalidAsNil: true)"#
        )
        // Writes and comparisons the same way.
        // (`created` is a timestamp: the insert binds the record as it sets it.)
        expectContains(
            code, #"try SQLRecordCoding.bind(record.created, statement, first, .secondsSince2001, "t.created")"#)
        expectContains(code, "public var stamp: SQLColumn<T, Date?> { SQLColumn(2, dates: .unixTimeInteger) }")
        expectContains(code, "public var seen: SQLColumn<T, Date?> { SQLColumn(3) }")
    }

    @Test func configurationOverridesTypesStorageAndAccess() throws {
        var configuration = GeneratorConfiguration()
        configuration.accessLevel = .package
        configuration.types.columns["t.price"] = .int
        configuration.types.declaredTypes["MONEY"] = .string
        configuration.types.numeric = .string
        configuration.types.dates = .unixTime
        configuration.types.uuids = .blob
        configuration.naming.recordTypeNames["t"] = "Thing"
        configuration.naming.propertyNames["t.when"] = "happenedAt"
        configuration.emit.rawFunctions = false
        configuration.emit.attachedFunctions = false
        configuration.emit.documentation = false
        let code = try generate(
            "CREATE TABLE t (id INTEGER PRIMARY KEY, price REAL, cost MONEY, n NUMERIC, \"when\" DATE, u UUID);",
            configuration)
        expectContains(
            code,
            "package struct Thing: Identifiable, Hashable, Codable, Sendable {\n    package var id: Int\n    package var price: Int?\n    package var cost: String?\n    package var n: String?\n    package var happenedAt: Date?\n    package var u: UUID?"
        )
        expectContains(code, "try SQLRecordCoding.bind(self.happenedAt, statement, first + 3, .unixTime, \"t.when\")")
        expectContains(code, "try SQLRecordCoding.bind(self.u, statement, first + 4, .blob)")
        #expect(!code.contains("func sqlite3_"))
        #expect(!code.contains("///"))
        #expect(!code.contains("func find(_ id: Int, in db: OpaquePointer)"))
    }

    @Test func rawModeNeedsOnlyTheCModule() throws {
        var configuration = GeneratorConfiguration()
        configuration.emit.api = false
        let code = try generate("CREATE TABLE t (id INTEGER PRIMARY KEY, v);", configuration)
        expectContains(
            code,
            "import Foundation\n#if canImport(SlateCSQLite)\nimport SlateCSQLite\n#elseif canImport(SQLite3)\nimport SQLite3\n#endif\n"
        )
        #expect(!code.contains("SlateRecords"))
        #expect(!code.contains(": SQLKeyedRecord"))
        expectContains(code, "public enum TestDatabase {")
        expectContains(code, "public var v: TestDatabase.Value")
        expectContains(code, "fileprivate enum SQLRecordCoding {")
    }

    @Test func generatedColumnsAreReadOnlyAndLeftOutOfInsertAndUpdate() throws {
        let code = try generate(
            "CREATE TABLE t (id INTEGER PRIMARY KEY, a INTEGER NOT NULL, b INTEGER AS (a * 2) STORED);")
        expectContains(code, "public internal(set) var b: Int?")
        expectContains(
            code,
            "public init(id: Int = Int.min, a: Int) {\n        self.id = id\n        self.a = a\n        self.b = nil\n    }"
        )
        expectContains(code, ##"static let sqlInsertAssigningRowID = #"INSERT OR ABORT INTO "t" ("a") VALUES (?)"#"##)
        expectContains(code, ##"public static let sqlUpdate: String? = #"UPDATE "t" SET "a" = ? WHERE "id" = ?"#"##)
    }

    /// Tables named like Swift Testing's and XCTest's types get the `Record` suffix: a test
    /// target imports the testing module beside the app's, where a generated `Issue` would
    /// be ambiguous in every test file. The accessors keep the tables' names.
    @Test(arguments: [
        ("issue", "IssueRecord", "issues"), ("tag", "TagRecord", "tags"), ("comment", "CommentRecord", "comments"),
        ("test", "TestRecord", "tests"), ("bug", "BugRecord", "bugs"),
        ("XCTestCase", "XCTestCaseRecord", "xcTestCases"),
    ])
    func tablesNamedLikeTestingTypesAreRenamed(table: String, type: String, accessor: String) throws {
        let code = try generate("CREATE TABLE \(table) (id INTEGER PRIMARY KEY, title TEXT);")
        expectContains(code, "public struct \(type): ")
        expectContains(code, "public var \(accessor): SQLTable<\(type), Self>")
    }

    @Test func aKeyOnlyTableHasNoUpdate() throws {
        let code = try generate(
            "CREATE TABLE tag (name TEXT PRIMARY KEY NOT NULL) WITHOUT ROWID;", .withHandleFunctions)
        expectContains(code, "public static let sqlUpdate: String? = nil")
        expectContains(code, "public static let sqlSelectByRowID: String? = nil")
        expectContains(
            code,
            "returning: nil, selectByRowID: TagRecord.sqlSelectByRowID, bind: { try value.bindInsert(to: $0) }, decode: { try TagRecord(sqliteStatement: $0, offset: 0) }, readBack: { try sqlite3_tag_record_find(db, value.name) }, stored: { value.storedAfterInsert(rowID: $0) })"
        )
    }

    /// Room puts the key last, Fossil's `event` third: the insert lists the columns in table
    /// order and binds each where its statement lists it, with or without the key.
    @Test func aRowidKeyAfterOtherColumnsIsBoundWhereTheInsertListsIt() throws {
        let last = try generate(
            "CREATE TABLE h (created INTEGER, service INTEGER NOT NULL, id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL);"
        )
        expectContains(
            last,
            ##"static let sqlInsertAll = #"INSERT OR ABORT INTO "h" ("created", "service", "id") VALUES (?, ?, ?)"#"##)
        expectContains(
            last,
            ##"static let sqlInsertAssigningRowID = #"INSERT OR ABORT INTO "h" ("created", "service") VALUES (?, ?)"#"##
        )
        expectContains(
            last,
            """
                public func bindInsert(to statement: OpaquePointer) throws {
                    let assigned = self.id == Int.min
                    try SQLRecordCoding.bind(self.created, statement, 1)
                    try SQLRecordCoding.bind(self.service, statement, 2)
                    if !assigned {
                        try SQLRecordCoding.bind(self.id, statement, 3)
                    }
                }
            """)
        let middle = try generate(
            "CREATE TABLE event (type TEXT NOT NULL, mtime REAL, objid INTEGER PRIMARY KEY, tagid INTEGER, user TEXT);")
        expectContains(
            middle,
            ##"static let sqlInsertAll = #"INSERT OR ABORT INTO "event" ("type", "mtime", "objid", "tagid", "user") VALUES (?, ?, ?, ?, ?)"#"##
        )
        expectContains(
            middle,
            """
                public func bindInsert(to statement: OpaquePointer) throws {
                    let assigned = self.objid == Int.min
                    let first: Int32 = assigned ? 3 : 4
                    try SQLRecordCoding.bind(self.type, statement, 1)
                    try SQLRecordCoding.bind(self.mtime, statement, 2, "event.mtime")
                    if !assigned {
                        try SQLRecordCoding.bind(self.objid, statement, 3)
                    }
                    try SQLRecordCoding.bind(self.tagid, statement, first)
                    try SQLRecordCoding.bind(self.user, statement, first + 1)
                }
            """)
        expectContains(
            middle,
            ##"public static let sqlUpdate: String? = #"UPDATE "event" SET "type" = ?, "mtime" = ?, "tagid" = ?, "user" = ? WHERE "objid" = ?"#"##
        )
        expectContains(
            middle,
            """
                public func bindUpdate(to statement: OpaquePointer) throws {
                    try SQLRecordCoding.bind(self.type, statement, 1)
                    try SQLRecordCoding.bind(self.mtime, statement, 2, "event.mtime")
                    try SQLRecordCoding.bind(self.tagid, statement, 3)
                    try SQLRecordCoding.bind(self.user, statement, 4)
                    try SQLRecordCoding.bind(self.objid, statement, 5)
                }
            """)
    }

    /// Each statement's parameters, as the model describes them, are exactly the columns
    /// its SQL names before each `?`: for every position of a rowid key, of a compound key
    /// declared in another order, with generated columns, `WITHOUT ROWID`.
    @Test func everyStatementsParametersAreTheColumnsItsSQLNames() throws {
        let schema = try SchemaReader.read(scripts: [
            SQLScript(
                path: "test.sql",
                text: """
                    CREATE TABLE a (x TEXT, y INTEGER, id INTEGER PRIMARY KEY);
                    CREATE TABLE b (x TEXT, id INTEGER PRIMARY KEY, g INTEGER AS (length(x)), y INTEGER);
                    CREATE TABLE c (p TEXT NOT NULL, q INTEGER, r INTEGER NOT NULL, s TEXT, PRIMARY KEY (r, p));
                    CREATE TABLE d (p TEXT NOT NULL, q INTEGER NOT NULL, s TEXT, PRIMARY KEY (q, p)) WITHOUT ROWID;
                    CREATE TABLE e (p TEXT NOT NULL, q INTEGER NOT NULL, PRIMARY KEY (q, p)) WITHOUT ROWID;
                    """)
        ])
        let model = try ModelBuilder(
            schema: schema, configuration: GeneratorConfiguration(), typeName: "Test", inputs: ["test.sql"]
        ).build()
        /// The quoted column before each `?` of `sql`: `"a" = ?` and `INSERT … ("a", "b") VALUES (?, ?)`.
        func columnsBeforeMarks(_ sql: String) -> [String] {
            if let values = sql.range(of: ") VALUES (") {
                let list = sql[sql.index(after: sql.firstIndex(of: "(")!)..<values.lowerBound]
                return list.components(separatedBy: ", ")
            }
            return sql.components(separatedBy: " = ?").dropLast().map { $0.components(separatedBy: " ").last! }
        }
        for record in model.records {
            var statements = [
                record.insertStatement(assigningRowID: false), record.insertStatement(assigningRowID: true),
                record.deleteStatement,
            ]
            statements += record.updateStatement.map { [$0] } ?? []
            for statement in statements {
                #expect(
                    columnsBeforeMarks(statement.sql) == statement.parameters.map { "\"\($0.column)\"" },
                    "\(statement.sql)")
                #expect(statement.sql.filter { $0 == "?" }.count == statement.parameters.count, "\(statement.sql)")
            }
        }
        #expect(
            model.records.map { $0.updateStatement?.sql } == [
                #"UPDATE "a" SET "x" = ?, "y" = ? WHERE "id" = ?"#, #"UPDATE "b" SET "x" = ?, "y" = ? WHERE "id" = ?"#,
                #"UPDATE "c" SET "q" = ?, "s" = ? WHERE "r" = ? AND "p" = ?"#,
                #"UPDATE "d" SET "s" = ? WHERE "q" = ? AND "p" = ?"#, nil,
            ])
        #expect(
            model.records[1].insertStatement(assigningRowID: true).sql
                == #"INSERT OR ABORT INTO "b" ("x", "y") VALUES (?, ?)"#)
    }

    /// A key column without a declared type is raw mode's own dynamic value, not
    /// SlateRecords' `SQLValue`; a key column named `db` is a parameter of its own beside the
    /// handle.
    @Test func rawModeKeysNameOnlyTypesAndParametersTheFileHas() throws {
        var configuration = GeneratorConfiguration()
        configuration.emit.api = false
        let code = try generate(
            "CREATE TABLE t (name TEXT, collection PRIMARY KEY); CREATE TABLE u (x TEXT, db INTEGER PRIMARY KEY);",
            configuration)
        #expect(!code.contains("SQLValue"))
        expectContains(
            code,
            "public static func bindKey(_ id: TestDatabase.Value, to statement: OpaquePointer, at index: Int32) throws -> Int32 {"
        )
        expectContains(
            code, "public func sqlite3_t_find(_ db: OpaquePointer, _ collection: TestDatabase.Value) throws -> T? {")
        expectContains(code, "public static func find(_ dbKey: Int, in db: OpaquePointer) throws -> U? {")
        expectContains(code, "public func sqlite3_u_find(_ db: OpaquePointer, _ dbKey: Int) throws -> U? {")
        expectContains(code, "guard let sql = Self.sqlUpdate else { return try Self.find(self.db, in: db) != nil }")
    }

    @Test func typedColumnsFollowTheStorageOfDatesAndUUIDs() throws {
        var configuration = GeneratorConfiguration()
        configuration.types.dates = .unixTime
        configuration.types.uuids = .blob
        let code = try generate(
            "CREATE TABLE event (event_id INTEGER PRIMARY KEY, at DATETIME NOT NULL, ref UUID);", configuration)
        expectContains(
            code,
            """
                public struct Columns: SQLColumnSet {
                    public typealias Record = Event

                    /// The columns' SQL names, quoted, in ``Event/sqlSelect`` order.
                    public static let sqlNames: [String] = ["\\"event_id\\"", "\\"at\\"", "\\"ref\\""]
            """)
        expectContains(code, "public var at: SQLColumn<Event, Date> { SQLColumn(1, dates: .unixTime) }")
        expectContains(code, "public var ref: SQLColumn<Event, UUID?> { SQLColumn(2, uuids: .blob) }")
        expectContains(code, "public var id: SQLColumn<Event, Int> { SQLColumn(0) }")
        // Raw mode has no typed columns: it depends on the C module alone.
        configuration.emit.api = false
        #expect(
            try !generate("CREATE TABLE event (event_id INTEGER PRIMARY KEY);", configuration).contains("SQLColumn"))
    }

    @Test func aColumnNamedIdThatIsNotTheKeyKeepsTheRecordFromBeingIdentifiable() throws {
        let code = try generate("CREATE TABLE t (code TEXT PRIMARY KEY NOT NULL, id INTEGER);", .withHandleFunctions)
        expectContains(code, "public struct T: Hashable, Codable, Sendable {")
        expectContains(code, "extension T: SQLTableRecord, SQLQueryableRecord {")
        expectContains(
            code,
            "public func sqlite3_t_delete(_ db: OpaquePointer, _ record: T) throws -> Bool {\n    return try SQLRecordCoding.execute(db, T.sqlDelete, bind: { try T.bindKey(record.code, to: $0, at: 1) }) > 0"
        )
    }

    @Test func identifiersEscapeEverywhere() throws {
        let code = try generate(
            ##"CREATE TABLE "a""b\c" ("x */ y" TEXT, "new\##nline" INTEGER, "class" TEXT, "#" TEXT);"##)
        expectContains(code, #"public static let sqlName = "a\"b\\c""#)
        expectContains(
            code,
            ##"public static let sqlSelect = "SELECT \"x */ y\", \"new\nline\", \"class\", \"#\" FROM \"a\"\"b\\c\"""##)
        expectContains(code, "    /// `x */ y`: TEXT.\n    public var xY: String?")
        expectContains(code, "    /// `new\\nline`: INTEGER.\n    public var newLine: Int?")
        expectContains(code, "    public var `class`: String?")
        expectContains(code, "    /// `#`: TEXT.\n    public var _Column: String?")
    }
}

@Suite struct NamingTests {
    @Test func theDatabaseTypeIsNamedAfterTheFirstInputsStem() {
        #expect(SlateGenerator.databaseTypeName(for: ["contacts-002.sql", "contacts-001.sql"]) == "Contacts")
        #expect(SlateGenerator.databaseTypeName(for: ["Sources/X/order-items.sql"]) == "OrderItems")
        #expect(
            SlateGenerator.databaseTypeName(for: ["bookshop-002-sales.sql", "bookshop-001-catalog.sql"]) == "Bookshop")
        // `v001`-style numbers are sequence numbers too, after `-` or `_`.
        #expect(SlateGenerator.databaseTypeName(for: ["OtherDB-v002.sql", "OtherDB-v001.sql"]) == "OtherDB")
        #expect(SlateGenerator.databaseTypeName(for: ["catalog-v2.db"]) == "Catalog")
        #expect(SlateGenerator.databaseTypeName(for: ["users_v2.sql"]) == "Users")
        #expect(SlateGenerator.databaseTypeName(for: ["2024-01.sqlite"]) == "_2024")
        #expect(SlateGenerator.databaseTypeName(for: ["string.sql"]) == "StringDatabase")
        // The first input given names the database, not the first in name order...
        #expect(SlateGenerator.databaseTypeName(for: ["ContactsDB.sqlite3", "ContactsDB-AddView.sql"]) == "ContactsDB")
        #expect(SlateGenerator.databaseTypeName(for: ["shop.sql", "catalog.sql"]) == "Shop")
        // ...by the stem of its group: the shortest stem of the inputs that its own starts.
        #expect(SlateGenerator.databaseTypeName(for: ["ContactsDB-AddView.sql", "ContactsDB.sqlite3"]) == "ContactsDB")
        #expect(SlateGenerator.databaseTypeName(for: ["order-items.sql", "order.sql"]) == "Order")
        #expect(SlateGenerator.databaseTypeName(for: ["order-items.sql", "orders.sql"]) == "OrderItems")
    }

    @Test(arguments: [
        ("people", "person"), ("Products", "Product"), ("categories", "category"), ("addresses", "address"),
        ("boxes", "box"), ("matches", "match"), ("heroes", "hero"), ("status", "status"), ("news", "news"),
        ("movies", "movie"), ("analyses", "analysis"), ("Details", "Detail"), ("EMPLOYEES", "EMPLOYEE"),
        ("person", "person"),
    ])
    func singular(plural: String, singular: String) {
        #expect(Inflection.singular(plural) == singular)
    }

    @Test(arguments: [
        ("person", "people"), ("Category", "Categories"), ("address", "addresses"), ("key", "keys"), ("box", "boxes"),
        ("item", "items"), ("items", "items"), ("status", "statuses"), ("Person", "People"),
    ])
    func plural(singular: String, plural: String) {
        #expect(Inflection.plural(singular) == plural)
    }

    @Test func camelCase() {
        #expect(NameStyle.lowerCamel("person_id") == "personId")
        #expect(NameStyle.lowerCamel("LastName") == "lastName")
        #expect(NameStyle.lowerCamel("CustomerID") == "customerID")
        #expect(NameStyle.lowerCamel("ID") == "id")
        #expect(NameStyle.lowerCamel("URLString") == "urlString")
        #expect(NameStyle.lowerCamel("first name") == "firstName")
        #expect(NameStyle.lowerCamel("123abc") == "_123abc")
        #expect(NameStyle.lowerCamel("***") == "_")
        #expect(NameStyle.upperCamel("order_item") == "OrderItem")
        #expect(NameStyle.upperCamel("Order Details") == "OrderDetails")
        #expect(NameStyle.snake("OrderItem") == "order_item")
        #expect(NameStyle.words("HTTPServer2Go") == ["HTTP", "Server2", "Go"])
        #expect(NameStyle.words("booksByIDs") == ["books", "By", "IDs"])
        #expect(NameStyle.words("URLsSeen") == ["URLs", "Seen"])
        #expect(NameStyle.words("IDsort") == ["I", "Dsort"])
    }

    @Test func swiftLiterals() {
        #expect(SwiftLiteral.string("a\"b\\c\n\0\u{7}") == #""a\"b\\c\n\0\u{7}""#)
        #expect(SwiftLiteral.sql(#"SELECT "a" FROM t"#) == ##"#"SELECT "a" FROM t"#"##)
        #expect(SwiftLiteral.sql(##"x "# y"##) == ###"##"x "# y"##"###)
        #expect(SwiftLiteral.sql("a\nb") == #""a\nb""#)
        #expect(SwiftLiteral.multiline("a\n\"\"\"\nb") == ["#\"\"\"", "a", "\"\"\"", "b", "\"\"\"#"])
        #expect(SwiftLiteral.multiline("a\r\nb") == nil)
    }
}

@Suite struct ConfigurationTests {
    private func parse(_ json: String) throws -> GeneratorConfiguration {
        try GeneratorConfiguration.parse(Data(json.utf8), path: "slate.json")
    }

    @Test func everyKeyIsRead() throws {
        let configuration = try parse(
            """
            {
              "databaseTypeName": "Store", "accessLevel": "internal",
              "emit": { "api": true, "async": false, "rawFunctions": false, "attachedFunctions": false, "relationships": false, "documentation": false },
              "raw": { "prefix": "db_" },
              "naming": { "singularizeRecordTypes": false, "pluralizeTableAccessors": false, "nestRecordTypes": true,
                          "recordTypeNames": { "t": "T" }, "tableAccessorNames": { "t": "ts" }, "propertyNames": { "t.a": "b" } },
              "types": { "columns": { "t.a": "Int" }, "declaredTypes": { "MONEY": "Double" }, "numeric": "String",
                         "dates": "unixTimeInteger", "uuids": "blob" },
              "queries": { "types": { "q.total": "Double" } },
              "exclude": ["fixtures/*.sql", "legacy"],
              "doubleQuotedStrings": true
            }
            """)
        var expected = GeneratorConfiguration()
        expected.databaseTypeName = "Store"
        expected.accessLevel = .internal
        expected.emit = .init(
            api: true, async: false, rawFunctions: false, attachedFunctions: false, relationships: false,
            documentation: false)
        expected.raw.prefix = "db_"
        expected.naming = .init(
            singularizeRecordTypes: false, pluralizeTableAccessors: false, nestRecordTypes: true,
            recordTypeNames: ["t": "T"], tableAccessorNames: ["t": "ts"], propertyNames: ["t.a": "b"])
        expected.types = .init(
            columns: ["t.a": .int], declaredTypes: ["MONEY": .double], numeric: .string, dates: .unixTimeInteger,
            uuids: .blob)
        expected.queries.types = ["q.total": .double]
        expected.exclude = ["fixtures/*.sql", "legacy"]
        expected.doubleQuotedStrings = true
        #expect(configuration == expected)
    }

    @Test func errorsNameTheKey() {
        let cases: [(String, String)] = [
            (
                #"{ "nope": 1 }"#,
                #"slate.json: error: unknown key "nope"; known keys are "databaseTypeName", "accessLevel", "emit", "raw", "naming", "types", "queries", "exclude", "excludeObjects", "functions", "doubleQuotedStrings", "timestamps", "engines""#
            ),
            (#"{ "doubleQuotedStrings": "yes" }"#, #"slate.json: error: "doubleQuotedStrings" must be true or false"#),
            (#"{ "exclude": "NoSlate" }"#, #"slate.json: error: "exclude" must be an array of path patterns"#),
            (
                #"{ "emit": { "rawFunction": true } }"#,
                #"slate.json: error: unknown key "emit.rawFunction"; known keys in "emit" are "api", "async", "rawFunctions", "attachedFunctions", "relationships", "documentation""#
            ),
            (
                #"{ "accessLevel": "open" }"#,
                #"slate.json: error: "accessLevel" must be "public", "package" or "internal""#
            ),
            (
                #"{ "types": { "columns": { "t.a": "Integer" } } }"#,
                #"slate.json: error: "types.columns.t.a" must be one of "Int", "Double", "String", "Bool", "[UInt8]", "Date", "UUID", "URL", "SQLValue""#
            ),
            (#"{ "emit": { "api": "yes" } }"#, #"slate.json: error: "emit.api" must be true or false"#),
            (#"[1]"#, #"slate.json: error: "the configuration" must be an object"#),
            (
                #"{ "types": { "dates": "iso" } }"#,
                #"slate.json: error: "types.dates" must be one of "text", "textSeconds", "iso8601", "iso8601Seconds", "unixTime", "unixTimeInteger", "unixTimeMilliseconds", "secondsSince2001", "julianDay""#
            ),
            (
                #"{ "types": { "dateColumns": { "t.c": "coreData" } } }"#,
                #"slate.json: error: "types.dateColumns.t.c" must be one of "text", "textSeconds", "iso8601", "iso8601Seconds", "unixTime", "unixTimeInteger", "unixTimeMilliseconds", "secondsSince2001", "julianDay""#
            ),
            (
                #"{ "types": { "invalidDates": "zero" } }"#,
                #"slate.json: error: "types.invalidDates" must be "throw" or "nil""#
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
        #expect(throws: ConfigurationError.self) { _ = try parse("{") }
    }
}

/// `slate.json` keys that name tables and columns match them as SQLite does, ignoring
/// case, and a key that names nothing is reported instead of silently doing nothing.
@Suite struct ConfigurationNameTests {
    @Test func keysMatchIgnoringCaseAndUnknownOnesWarn() throws {
        let directory = TemporaryDirectory()
        let schema = directory.path("events.sql")
        try "CREATE TABLE ZEVENT (Z_PK INTEGER PRIMARY KEY, ZDATE TIMESTAMP, ZCOUNT INTEGER);".write(
            toFile: schema, atomically: true, encoding: .utf8)
        var configuration = GeneratorConfiguration()
        configuration.types.dateColumns = [
            "zevent.zdate": .secondsSince2001, "zevent.zcount": .unixTimeInteger, "zevent.missing": .text,
        ]
        configuration.naming.recordTypeNames = ["zevent": "Event", "nothing": "Nothing"]
        let file = try SlateGenerator.generate(inputs: [schema], configuration: configuration)
        #expect(file.contents.contains("public struct Event: Identifiable"))
        #expect(
            file.contents.contains(
                #"self.zdate = try SQLRecordCoding.dateOrNil(statement, offset + 1, "ZEVENT.ZDATE", .secondsSince2001)"#
            ))
        #expect(file.contents.contains("public var zcount: Date?"))
        #expect(
            file.diagnostics.map(\.description) == [
                #"slate.json: warning: "types.dateColumns" names "zevent.missing", which is no column of a table or view; the setting does nothing"#,
                #"slate.json: warning: "naming.recordTypeNames" names "nothing", which is no table or view; the setting does nothing"#,
            ])
    }
}
