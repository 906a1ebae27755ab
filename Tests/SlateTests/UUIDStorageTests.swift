import Foundation
import Slate
import SlateTestSupport
import Testing

/// `SQLUUID.Storage`: each form a UUID is stored in, what SQLite holds for it, and that a
/// column of one storage reads its own form only. `SQLBoolean.Storage`'s stored values.
@Suite struct UUIDStorageTests {
    /// The GUID Windows shows as `00112233-4455-6677-8899-AABBCCDDEEFF`.
    private let uuid = UUID(uuidString: "00112233-4455-6677-8899-AABBCCDDEEFF")!
    /// The same bytes read in the other byte order.
    private let swapped = UUID(uuidString: "33221100-5544-7766-8899-AABBCCDDEEFF")!

    @Test func eachStorageBindsItsOwnForm() throws {
        let ctx = try SQLContext()
        defer { ctx.close() }
        let expected: [SQLUUID.Storage: SQLValue] = [
            .text: "'00112233-4455-6677-8899-aabbccddeeff'",
            .uppercaseText: "'00112233-4455-6677-8899-AABBCCDDEEFF'",
            .blob: "X'00112233445566778899AABBCCDDEEFF'",
            // Microsoft's GUID struct: Data1, Data2 and Data3 little-endian.
            .guidBlob: "X'33221100554477668899AABBCCDDEEFF'",
        ]
        for storage in SQLUUID.Storage.allCases {
            let statement = try ctx.prepare(sql: "SELECT quote(?)")
            defer { statement.close() }
            try statement.bind(uuid, at: 1, as: storage)
            #expect(try statement.next())
            #expect(try statement.value(at: 0) == expected[storage], "\(storage)")
            #expect(.text(SQLUUID.storedValue(uuid, as: storage).sqlLiteral) == expected[storage], "\(storage)")
        }
        #expect(
            SQLUUID.guidBytes(from: uuid) == [
                0x33, 0x22, 0x11, 0x00, 0x55, 0x44, 0x77, 0x66, 0x88, 0x99, 0xAA, 0xBB, 0xCC, 0xDD, 0xEE, 0xFF,
            ])
        #expect(SQLUUID.guidBytes(from: uuid).withUnsafeBytes { SQLUUID.uuid(fromGUIDBytes: $0) } == uuid)
    }

    /// A column of one storage reads its own form and nothing else: every other form of
    /// the same UUID reads as nil, so that no UUID is read that would bind back as another
    /// value than the row's.
    @Test func eachStorageReadsOnlyItsOwnForm() throws {
        let ctx = try SQLContext()
        defer { ctx.close() }
        let forms = [
            "'00112233-4455-6677-8899-aabbccddeeff'", "'00112233-4455-6677-8899-AABBCCDDEEFF'",
            "X'00112233445566778899AABBCCDDEEFF'", "X'33221100554477668899AABBCCDDEEFF'",
            "'00112233-4455-6677-8899-AaBbCcDdEeFf'", "X'0011'", "NULL", "42",
        ]
        let readers: [SQLUUID.Storage: Int] = [.text: 0, .uppercaseText: 1, .blob: 2, .guidBlob: 3]
        for (index, form) in forms.enumerated() {
            let statement = try ctx.prepare(sql: "SELECT \(form)")
            defer { statement.close() }
            #expect(try statement.next())
            let handle = try #require(statement.handle)
            for (storage, own) in readers {
                let read = SQLUUID.uuid(sqliteStatement: handle, column: 0, storage: storage)
                if index == own {
                    #expect(read == uuid, "\(form) as \(storage)")
                } else if [2, 3].contains(index), [2, 3].contains(own) {
                    // Sixteen bytes are a UUID in either byte order: the storage says which
                    // one they mean, and that one binds back as the same bytes.
                    #expect(read == swapped, "\(form) as \(storage)")
                    #expect(
                        read.map { SQLUUID.storedValue($0, as: storage) }
                            == .blob(index == 2 ? SQLUUID.bytes(from: uuid) : SQLUUID.guidBytes(from: uuid)))
                } else {
                    #expect(read == nil, "\(form) as \(storage)")
                }
            }
            // The dynamic reader still takes text in either case and 16 bytes in RFC 4122 order.
            #expect(
                SQLUUID.uuid(sqliteStatement: handle, column: 0)
                    == ([0, 1, 2, 4].contains(index) ? uuid : index == 3 ? swapped : nil), "\(form)")
        }
        // Digits alone are the same text in either case.
        let digits = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!
        #expect(SQLUUID.uuid(fromText: "00000000-0000-0000-0000-000000000001", letters: .uppercase) == digits)
        #expect(SQLUUID.uuid(fromText: "00000000-0000-0000-0000-000000000001", letters: .lowercase) == digits)
        #expect(SQLUUID.text(from: uuid) == "00112233-4455-6677-8899-aabbccddeeff")
        #expect(SQLUUID.uppercaseText(from: uuid) == "00112233-4455-6677-8899-AABBCCDDEEFF")
    }

    @Test func booleansAsIntegersOrTexts() {
        #expect(SQLBoolean.storedValue(true, as: .integer) == .integer(1))
        #expect(SQLBoolean.storedValue(false, as: .integer) == .integer(0))
        let text = SQLBoolean.Storage.text(true: "TRUE", false: "FALSE")
        #expect(SQLBoolean.storedValue(true, as: text) == .text("TRUE"))
        #expect(SQLBoolean.storedValue(false, as: text) == .text("FALSE"))
        #expect(text.summary == "'TRUE' or 'FALSE'")
        #expect(SQLBoolean.Storage.text(true: "it's", false: "no").summary == "'it''s' or 'no'")
    }
}
