import SlateSchema

/// A named parameter of a query, with every place it is used and what each place says of
/// its type.
package struct QueryParameter: Equatable, Sendable {
    /// What one use of the parameter tells about its type.
    package enum Source: Equatable, Sendable {
        /// It is compared with, assigned to or inserted into a column.
        case column(relation: String, column: String, declaredType: String, isNotNull: Bool)
        /// Its place fixes an SQL type: `LIMIT :n`, `CAST(:x AS TEXT)`, `LIKE :pattern`.
        case declaredType(String)
        /// Nothing about its type (it may still say the parameter is optional).
        case none
    }

    /// One place the parameter is used.
    package struct Use: Equatable, Sendable {
        /// UTF-8 offset of the parameter in the query's SQL.
        package var offset: Int
        /// What the place says of the type.
        package var source: Source
        /// Whether the place takes NULL: `IS :p`, `:p IS NULL`, a value for a nullable column.
        package var isOptional: Bool
        /// Whether the parameter is a whole list: `IN (:ids)`.
        package var isList: Bool
        /// The place in words, for messages: `compared with orders.customer_id`.
        package var description: String
        /// Whether the place compares the value with a column (`=`, `<`, `IN`, …) rather
        /// than storing it: a comparison needs the value exactly, a store in the column's
        /// form.
        package var isComparison = false
    }

    /// The name without its prefix (`customerId`).
    package var name: String
    /// The parameter as written (`:customerId`).
    package var spelling: String
    /// Every use, in SQL order.
    package var uses: [Use]
}
