import SlateCSQLite

extension SQLContext {
    /// How to open a database file: the `SQLITE_OPEN_*` flags.
    public struct OpenFlags: OptionSet, Sendable {
        /// The `SQLITE_OPEN_*` bits.
        public let rawValue: Int32
        /// Creates flags from `SQLITE_OPEN_*` bits.
        public init(rawValue: Int32) { self.rawValue = rawValue }

        /// `SQLITE_OPEN_READONLY`: read, never write.
        public static let readOnly = OpenFlags(rawValue: SQLITE_OPEN_READONLY)
        /// `SQLITE_OPEN_READWRITE`: read and write, if the file allows it.
        public static let readWrite = OpenFlags(rawValue: SQLITE_OPEN_READWRITE)
        /// `SQLITE_OPEN_CREATE`: create the file when it does not exist.
        public static let create = OpenFlags(rawValue: SQLITE_OPEN_CREATE)
        /// `SQLITE_OPEN_URI`: interpret the path as a `file:` URI.
        public static let uri = OpenFlags(rawValue: SQLITE_OPEN_URI)
        /// `SQLITE_OPEN_MEMORY`: an in-memory database.
        public static let memory = OpenFlags(rawValue: SQLITE_OPEN_MEMORY)
        /// `SQLITE_OPEN_NOMUTEX`: no locking inside SQLite. Slate always adds it unless
        /// `.fullMutex` is given.
        public static let noMutex = OpenFlags(rawValue: SQLITE_OPEN_NOMUTEX)
        /// `SQLITE_OPEN_FULLMUTEX`: SQLite serializes every call on the connection.
        public static let fullMutex = OpenFlags(rawValue: SQLITE_OPEN_FULLMUTEX)
        /// `SQLITE_OPEN_SHAREDCACHE`
        public static let sharedCache = OpenFlags(rawValue: SQLITE_OPEN_SHAREDCACHE)
        /// `SQLITE_OPEN_PRIVATECACHE`
        public static let privateCache = OpenFlags(rawValue: SQLITE_OPEN_PRIVATECACHE)
        /// `SQLITE_OPEN_NOFOLLOW`: refuse a path that is a symbolic link.
        public static let noFollow = OpenFlags(rawValue: SQLITE_OPEN_NOFOLLOW)
    }
}
