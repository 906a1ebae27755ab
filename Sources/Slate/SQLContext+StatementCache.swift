import SlateCSQLite

extension SQLContext {
    /// A prepared statement for `sql` (exactly one statement), from the context's cache:
    /// prepared the first time, reused after. It comes reset, with its bindings cleared.
    ///
    /// The cache owns the statement: don't close it, and finish with it before asking for
    /// the same SQL again. When the cached statement is still being stepped (a cursor is
    /// open on it), a fresh statement is prepared for you instead.
    public func cachedStatement(sql: String) throws -> SQLStatement {
        let db = try openHandle(sql: sql)
        if let statement = statementCache.statement(for: sql) {
            if !statement.isBusy {
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
    public func flushStatementCache() {
        statementCache.removeAll()
        for statement in slotStatements.compactMap({ $0 }) where !statement.isBusy {
            statement.close()
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
            // A statement still being stepped finalizes when its last user lets it go.
            if !oldest.value.statement.isBusy { oldest.value.statement.close() }
        }
        clock &+= 1
        entries[sql] = Entry(statement: statement, lastUse: clock)
    }

    func removeAll() {
        for entry in entries.values where !entry.statement.isBusy {
            entry.statement.close()
        }
        entries.removeAll()
    }
}
