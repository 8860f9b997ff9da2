import InputFiles
import LayoutEngine
import LuaRuntime
import ScriptLayout

/// One call of a view method: the method, how messages quote it (`view:name` or the global's
/// name), the view, and the Lua state holding its arguments from `base` on.
struct ViewCall {
    let name: String
    let call: String
    let view: HeadlessCollectionView
    let lua: LuaState
    let base: Int32
    /// Where the script calling the method reads files from.
    let folder: ScriptFolder?
    /// The layouts the command line named (`beginTransition(NAME)`), if any.
    let layouts: LayoutLibrary?

    /// Pushes `value` as the method's one result.
    func returning(_ push: (LuaState) -> Void) -> LuaState.FunctionResult {
        push(lua)
        return .results(1)
    }

    /// The index path argument: one index-path value, or `section, item`.
    func indexPath() throws -> LayoutIndexPath { try lua.indexPathArgument(base, call).get().0 }
}

/// The view's methods, shared by controllers (`view:name(…)`) and scenarios (globals): a
/// table of named functions, each reading its arguments from the call's base on and pushing
/// its results.
enum ViewMethods {
    typealias Method = @Sendable (ViewCall) throws -> LuaState.FunctionResult

    /// Methods that read the layout: a layout invalidated earlier in the callback is prepared
    /// first (UIKit's queries lay out what is pending).
    static let queries: Set<String> = ["contentOffset", "contentSize", "visibleItems", "attributesOf"]

    static func run(
        _ name: String, call: String, view: HeadlessCollectionView, lua: LuaState, argumentBase base: Int32,
        folder: ScriptFolder?, layouts: LayoutLibrary?
    ) throws -> LuaState.FunctionResult {
        if queries.contains(name) { try view.layoutIfNeeded() }
        guard let method = methods[name] else { return .error("\(call): unknown method") }
        return try method(
            ViewCall(name: name, call: call, view: view, lua: lua, base: base, folder: folder, layouts: layouts))
    }

    static let methods: [String: Method] = changes.merging(reads) { first, _ in first }
        .merging(transitions) { first, _ in first }

    /// What changes the view: state, data, selection, the offset, the pasteboard, refreshing.
    private static let changes: [String: Method] = [
        "setState": { call in
            let (key, value, duration) = try call.lua.stateArguments(call.base, call.call).get()
            if let duration {
                try call.view.setState(key, value, animatedFor: duration)
            } else {
                try call.view.setState(key, value)
            }
            return .results(0)
        },
        "reloadData": { call in
            try call.view.reloadData(try call.lua.dataArgument(call.base, call.call, folder: call.folder).get())
            return .results(0)
        },
        "performBatchUpdates": { call in
            try call.view.layoutIfNeeded()
            let request = try call.lua.batchArgument(call.base, call.call).get()
            try call.view.performBatchUpdates(
                request.batch, payloads: request.payloads, insertedSections: request.insertedSections,
                reloadPayloads: request.reloadPayloads)
            return .results(0)
        },
        "selectItem": { try select($0, true) },
        "deselectItem": { try select($0, false) },
        "scrollTo": { call in
            try call.view.setContentOffset(try call.lua.pointArguments(call.base, call.call).get())
            return .results(0)
        },
        "setPasteboard": { call in
            let value: LayoutValue
            do throws(LuaConversionError) {
                value = try call.lua.layoutValue(at: call.base)
            } catch {
                throw SimulationError("\(call.call)(value): the value cannot go on the pasteboard: \(error.message)")
            }
            // As custom fields: the pasteboard reaches the layout and the timeline's JSON.
            if let problem = AttributeRules.customProblem(value) {
                throw SimulationError("\(call.call)(value): the value cannot go on the pasteboard: it \(problem)")
            }
            call.view.pasteboard = value == .null ? nil : value
            return .results(0)
        },
        "endRefreshing": { call in
            try call.view.endRefreshing()
            return .results(0)
        },
    ]

    /// `selectItem(s, i)` and `deselectItem(s, i)`: programmatic, no delegate calls.
    private static func select(_ call: ViewCall, _ selected: Bool) throws -> LuaState.FunctionResult {
        let path = try call.indexPath()
        guard call.view.exists(path) else {
            throw SimulationError(
                "\(call.call)(\(path.section), \(path.item)): no such item (section \(path.section) has \(call.view.context.data.numberOfItems(inSection: path.section)) items)"
            )
        }
        if selected { call.view.selectItem(at: path) } else { call.view.deselectItem(at: path) }
        return .results(0)
    }

    /// What only reads the view.
    private static let reads: [String: Method] = [
        "state": { call in call.returning { $0.push(LayoutValue.object(call.view.context.state)) } },
        "contentOffset": { call in call.returning { $0.push(call.view.contentOffset) } },
        "contentSize": { call in call.returning { $0.push(call.view.contentSize) } },
        "selectedItems": { call in call.returning { $0.push(indexPaths: call.view.selectedItems) } },
        "highlightedItems": { call in call.returning { $0.push(indexPaths: call.view.highlightedItems) } },
        "visibleItems": { call in
            let paths = try call.view.indexPathsForVisibleItems()
            return call.returning { $0.push(indexPaths: paths) }
        },
        "itemData": { call in
            let path = try call.indexPath()
            let data = call.view.exists(path) ? call.view.context.data.item(at: path) ?? .null : .null
            return call.returning { $0.push(data) }
        },
        "numberOfItems": { call in
            let section = try call.lua.sectionArgument(call.base, call.call).get()
            return call.returning { $0.push(call.view.context.data.numberOfItems(inSection: section)) }
        },
        "isRefreshing": { call in call.returning { $0.push(call.view.isRefreshing) } },
        "pasteboard": { call in call.returning { $0.push(call.view.pasteboard ?? .null) } },
        "attributesOf": { call in
            let path = try call.indexPath()
            guard call.view.exists(path), let attributes = try call.view.attributesOfItem(at: path) else {
                return call.returning { $0.pushNil() }
            }
            return call.returning { $0.push(attributes: attributes) }
        },
    ]

    /// An interactive transition: begun (by name) and in progress.
    private static let transitions: [String: Method] = [
        "beginTransition": { call in
            let (name, transition) = try transitionNames(call)
            guard let layouts = call.layouts else { throw LayoutLibrary.noNames(name, call.call) }
            try layouts.beginTransition(on: call.view, to: name, bending: transition, function: call.call)
            return .results(0)
        },
        "transitionProgress": { call in
            call.returning { lua in
                if let progress = call.view.transitionLayout?.transitionProgress {
                    lua.push(progress)
                } else {
                    lua.pushNil()
                }
            }
        },
        "setTransitionProgress": { call in
            try SimulationSession.checkTransition(call.view, call.call)
            let progress = try call.lua.numberArgument(call.base, call.call, "the progress").get()
            try SimulationSession.checkProgress(progress, call.call)
            try call.view.setTransitionProgress(progress)
            return .results(0)
        },
        "updateAnimatedValue": { call in
            try SimulationSession.checkTransition(call.view, call.call)
            let (key, value, _) = try call.lua.stateArguments(call.base, call.call).get()
            guard let value else { throw SimulationError("\(call.call)(\"\(key)\", …) expects a value, got nil") }
            try call.view.updateAnimatedValue(value, forKey: key)
            return .results(0)
        },
        "finishTransition": { try endTransition($0, finish: true) },
        "cancelTransition": { try endTransition($0, finish: false) },
    ]

    /// `beginTransition(NAME [, TRANSITION])`'s names.
    static func transitionNames(_ call: ViewCall) throws -> (String, String?) {
        func name(_ index: Int32, _ what: String) throws -> String? {
            let type = call.lua.type(at: index)
            if index > call.base, type == .nil || type == .none { return nil }
            guard type == .string, let text = call.lua.string(at: index) else {
                throw SimulationError(
                    "\(call.call) expects \(what) (a name given with --layout NAME=FILE), got \(type.name)")
            }
            return text
        }
        return (try name(call.base, "the layout's name")!, try name(call.base + 1, "the transition's name"))
    }

    private static func endTransition(_ call: ViewCall, finish: Bool) throws -> LuaState.FunctionResult {
        try SimulationSession.checkTransition(call.view, call.call)
        try call.view.endInteractiveTransition(finish: finish)
        return .results(0)
    }
}
