import Foundation
import SlateTestSupport
import Testing

/// The test harness's throwaway clusters: one left by a test process that was killed (no
/// `atexit` ran) is stopped and removed by the next process that starts one.
@Suite(.enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipReason))
struct PostgresTestServerTests {
    @Test func aKilledProcessesClusterIsStoppedByTheNext() throws {
        // The pid of a process that has ended.
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        let dead = finished.processIdentifier
        #expect(kill(dead, 0) == -1 && errno == ESRCH)
        let script = PostgresTestServer.repositoryRoot.appendingPathComponent("Scripts/postgres.sh").path
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("slate-postgres-\(dead)-7").path
        let port = PostgresTestServer.freePort()
        let started = PostgresTestServer.run("/bin/bash", [script, "start", directory, String(port)])
        try #require(started.status == 0, "\(started.output)")
        #expect(listening(on: port))
        // A live process's cluster is left alone.
        let live = FileManager.default.temporaryDirectory.appendingPathComponent("slate-postgres-\(getpid())-8").path
        try FileManager.default.createDirectory(atPath: live, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: live) }

        PostgresTestServer.stopOrphanedClusters()

        #expect(!FileManager.default.fileExists(atPath: directory))
        #expect(!listening(on: port))
        #expect(FileManager.default.fileExists(atPath: live))
    }

    private func listening(on port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}
