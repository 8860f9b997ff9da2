import LayoutEngine

/// Writes compositional sections as Apple's samples build them: a size and a `let` for every
/// item, then its group, then the section with its properties, boundary items and
/// decorations; only properties that differ from UIKit's defaults are set. Identical parts
/// are written once: within a section, and, for a provider, once before the provider when
/// several cases share them (`hoist`).
final class CompositionalSwift {
    let writing: ExportWriting
    private var code: SwiftCode { writing.code }
    /// The names of parts written in the open scopes, innermost last.
    private var written: [[CompositionalPart: String]] = [[:]]

    init(_ writing: ExportWriting) { self.writing = writing }

    /// A naming scope (a provider case): its parts are forgotten when it closes.
    func scope(_ body: () -> Void) {
        written.append([:])
        code.scope(body)
        written.removeLast()
    }

    private func name(of part: CompositionalPart) -> String? {
        for level in written.reversed() { if let name = level[part] { return name } }
        return nil
    }

    private func remember(_ part: CompositionalPart, _ name: String) { written[written.count - 1][part] = name }

    // MARK: Sections

    /// Writes `section` and its parts; returns the section's name.
    func section(_ section: Compositional.Section) -> String {
        if let list = section.list {
            let configuration = listConfiguration(list)
            let name = code.claim("section")
            writing.use(.listSection)
            code.line(
                "let \(name) = NSCollectionLayoutSection.list(using: \(configuration), layoutEnvironment: environment)")
            return name
        }
        let group = subitem(.group(section.group), prefix: "", role: "")
        let name = code.claim("section")
        code.line("let \(name) = NSCollectionLayoutSection(group: \(group))")
        if section.interGroupSpacing != 0 {
            code.line("\(name).interGroupSpacing = \(SwiftText.points(section.interGroupSpacing))")
        }
        if section.contentInsets != .zero { code.line("\(name).contentInsets = \(insets(section.contentInsets))") }
        if section.orthogonalScrollingBehavior != .none {
            code.line("\(name).orthogonalScrollingBehavior = .\(section.orthogonalScrollingBehavior.rawValue)")
        }
        if let reference = section.contentInsetsReference {
            writing.use(.contentInsetsReference)
            code.line("\(name).contentInsetsReference = .\(reference.rawValue)")
        }
        if !section.supplementariesFollowContentInsets {
            if writing.replacesDeprecated {
                writing.use(.supplementaryContentInsetsReference)
                code.line("\(name).supplementaryContentInsetsReference = .none")
            } else {
                writing.use(.supplementariesFollowContentInsets)
                code.line("\(name).supplementariesFollowContentInsets = false")
            }
        }
        if !section.boundarySupplementaryItems.isEmpty {
            let names = section.boundarySupplementaryItems.map(boundaryItem)
            code.line("\(name).boundarySupplementaryItems = [\(names.joined(separator: ", "))]")
        }
        if !section.decorationItems.isEmpty {
            let names = section.decorationItems.map(decorationItem)
            code.line("\(name).decorationItems = [\(names.joined(separator: ", "))]")
        }
        if let handler = section.visibleItemsInvalidationHandler {
            notExported("visibleItemsInvalidationHandler", handler.id, stub: CallbackStub.visibleItemsHandler(name))
        }
        return name
    }

    /// Writes, before a provider, the parts of `section` that `shared` holds (used by several
    /// cases), each where the section's own writing would name it.
    func hoist(_ section: Compositional.Section, shared: Set<CompositionalPart>) {
        if let list = section.list {
            if shared.contains(.list(list)) { _ = listConfiguration(list) }
            return
        }
        hoist(.group(section.group), prefix: "", role: "", shared: shared)
        for item in section.boundarySupplementaryItems where shared.contains(.boundary(item)) { _ = boundaryItem(item) }
        for item in section.decorationItems where shared.contains(.decoration(item)) { _ = decorationItem(item) }
    }

    private func hoist(_ subitem: Compositional.Subitem, prefix: String, role: String, shared: Set<CompositionalPart>) {
        if shared.contains(.subitem(subitem)) {
            _ = self.subitem(subitem, prefix: prefix, role: role)
            return
        }
        let supplementaries: [Compositional.SupplementaryItem]
        switch subitem {
        case .item(let item): supplementaries = item.supplementaryItems
        case .group(let group):
            supplementaries = group.supplementaryItems
            let childPrefix = SwiftText.lowerCamel([prefix, role])
            for (position, child) in group.children.enumerated() {
                hoist(child, prefix: childPrefix, role: Self.role(position, of: group), shared: shared)
            }
        }
        for item in supplementaries where shared.contains(.supplementary(item)) { _ = supplementaryItem(item) }
    }

    /// A `UICollectionLayoutListConfiguration` and the properties that differ from its
    /// defaults; returns its name. `backgroundColor` (a name or hex string here, a UIColor in
    /// UIKit) is left to a comment.
    /// What a list section's export says differs from `lualayout run`.
    static let listMetrics = "list sections (UIKit applies its own list metrics; `lualayout run` uses docs/lists.md's)"

    func listConfiguration(_ list: Compositional.ListConfiguration) -> String {
        if let name = name(of: .list(list)) { return name }
        writing.use(.listConfiguration)
        writing.differs(Self.listMetrics)
        let name = code.claim("listConfiguration")
        let changes =
            list.headerMode != .none || list.footerMode != .none || list.showsSeparators != nil
            || list.headerTopPadding != nil
        code.line(
            "\(changes ? "var" : "let") \(name) = UICollectionLayoutListConfiguration(appearance: .\(list.appearance.rawValue))"
        )
        if list.headerMode != .none { code.line("\(name).headerMode = .\(list.headerMode.rawValue)") }
        if list.footerMode != .none { code.line("\(name).footerMode = .\(list.footerMode.rawValue)") }
        if let shows = list.showsSeparators { code.line("\(name).showsSeparators = \(shows)") }
        if let padding = list.headerTopPadding {
            writing.use(.headerTopPadding)
            code.line("\(name).headerTopPadding = \(SwiftText.points(padding))")
        }
        if let color = list.backgroundColor {
            writing.differs("a list's backgroundColor (not exported)")
            code.comment("not exported: backgroundColor \"\(color)\" (set \(name).backgroundColor to that UIColor)")
        }
        remember(.list(list), name)
        return name
    }

    /// A header or footer (of a section or the layout), written once per scope.
    func boundaryItem(_ item: Compositional.BoundarySupplementaryItem) -> String {
        if let name = name(of: .boundary(item)) { return name }
        let name = code.claim(SwiftText.identifier(fromKind: item.kind, fallback: "supplementary"))
        let size = layoutSize(item.size, name: name)
        let offset = item.offset == .zero ? "" : ", absoluteOffset: \(point(item.offset))"
        code.line(
            "let \(name) = NSCollectionLayoutBoundarySupplementaryItem(layoutSize: \(size), elementKind: \(writing.kinds.reference(item.kind)), alignment: .\(item.alignment.rawValue)\(offset))"
        )
        if item.pinToVisibleBounds { code.line("\(name).pinToVisibleBounds = true") }
        if !item.extendsBoundary { code.line("\(name).extendsBoundary = false") }
        if item.zIndex != 1 { code.line("\(name).zIndex = \(item.zIndex)") }
        remember(.boundary(item), name)
        return name
    }

    private func decorationItem(_ decoration: Compositional.DecorationItem) -> String {
        if let name = name(of: .decoration(decoration)) { return name }
        let item = code.claim(SwiftText.identifier(fromKind: decoration.kind, fallback: "decoration"))
        code.line(
            "let \(item) = NSCollectionLayoutDecorationItem.background(elementKind: \(writing.kinds.reference(decoration.kind)))"
        )
        if decoration.contentInsets != .zero {
            code.line("\(item).contentInsets = \(insets(decoration.contentInsets))")
        }
        if decoration.zIndex != 0 { code.line("\(item).zIndex = \(decoration.zIndex)") }
        remember(.decoration(decoration), item)
        return item
    }

    // MARK: Items and groups

    /// Writes an item or a group (its subitems first); returns its name. Names say where the
    /// subitem sits in its parent (`leadingItem`, `trailingGroup`, `trailingItem`), as people
    /// name them; identical subitems are written once.
    private func subitem(_ subitem: Compositional.Subitem, prefix: String, role: String) -> String {
        if let name = name(of: .subitem(subitem)) { return name }
        let name: String
        switch subitem {
        case .item(let item):
            name = code.claim(SwiftText.lowerCamel([prefix, role, "item"]))
            self.item(item, name: name)
        case .group(let group):
            name = code.claim(SwiftText.lowerCamel([prefix, role, "group"]))
            self.group(group, name: name, childPrefix: SwiftText.lowerCamel([prefix, role]))
        }
        remember(.subitem(subitem), name)
        return name
    }

    private func item(_ item: Compositional.Item, name: String) {
        let supplementaries = item.supplementaryItems.map(supplementaryItem)
        let size = layoutSize(item.size, name: name)
        if supplementaries.isEmpty {
            code.line("let \(name) = NSCollectionLayoutItem(layoutSize: \(size))")
        } else {
            code.line(
                "let \(name) = NSCollectionLayoutItem(layoutSize: \(size), supplementaryItems: [\(supplementaries.joined(separator: ", "))])"
            )
        }
        spacing(of: name, contentInsets: item.contentInsets, edgeSpacing: item.edgeSpacing)
    }

    private func group(_ group: Compositional.Group, name: String, childPrefix: String) {
        let constructor: String
        var omittedProvider: (id: Int, size: String)?
        switch group.layout {
        case .horizontal(let subitems), .vertical(let subitems):
            let axis: String
            if case .horizontal = group.layout { axis = "horizontal" } else { axis = "vertical" }
            let arguments: String
            switch subitems {
            case .cyclic(let list):
                let names = list.enumerated().map { position, child in
                    subitem(child, prefix: childPrefix, role: Self.role(position, of: group))
                }
                arguments = "subitems: [\(names.joined(separator: ", "))]"
            case .count(let child, let count):
                writing.use(.subitemCount)
                let child = subitem(child, prefix: childPrefix, role: Self.role(0, of: group))
                arguments = "subitem: \(child), count: \(count)"
            case .repeating(let child, let count):
                writing.use(.repeatingSubitem)
                let child = subitem(child, prefix: childPrefix, role: Self.role(0, of: group))
                arguments = "repeatingSubitem: \(child), count: \(count)"
            }
            constructor =
                "NSCollectionLayoutGroup.\(axis)(layoutSize: \(layoutSize(group.size, name: name)), \(arguments))"
        case .custom(let items):
            let size = layoutSize(group.size, name: name)
            constructor = "NSCollectionLayoutGroup.custom(layoutSize: \(size)) { _ in [] }"
            if items.provider != nil { omittedProvider = (items.id, size) }
        }
        code.line("let \(name) = \(constructor)")
        if let (id, size) = omittedProvider {
            notExported("itemProvider", id, what: "the group places no items", stub: CallbackStub.itemProvider(size))
        }
        if let spacing = group.interItemSpacing { code.line("\(name).interItemSpacing = \(self.spacing(spacing))") }
        spacing(of: name, contentInsets: group.contentInsets, edgeSpacing: group.edgeSpacing)
        if !group.supplementaryItems.isEmpty {
            let names = group.supplementaryItems.map(supplementaryItem)
            code.line("\(name).supplementaryItems = [\(names.joined(separator: ", "))]")
        }
    }

    /// Where child `position` sits in `group`: alone (no word; a nested group is `nested`),
    /// one of two (`leading`/`trailing`, `top`/`bottom`), or one of many (`first`, `second`, …).
    static func role(_ position: Int, of group: Compositional.Group) -> String {
        let children = group.children
        switch children.count {
        case 1:
            if case .group = children[0] { return "nested" }
            return ""
        case 2:
            if case .vertical = group.layout { return ["top", "bottom"][position] }
            return ["leading", "trailing"][position]
        default: return position < ordinals.count ? ordinals[position] : ""
        }
    }

    private static let ordinals = [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
    ]

    private func spacing(of name: String, contentInsets: Compositional.Insets, edgeSpacing: Compositional.EdgeSpacing) {
        if contentInsets != .zero { code.line("\(name).contentInsets = \(insets(contentInsets))") }
        if edgeSpacing != .none {
            let edges = [edgeSpacing.leading, edgeSpacing.top, edgeSpacing.trailing, edgeSpacing.bottom].map {
                $0.map(spacing) ?? "nil"
            }
            code.line(
                "\(name).edgeSpacing = NSCollectionLayoutEdgeSpacing(leading: \(edges[0]), top: \(edges[1]), trailing: \(edges[2]), bottom: \(edges[3]))"
            )
        }
    }

    /// A badge or other supplementary anchored to an item or group, written once per scope.
    private func supplementaryItem(_ item: Compositional.SupplementaryItem) -> String {
        if let name = name(of: .supplementary(item)) { return name }
        let name = code.claim(SwiftText.identifier(fromKind: item.kind, fallback: "supplementary"))
        let container = anchor(item.containerAnchor, name: name + "Anchor")
        let itemAnchor = item.itemAnchor.map { anchor($0, name: name + "ItemAnchor") }
        let size = layoutSize(item.size, name: name)
        let anchors = "containerAnchor: \(container)" + (itemAnchor.map { ", itemAnchor: \($0)" } ?? "")
        code.line(
            "let \(name) = NSCollectionLayoutSupplementaryItem(layoutSize: \(size), elementKind: \(writing.kinds.reference(item.kind)), \(anchors))"
        )
        if item.zIndex != 1 { code.line("\(name).zIndex = \(item.zIndex)") }
        remember(.supplementary(item), name)
        return name
    }

    private func anchor(_ anchor: Compositional.Anchor, name: String) -> String {
        let claimed = code.claim(name)
        let named: [(Compositional.Edges, String)] = [
            (.top, ".top"), (.leading, ".leading"), (.bottom, ".bottom"), (.trailing, ".trailing"),
        ]
        let edges = "[" + named.filter { anchor.edges.contains($0.0) }.map(\.1).joined(separator: ", ") + "]"
        let offset: String
        switch anchor.offset {
        case .absolute(let p): offset = p == .zero ? "" : ", absoluteOffset: \(point(p))"
        case .fractional(let p): offset = ", fractionalOffset: \(point(p, fraction: true))"
        }
        code.line("let \(claimed) = NSCollectionLayoutAnchor(edges: \(edges)\(offset))")
        return claimed
    }

    // MARK: Values

    /// Writes `let NAMESize = NSCollectionLayoutSize(…)` (Apple's layout: one dimension a
    /// line); returns the size's name.
    private func layoutSize(_ size: Compositional.LayoutSize, name: String) -> String {
        let sizeName = code.claim(name + "Size")
        let opening = "let \(sizeName) = NSCollectionLayoutSize("
        code.line(opening + "widthDimension: \(dimension(size.width)),")
        code.line(String(repeating: " ", count: opening.count) + "heightDimension: \(dimension(size.height)))")
        return sizeName
    }

    private func dimension(_ dimension: Compositional.Dimension) -> String {
        switch dimension {
        case .fractionalWidth(let f): return ".fractionalWidth(\(SwiftText.fraction(f)))"
        case .fractionalHeight(let f): return ".fractionalHeight(\(SwiftText.fraction(f)))"
        case .absolute(let v): return ".absolute(\(SwiftText.points(v)))"
        case .estimated(let v):
            writing.differs("estimated sizes (UIKit asks the cells; `lualayout run` keeps the estimates)")
            return ".estimated(\(SwiftText.points(v)))"
        case .uniformAcrossSiblings(let v):
            writing.use(.uniformAcrossSiblings)
            writing.differs("estimated sizes (UIKit asks the cells; `lualayout run` keeps the estimates)")
            return ".uniformAcrossSiblings(estimate: \(SwiftText.points(v)))"
        }
    }

    private func spacing(_ spacing: Compositional.Spacing) -> String {
        switch spacing {
        case .fixed(let v): ".fixed(\(SwiftText.points(v)))"
        case .flexible(let v): ".flexible(\(SwiftText.points(v)))"
        }
    }

    func insets(_ insets: Compositional.Insets) -> String {
        let values = [insets.top, insets.leading, insets.bottom, insets.trailing].map(SwiftText.points)
        return
            "NSDirectionalEdgeInsets(top: \(values[0]), leading: \(values[1]), bottom: \(values[2]), trailing: \(values[3]))"
    }

    private func point(_ p: Point, fraction: Bool = false) -> String {
        let format = fraction ? SwiftText.fraction : SwiftText.points
        return "CGPoint(x: \(format(p.x)), y: \(format(p.y)))"
    }

    /// `// not exported: NAME (file:line) is Lua code[; what]`, and the Swift to write instead.
    private func notExported(_ name: String, _ id: Int, what: String? = nil, stub: CallbackStub) {
        let site = writing.closureSites[id].map { " (\($0))" } ?? ""
        writing.differs("Lua code not exported")
        code.comment("not exported: \(name)\(site) is Lua code" + (what.map { "; \($0)" } ?? ""))
        stub.write(to: code)
    }
}
