extension SQLPool {
    /// Ends every ``observe(_:)`` stream and every ``changes(bufferLimit:)`` stream now, and
    /// makes those started later end at once, while reads and writes go on as before.
    ///
    /// A server calls it as its graceful shutdown begins: a response that streams an
    /// observation (server-sent events, a WebSocket) then finishes, so the HTTP server's
    /// shutdown, which waits for open responses, completes; requests still in flight keep
    /// reading and writing until the server is done and `close()` is called.
    /// `SlateServiceLifecycle`'s `SQLPoolService` calls it for you.
    ///
    /// ```swift
    /// pool.endObservations()
    /// for try await value in pool.observe({ ctx in try ctx.query(sql: "SELECT 1") }) {
    ///     // never runs: the stream ends without a value
    /// }
    /// try pool.write { ctx in try ctx.exec(sql: "INSERT INTO notes (text) VALUES ('still served')") }
    /// ```
    ///
    /// Each stream ends as it does when the pool closes: an `observe` loop leaves its
    /// `for try await` without an error, a `changes()` iterator returns nil. A value a
    /// stream already delivered stays delivered; a value that was being fetched is dropped.
    /// Idempotent; there is no way back (open a new pool to observe again).
    public func endObservations() {
        observers.finishAll()
    }

    /// How many observations are live now: each ``observe(_:)`` stream not yet ended or
    /// dropped, and each iterator (or not yet iterated stream) of
    /// ``changes(bufferLimit:)``. For metrics and health endpoints, and for tests that a
    /// stream ended when its consumer went away.
    public var observationCount: Int {
        observers.liveCount
    }
}
