import FluentKit
import FluentPostgresDriver
import Logging
import NIOCore
import NIOPosix
import SlatePostgres

/// The table as a Fluent model: an integer key the database assigns (`@ID(custom:)` with
/// `.database`), the other columns as `@Field`s, the nullable one `@OptionalField`.
final class FluentItem: Model, @unchecked Sendable {
    static let schema = "item"

    @ID(custom: "id", generatedBy: .database) var id: Int?
    @Field(key: "name") var name: String
    @Field(key: "qty") var qty: Int
    @Field(key: "score") var score: Double
    @OptionalField(key: "note") var note: String?

    init() {}

    init(_ item: NewItem) {
        name = item.name
        qty = item.qty
        score = item.score
        note = item.note
    }
}

/// Fluent without Vapor, as fluent-kit's own tests set it up: `Databases` on the shared
/// event-loop group and thread pool, the PostgreSQL driver from a URL, queries through
/// the model API and query builder.
final class FluentContender: Contender {
    let name = "fluent"
    let databases: Databases
    let database: any Database

    init(server: SQLPostgres.Server, logger: Logger) throws {
        databases = Databases(threadPool: .singleton, on: MultiThreadedEventLoopGroup.singleton)
        let configuration = SQLPostgresConfiguration(
            hostname: server.host, port: server.port, username: server.username, password: server.password,
            database: server.database, tls: .disable)
        databases.use(.postgres(configuration: configuration, sqlLogLevel: .trace), as: .psql)
        guard let database = databases.database(.psql, logger: logger, on: databases.eventLoopGroup.any()) else {
            throw BenchmarkFailure(description: "Fluent has no PostgreSQL database")
        }
        self.database = database
    }

    func find(id: Int) async throws -> Int {
        var checksum = Checksum()
        if let item = try await FluentItem.find(id, on: database) {
            checksum.add(id: item.id!, name: item.name, qty: item.qty, score: item.score, note: item.note)
        }
        return checksum.value
    }

    func fetch100(minimumQuantity: Int) async throws -> Int {
        let items = try await FluentItem.query(on: database)
            .filter(\.$qty >= minimumQuantity)
            .sort(\.$id)
            .limit(100)
            .all()
        return Self.checksum(items)
    }

    func fetchAll() async throws -> Int {
        Self.checksum(try await FluentItem.query(on: database).all())
    }

    func count(minimumQuantity: Int) async throws -> Int {
        try await FluentItem.query(on: database).filter(\.$qty >= minimumQuantity).count()
    }

    func update(id: Int, score: Double) async throws {
        try await FluentItem.query(on: database).filter(\.$id == id).set(\.$score, to: score).update()
    }

    func insert(_ item: NewItem) async throws -> Int {
        let model = FluentItem(item)
        try await model.create(on: database)
        return model.id!
    }

    func insertAll(_ items: [NewItem]) async throws {
        try await database.transaction { database in
            for item in items {
                try await FluentItem(item).create(on: database)
            }
        }
    }

    func close() async throws {
        await databases.shutdownAsync()
    }

    private static func checksum(_ items: [FluentItem]) -> Int {
        var checksum = Checksum()
        for item in items {
            checksum.add(id: item.id!, name: item.name, qty: item.qty, score: item.score, note: item.note)
        }
        return checksum.value
    }
}
