import TestSupport
import LayoutEngine

/// Random layout scripts from a small grammar of the API. `valid` scripts place known elements
/// (the expected listing comes with them); `hostile` ones mix in wrong types, NaN, huge and
/// negative numbers, bad extras, errors and odd callbacks, and only promise "an error or a
/// consistent layout".
enum ScriptGrammar {
    /// A Lua literal for a number, exactly (shortest round-trip form; NaN and infinities spelt out).
    static func lua(_ value: Double) -> String {
        if value.isNaN { return "(0/0)" }
        if value.isInfinite { return value > 0 ? "math.huge" : "(-math.huge)" }
        return value < 0 || (value == 0 && value.sign == .minus) ? "(\(value))" : "\(value)"
    }

    static func lua(_ value: LayoutValue) -> String {
        switch value {
        case .null: "nil"
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number): lua(number)
        case .string(let text): "\"" + text + "\""
        case .array(let items): "{" + items.map(lua).joined(separator: ", ") + "}"
        case .object(let fields):
            "{" + fields.sorted { $0.key < $1.key }.map { "\($0.key) = \(lua($0.value))" }.joined(separator: ", ") + "}"
        }
    }

    // MARK: Valid scripts

    struct ValidScript {
        var source: String
        var expected: [LayoutAttributes]
        var contentSize: Size
    }

    static func valid(_ random: inout SplitMix64) -> ValidScript {
        var lines: [String] = []
        var expected: [LayoutAttributes] = []
        var keys = Set<ElementKey>()
        let coordinates: [Double] = [0, 1, 10.5, -20, 33.3, 0.30000000000000004, 1e6, -1e300, 1e300, 250]
        let lengths: [Double] = [0, 0.5, 1, 10, 44, 100, 1e300, 1e-9]
        for _ in 0..<random.int(0...30) {
            let category = random.pick(ElementCategory.allCases)
            let kind = category == .cell ? "" : random.pick(["a", "b", "badge", "header"])
            let key = ElementKey(
                category: category, kind: kind, indexPath: LayoutIndexPath(random.int(0...3), random.int(0...40)))
            guard keys.insert(key).inserted else { continue }
            let frame = Rect(
                x: random.pick(coordinates), y: random.pick(coordinates), width: random.pick(lengths),
                height: random.pick(lengths))
            var attributes = LayoutAttributes(key: key, frame: frame)
            var extra = ""
            if random.chance(0.35) {
                var fields: [String] = []
                if random.chance(0.5) {
                    attributes.alpha = random.pick([0, 0.25, 1])
                    fields.append("alpha = \(lua(attributes.alpha))")
                }
                if random.chance(0.5) {
                    attributes.zIndex = random.int(-5...5)
                    fields.append("zIndex = \(attributes.zIndex)")
                }
                if random.chance(0.3) {
                    attributes.hidden = true
                    fields.append("hidden = true")
                }
                if random.chance(0.3) {
                    let m = (0..<16).map { _ in random.pick([0, 1, -0.5, 2.25]) }
                    attributes.transform3D = Transform3D(m)
                    fields.append("transform3D = {" + m.map(lua).joined(separator: ", ") + "}")
                }
                if random.chance(0.5) {
                    let custom: [String: LayoutValue] = random.pick([
                        ["tag": .string("s")], ["n": .number(3.5)], ["list": .array([.number(1), .number(2)])],
                        ["obj": .object(["k": .bool(true)])], ["empty": .array([])],
                    ])
                    attributes.custom = custom
                    fields += custom.map { "\($0.key) = \(lua($0.value))" }
                }
                extra = ", {" + fields.joined(separator: ", ") + "}"
            }
            let place = [lua(frame.x), lua(frame.y), lua(frame.width), lua(frame.height)].joined(separator: ", ")
            let index = "\(key.indexPath.section), \(key.indexPath.item)"
            switch category {
            case .cell: lines.append("out:cell(\(index), \(place)\(extra))")
            case .supplementary: lines.append("out:supplementary(\"\(kind)\", \(index), \(place)\(extra))")
            case .decoration: lines.append("out:decoration(\"\(kind)\", \(index), \(place)\(extra))")
            }
            expected.append(attributes)
        }
        if random.chance(0.3) {
            // A loop of cells in a section of their own (the fast path, many at once).
            let count = random.int(1...60), step = random.pick([12.5, 10.0, 0.1])
            lines.append("for i = 0, \(count - 1) do out:cell(9, i, i * \(lua(step)), 5, 10, 10) end")
            for i in 0..<count {
                expected.append(
                    LayoutAttributes(key: .cell(9, i), frame: Rect(x: Double(i) * step, y: 5, width: 10, height: 10)))
            }
        }
        var contentSize = Size.zero
        for element in expected {
            contentSize = Size(
                width: max(contentSize.width, element.frame.maxX), height: max(contentSize.height, element.frame.maxY))
        }
        if random.chance(0.3) {
            contentSize = Size(width: random.pick([0, 100, 1e6]), height: random.pick([0, 320.5]))
            lines.append("out:contentSize(\(lua(contentSize.width)), \(lua(contentSize.height)))")
        }
        lines = random.shuffled(lines)
        let source =
            "local layout = {}\nfunction layout.prepare(cv, out)\n  " + lines.joined(separator: "\n  ")
            + "\nend\nreturn layout\n"
        return ValidScript(source: source, expected: expected.sorted { $0.key < $1.key }, contentSize: contentSize)
    }

    // MARK: Hostile scripts

    static let numbers = [
        "0", "1", "-1", "0.5", "10", "100", "1e308", "-1e308", "1e308 * 10", "0/0", "-(0/0)", "math.huge", "-math.huge",
        "2^31", "2^31 - 1", "2^53", "math.maxinteger", "math.mininteger", "'12'", "nil", "{}", "true", "-0.0", "1e-320",
    ]
    static let indices = ["0", "1", "2", "-1", "0.5", "2^31", "2147483647", "'0'", "nil", "1e308", "0/0", "3"]
    static let kinds = ["'a'", "'b'", "''", "42", "nil", "'header'", "string.rep('k', 300)", "'footer'"]
    static let extras = [
        "{alpha = N}", "{zIndex = N}", "{hidden = N}", "{hidden = true, alpha = 0.5}",
        "{transform3D = {1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,1}}",
        "{transform3D = {1, 2}}", "{transform3D = {N,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,1}}", "{custom = {1, 2, {3}}}",
        "{[1] = 2}",
        "{nested = {a = {b = {c = N}}}}", "{loop = (function() local t = {} t.t = t return t end)()}",
        "{deep = (function() local t = {} for i = 1, 300 do t = {t} end return t end)()}", "{mixed = {1, 2, x = 3}}",
        "{f = print}",
        "{s = string.rep('x', 1000)}", "{}", "N",
    ]

    static func fill(_ template: String, _ random: inout SplitMix64) -> String {
        var text = template
        while let range = text.range(of: "N") {
            text.replaceSubrange(range, with: random.chance(0.6) ? random.pick(tameNumbers) : random.pick(numbers))
        }
        return text
    }

    static let tameNumbers = ["0", "1", "10", "25.5", "100", "-5", "7.25"]
    static let tameIndices = ["0", "1", "2", "3", "4"]

    /// Mostly tame values, so that many scripts get as far as the queries.
    static func hostileStatement(_ random: inout SplitMix64, hostility: Double) -> String {
        func n() -> String { random.chance(hostility) ? random.pick(numbers) : random.pick(tameNumbers) }
        func i() -> String { random.chance(hostility) ? random.pick(indices) : random.pick(tameIndices) }
        func k() -> String { random.chance(hostility) ? random.pick(kinds) : random.pick(["'a'", "'b'"]) }
        func extra() -> String { random.chance(0.7) ? "" : ", " + fill(random.pick(extras), &random) }
        switch random.int(0...15) {
        case 0, 1, 2: return "out:cell(\(i()), \(i()), \(n()), \(n()), \(n()), \(n())\(extra()))"
        case 3: return "out:supplementary(\(k()), \(i()), \(i()), \(n()), \(n()), \(n()), \(n())\(extra()))"
        case 4: return "out:decoration(\(k()), \(i()), \(i()), \(n()), \(n()), \(n()), \(n())\(extra()))"
        case 5: return "out:contentSize(\(n()), \(n()))"
        case 6:
            return
                "for i = 0, \(random.pick(["3", "40", "-1", "cv:numberOfItems(0) - 1"])) do out:cell(0, i, i * \(n()), 0, 10, 10) end"
        case 7: return "local d = cv:itemData(\(i()), \(i()))"
        case 8: return "pcall(out.cell, out, \(i()), \(i()), \(n()), \(n()), \(n()), \(n()))"
        case 9:
            return random.chance(0.1)
                ? "error(\(random.pick(["'boom'", "nil", "{}", "42", "setmetatable({}, {__tostring = function() return 'obj' end})"])))"
                : "local x = 1"
        case 10: return "out:cell(\(i()), \(i()), cv.bounds.width / 3, cv:numberOfItems(0), 1, 1)"
        case 11: return random.chance(0.2) ? "cv.bounds.x = 1" : "local b = cv.bounds.x + cv.scale"
        case 12: return random.chance(0.2) ? "out.cell = nil" : "local c = cv.contentSize"
        case 13: return "for i = 0, 5 do out:supplementary('s', 1, i, 0, i * 20, \(n()), 10) end"
        case 14: return "local s = cv.state.x; local n = #cv.state"
        default: return "out:cell(1, \(i()), \(n()), \(n()), 10, 10\(extra()))"
        }
    }

    /// A custom layout or a flow layout, with random hooks.
    static func hostile(_ random: inout SplitMix64) -> (source: String, editsFrames: Bool) {
        var source = ""
        var editsFrames = false
        if random.chance(0.3) {
            var fields: [String] = []
            if random.chance(0.6) {
                fields.append(
                    "itemSize = "
                        + random.pick(["{N, N}", "{width = N, height = N}", "N", "{10, 20, width = 30, height = 40}"]))
            }
            if random.chance(0.4) { fields.append("minimumLineSpacing = N") }
            if random.chance(0.4) { fields.append("minimumInteritemSpacing = N") }
            if random.chance(0.3) {
                fields.append("sectionInset = " + random.pick(["{N, N, N, N}", "N", "{top = N}", "{1, 2, 3, 4, 5}"]))
            }
            if random.chance(0.3) { fields.append("headerReferenceSize = {N, N}") }
            if random.chance(0.2) { fields.append("footerReferenceSize = {N, N}") }
            if random.chance(0.2) {
                fields.append("scrollDirection = " + random.pick(["'horizontal'", "'vertical'", "N"]))
            }
            if random.chance(0.2) { fields.append("sectionHeadersPinToVisibleBounds = " + random.pick(["true", "N"])) }
            source += fill("local layout = flow{ " + fields.joined(separator: ", ") + " }\n", &random)
            if random.chance(0.5) {
                let answer = random.pick([
                    "N, N", "{N, N}", "{width = N, height = N}", "N", "nil", "'big'", "10 + item, 20",
                ])
                source += fill(
                    "function layout.sizeForItem(cv, section, item)\n  if item % 3 == 1 then return \(answer) end\n  return 10, 10\nend\n",
                    &random)
            }
            for hook in [
                "insetForSection", "minimumLineSpacingForSection", "minimumInteritemSpacingForSection",
                "referenceSizeForHeader", "referenceSizeForFooter",
            ] where random.chance(0.15) {
                source += fill(
                    "function layout.\(hook)(cv, section)\n  return \(random.pick(["N", "N, N", "{N, N, N, N}", "nil"]))\nend\n",
                    &random)
            }
        } else {
            source += "local layout = {}\nfunction layout.prepare(cv, out)\n"
            // Some scripts are mostly sound (they reach the queries), others mostly broken.
            let hostility = random.pick([0.01, 0.05, 0.25])
            for _ in 0..<random.int(1...8) { source += "  " + hostileStatement(&random, hostility: hostility) + "\n" }
            source += "end\n"
        }
        if random.chance(0.35) {
            let edits = [
                "a.alpha = N", "a.zIndex = N", "a.hidden = N", "a.custom = N", "a.tag = {N}", "a.transform3D = {N}",
                "a.x = N", "a.frame = {x = N, y = N, width = N, height = N}", "a.center = {x = N, y = N}",
                "a.size = {N, N}", "a.section = 1", "a.kind = 'x'", "a.width = N", "a[1] = 2",
            ]
            let edit = random.pick(edits)
            editsFrames = ["a.x", "a.frame", "a.center", "a.size", "a.width"].contains { edit.hasPrefix($0) }
            source += fill("function layout.attributes(cv, a)\n  if a.item % 2 == 0 then \(edit) end\nend\n", &random)
        }
        if random.chance(0.2) {
            source += fill(
                "function layout.targetContentOffset(cv, proposed, velocity)\n  return \(random.pick(["N, N", "{x = N, y = N}", "N", "proposed"]))\nend\n",
                &random)
        }
        if random.chance(0.2) {
            source += fill(
                "function layout.shouldInvalidateLayoutForBoundsChange(cv, b)\n  return \(random.pick(["true", "N", "b.width > N"]))\nend\n",
                &random)
        }
        if !KnownIssues.callbackRemovedBetweenPhasesAborts && random.chance(0.1) {
            source +=
                "local prepare = layout.prepare\nif prepare then layout.prepare = function(cv, out) layout.prepare = nil return prepare(cv, out) end end\n"
        }
        return (source + "return layout\n", editsFrames)
    }
}
