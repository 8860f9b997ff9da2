import ArgumentParser
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LayoutEngine
import LayoutOutput
import ScriptLayout
import Platform
import LivePreview

/// `lualayout watch`: hot reload.
struct WatchCommand: LualayoutCommand, ScriptCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Re-run a layout whenever the script, a module it requires or the data file is saved.",
        discussion: """
            Prints what each save changed: elements added, removed and moved (the largest moves \
            first), the content size before and after, and the time taken. A save that breaks \
            the script prints the located error and keeps the last good layout; the next good \
            save recovers. Ctrl-C stops.

            Each run happens in a worker process of its own and may take --timeout seconds \
            (default 10): a run stuck past it (even inside one library call, such as a \
            pathological string pattern) is stopped and reported as an error, and the last \
            good layout stays. A save during a run stops that run and starts a new one: the \
            newest save always wins. With --serve, each viewport the preview asks for has the \
            same limit.

            Example:
              lualayout watch Examples/raggy.lua --data Examples/raggy.json --bounds 1024x600
            """)

    @Argument(help: ScriptArgument.help, completion: ScriptArgument.completion)
    var script: String

    @OptionGroup(title: "Collection view")
    var layout: LayoutOptions

    @OptionGroup(title: "Script")
    var scriptOptions: ScriptOptions

    @OptionGroup(title: "Query")
    var queryOptions: QueryOptions

    @Option(help: "Also print (or, with -o, write) the layout after every good run: json, table, svg or html.")
    var format: RunCommand.Format?

    @OptionGroup(title: "Pictures")
    var picture: PictureOptions

    @Option(
        name: [.customShort("o"), .long],
        help: ArgumentHelp(
            "Rewrite FILE with the layout after every good run (json unless --format says otherwise).",
            valueName: "FILE"),
        completion: .file())
    var output: String?

    @Flag(help: "Also serve a live preview page on 127.0.0.1 that updates itself on every save.")
    var serve = false

    @Option(
        help: ArgumentHelp(
            "With --serve: the controller script (Lua) whose delegate callbacks the preview's taps, long presses and drags run.",
            valueName: "FILE"), completion: .file(extensions: ["lua"]))
    var controller: String?

    @OptionGroup(title: "Transitions")
    var transitions: TransitionLayoutOptions

    @Option(help: ArgumentHelp("Port of the preview (0: any free port).", valueName: "N"))
    var port: Int = 7878

    @Flag(
        help:
            "Print a timeline of each run on standard error: the save seen, each step of the worker and of the watcher, with its wall and CPU time."
    )
    var trace = false

    @Option(
        help: ArgumentHelp("Stop after this many runs (for scripts and tests).", valueName: "N", visibility: .hidden))
    var exitAfter: Int?

    @Option(
        help: ArgumentHelp(
            "Stop after this many seconds without a save (for scripts and tests).", valueName: "SECONDS",
            visibility: .hidden))
    var idleTimeout: Double?

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
    }

    func execute(_ io: CommandIO) throws(CLIError) {
        guard FileManager.default.fileExists(atPath: script) else { throw .input("\(script): no such script") }
        if let controller { try SimulateCommand.checkReadable(controller, "controller") }
        try transitions.checkReadable()
        // Refused before watching; each run checks again with the modules the script required.
        try OutputDestination(path: output).refuse(overwriting: [script] + layout.inputFiles + controllerFiles)
        let session = WatchSession(
            script: script, watchArguments: Self.arguments(), dataFile: layout.data,
            timeout: scriptOptions.timeout(default: Self.defaultTimeout), keepsLiveWorker: serve, tracing: trace)
        defer { session.stop() }
        let stop = StopSignal()
        io.err.write("watching \(script) (Ctrl-C to stop)\n")
        (io.err as? FileStream)?.flush()
        var baseline = FileWatcher.signatures(of: session.watchedFiles)
        session.begin()
        var preview: PreviewServer?
        var idle = 0.0
        let watcher = FileWatcher()
        // A save starts its run at once. The run of a save whose end the kernel reported (the
        // file closed, or renamed into place) is reported as soon as it is done; one whose end
        // cannot be seen (polling, a writer that keeps the file open) only once the files have
        // been quiet for the debounce interval (a second write in it starts the run again), so
        // the debounce overlaps the run instead of coming before it.
        var settlingSince: UInt64?
        // Output that cannot be written (a full disk, a closed pipe) ends the watch.
        while !stop.isSet, !io.outputFailed, exitAfter.map({ session.reloads < $0 }) ?? true {
            if session.isRunning, let since = settlingSince {
                let now = DispatchTime.now().uptimeNanoseconds
                let end = since + UInt64(watcher.debounce * 1e9)
                if now < end {
                    watcher.sleep(seconds: Double(end - now) / 1e9)
                    continue
                }
                settlingSince = nil
                if let changed = watcher.change(from: baseline) {
                    // Still being written: this reading replaces the run (the newest save wins).
                    baseline = changed
                    settlingSince = DispatchTime.now().uptimeNanoseconds
                    session.begin(trace: seen("change seen"))
                } else {
                    session.mark("files quiet for \(NumberFormatting.rounded(watcher.debounce * 1000)) ms")
                }
                continue
            }
            if session.isRunning {
                if let changed = watcher.change(from: baseline) {
                    // A newer save: it replaces the run still going (the newest save wins).
                    baseline = watcher.settle(changed, shouldStop: { stop.isSet })
                    session.begin(trace: seen("change seen"))
                    continue
                }
                // Wait for the run in short slices, looking for a newer save in between.
                let slice = DispatchTime.now().uptimeNanoseconds + 20_000_000
                if let outcome = session.finish(waitingUntil: slice) {
                    report(outcome, session, io, inputs: session.watchedFiles + controllerFiles)
                    baseline = rebase(baseline, session.watchedFiles)
                    if serve && preview == nil {
                        // The preview starts once the first run is in, so it has a state to show.
                        preview = try startPreview(session, stop, io)
                    } else {
                        preview?.publish()
                    }
                    session.prepareNextRun()
                    printTrace(session, io)
                }
                continue
            }
            let slice = 0.25
            guard let save = watcher.waitForSave(from: baseline, timeout: slice, shouldStop: { stop.isSet }) else {
                idle += slice
                if let idleTimeout, idle >= idleTimeout { break }
                continue
            }
            idle = 0
            // The files as they were when this run read them: a save during the run is seen next.
            baseline = save.signatures
            settlingSince = save.ended ? nil : DispatchTime.now().uptimeNanoseconds
            session.begin(trace: seen(save.ended ? "save seen (the file closed or renamed)" : "change seen"))
        }
        session.stop()
        stop.restore()
        io.err.write("stopped watching \(script)\n")
        (io.out as? FileStream)?.flush()
    }

    /// A run's trace from the save being seen (`--trace`; nil otherwise).
    private func seen(_ what: String) -> PhaseTrace? {
        guard trace else { return nil }
        var trace = PhaseTrace(enabled: true)
        trace.mark("watcher", what)
        return trace
    }

    /// The last run's timeline, on standard error (`--trace`).
    private func printTrace(_ session: WatchSession, _ io: CommandIO) {
        guard trace else { return }
        for line in session.trace.lines(label: "[\(session.reloads)]") { io.err.write(line + "\n") }
        (io.err as? FileStream)?.flush()
    }

    /// Seconds each run may take unless --timeout says otherwise.
    static let defaultTimeout = ScriptOptions.defaultTimeout

    private func startPreview(
        _ session: WatchSession, _ stop: StopSignal, _ io: CommandIO
    ) throws(CLIError) -> PreviewServer {
        do {
            let server = try PreviewServer(
                session: session, port: UInt16(port), labelField: picture.label, safeArea: layout.safeArea?.insets)
            session.onChange = { [weak server] in server?.publish() }
            let actual = try server.start()
            io.err.write("preview at http://127.0.0.1:\(actual)/\n")
            (io.err as? FileStream)?.flush()
            return server
        } catch {
            stop.restore()
            throw CLIError.input("\(error) — choose another --port")
        }
    }

    /// The arguments this watch was started with (after `watch`), for its worker processes.
    private static func arguments() -> [String] {
        let all = CommandInvocation.arguments ?? Array(CommandLine.arguments.dropFirst())
        guard let index = all.firstIndex(of: commandName) else { return all }
        return Array(all[(index + 1)...])
    }

    private static var commandName: String { configuration.commandName ?? "watch" }

    /// The baseline for `files`: files seen before keep the signature they had when the last
    /// run started; files the run added (new modules) are taken as they are now.
    private func rebase(
        _ baseline: [String: FileWatcher.Signature?], _ files: [String]
    ) -> [String: FileWatcher.Signature?] {
        var result: [String: FileWatcher.Signature?] = [:]
        for file in files { result[file] = baseline[file] ?? FileWatcher.signature(of: file) }
        return result
    }

    /// The controller and the layouts its transitions go to: inputs, never overwritten.
    private var controllerFiles: [String] { (controller.map { [$0] } ?? []) + transitions.files }

    /// Prints the run's line, then takes its layout (which follows the line) and, with
    /// --format or -o, prints or writes it.
    private func report(_ outcome: WatchSession.Outcome, _ session: WatchSession, _ io: CommandIO, inputs: [String]) {
        io.out.write(outcome.report + "\n")
        (io.out as? FileStream)?.flush()
        session.mark("line printed")
        guard outcome.succeeded, let arrived = session.complete() else { return }
        guard case .success(let snapshot) = arrived else {
            if case .failure(let failure) = arrived {
                io.out.write("    \(failure)\n    the next run is described against the layout before this one\n")
            }
            (io.out as? FileStream)?.flush()
            return
        }
        if format != nil || output != nil {
            let format = self.format ?? .json
            // --visible pictures show the viewport, as `run`'s do.
            var options = picture.svgOptions()
            options.viewportOnly = queryOptions.visible
            options.safeArea = layout.safeArea?.insets
            do {
                try OutputDestination(path: output).write(io, inputs: inputs) { stream in
                    format.write(snapshot, title: script, picture: options, to: &stream)
                }
                if let output { io.out.write("    wrote \(output)\n") }
            } catch {
                io.out.write("    \(error)\n")
            }
        }
        (io.out as? FileStream)?.flush()
    }
}

/// The command line being run (without the program name), for commands that start copies of
/// themselves: `watch` hands it to its worker processes.
enum CommandInvocation {
    @TaskLocal static var arguments: [String]?
}

/// Ctrl-C ends the watch loop cleanly instead of killing the process mid-write.
final class StopSignal: @unchecked Sendable {
    private let lock = Lock()
    private var stopped = false
    private let source: any DispatchSourceSignal

    init() {
        signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        // Dispatch coalesces signals that arrive together: `data` says how many came, so a
        // quick double Ctrl-C is two presses, not one.
        source.setEventHandler { [weak self] in
            guard let self else { return }
            for _ in 0..<max(1, self.source.data) { self.set() }
        }
        // Registration is asynchronous: until it is done a Ctrl-C would be ignored. Waiting for
        // it makes "watching …", printed next, the signal that Ctrl-C is handled.
        let registered = DispatchSemaphore(value: 0)
        source.setRegistrationHandler { registered.signal() }
        source.resume()
        registered.wait()
    }

    var isSet: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    func set() {
        lock.lock()
        let again = stopped
        stopped = true
        lock.unlock()
        // A second Ctrl-C ends the process even in the middle of a run that does not return.
        if again { _exit(130) }
    }

    /// Gives Ctrl-C its default meaning back.
    func restore() {
        source.cancel()
        signal(SIGINT, SIG_DFL)
    }
}
