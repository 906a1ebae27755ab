import Slate

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
    /// `SELECT` every column `FROM` the table.
    let select: String
    /// One statement slot per ``SQLCodableStatement``: the type's statements on each context.
    let slots = SQLCodableStatement.allCases.map { _ in SQLStatementSlot() }
    /// Why the type cannot be used, when it cannot.
    let failure: SQLError?
    /// The zero sample, and one sample per key with that key's value changed.
    private let samples: (zero: Record, changed: [Record])?
    private let keyTypes: [String: Any.Type]
    /// The columns of the key paths asked for so far.
    private let keyPaths = LockedBox<[AnyKeyPath: Int]>([:])

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
            let missing = Record.primaryKeys.filter { !probe.keys.contains($0) }
            failure =
                missing.isEmpty && !Record.primaryKeys.isEmpty
                ? nil
                : SQLError(
                    code: .misuse,
                    message:
                        "\(Record.self)'s primary key \(Record.primaryKeys.map { "\"\($0)\"" }.joined(separator: ", ")) is not among its coding keys (\(probe.keys.joined(separator: ", ")))"
                )
        } catch {
            samples = nil
            let property = probe.keys.last.map { "\(Record.self).\($0)" } ?? "\(Record.self)"
            failure = SQLError(
                code: .misuse,
                message:
                    "Slate cannot learn the columns of \(Record.self) for table \"\(Record.tableName)\": decoding a sample of \(property) failed (\(error)); a property whose type is an enum needs CaseIterable"
            )
        }
        keys = probe.keys
        keyTypes = probe.keyTypes
        rowIDOffset = samples.flatMap {
            Self.rowIDOffset(probe.keyTypes[Record.primaryKey], $0.zero, $0.changed, probe.keys)
        }
        keyIndex = Dictionary(uniqueKeysWithValues: probe.keys.enumerated().map { ($1, $0) })
        quotedNames = probe.keys.map(SQLText.quotedIdentifier)
        select = "SELECT " + quotedNames.joined(separator: ", ") + " FROM " + quotedTable
    }

    /// The keys whose properties are `Decimal`s (stored as exact text).
    var decimalKeys: [String] {
        keys.filter { keyTypes[$0].map { ObjectIdentifier($0) == ObjectIdentifier(Decimal.self) } ?? false }
    }

    /// The SQL of the statement `kind`.
    func sql(_ kind: SQLCodableStatement) -> String {
        let keys = Record.primaryKeys.map(SQLText.quotedIdentifier)
        let match = keys.enumerated().map { "\($0.element) = ?\($0.offset + 1)" }.joined(separator: " AND ")
        // OR ABORT overrides a constraint's own ON CONFLICT REPLACE or IGNORE: an insert
        // never deletes another row, nor skips its own in silence.
        let insert =
            "INSERT OR ABORT INTO \(quotedTable) (" + quotedNames.joined(separator: ", ") + ") VALUES ("
            + quotedNames.indices.map { "?\($0 + 1)" }.joined(separator: ", ") + ")"
        switch kind {
        case .find: return select + " WHERE " + match
        case .findByRowID: return select + " WHERE rowid = ?"
        case .delete: return "DELETE FROM \(quotedTable) WHERE " + match
        case .insert: return insert
        case .save:
            var sql = insert + " ON CONFLICT (" + keys.joined(separator: ", ") + ") DO "
            let others = quotedNames.filter { !keys.contains($0) }
            // Every column a key: the key set to itself, so that an existing row counts as
            // saved (`DO NOTHING` would change nothing, as an ignored insert does).
            let assigned = others.isEmpty ? keys : others
            sql += "UPDATE SET " + assigned.map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
            return sql
        }
    }

    /// Where an optional integer primary key is stored in a record, for setting the rowid
    /// SQLite assigned without reading the row back; nil when it is not one, or when the
    /// offset could not be verified.
    private let rowIDOffset: Int?

    /// Sets `record`'s primary key to `rowID`; false when the layout cannot set it.
    /// (Not a function returning `Record?`: code generic over `Record` would look up the
    /// optional's type in the runtime on every call.)
    func setRowID(_ rowID: Int64, in record: inout Record) -> Bool {
        guard let offset = rowIDOffset else { return false }
        Self.store(rowID, at: offset, in: &record)
        return true
    }

    /// An `Int?` or `Int64?` is 8 payload bytes and a tag byte that is 0 for a value
    /// (Swift's stable layout for an optional of a type without spare bits).
    private static func store(_ rowID: Int64, at offset: Int, in record: inout Record) {
        withUnsafeMutableBytes(of: &record) { bytes in
            bytes.storeBytes(of: rowID, toByteOffset: offset, as: Int64.self)
            bytes[offset + 8] = 0
        }
    }

    /// The offset of the primary key's payload: the one 8-byte word that is 0 in the zero
    /// sample and 1 in the sample with the key changed. Verified by setting it in a copy of
    /// the zero sample and encoding that: the key must read back, and nothing else change.
    private static func rowIDOffset(_ type: Any.Type?, _ zero: Record, _ changed: [Record], _ keys: [String]) -> Int? {
        guard Record.primaryKeys.count == 1, let type, type == Int.self || type == Int64.self,
            MemoryLayout<Int?>.size == 9,
            let keyPosition = keys.firstIndex(of: Record.primaryKey)
        else { return nil }
        let one = changed[keyPosition]
        let size = MemoryLayout<Record>.size
        var candidates: [Int] = []
        withUnsafeBytes(of: zero) { zeroBytes in
            withUnsafeBytes(of: one) { oneBytes in
                for offset in stride(from: 0, through: size - 9, by: 8)
                where zeroBytes.loadUnaligned(fromByteOffset: offset, as: Int64.self) == 0
                    && oneBytes.loadUnaligned(fromByteOffset: offset, as: Int64.self) == 1
                    && zeroBytes[offset + 8] == 1 && oneBytes[offset + 8] == 0
                {
                    candidates.append(offset)
                }
            }
        }
        guard candidates.count == 1, let offset = candidates.first else { return nil }
        var probe = zero
        store(0x5EED_0000_1234, at: offset, in: &probe)
        guard let before = try? SQLKeyCapture.values(of: zero), let after = try? SQLKeyCapture.values(of: probe) else {
            return nil
        }
        var expected = before
        expected[Record.primaryKey] = .integer(0x5EED_0000_1234)
        return after == expected ? offset : nil
    }

    /// The layout of `Record`, learned the first time it is asked for.
    static var shared: SQLCodableLayout {
        let id = ObjectIdentifier(Record.self)
        return registry.withLock { registry in
            if let layout = registry[id] { return unsafeDowncast(layout, to: SQLCodableLayout.self) }
            let layout = SQLCodableLayout()
            registry[id] = layout
            return layout
        }
    }

    /// The position of the column `keyPath` reads, or an error saying why there is none.
    func column<Value: SQLBindable>(_ keyPath: KeyPath<Record, Value>) -> Result<Int, SQLError> {
        if let known = keyPaths.withLock({ $0[keyPath] }) { return .success(known) }
        if let failure { return .failure(failure) }
        guard MemoryLayout<Record>.offset(of: keyPath) != nil else {
            return .failure(
                SQLError(
                    code: .misuse,
                    message:
                        "a key path to a computed property of \(Record.self) (\(Value.self)) has no column in table \"\(Record.tableName)\""
                ))
        }
        guard let samples else { return .failure(SQLError(code: .misuse, message: "\(Record.self) has no samples")) }
        let zero = samples.zero[keyPath: keyPath].sqlValue
        let reading = samples.changed.indices.filter { samples.changed[$0][keyPath: keyPath].sqlValue != zero }
        let wrapped = (Value.self as? any SQLOptionalWrapping.Type)?.wrapped ?? Value.self
        guard reading.count == 1, let type = keyTypes[keys[reading[0]]], type == wrapped else {
            return .failure(
                SQLError(
                    code: .misuse,
                    message:
                        "\(keyPath) is not a stored property of \(Record.self) with a column of its own in table \"\(Record.tableName)\""
                ))
        }
        keyPaths.withLock { $0[keyPath] = reading[0] }
        return .success(reading[0])
    }

}

/// The layouts learned so far, by record type.
private let registry = LockedBox<[ObjectIdentifier: AnyObject]>([:])

/// `Optional`, for the type it wraps.
protocol SQLOptionalWrapping {
    static var wrapped: Any.Type { get }
}

extension Optional: SQLOptionalWrapping {
    static var wrapped: Any.Type { Wrapped.self }
}
