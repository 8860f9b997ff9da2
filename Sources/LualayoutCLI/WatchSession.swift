import Dispatch
import Foundation
import LayoutEngine
import LayoutOutput
import ScriptLayout

/// One `watch` run's state: reloads the script (and its modules and data) from disk, keeps the
/// last layout that worked, and describes each reload against it.
final class WatchSession: @unchecked Sendable {
    let script: String
    let layoutOptions: LayoutOptions
    let scriptOptions: ScriptOptions
    let query: (CollectionContext) -> LayoutQuery
    private(set) var lastGood: LayoutSnapshot?
    private(set) var reloads = 0
    /// Files whose saves trigger a reload: the script, the modules it required, the data file.
    private(set) var watchedFiles: [String]
    /// The last error, while the layout is broken.
    private(set) var currentError: String?
    /// The last layout that worked, kept live so viewers can query other rects of it.
    private var lastGoodLayout: ScriptLayout?
    private var lastGoodContext: CollectionContext?
    private(set) var lastSummary = ""
    /// Guards what preview requests read (the published state and the last good layout, whose
    /// Lua state runs one call at a time). A reload does its work outside the lock — it only
    /// ever runs on the watch loop — and takes it just to publish the result.
    private let lock = NSLock()

    init(script: String, layoutOptions: LayoutOptions, scriptOptions: ScriptOptions,
         query: @escaping (CollectionContext) -> LayoutQuery) {
        self.script = script
        self.layoutOptions = layoutOptions
        self.scriptOptions = scriptOptions
        self.query = query
        watchedFiles = [script] + (layoutOptions.data.map { [$0] } ?? [])
    }

    struct Outcome {
        var report: String
        var snapshot: LayoutSnapshot?
        var milliseconds: Double
    }

    /// Runs the layout afresh from disk. On an error the last good layout stays.
    @discardableResult
    func reload() -> Outcome {
        lock.withLock { reloads += 1 }
        let start = DispatchTime.now().uptimeNanoseconds
        let label = "[\(reloads)]"
        var loaded: ScriptLayout?
        do {
            let context = try layoutOptions.makeContext()
            let layout = try scriptOptions.loadLayout(script)
            loaded = layout
            let snapshot = try LayoutQuery.snapshot(of: layout, in: context, query: query(context))
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            watchedFiles = unique(layout.loadedFiles + (layoutOptions.data.map { [$0] } ?? []))
            let timing = " — \(formatMilliseconds(elapsed)) ms"
            let report: String
            if let previous = lastGood {
                let diff = LayoutDiff(from: previous, to: snapshot)
                report = "\(label) \(currentError == nil ? "" : "recovered: ")\(diff.summary())\(timing)"
            } else {
                let size = snapshot.contentSize
                report = "\(label) \(snapshot.elements.count) elements, content \(NumberFormatting.format(size.width))×\(NumberFormatting.format(size.height))\(timing)"
            }
            lock.withLock {
                lastGood = snapshot
                lastGoodLayout = layout
                lastGoodContext = context
                currentError = nil
                lastSummary = String(report.dropFirst(label.count + 1))
            }
            return Outcome(report: report, snapshot: snapshot, milliseconds: elapsed)
        } catch {
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            // Keep watching what worked before, plus every file this attempt touched (a module
            // that failed to compile or does not exist yet), so the fix is seen.
            var touched = loaded?.loadedFiles ?? []
            if case .script(let scriptError) = error { touched += scriptError.files }
            watchedFiles = unique(watchedFiles + touched)
            lock.withLock { currentError = error.description }
            var report = "\(label) error: " + error.description.replacingOccurrences(of: "\n", with: "\n    ")
            if let lastGood {
                let size = lastGood.contentSize
                report += "\n    keeping the last good layout: \(lastGood.elements.count) elements, content \(NumberFormatting.format(size.width))×\(NumberFormatting.format(size.height))"
            } else {
                report += "\n    no good layout yet"
            }
            return Outcome(report: report, snapshot: nil, milliseconds: elapsed)
        }
    }

    /// The last good layout's elements in the viewport at `offset` (the rect-query phase runs
    /// at those bounds, as a scroll would make it).
    func viewport(at offset: Point) throws -> LayoutSnapshot? {
        lock.lock()
        defer { lock.unlock() }
        guard let layout = lastGoodLayout, var context = lastGoodContext else { return nil }
        // Content offsets stay within the content, as a scroll view keeps them.
        let content = layout.collectionViewContentSize
        let newBounds = Rect(
            x: min(max(0, offset.x), max(0, content.width - context.bounds.width)),
            y: min(max(0, offset.y), max(0, content.height - context.bounds.height)),
            width: context.bounds.width, height: context.bounds.height)
        // A scroll is a bounds change: the layout decides whether it needs a new prepare.
        if newBounds != context.bounds {
            let invalidate = try layout.shouldInvalidateLayout(forBoundsChange: newBounds, context: context)
            context.bounds = newBounds
            if invalidate { try layout.prepare(in: context) }
            lastGoodContext = context
        }
        let elements = try layout.layoutAttributesForElements(in: context.bounds, context: context)
        var snapshot = LayoutSnapshot(bounds: context.bounds, contentSize: layout.collectionViewContentSize, elements: elements)
        snapshot.totalElements = layout.elementCount
        return snapshot
    }

    /// What the preview shows about the current state.
    struct State: Sendable {
        var version: Int
        var error: String?
        var summary: String
        var bounds: Rect
        var contentSize: Size
    }

    var state: State {
        lock.lock()
        defer { lock.unlock() }
        return State(
            version: reloads, error: currentError, summary: lastSummary,
            bounds: lastGoodContext?.bounds ?? .zero, contentSize: lastGood?.contentSize ?? .zero)
    }

    private func unique(_ paths: [String]) -> [String] {
        var seen = Set<String>()
        return paths.filter { seen.insert($0).inserted }
    }

    private func formatMilliseconds(_ value: Double) -> String {
        String((value * 10).rounded() / 10)
    }
}
