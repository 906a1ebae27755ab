import Slate
import SlateCSQLite

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How a `Decimal` property of a ``SQLCodableRecord`` is stored: as exact decimal text
/// (`"123.45"`, `"-0.001"`, `"1E+40"` as its `description` writes it), in a column with
/// TEXT affinity, never as a REAL that would round it. It reads back from that text,
/// exactly, or from an INTEGER; a REAL, a blob, or text that is not a plain decimal
/// number is a mismatch.
enum SQLDecimalText {
    /// The text `value` is stored as; throws for NaN, which has no value to store.
    static func text(_ value: Decimal, column: @autoclosure () -> String) throws -> String {
        guard !value.isNaN else {
            throw SQLError(code: .mismatch, message: "\(column()) cannot store a Decimal NaN: it has no value")
        }
        return value.description
    }

    /// The decimal `text` spells exactly: an optional sign, digits with an optional
    /// fraction, and an optional exponent (`-12.50`, `1e-7`); nil for anything else, or for
    /// a value a `Decimal` cannot hold exactly (more significant digits than its 128-bit
    /// significand, an exponent out of its range), which it would round, or read as NaN or
    /// 0. Exact means the `Decimal` spells the same number: same sign, significant digits
    /// and scale.
    static func decimal(_ text: String) -> Decimal? {
        guard let number = Spelled(text), let value = Decimal(string: text), !value.isNaN,
            Spelled(value.description) == number
        else { return nil }
        return value
    }

    /// A decimal number as text spells it: its sign, its significant digits (no leading
    /// or trailing zeros) and the power of ten of the last one. Zero is positive, with no
    /// digits, whatever its sign or scale.
    private struct Spelled: Equatable {
        var negative = false
        var digits: [UInt8] = []
        var exponent = 0

        init?(_ text: String) {
            var bytes = Substring(text).utf8[...]
            if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
                negative = sign == UInt8(ascii: "-")
                bytes = bytes.dropFirst()
            }
            var sawPoint = false
            var sawDigit = false
            var fractionDigits = 0
            while let byte = bytes.first {
                if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                    sawDigit = true
                    if sawPoint { fractionDigits += 1 }
                    if !(digits.isEmpty && byte == UInt8(ascii: "0")) { digits.append(byte) }
                } else if byte == UInt8(ascii: "."), !sawPoint {
                    sawPoint = true
                } else {
                    break
                }
                bytes = bytes.dropFirst()
            }
            guard sawDigit else { return nil }
            var written = 0
            if let byte = bytes.first {
                guard byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") else { return nil }
                bytes = bytes.dropFirst()
                var negativeExponent = false
                if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
                    negativeExponent = sign == UInt8(ascii: "-")
                    bytes = bytes.dropFirst()
                }
                // Four digits at most: beyond any Decimal, and no overflow here.
                guard !bytes.isEmpty, bytes.count <= 4,
                    bytes.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
                else { return nil }
                written = bytes.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
                if negativeExponent { written = -written }
            }
            exponent = written - fractionDigits
            while digits.last == UInt8(ascii: "0") {
                digits.removeLast()
                exponent += 1
            }
            if digits.isEmpty {
                negative = false
                exponent = 0
            }
        }
    }
}

extension SQLRowReading {
    /// A `Decimal` from its exact text, or from an integer.
    mutating func decimal(_ key: some CodingKey, _ column: Int32) throws -> Decimal {
        let cell = cell(column)
        switch sqlite3_value_type(cell) {
        case SQLITE_INTEGER: return Decimal(sqlite3_value_int64(cell))
        case SQLITE_TEXT:
            guard let text = text(cell) else { break }
            guard let text else { throw notUTF8(key) }
            if let value = SQLDecimalText.decimal(text) { return value }
        default: break
        }
        throw mismatch(key, Decimal.self, column)
    }
}
