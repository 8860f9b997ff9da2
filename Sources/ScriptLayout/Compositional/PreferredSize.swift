import LayoutEngine
import LuaRuntime

/// Self-sizing answers: `preferredSizeForItem(cv, section, item, fitting)` and
/// `preferredSizeForSupplementary(cv, kind, section, item, fitting)` return `w, h` (or
/// `{w, h}`); nil keeps the estimate. `fitting` is `{width=, height=}`.
enum PreferredSize {
    static func ask(
        _ script: LayoutScript, _ name: String, context: CollectionContext, kind: String?, _ indexPath: LayoutIndexPath,
        _ fitting: Size
    ) throws -> Size? {
        let lua = script.lua
        return try lua.balanced { () throws -> Size? in
            guard script.pushCallback(name) else { return nil }
            try script.binding.push(context)
            if let kind { lua.push(kind) }
            lua.push(indexPath.section)
            lua.push(indexPath.item)
            lua.push(fitting)
            // Built only for an error message.
            func evaluating() -> String {
                kind == nil
                    ? "\(name)(cv, \(indexPath.section), \(indexPath.item), fitting)"
                    : "\(name)(cv, \"\(kind!)\", \(indexPath.section), \(indexPath.item), fitting)"
            }
            try script.call(arguments: kind == nil ? 4 : 5, results: 2, evaluating: evaluating())
            defer { lua.pop(2) }
            if lua.isNil(at: -2) { return nil }
            guard let size = lua.sizeResults(at: -2, second: -1) else {
                throw script.badReturn(
                    name, "must return w, h (or {w, h}, or nil to keep the estimate)", evaluating: evaluating())
            }
            guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
                throw script.badReturn(
                    name,
                    "returned an invalid size \(AttributeRules.number(size.width))×\(AttributeRules.number(size.height)) (sizes must be finite and ≥ 0)",
                    evaluating: evaluating())
            }
            return size
        }
    }
}
