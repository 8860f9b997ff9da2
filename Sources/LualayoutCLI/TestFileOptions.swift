import ArgumentParser
import LayoutEngine
import LayoutTesting
import Scenario
import ScriptLayout

/// The options a test's `-- options:` lines may give: exactly `lualayout run`'s collection
/// view and script options (the same option groups, so the same names, values and checks).
struct ScenarioOptions: ParsableArguments, ScenarioTestOptions {
    @OptionGroup(title: "Collection view")
    var layout: LayoutOptions

    @OptionGroup(title: "Script")
    var scriptOptions: ScriptOptions

    @OptionGroup(title: "Transitions")
    var transitions: TransitionLayoutOptions

    var namedLayouts: [LayoutLibrary.Entry] { transitions.entries }

    func makeContext() throws -> CollectionContext {
        try layout.makeContext(dataLimit: scriptOptions.maxMemory.bytes)
    }

    var layoutOptions: ScriptLayout.Options { scriptOptions.layoutOptions(seconds: scriptOptions.timeout) }

    var timeout: Double { scriptOptions.timeout }

    var dataFile: String? { layout.data }

    /// Reads the `-- options:` lines as one command line; an error names the line holding
    /// the option it is about.
    static func read(_ lines: [ScenarioHeader.Directive], path: String) throws(TestFileError) -> ScenarioOptions {
        var words: [(word: String, line: Int)] = []
        for line in lines {
            do {
                words += try OptionWords.split(line.value).map { ($0, line.line) }
            } catch {
                throw TestFileError(path, line.line, "-- options: \(error.message)")
            }
        }
        // The same pre-pass as the command line: negative values (`--offset -5,0`) and --state.
        let prepass = ArgumentPrepass(["run"] + words.map(\.word))
        func located(_ message: String) -> TestFileError {
            // The line of the word the message is about: the first one it quotes
            // (`Unknown option '--itemz'`), else the first option it names, else the first line.
            func name(_ word: String) -> Substring { word.split(separator: "=", maxSplits: 1).first ?? "" }
            let quoted = message.split(separator: "'", omittingEmptySubsequences: false).dropFirst().first
            let line =
                words.first { quoted != nil && ($0.word == quoted! || name($0.word) == quoted!) }?.line
                ?? words.first { $0.word.hasPrefix("--") && message.contains(name($0.word)) }?.line
            return TestFileError(path, line ?? lines.first?.line ?? 1, "-- options: \(message)")
        }
        if words.contains(where: { $0.word == "--help" || $0.word == "-h" }) {
            throw located("'--help' is not an option of a test")
        }
        // The common header through the fast path (RunCommandLine); anything else, and every
        // error, through ArgumentParser.
        let fast = RunCommandLine.scenarioOptions(words.map(\.word))
        var options: ScenarioOptions
        do {
            options = try fast ?? ScenarioOptions.parse(Array(prepass.remaining.dropFirst()))
        } catch {
            throw located(ScenarioOptions.message(for: error))
        }
        if let data = options.layout.data {
            options.layout.data = TestFilePaths.resolve(data, against: path)
            let line =
                words.first { $0.word == "--data" || $0.word.hasPrefix("--data=") }?.line ?? lines.first?.line ?? 1
            try TestFilePaths.requireFile(options.layout.data!, what: "data", at: line, of: path)
        }
        // `--layout NAME=FILE`: FILE relative to the test file, there at the line naming it.
        for index in options.transitions.named.indices {
            let entry = options.transitions.named[index].entry
            let resolved = TestFilePaths.resolve(entry.path, against: path)
            options.transitions.named[index].entry.path = resolved
            let line = words.first { $0.word.hasSuffix(entry.name + "=" + entry.path) }?.line ?? lines.first?.line ?? 1
            try TestFilePaths.requireFile(resolved, what: "layout \(entry.name)", at: line, of: path)
        }
        // ArgumentParser read the line without --state (the pre-pass took it out); the fast path read it.
        if fast == nil {
            for text in prepass.repeated["state"] ?? [] {
                guard let state = StateArgument(argument: text) else {
                    throw located("invalid value '\(text)' for '--state'")
                }
                options.layout.state.append(state)
            }
        }
        return options
    }
}
