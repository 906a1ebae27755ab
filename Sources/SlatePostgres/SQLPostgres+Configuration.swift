#if Postgres
import Logging
import PostgresNIO

extension SQLPostgres {
    /// Where one server is and how to log in to it.
    public struct Server: Sendable {
        /// The host name or address.
        public var host: String
        /// The TCP port (5432 by default).
        public var port: Int
        /// The user to log in as.
        public var username: String
        /// The password, when the server asks for one.
        public var password: String?
        /// The database; nil means the server's default (the user's name).
        public var database: String?
        /// Whether to use TLS: ``TLS/disable`` or ``TLS/require``.
        public var tls: TLS

        /// A server by its parts.
        public init(
            host: String, port: Int = 5432, username: String, password: String? = nil, database: String? = nil,
            tls: TLS = .disable
        ) {
            self.host = host
            self.port = port
            self.username = username
            self.password = password
            self.database = database
            self.tls = tls
        }

        /// A server from a URL: `postgres://user[:password]@host[:port]/database[?sslmode=disable|require]`
        /// (`postgresql://` too). Parts are percent-decoded. A wrong URL throws an error of
        /// kind ``SQLPostgresError/Kind/configuration`` that says which part is wrong and
        /// never repeats the password.
        public init(url: String) throws {
            self = try URLParser.parse(url)
        }
    }

    /// Whether connections use TLS.
    public enum TLS: Sendable, Hashable {
        /// Plain TCP (`sslmode=disable`, the default).
        case disable
        /// TLS with the system's trust roots and host name verification (`sslmode=require`).
        case require
    }

    /// Isolation levels for ``SQLPostgres/write(isolation:retries:_:)``.
    public enum Isolation: Sendable, Hashable {
        /// Each statement sees what was committed before it started (PostgreSQL's default).
        case readCommitted
        /// Every statement sees the snapshot taken at the transaction's first statement.
        case repeatableRead
        /// As if the transactions ran one after the other; conflicts fail with SQLSTATE
        /// 40001 and are retried.
        case serializable

        var sql: String {
            switch self {
            case .readCommitted: "BEGIN ISOLATION LEVEL READ COMMITTED"
            case .repeatableRead: "BEGIN ISOLATION LEVEL REPEATABLE READ"
            case .serializable: "BEGIN ISOLATION LEVEL SERIALIZABLE"
            }
        }
    }

    /// How an ``SQLPostgres`` connects and behaves.
    public struct Configuration: Sendable {
        /// The primary server: every write, and reads when there is no replica or
        /// read-your-writes is asked for.
        public var primary: Server
        /// A read replica (a hot standby) for ``SQLPostgres/read(readYourWrites:_:)``, if any.
        public var replica: Server?
        /// Whether reads go to the primary even when a replica is configured, so that they
        /// see this process's last writes (a replica lags). Per call:
        /// `read(readYourWrites:_:)`.
        public var readYourWrites: Bool = false
        /// The most connections open to each server at once.
        public var maximumConnections: Int = 20
        /// How long a call waits for a connection before it throws: an error of kind
        /// ``SQLPostgresError/Kind/busy`` when every connection stayed in use by other
        /// calls, of kind ``SQLPostgresError/Kind/connection`` when none could be made (the
        /// server down or unreachable). 10 seconds by default; nil waits as long as
        /// postgres-nio's pool does (with the server down, until its circuit breaker opens,
        /// about a minute; with every connection held, for ever). The time a call then
        /// spends on its statements is not bounded by it.
        public var maximumWait: Duration? = .seconds(10)
        /// How many times a transaction that failed with SQLSTATE 40001 or 40P01 is run
        /// again before its error is thrown (per call: `write(retries:)`).
        public var retries: Int = 5
        /// How long an observation (``SQLPostgres/observe(tables:_:)``) tries to reach the
        /// server again after its listening connection was lost, or a run could not
        /// connect, before its stream ends with an error of kind
        /// ``SQLPostgresError/Kind/connection``; 30 seconds by default.
        public var observationReconnectTimeout: Duration = .seconds(30)
        /// Where postgres-nio logs its statements and connections; nowhere by default.
        public var logger = Logger(label: "Slate.Postgres", factory: { _ in SwiftLogNoOpLogHandler() })

        /// A configuration for the primary `primary`, with no replica.
        public init(primary: Server, replica: Server? = nil) {
            self.primary = primary
            self.replica = replica
        }

        /// A configuration from the primary's URL (see ``Server/init(url:)``) and,
        /// optionally, a replica's.
        public init(url: String, replicaURL: String? = nil) throws {
            self.init(primary: try Server(url: url), replica: try replicaURL.map { try Server(url: $0) })
        }
    }
}

extension SQLPostgres.Server {
    /// postgres-nio's configuration for this server, every session in UTC: `TimeZone` is a
    /// startup parameter, so it holds from the connection's first statement.
    func clientConfiguration(maximumConnections: Int) -> PostgresClient.Configuration {
        let tls: PostgresClient.Configuration.TLS =
            switch tls {
            case .disable: .disable
            case .require: .require(.makeClientConfiguration())
            }
        var configuration = PostgresClient.Configuration(
            host: host, port: port, username: username, password: password, database: database, tls: tls)
        configuration.options.maximumConnections = max(1, maximumConnections)
        configuration.options.additionalStartupParameters = [("TimeZone", "UTC")]
        return configuration
    }
}

extension SQLPostgres.Server {
    /// postgres-nio's configuration of one connection of its own to this server (the
    /// observation's listening connection, the probe of a failed lease), in UTC too.
    func connectionConfiguration(connectTimeout: Duration) throws -> PostgresConnection.Configuration {
        let tls: PostgresConnection.Configuration.TLS =
            switch tls {
            case .disable: .disable
            case .require: .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
            }
        var configuration = PostgresConnection.Configuration(
            host: host, port: port, username: username, password: password, database: database, tls: tls)
        configuration.options.additionalStartupParameters = [("TimeZone", "UTC")]
        configuration.options.connectTimeout = TimeAmount.nanoseconds(
            connectTimeout.components.seconds * 1_000_000_000 + connectTimeout.components.attoseconds / 1_000_000_000)
        return configuration
    }
}

/// `postgres://user[:password]@host[:port]/database[?sslmode=…]`, without Foundation.
enum URLParser {
    static func parse(_ url: String) throws -> SQLPostgres.Server {
        func fail(_ message: String) -> SQLPostgresError {
            SQLPostgresError(kind: .configuration, message: "invalid PostgreSQL URL: \(message)")
        }
        var rest = Substring(url)
        if rest.hasPrefix("postgres://") {
            rest = rest.dropFirst("postgres://".count)
        } else if rest.hasPrefix("postgresql://") {
            rest = rest.dropFirst("postgresql://".count)
        } else {
            throw fail("it must start with postgres:// or postgresql://")
        }
        var query: Substring = ""
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        var path: Substring?
        if let slash = rest.firstIndex(of: "/") {
            path = rest[rest.index(after: slash)...]
            rest = rest[..<slash]
        }
        guard let at = rest.lastIndex(of: "@") else {
            throw fail("it names no user (postgres://user@host/database)")
        }
        let userInfo = rest[..<at]
        let hostPort = rest[rest.index(after: at)...]
        let username: String
        var password: String?
        if let colon = userInfo.firstIndex(of: ":") {
            username = try decode(userInfo[..<colon], part: "the user name")
            password = try decode(userInfo[userInfo.index(after: colon)...], part: "the password")
        } else {
            username = try decode(userInfo, part: "the user name")
        }
        guard !username.isEmpty else { throw fail("the user name is empty") }
        var host: Substring
        var portText: Substring?
        if hostPort.hasPrefix("[") {
            guard let close = hostPort.firstIndex(of: "]") else { throw fail("the IPv6 host has no closing ]") }
            host = hostPort[hostPort.index(after: hostPort.startIndex)..<close]
            let after = hostPort[hostPort.index(after: close)...]
            if after.hasPrefix(":") {
                portText = after.dropFirst()
            } else if !after.isEmpty {
                throw fail("unexpected text after the IPv6 host")
            }
        } else if let colon = hostPort.lastIndex(of: ":") {
            host = hostPort[..<colon]
            portText = hostPort[hostPort.index(after: colon)...]
        } else {
            host = hostPort
        }
        let hostName = try decode(host, part: "the host")
        guard !hostName.isEmpty else { throw fail("the host is empty") }
        var port = 5432
        if let portText {
            guard let number = Int(portText), (1...65535).contains(number) else {
                throw fail("the port '\(portText)' is not a number from 1 to 65535")
            }
            port = number
        }
        var database: String?
        if let path, !path.isEmpty {
            guard !path.contains("/") else { throw fail("the database name '\(path)' contains a /") }
            database = try decode(path, part: "the database name")
        }
        var tls = SQLPostgres.TLS.disable
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = try decode(parts[0], part: "a query parameter")
            let value = parts.count > 1 ? try decode(parts[1], part: "the value of \(key)") : ""
            guard key == "sslmode" else {
                throw fail("the query parameter '\(key)' is not supported (only sslmode)")
            }
            switch value {
            case "disable": tls = .disable
            case "require": tls = .require
            default: throw fail("sslmode '\(value)' is not supported (disable or require)")
            }
        }
        return SQLPostgres.Server(
            host: hostName, port: port, username: username, password: password, database: database, tls: tls)
    }

    /// Percent-decodes `text`; a bad escape throws naming the part (never its text, which
    /// may be a password).
    private static func decode(_ text: Substring, part: String) throws -> String {
        guard text.contains("%") else { return String(text) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                throw SQLPostgresError(
                    kind: .configuration, message: "invalid PostgreSQL URL: \(part) has a bad percent escape")
            }
            bytes.append(high << 4 | low)
        }
        let decoded = String(decoding: bytes, as: UTF8.self)
        guard decoded.utf8.elementsEqual(bytes) else {
            throw SQLPostgresError(
                kind: .configuration, message: "invalid PostgreSQL URL: \(part) is not UTF-8 once decoded")
        }
        guard !decoded.utf8.contains(0) else {
            throw SQLPostgresError(kind: .configuration, message: "invalid PostgreSQL URL: \(part) contains NUL")
        }
        return decoded
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
#endif
