#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform
import LayoutEngine
import LuaRuntime

// Interactive movement through a script layout's hooks: where the moving item goes, and how
// it is drawn under the finger.
extension ScriptLayout {
    /// `targetIndexPathForInteractivelyMovingItem(cv, indexPath, position)` → `{s, i}`, or nil
    /// (also when the script does not define it) for the default.
    package func targetIndexPathForInteractivelyMovingItem(
        _ indexPath: LayoutIndexPath, position: Point, context: CollectionContext
    ) throws -> LayoutIndexPath? {
        try script.lua.balanced { () throws -> LayoutIndexPath? in
            guard script.pushCallback("targetIndexPathForInteractivelyMovingItem") else { return nil }
            let lua = script.lua
            try script.binding.push(context)
            lua.newTable(arrayCount: 2)
            lua.push(indexPath.section)
            lua.rawSet(tableAt: -2, index: 1)
            lua.push(indexPath.item)
            lua.rawSet(tableAt: -2, index: 2)
            lua.push(mirrored(Rect(origin: position, size: Size(width: 0, height: 0))).origin)
            let evaluating =
                "targetIndexPathForInteractivelyMovingItem(cv, {\(indexPath.section), \(indexPath.item)}, position)"
            try script.call(arguments: 3, results: 1, evaluating: evaluating)
            defer { lua.pop(1) }
            if lua.type(at: -1) == .nil { return nil }
            guard lua.type(at: -1) == .table, lua.rawLength(at: -1) == 2, let path = moveTarget(lua, -1) else {
                throw script.badReturn(
                    "targetIndexPathForInteractivelyMovingItem",
                    "must return {section, item} (whole numbers ≥ 0) or nil",
                    evaluating: evaluating)
            }
            // Checked here, so the message names this hook's line, not the scenario's.
            if let problem = HeadlessCollectionView.moveTargetProblem(context.data, from: indexPath, to: path) {
                throw script.badReturn(
                    "targetIndexPathForInteractivelyMovingItem",
                    "returned {\(path.section), \(path.item)}: \(problem)", evaluating: evaluating)
            }
            return path
        }
    }

    private func moveTarget(_ lua: LuaState, _ index: Int32) -> LayoutIndexPath? {
        var components: [Int] = []
        for position in 1...2 {
            lua.rawGet(tableAt: index, index: position)
            defer { lua.pop(1) }
            guard let number = lua.number(at: -1), number == number.rounded(), number >= 0, number < 1e9 else {
                return nil
            }
            components.append(Int(number))
        }
        return LayoutIndexPath(components[0], components[1])
    }

    /// `layoutAttributesForInteractivelyMovingItem(cv, a, position)`: edits the moving cell.
    package func layoutAttributesForInteractivelyMovingItem(
        _ attributes: LayoutAttributes, position: Point, context: CollectionContext
    ) throws -> LayoutAttributes {
        try script.lua.balanced { () throws -> LayoutAttributes in
            let hook = "layoutAttributesForInteractivelyMovingItem"
            guard script.pushCallback(hook) else { return attributes }
            proxy.begin()
            defer { proxy.begin() }
            try script.binding.push(context)
            let slot = proxy.push(mirrored(attributes))
            script.lua.push(mirrored(Rect(origin: position, size: Size(width: 0, height: 0))).origin)
            try script.call(arguments: 3, results: 0, evaluating: "\(hook)(cv, a, position) for \(attributes.key)")
            return mirrored(proxy.slots[slot])
        }
    }
}
