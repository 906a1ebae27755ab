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
    @inlinable
    public func bind(_ value: Double, at index: Int32) throws {
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
    /// `@id`, `$id`); without one, each prefix is tried in that order.
    public func parameterIndex(named name: String) throws -> Int32 {
        guard let handle else { throw closedError() }
        if let first = name.first, first == ":" || first == "@" || first == "$" {
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
    public func bind(parameters: [SQLValue]) throws {
        guard Int(parameterCount) == parameters.count else {
            throw SQLError(
                code: .range,
                message: "the statement takes \(parameterCount) parameter\(parameterCount == 1 ? "" : "s") but \(parameters.count) \(parameters.count == 1 ? "value was" : "values were") given",
                sql: sql, arguments: connection.showsBoundValues ? parameters : nil)
        }
        reset()
        if connection.showsBoundValues { boundValuesForErrors = parameters }
        for (offset, value) in parameters.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
    }

    /// Resets the statement, then binds values by parameter name (with or without prefix).
    /// Every name must exist in the statement, and every named parameter of the statement
    /// must be given.
    public func bind(parameters: [String: SQLValue]) throws {
        reset()
        var bound = Set<Int32>()
        for (name, value) in parameters {
            let index = try parameterIndex(named: name)
            try bind(value, at: index)
            bound.insert(index)
        }
        if parameterCount > 0 {
            let missing = (1...parameterCount).filter { !bound.contains($0) }
            if !missing.isEmpty {
                let names = missing.map { parameterName(at: $0) ?? "?\($0)" }
                throw SQLError(
                    code: .range, message: "no value given for parameter \(names.joined(separator: ", "))", sql: sql)
            }
        }
    }

    // MARK: Errors

    @inlinable @inline(__always)
    func checkBind(_ code: Int32, _ index: Int32) throws {
        if code != SQLITE_OK { throw bindError(code, index) }
    }

    @usableFromInline
    func bindError(_ code: Int32, _ index: Int32) -> SQLError {
        guard handle != nil, connection.isOpen else { return closedError() }
        if code == SQLITE_RANGE {
            return SQLError(
                code: .range,
                message: "parameter index \(index) is out of range: the statement takes \(parameterCount) parameter\(parameterCount == 1 ? "" : "s")",
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
