import LayoutEngine
import LuaRuntime

/// Reads the spec tables the `compositional` constructors made (already checked and
/// normalised in Lua) into the engine's `Compositional` values: once per prepare, or once per
/// section provider call. A spec changed after it was made is caught here, located at the
/// constructor call. Functions (`itemProvider`, `visibleItemsInvalidationHandler`) become
/// closures over registry references the caller releases after the next prepare.
final class CompositionalTreeReader {
    private let script: LayoutScript
    private var lua: LuaState { script.lua }
    /// References the closures of this prepare hold.
    private(set) var references: [LuaReference] = []
    /// The context the closures pass as `cv` (the prepare's; queries pass their own).
    var context: CollectionContext
    /// The proxy handed to visible-items handlers (apart from the hooks' own, which may be
    /// live when a super query runs a handler).
    let handlerProxy: AttributesProxy

    init(script: LayoutScript, context: CollectionContext, handlerProxy: AttributesProxy) {
        self.script = script
        self.context = context
        self.handlerProxy = handlerProxy
    }

    struct Malformed: Error {
        var message: String
    }

    /// Where a value is read: the spec that holds it (its constructor and `file:line: `) and
    /// the field, so an error names all three.
    struct Place {
        var site: String
        var what: String
        var field: String

        func element(_ position: Int) -> Place { Place(site: site, what: what, field: "\(field)[\(position)]") }
    }

    /// The deepest group nesting read (a section's group is level 1).
    static let maxDepth = 256
    /// The most specs (items, groups, supplementaries…) one section's tree may hold.
    static let maxSpecs = 100_000

    /// Per section read: the groups being read (to refuse a cycle), their depth, specs read.
    private var ancestors: Set<UnsafeRawPointer> = []
    private var depth = 0
    private var specs = 0
    private var sectionSite = ""

    // MARK: Specs

    /// The section spec at `index` (tagged "section" by the caller's check).
    func section(at index: Int32) throws -> Compositional.Section {
        let spec = lua.absoluteIndex(index)
        let site = try expect(spec, tag: "section", nil)
        ancestors = []
        depth = 0
        specs = 0
        sectionSite = site
        if let list = try field(spec, "list", read: { try listConfiguration(-1, site: site) }) {
            return .list(list)
        }
        let at = { (field: String) in Place(site: site, what: "section", field: field) }
        var section = Compositional.Section(
            group: try required(
                try field(spec, "group") { try group(at: -1, at("group")) }, site, "section", "group"))
        if let insets = try field(spec, "contentInsets", read: { try insetsValue(-1, at("contentInsets")) }) {
            section.contentInsets = insets
        }
        if let spacing = try field(spec, "interGroupSpacing", read: { try number(-1, at("interGroupSpacing")) }) {
            section.interGroupSpacing = spacing
        }
        if let behavior = try field(
            spec, "orthogonalScrollingBehavior",
            read: {
                try enumValue(-1, at("orthogonalScrollingBehavior"), Compositional.OrthogonalScrollingBehavior.self)
            })
        {
            section.orthogonalScrollingBehavior = behavior
        }
        if let items = try field(
            spec, "boundarySupplementaryItems",
            read: { try list(-1, at("boundarySupplementaryItems"), boundaryItem) })
        {
            section.boundarySupplementaryItems = items
        }
        if let items = try field(spec, "decorationItems", read: { try list(-1, at("decorationItems"), decorationItem) })
        {
            section.decorationItems = items
        }
        if let flag = try field(
            spec, "supplementariesFollowContentInsets",
            read: { try boolean(-1, at("supplementariesFollowContentInsets")) })
        {
            section.supplementariesFollowContentInsets = flag
        }
        if let reference = try field(
            spec, "contentInsetsReference",
            read: { try enumValue(-1, at("contentInsetsReference"), Compositional.ContentInsetsReference.self) })
        {
            section.contentInsetsReference = reference
        }
        switch lua.rawGet(tableAt: spec, field: "visibleItemsInvalidationHandler") {
        case .function:
            section.visibleItemsInvalidationHandler = visibleItemsHandler(site: site)
        case .nil:
            lua.pop(1)
        default:
            defer { lua.pop(1) }
            throw malformed(
                at("visibleItemsInvalidationHandler"), "must be a function, got \(describe(-1))")
        }
        return section
    }

    /// The fields of a `compositional.list{...}` (a section spec's `list`), read where its
    /// constructor was called.
    private func listConfiguration(_ index: Int32, site: String) throws -> Compositional.ListConfiguration {
        let spec = lua.absoluteIndex(index)
        let at = { (field: String) in Place(site: site, what: "list", field: field) }
        guard lua.isTable(at: spec), compositionalTag(spec) == nil else {
            throw malformed(
                Place(site: site, what: "section", field: "list"), "is not a list configuration, got \(describe(spec))")
        }
        var list = Compositional.ListConfiguration(
            appearance: try required(
                try field(spec, "appearance") {
                    try enumValue(-1, at("appearance"), Compositional.ListAppearance.self)
                }, site, "list", "appearance"))
        if let mode = try field(
            spec, "headerMode", read: { try enumValue(-1, at("headerMode"), Compositional.ListHeaderMode.self) })
        {
            list.headerMode = mode
        }
        if let mode = try field(
            spec, "footerMode", read: { try enumValue(-1, at("footerMode"), Compositional.ListFooterMode.self) })
        {
            list.footerMode = mode
        }
        list.showsSeparators = try field(spec, "showsSeparators") { try boolean(-1, at("showsSeparators")) }
        list.headerTopPadding = try field(spec, "headerTopPadding") {
            let value = try number(-1, at("headerTopPadding"))
            guard value >= 0 else { throw malformed(at("headerTopPadding"), "must be ≥ 0, got \(describe(-1))") }
            return value
        }
        list.backgroundColor = try field(spec, "backgroundColor") { try kind(-1, at("backgroundColor")) }
        return list
    }

    /// A group or custom group spec, read where `place` holds it.
    private func group(at index: Int32, _ place: Place) throws -> Compositional.Group {
        let spec = lua.absoluteIndex(index)
        let tag = compositionalTag(spec)
        guard tag == "group" || tag == "customGroup" else {
            throw malformed(
                place, "must be a compositional.group{...} or compositional.customGroup{...}, got \(describe(spec))")
        }
        let site = try expect(spec, tag: tag!, place)
        try enter(spec, site: site, tag: tag!, place)
        defer { leave(spec) }
        let at = { (field: String) in Place(site: site, what: tag!, field: field) }
        if tag == "customGroup" {
            let size = try layoutSize(spec, site, "customGroup")
            guard lua.rawGet(tableAt: spec, field: "itemProvider") == .function else {
                defer { lua.pop(1) }
                throw malformed(at("itemProvider"), "must be a function, got \(describe(-1))")
            }
            return Compositional.Group(size: size, layout: .custom(customItems(site: site)))
        }
        let size = try layoutSize(spec, site, "group")
        let axis = try field(spec, "axis") { try enumValue(-1, at("axis"), Axis.self) } ?? .horizontal
        let subitems: Compositional.Subitems
        if let list = try field(spec, "subitems", read: { try self.list(-1, at("subitems"), subitem) }) {
            guard !list.isEmpty else {
                throw malformed(at("subitems"), "is empty: a group needs at least one subitem")
            }
            subitems = .cyclic(list)
        } else {
            let count = try field(spec, "count") { try wholeNumber(-1, at("count"), range: 1...1_000_000) }
            if let item = try field(spec, "subitem", read: { try subitem(at: -1, at("subitem")) }) {
                subitems = .count(item, count ?? 1)
            } else if let item = try field(
                spec, "repeatingSubitem", read: { try subitem(at: -1, at("repeatingSubitem")) })
            {
                subitems = .repeating(item, count ?? 1)
            } else {
                throw malformed(at("subitems"), "is missing: a group with no subitems cannot place anything")
            }
        }
        var group = Compositional.Group(
            size: size, layout: axis == .horizontal ? .horizontal(subitems) : .vertical(subitems))
        if let insets = try field(spec, "contentInsets", read: { try insetsValue(-1, at("contentInsets")) }) {
            group.contentInsets = insets
        }
        if let spacing = try field(spec, "edgeSpacing", read: { try edgeSpacing(-1, at("edgeSpacing")) }) {
            group.edgeSpacing = spacing
        }
        if let spacing = try field(spec, "interItemSpacing", read: { try self.spacing(-1, at("interItemSpacing")) }) {
            group.interItemSpacing = spacing
        }
        if let items = try field(
            spec, "supplementaryItems", read: { try list(-1, at("supplementaryItems"), supplementaryItem) })
        {
            group.supplementaryItems = items
        }
        return group
    }

    enum Axis: String, CaseIterable { case horizontal, vertical }

    private func subitem(at index: Int32, _ place: Place) throws -> Compositional.Subitem {
        let spec = lua.absoluteIndex(index)
        switch compositionalTag(spec) {
        case "group", "customGroup": return .group(try group(at: spec, place))
        case "item": return .item(try item(at: spec, place))
        default:
            throw malformed(
                place,
                "must be a compositional.item{...}, compositional.group{...} or compositional.customGroup{...}, got \(describe(spec))"
            )
        }
    }

    private func item(at index: Int32, _ place: Place) throws -> Compositional.Item {
        let spec = lua.absoluteIndex(index)
        let site = try expect(spec, tag: "item", place)
        try count(site: site, "item")
        let at = { (field: String) in Place(site: site, what: "item", field: field) }
        var item = Compositional.Item(size: try layoutSize(spec, site, "item"))
        if let insets = try field(spec, "contentInsets", read: { try insetsValue(-1, at("contentInsets")) }) {
            item.contentInsets = insets
        }
        if let spacing = try field(spec, "edgeSpacing", read: { try edgeSpacing(-1, at("edgeSpacing")) }) {
            item.edgeSpacing = spacing
        }
        if let items = try field(
            spec, "supplementaryItems", read: { try list(-1, at("supplementaryItems"), supplementaryItem) })
        {
            item.supplementaryItems = items
        }
        return item
    }

    /// A boundary supplementary item of a section, or of the layout (`place` nil: the
    /// caller locates a `Malformed`).
    func boundaryItem(at index: Int32, _ place: Place?) throws -> Compositional.BoundarySupplementaryItem {
        let spec = lua.absoluteIndex(index)
        let what = "boundarySupplementaryItem"
        let site = try expect(spec, tag: what, place)
        try count(site: site, what)
        let at = { (field: String) in Place(site: site, what: what, field: field) }
        var item = Compositional.BoundarySupplementaryItem(
            kind: try required(try field(spec, "kind") { try kind(-1, at("kind")) }, site, what, "kind"),
            size: try layoutSize(spec, site, what),
            alignment: try required(
                try field(spec, "alignment") {
                    try enumValue(-1, at("alignment"), Compositional.Alignment.self)
                }, site, what, "alignment"))
        if let flag = try field(spec, "pinToVisibleBounds", read: { try boolean(-1, at("pinToVisibleBounds")) }) {
            item.pinToVisibleBounds = flag
        }
        if let flag = try field(spec, "extendsBoundary", read: { try boolean(-1, at("extendsBoundary")) }) {
            item.extendsBoundary = flag
        }
        if let offset = try field(spec, "offset", read: { try point(-1, at("offset")) }) {
            item.offset = offset
        }
        if let z = try field(spec, "zIndex", read: { try wholeNumber(-1, at("zIndex")) }) { item.zIndex = z }
        return item
    }

    private func supplementaryItem(at index: Int32, _ place: Place) throws -> Compositional.SupplementaryItem {
        let spec = lua.absoluteIndex(index)
        let what = "supplementaryItem"
        let site = try expect(spec, tag: what, place)
        try count(site: site, what)
        let at = { (field: String) in Place(site: site, what: what, field: field) }
        var item = Compositional.SupplementaryItem(
            kind: try required(try field(spec, "kind") { try kind(-1, at("kind")) }, site, what, "kind"),
            size: try layoutSize(spec, site, what),
            containerAnchor: try required(
                try field(spec, "containerAnchor") { try anchor(-1, at("containerAnchor")) }, site, what,
                "containerAnchor"))
        item.itemAnchor = try field(spec, "itemAnchor") { try anchor(-1, at("itemAnchor")) }
        if let z = try field(spec, "zIndex", read: { try wholeNumber(-1, at("zIndex")) }) { item.zIndex = z }
        return item
    }

    private func decorationItem(at index: Int32, _ place: Place) throws -> Compositional.DecorationItem {
        let spec = lua.absoluteIndex(index)
        let site = try expect(spec, tag: "background", place)
        try count(site: site, "background")
        let at = { (field: String) in Place(site: site, what: "background", field: field) }
        var item = Compositional.DecorationItem(
            kind: try required(try field(spec, "kind") { try kind(-1, at("kind")) }, site, "background", "kind"))
        if let insets = try field(spec, "contentInsets", read: { try insetsValue(-1, at("contentInsets")) }) {
            item.contentInsets = insets
        }
        if let z = try field(spec, "zIndex", read: { try wholeNumber(-1, at("zIndex")) }) { item.zIndex = z }
        return item
    }

    // MARK: The tree's shape

    /// Enters the group at `spec`: refuses a cycle (a group inside itself), nesting deeper
    /// than `maxDepth` and trees of more than `maxSpecs` specs, and makes room on the stack.
    private func enter(_ spec: Int32, site: String, tag: String, _ place: Place) throws {
        guard let identity = lua.pointer(at: spec) else { return }
        guard !ancestors.contains(identity) else {
            throw malformed(place, "leads back to this \(place.what) (a cycle)")
        }
        guard depth < Self.maxDepth else {
            throw malformed(
                Place(site: site, what: tag, field: ""),
                "groups nest more than \(Self.maxDepth) levels deep (a section's group is level 1)", changed: false)
        }
        try count(site: site, tag)
        guard lua.ensureStack(32) else {
            throw malformed(
                Place(site: site, what: tag, field: ""), "groups nest too deeply for the Lua stack", changed: false)
        }
        ancestors.insert(identity)
        depth += 1
    }

    private func leave(_ spec: Int32) {
        if let identity = lua.pointer(at: spec) { ancestors.remove(identity) }
        depth -= 1
    }

    /// Counts one spec of the section's tree (a group used twice counts twice).
    private func count(site: String, _ what: String) throws {
        specs += 1
        guard specs <= Self.maxSpecs else {
            throw malformed(
                Place(site: sectionSite, what: "section", field: ""),
                "its tree holds more than \(Self.maxSpecs) items, groups and supplementary items (a group used n times counts n times)",
                changed: false)
        }
    }

    // MARK: Values

    private func layoutSize(_ spec: Int32, _ site: String, _ what: String) throws -> Compositional.LayoutSize {
        let at = { (field: String) in Place(site: site, what: what, field: field) }
        guard let width = try field(spec, "width", read: { try dimension(-1, at("width")) }),
            let height = try field(spec, "height", read: { try dimension(-1, at("height")) })
        else {
            throw malformed(Place(site: site, what: what, field: ""), "width and height are required")
        }
        return Compositional.LayoutSize(width: width, height: height)
    }

    private func dimension(_ index: Int32, _ place: Place) throws -> Compositional.Dimension {
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

    private func spacing(_ index: Int32, _ place: Place) throws -> Compositional.Spacing {
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
    private func typedValue(_ index: Int32) -> (String, Double)? {
        let table = lua.absoluteIndex(index)
        lua.rawGet(tableAt: table, field: "type")
        lua.rawGet(tableAt: table, field: "value")
        defer { lua.pop(2) }
        guard let type = lua.string(at: -2), let value = lua.number(at: -1), value.isFinite else { return nil }
        return (type, value)
    }

    /// A field the constructor required, gone since.
    private func required<T>(_ value: T?, _ site: String, _ what: String, _ name: String) throws -> T {
        guard let value else { throw malformed(Place(site: site, what: what, field: name), "is required") }
        return value
    }

    private func edgeSpacing(_ index: Int32, _ place: Place) throws -> Compositional.EdgeSpacing {
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

    private func insetsValue(_ index: Int32, _ place: Place) throws -> Compositional.Insets {
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

    private func anchor(_ index: Int32, _ place: Place) throws -> Compositional.Anchor {
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

    private func point(_ index: Int32, _ place: Place) throws -> Point {
        guard compositionalTag(index) == nil, let point = lua.point(at: index), point.x.isFinite, point.y.isFinite
        else {
            throw malformed(place, "must be {x=, y=} with finite numbers, got \(describe(index))")
        }
        return point
    }

    private func number(_ index: Int32, _ place: Place) throws -> Double {
        guard lua.type(at: index) == .number, let value = lua.number(at: index), value.isFinite else {
            throw malformed(place, "must be a finite number, got \(describe(index))")
        }
        return value
    }

    private func wholeNumber(
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

    private func boolean(_ index: Int32, _ place: Place) throws -> Bool {
        guard lua.type(at: index) == .boolean else {
            throw malformed(place, "must be a boolean, got \(describe(index))")
        }
        return lua.boolean(at: index)
    }

    private func kind(_ index: Int32, _ place: Place) throws -> String {
        guard lua.type(at: index) == .string, let kind = lua.string(at: index), !kind.isEmpty else {
            throw malformed(place, "must be a non-empty string, got \(describe(index))")
        }
        return kind
    }

    private func enumValue<T: RawRepresentable & CaseIterable>(
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

    private func list<T>(_ index: Int32, _ place: Place, _ read: (Int32, Place) throws -> T) throws -> [T] {
        try list(index, Optional(place)) { try read($0, $1!) }
    }

    /// Field `name` of the table at `table`, read by `read` with the value on top; nil when absent.
    private func field<T>(_ table: Int32, _ name: String, read: () throws -> T) throws -> T? {
        let type = lua.rawGet(tableAt: table, field: name)
        defer { lua.pop(1) }
        if type == .nil { return nil }
        return try read()
    }

    // MARK: Tags and errors

    func compositionalTag(_ index: Int32) -> String? { script.environment.compositionalTag(at: index) }

    /// Checks the spec at `spec` was made by `tag`'s constructor; returns its `file:line: `.
    /// A mismatch is blamed on `place`, the field that holds it (or, with none, is a
    /// `Malformed` the caller locates).
    private func expect(_ spec: Int32, tag: String, _ place: Place?) throws -> String {
        let found = compositionalTag(spec)
        guard found == tag else {
            let problem = "must be a compositional.\(tag){...}, got \(describe(spec))"
            guard let place else { throw Malformed(message: problem) }
            throw malformed(place, problem)
        }
        lua.rawGet(tableAt: spec, field: "site")
        defer { lua.pop(1) }
        // The constructor wrote `file:line: `; anything else was put there since.
        guard let site = lua.string(at: -1), site.hasSuffix(": "), site.utf8.count <= 4096 else { return "" }
        return site
    }

    /// The value at `index` as messages name it: `a compositional.group`, `the string "x"`, `42`.
    func describe(_ index: Int32) -> String {
        if let tag = compositionalTag(index) { return "a compositional.\(tag)" }
        switch lua.type(at: index) {
        case .number: return AttributeRules.number(lua.number(at: index) ?? 0)
        case .string:
            let text = lua.string(at: index) ?? ""
            let shown =
                text.unicodeScalars.count > 40
                ? String(String.UnicodeScalarView(text.unicodeScalars.prefix(40))) + "…" : text
            return
                "the string \"\(shown.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : String($0) }.joined())\""
        case .boolean: return lua.boolean(at: index) ? "true" : "false"
        case .nil, .none: return "nil"
        case let other: return "a \(other.name)"
        }
    }

    /// `file:line: compositional.WHAT: FIELD PROBLEM`, at the spec's constructor call (the
    /// script's name when its site is unknown). `changed`: the constructor would have
    /// refused the value, so the table was changed after it was made.
    private func malformed(_ place: Place, _ problem: String, changed: Bool = true) -> ScriptError {
        let field = place.field.isEmpty ? "" : place.field + " "
        return ScriptError(
            kind: .invalidValue,
            message:
                "\(place.site.isEmpty ? script.name + ": " : place.site)compositional.\(place.what): \(field)\(problem)\(changed ? " (was the table changed after it was made?)" : "")"
        )
    }

    // MARK: Closures

    /// The function on top of the stack, kept for this prepare.
    func keepFunction() -> LuaReference {
        let reference = lua.reference()
        references.append(reference)
        return reference
    }

    private func customItems(site: String) -> Compositional.CustomGroupItems {
        let function = keepFunction()
        return Compositional.CustomGroupItems(id: Int(function.id)) { [self] environment in
            try self.callItemProvider(function, environment, site: site)
        }
    }

    private func callItemProvider(
        _ function: LuaReference, _ environment: Compositional.CustomGroupEnvironment, site: String
    ) throws
        -> [Compositional.CustomGroupFrame]
    {
        try lua.balanced {
            lua.push(function)
            let definedAt = lua.functionLocation(at: -1)
            CompositionalEnvironment.push(environment, lua: lua, traits: context.traits)
            let evaluating = "itemProvider(env) for section \(environment.section)"
            try script.call(arguments: 1, results: 1, evaluating: evaluating)
            let place = definedAt.isEmpty ? site : definedAt + ": "
            func bad(_ problem: String) -> ScriptError {
                ScriptError(
                    kind: .invalidValue, message: "\(place)compositional.customGroup: itemProvider \(problem)",
                    evaluating: evaluating)
            }
            guard lua.type(at: -1) == .table else {
                throw bad(
                    "must return an array of frames {x=, y=, width=, height= [, zIndex=]}, got \(lua.type(at: -1).name)"
                )
            }
            let count = lua.rawLength(at: -1)
            guard count <= 1_000_000 else { throw bad("returned \(count) frames (at most 1000000)") }
            var frames: [Compositional.CustomGroupFrame] = []
            frames.reserveCapacity(count)
            for position in 1...max(1, count) where count > 0 {
                lua.rawGet(tableAt: -1, index: position)
                defer { lua.pop(1) }
                guard let rect = lua.rect(at: -1), AttributeRules.frameProblem(rect) == nil else {
                    throw bad(
                        "returned an invalid frame at index \(position) (expected {x=, y=, width=, height=} with finite numbers, sizes ≥ 0)"
                    )
                }
                var z = 0
                if lua.rawGet(tableAt: -1, field: "zIndex") == .number, let value = lua.number(at: -1),
                    value == value.rounded(), abs(value) < 1e9
                {
                    z = Int(value)
                }
                lua.pop(1)
                frames.append(Compositional.CustomGroupFrame(frame: rect, zIndex: z))
            }
            lua.pop(1)
            return frames
        }
    }

    /// `visibleItemsInvalidationHandler(items, offset, env)`, the function on top of the stack.
    private func visibleItemsHandler(site: String) -> Compositional.VisibleItemsHandler {
        let function = keepFunction()
        return Compositional.VisibleItemsHandler(id: Int(function.id)) { [self] items, offset, environment in
            try self.callHandler(function, &items, offset, environment)
        }
    }

    private func callHandler(
        _ function: LuaReference, _ items: inout [LayoutAttributes], _ offset: Point,
        _ environment: Compositional.Environment
    ) throws {
        let proxy = handlerProxy
        try lua.balanced {
            proxy.begin()
            defer { proxy.begin() }
            lua.push(function)
            lua.newTable(arrayCount: Int32(clamping: items.count))
            for (position, item) in items.enumerated() {
                proxy.push(item)
                lua.rawSet(tableAt: -2, index: position + 1)
            }
            lua.push(offset)
            CompositionalEnvironment.push(environment, lua: lua, traits: context.traits)
            let section = items.first?.indexPath.section ?? 0
            try script.call(
                arguments: 3, results: 0,
                evaluating: "visibleItemsInvalidationHandler(items, offset, env) for section \(section)")
            for position in items.indices { items[position] = proxy.slots[position] }
        }
    }
}

/// `env` as scripts see it: `env.container.contentSize`, `.effectiveContentSize`,
/// `.contentInsets` ({top=, leading=, bottom=, trailing=}), `env.displayScale`.
enum CompositionalEnvironment {
    static func push(_ environment: Compositional.Environment, lua: LuaState, traits: TraitCollection? = nil) {
        lua.newTable(fieldCount: 3)
        push(environment.container, lua: lua)
        lua.rawSet(tableAt: -2, field: "container")
        lua.push(environment.displayScale)
        lua.rawSet(tableAt: -2, field: "displayScale")
        pushTraits(traits, displayScale: environment.displayScale, lua: lua)
    }

    /// `env.traitCollection` (NSCollectionLayoutEnvironment's), when the traits are known.
    static func pushTraits(_ traits: TraitCollection?, displayScale: Double, lua: LuaState) {
        guard let traits else { return }
        lua.push(traits.value(displayScale: displayScale))
        lua.rawSet(tableAt: -2, field: "traitCollection")
    }

    static func push(
        _ environment: Compositional.CustomGroupEnvironment, lua: LuaState, traits: TraitCollection? = nil
    ) {
        lua.newTable(fieldCount: 4)
        push(environment.container, lua: lua)
        lua.rawSet(tableAt: -2, field: "container")
        lua.push(environment.displayScale)
        lua.rawSet(tableAt: -2, field: "displayScale")
        lua.push(environment.section)
        lua.rawSet(tableAt: -2, field: "section")
        pushTraits(traits, displayScale: environment.displayScale, lua: lua)
    }

    static func push(_ container: Compositional.Container, lua: LuaState) {
        lua.newTable(fieldCount: 3)
        lua.push(container.contentSize)
        lua.rawSet(tableAt: -2, field: "contentSize")
        lua.push(container.effectiveContentSize)
        lua.rawSet(tableAt: -2, field: "effectiveContentSize")
        lua.newTable(fieldCount: 4)
        for (name, value) in [
            ("top", container.contentInsets.top), ("leading", container.contentInsets.leading),
            ("bottom", container.contentInsets.bottom), ("trailing", container.contentInsets.trailing),
        ] {
            lua.push(value)
            lua.rawSet(tableAt: -2, field: name)
        }
        lua.rawSet(tableAt: -2, field: "contentInsets")
    }
}
