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

/// A controller script: a Lua file returning a table of delegate callbacks and options, run in
/// its own sandboxed state (the layouts' sandbox and limits). It is the view's delegate;
/// callbacks receive the `view` object (see `ControllerView`) and act through it.
package final class ControllerScript: CollectionViewDelegate {
    package struct Options: Sendable, Equatable {
        package var allowsSelection = true
        package var allowsMultipleSelection = false
        package var pagingEnabled = false
        /// The actions the edit menu may offer, in order.
        package var menuActions = HeadlessCollectionView.standardMenuActions
        /// UIScrollView.refreshControl: a pull past the top threshold refreshes.
        package var refreshControl = false
        /// The background view's colour (`backgroundView = {color = "#RRGGBB"}`), or nil.
        package var backgroundColor: String?
        /// UIScrollView.contentInsetAdjustmentBehavior, when the controller sets it (it then
        /// overrides `--content-inset-adjustment`).
        package var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior?
    }

    /// The callbacks a controller may define.
    package static let callbackNames = [
        "shouldHighlightItem", "didHighlightItem", "didUnhighlightItem", "shouldSelectItem", "didSelectItem",
        "shouldDeselectItem", "didDeselectItem", "didLongPress", "didTapBackground", "canMoveItem",
        "targetIndexPathForMove", "moveItem", "didDoubleTap", "didPinch", "shouldShowMenuForItem", "canPerformAction",
        "performAction", "didPullToRefresh",
    ]
    /// The boolean options.
    static let flagNames = ["allowsSelection", "allowsMultipleSelection", "pagingEnabled", "refreshControl"]
    package static let optionNames = flagNames + ["menuActions", "backgroundView", "contentInsetAdjustmentBehavior"]
    /// The methods of the `view` object callbacks receive.
    package static let viewMethodNames = ControllerView.methodNames

    package let name: String
    /// The controller's folder: paths given to `view:reloadData` are inside it.
    let folder: ScriptFolder?
    package let options: Options
    /// The layouts the command line named, which `view:beginTransition(NAME)` goes to.
    package var layouts: LayoutLibrary?
    let environment: ScriptEnvironment
    private let table: LuaReference
    private(set) var viewObject: ControllerView!

    var lua: LuaState { environment.lua }
    /// The modules the controller required and the data files it read (`view:reloadData`).
    package var loadedFiles: [String] { environment.loadedFiles + (folder?.read ?? []) }

    /// Loads the controller file; `require` resolves modules beside it.
    package convenience init(file path: String, limits: ScriptLayout.Limits) throws(ScriptError) {
        guard FileSystemPath.isRegularFile(path), let data = FileManager.default.contents(atPath: path) else {
            throw ScriptError(kind: .file, message: "\(path): cannot read the controller")
        }
        let directory = FileSystemPath.directory(of: path)
        try self.init(
            bytes: [UInt8](data), name: path, moduleDirectory: directory.isEmpty ? "." : directory, limits: limits)
    }

    package init(
        bytes: [UInt8], name: String, moduleDirectory: String?, limits: ScriptLayout.Limits
    ) throws(ScriptError) {
        self.name = name
        folder = ScriptFolder(moduleDirectory, of: "controller")
        environment = try ScriptEnvironment.make(limits: limits, moduleDirectory: moduleDirectory, name: name)
        let lua = environment.lua
        try environment.runChunk(
            source: bytes, chunkName: "@" + name, displayName: name,
            mustReturn: "the controller must return a table of callbacks (shouldSelectItem, didSelectItem, …)")
        options = try Self.readOptions(lua, name)
        try Self.checkCallbacks(lua, name)
        table = lua.reference()
        viewObject = ControllerView(controller: self)
    }

    /// The options, read raw from the table on top.
    private static func readOptions(_ lua: LuaState, _ name: String) throws(ScriptError) -> Options {
        var options = Options()
        options.menuActions = try readMenuActions(lua, name) ?? options.menuActions
        options.backgroundColor = try readBackgroundView(lua, name)
        options.contentInsetAdjustmentBehavior = try readInsetAdjustment(lua, name)
        for option in flagNames {
            let type = lua.rawGet(tableAt: -1, field: option)
            defer { lua.pop(1) }
            guard type != .nil else { continue }
            guard type == .boolean else {
                throw ScriptError(
                    kind: .invalidValue,
                    message: "\(name): the controller's \(option) must be a boolean, got \(type.name)")
            }
            let value = lua.boolean(at: -1)
            switch option {
            case "allowsSelection": options.allowsSelection = value
            case "allowsMultipleSelection": options.allowsMultipleSelection = value
            case "refreshControl": options.refreshControl = value
            default: options.pagingEnabled = value
            }
        }
        return options
    }

    /// `contentInsetAdjustmentBehavior = "never"`, read raw from the table on top (UIKit's case
    /// names), or nil when absent.
    private static func readInsetAdjustment(
        _ lua: LuaState, _ name: String
    ) throws(ScriptError) -> ContentInsetAdjustmentBehavior? {
        let type = lua.rawGet(tableAt: -1, field: "contentInsetAdjustmentBehavior")
        defer { lua.pop(1) }
        guard type != .nil else { return nil }
        if type == .string, let text = lua.string(at: -1), let behavior = ContentInsetAdjustmentBehavior(rawValue: text)
        {
            return behavior
        }
        let got = type == .string ? "'\(String((lua.string(at: -1) ?? "").prefix(40)))'" : type.name
        let names = ContentInsetAdjustmentBehavior.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        throw ScriptError(
            kind: .invalidValue,
            message: "\(name): the controller's contentInsetAdjustmentBehavior must be one of \(names), got \(got)")
    }

    /// `backgroundView = {color = "#RRGGBB"}`, read raw from the table on top: the colour, or
    /// nil when absent.
    private static func readBackgroundView(_ lua: LuaState, _ name: String) throws(ScriptError) -> String? {
        let type = lua.rawGet(tableAt: -1, field: "backgroundView")
        defer { lua.pop(1) }
        guard type != .nil else { return nil }
        let problem = "\(name): the controller's backgroundView must be {color = \"#RRGGBB\"}"
        guard type == .table else { throw ScriptError(kind: .invalidValue, message: "\(problem), got \(type.name)") }
        let table = lua.absoluteIndex(-1)
        lua.pushNil()
        while lua.next(tableAt: table) {
            defer { lua.pop(1) }
            guard lua.type(at: -2) == .string, lua.string(at: -2) == "color" else {
                let key =
                    lua.type(at: -2) == .string
                    ? "'\(String((lua.string(at: -2) ?? "").prefix(40)))'" : lua.type(at: -2).name
                throw ScriptError(kind: .invalidValue, message: "\(problem): unknown key \(key)")
            }
        }
        let colorType = lua.rawGet(tableAt: table, field: "color")
        defer { lua.pop(1) }
        guard colorType == .string, let text = lua.string(at: -1), let color = BackgroundColor.parse(text) else {
            let got = colorType == .string ? "'\(String((lua.string(at: -1) ?? "").prefix(40)))'" : colorType.name
            throw ScriptError(
                kind: .invalidValue, message: "\(problem): color must be \(BackgroundColor.expected), got \(got)")
        }
        return color
    }

    /// `menuActions`, read raw from the table on top: a list of action names (nil when absent).
    private static func readMenuActions(_ lua: LuaState, _ name: String) throws(ScriptError) -> [String]? {
        let type = lua.rawGet(tableAt: -1, field: "menuActions")
        defer { lua.pop(1) }
        guard type != .nil else { return nil }
        let problem = "\(name): the controller's menuActions must be a list of action names (non-empty strings)"
        guard type == .table else { throw ScriptError(kind: .invalidValue, message: "\(problem), got \(type.name)") }
        let list = lua.absoluteIndex(-1)
        let count = lua.rawLength(at: list)
        guard count <= 100 else {
            throw ScriptError(kind: .invalidValue, message: "\(problem), at most 100, got \(count)")
        }
        var actions: [String] = []
        for position in 0..<count {
            let entry = lua.rawGet(tableAt: list, index: position + 1)
            defer { lua.pop(1) }
            guard entry == .string, let action = lua.string(at: -1), !action.isEmpty, action.utf8.count <= 100 else {
                throw ScriptError(
                    kind: .invalidValue, message: "\(problem), entry \(position + 1) is \(entry.name)")
            }
            actions.append(action)
        }
        return actions
    }

    /// Known callbacks must be functions; other keys holding functions are likely misspellings.
    private static func checkCallbacks(_ lua: LuaState, _ name: String) throws(ScriptError) {
        let table = lua.absoluteIndex(-1)
        lua.pushNil()
        while lua.next(tableAt: table) {
            defer { lua.pop(1) }
            guard let key = lua.string(at: -2) else { continue }
            let type = lua.type(at: -1)
            if callbackNames.contains(key) {
                guard type == .function else {
                    throw ScriptError(
                        kind: .invalidValue,
                        message: "\(name): the controller's \(key) must be a function, got \(type.name)")
                }
            } else if !optionNames.contains(key), type == .function {
                let location = lua.functionLocation(at: -1)
                throw ScriptError(
                    kind: .invalidValue,
                    message:
                        "\(location.isEmpty ? name : location): unknown controller callback '\(key)' (expected one of \(callbackNames.joined(separator: ", ")))"
                )
            }
        }
    }

    // MARK: Calling

    /// Calls callback `name` with the view, the index path (or two nils) and the point; returns
    /// whether it answered anything but `false` (true when it is not defined).
    private func invoke(
        _ name: String, _ view: HeadlessCollectionView, _ path: LayoutIndexPath?, _ point: TouchPoint,
        pathArguments: Bool = true
    ) throws -> Bool {
        let lua = self.lua
        // Whatever the callback leaves (or an error leaves) goes with the frame.
        let saved = lua.top
        defer { lua.top = saved }
        do {
            lua.push(table)
            guard lua.rawGet(tableAt: -1, field: name) == .function else { return true }
            viewObject.view = view
            defer { viewObject.view = nil }
            viewObject.push()
            var arguments: Int32 = 2
            if pathArguments {
                if let path {
                    lua.push(path.section)
                    lua.push(path.item)
                } else {
                    lua.pushNil()
                    lua.pushNil()
                }
                arguments += 2
            }
            lua.push(touch: point)
            let evaluating =
                pathArguments
                ? "\(name)(view, \(path.map { "\($0.section), \($0.item)" } ?? "nil, nil"), point)"
                : "\(name)(view, point)"
            do throws(LuaError) {
                try lua.call(arguments: arguments, results: 1)
            } catch {
                if let pending = viewObject.takePendingError() { throw pending }
                throw ScriptError(error, evaluating: evaluating, script: self.name)
            }
            return !(lua.type(at: -1) == .boolean && !lua.boolean(at: -1))
        }
    }

    package func shouldHighlightItem(
        _ view: HeadlessCollectionView, at indexPath: LayoutIndexPath, point: TouchPoint
    ) throws -> Bool {
        try invoke("shouldHighlightItem", view, indexPath, point)
    }

    package func didHighlightItem(
        _ view: HeadlessCollectionView, at indexPath: LayoutIndexPath, point: TouchPoint
    ) throws {
        _ = try invoke("didHighlightItem", view, indexPath, point)
    }

    package func didUnhighlightItem(
        _ view: HeadlessCollectionView, at indexPath: LayoutIndexPath, point: TouchPoint
    ) throws {
        _ = try invoke("didUnhighlightItem", view, indexPath, point)
    }

    package func shouldSelectItem(
        _ view: HeadlessCollectionView, at indexPath: LayoutIndexPath, point: TouchPoint
    ) throws -> Bool {
        try invoke("shouldSelectItem", view, indexPath, point)
    }

    package func didSelectItem(_ view: HeadlessCollectionView, at indexPath: LayoutIndexPath, point: TouchPoint) throws
    {
        _ = try invoke("didSelectItem", view, indexPath, point)
    }

    package func shouldDeselectItem(
        _ view: HeadlessCollectionView, at indexPath: LayoutIndexPath, point: TouchPoint
    ) throws -> Bool {
        try invoke("shouldDeselectItem", view, indexPath, point)
    }

    package func didDeselectItem(
        _ view: HeadlessCollectionView, at indexPath: LayoutIndexPath, point: TouchPoint
    ) throws {
        _ = try invoke("didDeselectItem", view, indexPath, point)
    }

    package func didLongPress(_ view: HeadlessCollectionView, point: TouchPoint) throws {
        _ = try invoke("didLongPress", view, point.indexPath, point)
    }

    package func didTapBackground(_ view: HeadlessCollectionView, point: TouchPoint) throws {
        _ = try invoke("didTapBackground", view, nil, point, pathArguments: false)
    }

    // MARK: Double tap

    /// A controller defining didDoubleTap has a double-tap recognizer.
    package var recognizesDoubleTap: Bool { defines("didDoubleTap") }
    /// Only the callbacks the controller's table defines are called and logged.
    package func implements(_ name: String) -> Bool { defines(name) }

    package func didDoubleTap(_ view: HeadlessCollectionView, point: TouchPoint) throws {
        _ = try invoke("didDoubleTap", view, point.indexPath, point)
    }

    /// didPinch(view, scale, point, phase).
    package func didPinch(_ view: HeadlessCollectionView, scale: Double, point: TouchPoint, phase: String) throws {
        _ = try call(
            "didPinch", view, evaluating: "didPinch(view, scale, point, \"\(phase)\")",
            arguments: 3,
            {
                lua.push(scale)
                lua.push(touch: point)
                lua.push(phase)
            }, read: { _ in () })
    }

    // MARK: Refresh control and timers

    package var hasRefreshControl: Bool { options.refreshControl }

    /// didPullToRefresh(view): the refresh control started refreshing.
    package func didPullToRefresh(_ view: HeadlessCollectionView) throws {
        _ = try call(
            "didPullToRefresh", view, evaluating: "didPullToRefresh(view)", arguments: 0, {}, read: { _ in () })
    }

    /// A function `view:after(seconds, fn)` scheduled: due on the scenario's clock.
    struct Timer {
        var due: Double
        var function: LuaReference
        /// `file:line` of the function, to name it in the log and in errors.
        var location: String
    }
    /// The timers not yet run, in the order they fire (due time, then scheduling order).
    private(set) var timers: [Timer] = []
    /// The scenario's clock, in seconds (the session sets it as `wait` advances).
    package var clock = 0.0
    /// Most timers waiting at once.
    static let maximumTimers = 1000

    /// Schedules the function on top of the stack (popped) to run `seconds` from now.
    func schedule(after seconds: Double) -> String? {
        guard timers.count < Self.maximumTimers else {
            lua.pop(1)
            return "at most \(Self.maximumTimers) timers may wait at once"
        }
        let location = lua.functionLocation(at: -1)
        let timer = Timer(due: clock + seconds, function: lua.reference(), location: location)
        let position = timers.firstIndex { $0.due > timer.due } ?? timers.endIndex
        timers.insert(timer, at: position)
        return nil
    }

    /// When the next timer is due, or nil.
    package var nextTimerDue: Double? { timers.first?.due }

    /// Runs the first timer: `fn(view)`, logged as a call `after(LOCATION)`.
    package func fireNextTimer(_ view: HeadlessCollectionView) throws {
        guard !timers.isEmpty else { return }
        let timer = timers.removeFirst()
        defer { lua.release(timer.function) }
        let name = "after(\(timer.location.isEmpty ? self.name : timer.location))"
        try view.hostCallback(name) {
            let lua = self.lua
            let saved = lua.top
            defer { lua.top = saved }
            lua.push(timer.function)
            viewObject.view = view
            defer { viewObject.view = nil }
            viewObject.push()
            do throws(LuaError) {
                try lua.call(arguments: 1, results: 0)
            } catch {
                if let pending = viewObject.takePendingError() { throw pending }
                throw ScriptError(error, evaluating: "the function given to view:after", script: self.name)
            }
        }
    }

    // MARK: Edit menu

    package var menuActions: [String] { options.menuActions }

    /// shouldShowMenuForItem(view, section, item): true shows the menu (default false).
    package func shouldShowMenuForItem(_ view: HeadlessCollectionView, at indexPath: LayoutIndexPath) throws -> Bool {
        let answer = try call(
            "shouldShowMenuForItem", view,
            evaluating: "shouldShowMenuForItem(view, \(indexPath.section), \(indexPath.item))", arguments: 2,
            {
                lua.push(indexPath.section)
                lua.push(indexPath.item)
            }, read: { lua in Self.truthy(lua, -1) })
        return answer ?? false
    }

    /// canPerformAction(view, action, section, item): true offers the action (default: true
    /// when the controller defines performAction).
    package func canPerformAction(
        _ view: HeadlessCollectionView, action: String, at indexPath: LayoutIndexPath
    ) throws -> Bool {
        let answer = try call(
            "canPerformAction", view,
            evaluating: "canPerformAction(view, \"\(action)\", \(indexPath.section), \(indexPath.item))",
            arguments: 3,
            {
                lua.push(action)
                lua.push(indexPath.section)
                lua.push(indexPath.item)
            }, read: { lua in Self.truthy(lua, -1) })
        return answer ?? defines("performAction")
    }

    /// performAction(view, action, section, item): the action was chosen in the menu.
    package func performAction(_ view: HeadlessCollectionView, action: String, at indexPath: LayoutIndexPath) throws {
        _ = try call(
            "performAction", view,
            evaluating: "performAction(view, \"\(action)\", \(indexPath.section), \(indexPath.item))",
            arguments: 3,
            {
                lua.push(action)
                lua.push(indexPath.section)
                lua.push(indexPath.item)
            }, read: { _ in () })
    }

    /// Lua truth: anything but nil and false.
    static func truthy(_ lua: LuaState, _ index: Int32) -> Bool {
        let type = lua.type(at: index)
        return type != .nil && !(type == .boolean && !lua.boolean(at: index))
    }

    // MARK: Interactive movement

    /// Whether the controller's table defines `name` as a function.
    func defines(_ name: String) -> Bool {
        let lua = self.lua
        let saved = lua.top
        defer { lua.top = saved }
        lua.push(table)
        return lua.rawGet(tableAt: -1, field: name) == .function
    }

    /// Calls callback `name` with the view and `pushArguments`' values (their count); returns
    /// the first result's index (at the top) to `read` before the stack is restored, or nil
    /// when the callback is not defined.
    /// `file:line` where the callback `name` is defined (the file alone when unknown).
    private func location(ofCallback name: String) -> String {
        let lua = self.lua
        let saved = lua.top
        defer { lua.top = saved }
        lua.push(table)
        lua.rawGet(tableAt: -1, field: name)
        let location = lua.functionLocation(at: -1)
        return location.isEmpty ? self.name : location
    }

    private func call<T>(
        _ name: String, _ view: HeadlessCollectionView, evaluating: String, arguments: Int32,
        _ pushArguments: () -> Void, read: (LuaState) throws -> T
    ) throws -> T? {
        let lua = self.lua
        let saved = lua.top
        defer { lua.top = saved }
        lua.push(table)
        guard lua.rawGet(tableAt: -1, field: name) == .function else { return nil }
        viewObject.view = view
        defer { viewObject.view = nil }
        viewObject.push()
        pushArguments()
        do throws(LuaError) {
            try lua.call(arguments: arguments + 1, results: 1)
        } catch {
            if let pending = viewObject.takePendingError() { throw pending }
            throw ScriptError(error, evaluating: evaluating, script: self.name)
        }
        return try read(lua)
    }

    /// canMoveItem(view, section, item); without it, whether the controller defines moveItem.
    package func canMoveItem(_ view: HeadlessCollectionView, at indexPath: LayoutIndexPath) throws -> Bool {
        let answer = try call(
            "canMoveItem", view, evaluating: "canMoveItem(view, \(indexPath.section), \(indexPath.item))",
            arguments: 2,
            {
                lua.push(indexPath.section)
                lua.push(indexPath.item)
            },
            read: { lua in !(lua.type(at: -1) == .boolean && !lua.boolean(at: -1)) && lua.type(at: -1) != .nil })
        return answer ?? defines("moveItem")
    }

    /// targetIndexPathForMove(view, from, proposed) → {s, i} (nil keeps `proposed`).
    package func targetIndexPathForMove(
        _ view: HeadlessCollectionView, from: LayoutIndexPath, proposed: LayoutIndexPath
    ) throws -> LayoutIndexPath {
        let evaluating =
            "targetIndexPathForMove(view, {\(from.section), \(from.item)}, {\(proposed.section), \(proposed.item)})"
        let answer = try call(
            "targetIndexPathForMove", view, evaluating: evaluating, arguments: 2,
            {
                lua.push(indexPath: from)
                lua.push(indexPath: proposed)
            },
            read: { lua throws -> LayoutIndexPath in
                if lua.type(at: -1) == .nil { return proposed }
                // Blamed on the callback's own line, not on the scenario line that moved.
                let site = location(ofCallback: "targetIndexPathForMove")
                guard let path = Self.indexPath(lua, -1) else {
                    throw ScriptError(
                        kind: .invalidValue,
                        message:
                            "\(site): targetIndexPathForMove must return an index path {section, item} of whole numbers ≥ 0, got \(lua.type(at: -1).name)",
                        evaluating: evaluating)
                }
                if let at = view.movingItem,
                    let problem = HeadlessCollectionView.moveTargetProblem(view.context.data, from: at, to: path)
                {
                    throw ScriptError(
                        kind: .invalidValue,
                        message: "\(site): targetIndexPathForMove returned {\(path.section), \(path.item)}: \(problem)",
                        evaluating: evaluating)
                }
                return path
            })
        return answer ?? proposed
    }

    /// moveItem(view, from, to): the data already has the item at `to`.
    package func moveItem(_ view: HeadlessCollectionView, from: LayoutIndexPath, to: LayoutIndexPath) throws {
        _ = try call(
            "moveItem", view,
            evaluating: "moveItem(view, {\(from.section), \(from.item)}, {\(to.section), \(to.item)})",
            arguments: 2,
            {
                lua.push(indexPath: from)
                lua.push(indexPath: to)
            }, read: { _ in () })
    }

    /// The index-path value at `index` (`IndexPathValue`), or nil.
    static func indexPath(_ lua: LuaState, _ index: Int32) -> LayoutIndexPath? { IndexPathValue.read(lua, at: index) }
}
