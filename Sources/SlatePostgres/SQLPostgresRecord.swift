#if Postgres
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PostgresNIO
import Slate
import SlateRecords

/// A record of a table or view that the generator gave a PostgreSQL conformance: the same
/// struct the SQLite code reads, decoded from and bound to PostgreSQL rows.
///
/// Generated code conforms; its requirements are the generator's (`@_spi(Generated)`).
/// Read and write such records through a generated database type's table accessors
/// (`db.people.fetch(…)`) and `insert`, `update`, `save` and `delete`.
public protocol SQLPostgresRecord: SQLQueryableRecord {
    /// The table's quoted name, its columns' quoted names and types, and its key.
    @_spi(Generated) static var postgresLayout: SQLPostgresLayout { get }

    /// Decodes the record from the row's columns `offset`, `offset + 1`, … in the order
    /// of `postgresLayout`'s columns.
    @_spi(Generated) init(postgresRow row: SQLPostgresRow, offset: Int) throws
}

/// A record of a table with a primary key, on PostgreSQL: it can be inserted, updated,
/// saved and deleted.
public protocol SQLPostgresKeyedRecord: SQLPostgresRecord, SQLKeyedRecord {
    /// Whether the key is set: false only for an identity key left at `Int.min`, which
    /// the server assigns on insert.
    @_spi(Generated) var postgresKeyIsAssigned: Bool { get }

    /// Binds every column in the layout's order, leaving out the key's columns when
    /// `includingKey` is false.
    @_spi(Generated) func bindPostgresColumns(into bindings: inout SQLPostgresBindings, includingKey: Bool) throws

    /// Binds a key's columns, in the layout's key order.
    @_spi(Generated) static func bindPostgresKey(_ id: ID, into bindings: inout SQLPostgresBindings) throws
}

/// A column's type on PostgreSQL, as the generator maps it (for generated code).
@_spi(Generated) public enum SQLPostgresColumnType: Sendable, Hashable {
    case integer, double, text, blob, boolean, timestamp, uuid, numeric

    var dialectType: SQLColumnType {
        switch self {
        case .integer: return .integer
        case .double: return .double
        case .text: return .text
        case .blob: return .blob
        case .boolean: return .boolean
        case .timestamp: return .timestamp
        case .uuid: return .uuid
        case .numeric: return .numeric
        }
    }
}

/// A table's or view's shape on PostgreSQL, and the statements every record operation
/// runs, built once from it (generated code keeps one in a `static let`: it holds nothing
/// that can change while the program runs).
///
/// A class, so that every call that reads `postgresLayout` (and the bindings of every
/// statement, which keep it for their errors) retains one reference instead of copying a
/// dozen strings and arrays.
@_spi(Generated) public final class SQLPostgresLayout: Sendable {
    /// The name as SQL has it, unquoted (for errors).
    public let name: String
    let dialect: SQLDialectTable
    /// The key's column positions, in key order.
    let key: [Int]
    /// Whether the key is one identity column the server assigns on insert.
    let identity: Bool

    let select: String
    let count: String
    let find: String
    let insertAll: String
    let insertWithoutKey: String
    let update: String?
    let delete: String
    let upsert: String
    /// Moves the identity's sequence past the largest key after an explicit one, as
    /// SQLite's rowid moves past the largest key.
    let advanceIdentity: String?
    let statements = SQLPostgresStatements()

    /// - Parameters:
    ///   - name: the table's name, unquoted.
    ///   - columns: the columns' names, unquoted, in the record's order.
    ///   - types: each column's type.
    ///   - key: the primary key's column positions (empty for a view).
    ///   - identity: whether the key is one identity column the server assigns.
    ///   - notNull: whether each column never holds NULL (its Swift property is not
    ///     optional), so that ordering by it needs no `NULLS FIRST`; nil: only the key's.
    public init(
        name: String, columns: [String], types: [SQLPostgresColumnType], key: [Int], identity: Bool,
        notNull: [Bool]? = nil
    ) {
        precondition(columns.count == types.count, "one type per column")
        self.name = name
        self.key = key
        self.identity = identity && key.count == 1
        let table = Self.quoted(name)
        let names = columns.map(Self.quoted)
        dialect = SQLDialectTable(
            table: table, names: names, types: types.map(\.dialectType), key: key.map { Int32($0) }, notNull: notNull)
        let list = names.joined(separator: ", ")
        select = "SELECT \(list) FROM \(table)"
        count = "SELECT count(*) FROM \(table)"
        let keyCondition = key.enumerated().map { "\(names[$0.element]) = $\($0.offset + 1)" }
            .joined(separator: " AND ")
        find = "\(select) WHERE \(keyCondition)"
        delete = "DELETE FROM \(table) WHERE \(keyCondition)"
        func placeholders(_ count: Int) -> String { (1...max(count, 1)).map { "$\($0)" }.joined(separator: ", ") }
        insertAll = "INSERT INTO \(table) (\(list)) VALUES (\(placeholders(names.count))) RETURNING \(list)"
        let rest = names.indices.filter { !key.contains($0) }
        if self.identity {
            insertWithoutKey =
                rest.isEmpty
                ? "INSERT INTO \(table) DEFAULT VALUES RETURNING \(list)"
                : "INSERT INTO \(table) (\(rest.map { names[$0] }.joined(separator: ", "))) VALUES (\(placeholders(rest.count))) RETURNING \(list)"
            // The largest key, or the identity's own last value when larger: never
            // backwards, and past rows whose keys were given (as SQLite's rowid).
            advanceIdentity =
                "SELECT setval(s, GREATEST((SELECT max(\(names[key[0]])) FROM \(table)), "
                + "COALESCE(pg_sequence_last_value(s::regclass), 0), 1)) "
                + "FROM pg_get_serial_sequence(\(Self.literal(table)), \(Self.literal(columns[key[0]]))) AS s "
                + "WHERE s IS NOT NULL"
        } else {
            insertWithoutKey = insertAll
            advanceIdentity = nil
        }
        if rest.isEmpty || key.isEmpty {
            update = nil
        } else {
            let sets = rest.enumerated().map { "\(names[$0.element]) = $\($0.offset + 1)" }
            let condition = key.enumerated().map { "\(names[$0.element]) = $\(rest.count + $0.offset + 1)" }
            update =
                "UPDATE \(table) SET \(sets.joined(separator: ", ")) WHERE \(condition.joined(separator: " AND ")) RETURNING \(list)"
        }
        let conflict = key.map { names[$0] }.joined(separator: ", ")
        let action =
            rest.isEmpty
            ? "DO NOTHING"
            : "DO UPDATE SET " + rest.map { "\(names[$0]) = excluded.\(names[$0])" }.joined(separator: ", ")
        upsert =
            "INSERT INTO \(table) (\(list)) VALUES (\(placeholders(names.count))) ON CONFLICT (\(conflict)) \(action) RETURNING \(list)"
    }

    static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    static func literal(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }

    /// The column at `index`, unquoted (for errors).
    func columnName(_ index: Int) -> String {
        let quoted = dialect.names[index]
        return String(quoted.dropFirst().dropLast()).replacingOccurrences(of: "\"\"", with: "\"")
    }
}

/// The values of one statement, bound straight into postgres-nio's bindings (no
/// intermediate values): what a generated conformance's `bind…` functions append to.
@_spi(Generated) public struct SQLPostgresBindings {
    var bindings: PostgresBindings
    let layout: SQLPostgresLayout

    init(layout: SQLPostgresLayout, capacity: Int) {
        bindings = PostgresBindings(capacity: capacity)
        self.layout = layout
    }

    private func refused(_ why: String, _ column: Int) -> SQLPostgresError {
        SQLPostgresError(
            kind: .invalidParameter, message: why, table: layout.name, column: layout.columnName(column))
    }

    /// Binds the column at `column`.
    public mutating func append(_ value: Int, column: Int) { bindings.append(Int64(value)) }
    public mutating func append(_ value: Int64, column: Int) { bindings.append(value) }
    public mutating func append(_ value: Double, column: Int) throws {
        guard !value.isNaN else {
            throw refused("a NaN double, which Slate refuses (SQLite would store NULL)", column)
        }
        bindings.append(value)
    }
    public mutating func append(_ value: String, column: Int) throws {
        guard !value.utf8.contains(0) else {
            throw refused("text containing NUL, which PostgreSQL cannot store", column)
        }
        bindings.append(value)
    }
    public mutating func append(_ value: Bool, column: Int) { bindings.append(value) }
    public mutating func append(_ value: Date, column: Int) { bindings.append(value) }
    public mutating func append(_ value: UUID, column: Int) { bindings.append(value) }
    public mutating func append(_ value: Data, column: Int) { bindings.append(ByteBuffer(bytes: value)) }
    public mutating func append(_ value: [UInt8], column: Int) { bindings.append(ByteBuffer(bytes: value)) }

    public mutating func append(_ value: Int?, column: Int) {
        if let value { append(value, column: column) } else { bindings.append(Int64?.none) }
    }
    public mutating func append(_ value: Int64?, column: Int) {
        if let value { append(value, column: column) } else { bindings.append(Int64?.none) }
    }
    public mutating func append(_ value: Double?, column: Int) throws {
        if let value { try append(value, column: column) } else { bindings.append(Double?.none) }
    }
    public mutating func append(_ value: String?, column: Int) throws {
        if let value { try append(value, column: column) } else { bindings.append(String?.none) }
    }
    public mutating func append(_ value: Bool?, column: Int) {
        if let value { append(value, column: column) } else { bindings.append(Bool?.none) }
    }
    public mutating func append(_ value: Date?, column: Int) {
        if let value { append(value, column: column) } else { bindings.append(Date?.none) }
    }
    public mutating func append(_ value: UUID?, column: Int) {
        if let value { append(value, column: column) } else { bindings.append(UUID?.none) }
    }
    public mutating func append(_ value: Data?, column: Int) {
        if let value { append(value, column: column) } else { bindings.append(ByteBuffer?.none) }
    }
    public mutating func append(_ value: [UInt8]?, column: Int) {
        if let value { append(value, column: column) } else { bindings.append(ByteBuffer?.none) }
    }
}

extension Data: SQLPostgresDecodable {
    /// Decodes a BYTEA.
    public static func decode(from row: SQLPostgresRow, at index: Int) throws -> Data {
        let bytes = try row.nonNull(index, "Data")
        guard row.type(index) == .bytea else { throw row.mismatch(index, "Data") }
        return Data(bytes.readableBytesView)
    }
}

#endif
