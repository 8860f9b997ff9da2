import LuaRuntime

/// The names a layout script defines, sorted by what the engine does with them (for
/// `lualayout check`): properties it reads, callbacks and hooks it calls, and the layout's own
/// fields it never reads.
package struct LayoutFields: Sendable, Equatable {
    /// `flow{...}` or `compositional{...}` properties set (to a value or a function of `cv`).
    package var properties: [String] = []
    /// Flow delegate or self-sizing callbacks defined as functions.
    package var callbacks: [String] = []
    /// UICollectionViewLayout overrides defined as functions (`prepare`, `attributes`, …).
    package var hooks: [String] = []
    /// Keys of the layout table the engine does not read and that are not near misses of a
    /// name it reads (the layout's own helpers, or typos further than two edits away).
    package var unknown: [String] = []
}

extension ScriptLayout {
    /// What the layout table defines, as the engine resolves it now (inherited fields count).
    package var fields: LayoutFields { script.fields() }
}

extension LayoutScript {
    func fields() -> LayoutFields {
        var fields = LayoutFields()
        pushFields()
        let (properties, callbacks) =
            compositionalLocation != nil
            ? (LayoutNames.compositionalProperties, LayoutNames.selfSizingCallbacks)
            : (LayoutNames.flowProperties, LayoutNames.flowCallbacks)
        fields.properties = properties.filter { fieldType(name: $0) != .nil }
        fields.callbacks = callbacks.filter { fieldType(name: $0) == .function }
        fields.hooks = (LayoutNames.hooks + LayoutNames.customCallbacks).filter { fieldType(name: $0) == .function }
        lua.pop(1)
        let known = Set(LayoutNames.all)
        fields.unknown = layoutTableKeys().filter {
            !known.contains($0) && LayoutNames.intendedName(for: $0) == nil
                && LayoutNames.luaSpelling(ofUIKitName: $0) == nil
        }
        .sorted()
        return fields
    }

    /// The type of the resolved field `name` (the resolved fields table on top of the stack).
    private func fieldType(name: String) -> LuaType {
        let type = lua.rawGet(tableAt: -1, field: name)
        lua.pop(1)
        return type
    }
}
