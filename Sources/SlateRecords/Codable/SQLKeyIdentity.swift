/// How the row reader and writer recognise a coding key without hashing its name.
///
/// A record's `init(from:)` and `encode(to:)` hand over the same keys in the same order on
/// every row, so each key is compared with the one expected next. Two cheap identities
/// serve for that comparison; a key that matches neither is looked up by name.

/// The value of a key whose type is plain data (no references) of at most eight bytes,
/// with its type: a synthesized `CodingKeys` enum is one byte.
///
/// Equal bits of one such type are an equal key, so its `stringValue` need not be asked
/// for: that is a protocol call and a string per value. (A `CodingKey` whose name depends
/// on anything but its value would break this, and the protocol's meaning with it.)
struct SQLKeyValueBits: Equatable {
    let type: ObjectIdentifier
    let bits: UInt64

    /// The identity of `key`, or nil when its type holds references or is larger.
    @inline(__always)
    init?<Key: CodingKey>(_ key: borrowing Key) {
        guard _isPOD(Key.self) else { return nil }
        let bits: UInt64
        switch MemoryLayout<Key>.size {
        case 0: bits = 0
        // A bit cast reads the key where it is; `withUnsafeBytes(of:)`, unspecialized,
        // copies it and calls a closure.
        case 1: bits = UInt64(unsafeBitCast(key, to: UInt8.self))
        case 2: bits = UInt64(unsafeBitCast(key, to: UInt16.self))
        case 4: bits = UInt64(unsafeBitCast(key, to: UInt32.self))
        case 8: bits = unsafeBitCast(key, to: UInt64.self)
        default: return nil
        }
        self.type = ObjectIdentifier(Key.self)
        self.bits = bits
    }
}

/// The two words of a `String`: the same bits as those of a string that is still alive
/// are an equal string. (Unequal bits may still be an equal string, held elsewhere; the
/// lookup by name sorts those out.)
///
/// "Still alive" matters for names built at run time: the words of a heap string hold its
/// storage's address, which a freed string's may share. So the reader keeps every name
/// whose bits it learned (`expectedNames`), and the writer compares with its layout's
/// names, which its `keyIndex` holds.
///
/// A synthesized key returns the same literal every time, so this recognises keys whose
/// type is not plain data.
struct SQLStringBits: Equatable {
    let low: UInt64
    let high: UInt64

    @inline(__always)
    init(_ string: String) {
        (low, high) = withUnsafeBytes(of: string) {
            ($0.load(as: UInt64.self), $0.load(fromByteOffset: 8, as: UInt64.self))
        }
    }
}

/// A key a reader expects, learned from the first row: its identities and its column.
struct SQLExpectedKey {
    let value: SQLKeyValueBits?
    let name: SQLStringBits
    let column: Int32

    /// Whether `key` is this one, by the identity its type allows.
    @inline(__always)
    func matches<Key: CodingKey>(_ key: borrowing Key) -> Bool {
        if let bits = SQLKeyValueBits(key) { return bits == value }
        return matchesByName(key)
    }

    /// Whether `key`'s name has the bits of this one's; apart, so that the callers, which
    /// see plain-data keys nearly always, keep no string on their stack.
    @inline(never)
    func matchesByName<Key: CodingKey>(_ key: borrowing Key) -> Bool {
        name == SQLStringBits(key.stringValue)
    }
}
