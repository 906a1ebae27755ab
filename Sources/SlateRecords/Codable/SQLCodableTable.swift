import Slate

/// One ``SQLCodableRecord`` type on one connection: its layout checked against the table,
/// its typed-query statements, its reader and writer. (Its other statements live in the
/// context's statement slots, one per ``SQLCodableStatement`` and type.)
final class SQLCodableTable<Record: SQLCodableRecord>: SQLSlotStorage {
    let layout: SQLCodableLayout<Record>
    let reader: SQLRowReader
    let writer: SQLRowWriter
    let queries: SQLQueryCache
    /// The key paths the type's predicates have named on this connection.
    let columns = SQLCodableColumnCache()

    /// Why records of this type cannot be saved, when they cannot.
    let unsaveable: SQLError?
    /// Whether the record's "table" is a view (written through INSTEAD OF triggers).
    let isView: Bool
    /// Whether a NULL primary key makes SQLite assign the rowid as the key: false for a
    /// key that is not a rowid alias (`INT PRIMARY KEY`, `INTEGER PRIMARY KEY DESC`, a
    /// table without rowid), which stores NULL as NULL.
    let keyIsRowID: Bool

    init(_ layout: SQLCodableLayout<Record>, unsaveable: SQLError?, isView: Bool, keyIsRowID: Bool = true) {
        self.layout = layout
        self.unsaveable = unsaveable
        self.isView = isView
        self.keyIsRowID = keyIsRowID
        reader = SQLRowReader(layout)
        writer = SQLRowWriter(layout)
        queries = SQLQueryCache(
            SQLQueryTarget(table: layout.quotedTable, names: layout.quotedNames, select: layout.select))
    }

    /// Makes the table of `Record` on `context`, its columns checked against the file;
    /// ``SQLContext/codableTable(_:)`` keeps it.
    static func make(on context: SQLContext) throws -> SQLCodableTable {
        let layout = SQLCodableLayout<Record>.shared
        if let failure = layout.failure { throw failure }
        let unsaveable = try check(layout, in: context)
        // The name as SQLite resolves it: temp first, then main.
        let kind = try context.query(
            sql: "SELECT type FROM sqlite_temp_schema WHERE name = ?1 COLLATE NOCASE AND type IN ('table', 'view') "
                + "UNION ALL SELECT type FROM sqlite_schema WHERE name = ?1 COLLATE NOCASE AND type IN ('table', 'view')",
            parameters: [.text(Record.tableName)])
        let isView = kind.first?[0].textValue == "view"
        // A primary key that is not the rowid has an index of its own (origin "pk"); a
        // rowid alias has none.
        let keyIndexes = try context.query(
            sql: "SELECT count(*) FROM pragma_index_list(?) WHERE origin = 'pk'", parameters: [.text(Record.tableName)])
        let keyIsRowID = !isView && keyIndexes.first?[0].integerValue == 0
        return SQLCodableTable(layout, unsaveable: unsaveable, isView: isView, keyIsRowID: keyIsRowID)
    }

    /// Every property must have a column. Returns why the type cannot be saved, when a NOT
    /// NULL column without a default has no property.
    private static func check(_ layout: SQLCodableLayout<Record>, in context: SQLContext) throws -> SQLError? {
        let columns = try context.query(
            sql: "SELECT name, \"notnull\", dflt_value IS NOT NULL, pk, hidden, type FROM pragma_table_xinfo(?)",
            parameters: [.text(Record.tableName)])
        guard !columns.isEmpty else {
            throw SQLError(code: .error, message: "table \"\(Record.tableName)\" of \(Record.self) does not exist")
        }
        let names = Set(columns.compactMap { $0[0].textValue?.lowercased() })
        for key in layout.keys where !names.contains(key.lowercased()) {
            throw SQLError(
                code: .mismatch, message: "\(Record.self).\(key) has no column in table \"\(Record.tableName)\"")
        }
        // A Decimal is stored as exact text: a column whose affinity turns text that looks
        // like a number into a number would round it (NUMERIC stores "0.10" as REAL 0.1).
        for key in layout.decimalKeys {
            guard let column = columns.first(where: { $0[0].textValue?.lowercased() == key.lowercased() }) else {
                continue
            }
            let declared = column[5].textValue ?? ""
            if !keepsDecimalText(declared), !(declared.uppercased() == "ANY" && isStrict(in: context)) {
                throw SQLError(
                    code: .mismatch,
                    message:
                        "\(Record.self).\(key) is a Decimal, which Slate stores as exact text (\"123.45\"), but column \"\(key)\" of table \"\(Record.tableName)\" is declared \(declared.isEmpty ? "without a type" : declared), whose affinity would store that text as a rounded number: declare the column TEXT, or make the property a Double"
                )
            }
        }
        let keys = Set(layout.keys.map { $0.lowercased() })
        for column in columns {
            guard let name = column[0].textValue, !keys.contains(name.lowercased()) else { continue }
            // A type may read fewer columns than the table has, but saving it needs a value
            // for every NOT NULL column without a default (an INTEGER PRIMARY KEY is assigned).
            let required = column[1].integerValue == 1 && column[2].integerValue == 0 && column[4].integerValue == 0
            if required && column[3].integerValue == 0 {
                return SQLError(
                    code: .mismatch,
                    message:
                        "column \"\(name)\" of table \"\(Record.tableName)\" is NOT NULL without a default, and \(Record.self) has no property for it"
                )
            }
        }
        return nil
    }

    /// Whether the record's table is STRICT, where a column declared `ANY` keeps text as
    /// it is given (elsewhere `ANY` has NUMERIC affinity). False before SQLite 3.37, which
    /// has no STRICT tables.
    private static func isStrict(in context: SQLContext) -> Bool {
        guard
            let tables = try? context.query(
                sql: "SELECT strict FROM pragma_table_list(?)", parameters: [.text(Record.tableName)])
        else {
            return false
        }
        return tables.first?[0].integerValue == 1
    }

    /// Whether a column declared `declared` keeps text as text: TEXT affinity, or BLOB
    /// affinity (declared BLOB, or without a type). SQLite's rules, in its order.
    private static func keepsDecimalText(_ declared: String) -> Bool {
        let type = declared.uppercased()
        if type.contains("INT") { return false }
        if type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT") { return true }
        return type.isEmpty || type.contains("BLOB")
    }

    /// The statement of `kind`, from the context's statement slots.
    func statement(_ kind: SQLCodableStatement, in context: SQLContext) throws -> SQLStatement {
        try context.cachedStatement(slot: layout.slots[kind.rawValue], sql: layout.sql(kind))
    }

    /// Decodes each row `statement` steps to (bound and ready) and hands the record to
    /// `body`; the caller resets it.
    func forEachRecord(from statement: SQLStatement, _ body: (consuming Record) -> Void) throws {
        let handle = try statement.liveHandle()
        while try statement.next() {
            body(try reader.record(Record.self, from: handle))
        }
    }

    /// Decodes each row `statement` steps to and hands the record to `body` until it sets
    /// its `stop` argument; the caller resets the statement. (Apart from
    /// ``forEachRecord(from:_:)``, whose closure cannot throw, so that fetches pay nothing
    /// for a walk's early stop.)
    func walkRecords(from statement: SQLStatement, _ body: (consuming Record, inout Bool) throws -> Void) throws {
        let handle = try statement.liveHandle()
        var stop = false
        while !stop, try statement.next() {
            try body(try reader.record(Record.self, from: handle), &stop)
        }
    }

    /// Decodes the first row `statement` steps to, if there is one, and hands the record
    /// to `body`; the caller resets it. (It steps once: a lookup by key needs no second
    /// step to find there is no other row.)
    func firstRecord(from statement: SQLStatement, _ body: (consuming Record) -> Void) throws {
        guard try statement.next() else { return }
        body(try reader.record(Record.self, from: try statement.liveHandle()))
    }

    override func close() {
        queries.close()
    }
}

/// The statements a ``SQLCodableTable`` keeps.
enum SQLCodableStatement: Int, CaseIterable {
    case save, insert, find, findByRowID, delete
}

/// The ``SQLCodableTable``s of one connection, by record type.
final class SQLCodableTables: SQLSlotStorage {
    @exclusivity(unchecked) var tables: [ObjectIdentifier: SQLSlotStorage] = [:]
    /// The table used last: a loop over one type finds it without hashing.
    @exclusivity(unchecked) var lastType: ObjectIdentifier?
    @exclusivity(unchecked) var last: SQLSlotStorage?

    override func close() {
        for table in tables.values { table.close() }
        tables.removeAll()
        lastType = nil
        last = nil
    }
}

extension SQLContext {
    /// The table of `Record` on this connection, its columns checked the first time.
    ///
    /// A method of the (non-generic) context rather than a static method of the generic
    /// table: calling that would look the table's generic type up in the runtime on
    /// every call.
    func codableTable<Record: SQLCodableRecord>(_ type: Record.Type) throws -> SQLCodableTable<Record> {
        let tables = slotStorage(codableTablesSlot) { SQLCodableTables() }
        let id = ObjectIdentifier(type)
        if tables.lastType == id, let last = tables.last {
            return unsafeDowncast(last, to: SQLCodableTable<Record>.self)
        }
        let table: SQLSlotStorage
        if let known = tables.tables[id] {
            table = known
        } else {
            // Reading the table's columns is Slate's own set-up, never a slow statement.
            table = try settingUp { try SQLCodableTable<Record>.make(on: self) }
            tables.tables[id] = table
        }
        tables.lastType = id
        tables.last = table
        return unsafeDowncast(table, to: SQLCodableTable<Record>.self)
    }
}

/// Where each connection keeps its ``SQLCodableTables``.
let codableTablesSlot = SQLStatementSlot()
