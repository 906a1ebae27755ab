import Slate

/// A statement a generated record runs, with the property each of its `?` binds, in order.
///
/// The text and the parameters are written in one pass (``appendParameter(_:)`` writes the
/// `?` and records the property), and every binder is generated from ``parameters``: so a
/// statement and its binder cannot disagree on which value goes in which column, wherever
/// the key stands among the columns.
struct RecordStatement: Equatable {
    /// The SQL text.
    private(set) var sql: String
    /// The property each `?` of ``sql`` binds, in order.
    private(set) var parameters: [PropertyModel] = []

    init(_ sql: String) {
        self.sql = sql
    }

    mutating func append(_ text: String) {
        sql += text
    }

    /// Writes a `?` that binds `property`.
    mutating func appendParameter(_ property: PropertyModel) {
        sql += "?"
        parameters.append(property)
    }

    /// Writes `"a" = ?, "b" = ?` (joined by `separator`) binding `properties`.
    mutating func appendAssignments(_ properties: [PropertyModel], separator: String) {
        for (position, property) in properties.enumerated() {
            if position > 0 { append(separator) }
            append(SQLText.quotedIdentifier(property.column) + " = ")
            appendParameter(property)
        }
    }

    /// The statement followed by `other`, whose parameters come after its own.
    func appending(_ other: RecordStatement) -> RecordStatement {
        var result = self
        result.sql += other.sql
        result.parameters += other.parameters
        return result
    }
}

extension RecordModel {
    /// The columns an insert writes: every column SQLite does not generate, in table order.
    var insertedProperties: [PropertyModel] {
        properties.filter { !$0.isGenerated }
    }

    /// `INSERT OR ABORT INTO "t" ("a", "b") VALUES (?, ?)`: every inserted column in table
    /// order, without the rowid key when `assigningRowID` (SQLite assigns it); `DEFAULT
    /// VALUES` when no column is left. `OR ABORT` overrides a constraint's own `ON CONFLICT
    /// REPLACE` (which would delete the row holding the key) or `IGNORE`: an insert refuses
    /// an existing key, as it promises.
    func insertStatement(assigningRowID: Bool) -> RecordStatement {
        let columns = insertedProperties.filter { !(assigningRowID && $0.isRowIDAlias) }
        var statement = RecordStatement("INSERT OR ABORT INTO \(SQLText.quotedIdentifier(sqlName))")
        guard !columns.isEmpty else {
            statement.append(" DEFAULT VALUES")
            return statement
        }
        statement.append(
            " (" + columns.map { SQLText.quotedIdentifier($0.column) }.joined(separator: ", ") + ") VALUES (")
        for (position, column) in columns.enumerated() {
            if position > 0 { statement.append(", ") }
            statement.appendParameter(column)
        }
        statement.append(")")
        return statement
    }

    /// `"k1" = ? AND "k2" = ?`: the key's columns in key order (`PRIMARY KEY (c, a)` binds
    /// `c` first), as `sqlFind`, `sqlUpdate` and `sqlDelete` end.
    var keyMatch: RecordStatement {
        var match = RecordStatement("")
        match.appendAssignments(keyProperties, separator: " AND ")
        return match
    }

    /// `UPDATE "t" SET "a" = ?, … WHERE` ``keyMatch``: every inserted column outside the
    /// key, in table order, then the key; nil without a key, or when every column is part
    /// of it.
    var updateStatement: RecordStatement? {
        guard key != nil else { return nil }
        let keys = keyProperties
        let assigned = insertedProperties.filter { property in !keys.contains { $0.index == property.index } }
        guard !assigned.isEmpty else { return nil }
        var statement = RecordStatement("UPDATE \(SQLText.quotedIdentifier(sqlName)) SET ")
        statement.appendAssignments(assigned, separator: ", ")
        statement.append(" WHERE ")
        return statement.appending(keyMatch)
    }

    /// The insert with every column given, then `ON CONFLICT ("k1", "k2") DO UPDATE SET
    /// "a" = excluded."a", …` (every inserted column outside the key but a created
    /// timestamp, which stays as stored), or `DO NOTHING` when every column is part of the key: the same parameters as the insert, so
    /// `bindInsert(to:)` binds it. Nil without a key, and for a virtual table (SQLite
    /// cannot upsert one). The insert's `OR ABORT` makes a conflict on another UNIQUE
    /// constraint an error, whatever that constraint's own conflict clause.
    var upsertStatement: RecordStatement? {
        guard key != nil, !isVirtual else { return nil }
        let keys = keyProperties
        var statement = insertStatement(assigningRowID: false)
        statement.append(
            " ON CONFLICT (" + keys.map { SQLText.quotedIdentifier($0.column) }.joined(separator: ", ") + ") DO ")
        let outsideKey = insertedProperties.filter { property in !keys.contains { $0.index == property.index } }
        // A created timestamp is the row's: saving over a stored row never rewrites it.
        let createdColumn = createdProperty.map { properties[$0].column }
        let assigned = outsideKey.filter { $0.column != createdColumn }
        if outsideKey.isEmpty {
            statement.append("NOTHING")
        } else if assigned.isEmpty {
            let created = SQLText.quotedIdentifier(outsideKey[0].column)
            statement.append("UPDATE SET \(created) = \(created)")
        } else {
            statement.append(
                "UPDATE SET "
                    + assigned.map {
                        SQLText.quotedIdentifier($0.column) + " = excluded." + SQLText.quotedIdentifier($0.column)
                    }.joined(separator: ", "))
        }
        return statement
    }

    /// `DELETE FROM "t" WHERE` ``keyMatch``.
    var deleteStatement: RecordStatement {
        RecordStatement("DELETE FROM \(SQLText.quotedIdentifier(sqlName)) WHERE ").appending(keyMatch)
    }
}
