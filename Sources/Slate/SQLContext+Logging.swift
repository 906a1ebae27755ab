import Logging
import SlateCSQLite

extension SQLContext {
    /// The level at which a connection logs each kind of line
    /// (``Configuration/logLevels``): what an operator must see apart from what a
    /// developer traces.
    ///
    /// ```swift
    /// var configuration = SQLPool.Configuration()
    /// configuration.connection.logger = logger
    /// configuration.connection.logLevels.constraintViolation = .info
    /// ```
    ///
    /// A line is only formatted when the logger's level lets it through.
    public struct LogLevels: Sendable, Hashable {
        /// Each statement that ran, with its duration: `.trace` by default.
        public var statement: Logger.Level
        /// A statement that ran longer than
        /// ``SQLContext/Configuration/slowStatementThreshold``: `.warning` by default.
        /// Statements Slate runs to open and configure a connection (`PRAGMA journal_mode`,
        /// `foreign_keys`, schema reads) are never logged as slow; they are logged at
        /// ``statement`` level, whatever they take.
        public var slowStatement: Logger.Level
        /// A statement that failed on a constraint (`UNIQUE`, `PRIMARY KEY`, `FOREIGN KEY`,
        /// `CHECK`, `NOT NULL`, a trigger's `RAISE`): an error the caller is expected to
        /// handle (a 409 in a server), so `.debug` by default.
        public var constraintViolation: Logger.Level
        /// A statement interrupted because its task was cancelled (a client that went
        /// away): `.debug` by default. A statement stopped by a statement limit
        /// (``SQLContext/Configuration/maximumStatementDuration``) is a
        /// ``failedStatement``.
        public var cancelledStatement: Logger.Level
        /// Any other error SQLite returned: `.error` by default.
        public var failedStatement: Logger.Level

        /// Creates the levels; each has its default.
        public init(
            statement: Logger.Level = .trace,
            slowStatement: Logger.Level = .warning,
            constraintViolation: Logger.Level = .debug,
            cancelledStatement: Logger.Level = .debug,
            failedStatement: Logger.Level = .error
        ) {
            self.statement = statement
            self.slowStatement = slowStatement
            self.constraintViolation = constraintViolation
            self.cancelledStatement = cancelledStatement
            self.failedStatement = failedStatement
        }

        /// The level of the line that logs `error`.
        func level(for error: SQLError) -> Logger.Level {
            switch error.code.rawValue & 0xFF {
            case SQLITE_CONSTRAINT: return constraintViolation
            case SQLITE_INTERRUPT:
                // A statement limit's interrupt names the limit; a plain one is a cancellation.
                return error.message == String(cString: sqlite3_errstr(SQLITE_INTERRUPT))
                    ? cancelledStatement : failedStatement
            default: return failedStatement
            }
        }
    }

    /// Where this connection logs now: the configuration's logger, or the one a pool call
    /// brought for its lease.
    package var logger: Logger? { connection.logger }

    /// Makes `logger` the connection's logger and returns the one it replaces; the trace
    /// callback is installed or removed when whether there is one changes. A pool swaps
    /// once per lease, never per statement.
    package func swapLogger(_ logger: Logger?) -> Logger? {
        let previous = connection.logger
        connection.logger = logger
        if (previous == nil) != (logger == nil) { installHooks() }
        return previous
    }

    /// Runs `body` as set-up: statements that open or configure the connection, or read
    /// the schema for Slate's own use, which are never logged as slow.
    package func settingUp<T>(_ body: () throws -> T) rethrows -> T {
        connection.setUpDepth += 1
        defer { connection.setUpDepth -= 1 }
        return try body()
    }

    /// Runs `body`, a schema upgrade of this connection's database from `from` to `to`,
    /// logging it at `info` ("upgrading FILE from version N to M", then the time it took),
    /// or its failure at `error`, with the versions. Nothing without a logger.
    package func loggingUpgrade<T>(from: String, to: String, _ body: () throws -> T) throws -> T {
        guard let logger = connection.logger else { return try body() }
        var metadata: Logger.Metadata = [
            "sqlite.database": .string(connection.location), "slate.schema.from": .string(from),
            "slate.schema.to": .string(to),
        ]
        logger.info("upgrading \(connection.location) from version \(from) to \(to)", metadata: metadata)
        let clock = ContinuousClock()
        let start = clock.now
        do {
            let result = try body()
            let milliseconds = Self.milliseconds(clock.now - start)
            metadata["sqlite.duration_ms"] = .stringConvertible(milliseconds)
            logger.info(
                "upgraded \(connection.location) from version \(from) to \(to) in \(milliseconds) ms",
                metadata: metadata)
            return result
        } catch {
            metadata["sqlite.duration_ms"] = .stringConvertible(Self.milliseconds(clock.now - start))
            logger.error(
                "upgrading \(connection.location) from version \(from) to \(to) failed: \(error)", metadata: metadata)
            throw error
        }
    }

    /// A duration in milliseconds, to the microsecond.
    static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds * 1_000_000 + attoseconds / 1_000_000_000_000) / 1000
    }
}
