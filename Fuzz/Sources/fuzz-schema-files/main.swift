import FuzzDriver
import SlateMigration

/// One input: read as an XML schema file and as a desired SQL schema with rename hints.
/// Each reader either succeeds or throws an error naming a line. (Query files are fuzzed
/// through the generator by fuzz-generate: their reader is SlateAnalysis's `package` API.)
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = try? DesiredSchema(xml: text, path: "fuzz.xml")
    _ = try? DesiredSchema(sql: text, path: "fuzz.sql")
    return 0
}

/// The entry point SwiftPM links as `main`.
@_cdecl("fuzz_schema_files_main")
public func entryPoint(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzOneInput)
}
