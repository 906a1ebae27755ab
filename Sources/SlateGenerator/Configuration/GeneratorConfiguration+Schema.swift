import SlateSchema

extension GeneratorConfiguration {
    /// The tables and views `excludeObjects` leaves out, lowercased.
    var excludedObjects: Set<String> { Set(excludeObjects.map { $0.lowercased() }) }

    /// The configuration with every `table.column` and table key spelled as the schema
    /// spells it (SQLite compares names ignoring ASCII case, so `zevent.zdate` names
    /// `ZEVENT.ZDATE`), and a warning for each key that names nothing: a setting that
    /// silently does nothing would leave a column mapped the default way.
    func resolvingNames(against schema: Schema) -> (GeneratorConfiguration, warnings: [Diagnostic]) {
        var resolved = self
        var warnings: [Diagnostic] = []
        var columns: [String: (table: String, columns: [String])] = [:]
        for table in schema.tables { columns[table.name.lowercased()] = (table.name, table.columns.map(\.name)) }
        for view in schema.views { columns[view.name.lowercased()] = (view.name, view.columns.map(\.name)) }

        func column(_ key: String, setting: String) -> String? {
            // A table name may hold dots: try each split, longest table name first.
            let parts = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            for split in stride(from: parts.count - 1, through: 1, by: -1) {
                let table = parts[..<split].joined(separator: ".").lowercased()
                let name = parts[split...].joined(separator: ".").lowercased()
                if let found = columns[table], let exact = found.columns.first(where: { $0.lowercased() == name }) {
                    return "\(found.table).\(exact)"
                }
            }
            warnings.append(
                .warning(
                    "\"\(setting)\" names \"\(key)\", which is no column of a table or view; the setting does nothing",
                    file: source.path))
            return nil
        }
        func table(_ key: String, setting: String) -> String? {
            if let found = columns[key.lowercased()] { return found.table }
            warnings.append(
                .warning(
                    "\"\(setting)\" names \"\(key)\", which is no table or view; the setting does nothing",
                    file: source.path))
            return nil
        }
        func resolveColumns<Value>(_ map: [String: Value], _ setting: String) -> [String: Value] {
            var result: [String: Value] = [:]
            for key in map.keys.sorted() { if let exact = column(key, setting: setting) { result[exact] = map[key] } }
            return result
        }
        func resolveTables<Value>(_ map: [String: Value], _ setting: String) -> [String: Value] {
            var result: [String: Value] = [:]
            for key in map.keys.sorted() { if let exact = table(key, setting: setting) { result[exact] = map[key] } }
            return result
        }
        resolved.types.columns = resolveColumns(types.columns, "types.columns")
        resolved.types.dateColumns = resolveColumns(types.dateColumns, "types.dateColumns")
        resolved.naming.propertyNames = resolveColumns(naming.propertyNames, "naming.propertyNames")
        resolved.naming.recordTypeNames = resolveTables(naming.recordTypeNames, "naming.recordTypeNames")
        resolved.naming.tableAccessorNames = resolveTables(naming.tableAccessorNames, "naming.tableAccessorNames")
        return (resolved, warnings)
    }
}
