import LayoutEngine
import LuaRuntime

/// The transition layout a layout provides for transitions to it: its table's
/// `transitionLayout`, of a transition script's shape (`attributes(cv, a, from, to, progress)`,
/// `animatedKeys`). UIKit asks the collection view's delegate
/// (`collectionView(_:transitionLayoutForOldLayout:newLayout:)`); here the arriving layout
/// answers, so a controller that begins a transition by name needs no file of its own.
extension ScriptLayout {
    static let transitionLayoutField = "transitionLayout"

    /// The transition layout this layout provides, or nil when it provides none.
    package func providedTransition() throws(ScriptError) -> TransitionScript? {
        let lua = script.lua
        let top = lua.top
        defer { lua.top = top }
        script.pushFields()
        let type = lua.rawGet(tableAt: -1, field: Self.transitionLayoutField)
        guard type != .nil else { return nil }
        guard type == .table else {
            throw ScriptError(
                kind: .invalidValue,
                message:
                    "\(name): transitionLayout must be a table {attributes = function(cv, a, from, to, progress), animatedKeys = {…}}, got \(type.name)"
            )
        }
        let table = lua.reference()
        return try TransitionScript(table: table, environment: script.environment, name: "\(name) (transitionLayout)")
    }
}
