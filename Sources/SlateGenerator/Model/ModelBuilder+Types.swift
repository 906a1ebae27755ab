import Foundation
import Slate
import SlateAnalysis
import SlateSchema

extension ModelBuilder {
    // MARK: Types

    /// The typing of a table's column (``GeneratorConfiguration/typing(declaredType:table:column:)``);
    /// a rowid alias holds integers whatever the mapping says.
    func tableTyping(_ table: Table, _ column: Column) -> ColumnTyping {
        var typing = configuration.typing(declaredType: column.declaredType, table: table.name, column: column.name)
        if table.rowIDAlias?.lowercased() == column.name.lowercased(), typing.type != .int {
            typing.type = .int
            typing.rule = nil
        }
        return typing
    }

    /// The typing of a view's column: as `slate.json` gives it for the view itself
    /// (`types.columns`, `types.dateColumns`, a rule whose `table` is the view's name, not a
    /// pattern),
    /// else as the table column it shows, so that a view and its table read one column
    /// alike, else by its declared type (an expression SQLite cannot type is `SQLValue`).
    func viewTyping(_ view: View, _ column: ResultColumn) -> ColumnTyping {
        let key = "\(view.name).\(column.name)"
        let declaredType = column.declaredType ?? ""
        // A rule names the view itself only by its name, not by a pattern: `Adobe_*`, written
        // for Lightroom's tables, must not take `Adobe_recent`'s columns from the tables
        // they show.
        let ownRule = configuration.types.rules.contains { rule in
            guard let table = rule.table, !table.contains("*") else { return false }
            return rule.matches(table: view.name, column: column.name, declaredType: declaredType)
        }
        let ownSetting =
            configuration.types.columns[key] != nil || configuration.types.dateColumns[key] != nil || ownRule
        if !ownSetting, let origin = column.tableColumn, let table = schema.table(named: origin.table),
            let originColumn = table.columns.first(where: { $0.name.lowercased() == origin.column.lowercased() })
        {
            var typing = tableTyping(table, originColumn)
            // The rule counts for the table's column.
            typing.rule = nil
            return typing
        }
        var typing = configuration.typing(declaredType: declaredType, table: view.name, column: column.name)
        if column.declaredType == nil, !ownSetting {
            typing.type = .value
            typing.rule = nil
        }
        return typing
    }

    /// The typing of column `column` of the table or view `relation` (a query's column or
    /// parameter meets it), declared `declaredType`.
    func relationTyping(_ relation: String, _ column: String, declaredType: String) -> ColumnTyping {
        if let view = schema.view(named: relation),
            let result = view.columns.first(where: { $0.name.lowercased() == column.lowercased() })
        {
            return viewTyping(view, result)
        }
        if let table = schema.table(named: relation),
            let found = table.columns.first(where: { $0.name.lowercased() == column.lowercased() })
        {
            return tableTyping(table, found)
        }
        return configuration.typing(declaredType: declaredType, table: relation, column: column)
    }

    // MARK: Checking slate.json against the schema

    /// Throws for a rule of `types.rules` that decides no column of a table or view (it
    /// matches none, or each one it matches is decided by a single column's setting or an
    /// earlier rule), and for booleans stored as texts SQLite would store as numbers.
    func checkTypeRules() throws {
        var decided = Set<Int>()
        var matched = Set<Int>()
        func note(_ typing: ColumnTyping, table: String, column: String, declaredType: String) {
            if let rule = typing.rule { decided.insert(rule) }
            for (index, rule) in configuration.types.rules.enumerated()
            where rule.matches(table: table, column: column, declaredType: declaredType) {
                matched.insert(index)
            }
        }
        for table in schema.tables {
            for column in table.columns where column.generation != .hidden {
                let typing = tableTyping(table, column)
                note(typing, table: table.name, column: column.name, declaredType: column.declaredType)
                try checkBooleanTexts(typing, table: table.name, column: column)
            }
        }
        for view in schema.views {
            for column in view.columns {
                note(
                    viewTyping(view, column), table: view.name, column: column.name,
                    declaredType: column.declaredType ?? "")
            }
        }
        for (index, rule) in configuration.types.rules.enumerated() where !decided.contains(index) {
            let reason =
                matched.contains(index)
                ? "every column it matches is decided by \"types.columns\", \"types.dateColumns\" or an earlier rule, or is a rowid"
                : "it matches no column of a table or view"
            throw ConfigurationError(
                path: configuration.source.path,
                message: "\"types.rules[\(index)]\" \(rule.summary) decides no column: \(reason)")
        }
    }

    /// Throws when a column stores booleans as texts that SQLite would store as numbers
    /// (`'1'` in a column of NUMERIC affinity becomes 1), which could not be read back.
    private func checkBooleanTexts(_ typing: ColumnTyping, table: String, column: Column) throws {
        guard typing.type == .bool, case .text(let yes, let no) = typing.booleans else { return }
        switch Affinity(declaredType: column.declaredType) {
        case .text, .blob: return
        default: break
        }
        for text in [yes, no] where Double(text.trimmingCharacters(in: .whitespaces)) != nil {
            throw ConfigurationError(
                path: configuration.source.path,
                message:
                    "column \(table).\(column.name) (\(column.declaredType)) would store the boolean text \(SQLValue.text(text).sqlLiteral) as a number, and it would not read back as a boolean; choose texts that are not numbers, or integer booleans"
            )
        }
    }
}
