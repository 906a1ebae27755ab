import Foundation
import Slate
import SlateTestSupport
import Testing

/// Processes that open a pool on the same new file at the same moment: the switch to WAL
/// needs the exclusive lock and fails with SQLITE_BUSY without waiting on the busy handler,
/// so opening retries it like any other busy case.
@Suite struct PoolOpenRaceTests {
    @Test func processesOpeningOneNewFileTogetherAllSucceed() throws {
        let child = try #require(Executables.url("slate-test-child"), "slate-test-child is not built beside the tests")
        let directory = TemporaryDirectory()
        let files = 10
        let processesPerFile = 8
        for file in 0..<files {
            let path = directory.path("race-\(file).sqlite")
            var running: [(Process, Pipe)] = []
            for id in 0..<processesPerFile {
                let process = Process()
                process.executableURL = child
                process.arguments = ["pool", path, String(id)]
                let output = Pipe()
                process.standardOutput = output
                process.standardError = output
                running.append((process, output))
            }
            for (process, _) in running { try process.run() }
            for (id, (process, output)) in running.enumerated() {
                let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                #expect(text == "ok\n", "file \(file), process \(id): \(text)")
                #expect(process.terminationStatus == 0)
            }
            let context = try SQLContext(path: path)
            defer { context.close() }
            #expect(try context.query(sql: "SELECT count(*) FROM opened") == [[.integer(Int64(processesPerFile))]])
            #expect(try context.query(sql: "PRAGMA journal_mode") == [["wal"]])
        }
    }
}
