import FuzzDriver
import SlateSchema

/// One input: read as an XML schema file, as a desired SQL schema with rename hints, and
/// as a query file. Each reader either succeeds or throws an error naming a line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = try? DesiredSchema(xml: text, path: "fuzz.xml")
    _ = try? DesiredSchema(sql: text, path: "fuzz.sql")
    _ = try? QueryFile(path: "fuzz.sql", text: text)
    return 0
}

/// The entry point SwiftPM links as `main`.
@_cdecl("fuzz_schema_files_main")
public func entryPoint(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzOneInput)
}
