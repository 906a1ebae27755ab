/// The columns of a ``SQLCodableRecord``, named by key path: `$0` in its predicates and
/// orders, as in `db.fetch(Note.self, where: { $0.title.hasPrefix("G") && $0.id > 2 })`.
///
/// A key path must name a stored property of the record (not a computed one, nor a
/// property of a nested value); anything else makes the query throw an error saying so.
@dynamicMemberLookup
public struct SQLCodableColumns<Record: SQLCodableRecord> {
    let layout: SQLCodableLayout<Record>
    let problems = SQLCodableColumnProblems()

    init() {
        layout = SQLCodableLayout<Record>.shared
    }

    /// The column of the property at `keyPath`.
    public subscript<Value: SQLBindable>(dynamicMember keyPath: KeyPath<Record, Value>) -> SQLColumn<Record, Value> {
        switch layout.column(keyPath) {
        case .success(let index): return SQLColumn(Int32(index))
        case .failure(let error):
            problems.first = problems.first ?? error
            return SQLColumn(0)
        }
    }

    /// The column whose coding key is `name`, holding `Value`s: for a property a key path
    /// cannot name.
    public func column<Value: SQLBindable>(_ name: String, as type: Value.Type = Value.self) -> SQLColumn<Record, Value> {
        if let index = layout.keyIndex[name] { return SQLColumn(Int32(index)) }
        problems.first = problems.first ?? SQLError(
            code: .misuse, message: "\(Record.self) has no coding key \"\(name)\" (its keys: \(layout.keys.joined(separator: ", ")))")
        return SQLColumn(0)
    }

    /// Throws the first key path that named no column.
    func check() throws {
        if let first = problems.first { throw first }
    }
}

/// The first key path a query named that has no column.
final class SQLCodableColumnProblems {
    var first: SQLError?
}
