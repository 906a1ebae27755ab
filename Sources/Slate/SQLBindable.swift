/// A Swift value that can be bound to a statement parameter.
///
/// Slate's integer, floating-point, text, byte-array, `Bool` and ``SQLValue`` types
/// conform; so does `Optional` of any of them (nil binds NULL). Conform your own types
/// to bind them directly:
///
/// ```swift
/// extension Celsius: SQLBindable {
///     func bind(to statement: SQLStatement, at index: Int32) throws {
///         try statement.bind(degrees, at: index)
///     }
///     var sqlValue: SQLValue { .float(degrees) }
/// }
/// ```
public protocol SQLBindable {
    /// Binds the value to parameter `index` (one-based) of `statement`.
    func bind(to statement: SQLStatement, at index: Int32) throws
    /// The value as a dynamic ``SQLValue``.
    var sqlValue: SQLValue { get }
}

extension Int64: SQLBindable {
    /// Binds as a 64-bit integer.
    @inlinable public func bind(to statement: SQLStatement, at index: Int32) throws {
        try statement.bind(self, at: index)
    }
    /// `.integer(self)`
    @inlinable public var sqlValue: SQLValue { .integer(self) }
}

extension Int: SQLBindable {
    /// Binds as a 64-bit integer.
    @inlinable public func bind(to statement: SQLStatement, at index: Int32) throws {
        try statement.bind(Int64(self), at: index)
    }
    /// `.integer(self)`
    @inlinable public var sqlValue: SQLValue { .integer(Int64(self)) }
}

extension Int32: SQLBindable {
    /// Binds as a 64-bit integer.
    @inlinable public func bind(to statement: SQLStatement, at index: Int32) throws {
        try statement.bind(Int64(self), at: index)
    }
    /// `.integer(self)`
    @inlinable public var sqlValue: SQLValue { .integer(Int64(self)) }
}

extension Int16: SQLBindable {
    /// Binds as a 64-bit integer.
    @inlinable public func bind(to statement: SQLStatement, at index: Int32) throws {
        try statement.bind(Int64(self), at: index)
    }
    /// `.integer(self)`
    @inlinable public var sqlValue: SQLValue { .integer(Int64(self)) }
}

extension Int8: SQLBindable {
    /// Binds as a 64-bit integer.
    @inlinable public func bind(to statement: SQLStatement, at index: Int32) throws {
        try statement.bind(Int64(self), at: index)
    }
    /// `.integer(self)`
    @inlinable public var sqlValue: SQLValue { .integer(Int64(self)) }
}

extension UInt32: SQLBindable {
    /// Binds as a 64-bit integer.
    @inlinable public func bind(to statement: SQLStatement, at index: Int32) throws {
        try statement.bind(Int64(self), at: index)
    }
    /// `.integer(self)`
    @inlinable public var sqlValue: SQLValue { .integer(Int64(self)) }
}

extension UInt16: SQLBindable {
    /// Binds as a 64-bit integer.
    @inlinable public func bind(to statement: SQLStatement, at index: Int32) throws {
        try statement.bind(Int64(self), at: index)
    }
    /// `.integer(self)`
    @inlinable public var sqlValue: SQLValue { .integer(Int64(self)) }
}

extension UInt8: SQLBindable {
    /// Binds as a 64-bit integer.
    @inlinable public func bind(to statement: SQLStatement, at index: Int32) throws {
        try statement.bind(Int64(self), at: index)
    }
    /// `.integer(self)`
    @inlinable public var sqlValue: SQLValue { .integer(Int64(self)) }
}

extension Double: SQLBindable {
    /// Binds as a double.
    @inlinable public func bind(to statement: SQLStatement, at index: Int32) throws {
        try statement.bind(self, at: index)
    }
    /// `.float(self)`
    @inlinable public var sqlValue: SQLValue { .float(self) }
}

extension Float: SQLBindable {
    /// Binds as a double.
    @inlinable public func bind(to statement: SQLStatement, at index: Int32) throws {
        try statement.bind(Double(self), at: index)
    }
    /// `.float(self)`
    @inlinable public var sqlValue: SQLValue { .float(Double(self)) }
}

extension Bool: SQLBindable {
    /// Binds as 1 or 0.
    @inlinable public func bind(to statement: SQLStatement, at index: Int32) throws {
        try statement.bind(self, at: index)
    }
    /// `.integer(1)` or `.integer(0)`
    @inlinable public var sqlValue: SQLValue { .integer(self ? 1 : 0) }
}

extension String: SQLBindable {
    /// Binds as text, every UTF-8 byte.
    @inlinable public func bind(to statement: SQLStatement, at index: Int32) throws {
        try statement.bind(self, at: index)
    }
    /// `.text(self)`
    @inlinable public var sqlValue: SQLValue { .text(self) }
}

extension Substring: SQLBindable {
    /// Binds as text, every UTF-8 byte.
    @inlinable public func bind(to statement: SQLStatement, at index: Int32) throws {
        try statement.bind(String(self), at: index)
    }
    /// `.text(String(self))`
    @inlinable public var sqlValue: SQLValue { .text(String(self)) }
}

extension Array: SQLBindable where Element == UInt8 {
    /// Binds as a blob; an empty array is an empty blob, not NULL.
    @inlinable public func bind(to statement: SQLStatement, at index: Int32) throws {
        try statement.bind(self, at: index)
    }
    /// `.blob(self)`
    @inlinable public var sqlValue: SQLValue { .blob(self) }
}

extension SQLValue: SQLBindable {
    /// Binds the value in its own storage class.
    public func bind(to statement: SQLStatement, at index: Int32) throws {
        try statement.bind(self, at: index)
    }
    /// `self`
    public var sqlValue: SQLValue { self }
}

extension Optional: SQLBindable where Wrapped: SQLBindable {
    /// Binds the wrapped value, or NULL for nil.
    @inlinable public func bind(to statement: SQLStatement, at index: Int32) throws {
        if let value = self { try value.bind(to: statement, at: index) } else { try statement.bindNull(at: index) }
    }
    /// The wrapped value's ``SQLValue``, or `.null`.
    @inlinable public var sqlValue: SQLValue { self?.sqlValue ?? .null }
}

extension SQLBindable where Self: RawRepresentable, RawValue: SQLBindable {
    /// Binds the raw value: declare `SQLBindable` on an enum with raw values and it binds
    /// as its raw value.
    @inlinable public func bind(to statement: SQLStatement, at index: Int32) throws {
        try rawValue.bind(to: statement, at: index)
    }
    /// The raw value's.
    @inlinable public var sqlValue: SQLValue { rawValue.sqlValue }
}
