import LayoutEngine
import LuaRuntime

/// Reads the spec tables the `compositional` constructors made (already checked and
/// normalised in Lua) into the engine's `Compositional` values: once per prepare, or once per
/// section provider call. A spec changed after it was made is caught here, located at the
/// constructor call. Functions (`itemProvider`, `visibleItemsInvalidationHandler`) become
/// closures over registry references the caller releases after the next prepare.
final class CompositionalTreeReader {
    let script: LayoutScript
    var lua: LuaState { script.lua }
    /// References the closures of this prepare hold.
    var references: [LuaReference] = []
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
    var ancestors: Set<UnsafeRawPointer> = []
    var depth = 0
    var specs = 0
    var sectionSite = ""

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
    func listConfiguration(_ index: Int32, site: String) throws -> Compositional.ListConfiguration {
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
    func group(at index: Int32, _ place: Place) throws -> Compositional.Group {
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

    func subitem(at index: Int32, _ place: Place) throws -> Compositional.Subitem {
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

    func item(at index: Int32, _ place: Place) throws -> Compositional.Item {
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

    func supplementaryItem(at index: Int32, _ place: Place) throws -> Compositional.SupplementaryItem {
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

    func decorationItem(at index: Int32, _ place: Place) throws -> Compositional.DecorationItem {
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
    func enter(_ spec: Int32, site: String, tag: String, _ place: Place) throws {
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

    func leave(_ spec: Int32) {
        if let identity = lua.pointer(at: spec) { ancestors.remove(identity) }
        depth -= 1
    }

    /// Counts one spec of the section's tree (a group used twice counts twice).
    func count(site: String, _ what: String) throws {
        specs += 1
        guard specs <= Self.maxSpecs else {
            throw malformed(
                Place(site: sectionSite, what: "section", field: ""),
                "its tree holds more than \(Self.maxSpecs) items, groups and supplementary items (a group used n times counts n times)",
                changed: false)
        }
    }

    // MARK: Tags and errors

    func compositionalTag(_ index: Int32) -> String? { script.environment.compositionalTag(at: index) }

    /// Checks the spec at `spec` was made by `tag`'s constructor; returns its `file:line: `.
    /// A mismatch is blamed on `place`, the field that holds it (or, with none, is a
    /// `Malformed` the caller locates).
    func expect(_ spec: Int32, tag: String, _ place: Place?) throws -> String {
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
    func malformed(_ place: Place, _ problem: String, changed: Bool = true) -> ScriptError {
        let field = place.field.isEmpty ? "" : place.field + " "
        return ScriptError(
            kind: .invalidValue,
            message:
                "\(place.site.isEmpty ? script.name + ": " : place.site)compositional.\(place.what): \(field)\(problem)\(changed ? " (was the table changed after it was made?)" : "")"
        )
    }

}
