import Foundation
import SlateRecords
import SlateTestSupport
import Testing

/// A generated database's `transaction { tx in }` after SQLite ended the transaction: the
/// rest of the closure cannot run, and nothing of it is committed.
@Suite struct GeneratedTransactionAbortTests {
    @Test(arguments: [false, true])
    func aTransactionWhoseStatementSQLiteAbortedCommitsNothing(_ async: Bool) async throws {
        let directory = TemporaryDirectory()
        let db = try Contacts.bootstrap(at: directory.path("contacts.sqlite"))
        defer { db.close() }
        try await db.pool.write { ctx in
            try ctx.exec(
                sql:
                    "CREATE TRIGGER no_nobody BEFORE INSERT ON person WHEN new.name = 'Nobody' BEGIN SELECT RAISE(ROLLBACK, 'no nobodies'); END"
            )
        }
        let body: @Sendable (SQLTransaction<Contacts>) throws -> Int = { tx in
            _ = try tx.insert(Person(name: "Ada"))
            do { _ = try tx.insert(Person(name: "Nobody")) } catch {}
            var refused = 0
            do { _ = try tx.insert(Person(name: "Grace")) } catch let error as SQLError
                where error.code == .abortRollback
            { refused += 1 }
            do { _ = try tx.people.fetchCount() } catch let error as SQLError where error.code == .abortRollback {
                refused += 1
            }
            return refused
        }
        do {
            if async {
                _ = try await db.transaction(body)
            } else {
                _ = try syncTransaction(db, body)
            }
            Issue.record("the transaction did not throw")
        } catch let error as SQLError {
            #expect(error.code == .abortRollback)
            #expect(error.message.contains("no nobodies"))
        }
        #expect(try await db.people.fetchCount() == 0)
    }
}

private func syncTransaction<T: Sendable>(_ db: Contacts, _ body: (SQLTransaction<Contacts>) throws -> T) throws -> T {
    try db.transaction(body)
}
