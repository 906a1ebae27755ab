/// The order of a query's rows: `orderBy: { $0.name.ascending }`, or several keys with
/// `then`: `{ $0.lastName.ascending.then($0.born.descending) }`.
public struct SQLOrder<Record>: Sendable {
    @usableFromInline var terms: [SQLOrderTerm]

    @usableFromInline
    init(_ terms: [SQLOrderTerm]) {
        self.terms = terms
    }

    /// This order, then `next` among rows this order ties.
    @inlinable
    public func then(_ next: SQLOrder) -> SQLOrder {
        SQLOrder(terms + next.terms)
    }
}

/// One key of an order: a column and its direction.
@usableFromInline
struct SQLOrderTerm: Hashable, Sendable {
    @usableFromInline var column: Int32
    @usableFromInline var descending: Bool

    @usableFromInline
    init(column: Int32, descending: Bool) {
        self.column = column
        self.descending = descending
    }
}

extension SQLColumn {
    /// Smallest first (NULLs first, as SQLite orders them).
    @inlinable public var ascending: SQLOrder<Record> { SQLOrder([SQLOrderTerm(column: index, descending: false)]) }
    /// Largest first (NULLs last).
    @inlinable public var descending: SQLOrder<Record> { SQLOrder([SQLOrderTerm(column: index, descending: true)]) }
}
