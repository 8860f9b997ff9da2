import LayoutEngine

/// The parts of compositional sections an export writes as `let`s of their own, and the walks
/// over them that decide, before any line is written, which element kinds the layout places,
/// which UIKit APIs it needs and which parts several provider cases share.
enum CompositionalPart: Hashable {
    case subitem(Compositional.Subitem)
    case boundary(Compositional.BoundarySupplementaryItem)
    case supplementary(Compositional.SupplementaryItem)
    case decoration(Compositional.DecorationItem)
    case list(Compositional.ListConfiguration)

    /// Every part of `section`, each once, parents before children.
    static func parts(of section: Compositional.Section) -> [CompositionalPart] {
        var seen: Set<CompositionalPart> = []
        var parts: [CompositionalPart] = []
        func add(_ part: CompositionalPart) -> Bool {
            guard seen.insert(part).inserted else { return false }
            parts.append(part)
            return true
        }
        func visit(_ subitem: Compositional.Subitem) {
            guard add(.subitem(subitem)) else { return }
            switch subitem {
            case .item(let item):
                for supplementary in item.supplementaryItems { _ = add(.supplementary(supplementary)) }
            case .group(let group):
                for supplementary in group.supplementaryItems { _ = add(.supplementary(supplementary)) }
                for child in group.children { visit(child) }
            }
        }
        if let list = section.list {
            _ = add(.list(list))
            return parts
        }
        visit(.group(section.group))
        for item in section.boundarySupplementaryItems { _ = add(.boundary(item)) }
        for item in section.decorationItems { _ = add(.decoration(item)) }
        return parts
    }
}

/// The UIKit APIs the values need whatever the deployment target (those a target may not
/// replace), for the target an export without `--ios` chooses and for the refusals of one
/// with it.
enum APIRequirements {
    static func of(configuration: Compositional.Configuration, sections: [Compositional.Section]) -> Set<UIKitAPI> {
        var needed: Set<UIKitAPI> = [.compositionalLayout]
        let reference = configuration.contentInsetsReference
        if reference != .safeArea && reference != .automatic { needed.insert(.configurationContentInsetsReference) }
        for section in sections {
            if section.contentInsetsReference != nil { needed.insert(.contentInsetsReference) }
            for part in CompositionalPart.parts(of: section) {
                switch part {
                case .list(let list):
                    needed.insert(.listConfiguration)
                    if list.headerTopPadding != nil { needed.insert(.headerTopPadding) }
                case .subitem(.group(let group)):
                    if case .horizontal(.repeating) = group.layout { needed.insert(.repeatingSubitem) }
                    if case .vertical(.repeating) = group.layout { needed.insert(.repeatingSubitem) }
                    if group.size.usesUniformAcrossSiblings { needed.insert(.uniformAcrossSiblings) }
                case .subitem(.item(let item)):
                    if item.size.usesUniformAcrossSiblings { needed.insert(.uniformAcrossSiblings) }
                case .boundary(let item):
                    if item.size.usesUniformAcrossSiblings { needed.insert(.uniformAcrossSiblings) }
                case .supplementary(let item):
                    if item.size.usesUniformAcrossSiblings { needed.insert(.uniformAcrossSiblings) }
                case .decoration: break
                }
            }
        }
        for item in configuration.boundarySupplementaryItems where item.size.usesUniformAcrossSiblings {
            needed.insert(.uniformAcrossSiblings)
        }
        return needed
    }
}

extension Compositional.LayoutSize {
    var usesUniformAcrossSiblings: Bool {
        if case .uniformAcrossSiblings = width { return true }
        if case .uniformAcrossSiblings = height { return true }
        return false
    }

    var isEstimated: Bool { width.isEstimated || height.isEstimated }
}

/// The element kinds a layout places, declared as constants of the `NAMEElementKind` enum so
/// the app's data source serves each supplementary kind and registers each decoration view.
final class ElementKinds {
    enum Role: String {
        case supplementary, decoration
    }

    struct Kind {
        /// The kind as the engine names it (`"header"`).
        var name: String
        /// UIKit's own constant when UIKit names the kind (flow and list headers and footers).
        var uikitConstant: String?
        var identifier: String
        var roles: [Role]
    }

    let typeName: String
    private(set) var kinds: [Kind] = []
    private var positions: [String: Int] = [:]
    private let names = SwiftNames()

    init(typeName: String) { self.typeName = typeName }

    /// Records `name` in `role` (once; a kind used in both roles keeps both). Kinds UIKit
    /// names itself (`UICollectionView.elementKindSectionHeader` for flow and list headers)
    /// are told apart from a string kind of the same engine name.
    func add(_ name: String, _ role: Role, uikitConstant: String? = nil) {
        let key = Self.key(name, uikitConstant)
        if let position = positions[key] {
            if !kinds[position].roles.contains(role) { kinds[position].roles.append(role) }
            return
        }
        positions[key] = kinds.count
        let base: String
        switch uikitConstant {
        case nil: base = SwiftText.identifier(fromKind: name, fallback: "kind")
        case let constant?: base = constant.hasSuffix("Footer") ? "sectionFooter" : "sectionHeader"
        }
        kinds.append(Kind(name: name, uikitConstant: uikitConstant, identifier: names.claim(base), roles: [role]))
    }

    /// The Swift expression for a kind (`AppStoreElementKind.header`).
    func reference(_ name: String, uikitConstant: String? = nil) -> String {
        guard let position = positions[Self.key(name, uikitConstant)] else {
            return uikitConstant ?? SwiftText.string(name)
        }
        return typeName + "." + kinds[position].identifier
    }

    private static func key(_ name: String, _ uikitConstant: String?) -> String {
        uikitConstant ?? "\"" + name
    }

    var decorations: [Kind] { kinds.filter { $0.roles.contains(.decoration) } }

    /// The kinds of compositional values, in the order the layout places them.
    func add(configuration: Compositional.Configuration, sections: [Compositional.Section]) {
        for item in configuration.boundarySupplementaryItems { add(item.kind, .supplementary) }
        for section in sections {
            for part in CompositionalPart.parts(of: section) {
                switch part {
                case .boundary(let item): add(item.kind, .supplementary)
                case .supplementary(let item): add(item.kind, .supplementary)
                case .decoration(let item): add(item.kind, .decoration)
                case .list(let list):
                    if list.headerMode == .supplementary {
                        add("header", .supplementary, uikitConstant: "UICollectionView.elementKindSectionHeader")
                    }
                    if list.footerMode == .supplementary {
                        add("footer", .supplementary, uikitConstant: "UICollectionView.elementKindSectionFooter")
                    }
                case .subitem: break
                }
            }
        }
    }
}
