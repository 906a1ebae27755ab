// A child process for the reliability tests, which kill it or compete with it.
//
//   slate-test-child write PATH JOURNAL_MODE FIRST
//       Commits transactions FIRST, FIRST+1, … forever. Each inserts three rows (part 0, 1,
//       2) of one number into `ledger`, with text of varying size so that pages split and
//       the journal works. After each COMMIT returns, prints the number on its own line.
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
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Slate
import SlateMigration

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
              let mode = SQLContext.JournalMode(rawValue: arguments[3].uppercased()) else {
            say("usage: slate-test-child write PATH JOURNAL FIRST")
            exit(64)
        }
        let context = try SQLContext(path: arguments[2], configuration: SQLContext.Configuration(journalMode: mode))
        try context.exec(sql: "CREATE TABLE IF NOT EXISTS ledger (n INTEGER NOT NULL, part INTEGER NOT NULL, payload TEXT NOT NULL, PRIMARY KEY (n, part))")
        var number = first
        while true {
            try context.transaction(.immediate) {
                for part in 0..<3 {
                    let size = Int((number * 7 + Int64(part) * 131) % 3000) + 50
                    try context.exec(
                        sql: "INSERT INTO ledger (n, part, payload) VALUES (?, ?, ?)",
                        parameters: [.integer(number), .integer(Int64(part)), .text(String(repeating: "x", count: size))])
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
            { try $0.exec(sql: "CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT); CREATE TABLE applied (step INTEGER UNIQUE, pid INTEGER)") },
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
