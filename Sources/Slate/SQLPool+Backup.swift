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
    /// reader's worker thread, and cancelling the task stops it (the file is left as it was).
    public func backup(
        toFile path: String, pagesPerStep: Int32 = -1,
        progress: (@Sendable (_ remaining: Int32, _ total: Int32) throws -> Void)? = nil
    ) async throws {
        try await read { context in
            try context.backup(toFile: path, pagesPerStep: pagesPerStep, progress: progress)
        }
    }
}
