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
                docs: docs(["Reading, binding and running statements with the SQLite C API, for this file's raw mode."]),
                lines: source.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? .blank : .line(String($0)) }),
        ]
    }
}

/// The source of raw mode's helpers. Kept in step with SlateRecords' `SQLRecordCoding` by
/// the compile-and-run tests, which run the same checks against both.
enum RawSupportTemplate {
    static let source = #"""
    fileprivate enum SQLRecordCoding {
        /// How a date is stored: the storages `slate.json` names, case for case.
        enum DateStorage {
            case text, textSeconds, iso8601, iso8601Seconds
            case unixTime, unixTimeInteger, unixTimeMilliseconds, secondsSince2001, julianDay

            var isText: Bool { self == .text || self == .textSeconds || self == .iso8601 || self == .iso8601Seconds }

            /// Seconds since 1970 of a number in a column of this storage; a text storage
            /// reads it as SQLite's `'auto'` does (a Julian day up to 5373484.5).
            func seconds(_ number: Double) -> Double {
                switch self {
                case .unixTime, .unixTimeInteger: return number
                case .secondsSince2001: return number + 978_307_200
                case .unixTimeMilliseconds: return number / 1000
                case .julianDay: return ((number * 86_400_000).rounded() - 210_866_760_000_000) / 1000
                case .text, .textSeconds, .iso8601, .iso8601Seconds:
                    return number >= 0 && number < 5_373_484.5 ? ((number * 86_400_000).rounded() - 210_866_760_000_000) / 1000 : number
                }
            }

            /// What a number in such a column counts, for messages.
            var numberDescription: String {
                switch self {
                case .unixTime, .unixTimeInteger: return "seconds since 1970"
                case .unixTimeMilliseconds: return "milliseconds since 1970"
                case .secondsSince2001: return "seconds since 2001"
                case .julianDay: return "a Julian day"
                case .text, .textSeconds, .iso8601, .iso8601Seconds: return "a Julian day up to 5373484.5, else seconds since 1970 (SQLite's 'auto')"
                }
            }

            var name: String {
                switch self {
                case .text: return "text"
                case .textSeconds: return "textSeconds"
                case .iso8601: return "iso8601"
                case .iso8601Seconds: return "iso8601Seconds"
                case .unixTime: return "unixTime"
                case .unixTimeInteger: return "unixTimeInteger"
                case .unixTimeMilliseconds: return "unixTimeMilliseconds"
                case .secondsSince2001: return "secondsSince2001"
                case .julianDay: return "julianDay"
                }
            }
        }

        /// Dates are the years 0000 to 9999, in every storage.
        static func isReadable(_ seconds: Double) -> Bool { seconds >= -62_167_219_200 && seconds < 253_402_300_800 }
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
        static let supportsReturning = sqlite3_libversion_number() >= 3_035_000

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

        static func date(_ statement: OpaquePointer, _ index: Int32, _ column: StaticString, _ storage: DateStorage = .text) throws -> Date {
            guard let date = try dateOrNil(statement, index, column, storage) else { throw mismatch(statement, index, column, "Date") }
            return date
        }

        /// A date from text in SQLite's forms, or a number as `storage` counts; a number
        /// that reads as a year outside 0000 to 9999 throws, naming the column and the value.
        static func dateOrNil(
            _ statement: OpaquePointer, _ index: Int32, _ column: StaticString, _ storage: DateStorage = .text, invalidAsNil: Bool = false
        ) throws -> Date? {
            let number: Double
            switch sqlite3_column_type(statement, index) {
            case SQLITE_INTEGER:
                number = Double(sqlite3_column_int64(statement, index))
            case SQLITE_FLOAT:
                number = sqlite3_column_double(statement, index)
            case SQLITE_NULL:
                return nil
            case SQLITE_TEXT:
                guard let text = sqlite3_column_text(statement, index) else { return nil }
                let bytes = UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(statement, index)))
                if let seconds = DateText.parse(bytes) { return Date(timeIntervalSince1970: seconds) }
                // Text holding a number reads as the storage reads the number.
                if let value = DateText.number(bytes) {
                    number = value
                } else {
                    if invalidAsNil { return nil }
                    throw decodingError(statement, column, "holds \(describe(statement, index)), which is not a date")
                }
            default:
                throw mismatch(statement, index, column, "Date")
            }
            let seconds = storage.seconds(number)
            if isReadable(seconds) { return Date(timeIntervalSince1970: seconds) }
            let side = seconds < 0 ? "before the year 0000" : "after the year 9999"
            var hint = ""
            for other in [DateStorage.unixTime, .unixTimeMilliseconds, .secondsSince2001, .julianDay] where other.numberDescription != storage.numberDescription {
                let reading = other.seconds(number)
                if reading >= -2_208_988_800, reading < 7_258_118_400 {
                    hint = "; as \(other.numberDescription) (\(other.name)) it is \(DateText.format(reading, .text))"
                    break
                }
            }
            throw decodingError(
                statement, column,
                "holds \(describe(statement, index)), which as \(storage.numberDescription) (\(storage.name)) is \(side): no \(storage.name) date can be stored as it\(hint)")
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
        /// 9999, NaN) throws naming `column`, so that nothing is written that cannot be read back.
        static func bind(_ value: Date?, _ statement: OpaquePointer, _ index: Int32, _ storage: DateStorage, _ column: StaticString) throws {
            guard let value else { return try check(sqlite3_bind_null(statement, index), statement) }
            let seconds = value.timeIntervalSince1970
            var problem: String?
            if !seconds.isFinite {
                problem = "a date of \(seconds) seconds cannot be stored"
            } else {
                let written: Double
                switch storage {
                case .text, .iso8601, .unixTimeMilliseconds, .julianDay: written = (seconds * 1000).rounded() / 1000
                case .textSeconds, .iso8601Seconds, .unixTimeInteger: written = seconds.rounded(.down)
                case .unixTime, .secondsSince2001: written = seconds
                }
                if !(-62_167_219_200...253_402_300_799.999).contains(written) {
                    problem = "\(seconds) seconds since 1970 is outside the years 0000 to 9999 that \(storage.isText ? "date text holds" : "a date column holds")"
                }
            }
            if let problem {
                throw Failure(code: SQLITE_MISMATCH, message: "cannot store a date in column \(column): \(problem)", sql: sqlite3_sql(statement).map { String(cString: $0) })
            }
            switch storage {
            case .text, .textSeconds, .iso8601, .iso8601Seconds: try bind(DateText.format(seconds, storage), statement, index)
            case .unixTime: try bind(seconds, statement, index)
            case .secondsSince2001: try bind(seconds - 978_307_200, statement, index)
            case .unixTimeInteger: try check(sqlite3_bind_int64(statement, index, Int64(seconds.rounded(.down))), statement)
            case .unixTimeMilliseconds: try check(sqlite3_bind_int64(statement, index, Int64((seconds * 1000).rounded())), statement)
            case .julianDay: try bind(((seconds * 1000).rounded() + 210_866_760_000_000) / 86_400_000, statement, index)
            }
        }

        /// Binds a date for an update: the row's own value (column `currentIndex` of
        /// `current`) when it already reads as `value`, bytes and all; else `value` as
        /// `storage` says.
        static func bind(
            _ value: Date?, _ statement: OpaquePointer, _ index: Int32, _ storage: DateStorage, _ column: StaticString,
            keeping current: OpaquePointer?, _ currentIndex: Int32, invalidAsNil: Bool = false
        ) throws {
            if let current {
                let type = sqlite3_column_type(current, currentIndex)
                let stored = try? dateOrNil(current, currentIndex, column, storage, invalidAsNil: invalidAsNil)
                let same = value == nil ? type == SQLITE_NULL || (invalidAsNil && type == SQLITE_TEXT && stored == .some(nil)) : stored == value
                if same { return try check(sqlite3_bind_value(statement, index, sqlite3_column_value(current, currentIndex)), statement) }
            }
            try bind(value, statement, index, storage, column)
        }

        static func stored(_ date: Date, _ storage: DateStorage) -> Date {
            let seconds = date.timeIntervalSince1970
            switch storage {
            case .text, .textSeconds, .iso8601, .iso8601Seconds:
                var text = DateText.format(seconds, storage)
                return text.withUTF8 { DateText.parse($0) }.map { Date(timeIntervalSince1970: $0) } ?? date
            case .unixTime, .secondsSince2001: return date
            case .unixTimeInteger: return Date(timeIntervalSince1970: seconds.rounded(.down))
            case .unixTimeMilliseconds: return Date(timeIntervalSince1970: storage.seconds((seconds * 1000).rounded()))
            case .julianDay: return Date(timeIntervalSince1970: storage.seconds(((seconds * 1000).rounded() + 210_866_760_000_000) / 86_400_000))
            }
        }

        static func stored(_ date: Date?, _ storage: DateStorage) -> Date? {
            date.map { stored($0, storage) }
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

        static func step(_ statement: OpaquePointer) throws -> Bool {
            let code = sqlite3_step(statement)
            if code == SQLITE_ROW { return true }
            if code == SQLITE_DONE { return false }
            throw error(statement)
        }

        static func fetch<Record>(
            _ db: OpaquePointer, _ sql: String, limit: Int? = nil,
            bind: (OpaquePointer) throws -> Void = { _ in },
            decode: (OpaquePointer) throws -> Record,
            filter: ((Record) throws -> Bool)? = nil
        ) throws -> [Record] {
            let statement = try prepare(db, sql)
            defer { sqlite3_finalize(statement) }
            try bind(statement)
            var records: [Record] = []
            while try step(statement) {
                let record = try decode(statement)
                if try filter?(record) ?? true {
                    records.append(record)
                    if let limit, records.count >= limit { break }
                }
            }
            return records
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

        /// Runs the update `sql` with `bind`, which is handed the row as it is (`find`,
        /// bound by `bindKey`; nil when there is none) so that dates it already holds keep
        /// their bytes; returns the number of rows changed.
        @discardableResult
        static func update(
            _ db: OpaquePointer, _ sql: String, find: String, bindKey: (OpaquePointer) throws -> Void,
            bind: (OpaquePointer, OpaquePointer?) throws -> Void
        ) throws -> Int {
            let statement = try prepare(db, sql)
            defer { sqlite3_finalize(statement) }
            let current = try prepare(db, find)
            do {
                try bindKey(current)
                try bind(statement, try step(current) ? current : nil)
            } catch {
                sqlite3_finalize(current)
                throw error
            }
            sqlite3_finalize(current)
            while try step(statement) {}
            return Int(sqlite3_changes(db))
        }

        @discardableResult
        static func execute(_ db: OpaquePointer, _ sql: String, bind: (OpaquePointer) throws -> Void) throws -> Int {
            let statement = try prepare(db, sql)
            defer { sqlite3_finalize(statement) }
            try bind(statement)
            while try step(statement) {}
            return Int(sqlite3_changes(db))
        }

        static func sql(joining segments: [String], lists: [Int], from first: Int32) -> String {
            var sql = segments[0]
            var next = first
            for (position, count) in lists.enumerated() {
                for element in 0..<count {
                    if element > 0 { sql += ", " }
                    sql += "?" + String(next)
                    next += 1
                }
                if position + 1 < segments.count { sql += segments[position + 1] }
            }
            return sql
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

        /// The value of `key`; a value the decoder refuses without saying where (a JSON
        /// number out of range, a fraction read as an `Int`) throws naming `key`.
        static func decode<Value: Decodable, Key: CodingKey>(
            _ type: Value.Type, _ container: KeyedDecodingContainer<Key>, _ key: Key
        ) throws -> Value {
            do {
                return try container.decode(Value.self, forKey: key)
            } catch let error as DecodingError {
                throw error
            } catch {
                // JSONDecoder reports a number it cannot read as its own error, which it turns into
                // "not valid JSON" with no path once it reaches the top: name the key here.
                throw unreadable(Value.self, container, key, error)
            }
        }

        /// ``decode(_:_:_:)`` for an optional: nil when `key` is absent or null.
        static func decodeIfPresent<Value: Decodable, Key: CodingKey>(
            _ type: Value.Type, _ container: KeyedDecodingContainer<Key>, _ key: Key
        ) throws -> Value? {
            do {
                return try container.decodeIfPresent(Value.self, forKey: key)
            } catch let error as DecodingError {
                throw error
            } catch {
                // JSONDecoder reports a number it cannot read as its own error, which it turns into
                // "not valid JSON" with no path once it reaches the top: name the key here.
                throw unreadable(Value.self, container, key, error)
            }
        }

        /// A rowid key: `Int.min` (unassigned) when `key` is absent or null; `Int.min` given
        /// as the value throws naming `key` (the encoder never writes it).
        static func decodeRowID<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, _ key: Key) throws -> Int {
            guard let value = try decodeIfPresent(Int.self, container, key) else { return Int.min }
            if value == Int.min {
                throw DecodingError.dataCorrupted(DecodingError.Context(
                    codingPath: container.codingPath + [key],
                    debugDescription: "\(key.stringValue) is \(Int.min), the value that marks a key SQLite has not assigned yet: leave \(key.stringValue) out (or null) to have one assigned"))
            }
            return value
        }

        static func unreadable<Key: CodingKey>(
            _ type: Any.Type, _ container: KeyedDecodingContainer<Key>, _ key: Key, _ error: any Error
        ) -> DecodingError {
            DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: container.codingPath + [key],
                debugDescription: "the value of \(key.stringValue) cannot be read as \(type) exactly (\(error))",
                underlyingError: error))
        }

        // MARK: Errors and text

        static func check(_ code: Int32, _ statement: OpaquePointer) throws {
            if code != SQLITE_OK { throw error(statement) }
        }

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

        /// SQLite's date text: `YYYY-MM-DD[ HH:MM[:SS[.fff]]][Z|±HH:MM]` or a time alone.
        enum DateText {
            /// The number text holds, spaces around it allowed; nil for anything else.
            static func number(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
                var start = 0
                var end = bytes.count
                while start < end, bytes[start] == 0x20 { start += 1 }
                while end > start, bytes[end - 1] == 0x20 { end -= 1 }
                guard start < end, end - start <= 40 else { return nil }
                let digits = bytes[start..<end]
                guard digits.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E || $0 == 0x2D || $0 == 0x2B || $0 == 0x65 || $0 == 0x45 }),
                      digits.contains(where: { $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
                guard let number = Double(String(decoding: UnsafeBufferPointer(rebasing: digits), as: UTF8.self)), number.isFinite else { return nil }
                return number
            }

            static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
                var index = 0
                func number(_ digits: Int) -> Int64? {
                    guard index + digits <= bytes.count else { return nil }
                    var value: Int64 = 0
                    for offset in 0..<digits {
                        let byte = bytes[index + offset]
                        guard byte >= 48, byte <= 57 else { return nil }
                        value = value * 10 + Int64(byte - 48)
                    }
                    index += digits
                    return value
                }
                func accept(_ byte: UInt8) -> Bool {
                    if index < bytes.count, bytes[index] == byte { index += 1; return true }
                    return false
                }
                func isDigit() -> Bool { index < bytes.count && bytes[index] >= 48 && bytes[index] <= 57 }
                while accept(32) {}
                var days: Int64 = 10_957
                let start = index
                if let year = number(4), accept(45) {
                    guard let month = number(2), (1...12).contains(month), accept(45), let day = number(2), (1...31).contains(day) else { return nil }
                    days = daysFromCivil(year, month, day)
                    if index < bytes.count, bytes[index] == 84 || bytes[index] == 32 {
                        let separator = index
                        index += 1
                        while accept(32) {}
                        if !isDigit() { index = separator }
                    }
                } else {
                    index = start
                }
                var seconds = Double(days) * 86_400
                if isDigit() {
                    guard let hour = number(2), hour <= 24, accept(58), let minute = number(2), minute <= 59 else { return nil }
                    seconds += Double(hour * 3600 + minute * 60)
                    if accept(58) {
                        guard let second = number(2), second <= 59 else { return nil }
                        seconds += Double(second)
                        if accept(46) {
                            var scale = 0.1
                            var any = false
                            while isDigit() {
                                seconds += Double(bytes[index] - 48) * scale
                                scale /= 10
                                index += 1
                                any = true
                            }
                            guard any else { return nil }
                        }
                    }
                } else if index == start {
                    return nil
                }
                while accept(32) {}
                if index < bytes.count {
                    if accept(90) || accept(122) {
                    } else {
                        let sign: Double
                        if accept(43) { sign = 1 } else if accept(45) { sign = -1 } else { return nil }
                        guard let hours = number(2), hours <= 14 else { return nil }
                        _ = accept(58)
                        guard let minutes = number(2), minutes <= 59 else { return nil }
                        seconds -= sign * Double(hours * 3600 + minutes * 60)
                    }
                }
                while accept(32) {}
                return index == bytes.count ? seconds : nil
            }

            /// `seconds` as `storage` writes text: `YYYY-MM-DD HH:MM:SS.SSS` (rounded to the
            /// millisecond), `T` and `Z` for ISO 8601, down to the second without a fraction.
            static func format(_ seconds: Double, _ storage: DateStorage) -> String {
                let withFraction = storage != .textSeconds && storage != .iso8601Seconds
                let iso = storage == .iso8601 || storage == .iso8601Seconds
                let milliseconds = withFraction ? (seconds * 1000).rounded() : seconds.rounded(.down) * 1000
                guard milliseconds.isFinite, abs(milliseconds) < 9.2e18 else { return "" }
                let total = Int64(milliseconds)
                var days = total / 86_400_000
                var inDay = total % 86_400_000
                if inDay < 0 { days -= 1; inDay += 86_400_000 }
                let (year, month, day) = civilFromDays(days)
                func padded(_ value: Int64, _ width: Int) -> String {
                    let text = String(value)
                    return String(repeating: "0", count: max(0, width - text.count)) + text
                }
                return (year < 0 ? "-" : "") + padded(abs(year), 4) + "-" + padded(month, 2) + "-" + padded(day, 2) + (iso ? "T" : " ")
                    + padded(inDay / 3_600_000, 2) + ":" + padded(inDay / 60_000 % 60, 2) + ":" + padded(inDay / 1000 % 60, 2)
                    + (withFraction ? "." + padded(inDay % 1000, 3) : "") + (iso ? "Z" : "")
            }

            static func daysFromCivil(_ year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
                let y = month <= 2 ? year - 1 : year
                let era = (y >= 0 ? y : y - 399) / 400
                let yearOfEra = y - era * 400
                let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
                let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
                return era * 146_097 + dayOfEra - 719_468
            }

            static func civilFromDays(_ count: Int64) -> (Int64, Int64, Int64) {
                let z = count + 719_468
                let era = (z >= 0 ? z : z - 146_096) / 146_097
                let dayOfEra = z - era * 146_097
                let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
                let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
                let shiftedMonth = (5 * dayOfYear + 2) / 153
                let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
                let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
                return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
            }
        }
    }
    """#
}
