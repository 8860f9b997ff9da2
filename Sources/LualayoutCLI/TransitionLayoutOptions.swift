import ArgumentParser
import Scenario

/// `NAME=FILE`: a layout (or transition script) named for `beginTransition(NAME)`.
struct NamedLayoutArgument: ExpressibleByArgument {
    var entry: LayoutLibrary.Entry

    /// A name of letters, digits, `_`, `-` and `.`, then `=` and a path.
    init?(argument: String) {
        guard let equals = argument.firstIndex(of: "=") else { return nil }
        let name = String(argument[..<equals]), path = String(argument[argument.index(after: equals)...])
        let allowed = name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                || "_-.".unicodeScalars.contains($0)
        }
        guard !name.isEmpty, name.count <= 100, allowed, !path.isEmpty else { return nil }
        entry = LayoutLibrary.Entry(name: name, path: path)
    }
}

/// The layouts a scenario or a controller begins interactive transitions to by name
/// (`beginTransition(NAME [, TRANSITION])`): `simulate`, `watch` and a test's `-- options:`.
struct TransitionLayoutOptions: ParsableArguments {
    @Option(
        name: .customLong("layout"),
        help: ArgumentHelp(
            "A layout (or a transition script) that scenarios and controllers begin interactive transitions to by name: beginTransition(NAME [, TRANSITION]). Repeatable.",
            valueName: "NAME=FILE"), completion: .file(extensions: ["lua"]))
    var named: [NamedLayoutArgument] = []

    var entries: [LayoutLibrary.Entry] { named.map(\.entry) }

    /// Every file must be there before anything runs (an input error otherwise).
    func checkReadable() throws(CLIError) {
        for entry in entries { try SimulateCommand.checkReadable(entry.path, "layout (--layout \(entry.name))") }
    }

    var files: [String] { entries.map(\.path) }
}
