import Foundation

/// The data every implementation works on, made once, before anything is timed.
struct Dataset {
    let rowCount: Int
    let i: [Int64]
    let d: [Double]
    let t: [String]
    /// The texts one after another, for the C baseline.
    let textBytes: [CChar]
    let textLengths: [Int32]
    let lookupIDs: [Int64]
    let orderCount: Int

    init(rows: Int, lookups: Int, orders: Int) {
        rowCount = rows
        var i: [Int64] = []
        var d: [Double] = []
        var t: [String] = []
        var bytes: [CChar] = []
        var lengths: [Int32] = []
        i.reserveCapacity(rows)
        d.reserveCapacity(rows)
        t.reserveCapacity(rows)
        for row in 0..<rows {
            i.append(Int64((row &* 2_654_435_761) % 1_000_003))
            d.append(Double(row) * 0.5)
            let text = "t" + String(row).leftPadded(9) + "-abcdefghij"
            t.append(text)
            bytes.append(contentsOf: text.utf8.map { CChar(bitPattern: $0) })
            lengths.append(Int32(text.utf8.count))
        }
        self.i = i
        self.d = d
        self.t = t
        textBytes = bytes
        textLengths = lengths
        var generator = SplitMix(seed: 42)
        lookupIDs = (0..<lookups).map { _ in Int64(generator.next() % UInt64(max(rows, 1))) + 1 }
        orderCount = orders
    }

    /// The orders table's rows as SQL values: dates as `YYYY-MM-DD HH:MM:SS.SSS` text.
    func orderRows() -> [[Any?]] {
        var generator = SplitMix(seed: 7)
        let countries = ["Germany", "France", "Brazil", "USA", "UK", "Spain"]
        return (0..<orderCount).map { index in
            let day = 9_600 + index / 8
            let ordered = 86_400.0 * Double(day) + Double(generator.next() % 86_400)
            return [
                Int64(10_248 + index), "CUST\(index % 91)", Int64(index % 9 + 1),
                dateText(ordered), dateText(ordered + 86_400 * 28),
                index % 21 == 0 ? nil : dateText(ordered + 86_400 * Double(generator.next() % 30)),
                Int64(index % 3 + 1), Double(generator.next() % 100_000) / 100,
                "Ship name \(index)", "\(index) Some Street", "City \(index % 70)",
                index % 3 == 0 ? nil : "Region", index % 5 == 0 ? nil : "\(10_000 + index % 90_000)",
                countries[index % countries.count],
            ]
        }
    }

    private func dateText(_ seconds: Double) -> String {
        let date = Date(timeIntervalSince1970: seconds)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond], from: date)
        let milliseconds = (c.nanosecond ?? 0) / 1_000_000
        return "\(c.year!)-\(String(c.month!).leftPadded(2))-\(String(c.day!).leftPadded(2)) "
            + "\(String(c.hour!).leftPadded(2)):\(String(c.minute!).leftPadded(2)):\(String(c.second!).leftPadded(2)).\(String(milliseconds).leftPadded(3))"
    }
}

/// A small, seeded random number generator, so every run uses the same data.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

extension Dataset {
    /// The item columns as C arrays, for the C baseline's insert functions.
    func withColumnPointers<T>(
        _ body: (UnsafePointer<Int64>?, UnsafePointer<Double>?, UnsafePointer<CChar>?, UnsafePointer<Int32>?) -> T
    ) -> T {
        i.withUnsafeBufferPointer { i in
            d.withUnsafeBufferPointer { d in
                textBytes.withUnsafeBufferPointer { texts in
                    textLengths.withUnsafeBufferPointer { lengths in
                        body(i.baseAddress, d.baseAddress, texts.baseAddress, lengths.baseAddress)
                    }
                }
            }
        }
    }
}
