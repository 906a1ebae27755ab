import Foundation

/// The databases a target holds, found the same way by the build and the command plugin:
/// every `.sql` script and database file, less `NoSlate/` folders and what `slate.json`
/// excludes, grouped into databases by stem (`InputNames.stem(of:)`, the rule `slate generate` names a database by):
///
/// - Files of one stem are one database: `todos-001.sql`, `todos-002-priority.sql`;
///   `OtherDB-v001.sql` … `OtherDB-v003.sql`.
/// - A script whose stem starts with a database file's stem and `-`, `_` or `.` is
///   replayed over that file (`ContactsDB-AddView.sql` over `ContactsDB.sqlite3`; the
///   longest such stem). Otherwise it joins the scripts of the shortest stem it starts
///   that way (`order-items.sql` joins `order.sql`). Database files never join another.
/// - Files of unrelated stems are databases of their own (`a.sql`, `b.sql`).
///
/// Query files (`.sql` files with a `-- name: query :kind` line) join the database whose stem starts
/// their name (`bookshop-queries.sql` joins `bookshop`), or the target's only database.
/// The plugins hold no generation logic: they find these inputs and run `slate generate`
/// on each database.
struct SlateInputs {
    /// One database: the files sharing a stem, and what to generate from them.
    struct Database {
        /// The shared stem (`contacts` for `contacts-001.sql`, `contacts-002.sql`).
        var stem: String
        /// Database files first, then scripts, each in name order (`InputNames.inNameOrder(_:_:)`, the order `slate generate` replays them in).
        var inputs: [URL]
        /// A database file that the target also bundles as a resource, if any.
        var bundledResource: URL?

        /// The generated file's name: `<stem>.generated.swift`, which no hand-written file
        /// of the target is likely to share (Swift rejects two files of one name).
        var outputFileName: String { "\(stem).generated.swift" }
    }

    /// `slate.json` in the target's directory, if there is one.
    var configuration: URL?
    /// The target's databases, by stem.
    var databases: [Database]

    static let scriptExtensions: Set<String> = ["sql"]
    static let databaseExtensions: Set<String> = ["sqlite", "sqlite3", "db"]

    /// Finds the inputs among `files` of a target rooted at `directory`; `isResource` tells
    /// which files the target bundles as resources.
    ///
    /// - Throws: ``SlateInputsError`` naming the file: `slate.json` that cannot be read,
    ///   a query file that belongs to no database.
    init(directory: URL, files: [(url: URL, isResource: Bool)]) throws {
        let configURL = directory.appendingPathComponent("slate.json")
        configuration = FileManager.default.fileExists(atPath: configURL.path) ? configURL : nil
        let excluded = try configuration.map(SlateInputs.exclusions(in:)) ?? []
        let root = directory.standardizedFileURL.path
        var found: [(url: URL, stem: String, isDatabase: Bool, isResource: Bool)] = []
        var queryFiles: [URL] = []
        for file in files {
            let url = file.url.standardizedFileURL
            let fileExtension = url.pathExtension.lowercased()
            let isScript = SlateInputs.scriptExtensions.contains(fileExtension)
            let isDatabase = SlateInputs.databaseExtensions.contains(fileExtension)
            guard isScript || isDatabase else { continue }
            let relative =
                url.path.hasPrefix(root + "/") ? String(url.path.dropFirst(root.count + 1)) : url.lastPathComponent
            if relative.split(separator: "/").contains("NoSlate") { continue }
            if excluded.contains(where: { SlateInputs.matches(pattern: $0, path: relative) }) { continue }
            if isScript, SlateInputs.isQueryFile(url) {
                queryFiles.append(url)
                continue
            }
            let stem = InputNames.stem(of: url.deletingPathExtension().lastPathComponent)
            found.append((url, stem, isDatabase, file.isResource))
        }
        let databaseStems = Set(found.filter(\.isDatabase).map(\.stem))
        let scriptStems = Set(found.filter { !$0.isDatabase }.map(\.stem))
        var groups: [String: Database] = [:]
        for file in found {
            let stem =
                file.isDatabase
                ? file.stem
                : SlateInputs.owner(
                    ofScript: file.stem, databaseStems: databaseStems, scriptStems: scriptStems)
            var database = groups[stem] ?? Database(stem: stem, inputs: [], bundledResource: nil)
            database.inputs.append(file.url)
            if file.isDatabase && file.isResource && database.bundledResource == nil {
                database.bundledResource = file.url
            }
            groups[stem] = database
        }
        for url in queryFiles {
            let name = url.deletingPathExtension().lastPathComponent
            let owners = groups.keys.filter { InputNames.belongs(name, to: $0) }
            guard let stem = owners.max(by: { $0.count < $1.count }) ?? (groups.count == 1 ? groups.keys.first : nil)
            else {
                throw SlateInputsError(
                    "\(url.path): error: query file \(url.lastPathComponent) belongs to no database; start its name with a database's stem (\(groups.keys.sorted().map { "\($0)-queries.sql" }.joined(separator: ", ")))"
                )
            }
            groups[stem]?.inputs.append(url)
        }
        databases = groups.values
            .map { database in
                var sorted = database
                sorted.inputs.sort { left, right in
                    let leftIsScript = SlateInputs.scriptExtensions.contains(left.pathExtension.lowercased())
                    let rightIsScript = SlateInputs.scriptExtensions.contains(right.pathExtension.lowercased())
                    if leftIsScript != rightIsScript { return !leftIsScript }
                    if InputNames.inNameOrder(left.lastPathComponent, right.lastPathComponent) { return true }
                    if InputNames.inNameOrder(right.lastPathComponent, left.lastPathComponent) { return false }
                    return left.path < right.path
                }
                return sorted
            }
            .sorted { $0.stem < $1.stem }
    }

    /// The stem of the database a script of stem `stem` belongs to: the longest database
    /// file's stem it starts, else the shortest script stem it starts (its own at least).
    static func owner(ofScript stem: String, databaseStems: Set<String>, scriptStems: Set<String>) -> String {
        if let file = databaseStems.filter({ InputNames.belongs(stem, to: $0) }).max(by: { $0.count < $1.count }) {
            return file
        }
        return scriptStems.filter { InputNames.belongs(stem, to: $0) }.min { $0.count < $1.count } ?? stem
    }

    /// Whether the `.sql` file at `url` is a query file: it has a line of a header's exact
    /// shape (``QueryFileHeader``, which `slate generate` compiles too).
    static func isQueryFile(_ url: URL) -> Bool {
        guard let data = FileManager.default.contents(atPath: url.path), let text = String(data: data, encoding: .utf8)
        else {
            return false
        }
        return QueryFileHeader.isQueryFile(text)
    }

    /// Every input-looking file under `directory` on disk, for the command plugin, which
    /// also finds scripts a target excludes in `Package.swift` (to keep SwiftPM from
    /// warning about files it does not handle). `resources` are the files the target
    /// bundles.
    static func filesOnDisk(in directory: URL, resources: Set<URL>) -> [(url: URL, isResource: Bool)] {
        let extensions = scriptExtensions.union(databaseExtensions)
        guard
            let enumerator = FileManager.default.enumerator(
                at: directory, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
        else { return [] }
        var files: [(url: URL, isResource: Bool)] = []
        for case let url as URL in enumerator where extensions.contains(url.pathExtension.lowercased()) {
            let standardized = url.standardizedFileURL
            files.append((standardized, resources.contains(standardized)))
        }
        return files.sorted { $0.url.path < $1.url.path }
    }

    /// The arguments of `slate generate` for `database`, writing to `output`.
    func arguments(for database: Database, output: URL, swiftSources: [URL] = []) -> [String] {
        var arguments = ["generate"] + database.inputs.map(\.path)
        if let configuration { arguments += ["--config", configuration.path] }
        if let resource = database.bundledResource { arguments += ["--bundled-resource", resource.lastPathComponent] }
        // The target's own Swift files, so that a hand-written type named like a generated
        // one is one clear error, not many in the generated file.
        let others = swiftSources.filter { !$0.lastPathComponent.hasSuffix(".generated.swift") }
        if !others.isEmpty { arguments += ["--swift-sources"] + others.map(\.path) }
        arguments += ["--output", output.path]
        return arguments
    }

    /// The `exclude` patterns of `slate.json`: paths relative to the target, `*` matching
    /// within one path component.
    ///
    /// - Throws: ``SlateInputsError`` naming the file when it cannot be read or is not
    ///   JSON. Anything else wrong in it, `slate generate` reports.
    static func exclusions(in configuration: URL) throws -> [String] {
        guard let data = FileManager.default.contents(atPath: configuration.path) else {
            throw SlateInputsError("\(configuration.path): error: cannot read the file")
        }
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw SlateInputsError("\(configuration.path): error: not valid JSON: \(error.localizedDescription)")
        }
        return (json as? [String: Any])?["exclude"] as? [String] ?? []
    }

    /// Whether `path` (relative, `/`-separated) matches `pattern`: component by component,
    /// `*` standing for any run of characters within one; a pattern that names a folder
    /// matches everything under it.
    static func matches(pattern: String, path: String) -> Bool {
        let patternParts = pattern.split(separator: "/")
        let pathParts = path.split(separator: "/")
        guard !patternParts.isEmpty, patternParts.count <= pathParts.count else { return false }
        return zip(patternParts, pathParts).allSatisfy { glob(String($0), String($1)) }
    }

    private static func glob(_ pattern: String, _ text: String) -> Bool {
        let pieces = pattern.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
        guard pieces.count > 1 else { return pattern == text }
        guard text.hasPrefix(pieces[0]), text.hasSuffix(pieces[pieces.count - 1]),
            text.count >= pieces[0].count + pieces[pieces.count - 1].count
        else { return false }
        var rest = Substring(text.dropFirst(pieces[0].count).dropLast(pieces[pieces.count - 1].count))
        for piece in pieces.dropFirst().dropLast() where !piece.isEmpty {
            guard let range = rest.range(of: piece) else { return false }
            rest = rest[range.upperBound...]
        }
        return true
    }
}

/// A target whose inputs cannot be sorted into databases.
struct SlateInputsError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
