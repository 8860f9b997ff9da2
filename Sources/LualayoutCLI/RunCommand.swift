import ArgumentParser
import LayoutEngine
import LayoutOutput
import Platform
import ScriptLayout

/// `lualayout run`: prepare a layout and print the elements of a rect.
struct RunCommand: LualayoutCommand, ScriptCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Prepare a layout script and print its elements.",
        discussion: """
            Runs the layout's prepare against a headless collection view, then answers a rect query: \
            by default every element of the layout; --rect X,Y,W,H for one rect; --visible for the \
            viewport at --offset (without it, where the view rests), as drawn (the elements \
            expectSnapshot stores). Elements are listed cells first, then supplementary and decoration \
            views, each by kind and index path.

            Examples:
              lualayout run Examples/cookbook-flow.lua --items 12 --format table
              lualayout run Examples/grid.lua --bounds 768x1024 --visible --offset 704,0
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json
        case table
        case svg
        case html

        func write(
            _ snapshot: LayoutSnapshot, title: String, picture: SVGLayoutWriter.Options,
            to stream: inout any TextOutputStream
        ) {
            switch self {
            case .json: JSONLayoutWriter.write(snapshot, to: &stream)
            case .table: TableLayoutWriter.write(snapshot, to: &stream)
            case .svg: SVGLayoutWriter.write(snapshot, options: picture, to: &stream)
            case .html: HTMLLayoutWriter.write(snapshot, title: title, options: picture, to: &stream)
            }
        }
    }

    @Argument(help: ScriptArgument.help, completion: ScriptArgument.completion)
    var script: String

    @OptionGroup(title: "Collection view")
    var layout: LayoutOptions

    @OptionGroup(title: "Script")
    var scriptOptions: ScriptOptions

    @OptionGroup(title: "Query")
    var queryOptions: QueryOptions

    @Option(
        help: ArgumentHelp(
            "Also ask the layout where a fling proposing this content offset should stop (targetContentOffset).",
            valueName: "X,Y"))
    var targetOffset: PointArgument?

    @Option(help: ArgumentHelp("Scroll velocity for --target-offset (points/ms, as UIKit).", valueName: "VX,VY"))
    var velocity: PointArgument?

    @Option(
        help: ArgumentHelp(
            "Also ask where orthogonal section S of a compositional layout comes to rest when released at offset X with velocity VX (its paging rule). Repeatable.",
            valueName: "S:X[:VX]"))
    var orthogonalTarget: [OrthogonalTargetArgument] = []

    @Option(help: "Output format: json (the contract's attributes), table (for reading), svg or html (a picture).")
    var format: Format = RunCommand.defaultFormat

    /// The default, also read by `RunCommandLine`.
    static let defaultFormat = Format.json

    @OptionGroup(title: "Pictures")
    var picture: PictureOptions

    @Option(
        help: ArgumentHelp(
            "Draw svg/html pictures over a background of this colour fixed to the viewport (a background view), e.g. #1b3a5c.",
            valueName: "#RRGGBB"))
    var background: String?

    @Option(
        name: [.customShort("o"), .long],
        help: ArgumentHelp("Write the output to FILE instead of standard output.", valueName: "FILE"),
        completion: .file())
    var output: String?

    func validate() throws {
        if velocity != nil && targetOffset == nil { throw ValidationError("--velocity goes with --target-offset") }
        if let background, BackgroundColor.parse(background) == nil {
            let shown = String(background.prefix(40).unicodeScalars.map { $0.isControlCharacter ? "?" : Character($0) })
            throw ValidationError("--background must be \(BackgroundColor.expected), got '\(shown)'")
        }
    }

    func execute(_ io: CommandIO) throws(CLIError) {
        let watchdog = Watchdog(seconds: scriptOptions.timeout, what: "run \(script)")
        defer { watchdog.cancel() }
        var context = try layout.makeContext(dataLimit: scriptOptions.maxMemory.bytes)
        let scriptLayout = try scriptOptions.loadLayout(script)
        let warned = ScriptOptions.reportWarnings(of: scriptLayout, to: io)
        let query = queryOptions.query
        let progress = Progress("preparing \(context.data.totalItems) items", items: context.data.totalItems, io: io)
        var snapshot = try LayoutQuery.snapshot(
            of: scriptLayout, in: &context, query: query, picture: format == .svg || format == .html)
        _ = ScriptOptions.reportWarnings(of: scriptLayout, after: warned, to: io)
        progress.finish("prepared \(scriptLayout.elementCount) elements", io: io)
        switch query {
        case .rect, .visible: snapshot.totalElements = scriptLayout.elementCount
        case .all, .element: break
        }
        if let targetOffset {
            let velocity = velocity?.point ?? .zero
            do {
                let target = try scriptLayout.targetContentOffset(
                    forProposedContentOffset: targetOffset.point, withScrollingVelocity: velocity, context: context)
                snapshot.targetContentOffset = .init(proposed: targetOffset.point, velocity: velocity, target: target)
            } catch {
                throw CLIError(error)
            }
        }
        for given in orthogonalTarget {
            guard scriptLayout.scrollRegions.contains(where: { $0.section == given.section }) else {
                throw .usage(
                    "--orthogonal-target \(given.section):…: section \(given.section) does not scroll orthogonally (\(scriptLayout.scrollRegions.isEmpty ? "the layout has no orthogonal sections" : "orthogonal sections: " + scriptLayout.scrollRegions.map { String($0.section) }.joined(separator: ", ")))"
                )
            }
            snapshot.orthogonalTargets.append(
                .init(
                    section: given.section, proposed: given.proposed, velocity: given.velocity,
                    target: scriptLayout.targetOffset(
                        inRegion: given.section, proposed: given.proposed, velocity: given.velocity)))
        }
        // --visible pictures show the viewport, as the preview and simulate's pages do.
        var pictureOptions = picture.svgOptions()
        pictureOptions.viewportOnly = queryOptions.visible
        pictureOptions.safeArea = context.safeAreaInsets
        pictureOptions.background = background
        try OutputDestination(path: output).write(io, inputs: [script] + scriptLayout.loadedFiles + layout.inputFiles) {
            stream in
            format.write(snapshot, title: script, picture: pictureOptions, to: &stream)
        }
    }
}
