/// The current row of a statement or cursor: read its columns by index or by name.
///
/// A row is a view, valid until the statement steps again; copy out what you keep.
///
/// ```swift
/// let cursor = try ctx.cursor(sql: "SELECT id, name, radius FROM planets")
/// while let row = try cursor.next() {
///     let name = try row["name"]                 // SQLValue
///     let radius: Double? = try row.get("radius") // typed, NULL as nil
///     let id = row.int64(at: 0)                   // typed, straight from SQLite
/// }
/// ```
public struct SQLRow {
    /// The statement whose current row this is.
    public let statement: SQLStatement

    /// Wraps `statement`'s current row.
    @inlinable public init(statement: SQLStatement) { self.statement = statement }

    /// How many columns the row has.
    @inlinable public var count: Int32 { statement.columnCount }

    /// The column names, in order.
    public var columnNames: [String] { statement.columnNames }

    /// The column at `index` (zero-based) as a dynamic value.
    public subscript(index: Int32) -> SQLValue {
        get throws {
            guard index >= 0, index < statement.columnCount else {
                throw SQLError(
                    code: .range,
                    message:
                        "column index \(index) is out of range: the row has \(statement.columnCount) column\(statement.columnCount == 1 ? "" : "s")",
                    sql: statement.sql)
            }
            return try statement.value(at: index)
        }
    }

    /// The column called `name` as a dynamic value.
    ///
    /// - Throws: when the result has no such column (the error lists those it has).
    public subscript(name: String) -> SQLValue {
        get throws { try statement.value(at: statement.requireColumnIndex(named: name)) }
    }

    /// Every column as dynamic values.
    public func values() throws -> [SQLValue] { try statement.values() }

    /// The column at `index` as a 64-bit integer (SQLite's conversions; NULL is 0).
    @inlinable public func int64(at index: Int32) -> Int64 { statement.int64(at: index) }
    /// The column at `index` as an `Int` (SQLite's conversions; NULL is 0).
    @inlinable public func int(at index: Int32) -> Int { statement.int(at: index) }
    /// The column at `index` as a double (SQLite's conversions; NULL is 0.0).
    @inlinable public func double(at index: Int32) -> Double { statement.double(at: index) }
    /// The column at `index` as a `Bool` (non-zero is `true`).
    @inlinable public func bool(at index: Int32) -> Bool { statement.bool(at: index) }
    /// The column at `index` as validated UTF-8 text (NULL is "").
    @inlinable public func string(at index: Int32) throws -> String { try statement.string(at: index) }
    /// The column at `index` as bytes (NULL is `[]`).
    @inlinable public func bytes(at index: Int32) -> [UInt8] { statement.bytes(at: index) }
    /// Whether the column at `index` is NULL.
    @inlinable public func isNull(at index: Int32) -> Bool { statement.isNull(at: index) }

    /// The column at `index` decoded as `Value`; optional types read NULL as nil.
    @inlinable
    public func get<Value: SQLColumnDecodable>(_ index: Int32, as type: Value.Type = Value.self) throws -> Value {
        try statement.get(index, as: type)
    }

    /// The column called `name` decoded as `Value`; optional types read NULL as nil.
    @inlinable
    public func get<Value: SQLColumnDecodable>(_ name: String, as type: Value.Type = Value.self) throws -> Value {
        try statement.get(name, as: type)
    }
}

@available(*, unavailable, message: "A row is a view of a statement that has one owner at a time.")
extension SQLRow: Sendable {}
