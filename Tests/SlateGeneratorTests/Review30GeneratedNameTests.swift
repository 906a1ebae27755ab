import Foundation
import Slate
import SlateSchema
import SlateTestSupport
import Testing

@testable import SlateGenerator

/// Columns, query parameters, result columns and tables named like every identifier the
/// generator writes in a generated body. The identifiers are collected from the golden
/// files as they are now (locals, parameters, closure parameters, called functions, type
/// names), so that a name the generator starts using is attacked the day it appears; the
/// code generated for them, in both modes, is compiled with the package's own build and
/// run: insert, find, update, a query, delete, each value in its own column.
@Suite struct Review30GeneratedNameTests {
    // MARK: The identifiers

    /// Swift's keywords and contextual words, which no column meets as a name of code.
    static let swiftWords: Set<String> = SwiftIdentifier.keywords.union([
        "package", "mutating", "some", "any", "get", "set", "willSet", "didSet", "lazy", "final", "override", "weak",
        "unowned", "convenience", "required", "dynamic", "indirect", "optional", "prefix", "postfix", "infix",
    ])

    /// Every identifier a golden file's code names in a body or a signature (declared
    /// with `let`/`var` and an initial value, a parameter's label or name, a closure's
    /// parameter, a function called without a receiver, a type), less what the file
    /// declares from its schema (its types, cases, functions, properties).
    static func generatedIdentifiers() throws -> [String] {
        var result: Set<String> = []
        // Not the probe's own golden file, which would feed the probe its own names
        // forever; ``namesOfTheProbe(_:)`` adds them once.
        for testCase in GoldenFileTests.cases where !testCase.golden.hasSuffix("/EveryIdentifier.swift") {
            let text = try String(
                contentsOf: GoldenFileTests.testsDirectory.appendingPathComponent(testCase.golden), encoding: .utf8)
            result.formUnion(identifiers(inCode: text))
        }
        return result.sorted()
    }

    static func matches(_ pattern: String, in text: String, group: Int = 1) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        let string = text as NSString
        return regex.matches(in: text, range: NSRange(location: 0, length: string.length)).compactMap { match in
            let range = match.range(at: group)
            return range.location == NSNotFound ? nil : string.substring(with: range)
        }
    }

    static func replacing(_ pattern: String, in text: String, with replacement: String) -> String {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.stringByReplacingMatches(
            in: text, range: NSRange(location: 0, length: (text as NSString).length), withTemplate: replacement)
    }

    static func identifiers(inCode source: String) -> Set<String> {
        // Code only: no string literals, comments, compiler directives or attributes.
        var code = replacing(#"\"\"\"[\s\S]*?\"\"\""#, in: source, with: "\"\"")
        code = replacing(##"#+"[^\n]*?"#+"##, in: code, with: "\"\"")
        code = replacing(#""(\\.|[^"\\\n])*""#, in: code, with: "\"\"")
        code = replacing(#"//[^\n]*"#, in: code, with: "")
        code = replacing(#"#(if|elseif|endif|else)[^\n]*"#, in: code, with: "")
        code = replacing(#"@\w+(\([^)\n]*\))?"#, in: code, with: "")

        let declared = Set(
            matches(#"\b(?:struct|enum|class|typealias|case|func)\s+`?(\w+)"#, in: code)
                + matches(#"\bvar\s+`?(\w+)`?\s*:"#, in: code))
        var named = Set(matches(#"\b(?:let|var)\s+`?(\w+)`?\s*(?::[^=\{\n]*)?="#, in: code))
        named.formUnion(matches(#"\b(?:guard|if)\s+(?:let|var)\s+`?(\w+)"#, in: code))
        named.formUnion(matches(#"\bfor\s+`?(\w+)`?\s+in\b"#, in: code))
        // Parameters: each `label name:` or `name:` between a declaration's parentheses.
        let scalars = Array(code.utf16)
        let opening = try! NSRegularExpression(pattern: #"\b(?:func\s+`?\w+`?|init)\s*(?:<[^>]*>)?\("#)
        for match in opening.matches(in: code, range: NSRange(location: 0, length: scalars.count)) {
            var depth = 1
            var end = match.range.location + match.range.length
            let start = end
            while depth > 0, end < scalars.count {
                if scalars[end] == UInt16(UInt8(ascii: "(")) { depth += 1 }
                if scalars[end] == UInt16(UInt8(ascii: ")")) { depth -= 1 }
                end += 1
            }
            let signature = (code as NSString).substring(
                with: NSRange(location: start, length: max(0, end - 1 - start)))
            named.formUnion(matches(#"(?:^|,)\s*(?:`?\w+`?\s+)?`?(\w+)`?\s*:"#, in: signature))
            named.formUnion(matches(#"(?:^|,)\s*`?(\w+)`?\s+`?\w+`?\s*:"#, in: signature))
        }
        for list in matches(#"\{ ?\(?(\w+(?:, \w+)*)\)? in\b"#, in: code) {
            named.formUnion(list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        }
        named.formUnion(matches(#"\b([A-Z]\w*)\b"#, in: code))
        named.formUnion(matches(#"(?<![.\w])(\w+)\("#, in: code))
        return named.subtracting(declared).filter { name in
            !swiftWords.contains(name) && name.first.map { $0.isLetter || $0 == "_" } == true && name != "_"
        }
    }

    // MARK: The schema

    /// A column's SQL type and how the driver writes and checks its values.
    enum Kind: String, CaseIterable {
        case text = "TEXT"
        case integer = "INTEGER"
        case real = "REAL"
        case date = "DATETIME"
        case blob = "BLOB"
        case boolean = "BOOLEAN"
    }

    struct Probe {
        /// The columns of `every_name` in order; `nil` kind: the rowid key `id`.
        var columns: [(name: String, kind: Kind?)]
        var script: String
        var queries: String
        /// Query parameters' names in the query's order.
        var parameters: [String]
    }

    /// `every_name`, whose columns are `names` (one per name ignoring case, in turn TEXT,
    /// INTEGER, REAL, DATETIME, BLOB and BOOLEAN) with the rowid key `id` among them;
    /// `every_child`, keyed by two of them and referring to it; a table named like each
    /// type name, referring to it; a view over it; and a query whose parameters and result
    /// columns are the names.
    static func probe(_ names: [String]) -> Probe {
        var seen: Set<String> = ["id"]
        var unique: [String] = []
        for name in names.sorted(by: { ($0.first!.isUppercase ? 1 : 0, $0) < ($1.first!.isUppercase ? 1 : 0, $1) })
        where seen.insert(name.lowercased()).inserted {
            unique.append(name)
        }
        var columns: [(name: String, kind: Kind?)] = unique.enumerated().map {
            ($1, Kind.allCases[$0 % Kind.allCases.count])
        }
        columns.insert(("id", nil), at: columns.count / 2)
        func quoted(_ name: String) -> String { SQLText.quotedIdentifier(name) }
        var script = "-- Recorded by Review30GeneratedNameTests from the golden files' identifiers.\n"
        script += "CREATE TABLE every_name (\n"
        script += columns.map { "  \(quoted($0.name)) \($0.kind?.rawValue ?? "INTEGER PRIMARY KEY")" }.joined(
            separator: ",\n")
        script += "\n);\n"
        script += """
            CREATE TABLE every_child (
              statement INTEGER REFERENCES every_name (id),
              db TEXT NOT NULL,
              "index" INTEGER NOT NULL,
              stored DATETIME,
              value TEXT,
              PRIMARY KEY ("index", db)
            ) WITHOUT ROWID;

            """
        for name in unique where name.first!.isUppercase {
            script +=
                "CREATE TABLE \(quoted(name)) (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), \(quoted(name)) TEXT);\n"
        }
        script += "CREATE VIEW every_view AS SELECT * FROM every_name;\n"
        // Parameters in lower camel case, as arguments are named.
        let parameters = unique.filter { $0.first!.isLowercase && !$0.contains("_") }
        let queries =
            "-- name: everyName :many\nSELECT * FROM every_name WHERE "
            + parameters.map { "\(quoted($0)) IS :\($0)" }.joined(separator: "\n  OR ") + ";\n"
        return Probe(columns: columns, script: script, queries: queries, parameters: parameters)
    }

    // MARK: The driver

    /// A Swift array literal of the column kinds (`"K"` for the key).
    static func kinds(_ probe: Probe) -> String {
        "["
            + probe.columns.map { "\"" + ($0.kind.map { String($0.rawValue.prefix(2)) } ?? "K") + "\"" }.joined(
                separator: ", ") + "]"
    }

    /// What both drivers share: the values of round `r`, as JSON for the record and as the
    /// row SQLite must hold (the key left to SQLite in round 0, given in round 1).
    static func sharedDriver(_ probe: Probe) -> String {
        """
        import Foundation

        let kinds: [String] = \(kinds(probe))
        func json(_ k: Int, _ r: Int) -> Any {
            switch kinds[k] {
            case "TE": return "t\\(k)_\\(r)"
            case "IN": return k * 10 + r
            case "RE": return Double(k) + 0.5 + Double(r)
            case "DA": return Double(k * 60 + r)
            case "BL": return [k % 256, r]
            case "BO": return (k + r) % 2 == 0
            // The rowid key: null in round 0 (unassigned; `Int.min` in a body is refused).
            default: return r == 0 ? NSNull() : 1
            }
        }
        func stored(_ k: Int, _ r: Int) -> String {
            switch kinds[k] {
            case "TE": return "t:t\\(k)_\\(r)"
            case "IN": return "i:\\(k * 10 + r)"
            case "RE": return "r:\\(Double(k) + 0.5 + Double(r))"
            case "DA":
                func two(_ n: Int) -> String { n < 10 ? "0\\(n)" : "\\(n)" }
                return "t:2001-01-01 \\(two(k / 60)):\\(two(k % 60)):\\(two(r)).000"
            case "BL": return "b:\\([k % 256, r])"
            case "BO": return "i:\\((k + r) % 2 == 0 ? 1 : 0)"
            default: return "i:1"
            }
        }
        func record<R: Decodable>(_ type: R.Type, labels: [String], round r: Int) throws -> R {
            var object: [String: Any] = [:]
            for (k, label) in labels.enumerated() { object[label] = json(k, r) }
            return try JSONDecoder().decode(R.self, from: JSONSerialization.data(withJSONObject: object))
        }
        func expectedRow(_ r: Int) -> String { kinds.indices.map { stored($0, r) }.joined(separator: "|") }
        func labels(of value: Any) -> [String] { Mirror(reflecting: value).children.map { $0.label! } }

        """
    }

    /// The API mode's driver.
    static func apiDriver(_ probe: Probe) -> String {
        let arguments = probe.parameters.enumerated().map { index, name in
            "\(NameStyle.lowerCamel(name)): \(index == 0 ? "changed.\(NameStyle.lowerCamel(name))" : "nil")"
        }
        return sharedDriver(probe) + """
            import SlateRecords

            func rows(_ db: Every) throws -> [String] {
                try db.pool.read { context in
                    try context.query(sql: "SELECT * FROM every_name ORDER BY id").map { row in
                        row.map { value -> String in
                            switch value {
                            case .integer(let v): return "i:\\(v)"
                            case .float(let v): return "r:\\(v)"
                            case .text(let v): return "t:\\(v)"
                            case .blob(let v): return "b:\\(v)"
                            case .null: return "n"
                            }
                        }.joined(separator: "|")
                    }
                }
            }
            let names = labels(of: EveryName())
            let db = try Every.inMemory()
            let inserted = try db.insert(try record(EveryName.self, labels: names, round: 0))
            print("inserted", inserted.id)
            print("found", try db.everyNames.find(inserted.id) == inserted)
            print("stored", try rows(db) == [expectedRow(0)])
            let changed = try record(EveryName.self, labels: names, round: 1)
            print("updated", try db.update(changed), try rows(db) == [expectedRow(1)])
            print("queried", try db.everyName(\(arguments.joined(separator: ", "))) == [changed])
            print("view", try db.everyViews.fetch().count)
            print("deleted", try db.delete(changed), try db.everyNames.fetch().count)

            """
    }

    /// The raw mode's driver.
    static func rawDriver(_ probe: Probe) -> String {
        let arguments = probe.parameters.enumerated().map { index, name in
            "\(NameStyle.lowerCamel(name)): \(index == 0 ? "changed.\(NameStyle.lowerCamel(name))" : "nil")"
        }
        return sharedDriver(probe) + """
            import SlateCSQLite

            func rows(_ db: OpaquePointer) -> [String] {
                var statement: OpaquePointer?
                sqlite3_prepare_v2(db, "SELECT * FROM every_name ORDER BY id", -1, &statement, nil)
                defer { sqlite3_finalize(statement) }
                var result: [String] = []
                while sqlite3_step(statement) == SQLITE_ROW {
                    result.append((0..<sqlite3_column_count(statement)).map { i -> String in
                        switch sqlite3_column_type(statement, i) {
                        case SQLITE_INTEGER: return "i:\\(sqlite3_column_int64(statement, i))"
                        case SQLITE_FLOAT: return "r:\\(sqlite3_column_double(statement, i))"
                        case SQLITE_TEXT: return "t:" + String(cString: sqlite3_column_text(statement, i))
                        case SQLITE_BLOB:
                            let bytes = sqlite3_column_blob(statement, i)!.assumingMemoryBound(to: UInt8.self)
                            return "b:\\(Array(UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(statement, i)))))"
                        default: return "n"
                        }
                    }.joined(separator: "|"))
                }
                return result
            }
            let names = labels(of: EveryName())
            let path = CommandLine.arguments[1]
            let db = try sqlite3_create_every(path)
            defer { sqlite3_close_v2(db) }
            var inserted = try record(EveryName.self, labels: names, round: 0)
            try sqlite3_every_name_insert(db, &inserted)
            print("inserted", inserted.id)
            print("found", try sqlite3_every_name_find(db, inserted.id) == inserted)
            print("stored", rows(db) == [expectedRow(0)])
            let changed = try record(EveryName.self, labels: names, round: 1)
            print("updated", try sqlite3_every_name_update(db, changed), rows(db) == [expectedRow(1)])
            print("queried", try sqlite3_every_name(db, \(arguments.joined(separator: ", "))) == [changed])
            print("view", try sqlite3_every_views_fetch(db).count)
            print("deleted", try sqlite3_every_name_delete(db, changed), try sqlite3_every_names_fetch(db).count)

            """
    }

    // MARK: Compiling

    /// The build directory this test runs from (`.build/<triple>/debug`).
    static var buildDirectory: URL? { Executables.url("slate")?.deletingLastPathComponent() }

    /// `swiftc` arguments compiling `files` into `output` against this build's modules
    /// and objects.
    static func compileCommand(_ files: [String], output: String, log: String) throws -> String {
        let build = try #require(buildDirectory)
        let fileManager = FileManager.default
        var objects: [String] = []
        for module in ["SlateCBudget", "Slate", "SlateSchema", "SlateMigration", "SlateRecords", "Logging"] {
            let directory = build.appendingPathComponent("\(module).build")
            let files = try fileManager.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".o") }
                .sorted()
            objects += files.map { directory.appendingPathComponent($0).path }
        }
        let moduleMap = GoldenFileTests.testsDirectory.deletingLastPathComponent().appendingPathComponent(
            "Sources/SlateCSQLite/module.modulemap"
        ).path
        let arguments =
            [
                "swiftc", "-swift-version", "6", "-I", build.appendingPathComponent("Modules").path,
                "-Xcc", "-fmodule-map-file=" + moduleMap,
                "-Xcc",
                "-fmodule-map-file="
                    + GoldenFileTests.testsDirectory.deletingLastPathComponent().appendingPathComponent(
                        "Sources/SlateCBudget/include/module.modulemap"
                    ).path,
            ] + files + objects + ["-lsqlite3", "-o", output]
        return arguments.map { "'" + $0 + "'" }.joined(separator: " ") + " > '\(log)' 2>&1"
    }

    static func generate(_ probe: Probe, raw: Bool, in directory: TemporaryDirectory) throws -> String {
        let script = directory.path("every.sql")
        let queries = directory.path("every-queries.sql")
        try probe.script.write(toFile: script, atomically: true, encoding: .utf8)
        try probe.queries.write(toFile: queries, atomically: true, encoding: .utf8)
        var configuration = GeneratorConfiguration()
        configuration.emit.api = !raw
        return try SlateGenerator.generate(inputs: [script, queries], configuration: configuration).contents
    }

    @Test func theIdentifiersAreCollectedFromTheGoldenFiles() throws {
        let names = try Self.generatedIdentifiers()
        // Locals, parameters and closure parameters of the binders and raw functions,
        // helpers and types: each a column of the probe.
        for name in [
            "statement", "assigned", "first", "stored", "offset", "indices", "rowID", "current", "index", "handle",
            "context", "db", "record", "value", "key0", "body", "limit", "filter", "sql", "SQLValue", "OpaquePointer",
            "Int64", "String", "SQLRecordCoding", "Int32",
        ] {
            #expect(names.contains(name), "\(name) was not collected")
        }
        // And nothing from comments or literals.
        #expect(!names.contains("Reads"))
        let columns = Set(Self.probe(names).columns.map { $0.name.lowercased() })
        #expect(names.allSatisfy { columns.contains($0.lowercased()) || $0.lowercased() == "id" })
    }

    /// The golden case `EveryIdentifier` is the probe of today's identifiers: recorded with the
    /// other golden files, it must hold every identifier the generator writes now.
    @Test func theGoldenProbeHoldsEveryIdentifier() throws {
        let probe = Self.probe(try Self.generatedIdentifiers())
        let fixtures = GoldenFileTests.testsDirectory.appendingPathComponent("Fixtures")
        let script = fixtures.appendingPathComponent("Schemas/every-identifier.sql")
        let queries = fixtures.appendingPathComponent("Queries/every-identifier-queries.sql")
        if ProcessInfo.processInfo.environment["SLATE_RECORD_GOLDEN"] == "1" {
            try probe.script.write(to: script, atomically: true, encoding: .utf8)
            try probe.queries.write(to: queries, atomically: true, encoding: .utf8)
            Issue.record(
                "recorded every-identifier.sql and every-identifier-queries.sql; record the golden files again, then run without SLATE_RECORD_GOLDEN"
            )
            return
        }
        // The recorded probe holds every name collected today.
        let recorded = try String(contentsOf: script, encoding: .utf8)
        let recordedQueries = try String(contentsOf: queries, encoding: .utf8)
        for column in probe.columns {
            #expect(
                recorded.contains("  " + SQLText.quotedIdentifier(column.name) + " "),
                "every-identifier.sql lacks \(column.name): record it again")
        }
        for parameter in probe.parameters {
            #expect(
                recordedQueries.contains(":\(parameter)\n") || recordedQueries.contains(":\(parameter);"),
                "every-identifier-queries.sql lacks :\(parameter)")
        }
    }

    /// `names` and the identifiers the generator writes for a probe of them, in both
    /// modes: the names it makes from the probe's own (`everyNameSlot`, `dbArgument_2`,
    /// `arrayRecord`) are attacked too.
    static func namesOfTheProbe(_ names: [String], in directory: TemporaryDirectory) throws -> [String] {
        var result = Set(names)
        for raw in [false, true] {
            result.formUnion(identifiers(inCode: try generate(probe(names), raw: raw, in: directory)))
        }
        return result.sorted()
    }

    @Test func codeForEveryIdentifierCompilesAndRunsInBothModes() throws {
        let directory = TemporaryDirectory()
        let probe = Self.probe(try Self.namesOfTheProbe(try Self.generatedIdentifiers(), in: directory))
        var commands: [String] = []
        for raw in [false, true] {
            let name = raw ? "raw" : "api"
            let generated = directory.path("Every-\(name).swift")
            let main = directory.path("main-\(name)/main.swift")
            try FileManager.default.createDirectory(
                atPath: directory.path("main-\(name)"), withIntermediateDirectories: true)
            try Self.generate(probe, raw: raw, in: directory).write(
                toFile: generated, atomically: true, encoding: .utf8)
            try (raw ? Self.rawDriver(probe) : Self.apiDriver(probe)).write(
                toFile: main, atomically: true, encoding: .utf8)
            commands.append(
                try Self.compileCommand(
                    [generated, main], output: directory.path("every-\(name)"), log: directory.path("\(name).log")))
        }
        // Both compile at once: two processes, two cores.
        let shell = URL(fileURLWithPath: "/bin/sh")
        let compiled = try Executables.runTogether(shell, commands.map { ["-c", $0] })
        for (index, name) in ["api", "raw"].enumerated() {
            let log = (try? String(contentsOfFile: directory.path("\(name).log"), encoding: .utf8)) ?? ""
            let errors = log.split(separator: "\n").filter { $0.contains("error:") || $0.contains("warning:") }
            #expect(
                compiled[index].status == 0 && errors.isEmpty, "\(name): \(errors.prefix(20).joined(separator: "\n"))")
            guard compiled[index].status == 0 else { continue }
            let run = try Executables.run(
                URL(fileURLWithPath: directory.path("every-\(name)")), [directory.path("every-\(name).sqlite")])
            #expect(run.status == 0, "\(name): \(run.errors)")
            #expect(
                run.output == """
                    inserted 1
                    found true
                    stored true
                    updated true true
                    queried true
                    view 1
                    deleted true 0

                    """, "\(name)")
        }
    }

    /// A property named in `slate.json` is the one name the generator does not pick: one
    /// that would hide a type the bodies name, or a member every record has, is refused,
    /// naming the column.
    @Test(arguments: [
        ("SQLRecordCoding", "names a type generated code uses, which the property would hide"),
        ("OpaquePointer", "names a type generated code uses, which the property would hide"),
        ("Int", "names a type generated code uses, which the property would hide"),
        ("SQLValue", "names a type generated code uses, which the property would hide"),
        ("sqlInsert", "is a member every generated record has"),
        ("bindInsert", "is a member every generated record has"),
        ("self", "is a member every generated record has"),
        ("in", "is a Swift keyword"),
        ("a b", "is not a Swift identifier"),
        ("1st", "is not a Swift identifier"),
    ])
    func aConfiguredPropertyNameThatWouldHideGeneratedCodeIsRefused(_ name: String, _ reason: String) throws {
        let schema = try SchemaReader.read(scripts: [
            SQLScript(path: "t.sql", text: "CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT);")
        ])
        var configuration = GeneratorConfiguration()
        configuration.naming.propertyNames["t.a"] = name
        #expect(
            throws: ConfigurationError(
                path: "slate.json",
                message: "\"naming.propertyNames\" gives t.a the name '\(name)', which \(reason); choose another")
        ) {
            try SlateGenerator.generate(schema: schema, inputs: ["t.sql"], configuration: configuration)
        }
        // A name of the generated code's locals is fine: bodies reach properties through `self.`.
        configuration.naming.propertyNames["t.a"] = "statement"
        #expect(
            try SlateGenerator.generate(schema: schema, inputs: ["t.sql"], configuration: configuration).contents
                .contains("public var statement: String?"))
    }
}
