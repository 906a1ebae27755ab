#if Postgres
import SlatePostgres
import Testing

/// How a PostgreSQL script is cut into statements (postgres-nio runs one a message), and
/// where each starts: no server needed.
struct SchemaEvolutionStatementTests {
    typealias Statement = SQLPostgresScriptStatement

    @Test func semicolonsInsideQuotesCommentsAndDollarQuotesDoNotSplit() {
        let script = """
            -- leading; comment
            /* block; /* nested; */ still; */ SELECT 'a;''b', "c;""d" FROM t;
            SELECT E'x\\';y', e'\\\\';  SELECT $$ ; $$, $f$ $$ ; $f$;
            SELECT $1::text, a$b$c FROM "$x$";
            """
        #expect(
            Statement.split(script) == [
                Statement(sql: #"SELECT 'a;''b', "c;""d" FROM t"#, line: 2),
                Statement(sql: #"SELECT E'x\';y', e'\\'"#, line: 3),
                Statement(sql: "SELECT $$ ; $$, $f$ $$ ; $f$", line: 3),
                Statement(sql: #"SELECT $1::text, a$b$c FROM "$x$""#, line: 4),
            ])
    }

    @Test func aLetterBeforeAQuoteIsNoEscapePrefix() {
        // `name'…'` is not E'…': a backslash there is an ordinary character.
        #expect(
            Statement.split("SELECT 'a\\'; SELECT 2") == [
                Statement(sql: "SELECT 'a\\'", line: 1), Statement(sql: "SELECT 2", line: 1),
            ])
        #expect(Statement.split("SELECT type'a\\'; SELECT 2").count == 2)
    }

    @Test func semicolonsInsideParenthesesDoNotSplit() {
        let rule = "CREATE RULE r AS ON INSERT TO t DO ALSO (INSERT INTO a VALUES (1); INSERT INTO b VALUES (2))"
        #expect(
            Statement.split(rule + ";\nSELECT (1);") == [
                Statement(sql: rule, line: 1), Statement(sql: "SELECT (1)", line: 2),
            ])
        // A stray `)` closes nothing.
        #expect(Statement.split("SELECT 1); SELECT 2").count == 2)
        // Parentheses in quotes and comments do not count.
        #expect(Statement.split("SELECT '(' -- (\n; SELECT \"(\" /* ( */; SELECT $$($$; SELECT 4").count == 4)
    }

    @Test func aStandardRoutineBodyIsOneStatement() {
        let function = """
            CREATE FUNCTION f(v INT) RETURNS TEXT LANGUAGE SQL
            BEGIN ATOMIC
              SELECT CASE WHEN v > 0 THEN 'a;' ELSE 'b' END;
              SELECT (CASE v WHEN 1 THEN 1 END);
            end
            """
        #expect(
            Statement.split(function + ";\nSELECT 2;") == [
                Statement(sql: function, line: 1), Statement(sql: "SELECT 2", line: 6),
            ])
        let procedure = "CREATE PROCEDURE p() LANGUAGE SQL begin /* x */ atomic INSERT INTO t VALUES (1); END"
        #expect(
            Statement.split(procedure + "; CALL p()") == [
                Statement(sql: procedure, line: 1), Statement(sql: "CALL p()", line: 1),
            ])
        // `begin` as a name, or `begin atomic` quoted, opens nothing.
        #expect(
            Statement.split("CREATE FUNCTION begin() RETURNS INT LANGUAGE SQL AS $$ SELECT 1 $$; SELECT 2").count == 2)
        #expect(Statement.split("SELECT 'begin atomic', \"begin\" atomic; SELECT 2").count == 2)
        #expect(Statement.split("BEGIN; SELECT 1; END; SELECT 2").count == 4)
    }

    @Test func blankAndCommentOnlyPiecesAreDropped() {
        #expect(Statement.split("") == [])
        #expect(Statement.split(" ;\n;  -- nothing\n/* at all */ ;") == [])
        #expect(Statement.split("\n\n  SELECT 1  \n\n") == [Statement(sql: "SELECT 1", line: 3)])
    }

    @Test func windowsLineEndsAndAByteOrderMarkAreBlank() {
        let script = "\u{FEFF}-- header\r\nSELECT 1;\r\n\r\nSELECT\r\n  2;\r\n"
        let statements = Statement.split(script)
        #expect(statements == [Statement(sql: "SELECT 1", line: 2), Statement(sql: "SELECT\r\n  2", line: 4)])
        #expect(statements.last?.line(ofPosition: 11) == 5)
    }

    @Test func unterminatedTextRunsToTheEnd() {
        #expect(
            Statement.split("SELECT 1; SELECT 'open; SELECT 3") == [
                Statement(sql: "SELECT 1", line: 1), Statement(sql: "SELECT 'open; SELECT 3", line: 1),
            ])
        #expect(Statement.split("SELECT $t$ open; SELECT 3").count == 1)
        #expect(Statement.split("SELECT 1 /* open; SELECT 3").count == 1)
    }

    @Test func aPositionBecomesALineOfTheScript() {
        let statement = Statement(sql: "SELECT é,\n  x\nFROM t", line: 7)
        #expect(statement.line(ofPosition: 1) == 7)
        #expect(statement.line(ofPosition: 10) == 7) // the newline itself
        #expect(statement.line(ofPosition: 11) == 8)
        #expect(statement.line(ofPosition: 15) == 9)
        #expect(statement.line(ofPosition: 1000) == 9)
    }

    @Test(arguments: [
        ("BEGIN", Statement.TransactionControl.redundant),
        ("begin transaction isolation level serializable", .redundant),
        ("START TRANSACTION", .redundant), ("commit", .redundant), ("END", .redundant), ("COMMIT\nWORK", .redundant),
        ("ROLLBACK", .refused), ("abort", .refused), ("ROLLBACK PREPARED 'x'", .refused),
        ("PREPARE TRANSACTION 'x'", .refused),
        ("COMMIT PREPARED 'x'", .refused), ("PREPARE q AS SELECT 1", .none), ("SELECT 1", .none), ("BEGINNING", .none),
        ("ENDS", .none), ("ROLLBACK TO SAVEPOINT a", .none), ("rollback to a", .none),
        ("CREATE TABLE begin (x BIGINT)", .none),
    ])
    func transactionControlIsRecognisedByItsFirstWords(sql: String, control: Statement.TransactionControl) {
        #expect(Statement(sql: sql, line: 1).transactionControl == control)
    }
}
#endif
