import Dispatch
import SlateCSQLite

/// Notices commits made by other connections to the pool's file — other processes, other
/// pools, plain contexts — which the writer's hooks cannot see, with SQLite's
/// `PRAGMA data_version`: on one connection, its value changes when another connection
/// committed since it was last read.
///
/// Two connections are read:
/// - a probe, a read-only handle of the watcher's own, every `interval` while someone
///   observes (no lease: it holds neither the writer nor a reader, and in WAL mode reading
///   the version takes no lock a writer or reader waits for). It sees every commit, the
///   pool's own included;
/// - the writer, at the start and end of each write lease while polling, whose version
///   changes only for the commits of others.
///
/// So the pool's own commits are told once (by the writer's hooks): a write lease reads the
/// writer's version and then the probe as it starts (what changed since the last tick is
/// someone else's), and the probe and then the writer again as it ends (the probe taking in
/// the lease's own commits), ticks skip while a write lease runs, and what others committed
/// during the lease shows in the writer's version. A commit of another process between the
/// two reads at either end may be told twice (by the probe and by the writer); never missed.
final class ExternalCommitWatcher: Sendable {
    /// What the watcher's lock guards.
    private struct State {
        /// The probe's handle while polling.
        var probe: OpaquePointer?
        /// The probe's last `data_version`; nil while polling when no read succeeded yet.
        var probeVersion: Int64?
        var timer: (any DispatchSourceTimer)?
        /// Write leases under way (at most one: the pool has one writer).
        var writesInProgress = 0
        var isClosed = false
        /// How many times the probe was read by a tick (for tests).
        var tickCount = 0
        /// Told of each commit of another connection; set once, by the registry that owns
        /// the watcher, before anyone observes (so before polling starts).
        var onExternalCommit: (@Sendable () -> Void)?
        /// Runs between the two reads a write lease makes as it begins (for tests: a commit
        /// of another connection landing there).
        var betweenWriteBeginReads: (@Sendable () -> Void)?

        /// Reads the probe's version; whether it changed since the last read. A version
        /// read after none could be (the first read failed: another connection held the
        /// file's exclusive lock as polling started) counts as a change: a commit may have
        /// landed before it, and it is no baseline to compare the next one with.
        mutating func takeProbeVersion(_ probe: OpaquePointer) -> Bool {
            guard let version = ExternalCommitWatcher.dataVersion(probe) else { return false }
            defer { probeVersion = version }
            return probeVersion != version
        }

        /// Stops the timer and closes the probe.
        mutating func stopPolling(_ timer: any DispatchSourceTimer) {
            timer.cancel()
            self.timer = nil
            if let probe { sqlite3_close_v2(probe) }
            probe = nil
            probeVersion = nil
        }
    }

    private let state = LockedBox(State())
    private let path: String
    private let vfs: String?
    private let interval: Duration
    private let queue = DispatchQueue(label: "Slate.SQLPool.externalChanges")

    init(path: String, vfs: String?, interval: Duration) {
        self.path = path
        self.vfs = vfs
        self.interval = interval
    }

    /// Whom to tell of another connection's commit (see `State.onExternalCommit`).
    var onExternalCommit: (@Sendable () -> Void)? {
        get { state.withLock { $0.onExternalCommit } }
        set { state.withLock { $0.onExternalCommit = newValue } }
    }

    /// Whether the probe is polling now.
    var isPolling: Bool { state.withLock { $0.timer != nil } }

    var ticks: Int { state.withLock { $0.tickCount } }

    /// Write leases under way now (for tests).
    var writesUnderWay: Int { state.withLock { $0.writesInProgress } }

    /// See `State.betweenWriteBeginReads`.
    var betweenWriteBeginReads: (@Sendable () -> Void)? {
        get { state.withLock { $0.betweenWriteBeginReads } }
        set { state.withLock { $0.betweenWriteBeginReads = newValue } }
    }

    /// Starts polling when `active` and not polling, stops when not `active`. Called with
    /// the registry's lock held, so that the last word on activity wins. The first version
    /// is read before this returns, so a commit made after an observation starts is never
    /// taken for the state it started from.
    func setActive(_ active: Bool) {
        state.withLock { state in
            if active, state.timer == nil, !state.isClosed {
                var handle: OpaquePointer?
                let flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX
                guard sqlite3_open_v2(path, &handle, flags, vfs) == SQLITE_OK, let handle else {
                    // No probe (the file went away): no polling; the writer's hooks still tell.
                    if let handle { sqlite3_close_v2(handle) }
                    return
                }
                state.probe = handle
                state.probeVersion = Self.dataVersion(handle)
                let timer = DispatchSource.makeTimerSource(queue: queue)
                let nanoseconds = Self.nanoseconds(interval)
                timer.schedule(
                    deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds),
                    leeway: .nanoseconds(max(1_000_000, nanoseconds / 10)))
                timer.setEventHandler { [weak self] in self?.tick() }
                timer.resume()
                state.timer = timer
            } else if !active, let timer = state.timer {
                state.stopPolling(timer)
            }
        }
    }

    /// The pool closed: polling ends for good.
    func close() {
        state.withLock { state in
            state.isClosed = true
            if let timer = state.timer { state.stopPolling(timer) }
        }
    }

    private func tick() {
        let tell: (@Sendable () -> Void)? = state.withLock { state in
            guard let probe = state.probe, state.writesInProgress == 0 else { return nil }
            state.tickCount += 1
            return state.takeProbeVersion(probe) ? state.onExternalCommit : nil
        }
        tell?()
    }

    /// What a write lease keeps between its start and end: the writer's version at its start,
    /// nil when the pool was not polling then.
    struct WriteLease {
        var writerVersion: Int64?
    }

    /// A write lease starts (the writer is held). What the probe saw change since the last
    /// tick was another connection's commit.
    ///
    /// The writer's version is read first, then the probe's: a commit landing between the
    /// two reads is in the probe's change (told now) and after the writer's starting version
    /// (told again as the lease ends), so told twice at worst. The other order loses it: the
    /// writer's starting version would include it, and the probe, read before it landed,
    /// would take it in only as the lease ends, as if it were one of the lease's own.
    func writeWillBegin(_ writer: SQLContext) -> WriteLease {
        let (polling, hook) = state.withLock { state in
            state.writesInProgress += 1
            return (state.probe != nil, state.betweenWriteBeginReads)
        }
        // Not polling (the common case: nobody observes): one lock, nothing read.
        guard polling, let db = writer.connection.db else { return WriteLease(writerVersion: nil) }
        let writerVersion = Self.quietDataVersion(db, writer)
        hook?()
        let tell: (@Sendable () -> Void)? = state.withLock { state in
            guard let probe = state.probe else { return nil }
            return state.takeProbeVersion(probe) ? state.onExternalCommit : nil
        }
        tell?()
        return WriteLease(writerVersion: writerVersion)
    }

    /// A write lease ends (the writer still held, its transaction over). The probe takes in
    /// the lease's own commits; the writer's version tells whether another connection
    /// committed during the lease. A lease that began before polling did cannot tell the two
    /// apart, and tells a change it may have made itself (once, as polling starts).
    func writeDidEnd(_ writer: SQLContext, _ lease: WriteLease) {
        if lease.writerVersion == nil {
            // Not polling as the lease began (the common case: nobody observes): one lock.
            let tell: (@Sendable () -> Void)? = state.withLock { state in
                state.writesInProgress -= 1
                guard let probe = state.probe else { return nil }
                return state.takeProbeVersion(probe) ? state.onExternalCommit : nil
            }
            tell?()
            return
        }
        let (probeChanged, tell): (Bool, (@Sendable () -> Void)?) = state.withLock { state in
            guard let probe = state.probe else { return (false, state.onExternalCommit) }
            return (state.takeProbeVersion(probe), state.onExternalCommit)
        }
        var external = false
        if let before = lease.writerVersion, let db = writer.connection.db {
            external = Self.quietDataVersion(db, writer).map { $0 != before } ?? probeChanged
        }
        state.withLock { $0.writesInProgress -= 1 }
        if external { tell?() }
    }

    /// `PRAGMA data_version` on `db`, nil on an error.
    static func dataVersion(_ db: OpaquePointer) -> Int64? {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, "PRAGMA data_version", -1, &statement, nil) == SQLITE_OK, let statement else {
            return nil
        }
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW else { return nil }
        return sqlite3_column_int64(statement, 0)
    }

    /// ``dataVersion(_:)`` on the writer, kept out of its log.
    private static func quietDataVersion(_ db: OpaquePointer, _ writer: SQLContext) -> Int64? {
        writer.connection.isQuiet = true
        defer { writer.connection.isQuiet = false }
        return dataVersion(db)
    }

    private static func nanoseconds(_ duration: Duration) -> Int {
        Int(clamping: max(1_000_000, duration.clampedCount(unitsPerSecond: 1_000_000_000)))
    }
}
