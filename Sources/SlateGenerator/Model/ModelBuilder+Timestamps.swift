import Slate
import SlateSchema

extension ModelBuilder {
    /// The created and updated columns of `table` (names as the table has them), by
    /// `slate.json`'s `timestamps`, else by the usual names; only columns a record can set
    /// (a `Date` property, neither a key nor a generated column). None in raw mode, whose
    /// functions bind records as they are.
    func timestampColumns(of table: Table) -> (created: String?, updated: String?) {
        guard configuration.emit.api else { return (nil, nil) }
        let settings = configuration.timestamps
        let own = settings.tables.first { $0.key.lowercased() == table.name.lowercased() }?.value
        guard !(own?.off ?? settings.off) else { return (nil, nil) }
        func column(_ configured: String?, _ usual: [String]) -> String? {
            if let configured {
                return table.columns.first {
                    $0.name.lowercased() == configured.lowercased() && canStamp($0, in: table)
                }?.name
            }
            for name in usual {
                if let found = table.columns.first(where: { $0.name.lowercased() == name && canStamp($0, in: table) }) {
                    return found.name
                }
            }
            return nil
        }
        let created = column(own?.created ?? settings.created, GeneratorConfiguration.Timestamps.createdNames)
        var updated = column(own?.updated ?? settings.updated, GeneratorConfiguration.Timestamps.updatedNames)
        if updated?.lowercased() == created?.lowercased() { updated = nil }
        return (created, updated)
    }

    /// Whether a record can set `column` as a timestamp.
    private func canStamp(_ column: Column, in table: Table) -> Bool {
        guard column.generation != .hidden, !column.isGenerated, column.primaryKeyPosition == 0 else { return false }
        return tableTyping(table, column).type == .date
    }

    /// Throws when `slate.json` names a timestamp column a record cannot set: one of a
    /// table's own settings that its table lacks, or that is no `Date`, a key or generated;
    /// a database-wide name that a table has but cannot set; one column as both; a table
    /// setting for no table.
    func checkTimestamps() throws {
        let settings = configuration.timestamps
        func fail(_ message: String) -> ConfigurationError {
            ConfigurationError(path: configuration.source.path, message: message)
        }
        for (name, own) in settings.tables.sorted(by: { $0.key < $1.key }) {
            guard let table = schema.tables.first(where: { $0.name.lowercased() == name.lowercased() }) else {
                throw fail("\"timestamps.tables.\(name)\" names no table")
            }
            if own.created != nil, own.created?.lowercased() == own.updated?.lowercased() {
                throw fail("\"timestamps.tables.\(name)\" names column \(own.created!) as both created and updated")
            }
            for (key, column) in [("created", own.created), ("updated", own.updated)] {
                guard let column else { continue }
                guard let found = table.columns.first(where: { $0.name.lowercased() == column.lowercased() }) else {
                    throw fail(
                        "\"timestamps.tables.\(name).\(key)\" names column \(column), which table \(table.name) does not have"
                    )
                }
                if !canStamp(found, in: table) {
                    throw fail(unstampable("timestamps.tables.\(name).\(key)", found, table))
                }
            }
        }
        if settings.created != nil, settings.created?.lowercased() == settings.updated?.lowercased() {
            throw fail("\"timestamps\" names column \(settings.created!) as both created and updated")
        }
        for table in schema.tables {
            let own = settings.tables.first { $0.key.lowercased() == table.name.lowercased() }?.value
            if own?.off ?? settings.off { continue }
            for (key, column, overridden) in [
                ("created", settings.created, own?.created != nil), ("updated", settings.updated, own?.updated != nil),
            ] {
                guard let column, !overridden,
                    let found = table.columns.first(where: { $0.name.lowercased() == column.lowercased() }),
                    !canStamp(found, in: table)
                else { continue }
                throw fail(unstampable("timestamps.\(key)", found, table))
            }
        }
    }

    private func unstampable(_ key: String, _ column: Column, _ table: Table) -> String {
        let reason =
            column.primaryKeyPosition > 0
            ? "is part of the primary key"
            : column.isGenerated ? "is generated" : "is no date column (give it a date storage under \"types\")"
        return
            "\"\(key)\" names column \(table.name).\(column.name), which \(reason): a record cannot set it as a timestamp"
    }
}
