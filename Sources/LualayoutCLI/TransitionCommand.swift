import ArgumentParser
import LayoutEngine
import LayoutOutput
import ScriptLayout
import Platform

/// `lualayout transition`: animate from one layout to another over the same data.
struct TransitionCommand: LualayoutCommand {
    static let configuration = CommandConfiguration(
        commandName: "transition",
        abstract: "Plan a layout-to-layout transition: every element from the first layout to the second.",
        discussion: """
            Prepares both layouts on the same collection view and pairs their elements by \
            category, kind and index path (UICollectionViewTransitionLayout): paired elements \
            move linearly with the progress, the others fade in or out in place.

            --with T.lua is a custom transition layout (a UICollectionViewTransitionLayout \
            subclass): T.lua returns {attributes = function(cv, a, from, to, progress) … end, \
            animatedKeys = {name = value, …}}; the hook edits a, which holds the linear \
            interpolation, to bend the path of --progress's elements (cv.animatedValues holds \
            the animated keys); the html page plays and scrubs the bent path (sampled every \
            1/\(Self.pathSamples) of the way). Without --with, TO's own transitionLayout (a table \
            of the same shape in its layout table) bends the path, when it has one.

            Examples:
              lualayout transition Examples/grid.lua Examples/table.lua --items 12 --progress 0.5
              lualayout transition Examples/grid.lua Examples/table.lua --items 4 --format table
              lualayout transition Examples/grid.lua Examples/table.lua --items 12 --progress 0.5 --with Examples/bent-transition.lua
              lualayout transition Examples/grid.lua Examples/table.lua --items 12 --with Examples/bent-transition.lua --format html -o bent.html
            """)

    /// How many steps the html page samples a bent path in (progress k / 20).
    static let pathSamples = 20

    typealias Format = PlanOutputOptions<LayoutTransition>.Format

    @Argument(
        help: ArgumentHelp("The layout to start from (Lua).", valueName: "FROM"), completion: .file(extensions: ["lua"])
    )
    var from: String

    @Argument(
        help: ArgumentHelp("The layout to end at (Lua).", valueName: "TO"), completion: .file(extensions: ["lua"]))
    var to: String

    @OptionGroup(title: "Collection view")
    var layout: LayoutOptions

    @OptionGroup(title: "Script")
    var scriptOptions: ScriptOptions

    @OptionGroup
    var plan: PlanOutputOptions<LayoutTransition>

    @Option(
        help: ArgumentHelp(
            "A custom transition layout: attributes(cv, a, from, to, progress) bends --progress's elements.",
            valueName: "T.lua"), completion: .file(extensions: ["lua"]))
    var with: String?

    var progress: Double? { plan.progress }
    var format: Format { plan.format }
    var picture: PictureOptions { plan.picture }
    var output: String? { plan.output }

    func validate() throws {
        if with != nil, progress == nil, format != .html {
            throw ValidationError(
                "--with bends the elements at --progress: give --progress T (json or table output), or --format html")
        }
    }

    func execute(_ io: CommandIO) throws(CLIError) {
        let watchdog = Watchdog(seconds: scriptOptions.timeout, what: "transition \(from) → \(to)")
        defer { watchdog.cancel() }
        let context = try layout.makeContext(dataLimit: scriptOptions.maxMemory.bytes)
        guard context.data.totalItems <= UpdateCommand.maxItems else {
            throw .input("transition: at most \(UpdateCommand.maxItems) items can be planned")
        }
        let first = try scriptOptions.loadLayout(from)
        let second = try scriptOptions.loadLayout(to)
        _ = ScriptOptions.reportWarnings(of: first, to: io)
        _ = ScriptOptions.reportWarnings(of: second, to: io)
        let plan: AnimationPlan
        var bent: [LayoutAttributes]?
        var path: [[LayoutAttributes]]?
        do {
            plan = try TransitionPlanner.plan(from: first, to: second, context: context)
            // Without --with, TO's own transitionLayout (if it provides one) bends the path.
            let limits = scriptOptions.layoutOptions(seconds: scriptOptions.timeout).limits
            if let transition = try with.map({ path throws(ScriptError) in
                try TransitionScript(file: path, limits: limits)
            }) ?? second.providedTransition() {
                if let progress, format != .html {
                    bent = try TransitionLayout.elements(of: plan, at: progress, bending: transition, context: context)
                }
                if format == .html {
                    path = try (0...Self.pathSamples).map { step in
                        try TransitionLayout.entries(
                            of: plan, at: Double(step) / Double(Self.pathSamples), bending: transition,
                            context: context)
                    }
                }
            }
        } catch {
            throw CLIError(error)
        }
        let inputs = [from, to] + first.loadedFiles + second.loadedFiles + layout.inputFiles
        try OutputDestination(path: output).write(io, inputs: inputs) { stream in
            switch format {
            case .json: JSONPlanWriter.write(plan, progress: progress, elementsAtProgress: bent, to: &stream)
            case .table: PlanTableWriter.write(plan, progress: progress, elementsAtProgress: bent, to: &stream)
            case .html:
                HTMLPlanWriter.write(
                    plan, title: "\(from) → \(to)", options: picture.svgOptions(maxNaturalWidth: 900), path: path,
                    to: &stream)
            }
        }
    }
}
