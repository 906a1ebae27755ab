import Foundation
import PackagePlugin

/// Generates Swift for every database in a target before it compiles: each group of
/// `.sql` scripts and database files sharing a stem becomes `<stem>.generated.swift`, made
/// by `slate generate`. The plugin only finds inputs; `slate` does the rest, and rewrites
/// an output only when its bytes change.
@main
struct SlateBuildPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let files = target.sourceFiles.map { (url: $0.url, isResource: $0.type == .resource) }
        let inputs = try SlateInputs(directory: target.directoryURL, files: files)
        let slate = try context.tool(named: "slate").url
        let swiftSources = target.sourceFiles(withSuffix: "swift").map(\.url)
        return inputs.databases.map { database in
            let output = context.pluginWorkDirectoryURL.appendingPathComponent(database.outputFileName)
            return .buildCommand(
                displayName:
                    "Generating \(database.outputFileName) from \(database.inputs.map(\.lastPathComponent).joined(separator: ", "))",
                executable: slate,
                arguments: inputs.arguments(for: database, output: output, swiftSources: swiftSources),
                inputFiles: database.inputs + (inputs.configuration.map { [$0] } ?? []),
                outputFiles: [output])
        }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// The same generation for a target of an Xcode project (Lighter's plugins do the same):
/// its `.sql` scripts and database files, grouped as in a package target. Xcode has no
/// Linux build, so this path is compiled and used on Apple platforms only.
extension SlateBuildPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let files = target.inputFiles.map { (url: $0.url, isResource: $0.type == .resource) }
        let directory = context.xcodeProject.directoryURL
        let inputs = try SlateInputs(directory: directory, files: files)
        let slate = try context.tool(named: "slate").url
        let swiftSources = target.inputFiles.filter { $0.url.pathExtension == "swift" }.map(\.url)
        return inputs.databases.map { database in
            let output = context.pluginWorkDirectoryURL.appendingPathComponent(database.outputFileName)
            return .buildCommand(
                displayName:
                    "Generating \(database.outputFileName) from \(database.inputs.map(\.lastPathComponent).joined(separator: ", "))",
                executable: slate,
                arguments: inputs.arguments(for: database, output: output, swiftSources: swiftSources),
                inputFiles: database.inputs + (inputs.configuration.map { [$0] } ?? []),
                outputFiles: [output])
        }
    }
}
#endif
