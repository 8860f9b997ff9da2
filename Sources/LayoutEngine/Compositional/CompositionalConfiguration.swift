/// The values of UICollectionViewCompositionalLayout, mirroring the Lua API of
/// docs/compositional.md (`C.item`, `C.group`, `C.section`, …). Pure data: the Lua side reads
/// a script's tree into these once per prepare (or once per section provider call).
package enum Compositional {
    /// NSCollectionLayoutDimension.
    package enum Dimension: Hashable, Sendable {
        case fractionalWidth(Double)
        case fractionalHeight(Double)
        case absolute(Double)
        case estimated(Double)
        case uniformAcrossSiblings(Double)

        package var isEstimated: Bool {
            switch self {
            case .estimated, .uniformAcrossSiblings: true
            default: false
            }
        }

        package var isFractional: Bool {
            switch self {
            case .fractionalWidth, .fractionalHeight: true
            default: false
            }
        }
    }

    /// NSCollectionLayoutSize.
    package struct LayoutSize: Hashable, Sendable {
        package var width: Dimension
        package var height: Dimension

        package init(width: Dimension, height: Dimension) {
            self.width = width
            self.height = height
        }
    }

    /// NSDirectionalEdgeInsets (LTR: leading = left).
    package struct Insets: Hashable, Sendable {
        package var top: Double
        package var leading: Double
        package var bottom: Double
        package var trailing: Double

        package init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
            self.top = top
            self.leading = leading
            self.bottom = bottom
            self.trailing = trailing
        }

        package static let zero = Insets()
    }

    /// NSCollectionLayoutSpacing: fixed, or flexible with a minimum.
    package enum Spacing: Hashable, Sendable {
        case fixed(Double)
        case flexible(Double)

        /// What the spacing charges when fitting (a flexible spacing counts its minimum).
        package var minimum: Double {
            switch self {
            case .fixed(let v), .flexible(let v): v
            }
        }

        package var isFlexible: Bool {
            if case .flexible = self { return true }
            return false
        }
    }

    /// NSCollectionLayoutEdgeSpacing: space outside an item's box; nil = none.
    package struct EdgeSpacing: Hashable, Sendable {
        package var leading: Spacing?
        package var top: Spacing?
        package var trailing: Spacing?
        package var bottom: Spacing?

        package init(leading: Spacing? = nil, top: Spacing? = nil, trailing: Spacing? = nil, bottom: Spacing? = nil) {
            self.leading = leading
            self.top = top
            self.trailing = trailing
            self.bottom = bottom
        }

        package static let none = EdgeSpacing()
    }

    /// NSRectEdge set of an anchor.
    package struct Edges: OptionSet, Hashable, Sendable {
        package let rawValue: UInt8
        package init(rawValue: UInt8) { self.rawValue = rawValue }

        package static let top = Edges(rawValue: 1)
        package static let leading = Edges(rawValue: 2)
        package static let bottom = Edges(rawValue: 4)
        package static let trailing = Edges(rawValue: 8)
    }

    /// NSCollectionLayoutAnchor: edges plus an absolute or fractional (× own size) offset.
    package struct Anchor: Hashable, Sendable {
        package enum Offset: Hashable, Sendable {
            case absolute(Point)
            case fractional(Point)
        }

        package var edges: Edges
        package var offset: Offset

        package init(edges: Edges, offset: Offset = .absolute(.zero)) {
            self.edges = edges
            self.offset = offset
        }
    }

    /// NSCollectionLayoutSupplementaryItem anchored to an item or group (badges).
    package struct SupplementaryItem: Hashable, Sendable {
        package var kind: String
        package var size: LayoutSize
        package var containerAnchor: Anchor
        package var itemAnchor: Anchor?
        package var zIndex: Int

        package init(
            kind: String, size: LayoutSize, containerAnchor: Anchor, itemAnchor: Anchor? = nil, zIndex: Int = 1
        ) {
            self.kind = kind
            self.size = size
            self.containerAnchor = containerAnchor
            self.itemAnchor = itemAnchor
            self.zIndex = zIndex
        }
    }

    /// NSRectAlignment of a boundary supplementary item.
    package enum Alignment: String, Hashable, Sendable, CaseIterable {
        case top, topLeading, leading, bottomLeading, bottom, bottomTrailing, trailing, topTrailing

        package var edges: Edges {
            switch self {
            case .top: [.top]
            case .topLeading: [.top, .leading]
            case .leading: [.leading]
            case .bottomLeading: [.bottom, .leading]
            case .bottom: [.bottom]
            case .bottomTrailing: [.bottom, .trailing]
            case .trailing: [.trailing]
            case .topTrailing: [.top, .trailing]
            }
        }
    }

    /// NSCollectionLayoutBoundarySupplementaryItem: section (or layout) headers and footers.
    package struct BoundarySupplementaryItem: Hashable, Sendable {
        package var kind: String
        package var size: LayoutSize
        package var alignment: Alignment
        package var offset: Point
        package var pinToVisibleBounds: Bool
        package var extendsBoundary: Bool
        package var zIndex: Int

        package init(
            kind: String, size: LayoutSize, alignment: Alignment, offset: Point = .zero,
            pinToVisibleBounds: Bool = false, extendsBoundary: Bool = true, zIndex: Int = 1
        ) {
            self.kind = kind
            self.size = size
            self.alignment = alignment
            self.offset = offset
            self.pinToVisibleBounds = pinToVisibleBounds
            self.extendsBoundary = extendsBoundary
            self.zIndex = zIndex
        }
    }

    /// NSCollectionLayoutDecorationItem.background: covers the whole section.
    package struct DecorationItem: Hashable, Sendable {
        package var kind: String
        package var contentInsets: Insets
        package var zIndex: Int

        package init(kind: String, contentInsets: Insets = .zero, zIndex: Int = 0) {
            self.kind = kind
            self.contentInsets = contentInsets
            self.zIndex = zIndex
        }
    }

    /// NSCollectionLayoutItem.
    package struct Item: Hashable, Sendable {
        package var size: LayoutSize
        package var contentInsets: Insets
        package var edgeSpacing: EdgeSpacing
        package var supplementaryItems: [SupplementaryItem]

        package init(
            size: LayoutSize, contentInsets: Insets = .zero, edgeSpacing: EdgeSpacing = .none,
            supplementaryItems: [SupplementaryItem] = []
        ) {
            self.size = size
            self.contentInsets = contentInsets
            self.edgeSpacing = edgeSpacing
            self.supplementaryItems = supplementaryItems
        }
    }

    /// A group's subitem: an item, or a nested group.
    package indirect enum Subitem: Hashable, Sendable {
        case item(Item)
        case group(Group)

        package var size: LayoutSize {
            switch self {
            case .item(let item): item.size
            case .group(let group): group.size
            }
        }
    }

    /// Which subitems a horizontal or vertical group holds.
    package enum Subitems: Hashable, Sendable {
        /// `subitems = {...}`: used cyclically while they fit.
        case cyclic([Subitem])
        /// `subitem = X, count = n` (UIKit's `subitem:count:`): X resized to 1/n of the interior.
        case count(Subitem, Int)
        /// `repeatingSubitem = X, count = n` (iOS 16): X keeps its size, n placed.
        case repeating(Subitem, Int)
    }

    /// What `C.customGroup`'s `itemProvider` receives.
    package struct CustomGroupEnvironment: Sendable {
        package var container: Container
        package var displayScale: Double
        package var section: Int

        package init(container: Container, displayScale: Double, section: Int) {
            self.container = container
            self.displayScale = displayScale
            self.section = section
        }
    }

    /// One frame of a custom group, in group coordinates.
    package struct CustomGroupFrame: Hashable, Sendable {
        package var frame: Rect
        package var zIndex: Int

        package init(frame: Rect, zIndex: Int = 0) {
            self.frame = frame
            self.zIndex = zIndex
        }
    }

    /// A custom group's frames: a list, or a closure called once per section solve
    /// (`itemProvider`); hashed by `id`, which the caller keeps unique per closure.
    package struct CustomGroupItems: Hashable, @unchecked Sendable {
        package var id: Int
        package var frames: [CustomGroupFrame]?
        package var provider: ((CustomGroupEnvironment) throws -> [CustomGroupFrame])?

        package init(frames: [CustomGroupFrame]) {
            self.id = 0
            self.frames = frames
            self.provider = nil
        }

        package init(id: Int, provider: @escaping (CustomGroupEnvironment) throws -> [CustomGroupFrame]) {
            self.id = id
            self.frames = nil
            self.provider = provider
        }

        package static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id && lhs.frames == rhs.frames }
        package func hash(into hasher: inout Hasher) {
            hasher.combine(id)
            hasher.combine(frames)
        }
    }

    /// NSCollectionLayoutGroup.
    package struct Group: Hashable, Sendable {
        package enum Layout: Hashable, Sendable {
            case horizontal(Subitems)
            case vertical(Subitems)
            case custom(CustomGroupItems)
        }

        package var size: LayoutSize
        package var layout: Layout
        package var contentInsets: Insets
        package var edgeSpacing: EdgeSpacing
        /// nil = no spacing (UIKit's default `.fixed(0)`).
        package var interItemSpacing: Spacing?
        package var supplementaryItems: [SupplementaryItem]

        package init(
            size: LayoutSize, layout: Layout, contentInsets: Insets = .zero, edgeSpacing: EdgeSpacing = .none,
            interItemSpacing: Spacing? = nil, supplementaryItems: [SupplementaryItem] = []
        ) {
            self.size = size
            self.layout = layout
            self.contentInsets = contentInsets
            self.edgeSpacing = edgeSpacing
            self.interItemSpacing = interItemSpacing
            self.supplementaryItems = supplementaryItems
        }

        package static func horizontal(size: LayoutSize, subitems: [Subitem]) -> Group {
            Group(size: size, layout: .horizontal(.cyclic(subitems)))
        }

        package static func vertical(size: LayoutSize, subitems: [Subitem]) -> Group {
            Group(size: size, layout: .vertical(.cyclic(subitems)))
        }
    }

    /// UICollectionLayoutSectionOrthogonalScrollingBehavior.
    package enum OrthogonalScrollingBehavior: String, Hashable, Sendable, CaseIterable {
        case none, continuous, continuousGroupLeadingBoundary, paging, groupPaging, groupPagingCentered
    }

    /// UIContentInsetsReference.
    package enum ContentInsetsReference: String, Hashable, Sendable, CaseIterable {
        case automatic, none, safeArea, layoutMargins, readableContent
    }

    /// How fractional sizes meet the pixel grid (docs/compositional.md, "Rounding"): modern
    /// floors them when they are resolved, legacy rounds only the frames. UIKit has no property
    /// for it: the iOS release picks it (`IOSVersion.compositionalRounding`).
    package enum RoundingModel: String, Hashable, Sendable, CaseIterable {
        case modern, legacy
    }

    package enum ScrollDirection: String, Hashable, Sendable {
        case vertical, horizontal
    }

    /// The `visibleItemsInvalidationHandler`: may change transform, alpha and zIndex of the
    /// section's visible items (frames are read back and ignored). Hashed by `id`.
    package struct VisibleItemsHandler: Hashable, @unchecked Sendable {
        package var id: Int
        package var body: (inout [LayoutAttributes], Point, Environment) throws -> Void

        package init(id: Int, body: @escaping (inout [LayoutAttributes], Point, Environment) throws -> Void) {
            self.id = id
            self.body = body
        }

        package static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
        package func hash(into hasher: inout Hasher) { hasher.combine(id) }
    }

    /// NSCollectionLayoutSection.
    package struct Section: Hashable, Sendable {
        package var group: Group
        package var contentInsets: Insets
        package var interGroupSpacing: Double
        package var orthogonalScrollingBehavior: OrthogonalScrollingBehavior
        package var boundarySupplementaryItems: [BoundarySupplementaryItem]
        package var decorationItems: [DecorationItem]
        package var supplementariesFollowContentInsets: Bool
        /// nil = the layout's reference.
        package var contentInsetsReference: ContentInsetsReference?
        package var visibleItemsInvalidationHandler: VisibleItemsHandler?
        /// Set: the section is a list (`Section.list(_:)`, CompositionalList.swift) and its
        /// group and other properties are not used.
        package var list: ListConfiguration?

        package init(
            group: Group, contentInsets: Insets = .zero, interGroupSpacing: Double = 0,
            orthogonalScrollingBehavior: OrthogonalScrollingBehavior = .none,
            boundarySupplementaryItems: [BoundarySupplementaryItem] = [], decorationItems: [DecorationItem] = [],
            supplementariesFollowContentInsets: Bool = true, contentInsetsReference: ContentInsetsReference? = nil,
            visibleItemsInvalidationHandler: VisibleItemsHandler? = nil
        ) {
            self.group = group
            self.contentInsets = contentInsets
            self.interGroupSpacing = interGroupSpacing
            self.orthogonalScrollingBehavior = orthogonalScrollingBehavior
            self.boundarySupplementaryItems = boundarySupplementaryItems
            self.decorationItems = decorationItems
            self.supplementariesFollowContentInsets = supplementariesFollowContentInsets
            self.contentInsetsReference = contentInsetsReference
            self.visibleItemsInvalidationHandler = visibleItemsInvalidationHandler
        }
    }

    /// NSCollectionLayoutContainer as a section provider sees it.
    package struct Container: Hashable, Sendable {
        package var contentSize: Size
        /// `contentSize` minus `contentInsets`.
        package var effectiveContentSize: Size
        package var contentInsets: Insets

        package init(contentSize: Size, contentInsets: Insets) {
            self.contentSize = contentSize
            self.contentInsets = contentInsets
            self.effectiveContentSize = Size(
                width: max(0, contentSize.width - contentInsets.leading - contentInsets.trailing),
                height: max(0, contentSize.height - contentInsets.top - contentInsets.bottom))
        }
    }

    /// NSCollectionLayoutEnvironment (`env` of the section provider).
    package struct Environment: Hashable, Sendable {
        package var container: Container
        package var displayScale: Double

        package init(container: Container, displayScale: Double) {
            self.container = container
            self.displayScale = displayScale
        }
    }

    /// UICollectionViewCompositionalLayoutConfiguration.
    package struct Configuration: Hashable, Sendable {
        package var scrollDirection: ScrollDirection
        package var interSectionSpacing: Double
        package var boundarySupplementaryItems: [BoundarySupplementaryItem]
        package var contentInsetsReference: ContentInsetsReference
        /// nil: the iOS release's model (`--ios`); set (a script's `roundingModel`), it
        /// overrides the release's and the layout warns when they differ.
        package var roundingModel: RoundingModel?

        package init(
            scrollDirection: ScrollDirection = .vertical, interSectionSpacing: Double = 0,
            boundarySupplementaryItems: [BoundarySupplementaryItem] = [],
            contentInsetsReference: ContentInsetsReference = .safeArea, roundingModel: RoundingModel? = nil
        ) {
            self.scrollDirection = scrollDirection
            self.interSectionSpacing = interSectionSpacing
            self.boundarySupplementaryItems = boundarySupplementaryItems
            self.contentInsetsReference = contentInsetsReference
            self.roundingModel = roundingModel
        }
    }

    /// Where sections come from: one section for every data section, or a provider called
    /// once per section per prepare (nil = an empty section, skipped by interSectionSpacing).
    package enum Sections: @unchecked Sendable {
        case single(Section)
        case provider((_ sectionIndex: Int, _ environment: Environment) throws -> Section?)
    }

    /// Self-sizing answers (`preferredSizeForItem` / `preferredSizeForSupplementary`): given
    /// the element and its fitting size (estimates on the estimated axes), the preferred size,
    /// or nil to keep the estimate. Only the estimated axes are taken.
    package struct Sizing: @unchecked Sendable {
        package var item: ((_ indexPath: LayoutIndexPath, _ fitting: Size) throws -> Size?)?
        package var supplementary: ((_ kind: String, _ indexPath: LayoutIndexPath, _ fitting: Size) throws -> Size?)?
        /// `item` for every item of a section at once (one protected call for them all): `sizes`
        /// holds each item's fitting size and gets its preferred size (the fitting kept for
        /// nil). Used, when set, for sections whose every item is measured, in item order.
        package var itemsInSection: ((_ section: Int, _ sizes: inout [Size]) throws -> Void)?

        package init(
            item: ((LayoutIndexPath, Size) throws -> Size?)? = nil,
            supplementary: ((String, LayoutIndexPath, Size) throws -> Size?)? = nil
        ) {
            self.item = item
            self.supplementary = supplementary
        }
    }
}

extension Compositional.Group {
    /// The subitems as written: the list, or the one repeated child (none for a custom group).
    package var children: [Compositional.Subitem] {
        switch layout {
        case .custom: return []
        case .horizontal(let subitems), .vertical(let subitems):
            switch subitems {
            case .cyclic(let list): return list
            case .count(let child, _), .repeating(let child, _): return [child]
            }
        }
    }
}
