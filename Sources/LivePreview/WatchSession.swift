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
/// each run against it. The worker, given the last good layout while it waited for the save,
/// describes its run itself; the watcher prints that and takes the layout after the line.
///
/// The watch loop drives runs (`begin`, `finish`, then `complete` for a good run's layout;
/// `cancel`). The
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
    /// The last run's steps, when runs are traced (`watch --trace`).
    package private(set) var trace: PhaseTrace
    private var running: Running?
    /// The good run last reported, until its layout has come (`complete`).
    private var arriving: Arriving?
    /// A worker started ahead of the next save, so a run does not wait for a process to
    /// start; it holds the last good layout to describe its run against.
    private var spare: WatchWorkerProcess?

    private struct Running {
        var worker: WatchWorkerProcess?
        var start: UInt64
        /// Why there is no worker (it could not be started).
        var failure: String?
    }

    private struct Arriving {
        var worker: WatchWorkerProcess
        var deadline: UInt64
        /// The layout, when the watcher had to read it to describe the run.
        var snapshot: LayoutSnapshot?
        var state: State
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

    package init(
        script: String, watchArguments: [String], dataFile: String?, timeout: Double, keepsLiveWorker: Bool,
        tracing: Bool = false
    ) {
        self.script = script
        self.watchArguments = watchArguments
        self.dataFile = dataFile
        self.timeout = timeout
        self.keepsLiveWorker = keepsLiveWorker
        watchedFiles = [script] + (dataFile.map { [$0] } ?? [])
        trace = PhaseTrace(enabled: tracing)
    }

    deinit { stop() }

    package struct Outcome {
        /// The run's line (and, for an error, the lines after it).
        package var report: String
        package var milliseconds: Double
        /// Whether the run was good; its layout then comes from `complete()`.
        package var succeeded: Bool
    }

    // MARK: Runs

    package var isRunning: Bool { running != nil }

    /// Starts a run (cancelling the one still running: the newest save wins). `trace`: the
    /// steps before it (the save being seen), when runs are traced.
    package func begin(trace: PhaseTrace? = nil) {
        cancel()
        if arriving != nil { _ = complete() }
        self.trace = trace ?? PhaseTrace(enabled: self.trace.enabled)
        let start = DispatchTime.now().uptimeNanoseconds
        if let ready = spare, ready.send(.evaluate) {
            spare = nil
            running = Running(worker: ready, start: start)
            self.trace.mark("watcher", "run sent to the waiting worker")
            return
        }
        spare = nil
        do {
            let worker = try WatchWorkerProcess.spawnWatchWorker(watchArguments: watchArguments)
            // A worker that cannot take the request has ended: `finish` says how.
            _ = worker.send(.evaluate)
            running = Running(worker: worker, start: start)
            self.trace.mark("watcher", "run sent to a new worker")
        } catch {
            running = Running(worker: nil, start: start, failure: error.description)
        }
    }

    /// Stops the running run without a report.
    package func cancel() {
        running?.worker?.kill()
        running = nil
    }

    /// Marks a step of the watcher's in the run's trace.
    package func mark(_ step: String) { trace.mark("watcher", step) }

    /// Waits until `deadline` (uptime nanoseconds) for the running run; its outcome once it
    /// finished, failed or overran its time limit, nil while it is still running. A good
    /// run's layout arrives after its line: `complete()` takes it.
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
        switch answer {
        case .reply(.evaluated(let report, let files))?:
            trace.append(report.trace)
            trace.mark("watcher", "description read")
            if let worker = current.worker {
                return described(report, loadedFiles: files, worker: worker, start: current.start, limit: limit)
            }
            return failed("\(script): the worker process is gone", touched: [], elapsed: elapsed)
        case .reply(.failed(let message, let files))?:
            return failed(message, touched: files, elapsed: elapsed)
        case .reply?:
            return failed(
                "\(script): the worker process gave an answer that does not fit a run", touched: [], elapsed: elapsed)
        case .ended(let how)?:
            return failed("\(script): the worker process \(how)", touched: [], elapsed: elapsed)
        case nil:
            return failed(Watchdog.message(what: script, seconds: timeout), touched: [], elapsed: elapsed)
        }
    }

    /// Takes the layout of the good run last reported (its worker sends it after the
    /// description) and makes it the last good layout, which the preview then shows. Returns
    /// it, or why it did not come (the last good layout then stays the one before).
    package func complete() -> Result<LayoutSnapshot, WorkerFailure>? {
        guard let pending = arriving else { return nil }
        arriving = nil
        let received = pending.snapshot.map { .success($0) } ?? layout(from: pending.worker, until: pending.deadline)
        guard case .success(let snapshot) = received else {
            pending.worker.kill()
            return received
        }
        trace.mark("watcher", "layout read")
        lastGood = snapshot
        var state = pending.state
        state.bounds = snapshot.bounds
        let live = keepsLiveWorker ? pending.worker : nil
        let retired = publishLock.withLock {
            defer { published = Published(state: state, lastGood: snapshot, live: live, liveError: nil) }
            return published.live
        }
        // A viewport request still waiting on the old layout's worker sees it end and asks
        // the new one.
        retired?.kill()
        return received
    }

    /// Why a run's layout did not arrive.
    package struct WorkerFailure: Error, CustomStringConvertible {
        package var description: String
    }

    /// Starts a worker for the next save, so that run does not wait for a process to start,
    /// and sends it the last good layout to describe its run against, while it waits (call
    /// once a run's report is out: starting one takes a moment).
    package func prepareNextRun() {
        guard spare == nil, let worker = try? WatchWorkerProcess.spawnWatchWorker(watchArguments: watchArguments)
        else { return }
        if let lastGood { worker.sendInBackground(.baseline(lastGood)) }
        spare = worker
        trace.mark("watcher", "next worker started")
    }

    /// Stops every worker (the watch is ending).
    package func stop() {
        cancel()
        arriving?.worker.kill()
        arriving = nil
        spare = nil
        let live = publishLock.withLock {
            defer { published.live = nil }
            return published.live
        }
        live?.kill()
    }

    /// The line of a good run, from the worker's description of it. A worker that had no
    /// baseline (one started for this very run) sends its layout to be compared here.
    private func described(
        _ report: WatchRunReport, loadedFiles: [String], worker: WatchWorkerProcess, start: UInt64, limit: UInt64
    ) -> Outcome {
        var arrived: LayoutSnapshot?
        let summary: String
        if let previous = lastGood {
            if let diff = report.diff {
                summary = diff.line
            } else {
                switch layout(from: worker, until: limit) {
                case .success(let snapshot):
                    arrived = snapshot
                    summary = LayoutDiff.Summary(from: previous, to: snapshot).line
                    trace.mark("watcher", "layout read and compared")
                case .failure(let failure):
                    worker.kill()
                    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
                    return failed(failure.description, touched: [], elapsed: elapsed)
                }
            }
        } else {
            let size = report.contentSize
            summary =
                "\(report.elementCount) elements, content \(NumberFormatting.rounded(size.width))×\(NumberFormatting.rounded(size.height))"
        }
        reloads += 1
        let label = "[\(reloads)]"
        watchedFiles = unique(loadedFiles + (dataFile.map { [$0] } ?? []))
        // The first good layout is no recovery, whatever failed before it.
        let line = (currentError == nil || lastGood == nil ? "" : "recovered: ") + summary
        currentError = nil
        // The whole time from the save being seen to this line: the run, its description
        // read back (or its layout read and compared).
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        let text = "\(label) \(line) — \(formatMilliseconds(elapsed)) ms"
        let state = State(
            version: reloads, error: nil, summary: String(text.dropFirst(label.count + 1)), bounds: .zero,
            contentSize: report.contentSize)
        arriving = Arriving(worker: worker, deadline: limit, snapshot: arrived, state: state)
        return Outcome(report: text, milliseconds: elapsed, succeeded: true)
    }

    /// The `layout` reply that follows a run's description.
    private func layout(
        from worker: WatchWorkerProcess, until deadline: UInt64
    ) -> Result<LayoutSnapshot, WorkerFailure> {
        switch worker.receive(until: deadline) {
        case .reply(.layout(let snapshot))?: return .success(snapshot)
        case .reply?: return .failure(WorkerFailure(description: "\(script): the worker process sent no layout"))
        case .ended(let how)?:
            return .failure(
                WorkerFailure(description: "\(script): the worker process \(how) before sending its layout"))
        case nil:
            return .failure(WorkerFailure(description: Watchdog.message(what: script, seconds: timeout)))
        }
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
        return Outcome(report: report, milliseconds: elapsed, succeeded: false)
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
