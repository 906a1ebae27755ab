import Logging
import SlateCSQLite

extension SQLContext {
    /// Settings applied when a context opens.
    ///
    /// ```swift
    /// var configuration = SQLContext.Configuration()
    /// configuration.busyTimeout = .seconds(10)
    /// configuration.journalMode = .wal
    /// let ctx = try SQLContext(path: "app.sqlite", configuration: configuration)
    /// ```
    ///
    /// ## Set on every connection
    /// Whatever the configuration, a context turns off, before it runs any SQL, the legacy
    /// behaviours of SQLite that silently do something other than what the SQL says:
    /// - Double-quoted strings (`SQLITE_DBCONFIG_DQS_DML`, `SQLITE_DBCONFIG_DQS_DDL`): a
    ///   double-quoted name that names no column is an error ("no such column"), where
    ///   SQLite's legacy rule would read it as a string (`SELECT "priority" FROM todo` on a
    ///   table without that column returns the text `priority`). Files whose stored tables
    ///   use double quotes in `DEFAULT` or `CHECK` still open and work: SQLite reads the
    ///   stored schema leniently. Views and trigger bodies are compiled when they are used,
    ///   though, under this rule: for a file whose views or triggers were written with
    ///   double-quoted strings, set ``allowsDoubleQuotedStrings``.
    /// - Legacy `ALTER TABLE` (`SQLITE_DBCONFIG_LEGACY_ALTER_TABLE`) off: renaming a table
    ///   or column also rewrites the views and triggers that use it.
    /// - Extension loading (`SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION`) off, and the
    ///   two-argument `fts3_tokenizer()`, which takes a C function pointer from SQL
    ///   (`SQLITE_DBCONFIG_ENABLE_FTS3_TOKENIZER`), off.
    public struct Configuration: Sendable {
        /// How long a statement waits for another connection's lock before failing with
        /// `SQLITE_BUSY`. Five seconds by default.
        public var busyTimeout: Duration
        /// Whether foreign keys are enforced (`PRAGMA foreign_keys`). On by default.
        public var foreignKeys: Bool
        /// The journal mode to set on open, or nil to leave the file's own.
        public var journalMode: JournalMode?
        /// How many prepared statements ``SQLContext/exec(sql:parameters:)-(String,[SQLValue])`` and friends
        /// keep for reuse. 64 by default; 0 turns the cache off.
        public var statementCacheCapacity: Int
        /// Whether the values bound to statements are shown: in errors (``SQLError/arguments``)
        /// and in the SQL that ``SQLContext/trace(_:)`` hands out (`sqlite3_expanded_sql`
        /// rather than `sqlite3_sql`). Off by default, so that errors and traces can be
        /// logged without leaking data.
        public var showsBoundValues: Bool
        /// The name of the SQLite VFS to open the file with, or nil for the default.
        public var vfs: String?
        /// Whether to open the file as one that may have been made to attack the program
        /// reading it (a file from a user, a download): `SQLITE_DBCONFIG_DEFENSIVE` on,
        /// `trusted_schema` off, so that the schema's views, triggers, defaults and CHECK
        /// constraints cannot call functions not marked innocuous, and `cell_size_check` on.
        /// Off by default. ``untrusted`` turns it on with lowered ``limits``.
        public var isDefensive: Bool
        /// Run-time limits to set on open (`sqlite3_limit`); empty leaves SQLite's.
        public var limits: [SQLContext.Limit: Int32]
        /// Whether SQLite's legacy rule applies, which reads a double-quoted name that names
        /// no column as a string literal. Off by default (see "Set on every connection"
        /// above); turn it on only for a file whose views or triggers rely on it.
        public var allowsDoubleQuotedStrings: Bool
        /// The most virtual-machine instructions one run of a statement may execute, or nil
        /// for no bound (the default). A statement past it stops with
        /// ``SQLError/Code/interrupt`` and a message naming this setting.
        ///
        /// Counted from when the statement starts from the beginning, over all its steps,
        /// in blocks of 1,000 instructions. For scale: scanning a million rows takes about
        /// five million instructions, and SQLite runs some 50 to 100 million a second.
        /// ``untrusted`` sets 100 million. The check costs nothing measurable; a connection
        /// without limits has no progress handler at all.
        public var maximumStatementInstructions: Int?
        /// The longest one run of a statement may spend inside SQLite, or nil for no bound
        /// (the default). A statement past it stops with ``SQLError/Code/interrupt`` and a
        /// message naming this setting.
        ///
        /// Measured with a monotonic clock while the statement steps, from when it starts
        /// from the beginning; the time your code spends between rows does not count. It
        /// catches the work that few instructions do: sorting, slow I/O, long functions.
        /// ``untrusted`` sets 10 seconds.
        public var maximumStatementDuration: Duration?
        /// The most memory SQLite may allocate while it prepares one statement, in bytes,
        /// or nil for no bound (the default). A prepare past it stops with
        /// ``SQLError/Code/interrupt`` and a message naming this setting.
        ///
        /// Preparing is where SQLite reads the schema and expands the views a statement
        /// reads, before any instruction runs; ``maximumStatementDuration`` bounds its time
        /// as well. Counted as the bytes SQLite asks for while it prepares (what it frees
        /// meanwhile is not given back), so it bounds the memory a prepare can take.
        /// Preparing an ordinary statement takes kilobytes. A connection with any statement
        /// limit reads the schema as it opens, outside this bound (reading it grows with the
        /// file, however large); a schema another connection changes later is read again
        /// inside the next prepare, within the bound. ``untrusted`` sets 64 MB.
        public var maximumPreparationMemory: Int?
        /// Where the connection logs (swift-log), or nil for no logging (the default, which
        /// costs nothing): each statement with its duration, statements slower than
        /// ``slowStatementThreshold``, and errors, each at the level ``logLevels`` gives
        /// (by default `trace`, `warning`, and `error` — `debug` for constraint violations
        /// and cancelled statements). The SQL is logged as written, bound values hidden
        /// unless ``showsBoundValues`` is set. An ``SQLPool``'s connections take it from
        /// ``SQLPool/Configuration/connection``; a pool call given a logger of its own
        /// (`SQLPool.read(logger:_:)`) logs to that one while it runs.
        public var logger: Logger?
        /// The level of each kind of line the ``logger`` gets: statements, slow
        /// statements, constraint violations, cancelled statements, other errors.
        public var logLevels: LogLevels
        /// How long a statement may run before it is logged as slow (at
        /// ``LogLevels/slowStatement`` level, `warning` by default): 100 ms by default. Only
        /// used with a ``logger``.
        public var slowStatementThreshold: Duration

        /// Creates a configuration; every setting has its default.
        public init(
            busyTimeout: Duration = .seconds(5),
            foreignKeys: Bool = true,
            journalMode: JournalMode? = nil,
            statementCacheCapacity: Int = 64,
            showsBoundValues: Bool = false,
            vfs: String? = nil,
            isDefensive: Bool = false,
            limits: [SQLContext.Limit: Int32] = [:],
            allowsDoubleQuotedStrings: Bool = false,
            maximumStatementInstructions: Int? = nil,
            maximumStatementDuration: Duration? = nil,
            maximumPreparationMemory: Int? = nil,
            logger: Logger? = nil,
            slowStatementThreshold: Duration = .milliseconds(100),
            logLevels: LogLevels = LogLevels()
        ) {
            self.busyTimeout = busyTimeout
            self.foreignKeys = foreignKeys
            self.journalMode = journalMode
            self.statementCacheCapacity = statementCacheCapacity
            self.showsBoundValues = showsBoundValues
            self.vfs = vfs
            self.isDefensive = isDefensive
            self.limits = limits
            self.allowsDoubleQuotedStrings = allowsDoubleQuotedStrings
            self.maximumStatementInstructions = maximumStatementInstructions
            self.maximumStatementDuration = maximumStatementDuration
            self.maximumPreparationMemory = maximumPreparationMemory
            self.logger = logger
            self.slowStatementThreshold = slowStatementThreshold
            self.logLevels = logLevels
        }

        /// The defaults: 5 s busy timeout, foreign keys on, the file's journal mode, a
        /// 64-statement cache, bound values kept out of errors and traces, no bound on a
        /// statement's work.
        public static var `default`: Configuration { Configuration() }

        /// For databases that come from elsewhere: ``isDefensive`` on, the ``limits``
        /// SQLite suggests for untrusted input (``SQLContext/Limit/untrustedDefaults``:
        /// strings and blobs up to 1 MB, SQL up to 100 kB, no attached databases, …), and
        /// a bound on each statement's work, so that a view or recursive query in the file
        /// that never ends cannot hang the reader: 100 million instructions
        /// (``maximumStatementInstructions``: one to two seconds of work, a scan of some 20
        /// million rows, far more than reading a document-sized file needs) and 10 seconds
        /// (``maximumStatementDuration``, for work that is slow in few instructions: large
        /// sorts, slow storage). Raise them for large files you mean to process whole.
        ///
        /// Preparing a statement is bounded too, by the same 10 seconds and 64 MB of
        /// allocations (``maximumPreparationMemory``): SQLite expands a file's views while it
        /// prepares, before any instruction runs, and does not call the progress handler
        /// there, so a file whose views each read the view below twice would otherwise take
        /// seconds and hundreds of megabytes per statement. Slate bounds it by wrapping
        /// SQLite's allocator (installed as the program loads, before SQLite initializes):
        /// past either bound, SQLite's allocations for that prepare fail, it
        /// unwinds, and the statement throws ``SQLError/Code/interrupt`` naming the limit.
        /// The connection stays usable. (`sqlite3_interrupt` is not checked while
        /// preparing, the authorizer cannot stop it, and the `vdbeOperations` limit is
        /// checked only after the views are expanded.) If something initialized SQLite
        /// before Slate was loaded, the wrapper cannot be installed and only SQLite's own
        /// limits bound a prepare.
        ///
        /// ```swift
        /// let ctx = try SQLContext(path: downloaded, flags: [.readOnly], configuration: .untrusted)
        /// ```
        public static var untrusted: Configuration {
            Configuration(
                isDefensive: true, limits: SQLContext.Limit.untrustedDefaults,
                maximumStatementInstructions: 100_000_000, maximumStatementDuration: .seconds(10),
                maximumPreparationMemory: 64 << 20)
        }
    }

    /// SQLite's journal modes (`PRAGMA journal_mode`).
    public enum JournalMode: String, Sendable {
        /// Delete the rollback journal at the end of each transaction (SQLite's default).
        case delete = "DELETE"
        /// Truncate the rollback journal instead of deleting it.
        case truncate = "TRUNCATE"
        /// Keep the rollback journal and zero its header.
        case persist = "PERSIST"
        /// Keep the rollback journal in memory.
        case memory = "MEMORY"
        /// Write-ahead logging: readers don't block the writer, nor it them.
        case wal = "WAL"
        /// No journal: no rollback, no crash safety.
        case off = "OFF"
    }

    func applyConfiguration(_ configuration: Configuration) throws {
        try applySafeDefaults(configuration)
        if configuration.isDefensive { try applyDefensiveSettings() }
        for (limit, value) in configuration.limits { setLimit(limit, to: value) }
        if configuration.maximumStatementInstructions != nil || configuration.maximumStatementDuration != nil
            || configuration.maximumPreparationMemory != nil
        {
            // The schema is read now, before the preparation budget bounds prepares:
            // reading it is linear in the file's size (a large schema of plain tables
            // allocates far more than the budget while it is parsed), and what the budget
            // must bound, views and triggers expanding into one statement, happens later,
            // in the statements that use them.
            busyTimeout = configuration.busyTimeout
            _ = try query(sql: "SELECT 1 FROM sqlite_schema LIMIT 0")
        }
        try installStatementLimits(
            instructions: configuration.maximumStatementInstructions, duration: configuration.maximumStatementDuration,
            preparationMemory: configuration.maximumPreparationMemory)
        busyTimeout = configuration.busyTimeout
        // Reading the schema version fails right away for a file that is not a database
        // (or is locked beyond the busy timeout), instead of at the first query.
        _ = try query(sql: "PRAGMA schema_version")
        if configuration.foreignKeys {
            try exec(sql: "PRAGMA foreign_keys = ON")
        }
        if configuration.isDefensive {
            try exec(sql: "PRAGMA cell_size_check = ON")
        }
        if let mode = configuration.journalMode {
            try setJournalMode(mode)
        }
    }

    /// Sets the journal mode and checks SQLite took it (an in-memory database only
    /// takes `memory` and `off`: WAL needs a file).
    func setJournalMode(_ mode: JournalMode) throws {
        let rows = try retryingWhileBusy { try query(sql: "PRAGMA journal_mode = \(mode.rawValue)") }
        let actual = rows.first?.first?.textValue?.uppercased() ?? ""
        if actual != mode.rawValue {
            throw SQLError(
                code: .error,
                message: "journal mode \(mode.rawValue) could not be set; the database uses \(actual)",
                sql: "PRAGMA journal_mode = \(mode.rawValue)")
        }
    }

    /// How long statements wait for another connection's lock before `SQLITE_BUSY`.
    public var busyTimeout: Duration {
        get { storedBusyTimeout }
        set {
            storedBusyTimeout = newValue
            guard let db = connection.db else { return }
            let milliseconds = newValue.clampedCount(unitsPerSecond: 1000)
            sqlite3_busy_timeout(db, Int32(clamping: max(0, milliseconds)))
        }
    }
}
