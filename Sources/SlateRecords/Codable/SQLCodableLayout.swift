import Slate

/// What Slate knows of one ``SQLCodableRecord`` type: its columns, from decoding samples
/// of it once per process, and which column each key path reads.
final class SQLCodableLayout<Record: SQLCodableRecord>: @unchecked Sendable {
    /// The coding keys, which are the column names, in decoding order.
    let keys: [String]
    /// The position of each key.
    let keyIndex: [String: Int]
    /// The quoted column names.
    let quotedNames: [String]
    /// The quoted table name.
    let quotedTable: String
    /// Why the type cannot be used, when it cannot.
    let failure: SQLError?
    /// The zero sample, and one sample per key with that key's value changed.
    private let samples: (zero: Record, changed: [Record])?
    private let keyTypes: [String: Any.Type]
    private let lock = ConditionLock()
    private var keyPaths: [AnyKeyPath: Int] = [:]

    private init() {
        quotedTable = SQLText.quotedIdentifier(Record.tableName)
        let probe = SQLProbe()
        do {
            let zero = try Record(from: SQLProbeDecoder(probe: probe, one: false, isRecord: true))
            var changed: [Record] = []
            for key in probe.keys {
                probe.changedKey = key
                changed.append(try Record(from: SQLProbeDecoder(probe: probe, one: false, isRecord: true)))
            }
            samples = (zero, changed)
            failure = probe.keys.contains(Record.primaryKey) ? nil : SQLError(
                code: .misuse,
                message: "\(Record.self).primaryKey is \"\(Record.primaryKey)\", which is not one of its coding keys (\(probe.keys.joined(separator: ", ")))")
        } catch {
            samples = nil
            let property = probe.keys.last.map { "\(Record.self).\($0)" } ?? "\(Record.self)"
            failure = SQLError(
                code: .misuse,
                message: "Slate cannot learn the columns of \(Record.self) for table \"\(Record.tableName)\": decoding a sample of \(property) failed (\(error)); a property whose type is an enum needs CaseIterable")
        }
        keys = probe.keys
        keyTypes = probe.keyTypes
        keyIndex = Dictionary(uniqueKeysWithValues: probe.keys.enumerated().map { ($1, $0) })
        quotedNames = probe.keys.map(SQLText.quotedIdentifier)
    }

    /// The layout of `Record`, learned the first time it is asked for.
    static var shared: SQLCodableLayout {
        let id = ObjectIdentifier(Record.self)
        registryLock.lock()
        defer { registryLock.unlock() }
        if let layout = registry[id] { return unsafeDowncast(layout, to: SQLCodableLayout.self) }
        let layout = SQLCodableLayout()
        registry[id] = layout
        return layout
    }

    /// The position of the column `keyPath` reads, or an error saying why there is none.
    func column<Value: SQLBindable>(_ keyPath: KeyPath<Record, Value>) -> Result<Int, SQLError> {
        lock.lock()
        let known = keyPaths[keyPath]
        lock.unlock()
        if let known { return .success(known) }
        if let failure { return .failure(failure) }
        guard MemoryLayout<Record>.offset(of: keyPath) != nil else {
            return .failure(SQLError(
                code: .misuse,
                message: "a key path to a computed property of \(Record.self) (\(Value.self)) has no column in table \"\(Record.tableName)\""))
        }
        guard let samples else { return .failure(SQLError(code: .misuse, message: "\(Record.self) has no samples")) }
        let zero = samples.zero[keyPath: keyPath].sqlValue
        let reading = samples.changed.indices.filter { samples.changed[$0][keyPath: keyPath].sqlValue != zero }
        let wrapped = (Value.self as? any SQLOptionalWrapping.Type)?.wrapped ?? Value.self
        guard reading.count == 1, let type = keyTypes[keys[reading[0]]], type == wrapped else {
            return .failure(SQLError(
                code: .misuse,
                message: "\(keyPath) is not a stored property of \(Record.self) with a column of its own in table \"\(Record.tableName)\""))
        }
        lock.lock()
        keyPaths[keyPath] = reading[0]
        lock.unlock()
        return .success(reading[0])
    }

}

/// The layouts learned so far, by record type.
private let registryLock = ConditionLock()
nonisolated(unsafe) private var registry: [ObjectIdentifier: AnyObject] = [:]

/// `Optional`, for the type it wraps.
protocol SQLOptionalWrapping {
    static var wrapped: Any.Type { get }
}

extension Optional: SQLOptionalWrapping {
    static var wrapped: Any.Type { Wrapped.self }
}
