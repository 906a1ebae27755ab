import Foundation

/// A record type with typed columns, for queries built in Swift and compiled to SQL with
/// bound values: `db.people.fetch(where: { $0.title == nil && $0.personId > 2 })`.
///
/// Generated records conform; their `Columns` type has one ``SQLColumn`` per column.
public protocol SQLQueryableRecord: SQLRecord {
    /// The record's columns: `$0` in predicates, orderings and projections.
    associatedtype Columns: SQLColumnSet where Columns.Record == Self
}

/// The columns of one record type.
public protocol SQLColumnSet: Sendable {
    /// The record type.
    associatedtype Record: SQLRecord
    /// The columns' SQL names, quoted, in the order ``SQLRecord/sqlSelect`` reads them.
    static var sqlNames: [String] { get }
    /// The column set (it holds nothing: each column is a computed property).
    init()
}

/// One column of `Record`, holding `Value`s: compared with `==`, `<`, `hasPrefix`, … it
/// makes an ``SQLPredicate`` whose values are bound, never written into the SQL.
///
/// Comparisons are typed: a `String` column compares with `String`s only, and `== nil`
/// exists for optional columns only (it becomes `IS NULL`). A column also compares with
/// another column of its type, or with an ``SQLExpression`` of columns and constants
/// (`$0.price > $0.cost * 2`).
public struct SQLColumn<Record, Value: SQLBindable>: Sendable {
    /// The column's position in ``SQLRecord/sqlSelect``.
    public let index: Int32
    /// How dates in this column are stored, for comparisons with `Date`s.
    public let dates: SQLDate.Storage
    /// How UUIDs in this column are stored, for comparisons with `UUID`s.
    public let uuids: SQLUUID.Storage
    /// How booleans in this column are stored, for comparisons with `Bool`s.
    public let booleans: SQLBoolean.Storage

    /// The column at `index` of `Record`'s select list.
    @inlinable
    public init(
        _ index: Int32, dates: SQLDate.Storage = .text, uuids: SQLUUID.Storage = .text,
        booleans: SQLBoolean.Storage = .integer
    ) {
        self.index = index
        self.dates = dates
        self.uuids = uuids
        self.booleans = booleans
    }

    /// `value` as this column stores it, for comparisons. (A date the storage cannot hold
    /// compares as SQLite's conversion of it would: writes use ``storedValue(_:name:)``.)
    ///
    /// A date is bound so that comparing it with the column as stored is exact: a column
    /// of whole seconds or milliseconds compared with a date that has a finer fraction
    /// keeps the fraction (SQLite compares the integer with the real, so `stamp >= date`
    /// holds exactly when the date the row reads as is not before `date`; rounding `date`
    /// down would match rows before it). A column of whole-second text compared with a
    /// date that has a fraction binds the second's text followed by the fraction, which
    /// sorts after that second's row and before the next second's.
    @inlinable
    public func sqlValue(_ value: Value) -> SQLValue {
        if let date = value as? Date {
            return Self.comparable(date, dates)
        }
        if uuids != .text, let uuid = value as? UUID { return SQLUUID.storedValue(uuid, as: uuids) }
        if booleans != .integer, let flag = value as? Bool { return SQLBoolean.storedValue(flag, as: booleans) }
        return value.sqlValue
    }

    /// `date` as a column of `storage` is compared with (see ``sqlValue(_:)``).
    @usableFromInline
    static func comparable(_ date: Date, _ storage: SQLDate.Storage) -> SQLValue {
        let seconds = date.timeIntervalSince1970
        switch storage {
        case .text, .iso8601:
            return .text(SQLDate.text(from: date, as: storage))
        case .textSeconds, .iso8601Seconds:
            let whole = SQLDate.text(from: date, as: storage)
            guard seconds.isFinite, seconds != seconds.rounded(.down) else { return .text(whole) }
            // Between this second's text and the next second's, equal to neither.
            let fraction = SQLDate.text(from: date, as: .text).suffix(4)
            return .text(whole + fraction)
        case .unixTime:
            return .float(seconds)
        case .unixTimeInteger:
            // Whole seconds as an integer; a fraction, or beyond 64-bit seconds (or not
            // finite), as a real: no trap.
            if let whole = Int64(exactly: seconds) { return .integer(whole) }
            return .float(seconds)
        case .unixTimeMilliseconds:
            let milliseconds = seconds * 1000
            if let whole = Int64(exactly: milliseconds) { return .integer(whole) }
            return .float(milliseconds)
        case .secondsSince2001:
            return .float(seconds - storage.epoch)
        case .julianDay:
            return .float(SQLDate.julianDay(from: date))
        }
    }

    /// `value` as this column stores it, for writes.
    ///
    /// - Throws: for a date the column's storage cannot hold, naming the column (`name`).
    @inlinable
    public func storedValue(_ value: Value, name: @autoclosure () -> String) throws -> SQLValue {
        if let date = value as? Date {
            return try SQLDate.storedValue(date, as: dates, column: "column \(name())")
        }
        return sqlValue(value)
    }
}
