import SlateSchema

/// One input: read as an XML schema file, as a desired SQL schema with rename hints, and
/// as a query file. Each reader either succeeds or throws an error naming a line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = try? DesiredSchema(xml: text, path: "fuzz.xml")
    _ = try? DesiredSchema(sql: text, path: "fuzz.sql")
    _ = try? QueryFile(path: "fuzz.sql", text: text)
    return 0
}
