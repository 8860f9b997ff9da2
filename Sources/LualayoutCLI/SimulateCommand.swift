import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform
import LayoutEngine
import Scenario
import ScriptLayout
import InputFiles

/// `lualayout simulate`: run a scenario (taps, scrolls, flings, updates) against a layout in a
/// headless collection view, with an optional controller script, and print the timeline.
struct SimulateCommand: LualayoutCommand, ScriptCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Run a scenario of touches, scrolls and updates against a layout; print the timeline.",
        discussion: """
            The scenario (a Lua file) drives a headless collection view with tap, longPress, touchDown, \
            touchMove, touchUp, drag, scroll, fling, setState, performBatchUpdates and wait, queries it \
            (contentOffset(), visibleItems(), selectedItems(), attributesOf(s, i), …) and checks it \
            with expect(condition, message). Points are in viewport coordinates. The controller (a Lua \
            file returning delegate callbacks: shouldSelectItem, didSelectItem, didLongPress, …) \
            reacts through its view object. See docs/lua-api.md, "Scenarios and controllers".

            The output is the timeline: every event, the delegate calls it caused in order, state \
            changes, invalidations, animated updates and the visible layout after each step; with \
            --format html, a page that steps through it (Prev/Next, the arrow keys or a click on a \
            step) with a picture of the viewport after each step, the selection marked, animated \
            updates and looping animations played. Exit \
            status 1 when an expect fails (each printed as SCENARIO:LINE: expectation failed: MESSAGE) \
            or a script fails.

            --layout NAME=FILE (repeatable) names a layout the scenario or the controller begins an \
            interactive transition to: beginTransition(NAME [, TRANSITION]), TRANSITION naming a \
            transition script given the same way.

            Examples:
              lualayout simulate Examples/springboard.lua --scenario Examples/springboard.test.lua \\
                --controller Examples/springboard-controller.lua --bounds 768x1024 --items 50
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json
        case html
    }

    @OptionGroup
    var common: ScriptCommandOptions

    @Option(help: ArgumentHelp("The scenario script (Lua).", valueName: "FILE"), completion: .file(extensions: ["lua"]))
    var scenario: String

    @Option(
        help: ArgumentHelp("The controller script (Lua): delegate callbacks and options.", valueName: "FILE"),
        completion: .file(extensions: ["lua"]))
    var controller: String?

    @OptionGroup(title: "Transitions")
    var transitions: TransitionLayoutOptions

    @Option(
        help: "Output format: json (the timeline) or html (a page stepping through it, with a picture of each step).")
    var format: Format = .json

    @Option(
        name: [.customShort("o"), .long],
        help: ArgumentHelp("Write the output to FILE instead of standard output.", valueName: "FILE"),
        completion: .file())
    var output: String?

    /// The writer of each format.
    static func writer(for format: Format) -> any TimelineWriter {
        switch format {
        case .json: JSONTimelineWriter()
        case .html: HTMLTimelineWriter()
        }
    }

    func execute(_ io: CommandIO) throws(CLIError) {
        let writer = Self.writer(for: format)
        let watchdog = Watchdog(seconds: scriptOptions.timeout, what: "simulate \(script)")
        defer { watchdog.cancel() }
        for (path, what) in [(script, "script"), (scenario, "scenario")]
            + (controller.map { [($0, "controller")] } ?? [])
        {
            try Self.checkReadable(path, what)
        }
        try transitions.checkReadable()
        let context = try layout.makeContext(dataLimit: scriptOptions.maxMemory.bytes)
        let outcome = ScenarioRunner.run(
            ScenarioRequest(
                layoutPath: script, scenarioPath: scenario, controllerPath: controller, context: context,
                layoutOptions: scriptOptions.layoutOptions(seconds: scriptOptions.timeout),
                namedLayouts: transitions.entries))
        for warning in outcome.warnings { io.err.write(warning + "\n") }
        if let error = outcome.error { throw CLIError(error) }
        let inputs =
            [script, scenario] + (controller.map { [$0] } ?? []) + transitions.files + outcome.loadedFiles
            + layout.inputFiles
        try OutputDestination(path: output).write(io, inputs: inputs) { stream in
            writer.write(
                TimelineDocument(
                    layoutPath: script, scenarioPath: scenario, controllerPath: controller, outcome: outcome),
                to: &stream)
        }
        let failed = outcome.failedChecks
        for check in failed { io.err.write(check.failureText + "\n") }
        if !failed.isEmpty {
            throw .failed(
                "\(failed.count) of \(outcome.checks.count) expectation\(outcome.checks.count == 1 ? "" : "s") failed")
        }
    }

    /// A missing or unreadable file is an input error, before anything runs.
    static func checkReadable(_ path: String, _ what: String) throws(CLIError) {
        let entry = FileEntry(atPath: path)
        guard entry.exists else { throw .input("\(path): no such \(what)") }
        guard !entry.isDirectory else { throw .input("\(path): is a folder, not a \(what)") }
        guard FileSystemPath.isRegularFile(path) else { throw .input("\(path): not a regular file") }
    }
}
