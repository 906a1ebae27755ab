/// A transaction on a generated database: it offers the database's API (`tx.people`,
/// `tx.insert(…)`), and everything done through it commits or rolls back together.
///
/// You get one inside ``SQLDatabase``'s `transaction(_:)` and `readTransaction(_:)`; it is
/// valid only inside that closure.
public struct SQLTransaction<Database: SQLDatabase>: SQLRecordStore {
    /// The connection the transaction runs on, for SQL of your own.
    public let context: SQLContext

    /// Wraps a connection that is in a transaction.
    public init(context: SQLContext) {
        self.context = context
    }

    /// Runs `body` on the transaction's connection.
    @inlinable
    public func withReadContext<T: Sendable>(_ body: (SQLContext) throws -> T) throws -> T {
        try body(context)
    }

    /// Runs `body` on the transaction's connection.
    @inlinable
    public func withWriteContext<T: Sendable>(_ body: (SQLContext) throws -> T) throws -> T {
        try body(context)
    }

    /// Runs `body` in a savepoint: a throw rolls back what `body` did, and the transaction
    /// goes on.
    public func transaction<T>(_ body: (SQLTransaction<Database>) throws -> T) throws -> T {
        try context.transaction { try body(self) }
    }
}
