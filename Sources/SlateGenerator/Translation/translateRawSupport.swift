extension Translator {
    /// Raw mode's own copy of the helpers generated code calls (`SQLRecordCoding`), so
    /// that the file needs nothing but the SQLite C module. It mirrors SlateRecords'
    /// `SQLRecordCoding` name for name, so generated bodies read the same in both modes;
    /// errors are the database type's `SQLError`.
    func translateRawSupport() -> [Declaration] {
        let source = RawSupportTemplate.source.replacingOccurrences(of: "__DATABASE__", with: model.typeName)
        return [
            .mark("Support"),
            .verbatim(
                docs: docs(["Reading, binding and running statements with the SQLite C API, for this file's raw mode."]
                ),
                lines: source.split(separator: "\n", omittingEmptySubsequences: false).map {
                    $0.isEmpty ? .blank : .line(String($0))
                }),
        ]
    }
}

/// The source of raw mode's helpers: the part only raw mode has (this file's error type,
/// binding without Slate's shim, opening and walking a raw handle), written here, and the
/// part SlateRecords and Slate have too, copied from their sources
/// (RawTemplateShared.generated.swift, made by Scripts/generate-raw-template.sh; a test
/// fails when it is stale). The compile-and-run tests run the same checks against both
/// modes.
enum RawSupportTemplate {
    static let source =
        handWritten
        .replacingOccurrences(of: "__SHARED_RECORD_CODING__\n", with: sharedRecordCoding + "\n")
        .replacingOccurrences(of: "__SHARED_DATE__\n", with: sharedDate + "\n")

    static let handWritten = #"""
        fileprivate enum SQLRecordCoding {
            enum UUIDStorage {
                case text, uppercaseText, blob, guidBlob
                var summary: String {
                    switch self {
                    case .text: return "lower-case 8-4-4-4-12 text"
                    case .uppercaseText: return "upper-case 8-4-4-4-12 text"
                    case .blob: return "16 bytes in RFC 4122 order"
                    case .guidBlob: return "16 bytes in Microsoft's GUID order"
                    }
                }
            }
            enum BooleanStorage {
                case integer
                case text(true: String, false: String)
                var summary: String {
                    switch self {
                    case .integer: return "1 or 0"
                    case .text(let yes, let no): return "'\(yes.replacingOccurrences(of: "'", with: "''"))' or '\(no.replacingOccurrences(of: "'", with: "''"))'"
                    }
                }
            }

            typealias Failure = __DATABASE__.SQLError

            static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

            // MARK: Reading
            //
            // Values are read exactly or not at all: text in an INTEGER column, 2.5 as an Int,
            // NULL for a property that is not optional all throw, naming table and column.

            static func int(_ statement: OpaquePointer, _ index: Int32, _ column: StaticString) throws -> Int {
                // The common case first, whatever the optimizer decides about `intOrNil`.
                let value = sqlite3_column_value(statement, index)
                if sqlite3_value_type(value) == SQLITE_INTEGER { return Int(sqlite3_value_int64(value)) }
                guard let exact = try intOrNil(statement, index, column) else { throw mismatch(statement, index, column, "Int") }
                return exact
            }

            static func intOrNil(_ statement: OpaquePointer, _ index: Int32, _ column: StaticString) throws -> Int? {
                let value = sqlite3_column_value(statement, index)
                switch sqlite3_value_type(value) {
                case SQLITE_INTEGER: return Int(sqlite3_value_int64(value))
                case SQLITE_NULL: return nil
                case SQLITE_FLOAT: if let exact = Int(exactly: sqlite3_value_double(value)) { return exact }
                default: break
                }
                throw mismatch(statement, index, column, "Int")
            }

            static func double(_ statement: OpaquePointer, _ index: Int32, _ column: StaticString) throws -> Double {
                // The common case first, whatever the optimizer decides about `doubleOrNil`.
                let value = sqlite3_column_value(statement, index)
                if sqlite3_value_type(value) == SQLITE_FLOAT { return sqlite3_value_double(value) }
                guard let exact = try doubleOrNil(statement, index, column) else { throw mismatch(statement, index, column, "Double") }
                return exact
            }

            static func doubleOrNil(_ statement: OpaquePointer, _ index: Int32, _ column: StaticString) throws -> Double? {
                let value = sqlite3_column_value(statement, index)
                switch sqlite3_value_type(value) {
                case SQLITE_FLOAT: return sqlite3_value_double(value)
                case SQLITE_NULL: return nil
                case SQLITE_INTEGER: if let exact = Double(exactly: sqlite3_value_int64(value)) { return exact }
                default: break
                }
                throw mismatch(statement, index, column, "Double")
            }

            static func bool(_ statement: OpaquePointer, _ index: Int32, _ column: StaticString) throws -> Bool {
                // The common case first, whatever the optimizer decides about `boolOrNil`.
                let value = sqlite3_column_value(statement, index)
                if sqlite3_value_type(value) == SQLITE_INTEGER { return sqlite3_value_int64(value) != 0 }
                guard let exact = try boolOrNil(statement, index, column) else { throw mismatch(statement, index, column, "Bool") }
                return exact
            }

            static func boolOrNil(_ statement: OpaquePointer, _ index: Int32, _ column: StaticString) throws -> Bool? {
                let value = sqlite3_column_value(statement, index)
                switch sqlite3_value_type(value) {
                case SQLITE_INTEGER: return sqlite3_value_int64(value) != 0
                case SQLITE_NULL: return nil
                case SQLITE_FLOAT:
                    let number = sqlite3_value_double(value)
                    if number == 0 || number == 1 { return number == 1 }
                default: break
                }
                throw mismatch(statement, index, column, "Bool")
            }

            static func bool(_ statement: OpaquePointer, _ index: Int32, _ column: StaticString, _ storage: BooleanStorage) throws -> Bool {
                guard let value = try boolOrNil(statement, index, column, storage) else { throw mismatch(statement, index, column, "Bool") }
                return value
            }

            static func boolOrNil(_ statement: OpaquePointer, _ index: Int32, _ column: StaticString, _ storage: BooleanStorage) throws -> Bool? {
                guard case .text(let yes, let no) = storage else { return try boolOrNil(statement, index, column) }
                switch sqlite3_column_type(statement, index) {
                case SQLITE_NULL: return nil
                case SQLITE_TEXT:
                    let bytes = UnsafeBufferPointer(start: sqlite3_column_text(statement, index), count: Int(sqlite3_column_bytes(statement, index)))
                    if bytes.elementsEqual(yes.utf8) { return true }
                    if bytes.elementsEqual(no.utf8) { return false }
                default: break
                }
                throw decodingError(statement, column, "holds \(describe(statement, index)), which is not \(storage.summary), the column's booleans")
            }

            static func text(_ statement: OpaquePointer, _ index: Int32, _ column: StaticString) throws -> String {
                guard let text = try textOrNil(statement, index, column) else { throw mismatch(statement, index, column, "String") }
                return text
            }

            static func textOrNil(_ statement: OpaquePointer, _ index: Int32, _ column: StaticString) throws -> String? {
                switch sqlite3_column_type(statement, index) {
                case SQLITE_NULL: return nil
                case SQLITE_BLOB: throw mismatch(statement, index, column, "String")
                default:
                    guard let text = sqlite3_column_text(statement, index) else { return "" }
                    if let string = decodedUTF8(text, Int(sqlite3_column_bytes(statement, index))) { return string }
                    throw decodingError(statement, column, "holds text that is not valid UTF-8")
                }
            }

            static func bytes(_ statement: OpaquePointer, _ index: Int32, _ column: StaticString) throws -> [UInt8] {
                guard let bytes = try bytesOrNil(statement, index, column) else { throw mismatch(statement, index, column, "[UInt8]") }
                return bytes
            }

            static func bytesOrNil(_ statement: OpaquePointer, _ index: Int32, _ column: StaticString) throws -> [UInt8]? {
                switch sqlite3_column_type(statement, index) {
                case SQLITE_NULL: return nil
                case SQLITE_BLOB, SQLITE_TEXT:
                    guard let bytes = sqlite3_column_blob(statement, index) else { return [] }
                    return Array(UnsafeRawBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(statement, index))))
                default: throw mismatch(statement, index, column, "[UInt8]")
                }
            }

            /// The error for a date column's value that is no date, naming the column and the
            /// value (the library's `notADate`, with this file's error type).
            static func notADate(_ statement: OpaquePointer, _ index: Int32, _ column: StaticString, _ storage: SQLDate.Storage = .text) -> Failure {
                switch sqlite3_column_type(statement, index) {
                case SQLITE_TEXT:
                    return decodingError(statement, column, "holds \(describe(statement, index)), which is not a date")
                case SQLITE_INTEGER, SQLITE_FLOAT:
                    let number = sqlite3_column_double(statement, index)
                    return decodingError(statement, column, "holds \(describe(statement, index)), \(SQLDate.problem(reading: number, as: storage))")
                default:
                    return mismatch(statement, index, column, "Date")
                }
            }

            /// A UUID in `storage`'s form only: one in another form would not bind back as the
            /// value the row holds, and a key or a comparison would miss the row.
            static func uuid(_ statement: OpaquePointer, _ index: Int32, _ column: StaticString, _ storage: UUIDStorage = .text) throws -> UUID {
                switch (storage, sqlite3_column_type(statement, index)) {
                case (.text, SQLITE_TEXT), (.uppercaseText, SQLITE_TEXT):
                    if let text = try? self.text(statement, index, column), text == (storage == .text ? text.lowercased() : text.uppercased()),
                       let uuid = UUID(uuidString: text) {
                        return uuid
                    }
                case (.blob, SQLITE_BLOB), (.guidBlob, SQLITE_BLOB):
                    guard sqlite3_column_bytes(statement, index) == 16, let blob = sqlite3_column_blob(statement, index) else { break }
                    let b = UnsafeRawBufferPointer(start: blob, count: 16)
                    if storage == .guidBlob {
                        return UUID(uuid: (b[3], b[2], b[1], b[0], b[5], b[4], b[7], b[6], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]))
                    }
                    return UUID(uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]))
                default:
                    break
                }
                if sqlite3_column_type(statement, index) == SQLITE_NULL { throw mismatch(statement, index, column, "UUID") }
                throw decodingError(statement, column, "holds \(describe(statement, index)), which is not a UUID as the column stores them (\(storage.summary))")
            }

            static func url(_ statement: OpaquePointer, _ index: Int32, _ column: StaticString) throws -> URL {
                let string = try text(statement, index, column)
                if let url = URL(string: string) { return url }
                throw decodingError(statement, column, "holds \(describe(statement, index)), which is not a URL")
            }

            static func value(_ statement: OpaquePointer, _ index: Int32, _ column: StaticString) throws -> __DATABASE__.Value {
                switch sqlite3_column_type(statement, index) {
                case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, index))
                case SQLITE_FLOAT: return .float(sqlite3_column_double(statement, index))
                case SQLITE_TEXT: return .text(try text(statement, index, column))
                case SQLITE_BLOB: return .blob(try bytes(statement, index, column))
                default: return .null
                }
            }

            static func isNull(_ statement: OpaquePointer, _ index: Int32) -> Bool {
                sqlite3_column_type(statement, index) == SQLITE_NULL
            }

            // MARK: Binding

            static func bind(_ value: Int?, _ statement: OpaquePointer, _ index: Int32) throws {
                try check(value.map { sqlite3_bind_int64(statement, index, Int64($0)) } ?? sqlite3_bind_null(statement, index), statement)
            }

            static func bind(_ value: Double?, _ statement: OpaquePointer, _ index: Int32) throws {
                if let value, value.isNaN { throw nanError(statement, "parameter \(index)") }
                try check(value.map { sqlite3_bind_double(statement, index, $0) } ?? sqlite3_bind_null(statement, index), statement)
            }

            /// Binds a double; NaN, which SQLite would store as NULL, throws naming `column`.
            static func bind(_ value: Double?, _ statement: OpaquePointer, _ index: Int32, _ column: StaticString) throws {
                if let value, value.isNaN { throw nanError(statement, "column \(column)") }
                try check(value.map { sqlite3_bind_double(statement, index, $0) } ?? sqlite3_bind_null(statement, index), statement)
            }

            static func nanError(_ statement: OpaquePointer, _ target: String) -> Failure {
                Failure(code: SQLITE_MISMATCH, message: "cannot store NaN in \(target): SQLite would store it as NULL", sql: sqlite3_sql(statement).map { String(cString: $0) })
            }

            static func bind(_ value: Bool?, _ statement: OpaquePointer, _ index: Int32) throws {
                try check(value.map { sqlite3_bind_int64(statement, index, $0 ? 1 : 0) } ?? sqlite3_bind_null(statement, index), statement)
            }

            static func bind(_ value: String?, _ statement: OpaquePointer, _ index: Int32) throws {
                guard var value else { return try check(sqlite3_bind_null(statement, index), statement) }
                let code = value.withUTF8 { bytes -> Int32 in
                    guard let base = bytes.baseAddress, bytes.count > 0 else { return sqlite3_bind_text(statement, index, "", 0, transient) }
                    return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                        sqlite3_bind_text64(statement, index, $0, UInt64(bytes.count), transient, UInt8(SQLITE_UTF8))
                    }
                }
                try check(code, statement)
            }

            static func bind(_ value: [UInt8]?, _ statement: OpaquePointer, _ index: Int32) throws {
                guard let value else { return try check(sqlite3_bind_null(statement, index), statement) }
                let code = value.withUnsafeBytes { bytes -> Int32 in
                    guard let base = bytes.baseAddress, bytes.count > 0 else { return sqlite3_bind_zeroblob(statement, index, 0) }
                    return sqlite3_bind_blob64(statement, index, base, UInt64(bytes.count), transient)
                }
                try check(code, statement)
            }

            /// Binds a date as `storage` says; a date it cannot hold (a year outside 0000 to
            /// 9999, NaN) throws naming `column`, so that nothing is written that cannot be read
            /// back (the library binds `SQLDate.storedValue`, which throws its own error).
            static func bind(_ value: Date?, _ statement: OpaquePointer, _ index: Int32, _ storage: SQLDate.Storage, _ column: StaticString) throws {
                guard let value else { return try check(sqlite3_bind_null(statement, index), statement) }
                if let problem = SQLDate.problem(storing: value, as: storage) {
                    throw Failure(code: SQLITE_MISMATCH, message: "cannot store a date in column \(column): \(problem)", sql: sqlite3_sql(statement).map { String(cString: $0) })
                }
                let seconds = value.timeIntervalSince1970
                switch storage {
                case .text, .textSeconds, .iso8601, .iso8601Seconds: try bind(SQLDate.text(from: value, as: storage), statement, index)
                case .unixTime: try bind(seconds, statement, index)
                case .secondsSince2001: try bind(seconds - storage.epoch, statement, index)
                case .unixTimeInteger: try check(sqlite3_bind_int64(statement, index, Int64(seconds.rounded(.down))), statement)
                case .unixTimeMilliseconds: try check(sqlite3_bind_int64(statement, index, Int64((seconds * 1000).rounded())), statement)
                case .julianDay: try bind(SQLDate.julianDay(from: value), statement, index)
                }
            }

            static func bind(_ value: UUID?, _ statement: OpaquePointer, _ index: Int32, _ storage: UUIDStorage) throws {
                guard let value else { return try check(sqlite3_bind_null(statement, index), statement) }
                switch storage {
                case .text: try bind(value.uuidString.lowercased(), statement, index)
                case .uppercaseText: try bind(value.uuidString.uppercased(), statement, index)
                case .blob: try bind(withUnsafeBytes(of: value.uuid) { Array($0) }, statement, index)
                case .guidBlob:
                    let u = value.uuid
                    try bind([u.3, u.2, u.1, u.0, u.5, u.4, u.7, u.6, u.8, u.9, u.10, u.11, u.12, u.13, u.14, u.15], statement, index)
                }
            }

            static func bind(_ value: Bool?, _ statement: OpaquePointer, _ index: Int32, _ storage: BooleanStorage) throws {
                guard case .text(let yes, let no) = storage else { return try bind(value, statement, index) }
                try bind(value.map { $0 ? yes : no }, statement, index)
            }

            static func bind(_ value: URL?, _ statement: OpaquePointer, _ index: Int32) throws {
                try bind(value?.absoluteString, statement, index)
            }

            static func bind(_ value: __DATABASE__.Value, _ statement: OpaquePointer, _ index: Int32) throws {
                switch value {
                case .integer(let integer): try check(sqlite3_bind_int64(statement, index, integer), statement)
                case .float(let double): try bind(double, statement, index)
                case .text(let text): try bind(text, statement, index)
                case .blob(let bytes): try bind(bytes, statement, index)
                case .null: try check(sqlite3_bind_null(statement, index), statement)
                }
            }

            static func bind(_ value: __DATABASE__.Value, _ statement: OpaquePointer, _ index: Int32, _ column: StaticString) throws {
                if case .float(let double) = value, double.isNaN { throw nanError(statement, "column \(column)") }
                try bind(value, statement, index)
            }

            // MARK: Running

            static func open(_ path: String, flags: Int32, allowsDoubleQuotedStrings: Bool = false) throws -> OpaquePointer {
                var db: OpaquePointer?
                let code = sqlite3_open_v2(path, &db, flags | SQLITE_OPEN_NOMUTEX, nil)
                guard code == SQLITE_OK, let db else {
                    let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
                    if let db { sqlite3_close_v2(db) }
                    throw Failure(code: code, message: "cannot open database \(path): \(message)", sql: nil)
                }
                sqlite3_extended_result_codes(db, 1)
                #if canImport(SlateCSQLite)
                // As Slate's contexts: a double-quoted name that names no column is an error, not
                // a string (unless the schema relies on SQLite's legacy rule); no legacy ALTER
                // TABLE; no extension loading; no fts3_tokenizer() pointers. (`sqlite3_db_config`
                // is variadic: only Slate's shim makes it callable.)
                if sqlite3_libversion_number() >= 3_029_000 {
                    let doubleQuotedStrings: Int32 = allowsDoubleQuotedStrings ? 1 : 0
                    let settings = [
                        (SQLITE_DBCONFIG_DQS_DML, doubleQuotedStrings), (SQLITE_DBCONFIG_DQS_DDL, doubleQuotedStrings),
                        (SQLITE_DBCONFIG_LEGACY_ALTER_TABLE, 0), (SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0),
                        (SQLITE_DBCONFIG_ENABLE_FTS3_TOKENIZER, 0),
                    ]
                    for (setting, value) in settings {
                        var current: Int32 = -1
                        let code = slate_db_config_int(db, setting, value, &current)
                        guard code == SQLITE_OK, current == value else {
                            sqlite3_close_v2(db)
                            throw Failure(code: code == SQLITE_OK ? SQLITE_ERROR : code, message: "cannot open database \(path): sqlite3_db_config \(setting) could not be set to \(value)", sql: nil)
                        }
                    }
                }
                #endif
                // Foreign keys enforced, as on Slate's own connections: the same insert must
                // not succeed here and fail through the API.
                let enforced = sqlite3_exec(db, "PRAGMA foreign_keys = ON", nil, nil, nil)
                guard enforced == SQLITE_OK else {
                    sqlite3_close_v2(db)
                    throw Failure(code: enforced, message: "cannot open database \(path): foreign keys could not be turned on", sql: nil)
                }
                return db
            }

            /// The SQLite result code an error stands for.
            static func resultCode(of error: any Error) -> Int32 {
                (error as? Failure)?.code ?? SQLITE_ERROR
            }

            /// Creates the database and runs `sql` in one transaction, as `bootstrap(at:)` runs
            /// a generated database's scripts: foreign keys off around it, checked before it
            /// commits.
            static func create(_ path: String, sql: String, allowsDoubleQuotedStrings: Bool = false) throws -> OpaquePointer {
                let db = try open(path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, allowsDoubleQuotedStrings: allowsDoubleQuotedStrings)
                do {
                    try run(db, "PRAGMA foreign_keys = OFF")
                    try run(db, "BEGIN IMMEDIATE")
                    try run(db, sql)
                    let statement = try prepare(db, "PRAGMA foreign_key_check")
                    var tables: Set<String> = []
                    var count = 0
                    while sqlite3_step(statement) == SQLITE_ROW {
                        count += 1
                        if let table = sqlite3_column_text(statement, 0) { tables.insert(String(cString: table)) }
                    }
                    sqlite3_finalize(statement)
                    guard count == 0 else {
                        throw Failure(
                            code: 787,  // SQLITE_CONSTRAINT_FOREIGNKEY
                            message: "creating \(path) left \(count) row\(count == 1 ? "" : "s") referring to nothing (in \(tables.sorted().joined(separator: ", "))); it was rolled back",
                            sql: nil)
                    }
                    try run(db, "COMMIT")
                    try run(db, "PRAGMA foreign_keys = ON")
                } catch {
                    sqlite3_exec(db, "ROLLBACK", nil, nil, nil)
                    sqlite3_close_v2(db)
                    throw error
                }
                return db
            }

            static func run(_ db: OpaquePointer, _ sql: String) throws {
                var message: UnsafeMutablePointer<CChar>?
                let code = sqlite3_exec(db, sql, nil, nil, &message)
                guard code == SQLITE_OK else {
                    let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(db))
                    sqlite3_free(message)
                    throw Failure(code: sqlite3_extended_errcode(db), message: text, sql: sql)
                }
            }

            static func prepare(_ db: OpaquePointer, _ sql: String) throws -> OpaquePointer {
                var statement: OpaquePointer?
                let code = sqlite3_prepare_v2(db, sql, -1, &statement, nil)
                guard code == SQLITE_OK, let statement else {
                    // A write refused because a walk reads its table: say so, not "not authorized".
                    if code & 0xFF == SQLITE_AUTH, let walk = WalkGuard.running(on: db), let refusal = walk.refusal {
                        walk.refusal = nil
                        throw Failure(code: SQLITE_MISUSE, message: refusal, sql: sql)
                    }
                    throw Failure(code: sqlite3_extended_errcode(db), message: String(cString: sqlite3_errmsg(db)), sql: sql)
                }
                return statement
            }

            /// While a walk runs on a handle, an authorizer refuses statements that write a
            /// table the walk reads: SQLite does not define whether the walk would see the
            /// change, and a walk that inserts as it reads never ends. The handle's authorizer
            /// is installed for the walk's length and removed after it.
            final class WalkGuard {
                var isRecording = true
                var walked: Set<String> = []
                var refusal: String?

                private static let lock = NSLock()
                nonisolated(unsafe) private static var guards: [OpaquePointer: WalkGuard] = [:]

                static func running(on db: OpaquePointer) -> WalkGuard? {
                    lock.lock()
                    defer { lock.unlock() }
                    return guards[db]
                }

                private static func set(_ walk: WalkGuard?, on db: OpaquePointer) {
                    lock.lock()
                    guards[db] = walk
                    lock.unlock()
                }

                /// Records the tables `sql` reads.
                func record(_ db: OpaquePointer, _ sql: String) {
                    isRecording = true
                    var statement: OpaquePointer?
                    if sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK { sqlite3_finalize(statement) }
                    isRecording = false
                }

                static func walking<T>(_ db: OpaquePointer, _ sql: String, _ body: () throws -> T) throws -> T {
                    if let outer = running(on: db) {
                        let known = outer.walked
                        outer.record(db, sql)
                        let added = outer.walked.subtracting(known)
                        defer { outer.walked.subtract(added) }
                        return try body()
                    }
                    let walk = WalkGuard()
                    let box = Unmanaged.passRetained(walk)
                    defer { box.release() }
                    set(walk, on: db)
                    defer { set(nil, on: db) }
                    sqlite3_set_authorizer(db, { box, action, first, _, _, _ in
                        guard let box, let first else { return SQLITE_OK }
                        let walk = Unmanaged<WalkGuard>.fromOpaque(box).takeUnretainedValue()
                        let name = String(cString: first)
                        switch action {
                        case SQLITE_READ:
                            if walk.isRecording { walk.walked.insert(name) }
                        case SQLITE_INSERT, SQLITE_UPDATE, SQLITE_DELETE:
                            if !walk.isRecording, walk.walked.contains(name) {
                                walk.refusal = "cannot write to table \"\(name)\" while a walk reads it on this connection: SQLite does not define whether the walk would see the change (rows written ahead of it would be read again, and a walk that inserts as it reads would never end); note the changes during the walk and make them after it, or fetch the rows first"
                                return SQLITE_DENY
                            }
                        default:
                            break
                        }
                        return SQLITE_OK
                    }, box.toOpaque())
                    defer { sqlite3_set_authorizer(db, nil, nil) }
                    walk.record(db, sql)
                    return try body()
                }
            }

            static func forEach<Record>(
                _ db: OpaquePointer, _ sql: String,
                bind: (OpaquePointer) throws -> Void = { _ in },
                decode: (OpaquePointer) throws -> Record,
                body: (Record) throws -> Bool
            ) throws {
                try WalkGuard.walking(db, sql) {
                    let statement = try prepare(db, sql)
                    defer { sqlite3_finalize(statement) }
                    try bind(statement)
                    while try step(statement) {
                        guard try body(try decode(statement)) else { return }
                    }
                }
            }

            static func insert<Record>(
                _ db: OpaquePointer, sql: String, returning: String?, selectByRowID: String?,
                bind: (OpaquePointer) throws -> Void, decode: (OpaquePointer) throws -> Record,
                readBack: (() throws -> Record?)? = nil, stored: ((Int64) -> Record)? = nil,
                asBound: ((Int64) -> Record)? = nil
            ) throws -> Record {
                if let stored {
                    guard try execute(db, sql, bind: bind) > 0 else { throw Failure(code: SQLITE_CONSTRAINT, message: "the row was not inserted: a conflict clause or a trigger ignored it", sql: sql) }
                    return stored(sqlite3_last_insert_rowid(db))
                }
                if let returning, supportsReturning {
                    let statement = try prepare(db, returning)
                    defer { sqlite3_finalize(statement) }
                    try bind(statement)
                    guard try step(statement) else { throw Failure(code: SQLITE_CONSTRAINT, message: "the row was not inserted: a conflict clause or a trigger ignored it", sql: returning) }
                    let record = try decode(statement)
                    while try step(statement) {}
                    return record
                }
                guard try execute(db, sql, bind: bind) > 0 else { throw Failure(code: SQLITE_CONSTRAINT, message: "the row was not inserted: a conflict clause or a trigger ignored it", sql: sql) }
                if let selectByRowID {
                    let rowID = sqlite3_last_insert_rowid(db)
                    if let record = try fetch(db, selectByRowID, bind: { try check(sqlite3_bind_int64($0, 1, rowID), $0) }, decode: decode).first {
                        return record
                    }
                } else if let record = try readBack?() {
                    return record
                }
                // Stored, but not to be read back (an external-content FTS table): as bound.
                if let asBound { return asBound(sqlite3_last_insert_rowid(db)) }
                throw Failure(code: SQLITE_ERROR, message: "the inserted row could not be read back", sql: sql)
            }

            /// Upserts a row and returns it as stored: from `asBound`, `returning`'s row or `find`.
            static func save<Record>(
                _ db: OpaquePointer, sql: String?, returning: String?, bind: (OpaquePointer) throws -> Void,
                decode: (OpaquePointer) throws -> Record, find: () throws -> Record?, asBound: (() -> Record)?, keyOnly: Bool
            ) throws -> Record {
                guard let sql else { throw Failure(code: SQLITE_MISUSE, message: "a virtual table cannot be saved: SQLite cannot upsert it", sql: nil) }
                if asBound == nil, let returning, supportsReturning {
                    let statement = try prepare(db, returning)
                    defer { sqlite3_finalize(statement) }
                    try bind(statement)
                    if try step(statement) {
                        let record = try decode(statement)
                        while try step(statement) {}
                        return record
                    }
                } else if try execute(db, sql, bind: bind) > 0 {
                    if let asBound { return asBound() }
                    if let record = try find() { return record }
                    throw Failure(code: SQLITE_ERROR, message: "the saved row could not be read back", sql: sql)
                }
                if keyOnly, let record = try find() { return record }
                throw Failure(code: SQLITE_CONSTRAINT, message: "the row was not saved: a trigger ignored it", sql: sql)
            }

            // MARK: Errors and text

            static func error(_ statement: OpaquePointer) -> Failure {
                let db = sqlite3_db_handle(statement)
                return Failure(
                    code: db.map { sqlite3_extended_errcode($0) } ?? SQLITE_ERROR,
                    message: db.map { String(cString: sqlite3_errmsg($0)) } ?? "unknown error",
                    sql: sqlite3_sql(statement).map { String(cString: $0) })
            }

            static func requireInserted(_ unsaved: Bool, _ table: StaticString, _ operation: StaticString) throws {
                if unsaved {
                    throw Failure(code: SQLITE_MISUSE, message: "cannot \(operation) a \(table) record that was never inserted: its rowid key is Int.min, the default of a record SQLite has not assigned one to; keep the record insert returns", sql: nil)
                }
            }

            static func decodingError(_ statement: OpaquePointer, _ column: StaticString, _ problem: String) -> Failure {
                Failure(code: SQLITE_MISMATCH, message: "column \(column) \(problem)", sql: sqlite3_sql(statement).map { String(cString: $0) })
            }

            /// The error for a value `type` cannot hold exactly, naming the column and the value.
            static func mismatch(_ statement: OpaquePointer, _ index: Int32, _ column: StaticString, _ type: String) -> Failure {
                if sqlite3_column_type(statement, index) == SQLITE_NULL {
                    return decodingError(statement, column, "holds NULL, and its property (\(type)) is not optional")
                }
                return decodingError(statement, column, "holds \(describe(statement, index)), which \(type) cannot hold exactly")
            }

            /// What column `index` holds, for errors: `TEXT '12 years'`, `REAL 2.5`, `a BLOB of 3 bytes`.
            static func describe(_ statement: OpaquePointer, _ index: Int32) -> String {
                switch sqlite3_column_type(statement, index) {
                case SQLITE_INTEGER: return "INTEGER \(sqlite3_column_int64(statement, index))"
                case SQLITE_FLOAT: return "REAL \(sqlite3_column_double(statement, index))"
                case SQLITE_TEXT:
                    let count = Int(sqlite3_column_bytes(statement, index))
                    guard let text = sqlite3_column_text(statement, index) else { return "TEXT ''" }
                    var shown = String(decoding: UnsafeBufferPointer(start: text, count: min(count, 40)), as: UTF8.self)
                    if count > 40 { shown += "…" }
                    return "TEXT '" + shown.replacingOccurrences(of: "'", with: "''") + "'"
                case SQLITE_BLOB:
                    let count = Int(sqlite3_column_bytes(statement, index))
                    return "a BLOB of \(count) byte\(count == 1 ? "" : "s")"
                default: return "NULL"
                }
            }

            /// SQLite's NUL-terminated text of `count` bytes, or nil when it is not UTF-8.
            static func decodedUTF8(_ text: UnsafePointer<UInt8>, _ count: Int) -> String? {
                let fast = text.withMemoryRebound(to: CChar.self, capacity: count + 1) { String(validatingCString: $0) }
                if let fast, fast.utf8.count == count { return fast }
                let bytes = UnsafeBufferPointer(start: text, count: count)
                if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
                    return String(validating: bytes, as: UTF8.self)
                }
                let string = String(decoding: bytes, as: UTF8.self)
                return string.utf8.elementsEqual(bytes) ? string : nil
            }

            // MARK: Shared with the library

            // The helpers below are the Slate library's own, copied from the regions of
            // SQLRecordCoding.swift and SQLDate.swift marked `raw-template` by
            // Scripts/generate-raw-template.sh; they call this file's `Failure`, `describe`,
            // `decodingError` and `bind`s above.

        __SHARED_RECORD_CODING__

            /// Dates as SQLite's date and time functions read and write them: Slate's `SQLDate`.
            enum SQLDate {
        __SHARED_DATE__
            }
        }
        """#
}
