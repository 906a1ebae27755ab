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
        let context: SQLContext
        do {
            context = try SQLContext(path: path, flags: [.readOnly])
        } catch let error as SQLError where error.primaryCode == .cantOpen {
            return  // no file yet
        }
        defer { context.close() }
        if try check(context).followsEditedScript, !allowingDestructiveChanges {
            _ = try plan(context, allowingDestructiveChanges: false)
        }
    }

    func evolve(_ context: SQLContext, allowingDestructiveChanges: Bool) throws {
        let state = try check(context)
        if state.followsEditedScript {
            let plan = try plan(context, allowingDestructiveChanges: allowingDestructiveChanges)
            do {
                try plan.apply(to: context, allowDestructive: allowingDestructiveChanges)
            } catch let error as MigrationError {
                throw SQLError(code: .error, message: "\(place(context)): bringing it to the schema of \(scripts[0].file) failed: \(error.message)")
            }
            try context.exec(sql: "PRAGMA user_version = 1")
            return
        }
        var version = state.version
        let latest = Int64(scripts.count)
        if version == 0, try !isEmpty(context) {
            version = try recognise(context)
            try context.exec(sql: "PRAGMA user_version = \(version)")
        }
        guard version < latest else { return }
        _ = try context.migrate(migrations: scripts.map { script in { try self.run(script, in: $0) } }, names: scripts.map(\.file))
    }

    /// The plan that takes a file made from an earlier text of the one script to its
    /// current text; refused when destructive and not allowed.
    private func plan(_ context: SQLContext, allowingDestructiveChanges: Bool) throws -> MigrationPlan {
        do {
            let plan = try SchemaPlanner.plan(from: context, to: DesiredSchema(sql: scripts[0].sql, path: scripts[0].file))
            let destructive = plan.destructiveSteps
            if !destructive.isEmpty, !allowingDestructiveChanges {
                throw SQLError(
                    code: .error,
                    message: "\(place(context)) has the schema of an earlier \(scripts[0].file), and bringing it to the current one would \(destructive.map(\.summary).joined(separator: "; ")): bootstrap(at:allowingDestructiveChanges: true) goes ahead; or keep the earlier script as \(stem)-001.sql and add the change as \(stem)-002.sql. The file was left untouched")
            }
            return plan
        } catch let error as MigrationError {
            throw SQLError(code: .error, message: "\(place(context)): \(scripts[0].file) changed since the file was made, and the change cannot be planned: \(error.message)")
        }
    }

    /// The file's version, after the checks that refuse it: a newer version, a schema that
    /// is none of the versions. A file made from an earlier text of a single script is
    /// brought to its current text with the declarative planner instead.
    private func check(_ context: SQLContext) throws -> (version: Int64, followsEditedScript: Bool) {
        let latest = Int64(scripts.count)
        let version = try context.readUserVersion()
        if version > latest {
            throw SQLError(
                code: .misuse,
                message: "\(place(context)) is at schema version \(version), newer than \(typeName)'s \(latest): a newer version of the app wrote it; it was left untouched")
        }
        if version == 0, try !isEmpty(context) {
            do {
                _ = try recognise(context)
            } catch let error as SQLError where latest == 1 && error.code == .misuse {
                return (0, true)
            }
        } else if version == latest, latest == 1 {
            // One script: nothing numbers its edits, so check the file still matches it.
            if try objects(of: context) != versionObjects()[0] { return (1, true) }
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

    /// The version of a file made before Slate recorded versions: the newest version whose
    /// schema it has.
    private func recognise(_ context: SQLContext) throws -> Int64 {
        let actual = try objects(of: context)
        if let index = try versionObjects().lastIndex(of: actual) { return Int64(index + 1) }
        throw SQLError(
            code: .misuse,
            message: "\(place(context)) has a schema but no version, and its schema is none of \(typeName)'s \(scripts.count) version\(scripts.count == 1 ? "" : "s"): it was not made by this app, or was changed by hand; it was left untouched")
    }

    /// The schema's objects (type, name, table, SQL), in a stable order.
    private func objects(of context: SQLContext) throws -> [[SQLValue]] {
        try context.query(sql: "SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY type, name")
    }

    /// The objects each version has: the scripts replayed once, in order, into an
    /// in-memory database, the schema read after each.
    private func versionObjects() throws -> [[[SQLValue]]] {
        if let replayed { return replayed }
        let scratch = try SQLContext()
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
