import LayoutEngine
import LuaRuntime
import Platform
import ScriptLayout

/// The `view` object controller callbacks receive: `view:setState(k, v)`,
/// `view:performBatchUpdates{…}`, `view:selectItem(s, i)`, `view:deselectItem(s, i)`,
/// `view:scrollTo(x, y)` and read-only queries (`view:state()`, `view:selectedItems()`, …).
/// It acts on the view only while a callback runs.
final class ControllerView {
    unowned let controller: ControllerScript
    /// The view of the callback running now.
    weak var view: HeadlessCollectionView?
    private var object: LuaReference!
    /// An error from the engine or the layout inside a method (not the controller's own
    /// mistake): raised in Lua to unwind the callback, then rethrown as it was.
    private var pendingError: (any Error)?

    static let methodNames = [
        "setState", "state", "performBatchUpdates", "reloadData", "selectItem", "deselectItem", "scrollTo",
        "contentOffset", "contentSize", "selectedItems", "highlightedItems", "visibleItems", "attributesOf",
        "setTransitionProgress", "transitionProgress", "updateAnimatedValue", "finishTransition", "cancelTransition",
        "itemData", "setPasteboard", "pasteboard", "endRefreshing", "isRefreshing", "after", "numberOfItems",
        "beginTransition",
    ]

    init(controller: ControllerScript) {
        self.controller = controller
        let lua = controller.lua
        lua.newTable()
        lua.newTable(fieldCount: 3)
        lua.newTable(fieldCount: Int32(Self.methodNames.count))
        for name in Self.methodNames {
            lua.push { [unowned self] lua in self.method(name, lua) }
            lua.rawSet(tableAt: -2, field: name)
        }
        lua.rawSet(tableAt: -2, field: "__index")
        lua.push { _ in .error("view is read-only: change it through its methods (view:setState(k, v), …)") }
        lua.rawSet(tableAt: -2, field: "__newindex")
        lua.push("view")
        lua.rawSet(tableAt: -2, field: "__metatable")
        lua.setMetatable(at: -2)
        // rawset refuses it too. It only fails if the prelude's own function is gone, which
        // the sandbox never lets a script do; the view is then as it was before this line.
        try? controller.environment.protect(tableAt: -1, as: "view")
        object = lua.reference()
    }

    func push() { controller.lua.push(object) }

    func takePendingError() -> (any Error)? {
        defer { pendingError = nil }
        return pendingError
    }

    /// `view:after(seconds, fn)`: `fn(view)` runs once the scenario's clock (`wait`) has
    /// advanced `seconds` (DispatchQueue.main.asyncAfter).
    private func after(_ lua: LuaState) -> LuaState.FunctionResult {
        guard let seconds = lua.number(at: 2), lua.type(at: 2) == .number else {
            return .error("view:after(seconds, fn) expects a number of seconds, got \(lua.type(at: 2).name)")
        }
        // The value and the range, as `wait` quotes them: the clock stays finite.
        guard seconds.isFinite, seconds >= 0, seconds <= SimulationSession.maxTime else {
            return .error(
                "view:after(seconds, fn) expects seconds from 0 to \(NumberFormatting.format(SimulationSession.maxTime)), got \(NumberFormatting.format(seconds))"
            )
        }
        guard lua.type(at: 3) == .function else {
            return .error("view:after(seconds, fn) expects a function to run, got \(lua.type(at: 3).name)")
        }
        lua.pushValue(at: 3)
        if let problem = controller.schedule(after: seconds) { return .error("view:after: \(problem)") }
        return .results(0)
    }

    private func method(_ name: String, _ lua: LuaState) -> LuaState.FunctionResult {
        let call = "view:\(name)"
        lua.push(object)
        let isSelf = lua.rawEqual(1, -1)
        lua.pop(1)
        guard isSelf else { return .error("call \(call)(…) with a colon: the view is its first argument") }
        guard let view else { return .error("\(call): the view is only available while a callback runs") }
        if name == "after" { return after(lua) }
        do {
            return try ViewMethods.run(
                name, call: call, view: view, lua: lua, argumentBase: 2, folder: controller.folder,
                layouts: controller.layouts)
        } catch let error as SimulationError {
            return .error(error.message)
        } catch let error as UpdateError {
            return .error("\(call): invalid batch update: \(error.message)")
        } catch {
            pendingError = error
            return .error(String(describing: error), located: false)
        }
    }
}
