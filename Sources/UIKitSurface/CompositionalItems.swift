#if !canImport(UIKit)
// Items, groups, supplementary and decoration items and sections of UIKit's compositional
// layout, transcribed from developer.apple.com/documentation/uikit (UICollectionViewCompositionalLayout.h),
// isolation and availability included. The surface's own code reads the stored values, never
// a deprecated API (the round trip compiles exports with deprecations as errors).
import Foundation
import LayoutEngine

/// developer.apple.com/documentation/uikit/nscollectionlayoutitem
@available(iOS 13.0, *)
@MainActor
open class NSCollectionLayoutItem: NSObject {
    /// …/nscollectionlayoutitem/layoutsize
    public let layoutSize: NSCollectionLayoutSize
    /// …/nscollectionlayoutitem/supplementaryitems (read-only for items; groups may set theirs)
    public internal(set) var supplementaryItems: [NSCollectionLayoutSupplementaryItem]
    /// …/nscollectionlayoutitem/contentinsets
    open var contentInsets: NSDirectionalEdgeInsets = .zero
    /// …/nscollectionlayoutitem/edgespacing
    open var edgeSpacing: NSCollectionLayoutEdgeSpacing?

    /// …/nscollectionlayoutitem/init(layoutsize:)
    public convenience init(layoutSize: NSCollectionLayoutSize) {
        self.init(layoutSize: layoutSize, supplementaryItems: [])
    }

    /// …/nscollectionlayoutitem/init(layoutsize:supplementaryitems:)
    public init(layoutSize: NSCollectionLayoutSize, supplementaryItems: [NSCollectionLayoutSupplementaryItem]) {
        self.layoutSize = layoutSize
        self.supplementaryItems = supplementaryItems
    }
}

/// developer.apple.com/documentation/uikit/nscollectionlayoutgroup
@available(iOS 13.0, *)
@MainActor
open class NSCollectionLayoutGroup: NSCollectionLayoutItem {
    enum Arrangement {
        case horizontal, vertical
        case custom(NSCollectionLayoutGroupCustomItemProvider)
    }
    enum Repetition {
        /// `subitems:`: used in turn while they fit.
        case cyclic
        /// `subitem:count:`: the subitem resized to 1/count of the group.
        case count(Int)
        /// `repeatingSubitem:count:`: the subitem keeps its size.
        case repeating(Int)
    }

    let arrangement: Arrangement
    let repetition: Repetition
    /// …/nscollectionlayoutgroup/subitems
    public let subitems: [NSCollectionLayoutItem]
    /// …/nscollectionlayoutgroup/interitemspacing
    open var interItemSpacing: NSCollectionLayoutSpacing?
    /// …/nscollectionlayoutgroup/supplementaryitems
    open override var supplementaryItems: [NSCollectionLayoutSupplementaryItem] {
        get { super.supplementaryItems }
        set { super.supplementaryItems = newValue }
    }

    init(
        layoutSize: NSCollectionLayoutSize, arrangement: Arrangement, repetition: Repetition,
        subitems: [NSCollectionLayoutItem]
    ) {
        self.arrangement = arrangement
        self.repetition = repetition
        self.subitems = subitems
        super.init(layoutSize: layoutSize, supplementaryItems: [])
    }

    /// …/nscollectionlayoutgroup/horizontal(layoutsize:subitems:)
    open class func horizontal(
        layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]
    )
        -> NSCollectionLayoutGroup
    {
        NSCollectionLayoutGroup(
            layoutSize: layoutSize, arrangement: .horizontal, repetition: .cyclic, subitems: subitems)
    }

    /// …/nscollectionlayoutgroup/horizontal(layoutsize:subitem:count:)
    @available(iOS, introduced: 13.0, deprecated: 16.0, message: "use horizontal(layoutSize:repeatingSubitem:count:)")
    open class func horizontal(
        layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem, count: Int
    )
        -> NSCollectionLayoutGroup
    {
        NSCollectionLayoutGroup(
            layoutSize: layoutSize, arrangement: .horizontal, repetition: .count(count), subitems: [subitem])
    }

    /// …/nscollectionlayoutgroup/horizontal(layoutsize:repeatingsubitem:count:)
    @available(iOS 16.0, *)
    open class func horizontal(
        layoutSize: NSCollectionLayoutSize, repeatingSubitem: NSCollectionLayoutItem, count: Int
    )
        -> NSCollectionLayoutGroup
    {
        NSCollectionLayoutGroup(
            layoutSize: layoutSize, arrangement: .horizontal, repetition: .repeating(count),
            subitems: [repeatingSubitem]
        )
    }

    /// …/nscollectionlayoutgroup/vertical(layoutsize:subitems:)
    open class func vertical(
        layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]
    )
        -> NSCollectionLayoutGroup
    {
        NSCollectionLayoutGroup(layoutSize: layoutSize, arrangement: .vertical, repetition: .cyclic, subitems: subitems)
    }

    /// …/nscollectionlayoutgroup/vertical(layoutsize:subitem:count:)
    @available(iOS, introduced: 13.0, deprecated: 16.0, message: "use vertical(layoutSize:repeatingSubitem:count:)")
    open class func vertical(
        layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem, count: Int
    )
        -> NSCollectionLayoutGroup
    {
        NSCollectionLayoutGroup(
            layoutSize: layoutSize, arrangement: .vertical, repetition: .count(count), subitems: [subitem])
    }

    /// …/nscollectionlayoutgroup/vertical(layoutsize:repeatingsubitem:count:)
    @available(iOS 16.0, *)
    open class func vertical(
        layoutSize: NSCollectionLayoutSize, repeatingSubitem: NSCollectionLayoutItem, count: Int
    )
        -> NSCollectionLayoutGroup
    {
        NSCollectionLayoutGroup(
            layoutSize: layoutSize, arrangement: .vertical, repetition: .repeating(count), subitems: [repeatingSubitem])
    }

    /// …/nscollectionlayoutgroup/custom(layoutsize:itemprovider:)
    open class func custom(
        layoutSize: NSCollectionLayoutSize, itemProvider: @escaping NSCollectionLayoutGroupCustomItemProvider
    ) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(
            layoutSize: layoutSize, arrangement: .custom(itemProvider), repetition: .cyclic, subitems: [])
    }
}

/// developer.apple.com/documentation/uikit/nscollectionlayoutsupplementaryitem
@available(iOS 13.0, *)
@MainActor
open class NSCollectionLayoutSupplementaryItem: NSCollectionLayoutItem {
    /// …/nscollectionlayoutsupplementaryitem/elementkind
    public let elementKind: String
    /// …/nscollectionlayoutsupplementaryitem/containeranchor
    public let containerAnchor: NSCollectionLayoutAnchor
    /// …/nscollectionlayoutsupplementaryitem/itemanchor
    public let itemAnchor: NSCollectionLayoutAnchor?
    /// …/nscollectionlayoutsupplementaryitem/zindex (default 1: docs/compositional.md)
    open var zIndex: Int = 1

    /// …/nscollectionlayoutsupplementaryitem/init(layoutsize:elementkind:containeranchor:)
    public convenience init(
        layoutSize: NSCollectionLayoutSize, elementKind: String, containerAnchor: NSCollectionLayoutAnchor
    ) {
        self.init(layoutSize: layoutSize, elementKind: elementKind, containerAnchor: containerAnchor, anchor: nil)
    }

    /// …/nscollectionlayoutsupplementaryitem/init(layoutsize:elementkind:containeranchor:itemanchor:)
    public convenience init(
        layoutSize: NSCollectionLayoutSize, elementKind: String, containerAnchor: NSCollectionLayoutAnchor,
        itemAnchor: NSCollectionLayoutAnchor
    ) {
        self.init(
            layoutSize: layoutSize, elementKind: elementKind, containerAnchor: containerAnchor, anchor: itemAnchor)
    }

    init(
        layoutSize: NSCollectionLayoutSize, elementKind: String, containerAnchor: NSCollectionLayoutAnchor,
        anchor: NSCollectionLayoutAnchor?
    ) {
        self.elementKind = elementKind
        self.containerAnchor = containerAnchor
        itemAnchor = anchor
        super.init(layoutSize: layoutSize, supplementaryItems: [])
    }
}

/// developer.apple.com/documentation/uikit/nscollectionlayoutboundarysupplementaryitem
@available(iOS 13.0, *)
@MainActor
open class NSCollectionLayoutBoundarySupplementaryItem: NSCollectionLayoutSupplementaryItem {
    /// …/nscollectionlayoutboundarysupplementaryitem/alignment
    public let alignment: NSRectAlignment
    /// …/nscollectionlayoutboundarysupplementaryitem/offset
    public let offset: CGPoint
    /// …/nscollectionlayoutboundarysupplementaryitem/pintovisiblebounds
    open var pinToVisibleBounds = false
    /// …/nscollectionlayoutboundarysupplementaryitem/extendsboundary
    open var extendsBoundary = true

    /// …/nscollectionlayoutboundarysupplementaryitem/init(layoutsize:elementkind:alignment:)
    public convenience init(layoutSize: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment) {
        self.init(layoutSize: layoutSize, elementKind: elementKind, alignment: alignment, absoluteOffset: .zero)
    }

    /// …/nscollectionlayoutboundarysupplementaryitem/init(layoutsize:elementkind:alignment:absoluteoffset:)
    public init(
        layoutSize: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment, absoluteOffset: CGPoint
    ) {
        self.alignment = alignment
        offset = absoluteOffset
        super.init(
            layoutSize: layoutSize, elementKind: elementKind, containerAnchor: NSCollectionLayoutAnchor(edges: []),
            anchor: nil)
    }
}

/// developer.apple.com/documentation/uikit/nscollectionlayoutdecorationitem
@available(iOS 13.0, *)
@MainActor
open class NSCollectionLayoutDecorationItem: NSCollectionLayoutItem {
    /// …/nscollectionlayoutdecorationitem/elementkind
    public let elementKind: String
    /// …/nscollectionlayoutdecorationitem/zindex
    open var zIndex: Int = 0

    init(elementKind: String) {
        self.elementKind = elementKind
        super.init(
            layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)),
            supplementaryItems: [])
    }

    /// …/nscollectionlayoutdecorationitem/background(elementkind:)
    open class func background(elementKind: String) -> NSCollectionLayoutDecorationItem {
        NSCollectionLayoutDecorationItem(elementKind: elementKind)
    }
}

/// developer.apple.com/documentation/uikit/nscollectionlayoutsection
@available(iOS 13.0, *)
@MainActor
open class NSCollectionLayoutSection: NSObject {
    let group: NSCollectionLayoutGroup
    /// …/nscollectionlayoutsection/contentinsets
    open var contentInsets: NSDirectionalEdgeInsets = .zero
    /// …/nscollectionlayoutsection/intergroupspacing
    open var interGroupSpacing: CGFloat = 0
    /// …/nscollectionlayoutsection/orthogonalscrollingbehavior
    open var orthogonalScrollingBehavior: UICollectionLayoutSectionOrthogonalScrollingBehavior = .none
    /// …/nscollectionlayoutsection/contentinsetsreference (`.automatic`: the layout's reference)
    @available(iOS 14.0, *)
    open var contentInsetsReference: UIContentInsetsReference {
        get { UIContentInsetsReference(insetsReference) }
        set { insetsReference = newValue.engineReference }
    }
    /// …/nscollectionlayoutsection/supplementariesfollowcontentinsets
    @available(iOS, introduced: 13.0, deprecated: 16.0, message: "use supplementaryContentInsetsReference")
    open var supplementariesFollowContentInsets: Bool {
        get { followsContentInsets }
        set { followsContentInsets = newValue }
    }
    /// …/nscollectionlayoutsection/supplementarycontentinsetsreference: `.automatic` follows
    /// the section's content insets; any other reference lays boundary items across the
    /// section's reference band, as `supplementariesFollowContentInsets = false` did (the
    /// engine knows no other; docs/export.md).
    @available(iOS 16.0, *)
    open var supplementaryContentInsetsReference: UIContentInsetsReference {
        get { followsContentInsets ? .automatic : UIContentInsetsReference(supplementaryReference) }
        set {
            supplementaryReference = newValue.engineReference
            followsContentInsets = newValue == .automatic
        }
    }
    // The stored values are the engine's, so that no always-available declaration refers to a
    // type of a later release (the round trip compiles the surface as each release has it).
    var insetsReference = Compositional.ContentInsetsReference.automatic
    var followsContentInsets = true
    private var supplementaryReference = Compositional.ContentInsetsReference.none
    /// …/nscollectionlayoutsection/boundarysupplementaryitems
    open var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
    /// …/nscollectionlayoutsection/decorationitems
    open var decorationItems: [NSCollectionLayoutDecorationItem] = []
    /// …/nscollectionlayoutsection/visibleitemsinvalidationhandler
    open var visibleItemsInvalidationHandler: NSCollectionLayoutSectionVisibleItemsInvalidationHandler?
    /// Set by `list(using:layoutEnvironment:)` (ListConfiguration.swift).
    var listConfiguration: Compositional.ListConfiguration?

    /// …/nscollectionlayoutsection/init(group:)
    public init(group: NSCollectionLayoutGroup) {
        self.group = group
    }
}
#endif
