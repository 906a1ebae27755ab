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
            guard let text = sqlite3_column_text(handle, index) else { throw mismatchError(column: index, expected: Date.self) }
            let bytes = UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(handle, index)))
            if let date = SQLDate.date(fromText: bytes) { return date }
            throw SQLError(
                code: .mismatch,
                message: "column \(index) (\"\(columnName(at: index))\") holds \(SQLValue.text(String(decoding: bytes, as: UTF8.self)).sqlLiteral), which is not a date",
                sql: sql)
        default:
            throw mismatchError(column: index, expected: Date.self)
        }
        let date = SQLDate.date(fromNumber: number, storage: storage)
        if SQLDate.isReadable(date) { return date }
        throw SQLError(
            code: .mismatch,
            message: "column \(index) (\"\(columnName(at: index))\") holds \((try? value(at: index))?.sqlLiteral ?? String(number)), \(SQLDate.problem(reading: number, as: storage))",
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
            message: "column \(index) (\"\(columnName(at: index))\") holds \((try? value(at: index))?.sqlLiteral ?? "?"), which is not a UUID",
            sql: sql)
    }

    /// Binds a UUID to parameter `index` (one-based): lower-case text by default, or 16
    /// bytes.
    public func bind(_ value: UUID, at index: Int32, as storage: SQLUUID.Storage = .text) throws {
        switch storage {
        case .text: try bind(SQLUUID.text(from: value), at: index)
        case .blob: try bind(SQLUUID.bytes(from: value), at: index)
        }
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
            message: "column \(index) (\"\(columnName(at: index))\") holds \(SQLValue.text(text).sqlLiteral), which is not a URL",
            sql: sql)
    }

    /// Binds a URL to parameter `index` (one-based) as its absolute string.
    public func bind(_ value: URL, at index: Int32) throws {
        try bind(value.absoluteString, at: index)
    }
}

/// UUIDs as text or 16 bytes, without going through `uuidString` on every row.
public enum SQLUUID {
    /// How a UUID is stored in a column.
    public enum Storage: String, Codable, Sendable {
        /// Lower-case `8-4-4-4-12` text (the default).
        case text
        /// 16 bytes.
        case blob
    }

    /// The UUID in column `column` of the current row of `statement`: 16 bytes of a blob,
    /// or `8-4-4-4-12` text; nil for anything else, NULL included.
    @inlinable
    public static func uuid(sqliteStatement statement: OpaquePointer, column: Int32) -> UUID? {
        let count = Int(sqlite3_column_bytes(statement, column))
        if sqlite3_column_type(statement, column) == SQLITE_BLOB, count == 16, let blob = sqlite3_column_blob(statement, column) {
            return uuid(fromBytes: UnsafeRawBufferPointer(start: blob, count: 16))
        }
        guard let text = sqlite3_column_text(statement, column) else { return nil }
        return uuid(fromText: UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(statement, column))))
    }

    /// The UUID in 16 bytes.
    public static func uuid(fromBytes bytes: UnsafeRawBufferPointer) -> UUID {
        UUID(uuid: (
            bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
            bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }

    /// The UUID in `8-4-4-4-12` hexadecimal text (either case), or nil.
    public static func uuid(fromText text: UnsafeBufferPointer<UInt8>) -> UUID? {
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
            guard let high = hexValue(text[index]), let low = hexValue(text[index + 1]) else { return nil }
            bytes[byteIndex] = high << 4 | low
            byteIndex += 1
            index += 2
        }
        return bytes.withUnsafeBytes { uuid(fromBytes: $0) }
    }

    /// The UUID in `8-4-4-4-12` hexadecimal text (either case), or nil.
    public static func uuid(fromText text: String) -> UUID? {
        var text = text
        return text.withUTF8 { uuid(fromText: $0) }
    }

    /// The UUID as lower-case `8-4-4-4-12` text.
    public static func text(from uuid: UUID) -> String {
        let digits = Array("0123456789abcdef".utf8)
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

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
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
