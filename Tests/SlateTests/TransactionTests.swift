import Foundation
import Slate
import SlateCSQLite
import SlateFaultVFS
import SlateTestSupport
import Testing

@Suite struct TransactionTests {
    struct Oops: Error {}

    private func counter() throws -> SQLContext {
        let ctx = try SQLContext()
        try ctx.exec(sql: "CREATE TABLE t (v INTEGER)")
        return ctx
    }

    private func values(_ ctx: SQLContext) throws -> [[SQLValue]] {
        try ctx.query(sql: "SELECT v FROM t ORDER BY v")
    }

    @Test(arguments: [SQLContext.TransactionKind.deferred, .immediate, .exclusive])
    func commitsWhatTheBodyDid(kind: SQLContext.TransactionKind) throws {
        let ctx = try counter()
        defer { ctx.close() }
        let result = try ctx.transaction(kind) {
            #expect(ctx.isInTransaction)
            try ctx.exec(sql: "INSERT INTO t VALUES (1)")
            return "done"
        }
        #expect(result == "done")
        #expect(!ctx.isInTransaction)
        #expect(try values(ctx) == [[1]])
    }

    @Test func nilRunsWithoutATransaction() throws {
        let ctx = try counter()
        defer { ctx.close() }
        #expect(throws: Oops.self) {
            try ctx.transaction(nil) {
                #expect(!ctx.isInTransaction)
                try ctx.exec(sql: "INSERT INTO t VALUES (1)")
                throw Oops()
            }
        }
        #expect(try values(ctx) == [[1]])
    }

    @Test func nestedTransactionsAreSavepoints() throws {
        let ctx = try counter()
        defer { ctx.close() }
        try ctx.transaction {
            try ctx.exec(sql: "INSERT INTO t VALUES (1)")
            #expect(throws: Oops.self) {
                try ctx.transaction {
                    try ctx.exec(sql: "INSERT INTO t VALUES (2)")
                    throw Oops()
                }
            }
            try ctx.transaction(.immediate) {
                try ctx.exec(sql: "INSERT INTO t VALUES (3)")
                try ctx.transaction {
                    try ctx.exec(sql: "INSERT INTO t VALUES (4)")
                }
            }
            #expect(ctx.isInTransaction)
        }
        #expect(try values(ctx) == [[1], [3], [4]])

        #expect(throws: Oops.self) {
            try ctx.transaction {
                try ctx.transaction { try ctx.exec(sql: "INSERT INTO t VALUES (5)") }
                throw Oops()
            }
        }
        #expect(try values(ctx) == [[1], [3], [4]])
    }

    @Test func aFailedCommitRollsBack() throws {
        let ctx = try SQLContext()
        defer { ctx.close() }
        try ctx.exec(
            sql: """
                CREATE TABLE parent (id INTEGER PRIMARY KEY);
                CREATE TABLE child (parent_id INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED);
                """)
        expectSQLError(.constraintForeignKey, "FOREIGN KEY constraint failed") {
            try ctx.transaction {
                try ctx.exec(sql: "INSERT INTO child VALUES (42)")
            }
        }
        #expect(!ctx.isInTransaction)
        #expect(try ctx.query(sql: "SELECT count(*) FROM child") == [[0]])
    }

    @Test func commitHookVetoRollsBack() throws {
        let ctx = try counter()
        defer { ctx.close() }
        ctx.onCommit { false }
        expectSQLError(.constraintCommitHook, "constraint failed") {
            try ctx.transaction { try ctx.exec(sql: "INSERT INTO t VALUES (1)") }
        }
        ctx.onCommit(nil)
        #expect(try values(ctx) == [])
    }

    @Test func userVersionSetterFailureIsThrownByTheCommit() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("ro.sqlite")
        let writer = try SQLContext(path: path)
        try writer.exec(sql: "CREATE TABLE t (v)")
        writer.close()
        let reader = try SQLContext(path: path, flags: [.readOnly])
        defer { reader.close() }
        expectSQLError(.readOnly, "attempt to write a readonly database") {
            try reader.transaction { reader.userVersion = 5 }
        }
        #expect(reader.userVersion == 0)
        reader.userVersion = 6
        expectSQLError(.readOnly, "attempt to write a readonly database") { _ = try reader.query(sql: "SELECT 1") }
        #expect(try reader.query(sql: "SELECT 1") == [[1]])
    }
}

/// Faults injected below SQLite through the "slate-fault" VFS. Serialized: the fault
/// switch is process-wide.
@Suite(.serialized) struct CommitFaultTests {
    init() {
        #expect(slate_fault_vfs_register() == SQLITE_OK)
    }

    @Test func anIOErrorAtCommitReportsAnUnknownOutcome() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("fault-commit.sqlite")
        var configuration = SQLContext.Configuration(journalMode: .wal, vfs: "slate-fault")
        configuration.busyTimeout = .seconds(1)
        let ctx = try SQLContext(path: path, configuration: configuration)
        defer { ctx.close() }
        try ctx.exec(sql: "PRAGMA synchronous = FULL; CREATE TABLE t (v)")
        try ctx.exec(sql: "INSERT INTO t VALUES (1)")

        slate_fault_vfs_arm(Int32(SLATE_FAULT_SYNC), 0, SQLITE_IOERR | (4 << 8), "fault-commit.sqlite-wal")
        defer { slate_fault_vfs_disarm() }
        let fired = slate_fault_vfs_fired_count()
        let error = expectSQLError(
            .init(rawValue: SQLITE_IOERR | (4 << 8)),
            "COMMIT failed with an I/O error, so the transaction may or may not have been committed: disk I/O error"
        ) {
            try ctx.transaction { try ctx.exec(sql: "INSERT INTO t VALUES (2)") }
        }
        #expect(slate_fault_vfs_fired_count() == fired + 1)
        #expect(error?.isCommitOutcomeUnknown == true)
        #expect(error?.primaryCode == .ioError)

        // This connection rolled back: it and other live connections see the old state.
        #expect(!ctx.isInTransaction)
        #expect(try ctx.query(sql: "SELECT v FROM t ORDER BY v") == [[1]])
        // But the WAL frames reached the file before the failed sync. A crash now, and the
        // recovery that follows, brings the "failed" transaction back: the outcome really
        // was unknown. Copying the files without the shared-memory index simulates that.
        let crashed = TemporaryDirectory()
        for suffix in ["", "-wal"] {
            try FileManager.default.copyItem(atPath: path + suffix, toPath: crashed.path("copy.sqlite" + suffix))
        }
        let recovered = try SQLContext(path: crashed.path("copy.sqlite"))
        defer { recovered.close() }
        #expect(try recovered.query(sql: "SELECT v FROM t ORDER BY v") == [[1], [2]])
        #expect(try recovered.query(sql: "PRAGMA integrity_check") == [["ok"]])
    }

    @Test func aWriteErrorInsideTheBodyRollsBackAndKeepsEarlierData() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("fault-write.sqlite")
        let ctx = try SQLContext(path: path, configuration: .init(vfs: "slate-fault"))
        defer { ctx.close() }
        try ctx.exec(sql: "CREATE TABLE t (v); INSERT INTO t VALUES ('before')")

        slate_fault_vfs_arm(Int32(SLATE_FAULT_WRITE), 0, SQLITE_FULL, "fault-write.sqlite")
        defer { slate_fault_vfs_disarm() }
        do {
            try ctx.transaction {
                try ctx.exec(sql: "INSERT INTO t VALUES (randomblob(100000))")
            }
            Issue.record("the injected write error did not surface")
        } catch let error as SQLError {
            #expect(error.primaryCode == .full)
            #expect(error.isCommitOutcomeUnknown == false)
        }
        slate_fault_vfs_disarm()
        #expect(!ctx.isInTransaction)
        #expect(try ctx.query(sql: "SELECT v FROM t") == [["before"]])
        #expect(try ctx.query(sql: "PRAGMA integrity_check") == [["ok"]])
    }
}
