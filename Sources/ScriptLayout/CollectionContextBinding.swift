import LayoutEngine
import LuaRuntime

/// The read-only `cv` table scripts receive: `cv.bounds`, `cv.scale`, `cv.numberOfSections`,
/// `cv.state`, `cv:numberOfItems(section)`, `cv:itemData(section, item)`.
///
/// One table per distinct context, rebuilt only when the context changes.
final class CollectionContextBinding {
    private let lua: LuaState
    private(set) var context: CollectionContext
    private var cached: LuaReference?
    private var methods: LuaReference!
    private var refuseWrite: LuaReference!

    init(lua: LuaState) {
        self.lua = lua
        self.context = CollectionContext(bounds: .zero, data: CollectionData(counts: []))
        lua.newTable(fieldCount: 2)
        lua.push { [unowned self] lua in self.numberOfItems(lua) }
        lua.rawSet(tableAt: -2, field: "numberOfItems")
        lua.push { [unowned self] lua in self.itemData(lua) }
        lua.rawSet(tableAt: -2, field: "itemData")
        methods = lua.reference()
        lua.push { _ in .error("cv is read-only") }
        refuseWrite = lua.reference()
    }

    /// Pushes the `cv` table for `context`.
    func push(_ context: CollectionContext) {
        if let cached, context == self.context {
            lua.push(cached)
            return
        }
        if let cached { lua.release(cached) }
        self.context = context
        // Proxy: an empty table whose metatable serves the fields and refuses writes.
        lua.newTable()
        lua.newTable(fieldCount: 3)
        lua.newTable(fieldCount: 6)
        lua.push(context.bounds)
        lua.rawSet(tableAt: -2, field: "bounds")
        lua.push(context.scale)
        lua.rawSet(tableAt: -2, field: "scale")
        lua.push(context.data.numberOfSections)
        lua.rawSet(tableAt: -2, field: "numberOfSections")
        lua.push(LayoutValue.object(context.state))
        lua.rawSet(tableAt: -2, field: "state")
        lua.push(methods)
        for name in ["numberOfItems", "itemData"] {
            lua.rawGet(tableAt: -1, field: name)
            lua.rawSet(tableAt: -3, field: name)
        }
        lua.pop(1)
        lua.rawSet(tableAt: -2, field: "__index")
        lua.push(refuseWrite)
        lua.rawSet(tableAt: -2, field: "__newindex")
        lua.push("cv")
        lua.rawSet(tableAt: -2, field: "__metatable")
        lua.setMetatable(at: -2)
        lua.pushValue(at: -1)
        cached = lua.reference()
    }

    /// `cv:numberOfItems(section)`.
    private func numberOfItems(_ lua: LuaState) -> LuaState.FunctionResult {
        guard let section = integerArgument(lua, 2) else {
            return .error("cv:numberOfItems(section) expects a section number (call it with ':')")
        }
        lua.push(context.data.numberOfItems(inSection: section))
        return .results(1)
    }

    /// `cv:itemData(section, item)`: the item's payload, or nil.
    private func itemData(_ lua: LuaState) -> LuaState.FunctionResult {
        guard let section = integerArgument(lua, 2), let item = integerArgument(lua, 3) else {
            return .error("cv:itemData(section, item) expects two numbers (call it with ':')")
        }
        guard let value = context.data.item(at: LayoutIndexPath(section, item)) else {
            lua.pushNil()
            return .results(1)
        }
        lua.push(value)
        return .results(1)
    }

    private func integerArgument(_ lua: LuaState, _ index: Int32) -> Int? {
        guard let number = lua.number(at: index), number == number.rounded(), abs(number) < 1e15 else { return nil }
        return Int(number)
    }
}
