import SlateCSQLite

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The small helpers generated code reads, binds and runs statements with, at the level
/// of the C API.
///
/// Generated decoders read every column through these helpers, which read a value
/// exactly or throw an error naming its table and column (see "Reading" below), and bind
/// and run statements with them. A generated file in raw mode (no dependency on Slate)
/// carries its own copy with the same names.
@_spi(Generated) public enum SQLRecordCoding {
    // MARK: Reading
    //
    // Each reader takes the column's `sqlite3_value` once and reads it with plain
    // `sqlite3_value_*` calls (each `sqlite3_column_*` call enters and leaves the
    // connection's API guard). SQLite calls such a value unprotected: safe on the thread
    // that steps the statement, the only one a connection is used on at a time.
    //
    // A value is read exactly or not at all: text in an INTEGER column, 2.5 read as an
    // `Int`, NULL read for a property that is not optional, all throw an error naming
    // the table, the column and what it holds (never SQLite's conversion to 0). The
    // `…OrNil` forms read NULL as nil.

    /// An integer from column `index`: an integer, or a real with an integral value.
    @inlinable
    public static func int(_ statement: OpaquePointer, _ index: Int32, _ column: StaticString) throws -> Int {
        let value = sqlite3_column_value(statement, index)
        if sqlite3_value_type(value) == SQLITE_INTEGER { return Int(sqlite3_value_int64(value)) }
        return try inexactInt(value, statement, index, column, optional: false)!
    }

    /// An integer from column `index`, or nil for NULL.
    @inlinable
    public static func intOrNil(_ statement: OpaquePointer, _ index: Int32, _ column: StaticString) throws -> Int? {
        let value = sqlite3_column_value(statement, index)
        if sqlite3_value_type(value) == SQLITE_INTEGER { return Int(sqlite3_value_int64(value)) }
        return try inexactInt(value, statement, index, column, optional: true)
    }

    @usableFromInline
    static func inexactInt(
        _ value: OpaquePointer?, _ statement: OpaquePointer, _ index: Int32, _ column: StaticString, optional: Bool
    ) throws -> Int? {
        if optional, sqlite3_value_type(value) == SQLITE_NULL { return nil }
        if let exact = exactInt64(value).flatMap({ Int(exactly: $0) }) { return exact }
        throw mismatch(statement, index, column, "Int")
    }

    /// A double from column `index`: a real, or an integer a double holds exactly.
    @inlinable
    public static func double(_ statement: OpaquePointer, _ index: Int32, _ column: StaticString) throws -> Double {
        let value = sqlite3_column_value(statement, index)
        if sqlite3_value_type(value) == SQLITE_FLOAT { return sqlite3_value_double(value) }
        return try inexactDouble(value, statement, index, column, optional: false)!
    }

    /// A double from column `index`, or nil for NULL.
    @inlinable
    public static func doubleOrNil(_ statement: OpaquePointer, _ index: Int32, _ column: StaticString) throws -> Double?
    {
        let value = sqlite3_column_value(statement, index)
        if sqlite3_value_type(value) == SQLITE_FLOAT { return sqlite3_value_double(value) }
        return try inexactDouble(value, statement, index, column, optional: true)
    }

    @usableFromInline
    static func inexactDouble(
        _ value: OpaquePointer?, _ statement: OpaquePointer, _ index: Int32, _ column: StaticString, optional: Bool
    ) throws -> Double? {
        if optional, sqlite3_value_type(value) == SQLITE_NULL { return nil }
        if let exact = exactDouble(value) { return exact }
        throw mismatch(statement, index, column, "Double")
    }

    /// A boolean from column `index`: an integer (non-zero is `true`), or a real 0 or 1.
    @inlinable
    public static func bool(_ statement: OpaquePointer, _ index: Int32, _ column: StaticString) throws -> Bool {
        let value = sqlite3_column_value(statement, index)
        if sqlite3_value_type(value) == SQLITE_INTEGER { return sqlite3_value_int64(value) != 0 }
        return try inexactBool(value, statement, index, column, optional: false)!
    }

    /// A boolean from column `index`, or nil for NULL.
    @inlinable
    public static func boolOrNil(_ statement: OpaquePointer, _ index: Int32, _ column: StaticString) throws -> Bool? {
        let value = sqlite3_column_value(statement, index)
        if sqlite3_value_type(value) == SQLITE_INTEGER { return sqlite3_value_int64(value) != 0 }
        return try inexactBool(value, statement, index, column, optional: true)
    }

    @usableFromInline
    static func inexactBool(
        _ value: OpaquePointer?, _ statement: OpaquePointer, _ index: Int32, _ column: StaticString, optional: Bool
    ) throws -> Bool? {
        if optional, sqlite3_value_type(value) == SQLITE_NULL { return nil }
        if let exact = exactBool(value) { return exact }
        throw mismatch(statement, index, column, "Bool")
    }

    // The rules every reader of numbers follows, generated records and Codable records
    // alike: a value fits its type exactly, or it is not read.

    /// A boolean from a value: an integer (non-zero is `true`), or a real 0 or 1
    /// (`-0.0` is `false`); nil for anything else (2.0, text, a blob, NULL).
    static func exactBool(_ value: OpaquePointer?) -> Bool? {
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER: return sqlite3_value_int64(value) != 0
        case SQLITE_FLOAT:
            let number = sqlite3_value_double(value)
            return number == 0 || number == 1 ? number == 1 : nil
        default: return nil
        }
    }

    /// A 64-bit integer from a value: an integer, or a real with an integral value in
    /// range (`-0.0` is 0; 2^63 as a real is out of range); nil for anything else.
    static func exactInt64(_ value: OpaquePointer?) -> Int64? {
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER: return sqlite3_value_int64(value)
        case SQLITE_FLOAT: return Int64(exactly: sqlite3_value_double(value))
        default: return nil
        }
    }

    /// A double from a value: a real, or an integer a double holds exactly (2^53 + 1 is
    /// not); nil for anything else.
    static func exactDouble(_ value: OpaquePointer?) -> Double? {
        switch sqlite3_value_type(value) {
        case SQLITE_FLOAT: return sqlite3_value_double(value)
        case SQLITE_INTEGER: return Double(exactly: sqlite3_value_int64(value))
        default: return nil
        }
    }

    /// A float from a value: a number a `Float` holds exactly (16,777,217 is not; infinity
    /// is), or a real whose shortest decimal spelling is a `Float`'s (the real 0.1, as SQL
    /// or another program wrote it, reads as the `Float` 0.1: it says no more than the
    /// float does). Nil for anything else: a real with more digits than a float holds
    /// (1.0 / 3), out of its range (1e300, 1e-50), text, a blob.
    static func exactFloat(_ value: OpaquePointer?) -> Float? {
        guard let double = exactDouble(value) else { return nil }
        if let exact = Float(exactly: double) { return exact }
        guard sqlite3_value_type(value) == SQLITE_FLOAT else { return nil }
        let nearest = Float(double)
        guard nearest.isFinite, nearest != 0 else { return nil }
        return Double(nearest.description) == double ? nearest : nil
    }

    /// A boolean from column `index`, stored as `storage` says: for text storage, exactly
    /// one of its two texts.
    @inlinable
    public static func bool(
        _ statement: OpaquePointer, _ index: Int32, _ column: StaticString, _ storage: SQLBoolean.Storage
    ) throws -> Bool {
        guard case .text(let yes, let no) = storage else { return try bool(statement, index, column) }
        if let value = textBool(statement, index, yes, no) { return value }
        throw notABoolean(statement, index, column, storage)
    }

    /// A boolean from column `index` stored as `storage` says, or nil for NULL.
    @inlinable
    public static func boolOrNil(
        _ statement: OpaquePointer, _ index: Int32, _ column: StaticString, _ storage: SQLBoolean.Storage
    ) throws -> Bool? {
        guard case .text(let yes, let no) = storage else { return try boolOrNil(statement, index, column) }
        if let value = textBool(statement, index, yes, no) { return value }
        if sqlite3_column_type(statement, index) == SQLITE_NULL { return nil }
        throw notABoolean(statement, index, column, storage)
    }

    /// `true` or `false` when column `index` holds exactly the text `yes` or `no`, else nil.
    @inlinable
    public static func textBool(_ statement: OpaquePointer, _ index: Int32, _ yes: String, _ no: String) -> Bool? {
        let value = sqlite3_column_value(statement, index)
        guard sqlite3_value_type(value) == SQLITE_TEXT, let text = sqlite3_value_text(value) else { return nil }
        let bytes = UnsafeBufferPointer(start: text, count: Int(sqlite3_value_bytes(value)))
        if bytes.elementsEqual(yes.utf8) { return true }
        if bytes.elementsEqual(no.utf8) { return false }
        return nil
    }

    @usableFromInline
    static func notABoolean(
        _ statement: OpaquePointer, _ index: Int32, _ column: StaticString, _ storage: SQLBoolean.Storage
    ) -> SQLError {
        if sqlite3_column_type(statement, index) == SQLITE_NULL { return mismatch(statement, index, column, "Bool") }
        return decodingError(
            statement, column, "holds \(SQLStoredValue.describe(statement, index)), which is not \(storage.notABoolean)"
        )
    }

    /// Text from column `index`, checked to be UTF-8; a number reads as its text.
    @inlinable
    public static func text(_ statement: OpaquePointer, _ index: Int32, _ column: StaticString) throws -> String {
        guard let text = try textOrNil(statement, index, column) else {
            throw mismatch(statement, index, column, "String")
        }
        return text
    }

    /// Text from column `index`, or nil for NULL.
    @inlinable
    public static func textOrNil(_ statement: OpaquePointer, _ index: Int32, _ column: StaticString) throws -> String? {
        let value = sqlite3_column_value(statement, index)
        switch sqlite3_value_type(value) {
        case SQLITE_NULL: return nil
        case SQLITE_BLOB: throw mismatch(statement, index, column, "String")
        default:
            guard let text = sqlite3_value_text(value) else { return "" }
            if let string = SQLText.string(sqliteText: text, count: Int(sqlite3_value_bytes(value))) { return string }
            throw decodingError(statement, column, "holds text that is not valid UTF-8")
        }
    }

    /// Bytes from column `index`: a blob's, or text's UTF-8 bytes.
    @inlinable
    public static func bytes(_ statement: OpaquePointer, _ index: Int32, _ column: StaticString) throws -> [UInt8] {
        guard let bytes = try bytesOrNil(statement, index, column) else {
            throw mismatch(statement, index, column, "[UInt8]")
        }
        return bytes
    }

    /// Bytes from column `index`, or nil for NULL.
    @inlinable
    public static func bytesOrNil(_ statement: OpaquePointer, _ index: Int32, _ column: StaticString) throws -> [UInt8]?
    {
        let value = sqlite3_column_value(statement, index)
        switch sqlite3_value_type(value) {
        case SQLITE_NULL: return nil
        case SQLITE_BLOB, SQLITE_TEXT:
            guard let bytes = sqlite3_value_blob(value) else { return [] }
            return Array(UnsafeRawBufferPointer(start: bytes, count: Int(sqlite3_value_bytes(value))))
        default: throw mismatch(statement, index, column, "[UInt8]")
        }
    }

    // raw-template: begin
    /// A date from column `index`: text in SQLite's forms, or a number as `storage` counts
    /// (see `SQLDate`).
    ///
    /// - Throws: for NULL, a blob, text that is not a date, or a number that reads as a
    ///   date outside the years 0000 to 9999 (no storage writes one: milliseconds read as
    ///   seconds give the year 55733), naming the column and the value.
    @inlinable
    public static func date(
        _ statement: OpaquePointer, _ index: Int32, _ column: StaticString, _ storage: SQLDate.Storage = .text
    ) throws -> Date {
        if let date = dateValue(statement, index, storage) { return date }
        throw notADate(statement, index, column, storage)
    }

    /// A date from column `index`, or nil for NULL; with `invalidAsNil`, also nil for text
    /// that is not a date (`'0000-00-00 00:00:00'`), which otherwise throws.
    @inlinable
    public static func dateOrNil(
        _ statement: OpaquePointer, _ index: Int32, _ column: StaticString, _ storage: SQLDate.Storage = .text,
        invalidAsNil: Bool = false
    ) throws -> Date? {
        if let date = dateValue(statement, index, storage) { return date }
        if sqlite3_column_type(statement, index) == SQLITE_NULL { return nil }
        if invalidAsNil, sqlite3_column_type(statement, index) == SQLITE_TEXT { return nil }
        throw notADate(statement, index, column, storage)
    }

    /// A date from column `index` (text in SQLite's forms, or a number as `storage`
    /// counts), or nil when it holds NULL, a blob, text that is not a date, or a number
    /// that reads as a date outside the years 0000 to 9999.
    @inlinable
    public static func dateValue(
        _ statement: OpaquePointer, _ index: Int32, _ storage: SQLDate.Storage = .text
    ) -> Date? {
        let value = sqlite3_column_value(statement, index)
        let date: Date
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER:
            date = SQLDate.date(fromNumber: Double(sqlite3_value_int64(value)), storage: storage)
        case SQLITE_FLOAT:
            date = SQLDate.date(fromNumber: sqlite3_value_double(value), storage: storage)
        case SQLITE_TEXT:
            guard let text = sqlite3_value_text(value) else { return nil }
            return SQLDate.date(
                fromText: UnsafeBufferPointer(start: text, count: Int(sqlite3_value_bytes(value))), storage: storage)
        default:
            return nil
        }
        return SQLDate.isReadable(date) ? date : nil
    }

    // raw-template: end
    @usableFromInline
    static func notADate(
        _ statement: OpaquePointer, _ index: Int32, _ column: StaticString, _ storage: SQLDate.Storage = .text
    ) -> SQLError {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_TEXT:
            return decodingError(
                statement, column, "holds \(SQLStoredValue.describe(statement, index)), which is not a date")
        case SQLITE_INTEGER, SQLITE_FLOAT:
            let number = sqlite3_column_double(statement, index)
            return decodingError(
                statement, column,
                "holds \(SQLStoredValue.describe(statement, index)), \(SQLDate.problem(reading: number, as: storage))")
        default:
            return mismatch(statement, index, column, "Date")
        }
    }

    /// The error for a value that is not a `kind` (a URL), naming the column and
    /// the value.
    @usableFromInline
    static func notA(_ kind: String, _ statement: OpaquePointer, _ index: Int32, _ column: StaticString) -> SQLError {
        if sqlite3_column_type(statement, index) == SQLITE_NULL { return mismatch(statement, index, column, kind) }
        return decodingError(
            statement, column, "holds \(SQLStoredValue.describe(statement, index)), which is not a \(kind)")
    }

    /// The error for a value `type` cannot hold exactly, naming the column and the value.
    @usableFromInline
    static func mismatch(_ statement: OpaquePointer, _ index: Int32, _ column: StaticString, _ type: String) -> SQLError
    {
        if sqlite3_column_type(statement, index) == SQLITE_NULL {
            return decodingError(statement, column, "holds NULL, and its property (\(type)) is not optional")
        }
        return decodingError(
            statement, column, "holds \(SQLStoredValue.describe(statement, index)), which \(type) cannot hold exactly")
    }

    /// A UUID from column `index`, in `storage`'s form only: a UUID in another form (a blob
    /// in a text column, upper-case text in a lower-case one) throws, since it would not
    /// bind back as the value the row holds, and a key or a comparison would miss the row.
    @inlinable
    public static func uuid(
        _ statement: OpaquePointer, _ index: Int32, _ column: StaticString, _ storage: SQLUUID.Storage = .text
    ) throws -> UUID {
        if let uuid = SQLUUID.uuid(sqliteStatement: statement, column: index, storage: storage) { return uuid }
        throw notAUUID(statement, index, column, storage)
    }

    @usableFromInline
    static func notAUUID(
        _ statement: OpaquePointer, _ index: Int32, _ column: StaticString, _ storage: SQLUUID.Storage
    ) -> SQLError {
        if sqlite3_column_type(statement, index) == SQLITE_NULL { return mismatch(statement, index, column, "UUID") }
        return decodingError(
            statement, column, "holds \(SQLStoredValue.describe(statement, index)), which is not \(storage.notAUUID)")
    }

    /// A URL from the text of column `index`.
    @inlinable
    public static func url(_ statement: OpaquePointer, _ index: Int32, _ column: StaticString) throws -> URL {
        let string = try text(statement, index, column)
        if let url = URL(string: string) { return url }
        throw notA("URL", statement, index, column)
    }

    /// Column `index` as a dynamic value, in its own storage class.
    @inlinable
    public static func value(_ statement: OpaquePointer, _ index: Int32, _ column: StaticString) throws -> SQLValue {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, index))
        case SQLITE_FLOAT: return .float(sqlite3_column_double(statement, index))
        case SQLITE_TEXT: return .text(try text(statement, index, column))
        case SQLITE_BLOB: return .blob(try bytes(statement, index, column))
        default: return .null
        }
    }

    /// Whether column `index` is NULL.
    @inlinable
    public static func isNull(_ statement: OpaquePointer, _ index: Int32) -> Bool {
        sqlite3_column_type(statement, index) == SQLITE_NULL
    }

    // MARK: Binding

    /// Binds an integer, or NULL for nil.
    @inlinable
    public static func bind(_ value: Int?, _ statement: OpaquePointer, _ index: Int32) throws {
        try check(
            value.map { sqlite3_bind_int64(statement, index, Int64($0)) } ?? sqlite3_bind_null(statement, index),
            statement)
    }

    /// Binds a double, or NULL for nil.
    ///
    /// - Throws: for NaN, which SQLite would store as NULL, naming the parameter.
    @inlinable
    public static func bind(_ value: Double?, _ statement: OpaquePointer, _ index: Int32) throws {
        if let value, value.isNaN { throw nanError(statement, "parameter \(index)") }
        try check(
            value.map { sqlite3_bind_double(statement, index, $0) } ?? sqlite3_bind_null(statement, index), statement)
    }

    /// Binds a double, or NULL for nil.
    ///
    /// - Throws: for NaN, which SQLite would store as NULL, naming `column`.
    @inlinable
    public static func bind(_ value: Double?, _ statement: OpaquePointer, _ index: Int32, _ column: StaticString) throws
    {
        if let value, value.isNaN { throw nanError(statement, "column \(column)") }
        try check(
            value.map { sqlite3_bind_double(statement, index, $0) } ?? sqlite3_bind_null(statement, index), statement)
    }

    /// The error for binding NaN to `target` (`column people.score`, `parameter 2`).
    @usableFromInline
    static func nanError(_ statement: OpaquePointer, _ target: String) -> SQLError {
        SQLError(
            code: .mismatch, message: "cannot store NaN in \(target): SQLite would store it as NULL",
            sql: sqlite3_sql(statement).map { String(cString: $0) })
    }

    /// Binds a boolean as 1 or 0, or NULL for nil.
    @inlinable
    public static func bind(_ value: Bool?, _ statement: OpaquePointer, _ index: Int32) throws {
        try check(
            value.map { sqlite3_bind_int64(statement, index, $0 ? 1 : 0) } ?? sqlite3_bind_null(statement, index),
            statement)
    }

    /// Binds text with its UTF-8 byte count, or NULL for nil.
    @inlinable
    public static func bind(_ value: String?, _ statement: OpaquePointer, _ index: Int32) throws {
        guard var value else { return try check(sqlite3_bind_null(statement, index), statement) }
        let code = value.withUTF8 { slate_bind_text(statement, index, $0.baseAddress, UInt64($0.count)) }
        try check(code, statement)
    }

    /// Binds a blob (an empty one is not NULL), or NULL for nil.
    @inlinable
    public static func bind(_ value: [UInt8]?, _ statement: OpaquePointer, _ index: Int32) throws {
        guard let value else { return try check(sqlite3_bind_null(statement, index), statement) }
        let code = value.withUnsafeBytes { slate_bind_blob(statement, index, $0.baseAddress, UInt64($0.count)) }
        try check(code, statement)
    }

    /// Binds a date as `storage` says, or NULL for nil.
    ///
    /// - Throws: when `storage` cannot hold the date (a year after 9999 as text, NaN),
    ///   naming `column`: nothing is written that could not be read back.
    @inlinable
    public static func bind(
        _ value: Date?, _ statement: OpaquePointer, _ index: Int32, _ storage: SQLDate.Storage, _ column: StaticString
    ) throws {
        guard let value else { return try check(sqlite3_bind_null(statement, index), statement) }
        try bind(SQLDate.storedValue(value, as: storage, column: "column \(column)"), statement, index)
    }

    // raw-template: begin
    /// Binds a date for an update: when column `currentIndex` of `current` (the row as it
    /// is, or nil) already reads as `value`, its own value, bytes and all (text in another
    /// form than `storage` writes, a number of another storage); else `value` as `storage`
    /// says. So a record read and written back leaves its dates as they were stored.
    ///
    /// - Throws: when `storage` cannot hold a date that is written, naming `column`.
    @inlinable
    public static func bind(
        _ value: Date?, _ statement: OpaquePointer, _ index: Int32, _ storage: SQLDate.Storage, _ column: StaticString,
        keeping current: OpaquePointer?, _ currentIndex: Int32, invalidAsNil: Bool = false
    ) throws {
        if let current, readsAs(value, current, currentIndex, storage, invalidAsNil: invalidAsNil) {
            return try check(
                sqlite3_bind_value(statement, index, sqlite3_column_value(current, currentIndex)), statement)
        }
        try bind(value, statement, index, storage, column)
    }

    /// Whether column `index` reads as `value` in `storage`: the same date, or nil for
    /// NULL (and, with `invalidAsNil`, for text that is not a date).
    @inlinable
    static func readsAs(
        _ value: Date?, _ statement: OpaquePointer, _ index: Int32, _ storage: SQLDate.Storage, invalidAsNil: Bool
    ) -> Bool {
        let stored = dateValue(statement, index, storage)
        guard let value else {
            let type = sqlite3_column_type(statement, index)
            return type == SQLITE_NULL || (invalidAsNil && type == SQLITE_TEXT && stored == nil)
        }
        return stored == value
    }

    // raw-template: end
    /// Binds a UUID as `storage` says, or NULL for nil.
    @inlinable
    public static func bind(
        _ value: UUID?, _ statement: OpaquePointer, _ index: Int32, _ storage: SQLUUID.Storage
    ) throws {
        guard let value else { return try check(sqlite3_bind_null(statement, index), statement) }
        switch storage {
        case .text: try bind(SQLUUID.text(from: value), statement, index)
        case .uppercaseText: try bind(SQLUUID.uppercaseText(from: value), statement, index)
        case .blob: try bind(SQLUUID.bytes(from: value), statement, index)
        case .guidBlob: try bind(SQLUUID.guidBytes(from: value), statement, index)
        }
    }

    /// Binds a boolean as `storage` says (1 or 0, or one of two texts), or NULL for nil.
    @inlinable
    public static func bind(
        _ value: Bool?, _ statement: OpaquePointer, _ index: Int32, _ storage: SQLBoolean.Storage
    ) throws {
        guard case .text(let yes, let no) = storage else { return try bind(value, statement, index) }
        try bind(value.map { $0 ? yes : no }, statement, index)
    }

    /// Binds a URL's absolute string, or NULL for nil.
    @inlinable
    public static func bind(_ value: URL?, _ statement: OpaquePointer, _ index: Int32) throws {
        try bind(value?.absoluteString, statement, index)
    }

    // raw-template: begin
    /// `date` as it reads back after being stored as `storage` says.
    @inlinable
    public static func stored(_ date: Date, _ storage: SQLDate.Storage) -> Date {
        SQLDate.stored(date, as: storage)
    }

    /// `date` as it reads back after being stored as `storage` says.
    @inlinable
    public static func stored(_ date: Date?, _ storage: SQLDate.Storage) -> Date? {
        date.map { SQLDate.stored($0, as: storage) }
    }

    // raw-template: end
    /// Binds a dynamic value.
    @inlinable
    public static func bind(_ value: SQLValue, _ statement: OpaquePointer, _ index: Int32) throws {
        switch value {
        case .integer(let integer): try check(sqlite3_bind_int64(statement, index, integer), statement)
        case .float(let double): try bind(double, statement, index)
        case .text(let text): try bind(text, statement, index)
        case .blob(let bytes): try bind(bytes, statement, index)
        case .null: try check(sqlite3_bind_null(statement, index), statement)
        }
    }

    /// Binds a dynamic value; NaN throws naming `column`.
    @inlinable
    public static func bind(
        _ value: SQLValue, _ statement: OpaquePointer, _ index: Int32, _ column: StaticString
    ) throws {
        if case .float(let double) = value, double.isNaN { throw nanError(statement, "column \(column)") }
        try bind(value, statement, index)
    }

    // MARK: Running (for raw and type-attached functions)

    /// Opens a raw connection with `flags` (no-mutex mode added), extended result codes on,
    /// and the switches every `SQLContext` sets (double-quoted strings are not literals,
    /// unless `allowsDoubleQuotedStrings`; no legacy `ALTER TABLE`, no extension loading;
    /// see `SQLContext.Configuration`).
    public static func open(
        _ path: String, flags: Int32, allowsDoubleQuotedStrings: Bool = false
    ) throws -> OpaquePointer {
        var db: OpaquePointer?
        let code = sqlite3_open_v2(path, &db, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            if let db { sqlite3_close_v2(db) }
            throw SQLError(code: SQLError.Code(rawValue: code), message: "cannot open database \(path): \(message)")
        }
        sqlite3_extended_result_codes(db, 1)
        do {
            try SQLContext.applySafeDefaults(to: db, allowsDoubleQuotedStrings: allowsDoubleQuotedStrings)
            // Foreign keys enforced, as on Slate's contexts.
            try run(db, "PRAGMA foreign_keys = ON")
        } catch {
            sqlite3_close_v2(db)
            throw error
        }
        return db
    }

    /// The SQLite result code an error stands for, for the C-shaped raw calls.
    public static func resultCode(of error: any Error) -> Int32 {
        (error as? SQLError)?.code.rawValue ?? SQLITE_ERROR
    }

    /// Creates a database at `path` and runs `sql` (its schema) in one transaction, as
    /// `bootstrap(at:)` runs a generated database's scripts: foreign keys off around it, so
    /// that a script's table rebuild never cascades, and `PRAGMA foreign_key_check` before
    /// it commits.
    public static func create(
        _ path: String, sql: String, allowsDoubleQuotedStrings: Bool = false
    ) throws -> OpaquePointer {
        let db = try open(
            path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
            allowsDoubleQuotedStrings: allowsDoubleQuotedStrings)
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
                throw SQLError(
                    code: .constraintForeignKey,
                    message:
                        "creating \(path) left \(count) row\(count == 1 ? "" : "s") referring to nothing (in \(tables.sorted().joined(separator: ", "))); it was rolled back"
                )
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

    /// Runs a script of statements (`sqlite3_exec`).
    public static func run(_ db: OpaquePointer, _ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(db, sql, nil, nil, &message)
        guard code == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(db))
            sqlite3_free(message)
            throw SQLError(code: SQLError.Code(rawValue: sqlite3_extended_errcode(db)), message: text, sql: sql)
        }
    }

    /// Prepares one statement on a raw connection.
    public static func prepare(_ db: OpaquePointer, _ sql: String) throws -> OpaquePointer {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(db, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else {
            // A write refused because a walk reads its table: say so, not "not authorized".
            if code & 0xFF == SQLITE_AUTH, let refusal = sqlTakeWalkRefusal(db) {
                throw SQLError(code: .misuse, message: refusal, sql: sql)
            }
            throw SQLError(
                code: SQLError.Code(rawValue: sqlite3_extended_errcode(db)),
                message: String(cString: sqlite3_errmsg(db)), sql: sql)
        }
        return statement
    }

    // raw-template: begin
    /// Steps: `true` for a row, `false` when done.
    @inlinable
    public static func step(_ statement: OpaquePointer) throws -> Bool {
        let code = sqlite3_step(statement)
        if code == SQLITE_ROW { return true }
        if code == SQLITE_DONE { return false }
        throw error(statement)
    }

    /// Runs `sql` with `bind` and decodes every row (up to `limit`) that `filter` keeps.
    public static func fetch<Record>(
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

    // raw-template: end
    /// Runs `sql` with `bind` and hands each row, decoded, to `body` as it is read, until
    /// the rows run out or `body` returns false: one row is in memory at a time. While it
    /// runs, a statement prepared on `db` that writes a table `sql` reads throws (SQLite
    /// does not define whether the walk would see the change); on a handle Slate did not
    /// open, that is an authorizer installed for the walk's length, and removed after it.
    @inlinable
    public static func forEach<Record>(
        _ db: OpaquePointer, _ sql: String,
        bind: (OpaquePointer) throws -> Void = { _ in },
        decode: (OpaquePointer) throws -> Record,
        body: (Record) throws -> Bool
    ) throws {
        try sqlWalking(db, sql: sql) {
            let statement = try prepare(db, sql)
            defer { sqlite3_finalize(statement) }
            try bind(statement)
            while try step(statement) {
                guard try body(try decode(statement)) else { return }
            }
        }
    }

    // raw-template: begin
    /// Runs the update `sql` to completion with `bind`, which is handed the row as it is
    /// (`find`, bound by `bindKey`, stepped to its row; nil when there is none) so that
    /// columns already holding the record's values keep their bytes; returns the number of
    /// rows changed.
    @discardableResult
    public static func update(
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

    /// Runs `sql` with `bind` to completion; returns the number of rows it changed.
    @discardableResult
    public static func execute(_ db: OpaquePointer, _ sql: String, bind: (OpaquePointer) throws -> Void) throws -> Int {
        let statement = try prepare(db, sql)
        defer { sqlite3_finalize(statement) }
        try bind(statement)
        while try step(statement) {}
        return Int(sqlite3_changes(db))
    }

    // raw-template: end
    /// Inserts a row and returns it as stored: from `stored` and the rowid when given;
    /// else read back with `returning` (an `INSERT … RETURNING`, when given) on SQLite
    /// 3.35 and later, or after the insert by its rowid, or with `readBack` for a table
    /// without one. A row stored but not found by that read (an external-content FTS
    /// table, whose module reads its content table, or another virtual table) is
    /// `asBound` with the rowid, when given: the insert succeeded, and never throws for it.
    /// An insert that stored nothing (a trigger's `RAISE(IGNORE)`) throws.
    public static func insert<Record>(
        _ db: OpaquePointer, sql: String, returning: String?, selectByRowID: String?,
        bind: (OpaquePointer) throws -> Void, decode: (OpaquePointer) throws -> Record,
        readBack: (() throws -> Record?)? = nil, stored: ((Int64) -> Record)? = nil,
        asBound: ((Int64) -> Record)? = nil
    ) throws -> Record {
        if let stored {
            guard try execute(db, sql, bind: bind) > 0 else {
                throw SQLError(
                    code: .constraint, message: "the row was not inserted: a conflict clause or a trigger ignored it",
                    sql: sql)
            }
            return stored(sqlite3_last_insert_rowid(db))
        }
        if let returning, supportsReturning {
            let statement = try prepare(db, returning)
            defer { sqlite3_finalize(statement) }
            try bind(statement)
            guard try step(statement) else {
                throw SQLError(
                    code: .constraint, message: "the row was not inserted: a conflict clause or a trigger ignored it",
                    sql: returning)
            }
            let record = try decode(statement)
            while try step(statement) {}
            return record
        }
        guard try execute(db, sql, bind: bind) > 0 else {
            throw SQLError(
                code: .constraint, message: "the row was not inserted: a conflict clause or a trigger ignored it",
                sql: sql)
        }
        if let selectByRowID {
            let rowID = sqlite3_last_insert_rowid(db)
            let rows = try fetch(
                db, selectByRowID, bind: { try check(sqlite3_bind_int64($0, 1, rowID), $0) }, decode: decode)
            if let record = rows.first { return record }
        } else if let record = try readBack?() {
            return record
        }
        if let asBound { return asBound(sqlite3_last_insert_rowid(db)) }
        throw missingRowError(sql)
    }

    /// Upserts a row (`sql`: an `INSERT OR ABORT … ON CONFLICT (key) DO UPDATE`, or `DO
    /// NOTHING` when every column is part of the key) and returns it as stored: from
    /// `asBound` when given; else read back with `returning` (the upsert with `RETURNING`)
    /// on SQLite 3.35 and later, or with `find` (by the record's key) after it. A row the
    /// statement left alone (a trigger's `RAISE(IGNORE)`) throws, unless `keyOnly` (the
    /// `DO NOTHING` form, whose row already holds every value) and `find` finds it.
    public static func save<Record>(
        _ db: OpaquePointer, sql: String?, returning: String?, bind: (OpaquePointer) throws -> Void,
        decode: (OpaquePointer) throws -> Record, find: () throws -> Record?, asBound: (() -> Record)?, keyOnly: Bool
    ) throws -> Record {
        guard let sql else {
            throw SQLError(code: .misuse, message: "a virtual table cannot be saved: SQLite cannot upsert it")
        }
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
            throw missingRowError(sql)
        }
        if keyOnly, let record = try find() { return record }
        throw SQLError(code: .constraint, message: "the row was not saved: a trigger ignored it", sql: sql)
    }

    // raw-template: begin
    // MARK: Codable

    /// The value of `key` in `container`, as `decode(_:forKey:)` reads it; a value the
    /// decoder refuses without saying where (a JSON number out of `Int`'s range, or a
    /// fraction read as an `Int`) throws `DecodingError.dataCorrupted` naming `key`.
    @inlinable
    public static func decode<Value: Decodable, Key: CodingKey>(
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
    @inlinable
    public static func decodeIfPresent<Value: Decodable, Key: CodingKey>(
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

    /// A rowid key (`INTEGER PRIMARY KEY`) as a generated decoder reads it: `Int.min`
    /// (unassigned, so that an insert lets SQLite assign it) when `key` is absent or null.
    ///
    /// `Int.min` given as the value throws `DecodingError.dataCorrupted` naming `key`: the
    /// encoder never writes it (an unassigned key is left out), so a body that carries it
    /// asks for the row with that key, which `insert` and `save` would otherwise silently
    /// replace with a new key SQLite assigns.
    @inlinable
    public static func decodeRowID<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, _ key: Key) throws -> Int {
        guard let value = try decodeIfPresent(Int.self, container, key) else { return Int.min }
        if value == Int.min { throw unassignedRowID(container, key) }
        return value
    }

    @usableFromInline
    static func unassignedRowID<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, _ key: Key) -> DecodingError {
        DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: container.codingPath + [key],
                debugDescription:
                    "\(key.stringValue) is \(Int.min), the value that marks a key SQLite has not assigned yet: leave \(key.stringValue) out (or null) to have one assigned"
            ))
    }

    @usableFromInline
    static func unreadable<Key: CodingKey>(
        _ type: Any.Type, _ container: KeyedDecodingContainer<Key>, _ key: Key, _ error: any Error
    ) -> DecodingError {
        DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: container.codingPath + [key],
                debugDescription: "the value of \(key.stringValue) cannot be read as \(type) exactly (\(error))",
                underlyingError: error))
    }

    /// The SQL of a query with `IN (:list)` parameters: `segments` joined by one list of
    /// numbered parameters per count in `lists` (`?3, ?4, ?5`), numbered on from `first`.
    /// An empty list gives `IN ()`, which SQLite reads as an empty set.
    public static func sql(joining segments: [String], lists: [Int], from first: Int32) -> String {
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

    /// Whether the linked SQLite has `RETURNING` (3.35), checked at run time.
    public static let supportsReturning = sqlite3_libversion_number() >= 3_035_000

    // raw-template: end
    // MARK: Errors

    /// Throws when `unsaved` (the record's rowid key is still `Int.min`): an update or a
    /// delete of a record never inserted would otherwise change nothing and say `false`.
    @inlinable
    public static func requireInserted(_ unsaved: Bool, _ table: StaticString, _ operation: StaticString) throws {
        if unsaved { throw notInsertedError(table, operation) }
    }

    @usableFromInline
    static func notInsertedError(_ table: StaticString, _ operation: StaticString) -> SQLError {
        SQLError(
            code: .misuse,
            message:
                "cannot \(operation) a \(table) record that was never inserted: its rowid key is Int.min, the default of a record SQLite has not assigned one to; keep the record insert returns"
        )
    }

    // raw-template: begin
    /// Throws the connection's error when `code` is not `SQLITE_OK`.
    @inlinable
    public static func check(_ code: Int32, _ statement: OpaquePointer) throws {
        if code != SQLITE_OK { throw error(statement) }
    }

    // raw-template: end
    /// The error of the connection `statement` belongs to, with the statement's SQL.
    @usableFromInline
    static func error(_ statement: OpaquePointer) -> SQLError {
        let db = sqlite3_db_handle(statement)
        return SQLError(
            code: SQLError.Code(rawValue: db.map { sqlite3_extended_errcode($0) } ?? SQLITE_ERROR),
            message: db.map { String(cString: sqlite3_errmsg($0)) } ?? "unknown error",
            sql: sqlite3_sql(statement).map { String(cString: $0) })
    }

    @usableFromInline
    static func decodingError(_ statement: OpaquePointer, _ column: StaticString, _ problem: String) -> SQLError {
        SQLError(
            code: .mismatch, message: "column \(column) \(problem)",
            sql: sqlite3_sql(statement).map { String(cString: $0) })
    }

    static func missingRowError(_ sql: String) -> SQLError {
        SQLError(code: .error, message: "the inserted row could not be read back", sql: sql)
    }
}

extension SQLUUID.Storage {
    /// What a value a column of this storage cannot read is not, for errors: `a UUID as
    /// the column stores them (lower-case 8-4-4-4-12 text)`.
    @usableFromInline
    var notAUUID: String { "a UUID as the column stores them (\(summary))" }
}

extension SQLBoolean.Storage {
    /// What a value a column of this storage cannot read is not, for errors: `'TRUE' or
    /// 'FALSE', the column's booleans`.
    @usableFromInline
    var notABoolean: String { "\(summary), the column's booleans" }
}
