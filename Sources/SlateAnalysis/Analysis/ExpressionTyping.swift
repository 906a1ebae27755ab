import SlateSchema

/// A type as the analysis knows it: an SQL declared type (or none), and nullability.
struct InferredType: Equatable {
    var declaredType: String?
    var isNullable: Bool
    var isInferred: Bool = true
    /// The table column whose values this is, unchanged (`placed`, `max(placed)`): how it
    /// stores dates is how this does.
    var valueOrigin: ResultColumn.Origin?
    /// A truth value SQLite computed (a comparison, `NOT`, `AND`, `IN`, `EXISTS`, …): typed
    /// `BOOLEAN`, but always the integer 0 or 1 (or NULL), so arithmetic and `sum` on it
    /// are integers. A column declared `BOOLEAN` is not one: its NUMERIC affinity may hold
    /// reals.
    var isTruthValue = false

    static let unknown = InferredType(declaredType: nil, isNullable: true, isInferred: false)
    static func of(_ type: String?, nullable: Bool, origin: ResultColumn.Origin? = nil) -> InferredType {
        InferredType(declaredType: type, isNullable: nullable, valueOrigin: origin)
    }

    var affinity: Affinity? { declaredType.map(Affinity.init(declaredType:)) }

    /// A truth value (see ``isTruthValue``).
    static func truth(nullable: Bool) -> InferredType {
        var type = InferredType.of("BOOLEAN", nullable: nullable)
        type.isTruthValue = true
        return type
    }

    /// Whether the values are integers: an INTEGER affinity, or a truth value.
    var isInteger: Bool { isTruthValue || affinity == .integer }
}

/// A relation's column: a table's, a view's, a subquery's.
struct RelationColumn: Equatable {
    var name: String
    var type: InferredType
}

/// The columns visible in one select core: its sources and their columns.
struct TypingEnvironment {
    struct Entry {
        var source: SelectStructure.Source
        var columns: [RelationColumn]?
    }

    var entries: [Entry]
    /// The environment of an enclosing query, for correlated subqueries.
    var outer: [Entry] = []
    /// The application's own functions: lower-cased name → the SQL type of their result.
    var functions: [String: String] = [:]

    /// The column `name`, qualified by `qualifier` or not, and whether its source is on the
    /// optional side of an outer join.
    func resolve(qualifier: String?, name: String) -> (column: RelationColumn, isOptional: Bool)? {
        for scope in [entries, outer] {
            for entry in scope {
                if let qualifier {
                    guard entry.source.qualifier?.lowercased() == qualifier.lowercased() else { continue }
                }
                if let column = entry.columns?.first(where: { $0.name.lowercased() == name.lowercased() }) {
                    return (column, entry.source.isOptional)
                }
            }
        }
        // A rowid is an integer, never NULL.
        if SQLSchema.Table.rowIDNames.contains(name.lowercased()) {
            return (RelationColumn(name: name, type: .of("INTEGER", nullable: false)), false)
        }
        return nil
    }
}

/// Infers the type of an expression from its operators, functions and the columns it
/// reads. Rules follow SQLite's documented results: `COUNT` is an integer and never NULL,
/// `SUM` of integers an integer that is NULL for no rows, `AVG` a real, `COALESCE` with a
/// non-NULL argument is not NULL, `CAST(… AS T)` has type T, and so on.
enum ExpressionTyping {
    static func type(
        of expression: SQLExpression, in environment: TypingEnvironment, subqueryTyper: ([SQLToken]) -> [RelationColumn]
    ) -> InferredType {
        func type(_ expression: SQLExpression) -> InferredType {
            ExpressionTyping.type(of: expression, in: environment, subqueryTyper: subqueryTyper)
        }
        switch expression {
        case .literal(let literal):
            switch literal {
            case .integer: return .of("INTEGER", nullable: false)
            case .real: return .of("REAL", nullable: false)
            case .string: return .of("TEXT", nullable: false)
            case .blob: return .of("BLOB", nullable: false)
            case .null: return InferredType(declaredType: nil, isNullable: true)
            case .boolean: return .truth(nullable: false)
            case .currentTime: return .of("TEXT", nullable: false)
            }
        case .column(let qualifier, let name):
            guard let (column, isOptional) = environment.resolve(qualifier: qualifier, name: name) else {
                return .unknown
            }
            var result = column.type
            if isOptional { result.isNullable = true }
            return result
        case .parameter:
            return .unknown
        case .unary(let op, let operand):
            let inner = type(operand)
            switch op {
            case "NOT": return .truth(nullable: inner.isNullable)
            case "~": return .of("INTEGER", nullable: inner.isNullable)
            case "+": return numeric(inner) ? inner : .of(nil, nullable: inner.isNullable)
            // Negated, the values are no longer the column's (a negated truth value is -1
            // or 0: an integer).
            default:
                if inner.isTruthValue { return .of("INTEGER", nullable: inner.isNullable) }
                return numeric(inner)
                    ? .of(inner.declaredType, nullable: inner.isNullable) : .of(nil, nullable: inner.isNullable)
            }
        case .binary(let op, let left, let right):
            let lhs = type(left)
            let rhs = type(right)
            let nullable = lhs.isNullable || rhs.isNullable
            switch op {
            case "+", "-", "*":
                return .of(arithmeticResult(lhs, rhs), nullable: nullable)
            case "/", "%":
                // Division by zero is NULL in SQLite.
                return .of(op == "%" ? "INTEGER" : arithmeticResult(lhs, rhs), nullable: true)
            case "||":
                return .of("TEXT", nullable: nullable)
            case "->":
                return .of("TEXT", nullable: true)
            case "->>":
                return .of(nil, nullable: true)
            case "&", "|", "<<", ">>":
                return .of("INTEGER", nullable: nullable)
            case "IS", "IS NOT":
                return .truth(nullable: false)
            default:
                // =, !=, <, <=, >, >=, AND, OR, LIKE, GLOB, MATCH, REGEXP
                return .truth(nullable: nullable)
            }
        case .nullTest, .exists:
            return .truth(nullable: false)
        case .between(let value, let low, let high):
            return .truth(nullable: type(value).isNullable || type(low).isNullable || type(high).isNullable)
        case .inList(let value, let items):
            return .truth(nullable: type(value).isNullable || items.contains { type($0).isNullable })
        case .inSubquery(let value):
            return .truth(nullable: type(value).isNullable)
        case .caseWhen(_, let branches, let otherwise):
            let results = (branches + (otherwise.map { [$0] } ?? [])).map(type)
            let nullable = otherwise == nil || results.contains { $0.isNullable }
            return .of(common(results.map(\.declaredType)), nullable: nullable)
        case .cast(let operand, let typeName):
            return .of(typeName, nullable: type(operand).isNullable)
        case .collate(let inner, _):
            return type(inner)
        case .subquery(let tokens):
            let columns = subqueryTyper(tokens)
            return .of(columns.first?.type.declaredType, nullable: true)
        case .function(let name, let arguments, _, _):
            if let declared = environment.functions[name.lowercased()] { return .of(declared, nullable: true) }
            return functionType(name: name, arguments: arguments.map(type))
        case .row, .unknown:
            return .unknown
        }
    }

    private static func numeric(_ type: InferredType) -> Bool {
        type.isInteger || type.affinity == .real
    }

    /// `INTEGER` when both sides are integers (truth values count as integers), `REAL`
    /// when one is real (or numeric), else unknown.
    private static func arithmeticResult(_ lhs: InferredType, _ rhs: InferredType) -> String? {
        func kind(_ type: InferredType) -> Affinity? { type.isTruthValue ? .integer : type.affinity }
        switch (kind(lhs), kind(rhs)) {
        case (.integer, .integer): return "INTEGER"
        case (.integer, .real), (.real, .integer), (.real, .real): return "REAL"
        case (.numeric, .integer), (.integer, .numeric), (.numeric, .real), (.real, .numeric), (.numeric, .numeric):
            // NUMERIC and DECIMAL columns hold integers or reals: a real is the safe reading.
            return "REAL"
        default: return nil
        }
    }

    /// The column every argument's values come from, when they all come from the same one.
    private static func sharedOrigin(_ arguments: [InferredType]) -> ResultColumn.Origin? {
        guard let first = arguments.first?.valueOrigin else { return nil }
        return arguments.allSatisfy { $0.valueOrigin == first } ? first : nil
    }

    /// The declared type all `types` share (by affinity), or nil.
    private static func common(_ types: [String?]) -> String? {
        let known = types.compactMap { $0 }
        guard let first = known.first else { return nil }
        let affinity = Affinity(declaredType: first)
        return known.allSatisfy { Affinity(declaredType: $0) == affinity } ? first : nil
    }

    private static func functionType(name: String, arguments: [InferredType]) -> InferredType {
        let anyNullable = arguments.contains { $0.isNullable }
        let first = arguments.first ?? .unknown
        switch name {
        case "count":
            return .of("INTEGER", nullable: false)
        case "sum":
            // Integers (a sum of comparisons counts rows) sum to an integer; reals, and
            // NUMERIC or DECIMAL columns, which may hold either, to a real.
            return .of(
                first.isInteger ? "INTEGER" : (numeric(first) || first.affinity == .numeric ? "REAL" : nil),
                nullable: true)
        case "total":
            return .of("REAL", nullable: false)
        case "avg":
            return .of("REAL", nullable: true)
        case "min", "max":
            if arguments.count <= 1 { return .of(first.declaredType, nullable: true, origin: first.valueOrigin) }
            return .of(common(arguments.map(\.declaredType)), nullable: anyNullable, origin: sharedOrigin(arguments))
        case "group_concat", "string_agg":
            return .of("TEXT", nullable: true)
        case "coalesce", "ifnull":
            let nullable = arguments.allSatisfy(\.isNullable)
            let known = arguments.filter { $0.declaredType != nil }
            // Numbers only: integers (and truth values) stay integers; with a real among
            // them, the result may be either, so a real.
            if !known.isEmpty, known.allSatisfy({ $0.isInteger || $0.affinity == .real }) {
                if known.allSatisfy(\.isTruthValue) { return .truth(nullable: nullable) }
                if known.allSatisfy(\.isInteger) {
                    let first = known[0]
                    return .of(
                        first.isTruthValue ? "INTEGER" : first.declaredType, nullable: nullable,
                        origin: sharedOrigin(arguments))
                }
                if known.contains(where: { $0.affinity == .real }) {
                    let real = known.first { $0.affinity == .real }!
                    return .of(
                        known.allSatisfy { $0.affinity == .real } ? known[0].declaredType : real.declaredType,
                        nullable: nullable, origin: sharedOrigin(arguments))
                }
            }
            let type = arguments.lazy.compactMap(\.declaredType).first
            return .of(type, nullable: nullable, origin: sharedOrigin(arguments))
        case "nullif":
            return .of(first.declaredType, nullable: true, origin: first.valueOrigin)
        case "iif":
            let branches = Array(arguments.dropFirst())
            return .of(common(branches.map(\.declaredType)), nullable: branches.contains { $0.isNullable })
        case "likelihood", "likely", "unlikely":
            return first
        case "abs":
            if first.isTruthValue { return .of("INTEGER", nullable: first.isNullable) }
            return .of(numeric(first) ? first.declaredType : nil, nullable: first.isNullable)
        case "round":
            return .of("REAL", nullable: anyNullable)
        case "length", "octet_length", "instr", "unicode", "sign":
            return .of("INTEGER", nullable: anyNullable)
        case "lower", "upper", "trim", "ltrim", "rtrim", "substr", "substring", "replace", "char", "hex",
            "soundex", "concat", "concat_ws", "unhex":
            return .of("TEXT", nullable: anyNullable)
        case "printf", "format", "quote", "typeof":
            return .of("TEXT", nullable: false)
        case "random", "changes", "total_changes", "last_insert_rowid", "row_number", "rank", "dense_rank", "ntile":
            return .of("INTEGER", nullable: false)
        case "randomblob", "zeroblob":
            return .of("BLOB", nullable: false)
        case "date", "time", "datetime", "strftime", "timediff":
            return .of("TEXT", nullable: true)
        case "julianday":
            return .of("REAL", nullable: true)
        case "unixepoch":
            return .of("INTEGER", nullable: true)
        case "percent_rank", "cume_dist":
            return .of("REAL", nullable: false)
        case "lag", "lead", "first_value", "last_value", "nth_value":
            return .of(first.declaredType, nullable: true)
        case "json_array_length", "json_valid", "json_type":
            return .of(name == "json_type" ? "TEXT" : "INTEGER", nullable: true)
        case "json", "json_array", "json_object", "json_extract", "json_insert", "json_replace", "json_set",
            "json_remove",
            "json_patch", "json_quote", "json_group_array", "json_group_object":
            return .of(name == "json_extract" ? nil : "TEXT", nullable: true)
        default:
            return .unknown
        }
    }
}
