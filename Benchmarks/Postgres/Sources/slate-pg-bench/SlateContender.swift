import Slate
import SlatePostgres

/// Slate's untyped API: `SQLPostgres` and `SQLPostgresContext`, SQL with `$n`
/// placeholders bound to `SQLValue`s, rows read with `row.get(_:as:)`.
///
/// With `transactions`, as Slate's documentation teaches: reads in `read` (a
/// `REPEATABLE READ READ ONLY` transaction: `BEGIN`, the query, `COMMIT`) and writes in
/// `write` (`BEGIN`, the statement, `COMMIT`) — two more round trips per call than the
/// baseline's autocommit. Without, each single statement runs in
/// `writeWithoutTransaction` (autocommit, as the baseline and Fluent run it), which shows
/// what the layer costs apart from those round trips. Inserting many rows is one
/// `write` in both.
final class SlateContender: Contender {
    let name: String
    let database: SQLPostgres
    let transactions: Bool

    init(server: SQLPostgres.Server, transactions: Bool) {
        name = transactions ? "slate" : "slate-autocommit"
        database = SQLPostgres(configuration: SQLPostgres.Configuration(primary: server))
        self.transactions = transactions
    }

    private func reading<T: Sendable>(_ body: @Sendable (SQLPostgresContext) async throws -> T) async throws -> T {
        transactions ? try await database.read(body) : try await database.writeWithoutTransaction(body)
    }

    private func writing<T: Sendable>(_ body: @Sendable (SQLPostgresContext) async throws -> T) async throws -> T {
        transactions ? try await database.write(body) : try await database.writeWithoutTransaction(body)
    }

    private static func item(_ row: SQLPostgresRow) throws -> Item {
        Item(
            id: try row.get(0), name: try row.get(1), qty: try row.get(2), score: try row.get(3),
            note: try row.get(4))
    }

    func find(id: Int) async throws -> Int {
        try await reading { context in
            var checksum = Checksum()
            for row in try await context.query(
                sql: "SELECT id, name, qty, score, note FROM item WHERE id = $1", parameters: [.integer(Int64(id))])
            {
                checksum.add(try Self.item(row))
            }
            return checksum.value
        }
    }

    func fetch100(minimumQuantity: Int) async throws -> Int {
        try await reading { context in
            let items = try await context.query(
                sql: "SELECT id, name, qty, score, note FROM item WHERE qty >= $1 ORDER BY id LIMIT 100",
                parameters: [.integer(Int64(minimumQuantity))]
            ).map(Self.item)
            var checksum = Checksum()
            for item in items { checksum.add(item) }
            return checksum.value
        }
    }

    func fetchAll() async throws -> Int {
        try await reading { context in
            let items = try await context.query(sql: "SELECT id, name, qty, score, note FROM item").map(Self.item)
            var checksum = Checksum()
            for item in items { checksum.add(item) }
            return checksum.value
        }
    }

    func count(minimumQuantity: Int) async throws -> Int {
        try await reading { context in
            let rows = try await context.query(
                sql: "SELECT count(*) FROM item WHERE qty >= $1", parameters: [.integer(Int64(minimumQuantity))])
            return try rows[0].get(0, as: Int.self)
        }
    }

    func update(id: Int, score: Double) async throws {
        _ = try await writing { context in
            try await context.exec(
                sql: "UPDATE item SET score = $1 WHERE id = $2", parameters: [.float(score), .integer(Int64(id))])
        }
    }

    func insert(_ item: NewItem) async throws -> Int {
        try await writing { context in
            try await Self.insert(item, context)
        }
    }

    /// The row as stored: every column (as the generated `insert` returns it).
    private static func insert(_ item: NewItem, _ context: SQLPostgresContext) async throws -> Int {
        let rows = try await context.query(
            sql:
                "INSERT INTO item (name, qty, score, note) VALUES ($1, $2, $3, $4) RETURNING id, name, qty, score, note",
            parameters: [
                .text(item.name), .integer(Int64(item.qty)), .float(item.score), item.note.map { .text($0) } ?? .null,
            ])
        return try Self.item(rows[0]).id
    }

    func insertAll(_ items: [NewItem]) async throws {
        try await database.write { context in
            for item in items { _ = try await Self.insert(item, context) }
        }
    }

    func close() async throws {
        await database.close()
    }
}
