#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform
import LayoutEngine
import LuaRuntime

// UIKit's batch-update hooks of a script layout: prepare and finalize, the appearing and
// disappearing attributes.
extension ScriptLayout {
    /// `prepareForCollectionViewUpdates(cv, updates)`: each update is
    /// `{updateAction = "insert"|"delete"|"move"|"reload", indexPathBeforeUpdate = {section=, item=}|nil,
    /// indexPathAfterUpdate = …}`, with `item` nil for a whole-section update.
    public func prepare(forCollectionViewUpdates updates: [CollectionUpdate], context: CollectionContext) throws {
        try script.lua.balanced { try prepareUpdatesBalanced(updates, context) }
    }

    private func prepareUpdatesBalanced(_ updates: [CollectionUpdate], _ context: CollectionContext) throws {
        guard script.pushCallback("prepareForCollectionViewUpdates") else { return }
        let lua = script.lua
        try script.binding.push(context)
        lua.newTable(arrayCount: Int32(clamping: updates.count))
        for (offset, update) in updates.enumerated() {
            lua.newTable(fieldCount: 3)
            lua.push(update.action.rawValue)
            lua.rawSet(tableAt: -2, field: "updateAction")
            for (field, target) in [("indexPathBeforeUpdate", update.before), ("indexPathAfterUpdate", update.after)] {
                guard let target else { continue }
                lua.newTable(fieldCount: 2)
                lua.push(target.section)
                lua.rawSet(tableAt: -2, field: "section")
                if let item = target.item {
                    lua.push(item)
                    lua.rawSet(tableAt: -2, field: "item")
                }
                lua.rawSet(tableAt: -2, field: field)
            }
            lua.rawSet(tableAt: -2, index: offset + 1)
        }
        try script.call(arguments: 2, results: 0, evaluating: "prepareForCollectionViewUpdates(cv, updates)")
    }

    public func finalizeCollectionViewUpdates(context: CollectionContext) throws {
        try script.lua.balanced {
            guard script.pushCallback("finalizeCollectionViewUpdates") else { return }
            try script.binding.push(context)
            try script.call(arguments: 1, results: 0, evaluating: "finalizeCollectionViewUpdates(cv)")
        }
    }

    /// `initialLayoutAttributesForAppearingItem/SupplementaryElement/DecorationElement(cv, a)`:
    /// `a` arrives holding the default start and the hook edits it.
    public func initialLayoutAttributes(
        forAppearing attributes: LayoutAttributes, context: CollectionContext
    ) throws -> LayoutAttributes {
        try transitionHook("initialLayoutAttributesForAppearing", attributes, context)
    }

    /// `finalLayoutAttributesForDisappearingItem/SupplementaryElement/DecorationElement(cv, a)`.
    public func finalLayoutAttributes(
        forDisappearing attributes: LayoutAttributes, context: CollectionContext
    ) throws -> LayoutAttributes {
        try transitionHook("finalLayoutAttributesForDisappearing", attributes, context)
    }

    private func transitionHook(
        _ prefix: String, _ attributes: LayoutAttributes, _ context: CollectionContext
    ) throws -> LayoutAttributes {
        let suffix =
            switch attributes.category {
            case .cell: "Item"
            case .supplementary: "SupplementaryElement"
            case .decoration: "DecorationElement"
            }
        return try script.lua.balanced {
            mirrored(try edit(mirrored(attributes), with: prefix + suffix, context: context))
        }
    }
}
