/// A condition on the rows of `Record`, built from its columns and compiled to a `WHERE`
/// clause whose values are all bound parameters.
///
/// ```swift
/// try db.people.fetch(where: { $0.title == nil && $0.name.hasPrefix("A") })
/// try db.items.fetch(where: { $0.price > $0.cost * 2 })
/// try db.people.fetch(where: { $0.id > 2 && "lower(firstname) = lower(\(name))" })
/// ```
///
/// A predicate has a shape (its operators, columns and SQL fragments) and values. Statements
/// are cached by shape: the same shape with other values reuses its prepared statement,
/// and its SQL is rendered only the first time.
///
/// Chains of `&&` or `||` are rendered flat (`a AND b AND c`), whatever their length: a
/// chain of more than 100 terms is cut into parenthesized runs, so that SQLite's
/// expression depth grows with the square root of its length. Building a chain term by
/// term (`a || b || c`, `reduce(.none, ||)`, or a loop of `p = p || term`) takes time in
/// proportion to its length.
public struct SQLPredicate<Record>: Sendable {
    @usableFromInline var shape: SQLPredicateShape
    @usableFromInline var values: SQLBoundValues

    @usableFromInline
    init(_ shape: SQLPredicateShape, _ values: SQLBoundValues = .none) {
        self.shape = shape
        self.values = values
    }

    /// Every row.
    public static var all: SQLPredicate { SQLPredicate(.constant(true)) }
    /// No row.
    public static var none: SQLPredicate { SQLPredicate(.constant(false)) }

    /// Both conditions. (``all`` with another condition is that condition.)
    @inlinable
    public static func && (left: SQLPredicate, right: SQLPredicate) -> SQLPredicate {
        if right.shape.isConstant(true) { return left }
        if left.shape.isConstant(true) { return right }
        return SQLPredicate(left.shape.joined(right.shape, .and), left.values + right.values)
    }

    /// Either condition. (``none`` with another condition is that condition.)
    @inlinable
    public static func || (left: SQLPredicate, right: SQLPredicate) -> SQLPredicate {
        if right.shape.isConstant(false) { return left }
        if left.shape.isConstant(false) { return right }
        return SQLPredicate(left.shape.joined(right.shape, .or), left.values + right.values)
    }

    /// The opposite condition. (`NOT` of a comparison with NULL is still not true, as in SQL;
    /// `!($0.title == nil)` is `NOT (title IS NULL)`, which is exact.)
    @inlinable
    public static prefix func ! (predicate: SQLPredicate) -> SQLPredicate {
        SQLPredicate(.not(predicate.shape), predicate.values)
    }
}

/// The operators, columns and SQL fragments of a predicate, without its values: the key
/// its statement is cached by.
///
/// Held as 16-bit tokens in postfix order (the left side, the right side, then `AND`),
/// eight of them in two machine words: a predicate is built, compared with the cached one
/// and dropped on every call, and a tree of boxes would cost an allocation per `&&` and
/// reference counting on every copy. Postfix order lets `&&` and `||` append to the left
/// side's tokens; longer predicates keep them in an ``SQLAppendBuffer`` they grow in place.
@usableFromInline
struct SQLPredicateShape: Hashable, Sendable {
    /// What a token says, in its top five bits; the other eleven hold a column index or
    /// an operand (2047 means the column index is the next token: indexes up to 65,535,
    /// where SQLite allows at most 32,767 columns a table, and a join two tables).
    @usableFromInline
    enum Operator: UInt16, Sendable {
        // Conditions on one column, each binding its values.
        /// `column op ?`, in the order of ``SQLComparison``.
        case equal, notEqual, less, lessOrEqual, greater, greaterOrEqual
        /// `column IS NULL`, `column IS NOT NULL`
        case isNull, isNotNull
        /// `column IN (?, …)`; the count follows as two tokens.
        case isIn
        /// `column LIKE ? ESCAPE '\'`
        case like
        /// `column BETWEEN ? AND ?`
        case between
        /// The column's bytes start with a blob (bound: it and the blob just past every
        /// blob it starts).
        case hasPrefix
        /// The column's bytes end with a blob (bound: minus its length, and it).
        case hasSuffix
        /// The column's bytes contain a blob (bound: it).
        case contains
        /// The column has bytes: an empty prefix, suffix or substring (binds nothing).
        case hasBytes
        /// `1` or `0`, the operand.
        case constant
        // Conditions on conditions, in postfix order.
        case and, or, not
        /// SQL written by hand; its pieces follow (see ``SQLPredicateShape/fragment(_:pieces:)``).
        case fragment
        /// Two expressions compared: the operand is an ``SQLComparison``.
        case compare
        // Expressions, for ``compare``.
        /// A column's value.
        case column
        /// A bound value.
        case value
        /// Two expressions combined: the operand is an ``SQLArithmetic``.
        case arithmetic
        /// A date expression, stored as the operand's ``SQLDate/Storage`` says, in seconds
        /// since 1970.
        case seconds
        /// A boolean stored as text, as 1 or 0: the expression compared with its text for
        /// true (bound).
        case boolean
    }

    @usableFromInline static var operandBits: UInt16 { 11 }
    @usableFromInline static var operandMask: UInt16 { 0x7FF }
    /// The operand that says the column index is in the next token.
    @usableFromInline static var columnEscape: UInt16 { 0x7FF }

    @usableFromInline var low: UInt64 = 0
    @usableFromInline var high: UInt64 = 0
    @usableFromInline var count: Int = 0
    /// Every token, when there are more than eight (the first `count` of the buffer).
    @usableFromInline var overflow: SQLAppendBuffer<UInt16>?

    @inlinable init() {}

    /// The token of `op` with `operand`.
    @inlinable
    static func token(_ op: Operator, _ operand: UInt16 = 0) -> UInt16 {
        op.rawValue << operandBits | operand
    }

    /// `column op ?`
    @inlinable
    static func compare(_ column: Int32, _ comparison: SQLComparison) -> SQLPredicateShape {
        leaf(Operator(rawValue: UInt16(comparison.rawValue))!, column)
    }

    /// `column IS NULL`
    @inlinable static func isNull(_ column: Int32) -> SQLPredicateShape { leaf(.isNull, column) }
    /// `column IS NOT NULL`
    @inlinable static func isNotNull(_ column: Int32) -> SQLPredicateShape { leaf(.isNotNull, column) }
    /// `column LIKE ? ESCAPE '\'`
    @inlinable static func like(_ column: Int32) -> SQLPredicateShape { leaf(.like, column) }
    /// `column BETWEEN ? AND ?`
    @inlinable static func between(_ column: Int32) -> SQLPredicateShape { leaf(.between, column) }

    /// `column IN (?, …)` with `count` values (none is false); the count follows as two
    /// tokens.
    @inlinable
    static func isIn(_ column: Int32, count: Int) -> SQLPredicateShape {
        var shape = leaf(.isIn, column)
        shape.append(UInt16(truncatingIfNeeded: count >> 16))
        shape.append(UInt16(truncatingIfNeeded: count))
        return shape
    }

    /// `1` or `0`
    @inlinable
    static func constant(_ value: Bool) -> SQLPredicateShape {
        var shape = SQLPredicateShape()
        shape.append(token(.constant, value ? 1 : 0))
        return shape
    }

    /// Whether this is the constant `value`.
    @inlinable
    func isConstant(_ value: Bool) -> Bool {
        count == 1 && low == UInt64(Self.token(.constant, value ? 1 : 0))
    }

    @inlinable
    static func and(_ left: SQLPredicateShape, _ right: SQLPredicateShape) -> SQLPredicateShape {
        node(.and, left, right)
    }
    @inlinable
    static func or(_ left: SQLPredicateShape, _ right: SQLPredicateShape) -> SQLPredicateShape {
        node(.or, left, right)
    }

    @inlinable
    static func not(_ inner: SQLPredicateShape) -> SQLPredicateShape {
        var shape = inner
        shape.append(token(.not))
        return shape
    }

    /// A token of `op` naming `column`: one token, or two for a column past 2046.
    @inlinable
    static func leaf(_ op: Operator, _ column: Int32) -> SQLPredicateShape {
        var shape = SQLPredicateShape()
        shape.appendColumn(op, column)
        return shape
    }

    @inlinable
    mutating func appendColumn(_ op: Operator, _ column: Int32) {
        if column >= 0 && column < Int32(Self.columnEscape) {
            append(Self.token(op, UInt16(column)))
        } else {
            append(Self.token(op, Self.columnEscape))
            append(UInt16(truncatingIfNeeded: column))
        }
    }

    @inlinable
    static func node(_ op: Operator, _ left: SQLPredicateShape, _ right: SQLPredicateShape) -> SQLPredicateShape {
        left.joined(right, op)
    }

    /// These tokens, `other`'s, then `op`'s (postfix order), appended in place where this
    /// shape's buffer allows.
    @inlinable
    func joined(_ other: SQLPredicateShape, _ op: Operator) -> SQLPredicateShape {
        var shape = self
        shape.append(contentsOf: other)
        shape.append(Self.token(op))
        return shape
    }

    /// The token at `index`.
    @inlinable
    func token(_ index: Int) -> UInt16 {
        if let overflow { return overflow.withElements(count) { $0[index] } }
        return index < 4
            ? UInt16(truncatingIfNeeded: low >> (16 * UInt64(index)))
            : UInt16(truncatingIfNeeded: high >> (16 * UInt64(index - 4)))
    }

    @inlinable
    mutating func append(_ token: UInt16) {
        if count < 4 {
            low |= UInt64(token) << (16 * UInt64(count))
            count += 1
        } else if count < 8 {
            high |= UInt64(token) << (16 * UInt64(count - 4))
            count += 1
        } else {
            appendSpilling(token)
        }
    }

    /// Appends `token` past eight tokens.
    @usableFromInline
    mutating func appendSpilling(_ token: UInt16) {
        spill(adding: 1) { $0.initialize(to: token) }
    }

    @inlinable
    mutating func append(contentsOf other: SQLPredicateShape) {
        guard count + other.count > 8 else {
            for index in 0..<other.count { append(other.token(index)) }
            return
        }
        appendSpilling(other)
    }

    /// Appends `tokens`.
    @usableFromInline
    mutating func append(tokens: UnsafeBufferPointer<UInt16>) {
        guard count + tokens.count > 8 else {
            for token in tokens { append(token) }
            return
        }
        guard let base = tokens.baseAddress else { return }
        spill(adding: tokens.count) { $0.initialize(from: base, count: tokens.count) }
    }

    /// Appends `other` past eight tokens: into the buffer, in place where it can.
    @usableFromInline
    mutating func appendSpilling(_ other: SQLPredicateShape) {
        let added = other.count
        if let source = other.overflow {
            spill(adding: added) { target in
                source.withElements(added) { target.initialize(from: $0.baseAddress!, count: added) }
            }
        } else {
            spill(adding: added) { target in
                for index in 0..<added { (target + index).initialize(to: other.token(index)) }
            }
        }
    }

    /// Appends `added` tokens, written by `write`, to the buffer (made from the inline
    /// tokens the first time).
    @usableFromInline
    mutating func spill(adding added: Int, _ write: (UnsafeMutablePointer<UInt16>) -> Void) {
        if let overflow {
            self.overflow = overflow.appending(after: count, added, write)
        } else {
            let inline = self
            overflow = SQLAppendBuffer.of(count + added, capacity: Swift.max(32, 2 * (count + added))) { elements in
                for index in 0..<inline.count { (elements + index).initialize(to: inline.token(index)) }
                write(elements + inline.count)
            }
            low = 0
            high = 0
        }
        count += added
    }

    @inlinable
    static func == (left: SQLPredicateShape, right: SQLPredicateShape) -> Bool {
        guard left.count == right.count, left.low == right.low, left.high == right.high else { return false }
        switch (left.overflow, right.overflow) {
        case (nil, nil): return true
        case (let one?, let other?): return one === other || sameTokens(one, other, left.count)
        default: return false
        }
    }

    @usableFromInline
    static func sameTokens(_ one: SQLAppendBuffer<UInt16>, _ other: SQLAppendBuffer<UInt16>, _ count: Int) -> Bool {
        one.withElements(count) { left in other.withElements(count) { right in left.elementsEqual(right) } }
    }

    @usableFromInline
    func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        if let overflow {
            overflow.withElements(count) { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        } else {
            hasher.combine(low)
            hasher.combine(high)
        }
    }
}

/// A comparison operator.
@usableFromInline
enum SQLComparison: UInt8, Hashable, Sendable {
    case equal, notEqual, less, lessOrEqual, greater, greaterOrEqual

    var sql: String {
        switch self {
        case .equal: return "="
        case .notEqual: return "<>"
        case .less: return "<"
        case .lessOrEqual: return "<="
        case .greater: return ">"
        case .greaterOrEqual: return ">="
        }
    }
}

/// An arithmetic operator.
@usableFromInline
enum SQLArithmetic: UInt8, Hashable, Sendable {
    case add, subtract, multiply, divide

    var sql: String {
        switch self {
        case .add: return "+"
        case .subtract: return "-"
        case .multiply: return "*"
        case .divide: return "/"
        }
    }
}
