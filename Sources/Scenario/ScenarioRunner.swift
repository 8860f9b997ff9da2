#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform
import LayoutEngine
import LayoutOutput
import ScriptLayout

/// What to simulate: a layout, a scenario, an optional controller, the collection view.
package struct ScenarioRequest {
    package var layoutPath: String
    package var scenarioPath: String
    package var controllerPath: String?
    package var context: CollectionContext
    package var layoutOptions: ScriptLayout.Options
    package var snapshotHandler: SnapshotHandler?
    /// Answers `expectImageSnapshot(name)` (`lualayout test` provides one).
    package var imageSnapshotHandler: SnapshotHandler?
    /// The layouts named on the command line (`--layout NAME=FILE`), for transitions by name.
    package var namedLayouts: [LayoutLibrary.Entry]

    package init(
        layoutPath: String, scenarioPath: String, controllerPath: String? = nil, context: CollectionContext,
        layoutOptions: ScriptLayout.Options = .init(), snapshotHandler: SnapshotHandler? = nil,
        imageSnapshotHandler: SnapshotHandler? = nil, namedLayouts: [LayoutLibrary.Entry] = []
    ) {
        self.namedLayouts = namedLayouts
        self.layoutPath = layoutPath
        self.scenarioPath = scenarioPath
        self.controllerPath = controllerPath
        self.context = context
        self.layoutOptions = layoutOptions
        self.snapshotHandler = snapshotHandler
        self.imageSnapshotHandler = imageSnapshotHandler
    }
}

/// How a scenario went: its checks, the timeline up to where it stopped, the error that stopped
/// it (located: `file:line: message`), and the layout's warnings.
package struct ScenarioOutcome {
    package var checks: [ScenarioCheck] = []
    package var timeline = Timeline()
    package var error: (any Error)?
    package var warnings: [String] = []
    /// Every file the run loaded: the layout, controller and scenario and the modules each required.
    package var loadedFiles: [String] = []

    /// No error and every check held.
    package var passed: Bool { error == nil && checks.allSatisfy(\.passed) }
    package var failedChecks: [ScenarioCheck] { checks.filter { !$0.passed } }

    package init() {}
}

/// Loads the layout, the controller and the scenario, and runs the scenario.
package enum ScenarioRunner {
    package static func run(_ request: ScenarioRequest) -> ScenarioOutcome {
        var outcome = ScenarioOutcome()
        var scriptLayout: ScriptLayout?
        var controllerScript: ControllerScript?
        var scenarioScript: ScenarioScript?
        var library: LayoutLibrary?
        do {
            let layout = try ScriptLayout(file: request.layoutPath, options: request.layoutOptions)
            scriptLayout = layout
            let controller = try request.controllerPath.map { path throws(ScriptError) in
                try ControllerScript(file: path, limits: request.layoutOptions.limits)
            }
            controllerScript = controller
            library = try LayoutLibrary(request.namedLayouts, options: request.layoutOptions)
            let session = try SimulationSession(
                layout: layout, context: request.context, controller: controller, layouts: library)
            let cap = request.layoutOptions.limits.memoryBytes
            session.timelineByteLimit = cap > 0 ? cap : .max
            outcome.timeline = session.timeline
            guard FileSystemPath.isRegularFile(request.scenarioPath),
                let bytes = FileManager.default.contents(atPath: request.scenarioPath)
            else {
                throw ScriptError(kind: .file, message: "\(request.scenarioPath): cannot read the scenario")
            }
            let directory = FileSystemPath.directory(of: request.scenarioPath)
            let scenario = try ScenarioScript(
                session: session, name: request.scenarioPath, moduleDirectory: directory.isEmpty ? "." : directory,
                limits: request.layoutOptions.limits, layoutOptions: request.layoutOptions,
                snapshotHandler: request.snapshotHandler,
                imageSnapshotHandler: request.imageSnapshotHandler)
            scenarioScript = scenario
            defer {
                outcome.checks = scenario.checks
                outcome.timeline = session.timeline
            }
            try scenario.run(bytes: [UInt8](bytes))
        } catch {
            outcome.error = ScenarioScript.scriptError(error, request.layoutPath)
        }
        outcome.warnings = (scriptLayout?.warnings ?? []) + (library?.warnings ?? []) + (scenarioScript?.warnings ?? [])
        // What the scripts read, a module that failed to load included: every one is an input.
        outcome.loadedFiles =
            (scriptLayout?.loadedFiles ?? []) + (controllerScript?.loadedFiles ?? [])
            + (library?.loadedFiles ?? []) + (scenarioScript?.loadedFiles ?? [])
            + ((outcome.error as? ScriptError)?.files ?? [])
        return outcome
    }
}
