#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension SQLPool {
    /// Settings for a pool and each connection it opens.
    public struct Configuration: Sendable {
        /// The settings each connection opens with: busy timeout, foreign keys, statement
        /// cache, error detail. The pool sets the journal mode itself (WAL).
        public var connection: SQLContext.Configuration
        /// The most reader connections open at once; by default the number of cores
        /// (at least two).
        public var maximumReaderCount: Int
        /// `PRAGMA synchronous` on the writer. `.normal` by default: in WAL mode it never
        /// corrupts the database and survives an application crash; a power loss may
        /// lose the last transactions. `.full` makes every commit durable at the cost of
        /// an fsync each.
        public var synchronous: Synchronous
        /// A pool that only reads: no writer connection, readers open the file
        /// read-only, and `write` throws.
        public var isReadOnly: Bool
        /// How long a call waits for its connection before it throws: 10 seconds by default,
        /// as server connection pools do; nil waits for ever.
        ///
        /// A call that waited that long throws ``SQLError/Code/busy`` with a message that
        /// names the call (`write`, `async read`, …) and what holds the connection (which
        /// calls, for how long). Most often that is a deadlock the pool cannot see: a pool
        /// closure that waits — on a Dispatch queue, a thread, a `Task.detached` — for
        /// another pool call that needs the connection the closure holds. What the pool can
        /// see, it refuses at once with ``SQLError/Code/misuse``: a nested call on the same
        /// thread, and a call for the writer from a `Task` started inside a closure that
        /// still holds the writer.
        public var maximumWait: Duration?
        /// Runs on each connection as the pool opens it: register SQL functions and
        /// collations here, or set pragmas.
        public var prepareConnection: (@Sendable (SQLContext) throws -> Void)?
        /// How often the pool looks for commits made by other connections to its file —
        /// another process (an app and its widget, two servers), another pool, a plain
        /// ``SQLContext`` — while someone observes (``SQLPool/observe(_:)``,
        /// ``SQLPool/changes(bufferLimit:)``): 250 ms by default; nil looks only at the
        /// pool's own commits.
        ///
        /// Such a commit is seen within about this interval (plus the time of the
        /// observation's query), or at the start or end of the pool's next write, whichever
        /// comes first. It re-runs every observation and gives change streams one
        /// ``SQLChanges`` with ``SQLChanges/isExternal`` set, since SQLite does not say what
        /// another connection changed. Polling reads `PRAGMA data_version` on a read-only
        /// connection of its own; it holds neither the writer nor a reader, and it runs only
        /// while at least one observation or change stream is live. In-memory pools have
        /// no other connections, and never poll.
        public var externalChangePolling: Duration?

        /// Creates a configuration; every setting has its default.
        public init(
            connection: SQLContext.Configuration = .default,
            maximumReaderCount: Int = Configuration.defaultReaderCount,
            synchronous: Synchronous = .normal,
            isReadOnly: Bool = false,
            maximumWait: Duration? = .seconds(10),
            prepareConnection: (@Sendable (SQLContext) throws -> Void)? = nil,
            externalChangePolling: Duration? = .milliseconds(250)
        ) {
            self.connection = connection
            self.maximumReaderCount = maximumReaderCount
            self.synchronous = synchronous
            self.isReadOnly = isReadOnly
            self.maximumWait = maximumWait
            self.prepareConnection = prepareConnection
            self.externalChangePolling = externalChangePolling
        }

        /// The defaults.
        public static var `default`: Configuration { Configuration() }

        /// The number of online cores, at least two.
        public static var defaultReaderCount: Int {
            max(2, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        }
    }

    /// `PRAGMA synchronous` levels.
    public enum Synchronous: String, Sendable {
        /// No syncs: fastest, and an OS crash or power loss can corrupt the database.
        case off = "OFF"
        /// Sync at checkpoints (WAL): safe from corruption, may lose the last commits on
        /// power loss.
        case normal = "NORMAL"
        /// Sync at every commit: durable.
        case full = "FULL"
    }
}
