import SlateCSQLite

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A generated record of a table with created or updated timestamps: columns named
/// `created_at`, `createdAt` or `created` (and `updated_at`, `updatedAt`, `updated`), in any
/// case, whose property is a `Date`, or the columns `slate.json`'s `timestamps` names.
///
/// Every write of the record sets them, with one clock reading per statement (Swift's
/// `Date()`, taken as the statement's values are bound):
///
/// - An insert sets the created column to the time of the insert when the record leaves it
///   unset (``SQLTimestamps/unset``, the initializer's default, or nil for an optional
///   property), and keeps a date the record gives; it sets the updated column to the time
///   of the insert.
/// - An update sets the updated column to the time of the update and writes the created
///   column as the record holds it.
///
/// An insert returns the row as stored, read back: the timestamps as their storage holds
/// them. The generated `bindInsert(to:)` and `bindUpdate(to:keeping:)` call
/// ``timestampedForInsert(at:)`` and ``timestampedForUpdate(at:)``, so every write that
/// binds the record through them (`insert`, `insert(contentsOf:)`, `update`, the
/// type-attached functions) sets the timestamps the same way.
public protocol SQLTimestampedRecord: SQLTableRecord {
    /// The created column's SQL name, or nil.
    static var sqlCreatedColumn: String? { get }
    /// The updated column's SQL name, or nil.
    static var sqlUpdatedColumn: String? { get }
    /// The record as an insert at `now` writes it: the created timestamp set to `now` when
    /// unset, the updated timestamp set to `now`.
    func timestampedForInsert(at now: Date) -> Self
    /// The record as an update at `now` writes it: the updated timestamp set to `now`.
    func timestampedForUpdate(at now: Date) -> Self
}

/// Values of generated records' timestamps.
public enum SQLTimestamps {
    /// The value of a created or updated timestamp the record leaves to its insert:
    /// `Date.distantPast`, the initializer's default for a timestamp that is not optional.
    /// An insert replaces it with the time of the insert; a record that gives a date of its
    /// own (say, from an import) keeps it.
    public static var unset: Date { .distantPast }
}

extension SQLRecordCoding {
    /// Binds a created timestamp for an update: an unset one (``SQLTimestamps/unset``)
    /// binds the value the row holds (column `currentIndex` of `current`, the row as it is),
    /// so an update of a record built without its created date never overwrites it; any
    /// other date binds as `bind(_:_:_:_:_:keeping:_:)` does: the stored bytes when the row
    /// already reads as it.
    @inlinable
    public static func bindCreated(
        _ value: Date, _ statement: OpaquePointer, _ index: Int32, _ storage: SQLDate.Storage, _ column: StaticString,
        keeping current: OpaquePointer?, _ currentIndex: Int32
    ) throws {
        if value == SQLTimestamps.unset, let current {
            return try bindStored(statement, index, current, currentIndex)
        }
        try bind(value, statement, index, storage, column, keeping: current, currentIndex)
    }

    /// `bindCreated` for an optional created timestamp: nil, as unset, keeps the value the
    /// row holds.
    @inlinable
    public static func bindCreated(
        _ value: Date?, _ statement: OpaquePointer, _ index: Int32, _ storage: SQLDate.Storage, _ column: StaticString,
        keeping current: OpaquePointer?, _ currentIndex: Int32, invalidAsNil: Bool = false
    ) throws {
        if value == nil || value == SQLTimestamps.unset, let current {
            return try bindStored(statement, index, current, currentIndex)
        }
        try bind(value, statement, index, storage, column, keeping: current, currentIndex, invalidAsNil: invalidAsNil)
    }

    @usableFromInline
    static func bindStored(
        _ statement: OpaquePointer, _ index: Int32, _ current: OpaquePointer, _ currentIndex: Int32
    ) throws {
        try check(sqlite3_bind_value(statement, index, sqlite3_column_value(current, currentIndex)), statement)
    }
}
