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
        return inputs.databases.map { database in
            let output = context.pluginWorkDirectoryURL.appendingPathComponent(database.outputFileName)
            return .buildCommand(
                displayName: "Generating \(database.outputFileName) from \(database.inputs.map(\.lastPathComponent).joined(separator: ", "))",
                executable: slate,
                arguments: inputs.arguments(for: database, output: output),
                inputFiles: database.inputs + (inputs.configuration.map { [$0] } ?? []),
                outputFiles: [output])
        }
    }
}
