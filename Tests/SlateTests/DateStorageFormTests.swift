import Foundation
import Slate
import SlateTestSupport
import Testing

/// `SQLDate`'s storages against SQLite's own date functions: every form Slate writes is
/// what SQLite writes for the same millisecond, and every number SQLite's `'auto'` reads
/// Slate reads to the same date, or refuses where SQLite has none.
@Suite struct DateStorageFormTests {
    /// Milliseconds since 1970 spread over the years 0000 to 9999, with the edges, the
    /// epoch and dates just before it (negative fractions), from a fixed seed.
    private let milliseconds: [Int64] = {
        var values: [Int64] = [
            -62_167_219_200_000, 253_402_300_799_999, 0, -1, -999, -1001, 1_696_625_465_526, 1_706_689_974_123,
        ]
        var state: UInt64 = 0x2024_0131
        for _ in 0..<2000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            values.append(-62_167_219_200_000 + Int64(state >> 11) % 315_569_519_999_999)
        }
        return values
    }()

    /// The Julian day SQLite holds for `ms` (its own milliseconds), computed in SQL.
    private let julianDaySQL = "((?1 + 210866760000000) / 86400000.0)"

    @Test func everyStorageWritesWhatSQLitesFunctionsWriteForTheSameMillisecond() throws {
        let context = try SQLContext()
        defer { context.close() }
        let statement = try context.prepare(
            sql: """
                SELECT strftime('%Y-%m-%d %H:%M:%f', \(julianDaySQL)), datetime(\(julianDaySQL)),
                       strftime('%Y-%m-%dT%H:%M:%fZ', \(julianDaySQL)), strftime('%Y-%m-%dT%H:%M:%SZ', \(julianDaySQL)),
                       julianday(strftime('%Y-%m-%d %H:%M:%f', \(julianDaySQL)))
                """)
        defer { statement.close() }
        for ms in milliseconds {
            let date = Date(timeIntervalSince1970: Double(ms) / 1000)
            statement.reset()
            try statement.bind(ms, at: 1)
            #expect(try statement.next())
            let stored = try SQLDate.Storage.allCases.map { try SQLDate.storedValue(date, as: $0, column: "t.c") }
            let expected: [SQLValue] = [
                try statement.value(at: 0), try statement.value(at: 1), try statement.value(at: 2),
                try statement.value(at: 3),
                // (`Date` holds seconds since 2001: its seconds since 1970 are not always
                // the millisecond's nearest double.)
                .float(date.timeIntervalSince1970), .integer(Int64((Double(ms) / 1000).rounded(.down))), .integer(ms),
                .float(date.timeIntervalSince1970 - 978_307_200), try statement.value(at: 4),
            ]
            #expect(stored == expected, "\(ms)")
            // Each reads back as the date it stands for, to the storage's precision, and as
            // `stored(_:as:)` says.
            for (storage, value) in zip(SQLDate.Storage.allCases, stored) {
                let read: Date? =
                    switch value {
                    case .text(let text): SQLDate.date(fromText: text)
                    case .integer(let number): SQLDate.date(fromNumber: Double(number), storage: storage)
                    case .float(let number): SQLDate.date(fromNumber: number, storage: storage)
                    default: nil
                    }
                #expect(read == SQLDate.stored(date, as: storage), "\(ms) \(storage)")
                let unit: Double =
                    storage == .textSeconds || storage == .iso8601Seconds || storage == .unixTimeInteger ? 1 : 0.001
                let expectedSeconds = unit == 1 ? (Double(ms) / 1000).rounded(.down) : Double(ms) / 1000
                #expect(
                    abs((read?.timeIntervalSince1970 ?? .nan) - expectedSeconds) < 1e-6
                        * max(1, abs(expectedSeconds) / 1e9), "\(ms) \(storage)")
            }
        }
    }

    // A text storage reads a bare number as SQLite's datetime(x, 'auto'); where SQLite has
    // no date, Slate refuses the number.
    @Test func textStoragesReadNumbersAsSQLitesAutoModifier() throws {
        let context = try SQLContext()
        defer { context.close() }
        let numbers: [Double] = [
            0, 0.5, 1_721_059.5, 2_460_126.75, 2_460_126.7500014235, 5_373_484.49, 5_373_484.5, 5_373_485, -1,
            -62_167_219_200,
            -62_167_219_201, 1_700_000_000, 253_402_300_799, 253_402_300_800, 1_696_625_465_526,
        ]
        for number in numbers {
            let sqlite = try context.query(
                sql: "SELECT strftime('%Y-%m-%d %H:%M:%f', ?, 'auto')", parameters: [.float(number)]
            ).first?.first
            let date = SQLDate.date(fromNumber: number, storage: .text)
            if SQLDate.isReadable(date) {
                #expect(sqlite == .text(SQLDate.text(from: date)), "\(number)")
            } else {
                // SQLite reads 0.0 up to 1721059.5 as Julian days before 0000 and prints them;
                // Slate's dates are the years 0000 to 9999.
                #expect(
                    number < 1_721_059.5 || sqlite == .null, "\(number) read by SQLite as \(String(describing: sqlite))"
                )
            }
        }
    }

    @Test func aNumberThatIsNoDateOfItsStorageIsRefusedNamingTheColumnAndTheValue() throws {
        let context = try SQLContext()
        defer { context.close() }
        try context.exec(sql: "CREATE TABLE t (stamp DATETIME); INSERT INTO t VALUES (1696625465526)")
        let statement = try context.prepare(sql: "SELECT stamp FROM t")
        defer { statement.close() }
        #expect(try statement.next())
        expectSQLError(
            .mismatch,
            #"column 0 ("stamp") holds 1696625465526, which as seconds since 1970 (unixTime) is after the year 9999: no unixTime date can be stored as it; as milliseconds since 1970 (unixTimeMilliseconds) it is 2023-10-06 20:51:05.526"#
        ) { _ = try statement.date(at: 0, storage: .unixTime) }
        #expect(
            try statement.date(at: 0, storage: .unixTimeMilliseconds) == Date(timeIntervalSince1970: 1_696_625_465.526))
        #expect(
            SQLDate.problem(reading: 1_688_191_200, as: .julianDay)
                == "which as a Julian day (julianDay) is after the year 9999: no julianDay date can be stored as it; as seconds since 1970 (unixTime) it is 2023-07-01 06:00:00.000"
        )
        // Every storage refuses to write what it could not read back.
        for storage in SQLDate.Storage.allCases {
            #expect(
                SQLDate.problem(storing: Date(timeIntervalSince1970: 253_402_300_800), as: storage) != nil, "\(storage)"
            )
            #expect(
                SQLDate.problem(storing: Date(timeIntervalSince1970: -62_167_219_201), as: storage) != nil, "\(storage)"
            )
            #expect(
                SQLDate.problem(storing: Date(timeIntervalSince1970: 253_402_300_799), as: storage) == nil, "\(storage)"
            )
        }
    }
}
