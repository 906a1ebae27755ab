/// A place for one statement in every context's slot cache, for SQL a program runs over
/// and over (generated records' queries, typed queries). Looking a statement up by slot is
/// an array index, where ``SQLContext/cachedStatement(sql:)`` hashes the SQL text.
///
/// Make slots once, in `static let`s: each `SQLStatementSlot()` is a new place, and a
/// context keeps one statement per slot for as long as it lives.
///
/// ```swift
/// static let findSlot = SQLStatementSlot()
/// let statement = try ctx.cachedStatement(slot: Self.findSlot, sql: "SELECT … WHERE id = ?")
/// ```
public struct SQLStatementSlot: Hashable, Sendable {
    /// The slot's index in each context's slot cache.
    public let index: Int

    /// A new slot, different from every other.
    public init() {
        index = SQLStatementSlot.next.withLock { next in
            defer { next += 1 }
            return next
        }
    }

    /// The index of the next slot made.
    private static let next = LockedBox(0)
}

extension SQLContext {
    /// The statement in `slot`, prepared from `sql` the first time and reused after. It
    /// comes reset; its bindings are those of its last use, so bind every parameter.
    ///
    /// When the slot's statement is in use (being stepped in a nested use, or lent to a
    /// cursor), a fresh statement is prepared for you instead. The SQL of a slot must never change.
    @inlinable
    public func cachedStatement(slot: SQLStatementSlot, sql: @autoclosure () -> String) throws -> SQLStatement {
        if slot.index < slotStatements.count, let statement = slotStatements[slot.index], canReuse(statement) {
            return statement
        }
        return try prepareSlot(slot, sql: sql())
    }

    @usableFromInline
    func prepareSlot(_ slot: SQLStatementSlot, sql: String) throws -> SQLStatement {
        let db = try openHandle(sql: sql)
        if slot.index < slotStatements.count, let statement = slotStatements[slot.index], statement.handle != nil,
            statement.isInUse
        {
            return try prepareSingle(sql, db: db, cached: false)
        }
        let statement = try prepareSingle(sql, db: db, cached: true)
        if slot.index >= slotStatements.count {
            slotStatements.append(contentsOf: repeatElement(nil, count: slot.index - slotStatements.count + 1))
        }
        slotStatements[slot.index] = statement
        return statement
    }
}
