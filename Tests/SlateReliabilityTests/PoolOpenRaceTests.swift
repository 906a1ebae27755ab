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
            let results = try Executables.runTogether(child, (0..<processesPerFile).map { ["pool", path, String($0)] })
            for (id, result) in results.enumerated() {
                #expect(result.output == "ok\n", "file \(file), process \(id): \(result.output)")
                #expect(result.status == 0)
            }
            let context = try SQLContext(path: path)
            defer { context.close() }
            #expect(try context.query(sql: "SELECT count(*) FROM opened") == [[.integer(Int64(processesPerFile))]])
            #expect(try context.query(sql: "PRAGMA journal_mode") == [["wal"]])
        }
    }
}
