/// A record store on an `SQLPool`: a generated database, or the pool itself. Its
/// operations have async variants, which run off the caller's task.
public protocol SQLPooledStore: SQLRecordStore, Sendable {
    /// The pool the store runs on.
    var pool: SQLPool { get }
}

extension SQLPool: SQLPooledStore {
    /// The pool itself.
    public var pool: SQLPool { self }

    /// Runs one read on a reader, without a transaction: each call is one statement.
    @inlinable
    public func withReadContext<T: Sendable>(_ body: (SQLContext) throws -> T) throws -> T {
        try readWithoutTransaction(body)
    }

    /// Runs one write on the writer; a single statement commits on its own.
    @inlinable
    public func withWriteContext<T: Sendable>(_ body: (SQLContext) throws -> T) throws -> T {
        try writeWithoutTransaction(body)
    }
}
