import Foundation
import PackagePlugin

/// The `LuaLayoutExport` build-tool plugin: every Lua layout of a target becomes Swift at build
/// time through `lualayout export --swift`, so the app builds from the same `.lua` file its
/// tests check (docs/export.md, "Lua stays the source"). Each `NAME.lua` becomes
/// `NAMELayout.swift` with `makeNAMELayout()`; a `lualayout-export.json` beside the layouts may
/// list the scripts to export (the others being modules they `require`) and the options of
/// each: `{"grid.lua": ["--sections", "3,4"]}`. Every `.lua` and `.json` file of the target is
/// an input of every export, so editing a module or a data file exports again. A `--data`
/// file is named from the layouts' folder.
@main
struct LuaLayoutExport: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let tool = try context.tool(named: "lualayout")
        let files = target.sourceFiles.map(\.url)
        let inputs = files.filter { ["lua", "json"].contains($0.pathExtension) }
        let configuration = try Self.configuration(files)
        let scripts = files.filter { $0.pathExtension == "lua" }.filter {
            configuration == nil || configuration?[$0.lastPathComponent] != nil
        }
        return scripts.map { script in
            let name = Self.typeName(script.deletingPathExtension().lastPathComponent)
            let output = context.pluginWorkDirectoryURL.appendingPathComponent(name + "Layout.swift")
            let options = Self.resolvingDataPaths(
                configuration?[script.lastPathComponent] ?? [], from: script.deletingLastPathComponent())
            return .buildCommand(
                displayName: "Exporting \(script.lastPathComponent) to \(name)Layout.swift",
                executable: tool.url,
                arguments: ["export", script.path, "--swift", "--surface", "--name", name, "-o", output.path] + options,
                inputFiles: inputs, outputFiles: [output])
        }
    }

    /// The scripts to export and their options, from `lualayout-export.json`; nil without one
    /// (every `.lua` file is a layout).
    static func configuration(_ files: [URL]) throws -> [String: [String]]? {
        guard let file = files.first(where: { $0.lastPathComponent == "lualayout-export.json" }) else { return nil }
        let data = try Data(contentsOf: file)
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: [String]] else {
            throw PluginError("\(file.path): expected {\"layout.lua\": [\"--option\", \"value\", …], …}")
        }
        return object
    }

    /// The options with a relative `--data FILE` made absolute from the layouts' folder (the
    /// folder of `lualayout-export.json`): the tool does not run there.
    static func resolvingDataPaths(_ options: [String], from folder: URL) -> [String] {
        var result: [String] = []
        for (index, option) in options.enumerated() {
            if index > 0, options[index - 1] == "--data", !option.hasPrefix("/") {
                result.append(folder.appendingPathComponent(option).path)
            } else {
                result.append(option)
            }
        }
        return result
    }

    /// `two-column-grid` → `TwoColumnGrid`, as `lualayout export` names a layout.
    static func typeName(_ stem: String) -> String {
        let words = stem.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        let name = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        guard let first = name.first, first.isLetter else { return "Exported" + name }
        return name
    }
}

struct PluginError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
