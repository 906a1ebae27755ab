// Scenario p: planning one added table against a database of N tables, for two sizes:
// the planner must stay close to linear (4× the tables in at most 5× the time).
import Foundation
import Slate
import SlateMigration
import SlateSchema

enum Planning {
    struct Result {
        var tables: Int
        var seconds: Double
    }

    static func script(_ count: Int) -> String {
        (0..<count).map { index in
            "CREATE TABLE t\(index) (id INTEGER PRIMARY KEY, name TEXT NOT NULL, value REAL, parent INTEGER REFERENCES t\(max(0, index - 1))(id));\n"
                + "CREATE INDEX t\(index)_name ON t\(index)(name);"
        }.joined(separator: "\n")
    }

    static func run(sizes: [Int], directory: ScratchDirectory, log: (String) -> Void) throws -> [Result] {
        var results: [Result] = []
        for count in sizes {
            log("  p: \(count) tables")
            let path = directory.newDatabasePath("plan-\(count)")
            let live = try SQLContext(path: path)
            defer { live.close() }
            try live.exec(sql: script(count))
            let desired = try DesiredSchema(
                sql: script(count) + "\nCREATE TABLE added (id INTEGER PRIMARY KEY, note TEXT);", path: "desired.sql")
            let clock = ContinuousClock()
            if ProcessInfo.processInfo.environment["SLATE_BENCH_PLAN_DETAIL"] != nil {
                let readStart = clock.now
                _ = try SchemaReader.read(from: live)
                log("    read: \(clock.now - readStart)")
            }
            let start = clock.now
            let plan = try SchemaPlanner.plan(from: live, to: desired)
            let elapsed = clock.now - start
            guard plan.steps.count == 1 else {
                throw BenchmarkError("planning \(count) tables gave \(plan.steps.count) steps, not 1")
            }
            let (seconds, attoseconds) = elapsed.components
            results.append(Result(tables: count, seconds: Double(seconds) + Double(attoseconds) / 1e18))
        }
        return results
    }

    static func printTable(_ results: [Result]) {
        print("")
        print("| p: plan one added table | tables | seconds | × the smallest | tables × the smallest |")
        print("|---|---:|---:|---:|---:|")
        guard let first = results.first else { return }
        for result in results {
            print(
                "| p | \(result.tables) | \(String(format: "%.3f", result.seconds)) | \(String(format: "%.2f", result.seconds / first.seconds)) | \(result.tables / first.tables) |"
            )
        }
    }
}
