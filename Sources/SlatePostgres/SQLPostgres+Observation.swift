#if Postgres
import Logging
import PostgresNIO
import Slate

extension SQLPostgres {
    /// The channel Slate's change triggers notify on: each commit that changed a table
    /// with ``installChangeNotifications(tables:)``'s trigger sends one notification,
    /// the table's schema and name joined by a dot (`public.item`), whoever committed.
    /// Another client may `LISTEN` on it too.
    public static let changeChannel = "slate_changes"

    /// The name of the trigger, and of its function, that
    /// ``installChangeNotifications(tables:)`` creates.
    static let changeTrigger = "slate_notify_change"

    /// The advisory lock installations take turns on: the ASCII text `SlateNtf` read as
    /// a big-endian 64-bit integer (another key than the schema evolution's).
    static let changeLockKey: Int64 = 0x536C_6174_654E_7466

    /// Makes every commit that changes the tables `tables` (literal names in the
    /// session's current schema, `public` by default; every table of that schema when
    /// nil) announce itself on ``changeChannel``, so that
    /// ``observe(tables:_:)`` sees it, whatever process or client committed.
    ///
    /// It creates a function and, on each table, a statement-level trigger
    /// `AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE` that calls `pg_notify`. PostgreSQL
    /// sends notifications only when the transaction commits (none for one rolled
    /// back) and sends one per table per transaction, however many rows and statements
    /// changed it. Call it after the schema is bootstrapped, and again after creating a
    /// table later: a table made after the call has no trigger (observing it throws).
    ///
    /// Idempotent, and safe to call from several app instances at once: the calls take
    /// turns on an advisory lock, in one transaction each, replacing what is there.
    ///
    /// - Returns: the names of the tables that now notify, sorted.
    /// - Throws: ``SQLPostgresError`` of kind ``SQLPostgresError/Kind/misuse`` naming a
    ///   table that does not exist in the schema, or is not a table (a view), with
    ///   nothing installed; the server's error otherwise.
    @discardableResult
    public func installChangeNotifications(tables: [String]? = nil) async throws -> [String] {
        try await write { context in
            _ = try await context.query(
                sql: "SELECT pg_advisory_xact_lock($1)", parameters: [.integer(Self.changeLockKey)])
            let schema = try await Self.currentSchema(context, for: "installChangeNotifications")
            let function = "\(Self.quoted(schema)).\(Self.quoted(Self.changeTrigger))"
            try await context.exec(
                sql: """
                    CREATE OR REPLACE FUNCTION \(function)() RETURNS trigger LANGUAGE plpgsql AS $slate$
                    BEGIN
                        PERFORM pg_notify('\(Self.changeChannel)', TG_TABLE_SCHEMA || '.' || TG_TABLE_NAME);
                        RETURN NULL;
                    END
                    $slate$
                    """)
            var names: [String]
            if let tables {
                names = []
                for table in tables {
                    guard let kind = try await Self.relationKind(table, schema: schema, context) else {
                        throw SQLPostgresError(
                            kind: .misuse,
                            message:
                                "installChangeNotifications: there is no table \(Self.quoted(table)) in schema \(Self.quoted(schema))",
                            table: table)
                    }
                    guard kind == "r" || kind == "p" else {
                        throw SQLPostgresError(
                            kind: .misuse,
                            message:
                                "installChangeNotifications: \(Self.quoted(schema)).\(Self.quoted(table)) is not a table (a view or another relation has no change trigger; name the tables it reads)",
                            table: table)
                    }
                    if !names.contains(table) { names.append(table) }
                }
            } else {
                names = try await context.query(
                    sql: """
                        SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                        WHERE n.nspname = $1 AND c.relkind IN ('r', 'p') AND NOT c.relispartition
                        """,
                    parameters: [.text(schema)]
                ).map { try $0.get(0, as: String.self) }
            }
            names.sort()
            for name in names {
                let table = "\(Self.quoted(schema)).\(Self.quoted(name))"
                // Drop and create rather than CREATE OR REPLACE TRIGGER (PostgreSQL 14):
                // under the lock, in one transaction, others see the one or the other.
                try await context.exec(sql: "DROP TRIGGER IF EXISTS \(Self.quoted(Self.changeTrigger)) ON \(table)")
                try await context.exec(
                    sql: """
                        CREATE TRIGGER \(Self.quoted(Self.changeTrigger))
                        AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON \(table)
                        FOR EACH STATEMENT EXECUTE FUNCTION \(function)()
                        """)
            }
            return names
        }
    }

    /// The result of `fetch`, now and again after each commit that changed one of the
    /// tables `tables`, skipping results equal to the last one — as Slate's
    /// `SQLPool.observe` does on SQLite.
    ///
    /// ```swift
    /// let counts = database.observe(tables: ["item"]) { context in
    ///     try await context.query(sql: "SELECT count(*) FROM item")[0]
    ///         .get(0, as: Int64.self)
    /// }
    /// for try await count in counts { print(count) }
    /// ```
    ///
    /// `tables` are literal names in the session's current schema, each with the
    /// trigger of ``installChangeNotifications(tables:)``; name every table `fetch`
    /// reads (the tables under a view, too). They are checked at the first run, and
    /// again after each reconnect: a missing table, or one without the trigger (one
    /// dropped and made again, say), ends the stream with an error of kind
    /// ``SQLPostgresError/Kind/misuse`` that names it.
    ///
    /// Changes come through `LISTEN` on one connection of its own per database, opened
    /// with the first observation and closed when the last one ends, shared by all.
    /// Commits by any process or client are seen, this database's own too. Each run of
    /// `fetch` is a ``read(readYourWrites:_:)`` on the primary (a replica may not have
    /// the commit yet): one snapshot, taken after the notification arrived, so it holds
    /// the commit that sent it and every earlier one.
    ///
    /// Guarantees:
    /// - The first value comes once the listening connection listens, so no commit
    ///   after that first snapshot is missed.
    /// - Notifications that arrive while `fetch` runs give one more run, never none:
    ///   after a burst of commits, the last state is delivered, in fewer values.
    /// - Values come in the order of the snapshots they were read in. A consumer slower
    ///   than them gets the newest one (older ones waiting are dropped).
    /// - When the listening connection is lost (a server restart, a terminated
    ///   backend), it is made again, with a growing pause (25 ms up to 1 s), and every
    ///   observation runs once more whatever changed, since commits made meanwhile sent
    ///   no notification it could see. A run that cannot reach the server is retried
    ///   the same way. After ``Configuration/observationReconnectTimeout`` without the
    ///   server, the stream ends with an error of kind
    ///   ``SQLPostgresError/Kind/connection`` that says why.
    ///
    /// The stream ends when ``close()`` is called, and with the error `fetch` throws
    /// (a query's ``SQLPostgresError``). Cancelling the task that iterates it ends the
    /// observation.
    public func observe<Value: Sendable & Equatable>(
        tables: [String], _ fetch: @escaping @Sendable (SQLPostgresContext) async throws -> Value
    ) -> AsyncThrowingStream<Value, any Error> {
        AsyncThrowingStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
            guard !tables.isEmpty else {
                continuation.finish(
                    throwing: SQLPostgresError(
                        kind: .misuse, message: "observe: name the tables the query reads (none given)"))
                return
            }
            let (wakeups, waker) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
            let listener = changeListener
            let id = listener.nextID()
            // Whether the next run checks the tables: the first, and the first after
            // each (re)connect (a table dropped and made again meanwhile lost its trigger).
            let check = LockedBox(true)
            // Task-locals are inherited: an observation started inside a `write` must
            // not join its transaction.
            let worker = Task {
                await Self.$current.withValue(nil) {
                    var last: Value?
                    for await _ in wakeups {
                        let checking = check.withLock { checking in
                            defer { checking = false }
                            return checking
                        }
                        do {
                            let value = try await self.observedRun(tables: tables, check: checking, id: id, fetch)
                            if value != last {
                                last = value
                                continuation.yield(value)
                            }
                        } catch {
                            continuation.finish(throwing: error is CancellationError ? nil : error)
                            break
                        }
                    }
                    continuation.finish()
                }
            }
            let entry = ChangeListener.Entry(
                wake: { recheck in
                    if recheck { check.withLock { $0 = true } }
                    waker.yield()
                },
                end: { error in
                    // The stream first: the worker, once woken for the last time, would
                    // finish it without the error.
                    continuation.finish(throwing: error)
                    waker.finish()
                    worker.cancel()
                })
            continuation.onTermination = { _ in
                waker.finish()
                worker.cancel()
                listener.remove(id)
            }
            if !listener.add(id, entry) {
                waker.finish()
                worker.cancel()
                continuation.finish(throwing: SQLPostgresError(kind: .misuse, message: "the database is closed"))
            }
        }
    }

    /// One run of an observation's `fetch` on the primary, checking its tables first
    /// when `check`; a run that cannot reach the server is tried again until the
    /// reconnect timeout.
    private func observedRun<Value: Sendable>(
        tables: [String], check: Bool, id: UInt64,
        _ fetch: @escaping @Sendable (SQLPostgresContext) async throws -> Value
    ) async throws -> Value {
        let clock = ContinuousClock()
        let start = clock.now
        var attempt = 0
        while true {
            do {
                return try await read(readYourWrites: true) { context in
                    if check {
                        let keys = try await Self.observedKeys(tables, context)
                        self.changeListener.setKeys(id, keys)
                    }
                    return try await fetch(context)
                }
            } catch let error as SQLPostgresError where error.kind == .connection || error.kind == .connectionLost {
                guard clock.now - start < configuration.observationReconnectTimeout else { throw error }
                attempt += 1
                try await Task.sleep(for: ChangeListener.pause(attempt: attempt))
            }
        }
    }

    /// The notification payloads of `tables` (`schema.table`), each checked to exist
    /// and have the change trigger.
    private static func observedKeys(_ tables: [String], _ context: SQLPostgresContext) async throws -> Set<String> {
        let schema = try await currentSchema(context, for: "observe")
        var keys = Set<String>()
        for table in tables {
            let rows = try await context.query(
                sql: """
                    SELECT EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgrelid = c.oid AND t.tgname = $3)
                    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                    WHERE n.nspname = $1 AND c.relname = $2
                    """,
                parameters: [.text(schema), .text(table), .text(changeTrigger)])
            guard let row = rows.first else {
                throw SQLPostgresError(
                    kind: .misuse, message: "observe: there is no table \(quoted(table)) in schema \(quoted(schema))",
                    table: table)
            }
            guard try row.get(0, as: Bool.self) else {
                throw SQLPostgresError(
                    kind: .misuse,
                    message:
                        "observe: table \(quoted(schema)).\(quoted(table)) does not notify its changes: call installChangeNotifications(tables:) for it first",
                    table: table)
            }
            keys.insert(schema + "." + table)
        }
        return keys
    }

    /// The session's current schema (the first of `search_path` that exists).
    private static func currentSchema(_ context: SQLPostgresContext, for call: String) async throws -> String {
        let rows = try await context.query(sql: "SELECT current_schema()")
        guard let schema = try rows.first?.get(0, as: String?.self) else {
            throw SQLPostgresError(
                kind: .misuse,
                message: "\(call): the session has no current schema (search_path names none that exists)")
        }
        return schema
    }

    /// `pg_class.relkind` of `table` in `schema`; nil when there is none.
    private static func relationKind(
        _ table: String, schema: String, _ context: SQLPostgresContext
    ) async throws -> String? {
        try await context.query(
            sql: """
                SELECT c.relkind::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE n.nspname = $1 AND c.relname = $2
                """,
            parameters: [.text(schema), .text(table)]
        ).first?.get(0, as: String.self)
    }

    /// `name` as a quoted identifier.
    static func quoted(_ name: String) -> String {
        "\"" + name.replacing("\"", with: "\"\"") + "\""
    }
}

/// The listening connection of one ``SQLPostgres``, shared by its observations: made
/// with the first, closed with the last, made again when lost.
final class ChangeListener: Sendable {
    /// What the listener knows of one observation.
    struct Entry: Sendable {
        /// The payloads that concern it; nil (any) until its first run resolved them.
        var keys: Set<String>? = nil
        /// Asks for one more run (coalesced with any already asked for); one that checks
        /// the tables again when true.
        var wake: @Sendable (Bool) -> Void
        /// Ends it: with an error, or normally when nil.
        var end: @Sendable ((any Error)?) -> Void
    }

    private struct State {
        var nextID: UInt64 = 0
        var entries: [UInt64: Entry] = [:]
        /// The task that holds the connection, while anyone observes.
        var task: Task<Void, Never>?
        /// Which task is the current one (one being cancelled may still be ending).
        var generation = 0
        /// Whether the current task's connection listens now.
        var listening = false
        var closed = false
        /// The tasks cancelled and not yet awaited, for `close()`.
        var ending: [Int: Task<Void, Never>] = [:]
    }

    private let state = LockedBox(State())
    private let server: SQLPostgres.Server
    private let timeout: Duration
    private let logger: Logger

    init(server: SQLPostgres.Server, timeout: Duration, logger: Logger) {
        self.server = server
        self.timeout = timeout
        self.logger = logger
    }

    func nextID() -> UInt64 {
        state.withLock {
            $0.nextID += 1
            return $0.nextID
        }
    }

    /// Registers an observation; it runs at once when the connection listens already,
    /// else when it does. False when the database is closed.
    func add(_ id: UInt64, _ entry: Entry) -> Bool {
        let (added, wake) = state.withLock { state -> (Bool, Bool) in
            if state.closed { return (false, false) }
            state.entries[id] = entry
            if state.task == nil {
                state.generation += 1
                state.listening = false
                let generation = state.generation
                state.task = Task { await self.listen(generation: generation) }
                return (true, false)
            }
            return (true, state.listening)
        }
        if wake { entry.wake(true) }
        return added
    }

    /// Forgets an observation; the last one gone closes the connection.
    func remove(_ id: UInt64) {
        state.withLock { state in
            guard state.entries.removeValue(forKey: id) != nil, state.entries.isEmpty, let task = state.task else {
                return
            }
            task.cancel()
            state.ending[state.generation] = task
            state.task = nil
            state.listening = false
        }
    }

    func setKeys(_ id: UInt64, _ keys: Set<String>) {
        state.withLock { $0.entries[id]?.keys = keys }
    }

    /// Ends every observation and closes the connection, waiting until it is closed.
    func close() async {
        let (entries, tasks) = state.withLock { state -> ([Entry], [Task<Void, Never>]) in
            state.closed = true
            let entries = Array(state.entries.values)
            state.entries = [:]
            var tasks = Array(state.ending.values)
            if let task = state.task { tasks.append(task) }
            state.task = nil
            state.ending = [:]
            state.listening = false
            return (entries, tasks)
        }
        for task in tasks { task.cancel() }
        for entry in entries { entry.end(nil) }
        for task in tasks { await task.value }
    }

    /// Whether a listening connection is open or being made (for tests).
    var isActive: Bool { state.withLock { $0.task != nil } }

    /// The pause before attempt `attempt` to reconnect: 25 ms, doubling, at most 1 s.
    static func pause(attempt: Int) -> Duration {
        .milliseconds(min(1_000, 25 << min(attempt - 1, 6)))
    }

    private func connectionConfiguration() throws -> PostgresConnection.Configuration {
        let seconds = max(1, min(10, Int(timeout.components.seconds)))
        return try server.connectionConfiguration(connectTimeout: .seconds(Int64(seconds)))
    }

    /// The listening task: connect, LISTEN, wake every observation, pass notifications
    /// on; when the connection ends, again after a pause, until the timeout.
    private func listen(generation: Int) async {
        defer { state.withLock { _ = $0.ending.removeValue(forKey: generation) } }
        let clock = ContinuousClock()
        var failingSince: ContinuousClock.Instant?
        var attempt = 0
        var connectionID = 0
        while !Task.isCancelled {
            var cause: SQLPostgresError
            do {
                let configuration = try connectionConfiguration()
                connectionID += 1
                let connection = try await PostgresConnection.connect(
                    configuration: configuration, id: connectionID, logger: logger)
                do {
                    try await connection.listen(on: SQLPostgres.changeChannel) { notifications in
                        failingSince = nil
                        attempt = 0
                        self.listening(generation: generation)
                        for try await notification in notifications {
                            self.notify(notification.payload)
                        }
                    }
                } catch {
                    try? await connection.close()
                    throw error
                }
                try? await connection.close()
                cause = SQLPostgresError(kind: .connectionLost, message: "the listening connection ended")
            } catch let error as SQLPostgresError {
                cause = error
            } catch {
                cause = SQLPostgresError(error, sql: nil)
            }
            if Task.isCancelled { break }
            let stillListening = state.withLock { state -> Bool in
                if state.generation == generation { state.listening = false }
                return state.generation == generation && !state.closed
            }
            guard stillListening else { break }
            let now = clock.now
            let since = failingSince ?? now
            failingSince = since
            if now - since >= timeout {
                fail(generation: generation, cause: cause)
                break
            }
            attempt += 1
            logger.debug(
                "Slate.Postgres observation: listening connection lost, reconnecting",
                metadata: ["attempt": "\(attempt)", "cause": "\(cause.message)"])
            do {
                try await Task.sleep(for: Self.pause(attempt: attempt))
            } catch {
                break
            }
        }
    }

    /// The connection listens: every observation runs (again), checking its tables.
    private func listening(generation: Int) {
        let entries = state.withLock { state -> [Entry] in
            guard state.generation == generation, !state.closed else { return [] }
            state.listening = true
            return Array(state.entries.values)
        }
        for entry in entries { entry.wake(true) }
    }

    /// A notification: the observations of its table run again.
    private func notify(_ payload: String) {
        let entries = state.withLock { state in
            state.entries.values.filter { $0.keys?.contains(payload) ?? true }
        }
        for entry in entries { entry.wake(false) }
    }

    /// The server stayed away past the timeout: every observation ends with an error.
    private func fail(generation: Int, cause: SQLPostgresError) {
        let entries = state.withLock { state -> [Entry] in
            guard state.generation == generation, !state.closed else { return [] }
            let entries = Array(state.entries.values)
            state.entries = [:]
            state.task = nil
            state.listening = false
            return entries
        }
        var error = cause
        error.kind = .connection
        error.message =
            "observe: could not listen for changes on the server for \(timeout) (the last attempt: \(cause.message))"
        for entry in entries { entry.end(error) }
    }
}
#endif
