import Foundation
import Testing

/// The PostgreSQL server the tests run against.
///
/// `SLATE_POSTGRES_URL` (`postgres://user@host:port/database`) names one; without it, the
/// first test that asks starts a throwaway cluster with `Scripts/postgres.sh` (initdb in a
/// temporary directory, 127.0.0.1 on a free port, stopped when the test process exits).
/// When neither works, the tests are skipped with `skipReason`, which says how to run them
/// (`@Suite(.enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipReason))`).
/// Each suite should create a database of its own (`CREATE DATABASE`) so that suites
/// running at once never see each other's tables.
/// `SLATE_POSTGRES_REPLICA_URL` names a hot standby of that server, for the replica tests
/// (`Scripts/test-postgres.sh` starts one).
public enum PostgresTestServer {
    /// The server's URL, or nil when there is none (see `skipReason`).
    public static var url: String? { state.url }

    /// A hot standby of `url`'s server, when one was named.
    public static var replicaURL: String? {
        ProcessInfo.processInfo.environment["SLATE_POSTGRES_REPLICA_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Why there is no server, said so that the reader can run the tests.
    public static var skipReason: Comment {
        Comment(
            rawValue: "no PostgreSQL server: \(state.problem ?? "unknown"). "
                + "Run `Scripts/test-postgres.sh`, or set SLATE_POSTGRES_URL=postgres://user@host:port/database")
    }

    /// Whether there is a server to test against.
    public static var isAvailable: Bool { state.url != nil }

    private struct State: Sendable {
        var url: String?
        var problem: String?
    }

    private static let state: State = {
        if let url = ProcessInfo.processInfo.environment["SLATE_POSTGRES_URL"], !url.isEmpty {
            return State(url: url, problem: nil)
        }
        return startThrowawayCluster()
    }()

    /// The repository's root, from this file's place in it.
    public static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private static func startThrowawayCluster() -> State {
        let script = repositoryRoot.appendingPathComponent("Scripts/postgres.sh").path
        stopOrphanedClusters(script: script)
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("slate-postgres-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        let port = freePort()
        let result = run("/bin/bash", [script, "start", directory, String(port)])
        guard result.status == 0 else {
            return State(url: nil, problem: "could not start a throwaway cluster (\(result.output))")
        }
        throwawayClusterDirectory = strdup(directory)
        throwawayClusterScript = strdup(script)
        atexit { stopThrowawayCluster() }
        return State(url: result.output.trimmingCharacters(in: .whitespacesAndNewlines), problem: nil)
    }

    /// Stops and removes the throwaway clusters of test processes that are gone: a process
    /// killed (SIGKILL, a crash) never runs its `atexit`, and its server would otherwise run
    /// on, holding a port and memory, until the machine stops.
    public static func stopOrphanedClusters(
        script: String = repositoryRoot.appendingPathComponent("Scripts/postgres.sh").path
    ) {
        let temporary = FileManager.default.temporaryDirectory
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        for entry in entries where entry.hasPrefix("slate-postgres-") {
            // slate-postgres-<pid>-<random>
            let parts = entry.split(separator: "-")
            guard parts.count == 4, let owner = pid_t(parts[2]), owner > 0 else { continue }
            guard kill(owner, 0) == -1, errno == ESRCH else { continue }
            let directory = temporary.appendingPathComponent(entry).path
            _ = run("/bin/bash", [script, "stop", directory])
            _ = run("/bin/rm", ["-rf", directory])
        }
    }

    /// A TCP port on 127.0.0.1 that nothing listens on now.
    public static func freePort() -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(descriptor, generic, length) == 0 && getsockname(descriptor, generic, &length) == 0
            }
        }
        return bound ? Int(UInt16(bigEndian: address.sin_port)) : 55_432
    }

    /// Runs an executable (a path) to its end; its status, and its standard output and error together.
    ///
    /// `posix_spawn` and `waitpid`, not `Process`: this runs inside the lazy initializer of the
    /// server's URL, which Swift Testing may evaluate where Foundation's child reaping never
    /// runs (`Process.waitUntilExit` was seen to wait for ever on a finished child there).
    public static func run(_ program: String, _ arguments: [String]) -> (status: Int32, output: String) {
        let outputPath = FileManager.default.temporaryDirectory
            .appendingPathComponent("slate-run-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).log").path
        defer { unlink(outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, program, &actions, nil, argv, environ)
        guard spawned == 0 else { return (-1, "cannot run \(program): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        let exited = status & 0x7f == 0
        return (exited ? (status >> 8) & 0xff : 128 + (status & 0x7f), output)
    }
}

// The throwaway cluster, stopped as the test process exits (written once, before any test
// reads the server's URL).
nonisolated(unsafe) private var throwawayClusterDirectory: UnsafeMutablePointer<CChar>?
nonisolated(unsafe) private var throwawayClusterScript: UnsafeMutablePointer<CChar>?

private func stopThrowawayCluster() {
    guard let directory = throwawayClusterDirectory, let script = throwawayClusterScript else { return }
    _ = PostgresTestServer.run("/bin/bash", [String(cString: script), "stop", String(cString: directory)])
    _ = PostgresTestServer.run("/bin/rm", ["-rf", String(cString: directory)])
}
