import Foundation
import SlateCSQLite
import SlateRecords
import SlateTestSupport
import Testing

/// Issue 30, records, attacked from outside: triggers that write as an insert runs, keys
/// that are not rowid aliases, tables without rowids, views, Decimal text at its edges,
/// floats SQL wrote, walks whose writes reach the walked table through triggers, and
/// fragments whose comments would swallow Slate's own SQL.
@Suite struct Review30RecordsAdversaryTests {
    private static let ignored = "the row was not inserted: a conflict clause or a trigger ignored it"

    private func count(_ context: SQLContext, _ sql: String) throws -> Int64 {
        try context.query(sql: sql)[0][0].integerValue ?? -1
    }

    // MARK: Inserts and triggers

    struct Echo: SQLCodableRecord, Equatable {
        static let tableName = "echo"
        var id: Int?
        var name: String
    }

    /// The same table, with a key type whose rowid Slate reads back instead of setting it.
    struct Echo32: SQLCodableRecord, Equatable {
        static let tableName = "echo"
        var id: Int32?
        var name: String
    }

    @Test func anAfterInsertTriggerWritingTheSameTableLeavesTheInsertedRowsID() throws {
        let context = try SQLContext()
        try context.exec(
            sql: """
                CREATE TABLE echo (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                CREATE TRIGGER echoed AFTER INSERT ON echo WHEN NEW.name NOT LIKE 'echo %' BEGIN
                    INSERT INTO echo (name) VALUES ('echo ' || NEW.name);
                END;
                """)
        #expect(try context.insert(Echo(name: "a")) == Echo(id: 1, name: "a"))
        #expect(try context.save(Echo(name: "b")) == Echo(id: 3, name: "b"))
        #expect(try context.insert(Echo32(name: "c")) == Echo32(id: 5, name: "c"))
        #expect(try context.save(Echo32(name: "d")) == Echo32(id: 7, name: "d"))
        #expect(
            try context.fetch(Echo.self).map(\.name) == ["a", "echo a", "b", "echo b", "c", "echo c", "d", "echo d"])
    }

    struct Quiet: SQLCodableRecord, Equatable {
        static let tableName = "quiet"
        var id: Int?
        var name: String
    }

    @Test func aBeforeTriggerThatWritesElsewhereThenIgnoresTheRowStillThrows() throws {
        let context = try SQLContext()
        try context.exec(
            sql: """
                CREATE TABLE quiet (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE audit (id INTEGER PRIMARY KEY, note TEXT);
                CREATE TRIGGER hush BEFORE INSERT ON quiet WHEN NEW.name = 'spam' BEGIN
                    INSERT INTO audit (note) VALUES ('refused ' || NEW.name);
                    SELECT RAISE(IGNORE);
                END;
                """)
        _ = try context.insert(Quiet(name: "first"))
        expectSQLError(.constraint, Self.ignored) { _ = try context.insert(Quiet(name: "spam")) }
        expectSQLError(.constraint, Self.ignored) { _ = try context.save(Quiet(name: "spam")) }
        expectSQLError(.constraint, Self.ignored) { _ = try context.save(Quiet(id: 1, name: "spam")) }
        #expect(try context.fetch(Quiet.self) == [Quiet(id: 1, name: "first")])
        // The trigger's own write stays (SQLite's RAISE(IGNORE) skips the row only).
        #expect(try count(context, "SELECT count(*) FROM audit") == 3)
    }

    struct Tag: SQLCodableRecord, Equatable {
        static let tableName = "tag"
        var id: Int?
        var name: String
    }

    @Test func aRowidKeysOwnIgnoreClauseNeitherSkipsNorReturnsAnotherRow() throws {
        let context = try SQLContext()
        try context.exec(sql: "CREATE TABLE tag (id INTEGER PRIMARY KEY ON CONFLICT IGNORE, name TEXT NOT NULL)")
        _ = try context.insert(Tag(id: 5, name: "five"))
        _ = try context.insert(Tag(name: "six"))
        expectSQLError(.constraintPrimaryKey, "UNIQUE constraint failed: tag.id") {
            _ = try context.insert(Tag(id: 5, name: "again"))
        }
        #expect(try context.save(Tag(id: 5, name: "saved")) == Tag(id: 5, name: "saved"))
        #expect(try context.fetch(Tag.self) == [Tag(id: 5, name: "saved"), Tag(id: 6, name: "six")])
    }

    struct Plain: SQLCodableRecord, Equatable {
        static let tableName = "plain"
        var id: Int?
        var name: String
    }

    @Test func withoutRowIDTablesNeverReportAStaleRowID() throws {
        let context = try SQLContext()
        try context.exec(
            sql: """
                CREATE TABLE other (x); INSERT INTO other VALUES (1), (2), (3);
                CREATE TABLE plain (id INTEGER PRIMARY KEY, name TEXT NOT NULL) WITHOUT ROWID;
                """)
        #expect(context.lastInsertRowID == 3)
        #expect(try context.insert(Plain(id: 10, name: "ten")) == Plain(id: 10, name: "ten"))
        expectSQLError(.constraintPrimaryKey, "UNIQUE constraint failed: plain.id") {
            _ = try context.insert(Plain(id: 10, name: "x"))
        }
        // Saving a row as it is changes nothing, and is no error.
        #expect(try context.save(Plain(id: 10, name: "ten")) == Plain(id: 10, name: "ten"))
        // A nil key in a table without rowid: NOT NULL, never the rowid of another table.
        #expect(throws: SQLError.self) { _ = try context.insert(Plain(name: "no key")) }
        #expect(throws: SQLError.self) { _ = try context.save(Plain(name: "no key")) }
        #expect(try context.fetch(Plain.self) == [Plain(id: 10, name: "ten")])
    }

    struct Loose: SQLCodableRecord, Equatable {
        static let tableName = "loose"
        var id: Int?
        var name: String
    }

    /// `INT PRIMARY KEY` and `INTEGER PRIMARY KEY DESC` are not rowid aliases: a NULL key
    /// is stored as NULL, and the record returned must say so, not carry the rowid.
    @Test func aNilKeyThatIsNotARowIDAliasIsReturnedAsStored() throws {
        for declaration in ["id INT PRIMARY KEY", "id INTEGER PRIMARY KEY DESC", "id BIGINT PRIMARY KEY"] {
            let context = try SQLContext()
            try context.exec(sql: "CREATE TABLE loose (\(declaration), name TEXT NOT NULL)")
            let inserted = try context.insert(Loose(name: "a"))
            let stored = try context.query(sql: "SELECT id FROM loose")[0][0]
            #expect(stored == .null, "\(declaration)")
            #expect(inserted == Loose(id: nil, name: "a"), "\(declaration)")
            let saved = try context.save(Loose(name: "b"))
            #expect(saved == Loose(id: nil, name: "b"), "\(declaration)")
            #expect(
                try context.fetch(Loose.self) == [Loose(id: nil, name: "a"), Loose(id: nil, name: "b")],
                "\(declaration)")
        }
    }

    struct Shown: SQLCodableRecord, Equatable {
        static let tableName = "shown"
        var id: Int?
        var name: String
    }

    @Test func aViewTakesInsertsThroughItsTriggerAndRefusesSaveWithSQLitesReason() throws {
        let context = try SQLContext()
        try context.exec(
            sql: """
                CREATE TABLE base (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                CREATE VIEW shown AS SELECT id, name FROM base;
                CREATE TRIGGER shown_insert INSTEAD OF INSERT ON shown BEGIN
                    INSERT INTO base (id, name) VALUES (NEW.id, NEW.name);
                END;
                """)
        #expect(try context.insert(Shown(id: 4, name: "four")) == Shown(id: 4, name: "four"))
        let error = #expect(throws: SQLError.self) { _ = try context.save(Shown(id: 4, name: "again")) }
        #expect(error?.message.contains("view") == true, "\(String(describing: error))")
        #expect(try context.fetch(Shown.self) == [Shown(id: 4, name: "four")])
    }

    struct Checked: SQLCodableRecord, Equatable {
        static let tableName = "checked"
        var id: Int32?
        var name: String
    }

    @Test func aRowReadBackThatDoesNotDecodeThrowsNeverReturnsWhatWasBound() throws {
        let context = try SQLContext()
        try context.exec(
            sql: """
                CREATE TABLE checked (id INTEGER PRIMARY KEY, name TEXT);
                CREATE TRIGGER blank AFTER INSERT ON checked WHEN NEW.name = 'blank' BEGIN
                    UPDATE checked SET name = NULL WHERE id = NEW.id;
                END;
                """)
        #expect(try context.insert(Checked(name: "fine")) == Checked(id: 1, name: "fine"))
        let error = #expect(throws: SQLError.self) { _ = try context.insert(Checked(name: "blank")) }
        #expect(error?.message.contains("column \"name\" of table \"checked\"") == true, "\(String(describing: error))")
    }

    // MARK: Decimal

    struct Price: SQLCodableRecord, Equatable {
        static let tableName = "price"
        var id: Int?
        var amount: Decimal
        var discount: Decimal?
    }

    @Test func decimalTextAtItsEdges() throws {
        let context = try SQLContext()
        try context.exec(sql: "CREATE TABLE price (id INTEGER PRIMARY KEY, amount TEXT NOT NULL, discount TEXT)")
        // Written by Slate: every one reads back equal.
        let values: [Decimal] = [
            Decimal(string: "0.10")!, Decimal(string: "-0")!, Decimal(string: "1e5")!, .greatestFiniteMagnitude,
            .leastFiniteMagnitude, .leastNonzeroMagnitude, Decimal(Int64.max), Decimal(Int64.min), Decimal(UInt64.max),
            Decimal(sign: .minus, exponent: -100, significand: 7), Decimal(sign: .plus, exponent: 100, significand: 7),
        ]
        for value in values {
            let saved = try context.insert(Price(amount: value, discount: value))
            #expect(
                try context.load(Price.self, key: saved.id!) == Price(id: saved.id, amount: value, discount: value),
                "\(value)")
        }
        #expect(try context.query(sql: "SELECT amount FROM price WHERE id = 1")[0][0] == .text("0.1"))
        // Written by others: text that spells a value a Decimal cannot hold is refused,
        // never read as NaN, infinity, 0 or a rounded value.
        try context.exec(sql: "DELETE FROM price")
        let refused = [
            "1e1000", "1e-1000", "-1e999", "1e200", "1e-200", "NaN", "Infinity", "inf", " 1", "1 ", "0x10", "1e", "1e+",
            "--1", "1..2", ".",
        ]
        for (index, text) in refused.enumerated() {
            try context.exec(
                sql: "INSERT INTO price VALUES (?, ?, NULL)", parameters: [.integer(Int64(index)), .text(text)])
            let error = #expect(throws: SQLError.self, "\(text)") { _ = try context.load(Price.self, key: index) }
            #expect(error?.code == .mismatch, "\(text)")
        }
        try context.exec(sql: "DELETE FROM price")
        let read: [(String, Decimal)] = [
            ("1e5", 100_000), ("-0", 0), ("+3", 3), (".5", Decimal(string: "0.5")!), ("5.", 5),
            ("0.10", Decimal(string: "0.1")!),
            ("1E-3", Decimal(string: "0.001")!), ("00012", 12),
            ("1e100", Decimal(sign: .plus, exponent: 100, significand: 1)),
        ]
        for (index, (text, value)) in read.enumerated() {
            try context.exec(
                sql: "INSERT INTO price VALUES (?, ?, NULL)", parameters: [.integer(Int64(index)), .text(text)])
            #expect(try context.load(Price.self, key: index)?.amount == value, "\(text)")
        }
    }

    @Test func aDecimalInAStrictAnyColumnKeepsItsText() throws {
        let context = try SQLContext()
        try context.exec(sql: "CREATE TABLE price (id INTEGER PRIMARY KEY, amount ANY NOT NULL, discount TEXT) STRICT")
        let saved = try context.insert(Price(amount: Decimal(string: "0.10")!, discount: nil))
        #expect(try context.query(sql: "SELECT typeof(amount) FROM price")[0][0] == .text("text"))
        #expect(try context.load(Price.self, key: saved.id!)?.amount == Decimal(string: "0.1"))
        // Outside a STRICT table, ANY has NUMERIC affinity: refused.
        let loose = try SQLContext()
        try loose.exec(sql: "CREATE TABLE price (id INTEGER PRIMARY KEY, amount ANY NOT NULL, discount TEXT)")
        #expect(throws: SQLError.self) { _ = try loose.insert(Price(amount: 1, discount: nil)) }
    }

    // MARK: Floats SQL wrote

    struct Reading: SQLCodableRecord, Equatable {
        static let tableName = "reading"
        var id: Int
        var value: Float
    }

    @Test func aFloatReadsTheDecimalsSQLWroteButNeverAValueItWouldChange() throws {
        let context = try SQLContext()
        try context.exec(sql: "CREATE TABLE reading (id INTEGER PRIMARY KEY, value REAL NOT NULL)")
        // Literals a person or another program wrote: the nearest Float spells the same.
        try context.exec(
            sql: "INSERT INTO reading VALUES (1, 0.1), (2, 3.14159), (3, -2.5e-3), (4, 1e30), (5, 16777216), (6, 0.3)")
        #expect(try context.fetch(Reading.self).map(\.value) == [0.1, 3.14159, -2.5e-3, 1e30, 16_777_216, 0.3])
        // Values a Float would change: more digits than it holds, out of its range, an
        // integer it rounds.
        try context.exec(sql: "DELETE FROM reading")
        try context.exec(
            sql:
                "INSERT INTO reading VALUES (1, 1.0 / 3), (2, 1e300), (3, 16777217), (4, 0.1 + 1e-12), (5, 1e-50), (6, 3.4028236e38)"
        )
        for key in 1...6 {
            let error = #expect(throws: SQLError.self) { _ = try context.load(Reading.self, key: key) }
            #expect(error?.message.contains("column \"value\" of table \"reading\"") == true)
        }
        // What Slate writes reads back, whatever the Float.
        try context.exec(sql: "DELETE FROM reading")
        let floats: [Float] = [
            0.1, 1.0 / 3, .pi, .greatestFiniteMagnitude, .leastNonzeroMagnitude, -.leastNormalMagnitude, .infinity,
            -0.0, 16_777_216,
        ]
        for (index, value) in floats.enumerated() { _ = try context.insert(Reading(id: index, value: value)) }
        #expect(try context.fetch(Reading.self).map(\.value) == floats)
    }

    // MARK: Walks

    struct Node: SQLCodableRecord, Equatable {
        static let tableName = "node"
        var id: Int?
        var name: String
    }

    struct Edge: SQLCodableRecord, Equatable {
        static let tableName = "edge"
        var id: Int?
        var name: String
    }

    private func walkContext() throws -> SQLContext {
        let context = try SQLContext()
        try context.exec(
            sql: """
                CREATE TABLE node (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE edge (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE side (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                CREATE TRIGGER edge_to_node AFTER INSERT ON edge WHEN NEW.name = 'grow' BEGIN
                    INSERT INTO node (name) VALUES ('grown');
                END;
                CREATE VIEW named AS SELECT name FROM node;
                """)
        for index in 1...50 { _ = try context.insert(Node(name: "n\(index)")) }
        return context
    }

    @Test func aWriteThatReachesTheWalkedTableThroughATriggerIsRefused() throws {
        let context = try walkContext()
        // Prepared and cached before the walk, and prepared during it.
        _ = try context.insert(Edge(name: "before"))
        var visited = 0
        try context.forEach(Node.self) { node in
            visited += 1
            #expect(throws: SQLError.self) { _ = try context.insert(Edge(name: "grow")) }
            #expect(throws: SQLError.self) { try context.exec(sql: "INSERT INTO edge (name) VALUES ('grow')") }
            // Another table, no trigger reaching the walked one: allowed.
            if node.id == 1 { try context.exec(sql: "INSERT INTO side (name) VALUES ('fine')") }
        }
        #expect(visited == 50)
        #expect(try count(context, "SELECT count(*) FROM node") == 50)
        #expect(try count(context, "SELECT count(*) FROM edge") == 1)
        #expect(try count(context, "SELECT count(*) FROM side") == 1)
        // After the walk, the trigger's write goes through.
        _ = try context.insert(Edge(name: "grow"))
        #expect(try count(context, "SELECT count(*) FROM node") == 51)
    }

    @Test func nestedWalksReadAndAThrowingWalkLetsGoOfItsTables() throws {
        let context = try walkContext()
        var pairs = 0
        try context.forEach(Node.self, where: { $0.id <= 3 }) { _ in
            try context.forEach(Node.self, where: { $0.id <= 3 }) { _ in pairs += 1 }
            _ = try context.fetch(Node.self, where: { $0.id == 1 })
            try context.exec(sql: "INSERT INTO side (name) VALUES ('from the walk')")
        }
        #expect(pairs == 9)
        try context.exec(sql: "INSERT INTO edge (name) VALUES ('one')")
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try context.forEach(Node.self) { _ in throw Stop() }
        }
        #expect(throws: SQLError.self) {
            try context.forEach(Node.self) { _ in
                // The inner walk ends by its write's error; the outer still guards.
                try context.forEach(Edge.self) { _ in _ = try context.insert(Node(name: "x")) }
                Issue.record("the edge table has a row: the inner walk's closure ran and threw")
            }
        }
        _ = try context.insert(Node(name: "after"))
        try context.exec(sql: "UPDATE node SET name = 'renamed' WHERE id = 1")
        #expect(try count(context, "SELECT count(*) FROM node") == 51)
    }

    @Test func aWalkOfAViewRefusesWritesToItsTable() throws {
        let context = try walkContext()
        var seen = 0
        try context.query(sql: "SELECT 1").forEach { _ in }
        try context.forEach(Named.self) { _, stop in
            seen += 1
            stop = seen == 3
            #expect(throws: SQLError.self) { try context.exec(sql: "DELETE FROM node WHERE id = 1") }
        }
        #expect(seen == 3)
    }

    struct Named: SQLCodableRecord, Equatable {
        static let tableName = "named"
        static let primaryKey = "name"
        var name: String
    }

    @Test func aPoolWalkDoesNotStopTheWriterFromWritingItsTable() async throws {
        let directory = TemporaryDirectory()
        let pool = try SQLPool(path: directory.path("walk.sqlite"))
        try await pool.write { context in
            try context.exec(sql: "CREATE TABLE node (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
            for index in 1...100 { _ = try context.insert(Node(name: "n\(index)")) }
        }
        let walked = try await pool.read { context in
            var walked = 0
            try context.forEach(Node.self) { _ in
                walked += 1
                if walked == 10 {
                    // The writer is another connection: the walk reads its snapshot.
                    let semaphore = DispatchSemaphore(value: 0)
                    DispatchQueue.global().async {
                        _ = try? pool.write { try $0.insert(Node(name: "while walking")) }
                        semaphore.signal()
                    }
                    semaphore.wait()
                }
            }
            return walked
        }
        #expect(walked == 100)
        #expect(try await pool.read { try $0.fetchCount(Node.self) } == 101)
    }

    // MARK: Fragments

    struct Doc: SQLCodableRecord, Equatable {
        static let tableName = "doc"
        var id: Int?
        var name: String
        var data: String
    }

    @Test func markersInsideStringsAndCommentsAreText() throws {
        let context = try SQLContext()
        try context.exec(sql: "CREATE TABLE doc (id INTEGER PRIMARY KEY, name TEXT NOT NULL, data TEXT NOT NULL)")
        _ = try context.insert(Doc(name: "?", data: #"{"a": 1, "$0": 2}"#))
        _ = try context.insert(Doc(name: "b", data: #"{"a": 2}"#))
        #expect(try context.fetch(Doc.self, where: { _ in "name = '?'" }).map(\.id) == [1])
        #expect(try context.fetch(Doc.self, where: { $0.id > 0 && "json_extract(data, '$.a') = 2" }).map(\.id) == [2])
        #expect(
            try context.fetch(Doc.self, where: { $0.id > 0 && "json_extract(data, '$.\"$0\"') = 2" }).map(\.id) == [1])
        #expect(try context.fetch(Doc.self, where: { $0.id > 0 && "id /* ? :a $b */ = 1" }).map(\.id) == [1])
        #expect(
            try context.fetch(Doc.self, where: { $0.id > 0 && "(SELECT count(*) FROM doc WHERE name = '?') = 1" }).count
                == 2)
        for fragment: SQLPredicate<Doc> in ["name = $0", "name = :0", "name = ?001", "name = @x"] {
            let error = #expect(throws: SQLError.self) {
                _ = try context.fetch(Doc.self, where: { $0.id > 0 && fragment })
            }
            #expect(error?.code == .misuse)
        }
    }

    /// A fragment whose `/*` comment is never closed comments out what Slate writes after
    /// it, up to the next fragment's `*/`: Slate's own `?` disappear, and a fragment's `?`
    /// takes their place with the count unchanged.
    @Test func aFragmentsUnclosedCommentCannotSwallowSlatesSQL() throws {
        let context = try SQLContext()
        try context.exec(sql: "CREATE TABLE doc (id INTEGER PRIMARY KEY, name TEXT NOT NULL, data TEXT NOT NULL)")
        _ = try context.insert(Doc(name: "30", data: ""))
        _ = try context.insert(Doc(name: "x", data: ""))
        let swallowing: SQLPredicate<Doc> = "1 /*"
        let error = #expect(throws: SQLError.self) {
            _ = try context.fetch(Doc.self, where: { swallowing && $0.id > 30 && "*/) AND (name = ?" })
        }
        #expect(error?.code == .misuse, "\(String(describing: error)) \(error?.sql ?? "")")
        #expect(error?.message.contains("\"1 /*\"") == true, "\(String(describing: error))")
        #expect(throws: SQLError.self) { _ = try context.fetch(Doc.self, where: { $0.id > 0 && "1 /* open" }) }
        // A closed comment, or one inside a string, is fine.
        #expect(try context.fetch(Doc.self, where: { $0.id > 0 && "1 /* closed */" }).count == 2)
        #expect(try context.fetch(Doc.self, where: { $0.id > 0 && "name <> '/*'" }).count == 2)
    }
}

extension Review30RecordsAdversaryTests {
    /// A statement prepared before the connection's first walk (when nothing tracked what
    /// it writes) is still refused when it starts during one.
    @Test func aStatementPreparedBeforeAnyWalkIsRefusedWhenItStartsDuringOne() throws {
        let context = try SQLContext()
        try context.exec(
            sql:
                "CREATE TABLE node (id INTEGER PRIMARY KEY, name TEXT NOT NULL); INSERT INTO node (name) VALUES ('a'), ('b')"
        )
        let insert = try context.prepare(sql: "INSERT INTO node (name) VALUES (?)")
        defer { insert.close() }
        let read = try context.prepare(sql: "SELECT count(*) FROM node")
        defer { read.close() }
        var visited = 0
        try context.forEach(Node.self) { _ in
            visited += 1
            let error = #expect(throws: SQLError.self) { try insert.update(parameters: [.text("c")]) }
            #expect(error?.code == .misuse)
            #expect((try? read.next()) == true)
            read.reset()
        }
        #expect(visited == 2)
        try insert.update(parameters: [.text("after")])
        #expect(try count(context, "SELECT count(*) FROM node") == 3)
    }
}
