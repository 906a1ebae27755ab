import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A directory removed when the value goes away.
final class TemporaryDirectory {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("issue-server-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// The real `issue-server` executable, started as a child process on a free port (the
/// system's choice, read from its `listening on PORT` line) with a database in a temporary
/// directory. Killed when the value goes away, if it still runs.
final class ServerProcess {
    let process = Process()
    let port: Int
    let logPath: String
    private let output: Pipe

    init(database: String, directory: TemporaryDirectory, heartbeatMilliseconds: Int = 200) throws {
        guard let executable = Self.executable() else {
            throw TestFailure("issue-server is not built beside the tests")
        }
        logPath = directory.path("server-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        process.executableURL = executable
        process.arguments = [
            "--port", "0", "--database", database, "--heartbeat-ms", "\(heartbeatMilliseconds)", "--log-level", "debug",
        ]
        output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: logPath)
        try process.run()
        // The first line is `listening on PORT`, within a generous bound.
        let reader = output.fileHandleForReading
        let line = Locked<String?>(nil)
        let read = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            var bytes: [UInt8] = []
            while true {
                let data = reader.readData(ofLength: 1)
                if data.isEmpty || data.first == 0x0A { break }
                bytes.append(contentsOf: data)
            }
            line.withValue { $0 = String(decoding: bytes, as: UTF8.self) }
            read.signal()
        }
        guard read.wait(timeout: .now() + 60) == .success, let text = line.current,
            text.hasPrefix("listening on "), let port = Int(text.dropFirst("listening on ".count))
        else {
            process.terminate()
            throw TestFailure("the server did not start: \(line.current ?? "no line"); log: \(Self.read(logPath))")
        }
        self.port = port
    }

    /// What the server logged so far (its standard error).
    var log: String { Self.read(logPath) }

    private static func read(_ path: String) -> String {
        (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    func signal(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// The exit status once the process ends, or nil if it still runs after `bound`.
    func exitStatus(within bound: TimeInterval) -> Int32? {
        let deadline = Date().addingTimeInterval(bound)
        while process.isRunning {
            if Date() > deadline { return nil }
            usleep(10_000)
        }
        return process.terminationStatus
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    private static func executable() -> URL? {
        var directory = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("issue-server")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }
}

/// A value shared between threads.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withValue<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
    var current: Value { withValue { $0 } }
}

/// One TCP connection to 127.0.0.1 with blocking reads bounded by a timeout: a plain HTTP/1.1
/// client, enough for these tests (no curl).
final class Connection {
    private var fd: Int32
    private var buffer: [UInt8] = []
    private var closedByPeer = false

    init(port: Int) throws {
        #if canImport(Glibc) || canImport(Musl)
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw TestFailure("socket() failed: \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            systemClose(fd)
            throw TestFailure("connect to port \(port) failed: \(errno)")
        }
    }

    deinit { close() }

    /// Closes the connection: the client goes away.
    func close() {
        if fd >= 0 {
            systemClose(fd)
            fd = -1
        }
    }

    func send(_ text: String) throws {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let sent = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard sent > 0 else { throw TestFailure("write failed: \(errno)") }
            bytes = bytes.dropFirst(sent)
        }
    }

    /// Reads more bytes into the buffer; false at the end of the stream. Throws after
    /// `deadline`.
    private func fill(before deadline: Date) throws -> Bool {
        if closedByPeer { return false }
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
        guard poll(&descriptor, 1, milliseconds) > 0 else { throw TestFailure("timed out reading from the server") }
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
        if count <= 0 {
            closedByPeer = true
            return false
        }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }

    /// The bytes up to and including `delimiter`, or nil at the end of the stream.
    func read(through delimiter: [UInt8], before deadline: Date) throws -> [UInt8]? {
        while true {
            if let range = firstRange(of: delimiter) {
                let bytes = Array(buffer[..<range])
                buffer.removeFirst(range)
                return bytes
            }
            if try !fill(before: deadline) { return nil }
        }
    }

    func read(count: Int, before deadline: Date) throws -> [UInt8]? {
        while buffer.count < count {
            if try !fill(before: deadline) { return nil }
        }
        let bytes = Array(buffer[..<count])
        buffer.removeFirst(count)
        return bytes
    }

    /// Whether the server closed the connection before `deadline`, reading what remains.
    func readToEnd(before deadline: Date) throws -> [UInt8] {
        while try fill(before: deadline) {}
        defer { buffer = [] }
        return buffer
    }

    private func firstRange(of delimiter: [UInt8]) -> Int? {
        guard buffer.count >= delimiter.count else { return nil }
        for start in 0...(buffer.count - delimiter.count)
        where buffer[start..<(start + delimiter.count)].elementsEqual(delimiter) {
            return start + delimiter.count
        }
        return nil
    }
}

private func systemClose(_ fd: Int32) { _ = close(fd) }
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}

/// A response: status, headers (names lowercased) and body.
struct HTTPResult {
    var status: Int
    var headers: [String: String]
    var body: String
}

/// Reads a response head from `connection`.
private func readHead(_ connection: Connection, before deadline: Date) throws -> (Int, [String: String]) {
    guard let head = try connection.read(through: Array("\r\n\r\n".utf8), before: deadline) else {
        throw TestFailure("the server closed the connection before a response")
    }
    let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n").filter { !$0.isEmpty }
    guard let statusLine = lines.first, statusLine.hasPrefix("HTTP/1.1 "),
        let status = Int(statusLine.dropFirst(9).prefix(3))
    else { throw TestFailure("not an HTTP response: \(lines.first ?? "")") }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
        guard let colon = line.firstIndex(of: ":") else { continue }
        headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    return (status, headers)
}

/// Reads one chunk of a chunked body: its bytes, or nil for the last (empty) chunk.
private func readChunk(_ connection: Connection, before deadline: Date) throws -> [UInt8]? {
    guard let sizeLine = try connection.read(through: Array("\r\n".utf8), before: deadline),
        let size = Int(String(decoding: sizeLine.dropLast(2), as: UTF8.self), radix: 16)
    else { throw TestFailure("the chunked body ended without its last chunk") }
    guard let bytes = try connection.read(count: size + 2, before: deadline) else {
        throw TestFailure("the chunked body ended inside a chunk")
    }
    return size == 0 ? nil : Array(bytes.dropLast(2))
}

/// One request on a new connection (`Connection: close`), its whole response.
func request(
    _ method: String, _ path: String, port: Int, body: String? = nil, headers: [String: String] = [:],
    within bound: TimeInterval = 20
) throws -> HTTPResult {
    let deadline = Date().addingTimeInterval(bound)
    let connection = try Connection(port: port)
    var text = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
    for (name, value) in headers { text += "\(name): \(value)\r\n" }
    if let body {
        text += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
    } else {
        text += "\r\n"
    }
    try connection.send(text)
    return try readResponse(connection, before: deadline)
}

/// Reads a whole response from `connection`.
func readResponse(_ connection: Connection, before deadline: Date) throws -> HTTPResult {
    let (status, responseHeaders) = try readHead(connection, before: deadline)
    var bytes: [UInt8] = []
    if responseHeaders["transfer-encoding"] == "chunked" {
        while let chunk = try readChunk(connection, before: deadline) { bytes += chunk }
    } else if let length = responseHeaders["content-length"].flatMap(Int.init) {
        bytes = try connection.read(count: length, before: deadline) ?? []
    } else {
        bytes = try connection.readToEnd(before: deadline)
    }
    return HTTPResult(status: status, headers: responseHeaders, body: String(decoding: bytes, as: UTF8.self))
}

/// An open `GET /events` stream, read event by event.
final class EventStream {
    private let connection: Connection
    private var pending = ""
    /// Whether the server ended the stream (its last chunk, or the connection closed).
    private(set) var ended = false

    init(port: Int) throws {
        connection = try Connection(port: port)
        try connection.send("GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
        let (status, headers) = try readHead(connection, before: Date().addingTimeInterval(20))
        guard status == 200, headers["content-type"] == "text/event-stream" else {
            throw TestFailure("GET /events answered \(status) \(headers)")
        }
    }

    /// The next event's lines (`event: …`, `data: …`), skipping `: ping` comments; nil once
    /// the stream ended.
    func nextEvent(within bound: TimeInterval = 20) throws -> String? {
        let deadline = Date().addingTimeInterval(bound)
        while true {
            if let range = pending.range(of: "\n\n") {
                let block = String(pending[..<range.lowerBound])
                pending.removeSubrange(..<range.upperBound)
                if block.hasPrefix(":") { continue }
                return block
            }
            if ended { return nil }
            if let chunk = try readChunk(connection, before: deadline) {
                pending += String(decoding: chunk, as: UTF8.self)
            } else {
                ended = true
            }
        }
    }

    /// Reads (and drops) events until the stream ends; throws when it does not end before
    /// `bound`.
    func waitForEnd(within bound: TimeInterval) throws {
        let deadline = Date().addingTimeInterval(bound)
        while try nextEvent(within: max(0.01, deadline.timeIntervalSinceNow)) != nil {}
    }

    /// The client goes away.
    func disconnect() { connection.close() }
}

/// Polls `condition` every 20 ms until it holds; fails after `bound`.
func eventually(within bound: TimeInterval = 10, _ what: String, _ condition: () throws -> Bool) throws {
    let deadline = Date().addingTimeInterval(bound)
    while try !condition() {
        if Date() > deadline { throw TestFailure("timed out waiting for \(what)") }
        usleep(20_000)
    }
}

/// A response body with the value of every `"createdAt"` and `"updatedAt"` replaced by
/// `"T"`, so that it compares exactly, and the values it held, in order.
struct Stamped {
    var masked: String
    var created: [String] = []
    var updated: [String] = []

    init(_ body: String) {
        var created: [String] = []
        var updated: [String] = []
        masked = body.replacing(/"(createdAt|updatedAt)":"([^"]*)"/) { match in
            if match.output.1 == "createdAt" {
                created.append(String(match.output.2))
            } else {
                updated.append(String(match.output.2))
            }
            return "\"\(match.output.1)\":\"T\""
        }
        self.created = created
        self.updated = updated
    }

    /// Whether every value is an ISO 8601 date in UTC to the millisecond, within the last
    /// `seconds` seconds.
    func areRecent(within seconds: TimeInterval = 600) -> Bool {
        let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        return (created + updated).allSatisfy { text in
            text.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/) != nil
                && (try? style.parse(text)).map { abs($0.timeIntervalSinceNow) < seconds } == true
        }
    }
}

/// The lines of a server log at `level` (swift-log's stream format: `TIME LEVEL LABEL: …`)
/// that contain `text`.
func logLines(_ log: String, level: String, containing text: String) -> [Substring] {
    log.split(separator: "\n").filter { line in
        line.contains(text) && line.split(separator: " ", maxSplits: 2).dropFirst().first == Substring(level)
    }
}
