import SlateSchema

/// The shape of a `SELECT` statement: common table expressions, the cores of a compound
/// select, each core's result columns and sources (with which side of an outer join they
/// are on), and the trailing `ORDER BY` / `LIMIT`.
///
/// Only what type inference needs is modelled. SQLite prepares the statement first; this
/// is never the judge of whether SQL is valid.
package struct SelectStructure: Sendable {
    /// `WITH name(columns) AS (select)`.
    package struct CommonTable: Sendable {
        /// The table's name.
        package var name: String
        /// Column names given after the name, if any.
        package var columnNames: [String]
        /// The tokens of its select.
        package var tokens: [SQLToken]
    }

    /// One result column as written.
    package struct ResultItem: Sendable {
        /// `*` or `table.*`.
        package enum Star: Equatable, Sendable {
            /// `*`
            case all
            /// `table.*`
            case table(String)
        }

        /// The expression (`.unknown` for a star).
        package var expression: SQLExpression
        /// Its tokens, without the alias.
        package var tokens: [SQLToken]
        /// The alias after `AS`, or after the expression.
        package var alias: String?
        /// Set for `*` and `table.*`.
        package var star: Star?

        /// The expression as SQL text (tokens joined).
        package var text: String { tokens.map(\.text).joined(separator: " ") }
    }

    /// A table, view, common table, subquery or table-valued function in `FROM`.
    package struct Source: Sendable {
        /// The table, view, common table or function name; nil for a subquery.
        package var name: String?
        /// The alias, if any.
        package var alias: String?
        /// The tokens of a subquery source.
        package var subquery: [SQLToken]?
        /// Whether this source is on the optional side of an outer join: its columns are
        /// NULL when no row matches.
        package var isOptional: Bool
        /// The `ON` expression joining it.
        package var constraint: SQLExpression?

        /// The name columns are qualified with: the alias, else the name.
        package var qualifier: String? { alias ?? name }
    }

    /// One `SELECT …` (or `VALUES …`) of a compound select.
    package struct Core: Sendable {
        /// The result columns.
        package var items: [ResultItem]
        /// The sources in `FROM`, in order.
        package var sources: [Source]
        /// `WHERE`.
        package var filter: SQLExpression?
        /// `GROUP BY`.
        package var groupBy: [SQLExpression]
        /// `HAVING`.
        package var having: SQLExpression?
    }

    /// `WITH` tables.
    package var commonTables: [CommonTable]
    /// The cores, joined by `UNION`, `INTERSECT` or `EXCEPT`.
    package var cores: [Core]
    /// `ORDER BY` terms.
    package var orderBy: [SQLExpression]
    /// `LIMIT`.
    package var limit: SQLExpression?
    /// `OFFSET`.
    package var offset: SQLExpression?

    /// Parses the tokens of a select statement; nil when they are not one.
    package static func parse(_ allTokens: [SQLToken]) -> SelectStructure? {
        var tokens = allTokens
        while tokens.last?.kind == .semicolon { tokens.removeLast() }
        var index = 0
        var commonTables: [CommonTable] = []
        if tokens.first?.isKeyword("WITH") == true {
            index = 1
            if index < tokens.count, tokens[index].isKeyword("RECURSIVE") { index += 1 }
            while index < tokens.count {
                guard tokens[index].isName || tokens[index].kind == .keyword else { return nil }
                let name = tokens[index].value
                index += 1
                var columnNames: [String] = []
                if index < tokens.count, tokens[index].kind == .leftParen {
                    let (inside, next) = group(tokens, at: index)
                    columnNames = splitTopLevel(inside).compactMap { $0.first?.value }
                    index = next
                }
                guard index < tokens.count, tokens[index].isKeyword("AS") else { return nil }
                index += 1
                if index < tokens.count, tokens[index].isKeyword("NOT") { index += 1 }
                if index < tokens.count, tokens[index].isKeyword("MATERIALIZED") { index += 1 }
                guard index < tokens.count, tokens[index].kind == .leftParen else { return nil }
                let (inside, next) = group(tokens, at: index)
                commonTables.append(CommonTable(name: name, columnNames: columnNames, tokens: inside))
                index = next
                if index < tokens.count, tokens[index].kind == .comma {
                    index += 1
                } else {
                    break
                }
            }
        }

        var cores: [Core] = []
        while index < tokens.count {
            guard let (core, next) = parseCore(tokens, from: index) else { return nil }
            cores.append(core)
            index = next
            if index < tokens.count, ["UNION", "INTERSECT", "EXCEPT"].contains(tokens[index].value),
                tokens[index].kind == .keyword
            {
                index += 1
                if index < tokens.count, tokens[index].isKeyword("ALL") { index += 1 }
                continue
            }
            break
        }
        guard !cores.isEmpty else { return nil }

        var orderBy: [SQLExpression] = []
        var limit: SQLExpression?
        var offset: SQLExpression?
        if index < tokens.count, tokens[index].isKeyword("ORDER") {
            index += 1
            if index < tokens.count, tokens[index].isKeyword("BY") { index += 1 }
            let end = nextTopLevel(tokens, from: index, keywords: ["LIMIT"])
            orderBy = splitTopLevel(Array(tokens[index..<end])).map { term in
                var term = term
                while let last = term.last,
                    last.isKeyword("ASC") || last.isKeyword("DESC") || last.isKeyword("NULLS")
                        || last.value.uppercased() == "FIRST" || last.value.uppercased() == "LAST"
                {
                    term.removeLast()
                }
                return SQLExpressionParser.parse(term)
            }
            index = end
        }
        if index < tokens.count, tokens[index].isKeyword("LIMIT") {
            index += 1
            let rest = Array(tokens[index...])
            if let offsetIndex = lastTopLevelKeyword("OFFSET", in: rest) {
                limit = SQLExpressionParser.parse(Array(rest[..<offsetIndex]))
                offset = SQLExpressionParser.parse(Array(rest[(offsetIndex + 1)...]))
            } else {
                let parts = splitTopLevel(rest)
                if parts.count == 2 {
                    // `LIMIT offset, count`
                    offset = SQLExpressionParser.parse(parts[0])
                    limit = SQLExpressionParser.parse(parts[1])
                } else {
                    limit = SQLExpressionParser.parse(rest)
                }
            }
        }
        return SelectStructure(commonTables: commonTables, cores: cores, orderBy: orderBy, limit: limit, offset: offset)
    }

    /// The words that end a clause of a select core.
    static let clauseWords: Set<String> = [
        "FROM", "WHERE", "GROUP", "HAVING", "WINDOW", "ORDER", "LIMIT", "UNION", "INTERSECT", "EXCEPT",
    ]

    private static func parseCore(_ tokens: [SQLToken], from start: Int) -> (Core, Int)? {
        var index = start
        guard index < tokens.count else { return nil }
        if tokens[index].isKeyword("VALUES") {
            index += 1
            let end = nextTopLevel(tokens, from: index, keywords: ["ORDER", "LIMIT", "UNION", "INTERSECT", "EXCEPT"])
            let rows = splitTopLevel(Array(tokens[index..<end]))
            let firstRow: [[SQLToken]] =
                rows.first.map { row in
                    var parser = SQLExpressionParser(tokens: row)
                    return splitTopLevel(parser.skipGroup())
                } ?? []
            let items = firstRow.map {
                ResultItem(expression: SQLExpressionParser.parse($0), tokens: $0, alias: nil, star: nil)
            }
            return (Core(items: items, sources: [], filter: nil, groupBy: [], having: nil), end)
        }
        guard tokens[index].isKeyword("SELECT") else { return nil }
        index += 1
        if index < tokens.count, tokens[index].isKeyword("DISTINCT") || tokens[index].isKeyword("ALL") { index += 1 }

        let projectionEnd = nextTopLevel(tokens, from: index, keywords: clauseWords)
        let items = splitTopLevel(Array(tokens[index..<projectionEnd])).map(parseResultItem)
        index = projectionEnd

        var core = Core(items: items, sources: [], filter: nil, groupBy: [], having: nil)
        if index < tokens.count, tokens[index].isKeyword("FROM") {
            let end = nextTopLevel(tokens, from: index + 1, keywords: clauseWords.subtracting(["FROM"]))
            core.sources = parseSources(Array(tokens[(index + 1)..<end]))
            index = end
        }
        if index < tokens.count, tokens[index].isKeyword("WHERE") {
            let end = nextTopLevel(
                tokens, from: index + 1,
                keywords: ["GROUP", "HAVING", "WINDOW", "ORDER", "LIMIT", "UNION", "INTERSECT", "EXCEPT"])
            core.filter = SQLExpressionParser.parse(Array(tokens[(index + 1)..<end]))
            index = end
        }
        if index < tokens.count, tokens[index].isKeyword("GROUP") {
            var from = index + 1
            if from < tokens.count, tokens[from].isKeyword("BY") { from += 1 }
            let end = nextTopLevel(
                tokens, from: from, keywords: ["HAVING", "WINDOW", "ORDER", "LIMIT", "UNION", "INTERSECT", "EXCEPT"])
            core.groupBy = splitTopLevel(Array(tokens[from..<end])).map { SQLExpressionParser.parse($0) }
            index = end
        }
        if index < tokens.count, tokens[index].isKeyword("HAVING") {
            let end = nextTopLevel(
                tokens, from: index + 1, keywords: ["WINDOW", "ORDER", "LIMIT", "UNION", "INTERSECT", "EXCEPT"])
            core.having = SQLExpressionParser.parse(Array(tokens[(index + 1)..<end]))
            index = end
        }
        if index < tokens.count, tokens[index].isKeyword("WINDOW") {
            index = nextTopLevel(tokens, from: index + 1, keywords: ["ORDER", "LIMIT", "UNION", "INTERSECT", "EXCEPT"])
        }
        return (core, index)
    }

    static func parseResultItem(_ tokens: [SQLToken]) -> ResultItem {
        if tokens.count == 1, tokens[0].kind == .star {
            return ResultItem(expression: .unknown, tokens: tokens, alias: nil, star: .all)
        }
        if tokens.count >= 3, tokens.last?.kind == .star, tokens[tokens.count - 2].kind == .dot {
            return ResultItem(
                expression: .unknown, tokens: tokens, alias: nil, star: .table(tokens[tokens.count - 3].value))
        }
        var expressionTokens = tokens
        var alias: String?
        if tokens.count >= 3, tokens[tokens.count - 2].isKeyword("AS") {
            alias = tokens.last!.value
            expressionTokens = Array(tokens.dropLast(2))
        } else if tokens.count >= 2, let last = tokens.last, last.isName || last.kind == .string {
            let before = tokens[tokens.count - 2]
            let endsExpression =
                before.isName || before.kind == .rightParen || before.kind == .number
                || before.kind == .string || before.kind == .blob || before.kind == .parameter
                || before.isKeyword("END") || before.isKeyword("NULL")
            if endsExpression && before.kind != .dot {
                alias = last.value
                expressionTokens = Array(tokens.dropLast())
            }
        }
        return ResultItem(
            expression: SQLExpressionParser.parse(expressionTokens), tokens: expressionTokens, alias: alias, star: nil)
    }

    /// Splits a `FROM` clause into sources, marking those on the optional side of an
    /// outer join.
    static func parseSources(_ tokens: [SQLToken]) -> [Source] {
        var sources: [Source] = []
        var index = 0
        var pendingJoin = "FIRST"
        let joinWords: Set<String> = ["JOIN", "LEFT", "RIGHT", "FULL", "INNER", "CROSS", "NATURAL", "OUTER"]

        while index < tokens.count {
            var source = Source(name: nil, alias: nil, subquery: nil, isOptional: false, constraint: nil)
            let token = tokens[index]
            if token.kind == .leftParen {
                let (inside, next) = group(tokens, at: index)
                source.subquery = inside
                index = next
            } else {
                source.name = token.value
                index += 1
                if index + 1 < tokens.count, tokens[index].kind == .dot {
                    source.name = tokens[index + 1].value
                    index += 2
                }
                if index < tokens.count, tokens[index].kind == .leftParen {
                    // A table-valued function: its columns are not known here.
                    let (_, next) = group(tokens, at: index)
                    source.subquery = []
                    index = next
                }
            }
            if index < tokens.count, tokens[index].isKeyword("AS") { index += 1 }
            if index < tokens.count, tokens[index].isName || tokens[index].kind == .string {
                source.alias = tokens[index].value
                index += 1
            }
            if index < tokens.count, tokens[index].isKeyword("INDEXED") { index += 3 }
            if index + 2 < tokens.count, tokens[index].isKeyword("NOT"), tokens[index + 1].isKeyword("INDEXED") {
                index += 2
            }

            switch pendingJoin {
            case "LEFT":
                source.isOptional = true
            case "RIGHT":
                for previous in sources.indices { sources[previous].isOptional = true }
            case "FULL":
                source.isOptional = true
                for previous in sources.indices { sources[previous].isOptional = true }
            default:
                break
            }

            // ON … or USING (…), up to the next join operator.
            var end = index
            var depth = 0
            while end < tokens.count {
                let current = tokens[end]
                if current.kind == .leftParen { depth += 1 }
                if current.kind == .rightParen { depth -= 1 }
                if depth == 0, current.kind == .comma || (current.kind == .keyword && joinWords.contains(current.value))
                {
                    break
                }
                end += 1
            }
            if index < end, tokens[index].isKeyword("ON") {
                source.constraint = SQLExpressionParser.parse(Array(tokens[(index + 1)..<end]))
            }
            sources.append(source)
            index = end

            // The join operator before the next source.
            var words: [String] = []
            while index < tokens.count,
                tokens[index].kind == .comma
                    || (tokens[index].kind == .keyword && joinWords.contains(tokens[index].value))
            {
                words.append(tokens[index].kind == .comma ? "," : tokens[index].value)
                index += 1
                if words.last == "JOIN" || words.last == "," { break }
            }
            if words.contains("LEFT") {
                pendingJoin = "LEFT"
            } else if words.contains("RIGHT") {
                pendingJoin = "RIGHT"
            } else if words.contains("FULL") {
                pendingJoin = "FULL"
            } else {
                pendingJoin = "INNER"
            }
        }
        return sources
    }

    /// The tokens inside the parenthesized group opening at `index`, and the index after it.
    static func group(_ tokens: [SQLToken], at index: Int) -> ([SQLToken], Int) {
        var parser = SQLExpressionParser(tokens: tokens, start: index)
        let inside = parser.skipGroup()
        return (inside, parser.position)
    }

    /// The index of the next token at depth 0 that is one of `keywords`, or the end.
    static func nextTopLevel(_ tokens: [SQLToken], from start: Int, keywords: Set<String>) -> Int {
        var depth = 0
        var index = start
        while index < tokens.count {
            let token = tokens[index]
            if token.kind == .leftParen { depth += 1 }
            if token.kind == .rightParen { depth -= 1 }
            if depth == 0, token.kind == .keyword, keywords.contains(token.value) { return index }
            index += 1
        }
        return tokens.count
    }
}
