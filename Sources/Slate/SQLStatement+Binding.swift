import SlateCSQLite

extension SQLStatement {
    // MARK: Typed binds (no boxing)

    /// Binds a 64-bit integer to parameter `index` (one-based).
    @inlinable
    public func bind(_ value: Int64, at index: Int32) throws {
        try checkBind(sqlite3_bind_int64(handle, index, value), index)
    }

    /// Binds an `Int` to parameter `index` (one-based), always as 64 bits.
    @inlinable
    public func bind(_ value: Int, at index: Int32) throws {
        try checkBind(sqlite3_bind_int64(handle, index, Int64(value)), index)
    }

    /// Binds a double to parameter `index` (one-based).
    ///
    /// - Throws: ``SQLError/Code/mismatch`` for NaN, which SQLite would store as NULL;
    ///   the parameter keeps the value it had.
    @inlinable
    public func bind(_ value: Double, at index: Int32) throws {
        if value.isNaN { throw nanError(index) }
        try checkBind(sqlite3_bind_double(handle, index, value), index)
    }

    /// Binds a `Bool` to parameter `index` (one-based) as 1 or 0.
    @inlinable
    public func bind(_ value: Bool, at index: Int32) throws {
        try checkBind(sqlite3_bind_int64(handle, index, value ? 1 : 0), index)
    }

    /// Binds text to parameter `index` (one-based): every UTF-8 byte, NUL characters
    /// included (the length bound is the UTF-8 byte count, not a character count).
    @inlinable
    public func bind(_ value: String, at index: Int32) throws {
        var value = value
        let code = value.withUTF8 { bytes in
            slate_bind_text(handle, index, bytes.baseAddress, UInt64(bytes.count))
        }
        try checkBind(code, index)
    }

    /// Binds a blob to parameter `index` (one-based). An empty array binds an empty blob,
    /// not NULL.
    @inlinable
    public func bind(_ value: [UInt8], at index: Int32) throws {
        let code = value.withUnsafeBytes { bytes in
            slate_bind_blob(handle, index, bytes.baseAddress, UInt64(bytes.count))
        }
        try checkBind(code, index)
    }

    /// Binds NULL to parameter `index` (one-based).
    @inlinable
    public func bindNull(at index: Int32) throws {
        try checkBind(sqlite3_bind_null(handle, index), index)
    }

    /// Binds a dynamic value to parameter `index` (one-based).
    public func bind(_ value: SQLValue, at index: Int32) throws {
        switch value {
        case .integer(let integer): try bind(integer, at: index)
        case .float(let double): try bind(double, at: index)
        case .text(let text): try bind(text, at: index)
        case .blob(let bytes): try bind(bytes, at: index)
        case .null: try bindNull(at: index)
        }
    }

    /// Binds any ``SQLBindable`` value, or NULL for nil, to parameter `index` (one-based).
    @inlinable
    public func bind<Value: SQLBindable>(_ value: Value?, at index: Int32) throws {
        if let value {
            try value.bind(to: self, at: index)
        } else {
            try bindNull(at: index)
        }
    }

    // MARK: Names

    /// The index of the parameter called `name`. The name may carry its prefix (`:id`,
    /// `@id`, `$id`); without one, each prefix is tried in that order. A numbered
    /// parameter goes by its SQL name (`?2`), as ``parameterName(at:)`` gives it.
    public func parameterIndex(named name: String) throws -> Int32 {
        guard let handle else { throw closedError() }
        if let first = name.first, first == ":" || first == "@" || first == "$" || first == "?" {
            let index = sqlite3_bind_parameter_index(handle, name)
            if index > 0 { return index }
        } else {
            for prefix in [":", "@", "$"] {
                let index = sqlite3_bind_parameter_index(handle, prefix + name)
                if index > 0 { return index }
            }
        }
        let known = (1...max(parameterCount, 1)).compactMap { parameterName(at: $0) }
        let list = known.isEmpty ? "it has no named parameters" : "its parameters are " + known.joined(separator: ", ")
        throw SQLError(code: .range, message: "no parameter named \(name) in the statement; \(list)", sql: sql)
    }

    /// Binds a value to the parameter called `name` (`:name`, `@name` or `$name`).
    public func bind(_ value: SQLValue, named name: String) throws {
        try bind(value, at: parameterIndex(named: name))
    }

    /// Binds any ``SQLBindable`` value, or NULL for nil, to the parameter called `name`.
    public func bind<Value: SQLBindable>(_ value: Value?, named name: String) throws {
        try bind(value, at: parameterIndex(named: name))
    }

    // MARK: Lists

    /// Resets the statement, then binds `parameters` in order to parameters 1, 2, …; their
    /// count must equal ``parameterCount``.
    ///
    /// A refused list changes nothing: the count, NaN and SQLite's length limit are checked
    /// before any value is bound. Should SQLite still refuse a value midway, every binding
    /// is cleared, so that the statement never runs half re-bound.
    public func bind(parameters: [SQLValue]) throws {
        guard Int(parameterCount) == parameters.count else {
            throw SQLError(
                code: .range,
                message:
                    "the statement takes \(parameterCount) parameter\(parameterCount == 1 ? "" : "s") but \(parameters.count) \(parameters.count == 1 ? "value was" : "values were") given",
                sql: sql, arguments: connection.showsBoundValues ? parameters : nil)
        }
        for (offset, value) in parameters.enumerated() {
            try checkBindable(value, at: Int32(offset + 1))
        }
        reset()
        do {
            for (offset, value) in parameters.enumerated() {
                try bind(value, at: Int32(offset + 1))
            }
        } catch {
            clearBindings()
            throw error
        }
        if connection.showsBoundValues { boundValuesForErrors = parameters }
    }

    /// Resets the statement, then binds values by parameter name (with or without prefix).
    /// Every name must exist in the statement, no parameter may be named twice (`"id"` and
    /// `":id"`), and every parameter of the statement must be given.
    ///
    /// A refused dictionary changes nothing: every name and value is checked before any is
    /// bound. Should SQLite still refuse a value midway, every binding is cleared.
    public func bind(parameters: [String: SQLValue]) throws {
        var resolved: [(index: Int32, value: SQLValue)] = []
        resolved.reserveCapacity(parameters.count)
        var names: [Int32: String] = [:]
        // In name order, so that errors do not depend on the dictionary's order.
        for (name, value) in parameters.sorted(by: { $0.key < $1.key }) {
            let index = try parameterIndex(named: name)
            if let other = names[index] {
                throw SQLError(
                    code: .misuse,
                    message:
                        "parameter \(parameterName(at: index) ?? "?\(index)") is given twice, as \(other) and as \(name)",
                    sql: sql)
            }
            names[index] = name
            try checkBindable(value, at: index)
            resolved.append((index, value))
        }
        if parameterCount > 0, resolved.count < Int(parameterCount) {
            let missing = (1...parameterCount).filter { names[$0] == nil }
            let list = missing.map { parameterName(at: $0) ?? "?\($0)" }
            throw SQLError(
                code: .range,
                message:
                    "no value given for parameter\(list.count == 1 ? "" : "s") \(list.joined(separator: ", ")); the statement takes \(parameterCount)",
                sql: sql)
        }
        reset()
        do {
            for (index, value) in resolved { try bind(value, at: index) }
        } catch {
            clearBindings()
            throw error
        }
        if connection.showsBoundValues {
            var values = [SQLValue](repeating: .null, count: Int(max(parameterCount, 0)))
            for (index, value) in resolved { values[Int(index) - 1] = value }
            boundValuesForErrors = values
        }
    }

    /// Throws what binding `value` at `index` would throw for the value itself (NaN, a text
    /// or blob longer than SQLite's length limit), so that a list is checked before any of
    /// it is bound.
    func checkBindable(_ value: SQLValue, at index: Int32) throws {
        switch value {
        case .float(let double) where double.isNaN:
            throw nanError(index)
        case .text(let text):
            try checkLength(text.utf8.count, at: index)
        case .blob(let bytes):
            try checkLength(bytes.count, at: index)
        default:
            break
        }
    }

    private func checkLength(_ count: Int, at index: Int32) throws {
        guard let db = connection.db else { throw closedError() }
        let limit = Int(sqlite3_limit(db, SQLITE_LIMIT_LENGTH, -1))
        if count > limit {
            throw SQLError(
                code: .tooBig,
                message:
                    "the value for parameter \(describeParameter(index)) is \(count) bytes, more than SQLite's length limit (\(limit))",
                sql: sql)
        }
    }

    /// `2 (:name)`, `2 (column "people"."score")` when the statement's maker labelled
    /// its parameters, or `2` for a `?` parameter.
    func describeParameter(_ index: Int32) -> String {
        if let labels = parameterLabels, index >= 1, Int(index) <= labels.count, let label = labels[Int(index) - 1] {
            return "\(index) (\(label))"
        }
        if let name = parameterName(at: index) { return "\(index) (\(name))" }
        return "\(index)"
    }

    // MARK: Errors

    @inlinable @inline(__always)
    func checkBind(_ code: Int32, _ index: Int32) throws {
        if code != SQLITE_OK { throw bindError(code, index) }
        noteBound(index)
    }

    /// The error for binding NaN, which SQLite would store as NULL.
    @usableFromInline
    func nanError(_ index: Int32) -> SQLError {
        guard handle != nil, connection.isOpen else { return closedError() }
        return SQLError(
            code: .mismatch,
            message: "cannot bind NaN to parameter \(describeParameter(index)): SQLite would store it as NULL",
            sql: sql)
    }

    @usableFromInline
    func bindError(_ code: Int32, _ index: Int32) -> SQLError {
        guard handle != nil, connection.isOpen else { return closedError() }
        if code == SQLITE_RANGE {
            return SQLError(
                code: .range,
                message:
                    "parameter index \(index) is out of range: the statement takes \(parameterCount) parameter\(parameterCount == 1 ? "" : "s")",
                sql: sql)
        }
        if code == SQLITE_MISUSE {
            return SQLError(
                code: .misuse,
                message: "cannot bind parameter \(index) while the statement is running or done; call reset() first",
                sql: sql)
        }
        return connection.error(code, sql: sql)
    }
}
