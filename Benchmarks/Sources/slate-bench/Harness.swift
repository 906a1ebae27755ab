import Foundation

/// One timed run of one implementation: `run` is timed, `tearDown` is not.
struct Measurement {
    var run: () throws -> Int64
    var tearDown: () -> Void = {}
}

/// An implementation of a scenario: `prepare` (untimed) opens connections and returns
/// the measurement.
struct Implementation {
    var name: String
    var prepare: () throws -> Measurement
}

/// A scenario: what is measured, and by whom.
struct Scenario {
    var letter: String
    var title: String
    var implementations: [Implementation]
}

/// One line of results.
struct Result {
    var scenario: Scenario
    var implementation: String
    var seconds: [Double]
    var checksum: Int64

    var median: Double { Self.median(seconds) }

    /// This implementation's time as a multiple of `baseline`'s: the median of the ratios
    /// round by round. Both ran in the same rounds, next to each other, so a round when the
    /// machine is slow (a neighbour on the host, the page cache) slows both; the ratio of
    /// the two medians would instead mix rounds far apart.
    func ratio(to baseline: Result) -> Double {
        guard seconds.count == baseline.seconds.count, !seconds.isEmpty else { return median / baseline.median }
        return Self.median(zip(seconds, baseline.seconds).map { $0 / $1 })
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

/// How often the timed part runs before it is timed, for profiling (1 normally).
let profileRepeat = Int(ProcessInfo.processInfo.environment["SLATE_BENCH_PROFILE_REPEAT"] ?? "") ?? 1

enum Harness {
    /// Runs every implementation of `scenario` `rounds` times, interleaved (A B C A B C …),
    /// and checks they all computed the same checksum.
    static func run(_ scenario: Scenario, rounds: Int, log: (String) -> Void) throws -> [Result] {
        var results = scenario.implementations.map {
            Result(scenario: scenario, implementation: $0.name, seconds: [], checksum: 0)
        }
        let clock = ContinuousClock()
        for round in 1...rounds {
            for (index, implementation) in scenario.implementations.enumerated() {
                let measurement = try implementation.prepare()
                // For profilers: SLATE_BENCH_PROFILE_REPEAT=N repeats the timed part N times.
                for _ in 1..<profileRepeat { _ = try measurement.run() }
                let start = clock.now
                let checksum = try measurement.run()
                let elapsed = clock.now - start
                measurement.tearDown()
                results[index].seconds.append(
                    Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
                if round > 1, results[index].checksum != checksum {
                    throw BenchmarkError(
                        "\(implementation.name) gave checksum \(checksum) in round \(round), \(results[index].checksum) before"
                    )
                }
                results[index].checksum = checksum
            }
            log("  \(scenario.letter): round \(round)/\(rounds) done")
        }
        if let expected = results.first?.checksum, let odd = results.first(where: { $0.checksum != expected }) {
            throw BenchmarkError(
                "scenario \(scenario.letter): \(odd.implementation) computed \(odd.checksum), \(results[0].implementation) \(expected)"
            )
        }
        return results
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Where scratch databases go.
final class ScratchDirectory {
    let url: URL
    private var counter = 0

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "slate-bench-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// A new, unused database path.
    func newDatabasePath(_ name: String) -> String {
        counter += 1
        return url.appendingPathComponent("\(name)-\(counter).sqlite").path
    }

    /// Removes a database file and its WAL files.
    static func remove(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}
