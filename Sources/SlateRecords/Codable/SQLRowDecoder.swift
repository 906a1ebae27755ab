#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Slate

/// Reads the rows of a ``SQLCodableRecord``'s statements, whose columns are the record's
/// keys in its layout's order.
///
/// A key finds its column by position: a record's `init(from:)` asks for its keys in the
/// same order on every row, so after the first row each key is compared with the one
/// expected next, and the name dictionary is only a fallback.
final class SQLRowReader {
    var handle: OpaquePointer?
    let keyIndex: [String: Int]
    private let table: String
    private let type: String
    private var order: [(key: String, column: Int32)] = []
    private var cursor = 0

    init<Record>(_ layout: SQLCodableLayout<Record>) {
        keyIndex = layout.keyIndex
        table = Record.tableName
        type = "\(Record.self)"
    }

    /// Decodes the current row of `statement`.
    @inline(__always)
    func record<Record: Decodable>(_ type: Record.Type, from statement: OpaquePointer) throws -> Record {
        handle = statement
        cursor = 0
        return try Record(from: SQLRowDecoder(reader: self))
    }

    /// The column of `key`.
    @inline(__always)
    func column(_ key: some CodingKey) throws -> Int32 {
        let name = key.stringValue
        if cursor < order.count, order[cursor].key == name {
            cursor += 1
            return order[cursor - 1].column
        }
        guard let index = keyIndex[name] else {
            throw SQLError(code: .mismatch, message: "\(type).\(name) has no column in table \"\(table)\"")
        }
        if cursor == order.count { order.append((name, Int32(index))) }
        cursor += 1
        return Int32(index)
    }

    func mismatch(_ key: some CodingKey, _ expected: Any.Type, _ column: Int32) -> SQLError {
        let found: String
        switch sqlite3_column_type(handle, column) {
        case SQLITE_NULL: found = "NULL, and the property is not optional"
        case SQLITE_INTEGER: found = "an integer"
        case SQLITE_FLOAT: found = "a real"
        case SQLITE_TEXT: found = "text"
        default: found = "a blob"
        }
        return SQLError(
            code: .mismatch,
            message: "\(type).\(key.stringValue) (\(expected)) cannot read column \"\(key.stringValue)\" of table \"\(table)\": it holds \(found)")
    }

    // MARK: Values

    func isNull(_ column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_NULL
    }

    func integer(_ key: some CodingKey, _ column: Int32, _ type: Any.Type) throws -> Int64 {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: return sqlite3_column_int64(handle, column)
        case SQLITE_FLOAT:
            if let exact = Int64(exactly: sqlite3_column_double(handle, column)) { return exact }
        default: break
        }
        throw mismatch(key, type, column)
    }

    func integer<T: FixedWidthInteger>(_ type: T.Type, _ key: some CodingKey, _ column: Int32) throws -> T {
        let value = try integer(key, column, type)
        guard let narrow = T(exactly: value) else {
            throw SQLError(
                code: .mismatch,
                message: "\(self.type).\(key.stringValue) (\(T.self)) cannot hold \(value), from column \"\(key.stringValue)\" of table \"\(table)\"")
        }
        return narrow
    }

    func double(_ key: some CodingKey, _ column: Int32) throws -> Double {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER, SQLITE_FLOAT: return sqlite3_column_double(handle, column)
        default: throw mismatch(key, Double.self, column)
        }
    }

    func string(_ key: some CodingKey, _ column: Int32) throws -> String {
        guard sqlite3_column_type(handle, column) == SQLITE_TEXT, let text = sqlite3_column_text(handle, column) else {
            throw mismatch(key, String.self, column)
        }
        if let string = SQLText.string(sqliteText: text, count: Int(sqlite3_column_bytes(handle, column))) { return string }
        throw SQLError(code: .mismatch, message: "column \"\(key.stringValue)\" of table \"\(table)\" holds text that is not valid UTF-8")
    }

    func bytes(_ key: some CodingKey, _ column: Int32) throws -> [UInt8] {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_BLOB, SQLITE_TEXT:
            guard let bytes = sqlite3_column_blob(handle, column) else { return [] }
            return Array(UnsafeRawBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, column))))
        default: throw mismatch(key, [UInt8].self, column)
        }
    }

    /// A value of a type that is not one of the container's primitives.
    func value<T: Decodable>(_ type: T.Type, _ key: some CodingKey, _ column: Int32) throws -> T {
        guard let handle, !isNull(column) else { throw mismatch(key, T.self, column) }
        switch type {
        case is Date.Type:
            guard let date = SQLRecordCoding.dateValue(handle, column) else { throw mismatch(key, T.self, column) }
            return date as! T
        case is UUID.Type:
            guard let uuid = SQLUUID.uuid(sqliteStatement: handle, column: column) else { throw mismatch(key, T.self, column) }
            return uuid as! T
        case is Data.Type: return Data(try bytes(key, column)) as! T
        case is [UInt8].Type: return try bytes(key, column) as! T
        case is URL.Type:
            guard let url = URL(string: try string(key, column)) else { throw mismatch(key, T.self, column) }
            return url as! T
        default:
            do {
                // Enums with raw values and other single values decode from the column itself.
                return try T(from: SQLColumnDecoder(reader: self, key: key, column: column))
            } catch is SQLNeedsJSON {
                // Anything with keys or elements is JSON text.
                do {
                    return try JSONDecoder().decode(T.self, from: Data(try bytes(key, column)))
                } catch {
                    throw SQLError(
                        code: .mismatch,
                        message: "\(self.type).\(key.stringValue) (\(T.self)) cannot read the JSON in column \"\(key.stringValue)\" of table \"\(table)\": \(error)")
                }
            }
        }
    }
}

/// Decodes one row as a record.
struct SQLRowDecoder: Decoder {
    let reader: SQLRowReader

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(SQLRowContainer<Key>(reader: reader))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw SQLError(code: .misuse, message: "a row decodes with a keyed container, not an unkeyed one")
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw SQLError(code: .misuse, message: "a row decodes with a keyed container, not a single value")
    }
}

/// The columns of a row, by coding key.
struct SQLRowContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let reader: SQLRowReader

    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { reader.keyIndex.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { reader.keyIndex[key.stringValue] != nil }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard let index = reader.keyIndex[key.stringValue] else { return true }
        return reader.isNull(Int32(index))
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        let column = try reader.column(key)
        return try reader.integer(key, column, Bool.self) != 0
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String { try reader.string(key, try reader.column(key)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try reader.double(key, try reader.column(key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { Float(try reader.double(key, try reader.column(key))) }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        let column = try reader.column(key)
        return Int(try reader.integer(key, column, Int.self))
    }

    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        let column = try reader.column(key)
        return try reader.integer(key, column, Int64.self)
    }

    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try reader.integer(type, key, try reader.column(key)) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try reader.integer(type, key, try reader.column(key)) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try reader.integer(type, key, try reader.column(key)) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try reader.integer(type, key, try reader.column(key)) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try reader.integer(type, key, try reader.column(key)) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try reader.integer(type, key, try reader.column(key)) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try reader.integer(type, key, try reader.column(key)) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try reader.integer(type, key, try reader.column(key)) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try reader.value(type, key, try reader.column(key))
    }

    // One column lookup per optional property: the default decodeIfPresent would look the
    // key up three times.

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        let column = try reader.column(key)
        return reader.isNull(column) ? nil : try reader.string(key, column)
    }

    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        let column = try reader.column(key)
        return reader.isNull(column) ? nil : Int(try reader.integer(key, column, Int.self))
    }

    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        let column = try reader.column(key)
        return reader.isNull(column) ? nil : try reader.integer(key, column, Int64.self)
    }

    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        let column = try reader.column(key)
        return reader.isNull(column) ? nil : try reader.double(key, column)
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        let column = try reader.column(key)
        return reader.isNull(column) ? nil : try reader.integer(key, column, Bool.self) != 0
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        let column = try reader.column(key)
        return reader.isNull(column) ? nil : try reader.value(type, key, column)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
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
    let reader: SQLRowReader
    let key: Key
    let column: Int32

    var codingPath: [any CodingKey] { [key] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> { throw SQLNeedsJSON() }
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw SQLNeedsJSON() }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { reader.isNull(column) }
    func decode(_ type: Bool.Type) throws -> Bool { try reader.integer(key, column, type) != 0 }
    func decode(_ type: String.Type) throws -> String { try reader.string(key, column) }
    func decode(_ type: Double.Type) throws -> Double { try reader.double(key, column) }
    func decode(_ type: Float.Type) throws -> Float { Float(try reader.double(key, column)) }
    func decode(_ type: Int.Type) throws -> Int { Int(try reader.integer(key, column, type)) }
    func decode(_ type: Int64.Type) throws -> Int64 { try reader.integer(key, column, type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let value = try primitive(type) { return value }
        return try reader.value(type, key, column)
    }

    private func primitive<T>(_ type: T.Type) throws -> T? {
        func narrow<I: FixedWidthInteger>(_ type: I.Type) throws -> I { try reader.integer(type, key, column) }
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
