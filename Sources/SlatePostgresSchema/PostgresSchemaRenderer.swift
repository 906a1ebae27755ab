import Slate
import SlateSchema

/// One numbered script's PostgreSQL form.
package struct PostgresSchemaScript: Equatable, Sendable {
    /// The schema version it brings a database to, from 1.
    package var version: Int
    /// The file it comes from: the SQLite script, or the `.postgres.sql` script that
    /// replaces it.
    package var file: String
    /// The statements, each ended with `;` and a line break.
    package var sql: String
    /// ``SQLScript/sourceDigest(_:)`` of the script the statements come from (the SQLite
    /// script, or the `.postgres.sql` one): what a database records to refuse an edited
    /// script, so that a Slate whose rendering changed still upgrades it.
    package var sourceDigest: String

    package init(version: Int, file: String, sql: String, sourceDigest: String) {
        self.version = version
        self.file = file
        self.sql = sql
        self.sourceDigest = sourceDigest
    }
}

/// What rendering a schema for PostgreSQL gives: the scripts, and every error found.
package struct PostgresSchemaRendering: Equatable, Sendable {
    /// One a version, in order.
    package var scripts: [PostgresSchemaScript]
    /// What does not translate, each at the statement that declared it.
    package var errors: [ScriptError]
}

/// PostgreSQL's form of a Slate schema: each numbered SQLite script is replayed in turn,
/// the schema reflected after it, and its PostgreSQL form rendered as the DDL from the
/// model before it to the model after it (``PostgresDDL``), followed by its data
/// statements. A script `NAME-NNN.postgres.sql` replaces script NNN's form verbatim.
package enum PostgresSchemaRenderer {
    /// Whether `path` names a PostgreSQL script (`….postgres.sql`), which replaces a SQLite
    /// script's PostgreSQL form and is never replayed on SQLite.
    package static func isPostgresScript(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.lowercased().hasSuffix(".postgres.sql")
    }

    /// The sequence number in a script's name (`todos-002-priority.sql` → 2,
    /// `todos-002.postgres.sql` → 2, `003.sql` → 3), nil when it has none.
    package static func sequenceNumber(of path: String) -> Int? {
        var name = path.split(separator: "/").last.map(String.init) ?? path
        for suffix in [".sql", ".postgres"] where name.lowercased().hasSuffix(suffix) {
            name = String(name.dropLast(suffix.count))
        }
        for part in name.split(whereSeparator: { $0 == "-" || $0 == "_" }) {
            let digits = part.first == "v" || part.first == "V" ? part.dropFirst() : part[...]
            if !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) { return Int(digits) }
        }
        return nil
    }

    /// Renders `scripts` (SQLite scripts, replayed in name order; version N is the Nth)
    /// with `postgresScripts` replacing the forms of the scripts of their numbers.
    ///
    /// - Throws: ``ScriptError`` when a SQLite script does not replay.
    package static func render(
        scripts: [SQLScript], postgresScripts: [SQLScript] = [],
        typing: @escaping PostgresColumnTyping = PostgresColumnType.byDeclaredType
    ) throws -> PostgresSchemaRendering {
        let ordered = SQLScript.ordered(scripts)
        var errors: [ScriptError] = []
        var overrides: [Int: SQLScript] = [:]
        for script in SQLScript.ordered(postgresScripts) {
            let number = sequenceNumber(of: script.path)
            let version = ordered.firstIndex { number != nil && sequenceNumber(of: $0.path) == number }.map { $0 + 1 }
            guard let version else {
                errors.append(
                    ScriptError(
                        path: script.path, line: nil, column: nil,
                        message:
                            "no SQLite script of number \(number.map(String.init) ?? "(none)") for this PostgreSQL script to replace; name it after one (todos-002.sql → todos-002.postgres.sql)"
                    ))
                continue
            }
            overrides[version] = script
        }
        var configuration = SQLContext.Configuration()
        configuration.foreignKeys = false
        let context = try SQLContext(configuration: configuration)
        defer { context.close() }
        var model = SQLSchema()
        var rendered: [PostgresSchemaScript] = []
        let ddl = PostgresDDL(typing: typing)
        for (offset, script) in ordered.enumerated() {
            let version = offset + 1
            try script.run(in: context)
            let next = try SchemaReader.read(from: context)
            if let override = overrides[version] {
                rendered.append(
                    PostgresSchemaScript(
                        version: version, file: override.path, sql: override.text,
                        sourceDigest: SQLScript.sourceDigest(override.text)))
                model = next
                continue
            }
            let analysis = ScriptAnalysis(script)
            let firstError = errors.count
            defer {
                // This script's errors in the order of its lines.
                errors[firstError...].sort { ($0.line ?? 0, $0.column ?? 0) < ($1.line ?? 0, $1.column ?? 0) }
            }
            let (statements, issues) = ddl.statements(from: model, to: next, renames: analysis.renames(in: model))
            for issue in issues {
                let place = analysis.location(of: issue.object)
                errors.append(
                    ScriptError(path: script.path, line: place.line, column: place.column, message: issue.message))
            }
            let data = analysis.dataStatements(in: next, previous: model, typing: typing)
            for problem in data.problems {
                errors.append(
                    ScriptError(path: script.path, line: problem.line, column: problem.column, message: problem.message)
                )
            }
            // Rows are checked against foreign keys as the script commits, as SQLite's
            // bootstrap checks them (foreign keys off, then `foreign_key_check`): a script
            // may insert a child before its parent. Checked once the rows are in, before
            // the DDL that follows them (PostgreSQL alters no table with checks pending).
            let all =
                data.statements.isEmpty
                ? statements.before + statements.after
                : ["SET CONSTRAINTS ALL DEFERRED"] + statements.before + data.statements
                    + ["SET CONSTRAINTS ALL IMMEDIATE"] + statements.after
            rendered.append(
                PostgresSchemaScript(
                    version: version, file: script.path, sql: all.map { $0 + ";\n" }.joined(),
                    sourceDigest: SQLScript.sourceDigest(script.text)))
            model = next
        }
        return PostgresSchemaRendering(scripts: rendered, errors: errors)
    }

    /// The whole of `schema` at once, as one script of version 1 (a schema read from a
    /// database file); errors are at `file`.
    package static func render(
        schema: SQLSchema, file: String, typing: @escaping PostgresColumnTyping = PostgresColumnType.byDeclaredType
    ) -> PostgresSchemaRendering {
        let (statements, issues) = PostgresDDL(typing: typing).statements(
            from: SQLSchema(), to: schema, renames: PostgresDDL.Renames())
        let sql = (statements.before + statements.after).map { $0 + ";\n" }.joined()
        return PostgresSchemaRendering(
            scripts: [
                PostgresSchemaScript(version: 1, file: file, sql: sql, sourceDigest: SQLScript.sourceDigest(sql))
            ],
            errors: issues.map { ScriptError(path: file, line: nil, column: nil, message: $0.message) })
    }

    /// Moves the identity of `table`.`column` past the keys rows were given explicitly
    /// (PostgreSQL's identity does not see them, and would hand out a taken key).
    package static func setval(table: String, column: String) -> String {
        "SELECT setval(pg_get_serial_sequence(\(SQLText.quotedLiteral(quoted(table))), \(SQLText.quotedLiteral(column))), COALESCE(MAX(\(quoted(column))), 0) + 1, false) FROM \(quoted(table))"
    }
}
