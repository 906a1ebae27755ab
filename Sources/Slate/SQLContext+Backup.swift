import SlateCSQLite

extension SQLContext {
    /// Copies this database into `destination` with SQLite's online backup API, replacing
    /// what `destination` held. Other connections can keep using this database meanwhile.
    ///
    /// - Parameters:
    ///   - destination: the connection whose main database receives the copy.
    ///   - pagesPerStep: how many pages to copy per step; -1 copies everything in one step.
    ///   - progress: called after each step with the pages left and the total.
    public func backup(
        to destination: SQLContext, pagesPerStep: Int32 = -1,
        progress: ((_ remaining: Int32, _ total: Int32) -> Void)? = nil
    ) throws {
        let source = try openHandle()
        let target = try destination.openHandle()
        guard let backup = sqlite3_backup_init(target, "main", source, "main") else {
            throw destination.connection.error(sqlite3_extended_errcode(target), sql: nil)
        }
        var code: Int32
        repeat {
            code = sqlite3_backup_step(backup, pagesPerStep)
            progress?(sqlite3_backup_remaining(backup), sqlite3_backup_pagecount(backup))
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
    public func backup(toFile path: String) throws {
        _ = try openHandle()
        let destination = try SQLContext(path: path, flags: [.create, .readWrite])
        defer { destination.close() }
        try backup(to: destination)
    }
}
