import Foundation
import Slate
import SlateTestSupport
import Testing

/// Issue 30, section 1: the connection layer. Re-running a statement, refused binds,
/// failed cursors, NaN, savepoints a closure ended itself, named arguments, a script's
/// statements one by one, collations and backups.
@Suite struct Review30ConnectionTests {
    private func context(_ sql: String = "CREATE TABLE t (a, b)") throws -> SQLContext {
        let ctx = try SQLContext()
        try ctx.exec(sql: sql)
        return ctx
    }

    private func rows(_ ctx: SQLContext, _ sql: String = "SELECT * FROM t ORDER BY rowid") throws -> [[SQLValue]] {
        try ctx.query(sql: sql)
    }

    // MARK: update() runs again with its last values, never NULLs

    @Test func updateRunsAgainWithTheValuesItWasGiven() throws {
        let ctx = try context("CREATE TABLE t (a)")
        defer { ctx.close() }
        let insert = try ctx.prepare(sql: "INSERT INTO t VALUES (?)")
        try insert.update(parameters: ["Foo"])
        try insert.update()
        try insert.update(parameters: ["Bar"])
        try insert.update()
        #expect(try rows(ctx) == [["Foo"], ["Foo"], ["Bar"], ["Bar"]])
    }

    @Test func updateRunsAgainWithValuesBoundOneByOneAndByName() throws {
        let ctx = try context()
        defer { ctx.close() }
        let insert = try ctx.prepare(sql: "INSERT INTO t VALUES (:a, ?)")
        try insert.bind(1, at: 1)
        try insert.bind("x", at: 2)
        try insert.update()
        try insert.update()
        try insert.bind(2, named: "a")
        try insert.update()
        insert.reset()
        try insert.update()
        #expect(try rows(ctx) == [[1, "x"], [1, "x"], [2, "x"], [2, "x"]])
    }

    @Test func updateTakesNamedValuesAndKeepsThem() throws {
        let ctx = try context()
        defer { ctx.close() }
        let insert = try ctx.prepare(sql: "INSERT INTO t VALUES (:a, $b)")
        try insert.update(parameters: ["a": 1, "b": "one"])
        try insert.update()
        expectSQLError(.range, "no value given for parameter $b; the statement takes 2") {
            try insert.update(parameters: ["a": 2])
        }
        try insert.update()
        #expect(try rows(ctx) == [[1, "one"], [1, "one"], [1, "one"]])
    }

    @Test func aStatementWithAParameterNeverBoundIsRefused() throws {
        let ctx = try context()
        defer { ctx.close() }
        let insert = try ctx.prepare(sql: "INSERT INTO t VALUES (?, :b)")
        expectSQLError(
            .range,
            "parameters ?1, :b have no value: bind them (bindNull(at:) for NULL) or pass parameters to update(parameters:); a statement is never run with unbound parameters read as NULL"
        ) {
            try insert.update()
        }
        // One of two bound: the other is still refused.
        try insert.bind(1, at: 1)
        expectSQLError(
            .range,
            "parameter :b has no value: bind it (bindNull(at:) for NULL) or pass parameters to update(parameters:); a statement is never run with unbound parameters read as NULL"
        ) {
            try insert.update()
        }
        // NULL said out loud is a value.
        try insert.bindNull(at: 2)
        try insert.update()
        #expect(try rows(ctx) == [[1, .null]])
        // Cleared: refused again, nothing written.
        insert.clearBindings()
        expectSQLError(
            .range,
            "parameters ?1, :b have no value: bind them (bindNull(at:) for NULL) or pass parameters to update(parameters:); a statement is never run with unbound parameters read as NULL"
        ) {
            try insert.update()
        }
        #expect(try rows(ctx) == [[1, .null]])
    }

    @Test func aCachedStatementComesClearedAndIsRefusedUnbound() throws {
        let ctx = try context("CREATE TABLE t (a)")
        defer { ctx.close() }
        try ctx.exec(sql: "INSERT INTO t VALUES (?)", parameters: ["secret"])
        // The cache hands the statement back without the last caller's values.
        let cached = try ctx.cachedStatement(sql: "INSERT INTO t VALUES (?)")
        expectSQLError(
            .range,
            "parameter ?1 has no value: bind it (bindNull(at:) for NULL) or pass parameters to update(parameters:); a statement is never run with unbound parameters read as NULL"
        ) {
            try cached.update()
        }
        #expect(try rows(ctx) == [["secret"]])
    }

    @Test func aFailedRunKeepsItsValuesForTheNextRun() throws {
        let ctx = try context("CREATE TABLE t (a UNIQUE)")
        defer { ctx.close() }
        let insert = try ctx.prepare(sql: "INSERT INTO t VALUES (?)")
        try insert.update(parameters: [7])
        expectSQLError(.constraintUnique, "UNIQUE constraint failed: t.a") { try insert.update() }
        try ctx.exec(sql: "DELETE FROM t")
        try insert.update()
        #expect(try rows(ctx) == [[7]])
    }

    // MARK: A refused bind changes nothing

    @Test func aRefusedNamedBindLeavesEveryValueAsItWas() throws {
        let ctx = try context()
        defer { ctx.close() }
        let insert = try ctx.prepare(sql: "INSERT INTO t VALUES (:a, :b)")
        try insert.bind(parameters: ["a": 1, "b": 2])
        // A missing name, an unknown one, a name given twice, a NaN, a text too long:
        // each refused before anything is bound.
        expectSQLError(.range, "no value given for parameter :b; the statement takes 2") {
            try insert.bind(parameters: ["a": 10])
        }
        expectSQLError(.range, "no parameter named c in the statement; its parameters are :a, :b") {
            try insert.bind(parameters: ["a": 10, "b": 20, "c": 30])
        }
        expectSQLError(.misuse, "parameter :a is given twice, as :a and as a") {
            try insert.bind(parameters: [":a": 10, "a": 11, "b": 20])
        }
        expectSQLError(.mismatch, "cannot bind NaN to parameter 2 (:b): SQLite would store it as NULL") {
            try insert.bind(parameters: ["a": 10, "b": .float(.nan)])
        }
        ctx.setLimit(.length, to: 10)
        expectSQLError(.tooBig, "the value for parameter 2 (:b) is 11 bytes, more than SQLite's length limit (10)") {
            try insert.bind(parameters: ["a": 10, "b": .text("01234567890")])
        }
        try insert.update()
        #expect(try rows(ctx) == [[1, 2]])
    }

    @Test func aRefusedPositionalBindLeavesEveryValueAsItWas() throws {
        let ctx = try context()
        defer { ctx.close() }
        let insert = try ctx.prepare(sql: "INSERT INTO t VALUES (?, ?)")
        try insert.update(parameters: [1, 2])
        expectSQLError(.mismatch, "cannot bind NaN to parameter 2: SQLite would store it as NULL") {
            try insert.update(parameters: [10, .float(.nan)])
        }
        expectSQLError(.range, "the statement takes 2 parameters but 1 value was given") {
            try insert.update(parameters: [10])
        }
        try insert.update()
        #expect(try rows(ctx) == [[1, 2], [1, 2]])
    }

    @Test func aRefusedBindThroughExecQueryAndCursorWritesNothing() throws {
        let ctx = try context()
        defer { ctx.close() }
        expectSQLError(.range, "no value given for parameter :b; the statement takes 2") {
            try ctx.exec(sql: "INSERT INTO t VALUES (:a, :b)", parameters: ["a": 1])
        }
        expectSQLError(.mismatch, "cannot bind NaN to parameter 1 (:a): SQLite would store it as NULL") {
            _ = try ctx.query(
                sql: "INSERT INTO t VALUES (:a, :b) RETURNING a", parameters: ["a": .float(.nan), "b": 1])
        }
        expectSQLError(.mismatch, "cannot bind NaN to parameter 1: SQLite would store it as NULL") {
            _ = try ctx.cursor(sql: "INSERT INTO t VALUES (?, ?) RETURNING a", parameters: [.float(-.nan), 1])
        }
        #expect(try rows(ctx).isEmpty)
    }

    // MARK: A failed cursor keeps throwing

    @Test func aCursorWhoseStepFailedThrowsTheSameErrorAgain() throws {
        let ctx = try context("CREATE TABLE n (x); INSERT INTO n VALUES (1), (2), (3), (4)")
        defer { ctx.close() }
        let cursor = try ctx.cursor(sql: "SELECT x, CASE WHEN x = 3 THEN abs(-9223372036854775807 - 1) END FROM n")
        #expect(try cursor.next()?.int(at: 0) == 1)
        #expect(try cursor.next()?.int(at: 0) == 2)
        for _ in 0..<3 {
            expectSQLError(.error, "integer overflow") { _ = try cursor.next() }
        }
        // forEach over the failed cursor throws too, rather than seeing no rows.
        expectSQLError(.error, "integer overflow") { try cursor.forEach { _ in } }
        // close() does not wash the failure away.
        cursor.close()
        expectSQLError(.error, "integer overflow") { _ = try cursor.next() }
        // A cursor that ended cleanly still ends with nil, again and again.
        let clean = try ctx.cursor(sql: "SELECT x FROM n WHERE x < 2")
        #expect(try clean.next()?.int(at: 0) == 1)
        #expect(try clean.next() == nil)
        #expect(try clean.next() == nil)
    }

    @Test func aLoopThatSwallowsOneErrorDoesNotSeeACleanEnd() throws {
        let ctx = try context("CREATE TABLE n (x); INSERT INTO n VALUES (1), (2), (3)")
        defer { ctx.close() }
        let cursor = try ctx.cursor(sql: "SELECT x, CASE WHEN x = 2 THEN abs(-9223372036854775807 - 1) END FROM n")
        var seen: [Int] = []
        var errors = 0
        while errors < 5 {
            do {
                guard let row = try cursor.next() else { break }
                seen.append(row.int(at: 0))
            } catch {
                errors += 1
            }
        }
        #expect(seen == [1])
        #expect(errors == 5)
    }

    // MARK: NaN is refused, never stored as NULL

    @Test func everyDoubleBindRefusesNaN() throws {
        let ctx = try context("CREATE TABLE t (a REAL)")
        defer { ctx.close() }
        let insert = try ctx.prepare(sql: "INSERT INTO t VALUES (:a)")
        let message = "cannot bind NaN to parameter 1 (:a): SQLite would store it as NULL"
        expectSQLError(.mismatch, message) { try insert.bind(Double.nan, at: 1) }
        expectSQLError(.mismatch, message) { try insert.bind(Double.signalingNaN, at: 1) }
        expectSQLError(.mismatch, message) { try insert.bind(-Double.nan, at: 1) }
        expectSQLError(.mismatch, message) { try insert.bind(Float.nan, at: 1) }
        expectSQLError(.mismatch, message) { try insert.bind(Optional(Double.nan), at: 1) }
        expectSQLError(.mismatch, message) { try insert.bind(SQLValue.float(.nan), at: 1) }
        expectSQLError(.mismatch, message) { try insert.bind(Double.nan, named: "a") }
        expectSQLError(.mismatch, message) { try insert.bind(SQLValue.float(.nan), named: ":a") }
        expectSQLError(.mismatch, message) { try insert.update(parameters: [.float(.nan)]) }
        // The variadic forms.
        expectSQLError(.mismatch, "cannot bind NaN to parameter 1: SQLite would store it as NULL") {
            try ctx.exec(sql: "INSERT INTO t VALUES (?)", Double.nan)
        }
        expectSQLError(.mismatch, "cannot bind NaN to parameter 2: SQLite would store it as NULL") {
            _ = try ctx.query(sql: "SELECT ?, ?", 1, Float.nan)
        }
        // Infinities are stored and read back as they are.
        try insert.update(parameters: [.float(.infinity)])
        try insert.update(parameters: [.float(-.infinity)])
        #expect(try rows(ctx) == [[.float(.infinity)], [.float(-.infinity)]])
    }

    @Test func aFunctionCannotReturnNaN() throws {
        let ctx = try context()
        defer { ctx.close() }
        try ctx.createFunction("broken", argumentCount: 0) { _ in .float(.nan) }
        expectSQLError(.error, "the function broken returned NaN, which SQLite would store as NULL") {
            _ = try ctx.query(sql: "SELECT broken()")
        }
    }

    // MARK: Savepoints the body ended itself

    @Test func aNestedTransactionWhoseBodyReleasedItsSavepointRollsEverythingBack() throws {
        let ctx = try context("CREATE TABLE t (a)")
        defer { ctx.close() }
        var innerError: SQLError?
        let outer = expectSQLError(
            .abortRollback,
            "the transaction was aborted: SQLite rolled it back: a nested transaction's savepoint could not be rolled back to (no such savepoint: slate_savepoint_1): its closure released or rolled back the savepoint itself, so its work could not be told apart from the enclosing transaction's, and the whole transaction was rolled back; the closure had thrown: boom. Nothing of it was committed, and no statement can run on this connection until its transaction closure ends"
        ) {
            try ctx.transaction {
                try ctx.exec(sql: "INSERT INTO t VALUES ('outer')")
                do {
                    try ctx.transaction {
                        try ctx.exec(sql: "INSERT INTO t VALUES ('inner')")
                        try ctx.exec(sql: "RELEASE SAVEPOINT slate_savepoint_1")
                        throw SQLError(code: .error, message: "boom")
                    }
                } catch let error as SQLError {
                    innerError = error
                }
                // The outer closure cannot go on as if the inner work were undone.
                expectSQLError(.abortRollback, ctx.abortMessage) {
                    try ctx.exec(sql: "INSERT INTO t VALUES ('after')")
                }
            }
        }
        #expect(outer != nil)
        #expect(innerError?.code == .misuse)
        #expect(!ctx.isInTransaction)
        #expect(try rows(ctx).isEmpty)
        // The connection works on.
        try ctx.transaction { try ctx.exec(sql: "INSERT INTO t VALUES ('next')") }
        #expect(try rows(ctx) == [["next"]])
    }

    @Test func aBodyThatReleasedItsSavepointAndReturnedAbortsToo() throws {
        let ctx = try context("CREATE TABLE t (a)")
        defer { ctx.close() }
        do {
            try ctx.transaction {
                try ctx.exec(sql: "INSERT INTO t VALUES ('outer')")
                try? ctx.transaction {
                    try ctx.exec(sql: "INSERT INTO t VALUES ('inner')")
                    try ctx.exec(sql: "RELEASE SAVEPOINT slate_savepoint_1")
                }
            }
            Issue.record("the outer transaction committed")
        } catch let error as SQLError {
            #expect(error.code == .abortRollback)
            #expect(error.message.contains("a nested transaction's savepoint could not be released"))
        }
        #expect(try rows(ctx).isEmpty)
    }

    @Test func aBodyThatRolledBackItsSavepointAndThrewAbortsToo() throws {
        let ctx = try context("CREATE TABLE t (a)")
        defer { ctx.close() }
        #expect(throws: SQLError.self) {
            try ctx.transaction {
                try ctx.exec(sql: "INSERT INTO t VALUES ('outer')")
                try? ctx.transaction {
                    try ctx.exec(sql: "INSERT INTO t VALUES ('inner')")
                    try ctx.exec(sql: "ROLLBACK TO SAVEPOINT slate_savepoint_1")
                    try ctx.exec(sql: "RELEASE SAVEPOINT slate_savepoint_1")
                    throw SQLError(code: .error, message: "boom")
                }
            }
        }
        #expect(try rows(ctx).isEmpty)
    }

    @Test func threeLevelsDeepTheMiddleReleasingTheInnerOnlyAffectsItsOwnSavepoint() throws {
        let ctx = try context("CREATE TABLE t (a)")
        defer { ctx.close() }
        // Normal nesting: each level has a savepoint of its own name, so an inner throw
        // rolls back only the inner work, at any depth.
        try ctx.transaction {
            try ctx.exec(sql: "INSERT INTO t VALUES (1)")
            try ctx.transaction {
                try ctx.exec(sql: "INSERT INTO t VALUES (2)")
                try? ctx.transaction {
                    try ctx.exec(sql: "INSERT INTO t VALUES (3)")
                    throw SQLError(code: .error, message: "inner")
                }
                try ctx.exec(sql: "INSERT INTO t VALUES (4)")
            }
            try? ctx.transaction {
                try ctx.exec(sql: "INSERT INTO t VALUES (5)")
                throw SQLError(code: .error, message: "sibling")
            }
        }
        #expect(try rows(ctx) == [[1], [2], [4]])
        // A body that releases the outer savepoint (which ends its own too) aborts all.
        #expect(throws: SQLError.self) {
            try ctx.transaction {
                try ctx.exec(sql: "INSERT INTO t VALUES (6)")
                try ctx.transaction {
                    try ctx.transaction {
                        try ctx.exec(sql: "INSERT INTO t VALUES (7)")
                        try ctx.exec(sql: "RELEASE SAVEPOINT slate_savepoint_1")
                    }
                }
            }
        }
        #expect(try rows(ctx) == [[1], [2], [4]])
    }

    // MARK: Named arguments on exec, query and cursor

    @Test func execQueryAndCursorTakeNamedArguments() throws {
        let ctx = try context("CREATE TABLE planets (name TEXT, moons INTEGER)")
        defer { ctx.close() }
        try ctx.exec(sql: "INSERT INTO planets VALUES (:name, :moons)", parameters: ["name": "Mars", "moons": 2])
        try ctx.exec(sql: "INSERT INTO planets VALUES (@name, $moons)", parameters: ["@name": "Earth", "$moons": 1])
        try ctx.exec(sql: "INSERT INTO planets VALUES (:name, :moons)", parameters: [":name": "Venus", "moons": .null])
        // The same name twice in one statement takes one value.
        #expect(try ctx.query(sql: "SELECT :n + :n", parameters: ["n": 21]) == [[42]])
        #expect(
            try ctx.query(sql: "SELECT name FROM planets WHERE moons >= :least ORDER BY name", parameters: ["least": 1])
                == [["Earth"], ["Mars"]])
        let cursor = try ctx.cursor(sql: "SELECT name FROM planets WHERE moons IS :moons", parameters: ["moons": .null])
        #expect(try cursor.next()?.string(at: 0) == "Venus")
        #expect(try cursor.next() == nil)
        // No parameters at all: an empty dictionary.
        #expect(try ctx.query(sql: "SELECT count(*) FROM planets", parameters: [:]) == [[3]])
    }

    @Test func namedArgumentsAreRefusedWhereTheyDoNotFit() throws {
        let ctx = try context()
        defer { ctx.close() }
        expectSQLError(.range, "no value given for parameter ?1; the statement takes 2") {
            try ctx.exec(sql: "INSERT INTO t VALUES (?, :b)", parameters: ["b": 1])
        }
        expectSQLError(
            .misuse,
            "the text holds more than one statement; this call runs exactly one (run scripts with exec(sql:) and no parameters)"
        ) {
            try ctx.exec(sql: "INSERT INTO t VALUES (:a, 1); INSERT INTO t VALUES (:a, 2)", parameters: ["a": 1])
        }
        expectSQLError(.range, "no parameter named x in the statement; it has no named parameters") {
            _ = try ctx.query(sql: "SELECT 1", parameters: ["x": 1])
        }
        // A cursor whose bind was refused gives its statement back.
        expectSQLError(.range, "no value given for parameter :b; the statement takes 2") {
            _ = try ctx.cursor(sql: "SELECT :a, :b", parameters: ["a": 1])
        }
        #expect(try ctx.query(sql: "SELECT :a, :b", parameters: ["a": 1, "b": 2]) == [[1, 2]])
        #expect(try rows(ctx).isEmpty)
    }

    @Test func namedArgumentsThroughAPool() async throws {
        let directory = TemporaryDirectory()
        let pool = try SQLPool(path: directory.path("named.sqlite"))
        try await pool.write { try $0.exec(sql: "CREATE TABLE t (a, b)") }
        try Self.sync {
            try pool.write { try $0.exec(sql: "INSERT INTO t VALUES (:a, :b)", parameters: ["a": 1, "b": "one"]) }
        }
        try await pool.write { try $0.exec(sql: "INSERT INTO t VALUES (:a, :b)", parameters: ["a": 2, "b": "two"]) }
        #expect(
            try Self.sync { try pool.read { try $0.query(sql: "SELECT b FROM t WHERE a = :a", parameters: ["a": 2]) } }
                == [["two"]])
        #expect(
            try await pool.read { try $0.query(sql: "SELECT count(*) FROM t WHERE a < :a", parameters: ["a": 3]) } == [
                [2]
            ])
        await pool.close()
    }

    /// Runs `body` in a synchronous context, where a pool's sync calls are chosen.
    private static func sync<T>(_ body: () throws -> T) rethrows -> T { try body() }

    // MARK: A script's statements one by one (GRDB's allStatements)

    private func persons() throws -> SQLContext {
        try context(
            """
            CREATE TABLE persons (id INTEGER PRIMARY KEY, name TEXT, age INT);
            INSERT INTO persons (name, age) VALUES ('Arthur', 41), ('Barbara', 26), ('Craig', 13);
            """)
    }

    private func all(_ statements: SQLStatementIterator) throws -> [[[SQLValue]]] {
        var results: [[[SQLValue]]] = []
        while let statement = try statements.next() {
            var rows: [[SQLValue]] = []
            while try statement.next() { rows.append(try statement.values()) }
            results.append(rows)
        }
        return results
    }

    @Test func statementsWithoutArgumentsRunInTurn() throws {
        let ctx = try persons()
        defer { ctx.close() }
        let results = try all(
            ctx.statements(
                sql: """
                    SELECT age FROM persons ORDER BY age;
                    SELECT age FROM persons ORDER BY age DESC;
                    """))
        #expect(results == [[[13], [26], [41]], [[41], [26], [13]]])
        // Each is prepared after the one before ran: a table made, then filled and read.
        let mixed = try all(
            ctx.statements(
                sql: """
                    CREATE TABLE t2 (a);
                    INSERT INTO t2 VALUES (0);
                    SELECT a FROM t2 ORDER BY a;
                    INSERT INTO t2 VALUES (1);
                    SELECT a FROM t2 ORDER BY a;
                    """))
        #expect(mixed == [[], [], [[0]], [], [[0], [1]]])
        // Nothing but blanks and comments: no statement, no error.
        #expect(try all(ctx.statements(sql: " -- nothing\n ; ")) == [])
    }

    @Test func statementsWithoutArgumentsComeUnboundForTheCallerToBind() throws {
        let ctx = try persons()
        defer { ctx.close() }
        let statements = ctx.statements(
            sql: """
                SELECT count(*) FROM persons WHERE age > ?;
                SELECT count(*) FROM persons WHERE age < ?;
                """)
        var counts: [Int] = []
        while let statement = try statements.next() {
            expectSQLError(
                .range,
                "parameter ?1 has no value: bind it (bindNull(at:) for NULL) or pass parameters to update(parameters:); a statement is never run with unbound parameters read as NULL"
            ) {
                try statement.update()
            }
            try statement.bind(30, at: 1)
            #expect(try statement.next())
            counts.append(statement.int(at: 0))
        }
        #expect(counts == [1, 2])
    }

    @Test func statementsTakePositionalArgumentsInTurn() throws {
        let ctx = try persons()
        defer { ctx.close() }
        let results = try all(
            ctx.statements(
                sql: """
                    SELECT name FROM persons WHERE name = ?;
                    SELECT name FROM persons WHERE age > ? ORDER BY name;
                    SELECT 'no parameters';
                    SELECT ? || ?;
                    """, parameters: ["Arthur", 20, "a", "b"]))
        #expect(results == [[["Arthur"]], [["Arthur"], ["Barbara"]], [["no parameters"]], [["ab"]]])
    }

    @Test func tooFewPositionalArgumentsStopAtTheStatementThatLacksThem() throws {
        let ctx = try persons()
        defer { ctx.close() }
        let statements = ctx.statements(
            sql: """
                INSERT INTO persons (name, age) VALUES ('Dora', ?);
                INSERT INTO persons (name, age) VALUES ('Ed', ?);
                """, parameters: [41])
        try #require(try statements.next()).update()
        let error = expectSQLError(
            .range, "statement 2 of the script takes 1 parameter but no values are left of the 1 given"
        ) {
            _ = try statements.next()
        }
        #expect(
            error?.sql?.trimmingCharacters(in: .whitespacesAndNewlines)
                == "INSERT INTO persons (name, age) VALUES ('Ed', ?);")
        // The iteration stays failed.
        expectSQLError(.range, "statement 2 of the script takes 1 parameter but no values are left of the 1 given") {
            _ = try statements.next()
        }
        // The first statement did run.
        #expect(try ctx.query(sql: "SELECT count(*) FROM persons") == [[4]])
    }

    @Test func tooManyPositionalArgumentsThrowOnceEveryStatementRan() throws {
        let ctx = try persons()
        defer { ctx.close() }
        let statements = ctx.statements(
            sql: """
                INSERT INTO persons (name, age) VALUES ('Dora', ?);
                INSERT INTO persons (name, age) VALUES ('Ed', ?);
                """, parameters: [41, 32, 666])
        expectSQLError(.misuse, "3 values were given but the script's 2 statements took 2") {
            try statements.forEach { try $0.update() }
        }
        #expect(
            try ctx.query(sql: "SELECT age FROM persons WHERE name IN ('Dora', 'Ed') ORDER BY age") == [[32], [41]])
        // Values for an empty script are left over too.
        expectSQLError(.misuse, "1 value was given but the script's 0 statements took 0") {
            _ = try ctx.statements(sql: "", parameters: [1]).next()
        }
    }

    @Test func statementsTakeNamedArgumentsEachWhatItNames() throws {
        let ctx = try persons()
        defer { ctx.close() }
        try ctx.statements(
            sql: """
                INSERT INTO persons (name, age) VALUES ('Dora', :age1);
                INSERT INTO persons (name, age) VALUES ('Ed', :age2);
                """, parameters: ["age1": 41, ":age2": 32]
        ).forEach { try $0.update() }
        // A name used by two statements gives each its value.
        try ctx.statements(
            sql: """
                INSERT INTO persons (name, age) VALUES ('Fay', :age);
                INSERT INTO persons (name, age) VALUES ('Gus', $age);
                """, parameters: ["age": 7]
        ).forEach { try $0.update() }
        #expect(
            try ctx.query(sql: "SELECT name, age FROM persons WHERE id > 3 ORDER BY id")
                == [["Dora", 41], ["Ed", 32], ["Fay", 7], ["Gus", 7]])
        // Positional values for named parameters go by position, as SQLite numbers them.
        try ctx.statements(
            sql: """
                INSERT INTO persons (name, age) VALUES (:name, :age);
                """, parameters: ["Hal", 50]
        ).forEach { try $0.update() }
        #expect(try ctx.query(sql: "SELECT age FROM persons WHERE name = 'Hal'") == [[50]])
    }

    @Test func namedArgumentsThatDoNotFitTheScriptAreRefused() throws {
        let ctx = try persons()
        defer { ctx.close() }
        // A name no statement uses: reported once the script is done.
        expectSQLError(.misuse, "no statement of the script takes the parameters :typo, extra") {
            try ctx.statements(sql: "SELECT :a; SELECT :a", parameters: ["a": 1, ":typo": 2, "extra": 3]).forEach { _ in
            }
        }
        // A parameter with no value, or a positional one, stops at its statement.
        let missing = ctx.statements(sql: "SELECT :a; SELECT :b", parameters: ["a": 1])
        #expect(try missing.next() != nil)
        expectSQLError(.range, "no value given for parameter :b of statement 2 of the script") {
            _ = try missing.next()
        }
        expectSQLError(
            .misuse, "statement 1 of the script has a positional parameter (?1), which named values cannot give"
        ) {
            _ = try ctx.statements(sql: "SELECT ?", parameters: ["a": 1]).next()
        }
        // NaN refused before the statement is handed out.
        expectSQLError(.mismatch, "cannot bind NaN to parameter 1 (:x): SQLite would store it as NULL") {
            _ = try ctx.statements(sql: "SELECT :x", parameters: ["x": .float(.nan)]).next()
        }
        // A syntax error in a later statement: the earlier ones ran, the offset is the script's.
        let broken = ctx.statements(sql: "INSERT INTO persons (name) VALUES ('Ivy'); SELEC 1", parameters: [:])
        try #require(try broken.next()).update()
        let error = expectSQLError(.error, "near \"SELEC\": syntax error") { _ = try broken.next() }
        #expect(error?.offset == 43)
        #expect(try ctx.query(sql: "SELECT count(*) FROM persons WHERE name = 'Ivy'") == [[1]])
    }

    // MARK: Collations

    @Test func aRemovedCollationIsGoneForNewAndPreparedStatements() throws {
        let ctx = try context("CREATE TABLE w (s TEXT)")
        defer { ctx.close() }
        try ctx.exec(sql: "INSERT INTO w VALUES ('ccc'), ('a'), ('bb')")
        try ctx.createCollation("length") { $0.count - $1.count }
        let sql = "SELECT s FROM w ORDER BY s COLLATE length"
        #expect(try ctx.query(sql: sql) == [["a"], ["bb"], ["ccc"]])
        try ctx.removeCollation(named: "length")
        // The cached statement that used it is prepared again, and fails.
        expectSQLError(SQLError.Code(rawValue: 257), "no such collation sequence: length") {
            _ = try ctx.query(sql: sql)
        }
        expectSQLError(SQLError.Code(rawValue: 257), "no such collation sequence: length") {
            _ = try ctx.query(sql: "SELECT 'a' = 'b' COLLATE length")
        }
        // Added again, it works again.
        try ctx.createCollation("length") { $1.count - $0.count }
        #expect(try ctx.query(sql: sql) == [["ccc"], ["bb"], ["a"]])
    }

    @Test func removingAnUnknownOrBuiltInCollationIsRefused() throws {
        let ctx = try context()
        defer { ctx.close() }
        expectSQLError(.misuse, "no collation named nope to remove; the connection has BINARY, NOCASE, RTRIM") {
            try ctx.removeCollation(named: "nope")
        }
        for name in ["BINARY", "nocase", "RTrim"] {
            expectSQLError(.misuse, "cannot remove SQLite's own collation \(name)") {
                try ctx.removeCollation(named: name)
            }
        }
        #expect(try ctx.query(sql: "SELECT 'A' = 'a' COLLATE NOCASE") == [[1]])
    }

    @Test func aCollationCannotBeRemovedWhileAStatementUsesIt() throws {
        let ctx = try context("CREATE TABLE w (s TEXT); INSERT INTO w VALUES ('a'), ('bb')")
        defer { ctx.close() }
        try ctx.createCollation("length") { $0.count - $1.count }
        let cursor = try ctx.cursor(sql: "SELECT s FROM w ORDER BY s COLLATE length")
        #expect(try cursor.next()?.string(at: 0) == "a")
        #expect(throws: SQLError.self) { try ctx.removeCollation(named: "length") }
        cursor.close()
        try ctx.removeCollation(named: "length")
    }

    // MARK: Backups

    private func filled(_ directory: TemporaryDirectory, rows: Int = 2_000) throws -> SQLContext {
        let ctx = try SQLContext(path: directory.path("source.sqlite"))
        try ctx.exec(sql: "CREATE TABLE big (id INTEGER PRIMARY KEY, payload TEXT)")
        try ctx.transaction {
            for index in 0..<rows {
                try ctx.exec(
                    sql: "INSERT INTO big (payload) VALUES (?)",
                    parameters: [.text(String(repeating: "x", count: 500) + "\(index)")])
            }
        }
        return ctx
    }

    struct Stop: Error, Equatable {}

    @Test func aProgressClosureThatThrowsStopsTheBackupAndTheDestinationKeepsItsContent() throws {
        let directory = TemporaryDirectory()
        let source = try filled(directory)
        defer { source.close() }
        let destination = try SQLContext(path: directory.path("copy.sqlite"))
        defer { destination.close() }
        try destination.exec(sql: "CREATE TABLE old (v); INSERT INTO old VALUES ('kept')")
        var calls: [(Int32, Int32)] = []
        #expect(throws: Stop()) {
            try source.backup(to: destination, pagesPerStep: 10) { remaining, total in
                calls.append((remaining, total))
                if calls.count == 3 { throw Stop() }
            }
        }
        #expect(calls.count == 3)
        #expect(calls.allSatisfy { $0.0 > 0 && $0.0 < $0.1 })
        #expect(try destination.query(sql: "SELECT v FROM old") == [["kept"]])
        #expect(try destination.query(sql: "SELECT count(*) FROM sqlite_schema WHERE name = 'big'") == [[0]])
        // A backup let run goes through afterwards, and reports the end with 0 pages left.
        var last: Int32 = -1
        try source.backup(to: destination, pagesPerStep: 10) { remaining, _ in last = remaining }
        #expect(last == 0)
        #expect(try destination.query(sql: "SELECT count(*) FROM big") == [[2_000]])
    }

    @Test func aStoppedBackupToANewFileLeavesItEmpty() throws {
        let directory = TemporaryDirectory()
        let source = try filled(directory, rows: 500)
        defer { source.close() }
        let path = directory.path("new.sqlite")
        #expect(throws: Stop()) {
            try source.backup(toFile: path, pagesPerStep: 5) { _, _ in throw Stop() }
        }
        let copy = try SQLContext(path: path)
        defer { copy.close() }
        #expect(try copy.query(sql: "SELECT count(*) FROM sqlite_schema") == [[0]])
    }

    @Test func aPoolBackupIsOneConsistentSnapshotWhileWritesGoOn() async throws {
        let directory = TemporaryDirectory()
        let pool = try SQLPool(path: directory.path("bank.sqlite"))
        let accounts = 1_000
        try await pool.write { ctx in
            try ctx.exec(sql: "CREATE TABLE accounts (id INTEGER PRIMARY KEY, balance INTEGER NOT NULL, pad TEXT)")
            for id in 0..<accounts {
                try ctx.exec(
                    sql: "INSERT INTO accounts VALUES (?, 1000, ?)",
                    parameters: [.integer(Int64(id)), .text(String(repeating: "p", count: 2_000))])
            }
        }
        // Transfers run in another task during the backups: each moves money between two
        // accounts in one transaction, so the total never changes in a committed state.
        let writer = Task.detached {
            var transfers = 0
            while !Task.isCancelled, transfers < 100_000 {
                let from = Int64.random(in: 0..<Int64(accounts))
                let to = Int64.random(in: 0..<Int64(accounts))
                do {
                    try await pool.write { ctx in
                        try ctx.exec(
                            sql: "UPDATE accounts SET balance = balance - 7 WHERE id = ?", parameters: [.integer(from)])
                        try ctx.exec(
                            sql: "UPDATE accounts SET balance = balance + 7 WHERE id = ?", parameters: [.integer(to)])
                    }
                } catch is CancellationError {
                    break
                }
                transfers += 1
            }
            return transfers
        }
        var copies = 0
        var progressCalls = 0
        for round in 0..<4 {
            let path = directory.path("copy-\(round).sqlite")
            if round % 2 == 0 {
                let copy = try SQLContext(path: path)
                try pool.backup(to: copy, pagesPerStep: 8) { _, _ in progressCalls += 1 }
                copy.close()
            } else {
                try await pool.backup(toFile: path, pagesPerStep: 8)
            }
            let copy = try SQLContext(path: path, flags: [.readOnly])
            #expect(
                try copy.query(sql: "SELECT count(*), sum(balance) FROM accounts") == [
                    [.integer(Int64(accounts)), .integer(Int64(accounts) * 1000)]
                ])
            #expect(try copy.query(sql: "PRAGMA integrity_check") == [["ok"]])
            copy.close()
            copies += 1
        }
        writer.cancel()
        let transfers = try await writer.value
        #expect(copies == 4)
        #expect(progressCalls > 2)
        #expect(transfers > 0)
        // The pool kept serving writes, and its own total holds too.
        try await pool.write { try $0.exec(sql: "UPDATE accounts SET balance = balance WHERE id = 0") }
        #expect(
            try await pool.read { try $0.query(sql: "SELECT sum(balance) FROM accounts") } == [
                [.integer(Int64(accounts) * 1000)]
            ])
        await pool.close()
    }

    /// GRDB's backup test between two pools, in Slate's words: a backup abandoned from its
    /// progress leaves the destination pool's data as it was; one let run reports every
    /// page once, in order; a later backup replaces the destination's schema too.
    @Test func aBackupBetweenTwoPoolsAbandonedThenRunThenRunAgain() throws {
        let directory = TemporaryDirectory()
        let source = try SQLPool(path: directory.path("source.sqlite"))
        let destination = try SQLPool(path: directory.path("destination.sqlite"))
        try source.write { ctx in
            try ctx.exec(sql: "CREATE TABLE items (id INTEGER PRIMARY KEY, pad TEXT)")
            try ctx.exec(
                sql: "INSERT INTO items VALUES (0, ?)", parameters: [.text(String(repeating: "s", count: 20_000))])
        }
        try destination.write { ctx in
            try ctx.exec(
                sql: "CREATE TABLE items (id INTEGER PRIMARY KEY, pad TEXT); INSERT INTO items VALUES (1, 'd')")
        }
        let pageCount = try source.read { try $0.query(sql: "PRAGMA page_count") }[0][0].integerValue ?? 0
        #expect(pageCount > 3)
        try destination.writeWithoutTransaction { (target: SQLContext) -> Void in
            #expect(throws: Stop()) {
                try source.backup(to: target, pagesPerStep: 1) { remaining, total in
                    #expect(remaining > 0 && remaining < total)
                    throw Stop()
                }
            }
        }
        #expect(try destination.read { try $0.query(sql: "SELECT id FROM items") } == [[1]])
        var reports: [Int32] = []
        try destination.writeWithoutTransaction { target in
            try source.backup(to: target, pagesPerStep: 1) { remaining, total in
                #expect(Int64(total) == pageCount)
                reports.append(remaining)
            }
        }
        #expect(reports == (0..<Int32(pageCount)).reversed().map { $0 })
        #expect(try destination.read { try $0.query(sql: "SELECT id, length(pad) FROM items") } == [[0, 20_000]])
        try source.write { try $0.exec(sql: "DROP TABLE items") }
        try destination.writeWithoutTransaction { target in try source.backup(to: target) }
        #expect(
            try destination.read { try $0.query(sql: "SELECT count(*) FROM sqlite_schema WHERE name = 'items'") } == [
                [0]
            ])
    }

    @Test func aPoolBackupStoppedByItsProgressLeavesTheDestinationAsItWas() throws {
        let directory = TemporaryDirectory()
        let pool = try SQLPool(path: directory.path("pool.sqlite"))
        try pool.write { ctx in
            try ctx.exec(sql: "CREATE TABLE t (x TEXT)")
            for _ in 0..<300 {
                try ctx.exec(sql: "INSERT INTO t VALUES (?)", parameters: [.text(String(repeating: "z", count: 1_000))])
            }
        }
        let destination = try SQLContext(path: directory.path("dest.sqlite"))
        defer { destination.close() }
        try destination.exec(sql: "CREATE TABLE mine (v); INSERT INTO mine VALUES (1)")
        #expect(throws: Stop()) { try pool.backup(to: destination, pagesPerStep: 4) { _, _ in throw Stop() } }
        #expect(try destination.query(sql: "SELECT v FROM mine") == [[1]])
        // The pool is not left holding a reader or a transaction.
        try pool.write { try $0.exec(sql: "INSERT INTO t VALUES ('after')") }
        #expect(try pool.read { try $0.query(sql: "SELECT count(*) FROM t") } == [[301]])
    }
}

extension SQLContext {
    /// The message every statement gets once a transaction closure was aborted by a nested
    /// transaction that lost its savepoint (without the SQL part).
    fileprivate var abortMessage: String {
        "the transaction was aborted: SQLite rolled it back: a nested transaction's savepoint could not be rolled back to (no such savepoint: slate_savepoint_1): its closure released or rolled back the savepoint itself, so its work could not be told apart from the enclosing transaction's, and the whole transaction was rolled back; the closure had thrown: boom. Nothing of it was committed, and no statement can run on this connection until its transaction closure ends"
    }
}
