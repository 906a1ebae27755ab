import SlateCSQLite

extension SQLContext {
    /// Copies this database into `destination` with SQLite's online backup API, replacing
    /// what `destination` held. Other connections can keep using this database meanwhile.
    ///
    /// `progress` is called after each step with the pages left to copy and the total. It
    /// can stop the copy by throwing: the backup is abandoned, `destination` keeps what it
    /// held before the backup started (SQLite writes it in one transaction, rolled back when
    /// the backup does not finish), and the error `progress` threw is rethrown as is. (Its
    /// last call, with 0 pages left, comes once the copy is complete: a throw from that one
    /// is rethrown too, and `destination` then holds the whole copy.)
    ///
    /// While another connection holds a lock the copy needs, a step is retried for up to
    /// `destination`'s ``busyTimeout``; then the backup is abandoned with
    /// ``SQLError/Code/busy``, and `destination` keeps what it held. A database cannot be
    /// backed up into its own file, nor from inside a write transaction on this connection.
    ///
    /// ```swift
    /// try source.backup(to: destination, pagesPerStep: 100) { remaining, total in
    ///     if shouldStop { throw CancellationError() }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - destination: the connection whose main database receives the copy.
    ///   - pagesPerStep: how many pages to copy per step; -1 copies everything in one step.
    ///   - progress: called after each step with the pages left and the total; throw to stop.
    public func backup(
        to destination: SQLContext, pagesPerStep: Int32 = -1,
        progress: ((_ remaining: Int32, _ total: Int32) throws -> Void)? = nil
    ) throws {
        let source = try openHandle()
        let target = try destination.openHandle()
        try refuseBackupInsideWrite(source)
        try Self.refuseBackupIntoItself(source, target)
        guard let backup = sqlite3_backup_init(target, "main", source, "main") else {
            throw destination.connection.error(sqlite3_extended_errcode(target), sql: nil)
        }
        // A lock that another connection holds for longer than the destination's busy
        // timeout (SQLite waits on its busy handler) ends the copy with SQLITE_BUSY,
        // rather than retrying for ever.
        let patience = max(destination.busyTimeout, .milliseconds(10))
        let clock = ContinuousClock()
        var waitingSince: ContinuousClock.Instant?
        var code: Int32
        repeat {
            let stepStarted = clock.now
            code = sqlite3_backup_step(backup, pagesPerStep)
            if let progress, code == SQLITE_OK || code == SQLITE_BUSY || code == SQLITE_LOCKED || code == SQLITE_DONE {
                do {
                    try progress(sqlite3_backup_remaining(backup), sqlite3_backup_pagecount(backup))
                } catch {
                    // Unless the last step is done, finishing rolls back what the
                    // destination received.
                    sqlite3_backup_finish(backup)
                    throw error
                }
            }
            if code == SQLITE_BUSY || code == SQLITE_LOCKED {
                let since = waitingSince ?? stepStarted
                waitingSince = since
                if clock.now - since >= patience { break }
                sqlite3_sleep(10)
            } else {
                waitingSince = nil
            }
        } while code == SQLITE_OK || code == SQLITE_BUSY || code == SQLITE_LOCKED
        let finish = sqlite3_backup_finish(backup)
        if code != SQLITE_DONE {
            throw destination.connection.error(code, sql: nil)
        }
        if finish != SQLITE_OK {
            throw destination.connection.error(finish, sql: nil)
        }
    }

    /// Throws when this connection is inside a write transaction on its main database:
    /// every step of the copy would be busy until that transaction ends.
    private func refuseBackupInsideWrite(_ source: OpaquePointer) throws {
        guard sqlite3_txn_state(source, "main") == SQLITE_TXN_WRITE else { return }
        throw SQLError(
            code: .misuse,
            message:
                "cannot back up a database from inside a write transaction on the same connection: the copy would wait for it to end; back up once it has committed"
        )
    }

    /// Throws when `source` and `target` are the same database file: SQLite would either
    /// wait for ever on the source's own lock or copy the file onto itself.
    private static func refuseBackupIntoItself(_ source: OpaquePointer, _ target: OpaquePointer) throws {
        guard let from = sqlite3_db_filename(source, "main"), let to = sqlite3_db_filename(target, "main") else {
            return
        }
        let path = String(cString: from)
        guard !path.isEmpty, path == String(cString: to) else { return }
        throw SQLError(code: .misuse, message: "cannot back up a database into its own file \(path)")
    }

    /// Copies this database into the file at `path`, creating or replacing it.
    ///
    /// `progress` is as for ``backup(to:pagesPerStep:progress:)``: throwing from it stops
    /// the copy, leaving the file as it was (a file that did not exist is left empty).
    public func backup(
        toFile path: String, pagesPerStep: Int32 = -1,
        progress: ((_ remaining: Int32, _ total: Int32) throws -> Void)? = nil
    ) throws {
        try refuseBackupInsideWrite(try openHandle())
        let destination = try SQLContext(path: path, flags: [.create, .readWrite])
        defer { destination.close() }
        try backup(to: destination, pagesPerStep: pagesPerStep, progress: progress)
    }
}
