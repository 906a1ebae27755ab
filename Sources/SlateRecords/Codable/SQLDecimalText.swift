#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Slate

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
    /// more significant digits than a `Decimal` holds (38), which it would round.
    static func decimal(_ text: String) -> Decimal? {
        var bytes = Substring(text).utf8[...]
        if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        var digits: [UInt8] = []
        var sawPoint = false
        var sawDigit = false
        while let byte = bytes.first {
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                digits.append(byte)
                sawDigit = true
            } else if byte == UInt8(ascii: "."), !sawPoint {
                sawPoint = true
            } else {
                break
            }
            bytes = bytes.dropFirst()
        }
        guard sawDigit else { return nil }
        if let byte = bytes.first {
            guard byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") else { return nil }
            bytes = bytes.dropFirst()
            if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
            guard !bytes.isEmpty, bytes.count <= 4,
                  bytes.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
            else { return nil }
        }
        // Significant digits: without leading and trailing zeros.
        let significant = digits.drop { $0 == UInt8(ascii: "0") }.reversed().drop { $0 == UInt8(ascii: "0") }
        guard significant.count <= 38 else { return nil }
        return Decimal(string: text)
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
