import Foundation
import Slate
import SlateTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A child process commits numbered transactions and says which committed; the test kills
/// it with SIGKILL at random moments, 50 times in each journal mode. After every kill the
/// database passes `integrity_check`, holds every transaction the child reported, and no
/// transaction is there in part.
@Suite(.serialized) struct CrashTests {
    static let kills = 50

    /// A small deterministic generator, so that a failing run can be repeated.
    struct Random {
        var state: UInt64
        mutating func next(in range: ClosedRange<Int>) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return range.lowerBound + Int((state >> 33) % UInt64(range.count))
        }
    }

    @Test(arguments: ["delete", "wal"]) func sigkillLosesNothingCommitted(_ journal: String) throws {
        let child = try #require(Executables.url("slate-test-child"), "slate-test-child is not built beside the tests")
        let directory = TemporaryDirectory()
        let path = directory.path("ledger.sqlite")
        var random = Random(state: journal == "wal" ? 2 : 1)
        var reportedTotal = 0
        var killedWhileWriting = 0
        var highest: Int64 = 0

        for round in 1...Self.kills {
            let process = Process()
            process.executableURL = child
            process.arguments = ["write", path, journal, String(highest + 1)]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            // Wait for the first commit, so that every kill lands in the writing loop
            // however slowly the child starts; then let it run a random while.
            var received = Data()
            while !received.contains(UInt8(ascii: "\n")) {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                received += chunk
            }
            usleep(UInt32(random.next(in: 0...40) * 1000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            received += output.fileHandleForReading.readDataToEndOfFile()
            let lines = String(decoding: received, as: UTF8.self).split(separator: "\n")
            #expect(
                !lines.contains { $0.hasPrefix("error") }, "round \(round): \(lines.filter { $0.hasPrefix("error") })")
            let reported = lines.compactMap { Int64($0) }
            reportedTotal += reported.count
            #expect(process.terminationReason == .uncaughtSignal, "round \(round): the child ended by itself")

            guard FileManager.default.fileExists(atPath: path) else { continue }
            let context = try SQLContext(path: path)
            defer { context.close() }
            #expect(try context.query(sql: "PRAGMA integrity_check") == [[.text("ok")]], "round \(round)")
            let exists =
                try context.query(sql: "SELECT count(*) FROM sqlite_schema WHERE name = 'ledger'")[0][0] == .integer(1)
            guard exists else {
                #expect(reported.isEmpty, "round \(round): commits reported but no table")
                continue
            }
            let groups = try context.query(sql: "SELECT n, count(*) FROM ledger GROUP BY n ORDER BY n")
            let numbers = groups.compactMap { $0[0].integerValue }
            // No transaction partly present; all of them in sequence; every reported one there.
            #expect(groups.allSatisfy { $0[1] == .integer(3) }, "round \(round): a transaction is there in part")
            #expect(
                numbers == Array(1...Int64(max(numbers.count, 1))).prefix(numbers.count).map { $0 },
                "round \(round): a gap")
            let newest = numbers.last ?? 0
            #expect(
                reported.allSatisfy { $0 <= newest }, "round \(round): reported \(reported.last ?? 0), found \(newest)")
            if newest > highest { killedWhileWriting += 1 }
            highest = newest
        }
        print(
            "crash test (\(journal)): \(Self.kills) SIGKILLs, \(killedWhileWriting) in the writing loop, \(reportedTotal) commits reported, \(highest) transactions found, none lost or partial"
        )
        #expect(killedWhileWriting == Self.kills, "a kill landed before the child wrote")
    }
}
