#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Decodes sample values of a `Codable` type, to learn its coding keys (the columns) and,
/// by decoding it once more per key with that key's value changed, which key each key
/// path reads.
final class SQLProbe {
    /// The record's keys, in the order its `init(from:)` asks for them.
    var keys: [String] = []
    /// The type each key decodes (optionals unwrapped).
    var keyTypes: [String: Any.Type] = [:]
    /// The key whose value is the "one" sample; every other key gets the "zero" sample.
    var changedKey: String?
    var depth = 0

    func note(_ key: String, _ type: Any.Type) {
        if keyTypes[key] == nil {
            keys.append(key)
            keyTypes[key] = type
        }
    }

    /// A sample of `type`: "zero" or "one", which differ for every type Slate stores.
    func sample<T: Decodable>(_ type: T.Type, one: Bool) throws -> T {
        if let value = Self.primitive(type, one: one) { return value }
        if let iterable = type as? any CaseIterable.Type, let value = Self.cases(of: iterable, one: one) as? T {
            return value
        }
        depth += 1
        defer { depth -= 1 }
        guard depth < 16 else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "\(T.self) nests too deep to sample"))
        }
        return try T(from: SQLProbeDecoder(probe: self, one: one, isRecord: false))
    }

    private static func cases<C: CaseIterable>(of type: C.Type, one: Bool) -> Any? {
        let all = Array(type.allCases.prefix(2))
        guard let first = all.first else { return nil }
        return one && all.count > 1 ? all[1] : first
    }

    private static func primitive<T>(_ type: T.Type, one: Bool) -> T? {
        let number = one ? 1 : 0
        let value: Any?
        switch type {
        case is String.Type: value = one ? "1" : ""
        case is Int.Type: value = number
        case is Int64.Type: value = Int64(number)
        case is Int32.Type: value = Int32(number)
        case is Int16.Type: value = Int16(number)
        case is Int8.Type: value = Int8(number)
        case is UInt.Type: value = UInt(number)
        case is UInt64.Type: value = UInt64(number)
        case is UInt32.Type: value = UInt32(number)
        case is UInt16.Type: value = UInt16(number)
        case is UInt8.Type: value = UInt8(number)
        case is Double.Type: value = Double(number)
        case is Float.Type: value = Float(number)
        case is Bool.Type: value = one
        case is Date.Type: value = Date(timeIntervalSince1970: Double(number))
        case is UUID.Type: value = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, UInt8(number)))
        case is Data.Type: value = Data(one ? [1] : [])
        case is [UInt8].Type: value = one ? [UInt8(1)] : [UInt8]()
        case is URL.Type: value = URL(string: one ? "slate:1" : "slate:0")
        case is Decimal.Type: value = Decimal(number)
        default: value = nil
        }
        return value as? T
    }
}

/// The decoder of samples.
struct SQLProbeDecoder: Decoder {
    let probe: SQLProbe
    /// For values nested in a property: whether to decode the "one" sample.
    let one: Bool
    /// Whether this decodes the record itself, whose keys are the columns.
    let isRecord: Bool

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(SQLProbeKeyedContainer<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        SQLProbeUnkeyedContainer()
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SQLProbeSingleValueContainer(decoder: self)
    }
}

struct SQLProbeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: SQLProbeDecoder

    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { [] }

    func contains(_ key: Key) -> Bool { true }

    /// Whether `key` gets the "one" sample.
    private func isOne(_ key: Key) -> Bool {
        decoder.isRecord ? key.stringValue == decoder.probe.changedKey : decoder.one
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        // Optional properties are nil in the zero sample and present in the one sample.
        !isOne(key)
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        if decoder.isRecord { decoder.probe.note(key.stringValue, T.self) }
        return try decoder.probe.sample(T.self, one: isOne(key))
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try sampleIfPresent(type, key)
    }

    private func sampleIfPresent<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T? {
        if decoder.isRecord { decoder.probe.note(key.stringValue, T.self) }
        return isOne(key) ? try decoder.probe.sample(T.self, one: true) : nil
    }

    // Optional properties of the standard types come through these.
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try sampleIfPresent(type, key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try sampleIfPresent(type, key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try sampleIfPresent(type, key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try sampleIfPresent(type, key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try sampleIfPresent(type, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try sampleIfPresent(type, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try sampleIfPresent(type, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try sampleIfPresent(type, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try sampleIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try sampleIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try sampleIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try sampleIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try sampleIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try sampleIfPresent(type, key) }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        KeyedDecodingContainer(
            SQLProbeKeyedContainer<NestedKey>(
                decoder: SQLProbeDecoder(probe: decoder.probe, one: isOne(key), isRecord: false)))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        SQLProbeUnkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        SQLProbeDecoder(probe: decoder.probe, one: decoder.one, isRecord: decoder.isRecord)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        SQLProbeDecoder(probe: decoder.probe, one: isOne(key), isRecord: false)
    }
}

/// Collections sample as empty.
struct SQLProbeUnkeyedContainer: UnkeyedDecodingContainer {
    var codingPath: [any CodingKey] { [] }
    var count: Int? { 0 }
    var isAtEnd: Bool { true }
    var currentIndex: Int { 0 }

    mutating func decodeNil() throws -> Bool { true }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        throw DecodingError.valueNotFound(
            T.self, .init(codingPath: [], debugDescription: "a sample collection is empty"))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        throw DecodingError.valueNotFound(
            NestedKey.self, .init(codingPath: [], debugDescription: "a sample collection is empty"))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { self }

    mutating func superDecoder() throws -> any Decoder {
        throw DecodingError.valueNotFound(
            Decoder.self, .init(codingPath: [], debugDescription: "a sample collection is empty"))
    }
}

struct SQLProbeSingleValueContainer: SingleValueDecodingContainer {
    let decoder: SQLProbeDecoder

    var codingPath: [any CodingKey] { [] }

    func decodeNil() -> Bool { false }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decoder.probe.sample(T.self, one: decoder.one)
    }
}
