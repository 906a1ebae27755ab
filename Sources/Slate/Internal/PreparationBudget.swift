import SlateCBudget
import SlateCSQLite

/// The bound on the work of preparing one statement, for connections with statement limits.
///
/// SQLite does not call the progress handler while it prepares a statement, and preparing
/// is where a schema's views are expanded: a file whose views each read the view below
/// twice, fifteen levels deep, makes one `SELECT` expand to 32,768 copies, for seconds and
/// hundreds of megabytes before SQLite gives up. Neither `sqlite3_interrupt` (not checked
/// there), the authorizer (an error it reports does not stop the expansion) nor the
/// `SQLITE_LIMIT_VDBE_OP` limit (checked only once code generation starts, after the
/// expansion) stops it. But SQLite allocates all along: Slate wraps SQLite's allocator, and
/// the allocations of a prepare past its deadline or its memory fail, so SQLite unwinds
/// with `SQLITE_NOMEM`, as from any failed allocation, and the connection stays usable.
///
/// The wrapper must be installed before SQLite initializes: a constructor in `SlateCBudget`
/// installs it as the program loads, and Slate tries again before it opens a connection.
/// If SQLite was initialized before (another library's constructor), it cannot be
/// installed, and prepares are bounded only by SQLite's own limits (``isInstalled``
/// tells).
enum PreparationBudget {
    /// Whether SQLite's allocator is wrapped. Evaluated once, before Slate's first
    /// connection opens.
    static let isInstalled: Bool = slate_budget_install() != 0

    /// Why a prepare was stopped.
    enum Exceeded {
        case time
        case memory
    }

    /// Runs `prepare` (a `sqlite3_prepare` call) within `duration` and `bytes` of
    /// allocations, either of them nil for no bound; returns its result, and why it was
    /// stopped if it was.
    static func run(duration: Duration?, bytes: Int?, _ prepare: () -> Int32) -> (Int32, Exceeded?) {
        guard isInstalled, duration != nil || bytes != nil else { return (prepare(), nil) }
        var nanoseconds: Int64 = 0
        if let duration {
            let (seconds, attoseconds) = duration.components
            nanoseconds = max(
                1,
                seconds.multipliedReportingOverflow(by: 1_000_000_000).overflow
                    ? Int64.max / 2 : seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
        }
        slate_budget_begin(nanoseconds, Int64(bytes ?? -1))
        let code = prepare()
        switch slate_budget_end() {
        case 1: return (code, .time)
        case 2: return (code, .memory)
        default: return (code, nil)
        }
    }
}
