// slate-bench: Slate against the raw C API and GRDB, all implementations interleaved in
// one process (A B C A B C …), medians over several rounds, ratios to C (the median of
// each round's ratio to C's time in the same round).
//
//   swift run -c release --package-path Benchmarks slate-bench [--quick | --smoke] [--csv] [--scenario a…h,p,q] [--rounds N]
import BenchGenerated
import CBaseline
import Foundation
import GRDB
import Slate
import SlateRecords

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct Options {
    var sizes = Sizes.full
    var mode = "full"
    var rounds = 5
    var csv = false
    /// Where to write the ratio table as an SVG bar chart, if anywhere.
    var svg: String?
    /// A table (Markdown or CSV) to chart instead of running the benchmark.
    var chartFrom: String?
    var scenarios: Set<String> = []
    var implementations: Set<String> = []
    var memory = true
    var rssChild: (implementation: String, path: String)?
    var walkRSSChild: (implementation: String, path: String)?

    init(_ arguments: [String]) throws {
        var iterator = arguments.dropFirst().makeIterator()
        var roundsGiven: Int?
        while let argument = iterator.next() {
            switch argument {
            case "--quick": sizes = .quick; mode = "quick"; rounds = 3
            case "--smoke": sizes = .smoke; mode = "smoke"; rounds = 1
            case "--csv": csv = true
            case "--svg":
                guard let path = iterator.next() else { throw BenchmarkError("--svg needs a file to write") }
                svg = path
            case "--chart-from":
                guard let path = iterator.next() else { throw BenchmarkError("--chart-from needs the table to chart") }
                chartFrom = path
            case "--size":
                // One size for every scenario, for profiling.
                guard let text = iterator.next(), let value = Int(text), value > 0 else {
                    throw BenchmarkError("--size needs a positive number")
                }
                sizes = Sizes(
                    inserts: value, rows: value, lookups: value, singleInserts: value, orders: value,
                    tables: min(value, 400))
                mode = "size \(value)"
            case "--no-memory": memory = false
            case "--scenario":
                guard let letters = iterator.next() else {
                    throw BenchmarkError("--scenario needs a letter, a to h, p or q")
                }
                scenarios.formUnion(letters.split(separator: ",").map(String.init))
            case "--implementation":
                guard let names = iterator.next() else { throw BenchmarkError("--implementation needs a name") }
                implementations.formUnion(names.split(separator: ",").map(String.init))
            case "--rounds":
                guard let text = iterator.next(), let value = Int(text), value > 0 else {
                    throw BenchmarkError("--rounds needs a positive number")
                }
                roundsGiven = value
            case "--rss-child":
                guard let implementation = iterator.next(), let path = iterator.next() else {
                    throw BenchmarkError("--rss-child IMPLEMENTATION PATH")
                }
                rssChild = (implementation, path)
            case "--walk-rss-child":
                guard let implementation = iterator.next(), let path = iterator.next() else {
                    throw BenchmarkError("--walk-rss-child IMPLEMENTATION PATH")
                }
                walkRSSChild = (implementation, path)
            case "--help", "-h":
                print(
                    "usage: slate-bench [--quick | --smoke] [--csv] [--scenario a,b,…] [--implementation c,slate-core,…] [--rounds N] [--no-memory] [--svg FILE]\n       slate-bench --chart-from TABLE --svg FILE   (a table this tool printed, Markdown or CSV, as an SVG bar chart)"
                )
                print(
                    "  memory: the peak of fetching every row (with b), and of walks over 1,000 and 1,000,000 rows (with c)"
                )
                exit(0)
            default:
                throw BenchmarkError("unknown argument \(argument); see --help")
            }
        }
        if let roundsGiven { rounds = roundsGiven }
    }
}

/// Peak memory (max RSS) of fetching every row, one implementation in this process.
func runRSSChild(implementation: String, path: String) throws {
    var keep: [Any] = []
    switch implementation {
    case "c":
        let db = try cOpen(path)
        var items: UnsafeMutablePointer<cb_item>?
        let count = cb_fetch_items(db, &items)
        keep.append(count)
        cb_close(db)
    case "slate-core":
        let context = try slateContext(path)
        let items = try context.transaction {
            let statement = try context.cachedStatement(sql: "SELECT id, i, d, t FROM item")
            var items: [CoreItem] = []
            while try statement.next() {
                items.append(
                    CoreItem(
                        id: statement.int64(at: 0), i: statement.int64(at: 1), d: statement.double(at: 2),
                        t: try statement.string(at: 3)))
            }
            return items
        }
        keep.append(items)
    case "slate-generated":
        let db = try slateDatabase(path)
        keep.append(try db.readTransaction { tx in try tx.items.fetch() })
    case "grdb-record":
        let pool = try grdbPool(path)
        keep.append(try pool.read { db in try GRDBItem.fetchAll(db, sql: "SELECT id, i, d, t FROM item") })
    case "grdb-codable":
        let pool = try grdbPool(path)
        keep.append(try pool.read { db in try GRDBCodableItem.fetchAll(db, sql: "SELECT id, i, d, t FROM item") })
    default:
        throw BenchmarkError("no memory measurement for \(implementation)")
    }
    print(peakMemory())
    withExtendedLifetime(keep) {}
}

/// This process's peak memory (max RSS), in bytes.
func peakMemory() -> Int {
    #if os(Linux)
    // VmHWM is this process's own peak; ru_maxrss would include the parent's at fork.
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
    let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    return kilobytes * 1024
    #else
    var usage = rusage()
    getrusage(RUSAGE_SELF, &usage)
    return Int(usage.ru_maxrss)
    #endif
}

/// Peak memory of summing column i over every row of the table at `path`, one
/// implementation in this process: the walks, and a fetch of every row for contrast.
func runWalkRSSChild(implementation: String, path: String) throws {
    var sum: Int64 = 0
    var keep: [Any] = []
    switch implementation {
    case "c":
        let db = try cOpen(path)
        sum = cb_sum_items(db)
        cb_close(db)
    case "c-rows":
        let db = try cOpen(path)
        sum = cb_walk_items(db)
        cb_close(db)
    case "slate-stream":
        let db = try slateDatabase(path)
        try db.items.forEach { item in sum &+= Int64(item.i) }
        db.close()
    case "slate-stream-select":
        let db = try slateDatabase(path)
        try db.items.forEach(selecting: \.i) { i in sum &+= Int64(i) }
        db.close()
    case "slate-codable-stream":
        let pool = try SQLPool(path: path)
        try pool.forEach(SlateCodableItem.self) { item in sum &+= item.i }
        pool.close()
    case "slate-fetch":
        let db = try slateDatabase(path)
        let items = try db.items.fetch()
        sum = items.reduce(0) { $0 &+ Int64($1.i) }
        keep.append(items)
        db.close()
    case "grdb-cursor":
        let pool = try grdbPool(path)
        sum = try pool.read { db in
            var sum: Int64 = 0
            let cursor = try GRDBItem.fetchCursor(db, sql: "SELECT id, i, d, t FROM item")
            while let item = try cursor.next() { sum &+= item.i }
            return sum
        }
        try pool.close()
    default:
        throw BenchmarkError("no walk memory measurement for \(implementation)")
    }
    print(peakMemory())
    withExtendedLifetime((keep, sum)) {}
}

/// Runs this program again with `arguments` and reads the peak memory it prints.
func childPeakMemory(_ arguments: [String]) throws -> Int {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
    if !FileManager.default.isExecutableFile(atPath: process.executableURL!.path) {
        process.executableURL = Bundle.main.executableURL
    }
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0,
        let bytes = Int(String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    else {
        throw BenchmarkError("memory measurement \(arguments.joined(separator: " ")) failed")
    }
    return bytes
}

func measureMemory(path: String, log: (String) -> Void) throws -> [(String, Int)] {
    var results: [(String, Int)] = []
    for implementation in ["c", "slate-core", "slate-generated", "grdb-record", "grdb-codable"] {
        results.append((implementation, try childPeakMemory(["--rss-child", implementation, path])))
        log("  memory: \(implementation) done")
    }
    return results
}

/// The peak memory of each walk over tables of `rows` rows: what does not grow with the
/// rows stays flat from the small table to the large one.
func measureWalkMemory(rows: [Int], scratch: ScratchDirectory, log: (String) -> Void) throws -> [(String, [Int])] {
    var paths: [String] = []
    for count in rows {
        let path = scratch.newDatabasePath("walk-\(count)")
        try makeReadDatabase(Dataset(rows: count, lookups: 0, orders: 0), at: path)
        paths.append(path)
    }
    var results: [(String, [Int])] = []
    for implementation in [
        "c", "c-rows", "slate-stream", "slate-stream-select", "slate-codable-stream", "grdb-cursor", "slate-fetch",
    ] {
        results.append(
            (implementation, try paths.map { try childPeakMemory(["--walk-rss-child", implementation, $0]) }))
        log("  walk memory: \(implementation) done")
    }
    for path in paths { ScratchDirectory.remove(path) }
    return results
}

func format(_ seconds: Double) -> String { String(format: "%.4f", seconds) }

do {
    // Every connection in no-mutex mode, GRDB's too (its own setting is not public).
    guard cb_configure_multithread() == 0 else { throw BenchmarkError("cannot configure SQLite for multi-thread mode") }
    let options = try Options(CommandLine.arguments)
    if let table = options.chartFrom {
        guard let svg = options.svg else { throw BenchmarkError("--chart-from needs --svg FILE to write the chart to") }
        let rows = SVGChart.rows(fromTable: try String(contentsOfFile: table, encoding: .utf8))
        guard !rows.isEmpty else { throw BenchmarkError("\(table) has no rows with a ratio to C") }
        try SVGChart.render(rows).write(toFile: svg, atomically: true, encoding: .utf8)
        exit(0)
    }
    if let child = options.rssChild {
        try runRSSChild(implementation: child.implementation, path: child.path)
        exit(0)
    }
    if let child = options.walkRSSChild {
        try runWalkRSSChild(implementation: child.implementation, path: child.path)
        exit(0)
    }
    let log: (String) -> Void = { line in FileHandle.standardError.write(Data((line + "\n").utf8)) }
    log("slate-bench (\(options.mode)): SQLite \(SQLContext.sqliteVersion), \(options.rounds) rounds, interleaved")
    let scratch = try ScratchDirectory()
    let scenarios = try Scenarios(sizes: options.sizes, scratch: scratch)
    var results: [Result] = []
    for var scenario in scenarios.all() where options.scenarios.isEmpty || options.scenarios.contains(scenario.letter) {
        if !options.implementations.isEmpty {
            scenario.implementations.removeAll { !options.implementations.contains($0.name) }
        }
        log("\(scenario.letter): \(scenario.title)")
        results += try Harness.run(scenario, rounds: options.rounds, log: log)
    }
    var queued: [QueuedWritesResult] = []
    if options.scenarios.isEmpty || options.scenarios.contains("q") {
        log("q: reads while \(QueuedWrites.writes) slow writes wait for the writer")
        queued = try await QueuedWrites.run(
            reads: options.sizes.idleReads, hold: options.sizes.writeHold, directory: scratch, log: log)
    }
    var planning: [Planning.Result] = []
    if options.scenarios.isEmpty || options.scenarios.contains("p") {
        log("p: plan one added table against a database of many tables")
        planning = try Planning.run(sizes: options.sizes.planTables, directory: scratch, log: log)
    }
    var memory: [(String, Int)] = []
    if options.memory, options.scenarios.isEmpty || options.scenarios.contains("b") {
        memory = try measureMemory(path: scenarios.readDatabase, log: log)
    }
    var walkMemory: [(String, [Int])] = []
    let walkRows = options.sizes.walkMemoryRows
    if options.memory, options.scenarios.isEmpty || options.scenarios.contains("c") {
        walkMemory = try measureWalkMemory(rows: walkRows, scratch: scratch, log: log)
    }

    if options.csv {
        print("scenario,implementation,median_seconds,ratio_to_c")
        for result in results {
            let c = results.first { $0.scenario.letter == result.scenario.letter && $0.implementation == "c" }
            let ratio = c.map { String(format: "%.3f", result.ratio(to: $0)) } ?? ""
            print(
                "\(result.scenario.letter),\(result.implementation),\(String(format: "%.6f", result.median)),\(ratio)")
        }
        for result in planning {
            print("p-plan-\(result.tables),slate,\(String(format: "%.6f", result.seconds)),")
        }
        for result in queued {
            print("q-idle-median,\(result.implementation),\(String(format: "%.6f", result.idleMedian)),")
            print("q-loaded-median,\(result.implementation),\(String(format: "%.6f", result.loadedMedian)),")
            print("q-loaded-max,\(result.implementation),\(String(format: "%.6f", result.loaded.max() ?? 0)),")
            print("q-in-order,\(result.implementation),\(result.inRequestOrder ? 1 : 0),")
        }
        let c = memory.first { $0.0 == "c" }?.1
        for (implementation, bytes) in memory {
            print(
                "b-memory,\(implementation),\(bytes),\(c.map { String(format: "%.3f", Double(bytes) / Double($0)) } ?? "")"
            )
        }
        for (implementation, peaks) in walkMemory {
            for (rows, bytes) in zip(walkRows, peaks) { print("c-walk-memory-\(rows),\(implementation),\(bytes),") }
        }
    } else {
        print("| scenario | implementation | median s | × C |")
        print("|---|---|---:|---:|")
        for result in results {
            let c = results.first { $0.scenario.letter == result.scenario.letter && $0.implementation == "c" }
            let ratio = c.map { String(format: "%.2f", result.ratio(to: $0)) } ?? "–"
            print(
                "| \(result.scenario.letter) \(result.scenario.title) | \(result.implementation) | \(format(result.median)) | \(ratio) |"
            )
        }
        if let svg = options.svg {
            var rows: [SVGChart.Row] = []
            for result in results {
                guard
                    let c = results.first(where: {
                        $0.scenario.letter == result.scenario.letter && $0.implementation == "c"
                    })
                else { continue }
                rows.append(
                    SVGChart.Row(
                        scenario: "\(result.scenario.letter) \(result.scenario.title)",
                        implementation: result.implementation, ratio: result.ratio(to: c)))
            }
            try SVGChart.render(rows).write(toFile: svg, atomically: true, encoding: .utf8)
            log("wrote \(svg)")
        }
        if !queued.isEmpty { QueuedWrites.printTable(queued) }
        if !planning.isEmpty { Planning.printTable(planning) }
        if !memory.isEmpty {
            let c = memory.first { $0.0 == "c" }?.1
            print("")
            print("| peak memory of (b) | implementation | max RSS MiB | × C |")
            print("|---|---|---:|---:|")
            for (implementation, bytes) in memory {
                print(
                    "| b | \(implementation) | \(String(format: "%.1f", Double(bytes) / 1_048_576)) | \(c.map { String(format: "%.2f", Double(bytes) / Double($0)) } ?? "–") |"
                )
            }
        }
        if !walkMemory.isEmpty {
            func mib(_ bytes: Int) -> String { String(format: "%.1f", Double(bytes) / 1_048_576) }
            print("")
            print(
                "| peak memory of a walk summing i (c) | implementation | "
                    + walkRows.map { "\($0.formatted()) rows MiB" }.joined(separator: " | ") + " | growth MiB |")
            print("|---|---|" + walkRows.map { _ in "---:|" }.joined() + "---:|")
            for (implementation, peaks) in walkMemory {
                print(
                    "| c | \(implementation) | " + peaks.map(mib).joined(separator: " | ")
                        + " | \(mib((peaks.last ?? 0) - (peaks.first ?? 0))) |")
            }
        }
    }
} catch {
    FileHandle.standardError.write(Data("slate-bench: error: \(error)\n".utf8))
    exit(1)
}
