extension SQLPool {
    /// Copies the pool's database into `destination` as one consistent snapshot, while
    /// the pool goes on serving reads and writes.
    ///
    /// The copy is read on a reader inside one read transaction, so it holds the database
    /// as it was when the backup started: writes committed meanwhile (in WAL mode they go on
    /// beside it) are not in it, and no write is half in it. An in-memory pool copies from
    /// its only connection, between writes.
    ///
    /// ```swift
    /// let copy = try SQLContext(path: backupPath)
    /// try pool.backup(to: copy)
    /// ```
    ///
    /// `pagesPerStep` and `progress` are as for
    /// ``SQLContext/backup(to:pagesPerStep:progress:)``: throwing from `progress` stops the
    /// copy, and `destination` keeps what it held before.
    public func backup(
        to destination: SQLContext, pagesPerStep: Int32 = -1,
        progress: ((_ remaining: Int32, _ total: Int32) throws -> Void)? = nil
    ) throws {
        try read { context in
            try context.backup(to: destination, pagesPerStep: pagesPerStep, progress: progress)
        }
    }

    /// Copies the pool's database into the file at `path` (created or replaced) as one
    /// consistent snapshot; see ``backup(to:pagesPerStep:progress:)``.
    public func backup(
        toFile path: String, pagesPerStep: Int32 = -1,
        progress: ((_ remaining: Int32, _ total: Int32) throws -> Void)? = nil
    ) throws {
        try read { context in
            try context.backup(toFile: path, pagesPerStep: pagesPerStep, progress: progress)
        }
    }

    /// ``backup(toFile:pagesPerStep:progress:)`` for async code: the copy is made on a
    /// reader's worker thread, and cancelling the task stops it between two steps with
    /// `CancellationError` (the file is left as it was). With the default `pagesPerStep`
    /// of -1 the copy is one step, which runs to its end: pass a page count to make a long
    /// copy stoppable.
    public func backup(
        toFile path: String, pagesPerStep: Int32 = -1,
        progress: (@Sendable (_ remaining: Int32, _ total: Int32) throws -> Void)? = nil
    ) async throws {
        try await runAsync(PoolCall(requested: .reader, name: "backup", isAsync: true)) { context, job in
            try self.readTransaction(context) { context in
                // SQLite's interrupt does not reach a backup step: the copy checks for
                // cancellation between steps (and keeps a copy that is already complete).
                try context.backup(toFile: path, pagesPerStep: pagesPerStep) { remaining, total in
                    if remaining > 0, job.isCancelled { throw CancellationError() }
                    try progress?(remaining, total)
                }
            }
        }
    }
}
