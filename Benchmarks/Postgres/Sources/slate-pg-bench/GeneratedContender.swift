// Slate's generated path: compiled when Slate has generated PostgreSQL code (its
// SlatePostgresEnabled marker module, present with the Postgres trait once the generator's
// PostgreSQL runtime is in the Slate it builds against).
#if canImport(SlatePostgresEnabled)
import BenchPostgresGenerated
import SlatePostgres
import SlateRecords

/// The generated database type `PgBench.Postgres` and its `PgBench.Item` records (from
/// Schemas/001-item.sql), called as the generated code's documentation teaches: typed
/// predicates and orders, `find` by key, `insert` returning the row as stored. Each call
/// on the database is its own transaction, as `SQLPostgres.read` and `write` run them.
final class GeneratedContender: Contender {
    let name = "slate-generated"
    let db: PgBench.Postgres

    init(server: SQLPostgres.Server) {
        db = PgBench.Postgres(database: SQLPostgres(configuration: SQLPostgres.Configuration(primary: server)))
    }

    private static func checksum(_ items: [PgBench.Item]) -> Int {
        var checksum = Checksum()
        for item in items {
            checksum.add(id: item.id, name: item.name, qty: item.qty, score: item.score, note: item.note)
        }
        return checksum.value
    }

    func find(id: Int) async throws -> Int {
        guard let item = try await db.items.find(id) else { return 0 }
        return Self.checksum([item])
    }

    func fetch100(minimumQuantity: Int) async throws -> Int {
        Self.checksum(
            try await db.items.fetch(
                where: { $0.qty >= minimumQuantity }, orderBy: { $0.id.ascending }, limit: 100))
    }

    func fetchAll() async throws -> Int {
        Self.checksum(try await db.items.fetch())
    }

    func count(minimumQuantity: Int) async throws -> Int {
        try await db.items.fetchCount(where: { $0.qty >= minimumQuantity })
    }

    func update(id: Int, score: Double) async throws {
        try await db.items.update(set: \.score, to: score, where: { $0.id == id })
    }

    func insert(_ item: NewItem) async throws -> Int {
        try await db.insert(Self.record(item)).id
    }

    func insertAll(_ items: [NewItem]) async throws {
        _ = try await db.insert(contentsOf: items.map(Self.record))
    }

    private static func record(_ item: NewItem) -> PgBench.Item {
        PgBench.Item(name: item.name, qty: item.qty, score: item.score, note: item.note)
    }

    func close() async throws {
        await db.close()
    }
}
#endif
