import Foundation
import Slate
import SlateTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The rows of the bad-input table (Slate.docc/UntrustedDatabases.md) that SlateTests does not already cover:
/// each gives a clear error, no crash, and loses nothing.
@Suite struct BadInputTests {
    @Test func aValueOfTheWrongTypeForAStrictColumn() throws {
        let context = try SQLContext()
        defer { context.close() }
        try context.exec(sql: "CREATE TABLE t (n INTEGER NOT NULL, s TEXT) STRICT; INSERT INTO t VALUES (1, 'one')")
        expectSQLError(.init(rawValue: 3091), "cannot store TEXT value in INTEGER column t.n") {
            try context.exec(sql: "INSERT INTO t VALUES (?, ?)", parameters: [.text("two"), .text("s")])
        }
        #expect(try context.query(sql: "SELECT n, s FROM t") == [[.integer(1), .text("one")]])
    }

    @Test func aHundredMegabyteBlobRoundTrips() throws {
        let directory = TemporaryDirectory()
        let context = try SQLContext(path: directory.path("big.sqlite"))
        defer { context.close() }
        var bytes = [UInt8](repeating: 0, count: 100 * 1024 * 1024)
        for index in stride(from: 0, to: bytes.count, by: 4096) {
            bytes[index] = UInt8(truncatingIfNeeded: index / 4096)
        }
        bytes[bytes.count - 1] = 0xAB
        try context.exec(sql: "CREATE TABLE b (data BLOB NOT NULL)")
        try context.exec(sql: "INSERT INTO b VALUES (?)", parameters: [.blob(bytes)])
        let rows = try context.query(sql: "SELECT data, length(data) FROM b")
        #expect(rows[0][1] == .integer(Int64(bytes.count)))
        guard case .blob(let read) = rows[0][0] else {
            Issue.record("not a blob")
            return
        }
        #expect(read == bytes)
    }

    @Test func textAtTheLengthLimitAndOneByteOver() throws {
        let context = try SQLContext()
        defer { context.close() }
        context.setLimit(.length, to: 1_000_000)
        let atLimit = String(repeating: "é", count: 500_000) // 1,000,000 bytes of UTF-8
        #expect(
            try context.query(
                sql: "SELECT length(CAST(? AS BLOB)), ? = ?",
                parameters: [.text(atLimit), .text(atLimit), .text(atLimit)])
                == [[.integer(1_000_000), .integer(1)]])
        expectSQLError(.tooBig, "the value for parameter 1 is 1000001 bytes, more than SQLite's length limit (1000000)")
        {
            _ = try context.query(sql: "SELECT ?", parameters: [.text(atLimit + "x")])
        }
        // A row is its values plus a header: a table row of that text is over the limit,
        // and the table is left as it was.
        try context.exec(sql: "CREATE TABLE t (s TEXT); INSERT INTO t VALUES ('kept')")
        expectSQLError(.tooBig, "string or blob too big") {
            try context.exec(sql: "INSERT INTO t VALUES (?)", parameters: [.text(atLimit)])
        }
        #expect(try context.query(sql: "SELECT s FROM t") == [[.text("kept")]])
    }

    /// A database file cut short: reading it fails with SQLITE_CORRUPT (or the open says
    /// it is no database), never a crash.
    @Test(arguments: [0.5, 0.9, 0.01]) func aTruncatedDatabaseFile(_ fraction: Double) throws {
        let directory = TemporaryDirectory()
        let path = directory.path("cut.sqlite")
        do {
            let context = try SQLContext(path: path)
            try context.exec(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT); CREATE INDEX t_v ON t (v)")
            try context.transaction {
                for id in 1...2000 {
                    try context.exec(
                        sql: "INSERT INTO t (v) VALUES (?)",
                        parameters: [.text("value \(id) " + String(repeating: "z", count: id % 300))])
                }
            }
            context.close()
        }
        let data = try #require(FileManager.default.contents(atPath: path))
        try data.prefix(Int(Double(data.count) * fraction)).write(to: URL(fileURLWithPath: path))

        var errors: [SQLError.Code] = []
        do {
            let context = try SQLContext(path: path)
            defer { context.close() }
            for sql in ["SELECT count(*) FROM t", "SELECT v FROM t ORDER BY v", "PRAGMA integrity_check"] {
                do {
                    let rows = try context.query(sql: sql)
                    if sql.hasPrefix("PRAGMA"), rows != [[.text("ok")]] { errors.append(.corrupt) }
                } catch let error as SQLError {
                    errors.append(error.primaryCode)
                }
            }
        } catch let error as SQLError {
            errors.append(error.primaryCode)
        }
        #expect(!errors.isEmpty, "a file cut to \(fraction) read as whole")
        #expect(errors.allSatisfy { $0 == .corrupt || $0 == .notADatabase }, "\(errors)")
    }

    @Test func aFileOfRandomBytes() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("noise.sqlite")
        var generator = SystemRandomNumberGenerator()
        try Data((0..<65_536).map { _ in UInt8.random(in: 0...255, using: &generator) }).write(
            to: URL(fileURLWithPath: path))
        expectSQLError(.notADatabase, "cannot open database \(path): file is not a database") {
            _ = try SQLContext(path: path)
        }
        // A random file that starts with SQLite's header is caught too.
        var forged = Array("SQLite format 3\0".utf8)
        forged += (0..<65_520).map { _ in UInt8.random(in: 0...255, using: &generator) }
        try Data(forged).write(to: URL(fileURLWithPath: path))
        do {
            let context = try SQLContext(path: path)
            defer { context.close() }
            _ = try context.query(sql: "SELECT * FROM sqlite_schema")
            Issue.record("a forged file read as a database")
        } catch let error as SQLError {
            #expect(error.primaryCode == .notADatabase || error.primaryCode == .corrupt)
        }
    }

    @Test func aDatabaseLockedByAnotherProcess() throws {
        let child = try #require(Executables.url("slate-test-child"), "slate-test-child is not built beside the tests")
        let directory = TemporaryDirectory()
        let path = directory.path("locked.sqlite")
        do {
            let context = try SQLContext(path: path)
            try context.exec(sql: "CREATE TABLE t (v); INSERT INTO t VALUES ('before')")
            context.close()
        }
        let process = Process()
        process.executableURL = child
        process.arguments = ["lock", path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        defer {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        #expect(output.fileHandleForReading.availableData == Data("locked\n".utf8))

        // Opening reads the schema, which the exclusive lock forbids: a clear error once
        // the busy timeout has passed.
        let configuration = SQLContext.Configuration(busyTimeout: .milliseconds(200))
        expectSQLError(.busy, "cannot open database \(path): database is locked") {
            _ = try SQLContext(path: path, configuration: configuration)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let context = try SQLContext(path: path, configuration: configuration)
        defer { context.close() }
        // The lock goes with the process; the data is as it was, and writing works.
        try context.exec(sql: "INSERT INTO t VALUES ('after')")
        #expect(try context.query(sql: "SELECT v FROM t") == [[.text("before")], [.text("after")]])
    }
}
