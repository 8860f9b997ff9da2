/// Layout scripts from the API's grammar (docs/lua-api.md, docs/compositional.md), chosen by
/// the fuzzer's bytes: a flow layout with its properties and callbacks, a custom layout whose
/// `prepare` places cells, supplementaries and decorations, or a compositional tree of items,
/// groups (nested, custom), sections and supplementaries. Values are mostly in range; now and
/// then one is hostile (a wrong type, NaN, infinity, 1e308, a table, a function, nil), and a
/// constructed compositional object may have a field replaced afterwards, or form a cycle.
struct ScriptGrammar {
    var input: FuzzBytes

    /// Reads on from where `input` is.
    init(_ input: FuzzBytes) { self.input = input }

    mutating func script() -> String {
        switch input.below(3) {
        case 0: flow()
        case 1: custom()
        default: compositional()
        }
    }

    // MARK: Values

    /// A number in the usual range, or now and then a hostile one.
    mutating func number() -> String {
        if input.chance(10) { return input.pick(Self.extremeNumbers) }
        return String(Int(input.byte()) % 200)
    }

    /// A size: one to two hundred points, or now and then anything `number()` gives.
    mutating func size() -> String {
        if input.chance(10) { return number() }
        return String(1 + Int(input.byte()) % 200)
    }

    /// A value of any type, for a field that expects something else.
    mutating func anyValue() -> String {
        input.chance(2) ? number() : input.pick(Self.hostileValues)
    }

    /// `sane` usually, `anyValue()` now and then.
    mutating func maybeHostile(_ sane: String) -> String { input.chance(12) ? anyValue() : sane }

    mutating func boolean() -> String { maybeHostile(input.chance(2) ? "true" : "false") }

    mutating func insets() -> String { maybeHostile("{\(number()), \(number()), \(number()), \(number())}") }

    mutating func sizePair() -> String { maybeHostile("{\(size()), \(size())}") }

    /// An expression of the callback's arguments (`s`, `i` in scope).
    mutating func sizeExpression() -> String {
        switch input.below(6) {
        case 0: "(i % \(1 + input.below(5)) + 1) * \(size())"
        case 1: "cv.bounds.width / \(1 + input.below(6))"
        case 2: "\(size()) + s * \(number())"
        case 3: "math.max(1, cv:numberOfItems(s)) * \(number())"
        default: size()
        }
    }

    static let extremeNumbers = [
        "0", "-1", "0.5", "1e308", "-1e308", "math.huge", "-math.huge", "0/0", "2^53", "1e-300", "-0.0",
        "math.maxinteger", "math.mininteger",
    ]
    static let hostileValues = [
        "nil", "true", "\"text\"", "{}", "{1}", "{{}}", "function() end", "cv",
        "setmetatable({}, {__index = function() error('boom') end})",
        "string.rep('x', 100)", "{x = 1, y = 2}", "print",
    ]

    // MARK: Flow

    mutating func flow() -> String {
        var fields: [String] = []
        if !input.chance(4) { fields.append("itemSize = \(sizePair())") }
        if input.chance(2) { fields.append("minimumLineSpacing = \(maybeHostile(number()))") }
        if input.chance(2) { fields.append("minimumInteritemSpacing = \(maybeHostile(number()))") }
        if input.chance(2) { fields.append("sectionInset = \(insets())") }
        if input.chance(3) {
            fields.append("scrollDirection = \(maybeHostile(input.chance(2) ? "\"vertical\"" : "\"horizontal\""))")
        }
        if input.chance(3) { fields.append("headerReferenceSize = \(sizePair())") }
        if input.chance(3) { fields.append("footerReferenceSize = \(sizePair())") }
        if input.chance(4) { fields.append("sectionHeadersPinToVisibleBounds = \(boolean())") }
        if input.chance(6) { fields.append("estimatedItemSize = \(sizePair())") }
        if input.chance(3) {
            fields.append("sizeForItem = function(cv, s, i) return \(sizeExpression()), \(sizeExpression()) end")
        }
        if input.chance(4) { fields.append("insetForSection = function(cv, s) return \(insets()) end") }
        if input.chance(4) {
            fields.append("minimumLineSpacingForSection = function(cv, s) return \(maybeHostile(number())) end")
        }
        if input.chance(4) { fields.append(attributesHook()) }
        if input.chance(6) {
            fields.append("preferredSizeForItem = function(cv, s, i, fitting) return \(size()), \(size()) end")
        }
        return "return flow{\n  " + fields.joined(separator: ",\n  ") + "\n}\n"
    }

    mutating func attributesHook() -> String {
        var body: [String] = []
        for _ in 0..<(1 + input.below(3)) {
            switch input.below(5) {
            case 0: body.append("a.alpha = \(maybeHostile("0.5"))")
            case 1: body.append("a.zIndex = \(maybeHostile(String(input.below(10))))")
            case 2: body.append("a.x = a.x + \(number())")
            case 3: body.append("a.size = {width = \(size()), height = \(size())}")
            default: body.append("a.center = {x = \(number()), y = \(number())}")
            }
        }
        return "attributes = function(cv, a) " + body.joined(separator: " ") + " end"
    }

    // MARK: Custom

    mutating func custom() -> String {
        let w = size(), h = size(), columns = 1 + input.below(6)
        var lines = [
            "return {", "  prepare = function(cv, out)", "    local y = 0",
            "    for s = 0, cv:numberOfSections() - 1 do",
        ]
        if input.chance(3) {
            lines.append(
                "      out:supplementary(\(maybeHostile("\"header\"")), s, 0, 0, y, cv.bounds.width, \(size()))")
        }
        lines += [
            "      for i = 0, cv:numberOfItems(s) - 1 do",
            "        out:cell(s, i, (i % \(columns)) * \(w), y + (i // \(columns)) * \(h), \(maybeHostile(w)), \(maybeHostile(h)))",
            "      end",
            "      y = y + math.ceil(cv:numberOfItems(s) / \(columns)) * \(h)",
        ]
        if input.chance(3) {
            lines.append(
                "      out:decoration(\"background\", s, 0, 0, 0, \(size()), y, {tint = \(maybeHostile("\"red\""))})")
        }
        lines.append("    end")
        if !input.chance(4) {
            lines.append("    out:contentSize(\(maybeHostile("cv.bounds.width")), \(maybeHostile("y")))")
        }
        lines.append("  end,")
        if input.chance(4) {
            lines.append("  layoutAttributesForElements = function(cv, rect, elements) return elements end,")
        }
        if input.chance(4) { lines.append("  " + attributesHook() + ",") }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Compositional

    /// A dimension constructor or a plain number.
    mutating func dimension() -> String {
        switch input.below(6) {
        case 0: "C.fractionalWidth(\(maybeHostile(fraction())))"
        case 1: "C.fractionalHeight(\(maybeHostile(fraction())))"
        case 2: "C.absolute(\(size()))"
        case 3: "C.estimated(\(size()))"
        case 4: input.chance(4) ? "C.uniformAcrossSiblings(\(size()))" : size()
        default: maybeHostile(size())
        }
    }

    mutating func fraction() -> String { input.pick(["1", "0.5", "0.25", "0.2", "1/3", "2", "0"]) }

    mutating func spacing() -> String {
        switch input.below(3) {
        case 0: "C.fixed(\(number()))"
        case 1: "C.flexible(\(number()))"
        default: number()
        }
    }

    mutating func anchor() -> String {
        let edges = input.pick(["{\"top\", \"trailing\"}", "{\"bottom\"}", "{\"leading\", \"top\"}", "{}"])
        return input.chance(2)
            ? "{edges = \(edges), offset = {\(number()), \(number())}}"
            : "{edges = \(edges), fractionalOffset = {\(maybeHostile("0.5")), \(maybeHostile("-0.5"))}}"
    }

    mutating func compositional() -> String {
        var lines = ["local C = compositional"]
        var names: [String] = []  // items and groups made so far, usable as subitems
        var groups: [String] = []
        for index in 0..<(1 + input.below(3)) {
            var fields = ["width = \(dimension())", "height = \(dimension())"]
            if input.chance(3) { fields.append("contentInsets = \(insets())") }
            if input.chance(4) {
                fields.append("edgeSpacing = {leading = \(spacing()), top = \(spacing())}")
            }
            if input.chance(4) {
                fields.append(
                    "supplementaryItems = {C.supplementaryItem{kind = \"badge\", width = \(dimension()), height = \(dimension()), containerAnchor = \(anchor())}}"
                )
            }
            lines.append("local item\(index) = C.item{ \(fields.joined(separator: ", ")) }")
            names.append("item\(index)")
        }
        // Groups nest: each may take the items and the groups before it.
        for index in 0..<(1 + input.below(4)) {
            let name = "group\(index)"
            if input.chance(6) {
                lines.append(
                    "local \(name) = C.customGroup{ width = \(dimension()), height = \(dimension()), itemProvider = function(env) local frames = {} for k = 0, \(input.below(5)) do frames[#frames + 1] = {x = k * \(size()), y = 0, width = \(maybeHostile(size())), height = \(size())} end return frames end }"
                )
            } else {
                var fields = [
                    "axis = \(maybeHostile(input.chance(2) ? "\"horizontal\"" : "\"vertical\""))",
                    "width = \(dimension())", "height = \(dimension())",
                ]
                switch input.below(3) {
                case 0:
                    let count = 1 + input.below(3)
                    fields.append(
                        "subitems = {" + (0..<count).map { _ in input.pick(names) }.joined(separator: ", ") + "}")
                case 1:
                    fields.append("subitem = \(input.pick(names)), count = \(maybeHostile(String(1 + input.below(5))))")
                default:
                    fields.append(
                        "repeatingSubitem = \(input.pick(names)), count = \(maybeHostile(String(1 + input.below(5))))")
                }
                if input.chance(3) { fields.append("interItemSpacing = \(spacing())") }
                if input.chance(4) { fields.append("contentInsets = \(insets())") }
                lines.append("local \(name) = C.group{ \(fields.joined(separator: ", ")) }")
            }
            names.append(name)
            groups.append(name)
        }
        var section = ["group = \(groups.last!)"]
        if input.chance(3) { section.append("contentInsets = \(insets())") }
        if input.chance(3) { section.append("interGroupSpacing = \(maybeHostile(number()))") }
        if input.chance(3) {
            section.append(
                "orthogonalScrollingBehavior = \(maybeHostile(input.pick(["\"none\"", "\"continuous\"", "\"continuousGroupLeadingBoundary\"", "\"paging\"", "\"groupPaging\"", "\"groupPagingCentered\"", "\"groupPagingCenterd\""])))"
            )
        }
        if input.chance(3) {
            let alignment = input.pick(["\"top\"", "\"bottom\"", "\"leading\"", "\"topTrailing\"", "\"middle\""])
            section.append(
                "boundarySupplementaryItems = {C.boundarySupplementaryItem{kind = \"header\", width = \(dimension()), height = \(dimension()), alignment = \(alignment), pinToVisibleBounds = \(boolean())}}"
            )
        }
        if input.chance(4) {
            section.append("decorationItems = {C.background{kind = \"background\", contentInsets = \(insets())}}")
        }
        if input.chance(6) { section.append("supplementariesFollowContentInsets = \(boolean())") }
        lines.append("local section = C.section{ \(section.joined(separator: ", ")) }")
        // Replaced after construction: the tree the reader meets is not what a constructor made.
        if input.chance(5) && FuzzSettings.replacesFields {
            let target = input.pick([
                "section.group", "\(groups.last!).subitems", "\(groups.last!).axis", "item0.width",
                "\(groups.last!).count",
            ])
            let value = input.pick([anyValue(), "{\(anyValue())}", "{\(groups.last!)}", "\(groups.last!)"])
            lines.append("\(target) = \(value)")
        }
        var layout: [String] = []
        if input.chance(3) {
            layout.append(
                "sectionProvider = function(cv, s, env) \(input.chance(6) ? "if s == 1 then return nil end " : "")return section end"
            )
        } else {
            layout.append("section = section")
        }
        if input.chance(3) {
            layout.append("scrollDirection = \(maybeHostile(input.chance(2) ? "\"vertical\"" : "\"horizontal\""))")
        }
        if input.chance(3) { layout.append("interSectionSpacing = \(maybeHostile(number()))") }
        if input.chance(5) {
            layout.append(
                "contentInsetsReference = \(input.pick(["\"automatic\"", "\"none\"", "\"safeArea\"", "\"layoutMargins\"", "\"readableContent\""]))"
            )
        }
        if input.chance(6) {
            layout.append("preferredSizeForItem = function(cv, s, i, fitting) return \(size()), \(size()) end")
        }
        lines.append("return compositional{ \(layout.joined(separator: ", ")) }")
        return lines.joined(separator: "\n") + "\n"
    }
}
