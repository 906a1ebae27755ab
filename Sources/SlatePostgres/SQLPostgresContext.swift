#if Postgres
import PostgresNIO
import Slate

/// One connection inside a transaction of ``SQLPostgres``, given to the closures of
/// ``SQLPostgres/write(isolation:retries:_:)`` and ``SQLPostgres/read(readYourWrites:_:)``.
///
/// It belongs to its closure: once the closure ends, its calls throw. Run its statements
/// one after the other (not from several child tasks at once).
///
/// Every statement's rows are read in full inside the call, so that every error the
/// server sends — some arrive only while rows stream — is thrown by that call, with its
/// statement.
public final class SQLPostgresContext: Sendable {
    let connection: PostgresConnection
    let logger: Logger
    let owner: ObjectIdentifier
    /// The write's isolation level; nil in a read.
    let isolation: SQLPostgres.Isolation?
    /// How many times this transaction ran before this run: 0 on the first, 1 after one
    /// retry on SQLSTATE 40001 or 40P01, and so on.
    public let attempt: Int
    /// Whether statements run in a transaction (all but `writeWithoutTransaction`'s).
    let transactional: Bool

    private struct State {
        var open = true
        /// The first failure of a statement: PostgreSQL has aborted the transaction since.
        var failure: SQLPostgresError?
        var savepoints = 0
        /// The savepoints of the nested writes running, outermost first.
        var nested: [Int] = []
    }
    private let state = LockedBox(State())

    init(
        connection: PostgresConnection, logger: Logger, owner: ObjectIdentifier, isolation: SQLPostgres.Isolation?,
        attempt: Int, transactional: Bool
    ) {
        self.transactional = transactional
        self.connection = connection
        self.logger = logger
        self.owner = owner
        self.isolation = isolation
        self.attempt = attempt
    }

    /// For each context, the savepoint of the innermost nested write the current task runs
    /// in (absent outside them).
    @TaskLocal static var scopes: [ObjectIdentifier: Int] = [:]

    var isOpen: Bool { state.withLock { $0.open } }
    var failure: SQLPostgresError? { state.withLock { $0.failure } }
    func finish() { state.withLock { $0.open = false } }

    // MARK: Statements

    /// Runs one statement, `$1`, `$2`… bound to `parameters`, and returns how many rows
    /// it inserted, updated, deleted or returned (0 for statements that report none).
    ///
    /// Text containing NUL and NaN doubles are refused before anything is sent (kind
    /// ``SQLPostgresError/Kind/invalidParameter``): PostgreSQL cannot store the first,
    /// and SQLite stores NULL for the second, so either would make the engines differ.
    @discardableResult
    public func exec(sql: String, parameters: [SQLValue] = []) async throws -> Int {
        try await exec(PostgresQuery(unsafeSQL: sql, binds: try Self.bindings(parameters, sql: sql)))
    }

    /// Runs one query, `$1`, `$2`… bound to `parameters`, and returns its rows (see
    /// ``exec(sql:parameters:)`` for the parameters refused).
    public func query(sql: String, parameters: [SQLValue] = []) async throws -> [SQLPostgresRow] {
        try await query(PostgresQuery(unsafeSQL: sql, binds: try Self.bindings(parameters, sql: sql)))
    }

    /// Runs one statement written with postgres-nio's `PostgresQuery`, whose string
    /// interpolation binds values natively (`"… WHERE id = \(id)"`), and returns how many
    /// rows it affected. Values are bound as postgres-nio encodes them, unchecked.
    @discardableResult
    public func exec(_ query: PostgresQuery) async throws -> Int {
        try ready(query.sql)
        do {
            let metadata = try await connection.query(query, logger: logger) { _ in }.get()
            return metadata.rows ?? 0
        } catch {
            throw fail(error, sql: query.sql)
        }
    }

    /// Runs one query written with postgres-nio's `PostgresQuery` and returns its rows.
    public func query(_ query: PostgresQuery) async throws -> [SQLPostgresRow] {
        try await self.query(query) { $0 }
    }

    /// Runs `query` and returns `transform` of each row, called as the row arrives: the
    /// rows themselves are never collected (what generated code decodes records with).
    ///
    /// Every row is still read: after `transform` throws, the rest are read and dropped,
    /// so that an error the server sends later is thrown (and aborts the transaction) as
    /// for any statement; otherwise `transform`'s first error is thrown once the
    /// statement is over. Its errors are not the server's: they do not abort the
    /// transaction.
    func query<T>(_ query: PostgresQuery, _ transform: (SQLPostgresRow) throws -> T) async throws -> [T] {
        try ready(query.sql)
        var values: [T] = []
        var failure: (any Error)?
        do {
            let sequence = try await connection.query(query, logger: logger)
            let columns = SQLPostgresColumns(sequence.columns)
            for try await row in sequence where failure == nil {
                do {
                    values.append(try transform(SQLPostgresRow(PostgresRandomAccessRow(row), columns)))
                } catch {
                    failure = error
                }
            }
        } catch {
            throw fail(error, sql: query.sql)
        }
        if let failure { throw failure }
        return values
    }

    /// Throws instead of sending when the context is over, the transaction aborted, or
    /// the task cancelled.
    func ready(_ sql: String) throws {
        let scope = Self.scopes[ObjectIdentifier(self)]
        let (open, failure, innermost) = state.withLock { ($0.open, $0.failure, $0.nested.last) }
        guard open else {
            throw SQLPostgresError(
                kind: .misuse, message: "this context's transaction is over: use a context only inside its closure",
                sql: sql)
        }
        if let failure {
            var aborted = SQLPostgresError.aborted(by: failure)
            aborted.message += " (this statement was not run)"
            aborted.sql = sql
            throw aborted
        }
        if innermost != scope { throw Self.besideNestedWrite(sql) }
        if Self.copiesThroughClient(sql) {
            throw SQLPostgresError(
                kind: .misuse,
                message:
                    "COPY from STDIN or to STDOUT is not supported: the server would wait for a stream postgres-nio never answers",
                sql: sql)
        }
        try Task.checkCancellation()
        try checkConnection(sql)
    }

    /// Whether `sql` is a `COPY` through the client: checked in full only when it starts
    /// with `COPY`.
    static func copiesThroughClient(_ sql: String) -> Bool {
        let start = sql.utf8.drop(while: { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }).prefix(4)
        guard start.count == 4, start.elementsEqual("COPY".utf8, by: { $0 & 0xDF == $1 }) else { return false }
        return SQLPostgresScriptStatement(sql: sql, line: 1).copiesThroughClient
    }

    /// A statement or nested write from a task other than the innermost nested write's:
    /// PostgreSQL's savepoints nest, so a rollback of that write would undo this one's
    /// work after it returned (or the reverse).
    static func besideNestedWrite(_ sql: String) -> SQLPostgresError {
        SQLPostgresError(
            kind: .misuse,
            message:
                "a statement or nested write ran beside a nested write of the same transaction, from another task: run them one after the other",
            sql: sql)
    }

    /// A connection the server already closed (`pg_terminate_backend`, a restart) fails
    /// here: postgres-nio may never answer a statement written to a closed channel.
    private func checkConnection(_ sql: String) throws {
        guard connection.isClosed else { return }
        let failure = SQLPostgresError(
            kind: .connectionLost, message: "the connection to the server ended", sql: sql)
        if transactional {
            state.withLock { state in
                if state.failure == nil { state.failure = failure }
            }
        }
        throw failure
    }

    /// `error` as Slate's, remembered as the transaction's failure (PostgreSQL aborts the
    /// transaction on any failed statement).
    func fail(_ error: any Error, sql: String) -> any Error {
        if error is CancellationError {
            return error
        }
        let failure = SQLPostgresError(error, sql: sql)
        if failure.kind == .connectionLost { connectionEnded() }
        guard transactional else { return failure }
        state.withLock { state in
            if state.failure == nil { state.failure = failure }
        }
        return failure
    }

    /// Slate's `SQLValue`s as postgres-nio binds: integers as int8, doubles as float8,
    /// text as text, blobs as bytea, NULL untyped (the server infers it).
    static func bindings(_ parameters: [SQLValue], sql: String) throws -> PostgresBindings {
        var binds = PostgresBindings(capacity: parameters.count)
        for (index, parameter) in parameters.enumerated() {
            switch parameter {
            case .integer(let value):
                binds.append(value)
            case .float(let value):
                guard !value.isNaN else {
                    throw SQLPostgresError(
                        kind: .invalidParameter,
                        message:
                            "parameter $\(index + 1) is a NaN double, which Slate refuses (SQLite would store NULL)",
                        sql: sql)
                }
                binds.append(value)
            case .text(let value):
                guard !value.utf8.contains(0) else {
                    throw SQLPostgresError(
                        kind: .invalidParameter,
                        message: "parameter $\(index + 1) is text containing NUL, which PostgreSQL cannot store",
                        sql: sql)
                }
                binds.append(value)
            case .blob(let value):
                binds.append(ByteBuffer(bytes: value))
            case .null:
                binds.appendNull()
            }
        }
        return binds
    }

    // MARK: Transaction control

    /// BEGIN, COMMIT and the like: not refused after a failure, not remembered as one.
    func control(_ sql: String) async throws {
        guard !connection.isClosed else {
            throw SQLPostgresError(kind: .connectionLost, message: "the connection to the server ended", sql: sql)
        }
        do {
            _ = try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger) { _ in }.get()
        } catch {
            let failure = SQLPostgresError(error, sql: sql)
            if failure.kind == .connectionLost { connectionEnded() }
            throw failure
        }
    }

    /// Closes a connection found dead, so that the pool replaces it rather than lease it
    /// again (it may not have seen the end yet).
    func connectionEnded() {
        let closing: EventLoopFuture<Void> = connection.close()
        _ = closing
    }

    func commit() async throws {
        do {
            try await control("COMMIT")
        } catch var error as SQLPostgresError where error.kind == .connectionLost {
            error.kind = .commitOutcomeUnknown
            error.message =
                "the connection ended while COMMIT ran: the transaction may or may not have committed (\(error.message))"
            throw error
        }
    }

    /// Rolls back, whatever state the transaction is in; a dead connection has nothing
    /// to roll back (the server did it).
    func rollback() async {
        try? await control("ROLLBACK")
    }

    /// A `write` inside a `write`: a savepoint on this connection, released when `body`
    /// returns, rolled back to when it throws (clearing the failure it caused). A
    /// retryable failure is left in place, so that the outer transaction runs again.
    func nestedWrite<T: Sendable>(
        isolation: SQLPostgres.Isolation, _ body: @Sendable (SQLPostgresContext) async throws -> T
    ) async throws -> T {
        guard let outer = self.isolation else {
            throw SQLPostgresError(
                kind: .misuse,
                message: transactional
                    ? "write inside a read: a read's transaction is read-only"
                    : "write inside writeWithoutTransaction: there is no transaction to nest in")
        }
        guard isolation.rank <= outer.rank else {
            throw SQLPostgresError(
                kind: .misuse,
                message:
                    "a nested write cannot ask for a stricter isolation (\(isolation)) than its transaction's (\(outer))"
            )
        }
        try ready("SAVEPOINT")
        // Checked and entered at once, so that of two tasks starting one at the same time,
        // one is refused.
        let scope = Self.scopes[ObjectIdentifier(self)]
        let number = state.withLock { state -> Int? in
            guard state.nested.last == scope else { return nil }
            state.savepoints += 1
            state.nested.append(state.savepoints)
            return state.savepoints
        }
        guard let number else { throw Self.besideNestedWrite("SAVEPOINT") }
        defer { state.withLock { $0.nested.removeAll { $0 == number } } }
        let name = "slate_savepoint_\(number)"
        var scopes = Self.scopes
        scopes[ObjectIdentifier(self)] = number
        try await control("SAVEPOINT \(name)")
        do {
            let value = try await Self.$scopes.withValue(scopes) { try await body(self) }
            if let failure {
                throw SQLPostgresError.aborted(by: failure)
            }
            try await control("RELEASE SAVEPOINT \(name)")
            return value
        } catch {
            if let failure, failure.isRetryable || failure.kind == .connectionLost { throw error }
            if (error as? SQLPostgresError)?.kind == .connectionLost { throw error }
            try await control("ROLLBACK TO SAVEPOINT \(name)")
            state.withLock { $0.failure = nil }
            throw error
        }
    }

    /// `error`, with the table named when it is a mismatch that knows only the table's
    /// OID: looked up now, once, because only an error needs it.
    func resolved(_ error: any Error) async -> any Error {
        guard var failure = error as? SQLPostgresError, failure.kind == .mismatch, failure.table == nil,
            failure.tableOID != 0
        else { return error }
        let query: PostgresQuery =
            "SELECT n.nspname, c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = \(Int64(UInt32(bitPattern: failure.tableOID)))::oid"
        if let sequence = try? await connection.query(query, logger: logger) {
            do {
                for try await (schema, table) in sequence.decode((String, String).self) {
                    failure.schema = schema
                    failure.table = table
                    failure.tableOID = 0
                }
            } catch {}
        }
        return failure
    }
}

extension SQLPostgres.Isolation {
    var rank: Int {
        switch self {
        case .readCommitted: 0
        case .repeatableRead: 1
        case .serializable: 2
        }
    }
}

extension SQLPostgresError {
    /// The error of a transaction that `failure` aborted.
    static func aborted(by failure: SQLPostgresError) -> SQLPostgresError {
        var error = failure
        error.kind = .transactionAborted
        error.message = "an earlier statement failed: \(failure.message)"
        return error
    }
}
#endif
