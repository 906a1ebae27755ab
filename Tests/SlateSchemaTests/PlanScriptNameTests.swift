import Foundation
import Slate
import SlateMigration
import SlateSchema
import SlateTestSupport
import Testing

/// A plan's script is printed for a developer to review and run (`slate diff`, `slate
/// migrate --dry-run`): names and values from the database reach no script, comment or
/// message raw. Running the script does exactly what its steps say, whatever the names.
@Suite struct PlanScriptNameTests {
    /// Names other tools (or an attacker) can give tables and columns: line breaks of
    /// every kind, comment markers, quotes, statement separators.
    static let names = [
        "legacy\nDELETE FROM keep; --",
        "legacy\r\nDELETE FROM keep;",
        "legacy\u{2028}DELETE FROM keep;",
        "legacy\u{85}DELETE FROM keep;",
        "legacy */ DELETE FROM keep; /*",
        "legacy -- \"quoted\" 'single'",
        "legacy\u{202E}peek",
    ]

    @Test(arguments: names) func aHostileTableNameStaysInItsPlace(_ name: String) throws {
        let context = try SQLContext()
        defer { context.close() }
        let q = SQLText.quotedIdentifier
        try context.exec(
            sql: """
                CREATE TABLE keep (id INTEGER PRIMARY KEY, note TEXT);
                INSERT INTO keep (note) VALUES ('a'), ('b'), ('c');
                CREATE TABLE \(q(name)) (id INTEGER PRIMARY KEY, \(q(name + " column")) TEXT);
                INSERT INTO \(q(name)) VALUES (1, 'x\ny');
                """)
        // Dropping the table, and (in another plan) rebuilding it with a changed column.
        let drop = try SchemaPlanner.plan(
            from: context,
            to: DesiredSchema(sql: "CREATE TABLE keep (id INTEGER PRIMARY KEY, note TEXT);", path: "d.sql"))
        let rebuild = try SchemaPlanner.plan(
            from: context,
            to: DesiredSchema(
                sql: """
                    CREATE TABLE keep (id INTEGER PRIMARY KEY, note TEXT);
                    CREATE TABLE \(q(name)) (id INTEGER PRIMARY KEY, \(q(name + " column")) INTEGER);
                    """, path: "d.sql"))
        for plan in [drop, rebuild] {
            #expect(!plan.steps.isEmpty)
            for line in plan.script.split(separator: "\n", omittingEmptySubsequences: false) where line.hasPrefix("--")
            {
                #expect(
                    !line.unicodeScalars.contains {
                        $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{2028}" || $0 == "\u{202E}"
                    }, "\(line)")
            }
            for step in plan.steps {
                #expect(
                    !step.summary.contains("\n") && !step.summary.contains("\r") && !step.summary.contains("\u{2028}"),
                    "\(step.summary)")
            }
            // No line of the script but the statements the steps hold (a quoted name's
            // line break is inside its quotes there, where SQL reads it as the name).
            var statementLines: Set<String> = []
            for step in plan.steps {
                for statement in step.statements {
                    for line in (statement + ";").split(separator: "\n", omittingEmptySubsequences: false) {
                        statementLines.insert(String(line))
                    }
                }
            }
            for line in plan.script.split(separator: "\n", omittingEmptySubsequences: false)
            where !line.hasPrefix("--") && !line.isEmpty {
                let known = [
                    "PRAGMA foreign_keys = OFF;", "BEGIN IMMEDIATE;", "PRAGMA foreign_key_check;", "COMMIT;",
                    "PRAGMA foreign_keys = ON;",
                ]
                #expect(
                    known.contains(String(line)) || statementLines.contains(String(line)),
                    "a line of the script no step holds: \(line)")
            }
        }
        // The destructive message names the table on one line.
        #expect {
            try drop.apply(to: context)
        } throws: { error in
            let message = (error as? MigrationError)?.message ?? ""
            return message.contains("drop table \(SQLText.displayName(name))") && !message.contains("\n")
        }
        // The reviewed script, run as it is, drops that table and nothing else.
        try context.exec(sql: drop.script)
        #expect(try context.query(sql: "SELECT count(*) FROM keep") == [[3]])
        #expect(try context.query(sql: "SELECT name FROM sqlite_schema") == [["keep"]])
    }

    @Test func displayNamesAreOneLineAndQuotedWhenNotPlain() {
        #expect(SQLText.displayName("orders") == "orders")
        #expect(SQLText.displayName("order_item2") == "order_item2")
        #expect(SQLText.displayName("2fast") == "\"2fast\"")
        #expect(SQLText.displayName("my table") == "\"my table\"")
        #expect(SQLText.displayName("a\"b") == "\"a\"\"b\"")
        #expect(SQLText.displayName("a\nb; --") == "\"a\\u{A}b; --\"")
        #expect(SQLText.displayName("a\\u{A}") == "\"a\\u{5C}u{A}\"")
        #expect(SQLText.displayName("nul\u{0}") == "\"nul\\u{0}\"")
        #expect(SQLText.displayName("") == "\"\"")
        #expect(SQLText.oneLine("'x\r\ny' → 1") == "'x\\u{D}\\u{A}y' → 1")
    }
}
