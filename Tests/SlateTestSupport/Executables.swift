import Foundation

/// Executables built beside the test bundle (`slate`, `slate-test-child`), and running
/// processes to completion.
public enum Executables {
    /// What a finished process left: its exit status and what it wrote.
    public struct Result: Sendable {
        /// The exit status.
        public var status: Int32
        /// Standard output.
        public var output: String
        /// Standard error.
        public var errors: String
    }

    /// The executable called `name` in the build directory, if it was built.
    public static func url(_ name: String) -> URL? {
        var directory = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }

    /// Runs `executable` with `arguments` and waits for it to end.
    public static func run(_ executable: URL, _ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
            errors: String(decoding: errorData, as: UTF8.self))
    }

    /// Starts `executable` once for each argument list, all before waiting for any (so
    /// that they race), then waits for each; results in the order given. Standard error
    /// is merged into the output.
    public static func runTogether(_ executable: URL, _ argumentLists: [[String]]) throws -> [Result] {
        var running: [(Process, Pipe)] = []
        for arguments in argumentLists {
            let process = Process()
            process.executableURL = executable
            process.arguments = arguments
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            running.append((process, output))
        }
        for (process, _) in running { try process.run() }
        return running.map { process, output in
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self), errors: "")
        }
    }
}
