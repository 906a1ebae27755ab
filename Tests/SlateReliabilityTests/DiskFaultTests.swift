import Foundation
import Slate
import SlateCSQLite
import SlateFaultVFS
import SlateTestSupport
import Testing

/// Full disks and failing I/O: a thrown error, the data written before intact, and the
/// connection still good for reads. (A COMMIT whose outcome is unknown is covered by
/// `CommitFaultTests` in SlateTests.)
@Suite(.serialized) struct DiskFaultTests {
    init() {
        #expect(slate_fault_vfs_register() == SQLITE_OK)
    }

    /// Inserts 4 kB rows one transaction at a time until SQLite says the disk is full;
    /// returns how many committed and the error.
    static func fill(_ context: SQLContext) throws -> (rows: Int, error: SQLError?) {
        try context.exec(sql: "CREATE TABLE IF NOT EXISTS filler (id INTEGER PRIMARY KEY, data BLOB NOT NULL)")
        var rows = 0
        for _ in 0..<100_000 {
            do {
                try context.transaction(.immediate) {
                    try context.exec(sql: "INSERT INTO filler (data) VALUES (randomblob(4000))")
                }
                rows += 1
            } catch let error as SQLError {
                return (rows, error)
            }
        }
        return (rows, nil)
    }

    @Test func aDatabaseAtItsMaxPageCount() throws {
        let directory = TemporaryDirectory()
        let context = try SQLContext(path: directory.path("full.sqlite"))
        defer { context.close() }
        try context.exec(sql: "CREATE TABLE kept (v TEXT); INSERT INTO kept VALUES ('before')")
        _ = try context.query(sql: "PRAGMA max_page_count = 40")
        let (rows, error) = try Self.fill(context)
        #expect(error?.primaryCode == .full)
        #expect(error?.message == "database or disk is full")
        #expect(rows > 0)
        #expect(!context.isInTransaction)
        // Everything committed before is there; reads work; the file is sound.
        #expect(try context.query(sql: "SELECT count(*) FROM filler") == [[.integer(Int64(rows))]])
        #expect(try context.query(sql: "SELECT v FROM kept") == [[.text("before")]])
        #expect(try context.query(sql: "PRAGMA integrity_check") == [[.text("ok")]])
        // With room again, writing goes on.
        _ = try context.query(sql: "PRAGMA max_page_count = 1000")
        try context.exec(sql: "INSERT INTO filler (data) VALUES (randomblob(4000))")
    }

    /// Whether a small tmpfs can be mounted here (root, with the capability).
    static let canMountTmpfs: Bool = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("slate-tmpfs-probe-\(getpid())")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        guard run("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", directory.path]) == 0 else { return false }
        return run("/bin/umount", [directory.path]) == 0
    }()

    static func run(_ tool: String, _ arguments: [String]) -> Int32 {
        guard FileManager.default.isExecutableFile(atPath: tool) else { return -1 }
        return (try? Executables.run(URL(fileURLWithPath: tool), arguments).status) ?? -1
    }

    @Test(.enabled(if: canMountTmpfs, "needs root to mount a tmpfs"), arguments: ["delete", "wal"])
    func aFullFileSystem(_ journal: String) throws {
        let directory = TemporaryDirectory()
        let mount = directory.path("small")
        try FileManager.default.createDirectory(atPath: mount, withIntermediateDirectories: true)
        #expect(Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=512k", "tmpfs", mount]) == 0)
        defer { _ = Self.run("/bin/umount", [mount]) }

        let path = mount + "/full.sqlite"
        let context = try SQLContext(
            path: path, configuration: .init(journalMode: SQLContext.JournalMode(rawValue: journal.uppercased())))
        try context.exec(sql: "CREATE TABLE kept (v TEXT); INSERT INTO kept VALUES ('before')")
        let (rows, error) = try Self.fill(context)
        #expect(error?.primaryCode == .full)
        #expect(rows > 0)
        #expect(!context.isInTransaction)
        #expect(try context.query(sql: "SELECT count(*) FROM filler") == [[.integer(Int64(rows))]])
        #expect(try context.query(sql: "SELECT v FROM kept") == [[.text("before")]])
        context.close()
        // Opened again, from the full file system, the database is whole.
        let reopened = try SQLContext(path: path, flags: [.readOnly])
        defer { reopened.close() }
        #expect(try reopened.query(sql: "PRAGMA integrity_check") == [[.text("ok")]])
        #expect(try reopened.query(sql: "SELECT count(*) FROM filler") == [[.integer(Int64(rows))]])
    }

    @Test(arguments: [
        (Int32(SLATE_FAULT_WRITE), SQLITE_IOERR | (3 << 8)), (Int32(SLATE_FAULT_READ), SQLITE_IOERR | (1 << 8)),
    ])
    func anIOErrorIsThrownAndTheConnectionStaysUsable(_ fault: (kind: Int32, code: Int32)) throws {
        let directory = TemporaryDirectory()
        let name = "io-fault-\(fault.kind).sqlite"
        let path = directory.path(name)
        let context = try SQLContext(path: path, configuration: .init(statementCacheCapacity: 0, vfs: "slate-fault"))
        defer { context.close() }
        try context.exec(sql: "CREATE TABLE t (v BLOB); INSERT INTO t VALUES (randomblob(50000))")
        let checksum = try context.query(sql: "SELECT hex(v) FROM t")
        // A cold cache, so that reads reach the file.
        _ = try context.query(sql: "PRAGMA cache_size = 0")
        _ = try context.query(sql: "PRAGMA shrink_memory")

        let fired = slate_fault_vfs_fired_count()
        slate_fault_vfs_arm(fault.kind, 0, fault.code, name)
        do {
            if fault.kind == Int32(SLATE_FAULT_WRITE) {
                try context.transaction { try context.exec(sql: "INSERT INTO t VALUES (randomblob(50000))") }
            } else {
                _ = try context.query(sql: "SELECT length(v) FROM t")
            }
            Issue.record("the injected I/O error did not surface")
        } catch let error as SQLError {
            #expect(error.primaryCode == .ioError)
            #expect(error.code.rawValue == fault.code)
        }
        slate_fault_vfs_disarm()
        #expect(slate_fault_vfs_fired_count() == fired + 1)
        #expect(!context.isInTransaction)
        #expect(try context.query(sql: "SELECT hex(v) FROM t") == checksum)
        #expect(try context.query(sql: "PRAGMA integrity_check") == [[SQLValue.text("ok")]])
    }
}
