import Slate

/// The records of one query, read one row at a time: what `withCursor` hands its closure.
///
/// ```swift
/// let firstTitled = try db.people.withCursor(orderBy: { $0.name.ascending }) { cursor in
///     while let person = try cursor.next() {
///         if person.title != nil { return person }     // stops the walk: no more rows are read
///     }
///     return nil
/// }
/// ```
///
/// Only the current row is in memory. The cursor lives as long as its closure: it holds
/// the closure's connection and its statement, which nothing else uses meanwhile (the same
/// query run inside the closure gets a statement of its own), and it is released when the
/// closure returns or throws. It is not `Sendable`, and a pool's closures return only
/// `Sendable` values, so it cannot leave the connection it reads; calling ``next()`` after
/// its closure has returned throws.
public final class SQLRecordCursor<Record: SQLResultRow> {
    @usableFromInline let cursor: SQLCursor
    @usableFromInline let handle: OpaquePointer
    @exclusivity(unchecked) var isEnded = false

    /// A cursor over `statement`, bound and ready, which it has to itself until ``end()``.
    @usableFromInline
    init(_ statement: SQLStatement) throws {
        handle = try statement.liveHandle()
        cursor = SQLCursor(statement: statement)
    }

    /// The next record, or nil when there are no more.
    ///
    /// - Throws: an error of SQLite's while stepping; `SQLError.mismatch` for a value the
    ///   record cannot hold (the cursor can go on to the next row); a misuse error once the
    ///   closure that was given the cursor has returned.
    @inlinable
    public func next() throws -> Record? {
        guard try step() else { return nil }
        return try Record(sqliteStatement: handle, offset: 0)
    }

    /// Steps to the next row: whether there is one.
    @usableFromInline
    func step() throws -> Bool {
        if isEnded {
            throw SQLError(
                code: .misuse, message: "a record cursor was used after the closure it was given to returned",
                sql: cursor.statement.sql)
        }
        return try cursor.next() != nil
    }

    /// Ends the walk: the statement is released (reset, or finalized if it was prepared for
    /// this cursor), and ``next()`` throws from now on.
    @usableFromInline
    func end() {
        isEnded = true
        cursor.close()
    }
}

@available(*, unavailable, message: "A record cursor reads the connection of the closure it was given to.")
extension SQLRecordCursor: Sendable {}

extension SQLRecordOperations {
    /// Decodes each row `statement` steps to (bound and ready), from column 0, and hands it
    /// to `body` until the rows run out or `body` sets its `stop` argument. One record at a
    /// time is in memory. The caller resets the statement.
    @inlinable
    package static func forEach<Record: SQLResultRow>(
        _ type: Record.Type, from statement: SQLStatement, _ body: (Record, inout Bool) throws -> Void
    ) throws {
        let handle = try statement.liveHandle()
        var stop = false
        try statement.walking {
            while !stop, try statement.next() {
                try body(try Record(sqliteStatement: handle, offset: 0), &stop)
            }
        }
    }

    /// Runs `body` with a cursor over `statement` (bound and ready), then releases the
    /// statement, whatever `body` did with the cursor.
    @inlinable
    package static func withCursor<Record: SQLResultRow, T>(
        _ type: Record.Type, over statement: SQLStatement, _ body: (SQLRecordCursor<Record>) throws -> T
    ) throws -> T {
        let cursor: SQLRecordCursor<Record>
        do {
            cursor = try SQLRecordCursor(statement)
        } catch {
            statement.reset()
            throw error
        }
        defer { cursor.end() }
        return try statement.walking { try body(cursor) }
    }
}
