#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LayoutEngine
import Platform
import WorkerProtocol

/// What a watch worker computes for each request: the CLI's layout, query and simulation
/// (the only side that knows scripts and scenarios); the loop around it is `WatchWorkerLoop`.
package protocol WatchEvaluator: AnyObject {
    /// Loads the script and data afresh, prepares, answers the watch's query.
    func evaluate() -> WorkerReply
    /// The kept layout's elements in the viewport at `offset`.
    func viewport(at offset: Point) -> WorkerReply
    /// Replays an interactive preview's gestures on a fresh simulation.
    func interact(_ gestures: [PreviewGesture]) -> WorkerReply
}

/// The child's side of the watch worker (`lualayout watch-worker`), beside its parent's side
/// (`WatchSession`): reads `WorkerRequest`s on standard input, answers `WorkerReply`s on
/// standard output, one at a time, until the watcher goes away.
package enum WatchWorkerLoop {
    /// Answers requests until the watcher goes away; never returns. `warmUp` runs once while
    /// the first request is awaited.
    package static func serve(_ evaluator: some WatchEvaluator, warmUp: () -> Void) -> Never {
        let (replies, inbox) = WorkerChild.start { try WorkerRequest(decoding: $0) }
        closeInheritedSockets()
        warmUp()
        while true {
            let reply = handle(inbox.take(), with: evaluator)
            guard WorkerFrames.write(reply.encoded(), to: replies) else { _exit(0) }
        }
    }

    package static func handle(_ request: WorkerRequest, with evaluator: some WatchEvaluator) -> WorkerReply {
        switch request {
        case .evaluate: evaluator.evaluate()
        case .viewport(let offset): evaluator.viewport(at: offset)
        case .interact(let gestures): evaluator.interact(gestures)
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
