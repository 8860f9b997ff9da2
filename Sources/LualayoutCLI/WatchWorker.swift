import ArgumentParser
import LayoutEngine
import LayoutOutput
import Scenario
import ScriptLayout

import Platform
import LivePreview
import WorkerProtocol

/// `lualayout watch-worker -- WATCH ARGUMENTS` (hidden): where `watch` runs each evaluation,
/// so that a script stuck inside one library call — which nothing in the process can
/// interrupt — costs a killed child, never the watcher. Reads `WorkerRequest`s on standard
/// input, answers `WorkerReply`s on standard output; the script's `print` goes to standard
/// error, which is the watcher's.
struct WatchWorkerCommand: LualayoutCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch-worker",
        abstract: "Runs layouts for `lualayout watch` (internal).",
        shouldDisplay: false)

    @Argument(parsing: .postTerminator, help: "The arguments of the watch command this worker serves.")
    var watchArguments: [String] = []

    func execute(_ io: CommandIO) throws(CLIError) {
        let watch: WatchCommand
        do {
            watch = try WatchCommand.parse(watchArguments)
        } catch {
            throw .usage("watch-worker: \(WatchCommand.message(for: error))")
        }
        io.flush()
        WatchWorkerLoop.serve(WatchWorker(watch: watch), tracing: watch.trace, warmUp: WatchWorker.warmUp)
    }
}

/// The worker's side of the conversation: the layout of its one evaluation, kept so viewport
/// requests can query it at other offsets.
final class WatchWorker: WatchEvaluator {
    private let watch: WatchCommand
    private var layout: ScriptLayout?
    private var context: CollectionContext?

    init(watch: WatchCommand) {
        self.watch = watch
    }

    /// Replays an interactive preview's gestures on a fresh load of the script and the
    /// controller (`watch --controller`), from the data as loaded: each viewer's session is
    /// its log, so nothing of it lives here between requests and the kept layout stays as it was.
    func interact(_ gestures: [PreviewGesture]) -> WorkerReply {
        guard layout != nil else { return .noLayout }
        do {
            let context = try watch.layout.makeContext(dataLimit: watch.scriptOptions.maxMemory.bytes)
            let seconds = watch.scriptOptions.timeout(default: WatchCommand.defaultTimeout)
            let fresh = try watch.scriptOptions.loadLayout(watch.script, seconds: seconds)
            let options = watch.scriptOptions.layoutOptions(seconds: seconds)
            let controller = try watch.controller.map { path throws(ScriptError) in
                try ControllerScript(file: path, limits: options.limits)
            }
            // The layouts of transitions by name (`--layout NAME=FILE`): a pinch in the page
            // can begin one through the controller.
            let layouts = try LayoutLibrary(watch.transitions.entries, options: options)
            let session = try SimulationSession(
                layout: fresh, context: context, controller: controller, layouts: layouts)
            var last: TimelineStep?
            for gesture in gestures { last = try gesture.play(on: session) }
            let view = session.view
            var calls = last?.callNames ?? []
            calls += last.map(HTMLTimelineWriter.notes) ?? []
            var snapshot = try session.snapshot()
            snapshot.totalElements = fresh.elementCount
            // Animated state changes play as `simulate --format html` plays them.
            let animations = (last?.animatedChanges ?? []).map { change in
                var page = ""
                HTMLPlanWriter.write(
                    change.plan,
                    title: "state change animated over \(NumberFormatting.rounded(change.duration)) s",
                    options: .init(width: 480, viewportOnly: true), to: &page)
                return page
            }
            return .interaction(
                PreviewInteraction(
                    snapshot: snapshot, selected: view.selectedItems, highlighted: view.highlightedItems,
                    state: view.context.state, lastCalls: calls, animations: animations, moving: view.movingItem,
                    menu: view.menu, refreshing: view.isRefreshing,
                    nextTimer: controller?.nextTimerDue.map { max(0, $0 - session.time) }))
        } catch {
            return .failed("\(error)", files: [])
        }
    }

    /// Loads the script and data afresh, prepares, answers the watch's query.
    func evaluate(trace: inout PhaseTrace) -> WatchEvaluation {
        var loaded: ScriptLayout?
        do {
            var context = try watch.layout.makeContext(dataLimit: watch.scriptOptions.maxMemory.bytes)
            let layout = try watch.scriptOptions.loadLayout(
                watch.script, seconds: watch.scriptOptions.timeout(default: WatchCommand.defaultTimeout))
            loaded = layout
            trace.mark("worker", "data and script loaded")
            // svg and html draw orthogonal sections scrolled, as `run` draws them.
            let snapshot = try LayoutQuery.snapshot(
                of: layout, in: &context, query: watch.queryOptions.query,
                picture: watch.format == .svg || watch.format == .html)
            trace.mark("worker", "prepared and listed")
            // Misspelled fields, on the stderr the watcher passes on to the user.
            let errors = FileStream(descriptor: 2)
            for warning in layout.warnings { errors.write(warning + "\n") }
            if let correction = Self.selfSizingCorrection(of: layout, watch: watch, context: context) {
                errors.write(correction + "\n")
            }
            errors.flush()
            self.layout = layout
            self.context = context
            return .layout(snapshot, loadedFiles: layout.loadedFiles)
        } catch {
            // Every file this attempt touched (a module that failed to compile or does not
            // exist yet), so the watcher sees the fix.
            var touched = loaded?.loadedFiles ?? []
            if case .script(let scriptError) = error { touched += scriptError.files }
            return .failed(error.description, files: touched)
        }
    }

    /// A self-sizing layout (one with `preferredSizeFor…`) prepared again on its estimates: the
    /// content-size correction measuring made, for the watch's output. Nil for other layouts.
    static func selfSizingCorrection(
        of layout: ScriptLayout, watch: WatchCommand, context: CollectionContext
    ) -> String? {
        guard !watch.scriptOptions.estimates,
            layout.fields.callbacks.contains(where: { $0.hasPrefix("preferredSizeFor") }),
            let estimated = try? watch.scriptOptions.loadLayout(
                watch.script, seconds: watch.scriptOptions.timeout(default: WatchCommand.defaultTimeout),
                estimatesOnly: true),
            (try? estimated.prepare(in: context)) != nil
        else { return nil }
        func text(_ size: Size) -> String {
            "\(NumberFormatting.rounded(size.width))×\(NumberFormatting.rounded(size.height))"
        }
        let before = estimated.collectionViewContentSize, after = layout.collectionViewContentSize
        return "\(watch.script): self-sizing: content \(text(before)) on estimates → \(text(after)) measured"
    }

    /// The kept layout's elements in the viewport at `offset` (the rect-query phase runs at
    /// those bounds, as a scroll would make it).
    func viewport(at offset: Point) -> WorkerReply {
        guard let layout, var context else { return .noLayout }
        do {
            // Content offsets stay within the content and its adjusted inset, as a scroll view
            // keeps them: from −inset to the far edge plus the inset, less the viewport.
            let content = layout.collectionViewContentSize
            let inset = context.adjustedContentInset
            let newBounds = Rect(
                x: min(
                    max(-inset.left, offset.x), max(-inset.left, content.width + inset.right - context.bounds.width)),
                y: min(
                    max(-inset.top, offset.y), max(-inset.top, content.height + inset.bottom - context.bounds.height)),
                width: context.bounds.width, height: context.bounds.height)
            // A scroll is a bounds change: the layout decides whether it needs a new prepare.
            if newBounds != context.bounds {
                let invalidate = try layout.shouldInvalidateLayout(forBoundsChange: newBounds, context: context)
                context.bounds = newBounds
                if invalidate { try layout.prepare(in: context) }
                self.context = context
            }
            let elements = try layout.layoutAttributesForElements(in: context.bounds, context: context)
            var snapshot = LayoutSnapshot(
                bounds: context.bounds, contentSize: layout.collectionViewContentSize, elements: [])
            // Drawn as `run`'s pictures and the interactive preview draw it.
            snapshot.draw(try DrawnElements.drawing(elements, layout: layout, context: context))
            snapshot.totalElements = layout.elementCount
            return .viewport(snapshot)
        } catch {
            return .failed("\(error)", files: [])
        }
    }

    /// Runs a small layout once while waiting for the first request, so the run after a save
    /// does not pay for a new process's first use of its code and memory.
    static func warmUp() {
        var context = CollectionContext(
            bounds: Rect(x: 0, y: 0, width: 375, height: 667), scale: 1, data: CollectionData(counts: [2000]),
            state: [:])
        guard let layout = try? ScriptLayout(source: "return flow{ itemSize = {40, 40} }", name: "=(warm-up)"),
            let snapshot = try? LayoutQuery.snapshot(of: layout, in: &context, query: .all)
        else { return }
        let report = WatchRunReport(
            diff: LayoutDiff.Summary(from: snapshot, to: snapshot), elementCount: snapshot.elements.count,
            contentSize: snapshot.contentSize)
        _ = WorkerReply.evaluated(report, loadedFiles: []).encoded()
        _ = WorkerReply.layout(snapshot).encoded()
    }
}
