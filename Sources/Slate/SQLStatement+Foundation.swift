import SlateCSQLite

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension SQLStatement {
    // MARK: Dates

    /// The column at `index` as a date: text in any form SQLite's date functions read,
    /// or a number as `storage` counts it (see ``SQLDate``: seconds since 1970 or 2001,
    /// milliseconds, a Julian day; for a text storage, SQLite's `datetime(x, 'auto')`).
    ///
    /// - Throws: when the column holds NULL, a blob, text that is not a date, or a number
    ///   that reads as a date outside the years 0000 to 9999.
    public func date(at index: Int32, storage: SQLDate.Storage = .text) throws -> Date {
        let number: Double
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER:
            number = Double(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT:
            number = sqlite3_column_double(handle, index)
        case SQLITE_TEXT:
            guard let text = sqlite3_column_text(handle, index) else {
                throw mismatchError(column: index, expected: Date.self)
            }
            let bytes = UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(handle, index)))
            if let date = SQLDate.date(fromText: bytes, storage: storage) { return date }
            throw SQLError(
                code: .mismatch,
                message:
                    "column \(index) (\"\(columnName(at: index))\") holds \(SQLValue.text(String(decoding: bytes, as: UTF8.self)).sqlLiteral), which is not a date",
                sql: sql)
        default:
            throw mismatchError(column: index, expected: Date.self)
        }
        let date = SQLDate.date(fromNumber: number, storage: storage)
        if SQLDate.isReadable(date) { return date }
        throw SQLError(
            code: .mismatch,
            message:
                "column \(index) (\"\(columnName(at: index))\") holds \((try? value(at: index))?.sqlLiteral ?? String(number)), \(SQLDate.problem(reading: number, as: storage))",
            sql: sql)
    }

    /// Binds a date to parameter `index` (one-based), stored as `storage` says: text
    /// `YYYY-MM-DD HH:MM:SS.SSS` in UTC by default.
    ///
    /// - Throws: when `storage` cannot hold the date (see ``SQLDate/problem(storing:as:)``).
    public func bind(_ value: Date, at index: Int32, as storage: SQLDate.Storage = .text) throws {
        try bind(SQLDate.storedValue(value, as: storage, column: "parameter \(index)"), at: index)
    }

    // MARK: UUIDs

    /// The column at `index` as a UUID: 16 bytes of a blob, or text in the usual
    /// `8-4-4-4-12` hexadecimal form, in either case.
    ///
    /// - Throws: for anything else, NULL included.
    public func uuid(at index: Int32) throws -> UUID {
        if let handle, let uuid = SQLUUID.uuid(sqliteStatement: handle, column: index) { return uuid }
        throw SQLError(
            code: .mismatch,
            message:
                "column \(index) (\"\(columnName(at: index))\") holds \((try? value(at: index))?.sqlLiteral ?? "?"), which is not a UUID",
            sql: sql)
    }

    /// Binds a UUID to parameter `index` (one-based) as `storage` stores it: lower-case
    /// text by default.
    public func bind(_ value: UUID, at index: Int32, as storage: SQLUUID.Storage = .text) throws {
        try bind(SQLUUID.storedValue(value, as: storage), at: index)
    }

    // MARK: Data

    /// The column at `index` as `Data`: a blob's bytes, or text's UTF-8 bytes. NULL and
    /// an empty blob both read as empty; use ``isNull(at:)`` to tell them apart.
    public func data(at index: Int32) -> Data {
        guard let handle, let bytes = sqlite3_column_blob(handle, index) else { return Data() }
        return Data(bytes: bytes, count: Int(sqlite3_column_bytes(handle, index)))
    }

    /// Binds `value`'s bytes as a blob to parameter `index` (one-based); empty `Data` is
    /// an empty blob, not NULL.
    public func bind(_ value: Data, at index: Int32) throws {
        let code = value.withUnsafeBytes { bytes in
            slate_bind_blob(handle, index, bytes.baseAddress, UInt64(bytes.count))
        }
        try checkBind(code, index)
    }

    // MARK: URLs

    /// The column at `index` as a URL, from its text.
    ///
    /// - Throws: when the text is not a URL.
    public func url(at index: Int32) throws -> URL {
        let text = try string(at: index)
        if let url = URL(string: text) { return url }
        throw SQLError(
            code: .mismatch,
            message:
                "column \(index) (\"\(columnName(at: index))\") holds \(SQLValue.text(text).sqlLiteral), which is not a URL",
            sql: sql)
    }

    /// Binds a URL to parameter `index` (one-based) as its absolute string.
    public func bind(_ value: URL, at index: Int32) throws {
        try bind(value.absoluteString, at: index)
    }
}

/// UUIDs as text or 16 bytes, without going through `uuidString` on every row.
public enum SQLUUID {
    /// How a UUID is stored in a column: one form per column, so that a UUID read from a
    /// row binds back as the very value the row holds, and a key or a comparison finds it.
    public enum Storage: String, Codable, Sendable, CaseIterable {
        /// Lower-case `8-4-4-4-12` text (the default).
        case text
        /// Upper-case `8-4-4-4-12` text, as Foundation's `uuidString` writes it.
        case uppercaseText
        /// 16 bytes in the UUID's own order (RFC 4122, big-endian): `UUID.uuid`'s bytes.
        case blob
        /// 16 bytes in Microsoft's `GUID` layout, as Windows stores a GUID: its first three
        /// groups little-endian (`00112233-4455-6677-8899-aabbccddeeff` is stored as
        /// `X'33221100554477668899AABBCCDDEEFF'`), the last two as written.
        case guidBlob

        /// What the storage holds, for messages: `lower-case text`, `16 bytes in Microsoft's GUID order`.
        public var summary: String {
            switch self {
            case .text: return "lower-case 8-4-4-4-12 text"
            case .uppercaseText: return "upper-case 8-4-4-4-12 text"
            case .blob: return "16 bytes in RFC 4122 order"
            case .guidBlob: return "16 bytes in Microsoft's GUID order"
            }
        }
    }

    /// The UUID in column `column` of the current row of `statement`: 16 bytes of a blob,
    /// or `8-4-4-4-12` text in either case; nil for anything else, NULL included.
    ///
    /// This reads whatever form a value has; a column of one storage reads with
    /// ``uuid(sqliteStatement:column:storage:)``, which keys and comparisons rely on.
    @inlinable
    public static func uuid(sqliteStatement statement: OpaquePointer, column: Int32) -> UUID? {
        let count = Int(sqlite3_column_bytes(statement, column))
        if sqlite3_column_type(statement, column) == SQLITE_BLOB, count == 16,
            let blob = sqlite3_column_blob(statement, column)
        {
            return uuid(fromBytes: UnsafeRawBufferPointer(start: blob, count: 16))
        }
        guard let text = sqlite3_column_text(statement, column) else { return nil }
        return uuid(fromText: UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(statement, column))))
    }

    /// The UUID in column `column` of the current row of `statement` in `storage`'s form
    /// only: text of the storage's case, or a 16-byte blob in its byte order; nil for any
    /// other value (a blob in a text column, upper-case text in a lower-case one, NULL), so
    /// that no UUID is read that would not bind back as the value the row holds.
    @inlinable
    public static func uuid(sqliteStatement statement: OpaquePointer, column: Int32, storage: Storage) -> UUID? {
        let value = sqlite3_column_value(statement, column)
        switch storage {
        case .text, .uppercaseText:
            guard sqlite3_value_type(value) == SQLITE_TEXT, let text = sqlite3_value_text(value) else { return nil }
            return uuid(
                fromText: UnsafeBufferPointer(start: text, count: Int(sqlite3_value_bytes(value))),
                letters: storage == .text ? .lowercase : .uppercase)
        case .blob, .guidBlob:
            guard sqlite3_value_type(value) == SQLITE_BLOB, sqlite3_value_bytes(value) == 16,
                let blob = sqlite3_value_blob(value)
            else {
                return nil
            }
            let bytes = UnsafeRawBufferPointer(start: blob, count: 16)
            return storage == .blob ? uuid(fromBytes: bytes) : uuid(fromGUIDBytes: bytes)
        }
    }

    /// The UUID in 16 bytes.
    public static func uuid(fromBytes bytes: UnsafeRawBufferPointer) -> UUID {
        UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }

    /// The UUID in 16 bytes in Microsoft's GUID layout (``Storage/guidBlob``).
    public static func uuid(fromGUIDBytes bytes: UnsafeRawBufferPointer) -> UUID {
        UUID(
            uuid: (
                bytes[3], bytes[2], bytes[1], bytes[0], bytes[5], bytes[4], bytes[7], bytes[6],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }

    /// Which letters UUID text may have.
    public enum Letters: Sendable {
        /// `a`–`f` and `A`–`F`.
        case either
        /// `a`–`f` only.
        case lowercase
        /// `A`–`F` only.
        case uppercase
    }

    /// The UUID in `8-4-4-4-12` hexadecimal text with `letters`, or nil.
    public static func uuid(fromText text: UnsafeBufferPointer<UInt8>, letters: Letters = .either) -> UUID? {
        guard text.count == 36 else { return nil }
        var bytes = [UInt8](repeating: 0, count: 16)
        var byteIndex = 0
        var index = 0
        while index < 36 {
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard text[index] == UInt8(ascii: "-") else { return nil }
                index += 1
                continue
            }
            guard let high = hexValue(text[index], letters), let low = hexValue(text[index + 1], letters) else {
                return nil
            }
            bytes[byteIndex] = high << 4 | low
            byteIndex += 1
            index += 2
        }
        return bytes.withUnsafeBytes { uuid(fromBytes: $0) }
    }

    /// The UUID in `8-4-4-4-12` hexadecimal text with `letters`, or nil.
    public static func uuid(fromText text: String, letters: Letters = .either) -> UUID? {
        var text = text
        return text.withUTF8 { uuid(fromText: $0, letters: letters) }
    }

    /// The UUID as lower-case `8-4-4-4-12` text.
    public static func text(from uuid: UUID) -> String {
        text(from: uuid, digits: "0123456789abcdef")
    }

    /// The UUID as upper-case `8-4-4-4-12` text.
    public static func uppercaseText(from uuid: UUID) -> String {
        text(from: uuid, digits: "0123456789ABCDEF")
    }

    private static func text(from uuid: UUID, digits: StaticString) -> String {
        let digits = UnsafeBufferPointer(start: digits.utf8Start, count: 16)
        var out: [UInt8] = []
        out.reserveCapacity(36)
        for (index, byte) in bytes(from: uuid).enumerated() {
            if index == 4 || index == 6 || index == 8 || index == 10 { out.append(UInt8(ascii: "-")) }
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The UUID's 16 bytes.
    public static func bytes(from uuid: UUID) -> [UInt8] {
        withUnsafeBytes(of: uuid.uuid) { Array($0) }
    }

    /// The UUID's 16 bytes in Microsoft's GUID layout (``Storage/guidBlob``).
    public static func guidBytes(from uuid: UUID) -> [UInt8] {
        let u = uuid.uuid
        return [u.3, u.2, u.1, u.0, u.5, u.4, u.7, u.6, u.8, u.9, u.10, u.11, u.12, u.13, u.14, u.15]
    }

    /// The UUID as `storage` stores it.
    public static func storedValue(_ uuid: UUID, as storage: Storage) -> SQLValue {
        switch storage {
        case .text: return .text(text(from: uuid))
        case .uppercaseText: return .text(uppercaseText(from: uuid))
        case .blob: return .blob(bytes(from: uuid))
        case .guidBlob: return .blob(guidBytes(from: uuid))
        }
    }

    private static func hexValue(_ byte: UInt8, _ letters: Letters) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f") where letters != .uppercase: return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F") where letters != .lowercase: return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

extension Date: SQLBindable, SQLColumnDecodable {
    /// Binds as `YYYY-MM-DD HH:MM:SS.SSS` text in UTC.
    public func bind(to statement: SQLStatement, at index: Int32) throws {
        try statement.bind(self, at: index, as: .text)
    }
    /// `.text("YYYY-MM-DD HH:MM:SS.SSS")`
    public var sqlValue: SQLValue { .text(SQLDate.text(from: self)) }
    /// Reads date text or unix seconds; throws on NULL.
    public static func decode(from statement: SQLStatement, at index: Int32) throws -> Date {
        try statement.requireNonNull(index, Date.self)
        return try statement.date(at: index)
    }
}

extension UUID: SQLBindable, SQLColumnDecodable {
    /// Binds as lower-case text.
    public func bind(to statement: SQLStatement, at index: Int32) throws {
        try statement.bind(self, at: index, as: .text)
    }
    /// `.text` of the lower-case form.
    public var sqlValue: SQLValue { .text(SQLUUID.text(from: self)) }
    /// Reads a 16-byte blob or UUID text; throws on NULL.
    public static func decode(from statement: SQLStatement, at index: Int32) throws -> UUID {
        try statement.requireNonNull(index, UUID.self)
        return try statement.uuid(at: index)
    }
}

extension URL: SQLBindable, SQLColumnDecodable {
    /// Binds as the absolute string.
    public func bind(to statement: SQLStatement, at index: Int32) throws {
        try statement.bind(self, at: index)
    }
    /// `.text(absoluteString)`
    public var sqlValue: SQLValue { .text(absoluteString) }
    /// Reads URL text; throws on NULL.
    public static func decode(from statement: SQLStatement, at index: Int32) throws -> URL {
        try statement.requireNonNull(index, URL.self)
        return try statement.url(at: index)
    }
}

extension Data: SQLBindable, SQLColumnDecodable {
    /// Binds as a blob, as `[UInt8]` does; empty `Data` is an empty blob, not NULL.
    public func bind(to statement: SQLStatement, at index: Int32) throws {
        try statement.bind(self, at: index)
    }
    /// `.blob` of the bytes.
    public var sqlValue: SQLValue { .blob([UInt8](self)) }
    /// Reads the bytes of a blob (or of text); throws on NULL and numbers, as `[UInt8]`
    /// does.
    public static func decode(from statement: SQLStatement, at index: Int32) throws -> Data {
        switch sqlite3_column_type(statement.handle, index) {
        case SQLITE_BLOB, SQLITE_TEXT: return statement.data(at: index)
        case SQLITE_NULL: throw statement.unexpectedNullError(column: index, expected: Data.self)
        default: throw statement.mismatchError(column: index, expected: Data.self)
        }
    }
}
