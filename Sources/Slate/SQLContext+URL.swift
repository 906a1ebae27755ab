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
    public convenience init(path url: URL, flags: OpenFlags = [.create, .readWrite], configuration: Configuration = .default) throws {
        guard url.isFileURL else {
            throw SQLError(code: .cantOpen, message: "cannot open database \(url.absoluteString): not a file URL")
        }
        let path = url.withUnsafeFileSystemRepresentation { pointer in
            pointer.map { String(cString: $0) } ?? ""
        }
        try self.init(path: path, flags: flags, configuration: configuration)
    }
}
