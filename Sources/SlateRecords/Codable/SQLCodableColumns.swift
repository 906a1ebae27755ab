/// The columns of a ``SQLCodableRecord``, named by key path: `$0` in its predicates and
/// orders, as in `db.fetch(Note.self, where: { $0.title.hasPrefix("G") && $0.id > 2 })`.
///
/// A key path must name a stored property of the record (not a computed one, nor a
/// property of a nested value); anything else makes the query throw an error saying so.
@dynamicMemberLookup
public struct SQLCodableColumns<Record: SQLCodableRecord> {
    let layout: SQLCodableLayout<Record>
    let cache: SQLCodableColumnCache

    /// Columns for code that runs off a connection (the async methods evaluate their
    /// closures before they suspend): the layout shared by the process, a cache of its own.
    init() {
        layout = SQLCodableLayout<Record>.shared
        cache = SQLCodableColumnCache()
    }

    /// Columns for a query on `table`'s connection, with its cache of key paths: finding
    /// a key path's column is then a comparison of references, without the layout's lock.
    init(_ table: SQLCodableTable<Record>) {
        layout = table.layout
        cache = table.columns
        cache.problem = nil
    }

    /// The column of the property at `keyPath`.
    public subscript<Value: SQLBindable>(dynamicMember keyPath: KeyPath<Record, Value>) -> SQLColumn<Record, Value> {
        if let index = cache.column(keyPath) { return SQLColumn(index) }
        switch layout.column(keyPath) {
        case .success(let index):
            cache.remember(keyPath, Int32(index))
            return SQLColumn(Int32(index))
        case .failure(let error):
            cache.problem = cache.problem ?? error
            return SQLColumn(0)
        }
    }

    /// The column whose coding key is `name`, holding `Value`s: for a property a key path
    /// cannot name.
    public func column<Value: SQLBindable>(_ name: String, as type: Value.Type = Value.self) -> SQLColumn<Record, Value>
    {
        if let index = layout.keyIndex[name] { return SQLColumn(Int32(index)) }
        cache.problem =
            cache.problem
            ?? SQLError(
                code: .misuse,
                message:
                    "\(Record.self) has no coding key \"\(name)\" (its keys: \(layout.keys.joined(separator: ", ")))")
        return SQLColumn(0)
    }

    /// Throws the first problem a key path or column name had.
    func check() throws {
        if let problem = cache.problem { throw problem }
    }

    /// The predicate and order of a query, evaluated.
    func evaluate(
        _ predicate: ((SQLCodableColumns) -> SQLPredicate<Record>)?, _ order: ((SQLCodableColumns) -> SQLOrder<Record>)?
    ) throws -> (SQLPredicate<Record>?, SQLOrder<Record>?) {
        let result = (predicate?(self), order?(self))
        try check()
        return result
    }
}

/// The key paths whose columns one connection (or one async call) has looked up, and the
/// first problem of the query being built.
final class SQLCodableColumnCache {
    var problem: SQLError?
    /// Key paths held, so that an identity found here is never a freed one's address
    /// reused; a literal key path is one object per call site.
    private var keyPaths: [(keyPath: AnyKeyPath, column: Int32)] = []

    func column(_ keyPath: AnyKeyPath) -> Int32? {
        for entry in keyPaths where entry.keyPath === keyPath { return entry.column }
        return nil
    }

    func remember(_ keyPath: AnyKeyPath, _ column: Int32) {
        // Key paths built at run time could make the list grow without end: it starts over.
        if keyPaths.count >= 64 { keyPaths.removeAll(keepingCapacity: true) }
        keyPaths.append((keyPath, column))
    }
}
