import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LayoutEngine
import LayoutOutput
import WorkerProtocol
import Platform

/// One `watch` run's state: runs the layout afresh from disk after each save — in a worker
/// process of its own, under a deadline — keeps the last layout that worked, and describes
/// each run against it.
///
/// The watch loop drives runs (`begin`, `finish`, `cancel`; `reload` does all three). The
/// preview reads `state`, a published value no Lua work ever holds a lock on, and asks for
/// viewports, which one serial executor sends to the worker that holds the last good layout.
package final class WatchSession: @unchecked Sendable {
    package let script: String
    /// Seconds each run and each viewport request may take.
    package let timeout: Double
    /// The watch command's arguments, which each worker parses as the watcher did.
    private let watchArguments: [String]
    private let dataFile: String?
    /// Keep the worker of the last good run alive, to answer viewport requests (the preview).
    private let keepsLiveWorker: Bool

    // The watch loop's own state (only the thread running the loop touches it).
    package private(set) var lastGood: LayoutSnapshot?
    /// Runs reported so far (a cancelled run is not one).
    package private(set) var reloads = 0
    /// Files whose saves trigger a run: the script, the modules it required, the data file.
    package private(set) var watchedFiles: [String]
    /// The last run's error, while the layout is broken.
    package private(set) var currentError: String?
    private var running: Running?
    /// A worker started ahead of the next save, so a run does not wait for a process to start.
    private var spare: WatchWorkerProcess?

    private struct Running {
        var worker: WatchWorkerProcess?
        var start: UInt64
        /// Why there is no worker (it could not be started).
        var failure: String?
    }

    // What preview requests read, replaced whole under `publishLock` (held only to copy).
    private let publishLock = Lock()
    private var published = Published()
    /// Runs viewport requests one at a time.
    private let executor = DispatchQueue(label: "lualayout.watch.viewports")
    /// Called (on any thread) when the published state changes outside a run: a viewport
    /// request that overran and took the live layout down.
    package var onChange: (@Sendable () -> Void)?

    private struct Published {
        var state = State(version: 0, error: nil, summary: "", bounds: .zero, contentSize: .zero)
        /// The last good run's snapshot: what viewports fall back to without a live worker.
        var lastGood: LayoutSnapshot?
        /// The worker holding the last good layout, while it is alive.
        var live: WatchWorkerProcess?
        /// Why the live worker was stopped, until the next good run.
        var liveError: String?
    }

    package init(script: String, watchArguments: [String], dataFile: String?, timeout: Double, keepsLiveWorker: Bool) {
        self.script = script
        self.watchArguments = watchArguments
        self.dataFile = dataFile
        self.timeout = timeout
        self.keepsLiveWorker = keepsLiveWorker
        watchedFiles = [script] + (dataFile.map { [$0] } ?? [])
    }

    deinit { stop() }

    package struct Outcome {
        package var report: String
        package var snapshot: LayoutSnapshot?
        package var milliseconds: Double
    }

    // MARK: Runs

    /// Runs the layout afresh from disk and waits for it (at most the deadline). On an error
    /// the last good layout stays.
    @discardableResult
    package func reload() -> Outcome {
        begin()
        while true {
            if let outcome = finish(waitingUntil: .max) {
                prepareNextRun()
                return outcome
            }
        }
    }

    package var isRunning: Bool { running != nil }

    /// Starts a run (cancelling the one still running: the newest save wins).
    package func begin() {
        cancel()
        let start = DispatchTime.now().uptimeNanoseconds
        if let ready = spare, ready.send(.evaluate) {
            spare = nil
            running = Running(worker: ready, start: start)
            return
        }
        spare = nil
        do {
            let worker = try WatchWorkerProcess.spawnWatchWorker(watchArguments: watchArguments)
            // A worker that cannot take the request has ended: `finish` says how.
            _ = worker.send(.evaluate)
            running = Running(worker: worker, start: start)
        } catch {
            running = Running(worker: nil, start: start, failure: error.description)
        }
    }

    /// Stops the running run without a report.
    package func cancel() {
        running?.worker?.kill()
        running = nil
    }

    /// Waits until `deadline` (uptime nanoseconds) for the running run; its outcome once it
    /// finished, failed or overran its time limit, nil while it is still running.
    package func finish(waitingUntil deadline: UInt64) -> Outcome? {
        guard let current = running else { return nil }
        let limit = current.start + nanoseconds(timeout)
        var answer: WatchWorkerProcess.Received?
        if let failure = current.failure {
            answer = .reply(.failed(failure, files: []))
        } else if let worker = current.worker {
            answer = worker.receive(until: min(deadline, limit))
            if answer == nil {
                guard DispatchTime.now().uptimeNanoseconds >= limit else { return nil }
                worker.kill()
            }
        }
        running = nil
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - current.start) / 1e6
        let outcome: Outcome
        switch answer {
        case .reply(.evaluated(let snapshot, let files))?:
            outcome = succeeded(snapshot, loadedFiles: files, worker: current.worker, start: current.start)
        case .reply(.failed(let message, let files))?:
            outcome = failed(message, touched: files, elapsed: elapsed)
        case .reply?:
            outcome = failed(
                "\(script): the worker process gave an answer that does not fit a run", touched: [], elapsed: elapsed)
        case .ended(let how)?:
            outcome = failed("\(script): the worker process \(how)", touched: [], elapsed: elapsed)
        case nil:
            outcome = failed(Watchdog.message(what: script, seconds: timeout), touched: [], elapsed: elapsed)
        }
        return outcome
    }

    /// Starts a worker for the next save, so that run does not wait for a process to start
    /// (call once a run's report is out: starting one takes a moment).
    package func prepareNextRun() {
        if spare == nil { spare = try? WatchWorkerProcess.spawnWatchWorker(watchArguments: watchArguments) }
    }

    /// Stops every worker (the watch is ending).
    package func stop() {
        cancel()
        spare = nil
        let live = publishLock.withLock {
            defer { published.live = nil }
            return published.live
        }
        live?.kill()
    }

    private func succeeded(
        _ snapshot: LayoutSnapshot, loadedFiles: [String], worker: WatchWorkerProcess?, start: UInt64
    ) -> Outcome {
        reloads += 1
        let label = "[\(reloads)]"
        watchedFiles = unique(loadedFiles + (dataFile.map { [$0] } ?? []))
        let summary: String
        if let previous = lastGood {
            let diff = LayoutDiff(from: previous, to: snapshot)
            summary = "\(currentError == nil ? "" : "recovered: ")\(diff.summary())"
        } else {
            let size = snapshot.contentSize
            summary =
                "\(snapshot.elements.count) elements, content \(NumberFormatting.rounded(size.width))×\(NumberFormatting.rounded(size.height))"
        }
        // The whole time from the save being seen to this line: the run, its answer read back,
        // and the diff.
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        let report = "\(label) \(summary) — \(formatMilliseconds(elapsed)) ms"
        lastGood = snapshot
        currentError = nil
        let state = State(
            version: reloads, error: nil, summary: String(report.dropFirst(label.count + 1)),
            bounds: snapshot.bounds, contentSize: snapshot.contentSize)
        let live = keepsLiveWorker ? worker : nil
        let retired = publishLock.withLock {
            defer { published = Published(state: state, lastGood: snapshot, live: live, liveError: nil) }
            return published.live
        }
        // A viewport request still waiting on the old layout's worker sees it end and asks
        // the new one.
        retired?.kill()
        return Outcome(report: report, snapshot: snapshot, milliseconds: elapsed)
    }

    private func failed(_ message: String, touched: [String], elapsed: Double) -> Outcome {
        reloads += 1
        let label = "[\(reloads)]"
        // Keep watching what worked before, plus every file this attempt touched.
        watchedFiles = unique(watchedFiles + touched)
        currentError = message
        publishLock.withLock {
            published.state.version = reloads
            published.state.error = message
        }
        var report = "\(label) error: " + message.splitLines().joined(separator: "\n    ")
        if let lastGood {
            let size = lastGood.contentSize
            report +=
                "\n    keeping the last good layout: \(lastGood.elements.count) elements, content \(NumberFormatting.rounded(size.width))×\(NumberFormatting.rounded(size.height))"
        } else {
            report += "\n    no good layout yet"
        }
        return Outcome(report: report, snapshot: nil, milliseconds: elapsed)
    }

    // MARK: Preview

    /// What the preview shows about the current state.
    package struct State: Sendable {
        package var version: Int
        package var error: String?
        package var summary: String
        package var bounds: Rect
        package var contentSize: Size
    }

    /// The published state; never waits for Lua.
    package var state: State {
        publishLock.withLock { published.state }
    }

    /// The last good layout's elements in the viewport at `offset`, asked of the worker that
    /// holds it (its rect-query hooks run at those bounds, as a scroll would make them), one
    /// request at a time, each under the deadline. Nil before the first good run.
    /// `viewport(at:)` for a caller on a thread of its own (the preview's connections): waits
    /// for its turn on the executor.
    package func viewportWaiting(at offset: Point) throws -> LayoutSnapshot? {
        try executor.sync { try self.viewportNow(at: offset) }
    }

    package func viewport(at offset: Point) async throws -> LayoutSnapshot? {
        try await withCheckedThrowingContinuation { continuation in
            executor.async {
                continuation.resume(with: Result { try self.viewportNow(at: offset) })
            }
        }
    }

    /// A viewport request failed: the error as the preview shows it.
    package struct ViewportError: Error, CustomStringConvertible {
        package var description: String
    }

    private func viewportNow(at offset: Point) throws(ViewportError) -> LayoutSnapshot? {
        let what =
            "the viewport at \(NumberFormatting.rounded(offset.x)),\(NumberFormatting.rounded(offset.y)) of \(script)"
        switch try ask(.viewport(offset), what: what) {
        case .reply(.viewport(let snapshot), let live):
            publishLock.withLock {
                if published.live === live { published.state.bounds = snapshot.bounds }
            }
            return snapshot
        case .reply(.noLayout, _):
            return nil
        case .reply:
            throw ViewportError(
                description: "\(script): the preview's worker process gave an answer that does not fit a viewport")
        case .noLiveWorker(let lastGood):
            // The live worker was stopped: the last good run's elements, clipped.
            return lastGood.map { Self.clip($0, at: offset) }
        }
    }

    /// An interactive preview's gestures replayed by the live worker (a fresh simulation of
    /// the script with the controller, under the deadline; a hanging controller costs that
    /// worker, never the server). Nil before the first good run.
    package func interactWaiting(_ gestures: [PreviewGesture]) throws(ViewportError) -> PreviewInteraction? {
        let result: Result<PreviewInteraction?, ViewportError> = executor.sync {
            do {
                switch try ask(.interact(gestures), what: "the preview's gestures on \(script)") {
                case .reply(.interaction(let interaction), _): return .success(interaction)
                case .reply(.noLayout, _): return .success(nil)
                case .reply:
                    return .failure(
                        ViewportError(
                            description:
                                "\(script): the preview's worker process gave an answer that does not fit an interaction"
                        ))
                case .noLiveWorker(let lastGood):
                    guard lastGood != nil else { return .success(nil) }
                    let why = publishLock.withLock { published.liveError } ?? "the preview's worker is stopped"
                    return .failure(ViewportError(description: "interactions wait for the next good save: \(why)"))
                }
            } catch let error as ViewportError {
                return .failure(error)
            } catch {
                return .failure(ViewportError(description: "\(error)"))
            }
        }
        return try result.get()
    }

    private enum Answer {
        case reply(WorkerReply, from: WatchWorkerProcess)
        case noLiveWorker(lastGood: LayoutSnapshot?)
    }

    /// Sends `request` to the worker holding the last good layout and waits (at most the
    /// deadline) for its answer; a worker that overruns or dies is taken down. Call on the executor.
    private func ask(_ request: WorkerRequest, what: String) throws(ViewportError) -> Answer {
        while true {
            let current = publishLock.withLock { published }
            guard current.lastGood != nil, let live = current.live else {
                return .noLiveWorker(lastGood: current.lastGood)
            }
            let deadline = DispatchTime.now().uptimeNanoseconds + nanoseconds(timeout)
            let answer = live.send(request) ? live.receive(until: deadline) : .ended("is gone")
            switch answer {
            case .reply(.failed(let message, _))?:
                throw ViewportError(description: message)
            case .reply(let reply)?:
                return .reply(reply, from: live)
            case .ended(let how)?:
                // Replaced by a newer layout's worker: ask that one.
                if publishLock.withLock({ published.live !== live }) { continue }
                throw takeDown(live, "\(script): the preview's worker process \(how)")
            case nil:
                live.kill()
                if publishLock.withLock({ published.live !== live }) { continue }
                throw takeDown(live, Watchdog.message(what: what, seconds: timeout))
            }
        }
    }

    /// Stops serving viewports from `live` (until the next good run) and says why.
    private func takeDown(_ live: WatchWorkerProcess, _ message: String) -> ViewportError {
        live.kill()
        let shown = "\(message)\nviewports show the last good layout without its scroll hooks until the next good save"
        let changed = publishLock.withLock {
            guard published.live === live else { return false }
            published.live = nil
            published.liveError = shown
            if published.state.error == nil { published.state.error = shown }
            return true
        }
        if changed { onChange?() }
        return ViewportError(description: message)
    }

    /// `snapshot`'s elements in the viewport at `offset` (kept within the content).
    package static func clip(_ snapshot: LayoutSnapshot, at offset: Point) -> LayoutSnapshot {
        let content = snapshot.contentSize, size = snapshot.bounds.size
        let bounds = Rect(
            x: min(max(0, offset.x), max(0, content.width - size.width)),
            y: min(max(0, offset.y), max(0, content.height - size.height)),
            width: size.width, height: size.height)
        var clipped = LayoutSnapshot(
            bounds: bounds, contentSize: content, elements: snapshot.elements.filter { $0.frame.intersects(bounds) })
        clipped.totalElements = snapshot.totalElements ?? snapshot.elements.count
        return clipped
    }

    /// `seconds` as nanoseconds, at most about 30 years (so a huge --timeout cannot overflow).
    private func nanoseconds(_ seconds: Double) -> UInt64 {
        UInt64(min(seconds, 1e9) * 1e9)
    }

    private func unique(_ paths: [String]) -> [String] {
        var seen = Set<String>()
        return paths.filter { seen.insert($0).inserted }
    }

    private func formatMilliseconds(_ value: Double) -> String {
        String((value * 10).rounded() / 10)
    }
}
