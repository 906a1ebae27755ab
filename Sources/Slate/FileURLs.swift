#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension SQLContext {
    /// Opens the database file at a file `URL`.
    ///
    /// ```swift
    /// let url = URL.applicationSupportDirectory.appendingPathComponent("db.sqlite")
    /// let ctx = try SQLContext(path: url, flags: [.create, .readWrite])
    /// defer { ctx.close() }
    /// ```
    ///
    /// - Throws: ``SQLError`` with ``SQLError/Code/cantOpen`` when `url` is not a file URL,
    ///   and as ``init(path:flags:configuration:)-(String?,_,_)`` does.
    public convenience init(
        path url: URL, flags: OpenFlags = [.create, .readWrite], configuration: Configuration = .default
    ) throws {
        try self.init(path: url.databasePath(), flags: flags, configuration: configuration)
    }
}

extension SQLPool {
    /// Opens a pool on the database file at a file `URL`.
    public convenience init(path url: URL, configuration: Configuration = .default) throws {
        try self.init(path: url.databasePath(), configuration: configuration)
    }
}

extension URL {
    /// The file system path of a file URL, or an error for any other URL.
    func databasePath() throws -> String {
        guard isFileURL else {
            throw SQLError(code: .cantOpen, message: "cannot open database \(absoluteString): not a file URL")
        }
        return withUnsafeFileSystemRepresentation { pointer in
            pointer.map { String(cString: $0) } ?? ""
        }
    }
}
