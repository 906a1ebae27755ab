#if Postgres
import Logging
import PostgresNIO
import SlateRecords
import SlateSchema

/// Brings a PostgreSQL database to a schema's latest version, script by script: on
/// PostgreSQL, what `SQLDatabase.bootstrap(at:)` does for a SQLite file.
///
/// The scripts are PostgreSQL text, one a version in order (script `N` takes the schema from
/// version `N − 1` to `N`), as the generator renders them from the schema's SQLite scripts.
/// The contract:
/// - An empty database gets every script; an older one the scripts it misses, in order; one
///   at the latest version is left alone.
/// - Each script runs in a transaction of its own together with the row that records its
///   version, so it applies entirely or not at all (PostgreSQL's DDL is transactional). A
///   script that fails (at a statement, or at its commit: a deferred constraint) leaves the
///   database at the version before it, and throws a ``Failure`` naming the script's file,
///   its line, and the server's SQLSTATE and message.
/// - Versions are rows of the table `slate_schema_version` (`version`, `file`, `script`: the
///   text applied, `source_digest`: of the script it came from, `applied_at`), in the
///   connection's current schema, created with the first script.
/// - Every step runs under the transaction-scoped advisory lock ``lockKey``, taken before the
///   version is read: several processes (app instances starting together) or tasks
///   bootstrapping one database at once take turns, each script runs once, and the version
///   table is created once. A bootstrap waits for the lock as long as another holds it (the
///   session's `lock_timeout` bounds the wait). A process killed mid-script holds it until the
///   server ends its session: at once when idle, during a long statement only once the server
///   checks the client (`client_connection_check_interval`) or the statement ends.
/// - Refused, untouched: a database at a version past the last script (a newer app wrote
///   it); one whose applied script was edited since (its `source_digest` differs: a digest of
///   the SQLite script's statements, which blanks and comments do not change, so that a
///   Slate that renders the same script otherwise still upgrades the database; add a script
///   instead); one with tables or views in its
///   current schema but no `slate_schema_version` (made by hand or by another tool; Slate does
///   not guess its version); version rows that are not `1…N`.
/// - Each script starts with the search path the connection had when the bootstrap began,
///   and the connection is left with it: a script's `SET search_path` lasts to the script's
///   end (its other session settings last on the connection).
///
/// A script's own `BEGIN`/`COMMIT` statements are left out (the bootstrap gives it its
/// transaction); `ROLLBACK` and two-phase commit statements are refused. Statements that
/// PostgreSQL cannot run in a transaction (`CREATE INDEX CONCURRENTLY`, `VACUUM`) fail with
/// SQLSTATE 25001.
public struct SQLPostgresSchemaEvolution: Sendable {
    /// The scripts, in order: script `N` takes the schema from version `N − 1` to `N`.
    public let scripts: [SQLSchemaScript]
    /// What errors call the schema (the generated database type's name, say).
    public let schemaName: String

    /// The key of the advisory lock every step holds (`pg_advisory_xact_lock`): the bytes of
    /// the ASCII text `SlateSch` read as a big-endian 64-bit integer, fixed so that every
    /// version of Slate takes the same lock. Advisory locks belong to one database, so
    /// bootstraps of different databases of a server never wait on each other.
    public static let lockKey: Int64 = 0x536C_6174_6553_6368

    /// The table that records the applied versions.
    public static let versionTable = "slate_schema_version"

    /// An evolution to the given scripts' latest version.
    public init(scripts: [SQLSchemaScript], schemaName: String = "the schema") {
        self.scripts = scripts
        self.schemaName = schemaName
    }

    /// The version the scripts lead to: their number.
    public var latestVersion: Int64 { Int64(scripts.count) }

    /// What a bootstrap found and did.
    public struct Outcome: Sendable, Equatable {
        /// The database's version when this bootstrap first read it (0 for an empty
        /// database).
        public var foundVersion: Int64
        /// The database's version when it finished: the latest.
        public var version: Int64
        /// The files of the scripts this bootstrap applied, in order; empty when the database
        /// was current (or another process upgraded it meanwhile).
        public var appliedFiles: [String]

        /// An outcome.
        public init(foundVersion: Int64, version: Int64, appliedFiles: [String]) {
            self.foundVersion = foundVersion
            self.version = version
            self.appliedFiles = appliedFiles
        }
    }

    /// Brings the database of one of `client`'s connections to the latest version (see the
    /// type's contract). The client must be running.
    public func apply(on client: PostgresClient, logger: Logger) async throws -> Outcome {
        try await client.withConnection { connection in
            try await apply(on: connection, logger: logger)
        }
    }

    /// Brings `connection`'s database to the latest version (see the type's contract). The
    /// connection must not be in a transaction.
    public func apply(on connection: PostgresConnection, logger: Logger) async throws -> Outcome {
        var found: Int64?
        var applied: [String] = []
        // The versions whose recorded text was compared with its script: later steps read
        // only the rows past them (each version's row is written once, under the lock).
        var verified: Int64 = 0
        // Each script starts with, and the connection is left with, the search path found
        // here (a script's `SET search_path` lasts to its end, and its version row goes
        // where the others are).
        let searchPath =
            try await run("SELECT current_setting('search_path')", on: connection, logger: logger)
            .first?.decode(String.self) ?? ""
        while true {
            let step: (before: Int64, after: Int64, applied: String?) = try await retryingConflicts {
                try await self.step(on: connection, verified: verified, searchPath: searchPath, logger: logger)
            }
            verified = step.after
            if found == nil { found = step.before }
            guard let file = step.applied else {
                return Outcome(foundVersion: found ?? step.after, version: step.after, appliedFiles: applied)
            }
            applied.append(file)
        }
    }

    // MARK: One step

    /// How many times a step that the server stopped for a serialization failure or a
    /// deadlock (SQLSTATE 40001, 40P01: a script's DDL meeting the app's traffic) is run
    /// again, from its `BEGIN`, before its failure is thrown.
    public static let conflictRetries = 3

    private func retryingConflicts<Result>(_ body: () async throws -> Result) async throws -> Result {
        var retries = 0
        while true {
            do {
                return try await body()
            } catch let failure as Failure
                where (failure.sqlState == "40001" || failure.sqlState == "40P01") && retries < Self.conflictRetries
            {
                retries += 1
            }
        }
    }

    /// One transaction under the lock: reads and checks the version, then applies the next
    /// script when there is one.
    private func step(
        on connection: PostgresConnection, verified: Int64, searchPath: String, logger: Logger
    ) async throws -> (
        before: Int64, after: Int64, applied: String?
    ) {
        let restore: PostgresQuery = "SELECT set_config('search_path', \(searchPath), false)"
        do {
            let result = try await transaction(
                on: connection, verified: verified, searchPath: searchPath, logger: logger)
            try await run(restore, on: connection, logger: logger)
            return result
        } catch {
            _ = try? await run(restore, on: connection, logger: logger)
            throw error
        }
    }

    /// One step's transaction.
    private func transaction(
        on connection: PostgresConnection, verified: Int64, searchPath: String, logger: Logger
    ) async throws -> (
        before: Int64, after: Int64, applied: String?
    ) {
        try await run("BEGIN", on: connection, logger: logger)
        do {
            let result = try await stepInTransaction(
                on: connection, verified: verified, searchPath: searchPath, logger: logger)
            do {
                for try await _ in try await connection.query("COMMIT", logger: logger) {}
            } catch let error as PSQLError {
                // A deferred constraint (or a serialization failure) the script left to the
                // commit is the script's failure; the server rolled it back.
                guard let file = result.applied else { throw Failure(error, message: bookkeepingContext) }
                var failure = Failure(error, message: "committing version \(result.after) failed")
                // Without the server's answer, the commit may have happened.
                failure.message +=
                    error.serverInfo == nil
                    ? "; whether it was applied, the next bootstrap reads from slate_schema_version"
                    : "; the database was left at version \(result.before)"
                failure.kind = .scriptFailed
                failure.file = file
                failure.version = result.after
                throw failure
            }
            return result
        } catch {
            // The server rolls back by itself when the connection is gone; nothing to add
            // to the error that stopped the step.
            _ = try? await run("ROLLBACK", on: connection, logger: logger)
            throw error
        }
    }

    private func stepInTransaction(
        on connection: PostgresConnection, verified: Int64, searchPath: String, logger: Logger
    ) async throws
        -> (before: Int64, after: Int64, applied: String?)
    {
        try await run("SELECT pg_advisory_xact_lock(\(Self.lockKey))", on: connection, logger: logger)
        let version = try await checkedVersion(on: connection, verified: verified, logger: logger)
        guard version < latestVersion else { return (version, version, nil) }
        let script = scripts[Int(version)]
        let next = version + 1
        let clock = ContinuousClock()
        let started = clock.now
        logger.info(
            "applying \(script.file) to bring \(schemaName) from version \(version) to \(next)",
            metadata: ["slate.schema.file": "\(script.file)", "slate.schema.version": "\(next)"])
        try await run(script, version: next, on: connection, logger: logger)
        try await run("SELECT set_config('search_path', \(searchPath), true)", on: connection, logger: logger)
        try await run(
            "INSERT INTO slate_schema_version (version, file, script, source_digest) VALUES (\(next), \(script.file), \(script.sql), \(Self.sourceDigest(of: script)))",
            on: connection, logger: logger)
        logger.info(
            "applied \(script.file) (version \(next)) in \(clock.now - started)",
            metadata: ["slate.schema.file": "\(script.file)", "slate.schema.version": "\(next)"])
        return (version, next, script.file)
    }

    /// The database's version, after the checks that refuse it (rows that are not `1…N`, a
    /// version past the scripts, a recorded text past `verified` that differs from its
    /// script); creates the table when it is missing and the database is empty (with
    /// scripts to apply).
    private func checkedVersion(
        on connection: PostgresConnection, verified: Int64, logger: Logger
    ) async throws
        -> Int64
    {
        let exists = try await run(
            // In the current schema only: one further down the search path is another's.
            "SELECT to_regclass(quote_ident(current_schema()) || '.slate_schema_version') IS NOT NULL",
            on: connection, logger: logger
        ).first?.decode(Bool.self)
        guard exists == true else {
            guard !scripts.isEmpty else { return 0 }
            let relations = try await run(
                """
                SELECT c.relname FROM pg_catalog.pg_class c
                JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
                WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
                ORDER BY c.relname LIMIT 4
                """, on: connection, logger: logger
            ).map { try $0.decode(String.self) }
            if !relations.isEmpty {
                let names = relations.prefix(3).map { "\"\($0)\"" }.joined(separator: ", ")
                throw Failure(
                    kind: .unversionedDatabase,
                    message:
                        "the database has tables or views (\(names)\(relations.count > 3 ? ", …" : "")) but no slate_schema_version: it was not made by Slate's bootstrap, whose version it cannot tell; it was left untouched (bootstrap an empty database, or create slate_schema_version with the rows of the versions it is at)"
                )
            }
            // Under the lock, so no other bootstrap creates it meanwhile; in the first
            // script's transaction, so a first script that fails leaves nothing.
            try await run(
                """
                CREATE TABLE slate_schema_version (
                    version BIGINT PRIMARY KEY,
                    file TEXT NOT NULL,
                    script TEXT NOT NULL,
                    source_digest TEXT NOT NULL,
                    applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
                )
                """, on: connection, logger: logger)
            return 0
        }
        let summary = try await run(
            "SELECT count(*), coalesce(min(version), 1), coalesce(max(version), 0) FROM slate_schema_version",
            on: connection, logger: logger
        ).first?.decode((Int64, Int64, Int64).self)
        guard case (let count, let lowest, let version)? = summary, lowest == 1 || count == 0, version == count else {
            throw Failure(
                kind: .damagedVersions,
                message:
                    "slate_schema_version's rows are not the versions 1…N, one each (\(summary.map { "\($0.0) rows from \($0.1) to \($0.2)" } ?? "unreadable")): they were changed by hand. The database was left untouched"
            )
        }
        if version > latestVersion {
            let latestFile = try await run(
                "SELECT file FROM slate_schema_version WHERE version = \(version)", on: connection, logger: logger
            ).first?.decode(String.self)
            throw Failure(
                kind: .newerDatabase, version: version,
                message:
                    "the database is at schema version \(version), newer than \(schemaName)'s \(latestVersion)\(latestVersion > 0 ? " (\(scripts[scripts.count - 1].file))" : ""): a newer version of the app wrote it (its latest script is \(latestFile ?? "unknown")); it was left untouched"
            )
        }
        guard version > verified else { return version }
        let rows = try await run(
            "SELECT version, file, source_digest FROM slate_schema_version WHERE version > \(verified) ORDER BY version",
            on: connection, logger: logger)
        for row in rows {
            let (recorded, file, digest) = try row.decode((Int64, String, String).self)
            let index = Int(recorded - 1)
            guard digest != Self.sourceDigest(of: scripts[index]) else { continue }
            let recordedAs = file == scripts[index].file ? "" : " (recorded as \(file))"
            throw Failure(
                kind: .editedScript, file: scripts[index].file, version: recorded,
                message:
                    "\(scripts[index].file) changed after the database applied it as version \(recorded)\(recordedAs): a script already applied is never run again; keep it as it was and make the change in a new script. The database was left untouched"
            )
        }
        return version
    }

    /// What the database records of `script` to tell an edited one: the digest of the
    /// script it was rendered from (generated scripts carry it), else of its own
    /// statements. The rendered text may change between Slate versions; the script a
    /// developer wrote may not once applied.
    static func sourceDigest(of script: SQLSchemaScript) -> String {
        script.sourceDigest ?? SQLScript.sourceDigest(script.sql)
    }

    // MARK: Running SQL

    /// What a failure of the bootstrap's own statements says it was doing.
    private var bookkeepingContext: String { "keeping \(schemaName)'s versions in slate_schema_version failed" }

    /// Runs one statement of the bootstrap's own and reads all its rows (some errors only
    /// come with them).
    @discardableResult
    private func run(
        _ query: PostgresQuery, on connection: PostgresConnection, logger: Logger
    ) async throws
        -> [PostgresRow]
    {
        do {
            var rows: [PostgresRow] = []
            for try await row in try await connection.query(query, logger: logger) { rows.append(row) }
            return rows
        } catch let error as PSQLError {
            throw Failure(error, message: bookkeepingContext)
        }
    }

    /// Runs a script's statements, one at a time.
    private func run(
        _ script: SQLSchemaScript, version: Int64, on connection: PostgresConnection, logger: Logger
    )
        async throws
    {
        let statements = SQLPostgresScriptStatement.split(script.sql)
        for statement in statements where statement.transactionControl == .refused {
            throw Failure(
                kind: .scriptFailed, file: script.file, version: version, line: statement.line,
                message:
                    "\(statement.sql.prefix(while: { !$0.isWhitespace })) would end the transaction the script runs in before its version is recorded; scripts may not roll back or prepare transactions. The database was left at version \(version - 1)"
            )
        }
        for statement in statements where statement.copiesThroughClient {
            throw Failure(
                kind: .scriptFailed, file: script.file, version: version, line: statement.line,
                message:
                    "COPY from STDIN or to STDOUT is psql's: the server would wait for rows a bootstrap cannot send; write the rows as INSERT statements. The database was left at version \(version - 1)"
            )
        }
        for statement in statements where statement.transactionControl == .none {
            do {
                for try await _ in try await connection.query(PostgresQuery(unsafeSQL: statement.sql), logger: logger) {
                }
            } catch let error as PSQLError {
                let position = error.serverInfo?[.position].flatMap { Int($0) }
                var failure = Failure(error, message: "applying version \(version) failed")
                failure.message += "; the database was left at version \(version - 1)"
                failure.kind = .scriptFailed
                failure.file = script.file
                failure.version = version
                failure.line = position.map { statement.line(ofPosition: $0) } ?? statement.line
                throw failure
            }
        }
    }
}

extension SQLPostgresSchemaEvolution {
    /// Why a bootstrap stopped. Its `description` reads `file:line: error: message` when it
    /// names a script.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// What went wrong.
        public struct Kind: Sendable, Hashable, CustomStringConvertible {
            private let name: String
            private init(_ name: String) { self.name = name }
            /// The database is at a version past the last script.
            public static let newerDatabase = Kind("newerDatabase")
            /// A script already applied has changed since.
            public static let editedScript = Kind("editedScript")
            /// The database has tables but no `slate_schema_version`.
            public static let unversionedDatabase = Kind("unversionedDatabase")
            /// The rows of `slate_schema_version` are not the versions `1…N`.
            public static let damagedVersions = Kind("damagedVersions")
            /// A script failed on the server (or was refused); its version was not applied.
            public static let scriptFailed = Kind("scriptFailed")
            /// The server or the connection failed outside a script.
            public static let server = Kind("server")
            /// The kind's name.
            public var description: String { name }
        }

        /// What went wrong.
        public var kind: Kind
        /// The script's file, when one is concerned.
        public var file: String?
        /// The version concerned: the script's, or the database's.
        public var version: Int64?
        /// The line of ``file`` the error is at, when known (the server's position of the
        /// error, else the failing statement's first line; nil when the script failed at its
        /// commit).
        public var line: Int?
        /// The server's SQLSTATE (`42P01`), when the server reported the error.
        public var sqlState: String?
        /// What happened, with the server's message and SQLSTATE where it gave them.
        public var message: String
        /// The server's detail, when it gave one. Left out of ``description``: the server
        /// writes row values there (`Key (email)=(…) already exists`).
        public var detail: String?

        /// A failure.
        public init(
            kind: Kind, file: String? = nil, version: Int64? = nil, line: Int? = nil, sqlState: String? = nil,
            message: String
        ) {
            self.kind = kind
            self.file = file
            self.version = version
            self.line = line
            self.sqlState = sqlState
            self.message = message
        }

        /// From postgres-nio's error: the server's message, SQLSTATE and hint (never the
        /// statement's bound values; the detail, which may hold row values, kept apart), or
        /// the connection's failure.
        init(_ error: PSQLError, message context: String) {
            var text = context
            if let info = error.serverInfo {
                text += ": " + (info[.message] ?? "the server gave no message")
                if let state = info[.sqlState] { text += " (SQLSTATE \(state))" }
                if let hint = info[.hint] { text += "; hint: \(hint)" }
            } else {
                text += ": \(error.code)"
                if let underlying = error.underlying { text += " (\(underlying))" }
            }
            self.init(kind: .server, sqlState: error.serverInfo?[.sqlState], message: text)
            detail = error.serverInfo?[.detail]
        }

        /// `file:line: error: message` when a script is concerned, else `error: message`.
        public var description: String {
            guard let file else { return "error: \(message)" }
            return "\(file):\(line.map(String.init) ?? "1"): error: \(message)"
        }
    }
}
#endif
