import ArgumentParser

/// What a planned animation is called in the help of the command that plans it.
protocol PlannedAnimation {
    /// "animation" (update), "transition" (transition).
    static var noun: String { get }
}

enum BatchAnimation: PlannedAnimation { static let noun = "animation" }
enum LayoutTransition: PlannedAnimation { static let noun = "transition" }

/// The output of `update` and `transition`: the plan as JSON (with every element at
/// `--progress`) or a page that plays it, its pictures, and the file it goes to.
struct PlanOutputOptions<Animation: PlannedAnimation>: ParsableArguments {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json
        case table
        case html
    }

    @Option(
        help: ArgumentHelp(
            "Also print every element at this progress of the \(Animation.noun) (json, table).", valueName: "T"))
    var progress: Double?

    @Option(
        help:
            "Output format: json (the plan), table (for reading: a row per element, its change and frames) or html (a page that plays and scrubs the \(Animation.noun))."
    )
    var format: Format = .json

    @OptionGroup(title: "Pictures (html)")
    var picture: PictureOptions

    @Option(
        name: [.customShort("o"), .long],
        help: ArgumentHelp("Write the output to FILE instead of standard output.", valueName: "FILE"),
        completion: .file())
    var output: String?

    func validate() throws {
        if let progress, !(0...1).contains(progress) { throw ValidationError("--progress must be between 0 and 1") }
    }
}
