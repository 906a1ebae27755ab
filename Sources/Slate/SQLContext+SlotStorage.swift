/// Storage a library keeps per connection in a ``SQLStatementSlot``: typed queries keep
/// their statements by query shape this way. Subclass it; ``SQLContext`` calls ``close()``
/// when it flushes its statement cache or closes.
open class SQLSlotStorage {
    /// New, empty storage.
    public init() {}

    /// Finalizes the statements the storage holds that are not being stepped, and forgets
    /// them all.
    open func close() {}
}

extension SQLContext {
    /// The storage in `slot`, made by `make` the first time. Every use of one slot must ask
    /// for the same type: the stored object is not checked, for speed.
    @inlinable
    public func slotStorage<Storage: SQLSlotStorage>(_ slot: SQLStatementSlot, make: () -> Storage) -> Storage {
        if slot.index < slotStorages.count, let storage = slotStorages[slot.index] {
            return unsafeDowncast(storage, to: Storage.self)
        }
        let storage = make()
        if slot.index >= slotStorages.count {
            slotStorages.append(contentsOf: repeatElement(nil, count: slot.index - slotStorages.count + 1))
        }
        slotStorages[slot.index] = storage
        return storage
    }

    /// Prepares `sql` on this connection, for slot storages: the statement is the caller's
    /// to keep, reset and close.
    package func prepareForSlot(sql: String) throws -> SQLStatement {
        try prepareSingle(sql, db: try openHandle(sql: sql), cached: true)
    }

    /// Whether a statement this context keeps can be handed out again as it is: it is not
    /// closed, nor being stepped, nor lent to a cursor; the connection is open; and no
    /// error from a property setter waits to be thrown.
    @inlinable
    package func canReuse(_ statement: SQLStatement) -> Bool {
        statement.handle != nil && !statement.isInUse && connection.isOpen && !hasPendingError
    }
}
