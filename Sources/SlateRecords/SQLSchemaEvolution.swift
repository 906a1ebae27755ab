import Slate
import SlateMigration

/// Brings a database file to a generated database's schema, script by script: what
/// ``SQLDatabase/bootstrap(at:configuration:allowingDestructiveChanges:)-(String,_,_)`` does for a database generated from scripts.
///
/// The version is `PRAGMA user_version`: the number of scripts applied (after script `N`, it
/// is `N`). A single script edited after a file was made from it is followed with the
/// declarative planner.
///
/// One instance serves one bootstrap: the read-only check before the pool opens the file
/// and the evolution after share its replay of the scripts.
final class SQLSchemaEvolution {
    let typeName: String
    let scripts: [SQLSchemaScript]
    /// Whether the scripts rely on SQLite's legacy double-quoted strings
    /// (``SQLDatabase/allowsDoubleQuotedStrings``).
    let allowsDoubleQuotedStrings: Bool
    /// The schema's objects after each script (index `N − 1` for version `N`), replayed
    /// once, when first needed.
    private var replayed: [[[SQLValue]]]?

    init<Database: SQLDatabase>(_ database: Database.Type) {
        typeName = "\(database)"
        scripts = database.schemaScripts
        allowsDoubleQuotedStrings = database.allowsDoubleQuotedStrings
    }

    /// Throws, reading the file at `path` read-only, when ``evolve(_:allowingDestructiveChanges:)``
    /// would refuse it; does nothing for a missing file.
    func refuseWithoutChanging(path: String, allowingDestructiveChanges: Bool) throws {
        do {
            try refuseReadingOnly(path: path, allowingDestructiveChanges: allowingDestructiveChanges)
        } catch let error as SQLError where error.code == .readOnlyRollback {
            // A writer crashed mid-transaction and left a hot journal, which only a
            // read-write connection rolls back; opening any connection to the file does
            // that, giving back the last committed state. Then check as usual.
            let recovering = try SQLContext(path: path, flags: [.readWrite])
            defer { recovering.close() }
            _ = try recovering.query(sql: "SELECT count(*) FROM sqlite_schema")
            recovering.close()
            try refuseReadingOnly(path: path, allowingDestructiveChanges: allowingDestructiveChanges)
        }
    }

    private func refuseReadingOnly(path: String, allowingDestructiveChanges: Bool) throws {
        let context: SQLContext
        do {
            context = try SQLContext(path: path, flags: [.readOnly])
        } catch let error as SQLError where error.primaryCode == .cantOpen {
            return // no file yet
        }
        defer { context.close() }
        if allowsDoubleQuotedStrings { try context.allowDoubleQuotedStrings() }
        // One read transaction: the version and the schema from one snapshot, whatever
        // another process is committing meanwhile.
        // Foreign keys off, as when applying: the planner tries rebuilt tables' rows in
        // temporary copies, whose foreign keys cannot see the main tables.
        try context.withForeignKeysOff {
            try context.transaction(.deferred) {
                // Planned whatever the leave, so that a plan refused for any reason (rows
                // a new constraint refuses, say) is refused before the pool opens the file.
                if try check(context).followsEditedScript {
                    _ = try plan(context, allowingDestructiveChanges: allowingDestructiveChanges)
                }
            }
        }
    }

    /// Brings the file on `context` (the pool's writer, outside a transaction) to the
    /// latest version.
    ///
    /// Everything that decides from the file's state and writes runs in one `BEGIN
    /// IMMEDIATE` transaction that reads the state first: recognising a file from before
    /// versions and recording its version, or following an edited single script. So a
    /// second process (an app and its widget, two server instances) that upgraded the
    /// file meanwhile is seen, and its work is never undone: a version is only ever
    /// recorded over 0, never lowered. The missing scripts then run one transaction each
    /// (``SQLContext/migrate(migrations:)``), which reads the version again.
    func evolve(_ context: SQLContext, allowingDestructiveChanges: Bool) throws {
        let latest = Int64(scripts.count)
        // Reading the file's state is set-up, never a slow statement; an upgrade is logged
        // with its time instead (`loggingUpgrade`).
        let version: Int64 = try context.settingUp {
            try context.withForeignKeysOff {
                try context.transaction(.immediate) { () -> Int64 in
                    let state = try check(context)
                    if state.followsEditedScript {
                        let before = try objects(of: context)
                        let plan = try plan(context, allowingDestructiveChanges: allowingDestructiveChanges)
                        try context.loggingUpgrade(
                            from: "1 (an earlier \(scripts[0].file))", to: "1 (\(scripts[0].file) as it is now)"
                        ) {
                            do {
                                try plan.applyInTransaction(to: context, allowDestructive: allowingDestructiveChanges)
                            } catch let error as MigrationError {
                                throw SQLError(
                                    code: .error,
                                    message:
                                        "\(place(context)): bringing it to the schema of \(scripts[0].file) failed: \(error.message)"
                                )
                            }
                        }
                        try recordFollowedEdit(from: before, to: versionObjects()[0], in: context)
                        try context.exec(sql: "PRAGMA user_version = 1")
                        return 1
                    }
                    if state.version == 0, try !isEmpty(context) {
                        let recognised = try recognise(context)
                        try context.exec(sql: "PRAGMA user_version = \(recognised)")
                        return recognised
                    }
                    return state.version
                }
            }
        }
        guard version < latest else { return }
        _ = try context.migrate(
            migrations: scripts.map { script in { try self.run(script, in: $0) } }, names: scripts.map(\.file))
    }

    /// The plan that takes a file made from an earlier text of the one script to its
    /// current text; refused when destructive and not allowed.
    private func plan(_ context: SQLContext, allowingDestructiveChanges: Bool) throws -> MigrationPlan {
        do {
            let plan = try SchemaPlanner.plan(
                from: context,
                to: DesiredSchema(
                    sql: scripts[0].sql, path: scripts[0].file, allowingDoubleQuotedStrings: allowsDoubleQuotedStrings))
            let destructive = plan.destructiveSteps
            if !destructive.isEmpty, !allowingDestructiveChanges {
                throw SQLError(
                    code: .error,
                    message:
                        "\(place(context)) has the schema of an earlier \(scripts[0].file), and bringing it to the current one would \(destructive.map(\.summary).joined(separator: "; ")): bootstrap(at:allowingDestructiveChanges: true) goes ahead; or keep the earlier script as \(stem)-001.sql and add the change as \(stem)-002.sql. The file was left untouched"
                )
            }
            return plan
        } catch let error as MigrationError {
            throw SQLError(
                code: .error,
                message:
                    "\(place(context)): \(scripts[0].file) changed since the file was made, and the change cannot be planned: \(error.message)"
            )
        }
    }

    /// The file's version, after the checks that refuse it: a version no script numbering
    /// gives (newer than the latest, or negative), a schema that is none of the versions
    /// or could be several. A file made from an earlier text of a single script is
    /// brought to its current text with the declarative planner instead.
    private func check(_ context: SQLContext) throws -> (version: Int64, followsEditedScript: Bool) {
        let latest = Int64(scripts.count)
        let version = try context.readUserVersion()
        if version > latest {
            throw SQLError(
                code: .misuse,
                message:
                    "\(place(context)) is at schema version \(version), newer than \(typeName)'s \(latest): a newer version of the app wrote it; it was left untouched"
            )
        }
        if version < 0 {
            throw SQLError(
                code: .misuse,
                message:
                    "\(place(context)) has user_version \(version), which no version of \(typeName) writes (its versions are 1 to \(latest)): another tool set it, and the schema's version cannot be known from it; it was left untouched"
            )
        }
        if version == 0, try !isEmpty(context) {
            do {
                _ = try recognise(context)
            } catch let error as SQLError where latest == 1 && error.code == .misuse {
                return (0, true)
            }
        } else if version == latest, latest == 1 {
            // One script: nothing numbers its edits, so check the file still matches it. A
            // file whose history holds this text's schema, but moved on since, was brought to
            // a later text by a newer build: this one must not take it back.
            let mine = try versionObjects()[0]
            if try objects(of: context) != mine {
                let history = try history(context)
                let digest = Self.digest(mine)
                if history.contains(digest), history.last != digest {
                    throw SQLError(
                        code: .misuse,
                        message:
                            "\(place(context)) has the schema of a later text of \(scripts[0].file) than \(typeName) was built from: a newer build of the app followed an edit of the script, and this one left the file untouched (a script set back to an earlier text on purpose is a change to number: keep it as \(stem)-001.sql and add \(stem)-002.sql)"
                    )
                }
                return (1, true)
            }
        }
        return (version, false)
    }

    /// The script's statements, as the generator replayed them (``SQLSchemaScript/replayedSQL()``:
    /// a dump's `CREATE TABLE sqlite_sequence`, the script's own `BEGIN` and `COMMIT` are
    /// left out, since this runs inside the version's transaction), with SQLite's legacy
    /// double-quoted strings when the schema relies on them, on whichever connection
    /// replays it; an error names the script's line.
    private func run(_ script: SQLSchemaScript, in context: SQLContext) throws {
        let sql = try script.replayedSQL()
        if allowsDoubleQuotedStrings { try context.allowDoubleQuotedStrings() }
        do {
            try context.exec(sql: sql)
        } catch var error as SQLError {
            if let position = error.lineAndColumn(in: sql) {
                error.message = "\(script.file):\(position.line):\(position.column): \(error.message)"
            } else {
                error.message = "\(script.file): \(error.message)"
            }
            throw error
        }
    }

    /// The version of a file made before Slate recorded versions: the one version whose
    /// schema it has. A schema that several versions share (a script that only inserts
    /// rows, or changes nothing SQLite records) cannot tell which of them the file is at,
    /// and is refused: guessing the newest would skip a script and report success.
    private func recognise(_ context: SQLContext) throws -> Int64 {
        let actual = try objects(of: context)
        let versions = try versionObjects()
        let candidates = versions.indices.filter { versions[$0] == actual }.map { Int64($0 + 1) }
        if candidates.count == 1 { return candidates[0] }
        if candidates.count > 1 {
            let names = candidates.map { "\($0) (\(scripts[Int($0) - 1].file))" }
            throw SQLError(
                code: .misuse,
                message:
                    "\(place(context)) has a schema but no version, and its schema is that of \(typeName)'s versions \(names.joined(separator: ", ")): the schema cannot tell which of those scripts already ran. Record the version it is at, the number of the last script applied to it, with PRAGMA user_version = N (\(candidates.map(String.init).joined(separator: " or "))), then open it again; it was left untouched"
            )
        }
        throw SQLError(
            code: .misuse,
            message:
                "\(place(context)) has a schema but no version, and its schema is none of \(typeName)'s \(scripts.count) version\(scripts.count == 1 ? "" : "s"): it was not made by this app, or was changed by hand; it was left untouched"
        )
    }

    /// The schema's objects (type, name, table, SQL), in a stable order.
    ///
    /// Compared as SQLite parsed them, not as spelled: names lower-cased, each `CREATE`
    /// statement as its tokens (`SchemaComparison.normalized`), so a table a rebuild
    /// renamed into place (stored as `CREATE TABLE "note" …`) is the table its script
    /// creates (`CREATE TABLE note …`).
    private func objects(of context: SQLContext) throws -> [[SQLValue]] {
        try context.query(
            sql:
                "SELECT type, lower(name), lower(tbl_name), sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND tbl_name <> ? ORDER BY type, lower(name)",
            parameters: [.text(Self.historyTable)]
        ).map { row in
            [row[0], row[1], row[2], row[3].textValue.map { .text(SchemaComparison.normalized($0)) } ?? .null]
        }
    }

    // MARK: The history of an edited single script

    /// The table that records, for a database of one script, the schemas its file was
    /// brought to as the script was edited: one digest a row, in order. It is how a build
    /// of the app tells that the file's schema comes from a later text of the script than
    /// its own (a newer build followed the edit) and leaves it alone, where the schemas
    /// alone cannot say which text is the newer.
    static let historyTable = SQLMigrator.schemaHistoryTable

    /// The digests of the schemas the file had, oldest first; empty without the table.
    private func history(_ context: SQLContext) throws -> [String] {
        guard
            try !context.query(
                sql: "SELECT 1 FROM sqlite_schema WHERE name = ?", parameters: [.text(Self.historyTable)]
            ).isEmpty
        else { return [] }
        return try context.query(sql: "SELECT schema_digest FROM \(Self.historyTable) ORDER BY position").compactMap {
            $0[0].textValue
        }
    }

    /// Records that the file went from the schema `before` to `after`, in the caller's
    /// transaction.
    private func recordFollowedEdit(from before: [[SQLValue]], to after: [[SQLValue]], in context: SQLContext) throws {
        try context.exec(
            sql: """
                CREATE TABLE IF NOT EXISTS \(Self.historyTable) (
                  position INTEGER PRIMARY KEY,
                  schema_digest TEXT NOT NULL,
                  recorded_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%f', 'now'))
                )
                """)
        var known = try history(context)
        for digest in [Self.digest(before), Self.digest(after)] where known.last != digest {
            try context.exec(
                sql: "INSERT INTO \(Self.historyTable) (schema_digest) VALUES (?)", parameters: [.text(digest)])
            known.append(digest)
        }
    }

    /// A digest of a schema's objects (FNV-1a, 64 bits, in hexadecimal): stable across
    /// runs and platforms.
    static func digest(_ objects: [[SQLValue]]) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for row in objects {
            for value in row {
                for byte in (value.textValue ?? "").utf8 {
                    hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
                }
                hash = (hash ^ 0x1F) &* 0x0000_0100_0000_01B3
            }
            hash = (hash ^ 0x1E) &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The objects each version has: the scripts replayed once, in order, into an
    /// in-memory database, the schema read after each.
    private func versionObjects() throws -> [[[SQLValue]]] {
        if let replayed { return replayed }
        // Foreign keys off, as migrate(migrations:) runs the scripts: a script may leave a
        // row dangling for a while, and the check before commit is what judges it.
        let scratch = try SQLContext(configuration: SQLContext.Configuration(foreignKeys: false))
        defer { scratch.close() }
        var objects: [[[SQLValue]]] = []
        for script in scripts {
            try run(script, in: scratch)
            objects.append(try self.objects(of: scratch))
        }
        replayed = objects
        return objects
    }

    private func isEmpty(_ context: SQLContext) throws -> Bool {
        try context.query(sql: "SELECT count(*) FROM sqlite_schema").first?.first?.integerValue == 0
    }

    private func place(_ context: SQLContext) -> String {
        context.path ?? "the in-memory database"
    }

    /// The first script's name without its extension and sequence number
    /// (`todos-001.sql`, `todos-v1.sql`, `todos_1.sql` → `todos`).
    private var stem: String {
        var name = Substring(scripts.first?.file ?? "schema.sql")
        if let dot = name.lastIndex(of: ".") { name = name[..<dot] }
        if let separator = name.lastIndex(where: { $0 == "-" || $0 == "_" }), separator != name.startIndex {
            var number = name[name.index(after: separator)...]
            if number.first == "v" || number.first == "V" { number = number.dropFirst() }
            if !number.isEmpty, number.allSatisfy({ $0.isASCII && $0.isNumber }) { name = name[..<separator] }
        }
        return String(name)
    }
}

#if DEBUG
// `bootstrap(at:configuration:erasingDatabaseOnSchemaChange:)`: a development mode, in
// debug builds only.
extension SQLSchemaEvolution {
    /// Erases the file and creates the whole schema again, in one transaction, when the
    /// file is not what the scripts make at its version: its schema is not that version's (a
    /// script edited since), its version is above the scripts' (a script removed), or it has
    /// no version and a schema that is none of theirs. Without scripts (a database generated
    /// from a database file, or from scripts that set `user_version` themselves), the file is
    /// compared with what `creationSQL` makes, its version with `schemaVersion`. An empty
    /// file, or one that is some version's, is left to ``evolve(_:allowingDestructiveChanges:)``.
    func recreateIfChanged(_ context: SQLContext, creationSQL: String, schemaVersion: Int64) throws {
        guard try !isEmpty(context) else { return }
        let version = try context.readUserVersion()
        let actual = try objects(of: context)
        let matches: Bool
        if scripts.isEmpty {
            // Foreign keys off, as when the file is made: the check after replaces them.
            let scratch = try SQLContext(configuration: .init(foreignKeys: false))
            defer { scratch.close() }
            try scratch.exec(sql: creationSQL)
            matches = try version == schemaVersion && actual == objects(of: scratch)
        } else if version == 0 {
            matches = try versionObjects().contains(actual)
        } else if version > 0, version <= Int64(scripts.count) {
            matches = try actual == versionObjects()[Int(version) - 1]
        } else {
            matches = false
        }
        guard !matches else { return }
        if !scripts.isEmpty { _ = try versionObjects() } // every script replays, or the file stays as it is
        try context.withForeignKeysOff {
            try context.transaction(.immediate) {
                try context.dropAllSchemaObjects()
                if scripts.isEmpty {
                    try context.exec(sql: creationSQL)
                } else {
                    for script in scripts { try run(script, in: context) }
                    try context.exec(sql: "PRAGMA user_version = \(scripts.count)")
                }
                let violations = try context.query(sql: "PRAGMA foreign_key_check")
                if !violations.isEmpty {
                    let tables = Set(violations.compactMap { $0.first?.textValue }).sorted()
                    throw SQLError(
                        code: .constraintForeignKey,
                        message:
                            "\(place(context)): creating \(typeName)'s schema again left \(violations.count) row\(violations.count == 1 ? "" : "s") referring to nothing (in \(tables.joined(separator: ", "))); the file was left as it was"
                    )
                }
            }
        }
    }
}
#endif
