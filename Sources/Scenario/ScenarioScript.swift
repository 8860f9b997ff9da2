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
        environment.loadedFiles + transitionLayouts.flatMap(\.loadedFiles)
            + transitionScripts.flatMap { [$0.name] + $0.loadedFiles }
    }
    /// The warnings of the layouts `beginTransition` loaded.
    var warnings: [String] { transitionLayouts.flatMap(\.warnings) }
    /// How `beginTransition` loads its layouts (as the simulated layout was loaded).
    private let layoutOptions: ScriptLayout.Options
    private var transitionLayouts: [ScriptLayout] = []
    private var transitionScripts: [TransitionScript] = []
    /// The scenario's directory: data paths given to `reloadData` are beside it.
    private let directory: String?
    private let snapshotHandler: SnapshotHandler?
    private let imageSnapshotHandler: SnapshotHandler?
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
        directory = moduleDirectory
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
            return try perform(global, lua, line: line)
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

    /// `beginTransition(layoutFile [, transitionFile])`: both paths beside the scenario.
    private func beginTransition(_ lua: LuaState, line: Int) throws {
        func path(_ index: Int32, _ what: String) throws -> String? {
            if index > 1, lua.type(at: index) == .nil || lua.type(at: index) == .none { return nil }
            guard let given = lua.string(at: index), lua.type(at: index) == .string else {
                throw SimulationError("beginTransition expects \(what) (a path), got \(lua.type(at: index).name)")
            }
            let path = given.hasPrefix("/") || directory == nil || directory == "." ? given : directory! + "/" + given
            guard FileSystemPath.isRegularFile(path) else {
                throw SimulationError("beginTransition: \(path): cannot read file")
            }
            return path
        }
        guard let layoutPath = try path(1, "the layout file") else { return }
        let transitionPath = try path(2, "the transition file")
        let layout = try ScriptLayout(file: layoutPath, options: layoutOptions)
        transitionLayouts.append(layout)
        let transition = try transitionPath.map { path throws(ScriptError) in
            try TransitionScript(file: path, limits: layoutOptions.limits)
        }
        if let transition { transitionScripts.append(transition) }
        try session.beginTransition(
            to: layout, bending: transition, names: (layoutPath, transitionPath), line: line)
    }

    private func perform(_ global: String, _ lua: LuaState, line: Int) throws -> LuaState.FunctionResult {
        let session = self.session
        switch global {
        case "tap": try session.tap(try lua.pointArguments(1, global).get(), line: line)
        case "pinch":
            let point = try lua.pointArguments(1, global).get()
            let scale = try lua.numberArgument(3, global, "the scale").get()
            var steps = 10.0
            if lua.top >= 4, lua.type(at: 4) != .nil { steps = try lua.numberArgument(4, global, "the steps").get() }
            let whole = steps == steps.rounded() && abs(steps) < 1e6 ? Int(steps) : -1
            try session.pinch(point, scale: scale, steps: whole, line: line)
        case "doubleTap": try session.doubleTap(try lua.pointArguments(1, global).get(), line: line)
        case "longPress": try session.longPress(try lua.pointArguments(1, global).get(), line: line)
        case "touchDown": try session.touchDown(try lua.pointArguments(1, global).get(), line: line)
        case "touchUp": try session.touchUp(try lua.pointArguments(1, global).get(), line: line)
        case "touchMove": try session.touchMove(try lua.pointArguments(1, global).get(), line: line)
        case "drag":
            let start = try lua.pointArguments(1, global, names: ("x1", "y1")).get()
            let end = try lua.pointArguments(3, global, names: ("x2", "y2")).get()
            try session.drag(from: start, to: end, line: line)
        case "beginMove":
            lua.push(try session.beginMove(try lua.pointArguments(1, global).get(), line: line))
            return .results(1)
        case "updateMove": try session.updateMove(try lua.pointArguments(1, global).get(), line: line)
        case "endMove": try session.endMove(line: line)
        case "cancelMove": try session.cancelMove(line: line)
        case "chooseMenuAction":
            guard let action = lua.string(at: 1), lua.type(at: 1) == .string else {
                throw SimulationError("chooseMenuAction expects an action name (a string), got \(lua.type(at: 1).name)")
            }
            try session.chooseMenuAction(action, line: line)
        case "menuActions":
            if let menu = session.view.menu {
                lua.push(LuaValue.array(menu.actions.map { .string($0) }))
            } else {
                lua.pushNil()
            }
            return .results(1)
        case "scroll": try session.scroll(to: try lua.pointArguments(1, global).get(), line: line)
        case "fling":
            try session.fling(velocity: try lua.pointArguments(1, global, names: ("vx", "vy")).get(), line: line)
        case "scrollSection":
            let section = try lua.sectionArgument(1, global).get()
            try session.scrollSection(
                section, to: try lua.numberArgument(2, global, "the offset").get(), line: line)
        case "sectionOffset":
            lua.push(try session.sectionOffset(try lua.sectionArgument(1, global).get()))
            return .results(1)
        case "setState":
            let (key, value, duration) = try lua.stateArguments(1, global).get()
            try session.setState(key, value, duration: duration, line: line)
        case "reloadData":
            try session.reloadData(try lua.dataArgument(1, global, directory: directory).get(), line: line)
        case "setBounds":
            let size = try lua.pointArguments(1, global, names: ("width", "height")).get()
            try session.setBounds(Size(width: size.x, height: size.y), line: line)
        case "performBatchUpdates":
            try session.performBatchUpdates(try lua.batchArgument(1, global).get(), line: line)
        case "wait":
            try session.wait(seconds: try lua.numberArgument(1, global, "the seconds").get(), line: line)
        case "beginTransition": try beginTransition(lua, line: line)
        case "setTransitionProgress":
            try session.setTransitionProgress(
                try lua.numberArgument(1, global, "the progress").get(), line: line)
        case "updateAnimatedValue":
            let (key, value, _) = try lua.stateArguments(1, global).get()
            guard let value else {
                throw SimulationError("updateAnimatedValue(\"\(key)\", …) expects a value, got nil")
            }
            try session.updateAnimatedValue(key, value, line: line)
        case "finishTransition": try session.finishTransition(line: line)
        case "cancelTransition": try session.cancelTransition(line: line)
        case "expect":
            guard lua.top >= 1 else { throw SimulationError("expect expects a condition and a message") }
            let passed = lua.type(at: 1) != .nil && !(lua.type(at: 1) == .boolean && !lua.boolean(at: 1))
            let message = lua.string(at: 2) ?? (lua.number(at: 2).map(NumberFormatting.format) ?? "expect(…)")
            checks.append(ScenarioCheck(file: name, line: line, message: message, passed: passed))
            lua.push(passed)
            return .results(1)
        case "expectSnapshot", "expectImageSnapshot":
            // Any string reaches the store, which names what is wrong with it (`""` too).
            guard let snapshotName = lua.string(at: 1) else {
                throw SimulationError("\(global) expects a snapshot name (a string), got \(lua.type(at: 1).name)")
            }
            let handler = global == "expectSnapshot" ? snapshotHandler : imageSnapshotHandler
            let verdict =
                handler?(snapshotName, line, try session.snapshot())
                ?? SnapshotVerdict(
                    passed: false,
                    message:
                        "\(global)(\"\(snapshotName)\"): snapshots need `lualayout test` (simulate does not compare them)"
                )
            checks.append(ScenarioCheck(file: name, line: line, message: verdict.message, passed: verdict.passed))
            lua.push(verdict.passed)
            return .results(1)
        case "expectEqual", "expectNear", "expectFrame":
            return try expectation(global, lua, line: line)
        case "calls":
            // The delegate calls of the last step, as "name[s, i]" ("→ false" when refused).
            let names = session.timeline.steps.last?.callNames ?? []
            lua.push(LuaValue.array(names.map { .string($0) }))
            return .results(1)
        case "updates":
            // The changes the last step animated: {action = "delete", before = {s, i}, after = nil}, ….
            let updates = session.timeline.steps.last?.animations.flatMap(\.updates) ?? []
            lua.newTable(arrayCount: Int32(clamping: updates.count))
            for (offset, update) in updates.enumerated() {
                lua.newTable(fieldCount: 3)
                lua.push(update.action.rawValue)
                lua.rawSet(tableAt: -2, field: "action")
                for (field, target) in [("before", update.before), ("after", update.after)] {
                    guard let target else { continue }
                    if let item = target.item {
                        lua.push(indexPath: LayoutIndexPath(target.section, item))
                    } else {
                        lua.push(LuaValue.map(["section": .number(Double(target.section))]))
                    }
                    lua.rawSet(tableAt: -2, field: field)
                }
                lua.rawSet(tableAt: -2, index: offset + 1)
            }
            return .results(1)
        default:
            return try ViewMethods.run(
                global, call: global, view: session.view, lua: lua, argumentBase: 1, directory: directory)
        }
        return .results(0)
    }
}
