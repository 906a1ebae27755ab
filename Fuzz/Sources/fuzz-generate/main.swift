import FuzzDriver
import SlateGenerator
import SlateSchema

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A directory of this process's own for the inputs written as files.
private let scratch: String = {
    var template = Array("/tmp/slate-fuzz-XXXXXX".utf8CString)
    return template.withUnsafeMutableBufferPointer { buffer in
        guard let base = buffer.baseAddress, let made = mkdtemp(base) else { return "/tmp" }
        return String(cString: made)
    }
}()

/// Writes `text` to `path`; false when it cannot.
private func write(_ text: String, to path: String) -> Bool {
    guard let file = fopen(path, "w") else { return false }
    defer { fclose(file) }
    let bytes = Array(text.utf8)
    return bytes.isEmpty || fwrite(bytes, 1, bytes.count, file) == bytes.count
}

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
    // Query files go through the generator's public front door, as `slate generate` runs
    // them (the analysis itself is SlateAnalysis's `package` API, out of a fuzzer's reach).
    if parts.count > 1 {
        let schemaPath = scratch + "/fuzz.sql"
        let queryPath = scratch + "/fuzz-queries.sql"
        if write(parts[0], to: schemaPath), write("-- name: fuzz :many\n" + parts[1], to: queryPath) {
            _ = try? SlateGenerator.generate(inputs: [schemaPath, queryPath])
        }
    }
    return 0
}

/// The entry point SwiftPM links as `main`.
@_cdecl("fuzz_generate_main")
public func entryPoint(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzOneInput)
}
