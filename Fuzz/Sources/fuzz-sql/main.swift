import FuzzDriver
import Slate

/// One input: SQL text, run on a fresh in-memory database with untrusted limits (no
/// attached files, so nothing is written outside memory) and a budget of about a million
/// VM instructions per statement (Slate's own statement limits, exercised here too).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let sql = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    var configuration = SQLContext.Configuration.untrusted
    configuration.maximumStatementInstructions = 1_000_000
    configuration.maximumStatementDuration = .seconds(1)
    guard let context = try? SQLContext(configuration: configuration) else { return 0 }
    defer { context.close() }
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

/// The entry point SwiftPM links as `main`.
@_cdecl("fuzz_sql_main")
public func entryPoint(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzOneInput)
}
