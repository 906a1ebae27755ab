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
        guard let backup = sqlite3_backup_init(target, "main", source, "main") else {
            throw destination.connection.error(sqlite3_extended_errcode(target), sql: nil)
        }
        var code: Int32
        repeat {
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
                sqlite3_sleep(10)
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

    /// Copies this database into the file at `path`, creating or replacing it.
    ///
    /// `progress` is as for ``backup(to:pagesPerStep:progress:)``: throwing from it stops
    /// the copy, leaving the file as it was (a file that did not exist is left empty).
    public func backup(
        toFile path: String, pagesPerStep: Int32 = -1,
        progress: ((_ remaining: Int32, _ total: Int32) throws -> Void)? = nil
    ) throws {
        _ = try openHandle()
        let destination = try SQLContext(path: path, flags: [.create, .readWrite])
        defer { destination.close() }
        try backup(to: destination, pagesPerStep: pagesPerStep, progress: progress)
    }
}
