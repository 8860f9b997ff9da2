import ArgumentParser

/// What every command that runs one layout script takes: the script, the collection view it
/// runs in, and the script's seed and limits.
struct ScriptCommandOptions: ParsableArguments {
    @Argument(
        help: ArgumentHelp("The layout script (Lua).", valueName: "SCRIPT"), completion: .file(extensions: ["lua"]))
    var script: String

    @OptionGroup(title: "Collection view")
    var layout: LayoutOptions

    @OptionGroup(title: "Script")
    var scriptOptions: ScriptOptions
}

/// A command built on `ScriptCommandOptions`, reading its parts by their usual names.
protocol ScriptCommand {
    var common: ScriptCommandOptions { get set }
}

extension ScriptCommand {
    var script: String { common.script }
    var layout: LayoutOptions { common.layout }
    var scriptOptions: ScriptOptions { common.scriptOptions }
}
