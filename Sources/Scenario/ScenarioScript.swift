#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform
import LayoutEngine
import LayoutOutput
import LuaRuntime
import ScriptLayout

/// One `expect` (or `expectSnapshot`) of a scenario: where, what, and whether it held.
package struct ScenarioCheck: Sendable, Equatable {
    package var file: String
    package var line: Int
    package var message: String
    package var passed: Bool

    package init(file: String, line: Int, message: String, passed: Bool) {
        self.file = file
        self.line = line
        self.message = message
        self.passed = passed
    }

    /// `file:line: expectation failed: message` (what the CLI prints for a failure).
    package var failureText: String { "\(file):\(line): expectation failed: \(message)" }
}

/// What a snapshot comparison concluded.
package struct SnapshotVerdict: Sendable, Equatable {
    package var passed: Bool
    package var message: String

    package init(passed: Bool, message: String) {
        self.passed = passed
        self.message = message
    }
}

/// Compares the layout now with the snapshot called `name` (`lualayout test` provides one).
package typealias SnapshotHandler = (_ name: String, _ line: Int, _ snapshot: LayoutSnapshot) -> SnapshotVerdict

/// A scenario file run against a session: its globals drive the session (`tap`, `fling`, …),
/// query it (`contentOffset()`, `visibleItems()`, …) and record checks (`expect`). It runs in
/// its own sandboxed state, as one call under the instruction budget.
package final class ScenarioScript {
    package let session: SimulationSession
    package let name: String
    package private(set) var checks: [ScenarioCheck] = []

    /// Records a check (the expectations in `ScenarioExpectations.swift` add theirs here).
    func appendCheck(_ check: ScenarioCheck) { checks.append(check) }
    private let environment: ScriptEnvironment
    /// The modules the scenario required so far, and the layouts and transition scripts its
    /// transitions loaded (with their modules).
    var loadedFiles: [String] {
        environment.loadedFiles + (folder?.read ?? []) + transitionLayouts.flatMap(\.loadedFiles)
            + transitionScripts.flatMap { [$0.name] + $0.loadedFiles }
    }
    /// The warnings of the layouts `beginTransition` loaded.
    var warnings: [String] { transitionLayouts.flatMap(\.warnings) }
    /// How `beginTransition` loads its layouts (as the simulated layout was loaded).
    private let layoutOptions: ScriptLayout.Options
    private var transitionLayouts: [ScriptLayout] = []
    private var transitionScripts: [TransitionScript] = []
    /// The scenario's folder: paths given to `reloadData` and `beginTransition` are inside it.
    let folder: ScriptFolder?
    let snapshotHandler: SnapshotHandler?
    let imageSnapshotHandler: SnapshotHandler?
    /// An error from the engine, the layout or the controller: the scenario stops with it,
    /// whatever the scenario does with the Lua error that unwinds it.
    private var fatalError: (any Error)?

    /// Scenario globals that drive the session.
    package static let eventNames = [
        "tap", "doubleTap", "pinch", "longPress", "touchDown", "touchMove", "touchUp", "drag", "scroll", "fling",
        "scrollSection",
        "setState", "performBatchUpdates", "reloadData", "setBounds", "wait", "beginMove", "updateMove", "endMove",
        "cancelMove", "beginTransition", "setTransitionProgress", "updateAnimatedValue", "finishTransition",
        "cancelTransition",
        "cancelMove", "chooseMenuAction",
    ]
    /// Scenario globals that only read.
    package static let queryNames = [
        "contentOffset", "contentSize", "visibleItems", "selectedItems", "highlightedItems", "attributesOf", "state",
        "calls", "updates", "sectionOffset", "transitionProgress", "menuActions", "pasteboard", "isRefreshing",
    ]
    package static let checkNames = ["expect", "expectSnapshot", "expectImageSnapshot"] + expectationNames

    package init(
        session: SimulationSession, name: String, moduleDirectory: String?, limits: ScriptLayout.Limits,
        layoutOptions: ScriptLayout.Options? = nil, snapshotHandler: SnapshotHandler? = nil,
        imageSnapshotHandler: SnapshotHandler? = nil
    ) throws(ScriptError) {
        self.session = session
        self.layoutOptions = layoutOptions ?? ScriptLayout.Options(limits: limits)
        self.name = name
        self.snapshotHandler = snapshotHandler
        folder = ScriptFolder(moduleDirectory, of: "scenario")
        self.imageSnapshotHandler = imageSnapshotHandler
        environment = try ScriptEnvironment.make(limits: limits, moduleDirectory: moduleDirectory, name: name)
        installGlobals()
    }

    /// Runs the scenario's source. Throws the first error that stopped it (located).
    package func run(bytes: [UInt8]) throws(ScriptError) {
        let lua = environment.lua
        do {
            try lua.load(bytes: bytes, chunkName: "@" + name)
        } catch {
            throw ScriptError(error, evaluating: nil, script: name)
        }
        do {
            try lua.call(arguments: 0, results: 0)
        } catch {
            if let fatal = fatalError { throw Self.scriptError(fatal, name) }
            throw ScriptError(error, evaluating: nil, script: name)
        }
        if let fatal = fatalError { throw Self.scriptError(fatal, name) }
    }

    /// Any error as a located script error.
    static func scriptError(_ error: any Error, _ name: String) -> ScriptError {
        if let error = error as? ScriptError { return error }
        if let error = error as? UpdatePlanner.PreparePhaseError, var underlying = error.underlying as? ScriptError {
            underlying.evaluating = (underlying.evaluating.map { $0 + " " } ?? "") + "in \(error.phase.rawValue)"
            return underlying
        }
        return ScriptError(kind: .runtime, message: "\(name): \(error)")
    }

    // MARK: Globals

    private func installGlobals() {
        let lua = environment.lua
        lua.pushGlobals()
        for global in Self.eventNames + Self.queryNames + Self.checkNames {
            lua.push { [unowned self] lua in self.global(global, lua) }
            lua.rawSet(tableAt: -2, field: global)
        }
        lua.pop(1)
    }

    private func global(_ global: String, _ lua: LuaState) -> LuaState.FunctionResult {
        if let fatalError { return .error(String(describing: fatalError), located: false) }
        let line = callerLine(lua)
        do {
            let call = ScenarioCall(lua: lua, name: global, line: line)
            guard let function = Self.globals[global] else {
                return try ViewMethods.run(
                    global, call: global, view: session.view, lua: lua, argumentBase: 1, folder: folder,
                    layouts: session.layouts)
            }
            return try function(self, call)
        } catch let error as SimulationError {
            return .error(error.message)
        } catch let error as UpdateError {
            return .error("\(global): invalid batch update: \(error.message)")
        } catch {
            // Say which scenario line led there (the error itself is located in its own file).
            var fatal = Self.scriptError(error, name)
            fatal.evaluating = (fatal.evaluating.map { $0 + ", " } ?? "") + "during \(global) at \(name):\(line)"
            fatalError = fatal
            return .error(String(describing: fatal), located: false)
        }
    }

    /// `beginTransition(layoutFile [, transitionFile])`: both paths beside the scenario; or, when
    /// the first names a layout of the command line (`--layout NAME=FILE`) or is no file's name
    /// (no `/`, no `.lua`), by name.
    func beginTransition(_ lua: LuaState, line: Int) throws {
        if let name = lua.string(at: 1), lua.type(at: 1) == .string,
            session.layouts?.contains(name) == true || !(name.contains("/") || name.hasSuffix(".lua"))
        {
            let transition = lua.type(at: 2) == .string ? lua.string(at: 2) : nil
            try session.beginTransition(named: name, bending: transition, line: line)
            return
        }
        func path(_ index: Int32, _ what: String) throws -> String? {
            if index > 1, lua.type(at: index) == .nil || lua.type(at: index) == .none { return nil }
            guard let given = lua.string(at: index), lua.type(at: index) == .string else {
                throw SimulationError("beginTransition expects \(what) (a path), got \(lua.type(at: index).name)")
            }
            let path = try ScriptFolder.resolve(given, in: folder, for: "beginTransition", missing: "cannot read file")
            guard FileSystemPath.isRegularFile(path) else {
                throw SimulationError("beginTransition: \(path): cannot read file")
            }
            return path
        }
        guard let layoutPath = try path(1, "the layout file") else { return }
        let transitionPath = try path(2, "the transition file")
        let layout = try ScriptLayout(file: layoutPath, options: layoutOptions)
        transitionLayouts.append(layout)
        // Without a transition script, the arriving layout's own transitionLayout bends it.
        let transition =
            try transitionPath.map { path throws(ScriptError) in
                try TransitionScript(file: path, limits: layoutOptions.limits)
            } ?? layout.providedTransition()
        if let transition { transitionScripts.append(transition) }
        try session.beginTransition(
            to: layout, bending: transition, names: (layoutPath, transitionPath), line: line)
    }
}
