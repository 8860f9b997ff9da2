import LayoutEngine
import LuaRuntime

/// The values inside the specs: sizes, dimensions, spacings, insets, anchors, numbers, kinds,
/// enumerations and lists, each checked and located at its constructor call.
extension CompositionalTreeReader {
    func layoutSize(_ spec: Int32, _ site: String, _ what: String) throws -> Compositional.LayoutSize {
        let at = { (field: String) in Place(site: site, what: what, field: field) }
        guard let width = try field(spec, "width", read: { try dimension(-1, at("width")) }),
            let height = try field(spec, "height", read: { try dimension(-1, at("height")) })
        else {
            throw malformed(Place(site: site, what: what, field: ""), "width and height are required")
        }
        return Compositional.LayoutSize(width: width, height: height)
    }

    func dimension(_ index: Int32, _ place: Place) throws -> Compositional.Dimension {
        if lua.type(at: index) == .number, let value = lua.number(at: index), value.isFinite, value >= 0 {
            return .absolute(value)
        }
        let problem = "must be a dimension or a finite size ≥ 0, got \(describe(index))"
        guard compositionalTag(index) == "dimension", let (type, value) = typedValue(index) else {
            throw malformed(place, problem)
        }
        switch type {
        case "fractionalWidth": return .fractionalWidth(value)
        case "fractionalHeight": return .fractionalHeight(value)
        case "absolute" where value >= 0: return .absolute(value)
        case "estimated" where value >= 0: return .estimated(value)
        case "uniformAcrossSiblings" where value >= 0: return .uniformAcrossSiblings(value)
        default: throw malformed(place, problem)
        }
    }

    func spacing(_ index: Int32, _ place: Place) throws -> Compositional.Spacing {
        if lua.type(at: index) == .number, let value = lua.number(at: index), value.isFinite { return .fixed(value) }
        guard compositionalTag(index) == "spacing", let (type, value) = typedValue(index),
            type == "fixed" || type == "flexible"
        else {
            throw malformed(
                place,
                "must be a number, compositional.fixed(v) or compositional.flexible(v), got \(describe(index))")
        }
        return type == "flexible" ? .flexible(value) : .fixed(value)
    }

    /// The `type` and finite `value` of a dimension or spacing spec.
    func typedValue(_ index: Int32) -> (String, Double)? {
        let table = lua.absoluteIndex(index)
        lua.rawGet(tableAt: table, field: "type")
        lua.rawGet(tableAt: table, field: "value")
        defer { lua.pop(2) }
        guard let type = lua.string(at: -2), let value = lua.number(at: -1), value.isFinite else { return nil }
        return (type, value)
    }

    /// A field the constructor required, gone since.
    func required<T>(_ value: T?, _ site: String, _ what: String, _ name: String) throws -> T {
        guard let value else { throw malformed(Place(site: site, what: what, field: name), "is required") }
        return value
    }

    func edgeSpacing(_ index: Int32, _ place: Place) throws -> Compositional.EdgeSpacing {
        let table = lua.absoluteIndex(index)
        guard lua.isTable(at: table), compositionalTag(table) == nil else {
            throw malformed(place, "must be {leading=, top=, trailing=, bottom=} of spacings, got \(describe(table))")
        }
        func edge(_ name: String) throws -> Compositional.Spacing? {
            try field(table, name) {
                try spacing(-1, Place(site: place.site, what: place.what, field: "\(place.field).\(name)"))
            }
        }
        var result = Compositional.EdgeSpacing()
        result.leading = try edge("leading")
        result.top = try edge("top")
        result.trailing = try edge("trailing")
        result.bottom = try edge("bottom")
        return result
    }

    func insetsValue(_ index: Int32, _ place: Place) throws -> Compositional.Insets {
        let table = lua.absoluteIndex(index)
        guard lua.isTable(at: table), compositionalTag(table) == nil else {
            throw malformed(
                place, "must be {top=, leading=, bottom=, trailing=} with finite numbers, got \(describe(table))")
        }
        func edge(_ name: String) throws -> Double {
            try field(table, name) {
                try number(-1, Place(site: place.site, what: place.what, field: "\(place.field).\(name)"))
            } ?? 0
        }
        return Compositional.Insets(
            top: try edge("top"), leading: try edge("leading"), bottom: try edge("bottom"),
            trailing: try edge("trailing"))
    }

    func anchor(_ index: Int32, _ place: Place) throws -> Compositional.Anchor {
        let table = lua.absoluteIndex(index)
        guard lua.isTable(at: table), compositionalTag(table) == nil else {
            throw malformed(place, "must be an anchor {edges = {...}, offset = {x, y}}, got \(describe(table))")
        }
        var edges: Compositional.Edges = []
        switch lua.rawGet(tableAt: table, field: "edges") {
        case .nil: break
        case .table:
            let count = min(lua.rawLength(at: -1), 4)
            for position in 0..<count {
                lua.rawGet(tableAt: -1, index: position + 1)
                defer { lua.pop(1) }
                switch lua.string(at: -1) {
                case "top": edges.insert(.top)
                case "leading", "left": edges.insert(.leading)
                case "bottom": edges.insert(.bottom)
                case "trailing", "right": edges.insert(.trailing)
                default:
                    let problem = "must be \"top\", \"leading\", \"bottom\" or \"trailing\", got \(describe(-1))"
                    throw malformed(
                        Place(site: place.site, what: place.what, field: "\(place.field).edges[\(position + 1)]"),
                        problem)
                }
            }
        default:
            defer { lua.pop(1) }
            throw malformed(
                Place(site: place.site, what: place.what, field: "\(place.field).edges"),
                "must be an array of edge names, got \(describe(-1))")
        }
        lua.pop(1)
        let offset =
            try field(table, "offset") {
                try point(-1, Place(site: place.site, what: place.what, field: "\(place.field).offset"))
            } ?? .zero
        let fractional = lua.rawGet(tableAt: table, field: "fractional") == .boolean && lua.boolean(at: -1)
        lua.pop(1)
        return Compositional.Anchor(edges: edges, offset: fractional ? .fractional(offset) : .absolute(offset))
    }

    func point(_ index: Int32, _ place: Place) throws -> Point {
        guard compositionalTag(index) == nil, let point = lua.point(at: index), point.x.isFinite, point.y.isFinite
        else {
            throw malformed(place, "must be {x=, y=} with finite numbers, got \(describe(index))")
        }
        return point
    }

    func number(_ index: Int32, _ place: Place) throws -> Double {
        guard lua.type(at: index) == .number, let value = lua.number(at: index), value.isFinite else {
            throw malformed(place, "must be a finite number, got \(describe(index))")
        }
        return value
    }

    func wholeNumber(
        _ index: Int32, _ place: Place, range: ClosedRange<Double> = -1e9...1e9
    ) throws -> Int {
        guard lua.type(at: index) == .number, let value = lua.number(at: index), value == value.rounded(),
            range.contains(value)
        else {
            throw malformed(
                place,
                "must be a whole number from \(Int(range.lowerBound)) to \(Int(range.upperBound)), got \(describe(index))"
            )
        }
        return Int(value)
    }

    func boolean(_ index: Int32, _ place: Place) throws -> Bool {
        guard lua.type(at: index) == .boolean else {
            throw malformed(place, "must be a boolean, got \(describe(index))")
        }
        return lua.boolean(at: index)
    }

    func kind(_ index: Int32, _ place: Place) throws -> String {
        guard lua.type(at: index) == .string, let kind = lua.string(at: index), !kind.isEmpty else {
            throw malformed(place, "must be a non-empty string, got \(describe(index))")
        }
        return kind
    }

    func enumValue<T: RawRepresentable & CaseIterable>(
        _ index: Int32, _ place: Place, _ type: T.Type
    ) throws -> T
    where T.RawValue == String {
        guard lua.type(at: index) == .string, let text = lua.string(at: index), let value = T(rawValue: text) else {
            let names = T.allCases.map(\.rawValue)
            let choices = names.map { "\"\($0)\"" }.joined(separator: ", ")
            let hint = lua.string(at: index).flatMap { CompositionalPrelude.intended($0, among: names) }
            throw malformed(
                place,
                "must be one of \(choices), got \(describe(index))\(hint.map { " (did you mean \"\($0)\"?)" } ?? "")")
        }
        return value
    }

    /// An array of specs read with `read` (each pushed in turn, with its place). With no
    /// `place` (the layout's own list), problems are `Malformed` for the caller to locate.
    func list<T>(_ index: Int32, _ place: Place?, _ read: (Int32, Place?) throws -> T) throws -> [T] {
        let table = lua.absoluteIndex(index)
        guard lua.isTable(at: table), compositionalTag(table) == nil else {
            let problem = "must be an array of compositional specs, got \(describe(table))"
            guard let place else { throw Malformed(message: problem) }
            throw malformed(place, problem)
        }
        let count = lua.rawLength(at: table)
        guard count <= Self.maxSpecs else {
            let problem = "holds \(count) entries (at most \(Self.maxSpecs))"
            guard let place else { throw Malformed(message: problem) }
            throw malformed(place, problem, changed: false)
        }
        var result: [T] = []
        result.reserveCapacity(count)
        for position in 0..<count {
            lua.rawGet(tableAt: table, index: position + 1)
            defer { lua.pop(1) }
            result.append(try read(-1, place?.element(position + 1)))
        }
        return result
    }

    func list<T>(_ index: Int32, _ place: Place, _ read: (Int32, Place) throws -> T) throws -> [T] {
        try list(index, Optional(place)) { try read($0, $1!) }
    }

    /// Field `name` of the table at `table`, read by `read` with the value on top; nil when absent.
    func field<T>(_ table: Int32, _ name: String, read: () throws -> T) throws -> T? {
        let type = lua.rawGet(tableAt: table, field: name)
        defer { lua.pop(1) }
        if type == .nil { return nil }
        return try read()
    }
}
