import SlateCSQLite

/// Holds a Swift function for SQLite; SQLite releases it through `xDestroy`.
private final class FunctionBox {
    let name: String
    let body: ([SQLValue]) throws -> SQLValue
    init(_ name: String, _ body: @escaping ([SQLValue]) throws -> SQLValue) {
        self.name = name
        self.body = body
    }
}

/// Holds a Swift collation for SQLite; SQLite releases it through `xDestroy`.
private final class CollationBox {
    let compare: (String, String) -> Int
    init(_ compare: @escaping (String, String) -> Int) { self.compare = compare }
}

extension SQLContext {
    /// Adds a scalar SQL function written in Swift, or replaces one with the same name
    /// and argument count.
    ///
    /// ```swift
    /// try ctx.createFunction("reverse", argumentCount: 1, isDeterministic: true) { arguments in
    ///     guard case .text(let text) = arguments[0] else { return .null }
    ///     return .text(String(text.reversed()))
    /// }
    /// ```
    ///
    /// An error thrown by `body` fails the statement with its description as the message;
    /// so does a NaN result, which SQLite would store as NULL.
    ///
    /// - Parameters:
    ///   - name: the name SQL calls it by.
    ///   - argumentCount: how many arguments it takes; -1 for any number.
    ///   - isDeterministic: whether the same arguments always give the same result, which
    ///     lets SQLite use it in indexes and `CHECK` constraints.
    ///   - isInnocuous: whether it has no side effects and reveals nothing, so that the
    ///     schema of a database opened with ``Configuration/isDefensive`` (trusted_schema
    ///     off) may call it from views, triggers and constraints. Off by default: such a
    ///     database's schema cannot call the function.
    ///   - body: the function: its arguments, in order, to its result.
    public func createFunction(
        _ name: String, argumentCount: Int32 = -1, isDeterministic: Bool = false, isInnocuous: Bool = false,
        _ body: @escaping ([SQLValue]) throws -> SQLValue
    ) throws {
        let db = try openHandle()
        var flags = SQLITE_UTF8
        if isDeterministic { flags |= SQLITE_DETERMINISTIC }
        if isInnocuous { flags |= SQLITE_INNOCUOUS }
        let box = Unmanaged.passRetained(FunctionBox(name, body)).toOpaque()
        // On failure SQLite calls xDestroy itself, which releases the box.
        let code = sqlite3_create_function_v2(
            db, name, argumentCount, flags, box,
            { context, count, arguments in
                guard let context else { return }
                let box = Unmanaged<FunctionBox>.fromOpaque(sqlite3_user_data(context)).takeUnretainedValue()
                do {
                    var values: [SQLValue] = []
                    values.reserveCapacity(Int(count))
                    for index in 0..<Int(count) {
                        values.append(try SQLValue(functionArgument: arguments?[index]))
                    }
                    let result = try box.body(values)
                    if case .float(let double) = result, double.isNaN {
                        sqlite3_result_error(
                            context, "the function \(box.name) returned NaN, which SQLite would store as NULL", -1)
                        return
                    }
                    result.setResult(of: context)
                } catch {
                    sqlite3_result_error(context, String(describing: error), -1)
                }
            },
            nil, nil,
            { box in
                if let box { Unmanaged<FunctionBox>.fromOpaque(box).release() }
            })
        if code != SQLITE_OK {
            throw connection.error(code, sql: nil)
        }
    }

    /// Removes a function added with ``createFunction(_:argumentCount:isDeterministic:isInnocuous:_:)``.
    public func removeFunction(_ name: String, argumentCount: Int32 = -1) throws {
        let db = try openHandle()
        let code = sqlite3_create_function_v2(db, name, argumentCount, SQLITE_UTF8, nil, nil, nil, nil, nil)
        if code != SQLITE_OK { throw connection.error(code, sql: nil) }
    }

    /// Adds a collation written in Swift, for `COLLATE name` in SQL.
    ///
    /// `compare` returns a negative number, zero, or a positive number as its first
    /// argument sorts before, with, or after the second. Text that is not valid UTF-8
    /// reaches it with U+FFFD in place of the bad bytes.
    ///
    /// ```swift
    /// try ctx.createCollation("length") { $0.count - $1.count }
    /// ```
    public func createCollation(_ name: String, _ compare: @escaping (String, String) -> Int) throws {
        let db = try openHandle()
        let box = Unmanaged.passRetained(CollationBox(compare)).toOpaque()
        let code = sqlite3_create_collation_v2(
            db, name, SQLITE_UTF8, box,
            { box, leftCount, left, rightCount, right in
                guard let box else { return 0 }
                let collation = Unmanaged<CollationBox>.fromOpaque(box).takeUnretainedValue()
                let lhs = String(decoding: UnsafeRawBufferPointer(start: left, count: Int(leftCount)), as: UTF8.self)
                let rhs = String(decoding: UnsafeRawBufferPointer(start: right, count: Int(rightCount)), as: UTF8.self)
                let order = collation.compare(lhs, rhs)
                return order < 0 ? -1 : (order > 0 ? 1 : 0)
            },
            { box in
                if let box { Unmanaged<CollationBox>.fromOpaque(box).release() }
            })
        if code != SQLITE_OK {
            throw connection.error(code, sql: nil)
        }
    }
}

extension SQLContext {
    /// Removes a collation added with ``createCollation(_:_:)``: SQL that names it fails
    /// from then on (`no such collation sequence`), statements prepared before included.
    ///
    /// - Throws: ``SQLError/Code/misuse`` for SQLite's own collations (`BINARY`, `NOCASE`,
    ///   `RTRIM`) and for a name the connection has no collation by; `SQLITE_BUSY` while
    ///   a statement is running.
    public func removeCollation(named name: String) throws {
        let db = try openHandle()
        if ["binary", "nocase", "rtrim"].contains(name.lowercased()) {
            throw SQLError(code: .misuse, message: "cannot remove SQLite's own collation \(name)")
        }
        let known = try query(sql: "SELECT name FROM pragma_collation_list").compactMap { $0.first?.textValue }
        guard known.contains(where: { $0.lowercased() == name.lowercased() }) else {
            throw SQLError(
                code: .misuse,
                message:
                    "no collation named \(name) to remove; the connection has \(known.sorted().joined(separator: ", "))"
            )
        }
        let code = sqlite3_create_collation_v2(db, name, SQLITE_UTF8, nil, nil, nil)
        if code != SQLITE_OK { throw connection.error(code, sql: nil) }
    }
}

extension SQLValue {
    /// Reads a function argument (`sqlite3_value`).
    init(functionArgument value: OpaquePointer?) throws {
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER:
            self = .integer(sqlite3_value_int64(value))
        case SQLITE_FLOAT:
            self = .float(sqlite3_value_double(value))
        case SQLITE_TEXT:
            guard let text = sqlite3_value_text(value) else {
                self = .text("")
                return
            }
            guard let string = SQLText.string(sqliteText: text, count: Int(sqlite3_value_bytes(value))) else {
                throw SQLError(code: .mismatch, message: "a function argument holds text that is not valid UTF-8")
            }
            self = .text(string)
        case SQLITE_BLOB:
            let count = Int(sqlite3_value_bytes(value))
            if let bytes = sqlite3_value_blob(value) {
                self = .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
            } else {
                self = .blob([])
            }
        default:
            self = .null
        }
    }

    /// Sets the result of an SQL function call to this value.
    func setResult(of context: OpaquePointer) {
        switch self {
        case .integer(let value):
            sqlite3_result_int64(context, value)
        case .float(let value):
            sqlite3_result_double(context, value)
        case .text(var value):
            value.withUTF8 { slate_result_text(context, $0.baseAddress, UInt64($0.count)) }
        case .blob(let bytes):
            bytes.withUnsafeBytes { slate_result_blob(context, $0.baseAddress, UInt64($0.count)) }
        case .null:
            sqlite3_result_null(context)
        }
    }
}
