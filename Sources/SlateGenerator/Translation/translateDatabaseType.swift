import Foundation

extension Translator {
    /// The database type: in API mode a struct over the pool conforming to `SQLDatabase`,
    /// with its `Tables` protocol; in raw mode an enum holding the creation SQL and the
    /// raw error and value types.
    func translateDatabaseType() -> [Declaration] {
        let tableCount = model.records.filter(\.isTable).count
        let viewCount = model.records.count - tableCount
        var summary = "The `\(model.typeName)` database: \(tableCount) table\(tableCount == 1 ? "" : "s")"
        if viewCount > 0 { summary += " and \(viewCount) view\(viewCount == 1 ? "" : "s")" }
        summary += ", generated from \(model.inputs.map { "`\($0)`" }.joined(separator: ", "))."

        var members: [Declaration] = []
        let versioned = !isRawOnly && !model.schemaScripts.isEmpty
        members.append(
            .variable(
                VariableDescription(
                    docs: docs([
                        versioned
                            ? "The schema's version: the number of scripts it is built from, kept in `PRAGMA user_version`."
                            : "The `user_version` of the schema the code was generated from."
                    ]),
                    access: access, isStatic: true, isLet: true, name: "schemaVersion", type: "Int64",
                    initializer: String(model.userVersion))))
        members.append(.blank)
        if versioned {
            // creationSQL comes from SQLDatabase: the scripts, joined.
            members.append(schemaScriptsDeclaration())
        } else {
            members.append(contentsOf: creationSQLDeclaration())
        }
        if !isRawOnly, !model.postgresSchemaScripts.isEmpty {
            members.append(.blank)
            members.append(postgresSchemaScriptsDeclaration())
        }
        if configuration.doubleQuotedStrings, !isRawOnly {
            members.append(.blank)
            members.append(
                .variable(
                    VariableDescription(
                        docs: docs([
                            "The schema relies on SQLite's legacy rule that reads a double-quoted word naming no column as a",
                            "string (`\"doubleQuotedStrings\": true` in slate.json): every connection the database opens allows it.",
                        ]),
                        access: access, isStatic: true, isLet: true, name: "allowsDoubleQuotedStrings", type: "Bool",
                        initializer: "true")))
        }

        if isRawOnly {
            members.append(.blank)
            members += rawErrorAndValueTypes()
            var documentation = [summary, ""]
            documentation.append("Raw mode: the file depends on the SQLite C API alone. Open a database with")
            documentation.append(
                "`\(configuration.raw.prefix)open_\(NameStyle.snake(model.typeName))` and use the `\(configuration.raw.prefix)…` functions."
            )
            return [
                .type(
                    TypeDescription(
                        docs: docs(documentation), access: access, kind: .enum, name: model.typeName, members: members)),
                .blank,
            ]
        }

        let first = model.records.first { $0.isTable }
        var documentation = [summary, ""]
        if let first {
            documentation += [
                "```swift",
                "let db = try \(model.typeName).bootstrap(at: \"\(NameStyle.snake(model.typeName)).sqlite\")",
                "let count = try db.\(first.accessorName).fetchCount()",
                "let all = try db.\(first.accessorName).fetch()",
                "```",
                "",
            ]
        }
        documentation.append(
            "Each call is its own transaction; `transaction { tx in … }` groups calls, and `tx` offers")
        documentation.append("the same API. Every call has an `async` variant of the same name.")

        var database: [Declaration] = [
            .variable(
                VariableDescription(
                    docs: docs(["The connection pool the database runs on."]), access: access, isLet: true,
                    name: "pool", type: "SQLPool")),
            .blank,
            .function(
                FunctionDescription(
                    docs: docs(["Wraps a pool on a database with this schema."]), access: access, kind: .initializer,
                    parameters: [.init(label: "pool", name: "pool", type: "SQLPool")], body: [.line("self.pool = pool")]
                )),
            .blank,
        ]
        database += members
        if let resource = configuration.bundledResource {
            database.append(.blank)
            database.append(bundledResourceAccessor(resource))
        }
        database.append(.blank)
        database.append(
            .type(
                TypeDescription(
                    docs: docs([
                        "The tables and views of `\(model.typeName)`, reached through the database or a transaction:",
                        "write code once against `some \(model.typeName).Tables` and run it either way.",
                    ]),
                    access: access, kind: .protocol, name: "Tables", conformances: ["SQLRecordStore"])))
        if configuration.naming.nestRecordTypes {
            // Nested record types are declared in extensions below.
        }
        return [
            .type(
                TypeDescription(
                    docs: docs(documentation), access: access, kind: .struct, name: model.typeName,
                    conformances: ["SQLDatabase"], members: database)),
            .blank,
            .type(TypeDescription(kind: .extension, name: model.typeName, conformances: ["\(model.typeName).Tables"])),
            .blank,
            .type(
                TypeDescription(
                    kind: .extension, name: "SQLTransaction", conformances: ["\(model.typeName).Tables"],
                    whereClause: "Database == \(model.typeName)")),
            .blank,
        ]
    }

    /// `static var module`: the database file the target bundles as a resource, opened
    /// read-only from `Bundle.module`. Only for a database file input, never a script.
    private func bundledResourceAccessor(_ resource: String) -> Declaration {
        let url = URL(fileURLWithPath: resource)
        let name = SwiftLiteral.string(url.deletingPathExtension().lastPathComponent)
        let fileExtension = SwiftLiteral.string(url.pathExtension)
        let message = SwiftLiteral.string("the resource \(resource) is not in the module's bundle")
        return .verbatim(
            docs: docs(["The database bundled with this module as the resource `\(resource)`, opened read-only."]),
            lines: [
                .line("\(access.prefix)static var module: \(model.typeName) {"),
                .line("    get throws {"),
                .line(
                    "        guard let url = Bundle.module.url(forResource: \(name), withExtension: \(fileExtension)) else {"
                ),
                .line("            throw SQLError(code: .cantOpen, message: \(message))"),
                .line("        }"),
                .line("        return try \(model.typeName)(url: url, readOnly: true)"),
                .line("    }"),
                .line("}"),
            ])
    }

    /// `static let creationSQL`: every statement that creates the schema, in a multi-line
    /// literal when the SQL allows one.
    private func creationSQLDeclaration() -> [Declaration] {
        let sql = model.creationSQL ?? model.creationStatements.map { $0 + ";" }.joined(separator: "\n")
        let documentation = docs([
            model.creationSQL == nil
                ? "The SQL that creates the schema: tables, indexes, views, triggers and `user_version`."
                : "The SQL that creates the schema: the scripts it was generated from, in order, as Slate replays them (seed rows included)."
        ])
        if let lines = SwiftLiteral.multiline(sql) {
            var code: [CodeLine] = [.line("\(access.prefix)static let creationSQL = " + lines[0])]
            code += lines.dropFirst().map { .line($0) }
            return [.verbatim(docs: documentation, lines: code)]
        }
        return [
            .variable(
                VariableDescription(
                    docs: documentation, access: access, isStatic: true, isLet: true, name: "creationSQL",
                    type: "String",
                    initializer: SwiftLiteral.string(sql)))
        ]
    }

    /// `static let schemaScripts`: the scripts, one a version, that `bootstrap(at:)` applies
    /// to bring an older file up to date.
    private func schemaScriptsDeclaration() -> Declaration {
        var lines: [CodeLine] = [.line("\(access.prefix)static let schemaScripts: [SQLSchemaScript] = [")]
        lines += scriptLines(model.schemaScripts, indent: "    ")
        lines.append(.line("]"))
        return .verbatim(
            docs: docs([
                "The scripts the schema is built from, one a version: script N takes the schema from",
                "version N − 1 to N. `bootstrap(at:)` applies those a file is missing; `creationSQL` is",
                "them all, joined.",
            ]),
            lines: lines)
    }

    /// `static var postgresSchemaScripts`: the scripts' PostgreSQL form, one a version, as
    /// rendered at generation time (the PostgreSQL runtime applies the text as it is).
    private func postgresSchemaScriptsDeclaration() -> Declaration {
        var lines: [CodeLine] = [
            .line("\(access.prefix)static var postgresSchemaScripts: [SQLSchemaScript] {"), .line("    ["),
        ]
        lines += scriptLines(model.postgresSchemaScripts, indent: "        ")
        lines += [.line("    ]"), .line("}")]
        return .verbatim(
            docs: docs([
                "The schema's scripts in PostgreSQL's form, one a version: script N takes the schema from",
                "version N − 1 to N. Rendered from the SQLite scripts when the code was generated (a",
                "`.postgres.sql` script replaces its version's form as written).",
            ]),
            lines: lines)
    }

    /// One `SQLSchemaScript(file:sql:)` line (or several, for a multi-line literal) a
    /// script, each at `indent`, the SQL as the literal that means exactly its text.
    private func scriptLines(_ scripts: [SchemaScript], indent: String) -> [CodeLine] {
        var lines: [CodeLine] = []
        for script in scripts {
            let head = indent + "SQLSchemaScript(file: \(SwiftLiteral.string(script.file)), sql: "
            let tail = script.sourceDigest.map { ", sourceDigest: \(SwiftLiteral.string($0))" } ?? ""
            if let literal = SwiftLiteral.multiline(script.sql) {
                lines.append(.line(head + literal[0]))
                for text in literal.dropFirst().dropLast() { lines.append(.line(text.isEmpty ? "" : indent + text)) }
                lines.append(.line(indent + literal[literal.count - 1] + tail + "),"))
            } else {
                lines.append(.line(head + SwiftLiteral.string(script.sql) + tail + "),"))
            }
        }
        return lines
    }

    /// Raw mode's error type and dynamic value type.
    private func rawErrorAndValueTypes() -> [Declaration] {
        let error = TypeDescription(
            docs: docs([
                "An error from SQLite: its extended result code, its message, and the SQL."
            ]),
            access: access, kind: .struct, name: "SQLError",
            conformances: ["Error", "Equatable", "Sendable", "CustomStringConvertible"],
            members: [
                .variable(
                    VariableDescription(
                        docs: docs(["The extended result code."]), access: access, isLet: true, name: "code",
                        type: "Int32")),
                .variable(
                    VariableDescription(
                        docs: docs(["SQLite's message."]), access: access, isLet: true, name: "message", type: "String")
                ),
                .variable(
                    VariableDescription(
                        docs: docs(["The SQL the error happened in."]), access: access, isLet: true, name: "sql",
                        type: "String?")),
                .blank,
                .variable(
                    VariableDescription(
                        docs: docs(["`message (code) — in: sql`"]), access: access, name: "description", type: "String",
                        getter: [.line("message + \" (\\(code))\" + (sql.map { \" — in: \\($0)\" } ?? \"\")")])),
            ])
        let value = TypeDescription(
            docs: docs(["A value of a column without a declared type: one of SQLite's storage classes."]),
            access: access, kind: .enum, name: "Value", conformances: ["Hashable", "Codable", "Sendable"],
            members: [
                .verbatim(
                    docs: [],
                    lines: [
                        .line("/// An integer."),
                        .line("case integer(Int64)"),
                        .line("/// A real."),
                        .line("case float(Double)"),
                        .line("/// Text."),
                        .line("case text(String)"),
                        .line("/// Bytes."),
                        .line("case blob([UInt8])"),
                        .line("/// NULL."),
                        .line("case null"),
                    ])
            ])
        return [.type(error), .blank, .type(value)]
    }
}
