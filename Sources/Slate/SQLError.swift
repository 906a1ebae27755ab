import SlateCSQLite

/// An error from SQLite, or from Slate's checks before SQLite is called.
///
/// Every error carries an SQLite result ``code`` (extended where SQLite gives one), the
/// ``message`` saying what went wrong, and the ``sql`` it happened in. Bound values are
/// left out unless the context was configured to include them
/// (``SQLContext/Configuration/showsBoundValues``), so logs don't leak data.
///
/// A `catch` can match a primary code, which also matches its extended codes:
///
/// ```swift
/// do {
///     try ctx.exec(sql: "INSERT INTO people (id) VALUES (?)", 1)
/// } catch SQLError.Code.constraint {
///     // SQLITE_CONSTRAINT_PRIMARYKEY, _UNIQUE, _NOTNULL, ... all land here
/// }
/// ```
public struct SQLError: Error, Hashable, Sendable {
    /// The result code, extended where SQLite reports one (`SQLITE_CONSTRAINT_UNIQUE`).
    public var code: Code
    /// What went wrong: SQLite's message, or Slate's for checks it makes itself.
    public var message: String
    /// The SQL the error happened in, when there was one.
    public var sql: String?
    /// The bound values, only when the context includes them in errors.
    public var arguments: [SQLValue]?
    /// `true` when a `COMMIT` failed in a way that leaves its outcome unknown: SQLite may
    /// have made the transaction durable before the error (an I/O error after the WAL
    /// frames were written, for example). Check the data before retrying.
    public var isCommitOutcomeUnknown: Bool
    /// Where in the SQL text you passed SQLite found the error, as a UTF-8 byte offset,
    /// when it says. For a script run by ``SQLContext/exec(sql:parameters:)-(String,[SQLValue])`` the offset
    /// counts from the start of the whole script, while ``sql`` is the failing statement.
    public var offset: Int?

    /// Creates an error.
    public init(
        code: Code, message: String, sql: String? = nil, arguments: [SQLValue]? = nil,
        isCommitOutcomeUnknown: Bool = false, offset: Int? = nil
    ) {
        self.code = code
        self.message = message
        self.sql = sql
        self.arguments = arguments
        self.isCommitOutcomeUnknown = isCommitOutcomeUnknown
        self.offset = offset
    }

    /// The one-based line and column of ``offset`` in `text` (the SQL you passed), or nil
    /// when the error has no offset. Columns count UTF-8 bytes.
    public func lineAndColumn(in text: String) -> (line: Int, column: Int)? {
        guard let offset else { return nil }
        return Self.lineAndColumn(ofOffset: offset, in: text)
    }

    /// The one-based line and column (in UTF-8 bytes, as SQLite's error offsets count) of
    /// the byte at `offset` in `text`: the one rule every error position in Slate follows.
    package static func lineAndColumn(ofOffset offset: Int, in text: String) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in text.utf8.prefix(offset) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (line, column)
    }

    /// The primary result code (`SQLITE_CONSTRAINT` for `SQLITE_CONSTRAINT_UNIQUE`).
    public var primaryCode: Code { code.primary }
}

extension SQLError: CustomStringConvertible {
    /// `SQLITE_CONSTRAINT_UNIQUE (2067): UNIQUE constraint failed: t.x — in: INSERT …`
    public var description: String {
        var text = "\(code): \(message)"
        if let sql { text += " — in: \(sql)" }
        if let arguments { text += " — with: [" + arguments.map(\.sqlLiteral).joined(separator: ", ") + "]" }
        return text
    }
}

extension SQLError {
    /// An SQLite result code. Compare with `==`, or match a primary code against extended
    /// ones with a `case`/`catch` pattern.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The numeric code, as SQLite defines it.
        public var rawValue: Int32
        /// Creates a code from SQLite's number.
        @inlinable public init(rawValue: Int32) { self.rawValue = rawValue }

        /// The primary code: the low eight bits.
        public var primary: Code { Code(rawValue: rawValue & 0xFF) }

        /// Whether this is a primary code (no extended bits).
        public var isPrimary: Bool { rawValue & ~0xFF == 0 }

        /// A pattern match: a primary code matches itself and all its extended codes;
        /// an extended code matches only itself.
        public static func ~= (pattern: Code, code: Code) -> Bool {
            pattern.isPrimary ? pattern == code.primary : pattern == code
        }

        /// Lets `catch SQLError.Code.busy` catch an ``SQLError`` with that code.
        public static func ~= (pattern: Code, error: any Error) -> Bool {
            guard let error = error as? SQLError else { return false }
            return pattern ~= error.code
        }

        /// `SQLITE_CONSTRAINT_UNIQUE (2067)`.
        public var description: String { "\(name) (\(rawValue))" }

        /// SQLite's symbolic name for the code, e.g. `SQLITE_BUSY_SNAPSHOT`.
        public var name: String {
            if let name = Code.extendedNames[rawValue] { return name }
            if let name = Code.primaryNames[rawValue & 0xFF] {
                return isPrimary ? name : "\(name) (extended \(rawValue >> 8))"
            }
            return "SQLITE_UNKNOWN"
        }
    }
}

extension SQLError.Code {
    /// `SQLITE_OK` (0).
    public static let ok = Self(rawValue: SQLITE_OK)
    /// `SQLITE_ERROR` (1): a generic error, including SQL syntax errors.
    public static let error = Self(rawValue: SQLITE_ERROR)
    /// `SQLITE_INTERNAL` (2).
    public static let `internal` = Self(rawValue: SQLITE_INTERNAL)
    /// `SQLITE_PERM` (3): access permission denied.
    public static let permission = Self(rawValue: SQLITE_PERM)
    /// `SQLITE_ABORT` (4): the operation was aborted.
    public static let abort = Self(rawValue: SQLITE_ABORT)
    /// `SQLITE_BUSY` (5): the database file is locked by another connection.
    public static let busy = Self(rawValue: SQLITE_BUSY)
    /// `SQLITE_LOCKED` (6): a table is locked within this connection's process.
    public static let locked = Self(rawValue: SQLITE_LOCKED)
    /// `SQLITE_NOMEM` (7).
    public static let noMemory = Self(rawValue: SQLITE_NOMEM)
    /// `SQLITE_READONLY` (8): a write to a read-only database.
    public static let readOnly = Self(rawValue: SQLITE_READONLY)
    /// `SQLITE_INTERRUPT` (9): interrupted with ``SQLContext/interrupt()``.
    public static let interrupt = Self(rawValue: SQLITE_INTERRUPT)
    /// `SQLITE_IOERR` (10): an I/O error.
    public static let ioError = Self(rawValue: SQLITE_IOERR)
    /// `SQLITE_CORRUPT` (11): the database file is malformed.
    public static let corrupt = Self(rawValue: SQLITE_CORRUPT)
    /// `SQLITE_FULL` (13): the disk or the database is full.
    public static let full = Self(rawValue: SQLITE_FULL)
    /// `SQLITE_CANTOPEN` (14): the file cannot be opened.
    public static let cantOpen = Self(rawValue: SQLITE_CANTOPEN)
    /// `SQLITE_SCHEMA` (17): the schema changed.
    public static let schema = Self(rawValue: SQLITE_SCHEMA)
    /// `SQLITE_TOOBIG` (18): a string or blob over the length limit.
    public static let tooBig = Self(rawValue: SQLITE_TOOBIG)
    /// `SQLITE_CONSTRAINT` (19): a constraint failed.
    public static let constraint = Self(rawValue: SQLITE_CONSTRAINT)
    /// `SQLITE_MISMATCH` (20): a data type mismatch; Slate also uses it for text that is
    /// not valid UTF-8 and for NULL read into a non-optional value.
    public static let mismatch = Self(rawValue: SQLITE_MISMATCH)
    /// `SQLITE_MISUSE` (21): the API was used wrongly; Slate uses it for empty SQL, more
    /// statements than a call runs, and calls on a closed context or statement.
    public static let misuse = Self(rawValue: SQLITE_MISUSE)
    /// `SQLITE_AUTH` (23): denied by the authorizer.
    public static let authorization = Self(rawValue: SQLITE_AUTH)
    /// `SQLITE_RANGE` (25): a parameter index or name that the statement does not have,
    /// or a parameter count that does not match.
    public static let range = Self(rawValue: SQLITE_RANGE)
    /// `SQLITE_NOTADB` (26): the file is not a database.
    public static let notADatabase = Self(rawValue: SQLITE_NOTADB)

    /// `SQLITE_CONSTRAINT_UNIQUE` (2067).
    public static let constraintUnique = Self(rawValue: 2067)
    /// `SQLITE_CONSTRAINT_PRIMARYKEY` (1555).
    public static let constraintPrimaryKey = Self(rawValue: 1555)
    /// `SQLITE_CONSTRAINT_FOREIGNKEY` (787).
    public static let constraintForeignKey = Self(rawValue: 787)
    /// `SQLITE_CONSTRAINT_NOTNULL` (1299).
    public static let constraintNotNull = Self(rawValue: 1299)
    /// `SQLITE_CONSTRAINT_CHECK` (275).
    public static let constraintCheck = Self(rawValue: 275)
    /// `SQLITE_CONSTRAINT_TRIGGER` (1811): a `RAISE` in a trigger, or an `ON DELETE RESTRICT`.
    public static let constraintTrigger = Self(rawValue: 1811)
    /// `SQLITE_CONSTRAINT_COMMITHOOK` (531): a commit hook turned the commit into a rollback.
    public static let constraintCommitHook = Self(rawValue: 531)
    /// `SQLITE_BUSY_SNAPSHOT` (517): a WAL read transaction is too old to write.
    public static let busySnapshot = Self(rawValue: 517)
    /// `SQLITE_ABORT_ROLLBACK`: the transaction was rolled back, so the statement could not
    /// run (Slate also throws it for statements run in a transaction closure after SQLite
    /// ended the transaction).
    public static let abortRollback = Self(rawValue: 516)
    /// `SQLITE_READONLY_DBMOVED` (1032).
    public static let readOnlyDatabaseMoved = Self(rawValue: 1032)
    /// `SQLITE_READONLY_ROLLBACK` (776): a read-only connection met a hot journal, which
    /// only a read-write connection can roll back.
    public static let readOnlyRollback = Self(rawValue: 776)

    static let primaryNames: [Int32: String] = [
        0: "SQLITE_OK", 1: "SQLITE_ERROR", 2: "SQLITE_INTERNAL", 3: "SQLITE_PERM", 4: "SQLITE_ABORT",
        5: "SQLITE_BUSY", 6: "SQLITE_LOCKED", 7: "SQLITE_NOMEM", 8: "SQLITE_READONLY",
        9: "SQLITE_INTERRUPT", 10: "SQLITE_IOERR", 11: "SQLITE_CORRUPT", 12: "SQLITE_NOTFOUND",
        13: "SQLITE_FULL", 14: "SQLITE_CANTOPEN", 15: "SQLITE_PROTOCOL", 16: "SQLITE_EMPTY",
        17: "SQLITE_SCHEMA", 18: "SQLITE_TOOBIG", 19: "SQLITE_CONSTRAINT", 20: "SQLITE_MISMATCH",
        21: "SQLITE_MISUSE", 22: "SQLITE_NOLFS", 23: "SQLITE_AUTH", 24: "SQLITE_FORMAT",
        25: "SQLITE_RANGE", 26: "SQLITE_NOTADB", 27: "SQLITE_NOTICE", 28: "SQLITE_WARNING",
        100: "SQLITE_ROW", 101: "SQLITE_DONE",
    ]

    static let extendedNames: [Int32: String] = [
        266: "SQLITE_IOERR_READ", 522: "SQLITE_IOERR_SHORT_READ", 778: "SQLITE_IOERR_WRITE",
        1034: "SQLITE_IOERR_FSYNC", 1290: "SQLITE_IOERR_DIR_FSYNC", 1546: "SQLITE_IOERR_TRUNCATE",
        1802: "SQLITE_IOERR_FSTAT", 2058: "SQLITE_IOERR_UNLOCK", 2314: "SQLITE_IOERR_RDLOCK",
        2570: "SQLITE_IOERR_DELETE", 3082: "SQLITE_IOERR_NOMEM", 3338: "SQLITE_IOERR_ACCESS",
        3594: "SQLITE_IOERR_CHECKRESERVEDLOCK", 3850: "SQLITE_IOERR_LOCK", 4106: "SQLITE_IOERR_CLOSE",
        4618: "SQLITE_IOERR_SHMOPEN", 4874: "SQLITE_IOERR_SHMSIZE", 5386: "SQLITE_IOERR_SHMMAP",
        5642: "SQLITE_IOERR_SEEK", 6410: "SQLITE_IOERR_GETTEMPPATH", 6666: "SQLITE_IOERR_CONVPATH",
        262: "SQLITE_LOCKED_SHAREDCACHE", 517: "SQLITE_BUSY_SNAPSHOT", 261: "SQLITE_BUSY_RECOVERY",
        773: "SQLITE_BUSY_TIMEOUT", 270: "SQLITE_CANTOPEN_NOTEMPDIR", 526: "SQLITE_CANTOPEN_ISDIR",
        782: "SQLITE_CANTOPEN_FULLPATH", 267: "SQLITE_CORRUPT_VTAB", 264: "SQLITE_READONLY_RECOVERY",
        520: "SQLITE_READONLY_CANTLOCK", 776: "SQLITE_READONLY_ROLLBACK", 1032: "SQLITE_READONLY_DBMOVED",
        1288: "SQLITE_READONLY_CANTINIT", 1544: "SQLITE_READONLY_DIRECTORY", 516: "SQLITE_ABORT_ROLLBACK",
        275: "SQLITE_CONSTRAINT_CHECK", 531: "SQLITE_CONSTRAINT_COMMITHOOK", 787: "SQLITE_CONSTRAINT_FOREIGNKEY",
        1043: "SQLITE_CONSTRAINT_FUNCTION", 1299: "SQLITE_CONSTRAINT_NOTNULL", 1555: "SQLITE_CONSTRAINT_PRIMARYKEY",
        1811: "SQLITE_CONSTRAINT_TRIGGER", 2067: "SQLITE_CONSTRAINT_UNIQUE", 2323: "SQLITE_CONSTRAINT_VTAB",
        2579: "SQLITE_CONSTRAINT_ROWID", 2835: "SQLITE_CONSTRAINT_PINNED", 3091: "SQLITE_CONSTRAINT_DATATYPE",
        283: "SQLITE_NOTICE_RECOVER_WAL", 539: "SQLITE_NOTICE_RECOVER_ROLLBACK", 284: "SQLITE_WARNING_AUTOINDEX",
        279: "SQLITE_AUTH_USER", 257: "SQLITE_ERROR_MISSING_COLLSEQ", 513: "SQLITE_ERROR_RETRY",
        769: "SQLITE_ERROR_SNAPSHOT",
    ]
}
