import Logging

extension SQLDatabase {
    /// The result of `fetch`, now and again after each commit that changed a table it
    /// reads (or another connection's commit, which may have changed any), skipping results
    /// equal to the last one: `SQLPool.observe(_:)` with the database's typed API in the
    /// closure, as in `readTransaction(_:)`.
    ///
    /// ```swift
    /// for try await openCount in db.observe({ tx in try tx.issues.fetchCount(where: { $0.status == "open" }) }) {
    ///     send(openCount)
    /// }
    /// ```
    ///
    /// `fetch` runs in a read transaction on a reader, off the caller's task. The stream
    /// ends when the database closes, and fails with the error `fetch` throws.
    public func observe<Value: Sendable & Equatable>(
        _ fetch: @escaping @Sendable (SQLTransaction<Self>) throws -> Value
    ) -> AsyncThrowingStream<Value, any Error> {
        pool.observe { context in try fetch(SQLTransaction(context: context)) }
    }

    /// `observe(_:)`, each run of `fetch` logging to `logger` (see
    /// `SQLPool.write(logger:_:)`).
    public func observe<Value: Sendable & Equatable>(
        logger: Logger, _ fetch: @escaping @Sendable (SQLTransaction<Self>) throws -> Value
    ) -> AsyncThrowingStream<Value, any Error> {
        pool.observe(logger: logger) { context in try fetch(SQLTransaction(context: context)) }
    }

    /// What each committed write transaction changed: `SQLPool.changes(bufferLimit:)`.
    public func changes(bufferLimit: Int = 1024) -> SQLChangeStream {
        pool.changes(bufferLimit: bufferLimit)
    }

    /// `transaction(_:)`, every statement of it logging to `logger` (a request's
    /// logger, whose metadata then is on Slate's lines) instead of the connections' own;
    /// see `SQLPool.write(logger:_:)`.
    public func transaction<T: Sendable>(logger: Logger, _ body: (SQLTransaction<Self>) throws -> T) throws -> T {
        try pool.write(logger: logger) { context in try body(SQLTransaction(context: context)) }
    }

    /// `readTransaction(_:)`, logging to `logger` (see
    /// `transaction(logger:_:)`).
    public func readTransaction<T: Sendable>(logger: Logger, _ body: (SQLTransaction<Self>) throws -> T) throws -> T {
        try pool.read(logger: logger) { context in try body(SQLTransaction(context: context)) }
    }

    /// `transaction(_:)` for async code, logging to `logger` (see
    /// `transaction(logger:_:)`).
    public func transaction<T: Sendable>(
        logger: Logger, _ body: @escaping @Sendable (SQLTransaction<Self>) throws -> T
    ) async throws -> T {
        try await pool.write(logger: logger) { context in try body(SQLTransaction(context: context)) }
    }

    /// `readTransaction(_:)` for async code, logging to `logger` (see
    /// `transaction(logger:_:)`).
    public func readTransaction<T: Sendable>(
        logger: Logger, _ body: @escaping @Sendable (SQLTransaction<Self>) throws -> T
    ) async throws -> T {
        try await pool.read(logger: logger) { context in try body(SQLTransaction(context: context)) }
    }
}
