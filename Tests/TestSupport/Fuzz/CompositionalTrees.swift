import Foundation

/// A random `compositional` tree (items, groups, custom groups, supplementaries, a section)
/// followed by mutations of its objects.
package enum MutatedTree {
    /// The fields the constructors take, and a few they do not (`site` is the reader's own).
    package static let fields: [String: [String]] = [
        "item": ["width", "height", "contentInsets", "edgeSpacing", "supplementaryItems", "site"],
        "group": [
            "axis", "width", "height", "subitems", "subitem", "repeatingSubitem", "count", "contentInsets",
            "edgeSpacing", "interItemSpacing", "supplementaryItems", "site",
        ],
        "customGroup": ["width", "height", "itemProvider", "site"],
        "section": [
            "group", "contentInsets", "interGroupSpacing", "orthogonalScrollingBehavior",
            "boundarySupplementaryItems", "decorationItems", "supplementariesFollowContentInsets",
            "contentInsetsReference", "visibleItemsInvalidationHandler", "site",
        ],
        "supplementaryItem": ["kind", "width", "height", "containerAnchor", "itemAnchor", "zIndex"],
        "boundarySupplementaryItem": [
            "kind", "width", "height", "alignment", "pinToVisibleBounds", "extendsBoundary", "offset", "zIndex",
        ],
        "background": ["kind", "contentInsets", "zIndex"],
        "dimension": ["type", "value"],
        "spacing": ["type", "value"],
    ]

    private struct Builder {
        var lines: [String] = []
        /// Every constructed object: its variable and its constructor.
        var objects: [(name: String, kind: String)] = []
        var next = 0

        mutating func make(_ kind: String, _ expression: String) -> String {
            next += 1
            let name = "\(kind.prefix(1))\(next)"
            lines.append("local \(name) = \(expression)")
            objects.append((name, kind))
            return name
        }
    }

    /// The script without and with its mutations.
    package static func script(_ random: inout SplitMix64, _ tally: FuzzTally) -> (base: String, mutated: String) {
        var b = Builder()
        b.lines.append("local C = compositional")
        /// Sizes that always fit: every group's main length is at least 44 points, 32 after the root's spacing.
        func dimension(_ random: inout SplitMix64, width: Bool) -> String {
            if width { return "C.fractionalWidth(\(random.pick(["1", "0.5", "0.25", "0.3333"])))" }
            switch random.int(0...4) {
            case 0: return "C.fractionalHeight(\(random.pick(["1", "0.5"])))"
            case 1: return "C.estimated(\(random.int(10...30)))"
            case 2:
                let expression = "C.absolute(\(random.int(0...30)))"
                return b.make("dimension", expression)
            case 3: return "\(random.int(1...30))"
            default: return "C.fractionalHeight(1)"
            }
        }
        func supplementaries(_ random: inout SplitMix64) -> String {
            guard random.chance(0.25) else { return "" }
            // Each its own kind: two of one kind at one index path is an error of its own.
            let expression =
                "C.supplementaryItem{ kind = 'badge\(b.next)', width = 10, height = 10, containerAnchor = {edges = {'top', 'trailing'}, offset = {2, -2}} }"
            let name = b.make("supplementaryItem", expression)
            return ", supplementaryItems = {\(name)}"
        }
        func item(_ random: inout SplitMix64) -> String {
            let insets = random.chance(0.3) ? ", contentInsets = {2, 2, 2, 2}" : ""
            let edges = random.chance(0.2) ? ", edgeSpacing = {top = C.flexible(0)}" : ""
            let width = dimension(&random, width: true), height = dimension(&random, width: false)
            let extras = supplementaries(&random)
            return b.make("item", "C.item{ width = \(width), height = \(height)\(insets)\(edges)\(extras) }")
        }
        func group(_ random: inout SplitMix64, depth: Int) -> String {
            if depth > 0, random.chance(0.1) {
                return b.make(
                    "customGroup",
                    "C.customGroup{ width = C.fractionalWidth(1), height = C.fractionalHeight(1), itemProvider = function(env) return {{x = 0, y = 0, width = 20, height = 20}} end }"
                )
            }
            let children = (0..<random.int(1...3)).map { _ in
                depth < 3 && random.chance(0.4) ? group(&random, depth: depth + 1) : item(&random)
            }
            let axis = random.pick(["horizontal", "vertical"])
            let size =
                depth == 0
                ? "width = C.fractionalWidth(1), height = \(random.pick(["50", "C.estimated(44)", "C.fractionalWidth(0.3)", "C.absolute(120)"]))"
                : "width = C.fractionalWidth(\(random.pick(["1", "0.5"]))), height = C.fractionalHeight(1)"
            // Spacing on the root only: the spacing re-solve shrinks fractional children, and
            // every item must still fit them.
            let spacing =
                depth == 0 && random.chance(0.3)
                ? ", interItemSpacing = \(random.pick(["4", "C.flexible(2)", "C.fixed(1)"]))" : ""
            let holding =
                children.count > 1 || random.chance(0.5)
                ? "subitems = {\(children.joined(separator: ", "))}"
                : "repeatingSubitem = \(children[0]), count = \(random.int(1...4))"
            let extras = supplementaries(&random)
            return b.make("group", "C.group{ axis = '\(axis)', \(size), \(holding)\(spacing)\(extras) }")
        }
        let root = group(&random, depth: 0)
        var sectionFields = ["group = \(root)"]
        if random.chance(0.3) { sectionFields.append("interGroupSpacing = 8") }
        if random.chance(0.3) {
            sectionFields.append(
                "orthogonalScrollingBehavior = '\(random.pick(["continuous", "paging", "groupPaging", "groupPagingCentered"]))'"
            )
        }
        if random.chance(0.3) {
            let header = b.make(
                "boundarySupplementaryItem",
                "C.boundarySupplementaryItem{ kind = 'header', width = C.fractionalWidth(1), height = 30, alignment = 'top', pinToVisibleBounds = \(random.chance(0.5)) }"
            )
            sectionFields.append("boundarySupplementaryItems = {\(header)}")
        }
        if random.chance(0.2) {
            let background = b.make("background", "C.background{ kind = 'bg', contentInsets = {4, 4, 4, 4} }")
            sectionFields.append("decorationItems = {\(background)}")
        }
        if random.chance(0.15) {
            sectionFields.append("visibleItemsInvalidationHandler = function(items, offset, env) end")
        }
        let section = b.make("section", "C.section{ \(sectionFields.joined(separator: ", ")) }")

        // The mutations: now, or inside the section provider (some only on a later call).
        let provider = random.chance(0.3)
        var mutations: [String] = []
        for _ in 0..<random.int(1...3) {
            let target = random.pick(b.objects)
            let field =
                random.chance(0.9) ? random.pick(fields[target.kind] ?? ["x"]) : random.pick(["x", "type", "tag"])
            let value = Self.value(&random, b.objects, target: target.name)
            tally.add("mutated \(target.kind).\(field)")
            mutations.append("\(target.name).\(field) = \(value)")
        }
        let base = b.lines + ["return compositional{ section = \(section) }"]
        var lines = b.lines
        lines.append(
            "local function chain(n) local node = C.item{ width = 1, height = 1 } for i = 1, n do node = C.group{ axis = 'vertical', width = C.fractionalWidth(1), height = C.fractionalHeight(1), subitems = {node} } end return node end"
        )
        if provider {
            lines.append("local calls = 0")
            lines.append("return compositional{ sectionProvider = function(cv, index, env)")
            lines.append("  calls = calls + 1")
            lines.append("  if calls > 1 then")
            lines.append(contentsOf: mutations.map { "    " + $0 })
            lines.append("  end")
            lines.append("  return \(section)")
            lines.append("end }")
        } else {
            lines.append(contentsOf: mutations)
            lines.append("return compositional{ section = \(section) }")
        }
        return (base.joined(separator: "\n") + "\n", lines.joined(separator: "\n") + "\n")
    }

    /// A value of any type: scalars at their edges, tables of the wrong shape, functions,
    /// threads, another object (possibly the target itself: a cycle), deep chains, a table
    /// whose metamethods raise.
    package static func value(
        _ random: inout SplitMix64, _ objects: [(name: String, kind: String)], target: String
    ) -> String {
        switch random.int(0...19) {
        case 0: return "nil"
        case 1: return random.pick(["true", "false"])
        case 2: return random.pick(["0", "-1", "1e308", "-1e308", "0/0", "math.huge", "-math.huge", "2^53", "1.5"])
        case 3: return random.pick(["'x'", "''", "'horizontal'", "'groupPagingCenterd'", "string.rep('a', 10000)"])
        case 4: return random.pick(["{}", "{1, 2, 3}", "{'x'}", "{top = 'x'}", "{x = 0/0, y = 1}", "{edges = {'up'}}"])
        case 5: return "function() error('called') end"
        case 6: return random.pick(["print", "string", "math.max"])
        case 7: return target  // itself: a cycle where it holds groups
        case 8: return "{\(target)}"
        case 9, 10: return random.pick(objects).name
        case 11: return "{\(random.pick(objects).name), \(random.pick(objects).name)}"
        case 12: return "chain(\(random.pick(["10", "255", "256", "400"])))"
        case 13:
            return "setmetatable({}, {__index = function() error('index') end, __len = function() error('len') end})"
        case 14: return "C.fractionalWidth(\(random.pick(["2", "-1", "0", "1e300"])))"
        case 15: return "C.absolute(\(random.pick(["0", "1e300", "1e15"])))"
        case 16: return random.pick(["C.flexible(-5)", "C.fixed(1e300)", "C.estimated(0)"])
        case 17: return "{\(target), \(target)}"
        case 18: return "setmetatable({}, {__newindex = function() error('newindex') end})"
        default: return "{[1] = \(random.pick(objects).name), [3] = 1}"
        }
    }
}
