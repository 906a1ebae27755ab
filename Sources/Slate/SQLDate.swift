#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Dates as SQLite's date and time functions read and write them, without `DateFormatter`.
///
/// - Each ``Storage`` writes one form: text in one of the layouts applications write
///   (`YYYY-MM-DD HH:MM:SS.SSS` by default, the form of SQLite's `strftime('%Y-%m-%d
///   %H:%M:%f')`), or a number: seconds since 1970 or 2001, milliseconds since 1970, or a
///   Julian day.
/// - Every storage reads text in every form SQLite accepts: `YYYY-MM-DD`, then optionally
///   `HH:MM`, `:SS` and `.SSS…` after a space or `T`, then optionally `Z` or `±HH:MM`; or
///   a time alone (`HH:MM[:SS[.SSS]]`, on 2000-01-01, as SQLite does). A column that holds
///   text in some rows and numbers in others (an application's numbers, and a
///   `CURRENT_TIMESTAMP` default) reads both.
/// - Numbers are read as the storage counts: ``Storage/unixTime`` and
///   ``Storage/unixTimeInteger`` in seconds since 1970, ``Storage/secondsSince2001`` since
///   2001, ``Storage/unixTimeMilliseconds`` in milliseconds since 1970,
///   ``Storage/julianDay`` in days. A text storage reads a bare number as SQLite's
///   `datetime(x, 'auto')` does: a Julian day from 0 up to 5373484.5 (the years 0000 to
///   9999), else seconds since 1970.
/// - Dates are years 0000 to 9999, as SQLite's date functions have them. A date outside
///   them is refused when written (``storedValue(_:as:column:)`` throws), and a number that
///   reads as one is refused when read: no storage can have written it, so it is some
///   other count (milliseconds read as seconds give the year 55733).
public enum SQLDate {
    // raw-template: begin (Scripts/generate-raw-template.sh copies this into raw mode's generated files)
    // `Swift.CaseIterable`: raw mode's files copy this beside tables of any name.
    /// How a date is stored in a column: the form it is written in, and how a number in
    /// the column is read.
    public enum Storage: String, Codable, Sendable, Swift.CaseIterable {
        /// `YYYY-MM-DD HH:MM:SS.SSS` text, UTC (the default): SQLite's
        /// `strftime('%Y-%m-%d %H:%M:%f')`. Rounded to the millisecond.
        case text
        /// `YYYY-MM-DD HH:MM:SS` text, UTC: SQLite's `CURRENT_TIMESTAMP` and
        /// `datetime('now')`. Fractions of a second are dropped, as `datetime` drops them.
        case textSeconds
        /// `YYYY-MM-DDTHH:MM:SS.SSSZ` text: ISO 8601 as GeoPackage requires it
        /// (`strftime('%Y-%m-%dT%H:%M:%fZ','now')`), and JavaScript's `toISOString()`.
        /// Rounded to the millisecond.
        case iso8601
        /// `YYYY-MM-DDTHH:MM:SSZ` text: ISO 8601 in whole seconds, as `ISO8601DateFormatter`
        /// and `JSONEncoder`'s `.iso8601` strategy write it. Fractions of a second are
        /// dropped.
        case iso8601Seconds
        /// Seconds since 1970 as a REAL.
        case unixTime
        /// Whole seconds since 1970 as an INTEGER (fractions are dropped).
        case unixTimeInteger
        /// Milliseconds since 1970 as an INTEGER: JavaScript's `Date.now()`, Java's
        /// `Date.getTime()`, Prisma's `DateTime` and Room's usual converters. Rounded to the
        /// millisecond.
        case unixTimeMilliseconds
        /// Seconds since 2001-01-01 00:00:00 UTC as a REAL: how Core Data stores its
        /// `TIMESTAMP` columns (`NSDate`'s reference date).
        case secondsSince2001
        /// Days since noon UTC of 4714-11-24 BC (proleptic Gregorian) as a REAL: SQLite's
        /// `julianday()`, which Fossil writes into its `DATETIME` columns. To the
        /// millisecond, as SQLite counts them: a date is written as the same REAL, bit for
        /// bit, as `julianday()` of its text.
        case julianDay

        /// The seconds from 1970 to this storage's epoch, for numbers: 2001-01-01 for
        /// ``secondsSince2001``, the Julian day 0 for ``julianDay``, else 1970.
        @inlinable public var epoch: Double {
            switch self {
            case .secondsSince2001: return 978_307_200
            case .julianDay: return -210_866_760_000
            default: return 0
            }
        }

        /// Whether this storage writes text (numbers in its column are read as SQLite's
        /// `datetime(x, 'auto')` reads them).
        @inlinable public var isText: Bool {
            switch self {
            case .text, .textSeconds, .iso8601, .iso8601Seconds: return true
            case .unixTime, .unixTimeInteger, .unixTimeMilliseconds, .secondsSince2001, .julianDay: return false
            }
        }

        /// What a number in a column of this storage counts, for messages.
        package var numberDescription: String {
            switch self {
            case .unixTime, .unixTimeInteger: return "seconds since 1970"
            case .unixTimeMilliseconds: return "milliseconds since 1970"
            case .secondsSince2001: return "seconds since 2001"
            case .julianDay: return "a Julian day"
            case .text, .textSeconds, .iso8601, .iso8601Seconds:
                return "a Julian day up to 5373484.5, else seconds since 1970 (SQLite's 'auto')"
            }
        }
    }

    /// The largest number a text storage reads as a Julian day (SQLite's `'auto'`): the
    /// Julian day of 10000-01-01.
    @usableFromInline static let largestAutoJulianDay = 5_373_484.5

    /// `date` as it reads back after being stored as `storage` says: rounded to the
    /// millisecond through text or milliseconds, down to the second for whole seconds, or
    /// as its Julian day reads back.
    public static func stored(_ date: Date, as storage: Storage) -> Date {
        switch storage {
        case .text, .textSeconds, .iso8601, .iso8601Seconds:
            return Self.date(fromText: text(from: date, as: storage)) ?? date
        case .unixTime, .secondsSince2001:
            return date
        case .unixTimeInteger:
            return Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
        case .unixTimeMilliseconds:
            return Self.date(fromNumber: (date.timeIntervalSince1970 * 1000).rounded(), storage: storage)
        case .julianDay:
            return Self.date(fromNumber: julianDay(from: date), storage: storage)
        }
    }

    /// The date a number stored as `storage` says stands for: seconds since the storage's
    /// epoch (1970, or 2001 for ``Storage/secondsSince2001``), milliseconds since 1970, a
    /// Julian day, or for a text storage a Julian day up to 5373484.5 and seconds since
    /// 1970 beyond (SQLite's `'auto'`).
    ///
    /// It can be outside the years 0000 to 9999 (``isReadable(_:)`` tells): readers refuse
    /// such a date rather than return it.
    @inlinable
    public static func date(fromNumber number: Double, storage: Storage) -> Date {
        Date(timeIntervalSince1970: seconds(fromNumber: number, storage: storage))
    }

    /// The seconds since 1970 a number stored as `storage` says stands for (see
    /// ``date(fromNumber:storage:)``).
    @inlinable
    public static func seconds(fromNumber number: Double, storage: Storage) -> Double {
        switch storage {
        case .unixTime, .unixTimeInteger: return number
        case .secondsSince2001: return number + 978_307_200
        case .unixTimeMilliseconds: return number / 1000
        case .julianDay: return seconds(fromJulianDay: number)
        case .text, .textSeconds, .iso8601, .iso8601Seconds:
            return number >= 0 && number < largestAutoJulianDay ? seconds(fromJulianDay: number) : number
        }
    }

    /// The seconds since 1970 of a Julian day, to the millisecond as SQLite counts Julian
    /// days (its `iJD`: whole milliseconds since the Julian day 0).
    @inlinable
    public static func seconds(fromJulianDay day: Double) -> Double {
        ((day * 86_400_000).rounded() - 210_866_760_000_000) / 1000
    }

    /// Whether a date is in the years 0000 to 9999, which every storage writes and reads.
    @inlinable
    public static func isReadable(_ date: Date) -> Bool {
        let seconds = date.timeIntervalSince1970
        return seconds >= -62_167_219_200 && seconds < 253_402_300_800
    }

    /// Why a number in a column stored as `storage` is no date, for an error that names
    /// the column and the value: it reads as a year outside 0000 to 9999, or it is not
    /// finite. When another numeric storage reads it as a date of the years 1900 to 2199,
    /// the message names it and that date.
    public static func problem(reading number: Double, as storage: Storage) -> String {
        let seconds = seconds(fromNumber: number, storage: storage)
        guard seconds.isFinite else { return "which is no date" }
        let side = seconds < 0 ? "before the year 0000" : "after the year 9999"
        var hint = ""
        let plausible = -2_208_988_800.0..<7_258_118_400.0
        for other in [Storage.unixTime, .unixTimeMilliseconds, .secondsSince2001, .julianDay]
        where other.numberDescription != storage.numberDescription {
            let reading = Self.seconds(fromNumber: number, storage: other)
            if plausible.contains(reading) {
                hint =
                    "; as \(other.numberDescription) (\(other.rawValue)) it is \(text(from: Date(timeIntervalSince1970: reading)))"
                break
            }
        }
        return
            "which as \(storage.numberDescription) (\(storage.rawValue)) is \(side): no \(storage.rawValue) date can be stored as it\(hint)"
    }

    /// The earliest and the latest moment dates hold: 0000-01-01 00:00:00.000 and
    /// 9999-12-31 23:59:59.999, as seconds since 1970.
    static let textRange: Swift.ClosedRange<Double> = -62_167_219_200...253_402_300_799.999

    /// Why `storage` cannot hold `date`, or nil when it can: every storage holds the years
    /// 0000 to 9999 (as the storage writes the date: rounded to the millisecond, or down to
    /// the second) and nothing that is not finite; whole seconds also fit 64 bits.
    public static func problem(storing date: Date, as storage: Storage) -> String? {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite else { return "a date of \(seconds) seconds cannot be stored" }
        let written: Double
        switch storage {
        case .text, .iso8601, .unixTimeMilliseconds, .julianDay: written = (seconds * 1000).rounded() / 1000
        case .textSeconds, .iso8601Seconds, .unixTimeInteger: written = seconds.rounded(.down)
        case .unixTime, .secondsSince2001: written = seconds
        }
        guard textRange.contains(written) else {
            let holder = storage.isText ? "date text holds" : "a date column holds"
            return "\(seconds) seconds since 1970 is outside the years 0000 to 9999 that \(holder)"
        }
        return nil
    }

    // raw-template: end
    /// `date` as `storage` stores it.
    ///
    /// - Throws: ``SQLError/Code/mismatch`` naming `column` (`"table.column"`, or a
    ///   parameter's description) when the storage cannot hold the date, so that nothing is
    ///   written that cannot be read back.
    public static func storedValue(
        _ date: Date, as storage: Storage, column: @autoclosure () -> String
    ) throws -> SQLValue {
        if let problem = problem(storing: date, as: storage) {
            throw SQLError(code: .mismatch, message: "cannot store a date in \(column()): \(problem)")
        }
        let seconds = date.timeIntervalSince1970
        switch storage {
        case .text, .textSeconds, .iso8601, .iso8601Seconds: return .text(text(from: date, as: storage))
        case .unixTime: return .float(seconds)
        case .unixTimeInteger: return .integer(Int64(seconds.rounded(.down)))
        case .unixTimeMilliseconds: return .integer(Int64((seconds * 1000).rounded()))
        case .secondsSince2001: return .float(seconds - storage.epoch)
        case .julianDay: return .float(julianDay(from: date))
        }
    }

    // raw-template: begin (Scripts/generate-raw-template.sh copies this into raw mode's generated files)
    /// The Julian day of `date`, rounded to the millisecond as SQLite's `julianday()`
    /// computes it (whole milliseconds since the Julian day 0, divided by 86400000): the
    /// same REAL, bit for bit, as `julianday()` of the date's text.
    @inlinable
    public static func julianDay(from date: Date) -> Double {
        ((date.timeIntervalSince1970 * 1000).rounded() + 210_866_760_000_000) / 86_400_000
    }

    /// The date `text` stands for, or nil when it is not a date SQLite would read.
    public static func date(fromText text: String) -> Date? {
        var text = text
        return text.withUTF8 { date(fromText: $0) }
    }

    /// The date the UTF-8 bytes stand for, or nil when they are not a date SQLite would read:
    /// a date in SQLite's text forms, or a number held as text, which SQLite's date
    /// functions read as a Julian day (`datetime('2460310.5')`).
    public static func date(fromText bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        if let date = parsed(bytes) { return date }
        guard let number = number(fromText: bytes), number >= 0, number <= 5_373_484.5 else { return nil }
        let date = Date(timeIntervalSince1970: seconds(fromJulianDay: number))
        return isReadable(date) ? date : nil
    }

    /// A date in SQLite's text forms.
    private static func parsed(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var parser = Parser(bytes: bytes)
        guard let seconds = parser.parse() else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }

    /// The date text in a column of `storage` stands for: a date in SQLite's text forms, or
    /// text holding a number (`'1704067200'` from `strftime('%s')`, `'2460310.5'` from
    /// `julianday()` stored in a TEXT column), read as the storage reads that number, as
    /// SQLite's date functions read such text. Nil when it is neither, or a number that
    /// reads as a date outside the years 0000 to 9999.
    public static func date(fromText bytes: UnsafeBufferPointer<UInt8>, storage: Storage) -> Date? {
        if let date = parsed(bytes) { return date }
        guard let number = number(fromText: bytes) else { return nil }
        let date = date(fromNumber: number, storage: storage)
        return isReadable(date) ? date : nil
    }

    /// The number text holds, spaces around it allowed, as SQLite reads a number held as
    /// text; nil for anything else.
    package static func number(fromText bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == UInt8(ascii: " ") { start += 1 }
        while end > start, bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
        guard start < end, end - start <= 40 else { return nil }
        let allowed: (UInt8) -> Bool = { byte in
            (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
        }
        guard bytes[start..<end].allSatisfy(allowed),
            bytes[start..<end].contains(where: { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return nil }
        guard let number = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)),
            number.isFinite
        else { return nil }
        return number
    }

    /// `date` as `YYYY-MM-DD HH:MM:SS.SSS`, UTC, rounded to the millisecond.
    public static func text(from date: Date) -> String {
        text(from: date, as: .text)
    }

    /// `date` as a text storage writes it (``Storage/text`` for a numeric one): UTC,
    /// rounded to the millisecond, or down to the second for the forms without a fraction.
    public static func text(from date: Date, as storage: Storage) -> String {
        let withFraction = storage != .textSeconds && storage != .iso8601Seconds
        let iso = storage == .iso8601 || storage == .iso8601Seconds
        let seconds = date.timeIntervalSince1970
        let milliseconds = withFraction ? (seconds * 1000).rounded() : seconds.rounded(.down) * 1000
        guard milliseconds.isFinite, abs(milliseconds) < 9.2e18 else { return "" }
        let total = Int64(milliseconds)
        let (days, inDay) = floorDivision(total, 86_400_000)
        let (year, month, day) = civil(fromDays: days)
        let hour = inDay / 3_600_000
        let minute = inDay / 60_000 % 60
        let second = inDay / 1000 % 60
        let millisecond = inDay % 1000
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        if year < 0 { bytes.append(UInt8(ascii: "-")) }
        append(&bytes, abs(year), digits: 4)
        bytes.append(UInt8(ascii: "-"))
        append(&bytes, month, digits: 2)
        bytes.append(UInt8(ascii: "-"))
        append(&bytes, day, digits: 2)
        bytes.append(UInt8(ascii: iso ? "T" : " "))
        append(&bytes, hour, digits: 2)
        bytes.append(UInt8(ascii: ":"))
        append(&bytes, minute, digits: 2)
        bytes.append(UInt8(ascii: ":"))
        append(&bytes, second, digits: 2)
        if withFraction {
            bytes.append(UInt8(ascii: "."))
            append(&bytes, millisecond, digits: 3)
        }
        if iso { bytes.append(UInt8(ascii: "Z")) }
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
            var days: Int64 = 10_957 // 2000-01-01, for a time alone
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
    // raw-template: end
}
