import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory slate-generate [--target X …]`:
/// writes the code the build plugin would generate into each target's own directory, to
/// read and commit. Without `--target`, every target that has inputs.
@main
struct SlateCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let chosen: [Target] = names.isEmpty ? context.package.targets : try context.package.targets(named: names)
        let slate = try context.tool(named: "slate").url
        var generated = 0
        for case let target as SourceModuleTarget in chosen {
            let resources = Set(target.sourceFiles.filter { $0.type == .resource }.map(\.url.standardizedFileURL))
            let files = SlateInputs.filesOnDisk(in: target.directoryURL, resources: resources)
            let inputs = try SlateInputs(directory: target.directoryURL, files: files)
            if inputs.databases.isEmpty {
                if !names.isEmpty { Diagnostics.warning("target \(target.name) has no .sql scripts or database files") }
                continue
            }
            let swiftSources = target.sourceFiles(withSuffix: "swift").map(\.url)
            for database in inputs.databases {
                let output = target.directoryURL.appendingPathComponent(database.outputFileName)
                try run(
                    slate, inputs.arguments(for: database, output: output, swiftSources: swiftSources), for: database)
                print("\(target.name): wrote \(output.path)")
                generated += 1
            }
        }
        if generated == 0 {
            Diagnostics.error("no target has .sql scripts or database files (.sqlite, .sqlite3, .db) to generate from")
            throw SlateCommandError("nothing to generate")
        }
    }

    /// Runs `slate`, whose errors (each naming its file, and its line for SQL) go to
    /// standard error as they come; a failure names the database's files once more.
    func run(_ tool: URL, _ arguments: [String], for database: SlateInputs.Database) throws {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let files = database.inputs.map(\.path).joined(separator: ", ")
            throw SlateCommandError(
                "\(database.inputs[0].path): error: \(database.outputFileName) was not generated from \(files): slate generate failed (exit \(process.terminationStatus)); its errors are above"
            )
        }
    }
}

struct SlateCommandError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// `slate-generate` from Xcode's File ▸ Packages menu for the targets of an Xcode project:
/// writes each database's `<stem>.generated.swift` beside its inputs, in the project's
/// directory. Compiled and used on Apple platforms only.
extension SlateCommandPlugin: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        var extractor = ArgumentExtractor(arguments)
        let names = Set(extractor.extractOption(named: "target"))
        let slate = try context.tool(named: "slate").url
        var generated = 0
        for target in context.xcodeProject.targets where names.isEmpty || names.contains(target.displayName) {
            let files = target.inputFiles.map { (url: $0.url, isResource: $0.type == .resource) }
            let inputs = try SlateInputs(directory: context.xcodeProject.directoryURL, files: files)
            let swiftSources = target.inputFiles.filter { $0.url.pathExtension == "swift" }.map(\.url)
            for database in inputs.databases {
                let output = database.inputs[0].deletingLastPathComponent().appendingPathComponent(
                    database.outputFileName)
                try run(
                    slate, inputs.arguments(for: database, output: output, swiftSources: swiftSources), for: database)
                print("\(target.displayName): wrote \(output.path)")
                generated += 1
            }
        }
        if generated == 0 {
            Diagnostics.error("no target has .sql scripts or database files (.sqlite, .sqlite3, .db) to generate from")
            throw SlateCommandError("nothing to generate")
        }
    }
}
#endif
