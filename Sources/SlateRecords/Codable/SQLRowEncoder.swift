import Slate
import SlateCSQLite

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Binds a ``SQLCodableRecord``'s values to a statement whose parameter `?N` is the
/// record's key at position N - 1 of its layout.
///
/// Keys the record leaves out (optionals that are nil) stay NULL: the writer clears the
/// bindings first.
///
/// Like ``SQLRowReader``, it owns its state, ``SQLRowWriting``, at a fixed address, which
/// the encoder and containers it hands out reach through a plain pointer.
final class SQLRowWriter {
    let state: UnsafeMutablePointer<SQLRowWriting>

    init<Record>(_ layout: SQLCodableLayout<Record>) {
        state = .allocate(capacity: 1)
        state.initialize(to: SQLRowWriting(layout))
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Whether the last record bound its primary key to a value that is not NULL.
    var boundPrimaryKey: Bool { state.pointee.boundPrimaryKey }

    /// Binds `record` to `statement`.
    func bind<Record: Encodable>(_ record: Record, to statement: SQLStatement) throws {
        sqlite3_clear_bindings(try statement.liveHandle())
        state.pointee.statement = Unmanaged.passUnretained(statement)
        defer { state.pointee.statement = nil }
        state.pointee.cursor = 0
        state.pointee.boundPrimaryKey = false
        state.pointee.failure = nil
        try withExtendedLifetime(statement) {
            try record.encode(to: SQLRowEncoder(writer: state))
        }
        if let failure = state.pointee.failure { throw failure }
    }
}

/// What a ``SQLRowWriter`` knows of the statement it binds and of the record's keys.
///
/// Keys come in the layout's order, so the next one (or, past a nil optional, one of the
/// next few) is compared by its value's or its name's bits before any lookup by name.
/// Its methods are mutating for the reason ``SQLRowReading``'s are: called through a
/// pointer, an inout access works in place where a borrow would copy.
struct SQLRowWriting {
    var statement: Unmanaged<SQLStatement>?
    private let keyIndex: [String: Int]
    /// The bits of each key's name, in layout order (the names stay alive in `keyIndex`).
    private let keyBits: [SQLStringBits]
    /// The value of the key last found by name at each position, for key types that are
    /// plain data (see `SQLKeyValueBits`).
    private var keyValues: [SQLKeyValueBits?]
    private let primaryKey: Int
    private let table: String
    private let type: String
    var cursor = 0
    /// Whether the primary key was bound to a value that is not NULL.
    var boundPrimaryKey = false
    /// The first error an encoding container could not throw.
    var failure: SQLError?
    private var containers = SQLContainerCache()

    init<Record>(_ layout: SQLCodableLayout<Record>) {
        keyIndex = layout.keyIndex
        keyBits = layout.keys.map(SQLStringBits.init)
        keyValues = Array(repeating: nil, count: layout.keys.count)
        primaryKey = layout.keyIndex[Record.primaryKey] ?? -1
        table = Record.tableName
        type = "\(Record.self)"
    }

    /// The keyed container for `Key`, writing through `writer` (where this state is): the
    /// one made for an earlier record, when it was for the same key type.
    mutating func keyedContainer<Key: CodingKey>(
        _ key: Key.Type, writer: UnsafeMutablePointer<SQLRowWriting>
    ) -> KeyedEncodingContainer<Key> {
        containers.container(for: ObjectIdentifier(Key.self)) {
            KeyedEncodingContainer(SQLRowEncodingContainer<Key>(writer: writer))
        }
    }

    /// Notes `error` as the record's failure, unless one came first.
    mutating func fail(_ error: SQLError) {
        failure = failure ?? error
    }

    /// The parameter of `key`.
    @inline(__always)
    mutating func parameter(_ key: some CodingKey) throws -> Int32 {
        // The next key, or one of the next few past optionals left out.
        let end = min(keyBits.count, cursor + 4)
        let value = SQLKeyValueBits(key)
        if let value {
            for position in cursor..<max(cursor, end) where keyValues[position] == value {
                cursor = position + 1
                return Int32(position + 1)
            }
        }
        return try parameter(named: key.stringValue, value: value, end: end)
    }

    /// The parameter of the key named `name` (`value` is its identity, when its type has
    /// one), compared by name's bits up to position `end`, else looked up. Apart from
    /// `parameter(_:)`, whose callers see plain-data keys nearly always, so that they keep
    /// no string on their stack.
    @inline(never)
    private mutating func parameter(named name: String, value: SQLKeyValueBits?, end: Int) throws -> Int32 {
        let bits = SQLStringBits(name)
        var position = cursor
        while position < end {
            if keyBits[position] == bits { break }
            position += 1
        }
        if position == end {
            guard let found = keyIndex[name] else {
                throw SQLError(code: .mismatch, message: "\(type).\(name) has no column in table \"\(table)\"")
            }
            position = found
        }
        if let value { keyValues[position] = value }
        cursor = position + 1
        return Int32(position + 1)
    }

    /// Runs `body` on the statement and the parameter of `key`; notes whether that binds
    /// the primary key to a value.
    @inline(__always)
    mutating func bound(_ key: some CodingKey, null: Bool = false, _ body: (SQLStatement, Int32) throws -> Void) throws
    {
        let parameter = try parameter(key)
        if parameter == primaryKey + 1 { boundPrimaryKey = !null }
        guard let statement else {
            throw SQLError(code: .misuse, message: "no statement to bind \(type).\(key.stringValue) to")
        }
        try statement._withUnsafeGuaranteedRef { try body($0, parameter) }
    }

    mutating func bindNull(_ key: some CodingKey) throws {
        try bound(key, null: true) { try $0.bindNull(at: $1) }
    }

    @inline(__always)
    mutating func bindInt64(_ value: Int64, _ key: some CodingKey) throws {
        try bound(key) { try $0.bind(value, at: $1) }
    }

    mutating func bindInteger<T: BinaryInteger>(_ value: T, _ key: some CodingKey) throws {
        guard let exact = Int64(exactly: value) else {
            throw SQLError(
                code: .mismatch,
                message:
                    "\(type).\(key.stringValue) holds \(value), more than SQLite's 64-bit integers hold, for column \"\(key.stringValue)\" of table \"\(table)\""
            )
        }
        try bindInt64(exact, key)
    }

    mutating func bindDouble(_ value: Double, _ key: some CodingKey) throws {
        if value.isNaN { throw nanError(key) }
        try bound(key) { try $0.bind(value, at: $1) }
    }

    /// The error for NaN, which SQLite would store as NULL, naming the property and column.
    private func nanError(_ key: some CodingKey) -> SQLError {
        SQLError(
            code: .mismatch,
            message:
                "cannot store NaN in column \"\(key.stringValue)\" of table \"\(table)\" (\(type).\(key.stringValue)): SQLite would store it as NULL"
        )
    }

    mutating func bindText(_ value: String, _ key: some CodingKey) throws {
        try bound(key) { try $0.bind(value, at: $1) }
    }

    /// A value of a type that is not one of the container's primitives, stored as
    /// ``sqlValue(of:)`` says.
    mutating func bindValue<T: Encodable>(_ value: T, _ key: some CodingKey) throws {
        let value = try Self.sqlValue(of: value, column: "column \"\(key.stringValue)\" of table \"\(table)\"")
        let null = if case .null = value { true } else { false }
        try bound(key, null: null) { try $0.bind(value, at: $1) }
    }

    /// How a value is stored: as generated records store it, enums by raw value, anything
    /// with keys or elements as JSON text.
    ///
    /// - Throws: for NaN, which SQLite would store as NULL, and for a value JSON cannot
    ///   hold (NaN or an infinity inside it), naming `column`.
    static func sqlValue<T: Encodable>(of value: T, column: @autoclosure () -> String) throws -> SQLValue {
        let stored = try storedValue(of: value, column: column())
        if case .float(let double) = stored, double.isNaN {
            throw SQLError(code: .mismatch, message: "cannot store NaN in \(column()): SQLite would store it as NULL")
        }
        return stored
    }

    private static func storedValue<T: Encodable>(of value: T, column: @autoclosure () -> String) throws -> SQLValue {
        switch value {
        case let text as String: return .text(text)
        case let number as Double: return .float(number)
        case let number as Float: return .float(Double(number))
        case let flag as Bool: return .integer(flag ? 1 : 0)
        case let integer as any BinaryInteger:
            guard let exact = Int64(exactly: integer) else {
                throw SQLError(
                    code: .mismatch,
                    message: "\(column()) cannot store \(integer): it is more than SQLite's 64-bit integers hold")
            }
            return .integer(exact)
        case let date as Date: return try SQLDate.storedValue(date, as: .text, column: column())
        case let uuid as UUID: return .text(uuid.uuidString.lowercased())
        case let data as Data: return .blob([UInt8](data))
        // (An empty array of any element casts to [UInt8]: check the type.)
        case let bytes as [UInt8] where T.self == [UInt8].self: return .blob(bytes)
        case let url as URL: return .text(url.absoluteString)
        case let decimal as Decimal: return .text(try SQLDecimalText.text(decimal, column: column()))
        default:
            let single = SQLValueEncoder()
            do {
                try value.encode(to: single)
                if !single.wantsJSON { return single.value }
            } catch is SQLNeedsJSON {}
            do {
                return .text(String(decoding: try JSONEncoder().encode(value), as: UTF8.self))
            } catch let error as EncodingError {
                // NaN and infinities nested in the value, say: named by column, not by a
                // coding path that starts inside it.
                guard case .invalidValue(_, let context) = error else { throw error }
                let path = context.codingPath.map(\.stringValue).joined(separator: ".")
                throw SQLError(
                    code: .mismatch,
                    message:
                        "cannot store \(column()) as JSON: \(context.debugDescription)\(path.isEmpty ? "" : " (at \(path))")"
                )
            }
        }
    }
}

/// Encodes one record as the parameters of a statement. It and its containers point at
/// their writer's state; they are valid during `encode(to:)`.
struct SQLRowEncoder: Encoder {
    let writer: UnsafeMutablePointer<SQLRowWriting>

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        writer.pointee.keyedContainer(type, writer: writer)
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        writer.pointee.fail(
            SQLError(code: .misuse, message: "a record encodes with a keyed container, not an unkeyed one"))
        return SQLDiscardingContainer<SQLNoKey>()
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        writer.pointee.fail(
            SQLError(code: .misuse, message: "a record encodes with a keyed container, not a single value"))
        return SQLDiscardingContainer<SQLNoKey>()
    }
}

/// The parameters of a row, by coding key.
struct SQLRowEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let writer: UnsafeMutablePointer<SQLRowWriting>

    var codingPath: [any CodingKey] { [] }

    func encodeNil(forKey key: Key) throws { try writer.pointee.bindNull(key) }
    func encode(_ value: Bool, forKey key: Key) throws { try writer.pointee.bindInt64(value ? 1 : 0, key) }
    func encode(_ value: String, forKey key: Key) throws { try writer.pointee.bindText(value, key) }
    func encode(_ value: Double, forKey key: Key) throws { try writer.pointee.bindDouble(value, key) }
    func encode(_ value: Float, forKey key: Key) throws { try writer.pointee.bindDouble(Double(value), key) }
    func encode(_ value: Int, forKey key: Key) throws { try writer.pointee.bindInt64(Int64(value), key) }
    func encode(_ value: Int8, forKey key: Key) throws { try writer.pointee.bindInt64(Int64(value), key) }
    func encode(_ value: Int16, forKey key: Key) throws { try writer.pointee.bindInt64(Int64(value), key) }
    func encode(_ value: Int32, forKey key: Key) throws { try writer.pointee.bindInt64(Int64(value), key) }
    func encode(_ value: Int64, forKey key: Key) throws { try writer.pointee.bindInt64(value, key) }
    func encode(_ value: UInt, forKey key: Key) throws { try writer.pointee.bindInteger(value, key) }
    func encode(_ value: UInt8, forKey key: Key) throws { try writer.pointee.bindInt64(Int64(value), key) }
    func encode(_ value: UInt16, forKey key: Key) throws { try writer.pointee.bindInt64(Int64(value), key) }
    func encode(_ value: UInt32, forKey key: Key) throws { try writer.pointee.bindInt64(Int64(value), key) }
    func encode(_ value: UInt64, forKey key: Key) throws { try writer.pointee.bindInteger(value, key) }
    func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try writer.pointee.bindValue(value, key) }

    // A nil optional leaves its parameter NULL (the bindings were cleared); the default
    // encodeIfPresent would do the same, through a generic call per value.
    func encodeIfPresent(_ value: Int64?, forKey key: Key) throws {
        if let value { try writer.pointee.bindInt64(value, key) }
    }

    func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
        if let value { try writer.pointee.bindInt64(Int64(value), key) }
    }

    func encodeIfPresent(_ value: String?, forKey key: Key) throws {
        if let value { try writer.pointee.bindText(value, key) }
    }

    func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
        if let value { try writer.pointee.bindDouble(value, key) }
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        fail("a column holds one value, not a nested container (\(key.stringValue))")
        return KeyedEncodingContainer(SQLDiscardingContainer<NestedKey>())
    }

    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        fail("a column holds one value, not a nested container (\(key.stringValue))")
        return SQLDiscardingContainer<Key>()
    }

    func superEncoder() -> any Encoder { SQLRowEncoder(writer: writer) }

    func superEncoder(forKey key: Key) -> any Encoder {
        fail("a column holds one value, not a nested encoder (\(key.stringValue))")
        return SQLValueEncoder()
    }

    private func fail(_ message: String) {
        writer.pointee.fail(SQLError(code: .misuse, message: message))
    }
}

/// Captures the single value a value encodes itself as (an enum's raw value); throws
/// ``SQLNeedsJSON`` when it wants keys or elements.
final class SQLValueEncoder: Encoder, SingleValueEncodingContainer {
    var value: SQLValue = .null
    var wantsJSON = false

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        wantsJSON = true
        return KeyedEncodingContainer(SQLDiscardingContainer<Key>())
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        wantsJSON = true
        return SQLDiscardingContainer<SQLNoKey>()
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    func encodeNil() throws { value = .null }
    func encode(_ value: Bool) throws { self.value = .integer(value ? 1 : 0) }
    func encode(_ value: String) throws { self.value = .text(value) }
    func encode(_ value: Double) throws { self.value = .float(value) }
    func encode(_ value: Float) throws { self.value = .float(Double(value)) }
    func encode(_ value: Int) throws { self.value = .integer(Int64(value)) }
    func encode(_ value: Int64) throws { self.value = .integer(value) }

    func encode<T: Encodable>(_ value: T) throws {
        if let integer = value as? any BinaryInteger, let exact = Int64(exactly: integer) {
            self.value = .integer(exact)
            return
        }
        try value.encode(to: self)
        if wantsJSON { throw SQLNeedsJSON() }
    }
}

/// A key for containers that take none.
struct SQLNoKey: CodingKey {
    var stringValue: String { "" }
    var intValue: Int? { nil }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { nil }
}

/// Takes values and drops them, where an encoding container cannot throw; the error is
/// recorded by whoever hands it out.
struct SQLDiscardingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol, UnkeyedEncodingContainer,
    SingleValueEncodingContainer
{
    var codingPath: [any CodingKey] { [] }
    var count: Int { 0 }

    init() {}

    mutating func encodeNil(forKey key: Key) throws {}
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {}
    mutating func encodeNil() throws {}
    mutating func encode<T: Encodable>(_ value: T) throws {}

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(SQLDiscardingContainer<NestedKey>())
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(SQLDiscardingContainer<NestedKey>())
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { self }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { self }
    mutating func superEncoder() -> any Encoder { SQLValueEncoder() }
    mutating func superEncoder(forKey key: Key) -> any Encoder { SQLValueEncoder() }
}
