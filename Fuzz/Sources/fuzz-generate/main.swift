import FuzzDriver
import SlateGenerator
import SlateSchema

/// One input: a schema script, optionally followed by a query file after a line
/// `-- queries`. Generation either succeeds or throws; it never crashes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let parts = text.components(separatedBy: "\n-- queries\n")
    guard let schema = try? SchemaReader.read(scripts: [SQLScript(path: "fuzz.sql", text: parts[0])]) else { return 0 }
    for raw in [false, true] {
        var configuration = GeneratorConfiguration()
        configuration.emit.api = !raw
        _ = try? SlateGenerator.generate(schema: schema, inputs: ["fuzz.sql"], configuration: configuration)
    }
    if parts.count > 1, let queries = try? QueryFile(path: "q.sql", text: parts[1]),
        let context = try? SchemaReader.load(scripts: [SQLScript(path: "fuzz.sql", text: parts[0])])
    {
        defer { context.close() }
        let analyzer = QueryAnalyzer(context: context, schema: schema)
        for query in queries.queries { _ = try? analyzer.analyze(query) }
    }
    return 0
}

/// The entry point SwiftPM links as `main`.
@_cdecl("fuzz_generate_main")
public func entryPoint(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzOneInput)
}
