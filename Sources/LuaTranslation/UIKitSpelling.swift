/// The project's API tables as UIKit spells them (docs/lua-to-swift.md, "How each construct
/// maps"): the Swift type of each, how a field is read as the number, string or boolean the
/// script sees, and how it is written. Geometry is UIKit's (`CGRect`, `CGPoint`, `CGSize`,
/// `UIEdgeInsets`); numbers cross as `Double(…)` and `CGFloat(…)`.
enum UIKitSpelling {
    /// The Swift type of a table of the API.
    static func type(of kind: APISchema.Kind, prefix: String) -> SwiftType {
        switch kind {
        case .rect: .named("CGRect")
        case .point: .named("CGPoint")
        case .size: .named("CGSize")
        case .insets: .named("UIEdgeInsets")
        case .directionalInsets: .named("NSDirectionalEdgeInsets")
        case .state: .named(prefix + "State")
        case .itemData: .existential(prefix + "ItemData")
        case .sectionData: .existential(prefix + "SectionData")
        case .traits: .named("UITraitCollection")
        case .container: .existential("NSCollectionLayoutContainer")
        case .attributes: .named(prefix + "Attributes")
        case .visibleItem: .existential("NSCollectionLayoutVisibleItem")
        case .extra: .named(prefix + "Extra")
        case .animation: .named(prefix + "Animation")
        case .updateItem: .named("UICollectionViewUpdateItem")
        case .updateIndexPath, .indexPathTable: .named("IndexPath")
        case .customItem: .named(prefix + "CustomItem")
        }
    }

    /// A field as UIKit holds it: `read` is the expression (`base` stands for the table) giving
    /// the value Lua sees, `place` the assignable expression and `store` how a value (`value`)
    /// is converted for it; nil `place` is read-only.
    static let base = "\u{1}"
    static let value = "\u{2}"

    struct Field {
        var read: String
        var place: String?
        var store: String = "\u{2}"
        var helper: LuaHelper?
        /// The Swift read is optional (UIKit's `IndexPath?`): unwrapped where the translation
        /// keeps no `?`, as Lua fails on using a nil.
        var optional = false

        func read(_ base: String) -> String { read.replacing(UIKitSpelling.base, with: base) }
        func place(_ base: String) -> String? { place?.replacing(UIKitSpelling.base, with: base) }
        func store(_ value: String) -> String { store.replacing(UIKitSpelling.value, with: value) }
    }

    /// How field `name` of a table of `kind` is read and written; nil: a field the script
    /// adds (custom attributes, state and data fields), spelled as it is named.
    static func field(_ name: String, of kind: APISchema.Kind) -> Field? {
        switch kind {
        case .rect:
            let member = ["x": "origin.x", "y": "origin.y", "width": "size.width", "height": "size.height"][name]
            return member.map(number)
        case .point, .size, .insets, .directionalInsets:
            return number(name)
        case .traits:
            switch name {
            case "horizontalSizeClass":
                return Field(
                    read: "sizeClassName(\u{1}.horizontalSizeClass, unspecified: \"compact\")", helper: .traitNames)
            case "verticalSizeClass":
                return Field(
                    read: "sizeClassName(\u{1}.verticalSizeClass, unspecified: \"regular\")", helper: .traitNames)
            case "userInterfaceIdiom": return Field(read: "idiomName(\u{1}.userInterfaceIdiom)", helper: .traitNames)
            case "preferredContentSizeCategory":
                return Field(read: "contentSizeCategoryName(\u{1}.preferredContentSizeCategory)", helper: .traitNames)
            case "displayScale": return Field(read: "Double(\u{1}.displayScale)")
            default: return nil
            }
        case .container:
            return Field(read: "\u{1}.\(name)")
        case .attributes, .visibleItem:
            return elementField(name, visible: kind == .visibleItem)
        case .updateItem:
            if name == "updateAction" {
                return Field(read: "updateActionName(\u{1}.updateAction)", helper: .updateNames)
            }
            return Field(read: "\u{1}.\(name)", optional: true)
        case .updateIndexPath:
            if name == "item" { return Field(read: "updatedItem(\u{1})", helper: .updateNames, optional: true) }
            return Field(read: "\u{1}.\(name)")
        case .indexPathTable:
            return Field(read: "\u{1}.\(name)")
        case .customItem:
            return Field(read: "\u{1}.\(name)", place: "\u{1}.\(name)")
        case .state, .itemData, .sectionData, .extra, .animation:
            return nil
        }
    }

    /// A CGFloat member read as a Double and written from one.
    private static func number(_ member: String) -> Field {
        Field(read: "Double(\u{1}.\(member))", place: "\u{1}.\(member)", store: "CGFloat(\u{2})")
    }

    /// An attributes object's fields (`a`), or a visible item's in a handler: UIKit's names,
    /// UIKit's settability (a visible item's frame is read-only).
    private static func elementField(_ name: String, visible: Bool) -> Field? {
        let frame = visible ? nil : "\u{1}.frame"
        switch name {
        case "category": return Field(read: "elementCategory(\u{1}.representedElementCategory)", helper: .elementNames)
        case "kind": return Field(read: "elementKind(\u{1}.representedElementKind)", helper: .elementNames)
        case "section", "item": return Field(read: "\u{1}.indexPath.\(name)")
        case "indexPath": return Field(read: "\u{1}.indexPath")
        case "frame": return Field(read: "\u{1}.frame", place: frame)
        case "x", "y", "width", "height":
            let member = ["x": "origin.x", "y": "origin.y", "width": "size.width", "height": "size.height"][name]!
            return Field(
                read: "Double(\u{1}.frame.\(member))", place: visible ? nil : "\u{1}.frame.\(member)",
                store: "CGFloat(\u{2})")
        case "center": return Field(read: "\u{1}.center", place: "\u{1}.center")
        case "size":
            return Field(read: visible ? "\u{1}.frame.size" : "\u{1}.size", place: visible ? nil : "\u{1}.size")
        case "alpha": return Field(read: "Double(\u{1}.alpha)", place: "\u{1}.alpha", store: "CGFloat(\u{2})")
        case "zIndex": return Field(read: "\u{1}.zIndex", place: "\u{1}.zIndex")
        case "hidden": return Field(read: "\u{1}.isHidden", place: "\u{1}.isHidden")
        case "transform3D":
            return Field(
                read: "transformNumbers(\u{1}.transform3D)", place: "\u{1}.transform3D",
                store: "makeTransform3D(\u{2})",
                helper: .transforms)
        default:
            return visible
                ? nil
                : Field(read: "\u{1}.\(SwiftNames.identifier(name))", place: "\u{1}.\(SwiftNames.identifier(name))")
        }
    }

    /// The arguments of a constructor the script writes (`{x, y, w, h}`): UIKit's rect, point
    /// and size take Doubles; insets take CGFloats.
    static func constructorArgument(_ value: Code, of kind: APISchema.Kind) -> String {
        switch kind {
        case .insets, .directionalInsets:
            value.constant ? value.text : "CGFloat(\(value.text))"
        default: value.text
        }
    }
}

/// `compositional.*` in a translated section provider: each constructor as UIKit's value
/// (docs/lua-to-swift.md, "A section provider").
extension UIKitSpelling {
    /// The Swift type of a compositional value; nil: not translated.
    static func compositionalType(_ kind: CompositionalKind) -> String? {
        switch kind {
        case .item: "NSCollectionLayoutItem"
        case .group: "NSCollectionLayoutGroup"
        case .section: "NSCollectionLayoutSection"
        case .dimension: "NSCollectionLayoutDimension"
        case .spacing: "NSCollectionLayoutSpacing"
        case .boundary: "NSCollectionLayoutBoundarySupplementaryItem"
        case .decoration: "NSCollectionLayoutDecorationItem"
        case .supplementary: "NSCollectionLayoutSupplementaryItem"
        case .anchor, .other: nil
        }
    }

    /// `C.fractionalWidth(x)` and its kin (`x` a CGFloat expression).
    static func dimension(_ constructor: String, _ value: String) -> String? {
        switch constructor {
        case "fractionalWidth", "fractionalHeight", "absolute", "estimated":
            "NSCollectionLayoutDimension.\(constructor)(\(value))"
        default: nil
        }
    }

    /// `C.fixed(x)`, `C.flexible(x)`.
    static func spacing(_ constructor: String, _ value: String) -> String? {
        ["fixed", "flexible"].contains(constructor) ? "NSCollectionLayoutSpacing.\(constructor)(\(value))" : nil
    }

    static func layoutSize(width: String, height: String) -> String {
        "NSCollectionLayoutSize(widthDimension: \(width), heightDimension: \(height))"
    }

    /// `{top, leading, bottom, trailing}`.
    static func directionalInsets(_ values: [String]) -> String {
        "NSDirectionalEdgeInsets(top: \(values[0]), leading: \(values[1]), bottom: \(values[2]), trailing: \(values[3]))"
    }

    /// The fields each constructor's table may give in a translated provider; others are refused.
    static let compositionalFields: [String: Set<String>] = [
        "item": ["width", "height", "contentInsets", "supplementaryItems"],
        "group": [
            "axis", "width", "height", "subitems", "subitem", "count", "interItemSpacing", "contentInsets",
            "supplementaryItems",
        ],
        "section": [
            "group", "interGroupSpacing", "contentInsets", "orthogonalScrollingBehavior", "boundarySupplementaryItems",
            "decorationItems", "visibleItemsInvalidationHandler",
        ],
        "boundarySupplementaryItem": ["kind", "alignment", "width", "height", "pinToVisibleBounds", "zIndex"],
        "background": ["kind", "contentInsets", "zIndex"],
        "supplementaryItem": ["kind", "width", "height", "containerAnchor", "zIndex"],
        "customGroup": ["width", "height", "itemProvider"],
        "list": ["appearance", "headerMode", "footerMode", "showsSeparators"],
    ]

    /// UICollectionLayoutListConfiguration's appearances, header and footer modes, by the names
    /// scripts give them (docs/lists.md); the `listConfiguration` helper maps computed names.
    static let listAppearances = ["plain", "grouped", "insetGrouped", "sidebar", "sidebarPlain"]
    static let listHeaderModes = ["none", "supplementary", "firstItemInSection"]
    static let listFooterModes = ["none", "supplementary"]

    /// An anchor's edges (NSDirectionalRectEdge), by the names scripts give them.
    static let edges = ["top", "leading", "bottom", "trailing"]

    /// UIKit's orthogonal scrolling behaviours, by the names scripts give them.
    static let orthogonalBehaviors = [
        "none", "continuous", "continuousGroupLeadingBoundary", "paging", "groupPaging", "groupPagingCentered",
    ]

    /// Boundary alignments (NSRectAlignment), by the names scripts give them.
    static let alignments = [
        "top", "topLeading", "leading", "bottomLeading", "bottom", "bottomTrailing", "trailing", "topTrailing",
    ]
}
