import Slate

/// A column's Swift type and how it stores its values: what `slate.json` and the column's
/// declared type decide (GeneratedCode.md, "Types and dates").
struct ColumnTyping: Equatable {
    /// The Swift type.
    var type: GeneratorConfiguration.SwiftType
    /// How a `Date` column stores dates.
    var dates: SQLDate.Storage
    /// How a `UUID` column stores UUIDs.
    var uuids: SQLUUID.Storage
    /// How a `Bool` column stores booleans.
    var booleans: SQLBoolean.Storage
    /// The index in `types.rules` of the rule that decided the type or the storage, if one did.
    var rule: Int?
}

extension GeneratorConfiguration {
    /// The typing of column `column` of the table or view `table`, declared `declaredType`;
    /// `table` and `column` nil for a value that is no column (`CAST(:p AS LONG)`).
    ///
    /// The type: `types.columns`, then `types.dateColumns` (a `Date`), then the first rule
    /// of `types.rules` that matches, then `types.declaredTypes`, `types.dateDeclaredTypes`
    /// (a `Date`), then ``TypeMapping``. The storage of that type: `types.dateColumns` for
    /// dates, then the first matching rule when it gives that type, then
    /// `types.dateDeclaredTypes` for dates, then `types.dates`, `types.uuids` or
    /// `types.booleans`.
    func typing(declaredType: String, table: String?, column: String?) -> ColumnTyping {
        let key = table.flatMap { table in column.map { "\(table).\($0)" } }
        let ruleIndex = types.rules.firstIndex { $0.matches(table: table, column: column, declaredType: declaredType) }
        let rule = ruleIndex.map { types.rules[$0] }
        let forms = TypeMapping.lookupForms(of: declaredType)
        func byDeclaredType<Value>(_ map: [String: Value]) -> Value? {
            for form in forms {
                for (name, value) in map where name.uppercased() == form { return value }
            }
            return nil
        }
        let dateColumn = key.flatMap { types.dateColumns[$0] }
        let dateDeclaredType = byDeclaredType(types.dateDeclaredTypes)

        var decidedByRule = false
        let type: SwiftType
        if let configured = key.flatMap({ types.columns[$0] }) {
            type = configured
        } else if dateColumn != nil {
            type = .date
        } else if let rule {
            type = rule.type
            decidedByRule = true
        } else if let configured = byDeclaredType(types.declaredTypes) {
            type = configured
        } else if dateDeclaredType != nil {
            type = .date
        } else {
            type = TypeMapping.swiftType(declaredType: declaredType, numeric: types.numeric)
        }

        // The rule's storage counts only for the type it gives, and only where no single
        // column's setting says otherwise.
        let ruleStorage = rule?.type == type ? rule : nil
        let dates = dateColumn ?? ruleStorage?.dates ?? dateDeclaredType ?? types.dates
        let uuids = ruleStorage?.uuids ?? types.uuids
        let booleans = ruleStorage?.booleans ?? types.booleans
        let storageByRule: Bool
        switch type {
        case .date: storageByRule = dateColumn == nil && ruleStorage?.dates != nil
        case .uuid: storageByRule = ruleStorage?.uuids != nil
        case .bool: storageByRule = ruleStorage?.booleans != nil
        default: storageByRule = false
        }
        return ColumnTyping(
            type: type, dates: dates, uuids: uuids, booleans: booleans,
            rule: decidedByRule || storageByRule ? ruleIndex : nil)
    }

    /// The typing of a value that is no column, declared `declaredType`.
    func typing(declaredType: String) -> ColumnTyping {
        typing(declaredType: declaredType, table: nil, column: nil)
    }
}
