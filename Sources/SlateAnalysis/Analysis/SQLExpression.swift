import SlateSchema

/// An SQL expression, parsed far enough to infer its type and to find the columns its
/// parameters are compared with. Everything it does not model is `.unknown`.
package indirect enum SQLExpression: Equatable, Sendable {
    /// A literal.
    package enum Literal: Equatable, Sendable {
        /// An integer literal.
        case integer
        /// A real literal.
        case real
        /// A string literal.
        case string
        /// A blob literal.
        case blob
        /// `NULL`
        case null
        /// `TRUE` / `FALSE`
        case boolean
        /// `CURRENT_TIMESTAMP`, `CURRENT_DATE`, `CURRENT_TIME` (text).
        case currentTime
    }

    /// A literal value.
    case literal(Literal)
    /// A column reference: `name`, `table.name` or `schema.table.name`.
    case column(qualifier: String?, name: String)
    /// A bound parameter: `?`, `?3`, `:name`, `@name`, `$name`.
    case parameter(String)
    /// A function call; `arguments` is empty for `count(*)` (`isStar`).
    case function(name: String, arguments: [SQLExpression], isStar: Bool, isWindow: Bool)
    /// A prefix operator: `-`, `+`, `~`, `NOT`.
    case unary(String, SQLExpression)
    /// A binary operator, upper-cased for words: `+`, `||`, `=`, `AND`, `LIKE`, `IS`, `IS NOT`, …
    case binary(String, SQLExpression, SQLExpression)
    /// `x IS NULL`, `x ISNULL`, `x NOTNULL`, `x NOT NULL`.
    case nullTest(SQLExpression, isNot: Bool)
    /// `x [NOT] BETWEEN low AND high`.
    case between(SQLExpression, SQLExpression, SQLExpression)
    /// `x [NOT] IN (a, b, …)`.
    case inList(SQLExpression, [SQLExpression])
    /// `x [NOT] IN (SELECT …)` or `x IN table`.
    case inSubquery(SQLExpression)
    /// `CASE [base] WHEN … THEN … [ELSE …] END`.
    case caseWhen(base: SQLExpression?, branches: [SQLExpression], otherwise: SQLExpression?)
    /// `CAST(x AS type)`.
    case cast(SQLExpression, type: String)
    /// `x COLLATE name`.
    case collate(SQLExpression, String)
    /// `(SELECT …)`: the tokens of the select, without the parentheses.
    case subquery([SQLToken])
    /// `[NOT] EXISTS (SELECT …)`.
    case exists
    /// `(a, b)`: a row value.
    case row([SQLExpression])
    /// Something the parser does not model.
    case unknown

    /// The expression without parentheses that don't matter for typing (`COLLATE`).
    package var unwrapped: SQLExpression {
        if case .collate(let inner, _) = self { return inner.unwrapped }
        return self
    }
}
