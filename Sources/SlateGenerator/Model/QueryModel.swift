import Slate
import SlateAnalysis
import SlateSchema

/// A named query from a query file as a typed Swift function.
struct QueryModel: Equatable {
    /// The function's name (the query's name).
    var name: String
    /// What the function returns.
    var kind: QueryDefinition.Kind
    /// The SQL as written, for documentation.
    var sql: String
    /// The SQL the function runs: one piece, or for a query with `IN (:list)` parameters
    /// the pieces around each list, which the function joins with one `?N` per element.
    var segments: [String]
    /// For each list between two segments, the index of its parameter.
    var listOrder: [Int]
    /// The parameters, in order of first appearance.
    var parameters: [QueryParameterModel]
    /// The row type: a struct of its own, or an existing record that matches exactly.
    var row: Row?
    /// Whether the statement only reads (it runs on a reader).
    var isReadOnly: Bool
    /// The comment lines after `-- name:`.
    var documentation: [String]
    /// `file.sql:12`, for documentation.
    var location: String

    enum Row: Equatable {
        /// A struct of its own, described like a record.
        case own(RecordModel)
        /// The record at this index of the database model.
        case record(Int)
    }

    /// Whether some parameter is a list, so the SQL is put together per call.
    var hasLists: Bool { parameters.contains(where: \.isList) }
    /// The parameters bound one value each, in binding order.
    var scalarParameters: [QueryParameterModel] { parameters.filter { !$0.isList } }
}

/// A query parameter as a Swift argument.
struct QueryParameterModel: Equatable {
    /// The argument label and name, unescaped.
    var name: String
    /// The parameter as written in SQL (`:customerId`).
    var spelling: String
    /// The element type.
    var type: GeneratorConfiguration.SwiftType
    /// Whether nil may be passed.
    var isOptional: Bool
    /// Whether the argument is an array that expands `IN (:list)`.
    var isList: Bool
    /// How the type was found, for documentation.
    var origin: String
    /// How a `Date` argument is stored: as the column it is compared with stores dates.
    var dateStorage: SQLDate.Storage = .text
    /// How a `UUID` argument is stored: as the column it meets stores UUIDs.
    var uuidStorage: SQLUUID.Storage = .text
    /// How a `Bool` argument is stored: as the column it meets stores booleans.
    var booleanStorage: SQLBoolean.Storage = .integer

    /// Names the generated bodies use for their own values and the members they call
    /// without `self.`, and `self` itself, which the bodies name and an argument called
    /// `self` (`:self`, `:Self`) would hide; an argument with one of them gets another
    /// name inside the function (its label stays).
    static let bodyNames: Set<String> = [
        "context", "db", "body", "statement", "handle", "index", "value", "sql", "pool", "withReadContext",
        "withWriteContext",
        "self",
    ]

    /// The argument's name inside the function: its name, or for one of ``bodyNames`` a
    /// name no body name or other argument of the query has (`dbArgument`, `dbArgument_2`),
    /// set by ``assignIdentifiers(_:)``.
    var identifier = ""

    /// Gives each of `parameters` (one query's) its ``identifier``, picked through
    /// `SQLSchema.unusedName(_:isTaken:)`.
    static func assignIdentifiers(_ parameters: inout [QueryParameterModel]) {
        var taken = bodyNames.union(parameters.map(\.name))
        for index in parameters.indices {
            let name = parameters[index].name
            guard bodyNames.contains(name) else {
                parameters[index].identifier = SwiftIdentifier.escaped(name)
                continue
            }
            let identifier = SQLSchema.unusedName(name + "Argument") { taken.contains($0) }
            taken.insert(identifier)
            parameters[index].identifier = identifier
        }
    }

    /// The argument label (backquoted for the three keywords a label cannot be).
    var label: String {
        ["inout", "var", "let"].contains(name) ? "`\(name)`" : name
    }
}
