import LayoutEngine
import LayoutOutput

/// What `watch` says to its worker process (`lualayout watch-worker`) and what the worker
/// answers, over the worker's standard input and output. Each message is one frame: an 8-byte
/// little-endian length, then the message in `WireWriter`'s encoding (numbers bit-exact).
package enum WorkerRequest: WorkerMessage, Equatable {
    /// Load the script and data afresh, prepare, answer the watch's query; keep the layout.
    /// The answer is `evaluated` (described against the baseline, if one was given), then
    /// `layout`; or `failed`.
    case evaluate
    /// The last good layout, sent to a worker before its run (while it waits for a save), so
    /// it describes its run against it and the watcher need not wait for the layout to say
    /// what changed.
    case baseline(LayoutSnapshot)
    /// The kept layout's elements in the viewport at this content offset.
    case viewport(Point)
    /// Replay an interactive preview's gestures on a fresh simulation of the script (with
    /// `watch --controller`) and answer where it stands.
    case interact([PreviewGesture])
}

package enum WorkerReply: WorkerMessage, Equatable {
    /// A good run, described: what changed against the baseline, and the files it loaded
    /// (script and modules). Its layout follows (`layout`).
    case evaluated(WatchRunReport, loadedFiles: [String])
    /// The query's snapshot of the run just described.
    case layout(LayoutSnapshot)
    /// A viewport of the kept layout.
    case viewport(LayoutSnapshot)
    /// The request failed: the error as the user sees it, the files the attempt touched.
    case failed(String, files: [String])
    /// A viewport was asked for before any good run.
    case noLayout
    /// Where an interactive preview stands after its gestures.
    case interaction(PreviewInteraction)
}

extension WorkerRequest {
    package func encoded() -> [UInt8] {
        var writer = WireWriter()
        switch self {
        case .evaluate:
            writer.byte(0)
        case .viewport(let offset):
            writer.byte(1)
            writer.double(offset.x)
            writer.double(offset.y)
        case .interact(let gestures):
            writer.byte(2)
            writer.int(gestures.count)
            for gesture in gestures {
                let (kind, numbers) = gesture.wire
                writer.byte(kind)
                for number in numbers { writer.double(number) }
            }
        case .baseline(let snapshot):
            writer.byte(3)
            writer.snapshot(snapshot)
        }
        return writer.bytes
    }

    package init(decoding bytes: [UInt8]) throws(WireError) {
        var reader = WireReader(bytes)
        switch try reader.byte() {
        case 0: self = .evaluate
        case 1: self = .viewport(Point(x: try reader.double(), y: try reader.double()))
        case 2:
            var gestures: [PreviewGesture] = []
            // Each gesture is at least its kind (endMove and cancelMove have no numbers).
            for _ in 0..<min(try reader.count(minimumSize: 1), PreviewGesture.maximumCount + 1) {
                let kind = try reader.byte()
                guard let count = PreviewGesture.numberCount(kind: kind) else {
                    throw WireError("unknown gesture \(kind)")
                }
                var numbers: [Double] = []
                for _ in 0..<count { numbers.append(try reader.double()) }
                guard let gesture = PreviewGesture(kind: kind, numbers: numbers) else {
                    throw WireError("unknown gesture \(kind)")
                }
                gestures.append(gesture)
            }
            self = .interact(gestures)
        case 3: self = .baseline(try reader.snapshot())
        case let tag: throw WireError("unknown request \(tag)")
        }
        try reader.expectEnd()
    }
}

extension WorkerReply {
    package func encoded() -> [UInt8] {
        var writer = WireWriter()
        switch self {
        case .evaluated(let report, let files):
            writer.byte(0)
            writer.runReport(report)
            writer.strings(files)
        case .viewport(let snapshot):
            writer.byte(1)
            writer.snapshot(snapshot)
        case .failed(let message, let files):
            writer.byte(2)
            writer.string(message)
            writer.strings(files)
        case .noLayout:
            writer.byte(3)
        case .interaction(let interaction):
            writer.byte(4)
            writer.snapshot(interaction.snapshot)
            for paths in [interaction.selected, interaction.highlighted] {
                writer.int(paths.count)
                for path in paths {
                    writer.int(path.section)
                    writer.int(path.item)
                }
            }
            writer.object(interaction.state)
            writer.strings(interaction.lastCalls)
            writer.strings(interaction.animations)
            if let moving = interaction.moving {
                writer.byte(1)
                writer.int(moving.section)
                writer.int(moving.item)
            } else {
                writer.byte(0)
            }
            if let menu = interaction.menu {
                writer.byte(1)
                writer.int(menu.indexPath.section)
                writer.int(menu.indexPath.item)
                writer.strings(menu.actions)
            } else {
                writer.byte(0)
            }
            writer.byte(interaction.refreshing ? 1 : 0)
            if let next = interaction.nextTimer {
                writer.byte(1)
                writer.double(next)
            } else {
                writer.byte(0)
            }
        case .layout(let snapshot):
            writer.byte(5)
            writer.snapshot(snapshot)
        }
        return writer.bytes
    }

    package init(decoding bytes: [UInt8]) throws(WireError) {
        var reader = WireReader(bytes)
        switch try reader.byte() {
        case 0: self = .evaluated(try reader.runReport(), loadedFiles: try reader.strings())
        case 1: self = .viewport(try reader.snapshot())
        case 2: self = .failed(try reader.string(), files: try reader.strings())
        case 3: self = .noLayout
        case 4:
            let snapshot = try reader.snapshot()
            var lists: [[LayoutIndexPath]] = []
            for _ in 0..<2 {
                let count = try reader.count(minimumSize: 2)  // two varints
                var paths: [LayoutIndexPath] = []
                for _ in 0..<count { paths.append(LayoutIndexPath(try reader.int(), try reader.int())) }
                lists.append(paths)
            }
            let state = try reader.object()
            let calls = try reader.strings()
            let animations = try reader.strings()
            let moving = try reader.byte() == 1 ? LayoutIndexPath(try reader.int(), try reader.int()) : nil
            let menu =
                try reader.byte() == 1
                ? HeadlessCollectionView.EditMenu(
                    indexPath: LayoutIndexPath(try reader.int(), try reader.int()), actions: try reader.strings())
                : nil
            let refreshing = try reader.byte() == 1
            let nextTimer = try reader.byte() == 1 ? try reader.double() : nil
            self = .interaction(
                PreviewInteraction(
                    snapshot: snapshot, selected: lists[0], highlighted: lists[1], state: state, lastCalls: calls,
                    animations: animations, moving: moving, menu: menu, refreshing: refreshing, nextTimer: nextTimer))
        case 5: self = .layout(try reader.snapshot())
        case let tag: throw WireError("unknown reply \(tag)")
        }
        try reader.expectEnd()
    }
}

/// The worker `watch` runs each evaluation in: `lualayout watch-worker -- WATCH ARGUMENTS`.
package typealias WatchWorkerProcess = WorkerProcess<WorkerRequest, WorkerReply>

extension WorkerProcess where Request == WorkerRequest, Reply == WorkerReply {
    /// Starts a watch worker that parses `watchArguments` as the watcher did.
    package static func spawnWatchWorker(watchArguments: [String]) throws(WorkerStartError) -> WorkerProcess {
        try spawn(command: "watch-worker", arguments: ["--"] + watchArguments, label: "watch")
    }
}
