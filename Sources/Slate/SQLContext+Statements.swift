import SlateCSQLite

extension SQLContext {
    /// The statements of a script, one at a time: each is prepared when you ask for it,
    /// after the ones before it ran, so a script may create a table and then fill it.
    ///
    /// ```swift
    /// let statements = ctx.statements(sql: "SELECT name FROM planets; SELECT name FROM moons")
    /// while let statement = try statements.next() {
    ///     while try statement.next() { print(try statement.string(at: 0)) }
    /// }
    /// ```
    ///
    /// The statements come unbound: bind their parameters yourself, or use
    /// ``statements(sql:parameters:)-(String,[SQLValue])`` to hand out values.
    public func statements(sql: String) -> SQLStatementIterator {
        SQLStatementIterator(context: self, sql: sql, values: .none)
    }

    /// The statements of a script, one at a time, each bound with its share of
    /// `parameters`: the first statement takes as many values as it has parameters, the
    /// next one the following values, and so on.
    ///
    /// ```swift
    /// let statements = ctx.statements(sql: """
    ///     INSERT INTO planets (name) VALUES (?);
    ///     SELECT count(*) FROM planets WHERE name <> ?;
    ///     """, parameters: ["Mars", "Earth"])
    /// while let statement = try statements.next() { try statement.update() }
    /// ```
    ///
    /// A statement for which too few values are left throws instead of being handed out;
    /// values left over once the script is done make the last ``SQLStatementIterator/next()``
    /// throw.
    public func statements(sql: String, parameters: [SQLValue]) -> SQLStatementIterator {
        SQLStatementIterator(context: self, sql: sql, values: .positional(parameters))
    }

    /// The statements of a script, one at a time, each bound with the values of the
    /// parameters it names (`:name`, `@name`, `$name`; the keys may leave out the prefix).
    /// Statements may share a name, and each that uses it gets its value.
    ///
    /// ```swift
    /// let statements = ctx.statements(sql: """
    ///     INSERT INTO planets (name) VALUES (:name);
    ///     INSERT INTO visits (planet, year) VALUES (:name, :year);
    ///     """, parameters: ["name": "Mars", "year": 2031])
    /// while let statement = try statements.next() { try statement.update() }
    /// ```
    ///
    /// A statement with a parameter that has no value (or a positional `?`), or one given
    /// twice (`"name"` and `":name"`), throws instead of being handed out; a key that no
    /// statement used makes the last
    /// ``SQLStatementIterator/next()`` throw.
    public func statements(sql: String, parameters: [String: SQLValue]) -> SQLStatementIterator {
        SQLStatementIterator(context: self, sql: sql, values: .named(parameters))
    }
}

/// The statements of a script, handed out one at a time by ``next()``; from
/// ``SQLContext/statements(sql:)`` and its variants with parameters.
///
/// Each statement is prepared when asked for, after the ones before it ran (or were
/// stepped as far as you chose), and bound with its share of the values given to the
/// iterator, if any. The statements are yours, like those of ``SQLContext/prepare(sql:)``:
/// they are not cached, and finalize when you ``SQLStatement/close()`` them or let them go.
///
/// An error ends the iteration: ``next()`` throws it again on every later call.
public final class SQLStatementIterator {
    enum Values {
        case none
        case positional([SQLValue])
        case named([String: SQLValue])
    }

    private let context: SQLContext
    private let sql: String
    private let values: Values
    /// Where the next statement starts, in bytes.
    private var offset = 0
    /// How many positional values the statements so far took.
    private var consumed = 0
    /// The named values the statements so far used, by name without its prefix.
    private var used = Set<String>()
    /// How many statements were handed out.
    private var count = 0
    private var isDone = false
    private var failure: (any Error)?

    init(context: SQLContext, sql: String, values: Values) {
        self.context = context
        self.sql = sql
        self.values = values
    }

    /// The next statement, prepared and bound with its values; nil after the last one.
    ///
    /// - Throws: ``SQLError`` for a syntax error (with the offset in the whole script), a
    ///   statement that too few values are left for or that takes a parameter no key names,
    ///   and, once the script is done, values that no statement took.
    public func next() throws -> SQLStatement? {
        if let failure { throw failure }
        if isDone { return nil }
        do {
            guard let statement = try prepareNext() else {
                isDone = true
                try checkAllUsed()
                return nil
            }
            do {
                try bind(statement)
            } catch {
                statement.close()
                throw error
            }
            count += 1
            return statement
        } catch {
            failure = error
            throw error
        }
    }

    /// Calls `body` with each remaining statement, in order.
    public func forEach(_ body: (SQLStatement) throws -> Void) throws {
        while let statement = try next() { try body(statement) }
    }

    private func prepareNext() throws -> SQLStatement? {
        let db = try context.openHandle(sql: sql)
        var text = sql
        return try text.withUTF8 { bytes -> SQLStatement? in
            let (handle, tail) = try context.prepareNext(in: bytes, from: offset, sql: sql, db: db, persistent: false)
            offset = tail
            guard let handle else { return nil }
            return SQLStatement(handle: handle, connection: context.connection, isCached: false)
        }
    }

    private func bind(_ statement: SQLStatement) throws {
        let parameterCount = Int(statement.parameterCount)
        switch values {
        case .none:
            return
        case .positional(let all):
            let left = all.count - consumed
            guard parameterCount <= left else {
                throw SQLError(
                    code: .range,
                    message:
                        "statement \(count + 1) of the script takes \(parameterCount) parameter\(parameterCount == 1 ? "" : "s") but \(left == 0 ? "no" : "only \(left)") value\(left == 1 ? " is" : "s are") left of the \(all.count) given",
                    sql: statement.sql)
            }
            if parameterCount > 0 {
                try statement.bind(parameters: Array(all[consumed..<consumed + parameterCount]))
            }
            consumed += parameterCount
        case .named(let all):
            guard parameterCount > 0 else { return }
            var list: [SQLValue] = []
            list.reserveCapacity(parameterCount)
            for index in 1...Int32(parameterCount) {
                guard let name = statement.parameterName(at: index) else {
                    throw SQLError(
                        code: .misuse,
                        message:
                            "statement \(count + 1) of the script has a positional parameter (?\(index)), which named values cannot give",
                        sql: statement.sql)
                }
                // A numbered parameter (`?2`) goes by that name only, as for `bind(parameters:)`.
                let bare = name.first == "?" ? name : String(name.dropFirst())
                if bare != name, all[bare] != nil, all[name] != nil {
                    // As `bind(parameters:)` does: neither of two values is picked silently.
                    throw SQLError(
                        code: .misuse,
                        message:
                            "parameter \(name) of statement \(count + 1) of the script is given twice, as \(name) and as \(bare)",
                        sql: statement.sql)
                }
                guard let value = all[bare] ?? all[name] else {
                    throw SQLError(
                        code: .range,
                        message: "no value given for parameter \(name) of statement \(count + 1) of the script",
                        sql: statement.sql)
                }
                used.insert(bare)
                list.append(value)
            }
            try statement.bind(parameters: list)
        }
    }

    /// Throws when values were given that no statement took.
    private func checkAllUsed() throws {
        switch values {
        case .none:
            return
        case .positional(let all):
            guard consumed < all.count else { return }
            throw SQLError(
                code: .misuse,
                message:
                    "\(all.count) value\(all.count == 1 ? " was" : "s were") given but the script's \(count) statement\(count == 1 ? "" : "s") took \(consumed)",
                sql: sql)
        case .named(let all):
            let unused = all.keys.filter { key in
                let bare = key.first.map { ":@$".contains($0) } == true ? String(key.dropFirst()) : key
                return !used.contains(bare)
            }.sorted()
            guard !unused.isEmpty else { return }
            throw SQLError(
                code: .misuse,
                message:
                    "no statement of the script takes the parameter\(unused.count == 1 ? "" : "s") \(unused.joined(separator: ", "))",
                sql: sql)
        }
    }
}

@available(
    *, unavailable, message: "A statement iterator prepares statements on its context, which has one owner at a time."
)
extension SQLStatementIterator: Sendable {}
