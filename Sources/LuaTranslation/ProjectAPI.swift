/// The project's Lua API as types: what `cv`, `out`, an attributes object `a` and the callbacks'
/// other arguments hold (docs/lua-api.md), so scripts that use them type-check like any table.

/// A table the engine builds or reads with a fixed shape.
struct APISchema: Equatable, CustomStringConvertible {
    enum Kind: Equatable {
        case rect, point, size, insets, directionalInsets
        /// `cv.state`, an item's data, a section's data: fields typed by their use.
        case state, itemData, sectionData
        case traits, container
        /// An attributes object (`a`), and the `extra` table of `out:cell(…)`.
        case attributes, extra
        /// An item of a section's visibleItemsInvalidationHandler (NSCollectionLayoutVisibleItem).
        case visibleItem
        /// A frame a custom group's itemProvider returns (NSCollectionLayoutGroupCustomItem).
        case customItem
        case animation
        case updateItem, updateIndexPath
        /// `a.indexPath`: section and item, and the components of a deeper path.
        case indexPathTable
    }

    var kind: Kind

    var description: String {
        switch kind {
        case .rect: "a rect"
        case .point: "a point"
        case .size: "a size"
        case .insets: "insets"
        case .directionalInsets: "directional insets"
        case .state: "cv.state"
        case .itemData: "an item's data"
        case .sectionData: "a section's data"
        case .traits: "a trait collection"
        case .container: "env.container"
        case .attributes: "an attributes object"
        case .visibleItem: "a visible item"
        case .customItem: "a custom group's item"
        case .extra: "the extra attributes of out:cell"
        case .animation: "a looping animation"
        case .updateItem: "an update item"
        case .updateIndexPath: "an update's index path"
        case .indexPathTable: "a.indexPath"
        }
    }

    var isRecord: Bool { true }

    /// Fields any script may add (custom attributes; data and state fields typed by use).
    var isOpen: Bool {
        switch kind {
        case .state, .itemData, .sectionData, .attributes, .extra: true
        default: false
        }
    }

    /// Open fields read from the engine: typed by how the script uses them.
    var fieldsTypedByUse: Bool {
        switch kind {
        case .state, .itemData, .sectionData: true
        default: false
        }
    }

    /// Positional constructor order (`{x, y, w, h}`) where the engine accepts one.
    var positionalFields: [String]? {
        switch kind {
        case .rect: ["x", "y", "width", "height"]
        case .point: ["x", "y"]
        case .size: ["width", "height"]
        case .customItem: ["x", "y", "width", "height"]
        case .insets: ["top", "left", "bottom", "right"]
        case .directionalInsets: ["top", "leading", "bottom", "trailing"]
        default: nil
        }
    }

    /// The fixed fields and their types (tables as other schemas); read-only ones marked.
    var fixedFields: [(name: String, type: FieldType, writable: Bool)] {
        switch kind {
        case .rect:
            [("x", .whole, true), ("y", .whole, true), ("width", .whole, true), ("height", .whole, true)]
        case .point: [("x", .whole, true), ("y", .whole, true)]
        case .size: [("width", .whole, true), ("height", .whole, true)]
        case .insets:
            [("top", .whole, true), ("left", .whole, true), ("bottom", .whole, true), ("right", .whole, true)]
        case .directionalInsets:
            [("top", .whole, true), ("leading", .whole, true), ("bottom", .whole, true), ("trailing", .whole, true)]
        case .traits:
            [
                ("horizontalSizeClass", .string, false), ("verticalSizeClass", .string, false),
                ("userInterfaceIdiom", .string, false), ("preferredContentSizeCategory", .string, false),
                ("displayScale", .whole, false),
            ]
        case .container:
            [
                ("contentSize", .schema(.size), false), ("effectiveContentSize", .schema(.size), false),
                ("contentInsets", .schema(.directionalInsets), false),
            ]
        case .attributes:
            [
                ("category", .string, false), ("kind", .optionalString, false), ("section", .integer, false),
                ("item", .integer, false), ("indexPath", .schema(.indexPathTable), false),
                ("frame", .schema(.rect), true), ("x", .whole, true), ("y", .whole, true), ("width", .whole, true),
                ("height", .whole, true), ("center", .schema(.point), true), ("size", .schema(.size), true),
                ("alpha", .whole, true), ("zIndex", .integer, true), ("hidden", .boolean, true),
                ("transform3D", .transform, true), ("animations", .animations, true),
            ]
        case .visibleItem:
            [
                ("category", .string, false), ("kind", .optionalString, false), ("section", .integer, false),
                ("item", .integer, false), ("indexPath", .schema(.indexPathTable), false),
                ("frame", .schema(.rect), false), ("x", .whole, false), ("y", .whole, false), ("width", .whole, false),
                ("height", .whole, false), ("center", .schema(.point), true), ("size", .schema(.size), false),
                ("alpha", .whole, true), ("zIndex", .integer, true), ("hidden", .boolean, true),
                ("transform3D", .transform, true),
            ]
        case .customItem:
            [
                ("x", .whole, true), ("y", .whole, true), ("width", .whole, true), ("height", .whole, true),
                ("zIndex", .optionalInteger, true),
            ]
        case .extra:
            [
                ("alpha", .whole, true), ("zIndex", .integer, true), ("hidden", .boolean, true),
                ("transform3D", .transform, true), ("animations", .animations, true),
            ]
        case .animation:
            [
                ("keyPath", .string, true), ("fromValue", .whole, true), ("toValue", .whole, true),
                ("duration", .whole, true), ("autoreverses", .boolean, true), ("repeatCount", .whole, true),
                ("timeOffset", .whole, true),
            ]
        case .updateItem:
            [
                ("updateAction", .string, false), ("indexPathBeforeUpdate", .optionalSchema(.updateIndexPath), false),
                ("indexPathAfterUpdate", .optionalSchema(.updateIndexPath), false),
            ]
        case .updateIndexPath: [("section", .integer, false), ("item", .optionalInteger, false)]
        case .indexPathTable: [("section", .integer, false), ("item", .integer, false)]
        case .state, .itemData, .sectionData: []
        }
    }

    /// Whether a fixed field may be left out (a custom item's `zIndex`).
    func isOptional(_ name: String) -> Bool {
        switch fixedFields.first(where: { $0.name == name })?.type {
        case .optionalInteger, .optionalString, .optionalSchema: true
        default: false
        }
    }

    enum FieldType: Equatable {
        case whole, integer, optionalInteger, boolean, string, optionalString
        case schema(Kind), optionalSchema(Kind)
        /// 16 numbers, row-major (CATransform3D's m11…m44).
        case transform
        /// An array of looping animations.
        case animations
    }
}

/// API values that are not tables: the collection view, the element sink, the environment.
enum APIObject: Equatable, CustomStringConvertible {
    case collectionView
    case elementSink
    case environment
    /// `compositional` (or a local holding it): its constructors make the layout's structure.
    case compositionalNamespace
    /// What a `compositional.*` constructor returns: structure the export writes as UIKit's
    /// values, or, in a translated section provider, a UIKit value of its kind.
    case compositionalValue(CompositionalKind)

    var description: String {
        switch self {
        case .collectionView: "cv"
        case .elementSink: "out"
        case .environment: "env"
        case .compositionalNamespace: "compositional"
        case .compositionalValue(let kind): kind.description
        }
    }
}

/// What a `compositional.*` constructor makes, each a UIKit value in a translated provider.
enum CompositionalKind: Equatable, CustomStringConvertible {
    case item, group, section, dimension, spacing, boundary, supplementary, decoration, anchor
    /// A constructor the translation does not follow (`C.custom`, …).
    case other

    init(constructor name: String) {
        switch name {
        case "item": self = .item
        case "group", "customGroup": self = .group
        case "section", "list": self = .section
        case "fractionalWidth", "fractionalHeight", "absolute", "estimated", "uniformAcrossSiblings":
            self = .dimension
        case "fixed", "flexible": self = .spacing
        case "boundarySupplementaryItem": self = .boundary
        case "supplementaryItem": self = .supplementary
        case "background": self = .decoration
        default: self = .other
        }
    }

    var description: String {
        switch self {
        case .item: "a compositional item"
        case .group: "a compositional group"
        case .section: "a compositional section"
        case .dimension: "a compositional dimension"
        case .spacing: "a compositional spacing"
        case .boundary: "a boundary supplementary item"
        case .supplementary: "a supplementary item"
        case .decoration: "a decoration item"
        case .anchor: "an anchor"
        case .other: "a compositional value"
        }
    }
}

/// A function the engine calls: its parameters' types and what it must return.
struct CallbackSignature: Equatable {
    enum Parameter: Equatable {
        case collectionView, elementSink, environment, integer
        case schema(APISchema.Kind)
        case attributesArray, updateArray
        /// A section's visible items (visibleItemsInvalidationHandler).
        case visibleItemsArray
    }

    enum Result: Equatable {
        case none
        case boolean
        case string
        case number
        case size
        case insets
        /// `x, y` or `{x=, y=}`.
        case point
        case attributesArray
        /// A section provider's section (nil: an empty section).
        case section
        /// A custom group's frames.
        case customItems
    }

    var name: String
    var parameters: [Parameter]
    var result: Result

    /// Callbacks of custom and flow layouts (docs/lua-api.md), by the layout table's field name.
    static func named(_ name: String) -> CallbackSignature? {
        let element: [Parameter] = [.collectionView, .schema(.attributes)]
        let table: [String: ([Parameter], Result)] = [
            "prepare": ([.collectionView, .elementSink], .none),
            "attributes": (element, .none),
            "layoutAttributesForItem": (element, .none),
            "layoutAttributesForSupplementaryElement": (element, .none),
            "layoutAttributesForDecorationElement": (element, .none),
            "initialLayoutAttributesForAppearingItem": (element, .none),
            "finalLayoutAttributesForDisappearingItem": (element, .none),
            "initialLayoutAttributesForAppearingSupplementaryElement": (element, .none),
            "finalLayoutAttributesForDisappearingSupplementaryElement": (element, .none),
            "initialLayoutAttributesForAppearingDecorationElement": (element, .none),
            "finalLayoutAttributesForDisappearingDecorationElement": (element, .none),
            "layoutAttributesForElements": ([.collectionView, .schema(.rect), .attributesArray], .attributesArray),
            "shouldInvalidateLayoutForBoundsChange": ([.collectionView, .schema(.rect)], .boolean),
            "targetContentOffset": ([.collectionView, .schema(.point), .schema(.point)], .point),
            "prepareForCollectionViewUpdates": ([.collectionView, .updateArray], .none),
            "finalizeCollectionViewUpdates": ([.collectionView], .none),
            "sizeForItem": ([.collectionView, .integer, .integer], .size),
            "insetForSection": ([.collectionView, .integer], .insets),
            "minimumLineSpacingForSection": ([.collectionView, .integer], .number),
            "minimumInteritemSpacingForSection": ([.collectionView, .integer], .number),
            "referenceSizeForHeader": ([.collectionView, .integer], .size),
            "referenceSizeForFooter": ([.collectionView, .integer], .size),
        ]
        guard let (parameters, result) = table[name] else { return nil }
        return CallbackSignature(name: name, parameters: parameters, result: result)
    }

    /// Layout fields the translation refuses (docs/lua-to-swift.md).
    static func refusal(for name: String) -> String? {
        switch name {
        case "targetIndexPathForInteractivelyMovingItem", "layoutAttributesForInteractivelyMovingItem":
            "\(name) (interactive movement) is not translated yet"
        case "elementsInRect", "itemAttributes":
            "\(name) (lazy attributes, answered per rect from Lua) is not translated yet: to export the layout, "
                + "place its elements in prepare(cv, out)"
        default: nil
        }
    }

    /// Set while a compositional layout's `sectionProvider` is translated on its own
    /// (`LuaTranslator.translateSectionProvider`): the provider, the sections' handlers and
    /// the layout's hooks are one translation (one script class, one layout subclass).
    @TaskLocal static var translatingProvider = false

    /// Set with `translatingProvider` when the provider is translated without the layout's
    /// hooks (the export's fallback, under `--allow-partial`, when a hook is refused).
    @TaskLocal static var leavingHooks = false

    /// A section's `visibleItemsInvalidationHandler`: `(items, offset, env)`, changing the items.
    static let visibleItemsHandler = CallbackSignature(
        name: "visibleItemsInvalidationHandler", parameters: [.visibleItemsArray, .schema(.point), .environment],
        result: .none)

    /// A custom group's `itemProvider`: `(env) -> {{x=, y=, width=, height= [, zIndex=]}, …}`.
    static let itemProvider = CallbackSignature(name: "itemProvider", parameters: [.environment], result: .customItems)

    /// The provider's signature, in that translation: `(cv, sectionIndex, env) -> section`.
    static let sectionProvider = CallbackSignature(
        name: "sectionProvider", parameters: [.collectionView, .integer, .environment], result: .section)

    /// A function the translation leaves out, by its name (`layout.sectionProvider`, or the
    /// field of a table constructor): its body is not read either.
    static func isOmitted(_ function: FunctionBody) -> Bool {
        guard let name = function.name?.split(separator: ".").last.map(String.init) else { return false }
        if translatingProvider {
            // Translated with the provider: the layout's hooks (docs/lua-to-swift.md, "A section
            // provider"); left out: a cell's own sizing, as in every translation.
            if leavingHooks { return name != "sectionProvider" && named(name) != nil }
            return name.hasPrefix("preferredSizeFor")
        }
        return ["preferredSizeForItem", "preferredSizeForSupplementary", "sectionProvider"].contains(name)
    }

    /// Layout fields the translation leaves out, and why: they are not logic for the class.
    static func omission(for name: String) -> String? {
        if translatingProvider, name == "sectionProvider" { return nil }
        if translatingProvider, leavingHooks, named(name) != nil {
            return "a hook of the layout, marked by the export: its translation was refused"
        }
        switch name {
        case "preferredSizeForItem", "preferredSizeForSupplementary":
            return "models a cell's own sizing: in the app the cells size themselves (the export keeps the estimate)"
        case "section", "sectionProvider", "list", "boundarySupplementaryItems", "contentInsetsReference",
            "interSectionSpacing", "roundingModel":
            return "the compositional structure: the export writes it with UIKit's values (phase 2)"
        default: return nil
        }
    }
}

/// A flow layout's properties (UICollectionViewFlowLayout's): given as values, the export sets
/// them; given as functions of `cv`, the layout subclass sets them before each prepare.
enum FlowProperty {
    static let names = [
        "scrollDirection", "itemSize", "estimatedItemSize", "minimumLineSpacing", "minimumInteritemSpacing",
        "sectionInset", "sectionInsetReference", "headerReferenceSize", "footerReferenceSize",
        "sectionHeadersPinToVisibleBounds", "sectionFootersPinToVisibleBounds",
    ]

    static func isProperty(_ name: String) -> Bool { names.contains(name) }

    /// The assignment to UIKit's property of the function's answer (`value`).
    static func assignment(_ name: String, value: String) -> String {
        switch name {
        case "minimumLineSpacing", "minimumInteritemSpacing": "\(name) = CGFloat(\(value))"
        case "scrollDirection": "scrollDirection = \(value) == \"horizontal\" ? .horizontal : .vertical"
        case "sectionInsetReference":
            "sectionInsetReference = [\"safeArea\": .fromSafeArea, \"layoutMargins\": .fromLayoutMargins][\(value)] ?? .fromContentInset"
        default: "\(name) = \(value)"
        }
    }
}
