import Foundation
import Slate
import SlateTestSupport
import Testing

/// Issue 30, section 1, attacked from outside: the connection-layer changes tried the
/// way a GRDB user porting code, or someone feeding odd input, would try them.
@Suite struct Review30ConnectionAdversaryTests {
    private func context(_ sql: String = "CREATE TABLE t (a, b)") throws -> SQLContext {
        let ctx = try SQLContext()
        try ctx.exec(sql: sql)
        return ctx
    }

    // MARK: Named values in a script

    @Test func aScriptGivenOneNameTwiceWithAndWithoutPrefixIsRefused() throws {
        let ctx = try context("CREATE TABLE t (a)")
        defer { ctx.close() }
        // `exec` refuses `a` and `:a` together; a script must not pick one of the two.
        expectSQLError(.misuse, "parameter :a of statement 1 of the script is given twice, as :a and as a") {
            try ctx.statements(sql: "INSERT INTO t VALUES (:a)", parameters: ["a": 1, ":a": 2]).forEach {
                try $0.update()
            }
        }
        expectSQLError(.misuse, "parameter $a of statement 2 of the script is given twice, as $a and as a") {
            try ctx.statements(
                sql: "INSERT INTO t VALUES (:b); INSERT INTO t VALUES ($a)", parameters: ["a": 1, "$a": 2, "b": 0]
            )
            .forEach { try $0.update() }
        }
        // Only the first statement ran.
        #expect(try ctx.query(sql: "SELECT a FROM t") == [[0]])
        // Another prefix than the statement's is not the same name.
        expectSQLError(.range, "no value given for parameter :a of statement 1 of the script") {
            try ctx.statements(sql: "INSERT INTO t VALUES (:a)", parameters: ["@a": 2]).forEach { try $0.update() }
        }
    }

    @Test func aScriptsStatementsRebindPerStatementAndKeepNothingOfTheLastRun() throws {
        let ctx = try context("CREATE TABLE t (a, b)")
        defer { ctx.close() }
        // Statement 2 uses a name statement 1 used, and one of its own; each statement
        // is its own, so nothing leaks from one to the next.
        try ctx.statements(
            sql: """
                INSERT INTO t VALUES (:a, 1);
                -- comment only
                ;;
                INSERT INTO t VALUES (:a, :b); /* trailing */ ;
                """, parameters: ["a": "x", "b": "y"]
        ).forEach { try $0.update() }
        #expect(try ctx.query(sql: "SELECT a, b FROM t ORDER BY rowid") == [["x", 1], ["x", "y"]])
        // Empty scripts and comment-only scripts have no statements, and leftover values throw.
        #expect(try ctx.statements(sql: "").next() == nil)
        #expect(try ctx.statements(sql: "  -- nothing\n/* nothing */ ;").next() == nil)
        expectSQLError(.misuse, "1 value was given but the script's 0 statements took 0") {
            _ = try ctx.statements(sql: "-- nothing", parameters: [1]).next()
        }
    }

    @Test func aScriptSeesTheSchemaItsEarlierStatementsMade() throws {
        let ctx = try SQLContext()
        defer { ctx.close() }
        let statements = ctx.statements(
            sql: "CREATE TABLE s (x); INSERT INTO s VALUES (:x); SELECT x FROM s", parameters: ["x": 5])
        var seen: [[SQLValue]] = []
        while let statement = try statements.next() {
            while try statement.next() { seen.append(try statement.values()) }
        }
        #expect(seen == [[5]])
    }

    // MARK: Re-runs and the cache

    @Test func aCursorThatFailedLeavesItsCachedStatementUsableAndClean() throws {
        let ctx = try context("CREATE TABLE n (x); INSERT INTO n VALUES (1), (2), (3)")
        defer { ctx.close() }
        let sql = "SELECT x, CASE WHEN x = ? THEN abs(-9223372036854775807 - 1) END FROM n"
        let cursor = try ctx.cursor(sql: sql, parameters: [2])
        #expect(try cursor.next()?.int(at: 0) == 1)
        expectSQLError(.error, "integer overflow") { _ = try cursor.next() }
        cursor.close()
        // The same SQL again, on the statement the cursor gave back: the new value, all rows.
        #expect(try ctx.query(sql: sql, parameters: [9]).map { $0[0] } == [1, 2, 3])
        // And the statement handed out again comes without the last values.
        let cached = try ctx.cachedStatement(sql: sql)
        expectSQLError(
            .range,
            "parameter ?1 has no value: bind it (bindNull(at:) for NULL) or pass parameters to update(parameters:); a statement is never run with unbound parameters read as NULL"
        ) {
            try cached.update()
        }
    }

    @Test func twoCursorsOnOneSQLKeepTheirOwnValues() throws {
        let ctx = try context("CREATE TABLE n (x); INSERT INTO n VALUES (1), (2), (3)")
        defer { ctx.close() }
        let sql = "SELECT x FROM n WHERE x >= :min ORDER BY x"
        let first = try ctx.cursor(sql: sql, parameters: ["min": 2])
        let second = try ctx.cursor(sql: sql, parameters: ["min": 1])
        #expect(try first.next()?.int(at: 0) == 2)
        #expect(try second.next()?.int(at: 0) == 1)
        #expect(try first.next()?.int(at: 0) == 3)
        #expect(try first.next() == nil)
        #expect(try second.next()?.int(at: 0) == 2)
    }

    @Test func updateAfterAStepFailedMidwayRunsAgainFromTheStart() throws {
        let ctx = try context("CREATE TABLE t (a UNIQUE); CREATE TABLE log (a)")
        defer { ctx.close() }
        let insert = try ctx.prepare(sql: "INSERT INTO t SELECT a FROM log")
        try ctx.exec(sql: "INSERT INTO log VALUES (1), (1)")
        expectSQLError(.constraintUnique, "UNIQUE constraint failed: t.a") { try insert.update() }
        // A statement-level failure undoes the statement's own rows.
        #expect(try ctx.query(sql: "SELECT count(*) FROM t") == [[0]])
        try ctx.exec(sql: "DELETE FROM log WHERE rowid = 2")
        try insert.update()
        #expect(try ctx.query(sql: "SELECT a FROM t") == [[1]])
    }

    @Test func updateAfterAPartialStepRunsTheStatementAgainFromTheStart() throws {
        let ctx = try context("CREATE TABLE t (a)")
        defer { ctx.close() }
        let insert = try ctx.prepare(sql: "INSERT INTO t VALUES (?), (?) RETURNING a")
        try insert.bind(parameters: [1, 2])
        // Stepped once by hand: both rows are in, one returned.
        #expect(try insert.next())
        // update() runs the insert again rather than finishing the first run.
        try insert.update()
        #expect(try ctx.query(sql: "SELECT a FROM t ORDER BY rowid") == [[1], [2], [1], [2]])
        // The same with named values.
        let named = try ctx.prepare(sql: "INSERT INTO t VALUES (:x) RETURNING a")
        try named.bind(parameters: ["x": 3])
        #expect(try named.next())
        try named.update()
        #expect(try ctx.query(sql: "SELECT count(*) FROM t WHERE a = 3") == [[2]])
    }

    // MARK: Backup

    @Test func aBackupIntoADatabaseAnotherConnectionLocksGivesUpAfterTheBusyTimeout() throws {
        do {
            let directory = TemporaryDirectory()
            let source = try context("CREATE TABLE t (a); INSERT INTO t VALUES (1)")
            defer { source.close() }
            let path = directory.path("locked.sqlite")
            let holder = try SQLContext(path: path)
            defer { holder.close() }
            try holder.exec(sql: "CREATE TABLE old (x); BEGIN IMMEDIATE; INSERT INTO old VALUES (1)")
            var configuration = SQLContext.Configuration()
            configuration.busyTimeout = .milliseconds(100)
            let destination = try SQLContext(path: path, configuration: configuration)
            defer { destination.close() }
            let started = ContinuousClock.now
            var calls = 0
            struct Spun: Error {}
            let error = expectSQLError(.busy, "database is locked") {
                try source.backup(to: destination, pagesPerStep: 1) { _, _ in
                    calls += 1
                    // Without a limit the copy would retry for ever: stop it here.
                    if ContinuousClock.now - started > .seconds(5) { throw Spun() }
                }
            }
            #expect(error != nil)
            #expect(ContinuousClock.now - started < .seconds(3))
            try holder.exec(sql: "COMMIT")
            #expect(try destination.query(sql: "SELECT count(*) FROM old") == [[1]])
        }
    }

    @Test func aBackupIntoItsOwnFileIsRefused() throws {
        do {
            let directory = TemporaryDirectory()
            let path = directory.path("self.sqlite")
            let source = try SQLContext(path: path)
            defer { source.close() }
            try source.exec(sql: "CREATE TABLE t (a); INSERT INTO t VALUES (1)")
            let started = ContinuousClock.now
            expectSQLError(.misuse, "cannot back up a database into its own file \(path)") {
                try source.backup(toFile: path)
            }
            let same = try SQLContext(path: path)
            defer { same.close() }
            expectSQLError(.misuse, "cannot back up a database into its own file \(path)") {
                try source.backup(to: same)
            }
            #expect(ContinuousClock.now - started < .seconds(2))
            #expect(try source.query(sql: "SELECT a FROM t") == [[1]])
        }
    }

    @Test func aPoolBackupIntoThePoolsOwnFileIsRefused() throws {
        do {
            let directory = TemporaryDirectory()
            let path = directory.path("pool.sqlite")
            let pool = try SQLPool(path: path)
            defer { pool.close() }
            try pool.write { try $0.exec(sql: "CREATE TABLE t (a); INSERT INTO t VALUES (1)") }
            expectSQLError(.misuse, "cannot back up a database into its own file \(path)") {
                try pool.backup(toFile: path)
            }
            #expect(try pool.read { try $0.query(sql: "SELECT a FROM t") } == [[1]])
        }
    }

    @Test func aPoolBackupWhileAWriteTransactionIsOpenCopiesTheCommittedState() throws {
        do {
            let directory = TemporaryDirectory()
            let pool = try SQLPool(path: directory.path("source.sqlite"))
            defer { pool.close() }
            try pool.write { try $0.exec(sql: "CREATE TABLE t (a); INSERT INTO t VALUES (1)") }
            let copyPath = directory.path("copy.sqlite")
            try pool.write { ctx in
                try ctx.exec(sql: "INSERT INTO t VALUES (2)")
                // A backup from another thread while this write is open: it reads the
                // committed state and does not wait for this write.
                let done = DispatchSemaphore(value: 0)
                let outcome = Locked<Result<Void, SQLError>?>(nil)
                DispatchQueue.global().async {
                    do {
                        try pool.backup(toFile: copyPath)
                        outcome.withValue { $0 = .success(()) }
                    } catch {
                        outcome.withValue {
                            $0 = .failure(error as? SQLError ?? SQLError(code: .error, message: "\(error)"))
                        }
                    }
                    done.signal()
                }
                #expect(done.wait(timeout: .now() + 10) == .success)
                #expect(outcome.withValue { $0.map { (try? $0.get()) != nil } } == true)
            }
            let copy = try SQLContext(path: copyPath)
            defer { copy.close() }
            #expect(try copy.query(sql: "SELECT a FROM t") == [[1]])
        }
    }

    // MARK: Savepoints

    @Test func aNestedBodyThatCommitsTheOuterTransactionCommitsNothing() throws {
        let ctx = try context("CREATE TABLE t (a)")
        defer { ctx.close() }
        var outerError: (any Error)?
        do {
            try ctx.transaction {
                try ctx.exec(sql: "INSERT INTO t VALUES ('outer')")
                try? ctx.transaction {
                    try ctx.exec(sql: "INSERT INTO t VALUES ('inner')")
                    try ctx.exec(sql: "COMMIT")
                }
                try? ctx.exec(sql: "INSERT INTO t VALUES ('after')")
            }
        } catch {
            outerError = error
        }
        #expect((outerError as? SQLError)?.code == .abortRollback)
        #expect(try ctx.query(sql: "SELECT a FROM t") == [])
        #expect(!ctx.isInTransaction)
        // The connection is usable again.
        try ctx.transaction { try ctx.exec(sql: "INSERT INTO t VALUES ('next')") }
        #expect(try ctx.query(sql: "SELECT a FROM t") == [["next"]])
    }

    @Test func aDeepBodyRollingBackToTheMiddleSavepointByNameAbortsTheTransaction() throws {
        let ctx = try context("CREATE TABLE t (a)")
        defer { ctx.close() }
        var outerError: (any Error)?
        do {
            try ctx.transaction {
                try ctx.exec(sql: "INSERT INTO t VALUES (1)")
                try? ctx.transaction {
                    try ctx.exec(sql: "INSERT INTO t VALUES (2)")
                    try? ctx.transaction {
                        try ctx.exec(sql: "INSERT INTO t VALUES (3)")
                        // Undoes 2 and 3, and ends the innermost savepoint.
                        try ctx.exec(sql: "ROLLBACK TO slate_savepoint_1")
                    }
                }
            }
        } catch {
            outerError = error
        }
        #expect((outerError as? SQLError)?.code == .abortRollback)
        #expect(try ctx.query(sql: "SELECT a FROM t") == [])
    }

    @Test func nestedTransactionsInAPoolWriteRollBackOnlyTheirOwnWork() throws {
        let directory = TemporaryDirectory()
        let pool = try SQLPool(path: directory.path("nested.sqlite"))
        defer { pool.close() }
        try pool.write { ctx in
            try ctx.exec(sql: "CREATE TABLE t (a)")
            try ctx.exec(sql: "INSERT INTO t VALUES (1)")
            try? ctx.transaction {
                try ctx.exec(sql: "INSERT INTO t VALUES (2)")
                throw SQLError(code: .error, message: "no")
            }
            try ctx.transaction { try ctx.exec(sql: "INSERT INTO t VALUES (3)") }
        }
        #expect(try pool.read { try $0.query(sql: "SELECT a FROM t ORDER BY a") } == [[1], [3]])
    }

    // MARK: NaN

    @Test func nanIsRefusedThroughNamedArgumentsAndScripts() throws {
        let ctx = try context("CREATE TABLE t (a REAL)")
        defer { ctx.close() }
        expectSQLError(.mismatch, "cannot bind NaN to parameter 1 (:a): SQLite would store it as NULL") {
            try ctx.exec(sql: "INSERT INTO t VALUES (:a)", parameters: ["a": .float(-.nan)])
        }
        expectSQLError(.mismatch, "cannot bind NaN to parameter 1 (:a): SQLite would store it as NULL") {
            _ = try ctx.query(sql: "SELECT :a", parameters: ["a": .float(.signalingNaN)])
        }
        expectSQLError(.mismatch, "cannot bind NaN to parameter 2: SQLite would store it as NULL") {
            _ = try ctx.cursor(sql: "SELECT ?, ?", parameters: [1, .float(Double(Float.nan))])
        }
        expectSQLError(.mismatch, "cannot bind NaN to parameter 1: SQLite would store it as NULL") {
            try ctx.statements(sql: "INSERT INTO t VALUES (1); INSERT INTO t VALUES (?)", parameters: [.float(.nan)])
                .forEach { try $0.update() }
        }
        let optional: Double? = .nan
        expectSQLError(.mismatch, "cannot bind NaN to parameter 1: SQLite would store it as NULL") {
            try ctx.exec(sql: "INSERT INTO t VALUES (?)", optional)
        }
        #expect(try ctx.query(sql: "SELECT a FROM t") == [[1.0]])
        // Infinity and the smallest subnormal are stored as they are.
        try ctx.exec(sql: "INSERT INTO t VALUES (:a)", parameters: ["a": .float(.infinity)])
        try ctx.exec(sql: "INSERT INTO t VALUES (:a)", parameters: ["a": .float(.leastNonzeroMagnitude)])
        try ctx.exec(sql: "INSERT INTO t VALUES (:a)", parameters: ["a": .float(-0.0)])
        let stored = try ctx.query(sql: "SELECT a FROM t WHERE rowid > 1 ORDER BY rowid").map { $0[0].floatValue }
        #expect(stored == [.infinity, .leastNonzeroMagnitude, 0])
    }

    @Test func aFunctionsArgumentsOfInfinityRoundTrip() throws {
        let ctx = try context()
        defer { ctx.close() }
        try ctx.createFunction("twice", argumentCount: 1) { values in .float((values[0].floatValue ?? 0) * 2) }
        #expect(try ctx.query(sql: "SELECT twice(?)", parameters: [.float(.infinity)]) == [[.float(.infinity)]])
        // inf - inf is NaN: the function refuses it rather than answering NULL.
        try ctx.createFunction("minus", argumentCount: 2) { values in
            .float((values[0].floatValue ?? 0) - (values[1].floatValue ?? 0))
        }
        expectSQLError(.error, "the function minus returned NaN, which SQLite would store as NULL") {
            _ = try ctx.query(sql: "SELECT minus(?, ?)", parameters: [.float(.infinity), .float(.infinity)])
        }
    }

    // MARK: Collations

    @Test func aCollationRemovedUnderAnIndexMakesWritesThrowNotCorrupt() throws {
        let ctx = try SQLContext()
        defer { ctx.close() }
        try ctx.createCollation("rev") { a, b in a == b ? 0 : (a > b ? -1 : 1) }
        try ctx.exec(sql: "CREATE TABLE t (a TEXT COLLATE rev); CREATE INDEX t_a ON t (a)")
        try ctx.exec(sql: "INSERT INTO t VALUES (?)", parameters: ["a"])
        let select = "SELECT a FROM t ORDER BY a"
        #expect(try ctx.query(sql: select) == [["a"]])
        try ctx.removeCollation(named: "REV")
        expectSQLError(SQLError.Code(rawValue: 257), "no such collation sequence: rev") {
            try ctx.exec(sql: "INSERT INTO t VALUES (?)", parameters: ["b"])
        }
        expectSQLError(SQLError.Code(rawValue: 257), "no such collation sequence: rev") {
            _ = try ctx.query(sql: select)
        }
        // Added again, everything works and the index is intact.
        try ctx.createCollation("rev") { a, b in a == b ? 0 : (a > b ? -1 : 1) }
        try ctx.exec(sql: "INSERT INTO t VALUES (?)", parameters: ["b"])
        #expect(try ctx.query(sql: select) == [["b"], ["a"]])
        #expect(try ctx.query(sql: "PRAGMA integrity_check") == [["ok"]])
    }

    @Test func cancellingAnAsyncPoolBackupStopsTheCopyAndLeavesTheFile() async throws {
        let directory = TemporaryDirectory()
        let pool = try SQLPool(path: directory.path("big.sqlite"))
        defer { pool.close() }
        try await pool.write { ctx in
            try ctx.exec(sql: "CREATE TABLE t (a)")
            for _ in 0..<600 { try ctx.exec(sql: "INSERT INTO t VALUES (randomblob(4000))") }
        }
        let copyPath = directory.path("copy.sqlite")
        let calls = Locked(0)
        // The first progress call waits until the task is cancelled: no timing involved.
        let cancelled = DispatchSemaphore(value: 0)
        let task = Task {
            try await pool.backup(toFile: copyPath, pagesPerStep: 1) { _, _ in
                calls.withValue { $0 += 1 }
                if calls.current == 1 { cancelled.wait() }
            }
        }
        while calls.current == 0 { try await Task.sleep(for: .milliseconds(1)) }
        task.cancel()
        cancelled.signal()
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
        // Stopped long before the ~600 pages were copied, and the new file holds nothing.
        #expect(calls.current < 300)
        let copy = try SQLContext(path: copyPath)
        defer { copy.close() }
        #expect(try copy.query(sql: "SELECT count(*) FROM sqlite_schema") == [[0]])
    }
}

/// Numbered parameters (`?NNN`) beside named ones.
@Suite struct Review30NumberedParameterTests {
    @Test func aNumberedParameterIsNamedAsSQLiteNamesIt() throws {
        let ctx = try SQLContext()
        defer { ctx.close() }
        try ctx.exec(sql: "CREATE TABLE t (a, b)")
        // The error lists ?1 among the parameters: giving it by that name works.
        expectSQLError(.range, "no value given for parameter ?1; the statement takes 2") {
            try ctx.exec(sql: "INSERT INTO t VALUES (?1, :b)", parameters: ["b": 2])
        }
        try ctx.exec(sql: "INSERT INTO t VALUES (?1, :b)", parameters: ["?1": 1, "b": 2])
        // :a then ?1 are one parameter: one value serves both.
        #expect(try ctx.query(sql: "SELECT :a, ?1", parameters: ["a": 7]) == [[7, 7]])
        // SQLite names that parameter :a, after its first use.
        expectSQLError(.range, "no parameter named ?1 in the statement; its parameters are :a") {
            _ = try ctx.query(sql: "SELECT :a, ?1", parameters: ["a": 7, "?1": 8])
        }
        // A script takes the same key, and counts it as used; not "1" without its `?`.
        try ctx.statements(sql: "INSERT INTO t VALUES (?1, :b)", parameters: ["?1": 3, "b": 4]).forEach {
            try $0.update()
        }
        #expect(try ctx.query(sql: "SELECT a, b FROM t ORDER BY rowid") == [[1, 2], [3, 4]])
        expectSQLError(.range, "no value given for parameter ?1 of statement 1 of the script") {
            try ctx.statements(sql: "INSERT INTO t VALUES (?1, :b)", parameters: ["1": 5, "b": 6]).forEach {
                try $0.update()
            }
        }
        #expect(try ctx.query(sql: "SELECT count(*) FROM t") == [[2]])
        // A plain `?` has no name: still refused by name.
        expectSQLError(.range, "no parameter named ?2 in the statement; its parameters are :b") {
            try ctx.exec(sql: "INSERT INTO t VALUES (?, :b)", parameters: ["?2": 1, "b": 2])
        }
    }
}

/// What errors show of named values, and collations removed under a running statement.
@Suite struct Review30NamedValuesInErrorsTests {
    @Test func errorsShowTheNamedValuesInParameterOrderAndNoneForAStatementWithout() throws {
        let ctx = try SQLContext(configuration: .init(showsBoundValues: true))
        defer { ctx.close() }
        try ctx.exec(sql: "CREATE TABLE u (a UNIQUE, b)")
        try ctx.exec(sql: "INSERT INTO u VALUES (1, 1)")
        let named = expectSQLError(.constraintUnique, "UNIQUE constraint failed: u.a") {
            try ctx.exec(sql: "INSERT INTO u VALUES ($a, :b)", parameters: ["b": "two", "a": 1])
        }
        #expect(named?.arguments == [1, "two"])
        let none = expectSQLError(.constraintUnique, "UNIQUE constraint failed: u.a") {
            try ctx.exec(sql: "INSERT INTO u VALUES (1, 2)", parameters: [:])
        }
        #expect(none?.arguments == [])
    }

    @Test func errorsDoNotShowValuesThatWereReboundOneByOne() throws {
        let ctx = try SQLContext(configuration: .init(showsBoundValues: true))
        defer { ctx.close() }
        try ctx.exec(sql: "CREATE TABLE u (a UNIQUE, b)")
        try ctx.exec(sql: "INSERT INTO u VALUES (1, 1)")
        let insert = try ctx.prepare(sql: "INSERT INTO u VALUES (?, ?)")
        try insert.update(parameters: [2, "x"])
        // One value rebound: the list bound before no longer tells what runs.
        try insert.bind(1, at: 1)
        let error = expectSQLError(.constraintUnique, "UNIQUE constraint failed: u.a") { try insert.update() }
        #expect(error?.arguments == nil)
        // Bound as a list again, the list shows.
        let again = expectSQLError(.constraintUnique, "UNIQUE constraint failed: u.a") {
            try insert.update(parameters: [1, "y"])
        }
        #expect(again?.arguments == [1, "y"])
    }

    @Test func aCollationInUseCannotBeRemovedUntilItsCursorCloses() throws {
        let ctx = try SQLContext()
        defer { ctx.close() }
        try ctx.createCollation("rev") { a, b in a == b ? 0 : (a > b ? -1 : 1) }
        try ctx.exec(sql: "CREATE TABLE t (a); INSERT INTO t VALUES ('a'), ('b'), ('c')")
        let cursor = try ctx.cursor(sql: "SELECT a FROM t ORDER BY a COLLATE rev")
        #expect(try cursor.next()?.string(at: 0) == "c")
        expectSQLError(.busy, "unable to delete/modify collation sequence due to active statements") {
            try ctx.removeCollation(named: "rev")
        }
        // The cursor goes on undisturbed.
        #expect(try cursor.next()?.string(at: 0) == "b")
        cursor.close()
        try ctx.removeCollation(named: "rev")
        expectSQLError(SQLError.Code(rawValue: 257), "no such collation sequence: rev") {
            _ = try ctx.query(sql: "SELECT a FROM t ORDER BY a COLLATE rev")
        }
    }
}

/// A backup started inside the source's own write transaction.
@Suite struct Review30BackupInsideWriteTests {
    @Test func aBackupInsideTheSourcesWriteTransactionIsRefusedAtOnce() throws {
        let directory = TemporaryDirectory()
        let source = try SQLContext(path: directory.path("source.sqlite"))
        defer { source.close() }
        try source.exec(sql: "CREATE TABLE t (a); INSERT INTO t VALUES (1)")
        let other = try SQLContext()
        defer { other.close() }
        let started = ContinuousClock.now
        let message =
            "cannot back up a database from inside a write transaction on the same connection: the copy would wait for it to end; back up once it has committed"
        try source.transaction {
            try source.exec(sql: "INSERT INTO t VALUES (2)")
            expectSQLError(.misuse, message) { try source.backup(toFile: directory.path("copy.sqlite")) }
            expectSQLError(.misuse, message) { try source.backup(to: other) }
        }
        // Refused before anything waited, and before the file was made.
        #expect(ContinuousClock.now - started < .seconds(2))
        #expect(!FileManager.default.fileExists(atPath: directory.path("copy.sqlite")))
        // A read transaction is no obstacle, and once committed the copy has both rows.
        try source.transaction {
            _ = try source.query(sql: "SELECT count(*) FROM t")
            try source.backup(to: other)
        }
        #expect(try other.query(sql: "SELECT a FROM t ORDER BY a") == [[1], [2]])
    }
}
