import ArgumentParser

/// A command that runs one layout script: it takes the script, the collection view it runs in
/// (`LayoutOptions`, titled "Collection view") and the script's seed and limits
/// (`ScriptOptions`, titled "Script"), declared in that order where its options start:
///
///     @Argument(help: ScriptArgument.help, completion: ScriptArgument.completion)
///     var script: String
///     @OptionGroup(title: "Collection view") var layout: LayoutOptions
///     @OptionGroup(title: "Script") var scriptOptions: ScriptOptions
///
/// Declared in each command rather than in one group holding the three: a debug build of
/// ArgumentParser checks every option group each time it builds a command's option table, and
/// each check builds the tables of the groups inside again, so each level of nesting cost about
/// four times the work (docs/performance.md, "The test suite").
protocol ScriptCommand {
    var script: String { get set }
    var layout: LayoutOptions { get set }
    var scriptOptions: ScriptOptions { get set }
}

/// The help and completion of a script command's SCRIPT argument.
enum ScriptArgument {
    static let help = ArgumentHelp("The layout script (Lua).", valueName: "SCRIPT")
    static let completion = CompletionKind.file(extensions: ["lua"])
}
