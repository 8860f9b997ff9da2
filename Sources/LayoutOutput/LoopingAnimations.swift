import LayoutEngine
import Platform

/// How every output writes an element's looping animations (`LayoutAttributes.animations`):
/// exact JSON, a short description for the table and tooltips, and CSS animations for the
/// pictures (a browser plays them; a static renderer shows the element at rest).
package enum LoopingAnimations {
    /// The JSON array: each animation's fields, `repeatCount` `"infinite"` when forever (JSON
    /// has no infinity).
    static func json(_ animations: [AttributeAnimation]) -> String {
        let number = JSONLayoutWriter.number
        return "["
            + animations.map { a in
                "{\"keyPath\": \"\(a.keyPath.rawValue)\", \"fromValue\": \(number(a.fromValue)), \"toValue\": \(number(a.toValue))"
                    + ", \"duration\": \(number(a.duration)), \"autoreverses\": \(a.autoreverses)"
                    + ", \"repeatCount\": \(a.repeatCount.isInfinite ? "\"infinite\"" : number(a.repeatCount))"
                    + ", \"timeOffset\": \(number(a.timeOffset))}"
            }.joined(separator: ", ") + "]"
    }

    /// `rotation -2→6 0.2s autoreverses forever offset 0.37s`, animations separated by `; `.
    package static func describe(_ animations: [AttributeAnimation]) -> String {
        let r = { NumberFormatting.rounded($0) }
        return animations.map { a in
            var words = ["\(a.keyPath.rawValue) \(r(a.fromValue))→\(r(a.toValue))", "\(r(a.duration))s"]
            if a.autoreverses { words.append("autoreverses") }
            words.append(a.repeatCount.isInfinite ? "forever" : "×\(r(a.repeatCount))")
            if a.timeOffset != 0 { words.append("offset \(r(a.timeOffset))s") }
            return words.joined(separator: " ")
        }.joined(separator: "; ")
    }

    /// The keyframes rule's name: the same key path and values always give the same name, so
    /// pictures sharing one page may each define it.
    static func keyframesName(_ a: AttributeAnimation) -> String {
        func token(_ value: Double) -> String {
            String(
                NumberFormatting.format(value).map {
                    $0 == "-" ? "m" : $0 == "." ? "p" : $0.isLetter || $0.isNumber ? $0 : "_"
                })
        }
        return "ll-\(a.keyPath.rawValue.replacing(".", with: "-"))-\(token(a.fromValue))-\(token(a.toValue))"
    }

    /// One `@keyframes` rule per distinct key path and values, for a `<style>` element.
    static func keyframes(_ animations: some Sequence<AttributeAnimation>) -> String {
        var seen: Set<String> = []
        var rules = ""
        for a in animations {
            let name = keyframesName(a)
            guard seen.insert(name).inserted else { continue }
            rules +=
                "    @keyframes \(name) { from { \(declaration(a, a.fromValue)) } to { \(declaration(a, a.toValue)) } }\n"
        }
        return rules
    }

    private static func declaration(_ a: AttributeAnimation, _ value: Double) -> String {
        let v = NumberFormatting.format(value)
        switch a.keyPath {
        case .rotation: return "transform: rotate(\(v)deg);"
        case .scale: return "transform: scale(\(v));"
        case .translationX: return "transform: translate(\(v)px, 0px);"
        case .translationY: return "transform: translate(0px, \(v)px);"
        case .opacity: return "opacity: \(v);"
        }
    }

    /// The `style` of the group that plays `a`: linear, started `timeOffset` seconds ago,
    /// about the drawing's centre. CSS counts each direction of an alternating animation as
    /// an iteration, Core Animation counts the round trip.
    static func style(_ a: AttributeAnimation) -> String {
        let f = NumberFormatting.format
        let count = a.repeatCount.isInfinite ? "infinite" : f(a.repeatCount * (a.autoreverses ? 2 : 1))
        return "animation: \(keyframesName(a)) \(f(a.duration))s linear \(f(-a.timeOffset))s \(count)"
            + (a.autoreverses ? " alternate" : "") + "; transform-box: fill-box; transform-origin: center"
    }

    /// The `<style>` element holding the keyframes `elements` need ("" when none loops).
    static func styleElement(for elements: some Sequence<LayoutAttributes>) -> String {
        let rules = keyframes(elements.lazy.flatMap(\.animations))
        return rules.isEmpty ? "" : "  <style>\n\(rules)  </style>\n"
    }
}
