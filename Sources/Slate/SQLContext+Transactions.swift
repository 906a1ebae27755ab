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
    ///   its own work, and the outer transaction goes on. A closure that releases or rolls
    ///   back that savepoint itself makes its work inseparable from the outer
    ///   transaction's: the whole transaction is then rolled back and aborted (the nested
    ///   call throws ``SQLError/Code/misuse``, the outer one ``SQLError/Code/abortRollback``).
    ///   The savepoints are named `slate_savepoint_` and the depth: give your own savepoints
    ///   other names, since SQLite takes a name for the latest savepoint by it.
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

    /// A nested transaction: `body` in a savepoint of its own, released when it returns and
    /// rolled back to when it throws.
    ///
    /// When the savepoint cannot be rolled back to or released — `body` released it or
    /// rolled it back itself (`RELEASE`, `ROLLBACK TO` of it or of a savepoint around it),
    /// or SQLite failed — `body`'s work can no longer be told apart from the enclosing
    /// transaction's. Then the whole enclosing transaction is rolled back and aborted: the
    /// rest of the outer closure cannot run statements, the outer `transaction` throws
    /// ``SQLError/Code/abortRollback``, and this throws ``SQLError/Code/misuse`` saying why.
    private func savepoint<T>(_ body: () throws -> T) throws -> T {
        // One name per depth, so that a savepoint never stands for one around it.
        let name = "slate_savepoint_\(connection.transactionBodyDepth)"
        try exec(sql: "SAVEPOINT \(name)")
        let result: T
        do {
            result = try guarded(body)
        } catch {
            if isInTransaction {
                do {
                    try exec(sql: "ROLLBACK TO SAVEPOINT \(name)")
                    try exec(sql: "RELEASE SAVEPOINT \(name)")
                } catch let failure {
                    throw abortEnclosingTransaction(because: failure, after: error)
                }
            }
            throw error
        }
        do {
            try exec(sql: "RELEASE SAVEPOINT \(name)")
        } catch let failure {
            throw abortEnclosingTransaction(because: failure, after: nil)
        }
        return result
    }

    /// Rolls back the whole transaction, whose nested transaction's savepoint could not be
    /// rolled back to or released (`failure`), and aborts it: the outer closure's later
    /// statements and its end throw. Returns the error for the nested transaction.
    private func abortEnclosingTransaction(because failure: any Error, after bodyError: (any Error)?) -> SQLError {
        let reason = (failure as? SQLError)?.message ?? String(describing: failure)
        var message =
            "a nested transaction's savepoint could not be "
            + (bodyError == nil ? "released" : "rolled back to")
            + " (\(reason)): its closure released or rolled back the savepoint itself, so its work could not be told apart from the enclosing transaction's, and the whole transaction was rolled back"
        if let bodyError {
            message +=
                "; the closure had thrown: " + ((bodyError as? SQLError)?.message ?? String(describing: bodyError))
        }
        let error = SQLError(code: .misuse, message: message)
        let inClosure = connection.transactionBodyDepth > 0
        if inClosure, connection.transactionAbortCause == nil { connection.transactionAbortCause = error }
        rollbackIfActive()
        // The rollback hook marks the transaction aborted; mark it too should the rollback
        // itself have failed.
        if inClosure { connection.transactionWasAborted = true }
        return error
    }

    private func commit() throws {
        do {
            try exec(sql: "COMMIT TRANSACTION")
        } catch var error as SQLError {
            if error.primaryCode == .ioError {
                error.isCommitOutcomeUnknown = true
                error.message =
                    "COMMIT failed with an I/O error, so the transaction may or may not have been committed: \(error.message)"
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
