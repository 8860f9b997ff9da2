import LayoutEngine
import LuaRuntime

/// A custom layout that answers its queries from Lua instead of caching every element in
/// `prepare` (the guide's advice for huge sets: compute per rect): `prepare(cv, out)` places
/// nothing and gives the content size; `elementsInRect(cv, rect, out)` places the elements of
/// each rect query through `out`, and `itemAttributes(cv, section, item)` answers one item with
/// `x, y, w, h [, extra]` (nil: no such item). UIKit asks every custom layout for both
/// (`layoutAttributesForElements(in:)` and `layoutAttributesForItem(at:)`), so both are required.
///
/// A rect query reports what intersects the rect (a layout may place more, a whole row);
/// the whole listing (no rect) is the query of the content's rectangle, everything placed
/// kept; a supplementary or decoration view's own query is answered from that listing.
struct LazyScriptElements: PreparedLayoutDynamics {
    static let rectCallback = "elementsInRect", itemCallback = "itemAttributes"

    let script: LayoutScript
    let sink: ElementSink
    let contentSize: Size
    /// The data's items: what a listing holds at least (the cells; views are not counted).
    let elementCount: Int

    func elements(in rect: Rect?, context: CollectionContext) throws -> [LayoutAttributes] {
        let query = rect ?? Rect(origin: .zero, size: contentSize)
        let store = try sink.collect(elementsIn: query, of: script, context: context)
        guard rect != nil else { return store.allAttributes() }
        return store.positions(in: query).map { store.attributes(at: $0) }
    }

    func attributes(for key: ElementKey, context: CollectionContext) throws -> LayoutAttributes? {
        guard key.category == .cell else {
            return try elements(in: nil, context: context).first { $0.key == key }
        }
        let path = key.indexPath
        guard path.deeper.isEmpty, path.section < context.data.sections.count,
            path.item < context.data.numberOfItems(inSection: path.section)
        else { return nil }
        return try sink.collect(itemAttributesOf: path, of: script, context: context)
    }
}

extension ElementSink {
    /// Runs `elementsInRect(cv, rect, out)` and returns what it placed.
    func collect(elementsIn rect: Rect, of script: LayoutScript, context: CollectionContext) throws -> ElementStore {
        let evaluating = "elementsInRect(cv, rect, out)"
        try script.pushRequiredCallback(LazyScriptElements.rectCallback, evaluating: evaluating)
        try script.binding.push(context)
        script.lua.push(rect)
        begin(data: context.data, acceptsContentSize: false)
        do {
            try script.call(arguments: 3, results: 0, evaluating: evaluating)
        } catch {
            close()
            throw error
        }
        do {
            return try finish()
        } catch {
            throw ScriptError(
                kind: .invalidValue,
                message: "\(script.location(ofCallback: LazyScriptElements.rectCallback)): \(error.message)",
                evaluating: evaluating)
        }
    }

    /// Runs `itemAttributes(cv, section, item)` and places its answer, `x, y, w, h [, extra]`,
    /// as `out:cell(section, item, x, y, w, h [, extra])` would: the same checks, the same
    /// attributes. Nil when it answers nil.
    func collect(
        itemAttributesOf path: LayoutIndexPath, of script: LayoutScript, context: CollectionContext
    ) throws -> LayoutAttributes? {
        let lua = script.lua
        let evaluating = "itemAttributes(cv, \(path.section), \(path.item))"
        try script.pushRequiredCallback(LazyScriptElements.itemCallback, evaluating: evaluating)
        try script.binding.push(context)
        lua.push(path.section)
        lua.push(path.item)
        try script.call(arguments: 3, results: 5, evaluating: evaluating)
        let answer = lua.absoluteIndex(-5)
        defer { lua.top = answer - 1 }
        if lua.type(at: answer) == .nil { return nil }
        begin(data: context.data, acceptsContentSize: false)
        let out = lua.absoluteIndex(-1)
        lua.rawGet(tableAt: out, field: "cell")
        lua.pushValue(at: out)
        lua.push(path.section)
        lua.push(path.item)
        let values: Int32 = lua.type(at: answer + 4) == .nil ? 4 : 5
        for offset in 0..<values { lua.pushValue(at: answer + offset) }
        do {
            try lua.call(arguments: 3 + values, results: 0)
            let store = try finish()
            return store.count == 1 ? store.attributes(at: 0) : nil
        } catch {
            close()
            let message = (error as? LuaError)?.message ?? (error as? LayoutError)?.message ?? "\(error)"
            throw ScriptError(
                kind: .invalidValue,
                message:
                    "\(script.location(ofCallback: LazyScriptElements.itemCallback)): itemAttributes must return x, y, w, h [, extra] as out:cell takes them: \(message)",
                evaluating: evaluating)
        }
    }
}
