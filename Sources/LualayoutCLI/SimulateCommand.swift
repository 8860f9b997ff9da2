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
import LayoutTesting

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

            A test file (*.test.lua) runs as SCRIPT without --scenario: its header's layout, \
            controller and options, as `lualayout test` runs it (the first of its devices or \
            matrix values, or the one --run names; options given here come after the header's). \
            expectSnapshot and expectImageSnapshot compare with the test's stored snapshots \
            (__snapshots__/TEST/NAME…) and write nothing: a missing one passes, saying that \
            `lualayout test` writes it.

            Examples:
              lualayout simulate Examples/springboard.lua --scenario Examples/springboard.test.lua \\
                --controller Examples/springboard-controller.lua --bounds 768x1024 --items 50
              lualayout simulate Examples/grid.test.lua --run ipad-mini --format html -o grid.html
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json
        case html
    }

    @Argument(help: ScriptArgument.help, completion: ScriptArgument.completion)
    var script: String

    @OptionGroup(title: "Collection view")
    var layout: LayoutOptions

    @OptionGroup(title: "Script")
    var scriptOptions: ScriptOptions

    @Option(
        help: ArgumentHelp(
            "The scenario script (Lua); without it, SCRIPT is a test file (*.test.lua).", valueName: "FILE"),
        completion: .file(extensions: ["lua"]))
    var scenario: String?

    @Option(
        name: .customLong("run"),
        help: ArgumentHelp(
            "With a test file: the device or matrix value to run (as lualayout test --list shows it in brackets; default: the first).",
            valueName: "LABEL"))
    var variant: String?

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

    func validate() throws {
        if scenario == nil, !script.hasSuffix(TestDiscovery.suffix) {
            throw ValidationError(
                "Missing expected argument '--scenario <FILE>' (or give a test file, *.test.lua, as SCRIPT)")
        }
        if scenario == nil, controller != nil {
            throw ValidationError("--controller goes with --scenario (a test file's header names its controller)")
        }
        if scenario != nil, variant != nil { throw ValidationError("--run goes with a test file, not --scenario") }
    }

    func execute(_ io: CommandIO) throws(CLIError) {
        let writer = Self.writer(for: format)
        let watchdog = Watchdog(seconds: scriptOptions.timeout, what: "simulate \(script)")
        defer { watchdog.cancel() }
        let run: Simulation
        if let scenario { run = try runScenario(scenario) } else { run = try runTestFile() }
        let outcome = run.outcome
        for warning in outcome.warnings { io.err.write(warning + "\n") }
        if let error = outcome.error { throw CLIError(error) }
        if let (line, message) = run.snapshots.invalidNames.first {
            throw .script(ScriptError(kind: .invalidValue, message: "\(run.document.scenarioPath):\(line): \(message)"))
        }
        for note in run.snapshots.notes { io.err.write("note: " + note + "\n") }
        try OutputDestination(path: output).write(io, inputs: run.inputs) { stream in
            writer.write(run.document, to: &stream)
        }
        let failed = outcome.failedChecks
        for check in failed { io.err.write(check.failureText + "\n") }
        if !failed.isEmpty {
            throw .failed(
                "\(failed.count) of \(outcome.checks.count) expectation\(outcome.checks.count == 1 ? "" : "s") failed")
        }
    }

    /// What one simulation ran: its timeline, the snapshot checks it made, and its inputs.
    struct Simulation {
        var document: TimelineDocument
        var snapshots: SnapshotChecks
        var inputs: [String]
        var outcome: ScenarioOutcome { document.outcome }
    }

    /// A scenario against SCRIPT in the collection view the options describe.
    private func runScenario(_ scenario: String) throws(CLIError) -> Simulation {
        for (path, what) in [(script, "script"), (scenario, "scenario")]
            + (controller.map { [($0, "controller")] } ?? [])
        {
            try Self.checkReadable(path, what)
        }
        try transitions.checkReadable()
        let context = try layout.makeContext(dataLimit: scriptOptions.maxMemory.bytes)
        let snapshots = SnapshotChecks(
            store: SnapshotStore(update: false, ci: false, readOnly: true), testPath: scenario, suffix: nil,
            scale: context.scale)
        let outcome = ScenarioRunner.run(
            ScenarioRequest(
                layoutPath: script, scenarioPath: scenario, controllerPath: controller, context: context,
                layoutOptions: scriptOptions.layoutOptions(seconds: scriptOptions.timeout),
                snapshotHandler: snapshots.handler(.layout), imageSnapshotHandler: snapshots.handler(.image),
                namedLayouts: transitions.entries))
        let document = TimelineDocument(
            layoutPath: script, scenarioPath: scenario, controllerPath: controller, outcome: outcome)
        let inputs =
            [script, scenario] + (controller.map { [$0] } ?? []) + transitions.files + outcome.loadedFiles
            + layout.inputFiles
        return Simulation(document: document, snapshots: snapshots, inputs: inputs)
    }

    /// SCRIPT is a test file: its header's layout, controller and options (then the options
    /// given here), as `lualayout test` runs it; snapshots compared, never written.
    private func runTestFile() throws(CLIError) -> Simulation {
        try Self.checkReadable(script, "test file")
        let plan: ScenarioTestPlan<ScenarioOptions>
        do {
            plan = try ScenarioTestPlan<ScenarioOptions>.load(
                script, variant: variant,
                extraOptions: Self.extraOptions(CommandInvocation.arguments ?? [], testFile: script))
        } catch {
            // A header error is the test file's, as `lualayout test` reports it (exit 1).
            throw .script(ScriptError(kind: .invalidValue, message: error.description))
        }
        let context: CollectionContext
        do {
            context = try plan.options.makeContext()
        } catch {
            throw CLIError(error)
        }
        let snapshots = SnapshotChecks(
            store: SnapshotStore(update: false, ci: false, readOnly: true), testPath: plan.testPath,
            suffix: plan.variant?.snapshotSuffix, scale: context.scale)
        let outcome = ScenarioRunner.run(
            ScenarioRequest(
                layoutPath: plan.layoutPath, scenarioPath: plan.testPath, controllerPath: plan.controllerPath,
                context: context, layoutOptions: plan.options.layoutOptions,
                snapshotHandler: snapshots.handler(.layout), imageSnapshotHandler: snapshots.handler(.image),
                namedLayouts: plan.options.namedLayouts))
        let document = TimelineDocument(
            layoutPath: plan.layoutPath, scenarioPath: plan.testPath, controllerPath: plan.controllerPath,
            outcome: outcome)
        let inputs =
            TestCommand.inputs(of: [plan.testPath]) + outcome.loadedFiles + [plan.options.dataFile].compactMap { $0 }
            + plan.options.namedLayouts.map(\.path)
        return Simulation(document: document, snapshots: snapshots, inputs: inputs)
    }

    /// The collection-view and script options given on the command line with a test file: the
    /// words after `simulate` less the test file and simulate's own options, as one `-- options:`
    /// line read after the header's.
    static func extraOptions(_ arguments: [String], testFile: String) -> [ScenarioHeader.Directive] {
        var words = Array(arguments.drop { $0 != "simulate" }.dropFirst())
        if let index = words.firstIndex(of: testFile) { words.remove(at: index) }
        var kept: [String] = []
        while !words.isEmpty {
            let word = words.removeFirst()
            if ["--format", "-o", "--output", "--run"].contains(word) {
                if !words.isEmpty { words.removeFirst() }
                continue
            }
            if ["--format=", "--output=", "--run="].contains(where: { word.hasPrefix($0) }) { continue }
            kept.append(word)
        }
        guard !kept.isEmpty else { return [] }
        return [ScenarioHeader.Directive(value: kept.map(OptionWords.quote).joined(separator: " "), line: 1)]
    }

    /// A missing or unreadable file is an input error, before anything runs.
    static func checkReadable(_ path: String, _ what: String) throws(CLIError) {
        let entry = FileEntry(atPath: path)
        guard entry.exists else { throw .input("\(path): no such \(what)") }
        guard !entry.isDirectory else { throw .input("\(path): is a folder, not a \(what)") }
        guard FileSystemPath.isRegularFile(path) else { throw .input("\(path): not a regular file") }
    }
}
