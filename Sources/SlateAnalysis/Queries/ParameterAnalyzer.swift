import SlateSchema

/// Finds a query's named parameters and what each use says of their types: the column a
/// parameter is compared with, assigned to or inserted into; `LIMIT` and `OFFSET`;
/// `CAST(:p AS type)`; `IN (:list)`; and whether NULL is meant (`IS :p`, `:p IS NULL`).
///
/// It reads the tokens around each parameter, the way a reader would; SQLite has already
/// prepared the statement, so the SQL is valid.
struct ParameterAnalyzer {
    let tokens: [SQLToken]
    let schema: Schema
    /// Parenthesis depth of each token (a parenthesis counts as outside its group).
    private var depths: [Int] = []
    /// The clause keyword each token is in, at its own depth (`WHERE`, `SET`, `VALUES`, …).
    private var clauses: [String?] = []
    /// For each `(`, the index of its `)`, and the other way round.
    private var closing: [Int: Int] = [:]
    private var opening: [Int: Int] = [:]
    /// Qualifiers (aliases and names, lower-cased) to relation names.
    private var qualifiers: [String: String] = [:]
    /// The relations the statement reads or writes, in order.
    private var relations: [String] = []
    /// The table an `INSERT`, `UPDATE` or `DELETE` writes.
    private var target: String?
    /// The columns an `INSERT` fills, in order.
    private var insertColumns: [String] = []

    static let clauseKeywords: Set<String> = [
        "SELECT", "FROM", "WHERE", "GROUP", "HAVING", "ORDER", "LIMIT", "OFFSET", "SET", "VALUES", "RETURNING",
        "ON", "JOIN", "USING", "WINDOW", "INTO", "UPDATE", "DELETE", "INSERT", "REPLACE", "WITH", "DO", "UNION",
        "INTERSECT", "EXCEPT",
    ]

    init(tokens: [SQLToken], schema: Schema) {
        self.tokens = tokens
        self.schema = schema
        scanStructure()
        scanRelations()
    }

    /// The parameters in order of first appearance.
    func parameters() -> [QueryParameter] {
        var result: [QueryParameter] = []
        for index in tokens.indices where tokens[index].kind == .parameter {
            let spelling = tokens[index].value
            let use = self.use(at: index)
            if let existing = result.firstIndex(where: { $0.spelling == spelling }) {
                result[existing].uses.append(use)
            } else {
                result.append(QueryParameter(name: String(spelling.dropFirst()), spelling: spelling, uses: [use]))
            }
        }
        return result
    }

    // MARK: Structure

    private mutating func scanStructure() {
        var stack: [String?] = [nil]
        var opens: [Int] = []
        depths = Array(repeating: 0, count: tokens.count)
        clauses = Array(repeating: nil, count: tokens.count)
        for (index, token) in tokens.enumerated() {
            switch token.kind {
            case .leftParen:
                depths[index] = stack.count - 1
                clauses[index] = stack[stack.count - 1]
                stack.append(nil)
                opens.append(index)
            case .rightParen:
                if stack.count > 1 { stack.removeLast() }
                if let open = opens.popLast() {
                    closing[open] = index
                    opening[index] = open
                }
                depths[index] = stack.count - 1
                clauses[index] = stack[stack.count - 1]
            default:
                if token.kind == .keyword, Self.clauseKeywords.contains(token.value) {
                    stack[stack.count - 1] = token.value
                }
                depths[index] = stack.count - 1
                clauses[index] = stack[stack.count - 1]
            }
        }
    }

    private mutating func scanRelations() {
        for (index, token) in tokens.enumerated() {
            let startsSource =
                token.isKeyword("FROM") || token.isKeyword("JOIN") || token.isKeyword("INTO")
                || token.isKeyword("UPDATE") || (token.kind == .comma && clauses[index] == "FROM")
            guard startsSource else { continue }
            var next = index + 1
            if token.isKeyword("UPDATE") {
                // `DO UPDATE SET` in an upsert names no table.
                if index > 0, tokens[index - 1].isKeyword("DO") { continue }
                if next < tokens.count, tokens[next].isKeyword("OR") { next += 2 }
            }
            guard next < tokens.count, tokens[next].isName else { continue }
            var name = tokens[next].value
            if next + 2 < tokens.count, tokens[next + 1].kind == .dot, tokens[next + 2].isName {
                name = tokens[next + 2].value
                next += 2
            }
            next += 1
            // A table-valued function, not a relation.
            if next < tokens.count, tokens[next].kind == .leftParen, !token.isKeyword("INTO") { continue }
            guard let relation = relationName(name) else { continue }
            relations.append(relation)
            qualifiers[name.lowercased()] = relation
            if next + 1 < tokens.count, tokens[next].isKeyword("AS"), tokens[next + 1].isName {
                qualifiers[tokens[next + 1].value.lowercased()] = relation
            } else if next < tokens.count, tokens[next].isName {
                qualifiers[tokens[next].value.lowercased()] = relation
            }
            if (token.isKeyword("INTO") || token.isKeyword("UPDATE")) && depths[index] == 0 && target == nil {
                target = relation
                qualifiers["excluded"] = relation
            }
            if token.isKeyword("FROM"), depths[index] == 0, target == nil, tokens.first?.isKeyword("DELETE") == true {
                target = relation
            }
            if token.isKeyword("INTO"), depths[index] == 0 {
                insertColumns = insertColumnList(after: next, relation: relation)
            }
        }
    }

    /// The columns an `INSERT` names in parentheses after its table, or all of them.
    private func insertColumnList(after index: Int, relation: String) -> [String] {
        var open = index
        if open + 1 < tokens.count, tokens[open].isKeyword("AS") { open += 2 }
        if open < tokens.count, tokens[open].kind == .leftParen, let close = closing[open] {
            return tokens[(open + 1)..<close].filter(\.isName).map(\.value)
        }
        guard let table = schema.table(named: relation) else { return [] }
        return table.columns.filter { $0.generation == .none }.map(\.name)
    }

    private func relationName(_ name: String) -> String? {
        schema.table(named: name)?.name ?? schema.view(named: name)?.name
    }

    // MARK: Uses

    private func use(at index: Int) -> QueryParameter.Use {
        func make(
            _ source: QueryParameter.Source, optional: Bool = false, list: Bool = false, comparison: Bool = false,
            _ description: String
        ) -> QueryParameter.Use {
            QueryParameter.Use(
                offset: tokens[index].offset, source: source, isOptional: optional, isList: list,
                description: description,
                isComparison: comparison)
        }
        func token(_ position: Int) -> SQLToken? {
            position >= 0 && position < tokens.count ? tokens[position] : nil
        }

        // LIMIT :n, OFFSET :n
        if let clause = clauses[index], clause == "LIMIT" || clause == "OFFSET" {
            return make(.declaredType("INTEGER"), "in \(clause)")
        }
        // CAST(:p AS type)
        if token(index - 1)?.kind == .leftParen, token(index - 2)?.isKeyword("CAST") == true,
            token(index + 1)?.isKeyword("AS") == true,
            let close = closing[index - 1], close > index + 2
        {
            let type = tokens[(index + 2)..<close].map(\.text).joined(separator: " ")
            return make(.declaredType(type), "cast to \(type)")
        }
        // x IN (:list) and x IN (a, :p, b)
        if let open = enclosingParen(of: index), token(open - 1)?.isKeyword("IN") == true,
            !(token(open + 1).map { $0.isKeyword("SELECT") || $0.isKeyword("WITH") || $0.isKeyword("VALUES") } ?? false)
        {
            let notOffset = token(open - 2)?.isKeyword("NOT") == true ? 1 : 0
            let column = self.column(endingAt: open - 2 - notOffset)
            let isWhole = open == index - 1 && closing[open] == index + 1
            guard let column else { return make(.none, list: isWhole, "in an IN list") }
            return make(column.source, list: isWhole, comparison: true, "in an IN list with \(column.name)")
        }
        // x BETWEEN :low AND :high
        if token(index - 1)?.isKeyword("BETWEEN") == true {
            let notOffset = token(index - 2)?.isKeyword("NOT") == true ? 1 : 0
            if let column = column(endingAt: index - 2 - notOffset) {
                return make(column.source, comparison: true, "compared with \(column.name)")
            }
        }
        if token(index - 1)?.isKeyword("AND") == true, let between = betweenKeyword(before: index - 1) {
            let notOffset = token(between - 1)?.isKeyword("NOT") == true ? 1 : 0
            if let column = column(endingAt: between - 1 - notOffset) {
                return make(column.source, comparison: true, "compared with \(column.name)")
            }
        }
        // :p IS NULL, :p ISNULL, :p NOTNULL, :p IS NOT NULL
        if let next = token(index + 1) {
            if next.isKeyword("ISNULL") || next.isKeyword("NOTNULL")
                || (next.isKeyword("IS")
                    && (token(index + 2)?.isKeyword("NULL") == true
                        || (token(index + 2)?.isKeyword("NOT") == true && token(index + 3)?.isKeyword("NULL") == true)))
            {
                return make(.none, optional: true, "tested for NULL")
            }
        }
        // column op :p
        if let previous = token(index - 1) {
            var columnEnd: Int?
            var optional = false
            var pattern = false
            if previous.kind == .operator, Self.comparisons.contains(previous.value) {
                columnEnd = index - 2
            } else if previous.isKeyword("IS") {
                columnEnd = index - 2
                optional = true
            } else if previous.isKeyword("NOT"), token(index - 2)?.isKeyword("IS") == true {
                columnEnd = index - 3
                optional = true
            } else if Self.patternOperators.contains(where: previous.isKeyword) {
                columnEnd = token(index - 2)?.isKeyword("NOT") == true ? index - 3 : index - 2
                pattern = true
            }
            if let columnEnd, let column = column(endingAt: columnEnd) {
                if pattern { return make(.declaredType("TEXT"), "a pattern matched against \(column.name)") }
                if clauses[index] == "SET", previous.value == "=" {
                    return make(column.source, optional: !column.isNotNull, "assigned to \(column.name)")
                }
                return make(column.source, optional: optional, comparison: true, "compared with \(column.name)")
            }
            if pattern { return make(.declaredType("TEXT"), "a LIKE pattern") }
            if let columnEnd, let type = functionType(endingAt: columnEnd) {
                return make(
                    .declaredType(type.name), optional: optional, comparison: true, "compared with \(type.text)")
            }
        }
        // :p op column
        if let next = token(index + 1) {
            var columnStart: Int?
            var optional = false
            if next.kind == .operator, Self.comparisons.contains(next.value) {
                columnStart = index + 2
            } else if next.isKeyword("IS") {
                optional = true
                columnStart = token(index + 2)?.isKeyword("NOT") == true ? index + 3 : index + 2
            }
            if let columnStart, let column = column(startingAt: columnStart) {
                return make(column.source, optional: optional, comparison: true, "compared with \(column.name)")
            }
        }
        // INSERT … VALUES (…, :p, …)
        if let open = enclosingParen(of: index), clauses[open] == "VALUES",
            token(index - 1)?.kind == .leftParen || token(index - 1)?.kind == .comma,
            token(index + 1)?.kind == .rightParen || token(index + 1)?.kind == .comma,
            let target
        {
            let commas = (open + 1..<index).filter { tokens[$0].kind == .comma && depths[$0] == depths[open] + 1 }.count
            if commas < insertColumns.count, let column = resolve(relation: target, column: insertColumns[commas]) {
                return make(column.source, optional: !column.isNotNull, "inserted into \(column.name)")
            }
        }
        return make(.none, "used where its type cannot be told")
    }

    static let comparisons: Set<String> = ["=", "==", "!=", "<>", "<", "<=", ">", ">="]
    static let patternOperators = ["LIKE", "GLOB", "MATCH", "REGEXP"]

    /// The `(` whose group directly holds the token at `index`.
    private func enclosingParen(of index: Int) -> Int? {
        var position = index - 1
        let depth = depths[index]
        while position >= 0 {
            if tokens[position].kind == .leftParen, depths[position] == depth - 1 { return position }
            if depths[position] < depth - 1 { return nil }
            position -= 1
        }
        return nil
    }

    /// The `BETWEEN` an `AND` at `index` belongs to, when its lower bound is a single token.
    private func betweenKeyword(before index: Int) -> Int? {
        let candidate = index - 2
        guard candidate >= 0, tokens[candidate].isKeyword("BETWEEN") else { return nil }
        return candidate
    }

    /// The type of a call ending at `index` whose type does not depend on its arguments:
    /// `count(…)`, `length(…)`, `avg(…)`.
    private func functionType(endingAt index: Int) -> (name: String, text: String)? {
        guard index > 0, index < tokens.count, tokens[index].kind == .rightParen, let open = opening[index], open > 0,
            tokens[open - 1].isName
        else { return nil }
        let call = SQLExpression.function(
            name: tokens[open - 1].value.lowercased(), arguments: [], isStar: false, isWindow: false)
        let type = ExpressionTyping.type(of: call, in: TypingEnvironment(entries: [])) { _ in [] }
        guard let name = type.declaredType else { return nil }
        return (name, tokens[(open - 1)...index].map(\.text).joined())
    }

    // MARK: Columns

    struct ResolvedColumn {
        var name: String
        var source: QueryParameter.Source
        var isNotNull: Bool
    }

    /// The column named by the tokens ending at `index`: `name` or `qualifier.name`.
    private func column(endingAt index: Int) -> ResolvedColumn? {
        guard index >= 0, index < tokens.count, tokens[index].isName else { return nil }
        if index >= 2, tokens[index - 1].kind == .dot, tokens[index - 2].isName {
            return resolve(qualifier: tokens[index - 2].value, column: tokens[index].value, at: index)
        }
        return resolve(qualifier: nil, column: tokens[index].value, at: index)
    }

    /// The column named by the tokens starting at `index`.
    private func column(startingAt index: Int) -> ResolvedColumn? {
        guard index < tokens.count, tokens[index].isName else { return nil }
        if index + 2 < tokens.count, tokens[index + 1].kind == .dot, tokens[index + 2].isName {
            if index + 3 < tokens.count, tokens[index + 3].kind == .leftParen { return nil }
            return resolve(qualifier: tokens[index].value, column: tokens[index + 2].value, at: index)
        }
        if index + 1 < tokens.count, tokens[index + 1].kind == .leftParen || tokens[index + 1].kind == .dot {
            return nil
        }
        return resolve(qualifier: nil, column: tokens[index].value, at: index)
    }

    private func resolve(qualifier: String?, column: String, at index: Int) -> ResolvedColumn? {
        if let qualifier {
            if let relation = qualifiers[qualifier.lowercased()] ?? relationName(qualifier) {
                return resolve(relation: relation, column: column)
            }
            // A common table or a subquery: its columns come from the statement's tables.
            return resolve(qualifier: nil, column: column, at: index)
        }
        // In SET, an unqualified column is the written table's.
        if clauses[index] == "SET", let target, let found = resolve(relation: target, column: column) {
            return found
        }
        var found: [ResolvedColumn] = []
        for relation in relations {
            if let candidate = resolve(relation: relation, column: column) { found.append(candidate) }
        }
        guard let first = found.first else { return nil }
        return found.allSatisfy({ $0.source.declaredTypeText == first.source.declaredTypeText }) ? first : nil
    }

    /// The column `column` of `relation`, a table or view of the schema.
    private func resolve(relation: String, column: String) -> ResolvedColumn? {
        if let table = schema.table(named: relation) {
            if let found = table.columns.first(where: {
                $0.name.lowercased() == column.lowercased() && $0.generation != .hidden
            }) {
                let isRowID = table.rowIDAlias?.lowercased() == found.name.lowercased()
                let notNull = found.isNotNull || isRowID
                return ResolvedColumn(
                    name: "\(table.name).\(found.name)",
                    source: .column(
                        relation: table.name, column: found.name,
                        declaredType: isRowID ? "INTEGER" : found.declaredType, isNotNull: notNull),
                    isNotNull: notNull)
            }
            if table.hasRowID, SQLSchema.Table.rowIDNames.contains(column.lowercased()) {
                return ResolvedColumn(
                    name: "\(table.name).\(column)", source: .declaredType("INTEGER"), isNotNull: true)
            }
            return nil
        }
        if let view = schema.view(named: relation),
            let found = view.columns.first(where: { $0.name.lowercased() == column.lowercased() })
        {
            guard let declared = found.declaredType else { return nil }
            return ResolvedColumn(
                name: "\(view.name).\(found.name)",
                source: .column(
                    relation: view.name, column: found.name, declaredType: declared, isNotNull: !found.isNullable),
                isNotNull: !found.isNullable)
        }
        return nil
    }
}

extension QueryParameter.Source {
    /// The SQL type the source gives, upper-cased, for comparing two sources.
    var declaredTypeText: String? {
        switch self {
        case .column(_, _, let type, _): return type.uppercased()
        case .declaredType(let type): return type.uppercased()
        case .none: return nil
        }
    }
}
