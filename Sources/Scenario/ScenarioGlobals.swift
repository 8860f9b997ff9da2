import InputFiles
import LayoutEngine
import LuaRuntime
import Platform

/// One call of a scenario global: the Lua state holding its arguments (from index 1), the
/// global's name (messages quote it) and the scenario line that made it.
struct ScenarioCall {
    let lua: LuaState
    let name: String
    let line: Int

    /// Two numbers from `index`: a point, or a size or velocity named by `names`.
    func point(_ index: Int32 = 1, names: (String, String) = ("x", "y")) throws -> Point {
        try lua.pointArguments(index, name, names: names).get()
    }

    func number(_ index: Int32, _ what: String) throws -> Double { try lua.numberArgument(index, name, what).get() }
}

/// The scenario's globals as a table of named functions, each a few lines: what the global
/// does to the session, or what it reads back. Globals not here are the view methods a
/// controller also has (`ViewMethods`).
extension ScenarioScript {
    typealias Global = @Sendable (ScenarioScript, ScenarioCall) throws -> LuaState.FunctionResult

    static let globals: [String: Global] = gestureGlobals.merging(sessionGlobals) { first, _ in first }
        .merging(checkGlobals) { first, _ in first }

    /// Touches and gestures, in viewport points.
    private static let gestureGlobals: [String: Global] = [
        "tap": { try $0.session.tap($1.point(), line: $1.line).noResults },
        "doubleTap": { try $0.session.doubleTap($1.point(), line: $1.line).noResults },
        "longPress": { try $0.session.longPress($1.point(), line: $1.line).noResults },
        "touchDown": { try $0.session.touchDown($1.point(), line: $1.line).noResults },
        "touchUp": { try $0.session.touchUp($1.point(), line: $1.line).noResults },
        "touchMove": { try $0.session.touchMove($1.point(), line: $1.line).noResults },
        "pinch": pinch,
        "drag": { script, call in
            let start = try call.point(1, names: ("x1", "y1")), end = try call.point(3, names: ("x2", "y2"))
            return try script.session.drag(from: start, to: end, line: call.line).noResults
        },
        "scroll": { try $0.session.scroll(to: $1.point(), line: $1.line).noResults },
        "fling": { try $0.session.fling(velocity: $1.point(names: ("vx", "vy")), line: $1.line).noResults },
        "scrollSection": { script, call in
            let section = try call.lua.sectionArgument(1, call.name).get()
            return try script.session.scrollSection(section, to: call.number(2, "the offset"), line: call.line)
                .noResults
        },
        "beginMove": { script, call in
            call.lua.push(try script.session.beginMove(call.point(), line: call.line))
            return .results(1)
        },
        "updateMove": { try $0.session.updateMove($1.point(), line: $1.line).noResults },
        "endMove": { try $0.session.endMove(line: $1.line).noResults },
        "cancelMove": { try $0.session.cancelMove(line: $1.line).noResults },
        "chooseMenuAction": { script, call in
            guard let action = call.lua.string(at: 1), call.lua.type(at: 1) == .string else {
                throw SimulationError(
                    "chooseMenuAction expects an action name (a string), got \(call.lua.type(at: 1).name)")
            }
            return try script.session.chooseMenuAction(action, line: call.line).noResults
        },
    ]

    /// `pinch(x, y, scale [, steps])`: steps default to 10; the session checks them as given.
    private static func pinch(_ script: ScenarioScript, _ call: ScenarioCall) throws -> LuaState.FunctionResult {
        let point = try call.point()
        let scale = try call.number(3, "the scale")
        var steps = 10.0
        if call.lua.top >= 4, call.lua.type(at: 4) != .nil { steps = try call.number(4, "the steps") }
        return try script.session.pinch(point, scale: scale, steps: steps, line: call.line).noResults
    }

    /// State, data, bounds, time and transitions, and what the session reads back.
    private static let sessionGlobals: [String: Global] = [
        "menuActions": { script, call in
            if let menu = script.session.view.menu {
                call.lua.push(LuaValue.array(menu.actions.map { .string($0) }))
            } else {
                call.lua.pushNil()
            }
            return .results(1)
        },
        "sectionOffset": { script, call in
            call.lua.push(try script.session.sectionOffset(call.lua.sectionArgument(1, call.name).get()))
            return .results(1)
        },
        "setState": { script, call in
            let (key, value, duration) = try call.lua.stateArguments(1, call.name).get()
            return try script.session.setState(key, value, duration: duration, line: call.line).noResults
        },
        "reloadData": { script, call in
            let data = try call.lua.dataArgument(1, call.name, folder: script.folder).get()
            return try script.session.reloadData(data, line: call.line).noResults
        },
        "setBounds": { script, call in
            let size = try call.point(names: ("width", "height"))
            return try script.session.setBounds(Size(width: size.x, height: size.y), line: call.line).noResults
        },
        "performBatchUpdates": { script, call in
            try script.session.performBatchUpdates(call.lua.batchArgument(1, call.name).get(), line: call.line)
                .noResults
        },
        "wait": { try $0.session.wait(seconds: $1.number(1, "the seconds"), line: $1.line).noResults },
        "beginTransition": { script, call in
            try script.beginTransition(call.lua, line: call.line)
            return .results(0)
        },
        "setTransitionProgress": {
            try $0.session.setTransitionProgress($1.number(1, "the progress"), line: $1.line).noResults
        },
        "updateAnimatedValue": { script, call in
            let (key, value, _) = try call.lua.stateArguments(1, call.name).get()
            guard let value else {
                throw SimulationError("updateAnimatedValue(\"\(key)\", …) expects a value, got nil")
            }
            return try script.session.updateAnimatedValue(key, value, line: call.line).noResults
        },
        "finishTransition": { try $0.session.finishTransition(line: $1.line).noResults },
        "cancelTransition": { try $0.session.cancelTransition(line: $1.line).noResults },
        "calls": { script, call in
            // The delegate calls of the last step, as "name[s, i]" ("→ false" when refused).
            let names = script.session.timeline.steps.last?.callNames ?? []
            call.lua.push(LuaValue.array(names.map { .string($0) }))
            return .results(1)
        },
        "updates": updates,
    ]

    /// The changes the last step animated: {action = "delete", before = {s, i}, after = nil}, ….
    private static func updates(_ script: ScenarioScript, _ call: ScenarioCall) -> LuaState.FunctionResult {
        let lua = call.lua
        let updates = script.session.timeline.steps.last?.animations.flatMap(\.updates) ?? []
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
    }

    /// `expect`, the snapshots and the expectations of `ScenarioExpectations.swift`.
    private static let checkGlobals: [String: Global] = [
        "expect": { script, call in
            let lua = call.lua
            guard lua.top >= 1 else { throw SimulationError("expect expects a condition and a message") }
            let passed = lua.type(at: 1) != .nil && !(lua.type(at: 1) == .boolean && !lua.boolean(at: 1))
            let message = lua.string(at: 2) ?? (lua.number(at: 2).map(NumberFormatting.format) ?? "expect(…)")
            script.appendCheck(ScenarioCheck(file: script.name, line: call.line, message: message, passed: passed))
            lua.push(passed)
            return .results(1)
        },
        "expectSnapshot": { try $0.snapshot(with: $0.snapshotHandler, $1) },
        "expectImageSnapshot": { try $0.snapshot(with: $0.imageSnapshotHandler, $1) },
        "expectEqual": { try $0.expectation($1.name, $1.lua, line: $1.line) },
        "expectNear": { try $0.expectation($1.name, $1.lua, line: $1.line) },
        "expectFrame": { try $0.expectation($1.name, $1.lua, line: $1.line) },
    ]

    /// `expectSnapshot(name)` and `expectImageSnapshot(name)`: the handler of the kind compares.
    private func snapshot(with handler: SnapshotHandler?, _ call: ScenarioCall) throws -> LuaState.FunctionResult {
        // Any string reaches the store, which names what is wrong with it (`""` too).
        guard let snapshotName = call.lua.string(at: 1) else {
            throw SimulationError(
                "\(call.name) expects a snapshot name (a string), got \(call.lua.type(at: 1).name)")
        }
        let verdict =
            handler?(snapshotName, call.line, try session.snapshot())
            ?? SnapshotVerdict(
                passed: false,
                message:
                    "\(call.name)(\"\(snapshotName)\"): snapshots need `lualayout test` (simulate does not compare them)"
            )
        appendCheck(ScenarioCheck(file: name, line: call.line, message: verdict.message, passed: verdict.passed))
        call.lua.push(verdict.passed)
        return .results(1)
    }
}

extension TimelineStep {
    /// What a global that records a step returns to Lua: nothing.
    var noResults: LuaState.FunctionResult { .results(0) }
}
