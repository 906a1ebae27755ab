import SlateRecords

/// The genres the shop files books under, from the database bundled with this module.
public enum Genres {
    /// Every genre's name, alphabetically.
    public static func names() throws -> [String] {
        let catalog = try Catalog.module
        defer { catalog.close() }
        return try catalog.genres.fetch().map(\.name).sorted()
    }
}
