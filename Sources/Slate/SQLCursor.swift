/// Rows of a query, one at a time, without loading them all: step with ``next()`` and stop
/// whenever you like.
///
/// ```swift
/// let cursor = try ctx.cursor(sql: "SELECT name FROM planets ORDER BY id")
/// while let row = try cursor.next() {
///     if try row.string(at: 0) == "Earth" { break }
/// }
/// ```
///
/// The statement is released (reset, or finalized if it was prepared for this cursor)
/// when the rows run out, when a step fails, when you call ``close()``, or when the cursor
/// is released, so stopping early leaves no read transaction open for long.
///
/// A cursor whose step failed stays failed: every later ``next()`` throws the same error,
/// so that a caller that retries, or a loop that swallows one error, never takes the rows
/// read so far for all of them.
///
/// Until then the cursor has the statement to itself, from its creation on: the same SQL
/// run meanwhile (another cursor, a ``SQLContext/query(sql:parameters:)-(String,[SQLValue])``) gets a statement
/// of its own, and cannot rebind or step the cursor's.
public final class SQLCursor {
    /// The statement being stepped.
    public let statement: SQLStatement
    private var isDone = false
    /// The error a step threw, thrown again by every later ``next()``.
    private var failure: (any Error)?

    /// A cursor over `statement`, which it has to itself until it is done: a cached
    /// statement is lent to it, an uncached one it finalizes. (`package`: SlateRecords'
    /// record cursors stand on it.)
    package init(statement: SQLStatement) {
        self.statement = statement
        statement.isLent = true
    }

    deinit { close() }

    /// The column names of the rows.
    public var columnNames: [String] { statement.columnNames }

    /// The next row, or nil when there are no more. The row is valid until the next call.
    ///
    /// - Throws: what the step threw; after a failed step, the same error again on every call.
    public func next() throws -> SQLRow? {
        guard !isDone else {
            if let failure { throw failure }
            return nil
        }
        do {
            if try statement.next() { return SQLRow(statement: statement) }
        } catch {
            failure = error
            close()
            throw error
        }
        close()
        return nil
    }

    /// Calls `body` with each remaining row, in order.
    public func forEach(_ body: (SQLRow) throws -> Void) throws {
        while let row = try next() { try body(row) }
    }

    /// Releases the statement; later calls to ``next()`` return nil (or, after a failed
    /// step, throw its error). Idempotent.
    public func close() {
        guard !isDone else { return }
        isDone = true
        statement.isLent = false
        if statement.isCached {
            statement.reset()
            statement.clearBindings()
        } else {
            // Prepared for this cursor, or let go by the cache while lent.
            statement.close()
        }
    }
}

@available(*, unavailable, message: "A cursor steps a statement that has one owner at a time.")
extension SQLCursor: Sendable {}
