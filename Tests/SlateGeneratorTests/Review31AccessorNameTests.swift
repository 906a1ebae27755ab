import Foundation
import SlateTestSupport
import Testing

@testable import SlateGenerator

/// Issue 31 §2: a generated database now has `observe { tx in … }` and `changes()`; a table
/// whose accessor would take one of those names gets the `Table` suffix, as one named
/// `pool` or `transaction` does, so that `db.changes()` and the table stay apart.
@Suite struct Review31AccessorNameTests {
    @Test(arguments: [("change", "changes"), ("changes", "changes")])
    func accessorsNamedLikeObservationGetASuffix(table: String, name: String) throws {
        let code = try Review30GeneratedAdversaryTests.generate(
            "CREATE TABLE \(table) (id INTEGER PRIMARY KEY, v TEXT);")
        #expect(!code.contains("public var \(name): SQLTable<"))
        #expect(
            code.contains("public var \(name)Table: SQLTable<"),
            "\(code.split(separator: "\n").filter { $0.contains(": SQLTable<") })")
    }
}
