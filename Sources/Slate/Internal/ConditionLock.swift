#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A mutex with a condition variable, for the few places that share state across threads
/// (closing versus interrupting a connection, the pool's bookkeeping).
///
/// A pthread mutex rather than `Synchronization.Mutex`, which needs macOS 15 / iOS 18.
package final class ConditionLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    package init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    package func lock() { pthread_mutex_lock(mutex) }
    package func unlock() { pthread_mutex_unlock(mutex) }

    /// Waits for a signal; call with the lock held. Wakes up spuriously at times: loop on
    /// the condition you wait for.
    package func wait() { pthread_cond_wait(condition, mutex) }

    /// Waits for a signal or until `deadline`, whichever comes first; call with the lock
    /// held. Like ``wait()``, it may wake up early: loop on the condition and the clock.
    package func wait(until deadline: ContinuousClock.Instant) {
        let remaining = ContinuousClock.now.duration(to: deadline)
        guard remaining > .zero else { return }
        // At most a year at a time (callers loop on the clock): a deadline far away ("for
        // ever") must not overflow the realtime clock's seconds.
        let (seconds, attoseconds) = min(remaining, .seconds(31_536_000)).components
        // The condition variable measures time on the realtime clock.
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var nanoseconds = Int64(now.tv_nsec) + attoseconds / 1_000_000_000
        var wholeSeconds = Int64(now.tv_sec) + seconds
        if nanoseconds >= 1_000_000_000 {
            wholeSeconds += 1
            nanoseconds -= 1_000_000_000
        }
        var until = timespec()
        until.tv_sec = .init(wholeSeconds)
        until.tv_nsec = .init(nanoseconds)
        _ = pthread_cond_timedwait(condition, mutex, &until)
    }

    /// Wakes every waiter; call with the lock held.
    package func broadcast() { pthread_cond_broadcast(condition) }

    /// Runs `body` with the lock held.
    @inline(__always)
    package func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}
