#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A value only reachable with its lock held: ``withLock(_:)`` is the one way to it, so
/// that the compiler, not a comment, says which state a lock guards.
///
/// A pthread mutex rather than `Synchronization.Mutex`, which needs macOS 15 / iOS 18.
/// Sendable whatever `State` is: what is inside crosses threads only through
/// ``withLock(_:)``, one thread at a time; a non-Sendable value taken out of it (a
/// connection handed to the one caller it was granted to) is the caller's to keep to
/// itself.
package final class LockedBox<State>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var state: State

    package init(_ state: State) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        self.state = state
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` on the state with the lock held. Don't call back into the same box from
    /// `body` (the lock is not recursive), and don't block in it.
    @inline(__always)
    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state)
    }
}
