#if Postgres
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PostgresNIO
import Slate

/// The columns of one query's rows, shared by all of them.
final class SQLPostgresColumns: Sendable {
    let names: [String]
    let types: [PostgresDataType]
    let tableOIDs: [Int32]

    init(_ columns: PostgresColumns) {
        names = columns.map(\.name)
        types = columns.map(\.dataType)
        tableOIDs = columns.map(\.tableOID)
    }
}

/// One row of a query's result, read with typed getters by index (from 0) or by column
/// name: `try row.get(0, as: Int.self)`, `try row.get("name", as: String?.self)`.
///
/// A value that does not fit the type asked for throws an error of kind
/// ``SQLPostgresError/Kind/mismatch`` naming the column, its PostgreSQL type and (once
/// the error leaves `read` or `write`) its table: never a silent conversion. NULL fits
/// only optionals and `SQLValue`.
public struct SQLPostgresRow: Sendable {
    let cells: PostgresRandomAccessRow
    let columns: SQLPostgresColumns

    init(_ cells: PostgresRandomAccessRow, _ columns: SQLPostgresColumns) {
        self.cells = cells
        self.columns = columns
    }

    /// How many columns the row has.
    public var count: Int { columns.names.count }

    /// The name of column `index`.
    public func columnName(at index: Int) -> String { columns.names[index] }

    /// The index of the first column named `name`, if any.
    public func columnIndex(named name: String) -> Int? { columns.names.firstIndex(of: name) }

    /// The value of column `index` (from 0) as a `Value`.
    public func get<Value: SQLPostgresDecodable>(_ index: Int, as type: Value.Type = Value.self) throws -> Value {
        guard index >= 0, index < columns.names.count else {
            throw SQLPostgresError(
                kind: .misuse, message: "column index \(index) is out of range (the row has \(columns.names.count))")
        }
        return try Value.decode(from: self, at: index)
    }

    /// The value of the first column named `name` as a `Value`.
    public func get<Value: SQLPostgresDecodable>(_ name: String, as type: Value.Type = Value.self) throws -> Value {
        guard let index = columnIndex(named: name) else {
            throw SQLPostgresError(kind: .misuse, message: "the row has no column named \(name)", column: name)
        }
        return try Value.decode(from: self, at: index)
    }

    /// Every column's value as an `SQLValue`.
    public func values() throws -> [SQLValue] {
        try (0..<count).map { try SQLValue.decode(from: self, at: $0) }
    }

    // MARK: For decoders

    /// The bytes of column `index` (binary format), nil for NULL.
    func bytes(_ index: Int) -> ByteBuffer? { cells[index].bytes }

    func type(_ index: Int) -> PostgresDataType { columns.types[index] }

    /// The error for column `index` not fitting `swiftType`.
    func mismatch(_ index: Int, _ swiftType: String, _ why: String? = nil) -> SQLPostgresError {
        let type = columns.types[index]
        let typeName = type.knownSQLName ?? "OID \(type.rawValue)"
        var error = SQLPostgresError(
            kind: .mismatch,
            message: why ?? "a value of type \(typeName) does not fit \(swiftType)",
            column: columns.names[index], dataType: typeName)
        error.tableOID = columns.tableOIDs[index]
        return error
    }

    func nonNull(_ index: Int, _ swiftType: String) throws -> ByteBuffer {
        guard let bytes = bytes(index) else {
            throw mismatch(index, swiftType, "NULL does not fit \(swiftType) (ask for \(swiftType)?)")
        }
        return bytes
    }
}

/// A Swift type an ``SQLPostgresRow`` column can be read as. Slate's conformances accept
/// only PostgreSQL types whose every value the Swift type holds exactly.
public protocol SQLPostgresDecodable: Sendable {
    /// The value of column `index` of `row`; throws an error of kind
    /// ``SQLPostgresError/Kind/mismatch`` when it does not fit.
    static func decode(from row: SQLPostgresRow, at index: Int) throws -> Self
}

extension Int64: SQLPostgresDecodable {
    /// From `smallint`, `integer`, `bigint`, and `numeric` holding an integer in range.
    public static func decode(from row: SQLPostgresRow, at index: Int) throws -> Int64 {
        var bytes = try row.nonNull(index, "Int64")
        switch row.type(index) {
        case .int2: if let value = bytes.readInteger(as: Int16.self) { return Int64(value) }
        case .int4: if let value = bytes.readInteger(as: Int32.self) { return Int64(value) }
        case .int8: if let value = bytes.readInteger(as: Int64.self) { return value }
        case .numeric:
            guard let numeric = Numeric(&bytes) else { break }
            guard let value = numeric.integer else {
                throw row.mismatch(
                    index, "Int64", "the numeric \(numeric.text) is not an integer that fits Int64")
            }
            return value
        default:
            break
        }
        throw row.mismatch(index, "Int64")
    }
}

extension Int: SQLPostgresDecodable {
    /// As `Int64`, when it fits `Int`.
    public static func decode(from row: SQLPostgresRow, at index: Int) throws -> Int {
        let value = try Int64.decode(from: row, at: index)
        guard let fitting = Int(exactly: value) else {
            throw row.mismatch(index, "Int", "\(value) is out of Int's range")
        }
        return fitting
    }
}

extension Double: SQLPostgresDecodable {
    /// From `real`, `double precision`, `numeric` (its nearest double), and integers a
    /// double holds exactly.
    public static func decode(from row: SQLPostgresRow, at index: Int) throws -> Double {
        var bytes = try row.nonNull(index, "Double")
        switch row.type(index) {
        case .float4: if let bits = bytes.readInteger(as: UInt32.self) { return Double(Float(bitPattern: bits)) }
        case .float8: if let bits = bytes.readInteger(as: UInt64.self) { return Double(bitPattern: bits) }
        case .numeric:
            if let numeric = Numeric(&bytes), let value = numeric.double { return value }
        case .int2, .int4, .int8:
            let integer = try Int64.decode(from: row, at: index)
            guard let value = Double(exactly: integer) else {
                throw row.mismatch(index, "Double", "the integer \(integer) has no exact Double")
            }
            return value
        default:
            break
        }
        throw row.mismatch(index, "Double")
    }
}

extension String: SQLPostgresDecodable {
    /// From `text`, `varchar`, `char` and `name`.
    public static func decode(from row: SQLPostgresRow, at index: Int) throws -> String {
        var bytes = try row.nonNull(index, "String")
        switch row.type(index) {
        case .text, .varchar, .bpchar, .name:
            return bytes.readString(length: bytes.readableBytes) ?? ""
        default:
            throw row.mismatch(index, "String")
        }
    }
}

extension [UInt8]: SQLPostgresDecodable {
    /// From `bytea`.
    public static func decode(from row: SQLPostgresRow, at index: Int) throws -> [UInt8] {
        var bytes = try row.nonNull(index, "[UInt8]")
        guard row.type(index) == .bytea else { throw row.mismatch(index, "[UInt8]") }
        return bytes.readBytes(length: bytes.readableBytes) ?? []
    }
}

extension Bool: SQLPostgresDecodable {
    /// From `boolean`.
    public static func decode(from row: SQLPostgresRow, at index: Int) throws -> Bool {
        var bytes = try row.nonNull(index, "Bool")
        guard row.type(index) == .bool, let byte = bytes.readInteger(as: UInt8.self) else {
            throw row.mismatch(index, "Bool")
        }
        return byte != 0
    }
}

extension Date: SQLPostgresDecodable {
    /// From `timestamptz` and `timestamp` (read as UTC, as sessions run); `infinity`
    /// does not fit.
    public static func decode(from row: SQLPostgresRow, at index: Int) throws -> Date {
        var bytes = try row.nonNull(index, "Date")
        let type = row.type(index)
        guard type == .timestamptz || type == .timestamp, let microseconds = bytes.readInteger(as: Int64.self)
        else { throw row.mismatch(index, "Date") }
        guard microseconds != .max, microseconds != .min else {
            throw row.mismatch(index, "Date", "an infinite timestamp does not fit Date")
        }
        // Microseconds since 2000-01-01 00:00:00 UTC, which is 366 days before Foundation's
        // reference date; split so that no precision is lost in the sum.
        let seconds = microseconds.quotientAndRemainder(dividingBy: 1_000_000)
        return Date(
            timeIntervalSinceReferenceDate: Double(seconds.quotient - 31_622_400) + Double(seconds.remainder) / 1e6)
    }
}

extension UUID: SQLPostgresDecodable {
    /// From `uuid`.
    public static func decode(from row: SQLPostgresRow, at index: Int) throws -> UUID {
        var bytes = try row.nonNull(index, "UUID")
        guard row.type(index) == .uuid, let raw = bytes.readBytes(length: 16) else {
            throw row.mismatch(index, "UUID")
        }
        return UUID(
            uuid: (
                raw[0], raw[1], raw[2], raw[3], raw[4], raw[5], raw[6], raw[7], raw[8], raw[9], raw[10], raw[11],
                raw[12], raw[13], raw[14], raw[15]
            ))
    }
}

extension SQLValue: SQLPostgresDecodable {
    /// SQLite's five storage classes from PostgreSQL's values: integers as `.integer`,
    /// `boolean` as `.integer` 0 or 1 (as SQLite stores it), `real`/`double precision` as
    /// `.float`, `numeric` as `.integer` when it is an integer in range and else as
    /// `.float` (its nearest double), text types and `uuid` as `.text`, `bytea` as
    /// `.blob`, NULL as `.null`. Other types (timestamps, arrays, JSON…) throw: read them
    /// with their own Swift type.
    public static func decode(from row: SQLPostgresRow, at index: Int) throws -> SQLValue {
        guard var bytes = row.bytes(index) else { return .null }
        switch row.type(index) {
        case .int2, .int4, .int8: return .integer(try Int64.decode(from: row, at: index))
        case .bool: return .integer(try Bool.decode(from: row, at: index) ? 1 : 0)
        case .float4, .float8: return .float(try Double.decode(from: row, at: index))
        case .numeric:
            guard let numeric = Numeric(&bytes) else { break }
            if let integer = numeric.integer { return .integer(integer) }
            if let double = numeric.double { return .float(double) }
        case .text, .varchar, .bpchar, .name: return .text(try String.decode(from: row, at: index))
        case .uuid: return .text(try UUID.decode(from: row, at: index).uuidString.lowercased())
        case .bytea: return .blob(try [UInt8].decode(from: row, at: index))
        default: break
        }
        throw row.mismatch(index, "SQLValue")
    }
}

extension Optional: SQLPostgresDecodable where Wrapped: SQLPostgresDecodable {
    /// nil for NULL, else as `Wrapped`.
    public static func decode(from row: SQLPostgresRow, at index: Int) throws -> Wrapped? {
        guard row.bytes(index) != nil else { return nil }
        return try Wrapped.decode(from: row, at: index)
    }
}

/// PostgreSQL's binary `numeric`: base-10000 digits, a weight (the power of 10000 of the
/// first digit), a sign.
struct Numeric {
    var digits: [Int16]
    var weight: Int16
    var negative: Bool
    var special: String?

    init?(_ bytes: inout ByteBuffer) {
        guard let count = bytes.readInteger(as: Int16.self), let weight = bytes.readInteger(as: Int16.self),
            let sign = bytes.readInteger(as: UInt16.self), bytes.readInteger(as: Int16.self) != nil, count >= 0
        else { return nil }
        var digits: [Int16] = []
        digits.reserveCapacity(Int(count))
        for _ in 0..<count {
            guard let digit = bytes.readInteger(as: Int16.self), (0..<10_000).contains(digit) else { return nil }
            digits.append(digit)
        }
        self.digits = digits
        self.weight = weight
        negative = sign == 0x4000
        switch sign {
        case 0x0000, 0x4000: special = nil
        case 0xC000: special = "NaN"
        case 0xD000: special = "Infinity"
        case 0xF000: special = "-Infinity"
        default: return nil
        }
    }

    /// The value when it is an integer that fits Int64.
    var integer: Int64? {
        guard special == nil else { return nil }
        if digits.isEmpty { return 0 }
        // A nonzero digit after the point: not an integer.
        for (position, digit) in digits.enumerated() where Int(weight) - position < 0 && digit != 0 { return nil }
        guard weight >= 0 else { return 0 }
        var value: Int64 = 0
        for position in 0...Int(weight) {
            let digit = Int64(position < digits.count ? digits[position] : 0)
            let (scaled, overflow) = value.multipliedReportingOverflow(by: 10_000)
            guard !overflow else { return nil }
            let (next, overflow2) =
                negative ? scaled.subtractingReportingOverflow(digit) : scaled.addingReportingOverflow(digit)
            guard !overflow2 else { return nil }
            value = next
        }
        return value
    }

    /// The nearest double (from the decimal text, which Swift's parser rounds correctly).
    var double: Double? {
        if let special { return special == "NaN" ? .nan : special == "Infinity" ? .infinity : -.infinity }
        if digits.isEmpty { return 0 }
        return Double(text)
    }

    /// The value in plain decimal: `-2.5`, `12000`, `0.0001`.
    var text: String {
        if let special { return special }
        if digits.isEmpty { return "0" }
        func group(_ position: Int) -> Int16 { position >= 0 && position < digits.count ? digits[position] : 0 }
        func padded(_ digit: Int16) -> String {
            let part = String(digit)
            return String(repeating: "0", count: 4 - part.count) + part
        }
        var integer = ""
        if weight >= 0 {
            integer = String(group(0))
            for position in stride(from: 1, through: Int(weight), by: 1) { integer += padded(group(position)) }
        } else {
            integer = "0"
        }
        var fraction = ""
        var position = Int(weight) + 1
        while position < digits.count {
            fraction += padded(group(position))
            position += 1
        }
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return (negative ? "-" : "") + integer + (fraction.isEmpty ? "" : "." + fraction)
    }
}
#endif
