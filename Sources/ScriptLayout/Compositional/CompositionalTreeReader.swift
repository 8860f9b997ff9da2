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

    // MARK: Specs

    /// The section spec on top of the stack.
    func section(at index: Int32) throws -> Compositional.Section {
        let spec = lua.absoluteIndex(index)
        let site = try expect(spec, tag: "section")
        var section = Compositional.Section(
            group: try required(try field(spec, "group", site) { try group(at: -1) }, site, "section", "group"))
        if let insets = try field(spec, "contentInsets", site, read: insetsValue) { section.contentInsets = insets }
        if let spacing = try field(spec, "interGroupSpacing", site, read: { try number(-1, site, "interGroupSpacing") })
        {
            section.interGroupSpacing = spacing
        }
        if let behavior = try field(
            spec, "orthogonalScrollingBehavior", site,
            read: {
                try enumValue(-1, site, "orthogonalScrollingBehavior", Compositional.OrthogonalScrollingBehavior.self)
            })
        {
            section.orthogonalScrollingBehavior = behavior
        }
        if let items = try field(spec, "boundarySupplementaryItems", site, read: { try list(-1, boundaryItem) }) {
            section.boundarySupplementaryItems = items
        }
        if let items = try field(spec, "decorationItems", site, read: { try list(-1, decorationItem) }) {
            section.decorationItems = items
        }
        if let flag = try field(
            spec, "supplementariesFollowContentInsets", site,
            read: { try boolean(-1, site, "supplementariesFollowContentInsets") })
        {
            section.supplementariesFollowContentInsets = flag
        }
        if let reference = try field(
            spec, "contentInsetsReference", site,
            read: { try enumValue(-1, site, "contentInsetsReference", Compositional.ContentInsetsReference.self) })
        {
            section.contentInsetsReference = reference
        }
        if lua.rawGet(tableAt: spec, field: "visibleItemsInvalidationHandler") == .function {
            section.visibleItemsInvalidationHandler = visibleItemsHandler(site: site)
        } else {
            lua.pop(1)
        }
        return section
    }

    /// A group or custom group spec.
    func group(at index: Int32) throws -> Compositional.Group {
        let spec = lua.absoluteIndex(index)
        let tag = compositionalTag(spec)
        if tag == "customGroup" {
            let site = try expect(spec, tag: "customGroup")
            let size = try layoutSize(spec, site)
            guard lua.rawGet(tableAt: spec, field: "itemProvider") == .function else {
                lua.pop(1)
                throw malformed(site, "customGroup", "itemProvider is no longer a function")
            }
            return Compositional.Group(size: size, layout: .custom(customItems(site: site)))
        }
        let site = try expect(spec, tag: "group")
        let size = try layoutSize(spec, site)
        let axis = try field(spec, "axis", site) { try enumValue(-1, site, "axis", Axis.self) } ?? .horizontal
        let subitems: Compositional.Subitems
        if let list = try field(spec, "subitems", site, read: { try self.list(-1, subitem) }) {
            guard !list.isEmpty else {
                throw malformed(site, "group", "subitems is empty: a group needs at least one subitem")
            }
            subitems = .cyclic(list)
        } else {
            let count = try field(spec, "count", site) { try wholeNumber(-1, site, "count") }
            if let item = try field(spec, "subitem", site, read: { try subitem(at: -1) }) {
                subitems = .count(item, count ?? 1)
            } else if let item = try field(spec, "repeatingSubitem", site, read: { try subitem(at: -1) }) {
                subitems = .repeating(item, count ?? 1)
            } else {
                throw malformed(site, "group", "a group with no subitems cannot place anything")
            }
        }
        var group = Compositional.Group(
            size: size, layout: axis == .horizontal ? .horizontal(subitems) : .vertical(subitems))
        if let insets = try field(spec, "contentInsets", site, read: insetsValue) { group.contentInsets = insets }
        if let spacing = try field(spec, "edgeSpacing", site, read: { try edgeSpacing(-1, site) }) {
            group.edgeSpacing = spacing
        }
        if let spacing = try field(
            spec, "interItemSpacing", site, read: { try self.spacing(-1, site, "interItemSpacing") })
        {
            group.interItemSpacing = spacing
        }
        if let items = try field(spec, "supplementaryItems", site, read: { try list(-1, supplementaryItem) }) {
            group.supplementaryItems = items
        }
        return group
    }

    enum Axis: String { case horizontal, vertical }

    private func subitem(at index: Int32) throws -> Compositional.Subitem {
        let spec = lua.absoluteIndex(index)
        switch compositionalTag(spec) {
        case "group", "customGroup": return .group(try group(at: spec))
        default: return .item(try item(at: spec))
        }
    }

    private func item(at index: Int32) throws -> Compositional.Item {
        let spec = lua.absoluteIndex(index)
        let site = try expect(spec, tag: "item")
        var item = Compositional.Item(size: try layoutSize(spec, site))
        if let insets = try field(spec, "contentInsets", site, read: insetsValue) { item.contentInsets = insets }
        if let spacing = try field(spec, "edgeSpacing", site, read: { try edgeSpacing(-1, site) }) {
            item.edgeSpacing = spacing
        }
        if let items = try field(spec, "supplementaryItems", site, read: { try list(-1, supplementaryItem) }) {
            item.supplementaryItems = items
        }
        return item
    }

    func boundaryItem(at index: Int32) throws -> Compositional.BoundarySupplementaryItem {
        let spec = lua.absoluteIndex(index)
        let site = try expect(spec, tag: "boundarySupplementaryItem")
        let what = "boundarySupplementaryItem"
        var item = Compositional.BoundarySupplementaryItem(
            kind: try required(try field(spec, "kind", site) { try kind(-1, site, what) }, site, what, "kind"),
            size: try layoutSize(spec, site),
            alignment: try required(
                try field(spec, "alignment", site) {
                    try enumValue(-1, site, "alignment", Compositional.Alignment.self)
                }, site, what, "alignment"))
        if let flag = try field(spec, "pinToVisibleBounds", site, read: { try boolean(-1, site, "pinToVisibleBounds") })
        {
            item.pinToVisibleBounds = flag
        }
        if let flag = try field(spec, "extendsBoundary", site, read: { try boolean(-1, site, "extendsBoundary") }) {
            item.extendsBoundary = flag
        }
        if let offset = try field(spec, "offset", site, read: { try point(-1, site, "offset") }) {
            item.offset = offset
        }
        if let z = try field(spec, "zIndex", site, read: { try wholeNumber(-1, site, "zIndex") }) { item.zIndex = z }
        return item
    }

    private func supplementaryItem(at index: Int32) throws -> Compositional.SupplementaryItem {
        let spec = lua.absoluteIndex(index)
        let site = try expect(spec, tag: "supplementaryItem")
        var item = Compositional.SupplementaryItem(
            kind: try required(
                try field(spec, "kind", site) { try kind(-1, site, "supplementaryItem") }, site, "supplementaryItem",
                "kind"),
            size: try layoutSize(spec, site),
            containerAnchor: try required(
                try field(spec, "containerAnchor", site) { try anchor(-1, site) }, site, "supplementaryItem",
                "containerAnchor"))
        item.itemAnchor = try field(spec, "itemAnchor", site) { try anchor(-1, site) }
        if let z = try field(spec, "zIndex", site, read: { try wholeNumber(-1, site, "zIndex") }) { item.zIndex = z }
        return item
    }

    private func decorationItem(at index: Int32) throws -> Compositional.DecorationItem {
        let spec = lua.absoluteIndex(index)
        let site = try expect(spec, tag: "background")
        var item = Compositional.DecorationItem(
            kind: try required(
                try field(spec, "kind", site) { try kind(-1, site, "background") }, site, "background", "kind"))
        if let insets = try field(spec, "contentInsets", site, read: insetsValue) { item.contentInsets = insets }
        if let z = try field(spec, "zIndex", site, read: { try wholeNumber(-1, site, "zIndex") }) { item.zIndex = z }
        return item
    }

    // MARK: Values

    private func layoutSize(_ spec: Int32, _ site: String) throws -> Compositional.LayoutSize {
        let what = compositionalTag(spec) ?? "item"
        guard let width = try field(spec, "width", site, read: { try dimension(-1, site, what, "width") }),
            let height = try field(spec, "height", site, read: { try dimension(-1, site, what, "height") })
        else {
            throw malformed(site, what, "width and height are required")
        }
        return Compositional.LayoutSize(width: width, height: height)
    }

    private func dimension(
        _ index: Int32, _ site: String, _ what: String, _ name: String
    ) throws -> Compositional.Dimension {
        if lua.type(at: index) == .number, let value = lua.number(at: index), value.isFinite, value >= 0 {
            return .absolute(value)
        }
        guard compositionalTag(index) == "dimension", let (type, value) = typedValue(index) else {
            throw malformed(site, what, "\(name) must be a dimension")
        }
        switch type {
        case "fractionalWidth": return .fractionalWidth(value)
        case "fractionalHeight": return .fractionalHeight(value)
        case "absolute": return .absolute(value)
        case "estimated": return .estimated(value)
        case "uniformAcrossSiblings": return .uniformAcrossSiblings(value)
        default: throw malformed(site, what, "\(name) must be a dimension")
        }
    }

    private func spacing(_ index: Int32, _ site: String, _ name: String) throws -> Compositional.Spacing {
        if lua.type(at: index) == .number, let value = lua.number(at: index), value.isFinite { return .fixed(value) }
        guard compositionalTag(index) == "spacing", let (type, value) = typedValue(index) else {
            throw malformed(
                site, "group", "\(name) must be a number, compositional.fixed(v) or compositional.flexible(v)")
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
        guard let value else { throw malformed(site, what, "\(name) is required") }
        return value
    }

    private func edgeSpacing(_ index: Int32, _ site: String) throws -> Compositional.EdgeSpacing {
        let table = lua.absoluteIndex(index)
        guard lua.type(at: table) == .table else {
            throw malformed(site, "item", "edgeSpacing must be a table of spacings")
        }
        var result = Compositional.EdgeSpacing()
        result.leading = try field(table, "leading", site) { try spacing(-1, site, "edgeSpacing.leading") }
        result.top = try field(table, "top", site) { try spacing(-1, site, "edgeSpacing.top") }
        result.trailing = try field(table, "trailing", site) { try spacing(-1, site, "edgeSpacing.trailing") }
        result.bottom = try field(table, "bottom", site) { try spacing(-1, site, "edgeSpacing.bottom") }
        return result
    }

    private func insetsValue() throws -> Compositional.Insets {
        let table = lua.absoluteIndex(-1)
        func edge(_ name: String) -> Double {
            lua.rawGet(tableAt: table, field: name)
            defer { lua.pop(1) }
            return lua.number(at: -1).flatMap { $0.isFinite ? $0 : nil } ?? 0
        }
        guard lua.type(at: table) == .table else { return .zero }
        return Compositional.Insets(
            top: edge("top"), leading: edge("leading"), bottom: edge("bottom"), trailing: edge("trailing"))
    }

    private func anchor(_ index: Int32, _ site: String) throws -> Compositional.Anchor {
        let table = lua.absoluteIndex(index)
        guard lua.type(at: table) == .table else {
            throw malformed(site, "supplementaryItem", "an anchor must be a table")
        }
        var edges: Compositional.Edges = []
        if lua.rawGet(tableAt: table, field: "edges") == .table {
            for position in 1...max(1, lua.rawLength(at: -1)) {
                lua.rawGet(tableAt: -1, index: position)
                switch lua.string(at: -1) {
                case "top": edges.insert(.top)
                case "leading", "left": edges.insert(.leading)
                case "bottom": edges.insert(.bottom)
                case "trailing", "right": edges.insert(.trailing)
                default: break
                }
                lua.pop(1)
            }
        }
        lua.pop(1)
        let offset = try field(table, "offset", site) { try point(-1, site, "offset") } ?? .zero
        let fractional = lua.rawGet(tableAt: table, field: "fractional") == .boolean && lua.boolean(at: -1)
        lua.pop(1)
        return Compositional.Anchor(edges: edges, offset: fractional ? .fractional(offset) : .absolute(offset))
    }

    private func point(_ index: Int32, _ site: String, _ name: String) throws -> Point {
        guard let point = lua.point(at: index), point.x.isFinite, point.y.isFinite else {
            throw malformed(site, compositionalTag(index) ?? "item", "\(name) must be {x=, y=} with finite numbers")
        }
        return point
    }

    private func number(_ index: Int32, _ site: String, _ name: String) throws -> Double {
        guard lua.type(at: index) == .number, let value = lua.number(at: index), value.isFinite else {
            throw malformed(site, "section", "\(name) must be a finite number")
        }
        return value
    }

    private func wholeNumber(_ index: Int32, _ site: String, _ name: String) throws -> Int {
        guard lua.type(at: index) == .number, let value = lua.number(at: index), value == value.rounded(),
            abs(value) <= 1e9
        else {
            throw malformed(site, "group", "\(name) must be a whole number")
        }
        return Int(value)
    }

    private func boolean(_ index: Int32, _ site: String, _ name: String) throws -> Bool {
        guard lua.type(at: index) == .boolean else { throw malformed(site, "section", "\(name) must be a boolean") }
        return lua.boolean(at: index)
    }

    private func kind(_ index: Int32, _ site: String, _ what: String) throws -> String {
        guard lua.type(at: index) == .string, let kind = lua.string(at: index), !kind.isEmpty else {
            throw malformed(site, what, "kind must be a non-empty string")
        }
        return kind
    }

    private func enumValue<T: RawRepresentable>(
        _ index: Int32, _ site: String, _ name: String, _ type: T.Type
    ) throws -> T
    where T.RawValue == String {
        guard let text = lua.string(at: index), lua.type(at: index) == .string, let value = T(rawValue: text) else {
            throw malformed(site, "section", "\(name) has an unknown value")
        }
        return value
    }

    /// An array of specs read with `read` (each pushed in turn).
    func list<T>(_ index: Int32, _ read: (Int32) throws -> T) throws -> [T] {
        let table = lua.absoluteIndex(index)
        guard lua.type(at: table) == .table else { throw Malformed(message: "expected an array") }
        var result: [T] = []
        let count = lua.rawLength(at: table)
        result.reserveCapacity(count)
        for position in 0..<count {
            lua.rawGet(tableAt: table, index: position + 1)
            defer { lua.pop(1) }
            result.append(try read(-1))
        }
        return result
    }

    /// Field `name` of the table at `table`, read by `read` with the value on top; nil when absent.
    private func field<T>(_ table: Int32, _ name: String, _ site: String, read: () throws -> T) throws -> T? {
        let type = lua.rawGet(tableAt: table, field: name)
        defer { lua.pop(1) }
        if type == .nil { return nil }
        return try read()
    }

    // MARK: Tags and errors

    func compositionalTag(_ index: Int32) -> String? { script.environment.compositionalTag(at: index) }

    /// Checks the spec at `spec` was made by `tag`'s constructor; returns its `file:line: `.
    private func expect(_ spec: Int32, tag: String) throws -> String {
        let found = compositionalTag(spec)
        lua.rawGet(tableAt: spec, field: "site")
        let site = lua.string(at: -1) ?? ""
        lua.pop(1)
        guard found == tag else {
            throw Malformed(
                message:
                    "expected a compositional.\(tag){...}, got \(found.map { "a \($0)" } ?? "a \(lua.type(at: spec).name)")"
            )
        }
        return site
    }

    private func malformed(_ site: String, _ what: String, _ message: String) -> ScriptError {
        ScriptError(
            kind: .invalidValue,
            message:
                "\(site.isEmpty ? script.name + ": " : site)compositional.\(what): \(message) (was the table changed after it was made?)"
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
