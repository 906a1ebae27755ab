import SlateCSQLite

extension SQLContext {
    /// A prepared statement for `sql` (exactly one statement), from the context's cache:
    /// prepared the first time, reused after. It comes reset, with its bindings cleared.
    ///
    /// The cache owns the statement: don't close it, and finish with it before asking for
    /// the same SQL again. When the cached statement is in use (being stepped, or lent to a
    /// cursor that is not done), a fresh statement is prepared for you instead, and
    /// finalized when you let it go.
    public func cachedStatement(sql: String) throws -> SQLStatement {
        let db = try openHandle(sql: sql)
        if let statement = statementCache.statement(for: sql) {
            if !statement.isInUse {
                statement.clearBindings()
                return statement
            }
            return try prepareSingle(sql, db: db, cached: false)
        }
        let statement = try prepareSingle(sql, db: db, cached: statementCache.capacity > 0)
        if statement.isCached { statementCache.insert(statement, for: sql) }
        return statement
    }

    /// Finalizes every cached statement (Skull's `flush()`). They are prepared again when
    /// next used; call this after changing the schema from another connection, or to
    /// release memory.
    ///
    /// A statement in use (an open cursor's, or one being stepped) is left to its user,
    /// who finalizes it when done.
    public func flushStatementCache() {
        statementCache.removeAll()
        for statement in slotStatements.compactMap({ $0 }) {
            StatementCache.letGo(statement)
        }
        slotStatements.removeAll()
        for storage in slotStorages {
            storage?.close()
        }
        slotStorages.removeAll()
    }
}

/// The prepared statements kept for reuse, keyed by SQL text, least recently used first
/// out when full. A hit costs one hash of the SQL text.
final class StatementCache {
    private final class Entry {
        let statement: SQLStatement
        var lastUse: UInt64

        init(statement: SQLStatement, lastUse: UInt64) {
            self.statement = statement
            self.lastUse = lastUse
        }
    }

    let capacity: Int
    private var entries: [String: Entry] = [:]
    private var clock: UInt64 = 0

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    var count: Int { entries.count }

    func statement(for sql: String) -> SQLStatement? {
        guard let entry = entries[sql] else { return nil }
        if entry.statement.isClosed {
            entries[sql] = nil
            return nil
        }
        clock &+= 1
        entry.lastUse = clock
        return entry.statement
    }

    func insert(_ statement: SQLStatement, for sql: String) {
        guard capacity > 0 else { return }
        if entries.count >= capacity, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            entries[oldest.key] = nil
            Self.letGo(oldest.value.statement)
        }
        clock &+= 1
        entries[sql] = Entry(statement: statement, lastUse: clock)
    }

    func removeAll() {
        for entry in entries.values {
            Self.letGo(entry.statement)
        }
        entries.removeAll()
    }

    /// Gives up a statement the cache held: finalized now, or, when it is in use (an open
    /// cursor's, or being stepped), no longer cached, so that its user finalizes it when
    /// done instead of resetting it for a cache that has forgotten it.
    static func letGo(_ statement: SQLStatement) {
        if statement.isInUse {
            statement.isCached = false
        } else {
            statement.close()
        }
    }
}
