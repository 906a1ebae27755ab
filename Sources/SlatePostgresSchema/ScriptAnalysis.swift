import Slate
import SlateSchema

/// What one SQLite script says beyond the model it leaves: which statement declared each
/// object (for errors at their line), its renames (to tell a rename from a drop and an
/// add), and its data statements. Read with SlateSchema's tokenizer, statement by
/// statement; never by matching text.
struct ScriptAnalysis {
    let script: SQLScript
    let tokens: [SQLToken]
    let statements: [Range<Int>]

    init(_ script: SQLScript) {
        self.script = script
        tokens = SQLTokenizer.tokenize(script.text)
        statements = SQLScript.statements(tokens)
    }

    private func word(_ index: Int) -> String {
        index < tokens.count && (tokens[index].kind == .identifier || tokens[index].kind == .keyword)
            ? tokens[index].text.uppercased() : ""
    }

    /// The index of the name after `start` skipping `IF [NOT] EXISTS` and a schema prefix.
    private func nameIndex(after start: Int, in statement: Range<Int>) -> Int? {
        var index = start
        if word(index) == "IF" {
            index += word(index + 1) == "NOT" ? 3 : 2
        }
        if index + 2 < statement.upperBound, tokens[index + 1].kind == .dot { index += 2 }
        return index < statement.upperBound && tokens[index].isName ? index : nil
    }

    enum Kind: Equatable {
        case createTable(String)
        case createIndex(String)
        case createView(String)
        case createTrigger(String)
        case renameTable(from: String, to: String)
        case renameColumn(table: String, from: String, to: String)
        case addColumn(table: String, column: String)
        case alterTable(String)
        case dropTable(String)
        case data(verb: String, table: String?)
        case ignored
        case other
    }

    func kind(of statement: Range<Int>) -> Kind {
        let start = statement.lowerBound
        switch word(start) {
        case "CREATE":
            var index = start + 1
            if word(index) == "TEMP" || word(index) == "TEMPORARY" { index += 1 }
            if word(index) == "UNIQUE" { index += 1 }
            if word(index) == "VIRTUAL" { index += 1 }
            let what = word(index)
            guard let name = nameIndex(after: index + 1, in: statement) else { return .other }
            let value = tokens[name].value
            switch what {
            case "TABLE": return .createTable(value)
            case "INDEX": return .createIndex(value)
            case "VIEW": return .createView(value)
            case "TRIGGER": return .createTrigger(value)
            default: return .other
            }
        case "ALTER":
            guard word(start + 1) == "TABLE", let name = nameIndex(after: start + 2, in: statement) else {
                return .other
            }
            let table = tokens[name].value
            var index = name + 1
            switch word(index) {
            case "RENAME":
                index += 1
                if word(index) == "TO", index + 1 < statement.upperBound {
                    return .renameTable(from: table, to: tokens[index + 1].value)
                }
                if word(index) == "COLUMN" { index += 1 }
                if index + 2 < statement.upperBound, word(index + 1) == "TO" {
                    return .renameColumn(table: table, from: tokens[index].value, to: tokens[index + 2].value)
                }
                return .alterTable(table)
            case "ADD":
                index += 1
                if word(index) == "COLUMN" { index += 1 }
                if index < statement.upperBound, tokens[index].isName {
                    return .addColumn(table: table, column: tokens[index].value)
                }
                return .alterTable(table)
            default:
                return .alterTable(table)
            }
        case "DROP":
            if word(start + 1) == "TABLE", let name = nameIndex(after: start + 2, in: statement) {
                return .dropTable(tokens[name].value)
            }
            return .ignored
        case "INSERT", "REPLACE":
            var index = start + 1
            while index < statement.upperBound, word(index) != "INTO" { index += 1 }
            return .data(verb: word(start), table: nameIndex(after: index + 1, in: statement).map { tokens[$0].value })
        case "UPDATE":
            var index = start + 1
            if word(index) == "OR" { index += 2 }
            return .data(verb: "UPDATE", table: nameIndex(after: index, in: statement).map { tokens[$0].value })
        case "DELETE":
            return .data(verb: "DELETE", table: nameIndex(after: start + 2, in: statement).map { tokens[$0].value })
        case "PRAGMA", "BEGIN", "COMMIT", "END", "ANALYZE", "VACUUM", "SAVEPOINT", "RELEASE", "ROLLBACK", "SELECT",
            "REINDEX":
            return .ignored
        default:
            return .other
        }
    }

    // MARK: Renames

    /// The script's table renames (old model's name → new name) and column renames (by
    /// the table's new name), for the tables `old` has. A table the script creates and
    /// then renames (SQLite's rebuild: `new_x` → `x`) is no rename.
    func renames(in old: SQLSchema) -> PostgresDDL.Renames {
        // Each table's name now → the name it had in the old model ("" for one created here).
        var origin: [String: String] = [:]
        var columnRenames: [(table: String, from: String, to: String)] = []
        func originOf(_ name: String) -> String? { origin[name.lowercased()] }
        for statement in statements {
            switch kind(of: statement) {
            case .createTable(let name): origin[name.lowercased()] = ""
            case .dropTable(let name): origin[name.lowercased()] = nil
            case .renameTable(let from, let to):
                let source = originOf(from) ?? (old.table(named: from)?.name ?? "")
                origin[from.lowercased()] = nil
                origin[to.lowercased()] = source
                for index in columnRenames.indices where columnRenames[index].table.lowercased() == from.lowercased() {
                    columnRenames[index].table = to
                }
            case .renameColumn(let table, let from, let to):
                if let index = columnRenames.firstIndex(where: {
                    $0.table.lowercased() == table.lowercased() && $0.to.lowercased() == from.lowercased()
                }) {
                    columnRenames[index].to = to
                } else {
                    columnRenames.append((table, from, to))
                }
            default: break
            }
        }
        var renames = PostgresDDL.Renames()
        for (now, before) in origin where !before.isEmpty && before.lowercased() != now {
            guard let table = old.table(named: before) else { continue }
            let new = tokensName(now)
            renames.tables[table.name] = new
        }
        for rename in columnRenames where rename.from.lowercased() != rename.to.lowercased() || rename.from != rename.to
        {
            // Only columns the old model has (a column made and renamed here is no rename).
            let oldTable = origin[rename.table.lowercased()].flatMap { $0.isEmpty ? nil : $0 } ?? rename.table
            guard let column = old.table(named: oldTable)?.column(named: rename.from) else { continue }
            let table = renames.tables[old.table(named: oldTable)!.name] ?? old.table(named: oldTable)!.name
            renames.columns[table, default: [:]][column.name] = rename.to
        }
        return renames
    }

    /// The spelling the script gave a (lower-cased) name last.
    private func tokensName(_ lowercased: String) -> String {
        tokens.last { $0.isName && $0.value.lowercased() == lowercased }?.value ?? lowercased
    }

    // MARK: Where things are declared

    /// The line and column of the statement that declared `object` (and of the column's
    /// name in it); the script's first statement when none here did.
    func location(of object: PostgresDDL.Issue.Object) -> (line: Int?, column: Int?) {
        func at(_ index: Int) -> (line: Int?, column: Int?) {
            let position = SQLScript.lineAndColumn(ofOffset: tokens[index].offset, in: script.text)
            return (position.line, position.column)
        }
        // The names a table had in this script (rebuilds create `new_x` and rename it `x`).
        func names(of table: String) -> Set<String> {
            var names: Set<String> = [table.lowercased()]
            for statement in statements.reversed() {
                if case .renameTable(let from, let to) = kind(of: statement), names.contains(to.lowercased()) {
                    names.insert(from.lowercased())
                }
            }
            return names
        }
        var found: Int?
        switch object {
        case .table(let table):
            let tables = names(of: table)
            for statement in statements {
                if case .createTable(let name) = kind(of: statement), tables.contains(name.lowercased()) {
                    found = statement.lowerBound
                }
            }
        case .column(let table, let column):
            let tables = names(of: table)
            for statement in statements {
                switch kind(of: statement) {
                case .createTable(let name) where tables.contains(name.lowercased()):
                    // The column's name where a column definition starts: after `(` or `,` at depth 1.
                    var depth = 0
                    found = statement.lowerBound
                    for index in statement.dropLast() {
                        if tokens[index].kind == .leftParen { depth += 1 }
                        if tokens[index].kind == .rightParen { depth -= 1 }
                        if depth == 1, tokens[index].kind == .leftParen || tokens[index].kind == .comma,
                            tokens[index + 1].isName, tokens[index + 1].value.lowercased() == column.lowercased()
                        {
                            found = index + 1
                        }
                    }
                case .addColumn(let name, let added)
                where tables.contains(name.lowercased()) && added.lowercased() == column.lowercased():
                    found = statement.lowerBound
                default: break
                }
            }
        case .index(let index):
            for statement in statements {
                if case .createIndex(let name) = kind(of: statement), name.lowercased() == index.lowercased() {
                    found = statement.lowerBound
                }
            }
        case .view(let view):
            for statement in statements {
                if case .createView(let name) = kind(of: statement), name.lowercased() == view.lowercased() {
                    found = statement.lowerBound
                }
            }
        case .trigger(let trigger):
            for statement in statements {
                if case .createTrigger(let name) = kind(of: statement), name.lowercased() == trigger.lowercased() {
                    found = statement.lowerBound
                }
            }
        }
        if let found { return at(found) }
        return statements.first.map { at($0.lowerBound) } ?? (1, 1)
    }

    // MARK: Data statements

    struct DataProblem: Equatable {
        var line: Int
        var column: Int
        var message: String
    }

    /// The script's text from the first token of `range` to the end of its last.
    private func sourceText(of range: Range<Int>) -> String {
        let utf8 = script.text.utf8
        let last = tokens[range.upperBound - 1]
        let start = utf8.index(utf8.startIndex, offsetBy: tokens[range.lowerBound].offset)
        let end = utf8.index(utf8.startIndex, offsetBy: last.offset + last.text.utf8.count)
        return String(script.text[start..<end])
    }

    /// What a rebuild's copy (`INSERT INTO new_x (a, b) SELECT a, b FROM x`) would lose on
    /// PostgreSQL, where the rebuild is carried by `ALTER TABLE`, which keeps each value and
    /// each row as it is: only a copy of every row, each column from the column of its own
    /// name, says nothing the ALTERs do not. An expression (`coalesce(note, '')`), a column
    /// copied under another name (a rename inside a rebuild would come out as a drop and an
    /// add), a `WHERE`, `DISTINCT` or a join is reported at its first token.
    ///
    /// Columns pair by position, as SQLite pairs them: a copy without a column list fills
    /// the new table's columns in their declared order, and `*` reads the old table's in
    /// theirs, so `INSERT INTO new_x SELECT * FROM x` into a table whose second column has
    /// another name is a rename too (and one whose columns are reordered swaps values).
    /// Where the columns on either side cannot be told, that is an error, never a guess.
    private func rebuildCopyProblem(
        _ statement: Range<Int>, previous: SQLSchema
    ) -> (index: Int, message: String)? {
        let end = tokens[statement.upperBound - 1].kind == .semicolon ? statement.upperBound - 1 : statement.upperBound
        let advice =
            "; PostgreSQL's form of a rebuild is ALTER TABLE, which keeps every value and row as it is: "
            + "change values with an UPDATE before the rebuild, rename columns with ALTER TABLE … RENAME COLUMN, "
            + "or write this version's PostgreSQL form in a .postgres.sql script"
        // INSERT [OR …] INTO name [(columns)] SELECT …
        var index = statement.lowerBound
        while index < end, word(index) != "INTO" { index += 1 }
        index += 1
        if index + 2 < end, tokens[index + 1].kind == .dot { index += 2 }
        index += 1
        let targetTable = index - 1 < end ? tokens[index - 1].value : ""
        var targets: [String]? = nil
        if index < end, tokens[index].kind == .leftParen {
            var names: [String] = []
            index += 1
            while index < end, tokens[index].kind != .rightParen {
                if tokens[index].isName { names.append(tokens[index].value) }
                index += 1
            }
            index += 1
            targets = names
        }
        guard index < end, word(index) == "SELECT" else {
            return (
                statement.lowerBound, "this rebuild fills its new table otherwise than by copying the old one" + advice
            )
        }
        index += 1
        if word(index) == "DISTINCT" || word(index) == "ALL" {
            return (index, "this rebuild copies with \(word(index))" + advice)
        }
        // The select list, item by item (split at commas outside parentheses), up to FROM.
        var items: [Range<Int>] = []
        var itemStart = index
        var depth = 0
        while index < end {
            let token = tokens[index]
            if token.kind == .leftParen { depth += 1 }
            if token.kind == .rightParen { depth -= 1 }
            if depth == 0, token.kind == .comma {
                items.append(itemStart..<index)
                itemStart = index + 1
            }
            if depth == 0, word(index) == "FROM" { break }
            index += 1
        }
        items.append(itemStart..<index)
        guard index < end else { return nil }
        // FROM one table, and nothing after it.
        var after = index + 1
        if after + 2 < end, tokens[after + 1].kind == .dot { after += 2 }
        after += 1
        if after < end {
            return (after, "this rebuild copies only some rows, or from more than one table" + advice)
        }
        let sourceTable = tokens[after - 1].value
        if targets == nil {
            guard let columns = createdColumns(of: targetTable, before: statement.lowerBound) else {
                return (
                    statement.lowerBound,
                    "this rebuild copies without naming its columns into a table whose columns cannot be read from this script"
                        + advice
                )
            }
            targets = columns
        }
        // `*` (or `x.*`): the old table's columns, as the script has left them by now.
        if items.count == 1, let item = items.first,
            (item.count == 1 && tokens[item.lowerBound].kind == .star)
                || (item.count == 3 && tokens[item.lowerBound + 1].kind == .dot
                    && tokens[item.lowerBound + 2].kind == .star)
        {
            guard let sources = sourceColumns(of: sourceTable, before: statement.lowerBound, previous: previous) else {
                return (
                    item.lowerBound,
                    "this rebuild copies `*` from \"\(sourceTable)\", whose columns cannot be read from the schema"
                        + advice
                )
            }
            for (position, target) in (targets ?? []).enumerated() {
                guard position < sources.count else { break }
                if target.lowercased() != sources[position].lowercased() {
                    return (
                        item.lowerBound,
                        "this rebuild copies \"\(sources[position])\" into \"\(target)\" by position: on PostgreSQL the rename would be a drop and an add, losing the values"
                            + advice
                    )
                }
            }
            return nil
        }
        for (position, item) in items.enumerated() {
            // A plain column: `name` or `table.name`.
            var nameToken: SQLToken? = nil
            if item.count == 1, tokens[item.lowerBound].isName {
                nameToken = tokens[item.lowerBound]
            } else if item.count == 3, tokens[item.lowerBound].isName, tokens[item.lowerBound + 1].kind == .dot,
                tokens[item.lowerBound + 2].isName
            {
                nameToken = tokens[item.lowerBound + 2]
            }
            let text = item.isEmpty ? "" : sourceText(of: item)
            guard let name = nameToken?.value else {
                let target =
                    targets.flatMap { position < $0.count ? $0[position] : nil }.map { " into \"\($0)\"" } ?? ""
                return (item.lowerBound, "this rebuild copies `\(text)`\(target), an expression" + advice)
            }
            if let targets, position < targets.count, targets[position].lowercased() != name.lowercased() {
                return (
                    item.lowerBound,
                    "this rebuild copies \"\(name)\" into \"\(targets[position])\": on PostgreSQL the rename would be a drop and an add, losing the values"
                        + advice
                )
            }
        }
        return nil
    }

    /// The insertable columns, in order, of the table this script's last `CREATE TABLE name
    /// (…)` before `limit` declares (generated columns and table constraints left out);
    /// nil when no such statement declares them in a column list (`CREATE TABLE … AS`).
    private func createdColumns(of table: String, before limit: Int) -> [String]? {
        guard
            let create = statements.last(where: { statement in
                guard statement.lowerBound < limit, case .createTable(let name) = kind(of: statement) else {
                    return false
                }
                return name.lowercased() == table.lowercased()
            })
        else { return nil }
        // The column list is the first `(`, unless `AS` comes first: `CREATE TABLE t AS
        // SELECT count(*) …` has none, and its first `(` is the query's.
        guard
            var index = create.firstIndex(where: {
                tokens[$0].kind == .leftParen || (tokens[$0].kind != .quotedIdentifier && word($0) == "AS")
            }), tokens[index].kind == .leftParen
        else { return nil }
        index += 1
        // Each definition: the tokens between commas at depth 1.
        var definitions: [Range<Int>] = []
        var start = index
        var depth = 1
        while index < create.upperBound, depth > 0 {
            switch tokens[index].kind {
            case .leftParen: depth += 1
            case .rightParen:
                depth -= 1
                if depth == 0 { definitions.append(start..<index) }
            case .comma where depth == 1:
                definitions.append(start..<index)
                start = index + 1
            default: break
            }
            index += 1
        }
        guard depth == 0 else { return nil }
        let constraints: Set<String> = ["CONSTRAINT", "PRIMARY", "UNIQUE", "CHECK", "FOREIGN"]
        var columns: [String] = []
        for definition in definitions where !definition.isEmpty {
            let first = definition.lowerBound
            if tokens[first].kind != .quotedIdentifier, constraints.contains(word(first)) { continue }
            let generated = definition.contains { position in
                word(position) == "GENERATED"
                    || (word(position) == "AS" && position + 1 < definition.upperBound
                        && tokens[position + 1].kind == .leftParen)
            }
            if generated { continue }
            columns.append(tokens[first].value)
        }
        return columns
    }

    /// The insertable columns, in order, of `table` as this script has left it just before
    /// `limit`: the previous version's, or those of this script's `CREATE TABLE`, with the
    /// columns the script added or renamed since; nil when that cannot be told (a table
    /// dropped or renamed away, a column dropped).
    private func sourceColumns(of table: String, before limit: Int, previous: SQLSchema) -> [String]? {
        var columns: [String]?
        var name = table.lowercased()
        // Follow the table's names backwards to where it came from.
        var from = limit
        for statement in statements.reversed() where statement.lowerBound < from {
            if case .renameTable(let old, let new) = kind(of: statement), new.lowercased() == name {
                name = old.lowercased()
                from = statement.lowerBound
            }
            if case .createTable(let created) = kind(of: statement), created.lowercased() == name {
                columns = createdColumns(of: created, before: statement.upperBound)
                from = statement.lowerBound
                break
            }
        }
        if columns == nil {
            // Not made by this script: the previous version's, changed from the script's start.
            guard let old = previous.table(named: name) else { return nil }
            columns = old.columns.filter { !$0.isGenerated }.map { $0.name }
            from = statements.first?.lowerBound ?? limit
        }
        // Replay what the script did to it since (under whichever name it had then).
        var names: Set<String> = [name]
        for statement in statements where statement.lowerBound >= from && statement.lowerBound < limit {
            switch kind(of: statement) {
            case .renameTable(let old, let new) where names.contains(old.lowercased()):
                names.insert(new.lowercased())
            case .addColumn(let owner, let column) where names.contains(owner.lowercased()):
                columns?.append(column)
            case .renameColumn(let owner, let old, let new) where names.contains(owner.lowercased()):
                guard let position = columns?.firstIndex(where: { $0.lowercased() == old.lowercased() }) else {
                    return nil
                }
                columns?[position] = new
            case .alterTable(let owner) where names.contains(owner.lowercased()):
                return nil
            case .dropTable(let owner) where names.contains(owner.lowercased()):
                return nil
            default: break
            }
        }
        return columns
    }

    /// The script's `INSERT`, `UPDATE` and `DELETE` statements in PostgreSQL's terms, in
    /// order, each followed where needed by the `setval` that moves an identity past the
    /// keys it inserted; those on a rebuild's temporary tables left out.
    func dataStatements(
        in schema: SQLSchema, previous: SQLSchema, typing: @escaping PostgresColumnTyping
    ) -> (statements: [String], problems: [DataProblem]) {
        // Tables this script creates and then drops or renames: a rebuild's scaffolding.
        var created: Set<String> = []
        var temporary: Set<String> = []
        for statement in statements {
            switch kind(of: statement) {
            case .createTable(let name): created.insert(name.lowercased())
            case .dropTable(let name) where created.contains(name.lowercased()): temporary.insert(name.lowercased())
            case .renameTable(let from, _) where created.contains(from.lowercased()):
                temporary.insert(from.lowercased())
            default: break
            }
        }
        var output: [String] = []
        var problems: [DataProblem] = []
        var identities: [(table: String, column: String)] = []
        let portable = PortableSQL(schema: schema, typing: typing)
        for statement in statements {
            let kind = kind(of: statement)
            if kind == .other {
                let position = SQLScript.lineAndColumn(ofOffset: tokens[statement.lowerBound].offset, in: script.text)
                problems.append(
                    DataProblem(
                        line: position.line, column: position.column,
                        message:
                            "this statement does not translate to PostgreSQL; write the script's PostgreSQL form in a .postgres.sql script"
                    ))
                continue
            }
            guard case .data(let verb, let target) = kind else { continue }
            let tableName = target ?? ""
            let start = statement.lowerBound
            func problem(_ index: Int, _ message: String) {
                let position = SQLScript.lineAndColumn(ofOffset: tokens[index].offset, in: script.text)
                problems.append(DataProblem(line: position.line, column: position.column, message: message))
            }
            if temporary.contains(tableName.lowercased()) {
                if verb == "INSERT", let found = rebuildCopyProblem(statement, previous: previous) {
                    problem(found.index, found.message)
                }
                continue
            }
            var body = statement.lowerBound..<statement.upperBound
            if tokens[body.upperBound - 1].kind == .semicolon { body = body.lowerBound..<(body.upperBound - 1) }
            var suffix = ""
            var skip: Set<Int> = []
            if verb == "REPLACE" {
                problem(
                    start, "REPLACE INTO is SQLite's only; PostgreSQL's INSERT … ON CONFLICT needs the conflict named")
                continue
            }
            if word(start + 1) == "OR" {
                if word(start + 2) == "IGNORE", verb == "INSERT" {
                    skip = [start + 1, start + 2]
                    suffix = " ON CONFLICT DO NOTHING"
                } else {
                    problem(start + 1, "\(verb) OR \(word(start + 2)) is SQLite's only")
                    continue
                }
            }
            let table = schema.table(named: tableName)
            var replacements: [Int: String] = [:]
            var explicitKey = false
            var assignsKey = false
            if let table, verb == "INSERT" {
                // INSERT INTO t [(columns)] VALUES (…), (…): the columns by position.
                var index = start
                while index < body.upperBound, !tokens[index].isName || tokens[index].value != tableName { index += 1 }
                index += 1
                var columns: [String] = table.columns.filter { !$0.isGenerated }.map { $0.name }
                if index < body.upperBound, tokens[index].kind == .leftParen {
                    columns = []
                    index += 1
                    while index < body.upperBound, tokens[index].kind != .rightParen {
                        if tokens[index].isName { columns.append(tokens[index].value) }
                        index += 1
                    }
                    index += 1
                }
                if let alias = table.rowIDAlias, columns.contains(where: { $0.lowercased() == alias.lowercased() }) {
                    explicitKey = true
                }
                // SQLite reads NULL for the rowid alias as "assign one": PostgreSQL's DEFAULT.
                let aliasPosition = table.rowIDAlias.flatMap { alias in
                    columns.firstIndex { $0.lowercased() == alias.lowercased() }
                }
                let types: [PostgresColumnType?] = columns.map { name in
                    table.column(named: name).flatMap { typing(table.name, $0) }
                }
                if word(index) == "VALUES" {
                    var depth = 0
                    var position = 0
                    for value in (index + 1)..<body.upperBound {
                        switch tokens[value].kind {
                        case .leftParen:
                            depth += 1
                            if depth == 1 { position = 0 }
                        case .rightParen: depth -= 1
                        case .comma where depth == 1: position += 1
                        case .number where depth == 1:
                            let alone =
                                [.leftParen, .comma].contains(tokens[value - 1].kind)
                                && [.rightParen, .comma].contains(tokens[value + 1].kind)
                            if alone, position < types.count, types[position] == .boolean {
                                if tokens[value].text == "0" { replacements[value] = "FALSE" }
                                if tokens[value].text == "1" { replacements[value] = "TRUE" }
                            }
                        default:
                            let alone =
                                depth == 1 && [.leftParen, .comma].contains(tokens[value - 1].kind)
                                && [.rightParen, .comma].contains(tokens[value + 1].kind)
                            if alone, position == aliasPosition, [.identifier, .keyword].contains(tokens[value].kind),
                                tokens[value].text.uppercased() == "NULL"
                            {
                                replacements[value] = "DEFAULT"
                                assignsKey = true
                            }
                        }
                    }
                }
            }
            if let table, verb == "UPDATE" {
                // SET flag = 1 on a BOOLEAN column.
                for index in body
                where index + 2 < body.upperBound && tokens[index].isName && tokens[index + 1].text == "="
                    && tokens[index + 2].kind == .number
                {
                    if let column = table.column(named: tokens[index].value), typing(table.name, column) == .boolean {
                        if tokens[index + 2].text == "0" { replacements[index + 2] = "FALSE" }
                        if tokens[index + 2].text == "1" { replacements[index + 2] = "TRUE" }
                    }
                }
            }
            let kept = body.filter { !skip.contains($0) }
            var text = ""
            var failed = false
            // Translate runs of kept tokens, substituting the boolean literals.
            var pieces: [ArraySlice<SQLToken>] = []
            var run: [SQLToken] = []
            for index in kept {
                var token = tokens[index]
                if let replacement = replacements[index] {
                    token = SQLToken(kind: .identifier, text: replacement, value: replacement, offset: token.offset)
                }
                run.append(token)
            }
            pieces.append(run[...])
            for piece in pieces {
                switch portable.translate(piece, in: script.text) {
                case .success(let sql): text += sql
                case .failure(let found):
                    failed = true
                    for item in found.all {
                        let position = SQLScript.lineAndColumn(ofOffset: item.offset, in: script.text)
                        problems.append(
                            DataProblem(line: position.line, column: position.column, message: "\(item.message)"))
                    }
                }
            }
            if failed { continue }
            if assignsKey, let table, identities.contains(where: { $0.table == table.name }),
                let alias = table.rowIDAlias
            {
                // Keys given earlier in the script: the identity moves past them first.
                output.append(
                    PostgresSchemaRenderer.setval(table: table.name, column: table.column(named: alias)?.name ?? alias))
            }
            output.append(text + suffix)
            if explicitKey, let table, let alias = table.rowIDAlias,
                !identities.contains(where: { $0.table == table.name })
            {
                identities.append((table.name, table.column(named: alias)?.name ?? alias))
            }
        }
        for identity in identities {
            output.append(PostgresSchemaRenderer.setval(table: identity.table, column: identity.column))
        }
        return (output, problems)
    }
}
