import FuzzDriver
import Slate
import SlateCSQLite

/// One input: SQL text, run on a fresh in-memory database with untrusted limits (no
/// attached files, so nothing is written outside memory) and a step budget.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let sql = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let context = try? SQLContext(configuration: .untrusted), let db = context.handle else { return 0 }
    defer { context.close() }
    // Stop runaway statements (recursive CTEs) after about a million VM steps.
    sqlite3_progress_handler(db, 10_000, { counter in
        guard let counter else { return 1 }
        let count = counter.assumingMemoryBound(to: Int.self)
        count.pointee += 1
        return count.pointee > 100 ? 1 : 0
    }, Budget.counter)
    Budget.counter.assumingMemoryBound(to: Int.self).pointee = 0
    try? context.exec(sql: sql)
    _ = try? context.query(sql: sql)
    if let statement = try? context.prepare(sql: sql) {
        _ = try? statement.update(parameters: Array(repeating: .text("x'\u{0}"), count: Int(statement.parameterCount)))
        while (try? statement.next()) == true {
            for index in 0..<statement.columnCount { _ = statement.columnName(at: index) }
        }
        statement.close()
    }
    return 0
}

enum Budget {
    nonisolated(unsafe) static let counter = UnsafeMutableRawPointer.allocate(byteCount: 8, alignment: 8)
}

/// The entry point SwiftPM links as `main`.
@_cdecl("fuzz_sql_main")
public func entryPoint(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzOneInput)
}
