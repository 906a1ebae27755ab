import Logging
import PostgresNIO

/// The baseline: postgres-nio by hand, as its README teaches — a `PostgresClient` run in
/// a task of its own, queries written with `PostgresQuery`'s interpolation (values bound,
/// never spliced), rows decoded as tuples.
final class NIOContender: Contender {
    let name = "postgres-nio"
    let client: PostgresClient
    let runner: Task<Void, Never>
    let logger: Logger

    init(configuration: PostgresClient.Configuration, logger: Logger) {
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.client = client
        self.logger = logger
        runner = Task { await client.run() }
    }

    func find(id: Int) async throws -> Int {
        let rows = try await client.query(
            "SELECT id, name, qty, score, note FROM item WHERE id = \(id)", logger: logger)
        var checksum = Checksum()
        for try await (id, name, qty, score, note) in rows.decode((Int, String, Int, Double, String?).self) {
            checksum.add(Item(id: id, name: name, qty: qty, score: score, note: note))
        }
        return checksum.value
    }

    func fetch100(minimumQuantity: Int) async throws -> Int {
        let rows = try await client.query(
            "SELECT id, name, qty, score, note FROM item WHERE qty >= \(minimumQuantity) ORDER BY id LIMIT 100",
            logger: logger)
        var items: [Item] = []
        for try await (id, name, qty, score, note) in rows.decode((Int, String, Int, Double, String?).self) {
            items.append(Item(id: id, name: name, qty: qty, score: score, note: note))
        }
        var checksum = Checksum()
        for item in items { checksum.add(item) }
        return checksum.value
    }

    func fetchAll() async throws -> Int {
        let rows = try await client.query("SELECT id, name, qty, score, note FROM item", logger: logger)
        var items: [Item] = []
        for try await (id, name, qty, score, note) in rows.decode((Int, String, Int, Double, String?).self) {
            items.append(Item(id: id, name: name, qty: qty, score: score, note: note))
        }
        var checksum = Checksum()
        for item in items { checksum.add(item) }
        return checksum.value
    }

    func count(minimumQuantity: Int) async throws -> Int {
        let rows = try await client.query(
            "SELECT count(*) FROM item WHERE qty >= \(minimumQuantity)", logger: logger)
        for try await count in rows.decode(Int.self) { return count }
        throw BenchmarkFailure(description: "count returned no row")
    }

    func update(id: Int, score: Double) async throws {
        try await client.query("UPDATE item SET score = \(score) WHERE id = \(id)", logger: logger)
    }

    /// The insert returns the row as stored, as Slate's generated `insert` does: every
    /// column, decoded.
    func insert(_ item: NewItem) async throws -> Int {
        let rows = try await client.query(
            """
            INSERT INTO item (name, qty, score, note) \
            VALUES (\(item.name), \(item.qty), \(item.score), \(item.note)) RETURNING id, name, qty, score, note
            """, logger: logger)
        for try await (id, name, qty, score, note) in rows.decode((Int, String, Int, Double, String?).self) {
            return Item(id: id, name: name, qty: qty, score: score, note: note).id
        }
        throw BenchmarkFailure(description: "insert returned no row")
    }

    func insertAll(_ items: [NewItem]) async throws {
        let logger = logger
        _ = try await client.withTransaction(logger: logger) { connection in
            var stored: [Item] = []
            stored.reserveCapacity(items.count)
            for item in items {
                let rows = try await connection.query(
                    """
                    INSERT INTO item (name, qty, score, note) \
                    VALUES (\(item.name), \(item.qty), \(item.score), \(item.note)) RETURNING id, name, qty, score, note
                    """, logger: logger)
                for try await (id, name, qty, score, note) in rows.decode((Int, String, Int, Double, String?).self) {
                    stored.append(Item(id: id, name: name, qty: qty, score: score, note: note))
                }
            }
            return stored
        }
    }

    func close() async throws {
        runner.cancel()
        await runner.value
    }
}
