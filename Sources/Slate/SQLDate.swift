#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Dates as SQLite's date and time functions read and write them, without `DateFormatter`.
///
/// - Text is written as `YYYY-MM-DD HH:MM:SS.SSS` in UTC, the form SQLite's `strftime`
///   and `datetime` use (with milliseconds), so SQL date functions and sorting work on it.
/// - Text is read in every form SQLite accepts: `YYYY-MM-DD`, then optionally `HH:MM`,
///   `:SS` and `.SSS…` after a space or `T`, then optionally `Z` or `±HH:MM`; or a time
///   alone (`HH:MM[:SS[.SSS]]`, on 2000-01-01, as SQLite does).
/// - Numbers are read as seconds since the storage's epoch: 1970 (unix time), or
///   2001-01-01 for ``Storage/secondsSince2001`` (Core Data's timestamps).
/// - A date a storage cannot hold (text dates hold years 0000 to 9999; no storage holds
///   NaN or infinity) is refused when written: ``storedValue(_:as:column:)`` throws.
public enum SQLDate {
    /// How a date is stored in a column.
    public enum Storage: String, Codable, Sendable, CaseIterable {
        /// `YYYY-MM-DD HH:MM:SS.SSS` text, UTC (the default).
        case text
        /// Seconds since 1970 as a REAL.
        case unixTime
        /// Whole seconds since 1970 as an INTEGER (fractions are dropped).
        case unixTimeInteger
        /// Seconds since 2001-01-01 00:00:00 UTC as a REAL: how Core Data stores its
        /// `TIMESTAMP` columns (`NSDate`'s reference date).
        case secondsSince2001

        /// The seconds from 1970 to this storage's epoch, for numbers.
        @inlinable public var epoch: Double { self == .secondsSince2001 ? 978_307_200 : 0 }
    }

    /// `date` as it reads back after being stored as `storage` says: rounded to the
    /// millisecond through its text, or to the second for whole unix seconds.
    public static func stored(_ date: Date, as storage: Storage) -> Date {
        switch storage {
        case .text: return Self.date(fromText: text(from: date)) ?? date
        case .unixTime, .secondsSince2001: return date
        case .unixTimeInteger: return Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
        }
    }

    /// The date a number stored as `storage` says stands for: seconds since the storage's
    /// epoch (1970, or 2001 for ``Storage/secondsSince2001``).
    @inlinable
    public static func date(fromNumber seconds: Double, storage: Storage) -> Date {
        Date(timeIntervalSince1970: seconds + storage.epoch)
    }

    /// The earliest and the latest moment text dates hold: 0000-01-01 00:00:00.000 and
    /// 9999-12-31 23:59:59.999, as seconds since 1970.
    static let textRange: ClosedRange<Double> = -62_167_219_200...253_402_300_799.999

    /// Why `storage` cannot hold `date`, or nil when it can.
    public static func problem(storing date: Date, as storage: Storage) -> String? {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite else { return "a date of \(seconds) seconds cannot be stored" }
        switch storage {
        case .text:
            // As it is written: rounded to the millisecond.
            let rounded = (seconds * 1000).rounded() / 1000
            guard textRange.contains(rounded) else {
                return "\(seconds) seconds since 1970 is outside the years 0000 to 9999 that date text holds"
            }
        case .unixTimeInteger:
            guard abs(seconds) < 9.2e18 else { return "\(seconds) seconds since 1970 is more than a 64-bit integer holds" }
        case .unixTime, .secondsSince2001:
            break
        }
        return nil
    }

    /// `date` as `storage` stores it.
    ///
    /// - Throws: ``SQLError/Code/mismatch`` naming `column` (`"table.column"`, or a
    ///   parameter's description) when the storage cannot hold the date, so that nothing is
    ///   written that cannot be read back.
    public static func storedValue(_ date: Date, as storage: Storage, column: @autoclosure () -> String) throws -> SQLValue {
        if let problem = problem(storing: date, as: storage) {
            throw SQLError(code: .mismatch, message: "cannot store a date in \(column()): \(problem)")
        }
        let seconds = date.timeIntervalSince1970
        switch storage {
        case .text: return .text(text(from: date))
        case .unixTime: return .float(seconds)
        case .unixTimeInteger: return .integer(Int64(seconds.rounded(.down)))
        case .secondsSince2001: return .float(seconds - storage.epoch)
        }
    }

    /// The date `text` stands for, or nil when it is not a date SQLite would read.
    public static func date(fromText text: String) -> Date? {
        var text = text
        return text.withUTF8 { date(fromText: $0) }
    }

    /// The date the UTF-8 bytes stand for, or nil when they are not a date SQLite would read.
    public static func date(fromText bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var parser = Parser(bytes: bytes)
        guard let seconds = parser.parse() else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }

    /// `date` as `YYYY-MM-DD HH:MM:SS.SSS`, UTC, rounded to the millisecond.
    public static func text(from date: Date) -> String {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        guard milliseconds.isFinite, abs(milliseconds) < 9.2e18 else { return "" }
        let total = Int64(milliseconds)
        let (days, inDay) = floorDivision(total, 86_400_000)
        let (year, month, day) = civil(fromDays: days)
        let hour = inDay / 3_600_000
        let minute = inDay / 60_000 % 60
        let second = inDay / 1000 % 60
        let millisecond = inDay % 1000
        var bytes: [UInt8] = []
        bytes.reserveCapacity(23)
        if year < 0 { bytes.append(UInt8(ascii: "-")) }
        append(&bytes, abs(year), digits: 4)
        bytes.append(UInt8(ascii: "-"))
        append(&bytes, month, digits: 2)
        bytes.append(UInt8(ascii: "-"))
        append(&bytes, day, digits: 2)
        bytes.append(UInt8(ascii: " "))
        append(&bytes, hour, digits: 2)
        bytes.append(UInt8(ascii: ":"))
        append(&bytes, minute, digits: 2)
        bytes.append(UInt8(ascii: ":"))
        append(&bytes, second, digits: 2)
        bytes.append(UInt8(ascii: "."))
        append(&bytes, millisecond, digits: 3)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func append(_ bytes: inout [UInt8], _ value: Int64, digits: Int) {
        var divisor: Int64 = 1
        for _ in 1..<digits { divisor *= 10 }
        var rest = value
        if value >= divisor * 10 {
            bytes.append(contentsOf: Array(String(value).utf8))
            return
        }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        var quotient = value / divisor
        var remainder = value % divisor
        if remainder < 0 {
            quotient -= 1
            remainder += divisor
        }
        return (quotient, remainder)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func days(fromYear year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a day count since 1970-01-01.
    static func civil(fromDays count: Int64) -> (Int64, Int64, Int64) {
        let z = count + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Reads SQLite time strings from bytes, allocation-free.
    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        mutating func parse() -> Double? {
            skipSpaces()
            var days: Int64 = 10_957  // 2000-01-01, for a time alone
            let start = index
            if let year = number(digits: 4), accept(UInt8(ascii: "-")) {
                guard let month = number(digits: 2), (1...12).contains(month), accept(UInt8(ascii: "-")),
                      let day = number(digits: 2), (1...31).contains(day)
                else { return nil }
                days = SQLDate.days(fromYear: year, month: month, day: day)
                if index < bytes.count, bytes[index] == UInt8(ascii: "T") || bytes[index] == UInt8(ascii: " ") {
                    let separator = index
                    index += 1
                    skipSpaces()
                    if index >= bytes.count || !isDigit(bytes[index]) {
                        index = separator
                    }
                }
            } else {
                index = start
            }
            var seconds = Double(days) * 86_400
            if index < bytes.count, isDigit(bytes[index]) {
                guard let time = parseTime() else { return nil }
                seconds += time
            } else if index == start {
                return nil
            }
            skipSpaces()
            if index < bytes.count {
                guard let offset = parseZone() else { return nil }
                seconds -= offset
            }
            skipSpaces()
            return index == bytes.count ? seconds : nil
        }

        /// `HH:MM[:SS[.fff…]]` as seconds.
        private mutating func parseTime() -> Double? {
            guard let hour = number(digits: 2), (0...24).contains(hour), accept(UInt8(ascii: ":")),
                  let minute = number(digits: 2), (0...59).contains(minute)
            else { return nil }
            var seconds = Double(hour * 3600 + minute * 60)
            if accept(UInt8(ascii: ":")) {
                guard let second = number(digits: 2), (0...59).contains(second) else { return nil }
                seconds += Double(second)
                if accept(UInt8(ascii: ".")) {
                    var scale = 0.1
                    var fraction = 0.0
                    var any = false
                    while index < bytes.count, isDigit(bytes[index]) {
                        fraction += Double(bytes[index] - UInt8(ascii: "0")) * scale
                        scale /= 10
                        index += 1
                        any = true
                    }
                    guard any else { return nil }
                    seconds += fraction
                }
            }
            return seconds
        }

        /// `Z` or `±HH:MM` as seconds east of UTC.
        private mutating func parseZone() -> Double? {
            if bytes[index] == UInt8(ascii: "Z") || bytes[index] == UInt8(ascii: "z") {
                index += 1
                return 0
            }
            let sign: Double
            switch bytes[index] {
            case UInt8(ascii: "+"): sign = 1
            case UInt8(ascii: "-"): sign = -1
            default: return nil
            }
            index += 1
            guard let hours = number(digits: 2), hours <= 14 else { return nil }
            _ = accept(UInt8(ascii: ":"))
            guard let minutes = number(digits: 2), minutes <= 59 else { return nil }
            return sign * Double(hours * 3600 + minutes * 60)
        }

        private mutating func number(digits: Int) -> Int64? {
            guard index + digits <= bytes.count else { return nil }
            var value: Int64 = 0
            for offset in 0..<digits {
                let byte = bytes[index + offset]
                guard isDigit(byte) else { return nil }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            index += digits
            return value
        }

        private mutating func accept(_ byte: UInt8) -> Bool {
            if index < bytes.count, bytes[index] == byte {
                index += 1
                return true
            }
            return false
        }

        private mutating func skipSpaces() {
            while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
        }

        private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    }
}
