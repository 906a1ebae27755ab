import Logging
import PostgresNIO
import SlatePostgres

// slate-pg-bench: Slate on PostgreSQL beside hand-written postgres-nio and Fluent, the
// same statements over the same table, interleaved in one process.
//
//   slate-pg-bench [--url postgres://user@host:port/db] [--quick] [--rounds N]
//                  [--only WORKLOAD] [--contenders slate-generated,…]   (to profile one)
//
// The URL defaults to SLATE_POSTGRES_URL. The benchmark drops and recreates the table
// `item` in that database. Benchmarks/postgres.sh starts a throwaway cluster and runs it.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct Options {
    var url: String?
    var quick = false
    var rounds = 10
    /// Only the workloads whose name contains this (for profiling one).
    var only: String?
    /// Only these contenders besides the baseline (for profiling one).
    var contenders: [String]?

    init(_ arguments: [String]) throws {
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--url": url = iterator.next()
            case "--quick": quick = true
            case "--only": only = iterator.next()
            case "--contenders": contenders = iterator.next()?.split(separator: ",").map(String.init)
            case "--rounds":
                guard let text = iterator.next(), let value = Int(text), value > 0 else {
                    throw BenchmarkFailure(description: "--rounds needs a positive number")
                }
                rounds = value
            default: throw BenchmarkFailure(description: "unknown argument \(argument)")
            }
        }
        if url == nil, let environment = getenv("SLATE_POSTGRES_URL") { url = String(cString: environment) }
    }
}

let rowCount = 10_000
let silent = Logger(label: "slate-pg-bench", factory: { _ in SwiftLogNoOpLogHandler() })

/// The score the contender at `position` writes in its `index`th update.
func score(_ index: Int, _ position: Int) -> Double { Double(index) * 0.5 + Double(position) * 100_000 }

/// The key the `index`th lookup or update touches: every row, in a scattered order.
func key(_ index: Int) -> Int { (index &* 7_919) % rowCount + 1 }

/// The seven workloads; `check` reads, untimed, what the updates wrote.
func workloads(quick: Bool, check: PostgresClient) -> [Workload] {
    let scale = quick ? 10 : 1
    return [
        Workload(
            name: "find one row by key", unit: "lookup", operations: 4_000 / scale, warmup: 200 / scale,
            compareResults: true
        ) { contender, _, index in try await contender.find(id: key(index)) },
        Workload(
            name: "fetch 100 rows: WHERE qty >= ? ORDER BY id LIMIT 100", unit: "query", operations: 1_000 / scale,
            warmup: 50 / scale, compareResults: true
        ) { contender, _, index in try await contender.fetch100(minimumQuantity: index % 90) },
        Workload(
            name: "fetch all 10,000 rows", unit: "query", operations: 60 / scale, warmup: 3, compareResults: true
        ) { contender, _, _ in try await contender.fetchAll() },
        Workload(
            name: "count: WHERE qty >= ?", unit: "query", operations: 2_000 / scale, warmup: 100 / scale,
            compareResults: true
        ) { contender, _, index in try await contender.count(minimumQuantity: index % 100) },
        Workload(
            name: "update one row by key (autocommit)", unit: "update", operations: 2_000 / scale,
            warmup: 100 / scale, compareResults: true,
            run: { contender, position, index in
                try await contender.update(id: key(index), score: score(index, position))
                return 0
            },
            verify: { position, indexes in
                // Each contender writes scores of its own: a contender whose update
                // changed nothing, or another row, leaves the previous one's.
                let keys = indexes.map(key)
                var found: [Int: Double] = [:]
                let rows = try await check.query("SELECT id, score FROM item WHERE id = ANY(\(keys))", logger: silent)
                for try await (id, stored) in rows.decode((Int, Double).self) { found[id] = stored }
                for index in indexes where found[key(index)] != score(index, position) {
                    throw BenchmarkFailure(
                        description:
                            "update: row \(key(index)) has score \(found[key(index)].map { "\($0)" } ?? "none"), not \(score(index, position))"
                    )
                }
            }),
        Workload(
            name: "insert one row (autocommit)", unit: "insert", operations: 2_000 / scale, warmup: 100 / scale,
            compareResults: false
        ) { contender, _, index in
            let id = try await contender.insert(.make(index))
            guard id > rowCount else { throw BenchmarkFailure(description: "\(contender.name) inserted key \(id)") }
            return id
        },
        Workload(
            name: "insert 1,000 rows in one transaction", unit: "batch", operations: 100 / scale, warmup: 2,
            compareResults: false
        ) { contender, _, index in
            try await contender.insertAll((0..<1_000).map { NewItem.make(index * 1_000 + $0) })
            return 0
        },
    ]
}

/// postgres-nio's configuration for `server`.
func clientConfiguration(_ server: SQLPostgres.Server) -> PostgresClient.Configuration {
    PostgresClient.Configuration(
        host: server.host, port: server.port, username: server.username, password: server.password,
        database: server.database, tls: .disable)
}

/// A new table of `rowCount` rows, as `Schemas/001-item.sql` renders for PostgreSQL.
func prepare(_ client: PostgresClient) async throws -> String {
    try await client.query("DROP TABLE IF EXISTS item", logger: silent)
    try await client.query(
        """
        CREATE TABLE item (id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, name TEXT NOT NULL, \
        qty BIGINT NOT NULL, score DOUBLE PRECISION NOT NULL, note TEXT)
        """, logger: silent)
    try await client.query(
        """
        INSERT INTO item (name, qty, score, note) \
        SELECT 'item ' || g, g % 100, g * 0.25, CASE WHEN g % 3 = 0 THEN NULL ELSE 'note ' || g END \
        FROM generate_series(1, \(rowCount)) AS g
        """, logger: silent)
    try await client.query("VACUUM ANALYZE item", logger: silent)
    for try await version in try await client.query("SHOW server_version", logger: silent).decode(String.self) {
        return version
    }
    return "?"
}

func rowsInTable(_ client: PostgresClient) async throws -> Int {
    for try await count in try await client.query("SELECT count(*) FROM item", logger: silent).decode(Int.self) {
        return count
    }
    return -1
}

/// `value` with `digits` decimals (no Foundation).
func decimal(_ value: Double, digits: Int) -> String {
    guard value.isFinite else { return "–" }
    var scale = 1
    for _ in 0..<digits { scale *= 10 }
    let scaled = Int((value * Double(scale)).rounded())
    guard digits > 0 else { return String(scaled) }
    let fraction = String(scaled % scale)
    return "\(scaled / scale)." + String(repeating: "0", count: digits - fraction.count) + fraction
}

/// Microseconds: one decimal below 10 ms, none above.
func format(_ nanoseconds: Double) -> String {
    let micros = nanoseconds / 1_000
    return decimal(micros, digits: micros >= 10_000 ? 0 : 1)
}

func ratio(_ value: Double, _ base: Double) -> String {
    decimal(value / base, digits: 2)
}

func main() async throws {
    let options = try Options(Array(CommandLine.arguments.dropFirst()))
    guard let url = options.url else {
        throw BenchmarkFailure(description: "no server: pass --url or set SLATE_POSTGRES_URL (Benchmarks/postgres.sh)")
    }
    // A database of the benchmark's own on that server, dropped at the end.
    let given = try SQLPostgres.Server(url: url)
    var server = given
    server.database = benchmarkDatabase
    try await recreateDatabase(on: given)
    let baseline = NIOContender(configuration: clientConfiguration(server), logger: silent)
    let version = try await prepare(baseline.client)
    var contenders: [any Contender] = [
        baseline,
        try FluentContender(server: server, logger: silent),
        SlateContender(server: server, transactions: true),
        SlateContender(server: server, transactions: false),
    ]
    #if canImport(SlatePostgresEnabled)
    contenders.append(GeneratedContender(server: server))
    #else
    print("(no slate-generated column: this Slate has no generated PostgreSQL code; see README.md)")
    #endif
    let everyone = contenders
    if let chosen = options.contenders {
        let names = contenders.map(\.name)
        if let unknown = chosen.first(where: { !names.contains($0) }) {
            throw BenchmarkFailure(description: "no contender \(unknown); there are \(names.joined(separator: ", "))")
        }
        contenders = contenders.enumerated().filter { $0.offset == 0 || chosen.contains($0.element.name) }.map(
            \.element)
    }
    if let only = options.only,
        !workloads(quick: options.quick, check: baseline.client).contains(where: { $0.name.contains(only) })
    {
        throw BenchmarkFailure(description: "no workload's name contains \(only)")
    }
    print("PostgreSQL \(version) on 127.0.0.1, client and server on the same machine; \(rowCount) rows;")
    print(
        "\(options.rounds) rounds, contenders interleaved\(options.quick ? " (quick run)" : ""); latencies per operation "
            + "(per batch for the 1,000-row insert); × postgres-nio: the median over rounds of the ratio of round medians"
    )
    print("")
    print(
        "| workload | contender | median µs | p99 µs | × postgres-nio | p99 × postgres-nio | client CPU µs/op | CPU × postgres-nio |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    var inserted = 0
    for workload in workloads(quick: options.quick, check: baseline.client) {
        if let only = options.only, !workload.name.contains(only) { continue }
        let samples = try await measure(workload, contenders: contenders, rounds: options.rounds)
        let base = samples[0]
        for (contender, sample) in zip(contenders, samples) {
            print(
                "| \(workload.name) | \(contender.name) | \(format(sample.median)) | \(format(sample.p99)) | "
                    + "\(decimal(sample.ratio(to: base), digits: 2)) | \(ratio(sample.p99, base.p99)) | "
                    + "\(format(sample.cpuPerOperation)) | \(ratio(sample.cpuPerOperation, base.cpuPerOperation)) |")
        }
        if workload.name.hasPrefix("insert") {
            let rows = workload.name.contains("1,000") ? 1_000 : 1
            inserted += rows * contenders.count * (workload.warmup + samples[0].operations)
            let found = try await rowsInTable(baseline.client)
            guard found == rowCount + inserted else {
                throw BenchmarkFailure(
                    description: "\(workload.name): the table has \(found) rows, not \(rowCount + inserted)")
            }
        }
    }
    for contender in everyone.reversed() { try await contender.close() }
    try await recreateDatabase(on: given, create: false)
}

let benchmarkDatabase = "slate_pg_bench"

/// Drops the benchmark's database on `server` (through `server`'s own database) and,
/// with `create`, makes it anew.
func recreateDatabase(on server: SQLPostgres.Server, create: Bool = true) async throws {
    let client = NIOContender(configuration: clientConfiguration(server), logger: silent)
    do {
        try await client.client.query(
            "DROP DATABASE IF EXISTS \(unescaped: benchmarkDatabase) WITH (FORCE)", logger: silent)
        if create { try await client.client.query("CREATE DATABASE \(unescaped: benchmarkDatabase)", logger: silent) }
    } catch {
        try await client.close()
        throw error
    }
    try await client.close()
}

do {
    try await main()
} catch {
    var message = "slate-pg-bench: \(String(reflecting: error))\n"
    message.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    exit(1)
}
