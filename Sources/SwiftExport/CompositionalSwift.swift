import LayoutEngine
import ScriptLayout

/// Writes a compositional layout as Apple's samples build one: a size and a `let` for every
/// item, then its group, then the section with its properties, boundary items and
/// decorations; only properties that differ from UIKit's defaults are set.
struct CompositionalSwift {
    let code: SwiftCode
    /// Where each closure of the sections is defined, for the `// not exported:` comments.
    let closureSites: [Int: String]

    // MARK: Sections

    /// Writes `section` and its parts; returns the section's name.
    func section(_ section: Compositional.Section) -> String {
        if let list = section.list {
            let configuration = listConfiguration(list)
            let name = code.claim("section")
            code.line(
                "let \(name) = NSCollectionLayoutSection.list(using: \(configuration), layoutEnvironment: environment)")
            return name
        }
        var written: [Compositional.Subitem: String] = [:]
        let group = subitem(.group(section.group), prefix: "", role: "", written: &written)
        let name = code.claim("section")
        code.line("let \(name) = NSCollectionLayoutSection(group: \(group))")
        if section.interGroupSpacing != 0 {
            code.line("\(name).interGroupSpacing = \(SwiftLiteral.points(section.interGroupSpacing))")
        }
        if section.contentInsets != .zero { code.line("\(name).contentInsets = \(insets(section.contentInsets))") }
        if section.orthogonalScrollingBehavior != .none {
            code.line("\(name).orthogonalScrollingBehavior = .\(section.orthogonalScrollingBehavior.rawValue)")
        }
        if let reference = section.contentInsetsReference {
            code.line("\(name).contentInsetsReference = .\(reference.rawValue)")
        }
        if !section.supplementariesFollowContentInsets {
            code.line("\(name).supplementariesFollowContentInsets = false")
        }
        if !section.boundarySupplementaryItems.isEmpty {
            let names = boundaryItems(section.boundarySupplementaryItems)
            code.line("\(name).boundarySupplementaryItems = [\(names.joined(separator: ", "))]")
        }
        if !section.decorationItems.isEmpty {
            var names: [String] = []
            for decoration in section.decorationItems {
                let item = code.claim(SwiftLiteral.identifier(fromKind: decoration.kind, fallback: "decoration"))
                code.line(
                    "let \(item) = NSCollectionLayoutDecorationItem.background(elementKind: \(SwiftLiteral.string(decoration.kind)))"
                )
                if decoration.contentInsets != .zero {
                    code.line("\(item).contentInsets = \(insets(decoration.contentInsets))")
                }
                if decoration.zIndex != 0 { code.line("\(item).zIndex = \(decoration.zIndex)") }
                names.append(item)
            }
            code.line("\(name).decorationItems = [\(names.joined(separator: ", "))]")
        }
        if let handler = section.visibleItemsInvalidationHandler {
            notExported("visibleItemsInvalidationHandler", handler.id)
        }
        return name
    }

    /// A `UICollectionLayoutListConfiguration` and the properties that differ from its
    /// defaults; returns its name. `backgroundColor` (a name or hex string here, a UIColor in
    /// UIKit) is left to a comment.
    func listConfiguration(_ list: Compositional.ListConfiguration) -> String {
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
            code.line("\(name).headerTopPadding = \(SwiftLiteral.points(padding))")
        }
        if let color = list.backgroundColor {
            code.line(
                "// not exported: backgroundColor \(SwiftLiteral.string(color)) (set \(name).backgroundColor to that UIColor)"
            )
        }
        return name
    }

    /// Headers and footers (of a section or the layout); identical ones written once.
    func boundaryItems(_ items: [Compositional.BoundarySupplementaryItem]) -> [String] {
        var written: [Compositional.BoundarySupplementaryItem: String] = [:]
        return items.map { item in
            if let name = written[item] { return name }
            let name = code.claim(SwiftLiteral.identifier(fromKind: item.kind, fallback: "supplementary"))
            let size = layoutSize(item.size, name: name)
            let offset = item.offset == .zero ? "" : ", absoluteOffset: \(point(item.offset))"
            code.line(
                "let \(name) = NSCollectionLayoutBoundarySupplementaryItem(layoutSize: \(size), elementKind: \(SwiftLiteral.string(item.kind)), alignment: .\(item.alignment.rawValue)\(offset))"
            )
            if item.pinToVisibleBounds { code.line("\(name).pinToVisibleBounds = true") }
            if !item.extendsBoundary { code.line("\(name).extendsBoundary = false") }
            if item.zIndex != 1 { code.line("\(name).zIndex = \(item.zIndex)") }
            written[item] = name
            return name
        }
    }

    // MARK: Items and groups

    /// Writes an item or a group (its subitems first); returns its name. Names say where the
    /// subitem sits in its parent (`leadingItem`, `trailingGroup`, `trailingItem`), as people
    /// name them; identical subitems are written once.
    private func subitem(
        _ subitem: Compositional.Subitem, prefix: String, role: String,
        written: inout [Compositional.Subitem: String]
    ) -> String {
        if let name = written[subitem] { return name }
        let name: String
        switch subitem {
        case .item(let item):
            name = code.claim(SwiftLiteral.lowerCamel([prefix, role, "item"]))
            self.item(item, name: name)
        case .group(let group):
            name = code.claim(SwiftLiteral.lowerCamel([prefix, role, "group"]))
            self.group(group, name: name, childPrefix: SwiftLiteral.lowerCamel([prefix, role]), written: &written)
        }
        written[subitem] = name
        return name
    }

    private func item(_ item: Compositional.Item, name: String) {
        let supplementaries = supplementaryItems(item.supplementaryItems)
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

    private func group(
        _ group: Compositional.Group, name: String, childPrefix: String,
        written: inout [Compositional.Subitem: String]
    ) {
        let constructor: String
        var omittedProvider: Int?
        switch group.layout {
        case .horizontal(let subitems), .vertical(let subitems):
            let axis: String
            let roles: [String]
            if case .horizontal = group.layout {
                (axis, roles) = ("horizontal", ["leading", "trailing"])
            } else {
                (axis, roles) = ("vertical", ["top", "bottom"])
            }
            let arguments: String
            switch subitems {
            case .cyclic(let list):
                let names = list.enumerated().map { position, child in
                    subitem(
                        child, prefix: childPrefix, role: Self.role(position, of: list, roles: roles), written: &written
                    )
                }
                arguments = "subitems: [\(names.joined(separator: ", "))]"
            case .count(let child, let count):
                let child = subitem(child, prefix: childPrefix, role: Self.role(0, of: [child]), written: &written)
                arguments = "subitem: \(child), count: \(count)"
            case .repeating(let child, let count):
                let child = subitem(child, prefix: childPrefix, role: Self.role(0, of: [child]), written: &written)
                arguments = "repeatingSubitem: \(child), count: \(count)"
            }
            constructor =
                "NSCollectionLayoutGroup.\(axis)(layoutSize: \(layoutSize(group.size, name: name)), \(arguments))"
        case .custom(let items):
            constructor =
                "NSCollectionLayoutGroup.custom(layoutSize: \(layoutSize(group.size, name: name))) { _ in [] }"
            if items.provider != nil { omittedProvider = items.id }
        }
        code.line("let \(name) = \(constructor)")
        if let id = omittedProvider { notExported("itemProvider", id, what: "the group places no items") }
        if let spacing = group.interItemSpacing { code.line("\(name).interItemSpacing = \(self.spacing(spacing))") }
        spacing(of: name, contentInsets: group.contentInsets, edgeSpacing: group.edgeSpacing)
        if !group.supplementaryItems.isEmpty {
            let names = supplementaryItems(group.supplementaryItems)
            code.line("\(name).supplementaryItems = [\(names.joined(separator: ", "))]")
        }
    }

    /// Where child `position` sits: alone (no word; a nested group is `nested`), one of two
    /// (`leading`/`trailing`, `top`/`bottom`), or one of many (`first`, `second`, …).
    private static func role(_ position: Int, of children: [Compositional.Subitem], roles: [String] = []) -> String {
        switch children.count {
        case 1:
            if case .group = children[0] { return "nested" }
            return ""
        case 2 where !roles.isEmpty: return roles[position]
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

    /// Badges and other supplementaries anchored to an item or group.
    private func supplementaryItems(_ items: [Compositional.SupplementaryItem]) -> [String] {
        var written: [Compositional.SupplementaryItem: String] = [:]
        return items.map { item in
            if let name = written[item] { return name }
            let name = code.claim(SwiftLiteral.identifier(fromKind: item.kind, fallback: "supplementary"))
            let container = anchor(item.containerAnchor, name: name + "Anchor")
            let itemAnchor = item.itemAnchor.map { anchor($0, name: name + "ItemAnchor") }
            let size = layoutSize(item.size, name: name)
            let anchors = "containerAnchor: \(container)" + (itemAnchor.map { ", itemAnchor: \($0)" } ?? "")
            code.line(
                "let \(name) = NSCollectionLayoutSupplementaryItem(layoutSize: \(size), elementKind: \(SwiftLiteral.string(item.kind)), \(anchors))"
            )
            if item.zIndex != 1 { code.line("\(name).zIndex = \(item.zIndex)") }
            written[item] = name
            return name
        }
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
        case .fractionalWidth(let f): ".fractionalWidth(\(SwiftLiteral.fraction(f)))"
        case .fractionalHeight(let f): ".fractionalHeight(\(SwiftLiteral.fraction(f)))"
        case .absolute(let v): ".absolute(\(SwiftLiteral.points(v)))"
        case .estimated(let v): ".estimated(\(SwiftLiteral.points(v)))"
        case .uniformAcrossSiblings(let v): ".uniformAcrossSiblings(estimate: \(SwiftLiteral.points(v)))"
        }
    }

    private func spacing(_ spacing: Compositional.Spacing) -> String {
        switch spacing {
        case .fixed(let v): ".fixed(\(SwiftLiteral.points(v)))"
        case .flexible(let v): ".flexible(\(SwiftLiteral.points(v)))"
        }
    }

    func insets(_ insets: Compositional.Insets) -> String {
        let values = [insets.top, insets.leading, insets.bottom, insets.trailing].map(SwiftLiteral.points)
        return
            "NSDirectionalEdgeInsets(top: \(values[0]), leading: \(values[1]), bottom: \(values[2]), trailing: \(values[3]))"
    }

    private func point(_ p: Point, fraction: Bool = false) -> String {
        let format = fraction ? SwiftLiteral.fraction : SwiftLiteral.points
        return "CGPoint(x: \(format(p.x)), y: \(format(p.y)))"
    }

    /// `// not exported: NAME (file:line) is Lua code[; what]`.
    private func notExported(_ name: String, _ id: Int, what: String? = nil) {
        let site = closureSites[id].map { " (\($0))" } ?? ""
        code.line("// not exported: \(name)\(site) is Lua code" + (what.map { "; \($0)" } ?? ""))
    }
}
