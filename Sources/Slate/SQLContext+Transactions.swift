import SlateCSQLite

extension SQLContext {
    /// How a transaction takes its locks (`BEGIN DEFERRED|IMMEDIATE|EXCLUSIVE`).
    public enum TransactionKind: String, Sendable {
        /// Locks are taken when first needed: a read lock at the first read, the write
        /// lock at the first write. SQLite's default.
        case deferred = "DEFERRED"
        /// The write lock is taken at once. Use it for read-then-write transactions that
        /// run beside other writers: a deferred one gets `SQLITE_BUSY` on upgrading
        /// without waiting on the busy handler.
        case immediate = "IMMEDIATE"
        /// The write lock is taken at once and, outside WAL mode, readers are kept out.
        case exclusive = "EXCLUSIVE"
    }

    /// Runs `body` in a transaction: it commits when `body` returns and rolls back when it
    /// throws, leaving no trace of it in the database.
    ///
    /// ```swift
    /// try ctx.transaction {
    ///     try ctx.exec(sql: "INSERT INTO TABLE_NAME VALUES(1)")
    ///     try ctx.exec(sql: "INSERT INTO TABLE_NAME VALUES(2)")
    /// }
    /// ```
    ///
    /// - A transaction inside a transaction becomes a savepoint: its throw rolls back only
    ///   its own work, and the outer transaction goes on.
    /// - When SQLite ends the transaction by itself — `RAISE(ROLLBACK)` in a trigger,
    ///   `INSERT OR ROLLBACK`, an interrupt, some I/O and disk-full errors — and `body`
    ///   catches that error and carries on, nothing more runs: every later statement on
    ///   the context inside `body` throws ``SQLError/Code/abortRollback``, and so does the
    ///   transaction when `body` returns. Nothing of the transaction is committed. A
    ///   `COMMIT` or `ROLLBACK` that `body` runs itself ends the transaction the same way.
    /// - `kind: nil` runs `body` without a transaction.
    /// - If `COMMIT` fails with an I/O error, the error's
    ///   ``SQLError/isCommitOutcomeUnknown`` is `true`: SQLite may have committed.
    ///
    /// It `throws` rather than `rethrows`: `BEGIN` and `COMMIT` can fail even when `body`
    /// does not.
    @discardableResult
    public func transaction<T>(_ kind: TransactionKind? = .deferred, _ body: () throws -> T) throws -> T {
        guard let kind else { return try body() }
        let db = try openHandle()
        if sqlite3_get_autocommit(db) == 0 {
            return try savepoint(body)
        }
        try exec(sql: "BEGIN \(kind.rawValue) TRANSACTION")
        let result: T
        do {
            result = try guarded(body)
            if let error = pendingError {
                pendingError = nil
                throw error
            }
        } catch {
            rollbackIfActive()
            throw error
        }
        try commit()
        return result
    }

    /// Runs a transaction closure with the abort guard up: when SQLite ends the transaction
    /// during `body`, the rest of `body` cannot run statements, and this throws the abort
    /// even when `body` returns.
    private func guarded<T>(_ body: () throws -> T) throws -> T {
        connection.enterTransactionBody()
        let result: T
        do {
            result = try body()
        } catch {
            _ = connection.leaveTransactionBody()
            throw error
        }
        if let aborted = connection.leaveTransactionBody() { throw aborted }
        return result
    }

    /// Whether a transaction is open on this connection (SQLite is out of autocommit mode).
    public var isInTransaction: Bool {
        guard let db = connection.db else { return false }
        return sqlite3_get_autocommit(db) == 0
    }

    private func savepoint<T>(_ body: () throws -> T) throws -> T {
        try exec(sql: "SAVEPOINT slate_savepoint")
        do {
            let result = try guarded(body)
            try exec(sql: "RELEASE SAVEPOINT slate_savepoint")
            return result
        } catch {
            if isInTransaction {
                try? exec(sql: "ROLLBACK TO SAVEPOINT slate_savepoint")
                try? exec(sql: "RELEASE SAVEPOINT slate_savepoint")
            }
            throw error
        }
    }

    private func commit() throws {
        do {
            try exec(sql: "COMMIT TRANSACTION")
        } catch var error as SQLError {
            if error.primaryCode == .ioError {
                error.isCommitOutcomeUnknown = true
                error.message = "COMMIT failed with an I/O error, so the transaction may or may not have been committed: \(error.message)"
            }
            rollbackIfActive()
            throw error
        }
    }

    /// Rolls back the open transaction, if SQLite has not already done so.
    func rollbackIfActive() {
        guard isInTransaction else { return }
        try? exec(sql: "ROLLBACK TRANSACTION")
    }
}
