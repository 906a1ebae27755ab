import Slate
import SlateCSQLite

/// Renders a predicate's tokens (postfix order) to SQL, once per shape and connection.
///
/// A stack machine: a condition or expression token pushes its SQL, an operator pops its
/// operands. `AND` of `AND`s (and `OR` of `OR`s) merge into one chain, however they were
/// grouped, and a chain is written flat: `a AND b AND c`. SQLite's parser takes a flat
/// chain without growing its stack, but its expression tree is as deep as the chain is
/// long, and SQLite refuses a tree deeper than SQLITE_MAX_EXPR_DEPTH (1000 by default):
/// so a chain of more than 100 terms is written as about √n parenthesized runs of about
/// √n terms each (5,000 terms: 71 runs, a depth of about 150).
struct SQLPredicateRenderer {
    /// The quoted column names, by index.
    let names: [String]
    /// Whether the column at an index has TEXT affinity (asked only for `hasPrefix`, so
    /// that the cache reads the columns' types only when one needs them).
    let isText: (Int) -> Bool
    /// The `?` written so far.
    var parameters: Int { columns.count }
    /// The column each `?` written so far is compared with (its SQL name), nil for a value
    /// in an expression or a fragment: for errors that name the column (NaN).
    private(set) var columns: [String?] = []
    /// The SQL fragments written so far, as rendered (with `?` for their values).
    private(set) var fragments: [String] = []

    /// The longest chain written without parentheses.
    static let flatChain = 100

    init(names: [String], isText: @escaping (Int) -> Bool) {
        self.names = names
        self.isText = isText
    }

    /// A chain of conditions under one operator, built in place as chains merge.
    private final class Chain {
        let isAnd: Bool
        var items: [Item]

        init(isAnd: Bool, items: [Item]) {
            self.isAnd = isAnd
            self.items = items
        }
    }

    private enum Item {
        /// A condition's SQL, which binds tighter than `AND`.
        case condition(String)
        case chain(Chain)
        /// An expression's SQL, for a comparison.
        case expression(String)
    }

    /// The SQL of `shape`.
    mutating func render(_ shape: SQLPredicateShape) -> String {
        let tokens = shape.tokenArray
        var stack: [Item] = []
        var position = 0
        func next() -> UInt16 {
            defer { position += 1 }
            return tokens[position]
        }
        while position < tokens.count {
            let token = next()
            let op = SQLPredicateShape.Operator(rawValue: token >> SQLPredicateShape.operandBits)!
            var operand = Int(token & SQLPredicateShape.operandMask)
            func columnIndex() -> Int {
                if operand == Int(SQLPredicateShape.columnEscape) { operand = Int(next()) }
                return operand
            }
            func column() -> String { names[columnIndex()] }
            switch op {
            case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual:
                let name = column()
                stack.append(.condition("\(name) \(SQLComparison(rawValue: UInt8(op.rawValue))!.sql) ?"))
                columns.append(name)
            case .isNull: stack.append(.condition("\(column()) IS NULL"))
            case .isNotNull: stack.append(.condition("\(column()) IS NOT NULL"))
            case .isIn:
                let name = column()
                let count = Int(next()) << 16 | Int(next())
                columns += Array(repeating: name, count: count)
                stack.append(
                    .condition(
                        count == 0
                            ? "0" : "\(name) IN (" + Array(repeating: "?", count: count).joined(separator: ", ") + ")"))
            case .like:
                let name = column()
                stack.append(.condition("\(name) LIKE ? ESCAPE '\\'"))
                columns.append(name)
            case .between:
                let name = column()
                stack.append(.condition("\(name) BETWEEN ? AND ?"))
                columns += [name, name]
            case .hasPrefix:
                let index = columnIndex()
                let name = names[index]
                // Bound: the prefix and its successor, as blobs. Text of TEXT affinity
                // compares with them as text (memcmp, NUL included, whatever the column's
                // collation): a range an index on the column serves. Anything else
                // compares its bytes, which no index serves but which is exact for
                // numbers too (and for text under NUMERIC affinity, where a bound text
                // that looks like a number would be compared as a number).
                if isText(index) {
                    stack.append(
                        .condition(
                            "(\(name) COLLATE BINARY >= CAST(? AS TEXT) AND \(name) COLLATE BINARY < CAST(? AS TEXT))"))
                } else {
                    stack.append(.condition("(CAST(\(name) AS BLOB) >= ? AND CAST(\(name) AS BLOB) < ?)"))
                }
                columns += [name, name]
            case .hasSuffix:
                // Bound: minus the suffix's length, and the suffix: the column's last bytes.
                // (`IS`, because substr of an empty blob is NULL; the CASE keeps NULL for
                // a NULL column.)
                let name = column()
                stack.append(.condition("CASE WHEN \(name) IS NOT NULL THEN substr(CAST(\(name) AS BLOB), ?) IS ? END"))
                columns += [name, name]
            case .contains:
                let name = column()
                stack.append(.condition("instr(CAST(\(name) AS BLOB), ?) > 0"))
                columns.append(name)
            case .hasBytes:
                // True for every value, NULL for NULL, as the other text tests.
                stack.append(.condition("CAST(\(column()) AS BLOB) >= X''"))
            case .constant: stack.append(.condition(operand == 1 ? "1" : "0"))
            case .and, .or:
                let right = stack.removeLast()
                let left = stack.removeLast()
                stack.append(.chain(Self.merge(left, right, isAnd: op == .and)))
            case .not:
                stack.append(.condition("NOT (\(Self.sql(stack.removeLast(), nested: false)))"))
            case .fragment:
                var pieces = operand
                if pieces == Int(SQLPredicateShape.columnEscape) { pieces = Int(next()) << 16 | Int(next()) }
                var sql = ""
                for _ in 0..<pieces {
                    let header = next()
                    var number = Int(header & 0x3FFF)
                    let kind = SQLFragmentPiece(rawValue: header >> 14)!
                    if number == 0x3FFF {
                        number = kind == .text ? Int(next()) << 16 | Int(next()) : Int(next())
                    }
                    switch kind {
                    case .text:
                        var bytes: [UInt8] = []
                        bytes.reserveCapacity(number)
                        while bytes.count < number {
                            let pair = next()
                            bytes.append(UInt8(truncatingIfNeeded: pair))
                            if bytes.count < number { bytes.append(UInt8(truncatingIfNeeded: pair >> 8)) }
                        }
                        sql += String(decoding: bytes, as: UTF8.self)
                    case .value:
                        sql += "?"
                        columns.append(nil)
                    case .column:
                        sql += names[number]
                    }
                }
                fragments.append(sql)
                // A fragment that ends in a `--` comment would comment out what follows.
                stack.append(.condition(sql.contains("--") ? "(\(sql)\n)" : "(\(sql))"))
            case .compare:
                let right = stack.removeLast()
                let left = stack.removeLast()
                stack.append(
                    .condition(
                        "\(Self.sql(left, nested: true)) \(SQLComparison(rawValue: UInt8(operand))!.sql) \(Self.sql(right, nested: true))"
                    ))
            case .column: stack.append(.expression(column()))
            case .value:
                stack.append(.expression("?"))
                columns.append(nil)
            case .arithmetic:
                let right = stack.removeLast()
                let left = stack.removeLast()
                stack.append(
                    .expression(
                        "(\(Self.sql(left, nested: true)) \(SQLArithmetic(rawValue: UInt8(operand))!.sql) \(Self.sql(right, nested: true)))"
                    ))
            case .seconds:
                // Only a column holds another storage than seconds since 1970: arithmetic
                // is in seconds.
                let value = Self.sql(stack.removeLast(), nested: true)
                switch operand {
                case 0:
                    // Text through julianday, to the millisecond; numbers in a text column
                    // as Slate reads them (SQLite's 'auto': a Julian day up to 5373484.5,
                    // else seconds since 1970).
                    stack.append(
                        .expression(
                            "(CASE WHEN typeof(\(value)) IN ('integer', 'real') THEN (CASE WHEN \(value) >= 0 AND \(value) < 5373484.5 THEN (round(\(value) * 86400000.0) - 210866760000000.0) / 1000.0 ELSE \(value) END) ELSE round((julianday(\(value)) - 2440587.5) * 86400000.0) / 1000.0 END)"
                        ))
                case 1:
                    stack.append(.expression("(\(value) + 978307200.0)"))
                case 2:
                    stack.append(.expression("(\(value) / 1000.0)"))
                case 3:
                    stack.append(.expression("((round(\(value) * 86400000.0) - 210866760000000.0) / 1000.0)"))
                default:
                    stack.append(.expression(value))
                }
            case .boolean:
                let value = Self.sql(stack.removeLast(), nested: true)
                stack.append(.expression("(\(value) = ?)"))
                columns.append(nil)
            }
        }
        return stack.last.map { Self.sql($0, nested: false) } ?? ""
    }

    /// `left op right` as one chain: a side that is a chain of the same operator gives its
    /// terms (the longer side's array grows in place).
    private static func merge(_ left: Item, _ right: Item, isAnd: Bool) -> Chain {
        let leftChain: Chain? = if case .chain(let chain) = left, chain.isAnd == isAnd { chain } else { nil }
        let rightChain: Chain? = if case .chain(let chain) = right, chain.isAnd == isAnd { chain } else { nil }
        switch (leftChain, rightChain) {
        case (let chain?, nil):
            chain.items.append(right)
            return chain
        case (nil, let chain?):
            chain.items.insert(left, at: 0)
            return chain
        case (let one?, let other?):
            if one.items.count >= other.items.count {
                one.items.append(contentsOf: other.items)
                return one
            }
            other.items.insert(contentsOf: one.items, at: 0)
            return other
        case (nil, nil):
            return Chain(isAnd: isAnd, items: [left, right])
        }
    }

    /// An item's SQL; a chain in parentheses when `nested`.
    private static func sql(_ item: Item, nested: Bool) -> String {
        switch item {
        case .condition(let sql), .expression(let sql): return sql
        case .chain(let chain):
            let sql = chainSQL(chain.items[...], isAnd: chain.isAnd)
            return nested ? "(\(sql))" : sql
        }
    }

    /// Terms joined by their operator: flat up to ``flatChain`` terms, else in about √n
    /// parenthesized runs.
    private static func chainSQL(_ items: ArraySlice<Item>, isAnd: Bool) -> String {
        let separator = isAnd ? " AND " : " OR "
        guard items.count > flatChain else {
            return items.map { sql($0, nested: true) }.joined(separator: separator)
        }
        let runs = Int(Double(items.count).squareRoot().rounded(.up))
        let length = (items.count + runs - 1) / runs
        return stride(from: items.startIndex, to: items.endIndex, by: length).map { start in
            "(" + chainSQL(items[start..<min(start + length, items.endIndex)], isAnd: isAnd) + ")"
        }.joined(separator: separator)
    }
}

extension SQLPredicateShape {
    /// Every token, in order.
    var tokenArray: [UInt16] {
        if let overflow { return overflow.withElements(count) { Array($0) } }
        return (0..<count).map { token($0) }
    }

    /// The SQL of the shape, with `names` the quoted column names (no column known to
    /// have TEXT affinity).
    func sql(_ names: [String]) -> String {
        var renderer = SQLPredicateRenderer(names: names, isText: { _ in false })
        return renderer.render(self)
    }
}

/// Whether a column's declared type gives it TEXT affinity (SQLite's rules: INT first,
/// then CHAR, CLOB or TEXT).
func sqlHasTextAffinity(_ declaredType: String?) -> Bool {
    guard let type = declaredType?.uppercased() else { return false }
    if type.contains("INT") { return false }
    return type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT")
}

/// A query's SQL as rendered, with what its errors are explained by.
@usableFromInline
struct SQLRenderedQuery: Sendable {
    @usableFromInline let sql: String
    /// The `?` it has.
    let parameters: Int
    /// Its hand-written fragments, as rendered.
    let fragments: [String]
    /// What each `?` stands for, when known (`column "people"."score"`): set on the
    /// prepared statement, so that a value it refuses (NaN) is named by its column.
    var parameterLabels: [String?] = []

    /// `error`, from preparing ``sql``, in Slate's words where SQLite's are obscure, and
    /// naming the fragments the SQL has.
    func explain(_ error: SQLError) -> SQLError {
        var error = error
        if error.message.contains("Expression tree is too large") {
            error.message =
                "the predicate is nested too deeply for SQLite (\(error.message); the connection's limit "
                + "is SQLContext.Limit.expressionDepth, SQLITE_MAX_EXPR_DEPTH): chains of && or || add little depth, "
                + "but each ! and each && inside || (or || inside &&) adds a level, as does arithmetic; "
                + "to compare a column with many values, use column.in([…]), which is one term"
        } else if error.message.contains("parser stack overflow") {
            error.message =
                "the predicate is nested too deeply for SQLite's parser (\(error.message)): each ! and each "
                + "&& inside || (or || inside &&) opens parentheses, and the parser takes about 100 levels; "
                + "flatten the condition, or use column.in([…]) to compare a column with many values"
        }
        if !fragments.isEmpty {
            error.message += fragments.count == 1 ? " — in the SQL fragment " : " — in a query with the SQL fragments "
            error.message += fragments.map { "\"\($0)\"" }.joined(separator: ", ")
        }
        return error
    }

    /// Throws when `statement` takes other parameters than Slate wrote: a fragment that
    /// has `?`, `?NNN`, `:name`, `@name` or `$name` of its own.
    ///
    /// SQLite's own parser finds them (never in a string literal, a quoted identifier or a
    /// comment): Slate writes only anonymous `?`, so the statement must take exactly as
    /// many parameters as Slate wrote, none of them named or numbered. (A count alone
    /// misses `?1`, which reuses a parameter Slate numbered: `$0.age > 30 && "name = ?1"`
    /// would bind 30 to `name`.)
    func checkParameters(of statement: SQLStatement) throws {
        guard !fragments.isEmpty else { return }
        try checkParameters(of: try statement.liveHandle())
    }

    /// ``checkParameters(of:)-(SQLStatement)`` on a raw statement handle (the
    /// type-attached queries, which prepare their own).
    func checkParameters(of handle: OpaquePointer) throws {
        guard !fragments.isEmpty else { return }
        // A fragment that leaves a `/*` comment (or a quote) open hides what follows it up
        // to the next fragment's `*/`: Slate's own `?` with it, which a `?` of the next
        // fragment would replace, the count unchanged. Each fragment must end complete.
        for fragment in fragments where sqlite3_complete("SELECT (" + fragment + "\n);") == 0 {
            throw SQLError(
                code: .misuse,
                message:
                    "the SQL fragment \"\(fragment)\" leaves a comment, a string or a quoted name open: it would hide the SQL "
                    + "that follows it; close it within the fragment",
                sql: sql)
        }
        let count = sqlite3_bind_parameter_count(handle)
        var own: [String] = []
        if count > 0 {
            for index in 1...count {
                if let name = sqlite3_bind_parameter_name(handle, index).map({ String(cString: $0) }),
                    !own.contains(name)
                {
                    own.append(name)
                }
            }
        }
        guard Int(count) != parameters || !own.isEmpty else { return }
        // The fragments that hold a marker found, else all of them.
        let culprits = fragments.filter { fragment in own.contains { fragment.contains($0) } }
        let named = culprits.isEmpty ? fragments : culprits
        throw SQLError(
            code: .misuse,
            message: (own.isEmpty
                ? "the statement takes \(count) parameters where Slate bound \(parameters)"
                : "an SQL fragment has parameters of its own (" + own.joined(separator: ", ") + ")")
                + ": write values into SQL fragments by interpolation (\\(value)), never as ?, ?NNN, :name, @name or $name — in "
                + (named.count == 1 ? "the SQL fragment " : "the SQL fragments ")
                + named.map { "\"\($0)\"" }.joined(separator: ", "),
            sql: sql)
    }
}
