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

    /// `preferredSizeForItem(cv, section, item, fitting)` for every item of a section, `sizes`
    /// holding the estimates (each item's `fitting`) and getting the measured sizes: one
    /// protected call with the loop in C (as the flow's `sizeForItem`), `cv` pushed once, one
    /// `fitting` table for all. The errors are those of `ask`, item by item.
    static func measure(
        _ sizes: inout [Size], inSection section: Int, script: LayoutScript, context: CollectionContext
    ) throws {
        let name = "preferredSizeForItem"
        let lua = script.lua
        let count = sizes.count
        guard count > 0 else { return }
        try lua.balanced { () throws in
            guard script.pushCallback(name) else { return }
            try script.binding.push(context)
            lua.push(section)
            let start = script.profile == nil ? 0 : CallProfile.now()
            defer { script.profile?.record(name, calls: count, since: start) }
            precondition(MemoryLayout<Size>.stride == 2 * MemoryLayout<Double>.stride)
            var failure: SizeCollectionError?
            sizes.withUnsafeMutableBufferPointer { buffer in
                buffer.withMemoryRebound(to: Double.self) { values in
                    do throws(SizeCollectionError) {
                        try lua.collectPreferredSizes(count: count, values: values.baseAddress!)
                    } catch { failure = error }
                }
            }
            guard let failure else { return }
            let evaluating = "\(name)(cv, \(section), \(failure.item), fitting)"
            if let luaError = failure.luaError { throw script.scriptError(luaError, evaluating: evaluating) }
            if case .invalid(let width, let height) = failure.problem {
                throw script.badReturn(
                    name,
                    "returned an invalid size \(AttributeRules.number(width))×\(AttributeRules.number(height)) (sizes must be finite and ≥ 0)",
                    evaluating: evaluating)
            }
            throw script.badReturn(
                name, "must return w, h (or {w, h}, or nil to keep the estimate)", evaluating: evaluating)
        }
    }
}
