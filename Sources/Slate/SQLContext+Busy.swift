#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension SQLContext {
    /// Runs `body`, trying again while it fails with `SQLITE_BUSY` or `SQLITE_LOCKED`,
    /// until ``busyTimeout`` has passed: for the statements SQLite does not wait on its busy
    /// handler for. `PRAGMA journal_mode = WAL` is one: it needs the exclusive lock, and
    /// fails at once while another process is opening the same new file.
    func retryingWhileBusy<T>(_ body: () throws -> T) throws -> T {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: busyTimeout)
        var pause: UInt32 = 1_000
        while true {
            do {
                return try body()
            } catch let error as SQLError where error.primaryCode == .busy || error.primaryCode == .locked {
                if clock.now >= deadline { throw error }
                usleep(pause)
                pause = min(pause * 2, 50_000)
            }
        }
    }
}
