import Foundation
// A short tour of Slate's connection layer: create a database, write, query, print.
// Run it with `swift run slate-tour [PATH]`; without a path it uses a temporary file.
import Slate

let arguments = CommandLine.arguments.dropFirst()
let isTemporary = arguments.isEmpty
let path =
    arguments.first
    ?? FileManager.default.temporaryDirectory.appendingPathComponent(
        "slate-tour-\(UInt64.random(in: 0...UInt64.max)).sqlite"
    ).path
defer {
    if isTemporary {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}

do {
    let ctx = try SQLContext(path: path, configuration: .init(journalMode: .wal))
    defer { ctx.close() }
    print("Opened \(path) with SQLite \(SQLContext.sqliteVersion)")

    try ctx.exec(
        sql: """
            DROP TABLE IF EXISTS planets;
            CREATE TABLE planets (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL UNIQUE,
                au REAL NOT NULL,
                moons INTEGER NOT NULL DEFAULT 0
            );
            """)

    // Writes in one transaction, through one prepared statement.
    let planets: [(String, Double, Int)] = [
        ("Mercury", 0.39, 0), ("Venus", 0.72, 0), ("Earth", 1.0, 1), ("Mars", 1.52, 2),
        ("Jupiter", 5.2, 95), ("Saturn", 9.54, 146), ("Uranus", 19.2, 28), ("Neptune", 30.06, 16),
    ]
    let insert = try ctx.prepare(sql: "INSERT INTO planets (name, au, moons) VALUES (?, ?, ?)")
    try ctx.transaction {
        for (name, au, moons) in planets {
            try insert.bind(name, at: 1)
            try insert.bind(au, at: 2)
            try insert.bind(moons, at: 3)
            try insert.update()
        }
    }
    insert.close()
    print("Inserted \(planets.count) planets; the last has rowid \(ctx.lastInsertRowID)")

    // A query with a bound parameter, read through a cursor by column name.
    let cursor = try ctx.cursor(sql: "SELECT name, au, moons FROM planets WHERE au > ? ORDER BY au", parameters: [1.0])
    print("Beyond the Earth:")
    while let row = try cursor.next() {
        let name: String = try row.get("name")
        let au: Double = try row.get("au")
        let moons: Int = try row.get("moons")
        print("  \(name + String(repeating: " ", count: max(0, 8 - name.count))) \(au) AU, \(moons) moons")
    }

    // A transaction that fails leaves nothing behind.
    do {
        try ctx.transaction {
            try ctx.exec(sql: "INSERT INTO planets (name, au) VALUES (?, ?)", "Pluto", 39.5)
            try ctx.exec(sql: "INSERT INTO planets (name, au) VALUES (?, ?)", "Mars", 1.52)
        }
    } catch let error as SQLError {
        print("Rolled back: \(error.message)")
    }
    let count = try ctx.query(sql: "SELECT count(*) FROM planets")
    print("Planets stored: \(count[0][0])")
} catch {
    print("error: \(error)")
    exit(1)
}
