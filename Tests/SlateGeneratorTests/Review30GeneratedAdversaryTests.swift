import Foundation
import SlateSchema
import SlateTestSupport
import Testing

@testable import SlateGenerator

/// The adversarial review of issue 30 §4: names the identifier probe does not try. Raw
/// functions of tables whose type names snake-case alike, a query argument named `self`,
/// names slate.json gives that generated code cannot use, and Mermaid's lexer, which reads
/// more words, keys and lines as its own than the first escaping knew.
@Suite struct Review30GeneratedAdversaryTests {
    static func generate(
        _ script: String, queries: String? = nil, _ configure: (inout GeneratorConfiguration) -> Void = { _ in }
    ) throws -> String {
        let directory = TemporaryDirectory()
        let path = directory.path("shop.sql")
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        var inputs = [path]
        if let queries {
            let queryPath = directory.path("shop-queries.sql")
            try queries.write(toFile: queryPath, atomically: true, encoding: .utf8)
            inputs.append(queryPath)
        }
        var configuration = GeneratorConfiguration()
        configure(&configuration)
        return try SlateGenerator.generate(inputs: inputs, configuration: configuration).contents
    }

    // MARK: Generated code that compiles

    static let collidingScript = """
        CREATE TABLE url_item (id INTEGER PRIMARY KEY, a TEXT);
        CREATE TABLE URLItem (id INTEGER PRIMARY KEY, a TEXT);
        CREATE VIEW url_items AS SELECT * FROM url_item;
        CREATE TABLE item (id INTEGER PRIMARY KEY, "self" TEXT, a TEXT);
        """

    static let collidingQueries = """
        -- name: itemsBySelf :many
        SELECT * FROM item WHERE "self" = :self OR a = :value;

        """

    /// `url_item` and `URLItem` are the types `UrlItem` and `URLItem`, whose raw functions
    /// were both `sqlite3_url_item_find` (ambiguous, then not compiling); a query argument
    /// `:self` hid `self` in the body (`self.withReadContext` on a String). Both modes and
    /// nested types, compiled and run.
    @Test func rawNamesAreUniqueAndAnArgumentNamedSelfKeepsSelf() throws {
        let raw = try Self.generate(Self.collidingScript, queries: Self.collidingQueries) { $0.emit.api = false }
        #expect(raw.contains("func sqlite3_url_item_find(_ db: OpaquePointer, _ id: Int) throws -> UrlItem?"))
        #expect(raw.contains("func sqlite3_url_item_2_find(_ db: OpaquePointer, _ id: Int) throws -> URLItem?"))
        let api = try Self.generate(Self.collidingScript, queries: Self.collidingQueries) {
            $0.naming.nestRecordTypes = true
        }
        #expect(api.contains("self selfArgument: String"))

        let directory = TemporaryDirectory()
        var commands: [String] = []
        for (name, code, main) in [
            (
                "raw", raw,
                """
                import SlateCSQLite
                let db = try sqlite3_create_shop(CommandLine.arguments[1])
                var a = UrlItem(a: "a")
                var b = URLItem(a: "b")
                try sqlite3_url_item_insert(db, &a)
                try sqlite3_url_item_2_insert(db, &b)
                var item = Item(selfColumn: "s", a: "t")
                try sqlite3_item_insert(db, &item)
                print(try sqlite3_url_item_find(db, a.id)!.a!, try sqlite3_url_item_2_find(db, b.id)!.a!, try sqlite3_url_items3_fetch(db).count)
                print(try sqlite3_items_by_self(db, self: "s", value: "z").count)
                sqlite3_close_v2(db)

                """
            ),
            (
                "api", api,
                """
                import SlateRecords
                let db = try Shop.inMemory()
                let a = try db.insert(Shop.UrlItem(a: "a"))
                let b = try db.insert(Shop.URLItem(a: "b"))
                _ = try db.insert(Shop.Item(selfColumn: "s", a: "t"))
                print(try db.urlItems.find(a.id)!.a!, try db.urlItems2.find(b.id)!.a!, try db.urlItems3.fetch().count)
                print(try db.itemsBySelf(self: "s", value: "z").count)

                """
            ),
        ] {
            try FileManager.default.createDirectory(
                atPath: directory.path("main-\(name)"), withIntermediateDirectories: true)
            try code.write(toFile: directory.path("Shop-\(name).swift"), atomically: true, encoding: .utf8)
            try main.write(toFile: directory.path("main-\(name)/main.swift"), atomically: true, encoding: .utf8)
            commands.append(
                try Review30GeneratedNameTests.compileCommand(
                    [directory.path("Shop-\(name).swift"), directory.path("main-\(name)/main.swift")],
                    output: directory.path("shop-\(name)"), log: directory.path("\(name).log")))
        }
        let compiled = try Executables.runTogether(URL(fileURLWithPath: "/bin/sh"), commands.map { ["-c", $0] })
        for (index, name) in ["raw", "api"].enumerated() {
            let log = (try? String(contentsOfFile: directory.path("\(name).log"), encoding: .utf8)) ?? ""
            let problems = log.split(separator: "\n").filter { $0.contains("error:") || $0.contains("warning:") }
            #expect(
                compiled[index].status == 0 && problems.isEmpty,
                "\(name): \(problems.prefix(10).joined(separator: "\n"))")
            guard compiled[index].status == 0 else { continue }
            let run = try Executables.run(
                URL(fileURLWithPath: directory.path("shop-\(name)")), [directory.path("shop-\(name).sqlite")])
            #expect(run.status == 0, "\(name): \(run.errors)")
            #expect(run.output == "a b 1\n1\n", "\(name)")
        }
    }

    // MARK: Names slate.json gives

    static let namingScript = """
        CREATE TABLE item (id INTEGER PRIMARY KEY, a TEXT, b TEXT);
        CREATE TABLE other (x INTEGER, y INTEGER, z TEXT, PRIMARY KEY (x, y));
        CREATE TABLE thing (id INTEGER PRIMARY KEY);
        CREATE VIEW glimpse AS SELECT a, b FROM item;
        """

    /// A type, accessor or property name slate.json gives that generated code cannot use
    /// is refused, naming the table (or column) and why; each compiled before as a type
    /// named `Int`, the database's own type twice, `db.pool` hidden by the pool, or two
    /// properties of one name.
    @Test(arguments: [
        (
            "recordTypeNames", "item", "Int",
            "'Int', which names a type generated code uses, which the record type would hide"
        ),
        (
            "recordTypeNames", "item", "SQLiteItem",
            "'SQLiteItem', which names a type generated code uses, which the record type would hide"
        ),
        ("recordTypeNames", "item", "Shop", "'Shop', which is the database type's"),
        ("recordTypeNames", "item", "Item Thing", "'Item Thing', which is not a Swift identifier"),
        ("recordTypeNames", "thing", "Other", "'Other', which is given to other too"),
        ("tableAccessorNames", "item", "pool", "'pool', which the database or its transactions have already"),
        ("tableAccessorNames", "item", "context", "'context', which the database or its transactions have already"),
        ("tableAccessorNames", "item", "1st", "'1st', which is not a Swift identifier"),
        ("tableAccessorNames", "thing", "others", "'others', which is given to other too"),
        ("propertyNames", "item.b", "a2", "'a2', which item.a has"),
        ("propertyNames", "other.z", "id", "'id', which the compound key has"),
        ("propertyNames", "glimpse.b", "a2", "'a2', which glimpse.a has"),
    ])
    func aConfiguredNameGeneratedCodeCannotUseIsRefused(
        _ setting: String, _ key: String, _ name: String, _ message: String
    ) throws {
        let error = #expect(throws: GenerationFailure.self) {
            try Self.generate(Self.namingScript) { configuration in
                switch setting {
                case "recordTypeNames":
                    configuration.naming.recordTypeNames = [key: name, "other": "Other"]
                case "tableAccessorNames":
                    configuration.naming.tableAccessorNames = [key: name, "other": "others"]
                default:
                    configuration.naming.propertyNames = [key: name, "item.a": "a2", "glimpse.a": "a2"]
                }
            }
        }
        let what =
            setting == "recordTypeNames"
            ? "the type name" : setting == "tableAccessorNames" ? "the accessor" : "the name"
        #expect(
            error?.diagnostics == [
                .error("\"naming.\(setting)\" gives \(key) \(what) \(message); choose another", file: "slate.json")
            ])
    }

    /// A name slate.json gives a later table, or a later column, is kept from the names made
    /// before it: the made one moves (`Item2`, `item2`, `b2`); before, both were `Item`.
    @Test func aConfiguredNameIsTakenBeforeAnyIsMade() throws {
        let code = try Self.generate(Self.namingScript) { configuration in
            configuration.naming.recordTypeNames = ["thing": "Item"]
            configuration.naming.tableAccessorNames = ["thing": "items"]
            configuration.naming.propertyNames = ["item.a": "b"]
        }
        #expect(code.contains("item (id INTEGER PRIMARY KEY, a TEXT, b TEXT)\n/// ```\npublic struct Item2: "))
        #expect(code.contains("thing (id INTEGER PRIMARY KEY)\n/// ```\npublic struct Item: "))
        #expect(code.contains("public var item2: SQLTable<Item2, Self>"))
        #expect(code.contains("public var items: SQLTable<Item, Self>"))
        #expect(code.contains("public var b: String?\n"))
        #expect(code.contains("public var b2: String?\n"))
    }

    /// A table named `context` (accessors not pluralized) was `tx.context`, which is the
    /// transaction's own SQLContext.
    @Test func aTableAccessorDoesNotMeetTheTransactionsContext() throws {
        let code = try Self.generate("CREATE TABLE context (id INTEGER PRIMARY KEY);") {
            $0.naming.pluralizeTableAccessors = false
        }
        #expect(code.contains("public var contextTable: SQLTable<Context, Self>"))
    }

    // MARK: Mermaid

    static func mermaid(_ script: String) throws -> String {
        SchemaDiagram.render(try SchemaReader.read(scripts: [SQLScript(path: "m.sql", text: script)]), format: .mermaid)
    }

    /// Mermaid reads any line holding `direction TB` (or `BT`, `LR`, `RL`) as a direction
    /// statement, quotes or not: the entity (and its `{`) or the edge was lost. The space
    /// after `direction` is written as a code.
    @Test func aNameHoldingADirectionStatementStaysText() throws {
        let text = try Self.mermaid(
            """
            CREATE TABLE "Direction  LR" (id INTEGER PRIMARY KEY);
            CREATE TABLE t (id INTEGER PRIMARY KEY, "direction\u{A0}tb" INTEGER REFERENCES "Direction  LR"(id));
            """)
        #expect(text.contains("    Direction__LR[\"Direction#32; LR\"] {\n"))
        #expect(text.contains("    Direction__LR |o--o{ t : \"direction#160;tb → id\"\n"))
        #expect(!text.lowercased().contains("direction lr") && !text.lowercased().contains("direction\u{A0}tb"))
    }

    /// Mermaid's lexer takes `subgraph`, and any keyword followed by a character its `\b`
    /// counts as a boundary (`-`, a non-ASCII letter), before an entity name: `class-x`
    /// was `class` and `-x`, `u-boat` a `u` cardinality.
    @Test(arguments: [
        ("subgraph", "subgraph_2[\"subgraph\"]"),
        ("class-x", "class_x[\"class-x\"]"),
        ("end-user", "end_user[\"end-user\"]"),
        ("to-do", "to_do[\"to-do\"]"),
        ("u-boat", "u_boat[\"u-boat\"]"),
        ("toñ", "_toñ[\"toñ\"]"),
        ("Styleé", "_Styleé[\"Styleé\"]"),
        ("one", "one_2[\"one\"]"),
        ("tobacco", "tobacco"),
    ])
    func anEntityIDIsNotReadAsAKeyword(_ table: String, _ declaration: String) throws {
        let text = try Self.mermaid("CREATE TABLE \"\(table)\" (id INTEGER PRIMARY KEY);")
        #expect(text == "erDiagram\n    \(declaration) {\n        INTEGER id PK\n    }\n")
    }

    /// In an entity's block Mermaid reads `PK`, `FK` and `UK` wherever a word starts with
    /// one (a column named `pk` was a parse error), and no attribute word holds a letter
    /// below U+00C0 (`µs`).
    @Test(arguments: [
        ("pk", "INTEGER _pk \"pk\""),
        ("FK", "INTEGER _FK \"FK\""),
        ("uk(1)", "INTEGER _uk(1) \"uk(1)\""),
        ("µs", "INTEGER _s \"µs\""),
        ("ªb", "INTEGER _b \"ªb\""),
        ("pkg", "INTEGER pkg"),
        ("pk_id", "INTEGER pk_id"),
    ])
    func anAttributeWordIsNotReadAsAKey(_ column: String, _ line: String) throws {
        let text = try Self.mermaid("CREATE TABLE t (id INTEGER PRIMARY KEY, \"\(column)\" INTEGER);")
        #expect(text.contains("\n        \(line)\n"), "\(text)")
    }

    /// Mermaid drops the last `;` of a line holding `style`, a colon, then `#`: the code
    /// after it showed as its digits. Colons are codes too.
    @Test func aColonIsACode() throws {
        let text = try Self.mermaid("CREATE TABLE \"style:\"\"x\"\"\" (id INTEGER PRIMARY KEY);")
        #expect(text.contains("    style__x_[\"style#58;#34;x#34;\"] {\n"))
    }
}
