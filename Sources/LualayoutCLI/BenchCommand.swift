import ArgumentParser
import LayoutEngine
import LayoutOutput
import ScriptLayout

import Platform

/// `lualayout bench`: times a user's own layout — prepare, viewport queries, output — over
/// several runs, with the calls and time of each Lua callback.
struct BenchCommand: LualayoutCommand, ScriptCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Time a layout script: prepare, rect queries and output, with the cost of each callback.",
        discussion: """
            Loads the script once, then for each of --runs runs prepares it, queries the viewport \
            at five offsets along the content (start, quarter, half, three quarters, end) and writes \
            every element in --format to memory. Prints the median, fastest and slowest time of each \
            phase, and for each Lua callback its calls and time per run (a callback's time includes \
            callbacks it causes). The callbacks are timed only in this command.

            Example:
              lualayout bench Examples/waterfall.lua --data Examples/waterfall.json --runs 10
            """)

    @Argument(help: ScriptArgument.help, completion: ScriptArgument.completion)
    var script: String

    @OptionGroup(title: "Collection view")
    var layout: LayoutOptions

    @OptionGroup(title: "Script")
    var scriptOptions: ScriptOptions

    @Option(help: ArgumentHelp("How many times to prepare, query and write (1–1000).", valueName: "N"))
    var runs: Int = 5

    @Option(help: "The output format timed: json, table, svg or html.")
    var format: RunCommand.Format = .json

    @Option(
        name: [.customShort("o"), .long],
        help: ArgumentHelp("Write the report to FILE instead of standard output.", valueName: "FILE"),
        completion: .file())
    var output: String?

    func validate() throws {
        guard (1...1000).contains(runs) else { throw ValidationError("--runs must be between 1 and 1000") }
    }

    func execute(_ io: CommandIO) throws(CLIError) {
        let watchdog = Watchdog(seconds: scriptOptions.timeout, what: "bench \(script)")
        defer { watchdog.cancel() }
        let context = try layout.makeContext(dataLimit: scriptOptions.maxMemory.bytes)
        var start = Self.now()
        let scriptLayout = try scriptOptions.loadLayout(script)
        let loadTime = Self.now() - start
        let warned = ScriptOptions.reportWarnings(of: scriptLayout, to: io)
        let profile = scriptLayout.startProfiling()
        var phases: [(name: String, times: [Double])] = [
            ("prepare", []), ("queries (5)", []), ("output (\(format.rawValue))", []),
        ]
        var bytes = 0
        for _ in 0..<runs {
            start = Self.now()
            do { try scriptLayout.prepare(in: context) } catch { throw CLIError(error) }
            phases[0].times.append(Self.now() - start)
            start = Self.now()
            for rect in Self.viewports(bounds: context.bounds, content: scriptLayout.collectionViewContentSize) {
                do { _ = try scriptLayout.layoutAttributesForElements(in: rect, context: context) } catch {
                    throw CLIError(error)
                }
            }
            phases[1].times.append(Self.now() - start)
            start = Self.now()
            let snapshot: LayoutSnapshot
            do {
                snapshot = LayoutSnapshot(
                    bounds: context.bounds, contentSize: scriptLayout.collectionViewContentSize,
                    elements: try scriptLayout.allElementList(context: context))
            } catch {
                throw CLIError(error)
            }
            let counter = CountingStream()
            var sink: any TextOutputStream = counter
            format.write(snapshot, title: script, picture: SVGLayoutWriter.Options(), to: &sink)
            phases[2].times.append(Self.now() - start)
            bytes = counter.bytes
        }
        _ = ScriptOptions.reportWarnings(of: scriptLayout, after: warned, to: io)
        let report = Self.report(
            script: script, items: context.data.totalItems, elements: scriptLayout.elementCount, runs: runs,
            load: loadTime,
            phases: phases, outputBytes: bytes, callbacks: profile.entries)
        try OutputDestination(path: output).write(io, inputs: [script] + scriptLayout.loadedFiles + layout.inputFiles) {
            stream in stream.write(report)
        }
    }

    /// The viewport (the bounds' size) at the start, quarter, half, three quarters and end of
    /// the content along its longer overflow.
    static func viewports(bounds: Rect, content: Size) -> [Rect] {
        let overflowX = max(0, content.width - bounds.width), overflowY = max(0, content.height - bounds.height)
        return [0, 0.25, 0.5, 0.75, 1].map { fraction in
            overflowY >= overflowX
                ? Rect(x: bounds.x, y: overflowY * fraction, width: bounds.width, height: bounds.height)
                : Rect(x: overflowX * fraction, y: bounds.y, width: bounds.width, height: bounds.height)
        }
    }

    static func report(
        script: String, items: Int, elements: Int, runs: Int, load: Double, phases: [(name: String, times: [Double])],
        outputBytes: Int, callbacks: [CallProfile.Entry]
    ) -> String {
        // The first column fits the longest name (`layoutAttributesForElements` is 27 characters)
        // with two spaces after it, and is never narrower than 24.
        let first = ([24] + (phases.map(\.name) + callbacks.map(\.name)).map { $0.count + 2 }).max()!
        func columns(_ cells: [String]) -> String { Self.columns(cells, first: first) }
        var lines = ["bench \(script): \(items) items, \(elements) elements, \(runs) run\(runs == 1 ? "" : "s")", ""]
        lines.append(columns(["phase", "median", "fastest", "slowest"]))
        lines.append(columns(["load", duration(load), "", ""]))
        for (name, times) in phases {
            let sorted = times.sorted()
            lines.append(
                columns([
                    name, duration(sorted[sorted.count / 2]), duration(sorted[0]), duration(sorted[sorted.count - 1]),
                ]))
        }
        lines.append("output: \(outputBytes) bytes")
        lines.append("")
        if callbacks.isEmpty {
            lines.append("callbacks: none called")
        } else {
            lines.append(columns(["callback", "calls/run", "time/run", "per call"]))
            for entry in callbacks {
                let calls = Double(entry.calls) / Double(runs), seconds = entry.seconds / Double(runs)
                lines.append(
                    columns([
                        entry.name, NumberFormatting.format(calls), duration(seconds),
                        entry.calls > 0 ? duration(entry.seconds / Double(entry.calls)) : "",
                    ]))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func columns(_ cells: [String], first: Int) -> String {
        let widths = [first, 12, 12, 12]
        return zip(cells, widths).map { cell, width in
            cell.count >= width ? cell + " " : cell + String(repeating: " ", count: width - cell.count)
        }.joined().trimmingTrailingSpaces()
    }

    /// Seconds as µs, ms or s with three significant figures.
    static func duration(_ seconds: Double) -> String {
        if seconds < 1e-3 { return "\(NumberFormatting.format((seconds * 1e7).rounded() / 10)) µs" }
        if seconds < 1 { return "\(NumberFormatting.format((seconds * 1e4).rounded() / 10)) ms" }
        return "\(NumberFormatting.format((seconds * 1e3).rounded() / 1e3)) s"
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// Counts what a writer produces without keeping it; takes the writers' byte chunks as `run`'s
/// file stream does, so the output phase times the same path.
private final class CountingStream: TextOutputStream, ByteOutputStream {
    var bytes = 0
    func write(_ string: String) { bytes += string.utf8.count }
    func write(bytes chunk: UnsafeRawBufferPointer) { bytes += chunk.count }
}

private extension String {
    func trimmingTrailingSpaces() -> String {
        var result = self
        while result.hasSuffix(" ") { result.removeLast() }
        return result
    }
}
