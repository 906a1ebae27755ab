import Slate
import SlateCSQLite

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads the rows of a ``SQLCodableRecord``'s statements, whose columns are the record's
/// keys in its layout's order.
///
/// The reader owns its state, ``SQLRowReading``, at a fixed address, and the decoder and
/// containers it hands out reach it through a plain pointer: no reference counting and no
/// closure per value. (The standard library copies a container for each value it
/// decodes; a reference to the reader would cost two atomic operations a copy.)
final class SQLRowReader {
    let state: UnsafeMutablePointer<SQLRowReading>

    /// A reader of rows whose columns from `offset` on are the record's (the right side
    /// of a join starts after the left side's columns).
    init<Record>(_ layout: SQLCodableLayout<Record>, offset: Int = 0) {
        state = .allocate(capacity: 1)
        let keyIndex = offset == 0 ? layout.keyIndex : layout.keyIndex.mapValues { $0 + offset }
        state.initialize(to: SQLRowReading(keyIndex: keyIndex, table: Record.tableName, type: "\(Record.self)"))
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Decodes the current row of `statement`.
    @inline(__always)
    func record<Record: Decodable>(_ type: Record.Type, from statement: OpaquePointer) throws -> Record {
        state.pointee.handle = statement
        state.pointee.cursor = 0
        let record = try Record(from: SQLRowDecoder(reader: state))
        state.pointee.learned = true
        return record
    }
}

/// What a ``SQLRowReader`` knows of the statement it reads and of the record's keys.
///
/// What makes a row cheap after the first one:
/// - The keyed container is made once per key type and handed out again: making one
///   costs a box and generic type lookups in the runtime, every row.
/// - A key finds its column by position: a record's `init(from:)` asks for its keys in
///   the same order on every row, so each key is compared with the one expected next (by
///   its value's bits, or its name's; see `SQLExpectedKey`), and looked up by name only
///   when they differ.
///
/// It belongs to one connection, which runs one decode at a time.
struct SQLRowReading {
    var handle: OpaquePointer?
    let keyIndex: [String: Int]
    private let table: String
    private let type: String
    /// The keys in the order `init(from:)` asks for them, learned on the first row.
    private var expected: [SQLExpectedKey] = []
    /// Their names, which also keeps the strings whose bits `expected` compares alive.
    private var expectedNames: [String] = []
    var cursor = 0
    /// Whether a row has been decoded to its end, so that `expected` is complete.
    var learned = false
    private var containers = SQLContainerCache()

    init(keyIndex: [String: Int], table: String, type: String) {
        self.keyIndex = keyIndex
        self.table = table
        self.type = type
    }

    /// The keyed container for `Key`, reading through `reader` (where this state is): the
    /// one made for an earlier row, when it was for the same key type.
    mutating func keyedContainer<Key: CodingKey>(
        _ key: Key.Type, reader: UnsafeMutablePointer<SQLRowReading>
    ) -> KeyedDecodingContainer<Key> {
        containers.container(for: ObjectIdentifier(Key.self)) {
            KeyedDecodingContainer(SQLRowContainer<Key>(reader: reader))
        }
    }

    /// The column of `key`.
    @inline(__always)
    mutating func column(_ key: some CodingKey) throws -> Int32 {
        if cursor < expected.count {
            let next = expected[cursor]
            if next.matches(key) {
                cursor += 1
                return next.column
            }
        }
        return try lookUp(key)
    }

    /// The column of `key`, looked up by name; apart, for the same reason as
    /// `SQLExpectedKey.matchesByName`.
    @inline(never)
    private mutating func lookUp(_ key: some CodingKey) throws -> Int32 {
        try lookUp(key.stringValue, value: SQLKeyValueBits(key))
    }

    /// The column named `name`; while the first row is read, notes the key (`value` is
    /// its identity, when its type has one) as the next one expected.
    private mutating func lookUp(_ name: String, value: SQLKeyValueBits?) throws -> Int32 {
        guard let index = keyIndex[name] else {
            throw SQLError(code: .mismatch, message: "\(type).\(name) has no column in table \"\(table)\"")
        }
        if let position = expectedNames.firstIndex(of: name) {
            // A key asked for out of the usual order (a custom init(from:) that skips one):
            // carry on from it.
            cursor = position + 1
        } else if !learned, cursor == expected.count {
            expected.append(SQLExpectedKey(value: value, name: SQLStringBits(name), column: Int32(index)))
            expectedNames.append(name)
            cursor += 1
        }
        return Int32(index)
    }

    func mismatch(_ key: some CodingKey, _ expected: Any.Type, _ column: Int32) -> SQLError {
        let found: String
        if let handle, sqlite3_column_type(handle, column) != SQLITE_NULL {
            found = SQLStoredValue.describe(handle, column)
        } else {
            found = "NULL, and the property is not optional"
        }
        return SQLError(
            code: .mismatch,
            message:
                "\(type).\(key.stringValue) (\(expected)) cannot read column \"\(key.stringValue)\" of table \"\(table)\": it holds \(found)"
        )
    }

    func notUTF8(_ key: some CodingKey) -> SQLError {
        SQLError(
            code: .mismatch,
            message: "column \"\(key.stringValue)\" of table \"\(table)\" holds text that is not valid UTF-8")
    }

    func overflow<T>(_ key: some CodingKey, _ type: T.Type, _ value: Int64) -> SQLError {
        SQLError(
            code: .mismatch,
            message:
                "\(self.type).\(key.stringValue) (\(T.self)) cannot hold \(value), from column \"\(key.stringValue)\" of table \"\(table)\""
        )
    }

    // MARK: Values
    //
    // These are mutating, though most only read: called through the reader's pointer, a
    // method that borrows the state would be handed a copy of it (the compiler cannot
    // tell that the memory stays unchanged during the call), while an inout access works
    // in place.
    //
    // The getters return nil for a value of the wrong kind; the caller, which knows the
    // key, makes the error. They read the column's `sqlite3_value` once: each
    // `sqlite3_column_*` call enters and leaves the connection's API guard, while the
    // `sqlite3_value_*` calls on it are plain reads. (SQLite calls a column's value
    // unprotected: safe to read on the thread that steps the statement, which is the only
    // thread a connection is used on at a time.)

    @inline(__always)
    mutating func cell(_ column: Int32) -> OpaquePointer {
        sqlite3_column_value(handle, column)
    }

    @inline(__always)
    mutating func isNull(_ column: Int32) -> Bool {
        sqlite3_value_type(cell(column)) == SQLITE_NULL
    }

    // The numbers follow the rules of generated records (`SQLRecordCoding.exactInt64`
    // and its siblings): a value fits its type exactly, or it is a mismatch.

    @inline(__always)
    mutating func int64(_ cell: OpaquePointer) -> Int64? {
        if sqlite3_value_type(cell) == SQLITE_INTEGER { return sqlite3_value_int64(cell) }
        return SQLRecordCoding.exactInt64(cell)
    }

    @inline(__always)
    mutating func double(_ cell: OpaquePointer) -> Double? {
        if sqlite3_value_type(cell) == SQLITE_FLOAT { return sqlite3_value_double(cell) }
        // An integer a double cannot hold exactly (above 2^53) is a mismatch, not a rounding.
        return SQLRecordCoding.exactDouble(cell)
    }

    /// The text of `cell`: nil when it is not text, `.some(nil)` when it is not UTF-8.
    @inline(__always)
    mutating func text(_ cell: OpaquePointer) -> String?? {
        // Text, or a number's text (as generated records read it: a column with NUMERIC
        // affinity stores '02134' as 2134).
        switch sqlite3_value_type(cell) {
        case SQLITE_TEXT, SQLITE_INTEGER, SQLITE_FLOAT: break
        default: return nil
        }
        guard let text = sqlite3_value_text(cell) else { return nil }
        return .some(SQLText.string(sqliteText: text, count: Int(sqlite3_value_bytes(cell))))
    }

    // The same, throwing errors that name `key`; `cell` is column `column`'s value, when
    // the caller has read it already.

    @inline(__always)
    mutating func integer(
        _ key: some CodingKey, _ column: Int32, _ type: Any.Type, cell: OpaquePointer? = nil
    ) throws -> Int64 {
        guard let value = int64(cell ?? self.cell(column)) else { throw mismatch(key, type, column) }
        return value
    }

    mutating func integer<T: FixedWidthInteger>(_ type: T.Type, _ key: some CodingKey, _ column: Int32) throws -> T {
        let value = try integer(key, column, type)
        guard let narrow = T(exactly: value) else { throw overflow(key, T.self, value) }
        return narrow
    }

    @inline(__always)
    mutating func double(_ key: some CodingKey, _ column: Int32, cell: OpaquePointer? = nil) throws -> Double {
        guard let value = double(cell ?? self.cell(column)) else { throw mismatch(key, Double.self, column) }
        return value
    }

    /// A boolean: an integer (non-zero is `true`) or a real 0 or 1, as generated records
    /// read one; 2.0 is a mismatch.
    @inline(__always)
    mutating func bool(_ key: some CodingKey, _ column: Int32, cell: OpaquePointer? = nil) throws -> Bool {
        guard let value = SQLRecordCoding.exactBool(cell ?? self.cell(column)) else {
            throw mismatch(key, Bool.self, column)
        }
        return value
    }

    /// A float a `Float` holds exactly: 1e300 and 16,777,217 are mismatches, not
    /// roundings.
    mutating func float(_ key: some CodingKey, _ column: Int32, cell: OpaquePointer? = nil) throws -> Float {
        guard let value = SQLRecordCoding.exactFloat(cell ?? self.cell(column)) else {
            throw mismatch(key, Float.self, column)
        }
        return value
    }

    @inline(__always)
    mutating func string(_ key: some CodingKey, _ column: Int32, cell: OpaquePointer? = nil) throws -> String {
        guard let text = text(cell ?? self.cell(column)) else { throw mismatch(key, String.self, column) }
        guard let string = text else { throw notUTF8(key) }
        return string
    }

    mutating func bytes(_ key: some CodingKey, _ column: Int32) throws -> [UInt8] {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_BLOB, SQLITE_TEXT:
            guard let bytes = sqlite3_column_blob(handle, column) else { return [] }
            return Array(UnsafeRawBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, column))))
        default: throw mismatch(key, [UInt8].self, column)
        }
    }

    /// A value with keys or elements, from the JSON text in `column`.
    mutating func json<T: Decodable>(_ type: T.Type, _ key: some CodingKey, _ column: Int32) throws -> T {
        do {
            return try JSONDecoder().decode(T.self, from: Data(try bytes(key, column)))
        } catch {
            throw SQLError(
                code: .mismatch,
                message:
                    "\(self.type).\(key.stringValue) (\(T.self)) cannot read the JSON in column \"\(key.stringValue)\" of table \"\(table)\": \(error)"
            )
        }
    }
}

extension UnsafeMutablePointer<SQLRowReading> {
    /// A value of a type that is not one of the container's primitives.
    ///
    /// A method of the pointer rather than of the state: a value that decodes itself (an
    /// enum's raw value) reads its column through this same pointer, and a mutating
    /// method of the state still running would overlap those accesses.
    func value<T: Decodable>(_ type: T.Type, _ key: some CodingKey, _ column: Int32) throws -> T {
        guard let handle = pointee.handle, !pointee.isNull(column) else { throw pointee.mismatch(key, T.self, column) }
        // Types compared by identity, and values handed over by a cast that comparison
        // proves exact: a dynamic cast per value would cost more than reading the value.
        let id = ObjectIdentifier(T.self)
        if id == ObjectIdentifier(Date.self) {
            guard let date = SQLRecordCoding.dateValue(handle, column) else {
                throw pointee.mismatch(key, T.self, column)
            }
            return unsafeBitCast(date, to: T.self)
        }
        if id == ObjectIdentifier(UUID.self) {
            guard let uuid = SQLUUID.uuid(sqliteStatement: handle, column: column) else {
                throw pointee.mismatch(key, T.self, column)
            }
            return unsafeBitCast(uuid, to: T.self)
        }
        if id == ObjectIdentifier(Data.self) { return unsafeBitCast(Data(try pointee.bytes(key, column)), to: T.self) }
        if id == ObjectIdentifier([UInt8].self) { return unsafeBitCast(try pointee.bytes(key, column), to: T.self) }
        if id == ObjectIdentifier(Decimal.self) { return unsafeBitCast(try pointee.decimal(key, column), to: T.self) }
        if id == ObjectIdentifier(URL.self) {
            guard let url = URL(string: try pointee.string(key, column)) else {
                throw pointee.mismatch(key, T.self, column)
            }
            return unsafeBitCast(url, to: T.self)
        }
        do {
            // Enums with raw values and other single values decode from the column itself.
            return try T(from: SQLColumnDecoder(reader: self, key: key, column: column))
        } catch is SQLNeedsJSON {
            // Anything with keys or elements is JSON text.
            return try pointee.json(type, key, column)
        }
    }
}

/// Decodes one row as a record.
///
/// The decoder and its containers are valid during `init(from:)`, which is where a
/// decoder is meant to be used: they point at their reader's state, which lives as long
/// as its connection.
struct SQLRowDecoder: Decoder {
    let reader: UnsafeMutablePointer<SQLRowReading>

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        reader.pointee.keyedContainer(type, reader: reader)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw SQLError(code: .misuse, message: "a row decodes with a keyed container, not an unkeyed one")
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw SQLError(code: .misuse, message: "a row decodes with a keyed container, not a single value")
    }
}

/// The columns of a row, by coding key.
///
/// The getters of the common types are inlined into their protocol witnesses, the only
/// code that calls them: one call less per value.
struct SQLRowContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let reader: UnsafeMutablePointer<SQLRowReading>

    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { reader.pointee.keyIndex.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { reader.pointee.keyIndex[key.stringValue] != nil }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard let index = reader.pointee.keyIndex[key.stringValue] else { return true }
        return reader.pointee.isNull(Int32(index))
    }

    @inline(__always)
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try reader.pointee.string(key, try reader.pointee.column(key))
    }

    @inline(__always)
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        try reader.pointee.integer(key, try reader.pointee.column(key), Int64.self)
    }

    @inline(__always)
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        Int(try reader.pointee.integer(key, try reader.pointee.column(key), Int.self))
    }

    @inline(__always)
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try reader.pointee.double(key, try reader.pointee.column(key))
    }

    @inline(__always)
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try reader.pointee.bool(key, try reader.pointee.column(key))
    }

    @inline(__always)
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try reader.pointee.float(key, try reader.pointee.column(key))
    }

    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try narrow(key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try narrow(key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try narrow(key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try narrow(key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try narrow(key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try narrow(key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try narrow(key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try narrow(key) }

    private func narrow<T: FixedWidthInteger>(_ key: Key) throws -> T {
        try reader.pointee.integer(T.self, key, try reader.pointee.column(key))
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try reader.value(type, key, try reader.pointee.column(key))
    }

    // One column lookup and one read of its value per optional property: the default
    // decodeIfPresent would look the key up three times.

    /// The column of `key` and its value, or nil when the value is NULL.
    @inline(__always)
    private func present(_ key: Key) throws -> (column: Int32, cell: OpaquePointer)? {
        let column = try reader.pointee.column(key)
        let cell = reader.pointee.cell(column)
        return sqlite3_value_type(cell) == SQLITE_NULL ? nil : (column, cell)
    }

    @inline(__always)
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        guard let (column, cell) = try present(key) else { return nil }
        return try reader.pointee.string(key, column, cell: cell)
    }

    @inline(__always)
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        guard let (column, cell) = try present(key) else { return nil }
        return try reader.pointee.integer(key, column, Int64.self, cell: cell)
    }

    @inline(__always)
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        guard let (column, cell) = try present(key) else { return nil }
        return Int(try reader.pointee.integer(key, column, Int.self, cell: cell))
    }

    @inline(__always)
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        guard let (column, cell) = try present(key) else { return nil }
        return try reader.pointee.double(key, column, cell: cell)
    }

    @inline(__always)
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        guard let (column, cell) = try present(key) else { return nil }
        return try reader.pointee.bool(key, column, cell: cell)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let (column, _) = try present(key) else { return nil }
        return try reader.value(type, key, column)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        throw SQLError(code: .misuse, message: "a column holds one value, not a nested container (\(key.stringValue))")
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw SQLError(code: .misuse, message: "a column holds one value, not a nested container (\(key.stringValue))")
    }

    func superDecoder() throws -> any Decoder { SQLRowDecoder(reader: reader) }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        throw SQLError(code: .misuse, message: "a column holds one value, not a nested decoder (\(key.stringValue))")
    }
}

/// Thrown when a value wants keys or elements: it is stored as JSON.
struct SQLNeedsJSON: Error {}

/// Decodes a single value (an enum's raw value, a wrapper) from one column.
struct SQLColumnDecoder<Key: CodingKey>: Decoder, SingleValueDecodingContainer {
    let reader: UnsafeMutablePointer<SQLRowReading>
    let key: Key
    let column: Int32

    var codingPath: [any CodingKey] { [key] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        throw SQLNeedsJSON()
    }
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw SQLNeedsJSON() }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { reader.pointee.isNull(column) }
    func decode(_ type: Bool.Type) throws -> Bool { try reader.pointee.bool(key, column) }
    func decode(_ type: String.Type) throws -> String { try reader.pointee.string(key, column) }
    func decode(_ type: Double.Type) throws -> Double { try reader.pointee.double(key, column) }
    func decode(_ type: Float.Type) throws -> Float { try reader.pointee.float(key, column) }
    func decode(_ type: Int.Type) throws -> Int { Int(try reader.pointee.integer(key, column, type)) }
    func decode(_ type: Int64.Type) throws -> Int64 { try reader.pointee.integer(key, column, type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let value = try primitive(type) { return value }
        return try reader.value(type, key, column)
    }

    private func primitive<T>(_ type: T.Type) throws -> T? {
        func narrow<I: FixedWidthInteger>(_ type: I.Type) throws -> I { try reader.pointee.integer(type, key, column) }
        switch type {
        case is Int8.Type: return try narrow(Int8.self) as? T
        case is Int16.Type: return try narrow(Int16.self) as? T
        case is Int32.Type: return try narrow(Int32.self) as? T
        case is UInt.Type: return try narrow(UInt.self) as? T
        case is UInt8.Type: return try narrow(UInt8.self) as? T
        case is UInt16.Type: return try narrow(UInt16.self) as? T
        case is UInt32.Type: return try narrow(UInt32.self) as? T
        case is UInt64.Type: return try narrow(UInt64.self) as? T
        default: return nil
        }
    }
}
