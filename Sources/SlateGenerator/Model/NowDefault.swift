import Slate
import SlateSchema

/// A column `DEFAULT` that is the time of the insert, in the form SQLite writes it:
/// `datetime('now')`, `strftime('%Y-%m-%d %H:%M:%f', 'now')`, `julianday('now')`,
/// `unixepoch()`, `strftime('%s', 'now')`, `CURRENT_TIME`, … A record's initializer
/// defaults such a date property to `Date()` when the form is one its storage holds (a
/// text form in a text column, Julian days in a Julian-day column, seconds in a column of
/// seconds, milliseconds in one of milliseconds); a form of another storage (a
/// `julianday('now')` default on a text date column) gets no initializer default, since
/// the record would store the date in its own form, not the default's.
enum NowDefault: Equatable {
    /// Text: `datetime`, `date`, `time`, `strftime('%Y-%m-%d…')`, `CURRENT_TIME`.
    case text
    /// `julianday('now')`, `strftime('%J', 'now')`.
    case julianDay
    /// Whole seconds since 1970: `unixepoch()`, `strftime('%s', 'now')`.
    case seconds
    /// Seconds since 1970 with their fraction: `unixepoch('subsec')`,
    /// `(julianday('now') - 2440587.5) * 86400`.
    case fractionalSeconds
    /// Milliseconds since 1970: `unixepoch('subsec') * 1000`,
    /// `(julianday('now') - 2440587.5) * 86400000`, cast or not.
    case milliseconds

    /// The now-form of a column's `DEFAULT` text, or nil when it is none.
    init?(defaultSQL sql: String) {
        var tokens = ArraySlice(SQLTokenizer.tokenize(sql))
        guard let form = Self.form(&tokens) else { return nil }
        self = form
    }

    /// Whether a date property of `storage` holds what this form writes.
    func matches(_ storage: SQLDate.Storage) -> Bool {
        switch self {
        case .text: return [.text, .textSeconds, .iso8601, .iso8601Seconds].contains(storage)
        case .julianDay: return storage == .julianDay
        case .seconds: return storage == .unixTimeInteger || storage == .unixTime
        case .fractionalSeconds: return storage == .unixTime
        case .milliseconds: return storage == .unixTimeMilliseconds
        }
    }

    /// The form of the whole of `tokens`.
    private static func form(_ tokens: inout ArraySlice<SQLToken>) -> NowDefault? {
        while tokens.first?.kind == .leftParen, tokens.last?.kind == .rightParen, tokens.count >= 3,
            closing(tokens, at: tokens.startIndex) == tokens.endIndex - 1
        {
            tokens = tokens.dropFirst().dropLast()
        }
        if tokens.count == 1, tokens.first?.kind == .keyword, tokens.first?.value == "CURRENT_TIME" { return .text }
        // CAST(x AS INTEGER | REAL)
        if word(tokens.first) == "CAST", tokens.dropFirst().first?.kind == .leftParen, tokens.last?.kind == .rightParen,
            let asIndex = tokens.lastIndex(where: { word($0) == "AS" }), asIndex == tokens.endIndex - 3
        {
            var inner = tokens[(tokens.startIndex + 2)..<asIndex]
            guard let form = form(&inner) else { return nil }
            switch (word(tokens[asIndex + 1]), form) {
            case ("INTEGER", .seconds), ("INTEGER", .fractionalSeconds): return .seconds
            case ("INTEGER", .milliseconds): return .milliseconds
            case ("REAL", .seconds), ("REAL", .fractionalSeconds): return .fractionalSeconds
            case ("REAL", .julianDay): return .julianDay
            default: return nil
            }
        }
        // left * number (or number * left)
        if let star = topLevelIndex(of: "*", in: tokens) {
            var left = tokens[..<star]
            var right = tokens[(star + 1)...]
            if left.count == 1, left.first?.kind == .number { swap(&left, &right) }
            guard right.count == 1, let factor = right.first.flatMap({ $0.kind == .number ? Double($0.value) : nil })
            else { return nil }
            if isJulianMinusEpoch(left) {
                return factor == 86_400 ? .fractionalSeconds : factor == 86_400_000 ? .milliseconds : nil
            }
            guard let form = form(&left), factor == 1000, form == .seconds || form == .fractionalSeconds else {
                return nil
            }
            return .milliseconds
        }
        return call(tokens)
    }

    /// `julianday('now') - 2440587.5`, in parentheses or not.
    private static func isJulianMinusEpoch(_ tokens: ArraySlice<SQLToken>) -> Bool {
        var tokens = tokens
        while tokens.first?.kind == .leftParen, tokens.last?.kind == .rightParen, tokens.count >= 3,
            closing(tokens, at: tokens.startIndex) == tokens.endIndex - 1
        {
            tokens = tokens.dropFirst().dropLast()
        }
        guard tokens.count >= 3, let last = tokens.last, last.kind == .number, Double(last.value) == 2_440_587.5,
            tokens[tokens.endIndex - 2].kind == .operator, tokens[tokens.endIndex - 2].value == "-",
            call(tokens.dropLast(2)) == .julianDay
        else { return false }
        return true
    }

    /// A date function of the current time: `name('now', modifiers…)` or `name()`, only
    /// `subsec` as a modifier (`localtime` would store local time as if UTC).
    private static func call(_ tokens: ArraySlice<SQLToken>) -> NowDefault? {
        guard tokens.count >= 3, let name = word(tokens.first), tokens.dropFirst().first?.kind == .leftParen,
            tokens.last?.kind == .rightParen, closing(tokens, at: tokens.startIndex + 1) == tokens.endIndex - 1
        else { return nil }
        var arguments: [String] = []
        var expectsArgument = true
        for token in tokens.dropFirst(2).dropLast() {
            if expectsArgument, token.kind == .string {
                arguments.append(token.value)
            } else if !expectsArgument, token.kind == .comma {
            } else {
                return nil
            }
            expectsArgument.toggle()
        }
        guard arguments.isEmpty || !expectsArgument else { return nil }
        var format: String?
        if name == "STRFTIME" {
            guard !arguments.isEmpty else { return nil }
            format = arguments.removeFirst()
        }
        // No time value is 'now'; modifiers after it may only ask for the fraction.
        if let first = arguments.first, first.lowercased() != "now" { return nil }
        let modifiers = arguments.dropFirst().map { $0.lowercased() }
        guard modifiers.allSatisfy({ $0 == "subsec" || $0 == "subsecond" }) else { return nil }
        let subsecond = !modifiers.isEmpty
        switch name {
        case "DATETIME", "DATE", "TIME": return .text
        case "JULIANDAY": return .julianDay
        case "UNIXEPOCH": return subsecond ? .fractionalSeconds : .seconds
        case "STRFTIME":
            guard let format else { return nil }
            if format == "%s" { return .seconds }
            if format == "%J" { return .julianDay }
            return format.hasPrefix("%Y-%m-%d") ? .text : nil
        default: return nil
        }
    }

    private static func word(_ token: SQLToken?) -> String? {
        guard let token, token.kind == .identifier || token.kind == .keyword else { return nil }
        return token.value.uppercased()
    }

    /// The index of the parenthesis closing the one at `open`.
    private static func closing(_ tokens: ArraySlice<SQLToken>, at open: Int) -> Int? {
        var depth = 0
        for index in open..<tokens.endIndex {
            if tokens[index].kind == .leftParen { depth += 1 }
            if tokens[index].kind == .rightParen {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }

    /// The index of `op` outside parentheses.
    private static func topLevelIndex(of op: String, in tokens: ArraySlice<SQLToken>) -> Int? {
        var depth = 0
        for index in tokens.indices {
            let token = tokens[index]
            if token.kind == .leftParen { depth += 1 }
            if token.kind == .rightParen { depth -= 1 }
            if depth == 0, token.kind == .star || token.kind == .operator, token.value == op { return index }
        }
        return nil
    }
}
