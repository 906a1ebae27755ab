import SlateCSQLite

/// The work one run of a statement has done, for the statement limits: kept by the
/// statement, started over when it starts from the beginning.
final class StatementBudget {
    /// Virtual-machine instructions, counted in the progress handler's blocks.
    var instructions = 0
    /// Time spent inside SQLite for this run.
    var elapsed: Duration = .zero
    /// When the time was last added up: the start of the current step, or the last call
    /// of the progress handler.
    var lastTick = ContinuousClock.now
}

/// A connection's bounds on each statement's work
/// (``SQLContext/Configuration/maximumStatementInstructions`` and
/// ``SQLContext/Configuration/maximumStatementDuration``), enforced by SQLite's progress
/// handler, which calls ``spend()`` every ``period`` instructions.
final class StatementLimits {
    let maximumInstructions: Int?
    let maximumDuration: Duration?
    let maximumPreparationMemory: Int?
    /// How many instructions SQLite runs between two calls of the progress handler.
    let period: Int32
    /// The budget the work goes to: the statement stepping, or the SQL being prepared.
    var active: StatementBudget?
    /// Why the handler stopped a statement, until the error for it is made.
    private var exceeded: String?
    /// The budget of statements being prepared (SQLite may read the schema then).
    private let preparing = StatementBudget()

    init(maximumInstructions: Int?, maximumDuration: Duration?, maximumPreparationMemory: Int? = nil) {
        self.maximumInstructions = maximumInstructions
        self.maximumDuration = maximumDuration
        self.maximumPreparationMemory = maximumPreparationMemory
        period = Int32(min(1000, maximumInstructions ?? 1000))
    }

    /// Spends a block of instructions and the time since the last call from the active
    /// budget; true when it is over a limit and the statement must stop.
    func spend() -> Bool {
        guard let budget = active else { return false }
        if let maximumInstructions {
            budget.instructions += Int(period)
            if budget.instructions > maximumInstructions {
                return stop(
                    "the statement ran past its limit of \(maximumInstructions) virtual-machine instructions (SQLContext.Configuration.maximumStatementInstructions) and was stopped"
                )
            }
        }
        if let maximumDuration {
            let now = ContinuousClock.now
            budget.elapsed += now - budget.lastTick
            budget.lastTick = now
            if budget.elapsed > maximumDuration {
                return stop(
                    "the statement ran longer than its limit of \(maximumDuration) (SQLContext.Configuration.maximumStatementDuration) and was stopped"
                )
            }
        }
        return false
    }

    private func stop(_ reason: String) -> Bool {
        exceeded = reason
        // Nothing else is charged to a stopped statement.
        active = nil
        return true
    }

    /// The reason the handler stopped the last statement, once: for the message of the
    /// `SQLITE_INTERRUPT` error that follows.
    func takeExceeded() -> String? {
        defer { exceeded = nil }
        return exceeded
    }

    /// Work from now on goes to a statement being prepared, with a budget of its own.
    func beginPreparing() {
        preparing.instructions = 0
        preparing.elapsed = .zero
        preparing.lastTick = .now
        exceeded = nil
        active = preparing
    }
}

extension SQLConnection {
    /// Runs `prepare` (a `sqlite3_prepare` call) within the preparation budget of a
    /// connection with statement limits (see ``PreparationBudget``); returns its result
    /// code, and the error to throw instead when the budget stopped it.
    func preparingWithinBudget(_ sql: @autoclosure () -> String, _ prepare: () -> Int32) -> (Int32, SQLError?) {
        guard hasStatementLimits, let limits = statementLimits else { return (prepare(), nil) }
        let (code, exceeded) = PreparationBudget.run(
            duration: limits.maximumDuration, bytes: limits.maximumPreparationMemory, prepare)
        guard code != SQLITE_OK else { return (code, nil) }
        guard let exceeded else {
            // SQLite reports a program longer than `SQLITE_LIMIT_VDBE_OP` as running out of
            // memory: say which it may be.
            guard code & 0xFF == SQLITE_NOMEM, let db else { return (code, nil) }
            let operations = sqlite3_limit(db, SQLITE_LIMIT_VDBE_OP, -1)
            return (
                code,
                SQLError(
                    code: .noMemory,
                    message:
                        "preparing the statement ran out of memory, or made a program longer than the limit of \(operations) virtual-machine instructions (SQLContext.Limit.vdbeOperations)",
                    sql: sql())
            )
        }
        let reason: String
        switch exceeded {
        case .time:
            reason =
                "took longer than its limit of \(limits.maximumDuration!) (SQLContext.Configuration.maximumStatementDuration)"
        case .memory:
            reason =
                "allocated more than its limit of \(limits.maximumPreparationMemory!) bytes (SQLContext.Configuration.maximumPreparationMemory)"
        }
        return (
            code,
            SQLError(
                code: .interrupt,
                message:
                    "preparing the statement \(reason) and was stopped; the views or triggers it reads expand too far",
                sql: sql())
        )
    }

    /// Before each step of `statement` (whose `handle` is given) on a connection with
    /// statement limits: its work from now on goes to its own budget, started over when
    /// the statement starts from the beginning (`sqlite3_stmt_busy` is 0).
    ///
    /// The time between steps (the caller's, reading rows) is not counted.
    @usableFromInline
    func statementWillStep(_ statement: SQLStatement, _ handle: OpaquePointer) {
        guard let limits = statementLimits else { return }
        let budget: StatementBudget
        if let existing = statement.budget {
            budget = existing
        } else {
            budget = StatementBudget()
            statement.budget = budget
        }
        if sqlite3_stmt_busy(handle) == 0 {
            budget.instructions = 0
            budget.elapsed = .zero
        }
        if limits.maximumDuration != nil { budget.lastTick = .now }
        _ = limits.takeExceeded()
        limits.active = budget
    }
}

extension SQLContext {
    /// Installs the progress handler that bounds each statement's work, when either bound
    /// is set; a connection without bounds has no handler, and its steps test one byte.
    func installStatementLimits(instructions: Int?, duration: Duration?, preparationMemory: Int? = nil) throws {
        if let instructions, instructions <= 0 {
            throw SQLError(
                code: .misuse, message: "maximumStatementInstructions must be positive or nil, not \(instructions)")
        }
        if let duration, duration <= .zero {
            throw SQLError(code: .misuse, message: "maximumStatementDuration must be positive or nil, not \(duration)")
        }
        if let preparationMemory, preparationMemory <= 0 {
            throw SQLError(
                code: .misuse, message: "maximumPreparationMemory must be positive or nil, not \(preparationMemory)")
        }
        guard instructions != nil || duration != nil || preparationMemory != nil, let db = connection.db else { return }
        let limits = StatementLimits(
            maximumInstructions: instructions, maximumDuration: duration, maximumPreparationMemory: preparationMemory)
        // The connection keeps the limits alive for as long as the handle can call them.
        connection.statementLimits = limits
        connection.hasStatementLimits = true
        sqlite3_progress_handler(
            db, limits.period,
            { box in
                guard let box else { return 0 }
                return Unmanaged<StatementLimits>.fromOpaque(box).takeUnretainedValue().spend() ? 1 : 0
            }, Unmanaged.passUnretained(limits).toOpaque())
    }
}
