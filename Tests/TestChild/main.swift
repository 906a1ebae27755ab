import Slate
import SlateMigration
import SlateRecords

// A child process for the reliability tests, which kill it or compete with it.
//
//   slate-test-child write PATH JOURNAL_MODE FIRST
//       Commits transactions FIRST, FIRST+1, … forever. Each inserts three rows (part 0, 1,
//       2) of one number into `ledger`, with text of varying size so that pages split and
//       the journal works. After each COMMIT returns, prints the number on its own line.
//   slate-test-child insert PATH N VALUE
//       Opens a plain context on PATH (another process than the pool observing it) and
//       commits N transactions, each inserting one row (v = VALUE) into `items`. Prints "ok".
//   slate-test-child maintain PATH N VALUE
//       Checkpoints the WAL (TRUNCATE), runs VACUUM, then inserts N rows as `insert` does.
//       Prints "ok".
//   slate-test-child lock PATH
//       Takes an exclusive lock on the database, prints "locked", and waits to be killed.
//   slate-test-child migrate PATH
//       Runs three user_version migrations on PATH (each inserts a row naming this process)
//       and prints the version it ends at.
//   slate-test-child migrator PATH
//       Runs an SQLMigrator's three migrations on PATH through a pool and prints "ok".
//   slate-test-child pool PATH ID
//       Opens a pool on PATH (perhaps a new file other processes open at the same time),
//       inserts ID into `opened`, closes the pool and prints "ok".
//   slate-test-child seed PATH legacy|edited ROWS
//       Makes the file an older build of an app left: `legacy`, script 1 of Legacy applied
//       without a version (user_version 0); `edited`, the first text of Edited's single
//       script at version 1. ROWS rows in its table. Prints "ok".
//   slate-test-child bootstrap PATH legacy|edited
//       Prints "ready", runs Legacy.bootstrap(at:) (scripts 1–3) or Edited.bootstrap(at:)
//       (its script's current text) on PATH, and prints the version it ends at.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A database whose file may predate versions: three scripts, the second adding a table
/// that refers to the first and filling it, the third a column and an index.
struct Legacy: SQLDatabase, SQLRecordStore {
    let pool: SQLPool
    init(pool: SQLPool) { self.pool = pool }
    static let creationSQL = ""
    static let schemaScripts = [
        SQLSchemaScript(file: "legacy-001.sql", sql: "CREATE TABLE a (id INTEGER PRIMARY KEY, v TEXT NOT NULL);"),
        SQLSchemaScript(
            file: "legacy-002.sql",
            sql: """
                CREATE TABLE b (id INTEGER PRIMARY KEY, a_id INTEGER NOT NULL REFERENCES a(id));
                INSERT INTO b (a_id) SELECT id FROM a WHERE id % 100 = 0;
                """),
        SQLSchemaScript(
            file: "legacy-003.sql",
            sql: "ALTER TABLE a ADD COLUMN w INTEGER NOT NULL DEFAULT 7;\nCREATE INDEX a_w ON a(w);"),
    ]
    static var schemaVersion: Int64 { 3 }
}

/// A database of one script, edited after files were made from its first text: the
/// edit makes `title` case-insensitive (a table rebuild) and adds an index.
struct Edited: SQLDatabase, SQLRecordStore {
    static let firstText = "CREATE TABLE note (id INTEGER PRIMARY KEY, title TEXT NOT NULL, body BLOB);"
    let pool: SQLPool
    init(pool: SQLPool) { self.pool = pool }
    static let creationSQL = ""
    static let schemaScripts = [
        SQLSchemaScript(
            file: "edited.sql",
            sql: """
                CREATE TABLE note (id INTEGER PRIMARY KEY, title TEXT NOT NULL COLLATE NOCASE, body BLOB);
                CREATE INDEX note_title ON note(title);
                """)
    ]
    static var schemaVersion: Int64 { 1 }
}

func say(_ line: String) {
    var text = line + "\n"
    text.withUTF8 { bytes in _ = write(1, bytes.baseAddress, bytes.count) }
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    say("usage: slate-test-child write PATH JOURNAL FIRST | lock PATH")
    exit(64)
}
do {
    switch arguments[1] {
    case "write":
        guard arguments.count == 5, let first = Int64(arguments[4]),
            let mode = SQLContext.JournalMode(rawValue: arguments[3].uppercased())
        else {
            say("usage: slate-test-child write PATH JOURNAL FIRST")
            exit(64)
        }
        let context = try SQLContext(path: arguments[2], configuration: SQLContext.Configuration(journalMode: mode))
        try context.exec(
            sql:
                "CREATE TABLE IF NOT EXISTS ledger (n INTEGER NOT NULL, part INTEGER NOT NULL, payload TEXT NOT NULL, PRIMARY KEY (n, part))"
        )
        var number = first
        while true {
            try context.transaction(.immediate) {
                for part in 0..<3 {
                    let size = Int((number * 7 + Int64(part) * 131) % 3000) + 50
                    try context.exec(
                        sql: "INSERT INTO ledger (n, part, payload) VALUES (?, ?, ?)",
                        parameters: [
                            .integer(number), .integer(Int64(part)), .text(String(repeating: "x", count: size)),
                        ])
                }
            }
            say(String(number))
            number += 1
        }
    case "pool":
        guard arguments.count == 4, let id = Int64(arguments[3]) else {
            say("usage: slate-test-child pool PATH ID")
            exit(64)
        }
        let pool = try SQLPool(path: arguments[2])
        try pool.write { ctx in
            try ctx.exec(sql: "CREATE TABLE IF NOT EXISTS opened (id INTEGER PRIMARY KEY)")
            try ctx.exec(sql: "INSERT INTO opened (id) VALUES (?)", parameters: [.integer(id)])
        }
        _ = try pool.read { try $0.query(sql: "SELECT count(*) FROM opened") }
        pool.close()
        say("ok")
    case "migrate":
        let pool = try SQLPool(path: arguments[2])
        let me = Int64(getpid())
        let migrations: [(SQLContext) throws -> Void] = [
            {
                try $0.exec(
                    sql:
                        "CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT); CREATE TABLE applied (step INTEGER UNIQUE, pid INTEGER)"
                )
            },
            { ctx in
                try ctx.exec(sql: "INSERT INTO settings VALUES ('theme', 'dark')")
                try ctx.exec(sql: "INSERT INTO applied VALUES (2, ?)", parameters: [.integer(me)])
            },
            { ctx in
                try ctx.exec(sql: "ALTER TABLE settings ADD COLUMN note TEXT")
                try ctx.exec(sql: "INSERT INTO applied VALUES (3, ?)", parameters: [.integer(me)])
            },
        ]
        let version = try pool.migrate(migrations: migrations)
        pool.close()
        say(String(version))
    case "migrator":
        var migrator = SQLMigrator()
        migrator.register("001-settings", sql: "CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT)")
        migrator.register("002-defaults", sql: "INSERT INTO settings VALUES ('theme', 'dark'), ('font', 'serif')")
        migrator.register("003-note", sql: "ALTER TABLE settings ADD COLUMN note TEXT")
        let pool = try SQLPool(path: arguments[2])
        try migrator.migrate(pool)
        pool.close()
        say("ok")
    case "seed":
        guard arguments.count == 5, let rows = Int64(arguments[4]) else {
            say("usage: slate-test-child seed PATH legacy|edited ROWS")
            exit(64)
        }
        let context = try SQLContext(path: arguments[2])
        try context.transaction(.immediate) {
            if arguments[3] == "legacy" {
                try context.exec(sql: Legacy.schemaScripts[0].sql)
                try context.exec(
                    sql:
                        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?) INSERT INTO a (id, v) SELECT i, 'row ' || i FROM n",
                    parameters: [.integer(rows)])
            } else {
                try context.exec(sql: Edited.firstText)
                try context.exec(
                    sql:
                        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?) INSERT INTO note (id, title, body) SELECT i, 'Note ' || i, zeroblob(i % 50) FROM n",
                    parameters: [.integer(rows)])
                try context.exec(sql: "PRAGMA user_version = 1")
            }
        }
        context.close()
        say("ok")
    case "bootstrap":
        guard arguments.count == 4 else {
            say("usage: slate-test-child bootstrap PATH legacy|edited")
            exit(64)
        }
        say("ready")
        let pool: SQLPool
        if arguments[3] == "legacy" {
            pool = try Legacy.bootstrap(at: arguments[2]).pool
        } else {
            pool = try Edited.bootstrap(at: arguments[2]).pool
        }
        let version = try pool.read { try $0.query(sql: "PRAGMA user_version") }
        pool.close()
        say(version.first?.first?.integerValue.map(String.init) ?? "?")
    case "insert", "maintain":
        guard arguments.count == 5, let count = Int(arguments[3]), let value = Int64(arguments[4]) else {
            say("usage: slate-test-child insert|maintain PATH N VALUE")
            exit(64)
        }
        let context = try SQLContext(path: arguments[2])
        if arguments[1] == "maintain" {
            let checkpoint = try context.query(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
            guard checkpoint.first?.first?.integerValue == 0 else {
                say("checkpoint was blocked: \(checkpoint)")
                exit(1)
            }
            try context.exec(sql: "VACUUM")
        }
        for _ in 0..<count {
            try context.transaction(.immediate) {
                try context.exec(sql: "INSERT INTO items (v) VALUES (?)", parameters: [.integer(value)])
            }
        }
        context.close()
        say("ok")
    case "lock":
        let context = try SQLContext(path: arguments[2])
        try context.exec(sql: "BEGIN EXCLUSIVE")
        say("locked")
        sleep(60)
    default:
        say("unknown mode \(arguments[1])")
        exit(64)
    }
} catch {
    say("error: \(error)")
    exit(1)
}
