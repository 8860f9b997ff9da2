#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LayoutEngine
import LayoutOutput
import Platform
import WorkerProtocol

/// What a watch worker computes for each request: the CLI's layout, query and simulation
/// (the only side that knows scripts and scenarios); the loop around it is `WatchWorkerLoop`.
package protocol WatchEvaluator: AnyObject {
    /// Loads the script and data afresh, prepares, answers the watch's query (marking its
    /// steps in `trace`).
    func evaluate(trace: inout PhaseTrace) -> WatchEvaluation
    /// The kept layout's elements in the viewport at `offset`.
    func viewport(at offset: Point) -> WorkerReply
    /// Replays an interactive preview's gestures on a fresh simulation.
    func interact(_ gestures: [PreviewGesture]) -> WorkerReply
}

/// One evaluation's result, before the loop describes it against the baseline.
package enum WatchEvaluation {
    case layout(LayoutSnapshot, loadedFiles: [String])
    /// The error as the user sees it, and the files the attempt touched.
    case failed(String, files: [String])
}

/// The child's side of the watch worker (`lualayout watch-worker`), beside its parent's side
/// (`WatchSession`): reads `WorkerRequest`s on standard input, answers `WorkerReply`s on
/// standard output, one at a time, until the watcher goes away.
package enum WatchWorkerLoop {
    /// Answers requests until the watcher goes away; never returns. `warmUp` runs once while
    /// the first request is awaited. `tracing`: each evaluation's steps go back in its report.
    package static func serve(_ evaluator: some WatchEvaluator, tracing: Bool, warmUp: () -> Void) -> Never {
        let (replies, inbox) = WorkerChild.start { try WorkerRequest(decoding: $0) }
        closeInheritedSockets()
        warmUp()
        var baseline: LayoutSnapshot?
        while true {
            let request = inbox.take()
            var trace = PhaseTrace(enabled: tracing)
            trace.mark("worker", "request read")
            for reply in handle(request, with: evaluator, baseline: &baseline, trace: &trace) {
                guard WorkerFrames.write(reply.encoded(), to: replies) else { _exit(0) }
            }
        }
    }

    /// The replies to `request`, in order. A good evaluation is described against `baseline`
    /// (when the watcher sent one) in a small first reply, so the watcher can print its line
    /// before the layout itself, the second reply, has crossed the pipe.
    package static func handle(
        _ request: WorkerRequest, with evaluator: some WatchEvaluator, baseline: inout LayoutSnapshot?,
        trace: inout PhaseTrace
    ) -> [WorkerReply] {
        switch request {
        case .evaluate:
            switch evaluator.evaluate(trace: &trace) {
            case .layout(let snapshot, let files):
                let diff = baseline.map { LayoutDiff.Summary(from: $0, to: snapshot) }
                if diff != nil { trace.mark("worker", "compared with the last good layout") }
                let report = WatchRunReport(
                    diff: diff, elementCount: snapshot.elements.count, contentSize: snapshot.contentSize,
                    trace: trace.points)
                return [.evaluated(report, loadedFiles: files), .layout(snapshot)]
            case .failed(let message, let files):
                return [.failed(message, files: files)]
            }
        case .baseline(let snapshot):
            baseline = snapshot
            // The run after the save builds a layout about this size: its memory is made
            // ready now, while the worker waits (a `run` pays the page faults).
            WarmHeap.prepare(bytes: snapshot.elements.count * 200)
            return []
        case .viewport(let offset): return [evaluator.viewport(at: offset)]
        case .interact(let gestures): return [evaluator.interact(gestures)]
        }
    }

    /// Sockets the worker inherited from the watcher (the preview's connections): held open
    /// here, they would keep a connection alive after the watcher closed it.
    private static func closeInheritedSockets() {
        #if os(Linux)
        let descriptors =
            (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd"))?.compactMap { Int32($0) } ?? []
        #else
        let descriptors = Array(3..<min(Int32(getdtablesize()), 4096))
        #endif
        for descriptor in descriptors where descriptor > 2 {
            var info = stat()
            if fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFSOCK { close(descriptor) }
        }
    }
}
