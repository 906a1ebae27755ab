/// A hand-written `Codable` type stored as the rows of one table: SQLiteKit's
/// `SQLiteObject`, for Swift values.
///
/// Name the table, and the property holding the primary key when it is not `id`; the
/// coding keys are the column names:
///
/// ```swift
/// struct Note: SQLCodableRecord {
///     static let tableName = "notes"
///     var id: Int?          // nil: SQLite assigns the rowid when the note is saved
///     var title: String
///     var body: String?
/// }
///
/// let saved = try db.save(Note(title: "Groceries"))       // INSERT, or UPDATE by key
/// let new = try db.insert(Note(title: "Once"))             // INSERT; an existing key throws
/// let note = try db.load(Note.self, key: saved.id!)        // by key, or nil
/// let open = try db.fetch(Note.self, where: { $0.title.hasPrefix("G") })
/// try db.delete(saved)
/// ```
///
/// Slate learns a type's columns once, by decoding sample values, and checks them against
/// the table the first time a connection uses the type: a property without a column
/// throws an error that names both. Rows decode by column position, with no lookup by name
/// per row. Properties of types Slate cannot make a sample of (an enum with raw values)
/// need `CaseIterable`.
///
/// Values are stored as generated records store them: dates as SQLite's
/// `YYYY-MM-DD HH:MM:SS.SSS` text (also read from unix seconds), UUIDs as text, `Data`
/// and `[UInt8]` as blobs, enums by raw value, and any other nested `Codable` value as
/// JSON text.
public protocol SQLCodableRecord: Codable, Sendable {
    /// The table's name, as SQL has it.
    static var tableName: String { get }
    /// The coding key of the primary-key property; `"id"` unless you say otherwise.
    static var primaryKey: String { get }
    /// The coding keys of a compound primary key, in the key's order; `[primaryKey]`
    /// unless you say otherwise (`static let primaryKeys = ["student_id", "course_id"]`).
    static var primaryKeys: [String] { get }
}

extension SQLCodableRecord {
    /// `"id"`.
    public static var primaryKey: String { "id" }
    /// `[primaryKey]`.
    public static var primaryKeys: [String] { [primaryKey] }

    /// The record's column values by column name, as Slate stores them (SkipSQL's
    /// `encodedRow()`): dates as text, UUIDs as text, enums by raw value, nested values
    /// as JSON text, nil as `.null`.
    public func encodedRow() throws -> [String: SQLValue] {
        var row = try SQLKeyCapture.values(of: self)
        // A nil optional is left out by `encodeIfPresent`: it is NULL in the row.
        let layout = SQLCodableLayout<Self>.shared
        if let failure = layout.failure { throw failure }
        for key in layout.keys where row[key] == nil { row[key] = .null }
        return row
    }
}
