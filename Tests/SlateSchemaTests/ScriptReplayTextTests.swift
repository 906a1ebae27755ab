import SlateSchema
import Testing

/// What a replay leaves out of a script (`SQLScript.replayed`, `compacted`,
/// `creationSQL`): the statements only the script's own tool could run, found statement by
/// statement as SQLite splits them (a trigger ends at `; END;`).
@Suite struct ScriptReplayTextTests {
    static let script = """
        PRAGMA foreign_keys = off;
        BEGIN TRANSACTION;
        CREATE TABLE t (id INTEGER PRIMARY KEY AUTOINCREMENT, s TEXT);
        CREATE TABLE sqlite_sequence(name,seq);
        CREATE TABLE IF NOT EXISTS main."sqlite_stat1"(tbl,idx,stat);
        CREATE TRIGGER t_ins AFTER INSERT ON t BEGIN
          SELECT CASE WHEN NEW.s = 'x' THEN RAISE(ABORT, 'no; END') END;
          UPDATE t SET s = 'end;' WHERE id = NEW.id;
        END;
        PRAGMA main.journal_mode = WAL; VACUUM;
        INSERT INTO t (s) VALUES ('a
          b'); COMMIT;
        """

    @Test func replayedBlanksWhatOnlyTheScriptsToolCouldRunKeepingLinesAndColumns() throws {
        let replayed = try SQLScript.replayed(Self.script)
        let expected = """
            PRAGMA foreign_keys = off;
            \(String(repeating: " ", count: 18))
            CREATE TABLE t (id INTEGER PRIMARY KEY AUTOINCREMENT, s TEXT);
            \(String(repeating: " ", count: 39))
            \(String(repeating: " ", count: 61))
            CREATE TRIGGER t_ins AFTER INSERT ON t BEGIN
              SELECT CASE WHEN NEW.s = 'x' THEN RAISE(ABORT, 'no; END') END;
              UPDATE t SET s = 'end;' WHERE id = NEW.id;
            END;
            \(String(repeating: " ", count: 39))
            INSERT INTO t (s) VALUES ('a
              b');\(String(repeating: " ", count: 8))
            """
        #expect(replayed == expected)
        #expect(replayed.utf8.count == Self.script.utf8.count)
    }

    @Test func compactedRemovesThemAndTheLinesTheyFilled() throws {
        #expect(
            try SQLScript.compacted(Self.script) == """
                PRAGMA foreign_keys = off;
                CREATE TABLE t (id INTEGER PRIMARY KEY AUTOINCREMENT, s TEXT);
                CREATE TRIGGER t_ins AFTER INSERT ON t BEGIN
                  SELECT CASE WHEN NEW.s = 'x' THEN RAISE(ABORT, 'no; END') END;
                  UPDATE t SET s = 'end;' WHERE id = NEW.id;
                END;
                INSERT INTO t (s) VALUES ('a
                  b');
                """)
        #expect(
            try SQLScript.compacted("CREATE TABLE a (x);\n\nBEGIN;\n\nCREATE TABLE b (y);\n\nCOMMIT;\n")
                == "CREATE TABLE a (x);\n\nCREATE TABLE b (y);\n\n")
        #expect(try SQLScript.compacted("BEGIN; CREATE TABLE a (x); -- a\nCOMMIT;") == "CREATE TABLE a (x); -- a\n")
    }

    @Test func aTriggerIsOneStatementUpToItsFinalEnd() {
        let tokens = SQLTokenizer.tokenize(Self.script)
        let firstWords = SQLScript.statements(tokens).map { tokens[$0.lowerBound].text }
        #expect(
            firstWords == [
                "PRAGMA", "BEGIN", "CREATE", "CREATE", "CREATE", "CREATE", "PRAGMA", "VACUUM", "INSERT", "COMMIT",
            ])
    }

    @Test func rollbackIsRefusedWhereItStandsAndRollbackToIsKept() throws {
        let text = "CREATE TABLE a (x);\n  ROLLBACK;"
        #expect(throws: SQLScript.ReplayRefusal.self) { try SQLScript.replayed(text) }
        do {
            _ = try SQLScript.replayed(text)
        } catch let refusal as SQLScript.ReplayRefusal {
            #expect(refusal.offset == 22)
            #expect(SQLScript.lineAndColumn(ofOffset: refusal.offset, in: text) == (2, 3))
        }
        let savepoints = "SAVEPOINT s; CREATE TABLE a (x); ROLLBACK TRANSACTION TO SAVEPOINT s; RELEASE s;"
        #expect(try SQLScript.replayed(savepoints) == savepoints)
    }

    @Test func creationSQLEndsEveryScriptAndRecordsTheVersion() throws {
        let sql = try SQLScript.creationSQL(
            [
                "BEGIN;\nCREATE TABLE a (x);\nCOMMIT;\n\n", "CREATE TABLE b (y) -- no semicolon", "-- only a comment\n",
                "INSERT INTO a VALUES (1);",
            ],
            userVersion: 4)
        #expect(
            sql == """
                CREATE TABLE a (x);
                CREATE TABLE b (y); -- no semicolon
                INSERT INTO a VALUES (1);
                PRAGMA user_version = 4;
                """)
        #expect(try SQLScript.creationSQL(["CREATE TABLE a (x)"], userVersion: nil) == "CREATE TABLE a (x);")
    }
}
