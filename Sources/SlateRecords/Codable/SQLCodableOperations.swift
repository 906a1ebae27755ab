import Slate

/// The statements behind ``SQLCodableRecord`` operations, on one connection.
@usableFromInline
enum SQLCodableOperations {
    static func save<Record: SQLCodableRecord>(_ record: Record, in context: SQLContext) throws -> Record {
        try write(record, .save, in: context)
    }

    /// Inserts `record`; a row with its key already there is an error (SQLite's UNIQUE
    /// constraint), never an update.
    static func insert<Record: SQLCodableRecord>(_ record: Record, in context: SQLContext) throws -> Record {
        try write(record, .insert, in: context)
    }

    private static func write<Record: SQLCodableRecord>(
        _ record: Record, _ kind: SQLCodableStatement, in context: SQLContext
    ) throws -> Record {
        let table = try context.codableTable(Record.self)
        if let unsaveable = table.unsaveable { throw unsaveable }
        let statement = try table.statement(kind, in: context)
        defer { statement.reset() }
        try table.writer.bind(record, to: statement)
        let before = table.isView ? context.totalChanges : 0
        while try statement.next() {}
        // A row that was not written (a trigger's RAISE(IGNORE); the statement's OR ABORT
        // overrides the IGNORE of a constraint) leaves the rowid SQLite reports at an older
        // row's: never return that. `changes` counts the statement's own rows only, never a
        // trigger's; a view's INSTEAD OF trigger writes other tables, so there any change
        // at all counts.
        if table.isView ? context.totalChanges == before : context.changes == 0 {
            throw SQLRecordOperations.insertIgnoredError(statement.sql)
        }
        // A compound key is always the caller's; a single one may be left to SQLite.
        guard Record.primaryKeys.count == 1, !table.writer.boundPrimaryKey, !table.isView else { return record }
        // SQLite assigned the key: set it, or read the row back to return it. (A key that
        // is not a rowid alias was stored as NULL: the row read back says so.)
        var assigned = record
        if table.keyIsRowID, table.layout.setRowID(context.lastInsertRowID, in: &assigned) { return assigned }
        return try readBack(table, record, in: context)
    }

    /// The row a save inserted, read back by its rowid; `record` as bound when the row
    /// cannot be read back (an external-content FTS table, whose content table has no
    /// such row, and other virtual tables), since the insert itself succeeded. (Apart from
    /// ``save``: its local `Record?` would have every save look up the optional's type in
    /// the runtime.)
    @inline(never)
    private static func readBack<Record: SQLCodableRecord>(
        _ table: SQLCodableTable<Record>, _ record: Record, in context: SQLContext
    ) throws -> Record {
        let find = try table.statement(.findByRowID, in: context)
        defer { find.reset() }
        try find.bind(context.lastInsertRowID, at: 1)
        var stored: Record?
        try table.firstRecord(from: find) { stored = $0 }
        return stored ?? record
    }

    /// Hands the record whose primary key is `key`, if there is one, to `found`. (The
    /// inlinable caller keeps it: an optional record made here, generic over the record,
    /// would look up the optional's type in the runtime on every call.)
    @usableFromInline
    static func load<Record: SQLCodableRecord>(
        _ type: Record.Type, key: SQLValue, in context: SQLContext, _ found: (consuming Record) -> Void
    ) throws {
        try load(type, keys: [key], in: context, found)
    }

    /// Hands the record whose primary key is `keys` (every column of a compound key, in
    /// order) to `found`, if there is one.
    @usableFromInline
    static func load<Record: SQLCodableRecord>(
        _ type: Record.Type, keys: [SQLValue], in context: SQLContext, _ found: (consuming Record) -> Void
    ) throws {
        try requireWholeKey(Record.self, keys)
        let table = try context.codableTable(Record.self)
        let statement = try table.statement(.find, in: context)
        defer { statement.reset() }
        for (offset, key) in keys.enumerated() { try statement.bind(key, at: Int32(offset + 1)) }
        try table.firstRecord(from: statement, found)
    }

    static func delete<Record: SQLCodableRecord>(
        _ type: Record.Type, key: SQLValue, in context: SQLContext
    ) throws -> Bool {
        try delete(type, keys: [key], in: context)
    }

    static func delete<Record: SQLCodableRecord>(
        _ type: Record.Type, keys: [SQLValue], in context: SQLContext
    ) throws -> Bool {
        try requireWholeKey(Record.self, keys)
        let table = try context.codableTable(Record.self)
        let statement = try table.statement(.delete, in: context)
        defer { statement.reset() }
        for (offset, key) in keys.enumerated() { try statement.bind(key, at: Int32(offset + 1)) }
        while try statement.next() {}
        return context.changes > 0
    }

    /// Throws unless `keys` has one value per column of `Record`'s primary key.
    @usableFromInline
    static func requireWholeKey<Record: SQLCodableRecord>(_ type: Record.Type, _ keys: [SQLValue]) throws {
        guard keys.count == Record.primaryKeys.count else {
            throw SQLError(
                code: .misuse,
                message:
                    "\(Record.self)'s primary key has \(Record.primaryKeys.count) column\(Record.primaryKeys.count == 1 ? "" : "s") (\(Record.primaryKeys.joined(separator: ", "))), and \(keys.count) value\(keys.count == 1 ? " was" : "s were") given"
            )
        }
    }

    /// The value of `record`'s primary key, as it is stored.
    static func key<Record: SQLCodableRecord>(of record: Record) throws -> SQLValue {
        try keys(of: record)[0]
    }

    /// The values of `record`'s primary key, in the key's order.
    static func keys<Record: SQLCodableRecord>(of record: Record) throws -> [SQLValue] {
        let values = try SQLKeyCapture.values(of: record)
        return try Record.primaryKeys.map { key in
            guard let value = values[key] else {
                throw SQLError(code: .misuse, message: "\(Record.self) did not encode its primary key \"\(key)\"")
            }
            return value
        }
    }

    static func count<Record: SQLCodableRecord>(
        _ condition: SQLPredicate<Record>?, in context: SQLContext
    ) throws -> Int {
        let table = try context.codableTable(Record.self)
        let statement = try context.typedStatement(
            SQLQueryShape(kind: .count, predicate: condition?.shape), values: condition?.values ?? .none,
            in: table.queries)
        defer { statement.reset() }
        return try statement.next() ? statement.int(at: 0) : 0
    }

    static func delete<Record: SQLCodableRecord>(
        _ condition: SQLPredicate<Record>, in context: SQLContext
    ) throws -> Int {
        let table = try context.codableTable(Record.self)
        let statement = try context.typedStatement(
            SQLQueryShape(kind: .delete, predicate: condition.shape), values: condition.values, in: table.queries)
        defer { statement.reset() }
        while try statement.next() {}
        return Int(context.changes)
    }
}

/// Encodes a record only to capture the value of one key, or of every key.
final class SQLKeyCapture: Encoder {
    /// The key to capture; nil for all.
    let key: String?
    var value: SQLValue?
    var all: [String: SQLValue] = [:]

    init(key: String?) {
        self.key = key
    }

    /// The value of every key `record` encodes.
    static func values(of record: some Encodable) throws -> [String: SQLValue] {
        let capture = SQLKeyCapture(key: nil)
        try record.encode(to: capture)
        return capture.all
    }

    func capture(_ key: some CodingKey, _ value: @autoclosure () throws -> SQLValue) rethrows {
        if self.key == nil {
            all[key.stringValue] = try value()
        } else if key.stringValue == self.key {
            self.value = try value()
        }
    }

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(Container<Key>(capture: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { SQLDiscardingContainer<SQLNoKey>() }
    func singleValueContainer() -> any SingleValueEncodingContainer { SQLDiscardingContainer<SQLNoKey>() }

    struct Container<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let capture: SQLKeyCapture
        var codingPath: [any CodingKey] { [] }

        func encodeNil(forKey key: Key) throws {
            capture.capture(key, .null)
        }

        func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try capture.capture(key, try SQLRowWriting.sqlValue(of: value, column: "column \"\(key.stringValue)\""))
        }

        func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
            try capture.capture(
                key,
                try value.map { try SQLRowWriting.sqlValue(of: $0, column: "column \"\(key.stringValue)\"") } ?? .null)
        }

        func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(SQLDiscardingContainer<NestedKey>())
        }

        func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { SQLDiscardingContainer<Key>() }
        func superEncoder() -> any Encoder { capture }
        func superEncoder(forKey key: Key) -> any Encoder { SQLValueEncoder() }
    }
}
