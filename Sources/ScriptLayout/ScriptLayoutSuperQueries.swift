#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform
import LayoutEngine
import LuaRuntime

// The super queries a script's hooks make (`cv:layoutAttributesForItem(s, i)`, …): answered
// from what the layout prepared.
extension ScriptLayout {
    /// `cv:layoutAttributesForItem(section, item)`, `cv:layoutAttributesForSupplementaryElement(kind,
    /// section, item)`, `cv:layoutAttributesForDecorationElement(kind, section, item)` and
    /// `cv:layoutAttributesForElements(rect)`: what the prepared layout holds, before any
    /// rect-query hook (UIKit's `super`), as new editable attributes objects.
    func registerSuperQueries() {
        let binding = script.binding
        binding.register("layoutAttributesForItem") { [unowned self] lua in
            guard let section = wholeNumber(lua, 2), let item = wholeNumber(lua, 3) else {
                return .error("cv:layoutAttributesForItem(section, item) expects two whole numbers (call it with ':')")
            }
            return pushPrepared(lua, .cell(section, item), "cv:layoutAttributesForItem")
        }
        for (category, name) in [(ElementCategory.supplementary, "Supplementary"), (.decoration, "Decoration")] {
            let method = "layoutAttributesFor\(name)Element"
            binding.register(method) { [unowned self] lua in
                guard let kind = lua.string(at: 2), let path = indexPath(lua, 3) else {
                    return .error(
                        "cv:\(method)(kind, section, item) expects a kind and two whole numbers (call it with ':')")
                }
                return pushPrepared(lua, ElementKey(category: category, kind: kind, indexPath: path), "cv:\(method)")
            }
        }
        binding.register("layoutAttributesForElements") { [unowned self] lua in
            guard let rect = lua.rect(at: 2), rect.isFinite else {
                return .error(
                    "cv:layoutAttributesForElements(rect) expects {x=, y=, width=, height=} with finite values (call it with ':')"
                )
            }
            guard isPrepared else { return notPrepared("cv:layoutAttributesForElements") }
            let context = script.binding.context
            let elements: [LayoutAttributes]
            do {
                elements = try prepared.elements(in: rect, context: context)
            } catch {
                return .error("cv:layoutAttributesForElements: \(error)")
            }
            lua.newTable(arrayCount: Int32(clamping: elements.count))
            for (offset, attributes) in elements.enumerated() {
                proxy.push(attributes, charged: true)
                lua.rawSet(tableAt: -2, index: offset + 1)
            }
            return .results(1)
        }
    }

    private func pushPrepared(_ lua: LuaState, _ key: ElementKey, _ method: String) -> LuaState.FunctionResult {
        guard isPrepared else { return notPrepared(method) }
        let found: LayoutAttributes?
        do {
            found = try prepared.attributes(for: key, context: script.binding.context)
        } catch {
            return .error("\(method): \(error)")
        }
        if let found { proxy.push(found, charged: true) } else { lua.pushNil() }
        return .results(1)
    }

    private func notPrepared(_ method: String) -> LuaState.FunctionResult {
        .error("\(method) answers from the prepared layout: call it in hooks, not while prepare runs")
    }

    /// `section, item` at `index` and `index + 1`, or a table of two or more whole numbers at `index`.
    private func indexPath(_ lua: LuaState, _ index: Int32) -> LayoutIndexPath? {
        guard lua.type(at: index) == .table else {
            guard let section = wholeNumber(lua, index), let item = wholeNumber(lua, index + 1) else { return nil }
            return LayoutIndexPath(section, item)
        }
        let count = lua.rawLength(at: index)
        guard count >= 2, count <= 64 else { return nil }
        var components: [Int] = []
        for position in 1...count {
            lua.rawGet(tableAt: index, index: position)
            defer { lua.pop(1) }
            guard let component = wholeNumber(lua, -1) else { return nil }
            components.append(component)
        }
        return LayoutIndexPath(components: components)
    }

    private func wholeNumber(_ lua: LuaState, _ index: Int32) -> Int? {
        guard let number = lua.number(at: index), number == number.rounded(), abs(number) < 1e15 else { return nil }
        return Int(number)
    }
}
