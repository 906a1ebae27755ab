import SlateSchema

/// Parses SQL expressions from tokens, with SQLite's operator precedence. It is tolerant:
/// anything it does not understand becomes ``SQLExpression/unknown`` and parsing goes on.
/// SQLite has already accepted the SQL by the time this runs; the parser only needs its
/// shape.
struct SQLExpressionParser {
    let tokens: [SQLToken]
    private(set) var position: Int
    let end: Int

    init(tokens: [SQLToken], start: Int = 0, end: Int? = nil) {
        self.tokens = tokens
        self.position = start
        self.end = end ?? tokens.count
    }

    /// Parses the whole range as one expression.
    static func parse(_ tokens: [SQLToken]) -> SQLExpression {
        var parser = SQLExpressionParser(tokens: tokens)
        return parser.parseExpression()
    }

    var isAtEnd: Bool { position >= end }

    private var current: SQLToken? { position < end ? tokens[position] : nil }

    private func peek(_ offset: Int = 1) -> SQLToken? {
        position + offset < end ? tokens[position + offset] : nil
    }

    private mutating func advance() { position += 1 }

    private mutating func accept(keyword: String) -> Bool {
        if current?.isKeyword(keyword) == true {
            advance()
            return true
        }
        return false
    }

    private mutating func accept(_ kind: SQLToken.Kind) -> Bool {
        if current?.kind == kind {
            advance()
            return true
        }
        return false
    }

    /// Skips a balanced parenthesized group starting at `(`; returns the tokens inside.
    mutating func skipGroup() -> [SQLToken] {
        guard current?.kind == .leftParen else { return [] }
        var depth = 0
        let start = position + 1
        while let token = current {
            if token.kind == .leftParen { depth += 1 }
            if token.kind == .rightParen {
                depth -= 1
                if depth == 0 {
                    let inside = Array(tokens[start..<position])
                    advance()
                    return inside
                }
            }
            advance()
        }
        return Array(tokens[start..<min(position, end)])
    }

    // MARK: Precedence levels, lowest first

    mutating func parseExpression() -> SQLExpression {
        parseOr()
    }

    private mutating func parseOr() -> SQLExpression {
        var left = parseAnd()
        while accept(keyword: "OR") {
            left = .binary("OR", left, parseAnd())
        }
        return left
    }

    private mutating func parseAnd() -> SQLExpression {
        var left = parseNot()
        while accept(keyword: "AND") {
            left = .binary("AND", left, parseNot())
        }
        return left
    }

    private mutating func parseNot() -> SQLExpression {
        if accept(keyword: "NOT") {
            return .unary("NOT", parseNot())
        }
        return parseEquality()
    }

    private mutating func parseEquality() -> SQLExpression {
        var left = parseComparison()
        while let token = current {
            if token.kind == .operator, ["=", "==", "!=", "<>"].contains(token.value) {
                advance()
                left = .binary(
                    token.value == "==" ? "=" : (token.value == "<>" ? "!=" : token.value), left, parseComparison())
            } else if token.isKeyword("IS") {
                advance()
                let negated = accept(keyword: "NOT")
                if accept(keyword: "DISTINCT") {
                    _ = accept(keyword: "FROM")
                }
                if current?.isKeyword("NULL") == true {
                    advance()
                    left = .nullTest(left, isNot: negated)
                } else {
                    left = .binary(negated ? "IS NOT" : "IS", left, parseComparison())
                }
            } else if token.isKeyword("ISNULL") {
                advance()
                left = .nullTest(left, isNot: false)
            } else if token.isKeyword("NOTNULL") {
                advance()
                left = .nullTest(left, isNot: true)
            } else if token.isKeyword("NOT"), peek()?.isKeyword("NULL") == true {
                advance()
                advance()
                left = .nullTest(left, isNot: true)
            } else if let word = matchingWord(token),
                ["IN", "LIKE", "GLOB", "MATCH", "REGEXP", "BETWEEN"].contains(word.value)
            {
                let negated = token.isKeyword("NOT")
                if negated { advance() }
                advance()
                switch word.value {
                case "IN":
                    left = parseIn(left)
                case "BETWEEN":
                    let low = parseComparison()
                    _ = accept(keyword: "AND")
                    let high = parseComparison()
                    left = .between(left, low, high)
                default:
                    var expression = SQLExpression.binary(word.value, left, parseComparison())
                    if accept(keyword: "ESCAPE") {
                        expression = .binary(word.value, expression, parseComparison())
                    }
                    left = expression
                }
                if negated { left = .unary("NOT", left) }
            } else {
                break
            }
        }
        return left
    }

    /// `IN`, `LIKE`, … possibly after `NOT`.
    private func matchingWord(_ token: SQLToken) -> SQLToken? {
        if token.isKeyword("NOT") { return peek() }
        if token.kind == .keyword { return token }
        return nil
    }

    private mutating func parseIn(_ left: SQLExpression) -> SQLExpression {
        guard current?.kind == .leftParen else {
            // `x IN table` or `x IN table_function(…)`
            if current?.isName == true || current?.kind == .keyword {
                advance()
                if accept(.dot) { advance() }
                if current?.kind == .leftParen { _ = skipGroup() }
            }
            return .inSubquery(left)
        }
        if let next = peek(), next.isKeyword("SELECT") || next.isKeyword("WITH") || next.isKeyword("VALUES") {
            _ = skipGroup()
            return .inSubquery(left)
        }
        let inside = skipGroup()
        let items = splitTopLevel(inside).map { SQLExpressionParser.parse($0) }
        return .inList(left, items)
    }

    private mutating func parseComparison() -> SQLExpression {
        var left = parseBitwise()
        while let token = current, token.kind == .operator, ["<", "<=", ">", ">="].contains(token.value) {
            advance()
            left = .binary(token.value, left, parseBitwise())
        }
        return left
    }

    private mutating func parseBitwise() -> SQLExpression {
        var left = parseAdditive()
        while let token = current, token.kind == .operator, ["&", "|", "<<", ">>"].contains(token.value) {
            advance()
            left = .binary(token.value, left, parseAdditive())
        }
        return left
    }

    private mutating func parseAdditive() -> SQLExpression {
        var left = parseMultiplicative()
        while let token = current, token.kind == .operator, token.value == "+" || token.value == "-" {
            advance()
            left = .binary(token.value, left, parseMultiplicative())
        }
        return left
    }

    private mutating func parseMultiplicative() -> SQLExpression {
        var left = parseConcatenation()
        while let token = current,
            token.kind == .star || (token.kind == .operator && (token.value == "/" || token.value == "%"))
        {
            advance()
            left = .binary(token.kind == .star ? "*" : token.value, left, parseConcatenation())
        }
        return left
    }

    private mutating func parseConcatenation() -> SQLExpression {
        var left = parseCollate()
        while let token = current, token.kind == .operator, ["||", "->", "->>"].contains(token.value) {
            advance()
            left = .binary(token.value, left, parseCollate())
        }
        return left
    }

    private mutating func parseCollate() -> SQLExpression {
        var expression = parseUnary()
        while accept(keyword: "COLLATE") {
            let name = current?.value ?? ""
            advance()
            expression = .collate(expression, name)
        }
        return expression
    }

    private mutating func parseUnary() -> SQLExpression {
        if let token = current, token.kind == .operator, ["-", "+", "~"].contains(token.value) {
            advance()
            return .unary(token.value, parseUnary())
        }
        return parsePrimary()
    }

    // MARK: Primaries

    private mutating func parsePrimary() -> SQLExpression {
        guard let token = current else { return .unknown }
        switch token.kind {
        case .number:
            advance()
            let text = token.value.lowercased()
            let isReal = !text.hasPrefix("0x") && (text.contains(".") || text.contains("e"))
            return .literal(isReal ? .real : .integer)
        case .string:
            advance()
            return .literal(.string)
        case .blob:
            advance()
            return .literal(.blob)
        case .parameter:
            advance()
            return .parameter(token.value)
        case .leftParen:
            if let next = peek(), next.isKeyword("SELECT") || next.isKeyword("WITH") || next.isKeyword("VALUES") {
                return .subquery(skipGroup())
            }
            let items = splitTopLevel(skipGroup()).map { SQLExpressionParser.parse($0) }
            return items.count == 1 ? items[0] : .row(items)
        case .keyword:
            return parseKeywordPrimary(token)
        case .identifier, .quotedIdentifier:
            if token.kind == .identifier, peek()?.kind != .leftParen, peek()?.kind != .dot {
                let upper = token.value.uppercased()
                if upper == "TRUE" || upper == "FALSE" {
                    advance()
                    return .literal(.boolean)
                }
            }
            return parseNameOrCall()
        default:
            advance()
            return .unknown
        }
    }

    private mutating func parseKeywordPrimary(_ token: SQLToken) -> SQLExpression {
        switch token.value {
        case "NULL":
            advance()
            return .literal(.null)
        case "CURRENT_TIMESTAMP", "CURRENT_DATE", "CURRENT_TIME":
            advance()
            return .literal(.currentTime)
        case "CASE":
            return parseCase()
        case "CAST":
            advance()
            let inside = skipGroup()
            guard let asIndex = lastTopLevelKeyword("AS", in: inside) else { return .unknown }
            let operand = SQLExpressionParser.parse(Array(inside[..<asIndex]))
            let type = inside[(asIndex + 1)...].map(\.text).joined(separator: " ")
            return .cast(operand, type: type)
        case "EXISTS":
            advance()
            _ = skipGroup()
            return .exists
        case "RAISE":
            advance()
            _ = skipGroup()
            return .unknown
        default:
            // Keywords that are also function names: replace(), like(), glob(), …
            if peek()?.kind == .leftParen {
                return parseNameOrCall()
            }
            advance()
            return .unknown
        }
    }

    private mutating func parseCase() -> SQLExpression {
        advance() // CASE
        var base: SQLExpression?
        if current?.isKeyword("WHEN") != true {
            base = parseExpression()
        }
        var branches: [SQLExpression] = []
        var otherwise: SQLExpression?
        while accept(keyword: "WHEN") {
            _ = parseExpression()
            _ = accept(keyword: "THEN")
            branches.append(parseExpression())
        }
        if accept(keyword: "ELSE") {
            otherwise = parseExpression()
        }
        _ = accept(keyword: "END")
        return .caseWhen(base: base, branches: branches, otherwise: otherwise)
    }

    private mutating func parseNameOrCall() -> SQLExpression {
        guard let first = current else { return .unknown }
        advance()
        if current?.kind == .leftParen {
            return parseCall(name: first.value)
        }
        var parts = [first.value]
        while current?.kind == .dot, let next = peek(), next.isName || next.kind == .keyword {
            advance()
            parts.append(next.value)
            advance()
        }
        if parts.count == 1 {
            return .column(qualifier: nil, name: parts[0])
        }
        return .column(qualifier: parts[parts.count - 2], name: parts[parts.count - 1])
    }

    private mutating func parseCall(name: String) -> SQLExpression {
        let inside = skipGroup()
        var isStar = false
        var argumentTokens = inside
        if argumentTokens.first?.isKeyword("DISTINCT") == true || argumentTokens.first?.isKeyword("ALL") == true {
            argumentTokens.removeFirst()
        }
        // An aggregate's own ORDER BY (SQLite 3.44) does not change its type.
        if let orderIndex = lastTopLevelKeyword("ORDER", in: argumentTokens) {
            argumentTokens = Array(argumentTokens[..<orderIndex])
        }
        var arguments: [SQLExpression] = []
        if argumentTokens.count == 1, argumentTokens[0].kind == .star {
            isStar = true
        } else if !argumentTokens.isEmpty {
            arguments = splitTopLevel(argumentTokens).map { SQLExpressionParser.parse($0) }
        }
        if current?.isKeyword("FILTER") == true {
            advance()
            _ = skipGroup()
        }
        var isWindow = false
        if accept(keyword: "OVER") {
            isWindow = true
            if current?.kind == .leftParen {
                _ = skipGroup()
            } else {
                advance()
            }
        }
        return .function(name: name.lowercased(), arguments: arguments, isStar: isStar, isWindow: isWindow)
    }
}

/// Splits tokens at commas outside parentheses.
func splitTopLevel(_ tokens: [SQLToken], separator: SQLToken.Kind = .comma) -> [[SQLToken]] {
    var parts: [[SQLToken]] = []
    var current: [SQLToken] = []
    var depth = 0
    var caseDepth = 0
    for token in tokens {
        switch token.kind {
        case .leftParen: depth += 1
        case .rightParen: depth -= 1
        default: break
        }
        if token.isKeyword("CASE") { caseDepth += 1 }
        if token.isKeyword("END"), caseDepth > 0 { caseDepth -= 1 }
        if token.kind == separator, depth == 0, caseDepth == 0 {
            parts.append(current)
            current = []
        } else {
            current.append(token)
        }
    }
    if !current.isEmpty || !parts.isEmpty { parts.append(current) }
    return parts
}

/// The index of the last `keyword` outside parentheses in `tokens`.
func lastTopLevelKeyword(_ keyword: String, in tokens: [SQLToken]) -> Int? {
    var depth = 0
    var found: Int?
    for (index, token) in tokens.enumerated() {
        if token.kind == .leftParen { depth += 1 }
        if token.kind == .rightParen { depth -= 1 }
        if depth == 0, token.isKeyword(keyword) { found = index }
    }
    return found
}
