import LayoutEngine
import LuaRuntime
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
        guard let seconds = lua.number(at: 2), lua.type(at: 2) == .number, seconds.isFinite, seconds >= 0,
            seconds <= SimulationSession.maxTime
        else {
            return .error("view:after(seconds, fn) expects a number of seconds ≥ 0, got \(lua.type(at: 2).name)")
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
                name, call: call, view: view, lua: lua, argumentBase: 2, directory: controller.directory)
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

/// The view's methods, shared by controllers (`view:name(…)`) and scenarios (globals): each
/// reads its arguments from `argumentBase` on and pushes its results.
enum ViewMethods {
    /// Methods that read the layout: a layout invalidated earlier in the callback is prepared
    /// first (UIKit's queries lay out what is pending).
    static let queries: Set<String> = ["contentOffset", "contentSize", "visibleItems", "attributesOf"]

    static func run(
        _ name: String, call: String, view: HeadlessCollectionView, lua: LuaState, argumentBase base: Int32,
        directory: String?
    ) throws -> LuaState.FunctionResult {
        if queries.contains(name) { try view.layoutIfNeeded() }
        switch name {
        case "setState":
            let (key, value, duration) = try lua.stateArguments(base, call).get()
            if let duration {
                try view.setState(key, value, animatedFor: duration)
            } else {
                try view.setState(key, value)
            }
            return .results(0)
        case "reloadData":
            try view.reloadData(try lua.dataArgument(base, call, directory: directory).get())
            return .results(0)
        case "state":
            lua.push(LayoutValue.object(view.context.state))
            return .results(1)
        case "performBatchUpdates":
            try view.layoutIfNeeded()
            let request = try lua.batchArgument(base, call).get()
            try view.performBatchUpdates(
                request.batch, payloads: request.payloads, insertedSections: request.insertedSections,
                reloadPayloads: request.reloadPayloads)
            return .results(0)
        case "selectItem", "deselectItem":
            let path = try lua.indexPathArguments(base, call).get()
            guard view.exists(path) else {
                throw SimulationError(
                    "\(call)(\(path.section), \(path.item)): no such item (section \(path.section) has \(view.context.data.numberOfItems(inSection: path.section)) items)"
                )
            }
            if name == "selectItem" { view.selectItem(at: path) } else { view.deselectItem(at: path) }
            return .results(0)
        case "scrollTo":
            try view.setContentOffset(try lua.pointArguments(base, call).get())
            return .results(0)
        case "contentOffset":
            lua.push(view.contentOffset)
            return .results(1)
        case "contentSize":
            lua.push(view.contentSize)
            return .results(1)
        case "selectedItems":
            lua.push(indexPaths: view.selectedItems)
            return .results(1)
        case "highlightedItems":
            lua.push(indexPaths: view.highlightedItems)
            return .results(1)
        case "visibleItems":
            lua.push(indexPaths: try view.indexPathsForVisibleItems())
            return .results(1)
        case "itemData":
            let path = try lua.indexPathArguments(base, call).get()
            lua.push(view.exists(path) ? view.context.data.item(at: path) ?? .null : .null)
            return .results(1)
        case "setPasteboard":
            do {
                let value = try lua.layoutValue(at: base)
                view.pasteboard = value == .null ? nil : value
            } catch {
                throw SimulationError("\(call)(value): the value cannot go on the pasteboard: \(error.message)")
            }
            return .results(0)
        case "numberOfItems":
            let section = try lua.sectionArgument(base, call).get()
            lua.push(view.context.data.numberOfItems(inSection: section))
            return .results(1)
        case "endRefreshing":
            try view.endRefreshing()
            return .results(0)
        case "isRefreshing":
            lua.push(view.isRefreshing)
            return .results(1)
        case "pasteboard":
            lua.push(view.pasteboard ?? .null)
            return .results(1)
        case "attributesOf":
            let path = try lua.indexPathArguments(base, call).get()
            guard view.exists(path),
                let attributes = try view.attributesOfItem(at: path)
            else {
                lua.pushNil()
                return .results(1)
            }
            lua.push(attributes: attributes)
            return .results(1)
        case "transitionProgress":
            if let progress = view.transitionLayout?.transitionProgress { lua.push(progress) } else { lua.pushNil() }
            return .results(1)
        case "setTransitionProgress":
            try SimulationSession.checkTransition(view, call)
            let progress = try lua.numberArgument(base, call, "the progress").get()
            try SimulationSession.checkProgress(progress, call)
            try view.setTransitionProgress(progress)
            return .results(0)
        case "updateAnimatedValue":
            try SimulationSession.checkTransition(view, call)
            let (key, value, _) = try lua.stateArguments(base, call).get()
            guard let value else { throw SimulationError("\(call)(\"\(key)\", …) expects a value, got nil") }
            try view.updateAnimatedValue(value, forKey: key)
            return .results(0)
        case "finishTransition", "cancelTransition":
            try SimulationSession.checkTransition(view, call)
            try view.endInteractiveTransition(finish: name == "finishTransition")
            return .results(0)
        default:
            return .error("\(call): unknown method")
        }
    }
}
