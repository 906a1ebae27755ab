/// SQL written by hand, as a predicate: a string literal where a predicate goes, its
/// interpolations bound as parameters, never spliced into the text.
///
/// ```swift
/// try db.people.fetch(where: { $0.id > 2 && "lower(firstname) = lower(\(name))" })
/// try db.people.fetch(where: { "length(\($0.name)) BETWEEN \(low) AND \(high)" })
/// try db.people.fetch(where: { "\($0.id) IN \(list: ids)" })
/// try db.people.fetch(where: { _ in "rowid % 2 = 0" })
/// ```
///
/// - `\(value)` binds any ``SQLBindable`` value (a `String`, a number, a `Date` as text,
///   a `UUID` as text, nil as NULL) to a `?`.
/// - `\(value, as: $0.column)` binds it as that column stores it: write this for a date
///   compared with a column that stores seconds (`"\($0.created) > \(since, as: $0.created)"`),
///   or a UUID compared with a column of 16-byte blobs. A fragment cannot see which column
///   a bare `\(value)` meets.
/// - `\($0.column)` writes the column's quoted name (qualified in a join).
/// - `\(list: values)` writes `(?, ?, …)`, each value bound (`()` for none).
///
/// The fragment's text is part of the statement's cache key: two fragments never share a
/// statement, and the same fragment with other values reuses its own. It is wrapped in
/// parentheses, so it combines with `&&`, `||` and `!` as one condition. Write no
/// parameters of your own (`?`, `?NNN`, `:name`, `@name`, `$name`) in it: a fragment that
/// does (`$0.age > 30 && "name = ?1"` would bind 30 to `name`), or that is not valid SQL,
/// makes the query throw an ``SQLError`` whose message quotes the fragment. SQLite's own
/// parser finds them, so a `?` in a string literal, a quoted identifier or a comment is
/// text. A fragment that leaves a `/*` comment, a string or a quoted name open throws too:
/// it would hide the SQL Slate writes after it.
extension SQLPredicate: ExpressibleByStringInterpolation {
    /// The pieces of a fragment as its literal is read.
    public struct StringInterpolation: StringInterpolationProtocol {
        @usableFromInline var tokens: [UInt16] = []
        @usableFromInline var pieces = 0
        @usableFromInline var values: SQLBoundValues = .none

        /// Room for a literal of about `literalCapacity` bytes.
        @inlinable
        public init(literalCapacity: Int, interpolationCount: Int) {
            tokens.reserveCapacity(literalCapacity / 2 + interpolationCount + 4)
        }

        /// SQL text, as written.
        public mutating func appendLiteral(_ literal: String) {
            let bytes = Array(literal.utf8)
            guard !bytes.isEmpty else { return }
            appendPiece(.text, bytes.count)
            var index = 0
            while index < bytes.count {
                let second = index + 1 < bytes.count ? UInt16(bytes[index + 1]) : 0
                tokens.append(UInt16(bytes[index]) | second << 8)
                index += 2
            }
        }

        /// A value, bound to a `?`.
        @inlinable
        public mutating func appendInterpolation<Value: SQLBindable>(_ value: Value) {
            let bound = value.sqlValue
            appendPiece(.value, bound == .null ? SQLValueHint.of(Value.self) : SQLValueHint.none)
            values.append(bound)
        }

        /// An optional value, bound to a `?`: nil binds NULL.
        @inlinable
        public mutating func appendInterpolation<Value: SQLBindable>(_ value: Value?) {
            let bound = value?.sqlValue ?? .null
            appendPiece(.value, bound == .null ? SQLValueHint.of(Value.self) : SQLValueHint.none)
            values.append(bound)
        }

        /// A value bound as `column` stores it: a date in the column's storage (seconds
        /// since 1970 or 2001, or text), a UUID as its bytes or its text. For comparing
        /// with that column: `"\($0.created) > \(since, as: $0.created)"`.
        @inlinable
        public mutating func appendInterpolation<Value>(_ value: Value, as column: SQLColumn<Record, Value>) {
            appendPiece(.value, 0)
            values.append(column.sqlValue(value))
        }

        /// A value bound as the optional `column` stores it.
        @inlinable
        public mutating func appendInterpolation<Value>(_ value: Value, as column: SQLColumn<Record, Value?>) {
            appendPiece(.value, 0)
            values.append(column.sqlValue(value))
        }

        /// A column of the record, by its quoted name.
        @inlinable
        public mutating func appendInterpolation<Value>(_ column: SQLColumn<Record, Value>) {
            appendPiece(.column, Int(column.index))
        }

        /// `values` as a parenthesized list of `?`, each bound: `\($0.id) IN \(list: ids)`.
        public mutating func appendInterpolation<Values: Sequence>(list values: Values)
        where Values.Element: SQLBindable {
            var first = true
            appendLiteral("(")
            for value in values {
                if !first { appendLiteral(", ") }
                first = false
                appendInterpolation(value)
            }
            appendLiteral(")")
        }

        /// A piece's header: its kind in the top two bits, its length (text) or column in
        /// the other fourteen, or 0x3FFF and the number in the next tokens.
        @usableFromInline
        mutating func appendPiece(_ kind: SQLFragmentPiece, _ number: Int) {
            pieces += 1
            let header = kind.rawValue << 14
            if number < 0x3FFF {
                tokens.append(header | UInt16(number))
            } else {
                tokens.append(header | 0x3FFF)
                if kind == .text { tokens.append(UInt16(truncatingIfNeeded: number >> 16)) }
                tokens.append(UInt16(truncatingIfNeeded: number))
            }
        }
    }

    /// A fragment of SQL without interpolations.
    @inlinable
    public init(stringLiteral literal: String) {
        var interpolation = StringInterpolation(literalCapacity: literal.utf8.count, interpolationCount: 0)
        interpolation.appendLiteral(literal)
        self.init(stringInterpolation: interpolation)
    }

    /// A fragment of SQL, its interpolations bound.
    @inlinable
    public init(stringInterpolation: StringInterpolation) {
        var shape = SQLPredicateShape()
        let pieces = stringInterpolation.pieces
        if pieces < Int(SQLPredicateShape.columnEscape) {
            shape.append(SQLPredicateShape.token(.fragment, UInt16(pieces)))
        } else {
            shape.append(SQLPredicateShape.token(.fragment, SQLPredicateShape.columnEscape))
            shape.append(UInt16(truncatingIfNeeded: pieces >> 16))
            shape.append(UInt16(truncatingIfNeeded: pieces))
        }
        stringInterpolation.tokens.withUnsafeBufferPointer { shape.append(tokens: $0) }
        self.init(shape, stringInterpolation.values)
    }
}

/// What a piece of a fragment is.
@usableFromInline
enum SQLFragmentPiece: UInt16, Sendable {
    /// SQL text: its UTF-8 bytes follow, two a token.
    case text
    /// A `?`. Its number is, for a nil, the ``SQLValueHint`` of the Swift type
    /// interpolated, so that PostgreSQL can type it (SQLite needs no type); 0 otherwise.
    case value
    /// A column's name.
    case column
}
