// The issue tracker's server:
//
//     issue-server [--host 127.0.0.1] [--port 8080] [--database issues.sqlite]
//                  [--heartbeat-ms 15000] [--log-level info]
//
// `--port 0` lets the system choose; the server prints `listening on PORT` once it accepts
// connections. SIGTERM or SIGINT shut it down gracefully; it exits with status 0.
import Foundation
import IssueTracker
import Logging

func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

func usage(_ message: String) -> Never {
    printError("issue-server: \(message)")
    printError("usage: issue-server [--host H] [--port N] [--database PATH] [--heartbeat-ms N] [--log-level LEVEL]")
    exit(2)
}

var options = IssueServerOptions()
var arguments = CommandLine.arguments.dropFirst()
while let flag = arguments.popFirst() {
    guard let value = arguments.popFirst() else { usage("\(flag) needs a value") }
    switch flag {
    case "--host": options.host = value
    case "--port":
        guard let port = Int(value), (0...65535).contains(port) else { usage("--port must be 0...65535, not \(value)") }
        options.port = port
    case "--database": options.databasePath = value
    case "--heartbeat-ms":
        guard let milliseconds = Int(value), milliseconds > 0 else {
            usage("--heartbeat-ms must be positive, not \(value)")
        }
        options.heartbeat = .milliseconds(milliseconds)
    case "--log-level":
        guard let level = Logger.Level(rawValue: value) else {
            usage("--log-level must be one of trace, debug, info, notice, warning, error, critical")
        }
        options.logLevel = level
    default: usage("unknown option \(flag)")
    }
}

LoggingSystem.bootstrap { label in StreamLogHandler.standardError(label: label) }
do {
    // Written unbuffered: a parent process (the tests) waits for this line.
    try await runIssueServer(options) { port in FileHandle.standardOutput.write(Data("listening on \(port)\n".utf8)) }
} catch {
    printError("issue-server: \(error)")
    exit(1)
}
