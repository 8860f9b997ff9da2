import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform
import InputFiles
import LayoutEngine
import ScriptLayout

/// Options shared by every command that runs a layout: the collection view it runs in
/// (bounds, offset, scale, data, state).
struct LayoutOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Viewport size: the collection view's bounds.", valueName: "WxH"))
    var bounds = LayoutOptions.defaultBounds

    @Option(
        help: ArgumentHelp(
            "Content offset: the origin of the bounds (without it, where UIKit rests: -adjustedContentInset.left, -adjustedContentInset.top).",
            valueName: "X,Y"))
    var offset: PointArgument?

    @Option(
        help: ArgumentHelp(
            "Screen scale (cv.scale); flow layouts round element origins to 1/scale points.", valueName: "S"))
    var scale: Double = LayoutOptions.defaultScale

    @Option(help: ArgumentHelp("The collection view's contentInset (cv.contentInset).", valueName: "T,L,B,R"))
    var contentInset: InsetsArgument?

    @Option(
        help: ArgumentHelp(
            "Safe-area insets (cv.safeAreaInsets); added to the content inset as UIKit's automatic adjustment does.",
            valueName: "T,L,B,R"))
    var safeArea: InsetsArgument?

    @Option(
        help: ArgumentHelp(
            "UIScrollView.contentInsetAdjustmentBehavior: which edges of the safe area cv.adjustedContentInset adds: automatic (vertical edges always, horizontal ones when the content is wider than the bounds), scrollableAxes (the edges of the axes the content scrolls on), never or always. A controller's contentInsetAdjustmentBehavior field overrides it (default: automatic).",
            valueName: "automatic|scrollableAxes|never|always"))
    var contentInsetAdjustment: ContentInsetAdjustmentArgument?

    @Option(
        help: ArgumentHelp(
            "Layout margins from the bounds' edges (cv.layoutMargins; none given: 0, and a list's columns then use UIKit's system margins, 16 or 20, plus the safe area: docs/lists.md).",
            valueName: "T,L,B,R"))
    var layoutMargins: InsetsArgument?

    @Option(help: ArgumentHelp("One section of N items (default: 20 items when no data is given).", valueName: "N"))
    var items: Int?

    @Option(help: ArgumentHelp("Item counts per section.", valueName: "N,N,…"))
    var sections: SectionCountsArgument?

    @Option(
        help: ArgumentHelp(
            "Data file: {\"sections\": [...]}, each section [item, …] (items are any JSON, read by cv:itemData), an item count, or {\"items\": [...] or \"count\": N, \"data\": {...}} (cv:sectionData).",
            valueName: "FILE"), completion: .file(extensions: ["json"]))
    var data: String?

    @Option(
        help: ArgumentHelp(
            "Host state the script reads as cv.state.KEY; VALUE is typed (true/false, number, string). Repeatable.",
            valueName: "KEY=VALUE"))
    var state: [StateArgument] = []

    @Option(
        help: ArgumentHelp(
            "The collection view's layout direction, ltr or rtl (cv.layoutDirection): rtl mirrors flow and compositional layouts, and custom ones that set flipsHorizontallyInOppositeLayoutDirection.",
            valueName: "ltr|rtl"))
    var layoutDirection: LayoutDirectionArgument?

    @Option(
        help: ArgumentHelp(
            "A trait of the collection view (cv.traits, env.traitCollection): horizontalSizeClass or verticalSizeClass = compact|regular, userInterfaceIdiom = phone|pad|mac, preferredContentSizeCategory = UIKit's names (large by default), displayScale (= --scale). Repeatable.",
            valueName: "KEY=VALUE"))
    var trait: [TraitArgument] = []

    @Option(
        help: ArgumentHelp(
            "Scroll offset of orthogonal section S of a compositional layout (pictures draw it scrolled; reported frames stay unscrolled). Repeatable.",
            valueName: "S:X"))
    var orthogonalOffset: [OrthogonalOffsetArgument] = []

    @Option(
        help: ArgumentHelp(
            "The iOS release whose UIKit behaviour applies where releases differ (13 to 18, or 26; default 17).",
            valueName: "N"))
    var ios: IOSVersionArgument?

    /// The defaults, also read by `RunCommandLine`.
    static let defaultBounds = SizeArgument(argument: "375x667")!
    static let defaultScale: Double = 1

    /// Most items a run may lay out.
    static let maxItems = InputFile.maxItems

    func validate() throws {
        let sources = [items != nil, sections != nil, data != nil].filter { $0 }.count
        guard sources <= 1 else { throw ValidationError("give at most one of --items, --sections and --data") }
        if let items, items < 0 || items > Self.maxItems {
            throw ValidationError("--items must be between 0 and \(Self.maxItems)")
        }
        guard scale >= 0.01, scale <= 100 else {
            throw ValidationError("--scale must be between 0.01 and 100 (1, 2 or 3 on devices)")
        }
        _ = try traits()
    }

    /// The `--trait` values over UIKit's defaults, and the display scale they give (`--scale`
    /// unless `displayScale` is set).
    func traits() throws(ValidationError) -> (traits: TraitCollection, scale: Double) {
        var traits = TraitCollection()
        var scale = self.scale
        for given in trait {
            if given.key == "displayScale" {
                guard let value = Double(given.value), value >= 0.01, value <= 100 else {
                    throw ValidationError(
                        "--trait displayScale must be a number between 0.01 and 100, got '\(given.value)'")
                }
                scale = value
                continue
            }
            if let problem = traits.set(given.key, given.value) { throw ValidationError("--trait: \(problem)") }
        }
        return (traits, scale)
    }

    /// The files these options read (the data file), for `OutputDestination`'s check.
    var inputFiles: [String] { data.map { [$0] } ?? [] }

    /// The collection view the layout runs in; a data file may decode to at most `dataLimit`
    /// bytes (the script's `--max-memory`).
    func makeContext(dataLimit: Int = ScriptLayout.Limits().memoryBytes) throws(CLIError) -> CollectionContext {
        let origin = offset?.point ?? .zero
        var state: [String: LayoutValue] = [:]
        for assignment in self.state { state[assignment.key] = assignment.value }
        var context = CollectionContext(
            bounds: Rect(origin: origin, size: bounds.size), scale: scale, data: try loadData(dataLimit: dataLimit),
            state: state,
            contentInset: contentInset?.insets ?? .zero, safeAreaInsets: safeArea?.insets ?? .zero,
            layoutMargins: layoutMargins?.insets ?? .zero)
        for given in orthogonalOffset { context.orthogonalOffsets[given.section] = given.offset }
        context.layoutDirection = layoutDirection?.direction ?? .leftToRight
        context.iosVersion = ios?.version ?? .default
        context.contentInsetAdjustmentBehavior = contentInsetAdjustment?.behavior ?? .automatic
        // Without --offset the view rests where UIKit's does; the layout pass may move it once
        // more when the content size changes the adjusted inset (`prepareSettlingInsets`).
        if offset == nil { context.bounds.origin = context.restingContentOffset }
        do {
            (context.traits, context.scale) = try traits()
        } catch {
            throw .input(error.message)
        }
        return context
    }

    func loadData(dataLimit: Int = ScriptLayout.Limits().memoryBytes) throws(CLIError) -> CollectionData {
        let data: CollectionData
        if let items {
            data = CollectionData(counts: [items])
        } else if let sections {
            data = CollectionData(counts: sections.counts)
        } else if let path = self.data {
            data = try Self.readDataFile(path, limit: dataLimit)
        } else {
            data = CollectionData(counts: [20])
        }
        guard data.totalItems <= Self.maxItems else {
            throw .input(
                "\(self.data ?? "--sections"): \(data.totalItems) items; at most \(Self.maxItems) can be laid out")
        }
        return data
    }

    static func readDataFile(
        _ path: String, limit: Int = ScriptLayout.Limits().memoryBytes
    ) throws(CLIError) -> CollectionData {
        do {
            return try DataFile.read(path, limit: limit)
        } catch {
            throw .input(error.description)
        }
    }
}
