#if Postgres
import PostgresNIO

/// An error from SlatePostgres: from the server (with its SQLSTATE and fields), from the
/// connection, or from Slate itself (a value that does not fit its Swift type, a parameter
/// PostgreSQL cannot store exactly, a misuse).
///
/// Bound values never appear in it: ``sql`` is the statement's text with its `$n`
/// placeholders, and the messages name parameters by position.
public struct SQLPostgresError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, broadly.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }

        /// The server refused a statement (see ``SQLPostgresError/sqlState``).
        public static let server = Kind("server")
        /// A statement ran after an earlier one failed in the same transaction (which
        /// PostgreSQL then aborts), or the closure caught that failure and returned: the
        /// transaction is rolled back. ``SQLPostgresError/sqlState`` is the first failure's.
        public static let transactionAborted = Kind("transaction aborted")
        /// The connection ended while a statement or transaction ran, before `COMMIT` was
        /// sent: the server rolled the transaction back. Not retried.
        public static let connectionLost = Kind("connection lost")
        /// The connection ended after `COMMIT` was sent and before the server answered:
        /// the transaction may have committed or not. Not retried; check before redoing it.
        public static let commitOutcomeUnknown = Kind("commit outcome unknown")
        /// No connection could be made (refused, authentication, TLS), or none within
        /// `SQLPostgres.Configuration.maximumWait`.
        public static let connection = Kind("connection")
        /// Every connection stayed in use by other calls for
        /// `SQLPostgres.Configuration.maximumWait`: the pool is overloaded (a server would
        /// answer 503).
        public static let busy = Kind("busy")
        /// A column's value does not fit the Swift type asked for, or is NULL.
        public static let mismatch = Kind("mismatch")
        /// A parameter PostgreSQL cannot store exactly (text with NUL, a NaN double).
        public static let invalidParameter = Kind("invalid parameter")
        /// The configuration or URL is wrong.
        public static let configuration = Kind("configuration")
        /// The API was used in a way it does not allow (a write inside a read, a closed
        /// database, a column that does not exist).
        public static let misuse = Kind("misuse")

        public var description: String { name }
    }

    /// What went wrong, broadly.
    public var kind: Kind
    /// The server's SQLSTATE (`40001`, `23505`, …), when the server said it.
    public var sqlState: String?
    /// The primary message.
    public var message: String
    /// The server's detail, when it gave one. Left out of ``description``: the server
    /// writes row values there (`Key (email)=(…) already exists`).
    public var detail: String?
    /// The server's hint, when it gave one.
    public var hint: String?
    /// The statement's SQL (placeholders, never values), when a statement was involved.
    public var sql: String?
    /// The schema the error is about, when known.
    public var schema: String?
    /// The table the error is about, when known.
    public var table: String?
    /// The column the error is about, when known.
    public var column: String?
    /// The constraint the error is about, when known.
    public var constraint: String?
    /// The PostgreSQL type involved (for ``Kind/mismatch``), when known.
    public var dataType: String?

    /// The table's OID, when a mismatch knows it and its name is not resolved yet.
    var tableOID: Int32 = 0
    /// The underlying error, kept for ``debugDescription`` only.
    var underlying: String?

    init(
        kind: Kind, message: String, sqlState: String? = nil, sql: String? = nil, table: String? = nil,
        column: String? = nil, dataType: String? = nil
    ) {
        self.kind = kind
        self.message = message
        self.sqlState = sqlState
        self.sql = sql
        self.table = table
        self.column = column
        self.dataType = dataType
    }

    /// Whether re-running the whole transaction may succeed: a serialization failure
    /// (40001) or a deadlock (40P01).
    public var isRetryable: Bool {
        (kind == .server || kind == .transactionAborted) && (sqlState == "40001" || sqlState == "40P01")
    }

    public var description: String {
        var text = kind == .server || kind == .transactionAborted ? "" : "\(kind): "
        if kind == .transactionAborted { text += "transaction aborted: " }
        text += message
        if let sqlState { text += " (SQLSTATE \(sqlState))" }
        var place: [String] = []
        if let table {
            place.append("table \(schema.map { "\($0)." } ?? "")\(table)")
        } else if tableOID != 0 {
            place.append("table OID \(tableOID)")
        }
        if let column { place.append("column \(column)") }
        if let constraint { place.append("constraint \(constraint)") }
        if let dataType { place.append("type \(dataType)") }
        if !place.isEmpty { text += "; " + place.joined(separator: ", ") }
        if let hint { text += "; hint: \(hint)" }
        if let sql { text += "; in: \(sql)" }
        return text
    }
}

extension SQLPostgresError {
    /// The one place postgres-nio's errors become Slate's: the server's fields when the
    /// server spoke, the connection-lost kind when the connection ended. `sql` is the
    /// statement that was running (its text only).
    init(_ error: any Error, sql: String?) {
        if let error = error as? SQLPostgresError {
            self = error
            if self.sql == nil { self.sql = sql }
            return
        }
        guard let error = error as? PSQLError else {
            self.init(kind: .connection, message: String(describing: error), sql: sql)
            return
        }
        if let info = error.serverInfo {
            let state = info[.sqlState]
            self.init(
                kind: Self.isConnectionEnd(sqlState: state) ? .connectionLost : .server,
                message: Self.withoutValues(info[.message] ?? "the server refused the statement", sqlState: state),
                sqlState: state, sql: sql)
            detail = info[.detail]
            hint = info[.hint]
            schema = info[.schemaName]
            table = info[.tableName]
            column = info[.columnName]
            constraint = info[.constraintName]
            dataType = info[.dataTypeName]
            return
        }
        switch error.code {
        case .serverClosedConnection, .connectionError, .uncleanShutdown, .clientClosedConnection:
            self.init(kind: .connectionLost, message: "the connection to the server ended (\(error.code))", sql: sql)
        case .poolClosed:
            self.init(kind: .misuse, message: "the database is closed", sql: sql)
        case .tooManyParameters:
            self.init(kind: .invalidParameter, message: "more than 65535 parameters", sql: sql)
        default:
            self.init(kind: .connection, message: "\(error.code)", sql: sql)
        }
        underlying = String(reflecting: error)
    }

    /// `message` without the value a data exception (SQLSTATE class 22) quotes in it
    /// (`invalid input syntax for type bigint: "…"`, `value "…" is out of range`): that value
    /// is often a bound parameter. From the first double quote to the last, since the value
    /// may itself hold quotes.
    static func withoutValues(_ message: String, sqlState: String?) -> String {
        guard sqlState?.hasPrefix("22") == true, let first = message.firstIndex(of: "\""),
            let last = message.lastIndex(of: "\""), first < last
        else { return message }
        return message[..<first] + "\"…\"" + message[message.index(after: last)...]
    }

    /// SQLSTATEs that mean the server ended the session: admin shutdown or termination
    /// (`pg_terminate_backend`), crash shutdown, and connection exceptions (class 08).
    static func isConnectionEnd(sqlState: String?) -> Bool {
        guard let sqlState else { return false }
        return sqlState == "57P01" || sqlState == "57P02" || sqlState == "57P03" || sqlState.hasPrefix("08")
    }
}
#endif
