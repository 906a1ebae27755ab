#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One row of the benchmark table, as every contender reads it into its own type.
struct Item: Sendable, Equatable {
    var id: Int
    var name: String
    var qty: Int
    var score: Double
    var note: String?
}

/// A row to insert (the key comes from the identity).
struct NewItem: Sendable {
    var name: String
    var qty: Int
    var score: Double
    var note: String?

    static func make(_ index: Int) -> NewItem {
        NewItem(
            name: "new \(index)", qty: index % 100, score: Double(index) * 0.25,
            note: index % 2 == 0 ? nil : "note \(index)")
    }
}

/// What a read returned, reduced to one number so that every contender's answers can be
/// compared: a wrong row, a missing NULL or a lost row changes it.
struct Checksum {
    var value = 0

    mutating func add(id: Int, name: String, qty: Int, score: Double, note: String?) {
        value &+= id &* 31 &+ qty &* 7 &+ name.utf8.count &+ Int(score * 4) &* 3 &+ (note?.utf8.count ?? -1)
    }

    mutating func add(_ item: Item) {
        add(id: item.id, name: item.name, qty: item.qty, score: item.score, note: item.note)
    }
}

/// The same seven operations, each contender in its own idiomatic code. Every method
/// returns a number the harness compares across contenders (a checksum of the rows read,
/// a count, a key).
protocol Contender: Sendable {
    var name: String { get }
    /// `SELECT … FROM item WHERE id = $1`: the checksum of the row (0 when absent).
    func find(id: Int) async throws -> Int
    /// `SELECT … FROM item WHERE qty >= $1 ORDER BY id LIMIT 100`: the rows' checksum.
    func fetch100(minimumQuantity: Int) async throws -> Int
    /// `SELECT … FROM item`: the rows' checksum (order-independent).
    func fetchAll() async throws -> Int
    /// `SELECT count(*) FROM item WHERE qty >= $1`.
    func count(minimumQuantity: Int) async throws -> Int
    /// `UPDATE item SET score = $1 WHERE id = $2`, committed on its own.
    func update(id: Int, score: Double) async throws
    /// `INSERT INTO item (name, qty, score, note) VALUES (…) RETURNING id, name, qty,
    /// score, note`, committed on its own: the row as stored (what Slate's generated
    /// `insert` returns); the answer is its new key.
    func insert(_ item: NewItem) async throws -> Int
    /// The same insert for each item, all in one transaction.
    func insertAll(_ items: [NewItem]) async throws
    func close() async throws
}

/// Monotonic nanoseconds.
@inline(__always)
func now() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
}

/// CPU time (user + system) of the whole process so far, in nanoseconds: the benchmark's
/// task and every event-loop thread of every client.
func processCPUTime() -> UInt64 {
    var usage = rusage()
    #if canImport(Glibc)
    getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
    getrusage(RUSAGE_SELF, &usage)
    #endif
    func nanos(_ time: timeval) -> UInt64 { UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_usec) * 1_000 }
    return nanos(usage.ru_utime) + nanos(usage.ru_stime)
}

/// Latencies of one contender on one workload.
struct Samples {
    var latencies: [UInt64] = []
    /// The median latency of each round.
    var roundMedians: [Double] = []
    var cpu: UInt64 = 0
    var operations = 0

    var median: Double { percentile(latencies, 0.5) }
    var p99: Double { percentile(latencies, 0.99) }
    var cpuPerOperation: Double { operations == 0 ? .nan : Double(cpu) / Double(operations) }

    /// The median over the rounds of this contender's round median divided by `base`'s in
    /// the same round: a round slowed by the machine's other work slows every contender in
    /// it, and cancels out.
    func ratio(to base: Samples) -> Double {
        percentile(zip(roundMedians, base.roundMedians).map { $0 / $1 }, 0.5)
    }
}

/// The value at `fraction` (0…1) of `values` sorted, by nearest rank.
func percentile<Value: BinaryInteger>(_ values: [Value], _ fraction: Double) -> Double {
    percentile(values.map { Double($0) }, fraction)
}

func percentile(_ values: [Double], _ fraction: Double) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    return sorted[Int((fraction * Double(sorted.count - 1)).rounded())]
}

struct BenchmarkFailure: Error, CustomStringConvertible {
    var description: String
}

/// A workload: how many operations (or batches) each contender runs, in how many rounds,
/// and one operation given its index; it returns the number compared across contenders.
struct Workload {
    var name: String
    var unit: String
    var operations: Int
    var warmup: Int
    var compareResults: Bool
    /// One operation: the contender, its position among the contenders, the operation's
    /// index.
    var run: @Sendable (any Contender, Int, Int) async throws -> Int
    /// Checks, untimed, what the contender at a position wrote in the operations of a
    /// range of indexes.
    var verify: (@Sendable (Int, Range<Int>) async throws -> Void)? = nil
}

/// Runs `workload` for every contender, interleaved: in each round each contender runs
/// its share of operations, the contenders' order rotating from round to round so that
/// none always runs first after another's writes. Each operation is timed on its own.
func measure(_ workload: Workload, contenders: [any Contender], rounds: Int) async throws -> [Samples] {
    var samples = Array(repeating: Samples(), count: contenders.count)
    for (position, contender) in contenders.enumerated() {
        for index in 0..<workload.warmup {
            _ = try await workload.run(contender, position, index)
        }
    }
    let perRound = max(1, workload.operations / rounds)
    var index = 0
    for round in 0..<rounds {
        var results: [[Int]] = Array(repeating: [], count: contenders.count)
        for offset in 0..<contenders.count {
            let position = (round + offset) % contenders.count
            let contender = contenders[position]
            var latencies: [UInt64] = []
            latencies.reserveCapacity(perRound)
            var answers: [Int] = []
            answers.reserveCapacity(perRound)
            let cpuStart = processCPUTime()
            for step in 0..<perRound {
                let start = now()
                let answer = try await workload.run(contender, position, index + step)
                latencies.append(now() - start)
                answers.append(answer)
            }
            samples[position].cpu += processCPUTime() - cpuStart
            samples[position].latencies += latencies
            samples[position].roundMedians.append(percentile(latencies, 0.5))
            samples[position].operations += perRound
            results[position] = answers
            try await workload.verify?(position, index..<(index + perRound))
        }
        if workload.compareResults {
            for position in 1..<contenders.count where results[position] != results[0] {
                let first = results[position].indices.first { results[position][$0] != results[0][$0] } ?? 0
                throw BenchmarkFailure(
                    description:
                        "\(workload.name): \(contenders[position].name) answered \(results[position][first]) where \(contenders[0].name) answered \(results[0][first]) (operation \(index + first))"
                )
            }
        }
        index += perRound
    }
    return samples
}
